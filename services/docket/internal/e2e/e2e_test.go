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

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/services/docket/internal/acls"
	"github.com/docket-run/docket/services/docket/internal/progress"
	"github.com/docket-run/docket/services/docket/internal/samples"
)

// submission is one document the test posts, and what must become of it.
type submission struct {
	name   string
	body   []byte
	key    string // Idempotency-Key, "" for none
	apiKey string
	// wantHTTP is the status ingest must answer; 202 documents must end
	// with exactly one ledger record, or dead-lettered when wantFailed.
	wantHTTP   int
	wantFailed bool
}

// corpus builds 200 submissions: every format and document type (image
// and scan variants share content in threes, so OCR's cache by document
// hash is exercised), 20 repeats with the same idempotency key, and 20
// invalid ones.
func corpus(t *testing.T) []submission {
	t.Helper()
	var subs []submission
	for i := 0; len(subs) < 160; i++ {
		s := samples.Catalog[i%len(samples.Catalog)]
		variant := i
		if ext := filepath.Ext(s.File); ext != ".txt" && !strings.HasSuffix(s.File, ".pdf") || strings.HasSuffix(s.File, "-scan.pdf") {
			variant = i % 3 // raster formats: three distinct renderings each
		}
		s.Text = fmt.Sprintf("%s\nReference: E2E-%05d\n", s.Text, variant)
		body, err := samples.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, submission{name: fmt.Sprintf("%03d-%s", i, s.File), body: body, key: fmt.Sprintf("e2e-%d", i), apiKey: "demo-key", wantHTTP: 202})
	}
	for i := range 20 { // the same key and body again: same workflow, nothing new
		subs = append(subs, subs[i*7])
	}
	invalid := []submission{
		{name: "empty.txt", body: nil, wantHTTP: 400},
		{name: "archive.zip", body: []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00 not a document"), wantHTTP: 415},
		{name: "program.exe", body: []byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), wantHTTP: 415},
		{name: "huge.txt", body: bytes.Repeat([]byte("lorem ipsum "), 200_000), wantHTTP: 413},
		{name: "stranger.txt", body: []byte("hello"), apiKey: "not-a-key", wantHTTP: 401},
	}
	for i := 0; len(subs) < 195; i++ {
		s := invalid[i%len(invalid)]
		if s.apiKey == "" {
			s.apiKey = "demo-key"
		}
		s.name = fmt.Sprintf("bad-%02d-%s", i, s.name)
		subs = append(subs, s)
	}
	for i := range 5 { // passes ingest's sniffing, but no engine can read it
		subs = append(subs, submission{name: fmt.Sprintf("corrupt-%d.pdf", i), body: fmt.Appendf(nil, "%%PDF-1.7\n%d this is not a pdf body at all\n", i), key: fmt.Sprintf("corrupt-%d", i), apiKey: "demo-key", wantHTTP: 202, wantFailed: true})
	}
	return subs
}

// TestPipelineEndToEnd runs 200 mixed documents through the four agents as
// separate processes, decides every review like a human would, and checks
// that each valid document has exactly one ledger record, each invalid one
// a clear terminal state with its reason, and that the ledger verifies.
func TestPipelineEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test runs the services as processes; skipped with -short")
	}
	for _, bin := range []string{"tesseract", "pdftoppm", "pdftotext"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not found on PATH: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils", bin)
		}
	}
	for _, b := range dockettest.Brokers() {
		t.Run(string(b), func(t *testing.T) { pipeline(t, b) })
	}
}

