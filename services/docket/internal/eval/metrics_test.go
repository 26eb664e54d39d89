package eval

import (
	"math"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestSummary: the line's figures on four results worked out by hand.
func TestSummary(t *testing.T) {
	inv := &Doc{Name: "inv", Type: "invoice", MaxAmount: 500, Text: "Total $500.00\nCall 020 7946 0321 or 020 7946 0321, a@b.example",
		PII: []PII{{"phone", "020 7946 0321"}, {"email", "a@b.example"}}}
	id := &Doc{Name: "id", Type: "id_document", Text: "DOB 01/02/1990", PII: []PII{{"date_of_birth", "01/02/1990"}}}
	results := []Result{
		// right, recorded without review; finds both phones and an e-mail that is not there twice
		{Variant: Variant{inv, FormatText}, Status: "COMPLETED", Type: "invoice", Confidence: 0.9, Text: inv.Text,
			Flags: []Flag{{"pii.phone", "2 occurrence(s), first at byte 19"}, {"pii.email", "2 occurrence(s), first at byte 40"}}},
		// right, reviewed only because the amount rule misread 500 as over 10000: neutral review
		{Variant: Variant{inv, FormatPNG}, Status: "WAITING_REVIEW", Type: "invoice", Confidence: 0.9, Review: "rule_required",
			Text: "Total $5OO.OO\nCall 020 7946 0321 or 020 7946 0321, a@b.example", Tesseract: inv.Text,
			Flags: []Flag{{"pii.phone", "1 occurrence(s), first at byte 19"}, {"policy.amount_over_threshold", "largest amount 50000 exceeds 10000"}}},
		// right, reviewed because the policy always reviews its type: by design
		{Variant: Variant{id, FormatScanPDF}, Status: "WAITING_REVIEW", Type: "id_document", Confidence: 0.8, Review: "rule_required",
			Text: "DOB 01/02/1990", Tesseract: "D0B 01/02/1990",
			Flags: []Flag{{"pii.date_of_birth", "1 occurrence(s), first at byte 4"}, {"policy.type_requires_review", "document type id_document always needs review"}}},
		// wrong and recorded without review
		{Variant: Variant{id, FormatTextPDF}, Status: "COMPLETED", Type: "tax_form", Confidence: 0.91, Text: id.Text},
	}
	var s Summary
	for _, r := range results {
		s.Add(r)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"accuracy", s.Accuracy(), 3.0 / 4},
		{"auto precision", s.AutoPrecision(), 1.0 / 2},
		{"review rate", s.ReviewRate(), 1.0 / 3},
		// truth: 3 of 3 + 1 of 3 + 1 of 1 + 0 of 1 → 5 of 8; found 4 + 1 + 1 → 5 of 6
		{"pii recall", s.PIIRecall(), 5.0 / 8},
		{"pii precision", s.PIIPrecision(), 5.0 / 6},
		// scans: 4 errors in 62 characters, 0; tesseract 0, 1 in 14
		{"cer", s.CERMean(), (4.0/62 + 0) / 2},
		{"tesseract cer", s.TesseractCERMean(), (0 + 1.0/14) / 2},
	} {
		if !near(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	want := "eval: docs=4 accuracy=0.750 auto_precision=0.500 review_rate=0.333 pii_recall=0.625 pii_precision=0.833 cer_mean=0.032 cer_vs_tesseract=0.90"
	if got := s.Line(); got != want {
		t.Errorf("line\n got %s\nwant %s", got, want)
	}
}

// TestNeutralReview: the model's doubt counts at any confidence; a policy
// rule counts only when the document's truth does not justify it.
func TestNeutralReview(t *testing.T) {
	inv := &Doc{Name: "inv", Type: "invoice", MaxAmount: 500}
	tests := []struct {
		name string
		r    Result
		want bool
	}{
		{"recorded", Result{Type: "invoice", Confidence: 0.99}, false},
		{"ambiguous set at high confidence", Result{Type: "invoice", Confidence: 0.9, Review: "ambiguous_type"}, true},
		{"low confidence reason", Result{Type: "invoice", Confidence: 0.9, Review: "low_confidence"}, true},
		{"under the threshold", Result{Type: "invoice", Confidence: 0.6, Review: "rule_required"}, true},
		{"type always reviewed", Result{Type: "invoice", Confidence: 0.9, Review: "rule_required",
			Flags: []Flag{{"policy.type_requires_review", "document type invoice always needs review"}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.r.Variant = Variant{inv, FormatText}
			if got := tt.r.NeutralReview(); got != tt.want {
				t.Errorf("NeutralReview = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCER(t *testing.T) {
	tests := []struct {
		name, ref, hyp string
		want           float64
	}{
		{"same", "abc", "abc", 0},
		{"one substitution", "abcd", "abxd", 0.25},
		{"insertion and deletion", "kitten", "sittin", 2.0 / 6},
		{"empty hypothesis", "abcd", "", 1},
		{"runes, not bytes", "£12", "£13", 1.0 / 3},
		{"empty reference", "", "x", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CER(tt.ref, tt.hyp); !near(got, tt.want) {
				t.Errorf("CER(%q, %q) = %v, want %v", tt.ref, tt.hyp, got, tt.want)
			}
		})
	}
}

// TestNormalize: layout (spaces, blank lines, page breaks, drawn rules)
// is not reading.
func TestNormalize(t *testing.T) {
	got := Normalize("Item      Qty\n\n-----------\nTea  \u2018green\u2019   2\fPage 2")
	want := strings.Join([]string{"Item Qty", "Tea 'green' 2", "Page 2"}, "\n")
	if got != want {
		t.Errorf("Normalize = %q, want %q", got, want)
	}
}
