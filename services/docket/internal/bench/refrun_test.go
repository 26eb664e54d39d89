package bench

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// refRun is the reference pipeline running on a stack, with the reader of
// its recorded events.
type refRun struct {
	s      *stack
	ctx    context.Context
	p      *refPipeline
	reader *refReader
	res    *Reference
	close  func()
}

// startReference starts the reference pipeline on the stack's broker and
// Redis and runs 20 workflows through it to warm up.
func (s *stack) startReference(ctx context.Context) *refRun {
	serde, err := newRefSerde(ctx, s.registry)
	if err != nil {
		s.b.Fatal(err)
	}
	p := startRef(ctx, s.kafkaOpts(), serde, s.redis)
	cl, err := kgo.NewClient(kgo.SeedBrokers(s.k.Addrs...), kgo.MetadataMinAge(100*time.Millisecond), kgo.ConsumeTopics(refTopic(len(refStages))),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()), kgo.FetchMaxWait(50*time.Millisecond))
	if err != nil {
		p.stop()
		s.b.Fatal(err)
	}
	rctx, stopReader := context.WithCancel(ctx)
	r := &refRun{s: s, ctx: ctx, p: p, reader: startRefReader(s.b, rctx, cl, serde), res: &Reference{}}
	r.close = func() { p.stop(); stopReader(); cl.Close() }
	s.b.Cleanup(r.stop)
	r.run("warmup", 20, nil, nil)
	return r
}

// stop ends the reference and its reader and checks that every workflow
// was recorded exactly once; it may be called again.
func (r *refRun) stop() {
	if r.close == nil {
		return
	}
	r.close()
	r.close = nil
	for id, c := range r.reader.counts() {
		if c != 1 {
			r.s.b.Errorf("reference: workflow %s recorded %d times", id, c)
		}
	}
	if err := r.p.Err(); err != nil {
		r.s.b.Errorf("reference pipeline: %v", err)
	}
}

// run feeds n workflows (paced by pace, or in bulk) and waits until each
// is recorded; with skip non-nil it returns the run's cost, every process
// counted but those named in skip, once the projection holds every event.
// It returns the workflows' ids, when each was sent and the cost.
func (r *refRun) run(phase string, n int, pace func(int), skip []string) ([]string, []time.Time, *Cost) {
	s, p := r.s, r.p
	reqs := refRequests(phase, n)
	recs, err := p.records(reqs)
	if err != nil {
		s.b.Fatal(err)
	}
	var w *costWindow
	if skip != nil {
		w = s.beginCost(r.ctx)
	}
	txns, produced, projected := p.txns.Load(), p.produced.Load(), p.projected.Load()
	fed := make(chan error, 1)
	go func() { fed <- feed(r.ctx, s.k.Client(s.b, kgo.ProducerLinger(0)), recs, pace) }()
	ids := workflowIDs(reqs)
	if _, ok := r.reader.await(ids, 5*time.Minute); !ok {
		s.b.Fatalf("reference %s: not every one of %d workflows recorded in 5m (hops: %v)", phase, n, p.Err())
	}
	if err := <-fed; err != nil {
		s.b.Fatalf("reference %s: feed: %v", phase, err)
	}
	sent := make([]time.Time, n)
	for i, rec := range recs {
		sent[i] = rec.Timestamp
	}
	if w == nil {
		return ids, sent, nil
	}
	// The projection's work belongs to the run: wait for it to catch up.
	for deadline := time.Now().Add(time.Minute); p.projected.Load() < projected+int64(len(refStages)*n); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			s.b.Fatalf("reference projection: %d of %d events in 1m", p.projected.Load()-projected, len(refStages)*n)
		}
	}
	c := w.endWithout(r.ctx, n, skip)
	c.Transactions, c.Records = float64(p.txns.Load()-txns), float64(p.produced.Load()-produced)
	return ids, sent, &c
}

// bulk feeds n workflows at once and measures them as Docket's peak is:
// from the first send to the last recorded event read.
func (r *refRun) bulk(n int) *Reference {
	ids, sent, c := r.run("peak", n, nil, []string{})
	var last time.Time
	for _, at := range r.reader.readAt(ids) {
		if at.After(last) {
			last = at
		}
	}
	r.res.Workflows, r.res.PerSecond, r.res.Cost = n, float64(n)/last.Sub(sent[0]).Seconds(), *c
	return r.res
}

// fixed feeds workflows at rate for d, as Docket's fixed-rate run, and
// measures each from its send to its recorded event read; Docket's idle
// services are left out of the cost.
func (r *refRun) fixed(rate float64, d time.Duration) {
	n := max(1, int(rate*d.Seconds()))
	ids, sent, c := r.run("latency", n, pacer(rate), services)
	lat := make([]float64, n)
	for i, at := range r.reader.readAt(ids) {
		lat[i] = ms(at.Sub(sent[i]))
	}
	r.res.Rate, r.res.Latency, r.res.FixedCost = rate, Percentiles(lat), c
}
