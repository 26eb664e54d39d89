// Package handler turns an extracted event into a classification decision:
// it reads the text from the blob store, asks the decision engine, and
// emits docket.document.classified or docket.review.requested.
package handler

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/models"
)

// Blobs is what the handler needs of the blob store.
type Blobs interface {
	Open(ctx context.Context, sha256hex string) (io.ReadCloser, error)
}

// Examples keeps what the model suggested for review and learns from the
// reviewers' corrections (models.Examples).
type Examples interface {
	Suggest(ctx context.Context, workflow string, s models.Suggestion) error
	Classified(ctx context.Context, workflow string, s models.Suggestion) error
	Learn(ctx context.Context, d *events.ReviewDecided) (bool, error)
	LearnCorrection(ctx context.Context, c *events.WorkflowControl) (bool, error)
	Forget(ctx context.Context, workflow string) error
}

// Decider decides one document.
type Decider interface {
	Decide(ctx context.Context, tenant string, text classify.Text) (classify.Decision, error)
}

// Handler handles extracted events.
type Handler struct {
	blobs   Blobs
	decider Decider
	maxText int64
	// remote marks a classifier outside the process (the LLM): its
	// decision is a side effect, run once per event and reused on replay.
	remote   bool
	examples Examples
	now      func() time.Time
}

// New returns a handler. Text beyond maxText bytes is not classified.
// remote says the decider calls out of the process (its answer may differ
// between calls), so its decision is stored per event through
// Message.Once. examples, when set, keeps each suggestion sent to review
// and turns the reviews that correct it into labelled examples.
func New(blobs Blobs, d Decider, maxText int64, remote bool, examples Examples, now func() time.Time) *Handler {
	if now == nil {
		now = time.Now
	}
	return &Handler{blobs: blobs, decider: d, maxText: maxText, remote: remote, examples: examples, now: now}
}

// Handle decides the document of in.
func (h *Handler) Handle(ctx context.Context, m *bus.Message, in *events.DocumentExtracted) ([]bus.Output, error) {
	text, err := h.text(ctx, in)
	if err != nil {
		return nil, err
	}
	var d classify.Decision
	if h.remote {
		raw, err := m.Once(ctx, "decide", func(ctx context.Context) ([]byte, error) {
			d, err := h.decider.Decide(ctx, in.Meta.TenantID, text)
			if err != nil {
				return nil, err
			}
			return json.Marshal(d)
		})
		if err != nil {
			return nil, fmt.Errorf("decide document: %w", err)
		}
		if err := json.Unmarshal(raw, &d); err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("stored decision: %w", err))
		}
	} else if d, err = h.decider.Decide(ctx, in.Meta.TenantID, text); err != nil {
		return nil, fmt.Errorf("decide document: %w", err)
	}
	textRef := in.Text
	m.Log().InfoContext(ctx, "document decided", "document_type", d.Type, "confidence", d.Confidence,
		"review", d.Review, "reason", d.Reason, "rules_fired", strings.Join(d.RulesFired, ","))
	if !d.Review {
		if h.examples != nil {
			// For a correction of the record later; written again with the
			// same value when the event is redelivered.
			if err := h.examples.Classified(ctx, in.Meta.WorkflowID, models.Suggestion{Type: d.Type, Model: d.Model.Version, Text: textRef}); err != nil {
				return nil, err
			}
		}
		return []bus.Output{{Topic: events.TopicClassified, Event: &events.DocumentClassified{
			Document:     in.Document,
			DocumentType: d.Type,
			Confidence:   d.Confidence,
			Candidates:   d.Candidates,
			Flags:        d.Flags,
			Model:        d.Model,
			RulesFired:   d.RulesFired,
			Text:         &textRef,
			Context:      d.Context,
		}}}, nil
	}
	suggested, model := d.Type, d.Model
	if h.examples != nil {
		// Kept outside the transaction: written again with the same
		// value when the event is redelivered.
		if err := h.examples.Suggest(ctx, in.Meta.WorkflowID, models.Suggestion{Type: d.Type, Model: d.Model.Version, Text: textRef}); err != nil {
			return nil, err
		}
	}
	return []bus.Output{{Topic: events.TopicReviewRequested, Event: &events.ReviewRequested{
		Document:      in.Document,
		Reason:        d.Reason,
		Priority:      d.Priority,
		SLADeadline:   h.now().Add(d.SLA).UTC().Truncate(time.Millisecond),
		Candidates:    d.Candidates,
		Flags:         d.Flags,
		Text:          &textRef,
		SuggestedType: &suggested,
		Confidence:    d.Confidence,
		Model:         &model,
		Context:       d.Context,
	}}}, nil
}

// Decided turns a review that corrected the model's type into a labelled
// example; it emits nothing.
func (h *Handler) Decided(ctx context.Context, m *bus.Message, in *events.ReviewDecided) ([]bus.Output, error) {
	learned, err := h.examples.Learn(ctx, in)
	if err != nil {
		return nil, err
	}
	if learned {
		m.Log().InfoContext(ctx, "labelled example recorded", "document_type", in.Decision.DocumentType, "reviewer", in.Reviewer)
	}
	return nil, nil
}

// Control acts on a workflow's corrections and erasure: a correction the
// ledger recorded becomes a labelled example, as a corrected review does;
// an erasure drops what the classifier keeps of the workflow. It emits
// nothing.
func (h *Handler) Control(ctx context.Context, m *bus.Message, in *events.WorkflowControl) ([]bus.Output, error) {
	switch in.Kind {
	case events.KindCorrected:
		learned, err := h.examples.LearnCorrection(ctx, in)
		if err != nil {
			return nil, err
		}
		if learned {
			m.Log().InfoContext(ctx, "labelled example from a correction", "workflow_id", in.Meta.WorkflowID,
				"document_type", in.Details[events.DetailDocumentType])
		}
	case events.KindErasureRequested:
		if err := h.examples.Forget(ctx, in.Meta.WorkflowID); err != nil {
			return nil, err
		}
		m.Log().InfoContext(ctx, "workflow's example and model decision forgotten for its erasure", "workflow_id", in.Meta.WorkflowID)
	}
	return nil, nil
}

// text returns what the decision is made on: the event's text and how
// well its OCR pages were read (their mean confidence).
func (h *Handler) text(ctx context.Context, in *events.DocumentExtracted) (classify.Text, error) {
	t, err := h.read(ctx, in.Text)
	if err != nil {
		return classify.Text{}, err
	}
	t.OCRPages, t.OCRConfidence = classify.OCRQuality(in.Pages)
	t.Degraded = in.Degraded
	return t, nil
}

// read returns the text of ref, at most maxText bytes of it. A missing or
// corrupt blob is structural (blob classifies it); a failing store is
// transient.
func (h *Handler) read(ctx context.Context, ref events.BlobRef) (classify.Text, error) {
	rc, err := h.blobs.Open(ctx, ref.SHA256)
	if err != nil {
		return classify.Text{}, fmt.Errorf("open text blob %s: %w", ref.SHA256, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, h.maxText+1))
	if err != nil {
		return classify.Text{}, fmt.Errorf("read text blob %s: %w", ref.SHA256, err)
	}
	t := classify.Text{Bytes: max(ref.SizeBytes, int64(len(b))), CapBytes: h.maxText}
	if int64(len(b)) > h.maxText {
		b = b[:h.maxText]
		t.Truncated = true
	}
	t.Body = strings.ToValidUTF8(string(b), "\uFFFD")
	return t, nil
}
