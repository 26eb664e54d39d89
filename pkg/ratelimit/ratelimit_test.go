package ratelimit_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/ratelimit"
)

// clock is a clock the test moves by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Two limiters, as two replicas would hold, on one Redis share one budget
// per key: the admissions they grant together are exactly the rate's.
func TestTwoLimitersShareOneBudget(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	a, b := ratelimit.New(rdb, "test:rl:"), ratelimit.New(rdb, "test:rl:")
	a.Now, b.Now = clk.Now, clk.Now
	ctx := context.Background()
	rate := ratelimit.Rate{PerSecond: 10, Burst: 10}

	take := func(l *ratelimit.Limiter, key string, want int) ratelimit.Result {
		t.Helper()
		r, err := l.Take(ctx, key, rate, want)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// A full burst, asked for one at a time, alternately.
	admitted := 0
	for i := range 30 {
		l := a
		if i%2 == 1 {
			l = b
		}
		admitted += take(l, "ocr", 1).Admitted
	}
	if admitted != 10 {
		t.Fatalf("admitted %d of 30 at one instant, want the burst of 10", admitted)
	}
	if r := take(b, "ocr", 1); r.Admitted != 0 || r.RetryAfter != 100*time.Millisecond {
		t.Fatalf("after the burst: %+v, want 0 admitted and one interval (100ms) to wait", r)
	}
	// Another key has its own budget.
	if r := take(a, "ledger", 25); r.Admitted != 10 {
		t.Fatalf("other key: admitted %d, want 10", r.Admitted)
	}

	// 350ms later: three intervals have passed, three more fit.
	clk.Advance(350 * time.Millisecond)
	if r := take(a, "ocr", 2); r.Admitted != 2 || r.RetryAfter != 0 {
		t.Fatalf("after 350ms, first take: %+v, want 2 admitted and no wait", r)
	}
	if r := take(b, "ocr", 5); r.Admitted != 1 || r.RetryAfter != 50*time.Millisecond {
		t.Fatalf("after 350ms, second take: %+v, want 1 admitted and 50ms to wait", r)
	}

	// Over 10 seconds of steady asking, the two together get 10/s.
	admitted = 0
	for i := range 100 {
		clk.Advance(100 * time.Millisecond)
		l := a
		if i%2 == 1 {
			l = b
		}
		admitted += take(l, "ocr", 3).Admitted
	}
	if admitted != 100 {
		t.Fatalf("admitted %d over 10s, want 100", admitted)
	}

	// A quiet period refills the burst, and no more.
	clk.Advance(time.Minute)
	if r := take(a, "ocr", 50); r.Admitted != 10 {
		t.Fatalf("after a quiet minute: admitted %d, want the burst of 10", r.Admitted)
	}
	ttl, err := rdb.PTTL(ctx, a.Key("ocr")).Result()
	if err != nil || ttl <= 0 || ttl > 1001*time.Millisecond {
		t.Errorf("budget key TTL %v (%v), want at most the time to drain the burst", ttl, err)
	}
}

func TestConcurrentTakesNeverOverAdmit(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	rate := ratelimit.Rate{PerSecond: 3, Burst: 7}
	var wg sync.WaitGroup
	var mu sync.Mutex
	admitted := 0
	for i := range 8 {
		l := ratelimit.New(rdb, "test:rl:")
		l.Now = clk.Now
		wg.Go(func() {
			for range 20 {
				r, err := l.Take(context.Background(), "svc", rate, 1+i%3)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				admitted += r.Admitted
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if admitted != 7 {
		t.Fatalf("admitted %d under contention at one instant, want the burst of 7", admitted)
	}
}

func TestRateValidate(t *testing.T) {
	for _, r := range []ratelimit.Rate{{0, 1}, {-1, 1}, {1, 0}, {2e6, 1}} {
		if r.Validate() == nil {
			t.Errorf("%+v: Validate() = nil, want an error", r)
		}
	}
	if err := (ratelimit.Rate{PerSecond: 0.5, Burst: 1}).Validate(); err != nil {
		t.Errorf("0.5/s: %v", err)
	}
}

func BenchmarkTake(b *testing.B) {
	rdb := dockettest.RedisClient(b, dockettest.Redis(b))
	l := ratelimit.New(rdb, "bench:rl:")
	rate := ratelimit.Rate{PerSecond: 1e6, Burst: 1 << 20}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := l.Take(ctx, fmt.Sprintf("svc%d", i%6), rate, 10); err != nil {
			b.Fatal(err)
		}
	}
}
