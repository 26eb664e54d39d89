// Package passthrough is a one-hop test service built on the runtime: it
// turns every submitted event into an extracted event. Tests and benchmarks
// run it in-process or as a separate OS process (cmd/passthrough) to prove
// the runtime's guarantees under crashes, duplicates and failures.
//
// A submitted event's labels steer it:
//
//	effect=1           run one external side effect through Message.Once:
//	                   INCR docket:test:effects:<event id> in Redis
//	transient=N        fail transiently on the first N attempts
//	structural=1       fail with a structural error
//	delay=D            sleep D (a Go duration) before answering
//	panic=1            panic in the handler
//	steps=N            (long mode) work in N steps of step_delay=D each
//	                   (default 100ms), reporting progress and
//	                   checkpointing each finished step in Redis, so a
//	                   resumed job skips the steps done; every step run is
//	                   counted in docket:test:step:<event id>:<i>
//
// In long mode (LongSpec) the submitted topic is a long step (HandleLong).
package passthrough

import (
	"context"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/service"
)

// Name is the service name.
const Name = "passthrough"

// EffectKey is the Redis counter of the side effects run for an event.
func EffectKey(eventID string) string { return "docket:test:effects:" + eventID }

// Spec returns the service. delay is added to every event's handling.
func Spec(delay time.Duration) service.Spec {
	return service.Spec{
		Name:     Name,
		Version:  "test",
		Consumes: []string{events.TopicSubmitted},
		Produces: []string{events.TopicExtracted},
		Setup: func(_ context.Context, d *service.Deps, rt *bus.Runtime) error {
			h := &handler{rdb: d.Redis, delay: delay}
			bus.Handle(rt, events.TopicSubmitted, h.handle, policy)
			return nil
		},
	}
}

// LongSpec is Spec with the submitted topic handled as a long step; an
// event labelled quick=true is a quick job (bus.Quick).
func LongSpec(delay time.Duration) service.Spec {
	s := Spec(delay)
	s.Produces = append(s.Produces, events.TopicSteps)
	s.Setup = func(_ context.Context, d *service.Deps, rt *bus.Runtime) error {
		h := &handler{rdb: d.Redis, delay: delay}
		bus.HandleLong(rt, events.TopicSubmitted, h.handle, policy, bus.Timeout(10*time.Minute),
			bus.Quick(func(in *events.DocumentSubmitted) bool { return in.Labels["quick"] == "true" }))
		return nil
	}
	return s
}

var policy = bus.Retry(retry.Policy{Attempts: 4, Initial: 10 * time.Millisecond, Max: 50 * time.Millisecond})

// StepKey counts the runs of step i of an event's long work.
func StepKey(eventID string, i int) string {
	return "docket:test:step:" + eventID + ":" + strconv.Itoa(i)
}

func checkpointKey(eventID string) string { return "docket:test:ckpt:" + eventID }

type handler struct {
	rdb   *redis.Client
	delay time.Duration
}

func (h *handler) handle(ctx context.Context, m *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
	if in.Labels["declines"] == "1" && m.Inline() {
		return nil, bus.ErrNotQuick
	}
	d := h.delay
	if v, err := time.ParseDuration(in.Labels["delay"]); err == nil {
		d += v
	}
	if d > 0 {
		select {
		case <-ctx.Done():
			return nil, fault.Wrap(fault.Transient, ctx.Err())
		case <-time.After(d):
		}
	}
	if in.Labels["panic"] == "1" {
		panic("simulated panic in " + in.Meta.EventID)
	}
	if n, _ := strconv.Atoi(in.Labels["steps"]); n > 0 {
		if err := h.steps(ctx, m, in, n); err != nil {
			return nil, err
		}
	}
	if n, _ := strconv.Atoi(in.Labels["transient"]); m.Attempt <= n {
		return nil, fault.Transientf("simulated transient failure %d of %d", m.Attempt, n)
	}
	if in.Labels["structural"] == "1" {
		return nil, fault.Structuralf("simulated structural failure")
	}
	if in.Labels["effect"] == "1" {
		if _, err := m.Once(ctx, "effect", func(ctx context.Context) ([]byte, error) {
			n, err := h.rdb.Incr(ctx, EffectKey(in.Meta.EventID)).Result()
			return []byte(strconv.FormatInt(n, 10)), err
		}); err != nil {
			return nil, err
		}
	}
	out := &events.DocumentExtracted{
		Document:       in.Document,
		Text:           in.Document,
		Pages:          []events.Page{{Number: 1, Chars: int(in.Document.SizeBytes), Confidence: 1, Method: "passthrough"}},
		Engine:         events.Engine{Name: "passthrough", Version: "test"},
		MeanConfidence: 1,
	}
	return []bus.Output{{Topic: events.TopicExtracted, Event: out}}, nil
}

// steps runs n checkpointed steps, resuming after the last finished one.
func (h *handler) steps(ctx context.Context, m *bus.Message, in *events.DocumentSubmitted, n int) error {
	d := 100 * time.Millisecond
	if v, err := time.ParseDuration(in.Labels["step_delay"]); err == nil {
		d = v
	}
	id := in.Meta.EventID
	done, err := h.rdb.Get(ctx, checkpointKey(id)).Int()
	if err != nil && err != redis.Nil {
		return fault.Wrap(fault.Transient, err)
	}
	for i := done; i < n; i++ {
		m.Progress(i, n, "steps")
		if err := m.CheckCanceled(ctx); err != nil {
			return err
		}
		if err := h.rdb.Incr(ctx, StepKey(id, i)).Err(); err != nil {
			return fault.Wrap(fault.Transient, err)
		}
		select {
		case <-ctx.Done():
			return fault.Wrap(fault.Transient, ctx.Err())
		case <-time.After(d):
		}
		if err := h.rdb.Set(ctx, checkpointKey(id), i+1, 24*time.Hour).Err(); err != nil {
			return fault.Wrap(fault.Transient, err)
		}
	}
	m.Progress(n, n, "steps")
	return nil
}
