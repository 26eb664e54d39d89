package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// BenchmarkPipeline measures, side by side in one run on each broker of
// DOCKET_BENCH_BROKERS (kfake, then the real three-node cluster, by
// default), each with a stack of its own: a bare franz-go chain of
// transactional hops (the ceiling), the reference pipeline (Docket's work
// on bare franz-go, sr.Serde and Redis: ref_test.go), the whole of Docket as separate
// processes with no-op engines fed through docket.document.requested and
// through the HTTP API (the platform's overhead), and, on kfake, the
// pipeline with Tesseract and the built-in classifier on the bundled
// samples. It prints a comparison table per broker and
//
//	bench pipeline: broker=kfake raw=<rec/s> ref=<wf/s> docket=<wf/s> ratio_ref=<r> cpu_ms_per_wf=<x> p50_ms=<a> p99_ms=<b> max_rss_mib=<m>
//	bench pipeline: broker=kafka …
//	bench cost: cpu_ms_per_wf=<x> redis_cmds_per_wf=<r> redis_round_trips_per_wf=<t> txns_per_wf=<n> records_per_wf=<k> broker=kfake
//	bench cost ref: (the same fields, the reference pipeline's) broker=kfake
//	bench engines: docs_per_s=<n> pages_per_s=<p> bottleneck=<stage>
//
// and, with DOCKET_BENCH_OUT set, writes results, charts and CPU profiles
// there. Sizes come from DOCKET_BENCH_* (settings_test.go). Run it with
// -benchtime 1x: one iteration is one full measurement.
func BenchmarkPipeline(b *testing.B) {
	cfg := loadSettings(b)
	checkTools(b)
	bins := buildServices(b)
	rep := &Report{Machine: ReadMachine()}
	for _, broker := range cfg.brokers {
		// A sub-benchmark per broker: its stack is stopped when it ends,
		// before the next one starts.
		b.Run(string(broker), func(b *testing.B) {
			for range b.N {
				res := measure(b, cfg.on(broker), broker, bins)
				if err := res.WriteSection(os.Stdout); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(res.Raw.PerSecond, "raw_rec/s")
				if p := res.pipeline("requested"); p != nil {
					b.ReportMetric(p.PerSecond, "docket_wf/s")
				}
				rep.Runs = append(rep.Runs, res)
			}
		})
	}
	if cfg.inputsDir != "" {
		var err error
		if rep.Idempotency, rep.Others, err = ReadInputs(cfg.inputsDir); err != nil {
			b.Fatal(err)
		}
	}
	for _, l := range rep.SummaryLines() {
		fmt.Println(l)
	}
	if b.Failed() {
		return // no partial results over the last complete ones
	}
	if cfg.outDir != "" {
		if err := rep.Write(cfg.outDir); err != nil {
			b.Fatal(err)
		}
	}
}

