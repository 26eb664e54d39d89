package textmodel

import (
	"strings"
	"unicode"
)

// numToken stands for every token that contains a digit: amounts, dates and
// ids differ in every document, their presence and position do not.
const numToken = "<num>"

// Tokens splits text into lowercase word tokens. Letters and digits form
// tokens; everything else separates them. A token with a digit becomes
// <num>; one-letter tokens are dropped.
func Tokens(text string) []string {
	var out []string
	var b strings.Builder
	digit := false
	flush := func() {
		if b.Len() == 0 {
			return
		}
		switch {
		case digit:
			out = append(out, numToken)
		case b.Len() > 1:
			out = append(out, b.String())
		}
		b.Reset()
		digit = false
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r):
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsDigit(r):
			b.WriteRune(r)
			digit = true
		default:
			flush()
		}
	}
	flush()
	return out
}

// Features returns the term counts of text: unigrams and bigrams of its
// tokens.
func Features(text string) map[string]int {
	toks := Tokens(text)
	f := make(map[string]int, 2*len(toks))
	for i, t := range toks {
		f[t]++
		if i > 0 {
			f[toks[i-1]+" "+t]++
		}
	}
	return f
}
