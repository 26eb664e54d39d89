package bench

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/services/docket/internal/progress"
)

// services are the Docket services the benchmark runs, each as its own
// process; profiled are those whose ops server serves pprof.
var (
	services = []string{"ingest", "ocr", "classifier", "ledger", "exception", "sagatracker"}
	profiled = services
)

// The benchmark tenant and the secret that signs its requests.
const (
	benchTenant        = "bench"
	benchRequestSecret = "bench-request-secret"
)

// apiKey is the benchmark tenant's key.
const apiKey = "bench-key"

// stack is the whole of Docket on this machine: the broker (kfake over TCP
// in the benchmark's process, or the real cluster's JVMs), the schema
// registry in the benchmark's process, a real redis-server beside it, and
// every service as a separate process.
type stack struct {
	b          *testing.B
	k          *dockettest.Kafka
	redisPid   int
	redis      *redis.Client
	registry   *sr.Client
	codec      *serde.Serde
	blobs      *blob.Bucket
	dir        string
	env        []string
	bins       map[string]string
	procs      map[string]*dockettest.Process
	ops        map[string]string
	ingestAddr string
	// trackerAddr is the saga tracker's gRPC API, which ingest reads
	// status from, as deployed (deploy/docker-compose.yml, docket run).
	trackerAddr string
}

// checkTools fails b when a tool the benchmark runs is missing.
func checkTools(b *testing.B) {
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext", "redis-server"} {
		if _, err := exec.LookPath(bin); err != nil {
			b.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils redis-server", bin)
		}
	}
}

// buildServices builds every service's binary once for all the runs.
func buildServices(b *testing.B) map[string]string {
	bins := map[string]string{}
	for _, svc := range services {
		bins[svc] = dockettest.Build(b, "github.com/docket-run/docket/services/"+svc+"/cmd/"+svc)
	}
	return bins
}

// startStack starts everything but the services (start) on broker; it is
// stopped when b ends.
func startStack(b *testing.B, ctx context.Context, broker dockettest.Broker, partitions int32, bins map[string]string) *stack {
	k := dockettest.NewBroker(b, broker, partitions, append(append(devstack.Topics(), rawTopics()...), refTopics()...))
	regURL, rc := dockettest.Registry(b)
	if _, err := serde.Apply(ctx, rc); err != nil {
		b.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, append(progress.Topics(), events.TopicRequested, events.TopicLedger))
	if err != nil {
		b.Fatal(err)
	}
	rs := dockettest.Redis(b)
	rdb := dockettest.RedisClient(b, rs)
	info, err := rdb.Info(ctx, "server").Result()
	if err != nil {
		b.Fatalf("redis INFO server: %v", err)
	}
	redisPid, err := processID(info)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	blobs, err := blob.Open(ctx, "file://"+filepath.Join(dir, "blobs"))
	if err != nil {
		b.Fatalf("open blob store: %v", err)
	}
	b.Cleanup(func() { _ = blobs.Close() })
	sum := sha256.Sum256([]byte(apiKey))
	tenants := fmt.Sprintf(`[{"id":%q,"api_key_sha256":"%x","rate_per_s":1000000,"burst":1000000,"callback_secret":"bench-secret","request_secrets":[%q]}]`,
		benchTenant, sum, benchRequestSecret)
	if err := os.WriteFile(filepath.Join(dir, "tenants.json"), []byte(tenants), 0o600); err != nil {
		b.Fatal(err)
	}
	s := &stack{b: b, k: k, redisPid: redisPid, redis: rdb, registry: rc, codec: codec, blobs: blobs, dir: dir, bins: bins, procs: map[string]*dockettest.Process{}, ops: map[string]string{}}
	s.ingestAddr = dockettest.FreeAddr(b)
	s.trackerAddr = dockettest.FreeAddr(b)
	// The services reach kfake on its address, the real cluster on its
	// SASL_SSL listener as the admin user.
	s.env = append(k.Env("", ""),
		"DOCKET_SCHEMA_REGISTRY_URL="+regURL,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+rs.Addr()+"/0",
		"DOCKET_BLOB_URL=file://"+filepath.Join(dir, "blobs"),
		"DOCKET_INSTANCE_ID=bench",
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_PPROF=1",
		"DOCKET_INGEST_TENANTS_FILE="+filepath.Join(dir, "tenants.json"),
		"DOCKET_INGEST_ADDR="+s.ingestAddr,
		"DOCKET_LEDGER_ADDR="+dockettest.FreeAddr(b),
		"DOCKET_LEDGER_DEV_KEY_DIR="+filepath.Join(dir, "ledger"),
		"DOCKET_EXCEPTION_ADDR="+dockettest.FreeAddr(b),
		"DOCKET_SAGATRACKER_ADDR="+s.trackerAddr,
	)
	return s
}

