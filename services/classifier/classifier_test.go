package classifier_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/servicetest"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/classifier"
	"github.com/docket-run/docket/services/classifier/internal/classify"
)

const invoiceText = `Northwind Consulting
12 Maple Street, Springfield, IL 62704

INVOICE
Invoice number: INV-2024-00123
Invoice date: 2024-03-01
Due date: 2024-03-31
Bill to:
Bluepeak Systems
400 Lake Avenue, Austin, TX 78701

Description                     Qty   Unit price    Amount
Consulting services (hours)      12      $150.00  $1,800.00
Software license, annual          1      $900.00    $900.00

Subtotal: $2,700.00
Tax (7%): $189.00
Total due: $2,889.00
Payment terms: Net 30
Please reference the invoice number with your payment.`

const receiptText = `FreshMart
81 Church Road
Tucson, AZ 85794

SALES RECEIPT
Date: 01/25/2025  Time: 07:59
Trans 149530  Reg 3

WHOLE MILK 1L          $2.49
SOURDOUGH BREAD        $4.99
BANANAS 1.2 LB         $1.10

SUBTOTAL $8.58
TAX $0.60
TOTAL $9.18
VISA $9.18
Card: 4111 1111 1111 1111
Auth code: 123456
Thank you for shopping with us!`

type harness struct {
	kafka *dockettest.Kafka
	codec *serde.Serde
	redis string
	blobs *blob.Bucket
	url   string
	ops   *telemetry.Server // the running classifier's metrics
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	topics := []string{events.TopicExtracted, events.TopicClassified, events.TopicReviewRequested, events.TopicReviewDecided, events.TopicSteps,
		events.TopicAudit, events.TopicControl, events.DLQTopic(classifier.Name), events.RetryTopic(classifier.Name)}
	k := dockettest.NewKafka(t, 2, topics)
	_, rc := dockettest.Registry(t)
	rs := dockettest.Redis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, topics[:8])
	if err != nil {
		t.Fatalf("register schemas: %v", err)
	}
	url := "file://" + t.TempDir()
	b, err := blob.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return &harness{kafka: k, codec: codec, redis: rs.Addr(), blobs: b, url: url}
}

// start runs the classifier's Spec in-process on a runtime until the test
// ends; opts add runtime options.
func (h *harness) start(t *testing.T, opts ...bus.Option) {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	h.ops = telemetry.NewServer()
	deps := &service.Deps{Platform: config.Platform{BlobURL: h.url, OpsAddr: "127.0.0.1:0"}, Log: log, Redis: rdb, Ops: h.ops,
		Serde: h.codec, Kafka: []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}}
	servicetest.RunSpec(t, classifier.Spec(), deps,
		servicetest.Config{Kafka: []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...)}, Codec: h.codec, TxnID: "classifier-test", Options: opts})
}

func (h *harness) put(t *testing.T, text string) events.BlobRef {
	t.Helper()
	ref, err := h.blobs.Put(context.Background(), strings.NewReader(text), "text/plain; charset=utf-8")
	if err != nil {
		t.Fatal(err)
	}
	return events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: ref.MediaType}
}

func extracted(n int, tenant string, text events.BlobRef) *events.DocumentExtracted {
	e := &events.DocumentExtracted{
		Document:       events.BlobRef{URI: blob.URI(strings.Repeat("ab", 32)), SHA256: strings.Repeat("ab", 32), SizeBytes: 4096, MediaType: "application/pdf"},
		Text:           text,
		Pages:          []events.Page{{Number: 1, Chars: int(text.SizeBytes), Confidence: 1, Method: "text_layer"}},
		Engine:         events.Engine{Name: "pdftotext", Version: "22.12"},
		MeanConfidence: 1,
	}
	e.Meta = events.Meta{
		EventID: "evt-" + string(rune('0'+n)), WorkflowID: "wf-" + string(rune('0'+n)), TenantID: tenant,
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond), Producer: events.Producer{Service: "ocr", Version: "test"},
	}
	return e
}

func (h *harness) read(t *testing.T, topic string, want int) map[string]events.Event {
	t.Helper()
	out := map[string]events.Event{}
	for _, r := range h.kafka.ReadCommitted(t, topic, want, 60*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode %s: %v", topic, err)
		}
		out[e.EventMeta().WorkflowID] = e
	}
	if len(out) != want {
		t.Fatalf("%s: got %d events, want %d", topic, len(out), want)
	}
	return out
}

