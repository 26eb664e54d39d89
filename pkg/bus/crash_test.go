package bus_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/kafkacluster"
	"github.com/docket-run/docket/pkg/redislocal"
	"github.com/docket-run/docket/pkg/serde"
)

// TestExactlyOnceUnderSIGKILL runs the pass-through service as a separate
// OS process over 10,000 events, kills it with SIGKILL at random moments at
// least five times, restarts it each time, and then checks the output topic,
// read committed: exactly one output per input, none missing. The long
// variant runs every event as a long step (accepted, worked outside the
// transaction, emitted in another), one in fifty of them slow (five
// checkpointed steps of 100ms).
func TestExactlyOnceUnderSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test runs separate processes; skipped with -short")
	}
	bin := dockettest.Build(t, "../dockettest/passthrough/cmd/passthrough")
	onBrokers(t, func(t *testing.T, b dockettest.Broker) {
		t.Run("short", func(t *testing.T) { crashTest(t, newHarnessOn(t, b, 8), bin, 10_000, false) })
		t.Run("long", func(t *testing.T) { crashTest(t, newHarnessOn(t, b, 8), bin, 10_000, true) })
	})
}

// TestExactlyOnceUnderSIGKILLOtherProtocols runs the crash test on the
// real cluster with the Kafka 4 protocols Docket does not use by default
// (docs/runtime.md): the KIP-848 consumer group protocol, and the
// transaction protocol before KIP-890 (transaction.version=1) on a
// cluster formatted with it.
func TestExactlyOnceUnderSIGKILLOtherProtocols(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test runs separate processes and a real cluster; skipped with -short")
	}
	bin := dockettest.Build(t, "../dockettest/passthrough/cmd/passthrough")
	t.Run("consumer-group-protocol", func(t *testing.T) {
		crashTest(t, newHarnessOn(t, dockettest.ApacheKafka, 8), bin, 5_000, false, "DOCKET_KAFKA_GROUP_PROTOCOL=consumer")
	})
	t.Run("transactions-v1", func(t *testing.T) {
		k := dockettest.NewOwnRealKafka(t, 8, passthroughTopics, kafkacluster.Config{Features: map[string]int{"transaction.version": 1}})
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if v, err := k.Real.FinalizedFeature(ctx, "transaction.version"); err != nil || v != 1 {
			t.Fatalf("transaction.version = %d (%v), want 1", v, err)
		}
		crashTest(t, newHarnessWith(t, k), bin, 5_000, false)
	})
}

