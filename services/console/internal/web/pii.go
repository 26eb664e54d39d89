package web

import (
	"sort"
	"strings"

	"github.com/docket-run/docket/pkg/money"
	"github.com/docket-run/docket/pkg/pii"
)

// Segment is a run of extracted text: plain (Kind "") or a finding — PII
// (pii.*) or an amount — that the page highlights. PII is masked.
type Segment struct {
	Text string `json:"t"`
	Kind string `json:"k,omitempty"`
	// At is a finding's start and end, in bytes, in the text it was
	// found in (a page's, unmasked): where a script places it in the
	// extracted text, whose masked span may be shorter (found from
	// outside: a trial had to align masked e-mails by edit distance).
	At []int `json:"at,omitempty"`
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
// masked. Of overlapping findings the earliest, then the longest, names
// the span.
func Segments(text string, mask bool) []Segment {
	type hit struct {
		a, b int
		kind string
	}
	var hits []hit
	// The classifier's own detectors (pkg/pii): what it reports as
	// personal data is what a reviewer must not see in clear.
	for _, m := range pii.Matches(text) {
		hits = append(hits, hit{m.Start, m.End, "pii." + m.Kind})
	}
	// Amounts as the classifier's amount rule reads them (pkg/money):
	// "EUR 3.218,36" whole, a code or a limit not at all.
	for _, m := range money.Amounts(text) {
		hits = append(hits, hit{m.Start, m.End, "amount"})
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].a != hits[j].a {
			return hits[i].a < hits[j].a
		}
		return hits[i].b-hits[i].a > hits[j].b-hits[j].a
	})
	// Overlapping findings are one span, personal data if either is: no
	// part of personal data is left in clear, not even where an amount's
	// reading runs into it ("$ 123-45-6789").
	var merged []hit
	for _, h := range hits {
		if n := len(merged); n > 0 && h.a < merged[n-1].b {
			last := &merged[n-1]
			if h.kind != "amount" {
				last.b = max(last.b, h.b)
				if last.kind == "amount" {
					last.kind = h.kind
				}
			}
			continue
		}
		merged = append(merged, h)
	}
	var out []Segment
	pos := 0
	for _, h := range merged {
		if h.a > pos {
			out = append(out, Segment{Text: text[pos:h.a]})
		}
		t := text[h.a:h.b]
		if mask {
			t = Mask(h.kind, t)
		}
		out = append(out, Segment{Text: t, Kind: h.kind, At: []int{h.a, h.b}})
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
