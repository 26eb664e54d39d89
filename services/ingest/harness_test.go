package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/servicetest"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/ingest"
	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Test tenants.
const (
	acmeKey    = "acme-key-1"
	acmeSecret = "acme-callback-secret"
	// Request secrets sign the tenants' requests on Kafka.
	acmeRequestSecret   = "acme-request-secret-1"
	globexRequestSecret = "globex-request-secret-1"
	globexKey           = "globex-key-1"
	slowKey             = "slow-key-1"
	maxBytes            = 64 << 10
)

var pdfDoc = []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

type harness struct {
	t       *testing.T
	kafka   *dockettest.Kafka
	client  *kgo.Client
	codec   *serde.Serde
	rdb     *redis.Client
	blobDir string
	app     *app.App
	url     string
	cfg     app.Config
	deps    *service.Deps
	logs    *dockettest.SyncBuffer
	// rt is the first replica's runtime.
	rt *servicetest.Runtime
}

func allTopics() []string {
	ts := slices.Clone(ingest.Spec().Consumes)
	ts = append(ts, ingest.Spec().Produces...)
	ts = append(ts, events.DLQTopic(ingest.Name), events.RetryTopic(ingest.Name))
	slices.Sort(ts)
	return slices.Compact(ts)
}

// newHarness runs ingest in-process on kfake, a real redis-server and a
// blob directory. mod adjusts the configuration, platform the platform
// settings.
func newHarness(t *testing.T, mod func(*app.Config), platform ...func(*config.Platform)) *harness {
	t.Helper()
	topics := allTopics()
	k := dockettest.NewKafka(t, 2, topics)
	_, rc := dockettest.Registry(t)
	rs := dockettest.Redis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var schemaTopics []string
	for _, tp := range topics {
		if _, ok := events.ForTopic(tp); ok {
			schemaTopics = append(schemaTopics, tp)
		}
	}
	codec, err := serde.New(ctx, rc, serde.Register, schemaTopics)
	if err != nil {
		t.Fatalf("register schemas: %v", err)
	}
	rdb := dockettest.RedisClient(t, rs)
	dir := t.TempDir()
	tenants := filepath.Join(dir, "tenants.json")
	tj := fmt.Sprintf(`[{"id":"acme","api_key_sha256":%q,"rate_per_s":1000,"burst":1000,"callback_secret":%q,"request_secrets":[%q]},
{"id":"globex","api_key_sha256":%q,"rate_per_s":1000,"burst":1000,"request_secrets":[%q]},
{"id":"slow","api_key_sha256":%q,"rate_per_s":0.001,"burst":1,"callback_secret":""}]`,
		submit.HashKey(acmeKey), acmeSecret, acmeRequestSecret, submit.HashKey(globexKey), globexRequestSecret, submit.HashKey(slowKey))
	if err := os.WriteFile(tenants, []byte(tj), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := app.Config{
		Addr: "127.0.0.1:0", MaxBytes: maxBytes, UploadTimeout: time.Minute, MaxUploads: 32, MaxTenantUploads: 8,
		LoginFailures: 5, LoginFailureWindow: time.Minute, TenantsFile: tenants, DefaultDeadline: 24 * time.Hour,
		PublishTimeout: 5 * time.Second, IdempotencyTTL: time.Hour, StatusTTL: time.Hour, EventsPoll: 20 * time.Millisecond,
		InboxTenant: "acme", InboxPoll: 20 * time.Millisecond,
		CallbackPoll: 20 * time.Millisecond, CallbackBackoff: 20 * time.Millisecond, CallbackMaxBackoff: 80 * time.Millisecond, CallbackMaxAttempts: 4,
		CallbackAllowNets: []string{"127.0.0.0/8"}, // the receivers are httptest servers
	}
	if mod != nil {
		mod(&cfg)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config: %v", err)
	}
	blobDir := filepath.Join(dir, "blobs")
	kopts := []kgo.Opt{kgo.SeedBrokers(k.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)}
	// Warnings to the test's output; every line, as the services write
	// them (JSON with trace_id), to logs.
	logs := &dockettest.SyncBuffer{}
	log := slog.New(slog.NewMultiHandler(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}),
		telemetry.NewLogger(logs, ingest.Name, "info", "json").Handler()))
	pf := config.Platform{BlobURL: "file://" + blobDir}
	for _, f := range platform {
		f(&pf)
	}
	d := &service.Deps{Platform: pf, Log: log, Redis: rdb, Serde: codec, Kafka: kopts, Tracer: telemetry.NewTracerProvider()}
	h := &harness{t: t, kafka: k, client: k.Client(t), codec: codec, rdb: rdb, blobDir: blobDir, cfg: cfg, deps: d, logs: logs}
	h.app = h.start("ingest-test-" + t.Name())
	h.url = "http://" + h.app.Addr
	return h
}

