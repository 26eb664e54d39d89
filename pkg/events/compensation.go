package events

// Compensation (issue 19): when a workflow is canceled after partial
// progress or fails for good, the saga tracker asks each step that had an
// effect to undo it, one step at a time in reverse workflow order, with a
// compensation_requested control event on docket.workflow.control. The
// step's runtime (bus.Compensation) answers on docket.workflow.steps with
// compensated, or compensation_failed when the undoing failed for good.
const (
	// KindCompensationRequested asks the step named in details "step" to
	// undo its effects on the workflow; details "cause" says why.
	KindCompensationRequested = "compensation_requested"
	// KindCompensated: the step undid its effects (its details say what),
	// or had nothing to undo (details nothing_to_undo=true).
	KindCompensated = "compensated"
	// KindCompensationFailed: the step could not undo its effects; details
	// "error" says why. A person has to look.
	KindCompensationFailed = "compensation_failed"
)

// Details keys of the compensation kinds (and DetailStep).
const (
	DetailCause         = "cause"           // compensation_requested: why the workflow steps back
	DetailError         = "error"           // compensation_failed: the last error
	DetailErrorClass    = "error_class"     // compensation_failed: transient, structural or semantic
	DetailNothingToUndo = "nothing_to_undo" // compensated: "true" when the step had no effect left
)

// Steps that declare a compensation, as named in details "step".
const (
	StepOCR    = "ocr"    // the stored text artefacts of the workflow
	StepLedger = "ledger" // the workflow's recorded disposition (a signed reversal)
	StepNotify = "notify" // ingest's completion callback (a reversed callback)
)
