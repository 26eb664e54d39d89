package ledger_test

import (
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

// TestCompensationReversesTheDisposition: the ledger step's compensation
// appends a signed reversal of the workflow's current record, linked to it,
// once however often it is asked, and answers compensated with the
// reversal's sequence; a workflow with no record has nothing to undo; the
// chains verify and the reversed workflow's net dispositions are 0.
func TestCompensationReversesTheDisposition(t *testing.T) {
	h := newHarness(t, 2)
	h.start(t, "compensate-0")
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(0), classified(1))
	h.ledgerRecords(t, 2, 0)

	undo := control(0, events.KindCompensationRequested, "ledger", "",
		map[string]string{events.DetailStep: events.StepLedger, events.DetailCause: "canceled: customer withdrew"})
	never := control(7, events.KindCompensationRequested, "ledger", "",
		map[string]string{events.DetailStep: events.StepLedger, events.DetailCause: "canceled: early"})
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, undo, undo, never)

	recs := h.ledgerRecords(t, 3, 3*time.Second)
	var w0 []*events.LedgerRecord
	for _, r := range recs {
		if r.WorkflowID == "wf-00000" {
			w0 = append(w0, r)
		}
	}
	if len(recs) != 3 || len(w0) != 2 || ledgerchain.KindOf(w0[1]) != ledgerchain.KindReversal {
		t.Fatalf("records %d, of wf-00000 %d; want 3 with one reversal of wf-00000", len(recs), len(w0))
	}
	rev := w0[1]
	if !slices.Equal(rev.RefersTo, w0[0].Hash) || rev.RefersToSequence != w0[0].Sequence || rev.Reason != "compensation: canceled: customer withdrew" ||
		rev.Reviewer == nil || *rev.Reviewer != "operator:ops" {
		t.Errorf("reversal refers to %d (reason %q, reviewer %v), want the disposition, the cause and the requester", rev.RefersToSequence, rev.Reason, rev.Reviewer)
	}

	answers := map[string]map[string]string{}
	for _, r := range h.kafka.ReadCommitted(t, events.TopicSteps, 2, 10*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		c := e.(*events.WorkflowControl)
		if c.Kind != events.KindCompensated || c.Details[events.DetailStep] != events.StepLedger {
			t.Fatalf("answer %s %v, want compensated of the ledger step", c.Kind, c.Details)
		}
		answers[c.Meta.WorkflowID] = c.Details
	}
	if a := answers["wf-00000"]; a[events.DetailSequence] == "" || a[events.DetailRecordHash] == "" {
		t.Errorf("answer for wf-00000: %v, want the reversal's sequence and hash", a)
	}
	if a := answers["wf-00007"]; a[events.DetailNothingToUndo] != "true" {
		t.Errorf("answer for a workflow never recorded: %v, want nothing to undo", a)
	}
	rep := h.verify(t)
	if err := rep.Err(); err != nil || rep.Records != 3 {
		t.Fatalf("verify: %d records, %v; want 3 and ok", rep.Records, err)
	}
	if n0, n1 := rep.Lineage("wf-00000").Net(), rep.Lineage("wf-00001").Net(); n0 != 0 || n1 != 1 {
		t.Errorf("net dispositions: %d for the reversed workflow, %d for the other; want 0 and 1", n0, n1)
	}
}
