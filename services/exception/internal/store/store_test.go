package store_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/store"
)

func envelope(id string, offset int64) model.Envelope {
	return model.Envelope{EventID: id, WorkflowID: "wf-1", Service: "ocr", SourceTopic: "docket.document.submitted", SourceOffset: offset}
}

// Scheduling is counted per original record, once per dead letter, and
// parks past the bound; claimed redeliveries are leased, then removed.
func TestScheduleBoundClaimAndDelivered(t *testing.T) {
	s := store.New(dockettest.RedisClient(t, dockettest.Redis(t)))
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }
	parked := func(id string) model.Parked {
		return model.Parked{ID: id, Kind: model.KindDeadLetter, Service: "ocr", Workflow: "wf-1", Reason: "exhausted", ParkedAt: t0, Envelope: envelope(id, 9)}
	}
	steps := []struct {
		id          string
		wantAttempt int // 0: parked
	}{
		{"dl-a", 1},
		{"dl-a", 1}, // the same dead letter again: same outcome, not counted
		{"dl-b", 2},
		{"dl-c", 0},
		{"dl-c", 0},
	}
	for i, st := range steps {
		r, _, err := s.Schedule(ctx, envelope(st.id, 9), store.Bounds{PerMessage: 2, PerWorkflow: 10}, due, parked(st.id), model.Parked{})
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		switch {
		case st.wantAttempt == 0 && r != nil:
			t.Errorf("step %d (%s): scheduled attempt %d, want parked", i, st.id, r.Attempt)
		case st.wantAttempt > 0 && (r == nil || r.Attempt != st.wantAttempt || !r.DueAt.Equal(due(st.wantAttempt))):
			t.Errorf("step %d (%s): got %+v, want attempt %d due %v", i, st.id, r, st.wantAttempt, due(st.wantAttempt))
		}
	}
	if n, err := s.Attempts(ctx, envelope("x", 9).Origin()); err != nil || n != 3 {
		t.Errorf("attempts = %d (%v), want 3", n, err)
	}
	if p, err := s.Get(ctx, "dl-c"); err != nil || p.Reason != "exhausted" {
		t.Errorf("parked dl-c = %+v, %v", p, err)
	}

	// Only dl-a is due at t0+1s; claiming hides it for the lease.
	got, err := s.ClaimDue(ctx, t0.Add(time.Second), time.Minute, 10)
	if err != nil || len(got) != 1 || got[0].ID != "dl-a" {
		t.Fatalf("ClaimDue = %+v, %v; want dl-a", got, err)
	}
	if again, err := s.ClaimDue(ctx, t0.Add(5*time.Second), time.Minute, 10); err != nil || len(again) != 1 || again[0].ID != "dl-b" {
		t.Fatalf("ClaimDue during dl-a's lease = %+v, %v; want only dl-b", again, err)
	}
	// A claimer that died: after the lease, dl-a is due again.
	if again, err := s.ClaimDue(ctx, t0.Add(2*time.Minute), time.Minute, 10); err != nil || len(again) != 2 {
		t.Fatalf("ClaimDue after the lease = %+v, %v; want dl-a and dl-b", again, err)
	}
	if err := s.Delivered(ctx, "dl-a", "dl-b"); err != nil {
		t.Fatal(err)
	}
	if left, err := s.ClaimDue(ctx, t0.Add(time.Hour), time.Minute, 10); err != nil || len(left) != 0 {
		t.Errorf("after Delivered: %+v, %v; want nothing due", left, err)
	}
}

// The workflow bound parks a workflow's next failure, whichever of its
// records it is; a replay resets both counts.
func TestWorkflowBoundParks(t *testing.T) {
	s := store.New(dockettest.RedisClient(t, dockettest.Redis(t)))
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }
	b := store.Bounds{PerMessage: 2, PerWorkflow: 3}
	park := func(env model.Envelope, reason string) model.Parked {
		return model.Parked{ID: env.EventID, Kind: model.KindDeadLetter, Service: "ocr", Workflow: "wf-1", Reason: reason, ParkedAt: t0, Envelope: env}
	}
	// Three records of one workflow, at offsets 1, 2, 3.
	for i, st := range []struct {
		id     string
		offset int64
		want   string // attempt number, "message" or "workflow"
	}{
		{"dl-1", 1, "1"}, {"dl-2", 2, "1"}, {"dl-3", 1, "2"}, {"dl-4", 3, "workflow"}, {"dl-5", 1, "message"},
	} {
		env := envelope(st.id, st.offset)
		r, bound, err := s.Schedule(ctx, env, b, due, park(env, "message"), park(env, "workflow"))
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		got := ""
		switch {
		case r != nil && bound == "":
			got = strconv.Itoa(r.Attempt)
		case r == nil && bound != "":
			got = string(bound)
			if p, err := s.Get(ctx, st.id); err != nil || p.Reason != got {
				t.Errorf("step %d: parked %+v (%v), want reason %q", i, p, err, got)
			}
		}
		if got != st.want {
			t.Errorf("step %d (%s): got %q, want %q", i, st.id, got, st.want)
		}
	}
	p, err := s.Get(ctx, "dl-4")
	if err != nil || p.Reason != "workflow" {
		t.Fatalf("parked dl-4 = %+v, %v; want parked by the workflow bound", p, err)
	}
	if _, err := s.Unpark(ctx, p, true); err != nil {
		t.Fatal(err)
	}
	env := envelope("dl-6", 3)
	if r, _, err := s.Schedule(ctx, env, b, due, park(env, "message"), park(env, "workflow")); err != nil || r == nil || r.Attempt != 1 {
		t.Errorf("after the replay reset: %+v, %v; want redelivery 1", r, err)
	}

	// Defer moves a scheduled redelivery and ignores an unknown one.
	later := t0.Add(time.Hour)
	if err := s.Defer(ctx, map[string]time.Time{"dl-6": later, "gone": later}); err != nil {
		t.Fatal(err)
	}
	if at, ok, err := s.Scheduled(ctx, "dl-6"); err != nil || !ok || !at.Equal(later) {
		t.Errorf("dl-6 due %v (%v, %v), want %v", at, ok, err, later)
	}
	if _, ok, err := s.Scheduled(ctx, "gone"); err != nil || ok {
		t.Errorf("unknown id scheduled by Defer: %v %v", ok, err)
	}
}