func crashTest(t *testing.T, h *harness, bin string, total int, long bool, env ...string) {
	const kills = 6

	evs := make([]events.Event, total)
	for i := range evs {
		var labels map[string]string
		if long && i%50 == 0 {
			labels = map[string]string{"steps": "5"}
		}
		evs[i] = dockettest.Submitted(i, labels)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)

	logPath := filepath.Join(t.TempDir(), "passthrough.log")
	// A millisecond per event keeps the work going for seconds: at 300µs a
	// restarted process caught up two thousand events between two polls,
	// and the kills ran out of work (found in CI).
	env = append(append(h.env("p0"), env...), "PASSTHROUGH_DELAY=1ms")
	if long {
		env = append(env, "PASSTHROUGH_LONG=1", "DOCKET_LONG_WORKERS=4")
	}
	proc := dockettest.StartProcess(t, bin, logPath, env...)
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("service log (tail):\n%s", tail(b, 4000))
		}
	})

	// Kill when the committed output passes random points between 5% and
	// 90% of the work, so every kill lands while work is in flight: one in
	// each sixth of that span, so that no two points are so close that a
	// restarted process's first commits pass both.
	points := make([]int, kills)
	span := total * 85 / 100 / kills
	for i := range points {
		points[i] = total/20 + i*span + rand.IntN(span)
	}

	seen := map[string]int{}
	var records int
	watch := h.kafka.Client(t,
		kgo.ConsumeTopics(events.TopicExtracted),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)
	deadline := time.Now().Add(4 * time.Minute)
	killed, atRestart := 0, -1
	for len(seen) < total && time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		fs := watch.PollFetches(ctx)
		cancel()
		for _, r := range fs.Records() {
			e, err := h.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode output at offset %d: %v", r.Offset, err)
			}
			seen[e.EventMeta().CausationID]++
			records++
		}
		// Each kill waits for the restarted process to have committed
		// something, so no kill hits a process that is still starting.
		if killed < kills && len(seen) >= points[killed] && len(seen) > atRestart {
			proc.Kill()
			killed++
			atRestart = len(seen)
			t.Logf("kill %d at %d/%d outputs", killed, len(seen), total)
			time.Sleep(time.Duration(rand.IntN(300)) * time.Millisecond)
			proc.Start()
		}
	}
	if !proc.Stop(30 * time.Second) {
		t.Error("service did not stop gracefully on SIGTERM")
	}
	// Everything committed is in; read the rest of the topic.
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		fs := watch.PollFetches(ctx)
		cancel()
		if len(fs.Records()) == 0 {
			break
		}
		for _, r := range fs.Records() {
			e, err := h.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode output: %v", err)
			}
			seen[e.EventMeta().CausationID]++
			records++
		}
	}

	if killed < 5 {
		t.Errorf("killed %d times, want at least 5", killed)
	}
	var missing, doubled []string
	for i := range total {
		id := fmt.Sprintf("evt-%08d", i)
		switch n := seen[id]; {
		case n == 0:
			missing = append(missing, id)
		case n > 1:
			doubled = append(doubled, id)
		}
	}
	if len(missing) > 0 || len(doubled) > 0 || records != total {
		t.Fatalf("outputs: %d records for %d inputs; %d missing (e.g. %v), %d doubled (e.g. %v)",
			records, total, len(missing), head(missing), len(doubled), head(doubled))
	}
	t.Logf("%d inputs, %d outputs, %d kills: exactly one output each", total, records, killed)
}

func head(s []string) []string { return s[:min(len(s), 5)] }

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// harness holds the real parts a runtime test runs against.
type harness struct {
	kafka    *dockettest.Kafka
	client   *kgo.Client
	codec    *serde.Serde
	registry string
	redis    string
	redisSrv *redislocal.Server
}

// newHarness is newHarnessOn kfake.
func newHarness(t testing.TB, partitions int32) *harness {
	t.Helper()
	return newHarnessOn(t, dockettest.Kfake, partitions)
}

// newHarnessOn starts broker b with the pass-through service's topics of
// partitions each, the schema registry and Redis.
func newHarnessOn(t testing.TB, b dockettest.Broker, partitions int32) *harness {
	t.Helper()
	return newHarnessWith(t, dockettest.NewBroker(t, b, partitions, passthroughTopics))
}

// passthroughTopics are the pass-through service's topics; the first five
// carry schemas.
var passthroughTopics = []string{
	events.TopicSubmitted, events.TopicExtracted,
	events.DLQTopic("passthrough"), events.TopicControl, events.TopicSteps, events.RetryTopic("passthrough"),
}

// newHarnessWith is the harness on broker k.
func newHarnessWith(t testing.TB, k *dockettest.Kafka) *harness {
	t.Helper()
	topics := passthroughTopics
	url, rc := dockettest.Registry(t)
	rs := dockettest.Redis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:5])
	if err != nil {
		t.Fatalf("register schemas: %v", err)
	}
	return &harness{kafka: k, client: k.Client(t), codec: codec, registry: url, redis: rs.Addr(), redisSrv: rs}
}

// env is the environment of a pass-through process with instance id.
func (h *harness) env(instance string) []string {
	return append(h.kafka.Env("", ""),
		"DOCKET_SCHEMA_REGISTRY_URL="+h.registry,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+h.redis+"/0",
		"DOCKET_INSTANCE_ID="+instance,
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_DRAIN_TIMEOUT=5s",
	)
}

// onBrokers runs f as a subtest on every broker the suite runs on: kfake,
// and the real cluster except under -short.
func onBrokers(t *testing.T, f func(t *testing.T, b dockettest.Broker)) {
	t.Helper()
	for _, b := range dockettest.Brokers() {
		t.Run(string(b), func(t *testing.T) { f(t, b) })
	}
}