// start runs one ingest replica on the harness's Kafka, Redis and blob
// store, with its own runtime (transactional id txnID), until the test
// ends.
func (h *harness) start(txnID string) *app.App {
	t := h.t
	t.Helper()
	var a *app.App
	r := servicetest.Run(t, servicetest.Config{Service: ingest.Name, Kafka: h.deps.Kafka, Codec: h.codec, Redis: h.rdb, TxnID: txnID,
		Options: []bus.Option{bus.Logger(h.deps.Log), bus.DrainTimeout(2 * time.Second)}},
		func(ctx context.Context, rt *bus.Runtime) error {
			var err error
			a, err = app.Start(ctx, h.cfg, h.deps, rt, "test")
			return err
		})
	t.Cleanup(func() {
		r.Stop()
		a.Wait()
	})
	if h.rt == nil {
		h.rt = r
	}
	return a
}

type upload struct {
	key, tenant, apiKey string
	fields              [][2]string // form fields in order
	filename            string
	doc                 []byte
}

// postMultipart submits u as multipart/form-data.
func (h *harness) postMultipart(u upload) (*http.Response, map[string]any) {
	h.t.Helper()
	return h.do(h.multipartRequest(u), u)
}

// request builds u's submission, a raw body (fields as query parameters)
// when raw, else multipart/form-data.
func (h *harness) request(u upload, raw bool) *http.Request {
	h.t.Helper()
	if raw {
		return h.rawRequest(u, "application/pdf")
	}
	return h.multipartRequest(u)
}

func (h *harness) multipartRequest(u upload) *http.Request {
	h.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range u.fields {
		_ = mw.WriteField(f[0], f[1])
	}
	fw, _ := mw.CreateFormFile("file", u.filename)
	_, _ = fw.Write(u.doc)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, h.url+"/v1/documents", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return req
}

// postRaw submits u's document as the raw body, fields as query parameters.
func (h *harness) postRaw(u upload, contentType string) (*http.Response, map[string]any) {
	h.t.Helper()
	return h.do(h.rawRequest(u, contentType), u)
}

func (h *harness) rawRequest(u upload, contentType string) *http.Request {
	h.t.Helper()
	q := make([]string, 0, len(u.fields))
	for _, f := range u.fields {
		q = append(q, f[0]+"="+f[1])
	}
	req, _ := http.NewRequest(http.MethodPost, h.url+"/v1/documents?"+strings.Join(q, "&"), bytes.NewReader(u.doc))
	req.Header.Set("Content-Type", contentType)
	if u.filename != "" {
		req.Header.Set("Docket-Filename", u.filename)
	}
	return req
}

func (h *harness) do(req *http.Request, u upload) (*http.Response, map[string]any) {
	h.t.Helper()
	if u.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+u.apiKey)
	}
	if u.key != "" {
		req.Header.Set("Idempotency-Key", u.key)
	}
	if u.tenant != "" {
		req.Header.Set("Docket-Tenant", u.tenant)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("POST: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		h.t.Fatalf("answer %d is not JSON: %q", resp.StatusCode, b)
	}
	return resp, m
}

func (h *harness) get(path, apiKey string) (int, map[string]any) {
	h.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, h.url+path, nil)
	req.Header.Set("X-API-Key", apiKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("GET: %v", err)
	}
	defer resp.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}

// waitStatus polls GET until the workflow's status is want.
func (h *harness) waitStatus(wf, want string) map[string]any {
	h.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var last map[string]any
	for time.Now().Before(deadline) {
		code, m := h.get("/v1/documents/"+wf, acmeKey)
		if code == http.StatusOK && m["status"] == want {
			return m
		}
		last = m
		time.Sleep(20 * time.Millisecond)
	}
	h.t.Fatalf("workflow %s never reached %s; last %v", wf, want, last)
	return nil
}

// read returns the decoded events of topic, waiting for want of them (and
// for a short while for more when want is 0).
func (h *harness) read(topic string, want int, timeout time.Duration) ([]events.Event, []*kgo.Record) {
	h.t.Helper()
	recs := h.kafka.ReadCommitted(h.t, topic, want, timeout)
	evs := make([]events.Event, len(recs))
	for i, r := range recs {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			h.t.Fatalf("decode %s record: %v", topic, err)
		}
		evs[i] = e
	}
	return evs, recs
}

// blobCount counts the stored blobs (temporary files excluded).
func (h *harness) blobCount() int {
	h.t.Helper()
	n := 0
	_ = filepath.WalkDir(filepath.Join(h.blobDir, "sha256"), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(d.Name(), ".attrs") && !strings.HasSuffix(d.Name(), ".tmp") {
			n++
		}
		return nil
	})
	return n
}

func (h *harness) produce(topic string, evs ...events.Event) {
	h.t.Helper()
	dockettest.Produce(h.t, h.client, h.codec, topic, evs...)
}

// logLines returns the JSON log lines in logs whose msg is msg.
func logLines(logs *dockettest.SyncBuffer, msg string) []map[string]any {
	var out []map[string]any
	for l := range strings.Lines(logs.String()) {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["msg"] == msg {
			out = append(out, m)
		}
	}
	return out
}

func discardLog() *slog.Logger { return slog.New(slog.DiscardHandler) }
