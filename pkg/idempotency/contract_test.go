package idempotency

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
)

// backend is one Redis implementation the store runs on.
type backend struct {
	client *redis.Client
	// advance moves the server's clock forward by d: leases and TTLs
	// run out accordingly.
	advance func(t *testing.T, d time.Duration)
	// down makes the server unreachable.
	down func(t *testing.T)
}

// testLease is the short lease the suite uses for expiry: long enough for
// a claim and a few commands on a loaded machine, short enough to wait for
// on a real server.
const testLease = 200 * time.Millisecond

// pastLease is how far the suite advances the clock to let a testLease run
// out; the margin covers the server's millisecond rounding.
const pastLease = testLease + 50*time.Millisecond

// runContract runs the store's contract against the backend newBackend makes
// (a fresh, empty server for each case).
func runContract(t *testing.T, newBackend func(t *testing.T) backend) {
	t.Run("claim complete lookup", func(t *testing.T) { testClaimCompleteLookup(t, newBackend(t)) })
	t.Run("exactly one of 50 concurrent claimers", func(t *testing.T) { testConcurrentClaims(t, newBackend(t)) })
	t.Run("expired lease is taken over with a larger token", func(t *testing.T) { testTakeover(t, newBackend(t)) })
	t.Run("reclaim from a dead incarnation", func(t *testing.T) { testReclaim(t, newBackend(t)) })
	t.Run("stale token cannot overwrite", func(t *testing.T) { testStaleComplete(t, newBackend(t)) })
	t.Run("release lets another claim at once", func(t *testing.T) { testRelease(t, newBackend(t)) })
	t.Run("extend keeps the claim", func(t *testing.T) { testExtend(t, newBackend(t)) })
	t.Run("ttl", func(t *testing.T) { testTTL(t, newBackend(t)) })
	t.Run("lookup", func(t *testing.T) { testLookup(t, newBackend(t)) })
	t.Run("batches take one round trip", func(t *testing.T) { testOneRoundTrip(t, newBackend(t)) })
	t.Run("processed marks", func(t *testing.T) { testProcessedMarks(t, newBackend(t)) })
	t.Run("script cache flushed", func(t *testing.T) { testScriptFlush(t, newBackend(t)) })
	t.Run("invalid input is structural", func(t *testing.T) { testStructural(t, newBackend(t)) })
	t.Run("redis down is transient", func(t *testing.T) { testRedisDown(t, newBackend(t)) })
}

func mustClaim(t *testing.T, s *Store, k Key, owner string, want State) Claim {
	t.Helper()
	c, err := s.Claim(t.Context(), k, owner)
	if err != nil {
		t.Fatalf("Claim(%s, %s): %v", k, owner, err)
	}
	if c.State != want {
		t.Fatalf("Claim(%s, %s).State = %s, want %s (claim %+v)", k, owner, c.State, want, c)
	}
	return c
}

func mustLookup(t *testing.T, s *Store, k Key) Record {
	t.Helper()
	rec, ok, err := s.Lookup(t.Context(), k)
	if err != nil {
		t.Fatalf("Lookup(%s): %v", k, err)
	}
	if ok != (rec.State != Absent) {
		t.Fatalf("Lookup(%s) ok = %v with state %s", k, ok, rec.State)
	}
	return rec
}

