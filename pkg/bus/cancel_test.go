package bus_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
)

// TestCancelCheckSkipsCanceledWorkflows: with CancelCheck, a record of a
// canceled workflow reaches no handler; the runtime emits that workflow's
// canceled control event instead, while the other workflows of the batch
// are handled as usual.
func TestCancelCheckSkipsCanceledWorkflows(t *testing.T) {
	const svc = "canceltest"
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.TopicSteps, events.DLQTopic(svc), events.RetryTopic(svc)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancelCtx := context.WithTimeout(context.Background(), time.Minute)
	defer cancelCtx()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:5])
	if err != nil {
		t.Fatal(err)
	}
	canceled, kept := dockettest.Submitted(1, nil), dockettest.Submitted(2, nil)
	markers := cancel.New(rdb)
	if err := rdb.Set(ctx, markers.Key(canceled.Meta.WorkflowID), "customer withdrew", 0).Err(); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	handled := map[string]int{}
	rt, err := bus.New(svc, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, codec, idempotency.New(rdb),
		bus.TransactionalID("canceltest-0"), bus.Registerer(prometheus.NewRegistry()), bus.Version("1.2.3"),
		bus.CancelCheck(markers))
	if err != nil {
		t.Fatal(err)
	}
	bus.Handle(rt, events.TopicSubmitted, func(_ context.Context, _ *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
		mu.Lock()
		handled[in.Meta.WorkflowID]++
		mu.Unlock()
		return []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{
			Document: in.Document, Text: in.Document, Pages: []events.Page{}, Engine: events.Engine{Name: "test", Version: "1"},
		}}}, nil
	})
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rt.Run(runCtx) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("runtime: %v", err)
		}
	}()
	dockettest.Produce(t, k.Client(t), codec, events.TopicSubmitted, canceled, kept)

	ctl := k.ReadCommitted(t, events.TopicSteps, 1, 30*time.Second)
	ext := k.ReadCommitted(t, events.TopicExtracted, 1, 30*time.Second)
	if len(ctl) != 1 || len(ext) != 1 {
		t.Fatalf("got %d control and %d extracted events, want 1 and 1", len(ctl), len(ext))
	}
	e, err := codec.Decode(ctl[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	c := e.(*events.WorkflowControl)
	wf := canceled.Meta.WorkflowID
	want := events.Meta{
		EventID: cancel.CanceledEventID(wf), WorkflowID: wf, TenantID: "acme", OccurredAt: c.Meta.OccurredAt,
		CausationID: cancel.RequestedEventID(wf), Producer: events.Producer{Service: svc, Version: "1.2.3"},
	}
	if c.Meta != want || c.Kind != "canceled" || c.Reason != "customer withdrew" || c.Actor == nil || *c.Actor != svc ||
		c.Details["skipped_event"] != canceled.Meta.EventID || string(ctl[0].Key) != wf {
		t.Fatalf("control event = %+v (actor %v), want canceled of %s", c, c.Actor, wf)
	}
	if string(ext[0].Key) != kept.Meta.WorkflowID {
		t.Fatalf("extracted event of %s, want %s", ext[0].Key, kept.Meta.WorkflowID)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(handled) != 1 || handled[kept.Meta.WorkflowID] != 1 {
		t.Fatalf("handler calls = %v, want one, for %s only", handled, kept.Meta.WorkflowID)
	}
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
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.TopicSteps, events.DLQTopic(svc), events.RetryTopic(svc)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancelCtx := context.WithTimeout(context.Background(), time.Minute)
	defer cancelCtx()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:5])
	if err != nil {
		t.Fatal(err)
	}
	canceled, kept, dup := dockettest.Submitted(1, nil), dockettest.Submitted(2, nil), dockettest.Submitted(3, nil)
	markers := cancel.New(rdb)
	if err := rdb.Set(ctx, markers.Key(canceled.Meta.WorkflowID), "customer withdrew", 0).Err(); err != nil {
		t.Fatal(err)
	}
	store := idempotency.New(rdb)
	// dup was handled before: its processed record stands.
	if _, err := store.MarkProcessed(ctx, []idempotency.Item{{Key: idempotency.Key{Service: svc, ID: dup.Meta.EventID}, Source: "earlier"}}); err != nil {
		t.Fatal(err)
	}
	m := newMeeting()
	var mu sync.Mutex
	handled := map[string]int{}
	rt, err := bus.New(svc, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, codec, &meetingStore{Store: store, m: m},
		bus.TransactionalID("overlaptest-0"), bus.Registerer(prometheus.NewRegistry()),
		bus.CancelCheck(&meetingCanceler{Canceler: markers, m: m}))
	if err != nil {
		t.Fatal(err)
	}
	bus.Handle(rt, events.TopicSubmitted, func(_ context.Context, _ *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
		mu.Lock()
		handled[in.Meta.WorkflowID]++
		mu.Unlock()
		return []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{
			Document: in.Document, Text: in.Document, Pages: []events.Page{}, Engine: events.Engine{Name: "test", Version: "1"},
		}}}, nil
	})
	dockettest.Produce(t, k.Client(t), codec, events.TopicSubmitted, canceled, kept, dup)
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rt.Run(runCtx) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("runtime: %v", err)
		}
	}()

	ctl := k.ReadCommitted(t, events.TopicSteps, 1, 30*time.Second)
	ext := k.ReadCommitted(t, events.TopicExtracted, 1, 30*time.Second)
	if !m.met[0] || !m.met[1] {
		t.Errorf("the duplicate lookup met the cancel check: %v, the cancel check met the lookup: %v; want both in flight at once", m.met[0], m.met[1])
	}
	if len(ctl) != 1 || string(ctl[0].Key) != canceled.Meta.WorkflowID || len(ext) != 1 || string(ext[0].Key) != kept.Meta.WorkflowID {
		t.Fatalf("got %d control and %d extracted events, want the canceled event of %s and the extracted of %s", len(ctl), len(ext), canceled.Meta.WorkflowID, kept.Meta.WorkflowID)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(handled) != 1 || handled[kept.Meta.WorkflowID] != 1 {
		t.Fatalf("handler calls = %v, want one, for %s only", handled, kept.Meta.WorkflowID)
	}
}
