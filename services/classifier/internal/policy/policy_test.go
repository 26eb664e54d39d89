package policy

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/money"
)

var (
	types = []string{"invoice", "receipt", "id_document", "medical_record", "other"}
	kinds = []string{"ssn", "payment_card", "iban"}
)

func TestDefault(t *testing.T) {
	got := Default().For("anyone")
	want := Rules{Tenant: "default", ReviewThreshold: 0.75, AlwaysReviewTypes: []string{"id_document", "medical_record"},
		ReviewPII: []string{"payment_card"}, AmountThreshold: 10000, SLA: 24 * time.Hour}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("default rules = %+v, want %+v", got, want)
	}
}

func TestParseInheritsDefault(t *testing.T) {
	p, err := Parse([]byte(`{
		"default": {"review_threshold": 0.8, "sla": "12h"},
		"tenants": {
			"acme": {"review_pii": ["ssn", "payment_card"], "amount_threshold": 0},
			"globex": {"always_review_types": [], "review_threshold": 0.5, "sla": "2h"}
		}}`), types, kinds)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		tenant string
		want   Rules
	}{
		{"acme", Rules{Tenant: "acme", ReviewThreshold: 0.8, AlwaysReviewTypes: []string{"id_document", "medical_record"}, ReviewPII: []string{"ssn", "payment_card"}, AmountThreshold: 0, SLA: 12 * time.Hour}},
		{"globex", Rules{Tenant: "globex", ReviewThreshold: 0.5, AlwaysReviewTypes: []string{}, ReviewPII: []string{"payment_card"}, AmountThreshold: 10000, SLA: 2 * time.Hour}},
		{"initech", Rules{Tenant: "default", ReviewThreshold: 0.8, AlwaysReviewTypes: []string{"id_document", "medical_record"}, ReviewPII: []string{"payment_card"}, AmountThreshold: 10000, SLA: 12 * time.Hour}},
	}
	for _, tt := range tests {
		if got := p.For(tt.tenant); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("For(%s) = %+v, want %+v", tt.tenant, got, tt.want)
		}
	}
}

func TestAmountThresholds(t *testing.T) {
	p, err := Parse([]byte(`{
		"default": {"amount_thresholds": {"SEK": 100000}},
		"tenants": {"pl": {"amount_thresholds": {"PLN": 40000}}, "same": {}}}`), types, kinds)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.For("same").AmountThresholds; !reflect.DeepEqual(got, map[string]float64{"SEK": 100000}) {
		t.Errorf("inherited thresholds %v, want the default's", got)
	}
	pl := p.For("pl")
	if !reflect.DeepEqual(pl.AmountThresholds, map[string]float64{"PLN": 40000}) {
		t.Errorf("own thresholds %v, want PLN only (a tenant's map replaces the default's)", pl.AmountThresholds)
	}
	// Turkish lira are scaled (found from outside: a claim's 38.500,00 TL
	// was held against the bare 10,000).
	// So are naira and Philippine pesos (found from outside: 651,500 NGN
	// and 238,112 PHP are a few hundred and a few thousand dollars).
	for cur, want := range map[string]float64{"PLN": 40000, "SEK": 100000, "EUR": 10000, "": 10000, "TRY": 450000, "NGN": 15000000, "PHP": 550000} {
		if got := pl.ThresholdFor(cur); got != want {
			t.Errorf("ThresholdFor(%q) = %v, want %v", cur, got, want)
		}
	}
	amounts := []money.Amount{{Value: 39000, Currency: "PLN"}, {Value: 12000, Currency: "EUR"}, {Value: 45000, Currency: "PLN"}}
	// 45000 PLN is 1.125 of its threshold, 12000 EUR 1.2 of the default.
	if a, th, ok := pl.OverThreshold(amounts); !ok || a.Currency != "EUR" || th != 10000 {
		t.Errorf("OverThreshold = %+v %v %v, want the EUR amount against 10000", a, th, ok)
	}
	if _, _, ok := pl.OverThreshold(amounts[:1]); ok {
		t.Error("39000 PLN is over the PLN threshold of 40000")
	}
	// A cumulative figure is no transaction's amount (found from outside,
	// forty-seventh trial: a payslip's year-to-date gross).
	if a, _, ok := pl.OverThreshold([]money.Amount{{Value: 20894.80, Currency: "AUD", Cumulative: true}, {Value: 1777.48, Currency: "AUD"}}); ok {
		t.Errorf("OverThreshold = %+v; a year-to-date figure is not held against the threshold", a)
	}
	if _, err := Parse([]byte(`{"default": {"amount_thresholds": {"sek": 1, "PLN": -1}}}`), types, kinds); err == nil ||
		!strings.Contains(err.Error(), `"sek" is not a currency code`) || !strings.Contains(err.Error(), "PLN -1") {
		t.Errorf("bad thresholds: err = %v, want both reported", err)
	}
}

