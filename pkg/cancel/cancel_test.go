package cancel_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/dockettest"
)

func TestCanceled(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx := context.Background()
	m := cancel.New(rdb, cancel.Prefix("t:cancel:"))
	if m.Key("wf-1") != "t:cancel:wf-1" {
		t.Fatalf("key = %s", m.Key("wf-1"))
	}
	if err := rdb.Set(ctx, "t:cancel:wf-1", "customer withdrew", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if err := rdb.Set(ctx, cancel.DefaultPrefix+"wf-2", "other prefix", 0).Err(); err != nil {
		t.Fatal(err)
	}
	got, err := m.Canceled(ctx, []string{"wf-1", "wf-2", "wf-3"})
	if want := map[string]string{"wf-1": "customer withdrew"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Canceled = %v, %v; want %v", got, err, want)
	}
	if got, err := m.Canceled(ctx, nil); err != nil || len(got) != 0 {
		t.Fatalf("Canceled(nil) = %v, %v", got, err)
	}
}

func TestTimedOut(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx := context.Background()
	m := cancel.New(rdb)
	if m.DeadlineKey("wf-1") != cancel.DefaultDeadlinePrefix+"wf-1" {
		t.Fatalf("deadline key = %s", m.DeadlineKey("wf-1"))
	}
	if err := rdb.Set(ctx, m.DeadlineKey("wf-1"), "deadline passed", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if err := rdb.Set(ctx, m.Key("wf-2"), "canceled, not late", 0).Err(); err != nil {
		t.Fatal(err)
	}
	got, err := m.TimedOut(ctx, []string{"wf-1", "wf-2"})
	if want := map[string]string{"wf-1": "deadline passed"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("TimedOut = %v, %v; want %v", got, err, want)
	}
	// A deadline is not a cancel.
	if got, err := m.Canceled(ctx, []string{"wf-1"}); err != nil || len(got) != 0 {
		t.Fatalf("Canceled(timed-out workflow) = %v, %v", got, err)
	}
}

// TestEnded reads both markers of many workflows in one round trip (one
// MGET): the long-step runner asks it before and while each job runs.
func TestEnded(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx := context.Background()
	m := cancel.New(rdb)
	for k, v := range map[string]string{m.Key("wf-1"): "withdrawn", m.DeadlineKey("wf-2"): "deadline passed", m.Key("wf-3"): "both", m.DeadlineKey("wf-3"): "late too"} {
		if err := rdb.Set(ctx, k, v, 0).Err(); err != nil {
			t.Fatal(err)
		}
	}
	calls := func() int64 { return dockettest.CommandCalls(t, rdb)["mget"] }
	before := calls()
	canceled, late, err := m.Ended(ctx, []string{"wf-1", "wf-2", "wf-3", "wf-4"})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"wf-1": "withdrawn", "wf-3": "both"}; !reflect.DeepEqual(canceled, want) {
		t.Errorf("canceled = %v, want %v", canceled, want)
	}
	if want := map[string]string{"wf-2": "deadline passed", "wf-3": "late too"}; !reflect.DeepEqual(late, want) {
		t.Errorf("timed out = %v, want %v", late, want)
	}
	if n := calls() - before; n != 1 {
		t.Errorf("%d MGETs, want 1", n)
	}
	if c, l, err := m.Ended(ctx, nil); err != nil || len(c) != 0 || len(l) != 0 {
		t.Errorf("Ended(nil) = %v, %v, %v", c, l, err)
	}
}

func TestEventIDs(t *testing.T) {
	// Stable across processes: every agent and the tracker must derive the
	// same ids.
	if got := cancel.CanceledEventID("wf"); got != wantCanceledWF {
		t.Fatalf("CanceledEventID(wf) = %s, want %s", got, wantCanceledWF)
	}
	ids := map[string]bool{cancel.RequestedEventID("wf"): true, cancel.CanceledEventID("wf"): true, cancel.RequestedEventID("wf2"): true, cancel.CanceledEventID("wf2"): true}
	if len(ids) != 4 {
		t.Fatalf("event ids collide: %v", ids)
	}
}

// wantCanceledWF is CanceledEventID("wf"), fixed: changing the derivation
// would make agents of two versions emit two canceled events.
const wantCanceledWF = "27ba6b9f-7dfa-58c1-9990-5a82f12ebe89"
