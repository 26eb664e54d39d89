// Package projection turns a consumed Kafka record into an Op: the change
// one event makes to its workflow's projected state and the history entry it
// adds. It is pure: the same record always yields the same Op, so applying a
// batch twice (a redelivery, a rebuild) yields the same projection.
package projection

import (
	"encoding/hex"
	"fmt"
	"reflect"
	"strconv"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Statuses of a workflow, as stored and as named in the API.
const (
	StatusQueued        = "queued"
	StatusRunning       = "running"
	StatusWaitingReview = "waiting_review"
	StatusRetrying      = "retrying"
	StatusParked        = "parked"
	StatusCompleted     = "completed"
	StatusFailed        = "failed"
	StatusCanceled      = "canceled"
	StatusTimedOut      = "timed_out"
)

// Steps (and stages) of a workflow, in workflow order.
const (
	StepIngest   = "ingest"
	StepOCR      = "ocr"
	StepClassify = "classify"
	StepReview   = "review"
	StepLedger   = "ledger"
)

// StepOrder lists the steps in workflow order.
var StepOrder = []string{StepIngest, StepOCR, StepClassify, StepReview, StepLedger}

// Ranks order the events of a workflow's progress. A status change applies
// only when its rank is at least the workflow's current rank, so an event
// consumed late from another topic never moves a workflow backwards. A dead
// letter ranks just above the event it failed on; terminal events rank
// highest.
const (
	rankRequested      = 0
	rankSubmitted      = 10
	rankExtracted      = 20
	rankClassified     = 30
	rankReviewRequest  = 40
	rankReviewDecided  = 50
	rankRecorded       = 60
	rankTerminal       = 100
	rankDeadLetterStep = 5
)

// HeaderAttempt is the header the runtime puts on a retry-topic record.
const HeaderAttempt = "docket-attempt"

// Entry is one history entry as stored.
type Entry struct {
	EventID     string `json:"event_id"`
	Topic       string `json:"topic"`
	Type        string `json:"type"`
	OccurredMs  int64  `json:"occurred_ms"`
	Producer    string `json:"producer"`
	CausationID string `json:"causation_id"`
	Summary     string `json:"summary"`
	// Redacted is the summary without what an erasure removes (a file
	// name, an error message, a reason in words); empty when the summary
	// holds none of it.
	Redacted  string `json:"redacted,omitempty"`
	Partition int32  `json:"partition"`
	Offset    int64  `json:"offset"`
}

// Ledger is a ledger reference as stored.
type Ledger struct {
	Topic     string `json:"topic"`
	Partition string `json:"partition"`
	Offset    string `json:"offset"`
	Sequence  string `json:"sequence"`
	Hash      string `json:"hash"`
}

// Op is what one record does to the projection. Numbers that the Lua script
// stores travel as decimal strings so they keep every digit.
type Op struct {
	// Key deduplicates: the event id (for a redelivery through a retry
	// topic, the event id with the topic and attempt).
	Key      string `json:"k"`
	Workflow string `json:"w"`
	Tenant   string `json:"t,omitempty"`
	// TP is the record's "topic/partition" and Offset its offset; the
	// store skips records below the offset it has stored for TP.
	TP     string `json:"tp"`
	Offset int64  `json:"o"`
	// At is the event's occurred_at in Unix milliseconds.
	At string `json:"at"`
	// Status and Stage to move to when Rank is at least the current rank
	// and the workflow is not terminal; empty for none.
	Status string `json:"s,omitempty"`
	Stage  string `json:"g,omitempty"`
	Rank   int    `json:"r"`
	// Start and Finish name steps this event starts and finishes.
	Start  string `json:"ss,omitempty"`
	Finish string `json:"sf,omitempty"`
	// FailStep had a failure with Attempts attempts so far; Error is the
	// workflow's new last error.
	FailStep string  `json:"fs,omitempty"`
	Attempts int     `json:"a,omitempty"`
	Error    string  `json:"e,omitempty"`
	Ledger   *Ledger `json:"l,omitempty"`
	// Filename is the submitted document's file name; empty for none.
	Filename string `json:"fn,omitempty"`
	// Correction is a correction the ledger recorded; nil for none.
	Correction *Correction `json:"co,omitempty"`
	// RequireCancel applies Status only to a workflow whose cancel marker
	// is set: an agent's canceled on the steps topic, which any agent's
	// principal may write, counts only after a cancel was requested.
	RequireCancel bool `json:"rc,omitempty"`
	// Entry is the history entry; the store encodes it.
	Entry Entry `json:"-"`
	// Control is the event's effect on review tasks, timers and cancel
	// markers; nil for none.
	Control *Control `json:"c,omitempty"`
	// Decision feeds the decision statistics; nil for none.
	Decision *Decision `json:"d,omitempty"`
	// Progress is the running step's new progress report, stored when the
	// status change applies; a status change without one clears the
	// stored report. Nil for none.
	Progress *Progress `json:"pg,omitempty"`
	// Effects names the steps whose effects this event proves (step →
	// what the step's compensation is told of it); the script keeps them
	// so a workflow that steps back knows what to undo. Nil for none.
	Effects map[string]string `json:"fx,omitempty"`
	// Compensation is a step's answer to a compensation request; nil for
	// none.
	Compensation *CompensationOp `json:"cp,omitempty"`
	// Cause says why an event ends the workflow in a state that steps back
	// (canceled, discarded): the cause its compensation requests carry.
	Cause string `json:"cz,omitempty"`
}

// Record is what Build needs of a consumed record.
type Record struct {
	Topic     string
	Partition int32
	Offset    int64
	Key       []byte
	Headers   map[string]string
}

// Build returns the Op of a record whose value decoded into e. ok is false
// when the record names no workflow (a submission request, or an event
// without a workflow id and a record without a key): it only advances the
// offset. A record that does not decode is never built: nothing but its key
// would name a workflow, and a key proves nothing (the consumer skips it).
// Neither is a dead letter that proves no workflow (bus.ProvenWorkflow);
// the consumer gives Build a dead letter's proven workflow in its meta.
func Build(r Record, e events.Event) (op Op, ok bool) {
	op = Op{TP: TP(r.Topic, r.Partition), Offset: r.Offset}
	op.Entry = Entry{Topic: r.Topic, Partition: r.Partition, Offset: r.Offset}
	if _, ok := e.(*events.DocumentRequested); ok {
		// A request is not a workflow's event: its meta.workflow_id is the
		// requester's correlation id, and ingest answers with a submitted
		// event under the workflow id it derives, or a rejection under
		// another. Projected, it would leave a queued workflow behind.
		return op, false
	}
	m := e.EventMeta()
	op.Workflow = m.WorkflowID
	if op.Workflow == "" {
		op.Workflow = string(r.Key)
	}
	if op.Workflow == "" {
		return op, false
	}
	op.Key = m.EventID
	op.Tenant = m.TenantID
	op.At = strconv.FormatInt(m.OccurredAt.UnixMilli(), 10)
	op.Entry.EventID = m.EventID
	op.Entry.Type = TypeName(e)
	op.Entry.OccurredMs = m.OccurredAt.UnixMilli()
	op.Entry.Producer = m.Producer.Service + "@" + m.Producer.Version
	op.Entry.CausationID = m.CausationID

	if svc, retry := events.RetryService(r.Topic); retry {
		// The original record again, for another attempt: history only.
		attempt := r.Headers[HeaderAttempt]
		op.Key = m.EventID + "#" + r.Topic + "#" + attempt
		op.Entry.Summary = fmt.Sprintf("redelivered to %s, attempt %s", svc, attempt)
		return op, true
	}
	apply(&op, r.Topic, e)
	effects(&op, e)
	if r.Topic != events.TopicSteps { // steps request nothing of the queue, timers or cancel markers
		control(&op, e)
	}
	decision(&op, e)
	return op, true
}

// contextDegraded is the context key of a classification the classifier's
// declared fallback made (the LLM unavailable past its budget): the reason.
const contextDegraded = "degraded"

// apply sets the state change of a decoded event.
func apply(op *Op, topic string, e events.Event) {
	switch ev := e.(type) {
	case *events.DocumentSubmitted:
		op.set(StatusQueued, StepOCR, rankSubmitted)
		op.Finish, op.Start = StepIngest, StepOCR
		op.Filename = ev.Filename
		op.Entry.Summary = fmt.Sprintf("submitted %s (%s, %d bytes) via %s", ev.Filename, ev.Document.MediaType, ev.Document.SizeBytes, ev.Source)
		op.Entry.Redacted = fmt.Sprintf("submitted (%s, %d bytes) via %s", ev.Document.MediaType, ev.Document.SizeBytes, ev.Source)
	case *events.DocumentRejected:
		op.set(StatusFailed, StepIngest, rankTerminal)
		op.Finish = StepIngest
		op.Error = "rejected: " + ev.ReasonCode + ": " + ev.Message
		op.Entry.Summary = "rejected: " + ev.ReasonCode
	case *events.DocumentExtracted:
		op.set(StatusRunning, StepClassify, rankExtracted)
		op.Finish, op.Start = StepOCR, StepClassify
		op.Entry.Summary = fmt.Sprintf("extracted %d pages with %s, mean confidence %s", len(ev.Pages), ev.Engine.Name, events.ScoreText(float64(ev.MeanConfidence)))
		if ev.Degraded != "" {
			op.Entry.Summary += "; degraded: " + ev.Degraded
		}
	case *events.DocumentClassified:
		op.set(StatusRunning, StepLedger, rankClassified)
		op.Finish, op.Start = StepClassify, StepLedger
		op.Entry.Summary = fmt.Sprintf("classified %s (confidence %s, model %s %s)", ev.DocumentType, events.ScoreText(ev.Confidence), ev.Model.Name, ev.Model.Version)
		if why := ev.Context[contextDegraded]; why != "" {
			op.Entry.Summary += "; degraded: " + why
		}
	case *events.ReviewRequested:
		op.set(StatusWaitingReview, StepReview, rankReviewRequest)
		op.Start = StepReview
		// The exception agent's reviews (of a parked dead letter, of a
		// breached deadline) come from wherever the workflow stopped:
		// only the classifier's own request ends classify.
		if ev.Meta.Producer.Service != events.ServiceException {
			op.Finish = StepClassify
		}
		op.Entry.Summary = fmt.Sprintf("review requested: %s, priority %d", ev.Reason, ev.Priority)
		op.Entry.Redacted = fmt.Sprintf("review requested, priority %d", ev.Priority)
		if why := ev.Context[contextDegraded]; why != "" {
			op.Entry.Summary += "; degraded: " + why
			op.Entry.Redacted += "; degraded: " + why
		}
	case *events.ReviewDecided:
		op.set(StatusRunning, StepLedger, rankReviewDecided)
		op.Finish, op.Start = StepReview, StepLedger
		op.Entry.Summary = fmt.Sprintf("review decided: %s %s by %s", ev.Decision.Outcome, ev.Decision.DocumentType, ev.Reviewer)
	case *events.DocumentRecorded:
		op.set(StatusCompleted, StepLedger, rankRecorded)
		op.Finish = StepLedger
		op.Ledger = &Ledger{
			Topic:     ev.LedgerTopic,
			Partition: strconv.Itoa(ev.LedgerPartition),
			Offset:    strconv.FormatInt(ev.LedgerOffset, 10),
			Sequence:  strconv.FormatInt(ev.Sequence, 10),
			Hash:      hex.EncodeToString(ev.RecordHash),
		}
		at := ""
		if ev.LedgerOffset >= 0 {
			at = "@" + strconv.FormatInt(ev.LedgerOffset, 10)
		}
		// The ledger's confirmation cannot name its record's offset (one
		// transaction holds both): the sequence names the record.
		op.Entry.Summary = fmt.Sprintf("recorded in %s/%d%s, sequence %d", ev.LedgerTopic, ev.LedgerPartition, at, ev.Sequence)
	case *events.LedgerRecord:
		op.Entry.Summary = ledgerSummary(ev)
	case *events.DeadLetter:
		deadLetter(op, topic, ev)
	case *events.WorkflowControl:
		op.Entry.Summary = "control " + ev.Kind
		if ev.Reason != "" {
			op.Entry.Redacted = op.Entry.Summary
			op.Entry.Summary += ": " + ev.Reason
		}
		if topic == events.TopicSteps && !stepKind(ev.Kind) && !compensationKind(ev.Kind) {
			// The steps topic's writers may not steer workflows: history only.
			op.Entry.Summary = "ignored on " + topic + ": " + op.Entry.Summary
			if op.Entry.Redacted != "" {
				op.Entry.Redacted = "ignored on " + topic + ": " + op.Entry.Redacted
			}
			return
		}
		switch ev.Kind {
		case events.KindStepStarted, events.KindStepProgress, events.KindStepRetrying:
			stepActivity(op, ev)
		case events.KindStepStopped:
			// The step gave up on a timed-out workflow: history only, the
			// deadline_exceeded event already set its state.
		case "canceled":
			op.set(StatusCanceled, "", rankTerminal)
			op.Cause = "canceled: " + ev.Reason
			// An agent's canceled ends a workflow only when a cancel was
			// requested (found from outside: one OCR's principal wrote
			// ended a workflow waiting for review and closed its task).
			op.RequireCancel = topic == events.TopicSteps
		case events.KindCompensated, events.KindCompensationFailed:
			compensationControl(op, ev)
		case events.KindCompensationRequested:
			// History only: the script already moved the workflow when it
			// scheduled the request.
		case "deadline_exceeded":
			op.set(StatusTimedOut, "", rankTerminal)
			op.Error = "deadline exceeded"
		case events.KindCorrected:
			corrected(op, ev)
		default:
			exceptionControl(op, ev)
		}
	default:
		op.Entry.Summary = "event with no effect on the workflow"
	}
}

// stepKind reports whether a service may report kind about its own step
// (on docket.workflow.steps): its progress, a cancel it obeyed (counted
// only after a cancel was requested: RequireCancel), ingest's content
// erased (history). The ledger answers a correction or an erasure on
// docket.workflow.control, which OCR's principal may not write (found
// from outside: a corrected event OCR's principal wrote on the steps
// topic changed a recorded workflow's type as the tracker showed it).
func stepKind(kind string) bool {
	switch kind {
	case events.KindStepStarted, events.KindStepProgress, events.KindStepRetrying, events.KindStepStopped, KindCanceled,
		events.KindContentErased:
		return true
	}
	return false
}

// exceptionControl sets the state change of the exception agent's decisions
// and operator actions on a dead letter. They rank with the dead letter
// they are about (details service and source_topic), so a later step's event
// still wins: a redelivery scheduled or an item replayed is retrying, a
// parked item is parked, and a discarded workflow has failed for good.
func exceptionControl(op *Op, ev *events.WorkflowControl) {
	svc := ev.Details["service"]
	if svc == "" {
		return
	}
	step, rank := failedStep(svc, ev.Details["source_topic"])
	switch ev.Kind {
	case "retry_scheduled", "replayed":
		op.set(StatusRetrying, step, rank)
	case "parked":
		op.set(StatusParked, step, rank)
	case "discarded":
		op.set(StatusFailed, step, rankTerminal)
		op.Error = "discarded: " + ev.Reason
		op.Cause = op.Error
	}
}

// deadLetter sets the state change of a dead letter on a service's DLQ.
func deadLetter(op *Op, topic string, dl *events.DeadLetter) {
	svc := dl.Service
	if svc == "" {
		svc, _ = events.DLQService(topic)
	}
	step, rank := failedStep(svc, dl.SourceTopic)
	op.FailStep, op.Attempts = step, dl.Attempts
	// Dead letters of earlier runtimes repeat their class in the message.
	msg := fault.TrimClass(dl.ErrorMessage)
	op.Error = dl.ErrorClass + ": " + msg
	op.Entry.Summary = fmt.Sprintf("dead-lettered by %s (%s after %d attempts): %s", svc, dl.ErrorClass, dl.Attempts, msg)
	op.Entry.Redacted = fmt.Sprintf("dead-lettered by %s (%s after %d attempts)", svc, dl.ErrorClass, dl.Attempts)
	switch dl.ErrorClass {
	case "transient":
		op.set(StatusRetrying, step, rank)
	case "structural":
		op.set(StatusParked, step, rank)
	case "semantic":
		op.set(StatusWaitingReview, StepReview, rank)
	}
}

// stepOfService maps a service to its step and the rank of the step's
// input event.
var stepOfService = map[string]struct {
	step string
	rank int
}{
	events.ServiceIngest:     {StepIngest, rankRequested},
	events.ServiceOCR:        {StepOCR, rankSubmitted},
	events.ServiceClassifier: {StepClassify, rankExtracted},
	events.ServiceLedger:     {StepLedger, rankClassified},
}

// failedStep returns the step a service's failure belongs to and the rank
// of its dead letter: just above the event it failed on.
func failedStep(svc, source string) (string, int) {
	src := map[string]int{
		events.TopicRequested:       rankRequested,
		events.TopicSubmitted:       rankSubmitted,
		events.TopicExtracted:       rankExtracted,
		events.TopicClassified:      rankClassified,
		events.TopicReviewRequested: rankReviewRequest,
		events.TopicReviewDecided:   rankReviewDecided,
	}
	s, known := stepOfService[svc]
	if !known {
		s.step, s.rank = svc, rankRequested
	}
	if r, ok := src[source]; ok {
		s.rank = r
	}
	return s.step, s.rank + rankDeadLetterStep
}

func (op *Op) set(status, stage string, rank int) {
	op.Status, op.Stage, op.Rank = status, stage, rank
}

// TP names a topic partition as the store keys its offset.
func TP(topic string, partition int32) string {
	return topic + "/" + strconv.Itoa(int(partition))
}

// TypeName returns the Go (and Avro record) name of an event's type.
func TypeName(e events.Event) string {
	t := reflect.TypeOf(e)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// Terminal reports whether a status ends a workflow: no forward step
// changes it any more. A workflow that steps back (compensating) has ended
// too; only its compensation moves it on.
func Terminal(status string) bool {
	switch status {
	case StatusCompleted, StatusFailed, StatusCanceled, StatusTimedOut,
		StatusCompensating, StatusCompensated, StatusCompensationFailed:
		return true
	}
	return false
}
