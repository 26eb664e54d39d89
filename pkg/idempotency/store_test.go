package idempotency

import (
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"go.uber.org/goleak"

	"github.com/docket-run/docket/pkg/dockettest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// realRedis is a real redis-server per case; its clock is the wall clock.
func realRedis(t *testing.T) backend {
	srv := dockettest.Redis(t)
	return backend{
		client:  dockettest.RedisClient(t, srv),
		advance: func(_ *testing.T, d time.Duration) { time.Sleep(d) },
		down:    func(*testing.T) { srv.Kill() },
	}
}

// fakeRedis is miniredis on a clock the test moves: SetTime for the TIME
// command the scripts read, FastForward for the TTLs.
func fakeRedis(t *testing.T) backend {
	m := miniredis.RunT(t)
	var mu sync.Mutex
	now := time.Now()
	m.SetTime(now)
	c := redis.NewClient(&redis.Options{Addr: m.Addr(), DisableIdentity: true})
	t.Cleanup(func() { _ = c.Close() })
	return backend{
		client: c,
		advance: func(_ *testing.T, d time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			now = now.Add(d)
			m.SetTime(now)
			m.FastForward(d)
		},
		down: func(*testing.T) { m.Close() },
	}
}

func TestStoreRedis(t *testing.T)     { runContract(t, realRedis) }
func TestStoreMiniredis(t *testing.T) { runContract(t, fakeRedis) }

// A call the client repeats after a lost reply (go-redis retries on network
// errors) recognises its own write by the nonce.
func TestRetriedCallsRecogniseTheirWrites(t *testing.T) {
	b := fakeRedis(t)
	ctx := t.Context()
	s := New(b.client)
	k := Key{"ocr", "evt-retry"}
	first, err := s.claim(ctx, k, "a", "nonce-1", "")
	if err != nil || first.State != Acquired {
		t.Fatalf("claim = %+v, %v; want acquired", first, err)
	}
	again, err := s.claim(ctx, k, "a", "nonce-1", "")
	if err != nil || again.State != Acquired || again.Token != first.Token {
		t.Errorf("retried claim = %+v, %v; want acquired with token %d", again, err, first.Token)
	}
	if other, _ := s.claim(ctx, k, "a", "nonce-2", ""); other.State != Held {
		t.Errorf("another claim by the same owner = %+v, want held", other)
	}
}

func TestNewPanicsOnInvalidOptions(t *testing.T) {
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	defer c.Close()
	for name, f := range map[string]func(){
		"nil client":   func() { New(nil) },
		"zero TTL":     func() { New(c, TTL(0)) },
		"tiny lease":   func() { New(c, Lease(time.Microsecond)) },
		"empty prefix": func() { New(c, KeyPrefix("")) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("New did not panic")
				}
			}()
			f()
		})
	}
}

func TestStateString(t *testing.T) {
	for s, want := range map[State]string{Absent: "absent", Acquired: "acquired", Held: "held",
		Completed: "completed", Released: "released", Expired: "expired", State(42): "State(42)"} {
		if got := s.String(); got != want {
			t.Errorf("State(%d).String() = %q, want %q", s, got, want)
		}
	}
}

// Records survive a crash of redis-server (its append-only file) and the
// store carries on once it is back.
func TestStoreSurvivesRedisCrash(t *testing.T) {
	srv := dockettest.Redis(t)
	s := New(dockettest.RedisClient(t, srv))
	ctx := t.Context()
	done, held := Key{"ocr", "evt-done"}, Key{"ocr", "evt-held"}
	c, err := s.Claim(ctx, done, "a")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Complete(ctx, done, c.Token, []byte("r")); err != nil {
		t.Fatal(err)
	}
	h, err := s.Claim(ctx, held, "b")
	if err != nil {
		t.Fatal(err)
	}
	srv.Kill()
	if err := srv.Restart(ctx); err != nil {
		t.Fatalf("Restart: %v", err)
	}
	for _, w := range []struct {
		key   Key
		state State
		token int64
	}{{done, Completed, c.Token}, {held, Held, h.Token}} {
		rec, _, err := s.Lookup(ctx, w.key)
		if err != nil {
			t.Fatalf("Lookup(%s) after the crash: %v", w.key, err)
		}
		if rec.State != w.state || rec.Token != w.token {
			t.Errorf("record of %s after the crash = %+v, want %s with token %d", w.key, rec, w.state, w.token)
		}
		if w.state == Completed && string(rec.Result) != "r" {
			t.Errorf("result of %s after the crash = %q, want r", w.key, rec.Result)
		}
	}
	if err := s.Complete(ctx, held, h.Token, []byte("r2")); err != nil {
		t.Errorf("Complete after the crash: %v", err)
	}
}
