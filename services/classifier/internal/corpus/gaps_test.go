package corpus

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestGapTemplates: the templates for the categories the development set
// showed missing say what tells their type apart. A web-shop receipt
// records the payment (paid, charged); an order e-mail of other never
// does; a restaurant bill is settled; a hospitality invoice asks for
// payment; an NDA speaks of confidential information; an offer letter
// has its terms and a line to accept; a card is short and numbered; a
// health claim names a member and the fees claimed.
func TestGapTemplates(t *testing.T) {
	paid := regexp.MustCompile(`(?i)\b(paid|charged|payment (was )?successful|payment received|proof of purchase|receipt)\b`)
	paidClaim := regexp.MustCompile(`(?i)(total charged|amount paid|total paid|grand total paid|order total \(paid\)|charged to your card|payment status: paid)`)
	tests := []struct {
		name string
		tmpl func(g) []string
		ok   func(text string, nonEmpty int) bool
	}{
		{"receiptOrder", receiptOrder, func(s string, _ int) bool { return paid.MatchString(s) && paidClaim.MatchString(s) }},
		{"otherOrderNotice", otherOrderNotice, func(s string, _ int) bool {
			return !paidClaim.MatchString(s) && !strings.Contains(strings.ToLower(s), "amount due")
		}},
		{"receiptRestaurant", receiptRestaurant, func(s string, _ int) bool {
			return regexp.MustCompile(`(?i)(paid|payment approved|cash tendered|bezahlt|pagato|payé|contactless)`).MatchString(s)
		}},
		{"invoiceHospitality", invoiceHospitality, func(s string, _ int) bool {
			return regexp.MustCompile(`(?i)(amount due|total payable|balance due|please pay)`).MatchString(s) && !paidClaim.MatchString(s)
		}},
		{"contractNDA", contractNDA, func(s string, _ int) bool {
			return regexp.MustCompile(`(?i)confidential|non-disclosure|nda`).MatchString(s) && strings.Contains(s, "____")
		}},
		{"contractOffer", contractOffer, func(s string, _ int) bool {
			return regexp.MustCompile(`(?i)offer`).MatchString(s) && strings.Contains(s, "____")
		}},
		{"idCard", idCard, func(_ string, n int) bool { return n <= 7 }},
		{"claimHealth", claimHealth, func(s string, _ int) bool {
			return regexp.MustCompile(`(?i)claim|reimbursement`).MatchString(s) && regexp.MustCompile(`(?i)(subscriber|policyholder|insured|member)`).MatchString(s)
		}},
		{"medicalDental", medicalDental, func(s string, _ int) bool {
			return regexp.MustCompile(`(?i)patient`).MatchString(s) && !regexp.MustCompile(`(?i)claim`).MatchString(s)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gg := g{r: rand.New(rand.NewPCG(3, 4))}
			seen := map[string]bool{}
			for range 200 {
				text := strings.Join(tt.tmpl(gg), "\n")
				n := 0
				for _, l := range strings.Split(text, "\n") {
					if strings.TrimSpace(l) != "" {
						n++
					}
				}
				if !tt.ok(text, n) {
					t.Fatalf("%s produced a document without its distinguishing content:\n%s", tt.name, text)
				}
				seen[strings.SplitN(text, "\n", 2)[0]] = true
			}
			if len(seen) < 5 {
				t.Errorf("%s: %d distinct first lines in 200 documents, want wording variety", tt.name, len(seen))
			}
		})
	}
}

// TestGeneratorUsesGapTemplates: the committed corpus holds documents of
// the new templates (a web-shop receipt, an order e-mail without payment,
// an offer letter, a card, a dental claim).
func TestGeneratorUsesGapTemplates(t *testing.T) {
	want := map[string]*regexp.Regexp{
		"receipt":         regexp.MustCompile(`(?i)(total charged|charged to your card|grand total paid)`),
		"other":           regexp.MustCompile(`(?i)(no payment has been taken|has not been charged yet)`),
		"contract":        regexp.MustCompile(`(?i)offer you`),
		"id_document":     regexp.MustCompile(`(?i)(student id|member id|staff id|library card)`),
		"insurance_claim": regexp.MustCompile(`(?i)dental claim`),
		"invoice":         regexp.MustCompile(`(?i)(room night|buffet lunch|conference room hire)`),
	}
	found := map[string]int{}
	for _, d := range Generate(1, committedSize) {
		if re, ok := want[d.Class]; ok && re.MatchString(d.Text) {
			found[d.Class]++
		}
	}
	for class := range want {
		if found[class] < 5 {
			t.Errorf("class %s: %d documents from the new templates, want at least 5", class, found[class])
		}
	}
}