// measure runs the whole measurement on a stack of its own on broker.
func measure(b *testing.B, cfg settings, broker dockettest.Broker, bins map[string]string) *Results {
	ctx := b.Context()
	s := startStack(b, ctx, broker, cfg.partitions, bins)
	res := &Results{Broker: string(broker), Setup: s.setup()}

	// 1. The ceiling: the bare chain, on the same broker, its hops
	// connected as the services are.
	chain := startRawChain(b, ctx, s.k, s.kafkaOpts())
	// A tenth as many records first, not measured: the real cluster's JVMs
	// start cold (class loading, JIT), and Docket's runs come after.
	chain.peak(b, ctx, max(100, cfg.rawRecords/10))
	res.Raw = Raw{Hops: rawHops, RecordBytes: rawRecordBytes, Records: cfg.rawRecords, PerSecond: chain.peak(b, ctx, cfg.rawRecords)}
	b.Logf("%s: raw chain: %.0f records/s", broker, res.Raw.PerSecond)

	// 2. The reference pipeline: the same work without Docket, on the same
	// broker and Redis, before Docket's services start (so that its CPU
	// count holds only what it uses).
	ref := s.startReference(ctx)
	res.Reference = ref.bulk(cfg.workflows)
	b.Logf("%s: reference pipeline: %.0f workflows/s, %s", broker, res.Reference.PerSecond, res.Reference.Cost.Line())

	// 3. Docket with no-op engines. The meter counts every process's CPU
	// over Docket's runs, not the raw chain's or the reference's.
	for _, svc := range services {
		extra := []string{"DOCKET_OCR_ENGINE=noop", "DOCKET_CLASSIFIER_ENGINE=noop"}
		if svc == "ingest" {
			// Ingest reads status from the tracker, as deployed.
			extra = append(extra, "DOCKET_TRACKER_ADDR="+s.trackerAddr)
		}
		s.start(ctx, svc, extra...)
	}
	f := startFollower(b, ctx, s)
	warm, ids, _ := s.requests(ctx, "warmup", benchDocs("warmup", 20))
	produce(b, ctx, s.k.Client(b), warm, nil)
	if _, ok := f.await(ids, true, 2*time.Minute); !ok {
		b.Fatal("the warm-up workflows were not recorded in 2m")
	}
	cpu := s.meter()
	cpu.start()

	wait := func() {}
	var window *costWindow
	req := s.peakRequested(ctx, f, cfg.workflows, func() {
		window = s.beginCost(ctx)
		if cfg.profileSeconds > 0 && cfg.outDir != "" {
			raw := cfg.profileDir
			if raw == "" {
				raw = filepath.Join(cfg.outDir, "profiles")
			}
			wait = s.profile(ctx, filepath.Join(cfg.outDir, "profiles"), raw, cfg.profileSeconds)
		}
	})
	s.trackerSettled(ctx)
	cost := window.end(ctx, cfg.workflows)
	res.Cost = &cost
	b.Logf("%s: docket cost: %s", broker, cost.Line())
	b.Logf("%s: docket cost by process, CPU ms per workflow: %s", broker, cost.ByProcess())
	b.Logf("%s: docket batches: %s", broker, window.batches())
	wait()
	cpu.stop()
	res.Rate = min(cfg.rateCap, req.PerSecond/2)
	b.Logf("%s: docket (requested): %.0f workflows/s; fixed rate %.0f/s", broker, req.PerSecond, res.Rate)
	res.Raw.Latency = chain.latency(b, ctx, res.Rate, cfg.latencyFor)
	cpu.start()
	req.Rate = res.Rate
	var n int
	before := s.metrics(ctx)
	fixedWindow := s.beginCost(ctx)
	req.Latency, req.Stages, n = s.latencyRequested(ctx, f, res.Rate, cfg.latencyFor)
	s.trackerSettled(ctx)
	fixedCost := fixedWindow.end(ctx, n)
	res.CostFixed = &fixedCost
	req.Splits = splits(before, s.metrics(ctx))
	res.Workflows += req.Workflows + n

	web := s.peakHTTP(ctx, f, cfg.httpWorkflows, cfg.httpClients)
	web.Rate = min(res.Rate, web.PerSecond/2)
	web.Latency, web.Stages, n = s.latencyHTTP(ctx, f, web.Rate, cfg.latencyFor)
	res.Workflows += web.Workflows + n
	res.Pipelines = []Pipeline{req, web}
	cpu.stop()

	// The reference at Docket's fixed rate, for the same time, with the
	// services idle (their CPU left out of its count), then stopped.
	ref.fixed(res.Rate, cfg.latencyFor)
	ref.stop()
	b.Logf("%s: reference at %.0f/s: p50 %.1f ms, p99 %.1f ms, %s", broker, res.Rate, res.Reference.Latency.P50, res.Reference.Latency.P99,
		res.Reference.FixedCost.Line())

	for _, svc := range services {
		res.Services = append(res.Services, cpu.total[svc])
	}
	redis := cpu.total[redisProc]
	res.Redis = &redis
	if c := s.k.Real; c != nil {
		for _, node := range c.Nodes {
			res.BrokerProcs = append(res.BrokerProcs, cpu.total[brokerProc(node.ID)])
		}
	}
	harness := cpu.total[harnessProc]
	res.Harness = &harness

	// 4. The real engines on the bundled samples.
	if cfg.engineDocs > 0 {
		for _, svc := range []string{"ocr", "classifier"} {
			if !s.procs[svc].Stop(30 * time.Second) {
				b.Logf("%s did not stop in 30s; killed", svc)
			}
			s.start(ctx, svc)
		}
		res.Engines = s.engines(ctx, f, cfg.engineDocs, cfg.engineTimeout)
	}
	return res
}

