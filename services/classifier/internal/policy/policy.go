// Package policy holds the per-tenant compliance policy: the confidence
// under which a decision goes to human review, document types and kinds of
// personal data that always need review, an amount threshold (and one per
// currency where the default's number means something else), and the
// review SLA. A policy file (JSON) keys tenants by id; a tenant inherits
// every setting it leaves out from "default".
package policy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"time"

	"github.com/docket-run/docket/pkg/money"
)

// Rules is the resolved policy of one tenant.
type Rules struct {
	// Tenant is the tenant id the rules were resolved for, or "default".
	Tenant string
	// ReviewThreshold: a confidence under it goes to review.
	ReviewThreshold float64
	// AlwaysReviewTypes always go to review.
	AlwaysReviewTypes []string
	// ReviewPII are the kinds of personal data that force review.
	ReviewPII []string
	// AmountThreshold: an amount above it forces review; 0 turns the rule off.
	AmountThreshold float64
	// AmountThresholds are the thresholds of amounts in given currencies
	// (ISO 4217 code → threshold; 0 turns the rule off for that
	// currency); an amount in any other currency, or in none, has
	// AmountThreshold. Nil for none.
	AmountThresholds map[string]float64
	// SLA is how long a reviewer has.
	SLA time.Duration
}

// entry is one policy of the file; nil fields inherit from the default.
type entry struct {
	ReviewThreshold   *float64            `json:"review_threshold"`
	AlwaysReviewTypes *[]string           `json:"always_review_types"`
	ReviewPII         *[]string           `json:"review_pii"`
	AmountThreshold   *float64            `json:"amount_threshold"`
	AmountThresholds  *map[string]float64 `json:"amount_thresholds"`
	SLA               *string             `json:"sla"`
}

type file struct {
	Default entry            `json:"default"`
	Tenants map[string]entry `json:"tenants"`
}

// Policy is the policy of every tenant.
type Policy struct {
	def     Rules
	tenants map[string]Rules
}

// Default returns the built-in policy: review under 0.75 confidence, always
// review id_document and medical_record, payment card numbers force review,
// amounts above 10000 force review, 24h SLA.
func Default() *Policy {
	return &Policy{def: defaultRules(), tenants: map[string]Rules{}}
}

func defaultRules() Rules {
	return Rules{
		Tenant:            "default",
		ReviewThreshold:   0.75,
		AlwaysReviewTypes: []string{"id_document", "medical_record"},
		ReviewPII:         []string{"payment_card"},
		AmountThreshold:   10000,
		SLA:               24 * time.Hour,
	}
}

// Load reads a policy file. types and piiKinds are the known document types
// and kinds of personal data; the file may name no others. Every problem is
// reported at once.
func Load(path string, types, piiKinds []string) (*Policy, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read policy file: %w", err)
	}
	return Parse(b, types, piiKinds)
}