func testClaimCompleteLookup(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client)
	k := Key{"ocr", "evt-1"}

	if _, ok, err := s.Lookup(ctx, k); err != nil || ok {
		t.Fatalf("Lookup before any claim = ok %v, err %v; want no record", ok, err)
	}
	before := time.Now()
	a := mustClaim(t, s, k, "worker-a", Acquired)
	if a.Token != 1 || a.Owner != "worker-a" || a.TookOver {
		t.Errorf("first claim = %+v, want token 1, owner worker-a, no takeover", a)
	}
	if d := a.LeaseUntil.Sub(before); d < DefaultLease-time.Second || d > DefaultLease+time.Second {
		t.Errorf("LeaseUntil is %s after the claim, want about %s", d, DefaultLease)
	}
	rec := mustLookup(t, s, k)
	if rec.State != Held || rec.Token != 1 || rec.Owner != "worker-a" || !rec.LeaseUntil.Equal(a.LeaseUntil) {
		t.Errorf("Lookup while claimed = %+v, want held by worker-a with token 1 until %v", rec, a.LeaseUntil)
	}

	held := mustClaim(t, s, k, "worker-b", Held)
	if held.Token != 1 || held.Owner != "worker-a" || !held.LeaseUntil.Equal(a.LeaseUntil) {
		t.Errorf("second claim = %+v, want held by worker-a, token 1", held)
	}

	if err := s.Complete(ctx, k, a.Token, []byte("text-ref")); err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if err := s.Complete(ctx, k, a.Token, []byte("text-ref")); err != nil {
		t.Errorf("repeated Complete with the same token and result: %v, want nil", err)
	}
	if err := s.Complete(ctx, k, a.Token, []byte("other")); !errors.Is(err, ErrFenced) {
		t.Errorf("Complete of a completed key with another result: %v, want ErrFenced", err)
	}
	done := mustClaim(t, s, k, "worker-c", Completed)
	if string(done.Result) != "text-ref" || done.Token != 1 || done.Owner != "worker-a" || done.CompletedAt.IsZero() {
		t.Errorf("claim of a completed key = %+v, want result text-ref by worker-a, token 1", done)
	}
	rec = mustLookup(t, s, k)
	if rec.State != Completed || string(rec.Result) != "text-ref" || rec.Token != 1 || rec.Source != "" {
		t.Errorf("Lookup after Complete = %+v, want completed with text-ref", rec)
	}
	if d := time.Since(rec.CompletedAt); d < -time.Second || d > 10*time.Second {
		t.Errorf("CompletedAt = %v, want about now", rec.CompletedAt)
	}
	if err := s.Release(ctx, k, a.Token); err != nil {
		t.Errorf("Release after own Complete: %v, want nil", err)
	}
	if got := mustLookup(t, s, k); got.State != Completed {
		t.Errorf("state after Release of a completed key = %s, want completed", got.State)
	}

	// Keys of other services and ids are independent.
	mustClaim(t, s, Key{"classifier", "evt-1"}, "worker-a", Acquired)
	mustClaim(t, s, Key{"ocr", "evt-2"}, "worker-a", Acquired)
	// A prefix separates stores sharing a server.
	mustClaim(t, New(b.client, KeyPrefix("other")), k, "worker-a", Acquired)
}

