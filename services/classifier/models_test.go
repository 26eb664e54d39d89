package classifier_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier/internal/corpus"
	"github.com/docket-run/docket/services/classifier/internal/modelapi"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
	"github.com/docket-run/docket/services/classifier/models"
)

// decisions reads what the classifier decided, classified or sent to
// review, by workflow.
type decisions struct {
	h    *harness
	cl   *kgo.Client
	seen map[string]events.Event
}

func newDecisions(t *testing.T, h *harness) *decisions {
	return &decisions{h: h, seen: map[string]events.Event{}, cl: h.kafka.Client(t,
		kgo.ConsumeTopics(events.TopicClassified, events.TopicReviewRequested),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))}
}

// of waits for the decision of workflow wf.
func (d *decisions) of(t *testing.T, wf string) events.Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for d.seen[wf] == nil {
		fs := d.cl.PollFetches(ctx)
		if ctx.Err() != nil {
			t.Fatalf("no decision for %s: %v", wf, ctx.Err())
		}
		fs.EachRecord(func(r *kgo.Record) {
			e, err := d.h.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode %s: %v", r.Topic, err)
			}
			d.seen[e.EventMeta().WorkflowID] = e
		})
	}
	return d.seen[wf]
}

// version submits text as workflow wf and returns the version of the
// model that decided it.
func (d *decisions) version(t *testing.T, wf, text string) string {
	t.Helper()
	in := extracted(0, "acme", d.h.put(t, text))
	in.Meta.EventID, in.Meta.WorkflowID = "evt-"+wf, wf
	dockettest.Produce(t, d.h.kafka.Client(t), d.h.codec, events.TopicExtracted, in)
	switch e := d.of(t, wf).(type) {
	case *events.DocumentClassified:
		return e.Model.Version
	case *events.ReviewRequested:
		return e.Model.Version
	default:
		t.Fatalf("%s: decided by %T", wf, e)
		return ""
	}
}

// until submits invoices until one is decided by version (a prefix of
// the decision's model version) and returns how many it took.
func (d *decisions) until(t *testing.T, name, version string) int {
	t.Helper()
	for i := range 50 {
		if got := d.version(t, fmt.Sprintf("%s-%d", name, i), invoiceText); strings.HasPrefix(got, version) {
			return i + 1
		}
	}
	t.Fatalf("%s: no decision made by model %s", name, version)
	return 0
}

// weakModel is a model that learnt receipts as invoices: worse than any
// retrained candidate on both counts, right answers and errors it would
// record without review (a model that knows too little is no good here:
// its prediction sets abstain on everything, so it records no error).
func weakModel(t *testing.T) []byte {
	t.Helper()
	docs, err := corpus.Load("corpus")
	if err != nil {
		t.Fatal(err)
	}
	for i := range docs {
		if docs[i].Class == "receipt" {
			docs[i].Class = "invoice"
		}
	}
	b, _, err := textmodel.Train(docs, textmodel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (h *harness) redisClient(t *testing.T) *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: h.redis, DisableIdentity: true})
	t.Cleanup(func() { _ = rdb.Close() })
	return rdb
}

func shadowCount(t *testing.T, h *harness, agree string) float64 {
	t.Helper()
	mfs, err := h.ops.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var n float64
	for _, mf := range mfs {
		if mf.GetName() != "docket_classifier_shadow_agreement_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "agree" && l.GetValue() == agree {
					n += m.GetCounter().GetValue()
				}
			}
		}
	}
	return n
}

// api calls the classifier's model API as the holder of token and decodes
// the answer into out (when not nil); it returns the status.
func api(t *testing.T, srv *httptest.Server, token, method, path, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("%s %s: decode: %v", method, path, err)
		}
	}
	return resp.StatusCode
}

