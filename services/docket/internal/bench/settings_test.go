package bench

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
)

// settings are the benchmark's sizes, read from DOCKET_BENCH_* so that a
// slower or faster machine can scale the run.
type settings struct {
	brokers        []dockettest.Broker // DOCKET_BENCH_BROKERS: the brokers measured on, in order (kfake, kafka; default both)
	partitions     int32               // DOCKET_BENCH_PARTITIONS: partitions of every topic, raw and Docket alike
	rawRecords     int                 // DOCKET_BENCH_RAW_RECORDS: records through the raw chain for its peak
	workflows      int                 // DOCKET_BENCH_WORKFLOWS: workflows fed on docket.document.requested for the peak
	httpWorkflows  int                 // DOCKET_BENCH_HTTP_WORKFLOWS: workflows posted for the HTTP peak
	latencyFor     time.Duration       // DOCKET_BENCH_LATENCY_SECONDS: length of each fixed-rate run
	rateCap        float64             // DOCKET_BENCH_RATE: the fixed rate, lowered to half of Docket's peak
	httpClients    int                 // DOCKET_BENCH_HTTP_CLIENTS: concurrent posters for the HTTP peak
	engineDocs     int                 // DOCKET_BENCH_ENGINE_DOCS: sample documents through the real engines (0 skips)
	engineTimeout  time.Duration       // DOCKET_BENCH_ENGINE_TIMEOUT: bound of the real-engine run
	profileSeconds int                 // DOCKET_BENCH_PROFILE_SECONDS: CPU profile of each service during the peak (0 skips)
	outDir         string              // DOCKET_BENCH_OUT: folder for results, charts and profiles' top functions ("" writes nothing)
	profileDir     string              // DOCKET_BENCH_PROFILE_DIR: folder for the CPU profiles themselves ("": DOCKET_BENCH_OUT/profiles, committed)
	inputsDir      string              // DOCKET_BENCH_INPUTS: folder of the other benchmarks' outputs of this run

	// The sizes on the real cluster, where every step is a replicated
	// write to three JVMs on the same two cores: smaller, so that make
	// bench stays short.
	kafkaRawRecords    int // DOCKET_BENCH_KAFKA_RAW_RECORDS: default the lower of DOCKET_BENCH_RAW_RECORDS and 10000
	kafkaWorkflows     int // DOCKET_BENCH_KAFKA_WORKFLOWS: default the lower of DOCKET_BENCH_WORKFLOWS and 1000
	kafkaHTTPWorkflows int // DOCKET_BENCH_KAFKA_HTTP_WORKFLOWS: default the lower of DOCKET_BENCH_HTTP_WORKFLOWS and 300
}

func loadSettings(b testing.TB) settings {
	s := settings{
		brokers:        envBrokers(b, "DOCKET_BENCH_BROKERS"),
		partitions:     int32(max(1, envInt(b, "DOCKET_BENCH_PARTITIONS", 4))),
		rawRecords:     envInt(b, "DOCKET_BENCH_RAW_RECORDS", 20_000),
		workflows:      envInt(b, "DOCKET_BENCH_WORKFLOWS", 3_000),
		httpWorkflows:  envInt(b, "DOCKET_BENCH_HTTP_WORKFLOWS", 1_500),
		latencyFor:     time.Duration(envInt(b, "DOCKET_BENCH_LATENCY_SECONDS", 10)) * time.Second,
		rateCap:        float64(envInt(b, "DOCKET_BENCH_RATE", 1_000)),
		httpClients:    envInt(b, "DOCKET_BENCH_HTTP_CLIENTS", 16),
		engineDocs:     envInt(b, "DOCKET_BENCH_ENGINE_DOCS", 24),
		engineTimeout:  time.Duration(envInt(b, "DOCKET_BENCH_ENGINE_TIMEOUT_SECONDS", 480)) * time.Second,
		profileSeconds: envInt(b, "DOCKET_BENCH_PROFILE_SECONDS", 5),
		outDir:         os.Getenv("DOCKET_BENCH_OUT"),
		profileDir:     os.Getenv("DOCKET_BENCH_PROFILE_DIR"),
		inputsDir:      os.Getenv("DOCKET_BENCH_INPUTS"),
	}
	s.kafkaRawRecords = envInt(b, "DOCKET_BENCH_KAFKA_RAW_RECORDS", min(s.rawRecords, 10_000))
	s.kafkaWorkflows = envInt(b, "DOCKET_BENCH_KAFKA_WORKFLOWS", min(s.workflows, 1_000))
	s.kafkaHTTPWorkflows = envInt(b, "DOCKET_BENCH_KAFKA_HTTP_WORKFLOWS", min(s.httpWorkflows, 300))
	return s
}

