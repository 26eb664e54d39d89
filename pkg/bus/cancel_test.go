package bus_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
)

// cancelRun is a cancel test's stack: a broker with a service's topics, a
// registry, Redis with its cancel markers, and the workflows whose
// submitted events the service's handler saw.
type cancelRun struct {
	svc     string
	k       *dockettest.Kafka
	rdb     *redis.Client
	codec   *serde.Serde
	markers *cancel.Markers
	mu      sync.Mutex
	handled map[string]int
}

func newCancelRun(t *testing.T, svc string) *cancelRun {
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.TopicSteps, events.DLQTopic(svc), events.RetryTopic(svc)}
	c := &cancelRun{svc: svc, k: dockettest.NewKafka(t, 1, topics), handled: map[string]int{}}
	_, rc := dockettest.Registry(t)
	c.rdb = dockettest.RedisClient(t, dockettest.Redis(t))
	c.markers = cancel.New(c.rdb)
	var err error
	if c.codec, err = serde.New(context.Background(), rc, serde.Register, topics[:5]); err != nil {
		t.Fatal(err)
	}
	return c
}

// cancel marks wf canceled for reason.
func (c *cancelRun) cancel(t *testing.T, wf, reason string) {
	if err := c.rdb.Set(context.Background(), c.markers.Key(wf), reason, 0).Err(); err != nil {
		t.Fatal(err)
	}
}

// start runs the service on store with CancelCheck(canceler) and opts
// until the test ends: its handler of submitted events counts each
// workflow's and emits an extracted event.
func (c *cancelRun) start(t *testing.T, store bus.Store, canceler bus.Canceler, opts ...bus.Option) {
	rt, err := bus.New(c.svc, []kgo.Opt{kgo.SeedBrokers(c.k.Addrs...)}, c.codec, store,
		append([]bus.Option{bus.TransactionalID(c.svc + "-0"), bus.Registerer(prometheus.NewRegistry()), bus.CancelCheck(canceler)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	bus.Handle(rt, events.TopicSubmitted, func(_ context.Context, _ *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
		c.mu.Lock()
		c.handled[in.Meta.WorkflowID]++
		c.mu.Unlock()
		return []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{
			Document: in.Document, Text: in.Document, Pages: []events.Page{}, Engine: events.Engine{Name: "test", Version: "1"},
		}}}, nil
	})
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rt.Run(runCtx) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("runtime: %v", err)
		}
	})
}

// handledOnly fails unless the handler saw wf's event once and no other.
func (c *cancelRun) handledOnly(t *testing.T, wf string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.handled) != 1 || c.handled[wf] != 1 {
		t.Fatalf("handler calls = %v, want one, for %s only", c.handled, wf)
	}
}

