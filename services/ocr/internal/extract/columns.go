package extract

import (
	"strings"
	"unicode"
)

// Columns of running text in a PDF's text layer. `pdftotext -layout` keeps
// a page's physical layout, which keeps a table's rows together but puts
// two columns of running text side by side, line by line: a choir's
// programme notes in two columns read at CER 0.73 in the fourteenth outside
// trial (plain `pdftotext` 0.00). readColumns finds a gutter: a character
// column where many lines start a second text after two spaces and that no
// line crosses, with running text on both sides (several words a line, few
// digits on its right: a table's right-hand columns are short cells and
// numbers, a form's left-hand one short labels), and puts the left column's
// lines before the right column's.
const (
	// columnsMinLines is the fewest lines that start a text at the gutter.
	columnsMinLines = 6
	// columnsMinWords is the least mean number of words of a side's lines.
	columnsMinWords = 3.5
	// columnsMaxDigits is the largest share of digits among the right
	// side's letters and digits.
	columnsMaxDigits = 0.25
	// columnsMaxWidth bounds the lines looked at, in characters: wider
	// pages are no columns of print, and the search is width × lines.
	columnsMaxWidth = 1000
)

// readColumns returns page, a text layer's page as `pdftotext -layout`
// writes it, with two columns of running text one after the other; any
// other page as it is.
func readColumns(page string) string {
	lines := strings.Split(page, "\n")
	runes := make([][]rune, len(lines))
	// first and last: each line's first and last non-blank rune (-1 when
	// it has none).
	first, last := make([]int, len(lines)), make([]int, len(lines))
	width := 0
	for i, l := range lines {
		r := []rune(l)
		runes[i] = r
		width = max(width, len(r))
		first[i], last[i] = -1, -1
		for j, c := range r {
			if c != ' ' {
				if first[i] < 0 {
					first[i] = j
				}
				last[i] = j
			}
		}
	}
	if width > columnsMaxWidth {
		return page
	}
	blank := func(r []rune, i int) bool { return i >= len(r) || r[i] == ' ' }
	// The column where most lines start a second text.
	best, bestN := -1, 0
	for c := 8; c < width-8; c++ {
		n := 0
		for i, r := range runes {
			if !blank(r, c) && blank(r, c-1) && blank(r, c-2) && first[i] >= 0 && first[i] < c-2 {
				n++
			}
		}
		if n > bestN {
			best, bestN = c, n
		}
	}
	if bestN < columnsMinLines {
		return page
	}
	c := best
	// The region: from the first line with text right of the gutter to
	// the last; no line in it may cross the gutter.
	from, to := -1, -1
	for i := range runes {
		if last[i] >= c {
			if from < 0 {
				from = i
			}
			to = i
		}
	}
	var left, right []string
	for i := from; i <= to; i++ {
		r := runes[i]
		if (!blank(r, c-1) && first[i] < c-1) || (!blank(r, c-2) && !blank(r, c)) {
			return page // a line runs across the gutter: not two columns
		}
		if len(r) <= c {
			left = append(left, strings.TrimRight(string(r), " "))
			right = append(right, "")
			continue
		}
		left = append(left, strings.TrimRight(string(r[:c]), " "))
		right = append(right, strings.TrimSpace(string(r[c:])))
	}
	if !runningText(left, false) || !runningText(right, true) {
		return page
	}
	out := append([]string{}, lines[:from]...)
	out = append(out, left...)
	out = append(out, "")
	out = append(out, right...)
	out = append(out, lines[to+1:]...)
	return strings.Join(out, "\n")
}

// runningText reports whether a column's lines read as running text:
// several words a line and, for the right-hand side (digits), few digits.
func runningText(lines []string, digits bool) bool {
	words, n, letters, numbers := 0, 0, 0, 0
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		words += len(f)
		n++
		for _, r := range l {
			switch {
			case unicode.IsDigit(r):
				numbers++
			case unicode.IsLetter(r):
				letters++
			}
		}
	}
	if n == 0 || float64(words)/float64(n) < columnsMinWords {
		return false
	}
	return !digits || float64(numbers) < columnsMaxDigits*float64(letters+numbers)
}
