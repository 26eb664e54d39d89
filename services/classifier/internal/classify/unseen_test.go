package classify_test

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/corpus"
)

// Floors on testdata/unseen, 20 documents written by hand that the
// generator never produced (measured 19 right, none of the errors
// recorded without review, 3 of the 19 right ones reviewed), set a little
// lower so that a retrained model fails only on a real regression; no
// error may ever be recorded without review.
const (
	unseenAccuracyFloor = 0.9
	unseenReviewCeiling = 0.2
)

func TestUnseenDocuments(t *testing.T) {
	docs, err := corpus.Load("testdata/unseen")
	if err != nil {
		t.Fatal(err)
	}
	r, err := classify.Evaluate(context.Background(), builtIn(t), docs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("unseen: %d documents, accuracy %.4f, %d errors recorded without review, review load %.4f; errors %v; reviewed %v",
		r.Docs, r.Accuracy, r.AutoErrors, r.ReviewLoad, r.Errors, r.Reviewed)
	if r.Accuracy < unseenAccuracyFloor || r.AutoErrors > 0 || r.ReviewLoad > unseenReviewCeiling {
		t.Errorf("accuracy %.4f (floor %.2f), %d errors recorded without review (want 0), review load %.4f (ceiling %.2f)",
			r.Accuracy, unseenAccuracyFloor, r.AutoErrors, r.ReviewLoad, unseenReviewCeiling)
	}
	raw, err := os.ReadFile("../../model/metrics.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Unseen classify.Report `json:"unseen"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Unseen, r) {
		t.Errorf("model/metrics.json unseen = %+v, measured %+v: run make model", m.Unseen, r)
	}
}

// Floors on testdata/dev, 22 documents written by hand in the categories
// the generator lacked (web-shop receipts and order e-mails, restaurant
// bills, short NDAs and offer letters, student, staff and membership cards,
// dental and medical claims): measured 22 right, none recorded wrongly, 4
// of the 22 reviewed. Unlike testdata/unseen they were looked at while the
// generator and the abstain rule changed, so they guard against a
// regression, not measure generalisation.
const (
	devAccuracyFloor = 0.95
	devReviewCeiling = 0.25
)

func TestDevDocuments(t *testing.T) {
	docs, err := corpus.Load("testdata/dev")
	if err != nil {
		t.Fatal(err)
	}
	r, err := classify.Evaluate(context.Background(), builtIn(t), docs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("dev: %d documents, accuracy %.4f, %d errors recorded without review, review load %.4f; errors %v; reviewed %v",
		r.Docs, r.Accuracy, r.AutoErrors, r.ReviewLoad, r.Errors, r.Reviewed)
	if r.Accuracy < devAccuracyFloor || r.AutoErrors > 0 || r.ReviewLoad > devReviewCeiling {
		t.Errorf("accuracy %.4f (floor %.2f), %d errors recorded without review (want 0), review load %.4f (ceiling %.2f)",
			r.Accuracy, devAccuracyFloor, r.AutoErrors, r.ReviewLoad, devReviewCeiling)
	}
	raw, err := os.ReadFile("../../model/metrics.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Dev classify.Report `json:"dev"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Dev, r) {
		t.Errorf("model/metrics.json dev = %+v, measured %+v: run make model", m.Dev, r)
	}
}

// TestForeignDevDocuments measures the hand-written development documents
// in German, French, Spanish, Dutch, Portuguese, Italian, Swedish and
// Polish (testdata/dev-i18n, written apart from the corpus's templates: one
// per type, then a Swedish tax return, a Polish VAT invoice and hospital
// discharge letter, a Spanish restaurant bill, a Spanish residents' notice
// and a Swedish nursery's letter to parents): none may be recorded wrong
// without review, and at least eight in ten must be typed right (the
// English-only corpus typed five of the first ten).
func TestForeignDevDocuments(t *testing.T) {
	docs, err := corpus.Load("testdata/dev-i18n")
	if err != nil {
		t.Fatal(err)
	}
	r, err := classify.Evaluate(context.Background(), builtIn(t), docs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("dev-i18n: %d documents, accuracy %.4f, %d errors recorded without review; errors %v; reviewed %v",
		r.Docs, r.Accuracy, r.AutoErrors, r.Errors, r.Reviewed)
	if r.Docs != 16 || r.Accuracy < 0.8 || r.AutoErrors > 0 {
		t.Errorf("%d documents, accuracy %.4f (floor 0.80), %d errors recorded without review (want 16, 0)", r.Docs, r.Accuracy, r.AutoErrors)
	}
}

// TestOtherLanguageDocuments measures testdata/other-languages: 45
// documents in fifteen European languages the corpus does not write
// (Danish, Norwegian, Finnish, Czech, Slovak, Hungarian, Romanian, Greek,
// Turkish, Croatian, Slovenian, Estonian, Latvian, Lithuanian, Icelandic;
// three each, every type in four or more), written apart from the project
// for this measurement. Before the glossary 25 were typed right; with it
// 40. The model does not know these languages, so none may be recorded
// wrong without review: the type it names is a reviewer's starting point.
func TestOtherLanguageDocuments(t *testing.T) {
	docs, err := corpus.Load("testdata/other-languages")
	if err != nil {
		t.Fatal(err)
	}
	r, err := classify.Evaluate(context.Background(), builtIn(t), docs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("other-languages: %d documents, accuracy %.4f, %d errors recorded without review, review load %.4f; errors %v",
		r.Docs, r.Accuracy, r.AutoErrors, r.ReviewLoad, r.Errors)
	if r.Docs != 45 || r.Accuracy < 0.95 || r.AutoErrors > 0 {
		t.Errorf("%d documents, accuracy %.4f (floor 0.95), %d errors recorded without review (want 45, 0)", r.Docs, r.Accuracy, r.AutoErrors)
	}
	// 28 of the 40 right ones went to review, nearly all as unfamiliar
	// text, before a title that names the model's type could vouch for it
	// (titled.go): 19. A title that names another type than the model's
	// now offers the title's type, in review: 44 right, 23 reviewed; the
	// right ones recorded without review stay 21.
	if r.ReviewLoad > 0.55 {
		t.Errorf("review load %.4f of the right documents, want at most 0.55", r.ReviewLoad)
	}
}
