// Package prefilter spares a regular expression's search on texts that
// cannot match it. Go's regexp has no literal prefilter for an
// alternation, so a pattern of a hundred phrases between word bounds runs
// its automaton over every byte of every text, tens of microseconds on one
// line (the classifier's title rules took a third of its CPU in the
// pipeline benchmark). MustCompile reads the literals of which every match
// must hold one from the pattern's syntax tree; a text that folds to hold
// none of them is not searched.
package prefilter

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// minLiteral is the fewest runes a literal of the filter may have: a
// shorter one is in most texts and would only cost its scan.
const minLiteral = 3

// Regexp is a regular expression with the literals, case-folded, of which
// every match holds one. Without them (a pattern that can match without a
// literal of minLiteral runes) it is the expression alone.
type Regexp struct {
	re   *regexp.Regexp
	lits []string
}

// MustCompile compiles expr as regexp.MustCompile does and reads its
// literals.
func MustCompile(expr string) *Regexp {
	re := regexp.MustCompile(expr)
	r := &Regexp{re: re}
	if t, err := syntax.Parse(expr, syntax.Perl); err == nil {
		if lits, ok := required(t.Simplify(), nil); ok {
			r.lits = dedupe(lits)
		}
	}
	return r
}

// String returns the expression's source text.
func (r *Regexp) String() string { return r.re.String() }

// Literals returns the folded literals of which every match holds one, or
// nil when the expression has none to filter with.
func (r *Regexp) Literals() []string { return r.lits }

// MayMatch reports whether s holds one of the literals, that is whether
// the expression can match s at all.
func (r *Regexp) MayMatch(s string) bool {
	if r.lits == nil {
		return true
	}
	return r.mayMatchFolded(Fold(s))
}

// mayMatchFolded is MayMatch on a text already folded.
func (r *Regexp) mayMatchFolded(f string) bool {
	if r.lits == nil {
		return true
	}
	for _, l := range r.lits {
		if strings.Contains(f, l) {
			return true
		}
	}
	return false
}

// Text is a text folded once for the several expressions that search it
// (a title line held against every title rule): MayMatch folds its text
// on every call.
type Text struct {
	s, folded string
}

// NewText returns s with its folding.
func NewText(s string) Text { return Text{s: s, folded: Fold(s)} }

// String returns the text.
func (t Text) String() string { return t.s }

// Match reports whether t holds a match.
func (r *Regexp) Match(t Text) bool { return r.mayMatchFolded(t.folded) && r.re.MatchString(t.s) }

// FindAllSubmatchIndex is FindAllStringSubmatchIndex on t.
func (r *Regexp) FindAllSubmatchIndex(t Text, n int) [][]int {
	if !r.mayMatchFolded(t.folded) {
		return nil
	}
	return r.re.FindAllStringSubmatchIndex(t.s, n)
}

// MatchString reports whether s holds a match.
func (r *Regexp) MatchString(s string) bool { return r.MayMatch(s) && r.re.MatchString(s) }

// FindStringIndex returns the leftmost match's location, as
// regexp.Regexp's does.
func (r *Regexp) FindStringIndex(s string) []int {
	if !r.MayMatch(s) {
		return nil
	}
	return r.re.FindStringIndex(s)
}

// FindAllStringSubmatchIndex returns the matches' and their groups'
// locations, as regexp.Regexp's does.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !r.MayMatch(s) {
		return nil
	}
	return r.re.FindAllStringSubmatchIndex(s, n)
}

// Fold maps every rune of s to one rune of its case-folding orbit, the
// same for all of them (the orbit's smallest), as a case-insensitive
// expression compares runes: a literal folds into a folded text where the
// expression would match it, in any case.
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s) // an ASCII letter's orbit's smallest is its capital
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, c := range s {
		b.WriteRune(foldRune(c))
	}
	return b.String()
}

