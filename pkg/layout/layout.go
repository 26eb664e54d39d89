// Package layout reads the two-dimensional shape of extracted text that
// the rules need: the lines, the cells of a line (text runs separated by
// two or more spaces, a tab or a '|'), the label left of a value on its
// line or on the line above, and the column header above a value in a
// table. Text from a PDF text layer or from OCR keeps tables as aligned
// columns of plain text; this package recovers which header a value sits
// under from those columns.
package layout

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text is a text split into lines.
type Text struct {
	s     string
	lines []Line
	// cells and kinds memoize Cells and the line's kind per line.
	cells [][]Cell
	kinds []lineKind
}

// lineKind is what a line is to HeaderAbove; 0 means not yet known.
type lineKind uint8

const (
	kindUnknown lineKind = iota
	kindBlank
	kindRule
	kindHeader
	kindProse
	kindRow
)

// Line is one line of a Text: s[Start:End], without its line break.
type Line struct {
	Start, End int
}

// Cell is a run of a line's text between column gaps.
type Cell struct {
	// Start and End are byte offsets in the whole text.
	Start, End int
	// Col and ColEnd are its display columns (tabs expanded to 8).
	Col, ColEnd int
	// Index is the cell's position in its line, from 0; in a '|' table it
	// counts the pipes before the cell.
	Index int
	// Text is the cell's text.
	Text string
}

// MaxLineBytes bounds a line. The rules look left, right and above every
// value along its line, so one hostile line of megabytes would cost time
// quadratic in its length; a longer line is cut into lines of at most this
// many bytes, after a space where there is one. No table row or sentence a
// label belongs to is that long.
const MaxLineBytes = 1024

// MaxRuleBytes bounds the text the rules built on this package (pkg/money,
// pkg/pii) are given by their callers. They cost up to 35 µs a byte on
// text dense with numbers, so a text of megabytes would take minutes (found
// from outside: a 3 MB text of invoice lines outlived every attempt of the
// classifier's one-minute step). 256 KiB is a hundred pages of prose, read
// in seconds at worst.
const MaxRuleBytes = 256 << 10

// RulePrefix returns the text the rules read of s: s itself, or its first
// MaxRuleBytes cut back to a line's end, else to a space, else to a rune's
// start, so that no number is read in part, and whether it was cut.
func RulePrefix(s string) (string, bool) {
	if len(s) <= MaxRuleBytes {
		return s, false
	}
	cut, half := MaxRuleBytes, MaxRuleBytes/2
	for _, ends := range []string{"\n\f", " \t"} {
		if i := strings.LastIndexAny(s[half:cut], ends); i >= 0 {
			return s[:half+i+1], true
		}
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], true
}

// New splits s into lines. A form feed, which parts a document's pages,
// ends a line too: "of base salary.\f5. PENSION" is two lines (found from
// outside: a clause's number read as the salary's sum).
func New(s string) *Text {
	t := &Text{s: s}
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\f' {
			end := i
			if end > start && s[end-1] == '\r' {
				end--
			}
			t.addLine(start, end)
			start = i + 1
		}
	}
	t.addLine(start, len(s))
	t.cells = make([][]Cell, len(t.lines))
	t.kinds = make([]lineKind, len(t.lines))
	return t
}

// addLine adds s[start:end] as lines of at most MaxLineBytes.
func (t *Text) addLine(start, end int) {
	for end-start > MaxLineBytes {
		cut := start + MaxLineBytes
		if sp := strings.LastIndexAny(t.s[start+MaxLineBytes/2:cut], " \t"); sp >= 0 {
			cut = start + MaxLineBytes/2 + sp + 1
		}
		for c := cut; c > start+MaxLineBytes/2; c-- {
			if utf8.RuneStart(t.s[c]) {
				cut = c
				break
			}
		}
		t.lines = append(t.lines, Line{start, cut})
		start = cut
	}
	t.lines = append(t.lines, Line{start, end})
}

// String returns the whole text.
func (t *Text) String() string { return t.s }

// Lines returns the lines.
func (t *Text) Lines() []Line { return t.lines }

