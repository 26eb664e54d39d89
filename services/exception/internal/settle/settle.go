// Package settle clears a workflow's parked items once the ledger recorded
// its final disposition (a reviewer's decision, an accepted classification,
// or an operator's discard of another of its items): the dead letters
// parked on the way need no operator any more.
//
// It happens in two steps, each safe to repeat. The recorded event yields
// one settled control event per parked item, produced in the handler's
// transaction and derived from the item, so handling the event again yields
// the same events; the item itself stays parked. The agent then consumes
// its own settled events and removes the items they name, which changes
// nothing the second time. A recorded workflow with nothing parked (the
// common case) costs one Redis read.
package settle

import (
	"context"
	"errors"
	"fmt"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// Store is the part of the agent's store used here.
type Store interface {
	ParkedOf(ctx context.Context, workflow string) ([]model.Parked, error)
	Get(ctx context.Context, id string) (model.Parked, error)
	Unpark(ctx context.Context, p model.Parked, resetAttempts bool) (bool, error)
}

// Details of a settled control event.
const (
	DetailParkedID      = "parked_id"
	DetailRecordedEvent = "recorded_event"
)

// Handler settles parked items when their workflow is recorded.
type Handler struct {
	Store Store
	// Settled counts the items removed, by target service.
	Settled func(service string)
}

// Recorded announces a settled control event for each item parked for the
// recorded workflow.
func (h *Handler) Recorded(ctx context.Context, m *bus.Message, d *events.DocumentRecorded) ([]bus.Output, error) {
	wf := d.Meta.WorkflowID
	if wf == "" {
		return nil, fault.Structuralf("recorded event %s names no workflow", d.Meta.EventID)
	}
	parked, err := h.Store.ParkedOf(ctx, wf)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	outs := make([]bus.Output, 0, len(parked))
	for _, p := range parked {
		c := &events.WorkflowControl{
			Kind:   model.ControlSettled,
			Reason: fmt.Sprintf("workflow recorded in the ledger (%s/%d #%d)", d.LedgerTopic, d.LedgerPartition, d.Sequence),
			Details: map[string]string{
				"service":           p.Service,
				"source_topic":      p.Envelope.SourceTopic,
				DetailParkedID:      p.ID,
				"park_kind":         p.Kind,
				"dead_letter":       p.Envelope.EventID,
				DetailRecordedEvent: d.Meta.EventID,
			},
		}
		c.Meta.WorkflowID = wf
		outs = append(outs, bus.Output{Topic: events.TopicControl, Event: c})
	}
	return outs, nil
}

// Control removes the item a settled control event names; other kinds are
// not its business.
func (h *Handler) Control(ctx context.Context, m *bus.Message, c *events.WorkflowControl) ([]bus.Output, error) {
	if c.Kind != model.ControlSettled {
		return nil, nil
	}
	id := c.Details[DetailParkedID]
	if id == "" {
		return nil, fault.Structuralf("settled event %s names no parked item", c.Meta.EventID)
	}
	p, err := h.Store.Get(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil // removed before: by this event already, or replayed or discarded meanwhile
	}
	if err != nil {
		return nil, fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	removed, err := h.Store.Unpark(ctx, p, true)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	if removed {
		m.Log().InfoContext(ctx, "parked item settled: its workflow is recorded", "parked_id", id, "service", p.Service)
		if h.Settled != nil {
			h.Settled(p.Service)
		}
	}
	return nil, nil
}
