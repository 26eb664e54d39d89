package idempotency

import (
	"strconv"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
)

// The benchmarks run against a real redis-server on loopback and report
// operations per second (an operation being a Claim+Complete pair or one
// batch call) and, for batches, keys per second.

const benchBatch = 100

var benchResult = make([]byte, 256) // a typical blob reference

func benchStore(b *testing.B) *Store {
	srv := dockettest.Redis(b)
	return New(dockettest.RedisClient(b, srv))
}

func reportRates(b *testing.B, ops, keysPerOp int) {
	secs := b.Elapsed().Seconds()
	if secs == 0 {
		return
	}
	b.ReportMetric(float64(ops)/secs, "ops/s")
	if keysPerOp > 1 {
		b.ReportMetric(float64(ops*keysPerOp)/secs, "keys/s")
	}
}

func BenchmarkClaimComplete(b *testing.B) {
	s := benchStore(b)
	ctx := b.Context()
	n := 0
	for b.Loop() {
		k := Key{"bench", strconv.Itoa(n)}
		n++
		c, err := s.Claim(ctx, k, "worker")
		if err != nil {
			b.Fatal(err)
		}
		if c.State != Acquired {
			b.Fatalf("claim of a new key: %s", c.State)
		}
		if err := s.Complete(ctx, k, c.Token, benchResult); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, n, 1)
}

// BenchmarkProcessedMany looks up a batch of events, half of them marked
// processed before: the runtime's duplicate check of every batch.
func BenchmarkProcessedMany(b *testing.B) {
	s := benchStore(b)
	ctx := b.Context()
	keys := make([]Key, benchBatch)
	items := make([]Item, benchBatch)
	for i := range keys {
		keys[i] = Key{"bench", "evt-" + strconv.Itoa(i)}
		items[i] = Item{Key: keys[i], Result: benchResult, Source: "topic/0/" + strconv.Itoa(i)}
	}
	if _, err := s.MarkProcessed(ctx, items[:benchBatch/2]); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		recs, err := s.ProcessedMany(ctx, keys)
		if err != nil {
			b.Fatal(err)
		}
		if len(recs) != benchBatch {
			b.Fatalf("%d records", len(recs))
		}
		n++
	}
	reportRates(b, n, benchBatch)
}

// BenchmarkMarkProcessed marks batches of new events processed: the
// runtime's write before each transaction commits.
func BenchmarkMarkProcessed(b *testing.B) {
	s := benchStore(b)
	ctx := b.Context()
	items := make([]Item, benchBatch)
	n := 0
	for b.Loop() {
		for i := range items {
			items[i] = Item{
				Key:    Key{"bench", strconv.Itoa(n) + "-" + strconv.Itoa(i)},
				Result: benchResult,
				Source: "topic/0/" + strconv.Itoa(n*benchBatch+i),
			}
		}
		recs, err := s.MarkProcessed(ctx, items)
		if err != nil {
			b.Fatal(err)
		}
		if !recs[0].Won {
			b.Fatal("a new key was not won")
		}
		n++
	}
	reportRates(b, n, benchBatch)
}
