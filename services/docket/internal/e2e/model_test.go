package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
)

const modelInvoice = `INVOICE
Invoice number: INV-2026-0042
Invoice date: 2026-11-02
Due date: 2026-12-02
Bill to: Bluepeak Systems, 400 Lake Avenue, Austin, TX 78701
Description          Qty   Unit price    Amount
Consulting hours      12      $150.00  $1,800.00
Subtotal: $1,800.00
Tax (7%): $126.00
Total due: $1,926.00
Payment terms: Net 30`

const modelReceipt = `FreshMart
81 Church Road, Tucson, AZ 85794
SALES RECEIPT
Date: 01/25/2025  Time: 07:59
WHOLE MILK 1L          $2.49
SOURDOUGH BREAD        $4.99
SUBTOTAL $7.48
TAX $0.52
TOTAL $8.00
VISA $8.00
Card: 4111 1111 1111 1111
Thank you for shopping with us!`

// modelStack is the classifier as an OS process over kfake, the registry
// and a real redis-server, and the docket binary pointed at its ops server.
type modelStack struct {
	k       *dockettest.Kafka
	codec   *serde.Serde
	blobs   *blob.Bucket
	ops     string
	docket  string
	decided *kgo.Client
	seen    map[string]events.Event
}

// docket runs the docket binary as the holder of token.
func (s *modelStack) run(t *testing.T, token string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(s.docket, args...)
	cmd.Env = append(os.Environ(), "DOCKET_CLASSIFIER_OPS_ADDR="+s.ops, "DOCKET_CLASSIFIER_TOKEN="+token)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// submit produces an extracted event of text for workflow wf.
func (s *modelStack) submit(t *testing.T, wf, text string) {
	t.Helper()
	ref, err := s.blobs.Put(context.Background(), strings.NewReader(text), "text/plain; charset=utf-8")
	if err != nil {
		t.Fatal(err)
	}
	e := &events.DocumentExtracted{
		Document:       events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: "text/plain"},
		Text:           events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: ref.MediaType},
		Pages:          []events.Page{{Number: 1, Chars: len(text), Confidence: 1, Method: "passthrough"}},
		Engine:         events.Engine{Name: "docket-text", Version: "e2e"},
		MeanConfidence: 1,
	}
	e.Meta = events.Meta{EventID: "extracted-" + wf, WorkflowID: wf, TenantID: "demo",
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond), Producer: events.Producer{Service: "ocr", Version: "e2e"}}
	dockettest.Produce(t, s.k.Client(t), s.codec, events.TopicExtracted, e)
}

// decision waits for what the classifier decided of wf.
func (s *modelStack) decision(t *testing.T, wf string) events.Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for s.seen[wf] == nil {
		fs := s.decided.PollFetches(ctx)
		if ctx.Err() != nil {
			t.Fatalf("no decision for %s", wf)
		}
		fs.EachRecord(func(r *kgo.Record) {
			e, err := s.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode %s: %v", r.Topic, err)
			}
			s.seen[e.EventMeta().WorkflowID] = e
		})
	}
	return s.seen[wf]
}

// version submits an invoice as wf and returns the model version of the
// classified event.
func (s *modelStack) version(t *testing.T, wf string) string {
	t.Helper()
	s.submit(t, wf, modelInvoice)
	c, ok := s.decision(t, wf).(*events.DocumentClassified)
	if !ok {
		t.Fatalf("%s: %T, want the invoice classified", wf, s.seen[wf])
	}
	return c.Model.Version
}

// until submits invoices until one is classified by version.
func (s *modelStack) until(t *testing.T, name, version string) {
	t.Helper()
	for i := range 100 {
		if strings.HasPrefix(s.version(t, fmt.Sprintf("%s-%d", name, i)), version) {
			return
		}
	}
	t.Fatalf("%s: no invoice classified by %s", name, version)
}

