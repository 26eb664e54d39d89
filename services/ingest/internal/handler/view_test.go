package handler

import (
	"maps"
	"testing"
)

// TestDecisionContextKeepsFiguresNotWords: the documents API shows a
// decision's figures, the model's own score where a rule set the
// confidence among them (found from outside, seventy-first trial: 0.944
// shown where the model had said 0.72, nothing saying why), and none of
// the text's words (a title line, the model's top features).
func TestDecisionContextKeepsFiguresNotWords(t *testing.T) {
	in := map[string]string{
		"amount.max":              "3214.60 EUR",
		"model.score":             "0.7200",
		"model.ambiguous_settled": "2 types in the prediction set",
		"model.prediction_set":    "insurance_claim",
		"rules.fired":             "model.title_agrees",
		"model.titled":            `"ZALOS PRANESIMAS"`,
		"model.top_features":      "zalos=1.2",
	}
	want := map[string]string{
		"amount.max":              "3214.60 EUR",
		"model.score":             "0.7200",
		"model.ambiguous_settled": "2 types in the prediction set",
		"model.prediction_set":    "insurance_claim",
		"rules.fired":             "model.title_agrees",
	}
	if got := decisionContext(in); !maps.Equal(got, want) {
		t.Errorf("decisionContext = %v\n want %v", got, want)
	}
}