// processID returns the process id in redis's INFO server answer.
func processID(info string) (int, error) {
	for l := range strings.SplitSeq(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "process_id:"); ok {
			return strconv.Atoi(v)
		}
	}
	return 0, errors.New("redis INFO server has no process_id")
}

// kafkaOpts are the connection options a service uses (from the same
// settings Env gives the services): the raw chain's hops use them, so that
// the ceiling pays for TLS and SASL on the real cluster as Docket does.
func (s *stack) kafkaOpts() []kgo.Opt {
	env := map[string]string{}
	for _, kv := range s.k.Env("", "") {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	p := config.Platform{
		KafkaBrokers:       strings.Split(env["DOCKET_KAFKA_BROKERS"], ","),
		KafkaTLS:           env["DOCKET_KAFKA_TLS"] == "true",
		KafkaTLSCAFile:     env["DOCKET_KAFKA_TLS_CA_FILE"],
		KafkaSASLMechanism: env["DOCKET_KAFKA_SASL_MECHANISM"],
		KafkaSASLUser:      env["DOCKET_KAFKA_SASL_USERNAME"],
		KafkaSASLPassword:  env["DOCKET_KAFKA_SASL_PASSWORD"],
	}
	opts, err := p.KafkaOpts()
	if err != nil {
		s.b.Fatal(err)
	}
	return opts
}

// setup describes the broker for the report.
func (s *stack) setup() string {
	if s.k.Real == nil {
		return "kfake (franz-go), one broker in the benchmark's process, over loopback TCP"
	}
	return fmt.Sprintf("Apache Kafka (deploy/kafka/pom.xml), %d KRaft nodes, each its own JVM (%d MiB heap), on loopback; "+
		"replication factor 3, min ISR 2; services and raw hops over SASL_SSL (SCRAM-SHA-512), feeders and follower over PLAINTEXT",
		len(s.k.Real.Nodes), s.k.Real.HeapMB)
}

// start starts svc as a process with extra settings and waits until its
// /readyz answers 200.
func (s *stack) start(ctx context.Context, svc string, extra ...string) {
	s.b.Helper()
	s.ops[svc] = dockettest.FreeAddr(s.b)
	env := append(slices.Clone(s.env), append(extra, "DOCKET_OPS_ADDR="+s.ops[svc])...)
	s.procs[svc] = dockettest.StartProcess(s.b, s.bins[svc], filepath.Join(s.dir, svc+".log"), env...)
	s.b.Cleanup(func() {
		if s.b.Failed() {
			b, _ := os.ReadFile(filepath.Join(s.dir, svc+".log"))
			s.b.Logf("%s log (tail):\n%s", svc, tail(b, 3000))
		}
	})
	deadline := time.Now().Add(2 * time.Minute)
	for {
		code, body := httpGet(ctx, "http://"+s.ops[svc]+"/readyz")
		if code == http.StatusOK {
			return
		}
		if time.Now().After(deadline) || s.procs[svc].Exited() {
			s.b.Fatalf("%s did not become ready in 2m (exited: %v): /readyz %d %s", svc, s.procs[svc].Exited(), code, body)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// The names of the processes besides the services in a usage snapshot.
const (
	harnessProc = "harness"
	redisProc   = "redis-server"
)

// brokerProc names the real cluster's node id in a usage snapshot.
func brokerProc(id int32) string { return fmt.Sprintf("kafka node %d", id) }

// usage reads the CPU time so far and peak RSS of every process involved:
// each running service, redis-server, the real cluster's JVMs and the
// harness (this process).
func (s *stack) usage() map[string]Usage {
	pids := map[string]int{harnessProc: os.Getpid(), redisProc: s.redisPid}
	for svc, p := range s.procs {
		pids[svc] = p.Pid()
	}
	if c := s.k.Real; c != nil {
		for _, n := range c.Nodes {
			pids[brokerProc(n.ID)] = n.Pid()
		}
	}
	out := map[string]Usage{}
	for name, pid := range pids {
		cpu, rss, err := ProcUsage(pid)
		if err != nil {
			s.b.Fatalf("%s (pid %d): %v", name, pid, err)
		}
		out[name] = Usage{Service: name, CPUSeconds: cpu, PeakRSSMiB: rss}
	}
	return out
}

// meter adds up each process's CPU time over chosen intervals.
type meter struct {
	s     *stack
	from  map[string]Usage
	total map[string]Usage
}

func (s *stack) meter() *meter { return &meter{s: s, total: map[string]Usage{}} }

// start begins an interval.
func (m *meter) start() { m.from = m.s.usage() }

// stop ends the interval: each process's CPU time since start is added,
// and its peak RSS is the latest read.
func (m *meter) stop() {
	for name, u := range m.s.usage() {
		t := m.total[name]
		t.Service, t.PeakRSSMiB = name, u.PeakRSSMiB
		t.CPUSeconds += u.CPUSeconds - m.from[name].CPUSeconds
		m.total[name] = t
	}
	m.from = nil
}

// profile takes a CPU profile of each profiled service and of the
// harness (this process: kfake, the registry, the feeder, the follower)
// for seconds, in the background; wait returns once each is written into
// rawDir (<name>.pprof) and its top functions into dir (<name>-top.txt).
func (s *stack) profile(ctx context.Context, dir, rawDir string, seconds int) (wait func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, d := range []string{dir, rawDir} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				s.b.Error(err)
				return
			}
		}
		errs := make(chan error, len(profiled)+1)
		for _, svc := range profiled {
			go func() { errs <- s.profileOne(ctx, dir, rawDir, svc, seconds) }()
		}
		go func() { errs <- s.profileHarness(ctx, dir, rawDir, seconds) }()
		for range len(profiled) + 1 {
			if err := <-errs; err != nil {
				s.b.Error(err)
			}
		}
	}()
	return func() { <-done }
}

// profileHarness profiles this process for seconds into
// rawDir/harness.pprof. A profile already running (go test -cpuprofile)
// leaves it out, with a note in the log.
func (s *stack) profileHarness(ctx context.Context, dir, rawDir string, seconds int) error {
	pprofPath := filepath.Join(rawDir, harnessProc+".pprof")
	f, err := os.Create(pprofPath)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		_ = os.Remove(pprofPath)
		s.b.Logf("harness profile left out: %v", err)
		return nil
	}
	select {
	case <-time.After(time.Duration(seconds) * time.Second):
	case <-ctx.Done():
	}
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		return err
	}
	body, err := os.ReadFile(pprofPath)
	if err != nil {
		return err
	}
	if err := s.writeProfile(ctx, pprofPath, body); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	return s.top(ctx, dir, harnessProc, self, pprofPath)
}

