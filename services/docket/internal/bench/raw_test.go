package bench

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
)

// rawHops is the length of the bare chain: as many transactional
// consume→produce hops as a workflow makes (ingest, ocr, classifier,
// ledger, and the ledger's recorded event).
const rawHops = 5

// rawRecordBytes is the size of a raw record's value.
const rawRecordBytes = 1024

func rawTopic(i int) string { return fmt.Sprintf("bench.raw.%d", i) }

// rawTopics are the chain's topics, bench.raw.0 (fed) to bench.raw.5 (read).
func rawTopics() []string {
	ts := make([]string, rawHops+1)
	for i := range ts {
		ts[i] = rawTopic(i)
	}
	return ts
}

// rawChain is the bare franz-go chain: each hop a transactional group
// session reading one topic and writing the next, as a minimal service on
// franz-go alone would.
type rawChain struct {
	k   *dockettest.Kafka
	in  *kgo.Client
	out *kgo.Client
}

// startRawChain starts the hops on k, each connecting with conn (the
// services' connection options), and returns once a record went through
// all of them. The feeder and the reader at the ends are the harness's
// clients, as Docket's feeders and follower are.
func startRawChain(b *testing.B, ctx context.Context, k *dockettest.Kafka, conn []kgo.Opt) *rawChain {
	var wg sync.WaitGroup
	b.Cleanup(wg.Wait) // registered first, so it runs after ctx is canceled
	ctx, cancel := context.WithCancel(ctx)
	b.Cleanup(cancel)
	for hop := range rawHops {
		wg.Go(func() { rawHop(b, ctx, conn, hop) })
	}
	c := &rawChain{
		k:  k,
		in: k.Client(b, kgo.ProducerLinger(0)),
		out: k.Client(b, kgo.ConsumeTopics(rawTopic(rawHops)), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
			kgo.FetchIsolationLevel(kgo.ReadCommitted())),
	}
	c.produce(ctx, 1, nil) // warm-up: every hop has joined its group once it is out
	if _, ok := c.await(ctx, 1, 2*time.Minute, nil); !ok {
		b.Fatal("raw chain: the warm-up record did not come through in 2m")
	}
	return c
}

func rawHop(b *testing.B, ctx context.Context, conn []kgo.Opt, hop int) {
	sess, err := kgo.NewGroupTransactSession(append(slices.Clone(conn),
		kgo.ConsumerGroup(fmt.Sprintf("bench-raw-%d", hop)), kgo.ConsumeTopics(rawTopic(hop)),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.TransactionalID(fmt.Sprintf("bench-raw-%d", hop)), kgo.MetadataMinAge(100*time.Millisecond),
	)...)
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
			sess.Produce(ctx, &kgo.Record{Topic: rawTopic(hop + 1), Key: r.Key, Value: r.Value}, nil)
		}
		if _, err := sess.End(ctx, kgo.TryCommit); err != nil && ctx.Err() == nil {
			b.Error(err)
			return
		}
	}
}

// produce writes n records to the chain's head, each stamped with its
// send time; pace, when set, is waited on before each record.
func (c *rawChain) produce(ctx context.Context, n int, pace func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		if pace != nil {
			pace(i)
		}
		v := make([]byte, rawRecordBytes)
		binary.BigEndian.PutUint64(v, uint64(time.Now().UnixNano()))
		wg.Add(1)
		c.in.Produce(ctx, &kgo.Record{Topic: rawTopic(0), Key: fmt.Appendf(nil, "wf-%08d", i), Value: v}, func(*kgo.Record, error) { wg.Done() })
	}
	wg.Wait()
}

// await reads n records at the chain's end and returns when the last
// arrived; lat, when set, gets each record's latency in milliseconds.
func (c *rawChain) await(ctx context.Context, n int, timeout time.Duration, lat *[]float64) (time.Time, bool) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last time.Time
	for got := 0; got < n; {
		fs := c.out.PollFetches(ctx)
		if ctx.Err() != nil {
			return last, false
		}
		now := time.Now()
		for _, r := range fs.Records() {
			got++
			if lat != nil {
				*lat = append(*lat, float64(now.UnixNano()-int64(binary.BigEndian.Uint64(r.Value)))/1e6)
			}
		}
		last = now
	}
	return last, true
}

// peak pushes n records in bulk and returns records/s through the chain.
func (c *rawChain) peak(b *testing.B, ctx context.Context, n int) float64 {
	start := time.Now()
	go c.produce(ctx, n, nil)
	last, ok := c.await(ctx, n, 5*time.Minute, nil)
	if !ok {
		b.Fatalf("raw chain: %d records did not come through in 5m", n)
	}
	return float64(n) / last.Sub(start).Seconds()
}

// latency feeds the chain at rate records/s for d and returns the
// end-to-end latency percentiles.
func (c *rawChain) latency(b *testing.B, ctx context.Context, rate float64, d time.Duration) Latency {
	n := max(1, int(rate*d.Seconds()))
	go c.produce(ctx, n, pacer(rate))
	var lat []float64
	if _, ok := c.await(ctx, n, d+2*time.Minute, &lat); !ok {
		b.Fatalf("raw chain: %d of %d records at %.0f/s came through", len(lat), n, rate)
	}
	return Percentiles(lat)
}

// pacer returns a function that, called before the i-th send, waits until
// that send is due at rate per second.
func pacer(rate float64) func(i int) {
	start := time.Now()
	interval := time.Duration(float64(time.Second) / rate)
	return func(i int) {
		if wait := time.Until(start.Add(time.Duration(i) * interval)); wait > 0 {
			time.Sleep(wait)
		}
	}
}