// trackerSettled returns once the saga tracker's projection has caught
// up: its counts of records handled unchanged over 300 ms (it commits no
// offsets to Kafka that a lag could be read from), or after 30 s.
func (s *stack) trackerSettled(ctx context.Context) {
	count := func() float64 {
		var t float64
		m := s.metrics(ctx)
		for _, name := range []string{"events_applied_total", "duplicates_suppressed_total", "stale_records_total", "records_skipped_total", "poison_records_total"} {
			t += m.Sum("docket_sagatracker_"+name, nil)
		}
		return t
	}
	last, same := count(), 0
	for deadline := time.Now().Add(30 * time.Second); same < 3 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		if n := count(); n == last {
			same++
		} else {
			last, same = n, 0
		}
	}
}

// peakRequested feeds n workflows in bulk on docket.document.requested
// and returns the rate at which they were recorded. started is called as
// the feed starts.
func (s *stack) peakRequested(ctx context.Context, f *follower, n int, started func()) Pipeline {
	recs, ids, _ := s.requests(ctx, "peak", benchDocs("peak", n))
	started()
	start := time.Now()
	go produce(s.b, ctx, s.k.Client(s.b), recs, nil)
	traces, ok := f.await(ids, true, 5*time.Minute)
	if !ok {
		s.b.Fatalf("requested peak: %d of %d workflows settled in 5m", len(traces), n)
	}
	return Pipeline{Feed: "requested", Workflows: n, PerSecond: float64(n) / lastRecorded(s.b, traces).Sub(start).Seconds(), PeakStages: stagesOf(traces)}
}

// latencyRequested feeds docket.document.requested at rate for d and
// returns the submit-to-recorded latency, the stages' and the workflows
// fed.
func (s *stack) latencyRequested(ctx context.Context, f *follower, rate float64, d time.Duration) (Latency, []Stage, int) {
	n := max(1, int(rate*d.Seconds()))
	_, ids, evs := s.requests(ctx, "latency", benchDocs("latency", n))
	// Without linger, as the raw chain's feeder: franz-go's default 10 ms
	// would count the feeder's batching as the pipeline's latency. Each
	// request is encoded as it is sent, so that its occurred_at (from
	// which ingest's queue age counts) is its send time.
	go s.produceStamped(ctx, s.k.Client(s.b, kgo.ProducerLinger(0)), evs, pacer(rate))
	traces, ok := f.await(ids, true, d+3*time.Minute)
	if !ok {
		s.b.Fatalf("requested at %.0f/s: %d of %d workflows settled", rate, len(traces), n)
	}
	lat := make([]float64, 0, n)
	for _, t := range traces {
		lat = append(lat, ms(t.recorded.Sub(t.at[events.TopicRequested])))
	}
	return Percentiles(lat), stagesOf(traces), n
}

// peakHTTP posts n workflows with clients concurrent posters and returns
// the rate at which they were recorded.
func (s *stack) peakHTTP(ctx context.Context, f *follower, n, clients int) Pipeline {
	docs := benchDocs("http-peak", n)
	start := time.Now()
	ids, sent := s.postAll(ctx, "http-peak", docs, clients, nil)
	traces, ok := f.await(ids, false, 5*time.Minute)
	if !ok {
		s.b.Fatalf("HTTP peak: %d of %d workflows settled in 5m", len(traces), n)
	}
	for id, t := range traces {
		t.at[events.TopicRequested] = sent[id]
	}
	return Pipeline{Feed: "http", Workflows: n, PerSecond: float64(n) / lastRecorded(s.b, traces).Sub(start).Seconds(), PeakStages: stagesOf(traces)}
}

