package ocr_test

import (
	"context"
	"log/slog"
	"os"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/jobs"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"

	"github.com/docket-run/docket/services/ocr"
)

// specRun is the service as wired by Spec, running on kfake and a real
// Redis, with one document submitted to it.
type specRun struct {
	kafka *dockettest.Kafka
	codec *serde.Serde
	rdb   *redis.Client
	blobs *blob.Bucket
	in    *events.DocumentSubmitted
}

// runSpec stores the PDF at doc, starts the service (settings from the
// DOCKET_OCR_* environment) and submits the document.
func runSpec(t *testing.T, ctx context.Context, txnID, doc string) *specRun {
	t.Helper()
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.DLQTopic(ocr.Name), events.RetryTopic(ocr.Name)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	codec, err := serde.New(ctx, rc, serde.Register, topics[:4])
	if err != nil {
		t.Fatal(err)
	}
	blobURL := "file://" + t.TempDir()
	blobs, err := blob.Open(ctx, blobURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = blobs.Close() })
	f, err := os.Open(doc)
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
	js, err := jobs.New(rdb, ocr.Name)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := bus.New(ocr.Name, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, codec, store,
		bus.TransactionalID(txnID), bus.Registerer(prometheus.NewRegistry()), bus.Logger(log), bus.Jobs(js))
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	d := &service.Deps{Platform: config.Platform{BlobURL: blobURL}, Log: log, Redis: rdb, Store: store}
	if err := ocr.Spec().Setup(runCtx, d, rt); err != nil {
		stop()
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
	return &specRun{kafka: k, codec: codec, rdb: rdb, blobs: blobs, in: in}
}