func testConcurrentClaims(t *testing.T, b backend) {
	const claimers = 50
	s := New(b.client)
	k := Key{"ledger", "wf-42"}
	var (
		start   = make(chan struct{})
		wg      sync.WaitGroup
		claims  [claimers]Claim
		errs    [claimers]error
		winners atomic.Int32
	)
	for i := range claimers {
		wg.Go(func() {
			<-start
			claims[i], errs[i] = s.Claim(context.Background(), k, "worker-"+strconv.Itoa(i))
			if errs[i] == nil && claims[i].State == Acquired {
				winners.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	if n := winners.Load(); n != 1 {
		t.Fatalf("%d claimers acquired the key, want exactly 1", n)
	}
	var winner Claim
	for i, c := range claims {
		if errs[i] != nil {
			t.Fatalf("claimer %d: %v", i, errs[i])
		}
		if c.State == Acquired {
			winner = c
		}
	}
	for i, c := range claims {
		if c.State == Acquired {
			continue
		}
		if c.State != Held || c.Token != winner.Token || c.Owner != winner.Owner {
			t.Errorf("claimer %d got %+v, want held by %s with token %d", i, c, winner.Owner, winner.Token)
		}
	}
	if winner.Token != 1 {
		t.Errorf("winner's token = %d, want 1", winner.Token)
	}
}

func testTakeover(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client, Lease(testLease))
	k := Key{"ocr", "evt-crash"}
	a := mustClaim(t, s, k, "crashed", Acquired)
	b.advance(t, pastLease)

	rec := mustLookup(t, s, k)
	if rec.State != Expired || rec.Owner != "crashed" || rec.Token != a.Token {
		t.Errorf("Lookup after the lease ran out = %+v, want expired claim of crashed", rec)
	}
	// The rescuer's lease is long, so that the checks below cannot race it.
	long := New(b.client)
	took := mustClaim(t, long, k, "rescuer", Acquired)
	if !took.TookOver || took.Token <= a.Token || took.Owner != "rescuer" {
		t.Errorf("takeover = %+v, want TookOver by rescuer with a token above %d", took, a.Token)
	}
	mustClaim(t, s, k, "third", Held)

	for name, err := range map[string]error{
		"Complete": s.Complete(ctx, k, a.Token, []byte("late")),
		"Release":  s.Release(ctx, k, a.Token),
		"Extend":   func() error { _, err := s.Extend(ctx, k, a.Token, time.Minute); return err }(),
	} {
		if !errors.Is(err, ErrFenced) {
			t.Errorf("%s with the crashed claimer's token: %v, want ErrFenced", name, err)
		}
		if fault.ClassOf(err) != fault.Transient {
			t.Errorf("%s: ErrFenced must stay retryable (class %s): %v", name, fault.ClassOf(err), err)
		}
	}
	// Each further takeover raises the token again.
	k2 := Key{"ocr", "evt-crash-twice"}
	first := mustClaim(t, s, k2, "crash-1", Acquired)
	b.advance(t, pastLease)
	second := mustClaim(t, s, k2, "crash-2", Acquired)
	b.advance(t, pastLease)
	third := mustClaim(t, long, k2, "survivor", Acquired)
	if !(first.Token < second.Token && second.Token < third.Token) || !second.TookOver || !third.TookOver {
		t.Errorf("tokens over two takeovers = %d, %d, %d, want strictly increasing takeovers", first.Token, second.Token, third.Token)
	}
	if err := s.Complete(ctx, k2, third.Token, []byte("done")); err != nil {
		t.Fatalf("Complete by the last owner: %v", err)
	}
}

func testReclaim(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client)
	k := Key{"ocr", "doc-restarted"}
	dead := mustClaim(t, s, k, "ocr-0#1", Acquired)
	mustClaim(t, s, k, "ocr-0#2", Held)
	// Naming another holder as stale takes nothing.
	if c, err := s.Reclaim(ctx, k, "ocr-0#2", "ocr-1#1"); err != nil || c.State != Held || c.Owner != "ocr-0#1" {
		t.Fatalf("Reclaim naming a holder that is not holding = %+v, %v; want Held by ocr-0#1", c, err)
	}
	c, err := s.Reclaim(ctx, k, "ocr-0#2", "ocr-0#1")
	if err != nil || c.State != Acquired || !c.TookOver || c.Token <= dead.Token || c.Owner != "ocr-0#2" {
		t.Fatalf("Reclaim from the dead incarnation = %+v, %v; want a takeover with a larger token", c, err)
	}
	if err := s.Complete(ctx, k, dead.Token, []byte("late")); !errors.Is(err, ErrFenced) {
		t.Errorf("Complete by the reclaimed incarnation: %v, want ErrFenced", err)
	}
	if err := s.Complete(ctx, k, c.Token, []byte("done")); err != nil {
		t.Fatalf("Complete after Reclaim: %v", err)
	}
	if c, err := s.Reclaim(ctx, k, "ocr-0#3", "ocr-0#2"); err != nil || c.State != Completed || string(c.Result) != "done" {
		t.Errorf("Reclaim of a completed key = %+v, %v; want its result", c, err)
	}
	if _, err := s.Reclaim(ctx, k, "ocr-0#3", "ocr-0#3"); err == nil {
		t.Error("Reclaim from oneself must be refused")
	}
}

func testStaleComplete(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client, Lease(testLease))
	k := Key{"ledger", "wf-zombie"}
	zombie := mustClaim(t, s, k, "zombie", Acquired)
	b.advance(t, pastLease)
	fresh := mustClaim(t, New(b.client), k, "fresh", Acquired)

	// While the new owner works, and after it completed.
	err := s.Complete(ctx, k, zombie.Token, []byte("zombie-result"))
	if !errors.Is(err, ErrFenced) {
		t.Fatalf("stale Complete while the key is held anew: %v, want ErrFenced", err)
	}
	if err := s.Complete(ctx, k, fresh.Token, []byte("fresh-result")); err != nil {
		t.Fatalf("Complete by the new owner: %v", err)
	}
	err = s.Complete(ctx, k, zombie.Token, []byte("zombie-result"))
	if !errors.Is(err, ErrFenced) {
		t.Fatalf("stale Complete after the key was completed: %v, want ErrFenced", err)
	}
	rec := mustLookup(t, s, k)
	if string(rec.Result) != "fresh-result" || rec.Token != fresh.Token || rec.Owner != "fresh" {
		t.Errorf("record = %+v, want fresh's result and token", rec)
	}
	// A token nobody was given is fenced too.
	if err := s.Complete(ctx, Key{"ledger", "never-claimed"}, 1, nil); !errors.Is(err, ErrFenced) {
		t.Errorf("Complete of a key never claimed: %v, want ErrFenced", err)
	}
}

func testRelease(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client) // default 30s lease: only Release can free the key in time
	k := Key{"ocr", "evt-fail"}
	a := mustClaim(t, s, k, "a", Acquired)
	if err := s.Release(ctx, k, a.Token); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if err := s.Release(ctx, k, a.Token); err != nil {
		t.Errorf("repeated Release: %v, want nil", err)
	}
	if rec := mustLookup(t, s, k); rec.State != Released || rec.Token != a.Token {
		t.Errorf("Lookup after Release = %+v, want released at token %d", rec, a.Token)
	}
	retry := mustClaim(t, s, k, "b", Acquired)
	if retry.Token <= a.Token || retry.TookOver {
		t.Errorf("claim after Release = %+v, want a token above %d and no takeover", retry, a.Token)
	}
	if err := s.Release(ctx, k, a.Token); !errors.Is(err, ErrFenced) {
		t.Errorf("Release with the old token: %v, want ErrFenced", err)
	}
	if err := s.Complete(ctx, k, a.Token, nil); !errors.Is(err, ErrFenced) {
		t.Errorf("Complete with the released token: %v, want ErrFenced", err)
	}
	mustClaim(t, s, k, "c", Held)
}

