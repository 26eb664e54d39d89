package bus_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/servicetest"
)

// startRuntime runs the pass-through handler in-process on a runtime of its
// own (transactional id txnID) until the test ends, and returns its metrics.
func startRuntime(t testing.TB, h *harness, txnID string) *prometheus.Registry {
	t.Helper()
	_, reg := runPassthrough(t, h, txnID, nil)
	return reg
}

// runPassthrough is startRuntime on store (the harness's Redis when nil),
// with opts added; it returns the runtime too.
func runPassthrough(t testing.TB, h *harness, txnID string, store bus.Store, opts ...bus.Option) (*bus.Runtime, *prometheus.Registry) {
	t.Helper()
	rt, reg, _ := runSpec(t, h, passthrough.Spec(0), txnID, store, opts...)
	return rt, reg
}

// runSpec runs spec's handlers in-process on a runtime of its own
// (transactional id txnID, idempotency store store or the harness's Redis
// when nil, a job store on that Redis) until the test ends.
func runSpec(t testing.TB, h *harness, spec service.Spec, txnID string, store bus.Store, opts ...bus.Option) (*bus.Runtime, *prometheus.Registry, *redis.Client) {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	r := servicetest.RunSpec(t, spec, &service.Deps{Redis: rdb}, servicetest.Config{
		Kafka: []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, Codec: h.codec, Store: store, TxnID: txnID,
		Options: append([]bus.Option{bus.Logger(testLogger())}, opts...),
	})
	return r.Runtime, r.Registry, rdb
}

// outputs reads the extracted events, read committed, until want arrived
// or the timeout passed, and counts them by causing event.
func outputs(t *testing.T, h *harness, want int, timeout time.Duration) map[string]int {
	t.Helper()
	got := map[string]int{}
	for _, r := range h.kafka.ReadCommitted(t, events.TopicExtracted, want, timeout) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode output: %v", err)
		}
		got[e.EventMeta().CausationID]++
	}
	return got
}

func deadLetters(t *testing.T, h *harness, want int) []*events.DeadLetter {
	t.Helper()
	var dls []*events.DeadLetter
	for _, r := range h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), want, 30*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode dead letter: %v", err)
		}
		dls = append(dls, e.(*events.DeadLetter))
	}
	return dls
}

func TestPoisonIsDeadLetteredAndPartitionKeepsFlowing(t *testing.T) {
	onBrokers(t, func(t *testing.T, b dockettest.Broker) {
		h := newHarnessOn(t, b, 1) // one partition: the poison sits in front of good records
		unknownID := []byte{0, 0, 0, 0x7f, 0x7f, 2, 'x'}
		garbage := []byte("definitely not avro")
		structural := dockettest.Submitted(1, map[string]string{"structural": "1"})
		produceRaw(t, h, &kgo.Record{Topic: events.TopicSubmitted, Key: []byte("wf-poison-1"), Value: garbage, Headers: []kgo.RecordHeader{{Key: "x-origin", Value: []byte("fuzzer")}}})
		produceRaw(t, h, &kgo.Record{Topic: events.TopicSubmitted, Key: []byte("wf-poison-2"), Value: unknownID})
		dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, structural)
		var good []events.Event
		for i := 10; i < 20; i++ {
			good = append(good, dockettest.Submitted(i, nil))
		}
		dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, good...)

		logs := &dockettest.SyncBuffer{}
		runPassthrough(t, h, "poison-0", nil, bus.Logger(slog.New(slog.NewJSONHandler(logs, nil))))

		got := outputs(t, h, len(good), 30*time.Second)
		for _, e := range good {
			if got[e.EventMeta().EventID] != 1 {
				t.Errorf("good event %s: %d outputs, want 1", e.EventMeta().EventID, got[e.EventMeta().EventID])
			}
		}
		dls := deadLetters(t, h, 3)
		if len(dls) != 3 {
			t.Fatalf("got %d dead letters, want 3", len(dls))
		}
		wantValues := [][]byte{garbage, unknownID, nil}
		for i, dl := range dls {
			if dl.Service != passthrough.Name || dl.SourceTopic != events.TopicSubmitted || dl.SourceOffset != int64(i) || dl.SourcePartition != 0 {
				t.Errorf("dead letter %d source: %+v", i, dl)
			}
			if dl.ErrorClass != "structural" || dl.ErrorMessage == "" || dl.Attempts != 1 || len(dl.AttemptHistory) != 1 {
				t.Errorf("dead letter %d: class=%s message=%q attempts=%d history=%d; want structural, a message, 1, 1",
					i, dl.ErrorClass, dl.ErrorMessage, dl.Attempts, len(dl.AttemptHistory))
			}
			if dl.FirstFailureAt.IsZero() || dl.LastFailureAt.Before(dl.FirstFailureAt) || dl.Meta.EventID == "" {
				t.Errorf("dead letter %d: times %v..%v, event id %q", i, dl.FirstFailureAt, dl.LastFailureAt, dl.Meta.EventID)
			}
			// The class has its own field: the messages do not repeat it.
			if strings.HasPrefix(dl.ErrorMessage, "structural: ") || len(dl.AttemptHistory) == 1 && strings.HasPrefix(dl.AttemptHistory[0].ErrorMessage, "structural: ") {
				t.Errorf("dead letter %d repeats its class: %q, history %+v", i, dl.ErrorMessage, dl.AttemptHistory)
			}
			if wantValues[i] != nil && string(dl.OriginalValue) != string(wantValues[i]) {
				t.Errorf("dead letter %d keeps %q, want the original bytes %q", i, dl.OriginalValue, wantValues[i])
			}
		}
		if len(dls[0].OriginalHeaders) != 1 || dls[0].OriginalHeaders[0].Key != "x-origin" || string(dls[0].OriginalKey) != "wf-poison-1" {
			t.Errorf("dead letter lost the original key or headers: key=%q headers=%+v", dls[0].OriginalKey, dls[0].OriginalHeaders)
		}
		if dls[2].Meta.WorkflowID != structural.Meta.WorkflowID || dls[2].Meta.CausationID != structural.Meta.EventID {
			t.Errorf("structural dead letter meta = %+v, want the input's workflow and cause", dls[2].Meta)
		}
		// A record that does not decode is logged under its key, never
		// as the workflow its producer named in it; a decoded one under
		// its workflow.
		lines := map[string]map[string]any{}
		for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(l), &m) == nil && m["msg"] == "dead-lettered" {
				lines[fmt.Sprint(m["offset"])] = m
			}
		}
		for _, off := range []string{"0", "1"} {
			if m := lines[off]; m == nil || m["workflow_id"] != nil || m["key"] != "wf-poison-"+fmt.Sprint(m["offset"].(float64)+1) {
				t.Errorf("poison record at offset %s logged %v; want its key and no workflow_id", off, m)
			}
		}
		if m := lines["2"]; m == nil || m["workflow_id"] != structural.Meta.WorkflowID {
			t.Errorf("structural record logged %v; want workflow_id %s", m, structural.Meta.WorkflowID)
		}
	})
}

