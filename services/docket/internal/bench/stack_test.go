package bench

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/blob"
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
	profiled = []string{"ingest", "ocr", "classifier", "ledger", "exception"}
)

// apiKey is the benchmark tenant's key.
const apiKey = "bench-key"

// stack is the whole of Docket on this machine: kfake over TCP, the schema
// registry and a real redis-server in the benchmark's process or beside
// it, and every service as a separate process.
type stack struct {
	b          *testing.B
	k          *dockettest.Kafka
	codec      *serde.Serde
	blobs      *blob.Bucket
	dir        string
	env        []string
	bins       map[string]string
	procs      map[string]*dockettest.Process
	ops        map[string]string
	ingestAddr string
}

func startStack(b *testing.B, ctx context.Context, partitions int32) *stack {
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext", "redis-server"} {
		if _, err := exec.LookPath(bin); err != nil {
			b.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils redis-server", bin)
		}
	}
	k := dockettest.NewKafka(b, partitions, append(devstack.Topics(), rawTopics()...))
	regURL, rc := dockettest.Registry(b)
	if _, err := serde.Apply(ctx, rc); err != nil {
		b.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, append(progress.Topics(), events.TopicRequested, events.TopicLedger))
	if err != nil {
		b.Fatal(err)
	}
	rs := dockettest.Redis(b)
	dir := b.TempDir()
	blobs, err := blob.Open(ctx, "file://"+filepath.Join(dir, "blobs"))
	if err != nil {
		b.Fatalf("open blob store: %v", err)
	}
	b.Cleanup(func() { _ = blobs.Close() })
	sum := sha256.Sum256([]byte(apiKey))
	tenants := fmt.Sprintf(`[{"id":"bench","api_key_sha256":"%x","rate_per_s":1000000,"burst":1000000,"callback_secret":"bench-secret"}]`, sum)
	if err := os.WriteFile(filepath.Join(dir, "tenants.json"), []byte(tenants), 0o600); err != nil {
		b.Fatal(err)
	}
	s := &stack{b: b, k: k, codec: codec, blobs: blobs, dir: dir, bins: map[string]string{}, procs: map[string]*dockettest.Process{}, ops: map[string]string{}}
	s.ingestAddr = freeAddr(b)
	s.env = []string{
		"DOCKET_KAFKA_BROKERS=" + k.Addrs[0],
		"DOCKET_SCHEMA_REGISTRY_URL=" + regURL,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://" + rs.Addr() + "/0",
		"DOCKET_BLOB_URL=file://" + filepath.Join(dir, "blobs"),
		"DOCKET_INSTANCE_ID=bench",
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_PPROF=1",
		"DOCKET_INGEST_TENANTS_FILE=" + filepath.Join(dir, "tenants.json"),
		"DOCKET_INGEST_ADDR=" + s.ingestAddr,
		"DOCKET_LEDGER_ADDR=" + freeAddr(b),
		"DOCKET_LEDGER_DEV_KEY_DIR=" + filepath.Join(dir, "ledger"),
		"DOCKET_EXCEPTION_ADDR=" + freeAddr(b),
		"DOCKET_SAGATRACKER_ADDR=" + freeAddr(b),
	}
	for _, svc := range services {
		s.bins[svc] = dockettest.Build(b, "github.com/docket-run/docket/services/"+svc+"/cmd/"+svc)
	}
	return s
}

// start starts svc as a process with extra settings and waits until its
// /readyz answers 200.
func (s *stack) start(ctx context.Context, svc string, extra ...string) {
	s.b.Helper()
	s.ops[svc] = freeAddr(s.b)
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

// usage reads the CPU time and peak RSS of every running service.
func (s *stack) usage() map[string]Usage {
	out := map[string]Usage{}
	for svc, p := range s.procs {
		cpu, rss, err := ProcUsage(p.Pid())
		if err != nil {
			s.b.Fatalf("%s: %v", svc, err)
		}
		out[svc] = Usage{Service: svc, CPUSeconds: cpu, PeakRSSMiB: rss}
	}
	return out
}

// profile takes a CPU profile of each profiled service for seconds, in
// the background; wait returns once each is written into rawDir
// (<service>.pprof) and its top functions into dir (<service>-top.txt).
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
		errs := make(chan error, len(profiled))
		for _, svc := range profiled {
			go func() { errs <- s.profileOne(ctx, dir, rawDir, svc, seconds) }()
		}
		for range profiled {
			if err := <-errs; err != nil {
				s.b.Error(err)
			}
		}
	}()
	return func() { <-done }
}

func (s *stack) profileOne(ctx context.Context, dir, rawDir, svc string, seconds int) error {
	code, body := httpGet(ctx, fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", s.ops[svc], seconds))
	if code != http.StatusOK {
		return fmt.Errorf("profile %s: HTTP %d", svc, code)
	}
	pprofPath := filepath.Join(rawDir, svc+".pprof")
	if err := os.WriteFile(pprofPath, body, 0o644); err != nil {
		return err
	}
	top, err := exec.CommandContext(ctx, "go", "tool", "pprof", "-top", "-nodecount=25", s.bins[svc], pprofPath).Output()
	if err != nil {
		return fmt.Errorf("go tool pprof %s: %w", svc, err)
	}
	return os.WriteFile(filepath.Join(dir, svc+"-top.txt"), top, 0o644)
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

func freeAddr(b *testing.B) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.TrimSpace(string(b))
}
