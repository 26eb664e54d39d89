package projection

import (
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// TestRedactedSummaries: every summary that holds a file name, an error
// message or a reason in words has a redacted form without it, which the
// store shows once the workflow is erased; the others need none.
func TestRedactedSummaries(t *testing.T) {
	m := events.Meta{EventID: "e1", WorkflowID: "wf-1", TenantID: "t", OccurredAt: time.UnixMilli(1000)}
	actor := "carol"
	for _, c := range []struct {
		topic         string
		e             events.Event
		summary, want string
	}{
		{events.TopicSubmitted, &events.DocumentSubmitted{Meta: m, Filename: "john.pdf", Document: events.BlobRef{MediaType: "application/pdf", SizeBytes: 3}, Source: "http"},
			"submitted john.pdf (application/pdf, 3 bytes) via http", "submitted (application/pdf, 3 bytes) via http"},
		{events.TopicReviewRequested, &events.ReviewRequested{Meta: m, Reason: "John's amount", Priority: 2, Context: map[string]string{"degraded": "llm_unavailable"}},
			"review requested: John's amount, priority 2; degraded: llm_unavailable", "review requested, priority 2; degraded: llm_unavailable"},
		{events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "cancel_requested", Reason: "John asked"},
			"control cancel_requested: John asked", "control cancel_requested"},
		{events.TopicSteps, &events.WorkflowControl{Meta: m, Kind: "parked", Reason: "John asked"},
			"ignored on docket.workflow.steps: control parked: John asked", "ignored on docket.workflow.steps: control parked"},
		{events.TopicControl, &events.WorkflowControl{Meta: m, Kind: events.KindCorrected, Reason: "John phoned", Actor: &actor,
			Details: map[string]string{events.DetailDocumentType: "contract", events.DetailPreviousType: "invoice", events.DetailSequence: "7"}},
			"corrected invoice to contract by carol, ledger sequence 7: John phoned", "corrected invoice to contract by carol, ledger sequence 7"},
		{events.TopicSteps, &events.WorkflowControl{Meta: m, Kind: events.KindStepRetrying, Reason: "tesseract: page 2 of john.pdf timed out",
			Details: map[string]string{events.DetailStep: "ocr", events.DetailTry: "2", events.DetailTries: "5"}},
			"ocr try 2 of 5 failed; trying again: tesseract: page 2 of john.pdf timed out", "ocr try 2 of 5 failed; trying again"},
		{events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "canceled"}, "control canceled", ""},
		{events.TopicRecorded, &events.DocumentRecorded{Meta: m, LedgerTopic: "docket.ledger", Sequence: 4}, "recorded in docket.ledger/0@0, sequence 4", ""},
		// The ledger's own confirmation cannot name its record's offset
		// (found from outside: the history said "docket.ledger/5@-1").
		{events.TopicRecorded, &events.DocumentRecorded{Meta: m, LedgerTopic: "docket.ledger", LedgerPartition: 5, LedgerOffset: -1, Sequence: 5}, "recorded in docket.ledger/5, sequence 5", ""},
	} {
		op, _ := Build(Record{Topic: c.topic}, c.e)
		if op.Entry.Summary != c.summary || op.Entry.Redacted != c.want {
			t.Errorf("%T on %s: summary %q redacted %q; want %q, %q", c.e, c.topic, op.Entry.Summary, op.Entry.Redacted, c.summary, c.want)
		}
	}
}

// TestLedgerRecordSummaries: the history words each kind of ledger record,
// so a reversal does not read as a new decision, nor an erasure as an
// empty one.
func TestLedgerRecordSummaries(t *testing.T) {
	m := events.Meta{EventID: "e1", WorkflowID: "wf-1", TenantID: "t", OccurredAt: time.UnixMilli(1000)}
	for _, c := range []struct {
		name string
		r    events.LedgerRecord
		want string
	}{
		{"version 1", events.LedgerRecord{Sequence: 2, Decision: events.Decision{Outcome: "approved", DocumentType: "invoice"}},
			"ledger record 2: approved invoice"},
		{"disposition", events.LedgerRecord{Kind: "disposition", Sequence: 2, Decision: events.Decision{Outcome: "approved", DocumentType: "invoice"}},
			"ledger record 2: approved invoice"},
		{"reversal", events.LedgerRecord{Kind: "reversal", Sequence: 3, RefersToSequence: 2, Decision: events.Decision{Outcome: "approved", DocumentType: "other"}},
			"ledger record 3: reversal of record 2 (approved other)"},
		{"correction", events.LedgerRecord{Kind: "correction", Sequence: 4, RefersToSequence: 3, Decision: events.Decision{Outcome: "approved", DocumentType: "contract"}},
			"ledger record 4: correction to contract/approved"},
		{"erasure", events.LedgerRecord{Kind: "erasure", Sequence: 9, RefersToSequence: 4}, "ledger record 9: erasure of the content, after record 4"},
	} {
		r := c.r
		r.Meta = m
		op, _ := Build(Record{Topic: events.TopicLedger}, &r)
		if op.Entry.Summary != c.want {
			t.Errorf("%s: summary %q, want %q", c.name, op.Entry.Summary, c.want)
		}
	}
}
