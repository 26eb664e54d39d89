package breaker_test

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/services/exception/internal/breaker"
)

func TestBreakerOpensAfterThresholdAndProbesAfterCooldown(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := breaker.Settings{Threshold: 3, Window: time.Minute, Cooldown: 10 * time.Second}
	// Two replicas' views of the same breakers.
	a, b := breaker.New(rdb, "test:breaker:", s), breaker.New(rdb, "test:breaker:", s)
	a.Now = func() time.Time { return now }
	b.Now = a.Now
	ctx := context.Background()

	allow := func(br *breaker.Breakers, svc string) breaker.Decision {
		t.Helper()
		d, err := br.Allow(ctx, svc)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	fail := func(br *breaker.Breakers, svc string) (bool, string) {
		t.Helper()
		o, st, err := br.Failure(ctx, svc)
		if err != nil {
			t.Fatal(err)
		}
		return o, st
	}

	if d := allow(a, "ocr"); d.Verdict != breaker.Pass || d.State != breaker.Closed {
		t.Fatalf("fresh breaker: %+v, want pass/closed", d)
	}
	// Failures outside one window do not add up.
	fail(a, "ocr")
	fail(b, "ocr")
	now = now.Add(time.Minute)
	if o, st := fail(a, "ocr"); o || st != breaker.Closed {
		t.Fatalf("third failure in a new window: opened=%v state=%s, want closed", o, st)
	}
	if o, st := fail(b, "ocr"); o || st != breaker.Closed {
		t.Fatalf("second failure in the window: opened=%v state=%s, want closed", o, st)
	}
	if o, st := fail(a, "ocr"); !o || st != breaker.Open {
		t.Fatalf("third failure in the window: opened=%v state=%s, want it opened", o, st)
	}
	// Open for both replicas, and only for that service.
	now = now.Add(4 * time.Second)
	if d := allow(b, "ocr"); d.Verdict != breaker.Deny || d.State != breaker.Open || d.Wait != 6*time.Second {
		t.Fatalf("open breaker: %+v, want deny for 6s more", d)
	}
	if d := allow(b, "ledger"); d.Verdict != breaker.Pass {
		t.Fatalf("other service's breaker: %+v, want pass", d)
	}
	if o, st := fail(a, "ocr"); o || st != breaker.Open {
		t.Fatalf("failure while open: opened=%v state=%s, want still open, not reopened", o, st)
	}

	// After the cool-down one probe goes, and only one.
	now = now.Add(6 * time.Second)
	if d := allow(a, "ocr"); d.Verdict != breaker.Probe || d.State != breaker.HalfOpen {
		t.Fatalf("after the cool-down: %+v, want a probe", d)
	}
	if d := allow(b, "ocr"); d.Verdict != breaker.Deny || d.State != breaker.HalfOpen || d.Wait != 10*time.Second {
		t.Fatalf("second ask while half-open: %+v, want deny for the probe's window", d)
	}
	// The probe fails: open again for a whole cool-down.
	now = now.Add(2 * time.Second)
	if o, st := fail(b, "ocr"); !o || st != breaker.Open {
		t.Fatalf("failed probe: opened=%v state=%s, want reopened", o, st)
	}
	if d := allow(a, "ocr"); d.Verdict != breaker.Deny || d.Wait != 10*time.Second {
		t.Fatalf("after a failed probe: %+v, want deny for 10s", d)
	}
	// Next probe goes unanswered for a cool-down: closed.
	now = now.Add(10 * time.Second)
	if d := allow(a, "ocr"); d.Verdict != breaker.Probe {
		t.Fatalf("second cool-down over: %+v, want a probe", d)
	}
	now = now.Add(9 * time.Second)
	if d := allow(b, "ocr"); d.Verdict != breaker.Deny {
		t.Fatalf("probe window open: %+v, want deny", d)
	}
	now = now.Add(time.Second)
	if d := allow(b, "ocr"); d.Verdict != breaker.Pass || d.State != breaker.Closed {
		t.Fatalf("probe not failed within the cool-down: %+v, want closed", d)
	}
	// Closed afresh: the count starts over.
	if o, st := fail(a, "ocr"); o || st != breaker.Closed {
		t.Fatalf("first failure after closing: opened=%v state=%s, want closed", o, st)
	}
	ttl, err := rdb.PTTL(ctx, a.Key("ocr")).Result()
	if err != nil || ttl <= 0 || ttl > time.Minute {
		t.Errorf("closed breaker key TTL %v (%v), want within the window", ttl, err)
	}
}

func TestSettingsValidate(t *testing.T) {
	for _, s := range []breaker.Settings{{0, time.Second, time.Second}, {1, 0, time.Second}, {1, time.Second, 0}} {
		if s.Validate() == nil {
			t.Errorf("%+v: Validate() = nil, want an error", s)
		}
	}
}