// latencyHTTP posts at rate for d and returns the latency from sending the
// request to the recorded event, the stages' (ingest's from the send) and
// the workflows fed.
func (s *stack) latencyHTTP(ctx context.Context, f *follower, rate float64, d time.Duration) (Latency, []Stage, int) {
	n := max(1, int(rate*d.Seconds()))
	ids, sent := s.postAll(ctx, "http-latency", benchDocs("http-latency", n), 0, pacer(rate))
	traces, ok := f.await(ids, false, d+3*time.Minute)
	if !ok {
		s.b.Fatalf("HTTP at %.0f/s: %d of %d workflows settled", rate, len(traces), n)
	}
	lat := make([]float64, 0, n)
	for id, t := range traces {
		t.at[events.TopicRequested] = sent[id]
		lat = append(lat, ms(t.recorded.Sub(sent[id])))
	}
	return Percentiles(lat), stagesOf(traces), n
}

// engines feeds n sample documents to the real engines in bulk.
func (s *stack) engines(ctx context.Context, f *follower, n int, timeout time.Duration) *Engines {
	recs, ids, _ := s.requests(ctx, "engines", sampleDocs(s.b, n))
	start := time.Now()
	go produce(s.b, ctx, s.k.Client(s.b), recs, nil)
	traces, ok := f.await(ids, true, timeout)
	if !ok {
		s.b.Fatalf("engines: %d of %d documents settled in %s (DOCKET_BENCH_ENGINE_TIMEOUT_SECONDS)", len(traces), n, timeout)
	}
	e := &Engines{Stages: stagesOf(traces)}
	var last time.Time
	for _, t := range traces {
		if t.failed {
			e.Failed++
			continue
		}
		e.Documents++
		e.Pages += t.pages
		if t.recorded.After(last) {
			last = t.recorded
		}
	}
	e.Seconds = last.Sub(start).Seconds()
	if e.Seconds > 0 {
		e.DocsPerS, e.PagesPerS = float64(e.Documents)/e.Seconds, float64(e.Pages)/e.Seconds
	}
	e.Bottleneck = Bottleneck(e.Stages)
	return e
}

func lastRecorded(b *testing.B, traces map[string]trace) time.Time {
	var last time.Time
	for id, t := range traces {
		if t.failed {
			b.Fatalf("workflow %s failed: see the services' logs", id)
		}
		if t.recorded.After(last) {
			last = t.recorded
		}
	}
	return last
}

// steps are the stages of a workflow: from the latest of the input topics
// present to the earliest of the output topics present.
var steps = []struct {
	name     string
	from, to []string
}{
	{"ingest", []string{events.TopicRequested}, []string{events.TopicSubmitted}},
	{"ocr", []string{events.TopicSubmitted}, []string{events.TopicExtracted}},
	{"classifier", []string{events.TopicExtracted}, []string{events.TopicClassified, events.TopicReviewRequested}},
	{"review", []string{events.TopicReviewRequested}, []string{events.TopicReviewDecided}},
	{"ledger", []string{events.TopicClassified, events.TopicReviewDecided}, []string{events.TopicRecorded}},
}

// stagesOf returns the latency of each step that the traces went through.
func stagesOf(traces map[string]trace) []Stage {
	var out []Stage
	for _, st := range steps {
		var lat []float64
		for _, t := range traces {
			var from, to time.Time
			for _, topic := range st.from {
				if at := t.at[topic]; !at.IsZero() && at.After(from) {
					from = at
				}
			}
			for _, topic := range st.to {
				if at := t.at[topic]; !at.IsZero() && (to.IsZero() || at.Before(to)) {
					to = at
				}
			}
			if !from.IsZero() && !to.IsZero() {
				lat = append(lat, ms(max(0, to.Sub(from))))
			}
		}
		if len(lat) > 0 {
			out = append(out, Stage{Name: st.name, Latency: Percentiles(lat)})
		}
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