// on returns the settings of the run on broker: the real cluster's sizes
// on kafka, and there neither the real engines nor the CPU profiles (they
// are taken on kfake).
func (s settings) on(broker dockettest.Broker) settings {
	if broker == dockettest.Kfake {
		return s
	}
	s.rawRecords, s.workflows, s.httpWorkflows = s.kafkaRawRecords, s.kafkaWorkflows, s.kafkaHTTPWorkflows
	s.engineDocs, s.profileSeconds = 0, 0
	return s
}

// envBrokers reads a comma-separated list of brokers, kfake and kafka by
// default.
func envBrokers(b testing.TB, name string) []dockettest.Broker {
	v := os.Getenv(name)
	if v == "" {
		return []dockettest.Broker{dockettest.Kfake, dockettest.ApacheKafka}
	}
	var out []dockettest.Broker
	for f := range strings.SplitSeq(v, ",") {
		br := dockettest.Broker(strings.TrimSpace(f))
		if br != dockettest.Kfake && br != dockettest.ApacheKafka || slices.Contains(out, br) {
			b.Fatalf("%s=%q: want kfake, kafka or kfake,kafka", name, v)
		}
		out = append(out, br)
	}
	return out
}

func envInt(b testing.TB, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		b.Fatalf("%s=%q: want a whole number >= 0", name, v)
	}
	return n
}

func TestSettingsPerBroker(t *testing.T) {
	for _, name := range []string{"RAW_RECORDS", "HTTP_WORKFLOWS", "ENGINE_DOCS", "PROFILE_SECONDS", "KAFKA_RAW_RECORDS", "KAFKA_WORKFLOWS"} {
		t.Setenv("DOCKET_BENCH_"+name, "")
	}
	t.Setenv("DOCKET_BENCH_BROKERS", "")
	t.Setenv("DOCKET_BENCH_WORKFLOWS", "200")
	t.Setenv("DOCKET_BENCH_KAFKA_HTTP_WORKFLOWS", "7")
	s := loadSettings(t)
	if !slices.Equal(s.brokers, []dockettest.Broker{dockettest.Kfake, dockettest.ApacheKafka}) {
		t.Errorf("brokers = %v, want kfake then kafka", s.brokers)
	}
	kf, ka := s.on(dockettest.Kfake), s.on(dockettest.ApacheKafka)
	if kf.workflows != 200 || kf.rawRecords != 20_000 || kf.engineDocs != 24 {
		t.Errorf("kfake settings = %+v", kf)
	}
	// The real cluster's sizes: the lower of kfake's and its own defaults,
	// unless set; no engines, no profiles.
	if ka.workflows != 200 || ka.rawRecords != 10_000 || ka.httpWorkflows != 7 || ka.engineDocs != 0 || ka.profileSeconds != 0 {
		t.Errorf("kafka settings = %+v", ka)
	}
	t.Setenv("DOCKET_BENCH_BROKERS", "kafka")
	if got := loadSettings(t).brokers; !slices.Equal(got, []dockettest.Broker{dockettest.ApacheKafka}) {
		t.Errorf("DOCKET_BENCH_BROKERS=kafka: brokers = %v", got)
	}
}
