package handler_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/docket-run/docket/services/ocr/internal/handler"
)

// A process killed mid-document leaves its downloaded copy and page images
// behind; the next start removes them, and nothing a live attempt may
// still use.
func TestSweepWorkDir(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old, fresh := now.Add(-time.Hour), now.Add(-time.Minute)
	entries := []struct {
		name  string
		isDir bool
		mtime time.Time
		kept  bool
	}{
		{"docket-ocr-doc-111", false, old, false},
		{"docket-ocr-222", true, old, false},
		{"docket-ocr-doc-333", false, fresh, true},
		{"docket-ocr-444", true, fresh, true},
		{"someone-else.png", false, old, true},
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.name)
		if e.isDir {
			if err := os.Mkdir(p, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(p, "page-1.png"), []byte("png"), 0o600); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(p, []byte("pdf"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, e.mtime, e.mtime); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := handler.SweepWorkDir(dir, 30*time.Minute, now)
	if err != nil {
		t.Fatal(err)
	}
	if removed != 2 {
		t.Errorf("removed = %d, want 2", removed)
	}
	for _, e := range entries {
		_, err := os.Stat(filepath.Join(dir, e.name))
		if got := err == nil; got != e.kept {
			t.Errorf("%s kept = %v, want %v (stat: %v)", e.name, got, e.kept, err)
		}
	}
}
