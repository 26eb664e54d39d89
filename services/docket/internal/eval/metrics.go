package eval

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReviewThreshold is the default policy's confidence under which a
// decision goes to review (the classifier's policy.Default); AmountThreshold
// its amount above which one does.
const (
	ReviewThreshold = 0.75
	AmountThreshold = 10000
)

// Result is what the running suite made of one variant.
type Result struct {
	Variant
	// Status is the workflow's final status, e.g. COMPLETED or WAITING_REVIEW.
	Status string
	// Type is the classified (or, in review, suggested) type; empty when
	// the workflow never got one.
	Type       string
	Confidence float64
	// Review is the review reason; empty when the decision was recorded
	// without review.
	Review string
	// Flags are the decision's flags: pii.<kind> and policy.*.
	Flags []Flag
	// Text is Docket's extracted text; Tesseract the raw tesseract CLI's
	// text of the same rendered page images (scanned variants only).
	Text, Tesseract string
}

// Correct reports whether the type is right.
func (r Result) Correct() bool { return r.Type == r.Doc.Type }

// Auto reports whether the decision was recorded without a person.
func (r Result) Auto() bool { return r.Review == "" && r.Status == "COMPLETED" }

// NeutralReview reports whether the document went to review for a reason
// its truth does not justify: the model's doubt (low confidence, or an
// ambiguous prediction set, whatever the confidence), an amount over the
// threshold when its largest amount is not, personal data the policy
// reviews that it does not hold. Review because the policy always reviews
// its type, or for an amount or personal data it does hold, is by design
// and does not count.
func (r Result) NeutralReview() bool {
	if r.Review == "" {
		return false
	}
	if doubt[r.Review] || r.Confidence < ReviewThreshold {
		return true
	}
	for _, f := range r.Flags {
		switch f.Kind {
		case "policy.amount_over_threshold":
			if r.Doc.MaxAmount <= AmountThreshold {
				return true
			}
		case "policy.pii_requires_review":
			kind, _, _ := strings.Cut(f.Detail, " ")
			if r.Doc.PIICounts()[kind] == 0 {
				return true
			}
		}
	}
	return false
}

// doubt holds the review reasons that are the model's doubt, not a policy
// rule: unfamiliar text or poor OCR, and a prediction set of more or less
// than one type (the classifier's abstain rule).
var doubt = map[string]bool{"low_confidence": true, "ambiguous_type": true}

// Flag is a decision's finding, as ingest's document API shows it.
type Flag struct {
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// PIIFound returns the occurrences of each kind of personal data the
// flags report ("pii.phone": "2 occurrence(s), first at byte 120").
func (r Result) PIIFound() map[string]int {
	n := map[string]int{}
	for _, f := range r.Flags {
		kind, ok := strings.CutPrefix(f.Kind, "pii.")
		if !ok {
			continue
		}
		count, _, _ := strings.Cut(f.Detail, " ")
		c, err := strconv.Atoi(count)
		if err != nil {
			c = 1
		}
		n[kind] += c
	}
	return n
}

// Summary adds results up.
type Summary struct {
	Docs, Correct        int
	Auto, AutoCorrect    int
	NeutralReviewed      int // correct documents sent to review for no reason of their own
	PIITruth, PIIFound   int
	PIIMatched           int
	Scans                int
	CERSum, TesseractSum float64
}

// Add counts one result in.
func (s *Summary) Add(r Result) {
	s.Docs++
	if r.Correct() {
		s.Correct++
		if r.NeutralReview() {
			s.NeutralReviewed++
		}
	}
	if r.Auto() {
		s.Auto++
		if r.Correct() {
			s.AutoCorrect++
		}
	}
	truth, found := r.Doc.PIICounts(), r.PIIFound()
	for kind, n := range truth {
		s.PIITruth += n
		s.PIIMatched += min(n, found[kind])
	}
	for _, n := range found {
		s.PIIFound += n
	}
	if Scanned(r.Format) {
		s.Scans++
		ref := Normalize(r.Doc.Text)
		s.CERSum += CER(ref, Normalize(r.Text))
		s.TesseractSum += CER(ref, Normalize(r.Tesseract))
	}
}

// ratio is a/b, 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// Accuracy is the fraction of documents typed right.
func (s Summary) Accuracy() float64 { return ratio(float64(s.Correct), float64(s.Docs)) }

// AutoPrecision is the fraction of auto-recorded documents typed right.
func (s Summary) AutoPrecision() float64 { return ratio(float64(s.AutoCorrect), float64(s.Auto)) }

// ReviewRate is the policy-neutral review load: the fraction of the
// correctly typed documents sent to review for no reason of their own (see
// Result.NeutralReview).
func (s Summary) ReviewRate() float64 { return ratio(float64(s.NeutralReviewed), float64(s.Correct)) }

// PIIRecall and PIIPrecision count occurrences by kind.
func (s Summary) PIIRecall() float64    { return ratio(float64(s.PIIMatched), float64(s.PIITruth)) }
func (s Summary) PIIPrecision() float64 { return ratio(float64(s.PIIMatched), float64(s.PIIFound)) }

// CERMean is the mean character error rate of Docket's text on the
// scanned variants; TesseractCERMean the raw tesseract CLI's.
func (s Summary) CERMean() float64          { return ratio(s.CERSum, float64(s.Scans)) }
func (s Summary) TesseractCERMean() float64 { return ratio(s.TesseractSum, float64(s.Scans)) }

// Line is the one line make eval prints.
func (s Summary) Line() string {
	return fmt.Sprintf("eval: docs=%d accuracy=%.3f auto_precision=%.3f review_rate=%.3f pii_recall=%.3f pii_precision=%.3f cer_mean=%.3f cer_vs_tesseract=%.2f",
		s.Docs, s.Accuracy(), s.AutoPrecision(), s.ReviewRate(), s.PIIRecall(), s.PIIPrecision(), s.CERMean(),
		ratio(s.CERMean(), s.TesseractCERMean()))
}

// typographic maps the characters OCR engines substitute for plain ones.
var typographic = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`, "\u2013", "-", "\u2014", "-", "\f", "\n")

// Normalize reduces a text to what reading it must get right: words in
// order, one space between the words of a line, no empty lines and no
// drawn rules (lines of dashes, which a scan shows as a line).
func Normalize(text string) string {
	var out []string
	for _, l := range strings.Split(typographic.Replace(text), "\n") {
		l = strings.Join(strings.Fields(l), " ")
		if l == "" || isRule(l) {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// isRule reports whether a line is a drawn rule: three or more of - = _.
func isRule(l string) bool {
	return len(l) >= 3 && strings.Trim(l, "-=_") == ""
}

// CER is the character error rate of hyp against ref: the edit distance
// in characters over ref's length (1 for any text against an empty ref).
func CER(ref, hyp string) float64 {
	if ref == "" {
		if hyp == "" {
			return 0
		}
		return 1
	}
	return float64(levenshtein([]rune(ref), []rune(hyp))) / float64(utf8.RuneCountInString(ref))
}

func levenshtein(a, b []rune) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
