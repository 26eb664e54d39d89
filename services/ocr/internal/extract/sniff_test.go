package extract_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/sniff"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// TestTextWithPDFMarkerIsReadAsText is issue 15 point 9: ingest accepts a
// document as text unless %PDF- is at byte 0, and OCR took any file with
// %PDF- in its first 1024 bytes for a PDF, so text accepted as text was
// handed to poppler. OCR now reads documents by ingest's rule (pkg/sniff).
func TestTextWithPDFMarkerIsReadAsText(t *testing.T) {
	text := "Notes on file formats.\n%PDF-1.7 starts a PDF file; this note is plain text.\n"
	if mt, ok := sniff.MediaType([]byte(text)); mt != sniff.Text || !ok {
		t.Fatalf("ingest's rule sniffs %q, %v; want it accepted as text", mt, ok)
	}
	path := filepath.Join(t.TempDir(), "note.txt")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	x, eng := newExtractor(t, options{pdftoppm: "docket-no-such-pdftoppm"})
	res, err := x.Extract(ctx(t), extract.Job{Path: path, SHA256: strings.Repeat("ef", 32), MediaType: sniff.Text})
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	if len(res.Pages) != 1 || res.Pages[0].Method != extract.MethodPassthrough || res.Pages[0].Text != text {
		t.Errorf("pages = %+v, want the text passed through as one page", res.Pages)
	}
	if res.EngineName != extract.TextDecoderName || eng.calls.Load() != 0 {
		t.Errorf("engine %q ran %d times, want the text decoder only", res.EngineName, eng.calls.Load())
	}
}

// TestSniffAgreesWithIngest checks every fixture: OCR's kind is the kind of
// the media type ingest records for the same bytes.
func TestSniffAgreesWithIngest(t *testing.T) {
	kinds := map[string]extract.Kind{sniff.PDF: extract.KindPDF, sniff.PNG: extract.KindImage, sniff.JPEG: extract.KindImage, sniff.TIFF: extract.KindImage, sniff.Text: extract.KindText}
	entries, err := os.ReadDir(testdata)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue // testdata/lang: texts, not documents
		}
		b, err := os.ReadFile(filepath.Join(testdata, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		mt, ok := sniff.MediaType(b)
		kind, err := extract.Sniff(b[:min(len(b), sniff.HeadSize)], mt)
		switch {
		case ok && (err != nil || kind != kinds[mt]):
			t.Errorf("%s: ingest records %s, OCR reads it as %q (%v)", e.Name(), mt, kind, err)
		case !ok && err == nil:
			t.Errorf("%s: ingest refuses %s, OCR reads it as %q", e.Name(), mt, kind)
		}
	}
}
