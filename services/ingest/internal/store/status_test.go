package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/services/ingest/internal/store"
)

// TestApplyReadsAndWritesOnce: an update reads the record once and writes
// it once, however many fields it sets (the pipeline benchmark counted 59
// HSETs a workflow when each field was one), and still follows the
// record's rules: ranks only move forward, Fill sets only what is
// missing, a terminal record with a callback URL schedules it once.
func TestApplyReadsAndWritesOnce(t *testing.T) {
	ctx := context.Background()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	s := store.New(rdb, time.Hour, time.Hour)
	now := time.UnixMilli(1_700_000_000_000)
	apply := func(u store.Update) store.Applied {
		t.Helper()
		a, err := s.Apply(ctx, u, now)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	ranked := map[string]string{}
	for _, f := range []string{"status", "stage", "document_type", "confidence", "model", "text_ref", "pages", "review_reason"} {
		ranked[f] = f + "-1"
	}
	if err := rdb.ConfigResetStat(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	apply(store.Update{WorkflowID: "wf-1", Rank: 2, Fields: ranked, Static: map[string]string{"tenant": "acme", "callback_url": "http://cb", "file": ""}})
	calls := dockettest.CommandCalls(t, rdb)
	delete(calls, "config|resetstat")
	want := map[string]int64{"evalsha": 1, "hmget": 1, "hset": 1, "pexpire": 1}
	for cmd, n := range calls {
		if want[cmd] != n && cmd != "eval" && cmd != "script|load" {
			t.Errorf("%s called %d times, want %d (all calls: %v)", cmd, n, want[cmd], calls)
		}
	}

	// A lower rank does not move the record; Fill sets only what it lacks.
	a := apply(store.Update{WorkflowID: "wf-1", Rank: 1, Fill: true, Fields: map[string]string{"status": "queued", "language": "de"}})
	if a.Ranked {
		t.Error("a lower rank applied")
	}
	rec, err := s.Status(ctx, "wf-1")
	if err != nil {
		t.Fatal(err)
	}
	if rec["status"] != "status-1" || rec["language"] != "de" || rec["tenant"] != "acme" || rec["rank"] != "2" || rec["version"] != "2" {
		t.Errorf("after a lower-ranked fill: %v", rec)
	}
	if _, ok := rec["file"]; ok {
		t.Errorf("an empty static field was written: %v", rec)
	}

	// Terminal: the callback is scheduled once, and the record stays.
	if a := apply(store.Update{WorkflowID: "wf-1", Rank: store.RankTerminal, Fields: map[string]string{"status": store.StatusCompleted}}); !a.Ranked || !a.Scheduled {
		t.Errorf("terminal update: %+v, want ranked and scheduled", a)
	}
	if a := apply(store.Update{WorkflowID: "wf-1", Rank: store.RankTerminal, Fields: map[string]string{"status": store.StatusFailed}}); a.Ranked || a.Scheduled {
		t.Errorf("a second terminal update: %+v, want neither", a)
	}
	rec, _ = s.Status(ctx, "wf-1")
	if rec["status"] != store.StatusCompleted || rec["cb_state"] != "pending" {
		t.Errorf("after terminal updates: %v", rec)
	}
	if due, err := s.ClaimDue(ctx, now, time.Minute, 10); err != nil || len(due) != 1 || due[0] != "wf-1" {
		t.Errorf("due callbacks %v, %v; want [wf-1]", due, err)
	}

	// A submission already recorded is not recorded again.
	if a := apply(store.Update{WorkflowID: "wf-2", Submission: true, Rank: 1, Fields: map[string]string{"submitted_at": "t1", "status": store.StatusQueued}}); !a.Ranked {
		t.Errorf("first submission: %+v", a)
	}
	if a := apply(store.Update{WorkflowID: "wf-2", Submission: true, Rank: 1, Fields: map[string]string{"submitted_at": "t2"}}); a.Ranked {
		t.Errorf("a repeated submission applied: %+v", a)
	}
	if rec, _ := s.Status(ctx, "wf-2"); rec["submitted_at"] != "t1" {
		t.Errorf("submitted_at %q, want t1", rec["submitted_at"])
	}
}
