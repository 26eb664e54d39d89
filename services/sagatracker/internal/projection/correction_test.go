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
		{events.TopicControl, &events.WorkflowControl{Meta: m, Kind: "canceled"}, "control canceled", ""},
		{events.TopicRecorded, &events.DocumentRecorded{Meta: m, LedgerTopic: "docket.ledger", Sequence: 4}, "recorded in docket.ledger/0@0, sequence 4", ""},
	} {
		op, _ := Build(Record{Topic: c.topic}, c.e)
		if op.Entry.Summary != c.summary || op.Entry.Redacted != c.want {
			t.Errorf("%T on %s: summary %q redacted %q; want %q, %q", c.e, c.topic, op.Entry.Summary, op.Entry.Redacted, c.summary, c.want)
		}
	}
}
