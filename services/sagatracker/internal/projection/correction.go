package projection

import (
	"fmt"

	"github.com/docket-run/docket/pkg/events"
)

// Correction is a correction the ledger recorded (a corrected control
// event) as the store keeps it: the workflow's document type becomes Type,
// and the workflow counts one more correction.
type Correction struct {
	Type     string `json:"dt"`
	Outcome  string `json:"out"`
	Previous string `json:"pt"`
	Actor    string `json:"by"`
	Reason   string `json:"re"`
	Sequence string `json:"seq"`
	Hash     string `json:"hash"`
	// Partition is the ledger partition of the correction's record.
	Partition string `json:"part"`
}

// corrected sets the change of a corrected control event: history and the
// workflow's correction. One without a document type changes nothing but
// the history.
func corrected(op *Op, ev *events.WorkflowControl) {
	d := ev.Details
	c := &Correction{
		Type: d[events.DetailDocumentType], Outcome: d[events.DetailOutcome], Previous: d[events.DetailPreviousType],
		Reason: ev.Reason, Sequence: d[events.DetailSequence], Hash: d[events.DetailRecordHash],
		Partition: d[events.DetailLedgerPartition],
	}
	if ev.Actor != nil {
		c.Actor = *ev.Actor
	}
	words := fmt.Sprintf("corrected %s to %s", c.Previous, c.Type)
	if c.Previous == "" {
		words = "corrected to " + c.Type
	}
	if c.Outcome != "" {
		words += " (" + c.Outcome + ")"
	}
	if c.Actor != "" {
		words += " by " + c.Actor
	}
	if c.Sequence != "" {
		words += ", ledger sequence " + c.Sequence
	}
	op.Entry.Summary = words
	if c.Reason != "" {
		op.Entry.Redacted = words
		op.Entry.Summary += ": " + c.Reason
	}
	if c.Type != "" {
		op.Correction = c
	}
}
