package classify

import (
	"strings"
	"testing"

	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// TestDoubtWhenTheSetLeavesOutTheBest: a prediction set of one type that
// is not the best-scored names no type either (seventy-sixth trial: a
// German alcohol duty return, tax_form 0.49 and insurance_claim 0.20 with
// the set holding insurance_claim alone, was decided tax_form with no
// doubt said).
func TestDoubtWhenTheSetLeavesOutTheBest(t *testing.T) {
	threshold := func(c string) float64 {
		if c == "tax_form" {
			return 0.61
		}
		return 0.18
	}
	scores := []textmodel.Score{{Class: "tax_form", P: 0.4877}, {Class: "insurance_claim", P: 0.2011}}
	for _, c := range []struct {
		name string
		set  []string
		want string // a part of the doubt; "" for none
	}{
		{"the set holds the best alone", []string{"tax_form"}, ""},
		{"the set holds another alone", []string{"insurance_claim"}, "holds insurance_claim alone, not the best-scored tax_form (0.48, under its class threshold 0.610)"},
		{"two types", []string{"tax_form", "insurance_claim"}, "2 types in the prediction set"},
		{"none", nil, "no type reaches"},
	} {
		got := doubt(textmodel.Prediction{Scores: scores, Set: c.set}, 0.955, threshold)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: doubt %q, want %q", c.name, got, c.want)
		}
	}
}
