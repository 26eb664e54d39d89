package extract

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A page whose text layer covers only part of it — a fax machine's header
// line over a scanned page, a form's typed fields over a scanned form —
// is also read by the engine, and the engine's lines are merged into the
// text layer's: a line whose words the text layer already holds, in the
// same order and give or take a misread character (text drawn over the
// image, or a searchable scan's invisible layer, which the engine reads
// again) is dropped; the others follow the text layer.
const (
	// knownWordShare is the share of a line's word pairs found in the
	// text layer from which the line counts as already there.
	knownWordShare = 0.6
	// minAddedConfidence is the least engine confidence for its lines to
	// be added: below it the images are photos or noise, not text.
	minAddedConfidence = 0.5
)

// withTextLayer merges the engine's reading of a page, ocr, into the
// page's text layer. When the engine adds nothing (every line is in the
// layer already, fewer than minTextLayerChars characters are new, or its
// confidence is below minAddedConfidence), the page is its text layer.
// Otherwise the page's text is the text layer, a blank line, and the new
// lines; its method is ocr and its confidence the mean of the text layer's
// (1) and the engine's, weighted by their characters.
func withTextLayer(layer string, ocr Page) Page {
	textOnly := Page{Number: ocr.Number, Text: layer, Confidence: 1, Method: MethodTextLayer}
	if ocr.Confidence < minAddedConfidence {
		return textOnly
	}
	extra := newLines(layer, ocr.Text)
	if nonSpace(extra) < minTextLayerChars {
		return textOnly
	}
	nl, ne := float64(utf8.RuneCountInString(layer)), float64(utf8.RuneCountInString(extra))
	return Page{
		Number:     ocr.Number,
		Text:       layer + "\n\n" + extra,
		Confidence: (nl + ne*ocr.Confidence) / (nl + ne),
		Method:     MethodOCR,
	}
}

// newLines returns the lines of text whose words known does not already
// hold: a line with at least knownWordShare of its word pairs in known,
// give or take a misread character, is dropped; paragraph breaks between
// the lines kept are kept.
func newLines(known, text string) string {
	knownPairs := pairs(words(known))
	set := map[string]bool{}
	for _, w := range knownPairs {
		set[w] = true
	}
	var added []string
	for line := range strings.SplitSeq(text, "\n") {
		ws := words(line)
		if len(ws) == 0 {
			if len(added) > 0 && added[len(added)-1] != "" {
				added = append(added, "") // keep paragraph breaks
			}
			continue
		}
		found, ps := 0, pairs(ws)
		for _, w := range ps {
			if set[w] || slices.ContainsFunc(knownPairs, func(l string) bool { return nearlyEqual(w, l) }) {
				found++
			}
		}
		if float64(found) >= knownWordShare*float64(len(ps)) {
			continue
		}
		added = append(added, line)
	}
	return strings.TrimSpace(strings.Join(added, "\n"))
}

// pairs returns each word and the word after it, joined by a space; a
// single word is its own pair. Matching pairs rather than words keeps a
// line that only shares some words with the text layer (a letterhead that
// repeats the sender of a fax header).
func pairs(ws []string) []string {
	if len(ws) == 1 {
		return ws
	}
	out := make([]string, 0, len(ws))
	for i := 1; i < len(ws); i++ {
		out = append(out, ws[i-1]+" "+ws[i])
	}
	return out
}

// nearlyEqual reports whether a and b differ by at most one edit (a
// character changed, added or removed) per eight characters: the engine's
// misreadings of a word the text layer holds.
func nearlyEqual(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	limit := 1 + min(len(ra), len(rb))/8
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return false
	}
	prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := i
		for j := 1; j <= len(rb); j++ {
			sub := prev[j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
			best = min(best, cur[j])
		}
		if best > limit {
			return false
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)] <= limit
}

// words splits s into lowercase words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
