package web

import (
	"regexp"
	"sort"
	"strings"
)

// Segment is a run of extracted text: plain (Kind "") or a finding — PII
// (pii.*) or an amount — that the page highlights. PII is masked.
type Segment struct {
	Text string `json:"t"`
	Kind string `json:"k,omitempty"`
}

type detector struct {
	kind string
	re   *regexp.Regexp
	ok   func(string) bool
}

// The console's own detectors follow the classifier's kinds; they decide
// what to mask and highlight on screen, not what the workflow records.
var detectors = []detector{
	{kind: "pii.email", re: regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)},
	{kind: "pii.iban", re: regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b`), ok: ibanValid},
	{kind: "pii.ssn", re: regexp.MustCompile(`\b\d{3}-\d{2}-\d{4}\b`)},
	{kind: "pii.payment_card", re: regexp.MustCompile(`\b(?:\d[ -]?){12,18}\d\b`), ok: luhn},
	{kind: "pii.phone", re: regexp.MustCompile(`(?:\+\d{1,3}[ .-]?)?\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b`)},
	{kind: "pii.date_of_birth", re: regexp.MustCompile(`(?i)\b(?:date of birth|dob|born)[:\s]+\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}`)},
	{kind: "amount", re: regexp.MustCompile(`(?:[$€£]\s?\d{1,3}(?:,\d{3})*(?:\.\d{2})?|\b\d{1,3}(?:,\d{3})*(?:\.\d{2})\s?(?:USD|EUR|GBP|CHF)\b|\b(?:USD|EUR|GBP|CHF)\s?\d{1,3}(?:,\d{3})*(?:\.\d{2})?)`)},
}

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func luhn(s string) bool {
	d := digits(s)
	if len(d) < 13 || len(d) > 19 {
		return false
	}
	sum, alt := 0, false
	for i := len(d) - 1; i >= 0; i-- {
		n := int(d[i] - '0')
		if alt {
			if n *= 2; n > 9 {
				n -= 9
			}
		}
		sum += n
		alt = !alt
	}
	return sum%10 == 0
}

func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	r := s[4:] + s[:4]
	mod := 0
	for _, c := range r {
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
			mod = (mod*10 + v) % 97
			continue
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		default:
			return false
		}
		mod = (mod*100 + v) % 97
	}
	return mod == 1
}

// Mask hides a finding but its last four characters (an e-mail keeps its
// first letter and domain).
func Mask(kind, s string) string {
	if kind == "amount" {
		return s
	}
	if kind == "pii.email" {
		at := strings.IndexByte(s, '@')
		if at > 0 {
			return s[:1] + strings.Repeat("•", 3) + s[at:]
		}
	}
	rs := []rune(s)
	sep := func(r rune) bool { return r == ' ' || r == '-' || r == '.' }
	n := 0
	for _, r := range rs {
		if !sep(r) {
			n++
		}
	}
	keep := 4
	if n <= keep+2 {
		keep = 0
	}
	out := make([]rune, len(rs))
	seen := 0
	for i := len(rs) - 1; i >= 0; i-- {
		r := rs[i]
		switch {
		case sep(r):
			out[i] = r
		case seen < keep:
			out[i] = r
			seen++
		default:
			out[i] = '•'
		}
	}
	var b strings.Builder
	b.WriteString(string(out))
	return b.String()
}

// Segments splits text into plain runs and findings; with mask, PII is
// masked. Overlapping findings keep the earliest, then the longest.
func Segments(text string, mask bool) []Segment {
	type hit struct {
		a, b int
		kind string
	}
	var hits []hit
	for _, d := range detectors {
		for _, m := range d.re.FindAllStringIndex(text, -1) {
			if d.ok != nil && !d.ok(text[m[0]:m[1]]) {
				continue
			}
			hits = append(hits, hit{m[0], m[1], d.kind})
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].a != hits[j].a {
			return hits[i].a < hits[j].a
		}
		return hits[i].b-hits[i].a > hits[j].b-hits[j].a
	})
	var out []Segment
	pos := 0
	for _, h := range hits {
		if h.a < pos {
			continue
		}
		if h.a > pos {
			out = append(out, Segment{Text: text[pos:h.a]})
		}
		t := text[h.a:h.b]
		if mask {
			t = Mask(h.kind, t)
		}
		out = append(out, Segment{Text: t, Kind: h.kind})
		pos = h.b
	}
	if pos < len(text) {
		out = append(out, Segment{Text: text[pos:]})
	}
	if out == nil {
		out = []Segment{}
	}
	return out
}
