package projection

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

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
	// Parked records an item the exception agent parked for the workflow;
	// Unparked names one it replayed, discarded or settled.
	Parked   *ParkedOp `json:"pk,omitempty"`
	Unparked string    `json:"up,omitempty"`
	// Erase drops the personal data the projection holds of the workflow
	// (an erasure_requested event) and marks it erased.
	Erase bool `json:"er,omitempty"`
}

// ParkedOp is a parked item as the script keeps it with its workflow.
type ParkedOp struct {
	ID     string `json:"id"`
	Reason string `json:"re"`
}

// Kinds of the exception agent's control events about parked items.
const (
	KindParked    = "parked"
	KindReplayed  = "replayed"
	KindDiscarded = "discarded"
	KindSettled   = "settled"
	// DetailParkedID names the parked item in their details.
	DetailParkedID = "parked_id"
)

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
	// Rule is what sent the document to review, in words (RuleOf).
	Rule string `json:"ru"`
	// Parked is the exception agent's parked item the task is about:
	// the task closes when the item is replayed, discarded or settled.
	Parked string `json:"pk,omitempty"`
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
		case events.KindErasureRequested:
			op.Control = &Control{Erase: true}
		case KindDeadlineExceeded:
			op.Control = &Control{TimedOut: true, TimedOutReason: ev.Reason}
		case KindReviewEscalated:
			p, err := strconv.Atoi(ev.Details[DetailPriority])
			if task := ev.Details[DetailTaskID]; task != "" && err == nil {
				op.Control = &Control{Escalate: &EscalateOp{Task: task, Priority: p}}
			}
		case KindParked:
			if id := ev.Details[DetailParkedID]; id != "" {
				op.Control = &Control{Parked: &ParkedOp{ID: id, Reason: ev.Reason}}
			}
		case KindReplayed, KindDiscarded, KindSettled:
			if id := ev.Details[DetailParkedID]; id != "" {
				op.Control = &Control{Unparked: id}
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
	r.Rule = RuleOf(confidenceOf(ev), flags, ev.Context)
	r.Parked = ev.Context[DetailParkedID]
	return r
}

// RuleOf says in words what sent a document to review: the policy rules
// that fired (flags of kind policy.*, with their detail), then the model's
// and the OCR's doubts — for a low confidence, the confidence against its
// threshold and whether the model knew the text — even where a policy
// rule alone would have sent it, so that a reviewer does not take the
// suggested type as settled; for a review the exception agent requested,
// the failure it parked. Empty when the request says nothing beyond its
// reason. ctx is the request's context, nil for none; confidence the
// suggestion's, formatted, empty for none.
func RuleOf(confidence string, flags []Flag, ctx map[string]string) string {
	var parts []string
	for _, f := range flags {
		if strings.HasPrefix(f.Kind, "policy.") {
			parts = append(parts, f.Kind+": "+f.Detail)
		}
	}
	if r := ctx["parked_reason"]; r != "" && len(parts) == 0 {
		return r
	}
	fired := strings.Split(ctx["rules.fired"], ",")
	for _, rule := range fired {
		switch rule {
		case "text.empty":
			parts = append(parts, "text.empty: no text was extracted from the document")
		case "model.unfamiliar_text":
			parts = append(parts, "model.unfamiliar_text: the model knows too few of the document's words")
		case "model.ambiguous_type":
			parts = append(parts, "model.ambiguous_type: "+cmp.Or(ctx["model.ambiguous"], "more than one type is plausible, or none"))
		case "model.other_low_margin":
			parts = append(parts, "model.other_low_margin: other leads the next type by too little")
		case "model.other_with_payment_details":
			parts = append(parts, "model.other_with_payment_details: typed other, but the text holds bank or card details")
		case "ocr.low_confidence":
			parts = append(parts, "ocr.low_confidence: the OCR engine read the pages with confidence "+cmp.Or(ctx["ocr.mean_confidence"], "too low"))
		case "ocr.degraded":
			parts = append(parts, "ocr.degraded: "+cmp.Or(ctx["degraded"], "the text was read in a degraded mode")+" — read the document and set its type")
		case "confidence.below_threshold":
			thr := ctx["policy.review_threshold"]
			if confidence != "" && thr != "" {
				parts = append(parts, "confidence.below_threshold: confidence "+confidence+" is below the threshold "+thr)
			} else if thr != "" {
				parts = append(parts, "confidence.below_threshold: below the threshold "+thr)
			} else {
				parts = append(parts, rule)
			}
		default:
			// The classifier's other rules say why in their flag: a title
			// that names another type, a kind none of the types covers
			// (found from outside: a policy schedule's review read only
			// "confidence 0.00 is below the threshold", the title's type
			// having no score of the model's).
			if i := slices.IndexFunc(flags, func(f Flag) bool { return f.Kind == rule && strings.HasPrefix(rule, "model.") }); i >= 0 && flags[i].Detail != "" {
				parts = append(parts, rule+": "+flags[i].Detail)
			}
		}
	}
	return strings.Join(parts, "; ")
}

// confidenceOf formats a review request's confidence in a suggestion, empty
// when it suggests none.
func confidenceOf(ev *events.ReviewRequested) string {
	if ev.SuggestedType == nil {
		return ""
	}
	return strconv.FormatFloat(ev.Confidence, 'f', 2, 64)
}

// msOrDefault returns ms as a decimal string, "0" (the default) when it is
// not a positive time.
func msOrDefault(ms int64) string {
	if ms <= 0 {
		return "0"
	}
	return strconv.FormatInt(ms, 10)
}