func testExtend(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client, Lease(testLease))
	k := Key{"ocr", "evt-long"}
	a := mustClaim(t, s, k, "slow", Acquired)
	until, err := s.Extend(ctx, k, a.Token, 10*time.Second)
	if err != nil {
		t.Fatalf("Extend: %v", err)
	}
	if d := until.Sub(a.LeaseUntil); d < 9*time.Second {
		t.Errorf("Extend moved the lease by %s, want about 10s", d)
	}
	b.advance(t, pastLease)
	mustClaim(t, s, k, "other", Held)
	if rec := mustLookup(t, s, k); rec.State != Held || !rec.LeaseUntil.Equal(until) {
		t.Errorf("Lookup after Extend = %+v, want held until %v", rec, until)
	}
	if err := s.Complete(ctx, k, a.Token, []byte("ok")); err != nil {
		t.Fatalf("Complete after Extend: %v", err)
	}
	if _, err := s.Extend(ctx, k, a.Token, time.Second); !errors.Is(err, ErrFenced) {
		t.Errorf("Extend of a completed key: %v, want ErrFenced", err)
	}
	// A lease that ran out may still be extended while nobody took over.
	k2 := Key{"ocr", "evt-late"}
	c := mustClaim(t, s, k2, "late", Acquired)
	b.advance(t, pastLease)
	if _, err := s.Extend(ctx, k2, c.Token, time.Minute); err != nil {
		t.Errorf("Extend of an expired but untaken claim: %v", err)
	}
	mustClaim(t, s, k2, "other", Held)
}

func testTTL(t *testing.T, b backend) {
	ctx := t.Context()
	const ttl = time.Hour
	s := New(b.client, TTL(ttl), Lease(time.Minute))
	k := Key{"ocr", "evt-ttl"}
	rk, _ := s.redisKey(k)
	pttl := func() time.Duration {
		t.Helper()
		d, err := b.client.PTTL(ctx, rk).Result()
		if err != nil {
			t.Fatalf("PTTL: %v", err)
		}
		return d
	}
	c := mustClaim(t, s, k, "a", Acquired)
	if d := pttl(); d <= ttl || d > ttl+time.Minute {
		t.Errorf("TTL of a claimed key = %s, want lease + TTL (%s)", d, ttl+time.Minute)
	}
	if err := s.Complete(ctx, k, c.Token, []byte("r")); err != nil {
		t.Fatal(err)
	}
	if d := pttl(); d <= ttl-time.Minute || d > ttl {
		t.Errorf("TTL of a completed key = %s, want about %s", d, ttl)
	}

	// The record goes away when the TTL runs out.
	short := New(b.client, TTL(testLease), Lease(testLease))
	k3 := Key{"ocr", "evt-short"}
	c3 := mustClaim(t, short, k3, "a", Acquired)
	if err := short.Complete(ctx, k3, c3.Token, []byte("r")); err != nil {
		t.Fatal(err)
	}
	b.advance(t, pastLease)
	if rec := mustLookup(t, short, k3); rec.State != Absent {
		t.Errorf("record after its TTL = %+v, want none", rec)
	}
	mustClaim(t, short, k3, "b", Acquired)
}

