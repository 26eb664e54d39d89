package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// TestTimersClaimOnceAndRefire: a due timer is claimed by one caller; one
// not acknowledged (its firer crashed before producing or acking) is
// claimed again once the claim ends, with its original due time, so it
// fires with the same event id; an acknowledged one is gone; one whose
// workflow ended is dropped unfired.
func TestTimersClaimOnceAndRefire(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	sub := op("wf", "e1", events.TopicSubmitted, 0, 0, projection.StatusQueued, "ocr", 10)
	sub.Control = &projection.Control{Deadline: "0"}
	done := op("wf-done", "e2", events.TopicSubmitted, 1, 0, projection.StatusQueued, "ocr", 10)
	done.Control = &projection.Control{Deadline: "0"}
	if _, err := s.Apply(ctx, []projection.Op{sub, done}, map[string]int64{sub.TP: 2}); err != nil {
		t.Fatal(err)
	}
	due := t0.Add(DefaultSettings.Deadline)
	want := map[string]time.Time{"deadline:wf": due, "deadline:wf-done": due}
	if got, err := s.Scheduled(ctx); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("scheduled = %v, %v; want %v", got, err, want)
	}
	rec := op("wf-done", "e3", events.TopicRecorded, 0, 9, projection.StatusCompleted, "ledger", 60)
	if _, err := s.Apply(ctx, []projection.Op{rec}, map[string]int64{rec.TP: 1}); err != nil {
		t.Fatal(err)
	}

	claim := func(now time.Time) []Timer {
		t.Helper()
		got, err := s.ClaimDue(ctx, now, 30*time.Second, 10)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := claim(due.Add(-time.Millisecond)); len(got) != 0 {
		t.Fatalf("claimed %v before the deadline", got)
	}
	first := claim(due.Add(time.Second))
	wantTimer := []Timer{{Member: "deadline:wf", Kind: TimerDeadline, Target: "wf", Due: due, Workflow: "wf", Tenant: "acme"}}
	if !reflect.DeepEqual(first, wantTimer) {
		t.Fatalf("first claim = %+v, want %+v (the completed workflow's timer was cleared)", first, wantTimer)
	}
	if got := claim(due.Add(2 * time.Second)); len(got) != 0 {
		t.Fatalf("second claimer got %v while the first holds the claim", got)
	}
	// The first claimer died; its claim ends and the timer fires again,
	// with the same due time.
	if got := claim(due.Add(32 * time.Second)); !reflect.DeepEqual(got, wantTimer) {
		t.Fatalf("claim after the first claim ended = %+v, want %+v", got, wantTimer)
	}
	if err := s.Ack(ctx, "deadline:wf"); err != nil {
		t.Fatal(err)
	}
	if got := claim(due.Add(time.Hour)); len(got) != 0 {
		t.Fatalf("claimed %v after the ack", got)
	}
	if got, err := s.Scheduled(ctx); err != nil || len(got) != 0 {
		t.Fatalf("scheduled = %v, %v; want none", got, err)
	}
}
