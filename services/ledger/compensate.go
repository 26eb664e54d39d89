package ledger

import (
	"cmp"
	"context"
	"encoding/hex"
	"strconv"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ledger/internal/handler"
)

// compensation is the ledger step's compensation: a signed reversal of the
// workflow's current record, never a rewrite, named by the request so that
// asking again appends nothing. A workflow with no current record (never
// recorded, reversed or erased already) has nothing to undo.
func compensation(h *handler.Handler) bus.Compensator {
	return func(ctx context.Context, m *bus.Message, req bus.CompensationRequest) (bus.Compensated, error) {
		actor := cmp.Or(req.Actor, events.ServiceSagaTracker)
		rec, outs, err := h.Reverse(ctx, m, &req.Meta, actor, "compensation: "+req.Cause)
		if err != nil {
			return bus.Compensated{}, err
		}
		if rec == nil {
			return bus.Compensated{Details: map[string]string{events.DetailNothingToUndo: "true"}}, nil
		}
		m.Log().InfoContext(ctx, "disposition reversed", "sequence", rec.Sequence, "reverses", rec.RefersToSequence)
		return bus.Compensated{
			Details: map[string]string{
				events.DetailSequence:   strconv.FormatInt(rec.Sequence, 10),
				events.DetailRecordHash: hex.EncodeToString(rec.Hash),
				"reversed_sequence":     strconv.FormatInt(rec.RefersToSequence, 10),
			},
			Outputs: outs,
		}, nil
	}
}
