package redeliver_test

import (
	"context"
	"log/slog"
	"strconv"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/services/exception/internal/breaker"
	"github.com/docket-run/docket/services/exception/internal/metrics"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/redeliver"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// The scheduler redelivers each service's due records within its shared
// rate, spreading the held-back ones over the following slots; an open
// breaker holds them all back until its cool-down ends, then lets one probe
// through, then, with no failure for a cool-down, all of them again.
func TestSchedulerRateLimitAndBreaker(t *testing.T) {
	k := dockettest.NewKafka(t, 1, []string{events.RetryTopic("ocr"), events.RetryTopic("ledger")})
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	now := t0
	clock := func() time.Time { return now }

	prod, err := redeliver.NewProducer([]kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, "redeliver-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(prod.Close)
	met, err := metrics.New(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	st := store.New(rdb)
	lim := ratelimit.New(rdb, "test:rate:")
	lim.Now = clock
	brk := breaker.New(rdb, "test:breaker:", breaker.Settings{Threshold: 2, Window: time.Minute, Cooldown: 10 * time.Second})
	brk.Now = clock
	s := &redeliver.Scheduler{
		Store: st, Producer: prod, Limiter: lim, Breakers: brk, Metrics: met,
		Rates:         redeliver.Rates{Default: ratelimit.Rate{PerSecond: 2, Burst: 2}, PerService: map[string]ratelimit.Rate{"ledger": {PerSecond: 100, Burst: 100}}},
		BreakerJitter: 10 * time.Second,
		Log:           slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})),
		Interval:      time.Second, Lease: 30 * time.Second, Batch: 100, Now: clock,
	}
	schedule := func(id, svc string, off int64) {
		t.Helper()
		env := model.Envelope{EventID: id, WorkflowID: "wf-" + id, Service: svc, SourceTopic: events.TopicSubmitted, SourceOffset: off, OriginalValue: []byte(id)}
		if _, _, err := st.Schedule(ctx, env, store.Bounds{PerMessage: 5, PerWorkflow: 5}, func(int) time.Time { return t0 }, model.Parked{}, model.Parked{}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		schedule("ocr-"+strconv.Itoa(i), "ocr", int64(i))
	}
	schedule("ledger-0", "ledger", 9)

	tick := func(wantClaimed int) {
		t.Helper()
		n, err := s.Tick(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != wantClaimed {
			t.Fatalf("at %v: claimed %d, want %d", now.Sub(t0), n, wantClaimed)
		}
	}
	produced := func(svc string, want int) {
		t.Helper()
		if recs := k.ReadSettled(t, events.RetryTopic(svc), want, 30*time.Second, time.Second); len(recs) != want {
			t.Fatalf("at %v: %d records on %s's retry topic, want %d", now.Sub(t0), len(recs), svc, want)
		}
	}
	dueIn := func(id string, from, to time.Duration) {
		t.Helper()
		at, ok, err := st.Scheduled(ctx, id)
		if err != nil || !ok || at.Before(t0.Add(from)) || !at.Before(t0.Add(to)) {
			t.Errorf("%s due at t0+%v (scheduled %v, %v), want within [%v, %v)", id, at.Sub(t0), ok, err, from, to)
		}
	}

	// The burst of 2 for ocr; ledger has its own rate.
	tick(6)
	produced("ocr", 2)
	produced("ledger", 1)
	// The other three in the next three half-second slots, with jitter.
	for i, id := range []string{"ocr-2", "ocr-3", "ocr-4"} {
		from := 500*time.Millisecond + time.Duration(i)*500*time.Millisecond
		dueIn(id, from, from+500*time.Millisecond)
	}
	wantEqual(t, "rate limited", testutil.ToFloat64(met.RateLimited.WithLabelValues("ocr")), 3)

	// Two redeliveries come back dead-lettered: the breaker opens.
	for range 2 {
		if _, _, err := brk.Failure(ctx, "ocr"); err != nil {
			t.Fatal(err)
		}
	}
	now = t0.Add(3 * time.Second)
	tick(3)
	produced("ocr", 2)
	for _, id := range []string{"ocr-2", "ocr-3", "ocr-4"} {
		dueIn(id, 10*time.Second, 20*time.Second) // 7s left of the cool-down, plus up to one of jitter
	}
	wantEqual(t, "breaker deferred", testutil.ToFloat64(met.BreakerDeferred.WithLabelValues("ocr")), 3)
	wantEqual(t, "breaker state", testutil.ToFloat64(met.BreakerState.WithLabelValues("ocr")), 2)

	// Cool-down over: one probe.
	now = t0.Add(20 * time.Second)
	tick(3)
	produced("ocr", 3)
	wantEqual(t, "breaker state", testutil.ToFloat64(met.BreakerState.WithLabelValues("ocr")), 1)
	left := 0
	for _, id := range []string{"ocr-2", "ocr-3", "ocr-4"} {
		if _, ok, err := st.Scheduled(ctx, id); err != nil {
			t.Fatal(err)
		} else if ok {
			left++
			dueIn(id, 30*time.Second, 40*time.Second)
		}
	}
	wantEqual(t, "still scheduled after the probe", left, 2)

	// No failure within the probe's window: closed, the rest go.
	now = t0.Add(40 * time.Second)
	tick(2)
	produced("ocr", 5)
	wantEqual(t, "breaker state", testutil.ToFloat64(met.BreakerState.WithLabelValues("ocr")), 0)
	wantEqual(t, "redelivered", testutil.ToFloat64(met.Redelivered.WithLabelValues("ocr")), 5)
	tick(0)
}

func wantEqual[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}
