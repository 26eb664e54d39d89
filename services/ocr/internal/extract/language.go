package extract

import (
	"slices"
	"strings"
	"unicode"
)

// functionWords are the most frequent short words of each language Tesseract
// has data for that Docket detects (its codes), chosen to be rare in the
// others: a page read with the base language's model still spells most of
// them right, since they seldom carry the letters that model lacks.
var functionWords = map[string][]string{
	"eng": {"the", "and", "of", "to", "is", "for", "with", "your", "this", "that", "are", "be", "by", "from", "you", "we", "please", "will", "our", "not"},
	"deu": {"und", "der", "die", "das", "mit", "für", "ist", "nicht", "den", "von", "zu", "bei", "ein", "eine", "auf", "sie", "wir", "ihre", "bitte", "sehr"},
	"fra": {"le", "les", "des", "et", "est", "pour", "une", "dans", "vous", "nous", "sur", "du", "au", "avec", "pas", "votre", "aux", "qui", "ce", "sont"},
	"spa": {"el", "los", "las", "y", "del", "para", "con", "por", "una", "es", "su", "que", "en", "usted", "al", "se", "lo", "sus", "este", "nuestro"},
	"ita": {"il", "di", "che", "per", "con", "della", "una", "sono", "non", "gli", "alla", "nel", "dei", "delle", "si", "questo", "suo", "sua", "è", "anche"},
	"nld": {"het", "een", "en", "van", "voor", "met", "niet", "op", "uw", "wij", "bij", "zijn", "dat", "naar", "worden", "wordt", "ons", "aan", "ook", "deze"},
	"por": {"os", "do", "da", "dos", "das", "com", "uma", "não", "em", "seu", "sua", "ao", "pelo", "pela", "são", "para", "você", "nosso", "nas", "nos"},
	"swe": {"och", "att", "det", "som", "är", "för", "med", "på", "av", "till", "inte", "vi", "har", "ni", "ett", "om", "eller", "från", "vid", "er"},
	"dan": {"og", "at", "det", "som", "er", "for", "med", "på", "af", "til", "ikke", "vi", "har", "jeg", "et", "om", "eller", "fra", "ved", "jer"},
	"pol": {"i", "w", "z", "na", "się", "nie", "jest", "że", "dla", "od", "oraz", "przez", "po", "pan", "pani", "do", "za", "lub", "jako", "roku"},
}

// DetectableLanguages are the languages DetectLanguage knows, besides
// English.
func DetectableLanguages() []string {
	return []string{"deu", "fra", "spa", "ita", "nld", "por", "swe", "dan", "pol"}
}

// Language detection thresholds: a language is named when at least
// minLanguageHits of its function words occur, they are at least
// minLanguageShare of the page's words, and it has languageMargin times as
// many as English. A close second (within the margin, as Swedish and
// Danish often are) is named beside it.
const (
	minLanguageHits  = 6
	minLanguageShare = 0.04
	languageMargin   = 1.3
)

// DetectLanguage names the language of text among candidates (Tesseract
// codes) by counting function words: the winner, and a close second when
// there is one. It returns nil when English or no candidate clearly wins:
// short or mixed pages stay with the base model.
func DetectLanguage(text string, candidates []string) []string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
	if len(words) == 0 || len(candidates) == 0 {
		return nil
	}
	count := func(lang string) int {
		set := make(map[string]bool, len(functionWords[lang]))
		for _, w := range functionWords[lang] {
			set[w] = true
		}
		n := 0
		for _, w := range words {
			if set[w] {
				n++
			}
		}
		return n
	}
	ranked := slices.Clone(candidates)
	hits := make(map[string]int, len(ranked))
	for _, lang := range ranked {
		hits[lang] = count(lang)
	}
	slices.SortStableFunc(ranked, func(a, b string) int { return hits[b] - hits[a] })
	n := hits[ranked[0]]
	if n < minLanguageHits || float64(n) < minLanguageShare*float64(len(words)) ||
		float64(n) < languageMargin*float64(count("eng")) {
		return nil
	}
	if len(ranked) > 1 && float64(hits[ranked[1]])*languageMargin > float64(n) {
		return ranked[:2]
	}
	return ranked[:1]
}
