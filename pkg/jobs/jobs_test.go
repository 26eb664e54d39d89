package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/jobs"
)

func newStore(t *testing.T) *jobs.Store {
	t.Helper()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	s, err := jobs.New(rdb, "ocr")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAcceptIsIdempotentAndRemembersDoneJobs(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	j := jobs.Job{ID: "e1", Tenant: "acme", Priority: "bulk", Key: "wf1", Record: []byte("rec")}
	got, isNew, err := s.Accept(ctx, "a#1", []jobs.Job{j})
	if err != nil || !isNew || got[0].State != jobs.StateQueued || got[0].Token != 1 || got[0].Owner != "a#1" {
		t.Fatalf("first accept: %+v new=%v err=%v", got, isNew, err)
	}
	got, isNew, err = s.Accept(ctx, "b#1", []jobs.Job{j})
	if err != nil || isNew || got[0].Owner != "a#1" {
		t.Fatalf("second accept by another replica: %+v new=%v err=%v; want the first owner's job", got, isNew, err)
	}
	if ok, err := s.Done(ctx, "a#1", []jobs.Ref{{ID: "e1", Token: 1}}); err != nil || !ok[0] {
		t.Fatalf("done: %v %v", ok, err)
	}
	got, isNew, _ = s.Accept(ctx, "a#1", []jobs.Job{j})
	if isNew || got[0].State != jobs.StateDone {
		t.Fatalf("accept after done: %+v new=%v; want the done job, not a new one", got, isNew)
	}
	if n, _ := s.Open(ctx); n != 0 {
		t.Errorf("open jobs %d, want 0", n)
	}
}

func TestTakeOverFencesTheDeadOwner(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, _, err := s.Accept(ctx, "a#1", []jobs.Job{{ID: "e1", Tenant: "t", Key: "wf1", Record: []byte("r")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Heartbeat(ctx, "a#1", 300*time.Millisecond, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TakeOver(ctx, "b#1", "", 10); len(got) != 0 {
		t.Fatalf("took %d jobs of a live owner", len(got))
	}
	time.Sleep(400 * time.Millisecond) // a's lease runs out
	got, err := s.TakeOver(ctx, "b#1", "", 10)
	if err != nil || len(got) != 1 || got[0].Token != 2 || string(got[0].Record) != "r" || got[0].Tenant != "t" {
		t.Fatalf("takeover: %+v %v; want e1 with token 2", got, err)
	}
	held, _ := s.Heartbeat(ctx, "a#1", time.Second, []jobs.Ref{{ID: "e1", Token: 1}})
	if held[0] {
		t.Error("the dead owner still holds the job after the takeover")
	}
	if ok, _ := s.Completing(ctx, "a#1", []jobs.Ref{{ID: "e1", Token: 1}}, time.Minute); ok[0] {
		t.Error("the dead owner could move the job to completing: it could emit")
	}
	if ok, _ := s.Completing(ctx, "b#1", []jobs.Ref{{ID: "e1", Token: 2}}, time.Minute); !ok[0] {
		t.Error("the new owner could not complete the job")
	}
}

func TestCompletingJobIsLeftToItsOwnerUntilItsHoldPasses(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, _, err := s.Accept(ctx, "a#1", []jobs.Job{{ID: "e1", Key: "wf1"}}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Completing(ctx, "a#1", []jobs.Ref{{ID: "e1", Token: 1}}, 500*time.Millisecond); !ok[0] {
		t.Fatal("completing refused")
	}
	if ok, _ := s.Emitted(ctx, "a#1", []jobs.Ref{{ID: "e1", Token: 1}}, []string{"docket.document.extracted/3/42"}); !ok[0] {
		t.Fatal("emitted refused")
	}
	// a never heartbeated: it is dead, but its transaction may commit.
	if got, _ := s.TakeOver(ctx, "b#1", "", 10); len(got) != 0 {
		t.Fatalf("took a completing job within its hold: %+v", got)
	}
	time.Sleep(600 * time.Millisecond)
	got, _ := s.TakeOver(ctx, "b#1", "", 10)
	if len(got) != 1 || got[0].Emitted != "docket.document.extracted/3/42" {
		t.Fatalf("after the hold: %+v; want the job with where its outputs went", got)
	}
}

func TestEarlierIncarnationIsTakenOverAtOnce(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, _, err := s.Accept(ctx, "docket-ocr-0#old", []jobs.Job{{ID: "e1", Key: "wf1"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Heartbeat(ctx, "docket-ocr-0#old", time.Minute, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TakeOver(ctx, "docket-ocr-1#x", "docket-ocr-1#", 10); len(got) != 0 {
		t.Fatal("another replica took a live owner's job")
	}
	got, err := s.TakeOver(ctx, "docket-ocr-0#new", "docket-ocr-0#", 10)
	if err != nil || len(got) != 1 {
		t.Fatalf("restarted replica took %+v (%v); want its earlier incarnation's job at once", got, err)
	}
}

// A job taken over while its owner was completing it keeps where its
// outputs went until it is settled: when the new owner dies before telling
// whether that transaction committed, the next owner must still be able to
// tell, or it runs the job again and doubles committed outputs (found by
// the crash test with long steps, once emissions carried hundreds of jobs).
func TestEmittedPositionSurvivesASecondTakeover(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	if _, _, err := s.Accept(ctx, "a#1", []jobs.Job{{ID: "e1", Key: "wf1"}}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Completing(ctx, "a#1", []jobs.Ref{{ID: "e1", Token: 1}}, 200*time.Millisecond); !ok[0] {
		t.Fatal("completing refused")
	}
	const pos = "docket.document.extracted/3/42"
	if ok, _ := s.Emitted(ctx, "a#1", []jobs.Ref{{ID: "e1", Token: 1}}, []string{pos}); !ok[0] {
		t.Fatal("emitted refused")
	}
	time.Sleep(300 * time.Millisecond) // a's hold passes
	got, _ := s.TakeOver(ctx, "b#1", "", 10)
	if len(got) != 1 || got[0].Emitted != pos {
		t.Fatalf("first takeover: %+v; want the job with where its outputs went", got)
	}
	// b dies before it could tell whether a's transaction committed.
	got, _ = s.TakeOver(ctx, "c#1", "", 10)
	if len(got) != 1 || got[0].Emitted != pos || got[0].Token != 3 {
		t.Fatalf("second takeover: %+v; want the job with token 3 and where its outputs went", got)
	}
	// Done clears it.
	if _, err := s.Done(ctx, "c#1", []jobs.Ref{{ID: "e1", Token: 3}}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TakeOver(ctx, "d#1", "", 10); len(got) != 0 {
		t.Fatalf("a done job was taken over: %+v", got)
	}
}

// TestAcceptIndexesABatchOnce: a batch's new jobs enter the open and owner
// indexes in one command each (the pipeline benchmark counted two SADDs
// and a ZADD a job), and a job accepted before keeps its state and owner.
func TestAcceptIndexesABatchOnce(t *testing.T) {
	ctx := context.Background()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	s, err := jobs.New(rdb, "ocr")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Accept(ctx, "a#1", []jobs.Job{{ID: "old", Key: "wf0"}}); err != nil {
		t.Fatal(err)
	}
	if err := rdb.ConfigResetStat(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	batch := []jobs.Job{{ID: "old", Key: "wf0"}}
	for _, id := range []string{"e1", "e2", "e3", "e4"} {
		batch = append(batch, jobs.Job{ID: id, Tenant: "acme", Priority: "bulk", Key: "wf-" + id, Record: []byte(id)})
	}
	got, isNew, err := s.Accept(ctx, "b#1", batch)
	if err != nil || !isNew {
		t.Fatalf("accept: new=%v err=%v", isNew, err)
	}
	if got[0].Owner != "a#1" || got[0].State != jobs.StateQueued {
		t.Errorf("the job accepted before: %+v, want a#1's, queued", got[0])
	}
	for _, j := range got[1:] {
		if j.Owner != "b#1" || j.Token != 1 {
			t.Errorf("new job %+v, want b#1's with token 1", j)
		}
	}
	calls := dockettest.CommandCalls(t, rdb)
	if calls["zadd"] != 1 || calls["sadd"] != 2 {
		t.Errorf("zadd %d, sadd %d calls; want 1 and 2 (all: %v)", calls["zadd"], calls["sadd"], calls)
	}
	if n, _ := s.Open(ctx); n != 5 {
		t.Errorf("open jobs %d, want 5", n)
	}
}
