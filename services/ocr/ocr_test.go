package ocr_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/service"

	"github.com/docket-run/docket/services/ocr"
)

// TestSpec runs the service as wired by Spec (settings from DOCKET_OCR_*,
// blob store from the platform settings) on kfake and a real Redis, and
// extracts a PDF with a text-layer page and a scanned page.
func TestSpec(t *testing.T) {
	t.Setenv("DOCKET_OCR_TIMEOUT", "2m")
	t.Setenv("DOCKET_OCR_PAGE_CONCURRENCY", "2")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run := runSpec(t, ctx, "ocr-spec-test", "testdata/mixed.pdf")
	k, codec, rdb, blobs, in := run.kafka, run.codec, run.rdb, run.blobs, run.in

	recs := k.ReadCommitted(t, events.TopicExtracted, 1, time.Minute)
	if len(recs) != 1 {
		t.Fatalf("got %d extracted events, want 1", len(recs))
	}
	e, err := codec.Decode(recs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	out := e.(*events.DocumentExtracted)
	if len(out.Pages) != 2 || out.Pages[0].Method != "text_layer" || out.Pages[1].Method != "ocr" || out.Pages[0].Confidence != 1 {
		t.Fatalf("pages = %+v, want text_layer (confidence 1) then ocr", out.Pages)
	}
	if out.Engine.Name != "tesseract+pdftotext" || out.Meta.Producer.Service != ocr.Name || out.Meta.CausationID != in.Meta.EventID {
		t.Errorf("engine %+v producer %+v causation %s", out.Engine, out.Meta.Producer, out.Meta.CausationID)
	}
	r, err := blobs.Open(ctx, out.Text.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	pages := strings.Split(text, "\f")
	if len(pages) != 2 || !strings.Contains(pages[0], "Docket text layer invoice 4711") || !strings.Contains(pages[1], "SECOND PAGE DELTA") {
		t.Errorf("stored text = %q, want both pages separated by a form feed", text)
	}
	prog, err := rdb.HGetAll(ctx, "docket:ocr:progress:"+in.Meta.WorkflowID).Result()
	if err != nil || prog["done"] != "2" || prog["total"] != "2" {
		t.Errorf("progress hash = %v (%v), want done=2 total=2", prog, err)
	}
}

func TestSetupRejectsBadSettings(t *testing.T) {
	t.Setenv("DOCKET_OCR_MAX_PAGES", "0")
	t.Setenv("DOCKET_OCR_DPI", "5")
	err := ocr.Spec().Setup(context.Background(), &service.Deps{Log: slog.Default()}, nil)
	if err == nil || !strings.Contains(err.Error(), "DOCKET_OCR_MAX_PAGES") || !strings.Contains(err.Error(), "DOCKET_OCR_DPI") {
		t.Fatalf("Setup err = %v, want both bad settings named", err)
	}
}
