package projection

import "github.com/docket-run/docket/pkg/events"

// Decision is what a classification, a review request or a review decision
// adds to the decision statistics.
type Decision struct {
	// DocumentType is the type decided: by the classifier (accepted
	// without review) or by a reviewer; empty for a review request.
	DocumentType string `json:"dt,omitempty"`
	// ModelVersion is the version of the model behind the decision or the
	// review request; a reviewer's decision takes its request's.
	ModelVersion string `json:"mv,omitempty"`
	// Auto marks the classifier's decisions, Review a review request.
	Auto   bool `json:"au,omitempty"`
	Review bool `json:"rq,omitempty"`
	// Suggested is a review request's suggested type: the workflow's type
	// until a reviewer decides one (not counted as a decision).
	Suggested string `json:"st,omitempty"`
}

// decision sets op.Decision for the events the decision statistics count.
func decision(op *Op, e events.Event) {
	switch ev := e.(type) {
	case *events.DocumentClassified:
		op.Decision = &Decision{DocumentType: ev.DocumentType, ModelVersion: ev.Model.Version, Auto: true}
	case *events.ReviewRequested:
		op.Decision = &Decision{Review: true}
		if ev.SuggestedType != nil {
			op.Decision.Suggested = *ev.SuggestedType
		}
		if ev.Model != nil {
			op.Decision.ModelVersion = ev.Model.Version
		}
	case *events.ReviewDecided:
		op.Decision = &Decision{DocumentType: ev.Decision.DocumentType}
	}
}