// TestCancelCheckSkipsCanceledWorkflows: with CancelCheck, a record of a
// canceled workflow reaches no handler; the runtime emits that workflow's
// canceled control event instead, while the other workflows of the batch
// are handled as usual.
func TestCancelCheckSkipsCanceledWorkflows(t *testing.T) {
	const svc = "canceltest"
	c := newCancelRun(t, svc)
	canceled, kept := dockettest.Submitted(1, nil), dockettest.Submitted(2, nil)
	c.cancel(t, canceled.Meta.WorkflowID, "customer withdrew")
	c.start(t, idempotency.New(c.rdb), c.markers, bus.Version("1.2.3"))
	dockettest.Produce(t, c.k.Client(t), c.codec, events.TopicSubmitted, canceled, kept)

	ctl := c.k.ReadCommitted(t, events.TopicSteps, 1, 30*time.Second)
	ext := c.k.ReadCommitted(t, events.TopicExtracted, 1, 30*time.Second)
	if len(ctl) != 1 || len(ext) != 1 {
		t.Fatalf("got %d control and %d extracted events, want 1 and 1", len(ctl), len(ext))
	}
	e, err := c.codec.Decode(ctl[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	ce := e.(*events.WorkflowControl)
	wf := canceled.Meta.WorkflowID
	want := events.Meta{
		EventID: cancel.CanceledEventID(wf), WorkflowID: wf, TenantID: "acme", OccurredAt: ce.Meta.OccurredAt,
		CausationID: cancel.RequestedEventID(wf), Producer: events.Producer{Service: svc, Version: "1.2.3"},
	}
	if ce.Meta != want || ce.Kind != "canceled" || ce.Reason != "customer withdrew" || ce.Actor == nil || *ce.Actor != svc ||
		ce.Details["skipped_event"] != canceled.Meta.EventID || string(ctl[0].Key) != wf {
		t.Fatalf("control event = %+v (actor %v), want canceled of %s", ce, ce.Actor, wf)
	}
	if string(ext[0].Key) != kept.Meta.WorkflowID {
		t.Fatalf("extracted event of %s, want %s", ext[0].Key, kept.Meta.WorkflowID)
	}
	c.handledOnly(t, kept.Meta.WorkflowID)
}

// meeting lets two calls wait for each other: each arrives and waits,
// for at most wait, until the other has arrived too.
type meeting struct {
	once [2]sync.Once
	here [2]chan struct{}
	met  [2]bool
}

func newMeeting() *meeting {
	return &meeting{here: [2]chan struct{}{make(chan struct{}), make(chan struct{})}}
}

// arrive is side's arrival; it reports whether the other side arrived
// within wait.
func (m *meeting) arrive(side int, wait time.Duration) {
	m.once[side].Do(func() { close(m.here[side]) })
	select {
	case <-m.here[1-side]:
		m.met[side] = true
	case <-time.After(wait):
	}
}

// meetingStore is an idempotency store whose first duplicate lookup waits
// for the cancel check's first call.
type meetingStore struct {
	bus.Store
	m     *meeting
	first sync.Once
}

func (s *meetingStore) ProcessedMany(ctx context.Context, keys []idempotency.Key) ([]idempotency.Record, error) {
	s.first.Do(func() { s.m.arrive(0, 3*time.Second) })
	return s.Store.ProcessedMany(ctx, keys)
}

// meetingCanceler is a Canceler whose first call waits for the duplicate
// lookup's.
type meetingCanceler struct {
	bus.Canceler
	m     *meeting
	first sync.Once
}

func (c *meetingCanceler) Canceled(ctx context.Context, ids []string) (map[string]string, error) {
	c.first.Do(func() { c.m.arrive(1, 3*time.Second) })
	return c.Canceler.Canceled(ctx, ids)
}

// TestCancelCheckOverlapsTheLookup: a batch's cancel check and its
// duplicate lookup are in flight at once (each waits here for the other:
// one after the other, the first would wait in vain), and their answers
// still combine as before: the canceled workflow's record is ended, the
// duplicate suppressed, the other handled.
func TestCancelCheckOverlapsTheLookup(t *testing.T) {
	const svc = "overlaptest"
	c := newCancelRun(t, svc)
	canceled, kept, dup := dockettest.Submitted(1, nil), dockettest.Submitted(2, nil), dockettest.Submitted(3, nil)
	c.cancel(t, canceled.Meta.WorkflowID, "customer withdrew")
	store := idempotency.New(c.rdb)
	// dup was handled before: its processed record stands.
	if _, err := store.MarkProcessed(context.Background(), []idempotency.Item{{Key: idempotency.Key{Service: svc, ID: dup.Meta.EventID}, Source: "earlier"}}); err != nil {
		t.Fatal(err)
	}
	m := newMeeting()
	c.start(t, &meetingStore{Store: store, m: m}, &meetingCanceler{Canceler: c.markers, m: m})
	dockettest.Produce(t, c.k.Client(t), c.codec, events.TopicSubmitted, canceled, kept, dup)

	ctl := c.k.ReadCommitted(t, events.TopicSteps, 1, 30*time.Second)
	ext := c.k.ReadCommitted(t, events.TopicExtracted, 1, 30*time.Second)
	if !m.met[0] || !m.met[1] {
		t.Errorf("the duplicate lookup met the cancel check: %v, the cancel check met the lookup: %v; want both in flight at once", m.met[0], m.met[1])
	}
	if len(ctl) != 1 || string(ctl[0].Key) != canceled.Meta.WorkflowID || len(ext) != 1 || string(ext[0].Key) != kept.Meta.WorkflowID {
		t.Fatalf("got %d control and %d extracted events, want the canceled event of %s and the extracted of %s", len(ctl), len(ext), canceled.Meta.WorkflowID, kept.Meta.WorkflowID)
	}
	c.handledOnly(t, kept.Meta.WorkflowID)
}