// writeProfile writes a profile to path with its file names trimmed
// (TrimProfile): the profiles are committed under docs/bench.
func (s *stack) writeProfile(ctx context.Context, path string, body []byte) error {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "..", "..") // services/docket/internal/bench
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	trimmed, err := TrimProfile(body, filepath.Clean(root), strings.TrimSpace(string(goroot)), os.TempDir())
	if err != nil {
		return err
	}
	return os.WriteFile(path, trimmed, 0o644)
}

// top writes the top functions of a profile into dir/<name>-top.txt.
func (s *stack) top(ctx context.Context, dir, name, bin, pprofPath string) error {
	top, err := exec.CommandContext(ctx, "go", "tool", "pprof", "-top", "-nodecount=25", bin, pprofPath).Output()
	if err != nil {
		return fmt.Errorf("go tool pprof %s: %w", name, err)
	}
	return os.WriteFile(filepath.Join(dir, name+"-top.txt"), top, 0o644)
}

func (s *stack) profileOne(ctx context.Context, dir, rawDir, svc string, seconds int) error {
	code, body := httpGet(ctx, fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", s.ops[svc], seconds))
	if code != http.StatusOK {
		return fmt.Errorf("profile %s: HTTP %d", svc, code)
	}
	pprofPath := filepath.Join(rawDir, svc+".pprof")
	if err := s.writeProfile(ctx, pprofPath, body); err != nil {
		return err
	}
	return s.top(ctx, dir, svc, s.bins[svc], pprofPath)
}

func httpGet(ctx context.Context, url string) (int, []byte) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, nil
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.TrimSpace(string(b))
}
