package bench

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

const infoBefore = `# Stats
total_connections_received:4
total_commands_processed:1000
total_reads_processed:400

# Commandstats
cmdstat_mget:calls=10,usec=50,usec_per_call=5.00,rejected_calls=0,failed_calls=0
cmdstat_set:calls=300,usec=900,usec_per_call=3.00,rejected_calls=0,failed_calls=0
cmdstat_info:calls=2,usec=80,usec_per_call=40.00,rejected_calls=0,failed_calls=0
`

const infoAfter = `# Stats
total_commands_processed:2101
total_reads_processed:451
# Commandstats
cmdstat_mget:calls=60,usec=250,usec_per_call=4.17,rejected_calls=0,failed_calls=0
cmdstat_set:calls=1100,usec=3300,usec_per_call=3.00,rejected_calls=0,failed_calls=0
cmdstat_evalsha:calls=100,usec=3300,usec_per_call=33.00,rejected_calls=0,failed_calls=0
cmdstat_hset:calls=150,usec=300,usec_per_call=2.00,rejected_calls=0,failed_calls=0
cmdstat_info:calls=3,usec=120,usec_per_call=40.00,rejected_calls=0,failed_calls=0
`

func TestRedisCost(t *testing.T) {
	before, err := ParseRedisInfo(infoBefore)
	if err != nil {
		t.Fatal(err)
	}
	after, err := ParseRedisInfo(infoAfter)
	if err != nil {
		t.Fatal(err)
	}
	c := Cost{Workflows: 50}
	c.redisBetween(before, after)
	// 1101 commands and 51 reads, less the measuring INFO's one each.
	if c.RedisCommands != 1100 || c.RedisRoundTrips != 50 {
		t.Errorf("commands, round trips = %v, %v; want 1100, 50", c.RedisCommands, c.RedisRoundTrips)
	}
	want := []CommandCalls{{"set", 800}, {"hset", 150}, {"evalsha", 100}, {"mget", 50}}
	if !reflect.DeepEqual(c.RedisByCommand, want) {
		t.Errorf("by command = %v, want %v", c.RedisByCommand, want)
	}
	if _, err := ParseRedisInfo("# Server\nredis_version:5.0.0\n"); err == nil {
		t.Error("INFO without total_reads_processed accepted")
	}
}

func TestCostLine(t *testing.T) {
	c := Cost{Workflows: 200, CPUSeconds: 1.5, RedisCommands: 28800, RedisRoundTrips: 2400, Transactions: 150, Records: 1200}
	want := "cpu_ms_per_wf=7.50 redis_cmds_per_wf=144.0 redis_round_trips_per_wf=12.0 txns_per_wf=0.75 records_per_wf=6.0"
	if got := c.Line(); got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
	if got := (Cost{}).Line(); !strings.HasPrefix(got, "cpu_ms_per_wf=0.00 ") {
		t.Errorf("zero Cost line = %q", got)
	}
}

func TestCostByProcess(t *testing.T) {
	c := Cost{Workflows: 100, CPUByProcess: map[string]float64{"ocr": 0.02, "redis-server": 0.05, "kafka node 1": 0.02}}
	want := "redis-server=0.50 kafka_node_1=0.20 ocr=0.20"
	if got := c.ByProcess(); got != want {
		t.Errorf("ByProcess = %q, want %q", got, want)
	}
}

const metricsText = `# HELP docket_runtime_transactions_total Kafka transactions ended, by result (committed, aborted).
# TYPE docket_runtime_transactions_total counter
docket_runtime_transactions_total{result="committed",service="ocr"} 40
docket_runtime_transactions_total{result="aborted",service="ocr"} 2
docket_kafka_produce_records_total{node_id="1",service="ocr",topic="docket.document.extracted"} 300
docket_kafka_produce_records_total{node_id="1",service="ocr",topic="docket.workflow.steps"} 5
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.001"} 0
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.002"} 10
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.004"} 90
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="+Inf"} 100
docket_handler_queue_age_seconds_sum{service="ocr",topic="docket.document.submitted"} 0.3
go_goroutines 12
odd{msg="a \"quoted\", value"} 1 1700000000000
`

