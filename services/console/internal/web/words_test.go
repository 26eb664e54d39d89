package web

import "testing"

func TestRuleWordsAmbiguousType(t *testing.T) {
	task := ReviewTask{Reason: "ambiguous_type", SuggestedType: "tax_form", Confidence: 0.91,
		Flags: []Flag{{Kind: "model.ambiguous_type", Detail: "2 types in the prediction set at coverage 0.95: tax_form,id_document"}}}
	want := `the model cannot name one type (it suggests "tax_form" at 0.91): model.ambiguous_type: 2 types in the prediction set at coverage 0.95: tax_form,id_document`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q, want %q", got, want)
	}
}

func TestRuleWordsDegradedOCR(t *testing.T) {
	task := ReviewTask{Reason: "low_confidence", SuggestedType: "invoice", Confidence: 1,
		Flags: []Flag{{Kind: "degraded", Detail: `ocr_language_missing: tesseract has no data for language "deu"; text layer only`}}}
	want := `the document was read in a degraded mode (ocr_language_missing: tesseract has no data for language "deu"; text layer only): read it and set its type`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
}

// TestRuleWordsScoreUnderThreshold: a score under the threshold is shown
// cut, never as the threshold itself (found from outside, seventieth
// trial: 0.7489 read "0.75, below the tenant's threshold" of 0.75).
func TestRuleWordsScoreUnderThreshold(t *testing.T) {
	task := ReviewTask{Reason: "low_confidence", SuggestedType: "purchase_order", Confidence: 0.7489}
	want := `the model's confidence in "purchase_order" is 0.74, below the tenant's threshold`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
}

// TestRuleWordsModelDoubt: a text the model doubts goes to review whatever
// its confidence; the words say the model's reason, not a threshold the
// confidence is above (found from outside: "0.76, below the tenant's
// threshold" of 0.75).
func TestRuleWordsModelDoubt(t *testing.T) {
	task := ReviewTask{Reason: "low_confidence", SuggestedType: "invoice", Confidence: 0.76,
		Flags: []Flag{{Kind: "model.unfamiliar_text", Detail: "the model knows 9 of 44 of the text's words"}}}
	want := `the model knows too few of the text's words to trust its "invoice" (score 0.76); model.unfamiliar_text: the model knows 9 of 44 of the text's words`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	task.Flags = []Flag{{Kind: "model.ambiguous_type", Detail: "2 types in the prediction set at coverage 0.95: invoice,receipt"}}
	if got, want := ruleWords(task), `the model doubts its "invoice" (0.76); model.ambiguous_type: 2 types in the prediction set at coverage 0.95: invoice,receipt`; got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	// A policy reason with the model's doubt beside it says both.
	task.Reason = "rule_required"
	task.Flags = append(task.Flags, Flag{Kind: "policy.amount_over_threshold", Detail: "largest amount 34820.00 exceeds 10000"})
	if got, want := ruleWords(task), `a policy rule requires a person, and the model doubts its "invoice" (0.76) too: model.ambiguous_type: 2 types in the prediction set at coverage 0.95: invoice,receipt; policy.amount_over_threshold: largest amount 34820.00 exceeds 10000`; got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	task.Flags = []Flag{{Kind: "model.unfamiliar_text", Detail: "the model knows 7 of 51 of the text's words"}, {Kind: "policy.type_requires_review", Detail: "document type medical_record always needs review under policy default"}}
	if got, want := ruleWords(task), `a policy rule requires a person, and the model knows too few of the text's words to trust its "invoice" (score 0.76): model.unfamiliar_text: the model knows 7 of 51 of the text's words; policy.type_requires_review: document type medical_record always needs review under policy default`; got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	task.Reason = "low_confidence"
	task.Flags = []Flag{{Kind: "confidence.below_threshold", Detail: "0.60 is under the review threshold 0.75"}}
	task.Confidence = 0.6
	if got, want := ruleWords(task), `the model's confidence in "invoice" is 0.60, below the tenant's threshold`; got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	// Found from outside (twentieth trial): a claim at 0.70 whose task
	// named only its card's rule.
	task.Reason = "rule_required"
	task.SuggestedType, task.Confidence = "insurance_claim", 0.7
	task.Flags = []Flag{{Kind: "confidence.below_threshold", Detail: "0.70 is under the review threshold 0.75"}, {Kind: "policy.pii_requires_review", Detail: "payment_card found; policy default requires review"}}
	if got, want := ruleWords(task), `a policy rule requires a person, and the model's confidence in "insurance_claim" (0.70) is below the tenant's threshold too: policy.pii_requires_review: payment_card found; policy default requires review`; got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
}

// TestRuleWordsStructuralFailure: a task for a document no step could
// process says why (found from outside: "structural_failure" was all a
// password-protected PDF's task said).
func TestRuleWordsStructuralFailure(t *testing.T) {
	task := ReviewTask{Reason: "structural_failure",
		Flags: []Flag{{Kind: "failure.structural", Detail: "extract 3f…: the PDF is protected by a password: send it without the protection"}}}
	want := "a step could not process the document: extract 3f…: the PDF is protected by a password: send it without the protection"
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
}

// TestRuleWordsTitleDisagrees: a document whose title names another type
// than the model's is suggested as the title's type, which the reviewer is
// told is the title's and not the model's.
func TestRuleWordsTitleDisagrees(t *testing.T) {
	flag := Flag{Kind: "model.title_disagrees", Detail: `the title "RECIBO N.º RC 2026/4471" names receipt; the model said invoice (0.95)`}
	task := ReviewTask{Reason: "ambiguous_type", SuggestedType: "receipt", Confidence: 0.01, Flags: []Flag{flag}}
	want := `the document's title and the model disagree, suggested as the title's "receipt": ` + flag.Detail + `; confirm or set its type`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	// The same when the model knew too few of the text's words.
	task.Reason = "low_confidence"
	task.Flags = append(task.Flags, Flag{Kind: "model.unfamiliar_text", Detail: "the model knows 2 of 156 of the text's words"})
	if got := ruleWords(task); got != want {
		t.Errorf("unfamiliar text: ruleWords = %q\n want %q", got, want)
	}
}

// TestRuleWordsOutsideTypes: a document that names itself a kind none of
// the types covers is suggested as other by a rule, not by the model,
// whose score for other says nothing.
func TestRuleWordsOutsideTypes(t *testing.T) {
	flag := Flag{Kind: "model.outside_types", Detail: `the document calls itself a payslip ("Earnings Statement"), which none of the types covers: other; the model said tax_form (1.00)`}
	task := ReviewTask{Reason: "ambiguous_type", SuggestedType: "other", Confidence: 0.01, Flags: []Flag{flag}}
	want := `a kind of document none of the types covers, suggested as other: the document calls itself a payslip ("Earnings Statement"), which none of the types covers: other; the model said tax_form (1.00); confirm other or set its type`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
	task.Reason = "rule_required"
	task.Flags = append(task.Flags, Flag{Kind: "policy.amount_over_threshold", Detail: "largest amount 66084.00 exceeds 10000"})
	want = `a policy rule requires a person, and it is a kind of document none of the types covers, suggested as other: model.outside_types: ` + flag.Detail + `; policy.amount_over_threshold: largest amount 66084.00 exceeds 10000`
	if got := ruleWords(task); got != want {
		t.Errorf("ruleWords = %q\n want %q", got, want)
	}
}
