package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/serde"
)

// Principals of the suite under test: one tokens list shared by the
// tracker, the exception agent, ingest's document reads, the ledger and
// the console, as a production deployment mounts one Secret.
const (
	operatorToken = "e2e-operator-token-0123456789"
	reviewerToken = "e2e-reviewer-token-0123456789"
	acmeToken     = "e2e-acme-token-0123456789"
	globexToken   = "e2e-globex-token-0123456789"
	serviceToken  = "e2e-service-token-0123456789"
	acmeKey       = "acme-api-key-0123456789"
	globexKey     = "globex-api-key-0123456789"
)

var principals = strings.Join([]string{
	operatorToken + "=operator:olivia",
	reviewerToken + "=reviewer:rita",
	acmeToken + "=tenant:acme",
	globexToken + "=tenant:globex",
	serviceToken + "=service:docket",
}, ",")

// stack is the suite as separate processes: kfake over TCP, a real
// redis-server and schema registry (pkg/dockettest), and the services.
type stack struct {
	t                                                *testing.T
	dir                                              string
	ingest, tracker, exception, ledger, console, ops string
	logs                                             map[string]string
}

// startStack starts the given services (all when none are named) and the
// console.
func startStack(t *testing.T, ctx context.Context, services ...string) *stack {
	t.Helper()
	return startStackWith(t, ctx, nil, services...)
}

