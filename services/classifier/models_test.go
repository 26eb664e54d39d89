package classifier_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier/internal/corpus"
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

// weakModel is a model trained on a sliver of the corpus: worse than any
// retrained candidate.
func weakModel(t *testing.T) []byte {
	t.Helper()
	docs, err := corpus.Load("corpus")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := textmodel.Train(docs, textmodel.Options{Epochs: 2, MaxVocab: 40})
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

// TestRetrainShadowPromoteRollback runs the classifier on a weak active
// model, retrains a candidate that beats it on the held-out data, runs it
// in shadow (agreement counted, decisions still the active model's),
// promotes it (decisions carry its version, without a restart), rolls back
// (the weak version again), and refuses a candidate that reviewers'
// wrong labels made worse.
func TestRetrainShadowPromoteRollback(t *testing.T) {
	t.Setenv("DOCKET_CLASSIFIER_MODEL_POLL", "100ms")
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
	d := newDecisions(t, h)
	if got := d.version(t, "wf-weak", invoiceText); !strings.HasPrefix(got, weakV) {
		t.Fatalf("decided by %s, want the active weak model %s", got, weakV)
	}

	cand, err := models.Retrain(ctx, "corpus", weak, nil, h.blobs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("candidate %+v vs current %+v", cand.Candidate, cand.Current)
	if !cand.Better() {
		t.Fatalf("candidate %+v does not beat the weak model %+v", cand.Candidate, cand.Current)
	}
	candV, err := reg.Add(ctx, cand.File, models.Info{Source: "retrain", AddedAt: time.Now(), Eval: &cand.Candidate})
	if err != nil || candV != cand.Version {
		t.Fatalf("add candidate = %s, %v; want %s", candV, err, cand.Version)
	}
	if err := reg.SetShadow(ctx, candV); err != nil {
		t.Fatal(err)
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

	if _, err := reg.Promote(ctx, candV); err != nil {
		t.Fatal(err)
	}
	d.until(t, "wf-promoted", candV)
	if st, err := reg.State(ctx); err != nil || st.Shadow != "" || st.Active != candV {
		t.Fatalf("after promote state = %+v, %v; want %s active, no shadow", st, err, candV)
	}
	if got := d.version(t, "wf-promoted-again", invoiceText); !strings.HasPrefix(got, candV) {
		t.Fatalf("after promotion decided by %s, want %s", got, candV)
	}

	back, err := reg.Rollback(ctx)
	if err != nil || back != weakV {
		t.Fatalf("rollback = %s, %v; want %s", back, err, weakV)
	}
	d.until(t, "wf-rolled-back", weakV)

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
	worse, err := models.Retrain(ctx, "corpus", cand.File, wrong, h.blobs)
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
