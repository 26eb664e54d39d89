// Package pii finds personal data in text: US social security numbers,
// IBANs (mod-97 checked), payment card numbers (Luhn checked), e-mail
// addresses, phone numbers and dates of birth. Findings never carry the
// value itself, only its kind, count and where it was first seen.
package pii

import (
	"fmt"
	"regexp"
	"strings"
)

// Kinds of personal data.
const (
	SSN         = "ssn"
	IBAN        = "iban"
	PaymentCard = "payment_card"
	Email       = "email"
	Phone       = "phone"
	DateOfBirth = "date_of_birth"
)

// Kinds lists every kind, in the order findings are reported.
var Kinds = []string{SSN, IBAN, PaymentCard, Email, Phone, DateOfBirth}

// Finding is one kind of personal data found in a text.
type Finding struct {
	Kind  string
	Count int
	// First is the byte offset of the first match.
	First int
}

// Detail describes the finding without the sensitive value.
func (f Finding) Detail() string {
	return fmt.Sprintf("%d occurrence(s), first at byte %d", f.Count, f.First)
}

var (
	ssnRe   = regexp.MustCompile(`\b(\d{3})-(\d{2})-(\d{4})\b`)
	ssnKey  = regexp.MustCompile(`(?i)\b(?:ssn|social security (?:number|no\.?))\b\D{0,20}(\d{9})\b`)
	ibanRe  = regexp.MustCompile(`\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b`)
	cardRe  = regexp.MustCompile(`\b(?:\d[ -]?){12,18}\d\b`)
	emailRe = regexp.MustCompile(`\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b`)
	phoneRe = regexp.MustCompile(`(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?|\b\d{2,4}[ .-])\d{3,4}[ .-]\d{3,4}\b`)
	dobRe   = regexp.MustCompile(`(?i)\b(?:date of birth|birth ?date|d\.?o\.?b\.?|born(?: on)?|geburtstag|geburtsdatum)\b[^\n\d]{0,20}(\d{1,4}[./ -]\d{1,2}[./ -]\d{2,4}|\d{1,2} [A-Za-z]{3,9}\.? \d{4}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4})`)
)

// Find returns what personal data text holds, one finding per kind found,
// in the order of Kinds.
func Find(text string) []Finding {
	var out []Finding
	add := func(kind string, locs [][]int) {
		if len(locs) > 0 {
			out = append(out, Finding{Kind: kind, Count: len(locs), First: locs[0][0]})
		}
	}
	add(SSN, ssns(text))
	add(IBAN, filter(text, ibanRe.FindAllStringIndex(text, -1), func(s string) bool { return ValidIBAN(s) }))
	add(PaymentCard, filter(text, cardRe.FindAllStringIndex(text, -1), ValidCard))
	add(Email, emailRe.FindAllStringIndex(text, -1))
	add(Phone, phones(text))
	add(DateOfBirth, dobRe.FindAllStringIndex(text, -1))
	return out
}

func filter(text string, locs [][]int, ok func(string) bool) [][]int {
	var keep [][]int
	for _, l := range locs {
		if ok(text[l[0]:l[1]]) {
			keep = append(keep, l)
		}
	}
	return keep
}

// ssns finds formatted SSNs that the SSA could have issued, and unformatted
// nine-digit ones only right after an "SSN" label.
func ssns(text string) [][]int {
	var locs [][]int
	for _, m := range ssnRe.FindAllStringSubmatchIndex(text, -1) {
		if ValidSSN(text[m[2]:m[3]] + text[m[4]:m[5]] + text[m[6]:m[7]]) {
			locs = append(locs, m[:2])
		}
	}
	for _, m := range ssnKey.FindAllStringSubmatchIndex(text, -1) {
		if ValidSSN(text[m[2]:m[3]]) {
			locs = append(locs, m[2:4])
		}
	}
	return locs
}

// ValidSSN reports whether nine digits are an SSN the SSA could issue: area
// not 000, 666 or 900-999, group not 00, serial not 0000.
func ValidSSN(d string) bool {
	if len(d) != 9 || strings.Trim(d, "0123456789") != "" {
		return false
	}
	area, group, serial := d[:3], d[3:5], d[5:]
	return area != "000" && area != "666" && area[0] != '9' && group != "00" && serial != "0000"
}

// ibanLengths are the IBAN lengths of the SEPA countries and a few others.
var ibanLengths = map[string]int{
	"AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
	"ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
	"LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
	"RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "AE": 23, "SA": 24, "TR": 26, "BR": 29, "IL": 23,
}

// ValidIBAN reports whether s (spaces allowed) is an IBAN of a known
// country, of that country's length, whose mod-97 check holds.
func ValidIBAN(s string) bool {
	s = strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	if n, ok := ibanLengths[s[:2]]; !ok || n != len(s) {
		return false
	}
	r := 0
	for _, c := range s[4:] + s[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = (r*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			r = (r*100 + int(c-'A') + 10) % 97
		default:
			return false
		}
	}
	return r == 1
}

// ValidCard reports whether s (spaces and dashes allowed) is a payment card
// number: 13 to 19 digits, a known issuer prefix and a valid Luhn check.
func ValidCard(s string) bool {
	d := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
	if len(d) < 13 || len(d) > 19 || strings.Trim(d, "0123456789") != "" {
		return false
	}
	if !knownIssuer(d) {
		return false
	}
	return Luhn(d)
}

// Luhn reports whether the digits d pass the Luhn check.
func Luhn(d string) bool {
	sum := 0
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i] - '0')
		if (len(d)-i)%2 == 0 {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
	}
	return sum%10 == 0
}

func knownIssuer(d string) bool {
	p2 := atoi(d[:2])
	p4 := atoi(d[:4])
	switch {
	case d[0] == '4': // Visa
		return len(d) == 13 || len(d) == 16 || len(d) == 19
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720: // Mastercard
		return len(d) == 16
	case p2 == 34 || p2 == 37: // American Express
		return len(d) == 15
	case p4 == 6011 || p2 == 65 || (p4 >= 6440 && p4 <= 6499): // Discover
		return len(d) >= 16
	case p4 >= 3528 && p4 <= 3589: // JCB
		return len(d) >= 16
	case p2 == 36 || p2 == 38 || (p4 >= 3000 && p4 <= 3059): // Diners
		return len(d) >= 14
	}
	return false
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// phones finds phone numbers that are not part of a longer run of digit
// groups (an IBAN, a card or account number).
func phones(text string) [][]int {
	var locs [][]int
	for _, l := range phoneRe.FindAllStringIndex(text, -1) {
		if plausiblePhone(text[l[0]:l[1]]) && !digitNear(text, l[0], -1) && !digitNear(text, l[1], 1) {
			locs = append(locs, l)
		}
	}
	return locs
}

// digitNear reports whether a digit continues the
// match at i in direction dir, directly or after one separator.
func digitNear(text string, i, dir int) bool {
	for step := 0; step < 2; step++ {
		j := i
		if dir < 0 {
			j = i - 1
		}
		if j < 0 || j >= len(text) {
			return false
		}
		c := text[j]
		switch {
		case c >= '0' && c <= '9':
			return true
		case step == 0 && (c == ' ' || c == '-' || c == '.'):
			i += dir
		default:
			return false
		}
	}
	return false
}

// plausiblePhone drops matches that are dates or amounts rather than phone
// numbers: a phone number has 10 to 15 digits and no decimal comma/point
// group of two at its end.
func plausiblePhone(s string) bool {
	n := 0
	for _, c := range s {
		if c >= '0' && c <= '9' {
			n++
		}
	}
	return n >= 10 && n <= 15
}