// startStackWith is startStack with records written (seed) before the
// services start.
func startStackWith(t *testing.T, ctx context.Context, seed func(*dockettest.Kafka, *sr.Client), services ...string) *stack {
	t.Helper()
	if len(services) == 0 {
		services = []string{"ingest", "ocr", "classifier", "ledger", "exception", "sagatracker"}
	}
	k := dockettest.NewKafka(t, 4, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	if seed != nil {
		seed(k, rc)
	}
	rs := dockettest.Redis(t)
	s := &stack{t: t, dir: t.TempDir(), ingest: dockettest.FreeAddr(t), tracker: dockettest.FreeAddr(t), exception: dockettest.FreeAddr(t), ledger: dockettest.FreeAddr(t),
		console: dockettest.FreeAddr(t), ops: dockettest.FreeAddr(t), logs: map[string]string{}}
	tenants := fmt.Sprintf(`[{"id":"acme","api_key_sha256":"%x","rate_per_s":1000,"burst":1000},{"id":"globex","api_key_sha256":"%x","rate_per_s":1000,"burst":1000}]`,
		sha256.Sum256([]byte(acmeKey)), sha256.Sum256([]byte(globexKey)))
	tenantsFile := filepath.Join(s.dir, "tenants.json")
	if err := os.WriteFile(tenantsFile, []byte(tenants), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(s.dir, "blobs"), 0o750); err != nil {
		t.Fatal(err)
	}
	env := append(k.Env("", ""),
		"DOCKET_SCHEMA_REGISTRY_URL="+regURL,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+rs.Addr()+"/0",
		"DOCKET_BLOB_URL=file://"+filepath.Join(s.dir, "blobs"),
		"DOCKET_INSTANCE_ID=console-e2e",
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_INGEST_ADDR="+s.ingest,
		"DOCKET_INGEST_TENANTS_FILE="+tenantsFile,
		"DOCKET_INGEST_TOKENS="+principals,
		"DOCKET_SAGATRACKER_ADDR="+s.tracker,
		"DOCKET_SAGATRACKER_TOKENS="+principals,
		"DOCKET_EXCEPTION_ADDR="+s.exception,
		"DOCKET_EXCEPTION_TOKENS="+principals,
		"DOCKET_LEDGER_ADDR="+s.ledger,
		"DOCKET_LEDGER_TOKENS="+principals,
		"DOCKET_LEDGER_DEV_KEY_DIR="+filepath.Join(s.dir, "ledger"),
		"DOCKET_TRACKER_ADDR="+s.tracker,
		"DOCKET_TRACKER_TOKEN="+serviceToken,
		// A cancel reaches a running OCR job at its next heartbeat.
		"DOCKET_JOB_LEASE=3s",
		"DOCKET_OCR_PAGE_CONCURRENCY=1",
	)
	ops := map[string]string{}
	var targets []string
	for _, svc := range services {
		ops[svc] = dockettest.FreeAddr(t)
		targets = append(targets, svc+"=http://"+ops[svc]+"/metrics")
	}
	for _, svc := range append(services, "console") {
		bin := dockettest.Build(t, "github.com/docket-run/docket/services/"+svc+"/cmd/"+svc)
		logPath := filepath.Join(s.dir, svc+".log")
		s.logs[svc] = logPath
		extra := []string{"DOCKET_OPS_ADDR=" + ops[svc]}
		if svc == "console" {
			extra = []string{"DOCKET_CONSOLE_METRICS=" + strings.Join(targets, ","), "DOCKET_CONSOLE_ADDR=" + s.console, "DOCKET_CONSOLE_TOKENS=" + principals, "DOCKET_CONSOLE_TRACKER_ADDR=" + s.tracker,
				"DOCKET_CONSOLE_INGEST_URL=http://" + s.ingest, "DOCKET_CONSOLE_EXCEPTION_URL=http://" + s.exception,
				"DOCKET_CONSOLE_LEDGER_URL=http://" + s.ledger, "DOCKET_OPS_ADDR=" + s.ops,
				"DOCKET_CONSOLE_LEDGER_PUBLIC_KEYS=" + filepath.Join(s.dir, "ledger", "ledger.pub")}
		}
		dockettest.StartProcess(t, bin, logPath, append(env, extra...)...)
	}
	t.Cleanup(func() {
		if t.Failed() {
			for svc, p := range s.logs {
				b, _ := os.ReadFile(p)
				if len(b) > 4000 {
					b = b[len(b)-4000:]
				}
				t.Logf("%s log (tail):\n%s", svc, b)
			}
		}
	})
	s.waitReady(ctx)
	return s
}

// waitReady waits for the console's readiness (the tracker answers).
func (s *stack) waitReady(ctx context.Context) {
	s.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get("http://" + s.ops + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.t.Fatalf("console not ready: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (s *stack) url(frag string) string { return "http://" + s.console + "/" + frag }

// submit posts a document to ingest with a tenant's API key and returns
// the workflow id.
func (s *stack) submit(ctx context.Context, apiKey, name string, body []byte) string {
	s.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", name)
		_, _ = fw.Write(body)
		_ = mw.Close()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+s.ingest+"/v1/documents", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+apiKey)
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusAccepted {
				var v struct {
					WorkflowID string `json:"workflow_id"`
				}
				if err := json.Unmarshal(b, &v); err != nil || v.WorkflowID == "" {
					s.t.Fatalf("submit %s: %s", name, b)
				}
				return v.WorkflowID
			}
			err = fmt.Errorf("%d %s", res.StatusCode, b)
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("submit %s: %v", name, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// apiGet reads an API with a token into v; it returns the status.
func apiGet(ctx context.Context, t *testing.T, url, token string, v any) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	if v != nil && res.StatusCode == http.StatusOK {
		_ = json.NewDecoder(res.Body).Decode(v)
	}
	return res.StatusCode
}

// ingestStatus is a workflow's status as ingest serves it to its tenant.
func (s *stack) ingestStatus(ctx context.Context, apiKey, wf string) string {
	var v struct {
		Status string `json:"status"`
	}
	apiGet(ctx, s.t, "http://"+s.ingest+"/v1/documents/"+wf, apiKey, &v)
	return v.Status
}

func (s *stack) waitIngestStatus(ctx context.Context, apiKey, wf string, want ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	last := ""
	for time.Now().Before(deadline) && ctx.Err() == nil {
		last = s.ingestStatus(ctx, apiKey, wf)
		for _, w := range want {
			if last == w {
				return last
			}
		}
		time.Sleep(300 * time.Millisecond)
	}
	s.t.Fatalf("workflow %s: status %q, want one of %v", wf, last, want)
	return ""
}

// browser starts Debian's chromium headless, driven over CDP.
func browser(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("chromium not found on PATH: apt-get install chromium")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1400, 1000),
	)
	actx, cancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancel)
	bctx, cancel2 := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(cancel2)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return bctx
}

// waitJS polls a JavaScript expression until it is true.
func waitJS(t *testing.T, ctx context.Context, what, expr string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			body, berr := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash + '\n' + document.body.innerText.slice(0, 1500)`))
			t.Fatalf("%s: not within %s (%v); page (%v) shows:\n%s", what, timeout, err, berr, body)
		}
		time.Sleep(150 * time.Millisecond)
	}
}

func evalString(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return s
}

// signIn signs the browser in with a token (signing out whoever was).
func signIn(t *testing.T, ctx context.Context, s *stack, token string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(s.url("#/login"))); err != nil {
		t.Fatalf("open the console: %v", err)
	}
	jsAwait(ctx, `fetch('/api/session').then(r => r.ok ? r.json() : null).then(w => w ? fetch('/api/session/end', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': w.csrf}, body: '{}'}).then(() => 'out') : 'none')`)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(s.url("#/login")),
		chromedp.WaitVisible(chromedp.ID("token")),
		// Keyboard only: the token, then Enter submits the form.
		chromedp.SendKeys(chromedp.ID("token"), token+kb.Enter),
	); err != nil {
		t.Fatalf("sign in: %v", err)
	}
	waitJS(t, ctx, "signed in", `document.querySelector('#wf-table')`, 20*time.Second)
}

// screenshot saves the whole page as docs/console/<name>.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := filepath.Join("..", "..", "..", "..", "docs", "console")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot docs/console/%s.png (%d bytes)", name, len(buf))
}
