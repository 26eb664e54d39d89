package classify

import (
	"context"

	"github.com/docket-run/docket/pkg/events"
)

// Noop is a Classifier that reads nothing: every text is its Type with
// score 1. It measures the platform's own cost
// (DOCKET_CLASSIFIER_ENGINE=noop); the policy still applies.
type Noop struct {
	// Type is the answer; it must be a type the policy knows.
	Type string
}

var _ Classifier = Noop{}

// Classify returns Type with score 1.
func (n Noop) Classify(context.Context, string) (Prediction, error) {
	return Prediction{Candidates: []events.Candidate{{Type: n.Type, Score: 1}}}, nil
}

// Model names the no-op classifier.
func (Noop) Model() events.Model { return events.Model{Name: "noop", Version: "1"} }
