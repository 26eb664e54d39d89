package bus_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/service"
)

// hookLog records what the runtime's hooks were called with.
type hookLog struct {
	mu       sync.Mutex
	assigned map[string][]int32
	ends     []bool
}

func (l *hookLog) snapshot() (map[string][]int32, []bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := map[string][]int32{}
	for t, ps := range l.assigned {
		a[t] = slices.Sorted(slices.Values(ps))
	}
	return a, slices.Clone(l.ends)
}

// TestHooksReportAssignmentAndBatchOutcome runs the pass-through service with
// OnAssigned and OnBatchEnd set, makes the first produce of an output fail so
// that one batch aborts, and checks the hooks saw every assigned partition,
// an abort, and then commits, while every input still has exactly one output.
func TestHooksReportAssignmentAndBatchOutcome(t *testing.T) {
	h := newHarness(t, 2)
	fault := h.kafka.Cluster.Fault(kfake.Fault{
		Keys:  []kmsg.Key{kmsg.Produce},
		Topic: events.TopicExtracted,
		Err:   kerr.InvalidRecord,
		Count: 1,
	})
	var evs []events.Event
	for i := range 6 {
		evs = append(evs, dockettest.Submitted(i, nil))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)

	log := &hookLog{assigned: map[string][]int32{}}
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	rt, err := bus.New(passthrough.Name, []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, h.codec, idempotency.New(rdb),
		bus.TransactionalID("hooks-0"), bus.SessionTimeout(2*time.Second),
		bus.Balancers(kgo.RangeBalancer()),
		bus.OnAssigned(func(_ context.Context, assigned map[string][]int32) {
			log.mu.Lock()
			defer log.mu.Unlock()
			for t, ps := range assigned {
				log.assigned[t] = append(log.assigned[t], ps...)
			}
		}),
		bus.OnBatchEnd(func(_ context.Context, committed bool) {
			log.mu.Lock()
			defer log.mu.Unlock()
			log.ends = append(log.ends, committed)
		}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := passthrough.Spec(0).Setup(ctx, &service.Deps{Redis: rdb}, rt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("runtime: %v", err)
		}
	}()

	got := outputs(t, h, len(evs), 30*time.Second)
	for _, e := range evs {
		if n := got[e.EventMeta().EventID]; n != 1 {
			t.Errorf("event %s: %d outputs, want 1", e.EventMeta().EventID, n)
		}
	}
	if hits := fault.Hits(); hits != 1 {
		t.Fatalf("produce fault hit %d times, want 1", hits)
	}
	// The outputs are visible once the commit is written, a moment before
	// the runtime's End returns and reports it.
	assigned, ends := log.snapshot()
	for deadline := time.Now().Add(10 * time.Second); !slices.Contains(ends, true) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		assigned, ends = log.snapshot()
	}
	want := map[string][]int32{events.TopicSubmitted: {0, 1}, events.RetryTopic(passthrough.Name): {0, 1}}
	for topic, ps := range want {
		if !slices.Equal(assigned[topic], ps) {
			t.Errorf("assigned %s = %v, want %v", topic, assigned[topic], ps)
		}
	}
	if len(ends) < 2 || ends[0] || !ends[len(ends)-1] {
		t.Errorf("batch ends = %v, want an abort first and a commit last", ends)
	}
}

// TestOnRevokedReportsPartitionsHandedToAnotherReplica starts one runtime,
// then a second one in the same group, and checks the first is told which
// partitions it gave up.
func TestOnRevokedReportsPartitionsHandedToAnotherReplica(t *testing.T) {
	h := newHarness(t, 2)
	var mu sync.Mutex
	revoked := map[string][]int32{}
	start := func(txnID string, extra ...bus.Option) func() {
		rdb := redis.NewClient(&redis.Options{Addr: h.redis})
		opts := append([]bus.Option{bus.TransactionalID(txnID), bus.SessionTimeout(2 * time.Second), bus.Balancers(kgo.RangeBalancer())}, extra...)
		rt, err := bus.New(passthrough.Name, []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, h.codec, idempotency.New(rdb), opts...)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		if err := passthrough.Spec(0).Setup(ctx, &service.Deps{Redis: rdb}, rt); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- rt.Run(ctx) }()
		return func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("runtime %s: %v", txnID, err)
			}
			_ = rdb.Close()
		}
	}
	stop0 := start("revoke-0", bus.OnRevoked(func(_ context.Context, rev map[string][]int32) {
		mu.Lock()
		defer mu.Unlock()
		for t, ps := range rev {
			revoked[t] = append(revoked[t], ps...)
		}
	}))
	defer stop0()
	// The first runtime has joined once it has handled an event.
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, dockettest.Submitted(1, nil))
	outputs(t, h, 1, 30*time.Second)
	stop1 := start("revoke-1")
	defer stop1()

	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := len(revoked[events.TopicSubmitted])
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("OnRevoked was not called within 30s of a second replica joining")
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	// The range balancer is eager: the first replica gives up everything
	// it held, then gets its share back.
	if got := slices.Sorted(slices.Values(revoked[events.TopicSubmitted])); !slices.Equal(got, []int32{0, 1}) {
		t.Errorf("revoked %s = %v, want [0 1]", events.TopicSubmitted, got)
	}
}

