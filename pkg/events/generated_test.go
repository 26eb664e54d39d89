package events_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/docket-run/docket/pkg/events/internal/schemagen"
)

// TestGeneratedFilesUpToDate regenerates the code from schemas/ and compares
// it with the committed files.
func TestGeneratedFilesUpToDate(t *testing.T) {
	dir := t.TempDir()
	if err := schemagen.Generate(schemasDir, dir); err != nil {
		t.Fatalf("generate: %v", err)
	}
	for _, name := range []string{schemagen.TypesFile, schemagen.CatalogFile} {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("read committed %s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: from pkg/ run `go run ./events/internal/gen -schemas ../schemas -out ./events`", name)
		}
	}
}
