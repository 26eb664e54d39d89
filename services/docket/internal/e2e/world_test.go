package e2e

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/services/docket/internal/progress"
)

// wfState is what the test has seen of one workflow.
type wfState struct {
	status   string // completed, failed, or "" while running
	reason   string
	reviewed bool
}

// world follows every docket topic and plays the human reviewer: each
// review request is decided (approved, with the top candidate type).
type world struct {
	t     *testing.T
	cl    *kgo.Client
	codec *serde.Serde
	ready chan struct{}

	mu sync.Mutex
	wf map[string]*wfState
}

func newWorld(t *testing.T, k *dockettest.Kafka, codec *serde.Serde) *world {
	cl := k.Client(t,
		kgo.ConsumeTopics(progress.Topics()...),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)
	return &world{t: t, cl: cl, codec: codec, ready: make(chan struct{}), wf: map[string]*wfState{}}
}

func (w *world) follow(ctx context.Context) {
	close(w.ready) // topics are read from the start: nothing is missed
	for ctx.Err() == nil {
		fs := w.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			e, err := w.codec.Decode(r.Value)
			if err != nil {
				w.t.Errorf("undecodable record on %s at %d: %v", r.Topic, r.Offset, err)
				continue
			}
			w.apply(ctx, e)
		}
	}
}

func (w *world) apply(ctx context.Context, e events.Event) {
	w.mu.Lock()
	st := w.wf[e.EventMeta().WorkflowID]
	if st == nil {
		st = &wfState{}
		w.wf[e.EventMeta().WorkflowID] = st
	}
	w.mu.Unlock()
	switch v := e.(type) {
	case *events.DocumentRecorded:
		w.set(st, "completed", "recorded")
	case *events.DeadLetter:
		if v.ErrorClass != "transient" {
			w.set(st, "failed", v.Service+": "+v.ErrorMessage)
		}
	case *events.ReviewRequested:
		w.mu.Lock()
		st.reviewed = true
		w.mu.Unlock()
		w.decide(ctx, v)
	}
}

func (w *world) set(st *wfState, status, reason string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if st.status == "" {
		st.status, st.reason = status, reason
	}
}

// decide answers a review request as a reviewer would.
func (w *world) decide(ctx context.Context, rr *events.ReviewRequested) {
	d := dockettest.Approve(rr, "e2e-reviewer", "checked by the end-to-end test")
	v, err := w.codec.Encode(events.TopicReviewDecided, d)
	if err != nil {
		w.t.Errorf("encode decision: %v", err)
		return
	}
	if err := w.cl.ProduceSync(ctx, &kgo.Record{Topic: events.TopicReviewDecided, Key: []byte(d.Meta.WorkflowID), Value: v}).FirstErr(); err != nil && ctx.Err() == nil {
		w.t.Errorf("produce decision: %v", err)
	}
}

// settled returns how many of the workflows are completed or failed, and
// the ids of the others.
func (w *world) settled(ids map[string]string) (int, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	var pending []string
	for id := range ids {
		if st := w.wf[id]; st == nil || st.status == "" {
			pending = append(pending, id)
		}
	}
	return len(ids) - len(pending), pending
}

func (w *world) state(id string) wfState {
	w.mu.Lock()
	defer w.mu.Unlock()
	if st := w.wf[id]; st != nil {
		return *st
	}
	return wfState{}
}

// ledgerRecords counts the ledger records per workflow.
func (w *world) ledgerRecords(t *testing.T, k *dockettest.Kafka) map[string]int {
	t.Helper()
	cl := k.Client(t, kgo.ConsumeTopics(events.TopicLedger), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	counts := map[string]int{}
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		fs := cl.PollFetches(ctx)
		cancel()
		if len(fs.Records()) == 0 {
			return counts
		}
		for _, r := range fs.Records() {
			e, err := w.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode ledger record at %d: %v", r.Offset, err)
			}
			counts[e.(*events.LedgerRecord).WorkflowID]++
		}
	}
}
