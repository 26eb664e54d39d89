// Package handler decides what becomes of each dead letter: a poison
// record (one whose original does not decode, so it proves no workflow)
// is parked apart from every workflow; for the others a scheduled
// redelivery for a transient failure (bounded per original record and per
// workflow), a parked item for one out of redeliveries, a parked item and a
// review request for a structural or a semantic one. The decision is taken once per dead letter
// (Message.Once), so a dead letter consumed again schedules nothing more,
// and announced as a control event in the same transaction.
package handler

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/services/exception/internal/metrics"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// Breakers count failed redeliveries per target service.
type Breakers interface {
	Failure(ctx context.Context, service string) (opened bool, state string, err error)
}

// Handler handles dead letters.
type Handler struct {
	Store *store.Store
	// Backoff draws the delay before redelivery n with full jitter
	// (Backoff.Backoff(n+1)); its Attempts is ignored.
	Backoff retry.Policy
	// Bounds bound the redeliveries of one original record and of one
	// workflow.
	Bounds store.Bounds
	// Breakers learn of every redelivery that came back dead-lettered.
	Breakers Breakers
	// Decoder decodes original payloads, for the document a review
	// request names.
	Decoder Decoder
	// ReviewSLA is how long a human has to decide a review this agent
	// requests.
	ReviewSLA time.Duration
	Metrics   *metrics.Metrics
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Decoder decodes an event in the registry's wire format.
type Decoder interface {
	Decode(b []byte) (events.Event, error)
}

// Decision is what became of a dead letter.
type Decision struct {
	Kind      string    `json:"kind"` // model.ControlRetryScheduled or model.ControlParked
	Attempt   int       `json:"attempt,omitempty"`
	DueAt     time.Time `json:"due_at,omitzero"`
	ParkKind  string    `json:"park_kind,omitempty"`
	Reason    string    `json:"reason"`
	Service   string    `json:"service"`
	Class     string    `json:"error_class"`
	Workflow  string    `json:"workflow_id"`
	DecidedAt time.Time `json:"decided_at"`
	// Review is the reason of the review request produced with the
	// decision (structural_failure, semantic_failure); empty for none.
	Review string `json:"review,omitempty"`
	// Label names the decision in metrics.
	Label string `json:"label"`
}

// FlagFailure starts the kind of a review request's flag that carries the
// failure: failure.structural, failure.semantic.
const FlagFailure = "failure."

// maxFailureDetail bounds the failure's message in a flag; the whole of
// it is in the request's context.
const maxFailureDetail = 500

// shorten cuts s to at most n bytes, marking the cut.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// Review reasons of the requests this agent produces.
const (
	ReviewStructural = "structural_failure"
	ReviewSemantic   = "semantic_failure"
)

// Handle decides dl and emits the decision: its control event and, for a
// failure a human must look at, a review request with the dead letter's
// context.
func (h *Handler) Handle(ctx context.Context, m *bus.Message, dl *events.DeadLetter) ([]bus.Output, error) {
	res, err := m.Once(ctx, "decide", func(ctx context.Context) ([]byte, error) {
		d, err := h.Decide(ctx, dl)
		if err != nil {
			return nil, err
		}
		return json.Marshal(d)
	})
	if err != nil {
		return nil, err
	}
	var d Decision
	if err := json.Unmarshal(res, &d); err != nil {
		return nil, fault.Structuralf("decode stored decision for %s: %v", dl.Meta.EventID, err)
	}
	if d.Kind == model.ControlRetryScheduled {
		m.Log().InfoContext(ctx, "redelivery scheduled", "service", d.Service, "attempt", d.Attempt, "due_at", d.DueAt)
	} else {
		m.Log().WarnContext(ctx, "parked", "service", d.Service, "kind", d.ParkKind, "reason", d.Reason, "review", d.Review)
	}
	h.Metrics.Decisions.WithLabelValues(d.Service, d.Label).Inc()
	if d.Workflow == "" {
		// A poison record: no workflow to tell, no review a reviewer
		// could decide. It waits in the parked list for an operator.
		return nil, nil
	}
	outs := []bus.Output{{Topic: events.TopicControl, Event: Control(dl, d)}}
	if d.Review != "" {
		h.Metrics.Reviews.WithLabelValues(d.Review).Inc()
		outs = append(outs, bus.Output{Topic: events.TopicReviewRequested, Event: h.ReviewRequest(dl, d)})
	}
	return outs, nil
}

// Decide takes and stores the decision for dl. A dead letter of a
// redelivery (its original record went through a retry topic) is also a
// failure for the target service's circuit breaker.
func (h *Handler) Decide(ctx context.Context, dl *events.DeadLetter) (Decision, error) {
	d, err := h.decide(ctx, dl)
	if err != nil || !Redelivered(dl) {
		return d, err
	}
	opened, state, err := h.Breakers.Failure(ctx, dl.Service)
	if err != nil {
		return d, fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	h.Metrics.BreakerFailures.WithLabelValues(dl.Service).Inc()
	h.Metrics.SetBreakerState(dl.Service, state)
	if opened {
		h.Metrics.BreakerOpened.WithLabelValues(dl.Service).Inc()
	}
	return d, nil
}

// Redelivered reports whether dl is the failure of a redelivered record:
// the runtime copies the consumed record's headers into the dead letter,
// and only a redelivery carries the origin headers.
func Redelivered(dl *events.DeadLetter) bool {
	for _, hd := range dl.OriginalHeaders {
		if hd.Key == bus.HeaderOriginTopic {
			return true
		}
	}
	return false
}

func (h *Handler) decide(ctx context.Context, dl *events.DeadLetter) (Decision, error) {
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	at := now().UTC().Truncate(time.Millisecond)
	wf, err := bus.ProvenWorkflow(h.Decoder, dl)
	if err != nil {
		// The registry unreachable: the dead letter waits for it, as a
		// dead letter of this agent's own would be drained by no one.
		return Decision{}, fault.Unavailable(err)
	}
	// The class has its own field; dead letters of earlier runtimes repeat
	// it in the message ("structural failure: structural: …").
	msg := fault.TrimClass(dl.ErrorMessage)
	env := model.FromDeadLetter(dl, wf)
	d := Decision{Service: dl.Service, Class: dl.ErrorClass, Workflow: wf, DecidedAt: at}
	park := func(kind, reason string) model.Parked {
		return model.Parked{ID: env.EventID, Kind: kind, Service: env.Service, Workflow: wf, Reason: reason, ParkedAt: at, Envelope: env}
	}
	if wf == "" {
		// Its original record does not decode, so nothing but its key
		// names a workflow, and a key is whatever the producer chose.
		p := park(model.KindPoison, fmt.Sprintf("poison record (key %q, not trusted): %s", dl.OriginalKey, msg))
		d.Kind, d.ParkKind, d.Reason, d.Label = model.ControlParked, p.Kind, p.Reason, "parked_poison"
		return d, wrapStore(h.Store.Park(ctx, p))
	}
	switch fault.Class(dl.ErrorClass) {
	case fault.Transient:
		byMessage := park(model.KindDeadLetter, fmt.Sprintf("transient failure persists after %d redeliveries: %s", h.Bounds.PerMessage, msg))
		byWorkflow := park(model.KindDeadLetter, fmt.Sprintf("workflow %s used up its %d redeliveries: %s", env.WorkflowID, h.Bounds.PerWorkflow, msg))
		r, bound, err := h.Store.Schedule(ctx, env, h.Bounds, func(n int) time.Time {
			return at.Add(h.Backoff.Backoff(n + 1))
		}, byMessage, byWorkflow)
		if err != nil {
			return d, fault.Wrap(fault.Transient, redisfault.Mark(err))
		}
		if r != nil {
			d.Kind, d.Attempt, d.DueAt, d.Label = model.ControlRetryScheduled, r.Attempt, r.DueAt, "retry_scheduled"
			d.Reason = "transient failure: " + msg
			return d, nil
		}
		p := byMessage
		if bound == store.BoundWorkflow {
			p = byWorkflow
		}
		d.Kind, d.ParkKind, d.Reason, d.Label = model.ControlParked, p.Kind, p.Reason, "parked_"+string(bound)+"_bound"
		return d, nil
	case fault.Semantic:
		p := park(model.KindReview, "needs review: "+msg)
		d.Kind, d.ParkKind, d.Reason, d.Review, d.Label = model.ControlParked, p.Kind, p.Reason, ReviewSemantic, "parked_semantic"
		return d, wrapStore(h.Store.Park(ctx, p))
	default:
		reason := "structural failure: " + msg
		if fault.Class(dl.ErrorClass) != fault.Structural {
			reason = fmt.Sprintf("unknown error class %q: %s", dl.ErrorClass, msg)
		}
		p := park(model.KindDeadLetter, reason)
		d.Kind, d.ParkKind, d.Reason, d.Review, d.Label = model.ControlParked, p.Kind, p.Reason, ReviewStructural, "parked_structural"
		return d, wrapStore(h.Store.Park(ctx, p))
	}
}

func wrapStore(err error) error {
	if err != nil {
		return fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	return nil
}

// Control returns the control event announcing d. The runtime fills its
// id, tenant, cause and time from the dead letter.
func Control(dl *events.DeadLetter, d Decision) *events.WorkflowControl {
	c := &events.WorkflowControl{
		Kind:   d.Kind,
		Reason: d.Reason,
		Details: map[string]string{
			"service":      d.Service,
			"source_topic": dl.SourceTopic,
			"error_class":  d.Class,
			"dead_letter":  dl.Meta.EventID,
		},
	}
	c.Meta.WorkflowID = d.Workflow
	switch d.Kind {
	case model.ControlRetryScheduled:
		due := d.DueAt
		c.NotBefore = &due
		c.Details["attempt"] = strconv.Itoa(d.Attempt)
		c.Details["due_at"] = due.Format(time.RFC3339Nano)
	case model.ControlParked:
		c.Details["parked_id"] = dl.Meta.EventID
		c.Details["park_kind"] = d.ParkKind
	}
	return c
}

// ReviewRequest is the review task of a parked dead letter: the document
// when the original payload names one, and the dead letter's context (the
// failing service, error class and message, source position, attempts) so
// the reviewer needs no lookup. The runtime fills its id, derived from the
// dead letter's, so handling the dead letter again yields the same request.
func (h *Handler) ReviewRequest(dl *events.DeadLetter, d Decision) *events.ReviewRequested {
	r := &events.ReviewRequested{
		Reason:      d.Review,
		SLADeadline: d.DecidedAt.Add(h.ReviewSLA),
		Candidates:  []events.Candidate{},
		// The failure in the task itself, so a reviewer's queue says what
		// went wrong (found from outside: "structural_failure" was all a
		// password-protected PDF's task said).
		Flags: []events.Flag{{Kind: FlagFailure + dl.ErrorClass, Detail: shorten(fault.TrimClass(dl.ErrorMessage), maxFailureDetail)}},
		Context: map[string]string{
			"service":          dl.Service,
			"error_class":      dl.ErrorClass,
			"error_message":    fault.TrimClass(dl.ErrorMessage),
			"source_topic":     dl.SourceTopic,
			"source_partition": strconv.Itoa(dl.SourcePartition),
			"source_offset":    strconv.FormatInt(dl.SourceOffset, 10),
			"attempts":         strconv.Itoa(dl.Attempts),
			"first_failure_at": dl.FirstFailureAt.UTC().Format(time.RFC3339Nano),
			"last_failure_at":  dl.LastFailureAt.UTC().Format(time.RFC3339Nano),
			"dead_letter":      dl.Meta.EventID,
			"parked_id":        dl.Meta.EventID,
			"park_kind":        d.ParkKind,
			"parked_reason":    d.Reason,
		},
	}
	if d.Review == ReviewStructural {
		r.Priority = 1
	}
	r.Meta.WorkflowID = d.Workflow
	// The original decoded when the dead letter proved its workflow.
	if e, err := h.Decoder.Decode(dl.OriginalValue); err == nil {
		if doc, ok := model.DocumentOf(e); ok {
			r.Document = doc
		}
		r.Context["payload_type"] = fmt.Sprintf("%T", e)
	}
	return r
}
