package policy

import (
	"regexp"
	"strconv"
	"strings"
)

// Amount is a money amount found in a text.
type Amount struct {
	Value    float64
	Currency string // USD, EUR, GBP, CHF or "" when only a total label said it was money
}

const num = `(\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)`

var (
	// A currency before the number: "$12,345.67", "EUR 1.234,56", "€ 99".
	amountPrefix = regexp.MustCompile(`(?i)(\$|€|£|\b(?:USD|EUR|GBP|CHF)\b)\s?` + num)
	// A currency after the number: "1.234,56 EUR", "99 €".
	amountSuffix = regexp.MustCompile(`(?i)\b` + num + `\s?(€|£|\b(?:USD|EUR|GBP|CHF)\b)`)
	// A total label before a bare number: "Total: 12,345.67".
	amountLabel = regexp.MustCompile(`(?i)\b(?:grand total|total due|amount due|balance due|total|amount)\b\s*:?\s*` + num + `(?:\s|$)`)
)

var symbols = map[string]string{"$": "USD", "€": "EUR", "£": "GBP"}

func currency(s string) string {
	if c, ok := symbols[s]; ok {
		return c
	}
	return strings.ToUpper(s)
}

// Amounts returns the money amounts in text, in order of appearance per
// pattern (currency first, currency after, labelled totals).
func Amounts(text string) []Amount {
	var out []Amount
	for _, m := range amountPrefix.FindAllStringSubmatch(text, -1) {
		if v, ok := ParseAmount(m[2]); ok {
			out = append(out, Amount{Value: v, Currency: currency(m[1])})
		}
	}
	for _, m := range amountSuffix.FindAllStringSubmatch(text, -1) {
		if v, ok := ParseAmount(m[1]); ok {
			out = append(out, Amount{Value: v, Currency: currency(m[2])})
		}
	}
	for _, m := range amountLabel.FindAllStringSubmatch(text, -1) {
		if v, ok := ParseAmount(m[1]); ok {
			out = append(out, Amount{Value: v})
		}
	}
	return out
}

// ParseAmount parses a number written in US ("12,345.67"), European
// ("1.234,56", "1 234,56") or Swiss ("1'234.50") style. A single separator
// followed by exactly three digits is a thousands separator ("1,234" is
// 1234); followed by one or two digits it is the decimal mark.
func ParseAmount(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	lastSep := strings.LastIndexAny(s, ".,")
	intPart, frac := s, ""
	if lastSep >= 0 {
		tail := s[lastSep+1:]
		if len(tail) <= 2 && len(tail) > 0 {
			intPart, frac = s[:lastSep], tail
		}
	}
	clean := strings.Map(func(r rune) rune {
		switch r {
		case '.', ',', '\'', ' ':
			return -1
		}
		return r
	}, intPart)
	if clean == "" {
		return 0, false
	}
	if frac != "" {
		clean += "." + frac
	}
	v, err := strconv.ParseFloat(clean, 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

// MaxAmount returns the largest amount in text and whether there was one.
func MaxAmount(text string) (Amount, bool) {
	var best Amount
	found := false
	for _, a := range Amounts(text) {
		if !found || a.Value > best.Value {
			best, found = a, true
		}
	}
	return best, found
}
