// Package ocrnoise imitates the errors OCR makes on scanned documents, so
// that the classifier trains and is calibrated on text like the text it
// will read: confused characters (rn↔m, l↔1, O↔0, ...), dropped and
// doubled spaces, words cut over two lines, dropped characters and lines
// in the wrong case. It is deterministic for a given random source.
package ocrnoise

import (
	"math/rand/v2"
	"strings"
	"unicode"
)

// confusions are the look-alikes OCR engines swap, both ways.
var confusions = [][2]string{
	{"rn", "m"}, {"l", "1"}, {"I", "l"}, {"O", "0"}, {"o", "0"}, {"S", "5"}, {"B", "8"},
	{"e", "c"}, {"cl", "d"}, {"vv", "w"}, {"h", "b"}, {"i", "l"}, {"a", "o"}, {"Z", "2"},
	{"g", "q"}, {"u", "v"}, {"ri", "n"}, {"E", "F"},
}

// Apply returns text with about rate errors per character (0.03 is a
// poor scan). Besides, each line is upper- or lower-cased with
// probability rate*4.
func Apply(r *rand.Rand, text string, rate float64) string {
	var b strings.Builder
	b.Grow(len(text) + len(text)/8)
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch x := r.Float64(); {
		case x < rate*2:
			line = strings.ToUpper(line)
		case x < rate*4:
			line = strings.ToLower(line)
		}
		noisyLine(&b, r, line, rate)
	}
	return b.String()
}

func noisyLine(b *strings.Builder, r *rand.Rand, s string, rate float64) {
	for len(s) > 0 {
		if r.Float64() >= rate {
			c, n := nextRune(s)
			b.WriteString(c)
			s = s[n:]
			continue
		}
		if swapped, rest, ok := confuse(r, s); ok {
			b.WriteString(swapped)
			s = rest
			continue
		}
		c, n := nextRune(s)
		switch x := r.IntN(6); {
		case c == " " && x < 3: // merged words
		case c == " " && x < 4:
			b.WriteString("  ")
		case c == " ":
			b.WriteString("\n") // a line broken in two
		case x == 0: // dropped character
		case x == 1 && unicode.IsLetter([]rune(c)[0]):
			b.WriteString(" " + c) // a word split
		case x == 2 && unicode.IsLetter([]rune(c)[0]):
			b.WriteString(c + "-\n") // hyphenated over a line break
		default:
			b.WriteString(c)
		}
		s = s[n:]
	}
}

// confuse replaces a look-alike at the start of s, either way round.
func confuse(r *rand.Rand, s string) (string, string, bool) {
	start := r.IntN(len(confusions))
	for k := range confusions {
		c := confusions[(start+k)%len(confusions)]
		for _, from := range []int{0, 1} {
			if strings.HasPrefix(s, c[from]) {
				return c[1-from], s[len(c[from]):], true
			}
		}
	}
	return "", s, false
}

func nextRune(s string) (string, int) {
	for i := range s {
		if i > 0 {
			return s[:i], i
		}
	}
	return s, len(s)
}