// foldRune returns the smallest rune of c's case-folding orbit.
func foldRune(c rune) rune {
	if c < utf8.RuneSelf {
		if 'a' <= c && c <= 'z' {
			return c - 'a' + 'A'
		}
		return c
	}
	least := c
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}

// required returns the folded literals of which every match of re holds
// one, and false when it knows none (re may match without any). pre are
// the strings one of which stands right before every match of re, when
// known: "s(?:ao kê|tatement)" is searched for "sao kê" and "statement",
// though "ao kê" alone has no literal long enough.
func required(re *syntax.Regexp, pre []string) ([]string, bool) {
	if lits, ok := exact(re); ok {
		if long := cross(pre, lits); long != nil {
			lits = long
		}
		return lits, shortest(lits) >= minLiteral
	}
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0], pre)
	case syntax.OpRepeat:
		if re.Min < 1 {
			return nil, false
		}
		return required(re.Sub[0], pre)
	case syntax.OpAlternate:
		var all []string
		for _, s := range re.Sub {
			lits, ok := required(s, pre)
			if !ok {
				return nil, false
			}
			all = append(all, lits...)
		}
		return all, true
	case syntax.OpConcat:
		// Every part is in every match, and so is every run of parts
		// whose strings are few: the one whose literals are longest
		// filters best.
		var best []string
		consider := func(lits []string) {
			if len(lits) > 0 && shortest(lits) >= minLiteral && (best == nil || shortest(lits) > shortest(best)) {
				best = lits
			}
		}
		run := pre
		for _, s := range re.Sub {
			if lits, ok := exact(s); ok {
				if next := cross(run, lits); next != nil {
					run = next
					continue
				}
				consider(run)
				run = lits
				continue
			}
			consider(run)
			if lits, ok := required(s, run); ok {
				consider(lits)
			}
			run = nil
		}
		consider(run)
		return best, best != nil
	}
	return nil, false
}

// maxExact is the most strings exact lists for a part of an expression.
const maxExact = 64

// exact returns every string re matches, folded, when they are at most
// maxExact: a literal, a class of a few letters, alternatives and runs of
// those.
func exact(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		var b strings.Builder
		for _, c := range re.Rune {
			b.WriteRune(foldRune(c))
		}
		return []string{b.String()}, true
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i+1]-re.Rune[i] >= maxExact {
				return nil, false
			}
			for c := re.Rune[i]; c <= re.Rune[i+1]; c++ {
				if f := string(foldRune(c)); !slices.Contains(out, f) {
					if out = append(out, f); len(out) > 4 {
						return nil, false
					}
				}
			}
		}
		return out, len(out) > 0
	case syntax.OpCapture:
		return exact(re.Sub[0])
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return []string{""}, true // matches no text
	case syntax.OpAlternate:
		var all []string
		for _, s := range re.Sub {
			lits, ok := exact(s)
			if !ok || len(all)+len(lits) > maxExact {
				return nil, false
			}
			all = append(all, lits...)
		}
		return all, true
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			lits, ok := exact(s)
			if !ok {
				return nil, false
			}
			if out = cross(out, lits); out == nil {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// cross returns every string of a followed by one of b, or nil when a is
// empty or they would be more than maxExact.
func cross(a, b []string) []string {
	if len(a) == 0 || len(a)*len(b) > maxExact {
		return nil
	}
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

// shortest returns the fewest runes of the literals.
func shortest(lits []string) int {
	n := -1
	for _, l := range lits {
		if c := utf8.RuneCountInString(l); n < 0 || c < n {
			n = c
		}
	}
	return n
}

// dedupe drops each literal that holds another (or repeats it): a text
// that holds the longer holds the shorter.
func dedupe(lits []string) []string {
	var out []string
	for i, l := range lits {
		kept := true
		for j, m := range lits {
			if i != j && strings.Contains(l, m) && (l != m || j < i) {
				kept = false
				break
			}
		}
		if kept {
			out = append(out, l)
		}
	}
	return out
}
