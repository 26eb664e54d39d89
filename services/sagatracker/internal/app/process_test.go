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

// scanCopies is how many copies of the three-page scan make the long
// document: a fast machine reads a page in a quarter of a second, and an
// earlier twelve-page document was gone before the first heartbeat.
const (
	scanCopies = 20
	scanPages  = 3 * scanCopies
)

// startOCROnLongScan runs the OCR service as a separate process (real
// Tesseract, one page at a time, a 3s job lease) and returns a 60-page
// scanned PDF stored in its blob store.
func startOCROnLongScan(t *testing.T, e *env, ctx context.Context) events.BlobRef {
	t.Helper()
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext", "pdfunite"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils", bin)
		}
	}
	dir := t.TempDir()
	blobURL := "file://" + filepath.Join(dir, "blobs")
	if err := os.MkdirAll(filepath.Join(dir, "blobs"), 0o750); err != nil {
		t.Fatal(err)
	}
	scanned := filepath.Join("..", "..", "..", "ocr", "testdata", "scanned.pdf") // three scanned pages
	long := filepath.Join(dir, "long.pdf")
	unite := make([]string, 0, scanCopies+1)
	for range scanCopies {
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
		"DOCKET_INSTANCE_ID=long-scan-e2e",
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_OCR_PAGE_CONCURRENCY=1",
		"DOCKET_OCR_TIMEOUT=5m",
		// A cancel or a deadline reaches a running job at its next
		// heartbeat (a third of the lease): 1s here, well inside the 59
		// pages left to read.
		"DOCKET_JOB_LEASE=3s",
	)
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("ocr log:\n%s", b)
		}
	})
	return events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: "application/pdf"}
}

// pagesDone returns OCR's progress on wf: pages done and in all.
func pagesDone(t *testing.T, e *env, ctx context.Context, wf string) (done, total int) {
	t.Helper()
	p, err := e.redis.HGetAll(ctx, "docket:ocr:progress:"+wf).Result()
	if err != nil {
		t.Fatal(err)
	}
	done, _ = strconv.Atoi(p["done"])
	total, _ = strconv.Atoi(p["total"])
	return done, total
}

// waitFirstPage waits until OCR finished a page of wf.
func waitFirstPage(t *testing.T, e *env, ctx context.Context, wf string) {
	t.Helper()
	for {
		if done, _ := pagesDone(t, e, ctx, wf); done >= 1 {
			return
		}
		if ctx.Err() != nil {
			t.Fatal("OCR finished no page in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stepsHistory is wf's history without OCR's step_started and
// step_progress events (caused by the submitted event), tested elsewhere.
func stepsHistory(t *testing.T, e *env, wf string) []hist {
	t.Helper()
	var h []hist
	for _, x := range history(t, e, wf) {
		if !(x.Topic == events.TopicSteps && x.Cause == wf+"-submitted") {
			h = append(h, x)
		}
	}
	return h
}

// assertStoppedEarly checks that OCR emitted no extracted event and
// stopped before the last page.
func assertStoppedEarly(t *testing.T, e *env, ctx context.Context, wf string) {
	t.Helper()
	if recs := e.kafka.ReadCommitted(t, events.TopicExtracted, 1, 2*time.Second); len(recs) != 0 {
		t.Fatalf("got %d extracted events for the stopped workflow, want none", len(recs))
	}
	done, total := pagesDone(t, e, ctx, wf)
	if total != scanPages || done >= scanPages {
		t.Fatalf("progress %d of %d, want stopped before page %d of %d", done, total, scanPages, scanPages)
	}
	t.Logf("OCR stopped after %d of %d pages", done, total)
}

// TestCancelOCRProcess cancels a workflow through the tracker's API once
// OCR (a separate process) finished a page of a 60-page scan: OCR stops
// at the next heartbeat, the workflow ends canceled, and no extracted
// event is ever produced.
func TestCancelOCRProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the OCR service as a process; skipped with -short")
	}
	e := newEnv(t)
	ctx, cancelCtx := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelCtx()
	document := startOCROnLongScan(t, e, ctx)
	tr := e.startAt(clock.NewManual(at(100))) // no timer comes due

	const wf = "wf-cancel-process"
	in := submitted(wf, 0)
	in.Document = document
	e.produce(events.TopicSubmitted, in)
	waitFirstPage(t, e, ctx, wf)
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
	if h := stepsHistory(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
	assertStoppedEarly(t, e, ctx, wf)
}

// TestDeadlineStopsOCRProcess lets a workflow's deadline pass while OCR (a
// separate process) reads its 60-page scan: the tracker times the workflow
// out, and OCR stops at its next heartbeat with a step_stopped event
// instead of reading the rest and emitting an extracted event nobody
// waits for (a reviewer has the document now).
func TestDeadlineStopsOCRProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the OCR service as a process; skipped with -short")
	}
	e := newEnv(t)
	ctx, cancelCtx := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelCtx()
	document := startOCROnLongScan(t, e, ctx)
	clk := clock.NewManual(at(100))
	e.startAt(clk)

	const wf = "wf-deadline-process"
	in := submitted(wf, 0) // due at(3600)
	in.Document = document
	e.produce(events.TopicSubmitted, in)
	waitFirstPage(t, e, ctx, wf)
	e.waitEvents(wf, 1)
	clk.Set(at(3601))
	got := e.waitStatus(wf, projection.StatusTimedOut)
	if got.Stage != projection.StepOCR {
		t.Fatalf("workflow = %+v, want timed out at ocr", got)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		es, _, err := e.store.History(ctx, wf, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		stopped := 0
		for _, x := range es {
			if x.Topic == events.TopicSteps && strings.HasPrefix(x.Summary, "control "+events.KindStepStopped) {
				stopped++
			}
		}
		if stopped == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d step_stopped events 30s after the deadline, want 1; history %+v", stopped, es)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if w, err := e.store.Get(ctx, wf); err != nil || w.Status != projection.StatusTimedOut {
		t.Fatalf("after the step stopped the workflow is %+v (%v), want still timed out", w, err)
	}
	assertStoppedEarly(t, e, ctx, wf)
}
