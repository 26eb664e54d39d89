package prefilter_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/prefilter"
)

var patterns = []string{
	`(?i)(?:^|[^\p{L}])(?:pay\s?slip|earnings\s+statement|(?:lohn|gehalts)abrechnung|bulletin\s+de\s+(?:paie|salaire)|μισθοδοσ\p{L}*)(?:$|[^\p{L}])|^[^\p{L}]*n[óo]mina(?:$|[^\p{L}])`,
	`(?i:internal\s+revenue\s+service|finanzamt|skatteverket)|\b(?:HMRC|IRS|ΑΑΔΕ)\b`,
	`(?i)^(?:(?:sales|price)\s+)?(?:quotation|angebot|devis|見積書)(?:\s*$|\s*:?\s*(?:no\b\.?|nr\b\.?))`,
	`(?i)\bpaid\s+in\s+full\b`,
	`\d+[.,]\d{2}`,             // no literal: always searched
	`(?i)(?:ab|cd)\s*ef`,       // parts of two runes: none kept
	`(?i)kelvin|straße|STRESS`, // orbits beyond ASCII
}

var texts = []string{
	"", "PAYSLIP for March", "Your pay slip", "payslips", "Lohnabrechnung 03/2026", "GEHALTSABRECHNUNG",
	"ΜΙΣΘΟΔΟΣΙΑ ΜΑΡΤΙΟΥ", "μισθοδοσία", "Nómina de marzo", "  NOMINA", "nominal value", "Bulletin de salaire",
	"Internal Revenue Service", "INTERNAL  REVENUE\tSERVICE", "FINANZAMT Köln", "the first IRS notice", "irs", "ΑΑΔΕ",
	"Quotation No. 4471", "sales quotation", "見積書", "Angebot nr 9", "quote", "PAID IN FULL", "paid  in\nfull",
	"12,50", "no digits", "ABEF", "cdef", "\u212Aelvin", "KELVIN", "ſtress", "STRAẞE", "straße", "strasse",
}

// TestSameMatchesAsTheExpression: the filter never hides a match.
func TestSameMatchesAsTheExpression(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range patterns {
		re, pf := regexp.MustCompile(p), prefilter.MustCompile(p)
		cases := slices.Clone(texts)
		for range 2000 {
			a, b := texts[rng.IntN(len(texts))], texts[rng.IntN(len(texts))]
			cases = append(cases, a+" "+b, a+"\n"+strings.ToUpper(b), strings.ToLower(a)+b)
		}
		for _, s := range cases {
			if got, want := pf.MatchString(s), re.MatchString(s); got != want {
				t.Errorf("%s on %q: %v, want %v", p, s, got, want)
			}
			if got, want := pf.FindStringIndex(s), re.FindStringIndex(s); !slices.Equal(got, want) {
				t.Errorf("%s FindStringIndex %q: %v, want %v", p, s, got, want)
			}
			if got, want := pf.FindAllStringSubmatchIndex(s, -1), re.FindAllStringSubmatchIndex(s, -1); len(got) != len(want) {
				t.Errorf("%s FindAllStringSubmatchIndex %q: %v, want %v", p, s, got, want)
			}
			// A text folded once for several expressions answers alike.
			ft := prefilter.NewText(s)
			if got, want := pf.Match(ft), re.MatchString(s); got != want {
				t.Errorf("%s Match %q: %v, want %v", p, s, got, want)
			}
			if got, want := pf.FindAllSubmatchIndex(ft, -1), re.FindAllStringSubmatchIndex(s, -1); len(got) != len(want) {
				t.Errorf("%s FindAllSubmatchIndex %q: %v, want %v", p, s, got, want)
			}
		}
	}
}

// TestLiterals: what the filter reads from a pattern, and what it leaves.
func TestLiterals(t *testing.T) {
	for _, tt := range []struct {
		expr string
		want []string
	}{
		{`(?i)\bpaid\s+in\s+full\b`, []string{"PAID"}},
		{`(?i)(?:lohn|gehalts)abrechnung|n[óo]mina`, []string{"LOHNABRECHNUNG", "GEHALTSABRECHNUNG", "NOMINA", "NÓMINA"}},
		{`(?i)quotation|quote`, []string{"QUOTATION", "QUOTE"}}, // parsed as quot(?:ation|e), spelt out again
		{`(?i)\bpay\s?slip|pay\s?roll`, []string{"SLIP", "ROLL"}},
		{`(?i)lønseddel|lønsedel`, []string{"LØNSEDDEL", "LØNSEDEL"}},
		{`(?i)finanzamt|finanzamt köln`, []string{"FINANZAMT"}},
		{`\d+[.,]\d{2}`, nil},
		{`(?i)(?:ab|cd)ef`, []string{"ABEF", "CDEF"}},
		{`(?i)(?:ab|cd)\s*ef`, nil}, // parts of two runes
		{`(?i)x?(?:abc)?def`, []string{"DEF"}},
		{`(?i)ſtraße`, []string{"STRAßE"}}, // ß folds to ẞ, not to "ss", as in the expression
	} {
		got := prefilter.MustCompile(tt.expr).Literals()
		slices.Sort(got)
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: literals %q, want %q", tt.expr, got, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Straße": "STRAßE", "STRAẞE": "STRAßE", "\u212Aelvin": "KELVIN", "ſ": "S", "Σσς": "ΣΣΣ", "abc 123": "ABC 123"} {
		if got := prefilter.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