func TestTransientFailuresAreRetriedInProcess(t *testing.T) {
	onBrokers(t, func(t *testing.T, b dockettest.Broker) {
		h := newHarnessOn(t, b, 2)
		in := dockettest.Submitted(1, map[string]string{"transient": "2"})
		dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)
		reg := startRuntime(t, h, "transient-0")

		got := outputs(t, h, 1, 30*time.Second)
		if len(got) != 1 || got[in.Meta.EventID] != 1 {
			t.Fatalf("outputs = %v, want exactly one for %s", got, in.Meta.EventID)
		}
		if n := metricSum(t, reg, "docket_handler_retries_total"); n != 2 {
			t.Errorf("retries_total = %v, want 2", n)
		}
		if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, time.Second); len(dls) != 0 {
			t.Errorf("got %d dead letters, want none", len(dls))
		}
	})
}

// TestRedisOutageIsWaitedOut: Redis going down while a handler runs is
// the infrastructure's failure, not the record's. The runtime aborts the
// batch once the handler's retries are spent and handles it again when
// Redis is back: one output, the side effect run once, no dead letter
// (the exception agent's own dead letters would never be drained).
func TestRedisOutageIsWaitedOut(t *testing.T) {
	h := newHarness(t, 1)
	reg := startRuntime(t, h, "outage-0")
	in := dockettest.Submitted(3, map[string]string{"effect": "1", "delay": "2s"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)

	// The handler is in its delay when Redis dies; its Once then fails.
	time.Sleep(time.Second)
	h.redisSrv.Kill()
	// A transaction that ends while Redis is down cannot have committed the
	// output (the side effect cannot run): it is the aborted batch.
	deadline := time.Now().Add(60 * time.Second)
	for metricSum(t, reg, "docket_runtime_transactions_total") == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no transaction ended while Redis was down")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if metricSum(t, reg, "docket_handler_retries_total") == 0 {
		t.Fatal("the handler never retried: Redis died before it ran, so this test proved nothing")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := h.redisSrv.Restart(ctx); err != nil {
		t.Fatalf("restart redis-server: %v", err)
	}

	got := outputs(t, h, 1, 60*time.Second)
	if got[in.Meta.EventID] != 1 {
		t.Fatalf("outputs = %v, want exactly one for %s", got, in.Meta.EventID)
	}
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, time.Second); len(dls) != 0 {
		t.Errorf("got %d dead letters, want none: an outage is not the record's fault", len(dls))
	}
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	defer rdb.Close()
	if n, err := rdb.Get(ctx, passthrough.EffectKey(in.Meta.EventID)).Int(); err != nil || n != 1 {
		t.Errorf("side effect ran %d times (%v), want once", n, err)
	}
	if n := metricSum(t, reg, "docket_runtime_transactions_total"); n < 2 {
		t.Errorf("transactions = %v, want the aborted one and the committed one", n)
	}
}

