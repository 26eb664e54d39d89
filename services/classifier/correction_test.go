package classifier_test

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier/models"
)

// TestCorrectionTeachesAndErasureForgets: the ledger's correction of a
// workflow the model classified without review becomes a labelled example
// (the text the model read, the corrected type, the operator); the
// workflow's erasure drops it.
func TestCorrectionTeachesAndErasureForgets(t *testing.T) {
	h := newHarness(t)
	text := h.put(t, invoiceText)
	in := extracted(1, "acme", text)
	cl := h.kafka.Client(t)
	dockettest.Produce(t, cl, h.codec, events.TopicExtracted, in)
	h.start(t)
	got := h.read(t, events.TopicClassified, 1)[in.Meta.WorkflowID].(*events.DocumentClassified)
	if got.DocumentType != "invoice" {
		t.Fatalf("classified %s, want invoice", got.DocumentType)
	}

	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	examples := models.NewExamples(rdb)
	actor := "carol"
	at := time.Now().UTC().Truncate(time.Millisecond)
	control := func(id, kind string, details map[string]string) *events.WorkflowControl {
		return &events.WorkflowControl{Meta: events.Meta{EventID: id, WorkflowID: in.Meta.WorkflowID, TenantID: "acme", OccurredAt: at,
			Producer: events.Producer{Service: "ledger", Version: "test"}}, Kind: kind, Reason: "a purchase order", Actor: &actor, Details: details}
	}
	dockettest.Produce(t, cl, h.codec, events.TopicControl, control("corrected-1", events.KindCorrected,
		map[string]string{"document_type": "purchase_order", "previous_type": "invoice", "sequence": "9"}))
	want := models.Example{Workflow: in.Meta.WorkflowID, Tenant: "acme", Text: text, Type: "purchase_order", Predicted: "invoice",
		Model: got.Model.Version, Reviewer: "carol", EventID: "corrected-1", DecidedAt: at}
	waitExamples(t, examples, func(all []models.Example) bool { return len(all) == 1 && all[0] == want })

	dockettest.Produce(t, cl, h.codec, events.TopicControl, control("erasure-1", events.KindErasureRequested, map[string]string{}))
	waitExamples(t, examples, func(all []models.Example) bool { return len(all) == 0 })
	for _, k := range []string{models.Prefix + "classified:" + in.Meta.WorkflowID, models.Prefix + "suggested:" + in.Meta.WorkflowID} {
		if n, err := rdb.Exists(context.Background(), k).Result(); err != nil || n != 0 {
			t.Errorf("%s after the erasure: exists %d, %v", k, n, err)
		}
	}
}

func waitExamples(t *testing.T, ex *models.Examples, ok func([]models.Example) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		all, err := ex.All(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if ok(all) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("examples = %+v", all)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
