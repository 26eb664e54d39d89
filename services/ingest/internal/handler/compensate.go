package handler

import (
	"context"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/store"
)

// reverseCallback is the compensation of the notify step: a workflow that
// steps back after its completion callback was sent (or scheduled) gets a
// follow-up callback with status reversed, and its status reads reversed.
// The document blob stays: it is addressed by content, other workflows may
// share it, and the ledger's reversal names its hash (erasure deletes it).
func (v *View) reverseCallback(ctx context.Context, m *bus.Message, req bus.CompensationRequest) (bus.Compensated, error) {
	out, err := v.Store.ReverseCallback(ctx, req.Workflow, v.Now())
	if err != nil {
		return bus.Compensated{}, err
	}
	if out == store.ReverseNone {
		return bus.Compensated{Details: map[string]string{events.DetailNothingToUndo: "true"}}, nil
	}
	m.Log().InfoContext(ctx, "reversed callback scheduled", "cause", req.Cause, "outcome", out)
	return bus.Compensated{Details: map[string]string{"callback": store.StatusReversed}}, nil
}
