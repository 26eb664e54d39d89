package bus_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
)

// BenchmarkRuntime compares, side by side on one kfake broker, a bare
// franz-go transactional consume→produce loop with a one-hop pass-through
// service on the Docket runtime (idempotency guard on), both moving 1 KiB
// records. It prints
//
//	bench runtime: raw=<rec/s> docket=<rec/s> ratio=<r> p50_ms=<x> p99_ms=<y>
//
// where the latencies are Docket's end to end (produce of the input to
// consumption of the committed output) at a fixed rate of half its measured
// peak. Run with -benchtime 1x: one iteration is one full measurement.
//
// A second line says what bounds the ratio:
//
//	bench runtime cost: raw_cpu_us=<a> docket_cpu_us=<b> redis_cpu_us=<c> unguarded=<rec/s> unguarded_ratio=<r>
//
// the CPU each side spends per record over its drain (this process — broker,
// clients, runtime — and, for Docket, redis-server), and the rate of the same
// service with the per-event duplicate guard switched off (a store that
// remembers nothing), the ceiling any change to the guard's Redis work could
// reach.
//
// Each side's rate is taken over a window of at least minWindow: a short
// pilot run sizes a backlog that takes that long to drain, on a fresh
// broker (and, for Docket, a fresh runtime), and the sizing is repeated
// until the measured window is long enough.
func BenchmarkRuntime(b *testing.B) {
	for range b.N {
		raw, _ := measure(b, func(b *testing.B, n int) (drain, *harness) {
			return benchRaw(b, n), nil
		})
		docket, h := measure(b, func(b *testing.B, n int) (drain, *harness) { return benchDocket(b, n, true) })
		unguarded, _ := measure(b, func(b *testing.B, n int) (drain, *harness) { return benchDocket(b, n, false) })
		p50, p99 := benchLatency(b, h, docket.rate/2, 5*time.Second)
		fmt.Fprintf(os.Stdout, "bench runtime: raw=%.0f docket=%.0f ratio=%.2f p50_ms=%.1f p99_ms=%.1f\n",
			raw.rate, docket.rate, docket.rate/raw.rate, p50, p99)
		fmt.Fprintf(os.Stdout, "bench runtime cost: raw_cpu_us=%.2f docket_cpu_us=%.2f redis_cpu_us=%.2f unguarded=%.0f unguarded_ratio=%.2f\n",
			raw.cpuPerRecord(), docket.cpuPerRecord(), docket.redisPerRecord(), unguarded.rate, unguarded.rate/raw.rate)
		b.ReportMetric(raw.rate, "raw_rec/s")
		b.ReportMetric(docket.rate, "docket_rec/s")
		b.ReportMetric(docket.rate/raw.rate, "ratio")
	}
}

// minWindow is the shortest drain a side's rate is taken over: with a
// 20k-record backlog the bare loop drains in about 30 ms, mostly noise.
const minWindow = 2 * time.Second

// measure runs side with a 20k-record pilot, then with a backlog sized to
// drain in 1.5 × minWindow at the last measured rate, until one drain lasts
// at least minWindow. It returns that drain and the side's harness.
func measure(b *testing.B, side func(b *testing.B, n int) (drain, *harness)) (drain, *harness) {
	n := 20_000
	for {
		d, h := side(b, n)
		b.Logf("%d records in %s: %.0f rec/s", n, d.window.Round(time.Millisecond), d.rate)
		if d.window >= minWindow {
			return d, h
		}
		n = int(d.rate * 1.5 * minWindow.Seconds())
	}
}

// drain is one side's measured drain of a backlog: records/s between the
// first and the last output, and the CPU spent meanwhile by this process
// and by redis-server.
type drain struct {
	rate          float64
	window        time.Duration
	records       int
	cpu, redisCPU time.Duration
}

func (d drain) cpuPerRecord() float64 { return float64(d.cpu.Microseconds()) / float64(d.records) }

