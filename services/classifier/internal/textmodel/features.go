package textmodel

import (
	"sort"
	"strings"
	"unicode"
)

// numToken stands for every token that is mostly digits: amounts, dates and
// ids differ in every document, their presence and position do not.
const numToken = "<num>"

// Character n-grams: every run of charMin to charMax bytes of a word token
// framed as "<word>", hashed into the model's buckets. A word OCR misread
// by a letter or two keeps most of its n-grams, and words run together by
// a dropped space keep theirs, where the word features lose the word.
const (
	charMin = 3
	charMax = 5
)

// digitLetters reads the digits of a mostly-letter token as the letters
// OCR mistakes them for: "Tota1" is "total".
var digitLetters = strings.NewReplacer("0", "o", "1", "l", "5", "s", "8", "b")

// lookAlikes folds letter groups OCR confuses with one letter before the
// n-grams are taken, in training and prediction alike.
var lookAlikes = strings.NewReplacer("rn", "m", "vv", "w")

// Tokens splits text into lowercase word tokens. Letters and digits form
// tokens; everything else separates them. A token with at least as many
// digits as letters becomes <num>; in one with more letters, the digits
// are read as letters (0→o, 1→l, 5→s, 8→b). One-letter tokens are dropped.
// A word the glossary knows becomes its English words.
func Tokens(text string) []string { return glossed(words(text)) }

// words is Tokens without the glossary.
func words(text string) []string {
	var out []string
	var b strings.Builder
	letters, digits := 0, 0
	flush := func() {
		switch {
		case digits > 0 && letters <= digits:
			out = append(out, numToken)
		case digits > 0:
			out = append(out, digitLetters.Replace(b.String()))
		case letters > 1:
			out = append(out, b.String())
		}
		b.Reset()
		letters, digits = 0, 0
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r):
			b.WriteRune(unicode.ToLower(r))
			letters++
		case unicode.IsDigit(r):
			b.WriteRune(r)
			digits++
		default:
			flush()
		}
	}
	flush()
	return out
}

// glossed returns ws with every word the glossary knows replaced by its
// English words; ws itself when there is none.
func glossed(ws []string) []string {
	var out []string
	for i, w := range ws {
		to := gloss(w)
		switch {
		case to != nil:
			if out == nil {
				out = append(make([]string, 0, len(ws)+8), ws[:i]...)
			}
			out = append(out, to...)
		case out != nil:
			out = append(out, w)
		}
	}
	if out == nil {
		return ws
	}
	return out
}

// features are the counts of a text's features: word unigrams and bigrams
// by name, character n-grams by bucket (ascending). own holds the text's
// words as written, before the glossary: what the model knows of the
// document's own language is measured on them.
type features struct {
	words map[string]int
	chars []entry
	own   []string
}

type entry struct{ i, n int }

func extract(text string, buckets int) features {
	own := words(text)
	toks := glossed(own)
	f := features{words: make(map[string]int, 2*len(toks)), own: own}
	counts := make([]int32, buckets)
	var touched []int
	var w []byte
	for i, t := range toks {
		f.words[t]++
		if i > 0 {
			f.words[toks[i-1]+" "+t]++
		}
		if t == numToken {
			continue
		}
		w = append(append(append(w[:0], '<'), lookAlikes.Replace(t)...), '>')
		for s := range w {
			// 32-bit FNV-1a of w[s:s+n], extended one byte at a time.
			h := uint32(2166136261)
			for n := 1; n <= charMax && s+n <= len(w); n++ {
				h ^= uint32(w[s+n-1])
				h *= 16777619
				if n < charMin {
					continue
				}
				b := int(h % uint32(buckets))
				if counts[b] == 0 {
					touched = append(touched, b)
				}
				counts[b]++
			}
		}
	}
	sort.Ints(touched)
	f.chars = make([]entry, len(touched))
	for k, b := range touched {
		f.chars[k] = entry{b, int(counts[b])}
	}
	return f
}