// TestLLMClassifierIsALongStep puts the optional LLM engine behind an API
// that answers in 4s, four times the runtime's transaction timeout: the
// classifier runs it as a long step (step_started on docket.workflow.steps),
// each document is classified exactly once, and no transaction outlives
// its timeout (a fenced producer would stop the runtime, failing the test
// at cleanup).
func TestLLMClassifierIsALongStep(t *testing.T) {
	const answerAfter = 4 * time.Second
	var calls atomic.Int32
	llmAPI := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		select {
		case <-time.After(answerAfter):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "model": "slow-model",
			"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]string{"role": "assistant",
				"content": `{"type":"invoice","confidence":0.93,"alternatives":[{"type":"receipt","score":0.04}],"rationale":"invoice number and due date"}`}}},
		})
	}))
	t.Cleanup(llmAPI.Close)
	t.Setenv("DOCKET_CLASSIFIER_LLM_URL", llmAPI.URL+"/v1")
	t.Setenv("DOCKET_CLASSIFIER_LLM_MODEL", "slow-model")
	t.Setenv("DOCKET_CLASSIFIER_LLM_TIMEOUT", "20s")
	h := newHarness(t)
	inv := h.put(t, invoiceText)
	dockettest.Produce(t, h.kafka.Client(t), h.codec, events.TopicExtracted, extracted(1, "acme", inv), extracted(2, "acme", inv))
	h.start(t, bus.TransactionTimeout(time.Second), bus.JobLease(3*time.Second))

	classified := h.read(t, events.TopicClassified, 2)
	for _, wf := range []string{"wf-1", "wf-2"} {
		c, ok := classified[wf].(*events.DocumentClassified)
		if !ok || c.DocumentType != "invoice" || c.Model.Name != "llm:slow-model" {
			t.Errorf("%s classified = %+v, want an invoice by the LLM", wf, classified[wf])
		}
	}
	started := 0
	for _, r := range h.kafka.ReadCommitted(t, events.TopicSteps, 2, 10*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		if c := e.(*events.WorkflowControl); c.Kind == events.KindStepStarted && c.Details[events.DetailStep] == classifier.Name {
			started++
		}
	}
	if started != 2 {
		t.Errorf("%d step_started events from the classifier, want 2: the LLM call is not a long step", started)
	}
	if recs := h.kafka.ReadCommitted(t, events.TopicClassified, 3, 2*time.Second); len(recs) != 2 {
		t.Errorf("%d classified records, want exactly 2", len(recs))
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("the LLM API was called %d times, want 2", n)
	}
}

// TestLargeTextIsALongStep: the built-in classifier handles a small text
// in its batch and a text over QuickTextBytes as a long step, outside any
// transaction (found from outside: a 12 MB text held one open 29 s).
func TestLargeTextIsALongStep(t *testing.T) {
	h := newHarness(t)
	small := h.put(t, invoiceText)
	large := h.put(t, strings.Repeat(invoiceText+"\n", classifier.QuickTextBytes/len(invoiceText)+1))
	dockettest.Produce(t, h.kafka.Client(t), h.codec, events.TopicExtracted, extracted(1, "acme", small), extracted(2, "acme", large))
	h.start(t, bus.ReportAfter(0))

	classified := h.read(t, events.TopicClassified, 2)
	for _, wf := range []string{"wf-1", "wf-2"} {
		if c, ok := classified[wf].(*events.DocumentClassified); !ok || c.DocumentType != "invoice" {
			t.Errorf("%s classified = %+v, want an invoice", wf, classified[wf])
		}
	}
	started := map[string]int{}
	for _, r := range h.kafka.ReadCommitted(t, events.TopicSteps, 2, 5*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		if c := e.(*events.WorkflowControl); c.Kind == events.KindStepStarted && c.Details[events.DetailStep] == classifier.Name {
			started[c.Meta.WorkflowID]++
		}
	}
	if started["wf-2"] != 1 || started["wf-1"] != 0 {
		t.Errorf("step_started by workflow %v, want the large text's (wf-2) only: it is a job, the small one is handled in its batch", started)
	}
}