// TestSideEffectHeldByADeadOwnerIsWaitedFor: a side effect claimed by a
// replica that died running it is held until the claim's lease ends. The
// record waits for it, then runs it once, instead of being dead-lettered
// after three quick tries.
func TestSideEffectHeldByADeadOwnerIsWaitedFor(t *testing.T) {
	h := newHarness(t, 1)
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	defer rdb.Close()
	store := idempotency.New(rdb, idempotency.Lease(3*time.Second))
	in := dockettest.Submitted(4, map[string]string{"effect": "1"})
	key := idempotency.Key{Service: passthrough.Name, ID: in.Meta.EventID + "/effect"}
	ctx := context.Background()
	if c, err := store.Claim(ctx, key, "died-0"); err != nil || c.State != idempotency.Acquired {
		t.Fatalf("claim for the dead owner: %+v, %v", c, err)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)
	runPassthrough(t, h, "heir-0", store)

	got := outputs(t, h, 1, 60*time.Second)
	if got[in.Meta.EventID] != 1 {
		t.Fatalf("outputs = %v, want exactly one for %s", got, in.Meta.EventID)
	}
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, time.Second); len(dls) != 0 {
		t.Errorf("got %d dead letters, want none: a held side effect is waited for", len(dls))
	}
	if n, err := rdb.Get(ctx, passthrough.EffectKey(in.Meta.EventID)).Int(); err != nil || n != 1 {
		t.Errorf("side effect ran %d times (%v), want once", n, err)
	}
}

func TestDuplicatesRunTheSideEffectOnce(t *testing.T) {
	onBrokers(t, func(t *testing.T, b dockettest.Broker) {
		h := newHarnessOn(t, b, 4)
		in := dockettest.Submitted(7, map[string]string{"effect": "1"})
		// Three deliveries of one event on its topic, and a fourth through the
		// retry topic (another partition, so another consumer may hold it).
		for range 3 {
			dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)
		}
		v, err := h.codec.Encode(events.TopicSubmitted, in)
		if err != nil {
			t.Fatal(err)
		}
		produceRaw(t, h, &kgo.Record{Topic: events.RetryTopic(passthrough.Name), Key: []byte("other-partition"), Value: v, Headers: []kgo.RecordHeader{
			{Key: bus.HeaderOriginTopic, Value: []byte(events.TopicSubmitted)},
			{Key: bus.HeaderOriginPartition, Value: []byte("0")},
			{Key: bus.HeaderOriginOffset, Value: []byte("0")},
			{Key: bus.HeaderAttempt, Value: []byte("1")},
		}})
		// Fillers so both consumers get work.
		var fill []events.Event
		for i := 100; i < 140; i++ {
			fill = append(fill, dockettest.Submitted(i, map[string]string{"effect": "1"}))
		}
		dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, fill...)

		startRuntime(t, h, "dup-0")
		startRuntime(t, h, "dup-1")

		// Wait for every expected output, then for a late duplicate: reading
		// for one record more than expected runs until the timeout.
		outputs(t, h, 1+len(fill), 30*time.Second)
		got := outputs(t, h, 1+len(fill)+1, 3*time.Second)
		if got[in.Meta.EventID] != 1 {
			t.Errorf("event delivered 4 times produced %d outputs, want 1", got[in.Meta.EventID])
		}
		rdb := redis.NewClient(&redis.Options{Addr: h.redis})
		defer rdb.Close()
		for _, e := range append(fill, in) {
			id := e.EventMeta().EventID
			n, err := rdb.Get(context.Background(), passthrough.EffectKey(id)).Int()
			if err != nil || n != 1 {
				t.Errorf("side effect of %s ran %d times (%v), want once", id, n, err)
			}
			if got[id] != 1 {
				t.Errorf("event %s: %d outputs, want 1", id, got[id])
			}
		}
	})
}

func produceRaw(t *testing.T, h *harness, rs ...*kgo.Record) {
	t.Helper()
	if err := h.client.ProduceSync(context.Background(), rs...).FirstErr(); err != nil {
		t.Fatalf("produce: %v", err)
	}
}

