package bench

import (
	"context"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/docket/internal/progress"
)

// trace is what the follower saw of one workflow: the timestamp of the
// first record of each topic, when its recorded event was read, and its
// pages.
type trace struct {
	at       map[string]time.Time
	recorded time.Time
	failed   bool
	pages    int
}

// follower reads every workflow topic read-committed, keeps a trace per
// workflow and plays the human reviewer (each review is approved with the
// top candidate).
type follower struct {
	b  *testing.B
	s  *stack
	cl *kgo.Client

	mu        sync.Mutex
	wf        map[string]*trace
	request   map[string]string    // docket.document.requested event id -> workflow id
	requestTS map[string]time.Time // docket.document.requested event id -> record timestamp
	changed   chan struct{}
}

func startFollower(b *testing.B, ctx context.Context, s *stack) *follower {
	f := &follower{
		b: b, s: s,
		cl: s.k.Client(b, kgo.ConsumeTopics(append(progress.Topics(), events.TopicRequested)...),
			kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()),
			kgo.FetchMaxWait(50*time.Millisecond)),
		wf: map[string]*trace{}, request: map[string]string{}, requestTS: map[string]time.Time{}, changed: make(chan struct{}, 1),
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	b.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			f.apply(ctx, f.cl.PollFetches(ctx))
		}
	}()
	return f
}

func (f *follower) apply(ctx context.Context, fs kgo.Fetches) {
	now := time.Now()
	var reviews []*events.ReviewRequested
	f.mu.Lock()
	for _, r := range fs.Records() {
		e, err := f.s.codec.Decode(r.Value)
		if err != nil {
			f.b.Errorf("undecodable record on %s at %d: %v", r.Topic, r.Offset, err)
			continue
		}
		m := e.EventMeta()
		if r.Topic == events.TopicRequested {
			// Keyed by the request's id (the benchmark's requests use it
			// as their key); ingest's workflow id comes with submitted.
			f.requestTS[string(r.Key)] = r.Timestamp
			continue
		}
		t := f.trace(m.WorkflowID)
		if _, ok := t.at[r.Topic]; !ok {
			t.at[r.Topic] = r.Timestamp
		}
		switch v := e.(type) {
		case *events.DocumentSubmitted:
			if v.Source == "request" {
				f.request[m.CausationID] = m.WorkflowID
			}
		case *events.DocumentExtracted:
			t.pages = len(v.Pages)
		case *events.DocumentRecorded:
			if t.recorded.IsZero() {
				t.recorded = now
			}
		case *events.DeadLetter:
			if v.ErrorClass != "transient" {
				t.failed = true
			}
		case *events.ReviewRequested:
			reviews = append(reviews, v)
		}
	}
	f.mu.Unlock()
	for _, rr := range reviews {
		f.decide(ctx, rr)
	}
	select {
	case f.changed <- struct{}{}:
	default:
	}
}

// trace returns wf's trace, creating it; f.mu is held.
func (f *follower) trace(wf string) *trace {
	t := f.wf[wf]
	if t == nil {
		t = &trace{at: map[string]time.Time{}}
		f.wf[wf] = t
	}
	return t
}

// decide approves a review with its top candidate, as a reviewer would.
func (f *follower) decide(ctx context.Context, rr *events.ReviewRequested) {
	d := dockettest.Approve(rr, "bench-reviewer", "approved by the benchmark")
	v, err := f.s.codec.Encode(events.TopicReviewDecided, d)
	if err != nil {
		f.b.Errorf("encode decision: %v", err)
		return
	}
	f.cl.Produce(ctx, &kgo.Record{Topic: events.TopicReviewDecided, Key: []byte(d.Meta.WorkflowID), Value: v}, func(_ *kgo.Record, err error) {
		if err != nil && ctx.Err() == nil {
			f.b.Errorf("produce decision: %v", err)
		}
	})
}

// await waits until the workflow of every id is recorded or failed, or
// timeout passes, and returns the settled traces by id. An id is a
// workflow id, or with viaRequest the event id of the request that
// started the workflow.
func (f *follower) await(ids []string, viaRequest bool, timeout time.Duration) (map[string]trace, bool) {
	deadline := time.After(timeout)
	// pending are the ids not settled yet: each wake-up looks at those
	// only, and the traces are copied once, at the end.
	pending := slices.Clone(ids)
	for {
		f.mu.Lock()
		pending = slices.DeleteFunc(pending, func(id string) bool { return f.settled(id, viaRequest) != nil })
		if len(pending) == 0 {
			defer f.mu.Unlock()
			return f.traces(ids, viaRequest), true
		}
		f.mu.Unlock()
		select {
		case <-f.changed:
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			f.mu.Lock()
			defer f.mu.Unlock()
			return f.traces(ids, viaRequest), false
		}
	}
}

// settled returns the trace of id when its workflow is recorded or
// failed, nil otherwise; f.mu is held.
func (f *follower) settled(id string, viaRequest bool) *trace {
	wf := id
	if viaRequest {
		wf = f.request[id]
	}
	t := f.wf[wf]
	if t == nil || (t.recorded.IsZero() && !t.failed) {
		return nil
	}
	return t
}

// traces returns copies of the settled traces of ids by id; f.mu is held.
func (f *follower) traces(ids []string, viaRequest bool) map[string]trace {
	out := map[string]trace{}
	for _, id := range ids {
		t := f.settled(id, viaRequest)
		if t == nil {
			continue
		}
		c := *t
		c.at = maps.Clone(t.at)
		if ts, ok := f.requestTS[id]; ok && viaRequest {
			c.at[events.TopicRequested] = ts
		}
		out[id] = c
	}
	return out
}
