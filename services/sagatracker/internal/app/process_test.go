package app

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// TestCancelOCRProcess runs the OCR service as a separate process (real
// Tesseract, one page at a time) on a 60-page scanned PDF and cancels the
// workflow through the tracker's API once OCR finished a page: OCR stops
// at the next page, the workflow ends canceled, and no extracted event is
// ever produced.
func TestCancelOCRProcess(t *testing.T) {
	const totalCopies = 20 // of the three-page scan
	if testing.Short() {
		t.Skip("runs the OCR service as a process; skipped with -short")
	}
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext", "pdfunite"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils", bin)
		}
	}
	e := newEnv(t)
	ctx, cancelCtx := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelCtx()
	dir := t.TempDir()
	blobURL := "file://" + filepath.Join(dir, "blobs")
	if err := os.MkdirAll(filepath.Join(dir, "blobs"), 0o750); err != nil {
		t.Fatal(err)
	}
	scanned := filepath.Join("..", "..", "..", "ocr", "testdata", "scanned.pdf") // three scanned pages
	long := filepath.Join(dir, "long.pdf")
	// Twenty copies: a fast machine reads a page in a quarter of a second,
	// so twelve pages were gone before the first heartbeat carried the cancel.
	unite := make([]string, 0, totalCopies+1)
	for range totalCopies {
		unite = append(unite, scanned)
	}
	if out, err := exec.Command("pdfunite", append(unite, long)...).CombinedOutput(); err != nil {
		t.Fatalf("pdfunite: %v: %s", err, out)
	}
	blobs, err := blob.Open(ctx, blobURL)
	if err != nil {
		t.Fatal(err)
	}
	defer blobs.Close()
	f, err := os.Open(long)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := blobs.Put(ctx, f, "application/pdf")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}

	bin := dockettest.Build(t, "github.com/docket-run/docket/services/ocr/cmd/ocr")
	logPath := filepath.Join(dir, "ocr.log")
	dockettest.StartProcess(t, bin, logPath,
		"DOCKET_KAFKA_BROKERS="+strings.Join(e.kafka.Addrs, ","),
		"DOCKET_SCHEMA_REGISTRY_URL="+e.registry,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+e.redis.Options().Addr+"/0",
		"DOCKET_BLOB_URL="+blobURL,
		"DOCKET_INSTANCE_ID=cancel-e2e",
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_OCR_PAGE_CONCURRENCY=1",
		"DOCKET_OCR_TIMEOUT=5m",
		// A cancel reaches a running job at its next heartbeat (a third of
		// the lease): 1s here, well inside the 59 pages left to read
		// (at the 15s default an unloaded machine read all twelve of an
		// earlier, shorter document first).
		"DOCKET_JOB_LEASE=3s",
	)
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("ocr log:\n%s", b)
		}
	})
	tr := e.startAt(clock.NewManual(at(100))) // no timer comes due

	const wf = "wf-cancel-process"
	in := submitted(wf, 0)
	in.Document = events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: "application/pdf"}
	e.produce(events.TopicSubmitted, in)
	progress := "docket:ocr:progress:" + wf
	for {
		p, err := e.redis.HGetAll(ctx, progress).Result()
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := strconv.Atoi(p["done"]); n >= 1 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("OCR finished no page in time; progress %v", p)
		}
		time.Sleep(50 * time.Millisecond)
	}
	e.waitEvents(wf, 1) // the tracker knows the workflow
	if _, err := tr.operations(t).CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: wf, Reason: "wrong file", Actor: "ana"}); err != nil {
		t.Fatalf("CancelWorkflow: %v", err)
	}
	got := e.waitStatus(wf, projection.StatusCanceled)
	if got.Stage != projection.StepOCR || got.Events < 3 {
		t.Fatalf("workflow = %+v, want canceled at ocr after at least 3 events", got)
	}
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{cancel.RequestedEventID(wf), events.TopicControl, "WorkflowControl", producerTracker, ""},
		{cancel.CanceledEventID(wf), events.TopicSteps, "WorkflowControl", "ocr@0.1.0", cancel.RequestedEventID(wf)},
	}
	// OCR is a long step: its step_started and step_progress events (caused
	// by the submitted event) come between; they are tested elsewhere.
	var h []hist
	for _, x := range history(t, e, wf) {
		if !(x.Topic == events.TopicSteps && x.Cause == wf+"-submitted") {
			h = append(h, x)
		}
	}
	if !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
	if recs := e.kafka.ReadCommitted(t, events.TopicExtracted, 1, 2*time.Second); len(recs) != 0 {
		t.Fatalf("got %d extracted events for the canceled workflow, want none", len(recs))
	}
	p, err := e.redis.HGetAll(ctx, progress).Result()
	if n, _ := strconv.Atoi(p["done"]); err != nil || p["total"] != strconv.Itoa(3*totalCopies) || n >= 3*totalCopies {
		t.Fatalf("progress = %v (%v), want stopped before page %d of %d", p, err, 3*totalCopies, 3*totalCopies)
	}
	t.Logf("OCR stopped after %s of %s pages", p["done"], p["total"])
}