// LineAt returns the index of the line holding byte offset off.
func (t *Text) LineAt(off int) int {
	lo, hi := 0, len(t.lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if t.lines[mid].Start <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// LineText returns the text of line i.
func (t *Text) LineText(i int) string {
	l := t.lines[i]
	return t.s[l.Start:l.End]
}

// Column returns the display column of byte offset off within its line.
func (t *Text) Column(off int) int {
	l := t.lines[t.LineAt(off)]
	return column(t.s[l.Start:off])
}

func column(prefix string) int {
	c := 0
	for _, r := range prefix {
		if r == '\t' {
			c += 8 - c%8
		} else {
			c++
		}
	}
	return c
}

// Cells returns the cells of line i. The slice is shared: do not modify it.
func (t *Text) Cells(i int) []Cell {
	if t.cells[i] == nil {
		t.cells[i] = t.splitCells(i)
		if t.cells[i] == nil {
			t.cells[i] = []Cell{}
		}
	}
	return t.cells[i]
}

func (t *Text) splitCells(i int) []Cell {
	l := t.lines[i]
	line := t.s[l.Start:l.End]
	var cells []Cell
	pipes := 0
	cellStart := -1
	col, cellCol := 0, 0
	flush := func(end, endCol int) {
		if cellStart < 0 {
			return
		}
		txt := strings.TrimRightFunc(line[cellStart:end], unicode.IsSpace)
		cells = append(cells, Cell{Start: l.Start + cellStart, End: l.Start + cellStart + len(txt), Col: cellCol,
			ColEnd: cellCol + utf8.RuneCountInString(txt), Index: len(cells), Text: txt})
		if strings.Contains(line, "|") {
			cells[len(cells)-1].Index = pipes
		}
		cellStart = -1
	}
	for i, r := range line {
		w := 1
		if r == '\t' {
			w = 8 - col%8
		}
		switch {
		case r == '|':
			flush(i, col)
			pipes++
		case r == '\t', r == ' ' && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			// Two spaces or a tab end a cell.
			flush(i, col)
		case unicode.IsSpace(r):
			// One space stays inside a cell; leading spaces start none.
		default:
			if cellStart < 0 {
				cellStart, cellCol = i, col
			}
		}
		col += w
	}
	flush(len(line), col)
	return cells
}

// kind classifies line i once.
func (t *Text) kind(i int) lineKind {
	if t.kinds[i] == kindUnknown {
		switch {
		case t.IsBlank(i):
			t.kinds[i] = kindBlank
		case t.isRule(i):
			t.kinds[i] = kindRule
		case t.IsHeader(i):
			t.kinds[i] = kindHeader
		case t.isProse(i) && !t.continuesRow(i):
			t.kinds[i] = kindProse
		default:
			t.kinds[i] = kindRow
		}
	}
	return t.kinds[i]
}

// IsBlank reports whether line i holds only spaces.
func (t *Text) IsBlank(i int) bool {
	return strings.TrimSpace(t.LineText(i)) == ""
}

// isRule reports whether line i is a table rule: only -, =, _, +, |, :
// and spaces, with at least three of them.
func (t *Text) isRule(i int) bool {
	s := strings.TrimSpace(t.LineText(i))
	return len(s) >= 3 && strings.Trim(s, "-=_+|: \t") == ""
}

// isNumeric reports whether a cell is mostly digits: a value, not a label.
func isNumeric(s string) bool {
	digits, other := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			other++
		}
	}
	return digits > 0 && digits >= other
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// IsHeader reports whether line i looks like a table's header row: two or
// more cells, none of them a number, each short. A form's box number
// before its label is no value: "1  Wages, tips, other compensation
// 2  Federal income tax withheld" heads the amounts below it (found
// from outside, sixty-ninth trial: a W-2's boxes).
func (t *Text) IsHeader(i int) bool {
	cells := t.Cells(i)
	if len(cells) < 2 {
		return false
	}
	labels, boxes := 0, 0
	for j, c := range cells {
		if boxNumber.MatchString(c.Text) && j+1 < len(cells) && !isNumeric(cells[j+1].Text) && hasLetter(cells[j+1].Text) {
			boxes++
			continue
		}
		if isNumeric(c.Text) || !hasLetter(c.Text) || utf8.RuneCountInString(c.Text) > 40 {
			return false
		}
		labels++
	}
	// One number before the labels is an item row's quantity ("10  box
	// Printer paper"); a form's row numbers each of its boxes.
	return labels >= 2 && (boxes == 0 || boxes >= 2)
}

// boxNumber is a form's box number: "1", "12a", "14".
var boxNumber = regexp.MustCompile(`^\d{1,2}[a-d]?$`)

// isProse reports whether line i is running text: one long cell.
func (t *Text) isProse(i int) bool {
	cells := t.Cells(i)
	return len(cells) == 1 && utf8.RuneCountInString(cells[0].Text) > 40 && !isNumeric(cells[0].Text)
}

// continuesRow reports whether line i, one long cell, is the wrapped
// text of the table row above it: indented past the row's first cell (a
// statement's booking text under its description, "Abschlag Strom 03/25
// Vertragskonto 4711829"), where running text starts at the margin.
func (t *Text) continuesRow(i int) bool {
	if i == 0 {
		return false
	}
	above := t.Cells(i - 1)
	cells := t.Cells(i)
	if len(above) < 2 || len(cells) != 1 || t.kind(i-1) != kindRow {
		return false
	}
	return t.Column(cells[0].Start) >= t.Column(above[1].Start)
}

// maxRowsUnderHeader bounds how far up a value's header is looked for.
const maxRowsUnderHeader = 60

// HeaderAbove returns the header cell above the value text[start:end]: the
// nearest header row above its line, within the same table (no prose line
// and no two blank lines between them), and the header's cell that lies
// over the value's columns (or, in a '|' table, has the value's cell
// index). It returns the header's line too.
func (t *Text) HeaderAbove(start, end int) (Cell, int, bool) {
	li := t.LineAt(start)
	c0, c1 := t.Column(start), t.Column(start)+utf8.RuneCountInString(t.s[start:end])
	line := t.LineText(li)
	lineStart := t.lines[li].Start
	pipeIndex := -1
	if strings.Contains(line, "|") {
		pipeIndex = strings.Count(line[:start-lineStart], "|")
	}
	if !startsCell(t.Cells(li), start, t.s) {
		return Cell{}, 0, false
	}
	blanks := 0
	for i := li - 1; i >= 0 && li-i <= maxRowsUnderHeader; i-- {
		switch t.kind(i) {
		case kindBlank:
			blanks++
			if blanks >= 2 {
				return Cell{}, 0, false
			}
			continue
		case kindRule:
			continue
		case kindHeader:
			cell, ok := under(t.Cells(i), c0, c1, pipeIndex)
			return cell, i, ok
		case kindProse:
			return Cell{}, 0, false
		}
		blanks = 0
	}
	return Cell{}, 0, false
}

// startsCell reports whether the value at start begins its cell, but for
// a short prefix such as a currency ("GBP 6,060.00", "$ 12.00", "-5.00"):
// a value inside running text ("visit on 02/03/2024") is in no column.
func startsCell(cells []Cell, start int, s string) bool {
	for _, c := range cells {
		if c.Start <= start && start < c.End {
			prefix := s[c.Start:start]
			return utf8.RuneCountInString(prefix) <= 4 && strings.IndexFunc(prefix, unicode.IsDigit) < 0
		}
	}
	return true
}

// under picks the header cell over columns [c0, c1): the one overlapping
// most, else one at most two columns away; in a '|' table the cell of the
// same index.
func under(cells []Cell, c0, c1, pipeIndex int) (Cell, bool) {
	if pipeIndex >= 0 {
		for _, c := range cells {
			if c.Index == pipeIndex {
				return c, true
			}
		}
	}
	best, bestOverlap := -1, 0
	for i, c := range cells {
		if o := min(c1, c.ColEnd) - max(c0, c.Col); o > bestOverlap {
			best, bestOverlap = i, o
		}
	}
	if best >= 0 {
		return cells[best], true
	}
	bestGap := 3
	for i, c := range cells {
		gap := max(c.Col-c1, c0-c.ColEnd)
		if gap < bestGap {
			best, bestGap = i, gap
		}
	}
	if best >= 0 {
		return cells[best], true
	}
	return Cell{}, false
}

// LeftOf returns the text left of byte offset off on its line.
func (t *Text) LeftOf(off int) string {
	l := t.lines[t.LineAt(off)]
	return t.s[l.Start:off]
}

// RightOf returns the text right of byte offset off on its line.
func (t *Text) RightOf(off int) string {
	l := t.lines[t.LineAt(off)]
	return t.s[off:l.End]
}

// LineAbove returns the nearest line above the line of off that is not
// blank, skipping at most one blank line, and whether there is one.
func (t *Text) LineAbove(off int) (string, bool) {
	li := t.LineAt(off)
	for i, blanks := li-1, 0; i >= 0; i-- {
		if t.IsBlank(i) {
			blanks++
			if blanks > 1 {
				return "", false
			}
			continue
		}
		return t.LineText(i), true
	}
	return "", false
}

// Tail returns the last n bytes of s or fewer, from a rune's start: the
// end of a line left of a value, where its label is looked for.
func Tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}