func TestConfigureRefusedAfterRun(t *testing.T) {
	h := newHarness(t, 1)
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	rt, err := bus.New(passthrough.Name, []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, h.codec, idempotency.New(rdb), bus.TransactionalID("configure-0"))
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Configure(bus.Balancers(kgo.RangeBalancer())); err != nil {
		t.Fatalf("Configure before Run: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := passthrough.Spec(0).Setup(ctx, &service.Deps{Redis: rdb}, rt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Run(ctx) }()
	deadline := time.Now().Add(30 * time.Second)
	for rt.Ready(ctx) != nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if err := rt.Configure(bus.Concurrency(2)); err == nil {
		t.Error("Configure after Run was accepted")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("runtime: %v", err)
	}
}

// TestOrderAcrossTopics feeds records of one partition number on two topics
// (the handled topic and the retry topic): with OrderAcrossTopics the
// handler never runs twice at once for them, without it it does.
func TestOrderAcrossTopics(t *testing.T) {
	for _, ordered := range []bool{true, false} {
		t.Run(fmt.Sprintf("ordered=%v", ordered), func(t *testing.T) {
			h := newHarness(t, 1)
			var evs []events.Event
			for i := range 8 {
				evs = append(evs, dockettest.Submitted(i, nil))
			}
			dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
			for i := 100; i < 108; i++ {
				v, err := h.codec.Encode(events.TopicSubmitted, dockettest.Submitted(i, nil))
				if err != nil {
					t.Fatal(err)
				}
				produceRaw(t, h, &kgo.Record{Topic: events.RetryTopic(passthrough.Name), Key: []byte(fmt.Sprint(i)), Value: v, Headers: []kgo.RecordHeader{
					{Key: bus.HeaderOriginTopic, Value: []byte(events.TopicSubmitted)},
					{Key: bus.HeaderOriginPartition, Value: []byte("0")},
					{Key: bus.HeaderOriginOffset, Value: []byte("0")},
				}})
			}
			rdb := redis.NewClient(&redis.Options{Addr: h.redis})
			t.Cleanup(func() { _ = rdb.Close() })
			opts := []bus.Option{bus.TransactionalID("orderer-0")}
			if ordered {
				opts = append(opts, bus.OrderAcrossTopics())
			}
			rt, err := bus.New(passthrough.Name, []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, h.codec, idempotency.New(rdb), opts...)
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var inFlight, maxInFlight, handled int
			bus.Handle(rt, events.TopicSubmitted, func(ctx context.Context, m *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
				mu.Lock()
				inFlight++
				maxInFlight = max(maxInFlight, inFlight)
				mu.Unlock()
				// Long enough for two goroutines to overlap if they may.
				time.Sleep(20 * time.Millisecond)
				mu.Lock()
				inFlight--
				handled++
				mu.Unlock()
				return nil, nil
			})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- rt.Run(ctx) }()
			deadline := time.Now().Add(30 * time.Second)
			for {
				mu.Lock()
				n := handled
				mu.Unlock()
				if n >= 16 || time.Now().After(deadline) {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if handled < 16 {
				t.Fatalf("handled %d records, want 16", handled)
			}
			if ordered && maxInFlight != 1 {
				t.Errorf("ordered: %d handlers ran at once for partition 0, want 1", maxInFlight)
			}
			if !ordered && maxInFlight <= 2 {
				t.Errorf("unordered: at most %d handlers ran at once, want more than 2 (one lane per record key)", maxInFlight)
			}
		})
	}
}

// TestBeforeCommitRunsBeforeOutputsAreVisible runs the pass-through service
// with a BeforeCommit that fails its first call: that batch aborts and is
// consumed again, no output is visible before a call succeeded, and every
// input still has exactly one output.
func TestBeforeCommitRunsBeforeOutputsAreVisible(t *testing.T) {
	h := newHarness(t, 2)
	var evs []events.Event
	for i := range 6 {
		evs = append(evs, dockettest.Submitted(i, nil))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)

	var mu sync.Mutex
	var calls, failed int
	var firstOK time.Time
	runPassthrough(t, h, "before-commit-0", nil,
		bus.BeforeCommit(func(context.Context) error {
			mu.Lock()
			defer mu.Unlock()
			calls++
			if failed == 0 {
				failed++
				return fmt.Errorf("store not synced")
			}
			if firstOK.IsZero() {
				firstOK = time.Now()
			}
			return nil
		}))

	got := outputs(t, h, len(evs), 30*time.Second)
	seen := time.Now()
	for _, e := range evs {
		if n := got[e.EventMeta().EventID]; n != 1 {
			t.Errorf("event %s: %d outputs, want 1", e.EventMeta().EventID, n)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if failed != 1 || calls < 2 {
		t.Errorf("BeforeCommit: %d calls, %d failed; want a failed one, then more", calls, failed)
	}
	if firstOK.IsZero() || firstOK.After(seen) {
		t.Errorf("outputs read at %s, before any BeforeCommit succeeded (%s)", seen.Format(time.StampMicro), firstOK.Format(time.StampMicro))
	}
}
