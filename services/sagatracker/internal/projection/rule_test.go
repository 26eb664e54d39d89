package projection

import "testing"

func TestRuleOf(t *testing.T) {
	tests := []struct {
		name       string
		confidence string
		flags      []Flag
		ctx        map[string]string
		want       string
	}{
		{"policy rules, not other findings", "0.97",
			[]Flag{{Kind: "pii.email", Detail: "1 e-mail address"}, {Kind: "policy.amount_over_threshold", Detail: "largest amount 66000.00 USD exceeds 10000"},
				{Kind: "policy.pii_requires_review", Detail: "payment_card found; policy default requires review"}},
			map[string]string{"rules.fired": "amount.over_threshold"},
			"policy.amount_over_threshold: largest amount 66000.00 USD exceeds 10000; policy.pii_requires_review: payment_card found; policy default requires review"},
		// Found from outside (sixth trial): a purchase order over the amount
		// threshold, typed at 0.54 with two types in doubt, was shown the
		// amount rule alone.
		{"policy rule and the model's doubt", "0.54",
			[]Flag{{Kind: "model.ambiguous_type", Detail: "2 types in the prediction set at coverage 0.95: purchase_order,invoice"}, {Kind: "policy.amount_over_threshold", Detail: "largest amount 10321.30 EUR exceeds 10000"}},
			map[string]string{"rules.fired": "model.ambiguous_type,confidence.below_threshold,amount.over_threshold", "model.ambiguous": "2 types in the prediction set at coverage 0.95: purchase_order,invoice", "policy.review_threshold": "0.75"},
			"policy.amount_over_threshold: largest amount 10321.30 EUR exceeds 10000; model.ambiguous_type: 2 types in the prediction set at coverage 0.95: purchase_order,invoice; confidence.below_threshold: confidence 0.54 is below the threshold 0.75"},
		{"low confidence", "0.41", nil, map[string]string{"rules.fired": "confidence.below_threshold,model.unfamiliar_text", "policy.review_threshold": "0.75"},
			"confidence.below_threshold: confidence 0.41 is below the threshold 0.75; model.unfamiliar_text: the model knows too few of the document's words"},
		{"empty text", "0.00", nil, map[string]string{"rules.fired": "text.empty,confidence.below_threshold", "policy.review_threshold": "0.75"},
			"text.empty: no text was extracted from the document; confidence.below_threshold: confidence 0.00 is below the threshold 0.75"},
		{"degraded OCR", "1.00", nil, map[string]string{"rules.fired": "ocr.degraded", "degraded": "ocr_language_missing: tesseract has no data for language \"deu\"; text layer only"},
			"ocr.degraded: ocr_language_missing: tesseract has no data for language \"deu\"; text layer only — read the document and set its type"},
		{"other with an IBAN", "0.98", nil, map[string]string{"rules.fired": "model.other_with_payment_details"},
			"model.other_with_payment_details: typed other, but the text holds bank or card details"},
		{"ambiguous type and poor OCR", "0.88", nil, map[string]string{"rules.fired": "model.ambiguous_type,ocr.low_confidence,model.other_low_margin", "model.ambiguous": "2 types in the prediction set at coverage 0.95: receipt,invoice", "ocr.mean_confidence": "0.412"},
			"model.ambiguous_type: 2 types in the prediction set at coverage 0.95: receipt,invoice; ocr.low_confidence: the OCR engine read the pages with confidence 0.412; model.other_low_margin: other leads the next type by too little"},
		// Found from outside (thirty-ninth trial): a review for a title
		// that names another type said only that confidence 0.00 was low.
		{"a title that names another type", "0.00",
			[]Flag{{Kind: "model.title_disagrees", Detail: "the title \"POLICY SCHEDULE\" names contract; the model said insurance_claim (1.00)"}, {Kind: "confidence.below_threshold", Detail: "0.00 is under the review threshold 0.75"}},
			map[string]string{"rules.fired": "model.title_disagrees,confidence.below_threshold", "policy.review_threshold": "0.75"},
			"model.title_disagrees: the title \"POLICY SCHEDULE\" names contract; the model said insurance_claim (1.00); confidence.below_threshold: confidence 0.00 is below the threshold 0.75"},
		{"the exception agent's review", "", nil, map[string]string{"parked_reason": "structural failure: pdf: no pages"}, "structural failure: pdf: no pages"},
		{"nothing more than the reason", "", nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RuleOf(tt.confidence, tt.flags, tt.ctx); got != tt.want {
				t.Errorf("RuleOf = %q\n want %q", got, tt.want)
			}
		})
	}
}