// TestLLMDownCompletesDegraded points the LLM classifier at an endpoint
// that answers 503 with no budget to wait: the built-in model classifies
// instead, the event names it and carries the degraded flag and reason
// (which the ledger signs into its record), and nothing is dead-lettered.
func TestLLMDownCompletesDegraded(t *testing.T) {
	var calls atomic.Int32
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		http.Error(w, "model overloaded", http.StatusServiceUnavailable)
	}))
	t.Cleanup(down.Close)
	t.Setenv("DOCKET_CLASSIFIER_LLM_URL", down.URL+"/v1")
	t.Setenv("DOCKET_CLASSIFIER_LLM_MODEL", "big-model")
	t.Setenv("DOCKET_CLASSIFIER_LLM_BUDGET", "0s")
	h := newHarness(t)
	inv := h.put(t, invoiceText)
	dockettest.Produce(t, h.kafka.Client(t), h.codec, events.TopicExtracted, extracted(1, "acme", inv))
	h.start(t)

	c, ok := h.read(t, events.TopicClassified, 1)["wf-1"].(*events.DocumentClassified)
	if !ok {
		t.Fatal("wf-1 not classified")
	}
	if c.DocumentType != "invoice" || c.Model.Name != "docket-tfidf-logreg" {
		t.Errorf("classified %s by %s, want an invoice by the built-in model", c.DocumentType, c.Model.Name)
	}
	var flag *events.Flag
	for i := range c.Flags {
		if c.Flags[i].Kind == "degraded" {
			flag = &c.Flags[i]
		}
	}
	if flag == nil || !strings.Contains(flag.Detail, "llm_unavailable") || !strings.Contains(flag.Detail, "503") || c.Context["degraded"] != flag.Detail {
		t.Errorf("flags %+v context %q: want a degraded flag naming the outage", c.Flags, c.Context["degraded"])
	}
	if n := calls.Load(); n < 1 {
		t.Errorf("the LLM endpoint was never asked")
	}
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(classifier.Name), 1, 2*time.Second); len(dls) != 0 {
		t.Errorf("%d dead letters, want none: a degraded decision completes", len(dls))
	}
}

