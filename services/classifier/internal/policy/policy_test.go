package policy

import (
	"reflect"
	"strings"
	"testing"
	"time"
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
