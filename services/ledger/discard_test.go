package ledger_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// discarded is the control event the exception agent produces when an
// operator discards workflow n's parked item.
func discarded(n int, suffix string) *events.WorkflowControl {
	actor := "ops@acme"
	d := doc(n)
	m := meta(n, "discarded-"+suffix)
	m.Producer = events.Producer{Service: "exception", Version: "test"}
	return &events.WorkflowControl{
		Meta: m, Kind: "discarded", Reason: "junk upload", Actor: &actor,
		Details: map[string]string{
			"service": "ocr", "parked_id": "dl-" + suffix, "park_kind": "dead_letter",
			"document_uri": d.URI, "document_sha256": d.SHA256, "document_size_bytes": fmt.Sprint(d.SizeBytes), "document_media_type": d.MediaType,
		},
	}
}

// A discarded workflow gets exactly one ledger record, outcome discarded,
// whatever else arrives for it; other control kinds record nothing; the
// chain verifies.
func TestDiscardedWorkflowRecordedOnce(t *testing.T) {
	h := newHarness(t, 3)
	h.start(t, "discard-0")
	other := discarded(2, "a")
	other.Kind = "retry_scheduled"
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, discarded(0, "a"), other, discarded(1, "a"))
	// The same workflow discarded again (another parked item of it), and
	// its classification arriving late: the first disposition stands.
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, discarded(0, "b"))
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(0), classified(3))

	recs := h.ledgerRecords(t, 3, 3*time.Second)
	by := map[string]*events.LedgerRecord{}
	for _, r := range recs {
		if _, dup := by[r.WorkflowID]; dup {
			t.Errorf("workflow %s recorded twice", r.WorkflowID)
		}
		by[r.WorkflowID] = r
	}
	if len(recs) != 3 || by["wf-00003"] == nil || by["wf-00003"].Decision.Outcome != "accepted" || by["wf-00002"] != nil {
		t.Fatalf("ledger holds %d records for %v; want discarded wf-00000 and wf-00001, accepted wf-00003, nothing for wf-00002", len(recs), keys(by))
	}
	for _, n := range []int{0, 1} {
		wf := fmt.Sprintf("wf-%05d", n)
		r := by[wf]
		if r == nil {
			continue
		}
		if r.Decision.Outcome != "discarded" || r.Decision.DocumentType != "" || r.Reviewer == nil || *r.Reviewer != "ops@acme" {
			t.Errorf("%s: decision %+v reviewer %v, want discarded by ops@acme", wf, r.Decision, r.Reviewer)
		}
		if r.Document != doc(n) {
			t.Errorf("%s: document %+v, want %+v", wf, r.Document, doc(n))
		}
		if r.Meta.CausationID != discarded(n, "a").Meta.EventID {
			t.Errorf("%s: caused by %s, want the first discarded event", wf, r.Meta.CausationID)
		}
	}
	rep := h.verify(t)
	if err := rep.Err(); err != nil || rep.Records != 3 {
		t.Errorf("verify: %d records, %v; want 3 and ok", rep.Records, err)
	}
}

func keys(m map[string]*events.LedgerRecord) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
