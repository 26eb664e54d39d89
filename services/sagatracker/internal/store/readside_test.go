package store

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// feed applies ops in order, one offset each on one partition.
type feed struct {
	t   *testing.T
	s   *Store
	off int64
}

type opt func(*projection.Op)

func starts(step string) opt   { return func(o *projection.Op) { o.Start = step } }
func finishes(step string) opt { return func(o *projection.Op) { o.Finish = step } }
func fails(step string) opt {
	return func(o *projection.Op) { o.FailStep, o.Attempts, o.Error = step, 1, "transient: boom" }
}
func decides(d projection.Decision) opt { return func(o *projection.Op) { o.Decision = &d } }

// apply applies one event of wf (tenant) at t0+sec setting status and stage.
func (f *feed) apply(wf, tenant string, sec int, status, stage string, rank int, opts ...opt) {
	f.t.Helper()
	ms := t0.Add(time.Duration(sec) * time.Second).UnixMilli()
	key := wf + "-" + strconv.FormatInt(f.off, 10)
	o := projection.Op{
		Key: key, Workflow: wf, Tenant: tenant, TP: "t/0", Offset: f.off, At: strconv.FormatInt(ms, 10),
		Status: status, Stage: stage, Rank: rank,
		Entry: projection.Entry{EventID: key, Topic: "t", Type: "T", OccurredMs: ms, Offset: f.off},
	}
	for _, fn := range opts {
		fn(&o)
	}
	f.off++
	if _, err := f.s.Apply(context.Background(), []projection.Op{o}, map[string]int64{"t/0": f.off}); err != nil {
		f.t.Fatalf("apply %s: %v", key, err)
	}
}

func ids(ws []Workflow) []string {
	out := []string{}
	for _, w := range ws {
		out = append(out, w.ID)
	}
	return out
}

// listFixture: five workflows of two tenants.
//
//	a acme created 0    running classify updated 10
//	b acme created 60   waiting_review    updated 70
//	c beta created 120  queued ocr        updated 125
//	d acme created 180  completed ledger  updated 200
//	e beta created 240  running ledger    updated 900
func listFixture(t *testing.T) *Store {
	s := newStore(t)
	f := &feed{t: t, s: s}
	f.apply("a", "acme", 0, projection.StatusQueued, "ocr", 10)
	f.apply("a", "acme", 10, projection.StatusRunning, "classify", 20)
	f.apply("b", "acme", 60, projection.StatusQueued, "ocr", 10)
	f.apply("b", "acme", 70, projection.StatusWaitingReview, "review", 40)
	f.apply("c", "beta", 120, projection.StatusQueued, "ocr", 10)
	f.apply("c", "beta", 125, projection.StatusQueued, "ocr", 10)
	f.apply("d", "acme", 180, projection.StatusQueued, "ocr", 10)
	f.apply("d", "acme", 200, projection.StatusCompleted, "ledger", 60)
	f.apply("e", "beta", 240, projection.StatusQueued, "ocr", 10)
	f.apply("e", "beta", 900, projection.StatusRunning, "ledger", 30)
	return s
}

var stall = Stall{ByStage: map[string]time.Duration{"ocr": 10 * time.Minute, "classify": 2 * time.Minute, "ledger": 2 * time.Minute}, Default: 5 * time.Minute}

