package chaos

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/kafkacluster"
	"github.com/docket-run/docket/pkg/redislocal"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/services/docket/internal/progress"
)

// services are the six service binaries the suite runs, by name.
var services = []string{"ingest", "ocr", "classifier", "ledger", "exception", "sagatracker"}

// replicas is how many processes of a service run; two OCR replicas share
// the slowest step, so kills and faults move partitions between live
// members.
var replicas = map[string]int{"ocr": 2}

// stack is the embedded stack and the service processes on it.
type stack struct {
	t        *testing.T
	dir      string
	kafka    *dockettest.Kafka
	registry string
	codec    *serde.Serde
	redis    *redislocal.Server

	ingestURL     string
	trackerAddr   string
	exceptionAddr string
	publicKey     string

	procs []*proc

	killMu sync.Mutex
	killed map[string]int // SIGKILLs by service
}

// proc is one service process. mu is held while the suite kills and
// restarts it, so the supervisor does not race the restart.
type proc struct {
	name     string // service
	instance string
	log      string
	p        *dockettest.Process

	mu       sync.Mutex
	crashes  int // exits the suite did not cause
	stopping bool
}

// newStack starts kfake over TCP, the schema registry and a durable
// redis-server, builds the six services and starts them, with extra
// settings (KEY=value) added to every service's environment.
func newStack(ctx context.Context, t *testing.T, broker dockettest.Broker, extra ...string) *stack {
	t.Helper()
	s := &stack{t: t, dir: t.TempDir()}
	if broker == dockettest.ApacheKafka {
		s.kafka = dockettest.NewOwnRealKafka(t, 4, devstack.Topics(), kafkacluster.Config{})
	} else {
		s.kafka = dockettest.NewKafka(t, 4, devstack.Topics())
	}
	url, rc := dockettest.Registry(t)
	s.registry = url
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, append(progress.Topics(), events.TopicLedger))
	if err != nil {
		t.Fatal(err)
	}
	s.codec = codec
	s.redis = dockettest.Redis(t)

	ingestAddr := dockettest.FreeAddr(t)
	s.ingestURL = "http://" + ingestAddr
	s.trackerAddr, s.exceptionAddr = dockettest.FreeAddr(t), dockettest.FreeAddr(t)
	keyDir := filepath.Join(s.dir, "ledger")
	s.publicKey = filepath.Join(keyDir, "ledger.pub")
	keySum := sha256.Sum256([]byte(apiKey))
	tenants := fmt.Sprintf(`[{"id":"chaos","api_key_sha256":"%x","rate_per_s":100000,"burst":100000,"callback_secret":"chaos-secret"}]`, keySum)
	tenantsFile := filepath.Join(s.dir, "tenants.json")
	if err := os.WriteFile(tenantsFile, []byte(tenants), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(s.dir, "blobs"), 0o750); err != nil {
		t.Fatal(err)
	}
	env := append(s.kafka.Env("", ""),
		"DOCKET_SCHEMA_REGISTRY_URL="+url,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+s.redis.Addr()+"/0",
		"DOCKET_BLOB_URL=file://"+filepath.Join(s.dir, "blobs"),
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_DRAIN_TIMEOUT=5s",
		"DOCKET_INGEST_TENANTS_FILE="+tenantsFile,
		"DOCKET_INGEST_ADDR="+ingestAddr,
		"DOCKET_INGEST_MAX_BYTES="+fmt.Sprint(maxBytes),
		"DOCKET_LEDGER_ADDR="+dockettest.FreeAddr(t),
		"DOCKET_LEDGER_DEV_KEY_DIR="+keyDir,
		"DOCKET_EXCEPTION_ADDR="+s.exceptionAddr,
		// Redeliveries come back within seconds, so transient failures
		// settle inside the run, and their budget (about a minute) outlasts
		// the waves of broker faults, so a readable document is not parked
		// for the suite's own faults. (A SIGKILLed OCR replica's 30s
		// document claim no longer needs it: the restarted replica reclaims
		// it, and another waits for it.)
		"DOCKET_EXCEPTION_BACKOFF_INITIAL=500ms",
		"DOCKET_EXCEPTION_BACKOFF_MAX=3s",
		"DOCKET_EXCEPTION_MAX_ATTEMPTS=40",
		"DOCKET_EXCEPTION_MAX_WORKFLOW_ATTEMPTS=400",
		"DOCKET_EXCEPTION_CLAIM_LEASE=5s",
		"DOCKET_SAGATRACKER_ADDR="+s.trackerAddr,
	)
	env = append(env, extra...)
	bins := build(t, services)
	for _, svc := range services {
		bin := bins[svc]
		for i := range max(1, replicas[svc]) {
			instance := fmt.Sprintf("chaos-%s-%d", svc, i)
			logPath := filepath.Join(s.dir, instance+".log")
			p := &proc{name: svc, instance: instance, log: logPath}
			p.p = dockettest.StartProcess(t, bin, logPath, append(env, "DOCKET_INSTANCE_ID="+instance)...)
			s.procs = append(s.procs, p)
		}
	}
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		for _, p := range s.procs {
			b, _ := os.ReadFile(p.log)
			t.Logf("%s log (tail):\n%s", p.instance, tail(b, 2500))
		}
	})
	return s
}

// build compiles the services' commands in one go build, which links
// them in parallel, and returns each one's binary.
func build(t *testing.T, names []string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	out := map[string]string{}
	for _, n := range names {
		args = append(args, "github.com/docket-run/docket/services/"+n+"/cmd/"+n)
		out[n] = filepath.Join(dir, n)
	}
	cmd := exec.Command("go", args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build the services: %v", err)
	}
	return out
}

// supervise restarts a service process that exited on its own, as an
// orchestrator would, until ctx ends.
func (s *stack) supervise(ctx context.Context) {
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for _, p := range s.procs {
			p.mu.Lock()
			if !p.stopping && p.p.Exited() {
				p.crashes++
				s.t.Logf("%s exited on its own; restarting it", p.instance)
				p.p.Start()
			}
			p.mu.Unlock()
		}
	}
}

// kill SIGKILLs the processes, waits pause and starts them again.
func (s *stack) kill(pause time.Duration, ps ...*proc) {
	s.killMu.Lock()
	if s.killed == nil {
		s.killed = map[string]int{}
	}
	for _, p := range ps {
		s.killed[p.name]++
	}
	s.killMu.Unlock()
	for _, p := range ps {
		p.mu.Lock()
		p.p.Kill()
	}
	time.Sleep(pause)
	for _, p := range ps {
		p.p.Start()
		p.mu.Unlock()
	}
}

// stopAll stops supervision of every process (the test is ending).
func (s *stack) stopAll() {
	for _, p := range s.procs {
		p.mu.Lock()
		p.stopping = true
		p.mu.Unlock()
	}
}

// kills returns the SIGKILLs sent, by service.
func (s *stack) kills() map[string]int {
	s.killMu.Lock()
	defer s.killMu.Unlock()
	out := map[string]int{}
	for k, v := range s.killed {
		out[k] = v
	}
	return out
}

// crashes sums the exits the suite did not cause.
func (s *stack) crashes() map[string]int {
	out := map[string]int{}
	for _, p := range s.procs {
		p.mu.Lock()
		if p.crashes > 0 {
			out[p.instance] = p.crashes
		}
		p.mu.Unlock()
	}
	return out
}

// client returns a Kafka client of the test.
func (s *stack) client(opts ...kgo.Opt) *kgo.Client {
	return s.kafka.Client(s.t, opts...)
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
