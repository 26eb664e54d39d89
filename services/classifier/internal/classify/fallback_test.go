package classify

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/classifier/internal/policy"
)

// scripted is a classifier that answers with err, or else an invoice.
type scripted struct {
	name  string
	err   error
	calls int
}

func (s *scripted) Classify(context.Context, string) (Prediction, error) {
	s.calls++
	if s.err != nil {
		return Prediction{}, s.err
	}
	return Prediction{Candidates: []events.Candidate{{Type: "invoice", Score: 0.9}}}, nil
}

func (s *scripted) Model() events.Model { return events.Model{Name: s.name, Version: "1"} }

func TestFallbackAfterBudget(t *testing.T) {
	now := time.Unix(1000, 0)
	llm := &scripted{name: "llm:big", err: fault.Transientf("LLM endpoint answered 503 Service Unavailable")}
	builtin := &scripted{name: "docket-tfidf-logreg"}
	var counted []string
	f := NewFallback(llm, builtin, 2*time.Minute, func() time.Time { return now }, func(r string) { counted = append(counted, r) })
	ctx := context.Background()

	// Within the budget the failure is returned: the runtime retries.
	if _, err := f.Classify(ctx, "x"); !fault.IsTransient(err) {
		t.Fatalf("first failure = %v, want the transient error", err)
	}
	now = now.Add(90 * time.Second)
	if _, err := f.Classify(ctx, "x"); !fault.IsTransient(err) {
		t.Fatalf("failure after 90s of a 2m budget = %v, want the transient error", err)
	}
	// Past it, the built-in model answers and the prediction says why.
	now = now.Add(31 * time.Second)
	p, err := f.Classify(ctx, "x")
	if err != nil || p.Model == nil || p.Model.Name != "docket-tfidf-logreg" || !strings.HasPrefix(p.Degraded, DegradedUnavailable+": ") || !strings.Contains(p.Degraded, "503") {
		t.Fatalf("past the budget: %+v, %v; want the fallback's answer, degraded", p, err)
	}
	// The primary answers again: no longer degraded, and the outage clock
	// starts over at the next failure.
	llm.err = nil
	if p, err := f.Classify(ctx, "x"); err != nil || p.Degraded != "" || p.Model != nil {
		t.Fatalf("recovered: %+v, %v", p, err)
	}
	llm.err = fault.Transientf("call LLM endpoint: connection refused")
	if _, err := f.Classify(ctx, "x"); !fault.IsTransient(err) {
		t.Fatalf("new outage = %v, want the transient error within the budget again", err)
	}
	// An unusable answer falls back at once.
	llm.err = fault.Semanticf("LLM answered unknown document type %q", "memo")
	p, err = f.Classify(ctx, "x")
	if err != nil || !strings.HasPrefix(p.Degraded, DegradedUnusable+": ") {
		t.Fatalf("unusable answer: %+v, %v; want degraded at once", p, err)
	}
	if want := []string{DegradedUnavailable, DegradedUnusable}; strings.Join(counted, ",") != strings.Join(want, ",") {
		t.Errorf("counted %v, want %v", counted, want)
	}
	// A canceled job does not fall back.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	llm.err = context.Canceled
	if _, err := f.Classify(cctx, "x"); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v, want the cancel", err)
	}
}

func TestDegradedDecision(t *testing.T) {
	llm := &scripted{name: "llm:big", err: fault.Semanticf("LLM answer is not the requested JSON")}
	builtin := &scripted{name: "docket-tfidf-logreg"}
	e := NewEngine(NewFallback(llm, builtin, time.Minute, nil, nil), policy.Default(), "builtin")
	d, err := e.Decide(context.Background(), "acme", Text{Body: "INVOICE Invoice number INV-1 Amount due 120.00 USD", Bytes: 50})
	if err != nil {
		t.Fatal(err)
	}
	if d.Model.Name != builtin.Model().Name || d.Context["model.name"] != builtin.Model().Name {
		t.Errorf("model = %+v (context %s), want the built-in model that answered", d.Model, d.Context["model.name"])
	}
	var flagged bool
	for _, f := range d.Flags {
		flagged = flagged || (f.Kind == FlagDegraded && strings.HasPrefix(f.Detail, DegradedUnusable))
	}
	if !flagged || !strings.HasPrefix(d.Context["degraded"], DegradedUnusable) {
		t.Errorf("flags %+v context %q: want the decision marked degraded", d.Flags, d.Context["degraded"])
	}
}

// TestDegradedTextGoesToReview is issue 19 point 3's OCR fallback seen by
// the classifier: text read without the engine's language data is flagged
// degraded with OCR's reason and goes to a person, however confident the
// model is; the same text read normally is recorded.
func TestDegradedTextGoesToReview(t *testing.T) {
	e := NewEngine(&scripted{name: "docket-tfidf-logreg"}, policy.Default(), "builtin")
	body := "INVOICE Invoice number INV-1 Amount due 120.00 USD"
	const reason = "ocr_language_missing: tesseract has no data for language \"deu\"; text layer only"
	d, err := e.Decide(context.Background(), "acme", Text{Body: body, Bytes: int64(len(body)), Degraded: reason})
	if err != nil {
		t.Fatal(err)
	}
	var flagged bool
	for _, f := range d.Flags {
		flagged = flagged || (f.Kind == FlagDegraded && f.Detail == reason)
	}
	if !d.Review || !flagged || d.Context["degraded"] != reason || !slices.Contains(d.RulesFired, RuleDegradedText) {
		t.Errorf("review %v, flags %+v, context %q, rules %v: want a review of a degraded decision", d.Review, d.Flags, d.Context["degraded"], d.RulesFired)
	}
	if d, _ := e.Decide(context.Background(), "acme", Text{Body: body, Bytes: int64(len(body))}); d.Review || d.Context["degraded"] != "" {
		t.Errorf("the same text read normally: review %v, degraded %q; want it recorded", d.Review, d.Context["degraded"])
	}
}
