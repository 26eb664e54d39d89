package pii

import (
	"strings"
	"testing"
)

// FuzzMatches checks that any text yields well-formed, in-bounds matches
// and never a panic.
func FuzzMatches(f *testing.F) {
	for _, s := range []string{"Tel +44 20\n7946 0958", "DOB\n(DD/MM/YYYY)\n08/12/1998", "IBAN DE89 3704 0044\n0532 0130 00",
		"Name  Date of birth\nAnn  17/09/1973", "| a | DOB |\n| b | 1.2.1970 |", "(", "+", "0\n(", "1-800-555-0146\f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, m := range Matches(text) {
			if m.Start < 0 || m.End > len(text) || m.Start >= m.End {
				t.Fatalf("match %+v out of bounds of %d bytes", m, len(text))
			}
			if strings.TrimSpace(text[m.Start:m.End]) == "" {
				t.Fatalf("empty match %+v", m)
			}
		}
	})
}