// metricSum sums a counter or gauge family in reg over its labels; 0 when
// nothing was recorded yet.
func metricSum(t testing.TB, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, mf := range mfs {
		if mf.GetName() == name {
			for _, m := range mf.GetMetric() {
				sum += m.GetCounter().GetValue() + m.GetGauge().GetValue()
			}
		}
	}
	return sum
}

// A replica fenced out of its group by another with the same instance id
// (two pods given one DOCKET_INSTANCE_ID) consumes nothing: it must stop
// reporting ready rather than keep answering /readyz while idle for good.
func TestFencedReplicaIsNotReady(t *testing.T) {
	h := newHarness(t, 1)
	start := func(txnID string) *bus.Runtime {
		rt, _ := runPassthrough(t, h, txnID, nil, bus.InstanceID("replica-0"))
		return rt
	}
	ready := func(rt *bus.Runtime, want bool, within time.Duration) bool {
		for end := time.Now().Add(within); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
			if (rt.Ready(context.Background()) == nil) == want {
				return true
			}
		}
		return false
	}
	first := start("fenced-a")
	if !ready(first, true, 30*time.Second) {
		t.Fatal("first replica never joined")
	}
	second := start("fenced-b")
	if !ready(second, true, 30*time.Second) {
		t.Fatal("second replica never joined")
	}
	if !ready(first, false, 30*time.Second) {
		t.Fatal("the replica fenced by a second one with its instance id still reports ready")
	}
}

// A keyless record that cannot be decoded names no workflow: it is still
// dead-lettered, under a workflow id named after its position, and the
// partition keeps flowing. (Its dead letter used to be unencodable, which
// stopped the runtime on that record at every start.)
func TestKeylessPoisonIsDeadLettered(t *testing.T) {
	h := newHarness(t, 1)
	produceRaw(t, h,
		&kgo.Record{Topic: events.TopicSubmitted, Value: []byte("not avro at all")},
		&kgo.Record{Topic: events.TopicSubmitted, Value: []byte{0, 0, 1, 0x86, 0x9f, 2, 'x'}},
	)
	good := dockettest.Submitted(1, nil)
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, good)

	startRuntime(t, h, "keyless-0")

	if got := outputs(t, h, 1, 30*time.Second); got[good.Meta.EventID] != 1 {
		t.Fatalf("outputs %v, want one for %s", got, good.Meta.EventID)
	}
	dls := deadLetters(t, h, 2)
	if len(dls) != 2 {
		t.Fatalf("got %d dead letters, want 2", len(dls))
	}
	ids := map[string]bool{}
	for i, dl := range dls {
		if dl.ErrorClass != "structural" || len(dl.OriginalKey) != 0 || dl.SourceOffset != int64(i) {
			t.Errorf("dead letter %d: class %s key %q offset %d", i, dl.ErrorClass, dl.OriginalKey, dl.SourceOffset)
		}
		if !strings.HasPrefix(dl.Meta.WorkflowID, "unkeyed-") {
			t.Errorf("dead letter %d workflow id %q, want one named after the record (unkeyed-…)", i, dl.Meta.WorkflowID)
		}
		ids[dl.Meta.WorkflowID] = true
	}
	if len(ids) != 2 {
		t.Errorf("two keyless records share workflow id %v", ids)
	}
}

// TestConsumerLag checks docket_consumer_lag: a backlog polled a few records
// at a time shows as lag, and once everything is processed the partition's
// lag is at most the transaction marker after its last record.
func TestConsumerLag(t *testing.T) {
	h := newHarness(t, 1)
	const total = 400
	evs := make([]events.Event, total)
	for i := range evs {
		evs[i] = dockettest.Submitted(i, nil)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	_, reg, _ := runSpec(t, h, passthrough.Spec(2*time.Millisecond), "lag-0", nil, bus.MaxPollRecords(20))
	lag := func() (float64, bool) {
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, mf := range mfs {
			if mf.GetName() != "docket_consumer_lag" {
				continue
			}
			for _, m := range mf.GetMetric() {
				return m.GetGauge().GetValue(), true
			}
		}
		return 0, false
	}
	var peak float64
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && peak == 0 {
		if v, ok := lag(); ok {
			peak = max(peak, v)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if peak < 20 {
		t.Errorf("lag while %d records wait, polled 20 at a time: peak %v, want at least 20", total, peak)
	}
	if got := outputs(t, h, total, 60*time.Second); len(got) != total {
		t.Fatalf("%d outputs, want %d", len(got), total)
	}
	deadline = time.Now().Add(10 * time.Second)
	v, _ := lag()
	for v > 1 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		v, _ = lag()
	}
	if v > 1 {
		t.Errorf("lag after everything was processed: %v, want at most 1 (the producer's transaction marker)", v)
	}
}
