package bus_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
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
// Each side's rate is taken over a window of at least minWindow: a short
// pilot run sizes a backlog that takes that long to drain, on a fresh
// broker (and, for Docket, a fresh runtime), and the sizing is repeated
// until the measured window is long enough.
func BenchmarkRuntime(b *testing.B) {
	for range b.N {
		raw, _ := measure(b, func(b *testing.B, n int) (float64, time.Duration, *harness) {
			rate, window := benchRaw(b, n)
			return rate, window, nil
		})
		docket, h := measure(b, benchDocket)
		rate := docket / 2
		p50, p99 := benchLatency(b, h, rate, 5*time.Second)
		line := fmt.Sprintf("bench runtime: raw=%.0f docket=%.0f ratio=%.2f p50_ms=%.1f p99_ms=%.1f", raw, docket, docket/raw, p50, p99)
		fmt.Fprintln(os.Stdout, line)
		b.ReportMetric(raw, "raw_rec/s")
		b.ReportMetric(docket, "docket_rec/s")
		b.ReportMetric(docket/raw, "ratio")
	}
}

// minWindow is the shortest drain a side's rate is taken over: with a
// 20k-record backlog the bare loop drains in about 30 ms, mostly noise.
const minWindow = 2 * time.Second

// measure runs side with a 20k-record pilot, then with a backlog sized to
// drain in 1.5 × minWindow at the last measured rate, until one drain lasts
// at least minWindow. It returns that drain's rate and the side's harness.
func measure(b *testing.B, side func(b *testing.B, n int) (float64, time.Duration, *harness)) (float64, *harness) {
	n := 20_000
	for {
		rate, window, h := side(b, n)
		b.Logf("%d records in %s: %.0f rec/s", n, window.Round(time.Millisecond), rate)
		if window >= minWindow {
			return rate, h
		}
		n = int(rate * 1.5 * minWindow.Seconds())
	}
}

// padding makes an encoded submitted event about 1 KiB.
var padding = strings.Repeat("x", 760)

func benchEvent(i int) *events.DocumentSubmitted {
	return dockettest.Submitted(i, map[string]string{"pad": padding})
}

// benchRaw measures the bare franz-go chain: records/s of one transactional
// consume→produce hop, and the window it was taken over. Its broker is
// closed on return, freeing the backlog.
func benchRaw(b *testing.B, n int) (float64, time.Duration) {
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
	return countRate(b, k, out, n)
}

// benchDocket measures the pass-through service on a fresh runtime, and
// returns the window and the harness it runs in.
func benchDocket(b *testing.B, n int) (float64, time.Duration, *harness) {
	h := newHarness(b, 8)
	evs := make([]events.Event, n)
	for i := range evs {
		evs[i] = benchEvent(i)
	}
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
	startRuntime(b, h, "bench-0")
	rate, window := countRate(b, h.kafka, events.TopicExtracted, n)
	return rate, window, h
}

// countRate reads topic read-committed until n records arrived and returns
// the rate between the first and the last, and the time between them.
func countRate(b *testing.B, k *dockettest.Kafka, topic string, n int) (float64, time.Duration) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(k.Addrs...), kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	if err != nil {
		b.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var first time.Time
	got := 0
	for got < n {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			b.Fatalf("%s: %d of %d records before the timeout", topic, got, n)
		}
		if c := len(fs.Records()); c > 0 {
			if first.IsZero() {
				first = time.Now()
			}
			got += c
		}
	}
	window := time.Since(first)
	return float64(n-1) / window.Seconds(), window
}

// benchLatency feeds the running pass-through service at rate events/s for
// d and returns the p50 and p99 end-to-end latency in milliseconds.
func benchLatency(b *testing.B, h *harness, rate float64, d time.Duration) (float64, float64) {
	start := 1_000_000
	total := int(rate * d.Seconds())
	sent := make([]atomic.Int64, total) // unix nanos at produce
	out := h.kafka.Client(b, kgo.ConsumeTopics(events.TopicExtracted), kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
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
			h.client.Produce(context.Background(), &kgo.Record{Topic: events.TopicSubmitted, Key: []byte(e.Meta.WorkflowID), Value: v}, nil)
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
