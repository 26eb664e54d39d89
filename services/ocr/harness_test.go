package ocr_test

import (
	"context"
	"log/slog"
	"os"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/servicetest"

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

// ocrStack is what the OCR service runs against in a test: kfake with its
// topics, a registry, a real redis-server and a file blob store holding
// one submitted PDF.
type ocrStack struct {
	kafka    *dockettest.Kafka
	registry string
	redis    string
	rdb      *redis.Client
	codec    *serde.Serde
	blobURL  string
	blobs    *blob.Bucket
	ref      blob.Ref
}

// newOCRStack starts the parts and stores the PDF at doc.
func newOCRStack(t *testing.T, ctx context.Context, doc string) *ocrStack {
	t.Helper()
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.TopicSteps, events.DLQTopic(ocr.Name), events.RetryTopic(ocr.Name)}
	st := &ocrStack{kafka: dockettest.NewKafka(t, 1, topics), blobURL: "file://" + t.TempDir()}
	var rc *sr.Client
	st.registry, rc = dockettest.Registry(t)
	rs := dockettest.Redis(t)
	st.redis, st.rdb = rs.Addr(), dockettest.RedisClient(t, rs)
	var err error
	if st.codec, err = serde.New(ctx, rc, serde.Register, topics[:5]); err != nil {
		t.Fatal(err)
	}
	if st.blobs, err = blob.Open(ctx, st.blobURL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.blobs.Close() })
	f, err := os.Open(doc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if st.ref, err = st.blobs.Put(ctx, f, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	return st
}

// submit produces the submitted event of the stored document.
func (st *ocrStack) submit(t *testing.T) *events.DocumentSubmitted {
	t.Helper()
	in := dockettest.Submitted(1, nil)
	in.Document = events.BlobRef{URI: st.ref.URI, SHA256: st.ref.SHA256, SizeBytes: st.ref.Size, MediaType: "application/pdf"}
	dockettest.Produce(t, st.kafka.Client(t), st.codec, events.TopicSubmitted, in)
	return in
}

// runSpec stores the PDF at doc, starts the service (settings from the
// DOCKET_OCR_* environment) and submits the document.
func runSpec(t *testing.T, ctx context.Context, txnID, doc string) *specRun {
	t.Helper()
	st := newOCRStack(t, ctx, doc)
	st.start(t, txnID)
	in := st.submit(t)
	return &specRun{kafka: st.kafka, codec: st.codec, rdb: st.rdb, blobs: st.blobs, in: in}
}

// start runs the service as wired by Spec on the stack, with the
// runtime's options opts besides its logger.
func (st *ocrStack) start(t *testing.T, txnID string, opts ...bus.Option) {
	t.Helper()
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	store := idempotency.New(st.rdb)
	d := &service.Deps{Platform: config.Platform{BlobURL: st.blobURL}, Log: log, Redis: st.rdb, Store: store}
	servicetest.RunSpec(t, ocr.Spec(), d, servicetest.Config{Kafka: []kgo.Opt{kgo.SeedBrokers(st.kafka.Addrs...)}, Codec: st.codec,
		Store: store, TxnID: txnID, Options: append([]bus.Option{bus.Logger(log)}, opts...)})
}
