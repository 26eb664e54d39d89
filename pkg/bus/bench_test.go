package bus_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
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
func BenchmarkRuntime(b *testing.B) {
	const n = 20_000
	for range b.N {
		raw := benchRaw(b, n)
		docket, h := benchDocket(b, n)
		rate := docket / 2
		p50, p99 := benchLatency(b, h, rate, 5*time.Second)
		line := fmt.Sprintf("bench runtime: raw=%.0f docket=%.0f ratio=%.2f p50_ms=%.1f p99_ms=%.1f", raw, docket, docket/raw, p50, p99)
		fmt.Fprintln(os.Stdout, line)
		b.ReportMetric(raw, "raw_rec/s")
		b.ReportMetric(docket, "docket_rec/s")
		b.ReportMetric(docket/raw, "ratio")
	}
}

// padding makes an encoded submitted event about 1 KiB.
var padding = strings.Repeat("x", 760)

func benchEvent(i int) *events.DocumentSubmitted {
	return dockettest.Submitted(i, map[string]string{"pad": padding})
}

// benchRaw measures the bare franz-go chain: records/s of one transactional
// consume→produce hop.
func benchRaw(b *testing.B, n int) float64 {
	const in, out = "bench.raw.in", "bench.raw.out"
	k := dockettest.NewKafka(b, 8, []string{in, out})
	cl := k.Client(b)
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
	go func() {
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
	}()
	return countRate(b, k, out, n)
}

// benchDocket measures the pass-through service on the runtime.
func benchDocket(b *testing.B, n int) (float64, *harness) {
	h := newHarness(b, 8)
	evs := make([]events.Event, n)
	for i := range evs {
		evs[i] = benchEvent(i)
	}
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
	startRuntime(b, h, "bench-0")
	return countRate(b, h.kafka, events.TopicExtracted, n), h
}

// countRate reads topic read-committed until n records arrived and returns
// the rate between the first and the last.
func countRate(b *testing.B, k *dockettest.Kafka, topic string, n int) float64 {
	cl := k.Client(b, kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
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
	return float64(n-1) / time.Since(first).Seconds()
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
