package classify

import (
	"context"
	"sync"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Fallback is a classifier with a declared fallback: the configured one
// (an LLM behind an API) answers while it can; when it cannot, the
// fallback (the built-in model) answers instead and the prediction says
// so (Prediction.Degraded), so the workflow completes in a degraded mode
// rather than waiting or failing.
//
// A transient failure (the endpoint down, slow or overloaded) is given a
// budget: until the primary has been failing for that long, the error is
// returned, so the runtime retries and redelivers as usual; past it, every
// document falls back until the primary answers again. An answer the
// primary gives but that cannot be used (not the requested JSON, an
// unknown type) falls back at once: asking again would not help.
type Fallback struct {
	primary, fallback Classifier
	budget            time.Duration
	now               func() time.Time
	degraded          func(reason string)

	mu        sync.Mutex
	downSince time.Time // zero while the primary answers
}

var _ Classifier = (*Fallback)(nil)

// FlagDegraded marks a decision the fallback made: its detail is the
// reason, in the classified or review event and the ledger record.
const FlagDegraded = "degraded"

// Degraded reasons, counted by the classifier's metric.
const (
	DegradedUnavailable = "llm_unavailable"
	DegradedUnusable    = "llm_answer_unusable"
)

// NewFallback returns primary backed by fallback after budget of
// transient failures. now is the clock (time.Now when nil); degraded,
// when set, is called with the reason of each degraded answer.
func NewFallback(primary, fallback Classifier, budget time.Duration, now func() time.Time, degraded func(reason string)) *Fallback {
	if now == nil {
		now = time.Now
	}
	if degraded == nil {
		degraded = func(string) {}
	}
	return &Fallback{primary: primary, fallback: fallback, budget: budget, now: now, degraded: degraded}
}

// Model names the primary: the classifier the service is configured with.
func (f *Fallback) Model() events.Model { return f.primary.Model() }

// Classify asks the primary, and the fallback when the primary cannot
// answer (see Fallback).
func (f *Fallback) Classify(ctx context.Context, text string) (Prediction, error) {
	p, err := f.primary.Classify(ctx, text)
	if err == nil {
		f.mu.Lock()
		f.downSince = time.Time{}
		f.mu.Unlock()
		return p, nil
	}
	if ctx.Err() != nil {
		return Prediction{}, err // the job was canceled or is shutting down
	}
	reason, kind := "", ""
	if fault.IsTransient(err) {
		now := f.now()
		f.mu.Lock()
		if f.downSince.IsZero() {
			f.downSince = now
		}
		down := now.Sub(f.downSince)
		f.mu.Unlock()
		if down < f.budget {
			return Prediction{}, err
		}
		kind = DegradedUnavailable
		reason = "LLM classifier unavailable for " + down.Round(time.Second).String() + " (budget " + f.budget.String() + "): " + err.Error()
	} else {
		kind = DegradedUnusable
		reason = "LLM answer unusable: " + err.Error()
	}
	fp, ferr := f.fallback.Classify(ctx, text)
	if ferr != nil {
		return Prediction{}, ferr
	}
	m := f.fallback.Model()
	fp.Model = &m
	fp.Degraded = kind + ": " + reason
	f.degraded(kind)
	return fp, nil
}