func testLookup(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client)
	keys := []Key{{"ocr", "done"}, {"ocr", "held"}, {"ocr", "absent"}, {"ocr", "released"}, {"classifier", "done"}}
	c := mustClaim(t, s, keys[0], "a", Acquired)
	if err := s.Complete(ctx, keys[0], c.Token, []byte("r0")); err != nil {
		t.Fatal(err)
	}
	h := mustClaim(t, s, keys[1], "b", Acquired)
	r := mustClaim(t, s, keys[3], "c", Acquired)
	if err := s.Release(ctx, keys[3], r.Token); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		state  State
		token  int64
		owner  string
		result string
	}{
		{Completed, c.Token, "a", "r0"},
		{Held, h.Token, "b", ""},
		{Absent, 0, "", ""},
		{Released, r.Token, "c", ""},
		{Absent, 0, "", ""}, // same id, another service
	}
	for i, w := range want {
		got, ok, err := s.Lookup(ctx, keys[i])
		if err != nil {
			t.Fatalf("Lookup(%s): %v", keys[i], err)
		}
		if ok != (w.state != Absent) || got.Key != keys[i] || got.State != w.state || got.Token != w.token ||
			got.Owner != w.owner || string(got.Result) != w.result {
			t.Errorf("Lookup(%s) = %+v, %v; want %s, token %d, owner %q, result %q", keys[i], got, ok, w.state, w.token, w.owner, w.result)
		}
		if (w.state == Held) == got.LeaseUntil.IsZero() {
			t.Errorf("Lookup(%s).LeaseUntil = %v, want set only while held", keys[i], got.LeaseUntil)
		}
		if (w.state == Completed) == got.CompletedAt.IsZero() {
			t.Errorf("Lookup(%s).CompletedAt = %v, want set only when completed", keys[i], got.CompletedAt)
		}
	}
}

// roundTrips counts the client's commands and pipelines, less the HELLO
// and CLIENT a new connection starts with.
type roundTrips struct{ commands, pipelines atomic.Int32 }

func (r *roundTrips) DialHook(next redis.DialHook) redis.DialHook { return next }

func (r *roundTrips) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if n := cmd.Name(); n != "hello" && n != "client" {
			r.commands.Add(1)
		}
		return next(ctx, cmd)
	}
}

func (r *roundTrips) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		r.pipelines.Add(1)
		return next(ctx, cmds)
	}
}

// testOneRoundTrip: the runtime's per-batch calls, MarkProcessed and
// ProcessedMany, each take one round trip for the whole batch.
func testOneRoundTrip(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client)
	items := make([]Item, 100)
	keys := make([]Key, len(items))
	for i := range items {
		keys[i] = Key{"ocr", fmt.Sprintf("evt-%03d", i)}
		items[i] = Item{Key: keys[i], Result: []byte("r"), Source: "s"}
	}
	var rt roundTrips
	b.client.AddHook(&rt)
	if _, err := s.MarkProcessed(ctx, items); err != nil {
		t.Fatalf("MarkProcessed: %v", err)
	}
	if c, p := rt.commands.Load(), rt.pipelines.Load(); c != 0 || p != 1 {
		t.Errorf("MarkProcessed of 100 new keys sent %d commands and %d pipelines, want 0 and 1", c, p)
	}
	rt.commands.Store(0)
	rt.pipelines.Store(0)
	if _, err := s.ProcessedMany(ctx, keys); err != nil {
		t.Fatalf("ProcessedMany: %v", err)
	}
	if c, p := rt.commands.Load(), rt.pipelines.Load(); c != 1 || p != 0 {
		t.Errorf("ProcessedMany of 100 keys sent %d commands and %d pipelines, want 1 (MGET) and 0", c, p)
	}
}

