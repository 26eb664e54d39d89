package money

import (
	"regexp"
	"strings"
	"unicode"
)

// locale is what a document's country changes in how it writes money:
// the capital letters some countries write for their currency (R, N, K,
// RM), and South
// Africa's space-grouped thousands before a decimal point.
//
// It is read from the text the first time a rule asks (most documents
// write no letter sign and no peso, and reading it runs nine expressions
// over the whole text: a quarter of Amounts' time when read up front).
type locale struct {
	text string
	read bool
	// letters maps a letter sign to its currency: "R" to ZAR in a South
	// African document, "N" to NGN in a Nigerian one, "RM" to MYR in a
	// Malaysian one. Elsewhere a letter before a number is a form's, a
	// row's or a road's.
	letters map[string]string
	// spacedPoint: thousands grouped by spaces before a decimal point
	// ("612 480.00") are one number. Elsewhere a point after space groups
	// closes up a quantity and a price ("1 129.00").
	spacedPoint bool
	// meticais: the document's "MT" after a number is Mozambique's
	// metical.
	meticais bool
	// pesos: the document's "$" is a peso that writes thousands with
	// points (Argentina, Chile, Colombia, Uruguay): "$ 650.000" is six
	// hundred and fifty thousand.
	pesos bool
	// spacedColumn: a column's heading is a currency that groups whole
	// sums by spaces ("Ft" over "bérjövedelem 7 824 600"), so a
	// space-grouped number ending its line is one sum.
	spacedColumn bool
}

var (
	// A document's country, for its letter signs (found from outside: a
	// South African notice of assessment's "R 5 389.78" and a Nigerian
	// claim's "N185,000.00"; a Tshwane municipal bill, its only address
	// on .gov.za, whose "R 5,149.63" due was no money).
	// A company's "(Pty) Ltd", the UIF a payslip deducts, the roads
	// agency's toll (found from outside, forty-first trial: a payslip's
	// and a toll slip's rand were no money; Australia's "Pty Ltd" has no
	// parentheses).
	southAfrican = regexp.MustCompile(`\b(?:ZAR|SARS|RSA|UIF|SANRAL|(?i:south africa|south african|pretoria|tshwane|johannesburg|gauteng|durban|ekurhuleni|gqeberha|bloemfontein|cape town|kaapstad|stellenbosch|pietermaritzburg|polokwane|soweto))\b|(?i:\(pty\)\s*ltd)\b|\.(?:co|gov|org|ac)\.za\b|\+27[ \d]`)
	// A Malaysian firm's "Sdn Bhd" or "Berhad", a payslip's KWSP and
	// PERKESO (found from outside: a slip gaji's ringgit were no money).
	malaysian = regexp.MustCompile(`\b(?:MYR|LHDN|KWSP|PERKESO|(?i:malaysia|malaysian|kuala lumpur|lembaga hasil|sdn\.? bhd|berhad|ringgit))\b|\.(?:com|gov|org)\.my\b|\+60[ \d]`)
	nigerian  = regexp.MustCompile(`\b(?:NGN|FIRS|BVN|Abuja|(?i:nigeria|nigerian|naira))\b|[\p{L}\d-]\.ng\b|\+234[ \d]`)
	// The kwacha's and the kina's "K8,500.00" (found from outside: a
	// Zambian lease's rent and deposit were no money).
	zambian   = regexp.MustCompile(`\b(?:ZMW|ZRA|(?i:zambia|zambian|lusaka|kwacha))\b|\.(?:co|gov|org)\.zm\b|\+260[ \d]`)
	malawian  = regexp.MustCompile(`\b(?:MWK|MRA|(?i:malawi|malawian|lilongwe|blantyre))\b|\.(?:co|gov|org)\.mw\b|\+265[ \d]`)
	papuanNew = regexp.MustCompile(`\b(?:PGK|(?i:papua new guinea|port moresby|kina))\b|\.(?:com|gov|org)\.pg\b|\+675[ \d]`)
	// A sum of francs written with spaces and a point, as French-
	// speaking Switzerland groups them: "CHF 9 500 000.-", "Fr. 2 000.00"
	// (found from outside, seventieth trial: a Lausanne claim's table of
	// estimates, "86 375.00", was read as 375.00).
	swissSpaced = regexp.MustCompile(`\b(?:CHF|SFr\.?|Fr\.)[ \t]?\d{1,3}(?: \d{3})+(?:\.\d{2}|\.[-–])`)
	// The metical's "MT" after a sum (found from outside, seventy-first
	// trial: a Maputo payslip's "38.690,00 MT", its wages held against
	// the dollar's threshold as money of no currency).
	mozambican = regexp.MustCompile(`\b(?:MZN|NUIT|(?i:moçambique|mocambique|mozambique|maputo|beira|nampula|matola|meticais|metical))\b|\.(?:co|gov|org)\.mz\b|\+258[ \d]`)
	// meticalSign is the metical's sign after a number: "MT", "Mt".
	meticalSign = regexp.MustCompile(`^[ \t]?(?:MT|Mt)(?:$|[^\p{L}\p{N}])`)
	// spacedHeading is a line of a currency alone (or after one word)
	// whose sums are written whole, grouped by spaces: the forint's, the
	// koruna's, the złoty's, the crowns' (found from outside,
	// seventy-third trial: a Hungarian income certificate's "Ft" over its
	// sums, "Összes bevétel (142) 8 136 600", which were no money).
	// Or, its code, after a few words: a table's headings whose gaps OCR
	// closed up, "STJÅLNE GJENSTANDER Innkjøpspris NOK" (eightieth trial,
	// a Norwegian theft claim none of whose sums were read). Or a French
	// tax notice's "Détail Montant", its euros whole and spaced (found
	// from outside, hundred-and-twenty-first trial: "Salaires déclarés
	// (coursier à vélo) 27 012" and its "Total à payer 1 284" were no
	// money, and the notice was recorded without review).
	spacedHeading = regexp.MustCompile(`(?m)^[ \t]*(?:(?:\p{L}[\p{L}.]*[ \t]*)?\(?(?:Ft|HUF|Kč|CZK|zł|PLN|[Kk]r\.?|SEK|NOK|DKK)\)?|(?:\p{L}[\p{L}.]*[ \t]+){2,4}\(?(?:HUF|CZK|PLN|SEK|NOK|DKK)\)?|(?:\p{L}[\p{L}.']*[ \t]+)?Montant(?:[ \t]*\(?(?:€|EUR|euros?)\)?)?)[ \t]*\r?$`)
	// letterSign is a capital R, N or K, or RM, standing alone right
	// before a number, at most one space between.
	letterSign = regexp.MustCompile(`(?:^|[^\p{L}\p{N}])(RM|[RNK]) ?$`)
)

