// Package settle clears a workflow's parked items once the ledger recorded
// its final disposition (a reviewer's decision, an accepted classification,
// or an operator's discard of another of its items): the dead letters
// parked on the way need no operator any more. Each item removed is
// announced by a settled control event, which puts it in the workflow's
// history.
package settle

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/exception/internal/model"
)

// Store is the part of the agent's store used here.
type Store interface {
	ParkedOf(ctx context.Context, workflow string) ([]model.Parked, error)
	Unpark(ctx context.Context, p model.Parked, resetAttempts bool) (bool, error)
}

// Handler settles parked items when their workflow is recorded.
type Handler struct {
	Store Store
	// Settled counts the items removed, by target service.
	Settled func(service string)
}

// item is what is kept of a settled parked item, so that handling the
// event again (an aborted transaction) announces the same items.
type item struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Service     string `json:"service"`
	SourceTopic string `json:"source_topic"`
	DeadLetter  string `json:"dead_letter"`
}

// Handle removes the recorded workflow's parked items and emits one
// settled control event for each.
func (h *Handler) Handle(ctx context.Context, m *bus.Message, d *events.DocumentRecorded) ([]bus.Output, error) {
	wf := d.Meta.WorkflowID
	if wf == "" {
		return nil, fault.Structuralf("recorded event %s names no workflow", d.Meta.EventID)
	}
	res, err := m.Once(ctx, "settle", func(ctx context.Context) ([]byte, error) {
		parked, err := h.Store.ParkedOf(ctx, wf)
		if err != nil {
			return nil, fault.Wrap(fault.Transient, err)
		}
		items := []item{}
		for _, p := range parked {
			removed, err := h.Store.Unpark(ctx, p, true)
			if err != nil {
				return nil, fault.Wrap(fault.Transient, err)
			}
			if removed {
				if h.Settled != nil {
					h.Settled(p.Service)
				}
				items = append(items, item{ID: p.ID, Kind: p.Kind, Service: p.Service, SourceTopic: p.Envelope.SourceTopic, DeadLetter: p.Envelope.EventID})
			}
		}
		return json.Marshal(items)
	})
	if err != nil {
		return nil, err
	}
	var items []item
	if err := json.Unmarshal(res, &items); err != nil {
		return nil, fault.Structuralf("decode settled items of %s: %v", d.Meta.EventID, err)
	}
	outs := make([]bus.Output, 0, len(items))
	for _, it := range items {
		m.Log().InfoContext(ctx, "parked item settled: its workflow is recorded", "parked_id", it.ID, "service", it.Service)
		c := &events.WorkflowControl{
			Kind:   model.ControlSettled,
			Reason: fmt.Sprintf("workflow recorded in the ledger (%s/%d #%d)", d.LedgerTopic, d.LedgerPartition, d.Sequence),
			Details: map[string]string{
				"service":        it.Service,
				"source_topic":   it.SourceTopic,
				"parked_id":      it.ID,
				"park_kind":      it.Kind,
				"dead_letter":    it.DeadLetter,
				"recorded_event": d.Meta.EventID,
			},
		}
		c.Meta.WorkflowID = wf
		outs = append(outs, bus.Output{Topic: events.TopicControl, Event: c})
	}
	return outs, nil
}
