package handler

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// readingEngine is an extractor that reads its documents.
type readingEngine struct{ extract.Noop }

func (readingEngine) ReadsNothing() bool { return false }

// BenchmarkDocument measures what the handler does to hand a 1 KiB
// document to its extractor: a copy in a temporary file for one that
// reads it ("reads"), a Stat for the no-op engine ("noop").
func BenchmarkDocument(b *testing.B) {
	ctx := context.Background()
	blobs, err := blob.Open(ctx, "file://"+b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer blobs.Close()
	ref, err := blobs.Put(ctx, strings.NewReader(strings.Repeat("x", 1024)), "text/plain")
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		x    Extractor
	}{{"reads", readingEngine{}}, {"noop", extract.Noop{}}} {
		b.Run(tc.name, func(b *testing.B) {
			h := New(Config{WorkDir: b.TempDir()}, blobs, nil, tc.x, nil)
			for b.Loop() {
				path, err := h.document(ctx, ref.SHA256)
				if err != nil {
					b.Fatal(err)
				}
				if path != "" {
					os.Remove(path)
				}
			}
		})
	}
}