// localeOf returns the locale of a document's text, read when first
// asked.
func localeOf(text string) *locale { return &locale{text: text} }

// load reads the locale from its text, once.
func (l *locale) load() {
	if l.read {
		return
	}
	l.read = true
	text := l.text
	if southAfrican.MatchString(text) {
		l.letters = map[string]string{"R": "ZAR"}
		l.spacedPoint = true
	}
	if swissSpaced.MatchString(text) {
		l.spacedPoint = true
	}
	if malaysian.MatchString(text) {
		// The ringgit's "RM 96,480.00" (found from outside: a Malaysian
		// return's sums were money of no currency).
		if l.letters == nil {
			l.letters = map[string]string{}
		}
		l.letters["RM"] = "MYR"
	}
	l.meticais = mozambican.MatchString(text)
	l.spacedColumn = spacedHeading.MatchString(text)
	l.pesos = argentine.MatchString(text) || chilean.MatchString(text) || colombian.MatchString(text) || uruguayan.MatchString(text)
	for _, c := range []struct {
		re         *regexp.Regexp
		sign, code string
	}{{nigerian, "N", "NGN"}, {zambian, "K", "ZMW"}, {malawian, "K", "MWK"}, {papuanNew, "K", "PGK"}} {
		if _, taken := l.letters[c.sign]; !taken && c.re.MatchString(text) {
			if l.letters == nil {
				l.letters = map[string]string{}
			}
			l.letters[c.sign] = c.code
		}
	}
}

// spacedSums reports whether a space-grouped whole number ending its line
// is one sum (spacedColumn).
func (l *locale) spacedSums() bool {
	l.load()
	return l.spacedColumn
}

// spaced reports whether thousands grouped by spaces before a decimal
// point are one number (spacedPoint).
func (l *locale) spaced() bool {
	l.load()
	return l.spacedPoint
}

// peso reports whether the document's "$" is a peso (pesos).
func (l *locale) peso() bool {
	l.load()
	return l.pesos
}

// letterBefore returns the currency of the letter sign ending left, or "".
func (l *locale) letterBefore(left string) string {
	t := strings.TrimSuffix(left, " ")
	if !strings.HasSuffix(t, "R") && !strings.HasSuffix(t, "N") && !strings.HasSuffix(t, "RM") && !strings.HasSuffix(t, "K") {
		return ""
	}
	if l.load(); len(l.letters) == 0 {
		return ""
	}
	m := letterSign.FindStringSubmatch(left[max(0, len(left)-4):])
	if m == nil {
		return ""
	}
	return l.letters[m[1]]
}

// letterAfter returns MZN and where its sign ends in right when right
// starts with the metical's sign in a Mozambican document, else "" and 0.
func (l *locale) letterAfter(right string) (string, int) {
	if !strings.HasPrefix(strings.TrimLeft(right, " \t"), "M") {
		return "", 0
	}
	if l.load(); !l.meticais {
		return "", 0
	}
	m := meticalSign.FindString(right)
	if m == "" {
		return "", 0
	}
	return "MZN", len(strings.TrimRightFunc(m, func(r rune) bool { return !unicode.IsLetter(r) }))
}

// code returns the currency a header's or a label's sign names: a letter
// sign's in this locale ("" where it is none), any other as it is.
func (l *locale) code(c string) string {
	if c == "R" || c == "N" || c == "K" || c == "RM" {
		l.load()
		return l.letters[c]
	}
	return c
}
