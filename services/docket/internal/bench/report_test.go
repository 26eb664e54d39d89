package bench

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestPercentiles(t *testing.T) {
	for _, tc := range []struct {
		name    string
		samples []float64
		want    Latency
	}{
		{"none", nil, Latency{}},
		{"one", []float64{7}, Latency{P50: 7, P95: 7, P99: 7, N: 1}},
		{"hundred, shuffled", shuffled(100), Latency{P50: 50, P95: 95, P99: 99, N: 100}},
		{"ten", shuffled(10), Latency{P50: 5, P95: 10, P99: 10, N: 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Percentiles(tc.samples); got != tc.want {
				t.Errorf("Percentiles = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// shuffled returns 1..n out of order.
func shuffled(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64((i*7)%n + 1)
	}
	return out
}

func TestBottleneck(t *testing.T) {
	stages := []Stage{
		{Name: "ingest", Latency: Latency{P50: 40, N: 3}},
		{Name: "ocr", Latency: Latency{P50: 900, N: 3}},
		{Name: "review", Latency: Latency{P50: 5000}}, // no samples
		{Name: "ledger", Latency: Latency{P50: 20, N: 3}},
	}
	if got := Bottleneck(stages); got != "ocr" {
		t.Errorf("Bottleneck = %q, want ocr", got)
	}
	if got := Bottleneck(nil); got != "" {
		t.Errorf("Bottleneck(nil) = %q, want empty", got)
	}
}

func sampleResults() *Results {
	return &Results{
		Broker: "kfake",
		Setup:  "kfake",
		Rate:   50,
		Raw:    Raw{Hops: 5, RecordBytes: 1024, Records: 100, PerSecond: 4000, Latency: Latency{P50: 3, P95: 7, P99: 15, N: 500}},
		Reference: &Reference{Workflows: 100, PerSecond: 400, Rate: 50, Latency: Latency{P50: 12, P95: 15, P99: 20, N: 250},
			FixedCost: &Cost{Workflows: 250, CPUSeconds: 0.75}, Cost: Cost{Workflows: 100, CPUSeconds: 0.2, RedisCommands: 1600, RedisRoundTrips: 80,
				Transactions: 40, Records: 400, RedisByCommand: []CommandCalls{{"set", 800}, {"hset", 400}}}},
		Pipelines: []Pipeline{
			{Feed: "requested", Workflows: 100, PerSecond: 100, Rate: 50, Latency: Latency{P50: 150, P95: 220, P99: 260, N: 500},
				Stages: []Stage{{Name: "ocr", Latency: Latency{P50: 40, P95: 120, P99: 140, N: 500}}},
				Splits: []StageSplit{{Name: "ocr", Service: "ocr", Topic: "docket.document.submitted", QueueP50: 25, QueueP99: 90, ProcP50: 0.4, ProcP99: 1.5, N: 500}}},
		},
		CostFixed: &Cost{Workflows: 250, CPUSeconds: 2.25},
		Cost: &Cost{Workflows: 100, CPUSeconds: 0.75, RedisCommands: 14400, RedisRoundTrips: 1200, Transactions: 75, Records: 600, Delivered: 2100,
			RedisByCommand: []CommandCalls{{"evalsha", 900}, {"set", 500}}},
		Services:  []Usage{{Service: "ingest", CPUSeconds: 2, PeakRSSMiB: 48.5}, {Service: "ocr", CPUSeconds: 3, PeakRSSMiB: 120.25}},
		Redis:     &Usage{Service: "redis-server", CPUSeconds: 1, PeakRSSMiB: 10},
		Harness:   &Usage{Service: "harness", CPUSeconds: 6, PeakRSSMiB: 200},
		Workflows: 600,
		Engines: &Engines{Documents: 6, Pages: 9, Seconds: 12, DocsPerS: 0.5, PagesPerS: 0.75, Bottleneck: "ocr",
			Stages: []Stage{{Name: "ocr", Latency: Latency{P50: 9000, P95: 12000, P99: 12000, N: 6}}}},
	}
}

// sampleKafka is a run on the real cluster: no engines, three JVMs.
func sampleKafka() *Results {
	r := sampleResults()
	r.Broker, r.Setup, r.Engines = "kafka", "Apache Kafka, 3 KRaft nodes", nil
	r.Raw.PerSecond = 2000
	r.Pipelines = append([]Pipeline(nil), r.Pipelines...)
	r.Pipelines[0].PerSecond = 80
	r.BrokerProcs = []Usage{{Service: "kafka node 1", CPUSeconds: 10, PeakRSSMiB: 400}, {Service: "kafka node 2", CPUSeconds: 8, PeakRSSMiB: 390},
		{Service: "kafka node 3", CPUSeconds: 6, PeakRSSMiB: 380}}
	return r
}

func sampleReport() *Report {
	return &Report{Machine: ReadMachine(), Runs: []*Results{sampleResults(), sampleKafka()}, Idempotency: 8333,
		Others: []string{"bench tracker: events_per_s=5000 get_p99_ms=2.1"}}
}

func TestSummaryLinesAndTargets(t *testing.T) {
	r := sampleResults()
	want := []string{
		"bench pipeline: broker=kfake raw=4000 ref=400 docket=100 ratio_ref=0.250 cpu_ms_per_wf=7.50 p50_ms=150.0 p99_ms=260.0 max_rss_mib=120.2",
		"bench cost: cpu_ms_per_wf=7.50 redis_cmds_per_wf=144.0 redis_round_trips_per_wf=12.0 txns_per_wf=0.75 records_per_wf=6.0 broker=kfake",
		"bench cost ref: cpu_ms_per_wf=2.00 redis_cmds_per_wf=16.0 redis_round_trips_per_wf=0.8 txns_per_wf=0.40 records_per_wf=4.0 broker=kfake",
		"bench engines: docs_per_s=0.50 pages_per_s=0.75 bottleneck=ocr",
	}
	if got := r.SummaryLines(); !reflect.DeepEqual(got, want) {
		t.Errorf("SummaryLines = %q, want %q", got, want)
	}
	wantReport := []string{
		"bench pipeline: broker=kfake raw=4000 ref=400 docket=100 ratio_ref=0.250 cpu_ms_per_wf=7.50 p50_ms=150.0 p99_ms=260.0 max_rss_mib=120.2",
		"bench pipeline: broker=kafka raw=2000 ref=400 docket=80 ratio_ref=0.200 cpu_ms_per_wf=7.50 p50_ms=150.0 p99_ms=260.0 max_rss_mib=120.2",
		"bench cost: cpu_ms_per_wf=7.50 redis_cmds_per_wf=144.0 redis_round_trips_per_wf=12.0 txns_per_wf=0.75 records_per_wf=6.0 broker=kfake",
		"bench cost ref: cpu_ms_per_wf=2.00 redis_cmds_per_wf=16.0 redis_round_trips_per_wf=0.8 txns_per_wf=0.40 records_per_wf=4.0 broker=kfake",
		"bench cost: cpu_ms_per_wf=7.50 redis_cmds_per_wf=144.0 redis_round_trips_per_wf=12.0 txns_per_wf=0.75 records_per_wf=6.0 broker=kafka",
		"bench cost ref: cpu_ms_per_wf=2.00 redis_cmds_per_wf=16.0 redis_round_trips_per_wf=0.8 txns_per_wf=0.40 records_per_wf=4.0 broker=kafka",
		"bench engines: docs_per_s=0.50 pages_per_s=0.75 bottleneck=ocr",
	}
	if got := sampleReport().SummaryLines(); !reflect.DeepEqual(got, wantReport) {
		t.Errorf("Report.SummaryLines = %q, want %q", got, wantReport)
	}
	wantTargets := []string{
		"CPU <= 1.0 ms per workflow, every process counted: 7.50 ms — NOT met",
		"peak >= 2000 workflows/s: 100 — NOT met",
		"Docket >= 0.7 of the reference pipeline: 0.250 (100 vs 400 workflows/s) — NOT met",
		"at 50/s p50 <= 20 ms and p99 <= 60 ms: 150.0 and 260.0 ms — NOT met",
		"peak RSS <= 100 MiB per service: max 120.2 MiB — NOT met",
	}
	if got := r.Targets(); !reflect.DeepEqual(got, wantTargets) {
		t.Errorf("Targets = %q, want %q", got, wantTargets)
	}
}

func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	if err := sampleReport().Write(dir); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"broker", "section", "name", "metric", "value", "unit"}; !reflect.DeepEqual(rows[0], want) {
		t.Errorf("CSV header = %q, want %q", rows[0], want)
	}
	want := map[string]string{
		"kfake/raw/chain/throughput":                "4000.00",
		"kafka/raw/chain/throughput":                "2000.00",
		"kfake/pipeline/requested/p99":              "260.00",
		"kfake/stage/requested/ocr/p95":             "120.00",
		"kfake/service/ocr/peak_rss":                "120.25",
		"kfake/engines/samples/pages":               "0.75",
		"kfake/pipeline/requested/latency_rate":     "50.00",
		"kafka/broker/kafka node 2/cpu":             "8.00",
		"kafka/redis/redis-server/cpu":              "1.00",
		"kfake/reference/requested/throughput":      "400.00",
		"kfake/cost/docket/cpu_per_workflow":        "7.50",
		"kfake/cost/reference/records_per_workflow": "4.00",
		"kfake/split/requested/ocr/queue_age_p50":   "25.00",
		"/idempotency/claim_complete/throughput":    "8333.00",
	}
	got := map[string]string{}
	for _, r := range rows[1:] {
		got[r[0]+"/"+r[1]+"/"+r[2]+"/"+r[3]] = r[4]
	}
	if _, ok := got["kafka/engines/samples/pages"]; ok {
		t.Error("CSV has engine rows for kafka")
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("CSV %s = %q, want %q", k, got[k], v)
		}
	}
	for _, name := range []string{"results.json", "README.md", "throughput.svg", "throughput.png", "latency-requested.svg", "latency-kafka-requested.svg", "latency-engines.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if strings.HasSuffix(name, ".svg") && !strings.Contains(string(b), "<svg") {
			t.Errorf("%s is not an SVG", name)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "README.md"))
	for _, want := range []string{
		"### Broker: kfake\n",
		"### Broker: kafka\n",
		"| ocr | 3.0 | 5.00 | 120.2 |",
		"| redis-server | 1.0 | 1.67 | 10.0 |",
		"| kafka node 1 (JVM) | 10.0 | 16.67 | 400.0 |",
		"| kafka (3 JVMs) | 24.0 | 40.00 | 1170.0 |",
		"| (harness: kfake, registry, feeders, follower) | 6.0 | 10.00 | 200.0 |",
		"| (harness: registry, feeders, follower) | 6.0 | 10.00 | 200.0 |",
		"| every process above | 12.0 | 20.00 | |",
		"| every process above | 36.0 | 60.00 | |",
		"the real engines run on kfake only",
		"Idempotency store, Claim+Complete: 8333 ops/s.",
		"    bench tracker: events_per_s=5000 get_p99_ms=2.1\n",
		"    bench pipeline: broker=kfake raw=4000 ref=400 docket=100 ratio_ref=0.250 cpu_ms_per_wf=7.50 p50_ms=150.0 p99_ms=260.0 max_rss_mib=120.2\n",
		"    bench pipeline: broker=kafka raw=2000 ref=400 docket=80 ratio_ref=0.200 cpu_ms_per_wf=7.50 p50_ms=150.0 p99_ms=260.0 max_rss_mib=120.2\n",
		"    bench cost ref: cpu_ms_per_wf=2.00 redis_cmds_per_wf=16.0 redis_round_trips_per_wf=0.8 txns_per_wf=0.40 records_per_wf=4.0 broker=kfake\n",
		"| Redis round trips | 12.0 | 0.8 | 0.0 | 0.0 |",
		"| records delivered to consumers | 21.0 | 0.0 | 0.0 | 0.0 |",
		"Redis commands per workflow, Docket, bulk (scripts' commands included): evalsha 9.0, set 5.0\n",
		"| reference pipeline: Docket's hops and guarantees on bare franz-go, sr.Serde Avro, Redis guard and projection, fed by requested | 400 wf/s | 50/s | 12.0 | 15.0 | 20.0 |",
		"| CPU ms | 7.50 | 2.00 | 9.00 | 3.00 |",
		"| ocr | docket.document.submitted | 40.0 | 140.0 | 25.0 | 90.0 | 0.40 | 1.50 | 500 |",

		"    bench engines: docs_per_s=0.50 pages_per_s=0.75 bottleneck=ocr\n",
		"[Latency by stage, kafka, no-op engines, fed by requested at 50/s](latency-kafka-requested.svg)",
		"| cores | ",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("README.md lacks %q:\n%s", want, md)
		}
	}
}

