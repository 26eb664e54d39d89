package events

// Long steps (a service's handler that works outside any Kafka transaction,
// such as OCR) report on docket.workflow.control with these kinds; the saga
// tracker projects them as the workflow running, with its progress.
const (
	// KindStepStarted: a long step began working on the workflow.
	KindStepStarted = "step_started"
	// KindStepProgress: a long step's progress, at most about once a
	// second per job.
	KindStepProgress = "step_progress"
	// KindStepRetrying: a try of a long step failed with a transient
	// error and its worker tries again after a pause (the reason is the
	// error); the last try's failure is a dead letter as for any step.
	KindStepRetrying = "step_retrying"
	// KindStepStopped: a long step stopped working on a workflow whose
	// deadline passed (the reason says so); the step emitted nothing else.
	KindStepStopped = "step_stopped"
)

// Details keys of step_started, step_progress and step_retrying.
const (
	DetailStep     = "step"      // the step's service name: ocr, classifier
	DetailAttempt  = "attempt"   // step_started: decimal, the job's fencing token
	DetailQueuedMs = "queued_ms" // step_started: how long the job waited, decimal
	DetailDone     = "done"      // step_progress: decimal
	DetailTotal    = "total"     // step_progress: decimal, 0 when unknown
	DetailUnit     = "unit"      // step_progress: e.g. pages
	DetailTry      = "try"       // step_retrying: decimal, the try that failed (1 for the first)
	DetailTries    = "tries"     // step_retrying: decimal, how many tries the step's policy allows
)

// HeaderPriority is the Kafka record header naming a workflow's priority
// lane, set at submission. The runtime copies it from every consumed record
// to its outputs and schedules long steps' jobs by it.
const HeaderPriority = "docket-priority"

// Priority lanes: a person waiting on an upload goes before a batch.
const (
	PriorityInteractive = "interactive"
	PriorityBulk        = "bulk"
)