// TestRetrainShadowPromoteRollback runs the classifier on a weak active
// model and drives its model API as an operator: a retrained candidate
// beats the weak model on the held-out data and becomes the shadow
// (agreement counted, decisions still the active model's); promoted, it
// decides (without a restart); retrained again it is refused (no better
// than itself); rolled back, the weak version decides again. A reviewer
// may do none of it, every change is audited, and a candidate that
// reviewers' wrong labels made worse does not beat the current model.
func TestRetrainShadowPromoteRollback(t *testing.T) {
	if testing.Short() {
		t.Skip("four retrains on the whole corpus, about six minutes on two cores: run by make test, not -short")
	}
	t.Setenv("DOCKET_CLASSIFIER_MODEL_POLL", "100ms")
	t.Setenv("DOCKET_CLASSIFIER_TOKENS", "operator-token-0001=operator:olga,reviewer-token-0001=reviewer:rita")
	ctx := context.Background()
	h := newHarness(t)
	reg := models.NewRegistry(h.redisClient(t))
	weak := weakModel(t)
	weakV, err := reg.Add(ctx, weak, models.Info{Source: "test", AddedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Promote(ctx, weakV); err != nil {
		t.Fatal(err)
	}
	h.start(t)
	srv := httptest.NewServer(h.ops.Handler())
	t.Cleanup(srv.Close)
	d := newDecisions(t, h)
	if got := d.version(t, "wf-weak", invoiceText); !strings.HasPrefix(got, weakV) {
		t.Fatalf("decided by %s, want the active weak model %s", got, weakV)
	}

	if got := api(t, srv, "reviewer-token-0001", "POST", "/v1/models/retrain", `{}`, nil); got != http.StatusForbidden {
		t.Errorf("retrain by a reviewer: status %d, want 403", got)
	}
	if got := api(t, srv, "", "POST", "/v1/models/rollback", `{}`, nil); got != http.StatusUnauthorized {
		t.Errorf("rollback without a token: status %d, want 401", got)
	}
	var cand modelapi.Retrained
	if got := api(t, srv, "operator-token-0001", "POST", "/v1/models/retrain", `{"shadow":true,"reason":"weekly"}`, &cand); got != http.StatusOK {
		t.Fatalf("retrain: status %d", got)
	}
	t.Logf("retrain: %+v", cand)
	if cand.Decision != modelapi.DecisionShadow || !cand.Better || cand.Current != weakV {
		t.Fatalf("retrain = %+v, want a better candidate than %s made the shadow", cand, weakV)
	}
	deadline := time.Now().Add(30 * time.Second)
	for i := 0; shadowCount(t, h, "true")+shadowCount(t, h, "false") == 0; i++ {
		if time.Now().After(deadline) {
			t.Fatal("the shadow model classified nothing")
		}
		if got := d.version(t, fmt.Sprintf("wf-shadow-%d", i), invoiceText); !strings.HasPrefix(got, weakV) {
			t.Fatalf("in shadow mode decided by %s, want the active %s", got, weakV)
		}
	}

	var ch modelapi.Changed
	if got := api(t, srv, "operator-token-0001", "POST", "/v1/models/"+cand.Candidate[:12]+"/promote", `{"reason":"shadow agrees"}`, &ch); got != http.StatusOK {
		t.Fatalf("promote: status %d", got)
	}
	if ch.Active != cand.Candidate || ch.Shadow != "" || ch.Was != weakV {
		t.Fatalf("promote = %+v, want %s active, no shadow, %s before", ch, cand.Candidate, weakV)
	}
	d.until(t, "wf-promoted", cand.Candidate)
	if got := d.version(t, "wf-promoted-again", invoiceText); !strings.HasPrefix(got, cand.Candidate) {
		t.Fatalf("after promotion decided by %s, want %s", got, cand.Candidate)
	}

	var again modelapi.Retrained
	if got := api(t, srv, "operator-token-0001", "POST", "/v1/models/retrain", `{}`, &again); got != http.StatusOK {
		t.Fatalf("retrain again: status %d", got)
	}
	if again.Decision != modelapi.DecisionRefused || again.Better {
		t.Errorf("retrain of the active model's data = %+v, want refused", again)
	}
	// Forced, the same bytes are still refused: there is nothing to shadow
	// (from outside, a forced retrain said "shadow" and set none).
	if got := api(t, srv, "operator-token-0001", "POST", "/v1/models/retrain", `{"force":true,"shadow":true}`, &again); got != http.StatusOK ||
		again.Decision != modelapi.DecisionRefused || again.Candidate != again.Current {
		t.Errorf("forced retrain of the active model's data: status %d, %+v; want refused", got, again)
	}

	if got := api(t, srv, "operator-token-0001", "POST", "/v1/models/rollback", `{}`, &ch); got != http.StatusOK || ch.Active != weakV {
		t.Fatalf("rollback: status %d, %+v; want %s active", got, ch, weakV)
	}
	d.until(t, "wf-rolled-back", weakV)

	var list modelapi.Listing
	if got := api(t, srv, "operator-token-0001", "GET", "/v1/models", "", &list); got != http.StatusOK || list.Active != weakV || len(list.Versions) != 2 {
		// Training is reproducible: the candidate of the unchanged
		// corpus is the embedded model, registered at start.
		t.Errorf("list: status %d, %+v; want %s active of 2 versions (weak, builtin = candidate)", got, list, weakV)
	}

	var actions []string
	for _, r := range h.kafka.ReadCommitted(t, events.TopicAudit, 5, 30*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		a := e.(*events.AuditEvent)
		if a.Principal != "olga" || a.Role != "operator" {
			t.Errorf("audit %s by %s (%s), want olga (operator)", a.Action, a.Principal, a.Role)
		}
		actions = append(actions, a.Action+":"+a.Details["decision"])
	}
	if want := []string{"model.retrain:shadow", "model.promote:", "model.retrain:refused", "model.retrain:refused", "model.rollback:"}; !reflect.DeepEqual(actions, want) {
		t.Errorf("audited %v, want %v", actions, want)
	}

	// Reviewers who label receipts as invoices make a worse candidate.
	docs, err := corpus.Load("corpus")
	if err != nil {
		t.Fatal(err)
	}
	var wrong []models.Example
	for _, doc := range docs {
		if wf := "poison-" + doc.Name; doc.Class == "receipt" && textmodel.Split("review-"+wf+".txt") == textmodel.SplitTrain {
			wrong = append(wrong, models.Example{Workflow: wf, Type: "invoice", Predicted: "receipt", Text: h.put(t, doc.Text)})
		}
	}
	good, err := reg.File(ctx, cand.Candidate)
	if err != nil {
		t.Fatal(err)
	}
	worse, err := models.Retrain(ctx, []fs.FS{os.DirFS("corpus"), os.DirFS("field")}, good, wrong, h.blobs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("poisoned candidate (%d examples) %+v vs current %+v", worse.Examples, worse.Candidate, worse.Current)
	if worse.Better() {
		t.Errorf("a candidate trained on %d wrong labels beats the current model: %+v vs %+v", len(wrong), worse.Candidate, worse.Current)
	}
}

// TestCorrectedReviewIsALabelledExample: a review that decides another type
// than the model suggested is kept as a labelled example (text, type,
// workflow, reviewer, model version).
func TestCorrectedReviewIsALabelledExample(t *testing.T) {
	h := newHarness(t)
	rec := h.put(t, receiptText)
	dockettest.Produce(t, h.kafka.Client(t), h.codec, events.TopicExtracted, extracted(1, "acme", rec))
	h.start(t)
	r1, _ := h.read(t, events.TopicReviewRequested, 1)["wf-1"].(*events.ReviewRequested)
	if r1 == nil || r1.SuggestedType == nil || *r1.SuggestedType != "receipt" {
		t.Fatalf("wf-1 review = %+v, want a receipt suggested", r1)
	}
	corrected := dockettest.Approve(r1, "alice", "it is an invoice")
	corrected.Decision.DocumentType = "invoice"
	dockettest.Produce(t, h.kafka.Client(t), h.codec, events.TopicReviewDecided, corrected)

	ex := models.NewExamples(h.redisClient(t))
	var got []models.Example
	for deadline := time.Now().Add(30 * time.Second); len(got) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no labelled example recorded")
		}
		var err error
		if got, err = ex.All(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	want := models.Example{
		Workflow: "wf-1", Tenant: "acme", Text: rec, Type: "invoice", Predicted: "receipt", Model: r1.Model.Version,
		Reviewer: "alice", EventID: corrected.Meta.EventID, DecidedAt: corrected.DecidedAt,
	}
	if len(got) == 1 && got[0].DecidedAt.Equal(want.DecidedAt) {
		got[0].DecidedAt = want.DecidedAt
	}
	if len(got) != 1 || got[0] != want {
		t.Fatalf("examples = %+v, want only %+v", got, want)
	}
}
