package handler

import (
	"context"
	"fmt"
	"strconv"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/ingest/internal/store"
)

// Eraser deletes blobs: the shared address of some bytes, and the copy a
// tenant dropped before asking for a workflow on it. Each reports whether
// there was anything to delete.
type Eraser interface {
	Delete(ctx context.Context, sha256hex string) (bool, error)
	DeleteDropped(ctx context.Context, tenant, sha256hex string) (bool, error)
}

var _ Eraser = (*blob.Bucket)(nil)

// corrected: the ledger recorded a correction of a completed workflow. The
// view takes the corrected type (and outcome) and points at the
// correction's ledger record, and the workflow's callback URL gets a
// callback with status corrected, the type and the record's sequence, one
// per correction.
func (v *View) corrected(ctx context.Context, m *bus.Message, e *events.WorkflowControl) error {
	wf := e.Meta.WorkflowID
	if wf == "" {
		return nil
	}
	seq, err := strconv.ParseInt(e.Details[events.DetailSequence], 10, 64)
	if err != nil {
		return fault.Wrap(fault.Structural, fmt.Errorf("corrected event %s: ledger sequence: %w", e.Meta.EventID, err))
	}
	c := store.Correction{DocumentType: e.Details[events.DetailDocumentType], Outcome: e.Details[events.DetailOutcome], Sequence: seq,
		Partition: e.Details[events.DetailLedgerPartition], Hash: e.Details[events.DetailRecordHash], At: e.Meta.OccurredAt}
	if err := v.Store.Correct(ctx, wf, c); err != nil {
		return err
	}
	_, err = m.Once(ctx, "corrected-callback", func(ctx context.Context) ([]byte, error) {
		scheduled, err := v.Store.ScheduleCallback(ctx, wf, c, v.Now())
		if err != nil {
			return nil, err
		}
		if scheduled {
			m.Log().InfoContext(ctx, "corrected callback scheduled", "workflow_id", wf, "sequence", seq)
		}
		return []byte(strconv.FormatBool(scheduled)), nil
	})
	return err
}

// erase: an operator erased the workflow. Ingest deletes its document (at
// its shared address and in the tenant's drop area) and its text, drops
// what its status view holds of content, and answers content_erased with
// the number of blobs it deleted. The blobs are found in the view, and the
// document also in the request's details (the tracker's reference), so an
// expired view still loses its document. Deleting again is harmless: a
// redelivered request answers with the count of the first.
func (v *View) erase(ctx context.Context, m *bus.Message, e *events.WorkflowControl) ([]bus.Output, error) {
	wf := e.Meta.WorkflowID
	if wf == "" {
		return nil, nil
	}
	// Marked first, so a text extracted meanwhile is either found here or
	// sees the mark and is deleted by extracted (eraseLateText).
	if err := v.Store.Erase(ctx, wf, e.Meta.OccurredAt); err != nil {
		return nil, err
	}
	res, err := m.Once(ctx, "erase", func(ctx context.Context) ([]byte, error) {
		n, err := v.deleteContent(ctx, wf, e)
		if err != nil {
			return nil, err
		}
		return []byte(strconv.Itoa(n)), nil
	})
	if err != nil {
		return nil, err
	}
	m.Log().InfoContext(ctx, "workflow content erased", "workflow_id", wf, "deleted", string(res))
	// On the steps topic: ingest reports what it did, it steers no
	// workflow.
	return []bus.Output{{Topic: events.TopicSteps, Event: &events.WorkflowControl{
		Kind: events.KindContentErased, Details: map[string]string{events.DetailDeleted: string(res)},
	}}}, nil
}

// deleteContent deletes wf's blobs and returns how many there were.
func (v *View) deleteContent(ctx context.Context, wf string, e *events.WorkflowControl) (int, error) {
	c, err := v.Store.Content(ctx, wf)
	if err != nil {
		return 0, err
	}
	tenant := c.Tenant
	if tenant == "" {
		tenant = e.Meta.TenantID
	}
	shas := []string{c.DocumentSHA256, c.TextSHA256, e.Details[events.DetailDocumentSHA256]}
	deleted, seen := 0, map[string]bool{"": true}
	for _, sha := range shas {
		if seen[sha] {
			continue
		}
		seen[sha] = true
		ok, err := v.Blobs.Delete(ctx, sha)
		if err != nil {
			return deleted, fmt.Errorf("delete blob %s of workflow %s: %w", sha, wf, err)
		}
		if ok {
			deleted++
		}
		if !blob.ValidTenant(tenant) {
			continue
		}
		if ok, err := v.Blobs.DeleteDropped(ctx, tenant, sha); err != nil {
			return deleted, fmt.Errorf("delete dropped blob %s of workflow %s: %w", sha, wf, err)
		} else if ok {
			deleted++
		}
	}
	return deleted, nil
}

// eraseLateText deletes the text of an erased workflow that OCR extracted
// after the erasure (it was working on the document when it was erased):
// the erasure asked for the workflow's text to be gone, and it was not
// there yet to be deleted.
func (v *View) eraseLateText(ctx context.Context, m *bus.Message, wf string) error {
	c, err := v.Store.Content(ctx, wf)
	if err != nil || !c.Erased || c.TextSHA256 == "" {
		return err
	}
	_, err = m.Once(ctx, "erase-late-text", func(ctx context.Context) ([]byte, error) {
		ok, err := v.Blobs.Delete(ctx, c.TextSHA256)
		if err != nil {
			return nil, fmt.Errorf("delete late text %s of erased workflow %s: %w", c.TextSHA256, wf, err)
		}
		m.Log().InfoContext(ctx, "text extracted after the erasure deleted", "workflow_id", wf, "deleted", ok)
		return []byte(strconv.FormatBool(ok)), nil
	})
	return err
}