func pipeline(t *testing.T, b dockettest.Broker) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	k := dockettest.NewBroker(t, b, 4, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, append(progress.Topics(), events.TopicLedger))
	if err != nil {
		t.Fatal(err)
	}
	rs := dockettest.Redis(t)
	dir := t.TempDir()
	ingestAddr, ledgerAddr := dockettest.FreeAddr(t), dockettest.FreeAddr(t)
	keySum := sha256.Sum256([]byte("demo-key"))
	tenants := fmt.Sprintf(`[{"id":"demo","api_key_sha256":"%x","rate_per_s":1000,"burst":1000,"callback_secret":"e2e-secret"}]`, keySum)
	if err := os.WriteFile(filepath.Join(dir, "tenants.json"), []byte(tenants), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(k.Env("", ""),
		"DOCKET_INGEST_TENANTS_FILE="+filepath.Join(dir, "tenants.json"),
		"DOCKET_SCHEMA_REGISTRY_URL="+regURL,
		"DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+rs.Addr()+"/0",
		"DOCKET_BLOB_URL=file://"+filepath.Join(dir, "blobs"),
		"DOCKET_INSTANCE_ID=e2e",
		"DOCKET_LOG_LEVEL=warn",
		"DOCKET_INGEST_ADDR="+ingestAddr,
		"DOCKET_INGEST_MAX_BYTES=1048576",
		"DOCKET_LEDGER_ADDR="+ledgerAddr,
		"DOCKET_LEDGER_DEV_KEY_DIR="+filepath.Join(dir, "ledger"),
	)
	if err := os.MkdirAll(filepath.Join(dir, "blobs"), 0o750); err != nil {
		t.Fatal(err)
	}
	principals := servicePrincipals(t, ctx, k)
	for _, svc := range []string{"ingest", "ocr", "classifier", "ledger"} {
		bin := dockettest.Build(t, "github.com/docket-run/docket/services/"+svc+"/cmd/"+svc)
		logPath := filepath.Join(dir, svc+".log")
		dockettest.StartProcess(t, bin, logPath, append(env, principals[svc]...)...)
		t.Cleanup(func() {
			if t.Failed() {
				b, _ := os.ReadFile(logPath)
				t.Logf("%s log (tail):\n%s", svc, tail(b, 3000))
			}
		})
	}

	// Follow every workflow from before the first submission.
	w := newWorld(t, k, codec)
	go w.follow(ctx)
	<-w.ready

	subs := corpus(t)
	accepted := map[string]string{} // workflow id -> submission name
	byKey := map[string]string{}
	for _, s := range subs {
		code, id, msg := post(t, ctx, "http://"+ingestAddr, s)
		if code != s.wantHTTP {
			t.Fatalf("%s: ingest answered %d (%s), want %d", s.name, code, msg, s.wantHTTP)
		}
		if code != 202 {
			if msg == "" {
				t.Errorf("%s: %d without a reason", s.name, code)
			}
			continue
		}
		if prev, ok := byKey[s.key]; ok && prev != id {
			t.Errorf("%s: repeat with key %s got workflow %s, first got %s", s.name, s.key, id, prev)
		}
		byKey[s.key] = id
		accepted[id] = s.name
	}
	failed := map[string]bool{}
	for _, s := range subs {
		if s.wantFailed {
			failed[byKey[s.key]] = true
		}
	}
	t.Logf("%d submissions, %d workflows accepted (%d expected to fail)", len(subs), len(accepted), len(failed))

	// Wait until every accepted workflow is recorded or failed.
	deadline := time.Now().Add(6 * time.Minute)
	for {
		done, pending := w.settled(accepted)
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d workflows settled; still pending: %v", done, len(accepted), head(pending, accepted))
		}
		time.Sleep(200 * time.Millisecond)
	}

	// Exactly one ledger record for each valid workflow, none for the rest.
	ledger := w.ledgerRecords(t, k)
	var reviews int
	for id, name := range accepted {
		st := w.state(id)
		switch {
		case failed[id]:
			if st.status != "failed" || st.reason == "" || ledger[id] != 0 {
				t.Errorf("%s (%s): status %s reason %q ledger records %d; want failed with a reason and no record", name, id, st.status, st.reason, ledger[id])
			}
		default:
			if st.status != "completed" || ledger[id] != 1 {
				t.Errorf("%s (%s): status %s (%s), %d ledger records; want completed with exactly 1", name, id, st.status, st.reason, ledger[id])
			}
		}
		if st.reviewed {
			reviews++
		}
	}
	for id, n := range ledger {
		if _, ok := accepted[id]; !ok {
			t.Errorf("ledger holds %d records for unknown workflow %s", n, id)
		}
	}
	if reviews == 0 {
		t.Error("no workflow went through review; the corpus should route some there")
	}

	// The ledger verifies from the topic alone.
	docket := dockettest.Build(t, "github.com/docket-run/docket/services/docket/cmd/docket")
	out, err := exec.CommandContext(ctx, docket, "ledger", "verify",
		"--brokers", k.Addrs[0], "--registry", regURL, "--public-keys", filepath.Join(dir, "ledger", "ledger.pub")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), " ok") {
		t.Fatalf("docket ledger verify: %v\n%s", err, out)
	}
	t.Logf("%s; %d workflows reviewed by a human", strings.TrimSpace(string(out)), reviews)
}

// servicePrincipals gives each service its own SCRAM principal on the real
// cluster, with exactly the ACLs `docket admin acls apply` grants, and
// returns each one's Kafka environment; on kfake, none.
func servicePrincipals(t *testing.T, ctx context.Context, k *dockettest.Kafka) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	if k.Real == nil {
		return out
	}
	users := map[string]string{}
	for _, svc := range events.Services() {
		users["docket-"+svc] = "e2e-" + svc + "-secret"
		out[svc] = k.Env("docket-"+svc, users["docket-"+svc])
	}
	if err := k.Real.UpsertUsers(ctx, users); err != nil {
		t.Fatal(err)
	}
	adm, err := k.Real.Admin()
	if err != nil {
		t.Fatal(err)
	}
	defer adm.Close()
	if _, err := acls.Apply(ctx, adm, acls.Bindings(acls.Grants(func(svc string) string { return "User:docket-" + svc })), false); err != nil {
		t.Fatalf("apply ACLs: %v", err)
	}
	return out
}

func head(ids []string, names map[string]string) []string {
	var out []string
	for _, id := range ids[:min(len(ids), 5)] {
		out = append(out, names[id]+"="+id)
	}
	return out
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// post submits s and returns the status, the workflow id and the error
// message.
func post(t *testing.T, ctx context.Context, base string, s submission) (int, string, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", s.name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(s.body)
	_ = mw.Close()
	var resp *http.Response
	for attempt := 0; ; attempt++ { // ingest may still be starting
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/documents", bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+s.apiKey)
		if s.key != "" {
			req.Header.Set("Idempotency-Key", s.key)
		}
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			break
		}
		if attempt == 100 {
			t.Fatalf("post %s: %v", s.name, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	defer resp.Body.Close()
	var body struct {
		WorkflowID string `json:"workflow_id"`
		Error      struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	b, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(b, &body)
	return resp.StatusCode, body.WorkflowID, strings.TrimSpace(body.Error.Code + " " + body.Error.Message)
}