func testScriptFlush(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client)
	k := Key{"ocr", "evt-flush"}
	mustClaim(t, s, Key{"ocr", "warm-up"}, "a", Acquired)
	if err := b.client.ScriptFlush(ctx).Err(); err != nil {
		t.Fatalf("SCRIPT FLUSH: %v", err)
	}
	c := mustClaim(t, s, k, "a", Acquired)
	if err := b.client.ScriptFlush(ctx).Err(); err != nil {
		t.Fatalf("SCRIPT FLUSH: %v", err)
	}
	if err := s.Complete(ctx, k, c.Token, []byte("r")); err != nil {
		t.Fatalf("Complete after SCRIPT FLUSH: %v", err)
	}
	if err := b.client.ScriptFlush(ctx).Err(); err != nil {
		t.Fatalf("SCRIPT FLUSH: %v", err)
	}
	if got := mustClaim(t, s, k, "b", Completed); string(got.Result) != "r" {
		t.Errorf("Claim after SCRIPT FLUSH = %+v, want completed with r", got)
	}
}

func testStructural(t *testing.T, b backend) {
	ctx := t.Context()
	s := New(b.client)
	for _, k := range []Key{{"", "id"}, {"svc", ""}, {"a:b", "id"}} {
		_, err := s.Claim(ctx, k, "x")
		if !errors.Is(err, ErrInvalidKey) || fault.ClassOf(err) != fault.Structural {
			t.Errorf("Claim(%q): %v, want a structural ErrInvalidKey", k, err)
		}
	}
	if _, _, err := s.Lookup(ctx, Key{"", "x"}); !errors.Is(err, ErrInvalidKey) || fault.ClassOf(err) != fault.Structural {
		t.Errorf("Lookup with an invalid key: %v, want a structural ErrInvalidKey", err)
	}
	// A key holding something else is a structural failure.
	k := Key{"ocr", "not-a-hash"}
	rk, _ := s.redisKey(k)
	if err := b.client.Set(ctx, rk, "x", 0).Err(); err != nil {
		t.Fatal(err)
	}
	_, err := s.Claim(ctx, k, "x")
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Class != fault.Structural {
		t.Errorf("Claim of a string key: %v, want a structural fault", err)
	}
	if _, _, err := s.Lookup(ctx, k); fault.ClassOf(err) != fault.Structural {
		t.Errorf("Lookup of a string key: %v, want a structural fault", err)
	}
}

func testRedisDown(t *testing.T, b backend) {
	k := Key{"ocr", "evt-down"}
	c := mustClaim(t, New(b.client), k, "a", Acquired)
	// A client that gives up at once, so that the failure is the refused
	// connection and not a deadline.
	fast := redis.NewClient(&redis.Options{
		Addr: b.client.Options().Addr, MaxRetries: -1, DialerRetries: 1, DisableIdentity: true,
	})
	defer fast.Close()
	s := New(fast)
	b.down(t)
	ops := map[string]func(ctx context.Context) error{
		"Claim":         func(ctx context.Context) error { _, err := s.Claim(ctx, k, "b"); return err },
		"Complete":      func(ctx context.Context) error { return s.Complete(ctx, k, c.Token, nil) },
		"Release":       func(ctx context.Context) error { return s.Release(ctx, k, c.Token) },
		"Extend":        func(ctx context.Context) error { _, err := s.Extend(ctx, k, c.Token, time.Second); return err },
		"Lookup":        func(ctx context.Context) error { _, _, err := s.Lookup(ctx, k); return err },
		"ProcessedMany": func(ctx context.Context) error { _, err := s.ProcessedMany(ctx, []Key{k, k}); return err },
		"MarkProcessed": func(ctx context.Context) error { _, err := s.MarkProcessed(ctx, []Item{{Key: k}}); return err },
	}
	for name, op := range ops {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		err := op(ctx)
		cancel()
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Class != fault.Transient || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s with Redis down: %v, want a fault.Transient connection error", name, err)
		}
	}
}
