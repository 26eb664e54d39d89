package handler

import (
	"context"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
)

// Forgetter drops what OCR keeps in Redis of a document and a workflow:
// its pages' text (checkpoints) and its progress (checkpoint.Store).
type Forgetter interface {
	Forget(ctx context.Context, doc, workflowID string, maxPages int) error
}

// Erased returns the handler of the control topic: on an erasure it drops
// the checkpoints of the workflow's document (named in the request's
// details) and the workflow's progress; the other kinds concern OCR not.
// It emits nothing.
func Erased(f Forgetter, maxPages int) bus.Handler[*events.WorkflowControl] {
	return func(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
		if in.Kind != events.KindErasureRequested {
			return nil, nil
		}
		doc := in.Details[events.DetailDocumentSHA256]
		if err := f.Forget(ctx, doc, in.Meta.WorkflowID, maxPages); err != nil {
			return nil, err
		}
		m.Log().InfoContext(ctx, "page checkpoints and progress forgotten for an erasure", "workflow_id", in.Meta.WorkflowID, "document", doc)
		return nil, nil
	}
}
