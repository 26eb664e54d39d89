package classify_test

import (
	"context"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/layout"
	"github.com/docket-run/docket/pkg/pii"
	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/policy"
)

// fixed is a hand-written classifier that always gives the same answer.
type fixed struct {
	typ   string
	score float64
}

func (f fixed) Classify(context.Context, string) (classify.Prediction, error) {
	return classify.Prediction{Candidates: []events.Candidate{{Type: f.typ, Score: f.score}, {Type: "other", Score: 1 - f.score}},
		Context: map[string]string{"model.top_features": "fake=1.000"}}, nil
}
func (fixed) Model() events.Model { return events.Model{Name: "fixed", Version: "v1"} }

func TestDecideRules(t *testing.T) {
	types := []string{"invoice", "receipt", "id_document", "medical_record", "other"}
	pol, err := policy.Parse([]byte(`{"tenants": {"lenient": {"review_threshold": 0.5, "amount_threshold": 0},
		"nordic": {"amount_thresholds": {"SEK": 100000, "NOK": 0}}}}`), types, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		clf        fixed
		tenant     string
		text       string
		review     bool
		reason     string
		priority   int
		rules      []string
		flags      []string
		ctxKey     string
		ctxWant    string
		confidence float64
	}{
		{"confident invoice is classified", fixed{"invoice", 0.95}, "acme", "Invoice\nTotal: $500.00", false, "", 0, []string{}, []string{}, "amount.max", "500.00 USD", 0.95},
		{"low confidence", fixed{"invoice", 0.6}, "acme", "Our ref. 4471\nTotal: $500.00", true, "low_confidence", 0, []string{"confidence.below_threshold"}, []string{"confidence.below_threshold"}, "policy.review_threshold", "0.75", 0.6},
		{"tenant threshold lower", fixed{"invoice", 0.6}, "lenient", "Our ref. 4471", false, "", 0, []string{}, []string{}, "policy.tenant", "lenient", 0.6},
		{"exactly at threshold is classified", fixed{"invoice", 0.75}, "acme", "Our ref. 4471", false, "", 0, []string{}, []string{}, "decision", "classified", 0.75},
		{"type always reviewed", fixed{"id_document", 0.99}, "acme", "Passport", true, "rule_required", 1,
			[]string{"type.always_review:id_document"}, []string{"policy.type_requires_review"}, "decision", "review:rule_required", 0.99},
		{"payment card forces review", fixed{"receipt", 0.97}, "acme", "Paid with 4111 1111 1111 1111", true, "rule_required", 2,
			[]string{"pii.requires_review:payment_card"}, []string{"pii.payment_card", "policy.pii_requires_review"}, "pii.kinds", "payment_card", 0.97},
		{"pii flagged without review", fixed{"invoice", 0.97}, "acme", "Contact jane@example.com", false, "", 0,
			[]string{}, []string{"pii.email"}, "pii.kinds", "email", 0.97},
		{"amount over threshold", fixed{"invoice", 0.97}, "acme", "Total: EUR 12.345,67", true, "rule_required", 2,
			[]string{"amount.over_threshold"}, []string{"policy.amount_over_threshold"}, "amount.max", "12345.67 EUR", 0.97},
		{"amount from a balance column", fixed{"bank_statement", 0.97}, "acme", "Date     Description      Balance\n02 Oct   Transfer in      212,450.10", true, "rule_required", 2,
			[]string{"amount.over_threshold"}, []string{"policy.amount_over_threshold"}, "amount.basis", "column", 0.97},
		{"boilerplate limit is not an amount", fixed{"bank_statement", 0.97}, "acme", "Deposits are insured by the FDIC up to $250,000 per depositor.", false, "", 0,
			[]string{}, []string{}, "amount.max", "", 0.97},
		{"fund code under an amount header", fixed{"other", 0.97}, "acme", "Description          Amount\nFund code            30417", false, "", 0,
			[]string{}, []string{}, "amount.max", "", 0.97},
		// Per-currency thresholds: a krona amount is held against the
		// tenant's SEK threshold, others against amount_threshold.
		{"krona amount under its currency's threshold", fixed{"invoice", 0.97}, "nordic", "Att betala: SEK 52,300.00", false, "", 0,
			[]string{}, []string{}, "amount.max", "52300.00 SEK", 0.97},
		{"krona amount over its currency's threshold", fixed{"invoice", 0.97}, "nordic", "Att betala: SEK 152,300.00", true, "rule_required", 2,
			[]string{"amount.over_threshold"}, []string{"policy.amount_over_threshold"}, "policy.amount_thresholds", "NOK=0,SEK=100000", 0.97},
		{"euro amount beside a larger krona one", fixed{"invoice", 0.97}, "nordic", "Att betala: SEK 52,300.00\nTotal: EUR 12.345,67", true, "rule_required", 2,
			[]string{"amount.over_threshold"}, []string{"policy.amount_over_threshold"}, "amount.max", "52300.00 SEK", 0.97},
		{"currency whose rule is off", fixed{"invoice", 0.97}, "nordic", "Å betale: NOK 152,300.00", false, "", 0,
			[]string{}, []string{}, "amount.max", "152300.00 NOK", 0.97},
		// The context names the threshold the largest amount was held
		// against (found from outside, forty-sixth trial).
		{"krona amount's threshold in the context", fixed{"invoice", 0.97}, "nordic", "Att betala: SEK 52,300.00", false, "", 0,
			[]string{}, []string{}, "amount.threshold", "100000", 0.97},
		{"a scaled currency's threshold in the context", fixed{"invoice", 0.97}, "acme", "Fizetendő: 148 500 Ft", false, "", 0,
			[]string{}, []string{}, "amount.threshold", "4000000", 0.97},
		{"amount rule off for tenant", fixed{"invoice", 0.97}, "lenient", "Total: EUR 12.345,67", false, "", 0, []string{}, []string{}, "policy.amount_threshold", "0", 0.97},
		{"rule and low confidence", fixed{"medical_record", 0.4}, "acme", "Patient", true, "rule_required", 1,
			[]string{"confidence.below_threshold", "type.always_review:medical_record"}, []string{"confidence.below_threshold", "policy.type_requires_review"}, "rules.fired", "confidence.below_threshold,type.always_review:medical_record", 0.4},
		{"rule and low confidence: the doubt is told beside the rule", fixed{"medical_record", 0.4}, "acme", "Patient", true, "rule_required", 1,
			[]string{"confidence.below_threshold", "type.always_review:medical_record"}, []string{"confidence.below_threshold", "policy.type_requires_review"}, "review.doubt", "low_confidence", 0.4},
		{"rule alone: no doubt told", fixed{"id_document", 0.99}, "acme", "Passport", true, "rule_required", 1,
			[]string{"type.always_review:id_document"}, []string{"policy.type_requires_review"}, "review.doubt", "", 0.99},
		{"empty text", fixed{"invoice", 0.99}, "acme", "  \n\t", true, "low_confidence", 0, []string{"text.empty", "confidence.below_threshold"}, []string{}, "text.empty", "true", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := classify.NewEngine(tt.clf, pol, "abc")
			d, err := e.Decide(context.Background(), tt.tenant, classify.Text{Body: tt.text, Bytes: int64(len(tt.text))})
			if err != nil {
				t.Fatal(err)
			}
			var flags []string
			for _, f := range d.Flags {
				flags = append(flags, f.Kind)
				if f.Detail == "" {
					t.Errorf("flag %s has no detail", f.Kind)
				}
			}
			if flags == nil {
				flags = []string{}
			}
			if d.Review != tt.review || d.Reason != tt.reason || d.Priority != tt.priority || d.Confidence != tt.confidence {
				t.Errorf("review=%v reason=%q priority=%d confidence=%v; want %v %q %d %v", d.Review, d.Reason, d.Priority, d.Confidence, tt.review, tt.reason, tt.priority, tt.confidence)
			}
			if !reflect.DeepEqual(d.RulesFired, tt.rules) {
				t.Errorf("rules fired = %v, want %v", d.RulesFired, tt.rules)
			}
			if !reflect.DeepEqual(flags, tt.flags) {
				t.Errorf("flags = %v, want %v", flags, tt.flags)
			}
			if got := d.Context[tt.ctxKey]; got != tt.ctxWant {
				t.Errorf("context[%s] = %q, want %q", tt.ctxKey, got, tt.ctxWant)
			}
			if d.Model != (events.Model{Name: "fixed", Version: "v1+policy.abc"}) {
				t.Errorf("model = %+v", d.Model)
			}
		})
	}
}

