package handler

import (
	"context"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

func TestReadCapsText(t *testing.T) {
	ctx := context.Background()
	b, err := blob.Open(ctx, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	put := func(s string) events.BlobRef {
		r, err := b.Put(ctx, strings.NewReader(s), "text/plain")
		if err != nil {
			t.Fatal(err)
		}
		return events.BlobRef{URI: r.URI, SHA256: r.SHA256, SizeBytes: r.Size}
	}
	h := New(b, nil, 10, false, nil, nil)
	tests := []struct {
		name      string
		text      string
		body      string
		truncated bool
	}{
		{"under the cap", "hello", "hello", false},
		{"at the cap", "0123456789", "0123456789", false},
		{"over the cap", "0123456789abcdef", "0123456789", true},
		{"cut inside a rune", "012345678é", "012345678\uFFFD", true},
		{"invalid utf-8", "ab\xffcd", "ab\uFFFDcd", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref := put(tt.text)
			got, err := h.read(ctx, ref)
			if err != nil {
				t.Fatal(err)
			}
			if got.Body != tt.body || got.Truncated != tt.truncated || got.Bytes != int64(len(tt.text)) || got.CapBytes != 10 {
				t.Errorf("read = %+v, want body %q truncated %v bytes %d", got, tt.body, tt.truncated, len(tt.text))
			}
		})
	}
	_, err = h.read(ctx, events.BlobRef{SHA256: strings.Repeat("0", 64)})
	if fault.ClassOf(err) != fault.Structural {
		t.Errorf("missing blob: %v, want structural", err)
	}
}

// TestTextCarriesOCRQuality: the decision sees the OCR confidence of the
// extracted event's OCR pages (issue 17 point 4d).
func TestTextCarriesOCRQuality(t *testing.T) {
	ctx := context.Background()
	b, err := blob.Open(ctx, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	r, err := b.Put(ctx, strings.NewReader("Invoice\fpage two"), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	in := &events.DocumentExtracted{
		Text: events.BlobRef{URI: r.URI, SHA256: r.SHA256, SizeBytes: r.Size},
		Pages: []events.Page{
			{Number: 1, Chars: 7, Confidence: 1, Method: "text_layer"},
			{Number: 2, Chars: 8, Confidence: 0.45, Method: "ocr"},
		},
	}
	got, err := New(b, nil, 1<<20, false, nil, nil).text(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if got.Body != "Invoice\fpage two" || got.OCRPages != 1 || got.OCRConfidence < 0.4499 || got.OCRConfidence > 0.4501 {
		t.Errorf("text = %+v, want the body with 1 OCR page at confidence 0.45", got)
	}
}
