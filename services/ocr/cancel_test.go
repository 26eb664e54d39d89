package ocr_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"

	"github.com/docket-run/docket/services/ocr"
)

// TestCancelBetweenPages runs the service as wired by Spec on a 12-page
// scanned PDF (real Tesseract, one page at a time) and cancels the
// workflow once the first page is done, as the saga tracker does when it
// projects a cancel request (the marker in Redis): OCR stops before the
// next page and emits a canceled control event, and no extracted event.
func TestCancelBetweenPages(t *testing.T) {
	t.Setenv("DOCKET_OCR_TIMEOUT", "5m")
	t.Setenv("DOCKET_OCR_PAGE_CONCURRENCY", "1")
	ctx, cancelCtx := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancelCtx()
	long := filepath.Join(t.TempDir(), "long.pdf")
	args := []string{"testdata/scanned.pdf", "testdata/scanned.pdf", "testdata/scanned.pdf", "testdata/scanned.pdf", long}
	if out, err := exec.Command("pdfunite", args...).CombinedOutput(); err != nil {
		t.Fatalf("pdfunite (poppler-utils) builds the long document: %v: %s", err, out)
	}
	run := runSpec(t, ctx, "ocr-cancel-test", long)
	k, codec, rdb, wf := run.kafka, run.codec, run.rdb, run.in.Meta.WorkflowID

	progress := "docket:ocr:progress:" + wf
	for {
		p, err := rdb.HGetAll(ctx, progress).Result()
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := strconv.Atoi(p["done"]); n >= 1 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("no page recognized in time; progress %v", p)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := rdb.Set(ctx, cancel.New(rdb).Key(wf), "wrong file", 0).Err(); err != nil {
		t.Fatal(err)
	}

	// The long step's own step_started and step_progress events come
	// first; the canceled one follows.
	var c *events.WorkflowControl
	deadline := time.Now().Add(2 * time.Minute)
	for want := 1; c == nil && time.Now().Before(deadline); want++ {
		recs := k.ReadCommitted(t, events.TopicSteps, want, 10*time.Second)
		for _, r := range recs {
			e, err := codec.Decode(r.Value)
			if err != nil {
				t.Fatal(err)
			}
			if ev := e.(*events.WorkflowControl); ev.Kind == "canceled" {
				c = ev
			} else if ev.Kind != "step_started" && ev.Kind != "step_progress" {
				t.Fatalf("unexpected control event %+v", ev)
			}
		}
	}
	if c == nil {
		t.Fatal("no canceled control event")
	}
	if c.Kind != "canceled" || c.Reason != "wrong file" || c.Meta.EventID != cancel.CanceledEventID(wf) ||
		c.Meta.WorkflowID != wf || c.Meta.Producer.Service != ocr.Name || c.Meta.CausationID != cancel.RequestedEventID(wf) {
		t.Fatalf("control event = %+v, want canceled of %s by ocr", c, wf)
	}
	if recs := k.ReadCommitted(t, events.TopicExtracted, 1, 2*time.Second); len(recs) != 0 {
		t.Fatalf("got %d extracted events for the canceled workflow, want none", len(recs))
	}
	p, err := rdb.HGetAll(ctx, progress).Result()
	if n, _ := strconv.Atoi(p["done"]); err != nil || p["total"] != "12" || n >= 12 {
		t.Fatalf("progress = %v (%v), want stopped before page 12 of 12", p, err)
	}
	t.Logf("canceled after %s of %s pages", p["done"], p["total"])
}
