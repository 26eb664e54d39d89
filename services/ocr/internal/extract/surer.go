package extract

import (
	"strings"
	"unicode"
)

// wordBox is a word of a page's reading: where it stands in the reading's
// Text (start, end), its box in the image and Tesseract's confidence in
// it (0..100; negative: none).
type wordBox struct {
	start, end               int
	left, top, right, bottom int
	conf                     float64
}

// Word choice between two readings of a page (surerWords): a word is taken
// from the other reading when that one read it at surerWordConfidence or
// more, margin or more above the first: surerWordMargin for any word of
// a table, surerNumberMargin for a number a language's model read
// (surerNumbers).
const (
	surerWordConfidence = 85
	surerWordMargin     = 25
	surerNumberMargin   = 15
)

// surerNumbers returns read, a page's reading in a language beside
// English, with each number (a word of digits and signs, no letter) that
// english, its reading in English alone, read in the same place far more
// surely taken from english: a German statement's "Neuer Kontostand
// 27.077,12" was read "21.077,12" at 66 by deu+eng and right at 87 by
// English alone (found from outside, hundred-and-twentieth trial). Digits
// are no language's; the words, their letters and marks, stay the
// language's reading's.
func surerNumbers(read, english PageText) PageText {
	return surer(read, english, surerNumberMargin, func(w string) bool {
		return strings.ContainsFunc(w, unicode.IsDigit) && !strings.ContainsFunc(w, unicode.IsLetter)
	})
}

// surerWords returns rows, a reading of a page in rows, with each word that
// other, another reading of the same page, read in the same place far more
// surely taken from other. A table read in rows keeps each row's cells on
// its line, but Tesseract reads some cells worse across the gaps between
// them than the automatic reading does cell by cell: a German statement's
// "Neuer Kontostand 3.350,95" read "37350,95" at 46 against 96, its dates
// "09.11." and "22.11." read "89717:" and "22211," (found from outside,
// hundred-and-fourteenth trial: a balance not on the page sent the
// statement to review). Only words are taken, never the other reading's
// order or lines.
func surerWords(rows, other PageText) PageText {
	return surer(rows, other, surerWordMargin, nil)
}

// surer returns rows with each word that other read in the same place at
// surerWordConfidence or more, margin or more above it, taken from
// other; only words both readings spell as only says, when it is set.
func surer(rows, other PageText, margin float64, only func(string) bool) PageText {
	if len(rows.words) == 0 || len(other.words) == 0 {
		return rows
	}
	words := make([]wordBox, len(rows.words))
	var text strings.Builder
	// moved holds, for each word replaced, the offset in rows.Text after
	// which the text moved and by how much in all (for the lines' starts).
	var moved [][2]int
	last, shift := 0, 0
	var confDiff float64
	for i, w := range rows.words {
		words[i] = w
		words[i].start, words[i].end = w.start+shift, w.end+shift
		o, ok := sameBox(w, other.words)
		if !ok || w.conf < 0 || o.conf < surerWordConfidence || o.conf < w.conf+margin {
			continue
		}
		read, by := rows.Text[w.start:w.end], other.Text[o.start:o.end]
		if read == by || only != nil && (!only(read) || !only(by)) {
			continue
		}
		text.WriteString(rows.Text[last:w.start])
		text.WriteString(by)
		last = w.end
		if w.conf >= sureWordConfidence {
			rows.sure -= alnum(read)
		}
		rows.sure += alnum(by)
		confDiff += min(o.conf, 100) - min(w.conf, 100)
		words[i].end, words[i].conf = words[i].start+len(by), o.conf
		shift += len(by) - len(read)
		moved = append(moved, [2]int{w.end, shift})
	}
	if len(moved) == 0 {
		return rows
	}
	text.WriteString(rows.Text[last:])
	rows.Text = text.String()
	rows.words = words
	if n := scored(words); n > 0 {
		rows.Confidence += confDiff / float64(n) / 100
	}
	starts := make([]lineStart, len(rows.starts))
	for i, s := range rows.starts {
		starts[i] = s
		for _, m := range moved {
			if s.offset >= m[0] {
				starts[i].offset = s.offset + m[1]
			}
		}
	}
	rows.starts = starts
	return rows
}

// sameBox returns the word of words that stands where w does: their boxes
// overlap by four fifths of each one's width and of the lower one's
// height (a reading in rows may draw a word's box taller, to its row's
// other cells).
func sameBox(w wordBox, words []wordBox) (wordBox, bool) {
	for _, o := range words {
		across := min(w.right, o.right) - max(w.left, o.left)
		down := min(w.bottom, o.bottom) - max(w.top, o.top)
		if across*5 >= (w.right-w.left)*4 && across*5 >= (o.right-o.left)*4 &&
			down*5 >= min(w.bottom-w.top, o.bottom-o.top)*4 && down > 0 {
			return o, true
		}
	}
	return wordBox{}, false
}

// scored counts the words Tesseract gave a confidence.
func scored(words []wordBox) int {
	n := 0
	for _, w := range words {
		if w.conf >= 0 {
			n++
		}
	}
	return n
}