func TestListFilters(t *testing.T) {
	s := listFixture(t)
	at := func(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }
	cases := []struct {
		name string
		q    Query
		want []string
	}{
		{"all, newest first", Query{}, []string{"e", "d", "c", "b", "a"}},
		{"all, oldest first", Query{OldestFirst: true}, []string{"a", "b", "c", "d", "e"}},
		{"tenant", Query{Filter: Filter{Tenant: "acme"}}, []string{"d", "b", "a"}},
		{"status", Query{Filter: Filter{Status: projection.StatusRunning}}, []string{"e", "a"}},
		{"stage", Query{Filter: Filter{Stage: "ledger"}}, []string{"e", "d"}},
		{"tenant and status", Query{Filter: Filter{Tenant: "beta", Status: projection.StatusQueued}}, []string{"c"}},
		{"created range", Query{Filter: Filter{CreatedFrom: at(60), CreatedTo: at(240)}}, []string{"d", "c", "b"}},
		{"updated range", Query{Filter: Filter{UpdatedFrom: at(100), UpdatedTo: at(300)}}, []string{"d", "c"}},
		{"stalled at 20m", Query{Filter: Filter{Stalled: true}, Now: at(1200)}, []string{"e", "c", "a"}},
		{"stalled at 20m, oldest first", Query{Filter: Filter{Stalled: true}, Now: at(1200), OldestFirst: true}, []string{"a", "c", "e"}},
		{"stalled of a tenant", Query{Filter: Filter{Stalled: true, Tenant: "beta"}, Now: at(1200)}, []string{"e", "c"}},
		// At 16m e's ledger step (2m) is not overdue yet and c's ocr (10m) is.
		{"stalled at 16m", Query{Filter: Filter{Stalled: true}, Now: at(960)}, []string{"c", "a"}},
		{"stalled at 3m", Query{Filter: Filter{Stalled: true}, Now: at(180)}, []string{"a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := c.q
			q.Limit, q.Stall = 10, stall
			ws, next, err := s.List(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(ws); !reflect.DeepEqual(got, c.want) || next != "" {
				t.Fatalf("got %v (next %q), want %v", got, next, c.want)
			}
		})
	}
}

func TestListPages(t *testing.T) {
	s := listFixture(t)
	for _, q := range []Query{
		{Limit: 2},
		{Limit: 2, OldestFirst: true},
		{Limit: 2, Filter: Filter{Stalled: true}, Now: t0.Add(20 * time.Minute)},
	} {
		q.Stall = stall
		all := q
		all.Limit = 100
		want, _, err := s.List(context.Background(), all)
		if err != nil {
			t.Fatal(err)
		}
		var got [][]string
		for {
			ws, next, err := s.List(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, ids(ws))
			if next == "" {
				break
			}
			q.Cursor = next
		}
		var flat []string
		for i, p := range got {
			if len(p) != 2 && i < len(got)-1 {
				t.Fatalf("pages %v: a short page before the last", got)
			}
			flat = append(flat, p...)
		}
		if !reflect.DeepEqual(flat, ids(want)) {
			t.Fatalf("pages %v, want %v in pages of 2", got, ids(want))
		}
	}
}

// TestListPagesThroughTies pages through more workflows created at the
// same millisecond than one index read returns.
func TestListPagesThroughTies(t *testing.T) {
	s := newStore(t)
	f := &feed{t: t, s: s}
	const n = 2*listChunk + 50
	var want []string
	for i := range n {
		id := "w" + strconv.Itoa(1000+i)
		f.apply(id, "acme", 0, projection.StatusQueued, "ocr", 10)
		want = append(want, id)
	}
	for _, oldest := range []bool{true, false} {
		q := Query{Limit: 37, OldestFirst: oldest, Filter: Filter{Tenant: "acme"}}
		var got []string
		for {
			ws, next, err := s.List(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, ids(ws)...)
			if next == "" {
				break
			}
			q.Cursor = next
		}
		exp := append([]string(nil), want...)
		if !oldest {
			for i, j := 0, len(exp)-1; i < j; i, j = i+1, j-1 {
				exp[i], exp[j] = exp[j], exp[i]
			}
		}
		if !reflect.DeepEqual(got, exp) {
			t.Fatalf("oldest=%v: got %d ids %v..., want %d", oldest, len(got), got[:min(5, len(got))], len(exp))
		}
	}
}

func TestStats(t *testing.T) {
	s := newStore(t)
	f := &feed{t: t, s: s}
	auto := projection.Decision{DocumentType: "invoice", ModelVersion: "3", Auto: true}
	// w1 acme: happy path, ocr 5s, classify 2s, ledger 2s.
	f.apply("w1", "acme", 0, projection.StatusQueued, "ocr", 10, finishes("ingest"), starts("ocr"))
	f.apply("w1", "acme", 5, projection.StatusRunning, "classify", 20, finishes("ocr"), starts("classify"))
	f.apply("w1", "acme", 7, projection.StatusRunning, "ledger", 30, finishes("classify"), starts("ledger"), decides(auto))
	f.apply("w1", "acme", 9, projection.StatusCompleted, "ledger", 60, finishes("ledger"))
	// w2 acme: review path, ocr 2s, classify 1s, review 60s, ledger 1s.
	f.apply("w2", "acme", 60, projection.StatusQueued, "ocr", 10, finishes("ingest"), starts("ocr"))
	f.apply("w2", "acme", 62, projection.StatusRunning, "classify", 20, finishes("ocr"), starts("classify"))
	f.apply("w2", "acme", 63, projection.StatusWaitingReview, "review", 40, finishes("classify"), starts("review"),
		decides(projection.Decision{ModelVersion: "3", Review: true}))
	f.apply("w2", "acme", 123, projection.StatusRunning, "ledger", 50, finishes("review"), starts("ledger"),
		decides(projection.Decision{DocumentType: "contract"}))
	f.apply("w2", "acme", 124, projection.StatusCompleted, "ledger", 60, finishes("ledger"))
	// w3 beta: dead-lettered twice, parked.
	f.apply("w3", "beta", 120, projection.StatusQueued, "ocr", 10, finishes("ingest"), starts("ocr"))
	f.apply("w3", "beta", 130, projection.StatusRetrying, "ocr", 15, fails("ocr"))
	f.apply("w3", "beta", 140, projection.StatusParked, "ocr", 15, fails("ocr"))
	// w4 beta: rejected.
	f.apply("w4", "beta", 180, projection.StatusFailed, "ingest", 100, finishes("ingest"))
	// w5 acme: at classify since 1000s (ocr took 800s).
	f.apply("w5", "acme", 200, projection.StatusQueued, "ocr", 10, finishes("ingest"), starts("ocr"))
	f.apply("w5", "acme", 1000, projection.StatusRunning, "classify", 20, finishes("ocr"), starts("classify"))
	// w6 acme: queued at ocr since 1200s.
	f.apply("w6", "acme", 1200, projection.StatusQueued, "ocr", 10, finishes("ingest"), starts("ocr"))
	// w7 beta: dead-lettered once, then completed.
	f.apply("w7", "beta", 290, projection.StatusQueued, "ocr", 10)
	f.apply("w7", "beta", 300, projection.StatusRetrying, "ocr", 15, fails("ocr"))
	f.apply("w7", "beta", 400, projection.StatusCompleted, "ledger", 60)

	now := t0.Add(30 * time.Minute)
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	steps := func(ss ...StepStats) []StepStats { return ss }
	cases := []struct {
		name   string
		tenant string
		window time.Duration
		age    bool
		want   Stats
	}{
		{"all", "", time.Hour, true, Stats{
			From: t0.Add(-29 * time.Minute), To: now,
			Active: 2, Parked: 1, Started: 7, Completed: 3, Failed: 1, Ended: 4, EndedWithException: 1,
			DeadLetters: 3, Reviews: 1, Auto: 1,
			Steps: steps(
				StepStats{Step: "ingest", Finished: 6},
				StepStats{Step: "ocr", Finished: 3, P50: ms(5000), P95: ms(800000), P99: ms(800000), Waiting: 1, AgeP50: 600 * time.Second, AgeP95: 600 * time.Second, AgeP99: 600 * time.Second},
				StepStats{Step: "classify", Finished: 2, P50: ms(1000), P95: ms(2000), P99: ms(2000), Waiting: 1, AgeP50: 800 * time.Second, AgeP95: 800 * time.Second, AgeP99: 800 * time.Second},
				StepStats{Step: "review", Finished: 1, P50: ms(60000), P95: ms(60000), P99: ms(60000)},
				StepStats{Step: "ledger", Finished: 2, P50: ms(1000), P95: ms(2000), P99: ms(2000)},
			),
			Decisions: []DecisionCount{{"contract", "3", 1}, {"invoice", "3", 1}},
		}},
		{"one tenant", "beta", time.Hour, false, Stats{
			From: t0.Add(-29 * time.Minute), To: now,
			Active: 0, Parked: 1, Started: 3, Completed: 1, Failed: 1, Ended: 2, EndedWithException: 1, DeadLetters: 3,
			Steps: steps(StepStats{Step: "ingest", Finished: 2}, StepStats{Step: "ocr"}, StepStats{Step: "classify"}, StepStats{Step: "review"}, StepStats{Step: "ledger"}),
		}},
		{"last minute only: current figures", "", time.Minute, false, Stats{
			From: t0.Add(30 * time.Minute), To: now, Active: 2, Parked: 1,
			Steps: steps(StepStats{Step: "ingest"}, StepStats{Step: "ocr"}, StepStats{Step: "classify"}, StepStats{Step: "review"}, StepStats{Step: "ledger"}),
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := s.Stats(context.Background(), c.tenant, now, c.window, c.age)
			if err != nil {
				t.Fatal(err)
			}
			got.From, got.To = got.From.UTC(), got.To.UTC()
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("stats:\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
	all, _ := s.Stats(context.Background(), "", now, time.Hour, false)
	if all.ExceptionRate() != 0.25 || all.ReviewRate() != 0.5 {
		t.Fatalf("exception rate %v, review rate %v, want 0.25 and 0.5", all.ExceptionRate(), all.ReviewRate())
	}
}

func TestChangesResume(t *testing.T) {
	s := New(newStore(t).rdb, "t:", WithChangesMaxLen(100))
	ctx := context.Background()
	f := &feed{t: t, s: s}
	if err := s.KeepChanges(ctx); err != nil { // a watch is open
		t.Fatal(err)
	}
	if c, err := s.LastCursor(ctx); err != nil || c != "0-0" {
		t.Fatalf("last cursor of no changes %q %v, want 0-0", c, err)
	}
	f.apply("a", "acme", 0, projection.StatusQueued, "ocr", 10)
	f.apply("b", "beta", 1, projection.StatusQueued, "ocr", 10)
	f.apply("a", "acme", 2, projection.StatusRunning, "classify", 20)
	all, err := s.Changes(ctx, "0-0", 10)
	if err != nil {
		t.Fatal(err)
	}
	type ch struct{ wf, tenant, status, stage, event string }
	conv := func(cs []Change) []ch {
		out := []ch{}
		for _, c := range cs {
			out = append(out, ch{c.Workflow, c.Tenant, c.Status, c.Stage, c.Entry.EventID})
		}
		return out
	}
	want := []ch{{"a", "acme", "queued", "ocr", "a-0"}, {"b", "beta", "queued", "ocr", "b-1"}, {"a", "acme", "running", "classify", "a-2"}}
	if got := conv(all); !reflect.DeepEqual(got, want) {
		t.Fatalf("changes %+v, want %+v", got, want)
	}
	after, err := s.Changes(ctx, all[0].Cursor, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := conv(after); !reflect.DeepEqual(got, want[1:]) {
		t.Fatalf("changes after the first %+v, want %+v", got, want[1:])
	}
	if last, _ := s.LastCursor(ctx); last != all[2].Cursor {
		t.Fatalf("last cursor %s, want %s", last, all[2].Cursor)
	}
	// Enough changes that MAXLEN ~ 100 trims whole stream nodes.
	for i := range 400 {
		f.apply("bulk", "acme", 10+i, projection.StatusRunning, "ocr", 20)
	}
	if err := s.CheckCursor(ctx, all[0].Cursor); !errors.Is(err, ErrCursorExpired) {
		t.Fatalf("trimmed cursor: %v, want ErrCursorExpired", err)
	}
	last, _ := s.LastCursor(ctx)
	if err := s.CheckCursor(ctx, last); err != nil {
		t.Fatalf("latest cursor: %v", err)
	}
	if err := s.CheckCursor(ctx, "nope"); err == nil || errors.Is(err, ErrCursorExpired) {
		t.Fatalf("malformed cursor: %v, want a structural error", err)
	}
}

// TestChangesWrittenWhileKept: the change stream is written only while
// KeepChanges's lease holds; changes applied without it leave a gap, and a
// cursor from before the gap expires instead of skipping them.
func TestChangesWrittenWhileKept(t *testing.T) {
	const idle = 300 * time.Millisecond
	s := New(newStore(t).rdb, "t:", WithChangesIdle(idle))
	ctx := context.Background()
	f := &feed{t: t, s: s}
	stream := func() int64 {
		t.Helper()
		n, err := s.rdb.XLen(ctx, "t:changes").Result()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	f.apply("a", "acme", 0, projection.StatusQueued, "ocr", 10)
	if n := stream(); n != 0 {
		t.Fatalf("%d changes written with nothing watching, want 0", n)
	}
	if err := s.KeepChanges(ctx); err != nil {
		t.Fatal(err)
	}
	gap, err := s.LastCursor(ctx)
	if err != nil || gap == "0-0" {
		t.Fatalf("cursor after the unwritten change %q %v, want its gap", gap, err)
	}
	if err := s.CheckCursor(ctx, "0-0"); !errors.Is(err, ErrCursorExpired) {
		t.Fatalf("cursor from before the gap: %v, want ErrCursorExpired", err)
	}
	if err := s.CheckCursor(ctx, gap); err != nil {
		t.Fatalf("the gap's cursor: %v", err)
	}
	f.apply("b", "acme", 1, projection.StatusQueued, "ocr", 10)
	cs, err := s.Changes(ctx, gap, 10)
	if err != nil || len(cs) != 1 || cs[0].Workflow != "b" {
		t.Fatalf("changes while kept %+v %v, want b's", cs, err)
	}
	if _, err := s.Changes(ctx, "0-0", 10); !errors.Is(err, ErrCursorExpired) {
		t.Fatalf("changes read across the gap: %v, want ErrCursorExpired", err)
	}
	// The lease lapses: the next change is not written, and the next
	// KeepChanges marks it, so b's cursor expires.
	time.Sleep(idle + 100*time.Millisecond)
	f.apply("c", "acme", 2, projection.StatusQueued, "ocr", 10)
	if n := stream(); n != 2 {
		t.Fatalf("%d stream entries after the lease lapsed, want the gap and b's", n)
	}
	if err := s.KeepChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckCursor(ctx, cs[0].Cursor); !errors.Is(err, ErrCursorExpired) {
		t.Fatalf("cursor from before the second gap: %v, want ErrCursorExpired", err)
	}
	if _, err := s.Changes(ctx, cs[0].Cursor, 10); !errors.Is(err, ErrCursorExpired) {
		t.Fatalf("changes read across the second gap: %v, want ErrCursorExpired", err)
	}
	// Kept again without a change in between: no new gap.
	last, _ := s.LastCursor(ctx)
	if err := s.KeepChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.LastCursor(ctx); again != last {
		t.Fatalf("a second KeepChanges wrote %s after %s, want no entry", again, last)
	}

	// Idle 0: always written, KeepChanges does nothing.
	always := New(newStore(t).rdb, "u:", WithChangesIdle(0))
	(&feed{t: t, s: always}).apply("d", "acme", 3, projection.StatusQueued, "ocr", 10)
	if err := always.KeepChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if cs, err := always.Changes(ctx, "0-0", 10); err != nil || len(cs) != 1 || cs[0].Workflow != "d" {
		t.Fatalf("changes of a store that always writes them %+v %v, want d's", cs, err)
	}
}

func TestPurge(t *testing.T) {
	s := listFixture(t)
	f := &feed{t: t, s: s, off: 100}
	f.apply("x", "beta", 50, projection.StatusQueued, "ocr", 10)
	f.apply("x", "beta", 100, projection.StatusFailed, "ingest", 100)
	ctx := context.Background()
	at := func(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }

	// Two replicas purge at once: x (ended at 100s) goes exactly once.
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := s.Purge(ctx, at(150))
			if err != nil {
				t.Error(err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	if counts[0]+counts[1] != 1 {
		t.Fatalf("purged %v, want 1 in all", counts)
	}
	if _, err := s.Get(ctx, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("purged workflow: %v, want ErrNotFound", err)
	}
	if _, _, err := s.History(ctx, "x", 0, 10); !errors.Is(err, ErrNotFound) {
		t.Fatalf("purged history: %v, want ErrNotFound", err)
	}
	for _, k := range []string{"wf:x", "wf:x:history", "wf:x:applied"} {
		if n, _ := s.rdb.Exists(ctx, s.prefix+k).Result(); n != 0 {
			t.Errorf("key %s survived the purge", k)
		}
	}
	ws, _, err := s.List(ctx, Query{Limit: 10, Filter: Filter{Tenant: "beta"}})
	if err != nil || !reflect.DeepEqual(ids(ws), []string{"e", "c"}) {
		t.Fatalf("beta after purge %v %v, want [e c]", ids(ws), err)
	}
	if n, err := s.Purge(ctx, at(3600)); err != nil || n != 1 {
		t.Fatalf("second purge %d %v, want 1 (d)", n, err)
	}
	ws, _, _ = s.List(ctx, Query{Limit: 10})
	if !reflect.DeepEqual(ids(ws), []string{"e", "c", "b", "a"}) {
		t.Fatalf("after purges %v, want the live workflows e c b a", ids(ws))
	}
	st, err := s.Stats(ctx, "", at(3600), time.Minute, false)
	if err != nil || st.Active != 3 || st.WaitingReview != 1 {
		t.Fatalf("after purges %d active, %d waiting review, %v; want 3 (e c a) and 1 (b)", st.Active, st.WaitingReview, err)
	}
	counts2, _ := s.rdb.HGetAll(ctx, s.prefix+"counts").Result()
	if counts2["acme|completed"] != "0" || counts2["beta|failed"] != "0" {
		t.Fatalf("status counts after purges %v", counts2)
	}
}
