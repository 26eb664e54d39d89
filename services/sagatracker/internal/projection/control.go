package projection

import (
	"encoding/json"
	"strconv"

	"github.com/docket-run/docket/pkg/events"
)

// Kinds of workflow control events (docket.workflow.control) the tracker
// produces or acts on.
const (
	KindCancelRequested  = "cancel_requested"
	KindCanceled         = "canceled"
	KindDeadlineExceeded = "deadline_exceeded"
	KindReviewEscalated  = "review_escalated"
)

// Details keys of a review_escalated control event.
const (
	DetailTaskID   = "task_id"
	DetailPriority = "priority"
)

// Control is what an event does beside the workflow's state: to the review
// queue, the durable timers and the cancel markers. The store script applies
// it in the same atomic step as the state.
type Control struct {
	// Deadline schedules the workflow's deadline timer: Unix ms, "0" for
	// the tracker's default deadline after the event.
	Deadline string `json:"dl,omitempty"`
	// Document is the workflow's document, kept with its state so the
	// deadline_exceeded event can name it.
	Document *DocumentOp `json:"doc,omitempty"`
	// Review opens a review task whose id is the event id.
	Review *ReviewOp `json:"rv,omitempty"`
	// Decided closes the review task it decides.
	Decided *DecidedOp `json:"rd,omitempty"`
	// Escalate raises an open task's priority once.
	Escalate *EscalateOp `json:"es,omitempty"`
	// Cancel records the workflow's cancel marker, CancelReason its value.
	Cancel       bool   `json:"cx,omitempty"`
	CancelReason string `json:"cr,omitempty"`
	// TimedOut records the workflow's deadline marker, which stops a long
	// step still working on it; TimedOutReason is its value.
	TimedOut       bool   `json:"to,omitempty"`
	TimedOutReason string `json:"tr,omitempty"`
}

// ReviewOp is an open review task as the script stores it.
type ReviewOp struct {
	Priority   int    `json:"pr"`
	SLA        string `json:"sla"` // Unix ms; "0" for the default SLA after the request
	Reason     string `json:"re"`
	DocumentOp        // the reviewed document: uri, sha, sz, mt
	Suggested  string `json:"su"`
	Confidence string `json:"cf"`
	Model      string `json:"mo"`
	Candidates string `json:"ca"` // JSON
	Flags      string `json:"fl"` // JSON
}

// DocumentOp is a workflow's document as the script stores it.
type DocumentOp struct {
	URI       string `json:"uri"`
	SHA256    string `json:"sha"`
	Size      string `json:"sz"`
	MediaType string `json:"mt"`
}

func documentOp(d events.BlobRef) DocumentOp {
	return DocumentOp{URI: d.URI, SHA256: d.SHA256, Size: strconv.FormatInt(d.SizeBytes, 10), MediaType: d.MediaType}
}

// DecidedOp is a review decision as projected.
type DecidedOp struct {
	// Task is the decided task: the decision's causation id. When it names
	// no open task, every open task of the workflow is closed.
	Task         string `json:"task"`
	Reviewer     string `json:"by"`
	Outcome      string `json:"out"`
	DocumentType string `json:"dt"`
}

// EscalateOp raises task's priority to Priority.
type EscalateOp struct {
	Task     string `json:"task"`
	Priority int    `json:"pr"`
}

// Candidate and Flag are a review task's candidates and flags as stored.
type (
	Candidate struct {
		Type  string  `json:"type"`
		Score float64 `json:"score"`
	}
	Flag struct {
		Kind   string `json:"kind"`
		Detail string `json:"detail"`
	}
)

// control sets op.Control for the events that open or close review tasks,
// schedule timers or request a cancel.
func control(op *Op, e events.Event) {
	switch ev := e.(type) {
	case *events.DocumentSubmitted:
		doc := documentOp(ev.Document)
		op.Control = &Control{Deadline: msOrDefault(ev.Deadline.UnixMilli()), Document: &doc}
	case *events.ReviewRequested:
		op.Control = &Control{Review: reviewOp(ev)}
	case *events.ReviewDecided:
		op.Control = &Control{Decided: &DecidedOp{
			Task: ev.Meta.CausationID, Reviewer: ev.Reviewer, Outcome: ev.Decision.Outcome, DocumentType: ev.Decision.DocumentType,
		}}
	case *events.WorkflowControl:
		switch ev.Kind {
		case KindCancelRequested:
			op.Control = &Control{Cancel: true, CancelReason: ev.Reason}
		case KindDeadlineExceeded:
			op.Control = &Control{TimedOut: true, TimedOutReason: ev.Reason}
		case KindReviewEscalated:
			p, err := strconv.Atoi(ev.Details[DetailPriority])
			if task := ev.Details[DetailTaskID]; task != "" && err == nil {
				op.Control = &Control{Escalate: &EscalateOp{Task: task, Priority: p}}
			}
		}
	}
}

func reviewOp(ev *events.ReviewRequested) *ReviewOp {
	r := &ReviewOp{
		Priority: ev.Priority, SLA: msOrDefault(ev.SLADeadline.UnixMilli()), Reason: ev.Reason,
		DocumentOp: documentOp(ev.Document), Confidence: strconv.FormatFloat(ev.Confidence, 'g', -1, 64),
	}
	if ev.SuggestedType != nil {
		r.Suggested = *ev.SuggestedType
	}
	if ev.Model != nil {
		r.Model = ev.Model.Name + "@" + ev.Model.Version
	}
	cands := make([]Candidate, len(ev.Candidates))
	for i, c := range ev.Candidates {
		cands[i] = Candidate{Type: c.Type, Score: c.Score}
	}
	flags := make([]Flag, len(ev.Flags))
	for i, f := range ev.Flags {
		flags[i] = Flag{Kind: f.Kind, Detail: f.Detail}
	}
	cb, _ := json.Marshal(cands) // plain structs: cannot fail
	fb, _ := json.Marshal(flags)
	r.Candidates, r.Flags = string(cb), string(fb)
	return r
}

// msOrDefault returns ms as a decimal string, "0" (the default) when it is
// not a positive time.
func msOrDefault(ms int64) string {
	if ms <= 0 {
		return "0"
	}
	return strconv.FormatInt(ms, 10)
}
