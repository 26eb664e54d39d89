// Package handler decides what becomes of each dead letter: a scheduled
// redelivery for a transient failure (bounded per original record), a
// parked item for a structural one or one out of redeliveries, a review
// item for a semantic one. The decision is taken once per dead letter
// (Message.Once), so a dead letter consumed again schedules nothing more,
// and announced as a control event in the same transaction.
package handler

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// Handler handles dead letters.
type Handler struct {
	Store *store.Store
	// Backoff draws the delay before redelivery n with full jitter
	// (Backoff.Backoff(n+1)); its Attempts is ignored.
	Backoff retry.Policy
	// MaxRedeliveries bounds the redeliveries of one original record.
	MaxRedeliveries int
	// Now is the clock; time.Now when nil.
	Now func() time.Time
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
}

// Handle decides dl and emits the decision.
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
		m.Log().WarnContext(ctx, "parked", "service", d.Service, "kind", d.ParkKind, "reason", d.Reason)
	}
	return []bus.Output{{Topic: events.TopicControl, Event: Control(dl, d)}}, nil
}

// Decide takes and stores the decision for dl.
func (h *Handler) Decide(ctx context.Context, dl *events.DeadLetter) (Decision, error) {
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	at := now().UTC().Truncate(time.Millisecond)
	env := model.FromDeadLetter(dl)
	d := Decision{Service: dl.Service, Class: dl.ErrorClass, Workflow: env.WorkflowID, DecidedAt: at}
	park := func(kind, reason string) model.Parked {
		return model.Parked{ID: env.EventID, Kind: kind, Service: env.Service, Workflow: env.WorkflowID, Reason: reason, ParkedAt: at, Envelope: env}
	}
	switch fault.Class(dl.ErrorClass) {
	case fault.Transient:
		exhausted := park(model.KindDeadLetter, fmt.Sprintf("transient failure persists after %d redeliveries: %s", h.MaxRedeliveries, dl.ErrorMessage))
		r, err := h.Store.Schedule(ctx, env, h.MaxRedeliveries, func(n int) time.Time {
			return at.Add(h.Backoff.Backoff(n + 1))
		}, exhausted)
		if err != nil {
			return d, fault.Wrap(fault.Transient, err)
		}
		if r != nil {
			d.Kind, d.Attempt, d.DueAt = model.ControlRetryScheduled, r.Attempt, r.DueAt
			d.Reason = "transient failure: " + dl.ErrorMessage
			return d, nil
		}
		d.Kind, d.ParkKind, d.Reason = model.ControlParked, exhausted.Kind, exhausted.Reason
		return d, nil
	case fault.Semantic:
		p := park(model.KindReview, "needs review: "+dl.ErrorMessage)
		d.Kind, d.ParkKind, d.Reason = model.ControlParked, p.Kind, p.Reason
		return d, wrapStore(h.Store.Park(ctx, p))
	default:
		reason := "structural failure: " + dl.ErrorMessage
		if fault.Class(dl.ErrorClass) != fault.Structural {
			reason = fmt.Sprintf("unknown error class %q: %s", dl.ErrorClass, dl.ErrorMessage)
		}
		p := park(model.KindDeadLetter, reason)
		d.Kind, d.ParkKind, d.Reason = model.ControlParked, p.Kind, p.Reason
		return d, wrapStore(h.Store.Park(ctx, p))
	}
}

func wrapStore(err error) error {
	if err != nil {
		return fault.Wrap(fault.Transient, err)
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
			"service":     d.Service,
			"error_class": d.Class,
			"dead_letter": dl.Meta.EventID,
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
