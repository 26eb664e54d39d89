package ocr_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"

	"github.com/docket-run/docket/services/ocr"
)

// TestSpec runs the service as wired by Spec (settings from DOCKET_OCR_*,
// blob store from the platform settings) on kfake and a real Redis, and
// extracts a PDF with a text-layer page and a scanned page.
func TestSpec(t *testing.T) {
	t.Setenv("DOCKET_OCR_TIMEOUT", "2m")
	t.Setenv("DOCKET_OCR_PAGE_CONCURRENCY", "2")
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.DLQTopic(ocr.Name), events.RetryTopic(ocr.Name)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:3])
	if err != nil {
		t.Fatal(err)
	}
	blobURL := "file://" + t.TempDir()
	blobs, err := blob.Open(ctx, blobURL)
	if err != nil {
		t.Fatal(err)
	}
	defer blobs.Close()
	f, err := os.Open("testdata/mixed.pdf")
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
		bus.TransactionalID("ocr-spec-test"), bus.Registerer(prometheus.NewRegistry()), bus.Logger(log))
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
	dockettest.Produce(t, k.Client(t), codec, events.TopicSubmitted, in)

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
