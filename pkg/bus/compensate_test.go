package bus_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/serde"
)

// compensationRequest is a compensation_requested event for step of
// workflow wf with a deterministic id.
func compensationRequest(id, wf, step string) *events.WorkflowControl {
	actor := events.ServiceSagaTracker
	return &events.WorkflowControl{
		Meta: events.Meta{EventID: id, WorkflowID: wf, TenantID: "acme", OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
			Producer: events.Producer{Service: events.ServiceSagaTracker, Version: "test"}},
		Kind: events.KindCompensationRequested, Reason: "canceled", Actor: &actor,
		Details: map[string]string{events.DetailStep: step, events.DetailCause: "canceled: customer withdrew", "text_sha256": "ab"},
	}
}

// TestCompensation: a step's compensation declared beside its handler
// runs once per compensation_requested event addressed to the step, even
// when the event arrives twice; requests for other steps and other control
// events pass it by (the latter to the service's own control handler); the
// runtime answers compensated on docket.workflow.steps with the step's
// details, or compensation_failed, never a dead letter, when the
// compensation failed for good or stayed transient past its retries.
func TestCompensation(t *testing.T) {
	const svc = "comptest"
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.TopicControl, events.TopicSteps, events.DLQTopic(svc), events.RetryTopic(svc)}
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancelCtx := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancelCtx()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:5])
	if err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	calls, effects := map[string]int{}, map[string]int{}
	ownControl := map[string]bool{}
	undo := func(_ context.Context, m *bus.Message, req bus.CompensationRequest) (bus.Compensated, error) {
		mu.Lock()
		calls[req.Workflow]++
		mu.Unlock()
		switch req.Workflow {
		case "wf-broken":
			return bus.Compensated{}, fault.Structuralf("text store refuses deletes")
		case "wf-down":
			return bus.Compensated{}, fault.Transientf("text store unreachable")
		case "wf-nothing":
			return bus.Compensated{Details: map[string]string{events.DetailNothingToUndo: "true"}}, nil
		}
		if req.Cause != "canceled: customer withdrew" || req.Details["text_sha256"] != "ab" || req.Meta.EventID != m.EventID || req.Actor != events.ServiceSagaTracker {
			return bus.Compensated{}, errors.New("request lost its cause or details")
		}
		// The external effect, once whatever batches handle the request.
		if _, err := m.Once(context.Background(), "delete", func(context.Context) ([]byte, error) {
			mu.Lock()
			effects[req.Workflow]++
			mu.Unlock()
			return nil, nil
		}); err != nil {
			return bus.Compensated{}, err
		}
		return bus.Compensated{
			Details: map[string]string{"deleted": "1"},
			Outputs: []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{Pages: []events.Page{}, Engine: events.Engine{Name: "undo", Version: "1"}}}},
		}, nil
	}
	rt, err := bus.New(svc, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, codec, idempotency.New(rdb),
		bus.TransactionalID("comptest-0"), bus.Registerer(prometheus.NewRegistry()), bus.Version("1.2.3"), bus.Logger(testLogger()),
		bus.Produces(events.TopicExtracted, events.TopicSteps))
	if err != nil {
		t.Fatal(err)
	}
	bus.Handle(rt, events.TopicSubmitted, func(context.Context, *bus.Message, *events.DocumentSubmitted) ([]bus.Output, error) {
		return nil, nil
	}, bus.Retry(retry.Policy{Attempts: 2, Initial: time.Millisecond, Max: time.Millisecond}), bus.Compensation("ocr", undo))
	bus.Handle(rt, events.TopicControl, func(_ context.Context, _ *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
		mu.Lock()
		ownControl[in.Kind+"/"+in.Details[events.DetailStep]] = true
		mu.Unlock()
		return nil, nil
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

	ok := compensationRequest("req-ok", "wf-ok", "ocr")
	cl := k.Client(t)
	dockettest.Produce(t, cl, codec, events.TopicControl,
		ok, ok, // the same event twice
		compensationRequest("req-ledger", "wf-ok", "ledger"), // another step's
		compensationRequest("req-broken", "wf-broken", "ocr"),
		compensationRequest("req-down", "wf-down", "ocr"),
		compensationRequest("req-nothing", "wf-nothing", "ocr"),
	)
	dockettest.Produce(t, cl, codec, events.TopicControl, ok) // and once more, in a later batch

	steps := k.ReadCommitted(t, events.TopicSteps, 4, time.Minute)
	got := map[string]*events.WorkflowControl{}
	for _, r := range steps {
		e, err := codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		c := e.(*events.WorkflowControl)
		if got[c.Meta.WorkflowID] != nil {
			t.Fatalf("two step events for %s: %s and %s", c.Meta.WorkflowID, got[c.Meta.WorkflowID].Kind, c.Kind)
		}
		got[c.Meta.WorkflowID] = c
	}
	want := map[string]struct{ kind, detail, value string }{
		"wf-ok":      {events.KindCompensated, "deleted", "1"},
		"wf-nothing": {events.KindCompensated, events.DetailNothingToUndo, "true"},
		"wf-broken":  {events.KindCompensationFailed, events.DetailErrorClass, "structural"},
		"wf-down":    {events.KindCompensationFailed, events.DetailErrorClass, "transient"},
	}
	for wf, w := range want {
		c := got[wf]
		if c == nil {
			t.Fatalf("no step event for %s; got %v", wf, got)
		}
		if c.Kind != w.kind || c.Details[events.DetailStep] != "ocr" || c.Details[w.detail] != w.value ||
			c.Meta.CausationID != "req-"+wf[3:] || c.Meta.Producer.Service != svc || c.Actor == nil || *c.Actor != svc {
			t.Errorf("%s: got %s %v (causation %s), want %s with step ocr and %s=%s", wf, c.Kind, c.Details, c.Meta.CausationID, w.kind, w.detail, w.value)
		}
	}
	if e := got["wf-broken"].Details[events.DetailError]; e == "" {
		t.Errorf("compensation_failed of wf-broken names no error")
	}
	if ext := k.ReadCommitted(t, events.TopicExtracted, 1, 10*time.Second); len(ext) != 1 {
		t.Errorf("got %d outputs of the compensation, want 1", len(ext))
	}
	if dl := k.ReadCommitted(t, events.DLQTopic(svc), 1, 2*time.Second); len(dl) != 0 {
		t.Errorf("a compensation request was dead-lettered")
	}
	mu.Lock()
	defer mu.Unlock()
	// A batch that met the duplicate in flight is aborted and handled
	// again: handlers may run more than once, their effects not.
	if effects["wf-ok"] != 1 {
		t.Errorf("the compensation's effect ran %d times, want once", effects["wf-ok"])
	}
	if calls["wf-broken"] < 1 || calls["wf-down"] < 2 || calls["wf-nothing"] < 1 {
		t.Errorf("compensation calls = %v, want wf-down retried", calls)
	}
	if len(ownControl) != 1 || !ownControl[events.KindCompensationRequested+"/ledger"] {
		t.Errorf("the service's own control handler got %v, want only the request for another step", ownControl)
	}
}

// TestCompensationNeedsSteps: a runtime whose compensations could not
// answer (the service does not produce docket.workflow.steps), or that
// declares one step's compensation twice, refuses to run.
func TestCompensationNeedsSteps(t *testing.T) {
	noop := func(context.Context, *bus.Message, bus.CompensationRequest) (bus.Compensated, error) {
		return bus.Compensated{}, nil
	}
	h := func(context.Context, *bus.Message, *events.DocumentSubmitted) ([]bus.Output, error) { return nil, nil }
	tests := []struct {
		name     string
		produces []string
		twice    bool
	}{
		{"steps not produced", []string{events.TopicExtracted}, false},
		{"declared twice", []string{events.TopicSteps}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Run refuses before it connects anywhere.
			rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
			defer rdb.Close()
			rt, err := bus.New("comptest", nil, nopCodec{}, idempotency.New(rdb), bus.Registerer(prometheus.NewRegistry()), bus.Produces(tc.produces...))
			if err != nil {
				t.Fatal(err)
			}
			bus.Handle(rt, events.TopicSubmitted, h, bus.Compensation("ocr", noop))
			if tc.twice {
				bus.Handle(rt, events.TopicExtracted, func(context.Context, *bus.Message, *events.DocumentExtracted) ([]bus.Output, error) {
					return nil, nil
				}, bus.Compensation("ocr", noop))
			}
			if err := rt.Run(t.Context()); err == nil {
				t.Fatal("Run accepted the configuration")
			}
		})
	}
}

// nopCodec is a codec for a runtime that never runs.
type nopCodec struct{}

func (nopCodec) Encode(string, events.Event) ([]byte, error) { return nil, nil }
func (nopCodec) Decode([]byte) (events.Event, error)         { return nil, nil }
