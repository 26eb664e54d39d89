package classify_test

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/pii"
	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/policy"
)

// TestLowOCRConfidenceForcesReview is issue 17 point 4d: a decision made
// on text the OCR engine was unsure of is no more certain than that text,
// and goes to review whatever the tenant's threshold.
func TestLowOCRConfidenceForcesReview(t *testing.T) {
	pol, err := policy.Parse([]byte(`{"tenants": {"lenient": {"review_threshold": 0.3, "amount_threshold": 0}}}`), []string{"invoice", "medical_record", "other"}, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		clf        fixed
		tenant     string
		ocrPages   int
		ocrConf    float64
		review     bool
		reason     string
		rules      []string
		confidence float64
		ctxConf    string
	}{
		{"no OCR", fixed{"invoice", 0.95}, "acme", 0, 0, false, "", []string{}, 0.95, ""},
		{"good OCR", fixed{"invoice", 0.95}, "acme", 2, 0.91, false, "", []string{}, 0.95, "0.910"},
		{"OCR at the limit", fixed{"invoice", 0.95}, "acme", 1, 0.6, false, "", []string{}, 0.95, "0.600"},
		{"low OCR caps the confidence", fixed{"invoice", 0.95}, "acme", 1, 0.42, true, "low_confidence", []string{"confidence.below_threshold", "ocr.low_confidence"}, 0.42, "0.420"},
		{"low OCR under a lenient threshold", fixed{"invoice", 0.95}, "lenient", 1, 0.42, true, "low_confidence", []string{"ocr.low_confidence"}, 0.42, "0.420"},
		{"low OCR and a required rule", fixed{"medical_record", 0.9}, "acme", 3, 0.5, true, "rule_required", []string{"confidence.below_threshold", "ocr.low_confidence", "type.always_review:medical_record"}, 0.5, "0.500"},
		{"model less sure than OCR", fixed{"invoice", 0.4}, "lenient", 1, 0.55, true, "low_confidence", []string{"ocr.low_confidence"}, 0.4, "0.550"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := classify.NewEngine(tt.clf, pol, "abc")
			body := "Scan 2026-0417"
			d, err := e.Decide(context.Background(), tt.tenant, classify.Text{Body: body, Bytes: int64(len(body)), OCRPages: tt.ocrPages, OCRConfidence: tt.ocrConf})
			if err != nil {
				t.Fatal(err)
			}
			if d.Review != tt.review || d.Reason != tt.reason || d.Confidence != tt.confidence {
				t.Errorf("review=%v reason=%q confidence=%v; want %v %q %v", d.Review, d.Reason, d.Confidence, tt.review, tt.reason, tt.confidence)
			}
			if !reflect.DeepEqual(d.RulesFired, tt.rules) {
				t.Errorf("rules fired = %v, want %v", d.RulesFired, tt.rules)
			}
			if got := d.Context["ocr.mean_confidence"]; got != tt.ctxConf {
				t.Errorf("context[ocr.mean_confidence] = %q, want %q", got, tt.ctxConf)
			}
			if d.Candidates[0].Score != tt.clf.score {
				t.Errorf("top candidate score %v, want the model's %v", d.Candidates[0].Score, tt.clf.score)
			}
		})
	}
}

func TestOCRQuality(t *testing.T) {
	tests := []struct {
		name  string
		pages []events.Page
		n     int
		conf  float64
	}{
		{"none", nil, 0, 0},
		{"text layer only", []events.Page{{Number: 1, Chars: 500, Confidence: 1, Method: "text_layer"}}, 0, 0},
		{"weighted by characters", []events.Page{
			{Number: 1, Chars: 300, Confidence: 0.9, Method: "ocr"},
			{Number: 2, Chars: 900, Confidence: 1, Method: "text_layer"},
			{Number: 3, Chars: 100, Confidence: 0.5, Method: "ocr"},
		}, 2, 0.8},
		{"empty OCR pages: plain mean", []events.Page{{Number: 1, Confidence: 0.2, Method: "ocr"}, {Number: 2, Confidence: 0.4, Method: "ocr"}}, 2, 0.3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, conf := classify.OCRQuality(tt.pages)
			if n != tt.n || math.Abs(conf-tt.conf) > 1e-6 {
				t.Errorf("OCRQuality = %d, %v; want %d, %v", n, conf, tt.n, tt.conf)
			}
		})
	}
}