func TestParseReportsEveryError(t *testing.T) {
	_, err := Parse([]byte(`{
		"default": {"review_threshold": 1.5},
		"tenants": {"acme": {"always_review_types": ["passport"], "review_pii": ["dna"], "amount_threshold": -1, "sla": "soon"}}}`), types, kinds)
	if err == nil {
		t.Fatal("Parse accepted an invalid policy")
	}
	for _, want := range []string{"review_threshold 1.5", `unknown document type "passport"`, `unknown kind "dna"`, "amount_threshold -1", `sla "soon"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	if _, err := Parse([]byte(`{not json`), types, kinds); err == nil {
		t.Error("Parse accepted malformed JSON")
	}
}

func TestParseRejectsUnknownFields(t *testing.T) {
	tests := []struct {
		name string
		file string
		want string
	}{
		{"misspelled setting", `{"default": {"review_treshold": 0.99}}`, `"review_treshold"`},
		{"misspelled tenant setting", `{"tenants": {"acme": {"always_review_type": ["invoice"]}}}`, `"always_review_type"`},
		{"misspelled top-level key", `{"tenant": {"acme": {"review_threshold": 0.9}}}`, `"tenant"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.file), types, kinds)
			if err == nil {
				t.Fatalf("Parse(%s) = nil error, want one naming %s", tt.file, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %s", err, tt.want)
			}
		})
	}
}

// TestCurrencyScale: without a threshold of its own, an amount in a
// currency of small units is held against the threshold in that
// currency's magnitude (found from outside: a 40,730 ISK garage receipt,
// about 270 euros, and a Romanian salary statement went to review); an
// amount threshold of 0 is off in every currency.
func TestCurrencyScale(t *testing.T) {
	r := Default().For("anyone")
	for _, c := range []struct {
		a    money.Amount
		over bool
	}{
		{money.Amount{Value: 40730, Currency: "ISK"}, false},
		{money.Amount{Value: 15792.15, Currency: "RON"}, false},
		{money.Amount{Value: 11420.55, Currency: "PLN"}, false},
		{money.Amount{Value: 152300, Currency: "SEK"}, true},
		{money.Amount{Value: 40730, Currency: ""}, true},
		{money.Amount{Value: 10907.50, Currency: "USD"}, true},
		// Found from outside (twenty-fourth trial): 45.6 million Ugandan
		// shillings are about 12,000 dollars; 8,500 kwacha about 300.
		{money.Amount{Value: 45600000, Currency: "UGX"}, true},
		{money.Amount{Value: 4560000, Currency: "UGX"}, false},
		{money.Amount{Value: 8500, Currency: "ZMW"}, false},
	} {
		if _, _, over := r.OverThreshold([]money.Amount{c.a}); over != c.over {
			t.Errorf("%v %s over the default threshold: %v, want %v", c.a.Value, c.a.Currency, over, c.over)
		}
	}
	if !r.OwnThreshold("SEK") || r.OwnThreshold("EUR") || r.OwnThreshold("") {
		t.Error("OwnThreshold: want SEK's scaled threshold its own, EUR's and no currency's not")
	}
	r.AmountThreshold = 0
	if _, _, over := r.OverThreshold([]money.Amount{{Value: 1e9, Currency: "SEK"}}); over {
		t.Error("with the amount rule off, 1e9 SEK is over its threshold")
	}
}
