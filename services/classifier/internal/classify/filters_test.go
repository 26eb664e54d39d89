package classify

import (
	"regexp"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/prefilter"
	"github.com/docket-run/docket/services/classifier/internal/corpus"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// TestFilteredRulesMatchAsBefore runs every rule expression the
// literal prefilter spares over each field document and each of its
// lines, with and without the filter: the answers are the same, and on
// most lines the filter spares the search.
func TestFilteredRulesMatchAsBefore(t *testing.T) {
	docs, err := corpus.Load("../../field")
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]*prefilter.Regexp{"taxAuthority": taxAuthority, "disclaimers.invoice": disclaimers["invoice"], "paidInFull": paidInFull, "tendered": tendered}
	for _, k := range outsideKinds {
		rules["outsideKinds."+k.kind] = k.title
	}
	for _, k := range typeTitle {
		rules["typeTitle."+k.typ] = k.re
	}
	whole := map[string]bool{"disclaimers.invoice": true, "paidInFull": true, "tendered": true}
	for name, pf := range rules {
		if len(pf.Literals()) == 0 {
			t.Errorf("%s: no literals to filter with", name)
			continue
		}
		re := regexp.MustCompile(pf.String())
		lines, spared := 0, 0
		for _, d := range docs {
			texts := strings.Split(d.Text, "\n")
			switch {
			case whole[name]:
				texts = append(texts, d.Text)
			case strings.HasPrefix(name, "typeTitle."): // read folded
				texts = strings.Split(textmodel.Fold(strings.ToLower(d.Text)), "\n")
			}
			for _, s := range texts {
				lines++
				if !pf.MayMatch(s) {
					spared++
				}
				if got, want := pf.MatchString(s), re.MatchString(s); got != want {
					t.Errorf("%s on %s %.80q: %v with the filter, %v without", name, d.Name, s, got, want)
				}
			}
		}
		if spared*2 < lines {
			t.Errorf("%s: the filter spared %d of %d texts and lines, want most", name, spared, lines)
		}
	}
}

// TestUnderWritesConfidenceUnderItsThreshold: a confidence under the
// review threshold never reads as the threshold (found from outside:
// "0.75 is under the review threshold 0.75" for 0.7473), and reads as
// the console and the CLI show it, cut to two decimals (seventy-fourth
// trial: 0.74 in the flag, 0.73 in the review list, for 0.7381).
func TestUnderWritesConfidenceUnderItsThreshold(t *testing.T) {
	for _, c := range []struct {
		c, t float64
		want string
	}{{0.7473, 0.75, "0.74"}, {0.6, 0.75, "0.60"}, {0.74996, 0.75, "0.74"}, {0.7381, 0.75, "0.73"}, {0.29, 0.75, "0.29"}} {
		if got := under(c.c, c.t); got != c.want {
			t.Errorf("under(%v, %v) = %s, want %s", c.c, c.t, got, c.want)
		}
	}
}