// TestHandlerThroughRuntime drives the service on kfake and a real Redis:
// a confident invoice is classified, a receipt with a card number and an
// empty text go to review, a strict tenant reviews the same invoice, and a
// text whose blob is missing is dead-lettered as structural.
func TestHandlerThroughRuntime(t *testing.T) {
	pol := filepath.Join(t.TempDir(), "policy.json")
	if err := os.WriteFile(pol, []byte(`{"tenants": {"strict": {"always_review_types": ["invoice"], "sla": "2h"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DOCKET_CLASSIFIER_POLICY_FILE", pol)
	h := newHarness(t)
	inv, rec, empty := h.put(t, invoiceText), h.put(t, receiptText), h.put(t, "")
	missing := events.BlobRef{URI: blob.URI(strings.Repeat("cd", 32)), SHA256: strings.Repeat("cd", 32), SizeBytes: 10, MediaType: "text/plain"}
	in := []*events.DocumentExtracted{extracted(1, "acme", inv), extracted(2, "acme", rec), extracted(3, "acme", empty), extracted(4, "strict", inv), extracted(5, "acme", missing)}
	evs := make([]events.Event, len(in))
	for i, e := range in {
		evs[i] = e
	}
	cl := h.kafka.Client(t)
	dockettest.Produce(t, cl, h.codec, events.TopicExtracted, evs...)
	start := time.Now()
	h.start(t)

	classified := h.read(t, events.TopicClassified, 1)
	reviews := h.read(t, events.TopicReviewRequested, 3)
	dls := h.read(t, events.DLQTopic(classifier.Name), 1)
	end := time.Now()

	// The expected decisions, from the same engine the service built.
	cfg, err := classifier.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	eng, remote, err := classifier.Engine(cfg, nil, nil)
	if err != nil || remote {
		t.Fatalf("engine: %v remote=%v", err, remote)
	}
	decide := func(tenant, text string) classify.Decision {
		d, err := eng.Decide(context.Background(), tenant, classify.Text{Body: text, Bytes: int64(len(text))})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}

	// 1: classified invoice.
	c, ok := classified["wf-1"].(*events.DocumentClassified)
	if !ok {
		t.Fatalf("wf-1: %T on classified, want DocumentClassified", classified["wf-1"])
	}
	d1 := decide("acme", invoiceText)
	if c.DocumentType != "invoice" || c.Confidence < 0.75 || len(c.RulesFired) != 0 || len(c.Flags) != 0 {
		t.Errorf("wf-1: type=%s confidence=%v rules=%v flags=%v; want a confident invoice with no rule or flag", c.DocumentType, c.Confidence, c.RulesFired, c.Flags)
	}
	wantModel := events.Model{Name: "docket-tfidf-logreg", Version: modelVersion(t) + "+policy." + d1.Context["policy.version"]}
	wantC := &events.DocumentClassified{Meta: c.Meta, Document: in[0].Document, DocumentType: "invoice", Confidence: d1.Confidence,
		Candidates: d1.Candidates, Flags: []events.Flag{}, Model: wantModel, RulesFired: []string{}, Text: &inv, Context: d1.Context}
	if !reflect.DeepEqual(c, wantC) {
		t.Errorf("wf-1 classified =\n%+v\nwant\n%+v", c, wantC)
	}
	if c.Meta.CausationID != "evt-1" || c.Meta.TenantID != "acme" || c.Meta.Producer.Service != classifier.Name {
		t.Errorf("wf-1 meta = %+v", c.Meta)
	}
	if c.Context["policy.tenant"] != "default" || c.Context["decision"] != "classified" || c.Context["amount.max"] != "2889.00 USD" || c.Context["model.top_features"] == "" {
		t.Errorf("wf-1 context = %v", c.Context)
	}

	// 2: the card number forces review.
	r2 := review(t, reviews, "wf-2")
	if r2.Reason != "rule_required" || r2.Priority != 2 || !reflect.DeepEqual(r2.Flags, []events.Flag{
		{Kind: "pii.payment_card", Detail: "1 occurrence(s), first at byte " + itoa(strings.Index(receiptText, "4111"))},
		{Kind: "policy.pii_requires_review", Detail: "payment_card found; policy default requires review"},
	}) || !reflect.DeepEqual(r2.RulesFired(), []string{"pii.requires_review:payment_card"}) {
		t.Errorf("wf-2: reason=%s priority=%d flags=%+v rules=%v", r2.Reason, r2.Priority, r2.Flags, r2.RulesFired())
	}
	checkReview(t, r2.ReviewRequested, in[1], rec, decide("acme", receiptText), 24*time.Hour, start, end)

	// 3: empty text → other, low confidence.
	r3 := review(t, reviews, "wf-3")
	if r3.Reason != "low_confidence" || r3.Priority != 0 || *r3.SuggestedType != "other" || r3.Confidence != 0 ||
		!reflect.DeepEqual(r3.Candidates, []events.Candidate{{Type: "other", Score: 0}}) || r3.Context["text.empty"] != "true" {
		t.Errorf("wf-3: %+v", r3.ReviewRequested)
	}
	checkReview(t, r3.ReviewRequested, in[2], empty, decide("acme", ""), 24*time.Hour, start, end)

	// 4: the strict tenant's policy sends the same invoice to review.
	r4 := review(t, reviews, "wf-4")
	if r4.Reason != "rule_required" || *r4.SuggestedType != "invoice" || r4.Context["policy.tenant"] != "strict" || r4.Context["policy.always_review"] != "invoice" {
		t.Errorf("wf-4: reason=%s suggested=%s context=%v", r4.Reason, *r4.SuggestedType, r4.Context)
	}
	checkReview(t, r4.ReviewRequested, in[3], inv, decide("strict", invoiceText), 2*time.Hour, start, end)

	// 5: the missing text blob is structural.
	dl, ok := dls["wf-5"].(*events.DeadLetter)
	if !ok || dl.ErrorClass != "structural" || !strings.Contains(dl.ErrorMessage, "blob not found") || dl.SourceTopic != events.TopicExtracted {
		t.Errorf("wf-5 dead letter = %+v", dls["wf-5"])
	}
}

type reviewEvent struct{ *events.ReviewRequested }

// RulesFired reads the rules from the review's context (the review event
// has no rules field).
func (r reviewEvent) RulesFired() []string {
	if r.Context["rules.fired"] == "" {
		return []string{}
	}
	return strings.Split(r.Context["rules.fired"], ",")
}

func review(t *testing.T, got map[string]events.Event, wf string) reviewEvent {
	t.Helper()
	r, ok := got[wf].(*events.ReviewRequested)
	if !ok {
		t.Fatalf("%s: %T on review.requested, want ReviewRequested", wf, got[wf])
	}
	return reviewEvent{r}
}

func checkReview(t *testing.T, r *events.ReviewRequested, in *events.DocumentExtracted, text events.BlobRef, d classify.Decision, sla time.Duration, start, end time.Time) {
	t.Helper()
	if r.SLADeadline.Before(start.Add(sla).Add(-time.Millisecond)) || r.SLADeadline.After(end.Add(sla)) {
		t.Errorf("%s: SLA deadline %s not within now+%s", in.Meta.WorkflowID, r.SLADeadline, sla)
	}
	typ, model := d.Type, d.Model
	want := &events.ReviewRequested{Meta: r.Meta, Document: in.Document, Reason: d.Reason, Priority: d.Priority, SLADeadline: r.SLADeadline,
		Candidates: d.Candidates, Flags: d.Flags, Text: &text, SuggestedType: &typ, Confidence: d.Confidence, Model: &model, Context: d.Context}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("%s review =\n%+v\nwant\n%+v", in.Meta.WorkflowID, r, want)
	}
	if r.Meta.CausationID != in.Meta.EventID || r.Meta.WorkflowID != in.Meta.WorkflowID {
		t.Errorf("%s meta = %+v", in.Meta.WorkflowID, r.Meta)
	}
}

func modelVersion(t *testing.T) string {
	t.Helper()
	b, err := classify.NewBuiltIn(classifier.ModelJSON)
	if err != nil {
		t.Fatal(err)
	}
	return b.Model().Version
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestConfigValidate(t *testing.T) {
	t.Setenv("DOCKET_CLASSIFIER_MAX_TEXT_BYTES", "0")
	t.Setenv("DOCKET_CLASSIFIER_LLM_URL", "ftp://x")
	t.Setenv("DOCKET_CLASSIFIER_LLM_TIMEOUT", "0s")
	t.Setenv("DOCKET_CLASSIFIER_LLM_BUDGET", "-1s")
	t.Setenv("DOCKET_CLASSIFIER_MODEL_POLL", "0s")
	_, err := classifier.LoadConfig()
	if err == nil {
		t.Fatal("LoadConfig accepted invalid settings")
	}
	for _, want := range []string{"DOCKET_CLASSIFIER_MAX_TEXT_BYTES 0", "DOCKET_CLASSIFIER_LLM_URL", "DOCKET_CLASSIFIER_LLM_MODEL is required", "DOCKET_CLASSIFIER_LLM_TIMEOUT", "DOCKET_CLASSIFIER_LLM_BUDGET", "DOCKET_CLASSIFIER_MODEL_POLL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not report %s", err, want)
		}
	}
}

func TestConfigValidateEngine(t *testing.T) {
	for _, tc := range []struct{ name, engine, llm, want string }{
		{"unknown engine", "bert", "", `DOCKET_CLASSIFIER_ENGINE "bert": want builtin or noop`},
		{"noop with an LLM", "noop", "http://127.0.0.1:1", "DOCKET_CLASSIFIER_ENGINE=noop excludes DOCKET_CLASSIFIER_LLM_URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := classifier.Config{Engine: tc.engine, MaxTextBytes: 1024, LLMURL: tc.llm, LLMModel: "m", LLMTimeout: time.Second, ModelPoll: time.Second}
			if err := c.Validate(); err == nil || err.Error() != tc.want {
				t.Errorf("Validate = %v, want %q", err, tc.want)
			}
		})
	}
}

// The no-op engine answers "other" with confidence 1 whatever the text;
// the policy still applies, so such a document is classified, not reviewed.
func TestNoopEngine(t *testing.T) {
	eng, remote, err := classifier.Engine(classifier.Config{Engine: classifier.EngineNoop, MaxTextBytes: 1024}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := eng.Decide(t.Context(), "acme", classify.Text{Body: "Invoice INV-1 total 12.00 EUR", Bytes: 29})
	if err != nil {
		t.Fatal(err)
	}
	if remote || d.Type != "other" || d.Confidence != 1 || d.Review || d.Model.Name != "noop" || d.Model.Version != "1+policy.builtin" {
		t.Errorf("remote %v, decision type %q confidence %v review %v model %+v; want local, other, 1, no review, noop 1+policy.builtin",
			remote, d.Type, d.Confidence, d.Review, d.Model)
	}
}

func TestDefaultConfig(t *testing.T) {
	c, err := classifier.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if c.Engine != "builtin" || c.MaxTextBytes != 5<<20 || c.PolicyFile != "" || c.LLMURL != "" || c.LLMTimeout != 30*time.Second {
		t.Errorf("defaults = %+v", c)
	}
}