// shadowed reads docket_classifier_shadow_agreement_total from the ops
// server, both labels summed.
func (s *modelStack) shadowed(t *testing.T) float64 {
	t.Helper()
	resp, err := http.Get("http://" + s.ops + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var n float64
	for _, m := range regexp.MustCompile(`(?m)^docket_classifier_shadow_agreement_total\{agree="(?:true|false)"\} (\S+)$`).FindAllStringSubmatch(string(b), -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		n += v
	}
	return n
}

// TestModelLifecycleAcrossProcesses runs the classifier as a process and
// drives it with the docket binary as operators do: a corrected review
// becomes a labelled example, a retrain of the unchanged corpus is refused,
// a forced one runs in shadow (agreement counted on /metrics, decisions
// still the built-in model's), a reviewer may not promote, the promoted
// version then the rolled-back one classify the next invoices, without a
// restart, and every action is on docket.audit under the operator's name.
func TestModelLifecycleAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test runs the services as processes; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	k := dockettest.NewKafka(t, 2, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, []string{events.TopicExtracted, events.TopicClassified,
		events.TopicReviewRequested, events.TopicReviewDecided, events.TopicAudit})
	if err != nil {
		t.Fatal(err)
	}
	rs := dockettest.Redis(t)
	dir := t.TempDir()
	blobURL := "file://" + filepath.Join(dir, "blobs")
	if err := os.MkdirAll(filepath.Join(dir, "blobs"), 0o750); err != nil {
		t.Fatal(err)
	}
	bucket, err := blob.Open(ctx, blobURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bucket.Close() })
	s := &modelStack{k: k, codec: codec, blobs: bucket, ops: dockettest.FreeAddr(t), seen: map[string]events.Event{},
		docket: dockettest.Build(t, "github.com/docket-run/docket/services/docket/cmd/docket")}
	s.decided = k.Client(t, kgo.ConsumeTopics(events.TopicClassified, events.TopicReviewRequested),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()))
	env := append(k.Env("", ""),
		"DOCKET_SCHEMA_REGISTRY_URL="+regURL, "DOCKET_SCHEMA_MODE=verify",
		"DOCKET_REDIS_URL=redis://"+rs.Addr()+"/0", "DOCKET_BLOB_URL="+blobURL,
		"DOCKET_INSTANCE_ID=e2e", "DOCKET_LOG_LEVEL=warn", "DOCKET_OPS_ADDR="+s.ops,
		"DOCKET_CLASSIFIER_MODEL_POLL=200ms",
		"DOCKET_CLASSIFIER_TOKENS=e2e-operator-token-1=operator:olga,e2e-reviewer-token-1=reviewer:rita",
	)
	bin := dockettest.Build(t, "github.com/docket-run/docket/services/classifier/cmd/classifier")
	logPath := filepath.Join(dir, "classifier.log")
	dockettest.StartProcess(t, bin, logPath, env...)
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("classifier log (tail):\n%s", tail(b, 3000))
		}
	})
	const operator, reviewer = "e2e-operator-token-1", "e2e-reviewer-token-1"
	var listing struct {
		Active   string `json:"active"`
		Shadow   string `json:"shadow"`
		Examples int    `json:"examples"`
	}
	list := func() {
		t.Helper()
		out, err := s.run(t, operator, "model", "list", "-o", "json")
		if err != nil {
			t.Fatalf("docket model list: %v\n%s", err, out)
		}
		if err := json.Unmarshal([]byte(out), &listing); err != nil {
			t.Fatalf("docket model list -o json: %v\n%s", err, out)
		}
	}
	for start := time.Now(); ; time.Sleep(200 * time.Millisecond) { // the process is starting
		if out, err := s.run(t, operator, "model", "list"); err == nil {
			break
		} else if time.Since(start) > time.Minute {
			t.Fatalf("the classifier's model API never answered: %v\n%s", err, out)
		}
	}
	list()
	builtin := listing.Active

	// A reviewer corrects the model: the receipt it sent to review is an
	// invoice, says the reviewer.
	// Its workflow falls in the training split (textmodel.Split: the
	// first byte of the SHA-256 of the example's name, modulo 10, is 3 or
	// more), so the held-out documents are the corpus's own.
	wf := "wf-receipt"
	for i := 0; ; i++ {
		if sum := sha256.Sum256([]byte("review-" + wf + ".txt")); sum[0]%10 >= 3 {
			break
		}
		wf = fmt.Sprintf("wf-receipt-%d", i)
	}
	s.submit(t, wf, modelReceipt)
	rr, ok := s.decision(t, wf).(*events.ReviewRequested)
	if !ok || rr.SuggestedType == nil {
		t.Fatalf("%s: %+v, want a review with a suggestion", wf, s.seen[wf])
	}
	corrected := dockettest.Approve(rr, "alice", "not what the model said")
	corrected.Decision.DocumentType = "invoice"
	if *rr.SuggestedType == "invoice" {
		corrected.Decision.DocumentType = "receipt"
	}
	dockettest.Produce(t, k.Client(t), codec, events.TopicReviewDecided, corrected)
	for deadline := time.Now().Add(time.Minute); listing.Examples == 0; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the corrected review made no labelled example")
		}
		list()
	}

	out, err := s.run(t, operator, "model", "retrain", "--shadow")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.Contains(out, "decision:                refused") || !strings.Contains(out, "current "+builtin[:12]) {
		t.Fatalf("retrain of the corpus and one correction: %v\n%s\nwant refused against %s, exit status 3", err, out, builtin[:12])
	}
	t.Logf("docket model retrain --shadow:\n%s", out)
	if out, err = s.run(t, operator, "model", "retrain", "--shadow", "--force", "--reason", "e2e"); err != nil || !strings.Contains(out, "decision:                shadow") {
		t.Fatalf("forced retrain: %v\n%s", err, out)
	}
	list()
	cand := listing.Shadow
	if cand == "" || cand == builtin {
		t.Fatalf("after the forced retrain the shadow is %q (active %s)", cand, builtin)
	}
	for i := 0; s.shadowed(t) == 0; i++ {
		if i == 100 {
			t.Fatal("the shadow model classified nothing")
		}
		if v := s.version(t, fmt.Sprintf("wf-shadow-%d", i)); !strings.HasPrefix(v, builtin) {
			t.Fatalf("in shadow mode classified by %s, want the active %s", v, builtin)
		}
	}

	if out, err := s.run(t, reviewer, "model", "promote", cand[:12]); err == nil || !strings.Contains(out, "operator role") {
		t.Fatalf("promote by a reviewer: %v\n%s; want refused", err, out)
	}
	if out, err := s.run(t, operator, "model", "promote", cand[:12], "--reason", "e2e"); err != nil {
		t.Fatalf("promote: %v\n%s", err, out)
	}
	s.until(t, "wf-promoted", cand)
	if out, err := s.run(t, operator, "model", "rollback", "--reason", "e2e"); err != nil || !strings.Contains(out, "active "+builtin[:12]) {
		t.Fatalf("rollback: %v\n%s", err, out)
	}
	s.until(t, "wf-rolled-back", builtin)

	var got []string
	for _, r := range k.ReadCommitted(t, events.TopicAudit, 4, 30*time.Second) {
		e, err := codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		a := e.(*events.AuditEvent)
		got = append(got, fmt.Sprintf("%s %s by %s (%s)", a.Action, a.Details["decision"], a.Principal, a.AuthenticatedBy))
	}
	want := []string{"model.retrain refused by olga (token)", "model.retrain shadow by olga (token)", "model.promote  by olga (token)", "model.rollback  by olga (token)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