func TestDecideRecordsTruncationAndSLA(t *testing.T) {
	e := classify.NewEngine(fixed{"invoice", 0.9}, policy.Default(), "builtin")
	d, err := e.Decide(context.Background(), "acme", classify.Text{Body: "Invoice", Bytes: 9 << 20, Truncated: true, CapBytes: 5 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Context["text.truncated"], "classified the first 5242880 of 9437184 bytes"; got != want {
		t.Errorf("text.truncated = %q, want %q", got, want)
	}
	if d.SLA != 24*time.Hour || d.Context["policy.sla"] != "24h0m0s" {
		t.Errorf("SLA %s / %q, want 24h", d.SLA, d.Context["policy.sla"])
	}
}

// The rules read a bounded prefix of a long text: a 3 MB text of invoice
// lines is decided in seconds, not minutes (found from outside: such a
// text outlived every attempt of the classifier's one-minute step), and
// goes to a person, since its amounts and personal data past the prefix
// were not checked: an amount over the threshold in its last line is not
// recorded unseen.
func TestRulesReadABoundedPrefix(t *testing.T) {
	pol, err := policy.Parse([]byte(`{"default": {"always_review_types": [], "review_pii": [], "amount_threshold": 10000}}`), nil, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	e := classify.NewEngine(fixed{"invoice", 0.95}, pol, "test")
	line := "Invoice line item widget 12.50 EUR quantity 1 total 12.50\n"
	body := strings.Repeat(line, 3<<20/len(line)) + "Total due: EUR 250,000.00\n"
	d, err := e.Decide(context.Background(), "acme", classify.Text{Body: body, Bytes: int64(len(body))})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Review || d.Reason != classify.ReasonRuleRequired || !slices.Contains(d.RulesFired, classify.RuleTextUnread) {
		t.Fatalf("review=%v reason=%q rules %v, want a required review for the text the rules did not read", d.Review, d.Reason, d.RulesFired)
	}
	if n, _ := strconv.Atoi(d.Context["text.rules_read"]); n == 0 || n > layout.MaxRuleBytes || !strings.HasPrefix(body, body[:n]) || body[n-1] != '\n' {
		t.Errorf("text.rules_read = %q, want a line's end within %d bytes", d.Context["text.rules_read"], layout.MaxRuleBytes)
	}
	if !slices.ContainsFunc(d.Flags, func(f events.Flag) bool {
		return f.Kind == "policy.text_beyond_rules" && strings.Contains(f.Detail, "not checked")
	}) {
		t.Errorf("flags %v, want one telling the reviewer what the rules did not read", d.Flags)
	}
	if d.Context["amount.max"] != "12.50 EUR" {
		t.Errorf("amount.max = %q, want the prefix's 12.50 EUR", d.Context["amount.max"])
	}

	// A text the rules read whole fires nothing of the kind.
	short := strings.Repeat(line, 100)
	if d, err = e.Decide(context.Background(), "acme", classify.Text{Body: short, Bytes: int64(len(short))}); err != nil {
		t.Fatal(err)
	}
	if d.Review || slices.Contains(d.RulesFired, classify.RuleTextUnread) || d.Context["text.rules_read"] != "" {
		t.Errorf("short text: review=%v rules %v rules_read %q, want it recorded", d.Review, d.RulesFired, d.Context["text.rules_read"])
	}
}

func TestBuiltInOnCorpusSamples(t *testing.T) {
	b := builtIn(t)
	tests := []struct{ file, want string }{
		{"../../corpus/contract/contract-0001.txt", "contract"},
		{"../../corpus/bank_statement/bank_statement-0002.txt", "bank_statement"},
		{"../../corpus/tax_form/tax_form-0003.txt", "tax_form"},
	}
	for _, tt := range tests {
		text, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.Classify(context.Background(), string(text))
		if err != nil {
			t.Fatal(err)
		}
		if p.Candidates[0].Type != tt.want || p.Candidates[0].Score < 0.75 || p.Context["model.top_features"] == "" {
			t.Errorf("%s: candidates %+v context %v, want %s above 0.75 with top features", tt.file, p.Candidates, p.Context, tt.want)
		}
	}
}

// A text the model knows almost nothing of gets a score that says nothing
// about it (the classes' biases, or one stray word): it must go to review,
// however high that score is.
func TestBuiltInUnfamiliarTextGoesToReview(t *testing.T) {
	b := builtIn(t)
	pol, err := policy.Parse([]byte(`{"tenants": {"lenient": {"review_threshold": 0.6, "always_review_types": [], "review_pii": []}}}`), b.Types(), pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	e := classify.NewEngine(b, pol, "test")
	tests := []struct {
		name, tenant, text string
		review, titled     bool
		// unfamiliar: the review must say the text is unfamiliar; a text
		// the model knows a fifth of goes for its doubt alone.
		unfamiliar bool
	}{
		{"lorem ipsum", "acme", "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua", true, false, true},
		{"nothing known, lenient tenant", "lenient", "asdkj qwoeiu zmxnc poiuy lkjhg mnbvc qazwsx edcrfv", true, false, true},
		{"punctuation only, lenient tenant", "lenient", " .\n-- ", true, false, true},
		// Found from outside (eighty-third trial): two lines, recorded as
		// a bank statement at 0.96.
		{"two lines of an account, lenient tenant", "lenient", "Tilinumero (IBAN): FI95 4711 0100 5882 3\nKiitos.", true, false, true},
		{"an account and a number, lenient tenant", "lenient", "Account 4d. 1840512400716\nCNP: 1840512400716", true, false, true},
		{"corpus-like bank statement", "acme", "Bank statement\nStatement period 03/01/2025 - 03/31/2025\nAccount ending 4821\nBeginning balance 2,310.55\nACH deposit payroll 1,905.22\nEnding balance 3,382.01", false, false, false},
		// Languages outside the corpus: a few words known (IBAN, EUR,
		// the figures' neighbours), most not.
		// Their titles named the type the model gave: recorded, the
		// title in the decision's context (titled.go). Since the field
		// documents of the twenty-fourth trial the model knows Hungarian
		// well enough to record the invoice without its title.
		{"Finnish account statement, titled, lenient tenant", "lenient", "Osuuspankki Järviseutu\nTiliote ajalta 1.10.2026 - 31.10.2026\nTilinomistaja: Aino Virtanen, Koivukuja 4 B 12, 60100 Seinäjoki\nTilinumero FI21 1234 5600 0007 85\nAlkusaldo 1 204,55 EUR\nKirjauspäivä Maksaja/saaja Selite Määrä\n02.10. Seinäjoen kaupunki palkka +2 310,40\n05.10. Lähikauppa Kivikko korttiostos -84,12\n12.10. Vuokranantaja Oy vuokra -690,00\n20.10. Sähköyhtiö lasku -73,80\nLoppusaldo 2 667,03 EUR\nKysyttävää? Soita asiakaspalveluumme arkisin klo 8-18.", false, true, false},
		{"Hungarian invoice, titled, lenient tenant", "lenient", "Számla\nSzámla sorszáma: KV-2026/0412\nKiállító: Kovács és Társa Kft., 1052 Budapest, Petőfi utca 9.\nVevő: Szabó Éva egyéni vállalkozó, Debrecen\nTeljesítés dátuma: 2026. november 4.\nFizetési határidő: 2026. november 19.\nMegnevezés Mennyiség Egységár Összesen\nIrodai szék javítása 3 db 8 500 Ft 25 500 Ft\nKiszállási díj 1 alkalom 6 000 Ft 6 000 Ft\nNettó összeg 31 500 Ft\nÁFA 27% 8 505 Ft\nFizetendő összesen 40 005 Ft\nKöszönjük, hogy minket választott!", false, false, false},
		// A title naming a kind none of the types covers settles an
		// unfamiliar text the model called other (found from outside,
		// eighty-sixth trial: reviewed as unfamiliar at the 0.978 the
		// title set).
		{"Hungarian newsletter, titled, lenient tenant", "lenient", "BALATON OPTIKA HÍRLEVÉL\n2026. november\n\nKedves Vásárlóink!\n\nTéli nyitvatartásunk december 1-jétől: hétfőtől péntekig 9-17 óráig, szombaton 9-12 óráig.\n\nZárva tart.\n\nÚj szolgáltatás: számítógépes látásvizsgálat időpontfoglalással, akár online\nis. Kisgyermekes családoknak a gyermekszemüvegek kereteire 20% kedvezményt\nadunk.\n\nKöszönjük, hogy idén is minket választottak!\nSzabó Judit üzletvezető\nTel.: +36 87 341 225", false, false, false},
		// The same without their titles: the model's score is all there
		// is. The field documents of the twenty-first to twenty-third
		// trials taught the model Hungarian words (10 of the invoice's 49):
		// it goes to review for the model's doubt, no longer as unfamiliar.
		{"Finnish account statement, lenient tenant", "lenient", "Osuuspankki Järviseutu\nAjalta 1.10.2026 - 31.10.2026\nTilinomistaja: Aino Virtanen, Koivukuja 4 B 12, 60100 Seinäjoki\nTilinumero FI21 1234 5600 0007 85\nAlkusaldo 1 204,55 EUR\nKirjauspäivä Maksaja/saaja Selite Määrä\n02.10. Seinäjoen kaupunki palkka +2 310,40\n05.10. Lähikauppa Kivikko korttiostos -84,12\n12.10. Vuokranantaja Oy vuokra -690,00\n20.10. Sähköyhtiö lasku -73,80\nLoppusaldo 2 667,03 EUR\nKysyttävää? Soita asiakaspalveluumme arkisin klo 8-18.", true, false, true},
		{"Hungarian invoice, lenient tenant", "lenient", "Sorszám: KV-2026/0412\nKiállító: Kovács és Társa Kft., 1052 Budapest, Petőfi utca 9.\nVevő: Szabó Éva egyéni vállalkozó, Debrecen\nTeljesítés dátuma: 2026. november 4.\nFizetési határidő: 2026. november 19.\nMegnevezés Mennyiség Egységár Összesen\nIrodai szék javítása 3 db 8 500 Ft 25 500 Ft\nKiszállási díj 1 alkalom 6 000 Ft 6 000 Ft\nNettó összeg 31 500 Ft\nÁFA 27% 8 505 Ft\nFizetendő összesen 40 005 Ft\nKöszönjük, hogy minket választott!", true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := e.Decide(context.Background(), tt.tenant, classify.Text{Body: tt.text, Bytes: int64(len(tt.text))})
			if err != nil {
				t.Fatal(err)
			}
			if d.Review != tt.review {
				t.Errorf("review = %v (type %s, confidence %v, rules %v, known %s), want %v", d.Review, d.Type, d.Confidence, d.RulesFired, d.Context["model.known_features"], tt.review)
			}
			if tt.review && d.Reason != classify.ReasonLowConfidence && (tt.unfamiliar || d.Reason != classify.ReasonAmbiguousType) {
				t.Errorf("reason = %q, want %q", d.Reason, classify.ReasonLowConfidence)
			}
			if tt.unfamiliar && tt.tenant == "lenient" && !slices.Contains(d.RulesFired, classify.RuleUnfamiliar) {
				t.Errorf("rules %v (known words %s), want %s", d.RulesFired, d.Context["model.known_words"], classify.RuleUnfamiliar)
			}
			if tt.unfamiliar && tt.tenant == "lenient" && !slices.ContainsFunc(d.Flags, func(f events.Flag) bool { return f.Kind == classify.RuleUnfamiliar && f.Detail != "" }) {
				t.Errorf("flags %+v, want one saying why the text is unfamiliar", d.Flags)
			}
			if got := d.Context["model.titled"] != ""; got != tt.titled {
				t.Errorf("model.titled = %q (type %s, rules %v), want one: %v", d.Context["model.titled"], d.Type, d.RulesFired, tt.titled)
			}
		})
	}
}

// builtIn loads the committed built-in model.
func builtIn(t testing.TB) *classify.BuiltIn {
	t.Helper()
	raw, err := os.ReadFile("../../model/model.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := classify.NewBuiltIn(raw)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A title that names another type than the model's sends the document to
// a person, however sure the model is, and offers the title's type (found
// from outside: a Portuguese receipt whose body pays an invoice was
// recorded as an invoice at 0.95); a title that names the model's type,
// or none, changes nothing.
func TestTitleNamingAnotherTypeGoesToReview(t *testing.T) {
	pol, err := policy.Parse([]byte(`{"default": {"always_review_types": [], "review_pii": [], "amount_threshold": 0}}`), nil, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	receipt := "RECIBO N.º RC 2026/4471\nRecebemos de Ana Sousa a quantia de 350,00 EUR\nreferente ao pagamento da fatura FT 2026/11893.\n"
	for _, tt := range []struct {
		name, typ, text string
		review          bool
	}{
		{"a receipt the model calls an invoice", "invoice", receipt, true},
		{"a receipt the model calls a receipt", "receipt", receipt, false},
		{"no title", "invoice", "Recebemos a quantia de 350,00 EUR referente à fatura FT 2026/11893.\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(fixed{tt.typ, 0.95}, pol, "t").Decide(context.Background(), "acme", classify.Text{Body: tt.text, Bytes: int64(len(tt.text))})
			if err != nil {
				t.Fatal(err)
			}
			title := slices.Contains(d.RulesFired, classify.RuleTitle)
			if d.Review != tt.review || title != tt.review || (tt.review && d.Reason != classify.ReasonAmbiguousType) {
				t.Errorf("review %v (%s), rules %v; want review %v for the title", d.Review, d.Reason, d.RulesFired, tt.review)
			}
			// The reviewer is offered the title's type.
			if want := map[bool]string{true: "receipt", false: tt.typ}[tt.review]; d.Type != want {
				t.Errorf("type %s, want %s", d.Type, want)
			}
		})
	}
}

// TestCoverageAsTheModelStatesIt: the prediction set's coverage is
// written as the model states it (0.955), not rounded to two decimals
// (found from outside: review tasks said "coverage 0.95", the README
// 0.955).
func TestCoverageAsTheModelStatesIt(t *testing.T) {
	p, err := builtIn(t).Classify(context.Background(), "Dear customer, thank you for your letter of 3 May.")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Context["model.coverage"]; got != "0.955" {
		t.Errorf("model.coverage = %q, want 0.955", got)
	}
}
