package ledger_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/services/ledger/internal/index"
)

// control is a control event of kind for workflow n from the tracker's
// operator API.
func control(n int, kind, suffix, reason string, details map[string]string) *events.WorkflowControl {
	actor := "operator:ops"
	m := meta(n, kind+"-"+suffix)
	m.Producer = events.Producer{Service: "sagatracker", Version: "test"}
	return &events.WorkflowControl{Meta: m, Kind: kind, Reason: reason, Actor: &actor, Details: details}
}

// Corrections and erasures step back from a disposition by appending
// records, never by rewriting one: a correction is a signed reversal plus
// the corrected record, linked; a correction of a workflow with no current
// record, or one that would change nothing, is refused; an erasure record ends a lineage and nothing is
// decided on the workflow after it; the same request handled twice appends
// nothing; the chains and every lineage verify, and the API shows it.
func TestCorrectionsAndErasureAppendLinkedRecords(t *testing.T) {
	h := newHarness(t, 2)
	inst := h.start(t, "lineage-0")
	fallback := classified(0)
	fallback.Flags = append(fallback.Flags, events.Flag{Kind: "degraded", Detail: "llm_unavailable: past the 2m budget"})
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, fallback, classified(1))
	h.ledgerRecords(t, 2, 0)

	fix := control(0, "correction_requested", "a", "a receipt, not an invoice", map[string]string{"document_type": "receipt"})
	again := control(0, "correction_requested", "b", "rejected after all", map[string]string{"document_type": "receipt", "outcome": "rejected"})
	never := control(7, "correction_requested", "a", "no such record", map[string]string{"document_type": "receipt"})
	erase := control(1, "erasure_requested", "a", "data subject request", nil)
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, fix, fix, never, erase, erase)
	h.ledgerRecords(t, 5, 0)
	same := control(0, "correction_requested", "c", "no change", map[string]string{"document_type": "receipt", "outcome": "rejected"})
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, again,
		control(1, "correction_requested", "b", "too late", map[string]string{"document_type": "receipt"}))
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, same)
	late := classified(1)
	late.Meta.EventID = "evt-1-late"
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, late)

	recs := h.ledgerRecords(t, 7, 3*time.Second)
	byWF := map[string][]*events.LedgerRecord{}
	for _, r := range recs {
		byWF[r.WorkflowID] = append(byWF[r.WorkflowID], r)
	}
	kinds := func(rs []*events.LedgerRecord) []string {
		var out []string
		for _, r := range rs {
			out = append(out, ledgerchain.KindOf(r))
		}
		return out
	}
	if got, want := kinds(byWF["wf-00000"]), []string{"disposition", "reversal", "correction", "reversal", "correction"}; !slices.Equal(got, want) {
		t.Fatalf("wf-00000 records %v, want %v", got, want)
	}
	if got, want := kinds(byWF["wf-00001"]), []string{"disposition", "erasure"}; !slices.Equal(got, want) {
		t.Errorf("wf-00001 records %v, want %v", got, want)
	}
	if len(byWF["wf-00007"]) != 0 {
		t.Errorf("a workflow never recorded got %d records from a correction", len(byWF["wf-00007"]))
	}
	w0 := byWF["wf-00000"]
	for i := 1; i < len(w0); i++ {
		if !slices.Equal(w0[i].RefersTo, w0[i-1].Hash) || w0[i].RefersToSequence != w0[i-1].Sequence {
			t.Errorf("record %d (%s) refers to %d, want the %s before it (%d)", i, w0[i].Kind, w0[i].RefersToSequence, w0[i-1].Kind, w0[i-1].Sequence)
		}
		if w0[i].Reviewer == nil || *w0[i].Reviewer != "operator:ops" || w0[i].Reason == "" {
			t.Errorf("record %d (%s): reviewer %v reason %q, want the operator and the reason", i, w0[i].Kind, w0[i].Reviewer, w0[i].Reason)
		}
	}
	if w0[0].Degraded != "llm_unavailable: past the 2m budget" || byWF["wf-00001"][0].Degraded != "" {
		t.Errorf("degraded = %q and %q, want the fallback's reason on the degraded decision only", w0[0].Degraded, byWF["wf-00001"][0].Degraded)
	}
	if d := w0[2].Decision; d.DocumentType != "receipt" || d.Outcome != "accepted" {
		t.Errorf("first correction decided %+v, want receipt, outcome kept (accepted)", d)
	}
	if d := w0[4].Decision; d.DocumentType != "receipt" || d.Outcome != "rejected" {
		t.Errorf("second correction decided %+v, want receipt rejected", d)
	}
	if d := w0[3].Decision; d.DocumentType != "receipt" {
		t.Errorf("the second reversal reverses %+v, want the first correction", d)
	}
	if e := byWF["wf-00001"][1]; e.Document != doc(1) || e.Decision != (events.Decision{}) {
		t.Errorf("erasure record: document %+v decision %+v, want the document's reference and no decision", e.Document, e.Decision)
	}

	// What the ledger answered on the control topic.
	answers := map[string]int{}
	for _, r := range h.kafka.ReadCommitted(t, events.TopicControl, 14, 10*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		c := e.(*events.WorkflowControl)
		if c.Meta.Producer.Service != "ledger" {
			continue
		}
		answers[c.Kind+" "+c.Meta.WorkflowID]++
		if c.Kind == "corrected" && c.Meta.CausationID == fix.Meta.EventID {
			if c.Details["previous_type"] != "invoice" || c.Details["document_type"] != "receipt" || c.Details["sequence"] == "" || c.Details["record_hash"] == "" {
				t.Errorf("corrected details %v", c.Details)
			}
		}
	}
	want := map[string]int{"corrected wf-00000": 2, "correction_refused wf-00007": 1, "erased wf-00001": 1, "correction_refused wf-00001": 1, "correction_refused wf-00000": 1}
	for k, n := range want {
		if answers[k] != n {
			t.Errorf("ledger answered %q %d times, want %d (all: %v)", k, answers[k], n, answers)
		}
	}

	rep := h.verify(t)
	if err := rep.Err(); err != nil || rep.Records != 7 {
		t.Fatalf("verify: %d records, %v; want 7 and ok", rep.Records, err)
	}

	// The record's fields (Entry's own JSON) and its lineage beside them.
	var got index.Entry
	var answer struct {
		Lineage []index.Entry `json:"lineage"`
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		getJSONAs(t, "http://"+inst.running.APIAddr+"/v1/ledger/workflows/wf-00000", "", http.StatusOK, &got)
		getJSONAs(t, "http://"+inst.running.APIAddr+"/v1/ledger/workflows/wf-00000", "", http.StatusOK, &answer)
		if len(answer.Lineage) == 5 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got.Kind != "disposition" || len(answer.Lineage) != 5 || answer.Lineage[4].Kind != "correction" || answer.Lineage[4].Decision.Outcome != "rejected" {
		t.Errorf("API: first record %s, lineage of %d; want the disposition and 5 records ending with the rejected correction", got.Kind, len(answer.Lineage))
	}
}

// Corrections of one workflow in a quick row — in one batch, before the
// index holds the record each one reverses — each reverse the one before:
// the chain keeps the content of the records the index has not caught up
// with.
func TestCorrectionsInAQuickRow(t *testing.T) {
	h := newHarness(t, 1)
	h.start(t, "lineage-row")
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(3))
	h.ledgerRecords(t, 1, 0)
	var row []events.Event
	for i, typ := range []string{"receipt", "contract", "tax_form"} {
		row = append(row, control(3, "correction_requested", string(rune('a'+i)), "storm "+typ, map[string]string{"document_type": typ}))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, row...)
	recs := h.ledgerRecords(t, 7, 2*time.Second)
	var got []string
	for _, r := range recs {
		got = append(got, ledgerchain.KindOf(r)+":"+r.Decision.DocumentType)
	}
	want := []string{"disposition:invoice", "reversal:invoice", "correction:receipt", "reversal:receipt", "correction:contract", "reversal:contract", "correction:tax_form"}
	if !slices.Equal(got, want) {
		t.Fatalf("records %v, want %v", got, want)
	}
	if rep := h.verify(t); rep.Err() != nil {
		t.Fatal(rep.Err())
	}
}
