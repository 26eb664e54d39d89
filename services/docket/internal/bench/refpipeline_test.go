package bench

import (
	"context"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
)

// TestReferencePipelineExactlyOnce runs the reference pipeline on kfake
// with a real redis-server: every workflow fed, and fed again as a second
// record of the same event, is recorded exactly once, each hop ran in
// transactions, the guard suppressed the copies, and the projection wrote
// one hash per workflow event.
func TestReferencePipelineExactlyOnce(t *testing.T) {
	const n, copies = 200, 40
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	k := dockettest.NewKafka(t, 2, refTopics())
	_, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	serde, err := newRefSerde(ctx, rc)
	if err != nil {
		t.Fatal(err)
	}
	p := startRef(ctx, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, serde, rdb)
	defer p.stop()
	reader := startRefReader(t, ctx, k.Client(t, kgo.ConsumeTopics(refTopic(len(refStages))),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted())), serde)

	reqs := refRequests("test", n)
	recs, err := p.records(reqs)
	if err != nil {
		t.Fatal(err)
	}
	// The copies: the same events again, in records of their own.
	for _, r := range recs[:copies] {
		recs = append(recs, &kgo.Record{Topic: r.Topic, Key: r.Key, Value: r.Value})
	}
	if err := feed(ctx, k.Client(t), recs, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := reader.await(workflowIDs(reqs), 2*time.Minute); !ok {
		t.Fatalf("%d of %d workflows recorded (hops: %v)", len(reader.counts()), n, p.Err())
	}
	// Settled: the first hop consumed every record fed, each later hop
	// every record the one before produced, and the projection every
	// event of the four output topics.
	settled := func() bool {
		if p.consumed[0].Load() != int64(n+copies) || p.projected.Load() != int64(len(refStages)*n) {
			return false
		}
		for hop := 1; hop < len(refStages); hop++ {
			if p.consumed[hop].Load() != int64(n) {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(time.Minute); !settled(); time.Sleep(50 * time.Millisecond) {
		over := p.projected.Load() > int64(len(refStages)*n)
		for hop := 1; hop < len(refStages); hop++ {
			over = over || p.consumed[hop].Load() > int64(n)
		}
		if over || time.Now().After(deadline) || p.Err() != nil {
			t.Fatalf("not settled (or more than once): consumed %d %d %d %d, projected %d, err %v", p.consumed[0].Load(), p.consumed[1].Load(),
				p.consumed[2].Load(), p.consumed[3].Load(), p.projected.Load(), p.Err())
		}
	}
	for id, c := range reader.counts() {
		if c != 1 {
			t.Errorf("workflow %s recorded %d times", id, c)
		}
	}
	if got := len(reader.counts()); got != n {
		t.Errorf("%d workflows recorded, want %d", got, n)
	}
	if got := p.duplicates.Load(); got != copies {
		t.Errorf("guard suppressed %d events, want %d", got, copies)
	}
	if got := p.produced.Load(); got != int64(len(refStages)*n) {
		t.Errorf("hops produced %d records, want %d", got, len(refStages)*n)
	}
	if p.txns.Load() < int64(len(refStages)) {
		t.Errorf("%d transactions, want at least one per hop", p.txns.Load())
	}
	keys, err := rdb.Keys(ctx, "bench:ref:event:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != len(refStages)*n {
		t.Errorf("projection holds %d event hashes, want %d", len(keys), len(refStages)*n)
	}
	h, err := rdb.HGetAll(ctx, keys[0]).Result()
	if err != nil || h["workflow_id"] == "" || h["topic"] == "" {
		t.Errorf("projected hash %s = %v, %v", keys[0], h, err)
	}
}