func (d drain) redisPerRecord() float64 {
	return float64(d.redisCPU.Microseconds()) / float64(d.records)
}

// processCPU is the user and system CPU time this process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// redisCPU is the CPU time redis-server reports having used (INFO cpu).
func redisCPU(b *testing.B, rdb *redis.Client) time.Duration {
	info, err := rdb.Info(context.Background(), "cpu").Result()
	if err != nil {
		b.Fatal(err)
	}
	var secs float64
	for line := range strings.SplitSeq(info, "\r\n") {
		k, v, _ := strings.Cut(line, ":")
		if k == "used_cpu_sys" || k == "used_cpu_user" {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				b.Fatalf("INFO cpu %s: %v", line, err)
			}
			secs += f
		}
	}
	return time.Duration(secs * float64(time.Second))
}

// padding makes an encoded submitted event about 1 KiB.
var padding = strings.Repeat("x", 760)

func benchEvent(i int) *events.DocumentSubmitted {
	return dockettest.Submitted(i, map[string]string{"pad": padding})
}

// benchRaw measures the bare franz-go chain: one transactional
// consume→produce hop draining n records. Its broker is closed on return,
// freeing the backlog.
func benchRaw(b *testing.B, n int) drain {
	const in, out = "bench.raw.in", "bench.raw.out"
	k := dockettest.NewKafka(b, 8, []string{in, out})
	defer k.Cluster.Close()
	cl, err := kgo.NewClient(kgo.SeedBrokers(k.Addrs...))
	if err != nil {
		b.Fatal(err)
	}
	defer cl.Close()
	value := make([]byte, 1024)
	recs := make([]*kgo.Record, n)
	for i := range recs {
		recs[i] = &kgo.Record{Topic: in, Key: fmt.Appendf(nil, "wf-%08d", i), Value: value}
	}
	if err := cl.ProduceSync(context.Background(), recs...).FirstErr(); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var loop sync.WaitGroup
	defer loop.Wait()
	defer cancel()
	loop.Go(func() {
		sess, err := kgo.NewGroupTransactSession(
			kgo.SeedBrokers(k.Addrs...), kgo.ConsumerGroup("raw"), kgo.ConsumeTopics(in),
			kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()),
			kgo.TransactionalID("raw-0"),
		)
		if err != nil {
			b.Error(err)
			return
		}
		defer sess.Close()
		for ctx.Err() == nil {
			fs := sess.PollRecords(ctx, 500)
			if len(fs.Records()) == 0 {
				continue
			}
			if err := sess.Begin(); err != nil {
				b.Error(err)
				return
			}
			for _, r := range fs.Records() {
				sess.Produce(ctx, &kgo.Record{Topic: out, Key: r.Key, Value: r.Value}, nil)
			}
			if _, err := sess.End(ctx, kgo.TryCommit); err != nil && ctx.Err() == nil {
				b.Error(err)
				return
			}
		}
	})
	return countRate(b, k, out, n, nil)
}

// benchDocket measures the pass-through service on a fresh runtime
// draining n records, with the duplicate guard on or off, and returns the
// drain and the harness it runs in.
func benchDocket(b *testing.B, n int, guard bool) (drain, *harness) {
	h := newHarness(b, 8)
	evs := make([]events.Event, n)
	for i := range evs {
		evs[i] = benchEvent(i)
	}
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	b.Cleanup(func() { _ = rdb.Close() })
	var store bus.Store = idempotency.New(rdb)
	if !guard {
		store = forgetful{store}
	}
	runPassthrough(b, h, "bench-0", store)
	return countRate(b, h.kafka, events.TopicExtracted, n, rdb), h
}

// forgetful is the idempotency store with its per-event records switched
// off: no event is ever found processed, every mark wins. It measures what
// the duplicate guard costs; side-effect claims still go to the store.
type forgetful struct{ bus.Store }

