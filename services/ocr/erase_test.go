package ocr_test

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// TestErasureForgetsPages: the pages' text OCR checkpointed for a
// resumption, and the workflow's progress, go when the workflow is erased.
func TestErasureForgetsPages(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run := runSpec(t, ctx, "ocr-erase-test", "testdata/scanned.pdf")
	wf, sha := run.in.Meta.WorkflowID, run.in.Document.SHA256
	if recs := run.kafka.ReadCommitted(t, events.TopicExtracted, 1, time.Minute); len(recs) != 1 {
		t.Fatalf("got %d extracted events, want 1", len(recs))
	}
	keys := func() []string {
		ks, err := run.rdb.Keys(ctx, "docket:ocr:page:"+sha+":*").Result()
		if err != nil {
			t.Fatal(err)
		}
		if n, err := run.rdb.Exists(ctx, "docket:ocr:progress:"+wf).Result(); err != nil || n == 1 {
			ks = append(ks, "docket:ocr:progress:"+wf)
		}
		return ks
	}
	if ks := keys(); len(ks) < 2 {
		t.Fatalf("checkpoints before the erasure: %v, want a page and the progress", ks)
	}
	er := &events.WorkflowControl{Meta: events.Meta{EventID: "erasure-1", WorkflowID: wf, TenantID: run.in.Meta.TenantID,
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond), Producer: events.Producer{Service: "sagatracker", Version: "test"}},
		Kind: events.KindErasureRequested, Reason: "art. 17", Details: map[string]string{}}
	events.AddDocumentDetails(er.Details, run.in.Document)
	dockettest.Produce(t, run.kafka.Client(t), run.codec, events.TopicControl, er)
	for ks := keys(); len(ks) > 0; ks = keys() {
		if ctx.Err() != nil {
			t.Fatalf("checkpoints after the erasure: %v", ks)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
