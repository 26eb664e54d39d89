package timers

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// fakeStore hands out its due timers until they are acked.
type fakeStore struct {
	due   []store.Timer
	acked []string
	nows  []time.Time
}

func (f *fakeStore) ClaimDue(_ context.Context, now time.Time, _ time.Duration, _ int) ([]store.Timer, error) {
	f.nows = append(f.nows, now)
	var out []store.Timer
	for _, tm := range f.due {
		if !tm.Due.After(now) && !slices.Contains(f.acked, tm.Member) {
			out = append(out, tm)
		}
	}
	return out, nil
}

func (f *fakeStore) Ack(_ context.Context, member string) error {
	f.acked = append(f.acked, member)
	return nil
}

// fakeEmitter fails its first fail calls.
type fakeEmitter struct {
	fail int
	got  []*events.WorkflowControl
}

func (f *fakeEmitter) Emit(_ context.Context, topic string, e events.Event) error {
	if topic != events.TopicControl {
		return errors.New("wrong topic " + topic)
	}
	if f.fail > 0 {
		f.fail--
		return errors.New("broker down")
	}
	f.got = append(f.got, e.(*events.WorkflowControl))
	return nil
}

// TestFireRetriesWithTheSameEvent: a timer whose event could not be
// produced stays unacknowledged and fires again later with the very same
// event (id, time, content), so consumers see one event however often it
// is produced; a fired timer is acknowledged.
func TestFireRetriesWithTheSameEvent(t *testing.T) {
	due := time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC)
	st := &fakeStore{due: []store.Timer{
		{Member: "deadline:wf", Kind: store.TimerDeadline, Target: "wf", Due: due, Workflow: "wf", Tenant: "acme"},
		{Member: "sla:task", Kind: store.TimerSLA, Target: "task", Due: due.Add(time.Hour), Workflow: "wf2", Tenant: "acme", Priority: 4},
	}}
	em := &fakeEmitter{fail: 1}
	clk := clock.NewManual(due.Add(time.Minute))
	l := New(Config{}, st, em, clk, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()

	if n, err := l.Fire(ctx); err == nil || n != 0 {
		t.Fatalf("first turn: fired %d, err %v; want 0 and the produce error", n, err)
	}
	if len(st.acked) != 0 {
		t.Fatalf("acked %v after a failed produce", st.acked)
	}
	if n, err := l.Fire(ctx); err != nil || n != 1 {
		t.Fatalf("second turn: fired %d, err %v; want 1", n, err)
	}
	clk.Advance(time.Hour)
	if n, err := l.Fire(ctx); err != nil || n != 1 {
		t.Fatalf("third turn: fired %d, err %v; want the SLA timer", n, err)
	}
	if !reflect.DeepEqual(st.acked, []string{"deadline:wf", "sla:task"}) {
		t.Fatalf("acked %v", st.acked)
	}
	deadline, sla := em.got[0], em.got[1]
	if again := Event(st.due[0]); !reflect.DeepEqual(again, deadline) {
		t.Fatalf("event of the same timer differs:\n%+v\n%+v", again, deadline)
	}
	if deadline.Kind != "deadline_exceeded" || !deadline.Meta.OccurredAt.Equal(due) || deadline.Meta.WorkflowID != "wf" ||
		deadline.Meta.Producer.Service != events.ServiceSagaTracker {
		t.Fatalf("deadline event = %+v", deadline)
	}
	if sla.Kind != "review_escalated" || sla.Details["task_id"] != "task" || sla.Details["priority"] != "5" || sla.Meta.CausationID != "task" {
		t.Fatalf("escalation event = %+v", sla)
	}
	moved := st.due[0]
	moved.Due = moved.Due.Add(time.Second)
	if Event(moved).Meta.EventID == deadline.Meta.EventID {
		t.Fatal("a timer with another due time has the same event id")
	}
}