func (forgetful) ProcessedMany(_ context.Context, keys []idempotency.Key) ([]idempotency.Record, error) {
	return make([]idempotency.Record, len(keys)), nil
}

func (forgetful) MarkProcessed(_ context.Context, items []idempotency.Item) ([]idempotency.Record, error) {
	recs := make([]idempotency.Record, len(items))
	for i := range recs {
		recs[i].Won = true
	}
	return recs, nil
}

// countRate reads topic read-committed until n records arrived and returns
// the drain between the first and the last, with the CPU this process and,
// when rdb is not nil, redis-server spent in it.
func countRate(b *testing.B, k *dockettest.Kafka, topic string, n int, rdb *redis.Client) drain {
	cl, err := kgo.NewClient(kgo.SeedBrokers(k.Addrs...), kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	if err != nil {
		b.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var first time.Time
	var cpu0, redis0 time.Duration
	got := 0
	for got < n {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			b.Fatalf("%s: %d of %d records before the timeout", topic, got, n)
		}
		if c := len(fs.Records()); c > 0 {
			if first.IsZero() {
				first, cpu0 = time.Now(), processCPU(b)
				if rdb != nil {
					redis0 = redisCPU(b, rdb)
				}
			}
			got += c
		}
	}
	d := drain{window: time.Since(first), records: n - 1, cpu: processCPU(b) - cpu0}
	d.rate = float64(d.records) / d.window.Seconds()
	if rdb != nil {
		d.redisCPU = redisCPU(b, rdb) - redis0
	}
	return d
}

// benchLatency feeds the running pass-through service at rate events/s for
// d and returns the p50 and p99 end-to-end latency in milliseconds.
func benchLatency(b *testing.B, h *harness, rate float64, d time.Duration) (float64, float64) {
	start := 1_000_000
	total := int(rate * d.Seconds())
	sent := make([]atomic.Int64, total) // unix nanos at produce
	out := h.kafka.Client(b, kgo.ConsumeTopics(events.TopicExtracted), kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	// The feeder lingers 1 ms: franz-go's default 10 ms would be most of
	// the measured latency, and none at all floods the broker with
	// one-record requests at this rate (p50 of hundreds of ms, measured).
	in := h.kafka.Client(b, kgo.ProducerLinger(time.Millisecond))
	// Make sure the consumer has its position before producing.
	ctx0, cancel0 := context.WithTimeout(context.Background(), time.Second)
	out.PollFetches(ctx0)
	cancel0()

	go func() {
		interval := time.Duration(float64(time.Second) / rate)
		next := time.Now()
		for i := range total {
			e := benchEvent(start + i)
			v, err := h.codec.Encode(events.TopicSubmitted, e)
			if err != nil {
				b.Error(err)
				return
			}
			if wait := time.Until(next); wait > 0 {
				time.Sleep(wait)
			}
			sent[i].Store(time.Now().UnixNano())
			in.Produce(context.Background(), &kgo.Record{Topic: events.TopicSubmitted, Key: []byte(e.Meta.WorkflowID), Value: v}, nil)
			next = next.Add(interval)
		}
	}()

	var lat []float64
	ctx, cancel := context.WithTimeout(context.Background(), d+time.Minute)
	defer cancel()
	for len(lat) < total && ctx.Err() == nil {
		fs := out.PollFetches(ctx)
		now := time.Now().UnixNano()
		for _, r := range fs.Records() {
			e, err := h.codec.Decode(r.Value)
			if err != nil {
				b.Fatal(err)
			}
			var i int
			if _, err := fmt.Sscanf(e.EventMeta().CausationID, "evt-%d", &i); err != nil || i < start || i >= start+total {
				continue
			}
			lat = append(lat, float64(now-sent[i-start].Load())/1e6)
		}
	}
	if len(lat) == 0 {
		b.Fatal("no latency samples")
	}
	slices.Sort(lat)
	return lat[len(lat)/2], lat[len(lat)*99/100]
}
