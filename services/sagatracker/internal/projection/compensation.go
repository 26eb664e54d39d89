package projection

import (
	"cmp"
	"fmt"
	"strconv"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

// outcomeDiscarded is the decision of the ledger's record of a workflow an
// operator discarded.
const outcomeDiscarded = "discarded"

// Statuses of a workflow that steps back (issue 19): the tracker asks the
// steps that had effects to undo them, one at a time in reverse workflow
// order.
const (
	// StatusCompensating: a step was asked to undo its effects.
	StatusCompensating = "compensating"
	// StatusCompensated: every step with an effect undid it.
	StatusCompensated = "compensated"
	// StatusCompensationFailed: a step could not undo its effect; the
	// workflow is parked for a person.
	StatusCompensationFailed = "compensation_failed"
)

// CompensationOrder lists the steps that declare a compensation, in
// workflow order; the tracker requests their compensations in reverse: the
// completion callback (sent after recording) first, then the ledger's
// disposition, then OCR's text artefacts.
var CompensationOrder = []string{events.StepOCR, events.StepLedger, events.StepNotify}

// stepOwner names the service that runs each step's compensation: only it
// may report the step compensated.
var stepOwner = map[string]string{
	events.StepOCR:    events.ServiceOCR,
	events.StepLedger: events.ServiceLedger,
	events.StepNotify: events.ServiceIngest,
}

// DetailTextSHA256 names, in a compensation request of the ocr step, the
// SHA-256 of the workflow's stored text artefacts (comma-separated).
const DetailTextSHA256 = "text_sha256"

// CompensationOp is a step's answer to a compensation request, as the
// script applies it.
type CompensationOp struct {
	Step string `json:"st"`
	OK   bool   `json:"ok,omitempty"`
}

// effects records which steps of an event had effects a compensation
// undoes: the step and what the tracker tells the step of it.
func effects(op *Op, e events.Event) {
	switch ev := e.(type) {
	case *events.DocumentExtracted:
		op.Effects = map[string]string{events.StepOCR: ev.Text.SHA256}
	case *events.LedgerRecord:
		// A disposition or a correction is the ledger step's effect; the
		// record of a discarded workflow is its failure on record, not an
		// effect to undo, and a reversal or an erasure undoes rather than
		// does.
		kind := cmp.Or(ev.Kind, ledgerchain.KindDisposition)
		if kind == ledgerchain.KindCorrection || (kind == ledgerchain.KindDisposition && ev.Decision.Outcome != outcomeDiscarded) {
			op.Effects = map[string]string{events.StepLedger: strconv.FormatInt(ev.Sequence, 10)}
		}
	case *events.DocumentRecorded:
		// Ingest sends the completion callback when it sees the workflow
		// recorded: the notify step's effect, when the tenant asked for
		// callbacks and the workflow completed (ingest knows, and answers
		// nothing_to_undo when it sent no completion callback).
		op.Effects = map[string]string{events.StepNotify: ""}
	}
}

// compensationControl sets the effect of a step's compensation report on
// its workflow; a report about a step its producer does not own is history
// only.
func compensationControl(op *Op, ev *events.WorkflowControl) {
	step := ev.Details[events.DetailStep]
	if stepOwner[step] != ev.Meta.Producer.Service {
		op.Entry.Summary = "ignored: " + ev.Meta.Producer.Service + " does not own step " + step + ": " + op.Entry.Summary
		return
	}
	op.Compensation = &CompensationOp{Step: step, OK: ev.Kind == events.KindCompensated}
	if ev.Kind == events.KindCompensationFailed {
		op.Error = "compensation of " + step + " failed: " + ev.Details[events.DetailError]
	}
}

// compensationKind reports whether a control kind is a step's compensation
// report.
func compensationKind(kind string) bool {
	return kind == events.KindCompensated || kind == events.KindCompensationFailed
}

// ledgerSummary is the history's line for a ledger record, in the words of
// its kind: a reversal or an erasure repeats the decision it steps back
// from, which read alone would look like a new one.
func ledgerSummary(ev *events.LedgerRecord) string {
	d := ev.Decision
	switch ev.Kind {
	case ledgerchain.KindReversal:
		return fmt.Sprintf("ledger record %d: reversal of record %d (%s %s)", ev.Sequence, ev.RefersToSequence, d.Outcome, d.DocumentType)
	case ledgerchain.KindCorrection:
		return fmt.Sprintf("ledger record %d: correction to %s/%s", ev.Sequence, d.DocumentType, d.Outcome)
	case ledgerchain.KindErasure:
		return fmt.Sprintf("ledger record %d: erasure of the content, after record %d", ev.Sequence, ev.RefersToSequence)
	}
	return fmt.Sprintf("ledger record %d: %s %s", ev.Sequence, d.Outcome, d.DocumentType)
}