func TestReadInputs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"idempotency.txt": "goos: linux\nBenchmarkClaimComplete-2   \t    9000\t    120000 ns/op\t      8333 ops/s\t     512 B/op\nPASS\n",
		"tracker.txt":     "bench tracker: events_per_s=5000 get_p99_ms=2.1\nok\n",
		"pipeline.txt":    "bench pipeline: broker=kfake raw=1 docket=1 ratio=1 p99_ms=1 max_rss_mib=1\nbench pipeline: broker=kafka raw=1 docket=1 ratio=1 p99_ms=1 max_rss_mib=1\nbench cost: cpu_ms_per_wf=1 broker=kfake\nbench cost ref: cpu_ms_per_wf=1 broker=kfake\n",
		"notes.log":       "bench ignored: not a .txt file\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ops, lines, err := ReadInputs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ops != 8333 || !reflect.DeepEqual(lines, []string{"bench tracker: events_per_s=5000 get_p99_ms=2.1"}) {
		t.Errorf("ReadInputs = %v, %q; want 8333 and the tracker line", ops, lines)
	}
}

func TestProcUsage(t *testing.T) {
	cpu, rss, err := ProcUsage(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if cpu < 0 || rss <= 1 {
		t.Errorf("ProcUsage(self) = %v s, %v MiB; want a CPU time >= 0 and more than 1 MiB resident", cpu, rss)
	}
	if _, _, err := ProcUsage(-1); err == nil {
		t.Error("ProcUsage(-1) did not fail")
	}
}

func TestReadMachine(t *testing.T) {
	m := ReadMachine()
	if m.Cores < 1 || m.MemoryMiB < 1 || !strings.HasPrefix(m.GoVersion, "go") {
		t.Errorf("ReadMachine = %+v", m)
	}
}
