package money

import "regexp"

// Words in any script. Go's \b knows only ASCII letters: `\bösszesen` and
// `yhteensä\b` never match, and a Cyrillic word has no \b around it. The
// label words are matched between anything but letters, digits and _ of
// any script instead.

// wordRe returns a case-blind expression for any of words (an
// alternation) as a whole word; its first group is the word.
func wordRe(words string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(` + words + `)(?:$|[^\p{L}\p{N}_])`)
}

// wordLocs returns where each whole word re (made by wordRe) matches in s
// starts and ends, in order. Each search starts where the last word
// ended, so the one character between two words bounds both: FindAll
// would consume it with the first and miss the second ("Total tax").
func wordLocs(re *regexp.Regexp, s string) [][2]int {
	var locs [][2]int
	for i := 0; i < len(s); {
		m := re.FindStringSubmatchIndex(s[i:])
		if m == nil {
			break
		}
		locs = append(locs, [2]int{i + m[2], i + m[3]})
		i += m[3]
	}
	return locs
}

// lastWord returns where the last whole word re matches in s starts and
// ends, or -1, -1.
func lastWord(re *regexp.Regexp, s string) [2]int {
	locs := wordLocs(re, s)
	if len(locs) == 0 {
		return [2]int{-1, -1}
	}
	return locs[len(locs)-1]
}

// firstWord returns where the first whole word re matches in s starts and
// ends, or -1, -1.
func firstWord(re *regexp.Regexp, s string) [2]int {
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return [2]int{-1, -1}
	}
	return [2]int{m[2], m[3]}
}
