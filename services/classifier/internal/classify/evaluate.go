package classify

import (
	"context"
	"fmt"

	"github.com/docket-run/docket/pkg/pii"
	"github.com/docket-run/docket/services/classifier/internal/policy"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// Report tallies the decisions on labelled documents under a policy-neutral
// policy: the default review threshold, no type, personal-data or amount
// rule, so that every review is the model's own doubt.
type Report struct {
	Docs     int     `json:"docs"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
	// AutoErrors are wrong types that were not sent to review: recorded
	// without a human.
	AutoErrors int `json:"auto_errors"`
	// ReviewedCorrect are right types sent to review anyway; ReviewLoad
	// is their share of the correct ones.
	ReviewedCorrect int     `json:"reviewed_correct"`
	ReviewLoad      float64 `json:"review_load"`
	// Errors lists every wrong type: "name: true->predicted p=… review=…".
	Errors []string `json:"errors"`
	// Reviewed lists the right types sent to review: "name: type p=… reason".
	Reviewed []string `json:"reviewed"`
}

// neutralPolicy keeps the default review threshold and turns every
// policy rule off.
const neutralPolicy = `{"default": {"always_review_types": [], "review_pii": [], "amount_threshold": 0}}`

// Evaluate decides every document with clf under the policy-neutral policy.
func Evaluate(ctx context.Context, clf Classifier, docs []textmodel.Doc) (Report, error) {
	pol, err := policy.Parse([]byte(neutralPolicy), nil, pii.Kinds)
	if err != nil {
		return Report{}, fmt.Errorf("neutral policy: %w", err)
	}
	e := NewEngine(clf, pol, "neutral")
	r := Report{Errors: []string{}, Reviewed: []string{}}
	for _, doc := range docs {
		d, err := e.Decide(ctx, "", Text{Body: doc.Text, Bytes: int64(len(doc.Text))})
		if err != nil {
			return Report{}, fmt.Errorf("decide %s: %w", doc.Name, err)
		}
		r.Docs++
		switch {
		case d.Type != doc.Class:
			r.Errors = append(r.Errors, fmt.Sprintf("%s: %s->%s p=%.2f review=%t", doc.Name, doc.Class, d.Type, d.Confidence, d.Review))
			if !d.Review {
				r.AutoErrors++
			}
		case d.Review:
			r.Correct++
			r.ReviewedCorrect++
			r.Reviewed = append(r.Reviewed, fmt.Sprintf("%s: %s p=%.2f %s", doc.Name, d.Type, d.Confidence, d.Reason))
		default:
			r.Correct++
		}
	}
	if r.Docs > 0 {
		r.Accuracy = Round(float64(r.Correct) / float64(r.Docs))
	}
	if r.Correct > 0 {
		r.ReviewLoad = Round(float64(r.ReviewedCorrect) / float64(r.Correct))
	}
	return r, nil
}