// Parse parses a policy file's bytes; see Load. A key it does not know (a
// misspelled setting) is an error, not a setting silently left at its
// default.
func Parse(b []byte, types, piiKinds []string) (*Policy, error) {
	var f file
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("parse policy: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("parse policy: data after the policy object")
	}
	var errs []error
	p := &Policy{tenants: map[string]Rules{}}
	p.def = apply(defaultRules(), f.Default, "default", types, piiKinds, &errs)
	for id, e := range f.Tenants {
		if id == "" {
			errs = append(errs, errors.New("policy: empty tenant id"))
			continue
		}
		p.tenants[id] = apply(p.def, e, id, types, piiKinds, &errs)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return p, nil
}

func apply(base Rules, e entry, name string, types, piiKinds []string, errs *[]error) Rules {
	r := base
	r.Tenant = name
	bad := func(format string, args ...any) {
		*errs = append(*errs, fmt.Errorf("policy %s: "+format, append([]any{name}, args...)...))
	}
	if e.ReviewThreshold != nil {
		if *e.ReviewThreshold < 0 || *e.ReviewThreshold > 1 {
			bad("review_threshold %v: want 0..1", *e.ReviewThreshold)
		}
		r.ReviewThreshold = *e.ReviewThreshold
	}
	if e.AlwaysReviewTypes != nil {
		for _, t := range *e.AlwaysReviewTypes {
			if !slices.Contains(types, t) {
				bad("always_review_types: unknown document type %q (known: %v)", t, types)
			}
		}
		r.AlwaysReviewTypes = slices.Clone(*e.AlwaysReviewTypes)
	}
	if e.ReviewPII != nil {
		for _, k := range *e.ReviewPII {
			if !slices.Contains(piiKinds, k) {
				bad("review_pii: unknown kind %q (known: %v)", k, piiKinds)
			}
		}
		r.ReviewPII = slices.Clone(*e.ReviewPII)
	}
	if e.AmountThreshold != nil {
		if *e.AmountThreshold < 0 {
			bad("amount_threshold %v: want >= 0 (0 turns it off)", *e.AmountThreshold)
		}
		r.AmountThreshold = *e.AmountThreshold
	}
	if e.AmountThresholds != nil {
		r.AmountThresholds = map[string]float64{}
		for code, v := range *e.AmountThresholds {
			if !isoCode.MatchString(code) {
				bad("amount_thresholds: %q is not a currency code (three capital letters, such as SEK)", code)
			}
			if v < 0 {
				bad("amount_thresholds %s %v: want >= 0 (0 turns it off)", code, v)
			}
			r.AmountThresholds[code] = v
		}
	}
	if e.SLA != nil {
		d, err := time.ParseDuration(*e.SLA)
		if err != nil || d <= 0 {
			bad("sla %q: want a positive Go duration such as 24h", *e.SLA)
		}
		r.SLA = d
	}
	return r
}

// isoCode is an ISO 4217 code's shape.
var isoCode = regexp.MustCompile(`^[A-Z]{3}$`)

// ThresholdFor is the amount threshold of an amount in currency ("" for
// none): the currency's own; for a currency whose unit is worth a small
// fraction of a euro or a dollar, AmountThreshold in that currency's
// magnitude (currencyScale); else AmountThreshold.
func (r Rules) ThresholdFor(currency string) float64 {
	if t, ok := r.AmountThresholds[currency]; ok && currency != "" {
		return t
	}
	if f, ok := currencyScale[currency]; ok {
		return r.AmountThreshold * f
	}
	return r.AmountThreshold
}

// OwnThreshold reports whether currency has a threshold of its own, set
// (AmountThresholds) or scaled (currencyScale), rather than
// AmountThreshold as it stands.
func (r Rules) OwnThreshold(currency string) bool {
	_, set := r.AmountThresholds[currency]
	_, scaled := currencyScale[currency]
	return currency != "" && (set || scaled)
}

// currencyScale says how many units of a currency make roughly one euro
// or dollar, rounded to a round figure (2026): magnitudes, not exchange
// rates. Held against the bare threshold, a Swedish rent or a Romanian
// salary went to review as if it were a six-figure sum (found from
// outside); AmountThresholds sets exact figures, and an AmountThreshold
// of 0 turns the rule off in every currency.
var currencyScale = map[string]float64{
	"SEK": 10, "NOK": 10, "DKK": 7.5, "ISK": 150, "PLN": 4, "CZK": 25,
	"HUF": 400, "RON": 5, "BGN": 2, "RSD": 120, "UAH": 45, "TRY": 45,
	"JPY": 150, "CNY": 7.5, "INR": 90, "HKD": 8, "MXN": 20, "BRL": 5.5, "ZAR": 20,
	// Found from outside: a Nigerian claim's naira and a Philippine
	// order's pesos went to review for a few hundred and a few thousand
	// dollars' worth.
	"NGN": 1500, "PHP": 55, "KES": 130, "GHS": 12, "EGP": 50, "MAD": 10, "AED": 4, "SAR": 4, "QAR": 4,
	"ILS": 4, "THB": 35, "IDR": 16000, "MYR": 4.5, "KRW": 1400, "TWD": 30, "VND": 25000, "PKR": 280,
	"BDT": 120, "LKR": 300, "CLP": 950, "COP": 4000, "PEN": 4, "ARS": 1000, "UYU": 40,
	"JMD": 155, "TTD": 7, "XCD": 2.7, "BZD": 2,
	// Found from outside (twenty-fourth trial): a Ugandan order's
	// shillings.
	"UGX": 3700, "TZS": 2600, "RWF": 1400, "ZMW": 27, "MWK": 1750, "ETB": 150, "XOF": 600, "XAF": 600,
	"BWP": 14, "NAD": 18, "MUR": 46, "FJD": 2.3, "PGK": 4, "NPR": 135, "MMK": 2100, "KHR": 4000,
	"BND": 1.35, "KZT": 500, "AZN": 1.7, "BYN": 3.3, "MDL": 18,
	"MKD": 57, "DZD": 135, "TND": 3, "JOD": 0.7, "KWD": 0.3, "BHD": 0.38,
	"OMR": 0.38, "DOP": 60, "GTQ": 7.7, "HNL": 25, "PYG": 7500,
	// Found from outside (seventy-first trial): a Maputo payslip's meticais.
	"MZN": 64, "AOA": 900,
}

// OverThreshold returns, among amounts, the one furthest over its
// currency's threshold (the largest share of it) and that threshold;
// false when none is over. A cumulative figure (year to date, received
// to date) is no transaction's amount and is not held against it.
func (r Rules) OverThreshold(amounts []money.Amount) (money.Amount, float64, bool) {
	var best money.Amount
	var bestT, bestShare float64
	found := false
	for _, a := range amounts {
		t := r.ThresholdFor(a.Currency)
		if t <= 0 || a.Value <= t || a.Cumulative {
			continue
		}
		if share := a.Value / t; !found || share > bestShare {
			best, bestT, bestShare, found = a, t, share, true
		}
	}
	return best, bestT, found
}

// For returns the rules of tenant: its own, or the default.
func (p *Policy) For(tenant string) Rules {
	if r, ok := p.tenants[tenant]; ok {
		return r
	}
	return p.def
}
