package ocr_test

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"

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
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.DLQTopic(ocr.Name), events.RetryTopic(ocr.Name)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancelCtx := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancelCtx()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:4])
	if err != nil {
		t.Fatal(err)
	}
	blobURL := "file://" + t.TempDir()
	blobs, err := blob.Open(ctx, blobURL)
	if err != nil {
		t.Fatal(err)
	}
	defer blobs.Close()
	long := filepath.Join(t.TempDir(), "long.pdf")
	args := []string{"testdata/scanned.pdf", "testdata/scanned.pdf", "testdata/scanned.pdf", "testdata/scanned.pdf", long}
	if out, err := exec.Command("pdfunite", args...).CombinedOutput(); err != nil {
		t.Fatalf("pdfunite (poppler-utils) builds the long document: %v: %s", err, out)
	}
	f, err := os.Open(long)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := blobs.Put(ctx, f, "application/pdf")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}

	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	store := idempotency.New(rdb)
	rt, err := bus.New(ocr.Name, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, codec, store,
		bus.TransactionalID("ocr-cancel-test"), bus.Registerer(prometheus.NewRegistry()), bus.Logger(log))
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	d := &service.Deps{Platform: config.Platform{BlobURL: blobURL}, Log: log, Redis: rdb, Store: store}
	if err := ocr.Spec().Setup(runCtx, d, rt); err != nil {
		t.Fatalf("Setup: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Run(runCtx) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("runtime: %v", err)
		}
	})

	in := dockettest.Submitted(1, nil)
	in.Document = events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: "application/pdf"}
	wf := in.Meta.WorkflowID
	dockettest.Produce(t, k.Client(t), codec, events.TopicSubmitted, in)

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

	recs := k.ReadCommitted(t, events.TopicControl, 1, 2*time.Minute)
	if len(recs) != 1 {
		t.Fatalf("got %d control events, want 1", len(recs))
	}
	e, err := codec.Decode(recs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	c := e.(*events.WorkflowControl)
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