func TestParseMetrics(t *testing.T) {
	m, err := ParseMetrics(strings.NewReader(metricsText))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Sum("docket_runtime_transactions_total", nil); got != 42 {
		t.Errorf("transactions = %v, want 42", got)
	}
	if got := m.Sum("docket_runtime_transactions_total", map[string]string{"result": "committed"}); got != 40 {
		t.Errorf("committed = %v, want 40", got)
	}
	if got := m.Sum("docket_kafka_produce_records_total", map[string]string{"topic": "docket.document.extracted"}); got != 300 {
		t.Errorf("produced on extracted = %v, want 300", got)
	}
	if got := m.Sum("go_goroutines", nil); got != 12 {
		t.Errorf("go_goroutines = %v", got)
	}
	if got := m.Sum("odd", map[string]string{"msg": `a "quoted", value`}); got != 1 {
		t.Errorf("escaped label: sum %v, want 1", got)
	}
	h := m.Histogram("docket_handler_queue_age_seconds", map[string]string{"topic": "docket.document.submitted"})
	if h.Count() != 100 || len(h.Bounds) != 4 || !math.IsInf(h.Bounds[3], 1) {
		t.Fatalf("histogram = %+v", h)
	}
	// p50: rank 50 in (0.002, 0.004] holding 80 → 0.002 + 0.002*40/80.
	if got := h.Quantile(0.5); math.Abs(got-0.003) > 1e-9 {
		t.Errorf("p50 = %v, want 0.003", got)
	}
	// p99: rank 99 falls in +Inf: the highest finite bound.
	if got := h.Quantile(0.99); got != 0.004 {
		t.Errorf("p99 = %v, want 0.004", got)
	}
	before := Histogram{Bounds: h.Bounds, Counts: []float64{0, 10, 10, 10}}
	d := h.Sub(before)
	if d.Count() != 90 || d.Quantile(0.5) != 0.002+0.002*45/80 {
		t.Errorf("delta = %+v, p50 %v", d, d.Quantile(0.5))
	}
	if !math.IsNaN((Histogram{}).Quantile(0.5)) {
		t.Error("empty histogram's quantile is not NaN")
	}
	if _, err := ParseMetrics(strings.NewReader("broken{le=\"1\" 3\n")); err == nil {
		t.Error("unterminated labels accepted")
	}
}

func TestSplits(t *testing.T) {
	const before = `docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.01"} 5
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.02"} 5
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="+Inf"} 5
docket_handler_duration_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.001"} 5
docket_handler_duration_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.002"} 5
docket_handler_duration_seconds_bucket{service="ocr",topic="docket.document.submitted",le="+Inf"} 5
`
	const after = `docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.01"} 5
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.02"} 105
docket_handler_queue_age_seconds_bucket{service="ocr",topic="docket.document.submitted",le="+Inf"} 105
docket_handler_duration_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.001"} 105
docket_handler_duration_seconds_bucket{service="ocr",topic="docket.document.submitted",le="0.002"} 105
docket_handler_duration_seconds_bucket{service="ocr",topic="docket.document.submitted",le="+Inf"} 105
docket_handler_duration_seconds_bucket{service="ledger",topic="docket.document.classified",le="+Inf"} 0
`
	b, err := ParseMetrics(strings.NewReader(before))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseMetrics(strings.NewReader(after))
	if err != nil {
		t.Fatal(err)
	}
	got := splits(b, a)
	want := []StageSplit{{Name: "ocr", Service: "ocr", Topic: "docket.document.submitted", QueueP50: 15, QueueP99: 19.9, ProcP50: 0.5, ProcP99: 0.99, N: 100}}
	if len(got) != 1 {
		t.Fatalf("splits = %+v, want %+v", got, want)
	}
	g := got[0]
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	if g.Name != "ocr" || g.N != 100 || !near(g.QueueP50, 15) || !near(g.QueueP99, 19.9) || !near(g.ProcP50, 0.5) || !near(g.ProcP99, 0.99) {
		t.Errorf("splits = %+v, want %+v", got, want)
	}
}
