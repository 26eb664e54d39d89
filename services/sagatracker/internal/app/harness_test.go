package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/telemetry"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// env is one test's real parts: kfake over TCP, a schema registry, a real
// redis-server, a producer and the codec.
type env struct {
	t      *testing.T
	kafka  *dockettest.Kafka
	prod   *kgo.Client
	codec  *serde.Serde
	redis  *redis.Client
	store  *store.Store
	prefix string
	// registry is the schema registry's URL, for services run as processes.
	registry string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	k := dockettest.NewKafka(t, 2, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, events.Topics())
	if err != nil {
		t.Fatalf("serde: %v", err)
	}
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	const prefix = "test:tracker:"
	return &env{t: t, kafka: k, prod: k.Client(t), codec: codec, redis: rdb, store: store.New(rdb, prefix), prefix: prefix, registry: regURL}
}

// tracker is a running tracker.
type tracker struct {
	addr   string
	reg    *prometheus.Registry
	cancel context.CancelFunc
	done   chan error
}

func (e *env) start() *tracker {
	e.t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		e.t.Fatalf("listen: %v", err)
	}
	ops := telemetry.NewServer()
	ctx, cancel := context.WithCancel(context.Background())
	tr := &tracker{addr: l.Addr().String(), reg: ops.Registry, cancel: cancel, done: make(chan error, 1)}
	log := slog.New(slog.NewTextHandler(e.t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	go func() {
		tr.done <- Start(ctx, Parts{
			Config: config.Config{
				Addr: tr.addr, Group: "docket-sagatracker", Prefix: e.prefix,
				MaxPollRecords: 1000, WriteTimeout: 10 * time.Second,
			},
			Kafka:    []kgo.Opt{kgo.SeedBrokers(e.kafka.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)},
			Redis:    e.redis,
			Decoder:  e.codec,
			Log:      log,
			Ops:      ops,
			Listener: l,
			// Timers (deadlines, review SLAs) come due only when a test
			// moves a clock; this one stays at the workflows' start.
			Clock: clock.NewManual(base),
		})
	}()
	e.t.Cleanup(func() { tr.stop(e.t) })
	return tr
}

// stop stops the tracker and fails the test if it ended with an error.
func (tr *tracker) stop(t *testing.T) {
	t.Helper()
	if tr.done == nil {
		return
	}
	tr.cancel()
	select {
	case err := <-tr.done:
		if err != nil {
			t.Errorf("tracker ended with %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("tracker did not stop within 30s")
	}
	tr.done = nil
}

// counter returns the value of one of the tracker's counters.
func (tr *tracker) counter(t *testing.T, name string) float64 {
	t.Helper()
	mfs, err := tr.reg.Gather()
	if err != nil {
		t.Fatalf("gather metrics: %v", err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

func (tr *tracker) client(t *testing.T) trackerv1.TrackerClient {
	t.Helper()
	return trackerv1.NewTrackerClient(tr.conn(t))
}

func (tr *tracker) conn(t *testing.T) *grpc.ClientConn {
	t.Helper()
	cc, err := grpc.NewClient(tr.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatalf("grpc client: %v", err)
	}
	t.Cleanup(func() { _ = cc.Close() })
	return cc
}

// produce writes events to topic.
func (e *env) produce(topic string, evs ...events.Event) {
	e.t.Helper()
	dockettest.Produce(e.t, e.prod, e.codec, topic, evs...)
}

// produceRaw writes one record as is.
func (e *env) produceRaw(r *kgo.Record) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := e.prod.ProduceSync(ctx, r).FirstErr(); err != nil {
		e.t.Fatalf("produce to %s: %v", r.Topic, err)
	}
}

// waitEvents waits until workflow id has applied n events.
func (e *env) waitEvents(id string, n int64) store.Workflow {
	e.t.Helper()
	var last store.Workflow
	err := poll(30*time.Second, func() (bool, error) {
		w, err := e.store.Get(context.Background(), id)
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		last = w
		return w.Events >= n, err
	})
	if err != nil {
		e.t.Fatalf("workflow %s: want %d events applied, have %d: %v", id, n, last.Events, err)
	}
	return last
}

// step produces one event and waits until its workflow has applied n
// events, so history order is the order of the calls.
func (e *env) step(topic string, ev events.Event, n int64) store.Workflow {
	e.t.Helper()
	e.produce(topic, ev)
	return e.waitEvents(ev.EventMeta().WorkflowID, n)
}

// poll calls f until it reports done, fails or timeout passes.
func poll(timeout time.Duration, f func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for {
		done, err := f()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not done after %s", timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// base is the time the test workflows start at: the start of the current
// hour, not a fixed date, because the tracker's statistics expire a day
// after their minute in Redis's real time.
var base = time.Now().UTC().Truncate(time.Hour)

func at(sec int) time.Time { return base.Add(time.Duration(sec) * time.Second) }

func meta(wf, id string, sec int, cause, svc string) events.Meta {
	return events.Meta{
		EventID: id, WorkflowID: wf, TenantID: "acme", OccurredAt: at(sec), CausationID: cause,
		Producer: events.Producer{Service: svc, Version: "1.0.0"},
	}
}

func doc(wf string) events.BlobRef {
	return events.BlobRef{URI: "docket-blob://sha256/" + wf, SHA256: wf, SizeBytes: 2048, MediaType: "application/pdf"}
}

func submitted(wf string, sec int) *events.DocumentSubmitted {
	return &events.DocumentSubmitted{
		Meta: meta(wf, wf+"-submitted", sec, "", "ingest"), Document: doc(wf), Filename: wf + ".pdf",
		Deadline: at(3600), Labels: map[string]string{}, Source: "http",
	}
}

func extracted(wf string, sec int) *events.DocumentExtracted {
	return &events.DocumentExtracted{
		Meta: meta(wf, wf+"-extracted", sec, wf+"-submitted", "ocr"), Document: doc(wf), Text: doc(wf + "-text"),
		Pages: []events.Page{{Number: 1, Chars: 900, Confidence: 1, Method: "text_layer"}}, Engine: events.Engine{Name: "pdftotext", Version: "22.12"}, MeanConfidence: 1,
	}
}

func classified(wf string, sec int) *events.DocumentClassified {
	return &events.DocumentClassified{
		Meta: meta(wf, wf+"-classified", sec, wf+"-extracted", "classifier"), Document: doc(wf), DocumentType: "invoice",
		Confidence: 0.97, Model: events.Model{Name: "builtin", Version: "3"}, Context: map[string]string{},
	}
}

func reviewRequested(wf string, sec int) *events.ReviewRequested {
	return &events.ReviewRequested{
		Meta: meta(wf, wf+"-review-requested", sec, wf+"-extracted", "classifier"), Document: doc(wf),
		Reason: "low_confidence", Priority: 1, SLADeadline: at(sec + 600), Confidence: 0.41, Context: map[string]string{},
	}
}

func reviewDecided(wf string, sec int) *events.ReviewDecided {
	return &events.ReviewDecided{
		Meta: meta(wf, wf+"-review-decided", sec, wf+"-review-requested", "sagatracker"), Document: doc(wf),
		Decision: events.Decision{DocumentType: "contract", Outcome: "approved"}, Reviewer: "ana", Reason: "signed", DecidedAt: at(sec),
	}
}

func recorded(wf, cause string, sec int) *events.DocumentRecorded {
	return &events.DocumentRecorded{
		Meta: meta(wf, wf+"-recorded", sec, cause, "ledger"), LedgerTopic: events.TopicLedger, LedgerPartition: 1,
		LedgerOffset: 41, RecordHash: []byte{0xab, 0xcd}, Sequence: 42,
	}
}

// deadLetter is svc's dead letter of wf's submitted event, as the runtime
// writes it: the original record's bytes, which prove the workflow.
func (e *env) deadLetter(wf, svc, class string, attempts, sec int) *events.DeadLetter {
	e.t.Helper()
	original, err := e.codec.Encode(events.TopicSubmitted, submitted(wf, 0))
	if err != nil {
		e.t.Fatalf("encode the original of a dead letter: %v", err)
	}
	return &events.DeadLetter{
		Meta: meta(wf, fmt.Sprintf("%s-dlq-%s-%d", wf, svc, attempts), sec, wf+"-submitted", svc), Service: svc,
		SourceTopic: events.TopicSubmitted, SourcePartition: 0, SourceOffset: 0, OriginalKey: []byte(wf), OriginalValue: original,
		ErrorClass: class, ErrorMessage: "cannot read page 1", Attempts: attempts, FirstFailureAt: at(sec), LastFailureAt: at(sec),
	}
}
