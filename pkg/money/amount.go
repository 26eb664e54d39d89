// Package money finds money amounts in text: a number is money only with
// a currency next to it or in a money-labelled context (see Amounts), so
// that codes, dates, quantities and boilerplate limits are not read as
// sums. The classifier's amount rule reads it, and the console marks what
// it finds.
package money

import (
	"cmp"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docket-run/docket/pkg/layout"
	"github.com/docket-run/docket/pkg/pii"
)

// Amount is a money amount found in a text.
type Amount struct {
	Value float64
	// Currency is an ISO code (USD, EUR, GBP, ...) or "" when only a label
	// or a column header said the number was money.
	Currency string
	// Start and End locate the number: text[Start:End].
	Start, End int
	// Basis says what made the number money (one of the Basis constants).
	Basis string
	// Cumulative says the sum adds up a period so far, "Year to date:
	// gross $20,894.80", "rent received in 2026 to date is €18,150.00":
	// no transaction's amount (Largest passes it over).
	Cumulative bool
}

// Why a number is money.
const (
	// BasisCurrency: a currency symbol or ISO code next to it.
	BasisCurrency = "currency"
	// BasisLabel: a money label left of it on its line ("Total due").
	BasisLabel = "label"
	// BasisLabelAbove: a money label on the line above, the number alone
	// at the start of its line.
	BasisLabelAbove = "label_above"
	// BasisColumn: the header of its table column ("Amount", "Balance").
	BasisColumn = "column"
)

// Amounts returns the money amounts in text, in order of appearance.
//
// A number is money only with a currency next to it ("$12,345.67",
// "1.234,56 EUR") or in a money-labelled context: a label left of it on
// its line ("Total due: 12,345.67", "Closing balance  245,310.77"), a label
// alone on the line above it (or above a run of number-only lines), or a
// money header over its table column ("Amount", "Balance", "Premium",
// "Debit", ...; "Amount (EUR)" gives the currency too; also in a table
// whose gaps OCR flattened). Money written without a currency takes the
// one the document declares for itself ("Waluta: PLN", "Currency: EUR")
// when it declares exactly one, else the one currency of every amount the
// document writes with a currency. A number is not money, whatever surrounds
// it, when
//
//   - it is part of a code, date, time, percentage or quantity ("INV-2024",
//     "01/02/2024", "3 Oct", "20%", "12 days");
//   - its own label calls it an identifier or a non-money quantity ("Fund
//     code", "Policy number", "Ref", "Qty", "Hours") — also in a column
//     whose header is "Amount": a code is not an amount because of where it
//     is printed;
//   - it is a bare integer in a money column whose other values have
//     decimals (a reference where amounts are written 1,250.00);
//   - it is a boilerplate limit rather than a transaction: its label or
//     sentence speaks of a limit, cover or maximum ("insured up to
//     $250,000", "Coverage limit", "Maximum benefit", "per occurrence");
//     see classifyLabel.
func Amounts(text string) []Amount {
	lt := layout.New(text)
	labels := labelCache{}
	loc := localeOf(text)
	type cand struct {
		a      Amount
		tok    number
		column string // header position key for the sibling check
	}
	var cands []cand
	for _, tok := range scanNumbers(text, loc) {
		a, col, ok := judge(lt, labels, loc, tok)
		if ok {
			cands = append(cands, cand{a, tok, col})
		}
	}
	// A bare integer in a money column where other values have decimals
	// is a reference, not an amount; so is one in a column of none when
	// the table's other columns write decimals: a number in a statement's
	// narration that its header's gap put under a column of its own
	// ("ACH DR-BAJAJ FINANCE LTD-EMI 4471882      18,433.00", found from
	// outside: the loan's mandate was the largest amount).
	decimals, anyDecimals := map[string]bool{}, false
	for _, c := range cands {
		if c.column != "" && c.tok.decimals {
			decimals[c.column], anyDecimals = true, true
		}
	}
	var out []Amount
	known := map[string]string{}
	// of is what the document makes of a placeholder currency, read from
	// the whole text once.
	of := func(placeholder string) string {
		code, ok := known[placeholder]
		if !ok {
			code = documentCurrency[placeholder](text)
			known[placeholder] = code
		}
		return code
	}
	written := map[string]bool{} // the currencies amounts are written with
	var bare []int               // the amounts written without any currency
	var lastTok number           // the number of out's last amount
	// cents says the text's column headings give euros and cents apart,
	// read once and only when a number asks.
	centsKnown, centsOn := false, false
	cents := func() bool {
		if !centsKnown {
			centsKnown, centsOn = true, centsHeading.MatchString(text)
		}
		return centsOn
	}
	for _, c := range cands {
		if (c.a.Basis == BasisColumn || c.a.Basis == BasisLabelAbove) && !c.tok.decimals && !c.tok.grouped && (decimals[c.column] || c.a.Basis == BasisColumn && anyDecimals) {
			continue
		}
		if c.a.Basis == BasisLabel && !c.tok.decimals && !c.tok.grouped && centsNext.MatchString(lt.RightOf(c.a.End)) {
			// An integer right before a row's sums with their cents is the
			// row's reference: a store's number, "CARD PAYMENT TESCO
			// STORES 2231  62.67  5,928.36" (found from outside,
			// forty-ninth trial).
			continue
		}
		if centsColumn(text, c.tok, cents) {
			// A form's cents in a column of their own, "672     32"
			// under "EUR     Ct" (found from outside, sixty-third and
			// sixty-fourth trials: German wage tax certificates' cents
			// were sums of their own): they belong to the euros before.
			if n := len(out); n > 0 && !lastTok.decimals && lastTok.end <= c.tok.start && strings.Trim(text[lastTok.end:c.tok.start], " \t") == "" {
				out[n-1].Value += float64(int(c.tok.raw[0]-'0')*10+int(c.tok.raw[1]-'0')) / 100
				out[n-1].End = c.tok.end
			}
			continue
		}
		switch c.a.Currency {
		case "":
			bare = append(bare, len(out))
		case krona, dollar, rupee, cfa:
			c.a.Currency = of(c.a.Currency)
		}
		if cur := c.a.Currency; cur != "" {
			written[cur] = true
		}
		left := layout.Tail(lt.LeftOf(c.a.Start), maxBoundPhrase)
		c.a.Cumulative = cumulativeBefore.MatchString(left) && !owedToDate.MatchString(left)
		out, lastTok = append(out, c.a), c.tok
	}
	// own is the one currency of every amount written with one, "" when
	// there are several or none.
	own, several := "", len(written) > 1
	if len(written) == 1 {
		for cur := range written {
			own = cur
		}
	}
	for _, i := range bare {
		// Declared, else the document's own (found from outside: a Danish
		// statement's balances, its closing one alone written "DKK
		// 53.037,43", were judged as money of no currency). A crown the
		// document does not say whose stays without.
		if out[i].Currency = of(""); out[i].Currency == "" {
			out[i].Currency = own
		}
		if out[i].Currency == "" && !several {
			// No amount written with a currency: that of a line naming
			// only a table's currency ("Valor (€)", "Kr."), else that of
			// the one account the document names by its IBAN (found from
			// outside: a Danish statement's balances and a Danish and a
			// Portuguese tax assessment's sums were held against the
			// threshold of no currency).
			if out[i].Currency = of(headerLine); out[i].Currency == "" {
				out[i].Currency = of(ibanCountry)
			}
			if out[i].Currency == "" {
				out[i].Currency = of(countrySigns)
			}
		}
		if out[i].Currency == "" && several {
			// Amounts written in more than one currency: the bare ones
			// are the home currency's where the document's IBAN or its
			// country's signs name one of them (found from outside,
			// eighty-fourth trial: a South African statement's balances,
			// an import paid in USD beside its rand, were held against
			// the threshold of no currency).
			for _, home := range []string{of(ibanCountry), of(countrySigns)} {
				if home != "" && written[home] {
					out[i].Currency = home
					break
				}
			}
		}
	}
	return out
}

// centsColumn reports whether tok, two digits alone after a whole number
// and a gap on its line, is a cents column's, in a text whose column
// headings give the euros and the cents apart ("EUR     Ct"): headed
// says whether the text has such headings (read once a text).
func centsColumn(text string, tok number, headed func() bool) bool {
	if len(tok.raw) != 2 || tok.grouped || tok.decimals || !wholeBefore.MatchString(text[max(0, tok.start-40):tok.start]) {
		return false
	}
	return headed()
}

var (
	centsHeading = regexp.MustCompile(`(?im)(?:EUR|Euro|€)[ \t]+(?:Ct|Cent|Cents|Cts)\.?[ \t]*$`)
	wholeBefore  = regexp.MustCompile(`(?:^|[ \t])\d{1,3}(?:\.\d{3})*[ \t]+$`)
)

// documentCurrency reads from a document what a placeholder currency is:
// whose krone or krona "kr" is, whose dollar "$", and, for an amount
// written without one, the currency the document declares, a line of its
// own names over a table, or that of the account its IBAN names.
var documentCurrency = map[string]func(text string) string{krona: kronaCode, dollar: dollarCode, rupee: rupeeCode, cfa: cfaCode, "": declaredCurrency, headerLine: headerLineCurrency, ibanCountry: ibanCurrency, countrySigns: signedCurrency}

// countrySigns is the placeholder for the currency of the one country
// whose tax authority or personal numbers' names the text holds.
const countrySigns = "country"

// countryCurrencies are countries' own words and numbers' names that no
// other country's document carries, and their currencies: a Brazilian
// return's sums, written with no R$ under "CPF" and "Receita Federal",
// a Philippine BIR 2316's (found from outside, thirty-second trial: both
// were held against the threshold of no currency).
var countryCurrencies = []struct {
	re   *regexp.Regexp
	code string
}{
	{regexp.MustCompile(`\b(?:CPF|CNPJ|Receita Federal)\b`), "BRL"},
	{regexp.MustCompile(`\b(?:BIR Form|PhilHealth|Pag-IBIG)\b`), "PHP"},
	{regexp.MustCompile(`\b(?:CURP|IMSS)\b`), "MXN"},
	{regexp.MustCompile(`\b(?:GSTIN|Income Tax Department)\b`), "INR"},
	{regexp.MustCompile(`\b(?:SARS|eFiling)\b`), "ZAR"},
	// A Swedish payslip's and tax office's own words (found from
	// outside, forty-fifth trial: a lönespecifikation's gross pay was
	// held against the threshold of no currency).
	{regexp.MustCompile(`\b(?:Skatteverket|Bruttolön|Nettolön|Preliminärskatt|Försäkringskassan|Kronofogden)\b`), "SEK"},
	{regexp.MustCompile(`\b(?:KRA PIN|Kenya Revenue Authority)\b`), "KES"},
	{regexp.MustCompile(`\b(?:FIRS|Federal Inland Revenue Service)\b`), "NGN"},
	{regexp.MustCompile(`\b(?:NPWP|BPJS)\b`), "IDR"},
	{regexp.MustCompile(`\b(?:ANAF|CNP)\b`), "RON"},
	// A Vietnamese VAT invoice's seller's tax code and its sum in words
	// (found from outside, ninety-fourth trial: its 9.504.000 đồng
	// were held against the threshold of no currency).
	{regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:mã số thuế|giá trị gia tăng|viết bằng chữ)(?:$|[^\p{L}])`), "VND"},
}

// signedCurrency is the currency of the one country countryCurrencies
// finds signs of in text, else, for sums grouped in lakhs, the rupee of
// the country the text is of or Bangladesh's taka, else "".
func signedCurrency(text string) string {
	var codes []string
	for _, c := range countryCurrencies {
		if c.re.MatchString(text) {
			codes = append(codes, c.code)
		}
	}
	if len(codes) == 0 && lakhs.MatchString(text) {
		if bangladeshi.MatchString(text) {
			return "BDT"
		}
		return rupeeCode(text)
	}
	return sole(codes)
}

// lakhs is a sum grouped as South Asia groups it, in lakhs and crores,
// "1,84,302.55", which no other writing of numbers does (found from
// outside, sixty-third trial: an Indian statement's balances, written
// without a currency, were held against the threshold of no currency).
// bangladeshi names Bangladesh, whose taka is grouped so too.
var (
	lakhs       = regexp.MustCompile(`(?:^|[^\d,.])\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}\b`)
	bangladeshi = regexp.MustCompile(`\b(?:BDT|Bangladesh|Dhaka|Chattogram|Chittagong|Taka)\b|\+880[ \d]`)
)

// headerLine is the placeholder for the currency a line of its own names
// over a table's amounts.
const headerLine = "header"

// currencyHeaderLine is a line that holds only a currency, or one word
// and a currency: a table's column over its amounts, "Valor (€)", "Kr.",
// "Beløb DKK", and the forint's, koruna's and złoty's marks ("Ft").
var currencyHeaderLine = regexp.MustCompile(`(?m)^[ \t]*(?:\p{L}[\p{L}.]*[ \t]*)?\(?(€|£|` + allCodes + `|[Kk]r\.?|Ft|Kč|zł)\)?[ \t]*\r?$`)

// currencyHeading is a line of words, no number but its item's, that
// gives its currency's code, the rupee's mark or the crown's in
// parentheses ("Förlorade föremål och utlägg Belopp (kr)", found from
// outside: a Swedish claim's sums were held against the threshold of no
// currency): a
// section's heading over its sums, "ESTIMATED REPAIR COST (EGP) - agent
// workshop quotation attached", "8. Details of claim Amount (Rs.)" as OCR
// closed up its columns (found from outside: an Egyptian claim's estimate
// of 185,000 pounds and an Indian claim's 1,49,450 rupees were held
// against the threshold of no currency).
var currencyHeading = regexp.MustCompile(`(?m)^(?:\d{1,2}[.)][ \t]*)?[^\d\n]*\p{L}[^\d\n]*\((` + allCodes + `|Rs\.?|₹|[Kk]r\.?)\)[^\d\n]*$`)

// currencyColumnEnd is a heading of words ending in its sums' column's
// currency, apart after a gap: "Details of Salary Paid and any other
// income and tax deducted                    Rs." over a Form 16's rupees
// (found from outside, fiftieth trial: they were held against the
// threshold of no currency).
var currencyColumnEnd = regexp.MustCompile(`(?m)^[^\d\n]*\p{L}[^\d\n]*?[ \t]{3,}\(?(` + allCodes + `|Rs\.?|₹|€|£)\)?[ \t]*\r?$`)

// currencyAfterAmountWord is a heading of words that ends in a column's
// money word and its currency, as OCR closes up the gap before them:
// "Opgørelse af skaden Beløb kr." over a Danish claim's sums (found from
// outside, hundred-and-tenth trial: they were held against the
// threshold of no currency).
var currencyAfterAmountWord = regexp.MustCompile(`(?m)^[^\d\n]*\p{L}[^\d\n]*?[ \t](?i:beløb|belob|belopp|beløp|betrag|amount|montant|importe|importo|bedrag|kwota|částka|castka|összeg|osszeg|summa|summe|sum)[ \t]+\(?(` + allCodes + `|[Kk]r\.?|Rs\.?|₹|€|£)\)?[ \t]*\r?$`)

// headerLineCurrency is the one currency the lines of text that name
// only a currency name (a crown as kronaCode reads it), or a heading
// its code (currencyHeading, currencyColumnEnd, currencyAfterAmountWord),
// name, else "".
func headerLineCurrency(text string) string {
	var codes []string
	var named [][]string
	named = append(named, currencyHeading.FindAllStringSubmatch(text, -1)...)
	named = append(named, currencyColumnEnd.FindAllStringSubmatch(text, -1)...)
	named = append(named, currencyAfterAmountWord.FindAllStringSubmatch(text, -1)...)
	for _, m := range named {
		switch c := currencyCode(m[1]); c {
		case rupee:
			codes = append(codes, rupeeCode(text))
		case krona:
			codes = append(codes, kronaCode(text))
		default:
			codes = append(codes, c)
		}
	}
	for _, m := range currencyHeaderLine.FindAllStringSubmatch(text, -1) {
		c := currencyCode(m[1])
		if l := strings.ToLower(m[1]); l == "kr" || l == "kr." {
			c = kronaCode(text)
		}
		codes = append(codes, c)
	}
	return sole(codes)
}

// ibanCountry is the placeholder for the currency of the account a
// document's IBAN names.
const ibanCountry = "iban"

// ibanCurrencies are the currencies of accounts by the IBAN's country,
// where one is the country's own.
var ibanCurrencies = map[string]string{
	"AT": "EUR", "BE": "EUR", "CY": "EUR", "DE": "EUR", "EE": "EUR", "ES": "EUR", "FI": "EUR", "FR": "EUR", "GR": "EUR", "HR": "EUR",
	"IE": "EUR", "IT": "EUR", "LT": "EUR", "LU": "EUR", "LV": "EUR", "MT": "EUR", "NL": "EUR", "PT": "EUR", "SI": "EUR", "SK": "EUR",
	"BG": "BGN", "CH": "CHF", "CZ": "CZK", "DK": "DKK", "GB": "GBP", "HU": "HUF", "IS": "ISK", "NO": "NOK", "PL": "PLN", "RO": "RON",
	"RS": "RSD", "SE": "SEK", "TR": "TRY", "UA": "UAH",
}

// ibanCurrency is the currency of the accounts text names by IBAN, when
// they are all of one country whose currency ibanCurrencies knows, else "".
// An IBAN with a sum after it on its line is a transaction's counterparty,
// not an account the document is of: an Austrian statement's "Überweisung
// an Jana Nováková CZ50 0300 …  1.250,00" made every bare sum of it
// koruna (found from outside, hundred-and-sixteenth trial: its balance of
// 86.412,09 was held against the koruna's threshold, and the statement
// recorded without review).
func ibanCurrency(text string) string {
	var codes []string
	for _, ib := range pii.IBANs(text) {
		rest := text[ib.End:]
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			rest = rest[:i]
		}
		if sumInRow.MatchString(rest) {
			continue
		}
		codes = append(codes, ibanCurrencies[ib.Country])
	}
	return sole(codes)
}

// sumInRow is a sum written with its cents, a cell of its own: 1.250,00,
// -1,250.00, 1 250,00; not a date's "10.12.2026".
var sumInRow = regexp.MustCompile(`(?:^|\s)[-+]?\d{1,3}(?:[ .,'’]\d{3})*[.,]\d{2}(?:\s|$)`)

// sole is the one currency codes name, "" ones aside, or "" when they
// name none or several.
func sole(codes []string) string {
	one := ""
	for _, c := range codes {
		if c == "" {
			continue
		}
		if one != "" && c != one {
			return ""
		}
		one = c
	}
	return one
}

// number is a number token of a text.
type number struct {
	start, end int
	raw        string
	// grouped: it has thousands separators; decimals: a decimal part.
	grouped, decimals bool
	// fine: four decimal places, a unit price or a tariff ("0.4375",
	// "2,2140").
	fine bool
}

// accountLabel ends a label that names an account.
var accountLabel = regexp.MustCompile(`(?i)\b(?:account|acct|a/c|konto|compte|conto|cuenta|conta|rekening)\b[\s:.#\-–]*$`)

// accountNumber reports whether n, under label, is an account's number:
// the label ends in an account word and n is a whole number of seven
// digits or more.
func accountNumber(label string, n number) bool {
	digits := 0
	for i := 0; i < len(n.raw); i++ {
		if isDigit(n.raw[i]) {
			digits++
		}
	}
	return !n.decimals && digits >= 7 && accountLabel.MatchString(label)
}

// scanNumbers finds number tokens: digits with consistent thousands
// separators (",", ".", "'", "’", a no-break space, or a space when a
// currency is next to it) and an optional decimal part of one or two
// digits.
func scanNumbers(text string, loc *locale) []number {
	var out []number
	for i := 0; i < len(text); {
		if !isDigit(text[i]) || (i > 0 && isDigit(text[i-1])) {
			i++
			continue
		}
		n := readNumber(text, i, false)
		// Space-grouped thousands ("1 028,00") only with a currency next to
		// them or a decimal comma, so table cells stay apart.
		left := text[max(0, i-16):i]
		signed := currencyBefore(left) != "" || loc.letterBefore(left) != ""
		if sp := readNumber(text, i, true); sp.end > n.end && !rateMarkBefore(left) && !timesBefore(left) && (signed || currencyAfter(text[sp.end:min(len(text), sp.end+8)]) != "" ||
			(sp.decimals && text[sp.end-3] == ',' && strings.Count(sp.raw, " ") > 0) || spacedPointSum(text, sp, loc) || aloneInCell(text, i, sp.end, loc) || wholeAtLineEnd(text, sp, loc)) && !quantityAndPrice(text, sp) {
			n = sp
		}
		if d := spacedDecimals(text, n); d > 0 && (signed || currencyAfter(text[d:min(len(text), d+8)]) != "") {
			n.end, n.raw, n.decimals = d, text[i:d], true
		}
		if d := millDecimals(text, n); d > 0 && (millCurrency[currencyBefore(left)] || millCurrency[currencyAfter(text[d:min(len(text), d+8)])]) {
			n.end, n.raw, n.decimals = d, text[i:d], true
		}
		if d := lostGroupSpace(text, n); d > 0 && currencyAfter(text[d:min(len(text), d+8)]) != "" {
			if joined := (number{start: i, end: d, raw: text[i:d], grouped: true}); !quantityAndPrice(text, joined) {
				n = joined
			}
		}
		out = append(out, n)
		i = n.end
	}
	return out
}

// rateMarkBefore reports whether left ends in a percent sign or in the
// quotation mark OCR reads one as: a till's VAT rate, "TAVUK SOTE “10
// 120,00", is no thousands of the price after it (found from outside,
// seventy-third trial: a Turkish canteen's receipt read 10 120,00 lira).
func rateMarkBefore(left string) bool {
	return strings.HasSuffix(left, "%") || strings.HasSuffix(left, "“") || strings.HasSuffix(left, "\"")
}

// timesBefore reports whether left ends in a multiplication sign, "x" or
// "×" standing alone: the number after it is a count, no thousands of the
// sum after it ("Forfait Déplacements (IFD) x 42 115,50 €", 42 journeys
// and the row's sum, found from outside, hundred-and-second trial: a
// French home-care invoice read 42 115,50 euros).
func timesBefore(left string) bool {
	left = strings.TrimRight(left, " ")
	mark, size := utf8.DecodeLastRuneInString(left)
	if mark != 'x' && mark != 'X' && mark != '×' {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(left[:len(left)-size])
	return !unicode.IsLetter(before) && !unicode.IsDigit(before)
}

// wholeAtLineEnd reports whether the space-grouped whole number sp ends
// its line under a heading of a currency that writes sums so (the
// locale's spacedColumn): a row whose gaps OCR closed up, "2. Egyéb
// munkaviszonyhoz kapcsolódó jövedelem 312 000".
func wholeAtLineEnd(text string, sp number, loc *locale) bool {
	if sp.decimals || !strings.Contains(sp.raw, " ") {
		return false
	}
	rest := strings.TrimLeft(text[sp.end:], " \t")
	return (rest == "" || rest[0] == '\n' || rest[0] == '\r') && loc.spacedSums()
}

// spacedPointSum reports whether the space-grouped number sp, with two
// decimals after a point, is one sum: where the locale writes thousands
// so (South Africa's "Income - taxable 612 480.00", its cells' gaps
// flattened by OCR, was read as 480.00: found from outside, forty-third
// trial). A quantity and a price closed up stay apart (quantityAndPrice).
func spacedPointSum(text string, sp number, loc *locale) bool {
	return sp.decimals && text[sp.end-3] == '.' && strings.Contains(sp.raw, " ") && loc.spaced()
}

// quantityAndPrice reports whether the space-grouped number sp is a
// quantity and a unit price that a table's flattened row closed up: its
// first group times the rest is the next number on its line, the row's
// amount ("Arbeid elektriker, timer 7 895,00 6 265,00": 7 × 895,00, found
// from outside), also with the price's currency between them ("Ergo 40
// 4 412,00€ 1 648,00 €": 4 × 412,00, OCR having closed the gap), and
// whole sums so ("DSG 3 689 900 Kč 2 069 700 Kč": 3 × 689 900, a Czech
// dealer's order, found from outside, seventy-third trial).
func quantityAndPrice(text string, sp number) bool {
	q, rest, ok := strings.Cut(sp.raw, " ")
	if !ok {
		return false
	}
	j := sp.end
	if _, k := currencyAfterAt(text[j:min(len(text), j+8)]); k > 0 {
		j += k
	}
	for j < len(text) && text[j] == ' ' {
		j++
	}
	if j == sp.end || j >= len(text) || !isDigit(text[j]) {
		return false
	}
	next := readNumber(text, j, true)
	qty, _ := strconv.Atoi(q)
	price, ok1 := ParseAmount(strings.ReplaceAll(rest, " ", ""))
	amount, ok2 := ParseAmount(strings.ReplaceAll(next.raw, " ", ""))
	return ok1 && ok2 && qty > 0 && math.Abs(float64(qty)*price-amount) < 0.005
}

// aloneInCell reports whether text[start:end] fills a table cell: a
// column gap (two spaces or a tab) or the line's start before it, a gap or
// the line's end after it. A space-grouped number so set apart is one
// number ("Total de la TVA brute due      17 534", found from outside);
// two cells of a flattened table have a gap between them, not a space.
// Not with a decimal point unless the locale spaces a point's thousands
// (South Africa writes "612 480.00", see locale): the other languages that
// group by spaces write a decimal comma, and "1 129.00" is a quantity and
// a price whose columns the price's width closed up (found in a field
// receipt). A minus sign may stand before the number in its cell.
func aloneInCell(text string, start, end int, loc *locale) bool {
	if strings.Contains(text[start:end], ".") && !loc.spaced() {
		return false
	}
	if start > 0 && text[start-1] == '-' {
		start--
	}
	before := start == 0 || text[start-1] == '\n' || text[start-1] == '\t' || strings.HasSuffix(text[:start], "  ")
	after := end == len(text) || text[end] == '\n' || text[end] == '\r' || text[end] == '\t' || strings.HasPrefix(text[end:], "  ")
	return before && after
}

// spacedDecimals returns where the decimal part of n ends when a space
// parts it from its decimal comma: after the comma, a number grouped by
// points, ", " and exactly two digits ("DKK 12.853, 13", found from
// outside), or before it, its cents in a column of their own ("TOTAL
// FACTURA  10.000 ,46 €", found from outside, hundred-and-seventeenth
// trial: an invoice over the threshold by 46 cents was read 10,000.00 and
// recorded without review); else 0. Only a currency next to it
// (scanNumbers) makes it one number: "12, 13" is a list, and so is
// "1.234, 5.678".
func spacedDecimals(text string, n number) int {
	if n.decimals || strings.ContainsAny(n.raw, ", ") || n.grouped && !strings.Contains(n.raw, ".") {
		return 0
	}
	j := n.end
	if j+4 > len(text) || !(text[j] == ',' && text[j+1] == ' ' && n.grouped || text[j] == ' ' && text[j+1] == ',') || !isDigit(text[j+2]) || !isDigit(text[j+3]) {
		return 0
	}
	if k := j + 4; k < len(text) && (isDigit(text[k]) || ((text[k] == '.' || text[k] == ',') && k+1 < len(text) && isDigit(text[k+1]))) {
		return 0
	}
	return j + 4
}

// lostGroupSpace returns where a space-grouped sum ends whose first space
// OCR lost, "4150 000 Ft" for "4 150 000 Ft" (found from outside,
// hundred-and-nineteenth trial: a Hungarian invoice's total was read as
// 000 forints and the invoice, over the threshold, recorded without
// review): four to six digits, a space and three digits, nothing of a
// number after them; else 0. Only a currency after it (scanNumbers) makes
// it one sum.
func lostGroupSpace(text string, n number) int {
	if n.grouped || n.decimals || len(n.raw) < 4 || len(n.raw) > 6 {
		return 0
	}
	j := n.end
	if j+4 > len(text) || text[j] != ' ' || !threeDigits(text, j+1) || numberGoesOn(text, j+4) {
		return 0
	}
	return j + 4
}

// millDecimals returns where a comma-grouped number's three decimals
// after a point end, "1,250.750", or 0; scanNumbers keeps them only next
// to a currency of three decimals (millCurrency).
func millDecimals(text string, n number) int {
	if !n.grouped || n.decimals || !strings.Contains(n.raw, ",") || strings.ContainsAny(n.raw, ". ") {
		return 0
	}
	if j := n.end; j < len(text) && text[j] == '.' && threeDigits(text, j+1) && !numberGoesOn(text, j+4) {
		return j + 4
	}
	return 0
}

// strayGroupSpace returns where a comma-grouped number starting at i
// ends when OCR put one space beside one of its commas, "Rs.11,
// 20,896.00", "10,00 ,800.00", "9,850, 000/-" (found from outside,
// seventy-ninth and eightieth trials: rupee totals read as their last
// groups); 0 when there is none. Only a number that ends in its paise
// or "/-" and is grouped whole without the space, the Indian way or in
// thousands, is taken: a list's "12, 345" is not.
func strayGroupSpace(text string, i int) int {
	head := text[i:min(len(text), i+32)]
	at := strings.Index(head, ", ")
	if b := strings.Index(head, " ,"); b >= 0 && (at < 0 || b < at) {
		at = b
	}
	if at <= 0 || !isDigit(head[at-1]) {
		return 0
	}
	space := at // " ,"
	if head[at] == ',' {
		space = at + 1 // ", "
	}
	closed := head[:space] + head[space+1:]
	m := lakh.FindString(closed)
	if m == "" {
		m = thousandsGrouped.FindString(closed)
	}
	if m == "" || len(m) <= at+1 {
		return 0
	}
	end := i + len(m) + 1
	rest := text[end:]
	if !strings.Contains(m, ".") && !strings.HasPrefix(rest, "/-") || numberGoesOn(text, end) {
		return 0
	}
	return end
}

// thousandsGrouped is a number grouped in thousands by commas, with its
// cents or none: "9,850,000", "1,120,896.00".
var thousandsGrouped = regexp.MustCompile(`^\d{1,3}(?:,\d{3})+(?:\.\d{2})?`)

// lakh is a number grouped the Indian way, in lakhs and crores: three
// digits last, two in each group before them ("Rs. 17,00,000.00", found
// from outside: read as 17.00 and 000.00, a Form 16's salary of
// seventeen lakh was no amount).
var lakh = regexp.MustCompile(`^\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?`)

func readNumber(text string, i int, spaces bool) number {
	n := number{start: i}
	if m := lakh.FindString(text[i:]); m != "" && !numberGoesOn(text, i+len(m)) {
		n.end, n.raw, n.grouped, n.decimals = i+len(m), m, true, strings.Contains(m, ".")
		return n
	}
	if end := strayGroupSpace(text, i); end > 0 {
		n.end, n.raw, n.grouped, n.decimals = end, text[i:end], true, strings.Contains(text[i:end], ".")
		return n
	}
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	var groupSep string
	if j-i <= 3 && fourPlaces(text, j) {
		// Four digits after the point are no thousands group: "$0.4375",
		// "Tariff (R/kWh) 2.2140" (found from outside).
		n.end, n.raw, n.decimals, n.fine = j+5, text[i:j+5], true, true
		return n
	}
	if j-i == 1 && text[i] == '0' && j+4 <= len(text) && (text[j] == '.' || text[j] == ',') && allDigits(text[j+1:j+4]) && !numberGoesOn(text, j+4) {
		// No thousands group follows a lone nought: "€ 0,084" is a
		// label's price in tenths of a cent (found from outside,
		// seventy-sixth trial: it was 84 euros).
		n.end, n.raw, n.decimals, n.fine = j+4, text[i:j+4], true, true
		return n
	}
	if j-i <= 3 {
		for {
			sep, w := separatorAt(text, j, spaces)
			if sep == "" || (groupSep != "" && sep != groupSep) || !threeDigits(text, j+w) {
				break
			}
			groupSep = sep
			j += w + 3
			n.grouped = true
		}
	}
	if j+1 < len(text) && (text[j] == '.' || text[j] == ',') && string(text[j]) != groupSep && isDigit(text[j+1]) {
		k := j + 1
		for k < len(text) && isDigit(text[k]) {
			k++
		}
		if k-j-1 <= 2 {
			j = k
			n.decimals = true
		}
	}
	n.end = j
	n.raw = text[i:j]
	return n
}

// currencyFirstLine reports whether the rest of a line, after a currency
// that follows a number, ends in a number with no currency after it: the
// line writes its currencies before their numbers.
func currencyFirstLine(rest string) bool {
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimRight(rest, " \t\r")
	return rest != "" && isDigit(rest[len(rest)-1])
}

// fourPlaces reports whether text at j is a point or comma and exactly
// four digits, the number ending there.
func fourPlaces(text string, j int) bool {
	return j+5 <= len(text) && (text[j] == '.' || text[j] == ',') && allDigits(text[j+1:j+5]) && !numberGoesOn(text, j+5)
}

// numberGoesOn reports whether a number's digits go on at text[j]: a
// digit, or a separator and a digit.
func numberGoesOn(text string, j int) bool {
	if j < len(text) && isDigit(text[j]) {
		return true
	}
	return j+1 < len(text) && (text[j] == ',' || text[j] == '.') && isDigit(text[j+1])
}

// separatorAt returns the thousands separator at text[j] and its width.
func separatorAt(text string, j int, spaces bool) (string, int) {
	if j >= len(text) {
		return "", 0
	}
	switch {
	case text[j] == ',' || text[j] == '.' || text[j] == '\'':
		return text[j : j+1], 1
	case strings.HasPrefix(text[j:], "’"), strings.HasPrefix(text[j:], "\u00a0"), strings.HasPrefix(text[j:], "\u202f"):
		_, w := decodeRune(text[j:])
		return text[j : j+w], w
	case spaces && text[j] == ' ':
		return " ", 1
	}
	return "", 0
}

func decodeRune(s string) (rune, int) {
	for i, r := range s {
		if i > 0 {
			return r, i
		}
	}
	return 0, len(s)
}

// threeDigits reports whether text has exactly three digits at j.
func threeDigits(text string, j int) bool {
	return j+3 <= len(text) && isDigit(text[j]) && isDigit(text[j+1]) && isDigit(text[j+2]) &&
		(j+3 == len(text) || !isDigit(text[j+3]))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') }

var (
	currencyCodes = `USD|EUR|GBP|CHF|CAD|AUD|NZD|JPY|CNY|INR|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|RSD|UAH|TRY|SGD|HKD|ZAR|MXN|BRL`
	// moreCodes are currencies whose codes are also words in lower case
	// ("pen", "php"): written in capitals only (found from outside: a
	// Nigerian claim's NGN and a Philippine order's PHP were money of no
	// currency).
	// And more, found from outside (twenty-fourth trial): a Ugandan
	// order's "TOTAL UGX: 45,600,000" was held against the dollar's
	// threshold. Codes that are words or names in capitals too (ALL,
	// AMD, BOB, CRC, MOP, BAM, GEL) are left out.
	moreCodes = `MZN|AOA|NGN|PHP|KES|GHS|EGP|MAD|AED|SAR|QAR|ILS|THB|IDR|MYR|KRW|TWD|VND|PKR|BDT|LKR|CLP|COP|PEN|ARS|UYU|JMD|TTD|XCD|BZD|` +
		`UGX|TZS|RWF|ZMW|MWK|ETB|XOF|XAF|BWP|NAD|MUR|FJD|PGK|NPR|MMK|KHR|BND|KZT|AZN|BYN|MDL|MKD|DZD|TND|JOD|KWD|BHD|OMR|DOP|GTQ|HNL|PYG`
	allCodes = currencyCodes + `|` + moreCodes
	// endMarks are abbreviations that end the text before a sum: "Rs.
	// 60,000", "kr 250".
	// Found from outside (thirty-second trial): Kenya's shilling as
	// M-PESA writes it, "Ksh2,350.00", and Indonesia's rupiah, "Rp
	// 7.500.000".
	// Found from outside (later): Bangladesh's taka, "Tk 12,500", and
	// Uganda's and Tanzania's shillings, "USh 450,000", "TSh 45,000".
	endMarks = `Rs\.?|Fr\.|kr\.?|KSh\.?|Kshs?\.?|KShs\.?|Rp\.?|Tk\.?|UShs?\.?|TShs?\.?`
	// unitMarks are currencies written after a sum that a column's
	// heading gives in parentheses: "Összeg (Ft)", "Kwota (zł)", "Beløb
	// (kr.)" (found from outside: a Hungarian return's sums under
	// "Összeg (Ft)" were no money). A Bangladeshi quotation's "Unit price
	// (Tk)" and "Total (Tk)" (eighty-eighth trial: its sums were held
	// against the default threshold).
	unitMarks = `Ft|Kč|zł|kr\.?|lei|TL|₺|KSh|DH|Tk\.?|৳`
	// euroWords are the euro in words, before a sum or after it.
	euroWords = `euros?|euroa|euron`
	// currencyEnd: a currency at the end of the text left of a number.
	currencyEnd = regexp.MustCompile(`(?:(US|A|C|NZ|R|HK|S|J|NT|TT|EC|BZ)?\$|€|E£|৳|£|¥|₹|₺|₦|₱|GH[¢₵]|₵|\b(` + allCodes + `|` + endMarks + `)\.?|(?i:\b(` + currencyCodes + `|` + euroWords + `)))[ \t]*[-−(]?[ \t]*$`)
	// currencyStart: a currency at the start of the text right of one;
	// also in words: "11.400,00 euro", "12 500 Ft", "1.200 lei", "38.500,00
	// TL"; after a point OCR read from a speck, "1.875,00. kr" (found from
	// outside); the đồng as Vietnamese writes it after a sum, "48.510.000
	// đồng", "1.250.000đ", "₫" (found from outside: a Vietnamese invoice's
	// total was held against the dollar's threshold); the crowns in words,
	// "Du får 4 812 kroner tilbake" (found from outside); the lev in Latin
	// letters, "489,00 lv." (found from outside, fifty-sixth trial: a
	// Bulgarian order's sums were no money).
	currencyStart = regexp.MustCompile(`^(?:\. |[ \t])?(?:€|£|\$|₺|₦|₱|円|元|원|(?i:\b(` + currencyCodes + `|` + euroWords + `)\b)|\b(?:` + moreCodes + `)\b|kr\b|Tk\b|৳|лв\.?|\blv\.|грн\.?|din\.|(?i:kron(?:er|or|a|e))\b|F ?CFA\b|CFA\b|DH\b|Dhs?\b|zł|K[čé]|Fr\.|Ft\b|lei\b|TL\b|₫|VNĐ|đ(?:ồng)?|(?i:` + currencyWordAlt + `)\b|(?i:ευρώ|ευρω))`)
	symbolCodes   = map[string]string{"$": dollar, "US$": "USD", "A$": "AUD", "C$": "CAD", "NZ$": "NZD", "R$": "BRL",
		"HK$": "HKD", "S$": "SGD", "€": "EUR", "£": "GBP", "¥": "JPY", "円": "JPY", "元": "CNY", "원": "KRW", "₹": "INR", "Rs": rupee, "Rs.": rupee, "FCFA": cfa, "F CFA": cfa, "CFA": cfa, "DH": "MAD", "Dh": "MAD", "Dhs": "MAD",
		"Fr.": "CHF", "kr": krona, "kr.": krona, "kroner": krona, "kronor": krona, "krona": krona, "krone": krona, "zł": "PLN", "Kč": "CZK", "Ké": "CZK", "Ft": "HUF", "lei": "RON", "TL": "TRY", "₺": "TRY",
		"₦": "NGN", "₱": "PHP", "KSh": "KES", "KSh.": "KES", "GH¢": "GHS", "GH₵": "GHS", "₵": "GHS", "ден": "MKD", "ден.": "MKD", "VNĐ": "VND", "₫": "VND", "đ": "VND", "đồng": "VND", "J$": "JMD", "NT$": "TWD", "TT$": "TTD", "EC$": "XCD", "BZ$": "BZD",
		"Ksh": "KES", "Ksh.": "KES", "Kshs": "KES", "Kshs.": "KES", "KShs": "KES", "KShs.": "KES", "Rp": "IDR", "Rp.": "IDR",
		"E£": "EGP", "৳": "BDT", "Tk": "BDT", "Tk.": "BDT", "USh": "UGX", "USh.": "UGX", "UShs": "UGX", "UShs.": "UGX", "TSh": "TZS", "TSh.": "TZS", "TShs": "TZS", "TShs.": "TZS",
		"лв": "BGN", "лв.": "BGN", "lv.": "BGN", "грн": "UAH", "грн.": "UAH", "din.": "RSD"}
	// currencyWords are currencies in words after a sum: "a dividend of
	// 12.50 Naira per share" (found from outside); the euro in Greek,
	// "1.250,00 ευρώ", matched in currencyStart without \b, which knows
	// no Greek letters (found from outside).
	currencyWords = map[string]string{"ευρώ": "EUR", "ευρω": "EUR", "naira": "NGN", "cedi": "GHS", "cedis": "GHS", "rand": "ZAR", "reais": "BRL", "ringgit": "MYR", "rupiah": "IDR", "lira": "TRY", "liras": "TRY", "yen": "JPY", "yuan": "CNY",
		// Latin America's pesos and soles by their country (found from
		// outside: "Valores en pesos colombianos" under an order whose
		// sums had no currency).
		"pesos colombianos": "COP", "pesos mexicanos": "MXN", "pesos chilenos": "CLP", "pesos argentinos": "ARS", "pesos uruguayos": "UYU", "soles": "PEN", "nuevos soles": "PEN"}
	// currencyWordAlt is currencyWords' words as an alternation, the
	// longest first.
	currencyWordAlt = alternation(currencyWords)
	// labelCurrency: a label that names its currency, "Order total (USD):".
	// A rupee column may be headed "Amount (Rs)" or "Rate (₹)" (found
	// from outside: an Indian invoice's lakhs were money of no currency).
	// A dollar's country prefix belongs to it: "Valor (R$)" is reais,
	// not dollars (found from outside). "(R)" and "(N)" are a rand's and
	// a naira's where the document is that country's (see locale).
	labelCurrency  = regexp.MustCompile(`\((` + allCodes + `|€|£|(?:US|A|C|NZ|R|HK|S|J|NT|TT|EC|BZ)?\$|₹|₦|₱|Rs\.?|RM|[RNK]|ден\.?|VNĐ|F ?CFA|` + unitMarks + `)\)[\s:]*$|(?:^|[^\p{L}\p{N}])(` + allCodes + `)[ \t]*:?[ \t]*$`)
	headerCurrency = regexp.MustCompile(`(?:\(|\b|\s)(` + allCodes + `|€|£|₹|₦|₱)(?:\)|\b|$)|(?:\(|\s|^)((?:US|A|C|NZ|R|HK|S|J|NT|TT|EC|BZ)?\$|\(Rs\.?\)|\((?:RM|[RNK])\)|\(ден\.?\)|\(VNĐ\)|\(F ?CFA\)|\((?:` + unitMarks + `)\)|\([Kk]r\.?\)|[Kk]r\.?$|RM$)`)
)

// krona stands for "kr" until the document says whose krone or krona it
// is (see kronaCode), dollar for "$" (see dollarCode).
const (
	krona  = "kr"
	dollar = "$"
	rupee  = "Rs"
	cfa    = "CFA"
)

var (
	// A document's country, for its "$" (found from outside: Australian
	// and New Zealand bills were reported in USD).
	// Also a BSB and the states whose abbreviations are no other word
	// (found from outside, forty-fifth trial: a Victorian motor claim's
	// repair quote was US dollars).
	australian = regexp.MustCompile(`\b(?:ABN|ACN|AUD|BSB|Australia|Australian|NSW|VIC|QLD)\b|\.com\.au\b|\b(?:NSW|VIC|QLD|TAS|ACT|NT|SA|WA) \d{4}\b`)
	newZealand = regexp.MustCompile(`\b(?:NZD|NZBN|IRD|New Zealand|Aotearoa)\b|\.(?:co|org|govt)\.nz\b`)
	mexican    = regexp.MustCompile(`\b(?:MXN|M\.N\.|México|Mexico|RFC|CURP)(?:\b|$)`)
	// newMexico is the state of the United States, no Mexican's: a Las
	// Cruces settlement's "$85,000.00" was read as pesos and held against
	// the peso's threshold (found from outside, sixty-second trial).
	newMexico = regexp.MustCompile(`(?i)\bnew\s+m[ée]xico\b`)
	// A Singapore company, an NRIC, a Singapore number (found from
	// outside: a motor claim's "$4,860.00" was read as dollars of the
	// United States).
	singaporean = regexp.MustCompile(`\b(?:SGD|Singapore|UEN|NRIC|(?i:pte\.?\s+ltd))\b|\+65[ \t]?[689]\d{3}`)
	// The peso countries whose "$" writes thousands with points: "$
	// 650.000" is an Argentine rent (found from outside: read as 650
	// dollars). A Chilean form may name no country but its tax office
	// (SII) and a taxpayer's RUT (found from outside: an F22's "Monto
	// ($)" read as dollars).
	argentine = regexp.MustCompile(`\b(?:ARS|Argentina|CUIT|CUIL|AFIP|(?i:buenos aires|argentino|argentina))\b`)
	chilean   = regexp.MustCompile(`\b(?:CLP|Chile|SII|BancoEstado|(?i:santiago de chile|chileno|chilena))\b|\bRUT[^\n\d]{0,20}\d{1,2}\.\d{3}\.\d{3}-[\dkK]\b`)
	// A Colombian NIT (nine digits in threes and a check) and cities
	// (found from outside: a Neiva purchase order's "$ 168.000" read as
	// dollars and cents).
	colombian = regexp.MustCompile(`\b(?:COP|Colombia|DIAN|(?i:bogotá|bogota|medellín|medellin|barranquilla|cartagena|bucaramanga|pereira|manizales|neiva|ibagué|cúcuta|colombiano|colombiana))\b|\bNIT\s*:?\s*\d{3}\.\d{3}\.\d{3}-\d\b`)
	uruguayan = regexp.MustCompile(`\b(?:UYU|Uruguay|(?i:montevideo|uruguayo|uruguaya))\b`)
	// Also Québec's own way of writing a sum, the dollar sign after a
	// decimal comma ("95,00 $"), the social insurance number's French
	// name and an e-mail address in .ca (found from outside,
	// forty-fourth trial: a Québec insurer's bilingual form's sums were
	// US dollars).
	// And a province after an address's comma, the social insurance
	// number and the programmes only Canada has (not "NE Alberta St", a
	// street in Portland; found from outside, sixty-third trial:
	// an Ontario disability claim whose postcode OCR misread, "ON MIM
	// 3R3", was in US dollars).
	// The United States' own names and a state's ZIP code ("East Boston,
	// MA 02128"): a US rental agreement valid in "the continental United
	// States and Canada" had its dollars read as Canada's (found from
	// outside, hundred-and-first trial). A document that names both is in
	// US dollars.
	american = regexp.MustCompile(`\b(?:USD|United States|USA|U\.S\.(?:A\.)?)|\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]) \d{5}(?:-\d{4})?\b`)
	canadian = regexp.MustCompile(`\b(?:CAD|Canada|GST/HST|HST|TPS|TVQ|Montréal|Montreal|Québec|Quebec|Toronto|Ottawa|Vancouver|Calgary|Edmonton|Winnipeg|Halifax|NAS|Social Insurance Number|WSIB|RRSP|TFSA|Canada Revenue Agency)\b|,[ \t]*(?:Ontario|British Columbia|Alberta|Manitoba|Saskatchewan|Nova Scotia|New Brunswick|Newfoundland(?: and Labrador)?|Prince Edward Island)\b|\b(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE) [A-Z]\d[A-Z] ?\d[A-Z]\d\b|\d,\d{2} ?\$|@[\w.-]+\.ca\b`)
)

// dollarCode says whose dollar "$" is in text: Australia's, New
// Zealand's, Canada's, Singapore's or Mexico's peso when the document
// names exactly one of them and not the United States, else the United
// States'.
func dollarCode(text string) string {
	code, n := "USD", 0
	for _, c := range []struct {
		re   *regexp.Regexp
		code string
	}{{american, "USD"}, {australian, "AUD"}, {newZealand, "NZD"}, {canadian, "CAD"}, {mexican, "MXN"}, {singaporean, "SGD"},
		{argentine, "ARS"}, {chilean, "CLP"}, {colombian, "COP"}, {uruguayan, "UYU"}} {
		t := text
		if c.code == "MXN" {
			t = newMexico.ReplaceAllString(text, "")
		}
		if c.re.MatchString(t) {
			code, n = c.code, n+1
		}
	}
	if n != 1 {
		return "USD"
	}
	return code
}

// rupeeCode says whose rupee "Rs" is in text: Pakistan's, Sri Lanka's,
// Nepal's or Mauritius's where the document is that country's, else
// India's (found from outside: a Lahore order's "Amount (Rs)" was held
// against the rupee of India's threshold).
func rupeeCode(text string) string {
	for _, c := range []struct {
		re   *regexp.Regexp
		code string
	}{{pakistani, "PKR"}, {sriLankan, "LKR"}, {nepali, "NPR"}, {mauritian, "MUR"}} {
		if c.re.MatchString(text) {
			return c.code
		}
	}
	return "INR"
}

// cfaCode says which CFA franc "FCFA" is in text: Central Africa's where
// the document is of one of its six countries, else West Africa's.
func cfaCode(text string) string {
	if centralAfrican.MatchString(text) {
		return "XAF"
	}
	return "XOF"
}

var (
	pakistani      = regexp.MustCompile(`\b(?:PKR|NTN|STRN|FBR|Pakistan|Karachi|Lahore|Islamabad|Rawalpindi|Faisalabad|Multan|Peshawar|Quetta|Sialkot)\b|\.(?:com|gov|org|edu)\.pk\b|\+92[ \d]`)
	sriLankan      = regexp.MustCompile(`\b(?:LKR|Sri Lanka|Colombo|Kandy)\b|\.lk\b|\+94[ \d]`)
	nepali         = regexp.MustCompile(`\b(?:NPR|Nepal|Kathmandu|Pokhara)\b|\.np\b|\+977[ \d]`)
	mauritian      = regexp.MustCompile(`\b(?:MUR|Mauritius|Port Louis)\b|\.mu\b|\+230[ \d]`)
	centralAfrican = regexp.MustCompile(`\b(?:XAF|Cameroun|Cameroon|Gabon|Congo|Tchad|Chad|Centrafrique|Central African|Guinée équatoriale|Equatorial Guinea|Yaoundé|Yaounde|Douala|Libreville|Brazzaville|N'Djamena|Bangui|Malabo)\b|\+(?:235|236|237|240|241|242)[ \d]`)
)

var (
	kronaISO   = regexp.MustCompile(`\b(?:DKK|SEK|NOK|ISK)\b`)
	kronaWords = wordRe(`danske kroner|svenska kronor|kronor|norske kroner|íslenskar krónur`)
	// Words of Danish, Norwegian and Swedish that the others spell
	// otherwise: Danish "af", "beløb", "moms"; Norwegian "av", "beløp",
	// "mva"; Swedish "och", "att", "belopp" (its "för" and "är" need no
	// list: a text with ä or ö is Swedish already, kronaCode).
	danishWords    = regexp.MustCompile(`(?i)\b(?:af|beløb|beløbet|moms|momsen|købt|betales|skat|indkomst|udbetales|udbetalt|nemkonto|kontoudtog)(?:[^\p{L}]|$)`)
	norwegianWords = regexp.MustCompile(`(?i)\b(?:av|beløp|beløpet|mva|kjøpt|betales)(?:[^\p{L}]|$)`)
	swedishWords   = regexp.MustCompile(`(?i)\b(?:och|att|belopp|beloppet|momsen|betalas)(?:[^\p{L}]|$)`)
)

// currencyDeclared is a document's statement of the currency it is kept
// in: "Currency: EUR", "Waluta: PLN", "Währung EUR", "Devise : CHF", "All
// amounts in NZD", by its code or in words: "All figures in Naira (NGN)",
// "All prices in Ringgit Malaysia" (found from outside: a Nigerian
// invoice's and a Malaysian order's sums were held against the threshold
// of no currency); Indonesia's and Malaysia's "Mata uang: IDR" and
// Vietnam's "Đơn vị tiền tệ: VND" (found from outside: an Indonesian
// statement's balances in rupiah were held against the dollar's).
var currencyDeclared = regexp.MustCompile(`(?i:\b(?:currency|account currency|(?:all )?(?:amounts?|figures|prices|values|sums)(?: are)?(?: shown| stated| expressed| given| quoted)? in|(?:valores|montos|importes|cifras)(?: expresados| indicados)? en|valores em|waluta|w[äa]hrung|devise|moneda|divisa|valuta|moeda|mata\s+uang|tiền\s+tệ))[ \t]*[:：]?[ \t]*(?:\b(` + allCodes + `)\b|(?i:(` + currencyWordAlt + `))\b)`)

// declaredCurrency is the currency text declares for its amounts (found
// from outside: a Polish statement's "Waluta: PLN" over balances written
// without one, reported to its reviewer without a currency), or "" when it
// declares none or more than one.
func declaredCurrency(text string) string {
	var codes []string
	for _, m := range currencyDeclared.FindAllStringSubmatch(text, -1) {
		codes = append(codes, currencyCode(m[1]+m[2]))
	}
	return sole(codes)
}

// kronaCode says whose krone or krona "kr" is in text: the currency the
// document names by its code (DKK, SEK, NOK) or in words, else the
// language its words are in (Icelandic by its letters ð and þ), else ""
// (found from outside: "20.848 kr." in a Danish claim was read as Swedish
// kronor).
func kronaCode(text string) string {
	named := map[string]int{}
	names := kronaISO.FindAllString(text, -1)
	for _, l := range wordLocs(kronaWords, text) {
		names = append(names, text[l[0]:l[1]])
	}
	for _, m := range names {
		switch strings.ToLower(m) {
		case "dkk", "danske kroner":
			named["DKK"]++
		case "sek", "svenska kronor", "kronor":
			named["SEK"]++
		case "nok", "norske kroner":
			named["NOK"]++
		case "isk", "íslenskar krónur":
			named["ISK"]++
		}
	}
	if len(named) == 1 {
		for c := range named {
			return c
		}
	}
	if len(named) > 1 {
		return ""
	}
	if strings.ContainsAny(text, "ðþÐÞ") {
		// Letters only Icelandic writes among the krona countries (found
		// from outside: a garage's receipt in Icelandic krónur).
		return "ISK"
	}
	if icelandic(text) {
		return "ISK"
	}
	if strings.ContainsAny(text, "äöÄÖ") && !strings.ContainsAny(text, "æøÆØ") {
		// Letters Swedish writes and Danish and Norwegian do not (found
		// from outside: a Swedish return's "av" counted as Norwegian).
		return "SEK"
	}
	da := len(danishWords.FindAllStringIndex(text, -1))
	no := len(norwegianWords.FindAllStringIndex(text, -1))
	sv := len(swedishWords.FindAllStringIndex(text, -1))
	nordic := strings.ContainsAny(text, "æøÆØ")
	switch {
	case sv > da && sv > no && !nordic:
		return "SEK"
	case da > no && da > sv:
		return "DKK"
	case no > da && no > sv:
		return "NOK"
	}
	return ""
}

// icelandicSigns are marks of an Icelandic document that survive OCR
// without Icelandic (which loses ð and þ): a kennitala, an address in
// .is, its towns, its words for phone and e-mail.
var icelandicSigns = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?:kt\.?|kennitala)[ \t:]*\d{6}[ -]?\d{4}\b`),
	regexp.MustCompile(`(?i)[@.][a-z0-9-]+\.is\b`),
	regexp.MustCompile(`(?i)\b(?:reykjav[ií]k|kópavog|kopavog|akureyri|hafnarfj|garðabæ|gardabae|mosfellsb)`),
	regexp.MustCompile(`(?i)\b(?:sími|simi|netfang|heimilisfang)\b`),
}

// icelandic reports whether two kinds of icelandicSigns are in text
// (found from outside: an Icelandic lease read with Danish, its krónur
// then taken for Danish kroner by its "af").
func icelandic(text string) bool {
	n := 0
	for _, re := range icelandicSigns {
		if re.MatchString(text) {
			n++
		}
	}
	return n >= 2
}

func currencyCode(s string) string {
	s = strings.TrimSpace(s)
	if c, ok := symbolCodes[s]; ok {
		return c
	}
	if l := strings.ToLower(s); l == "kr" || l == "kr." {
		return krona // a column's "Kr.", a form's "KR" (found from outside: a Danish tax statement's sums were "KR.")
	}
	if c, ok := currencyWords[strings.ToLower(s)]; ok {
		return c
	}
	if s = strings.ToUpper(s); strings.HasPrefix(s, "EURO") {
		return "EUR" // the currency in words: "in euro 11.400,00"
	}
	// A code and a point, "KES. 2,640,000" (found from outside,
	// eighty-seventh trial: a scanned contract's value, so written, was
	// no amount, and the contract was recorded without review).
	return strings.TrimSuffix(s, ".")
}

// currencyTail is how many bytes at the end of a text can hold a currency
// and its spacing. currencyEnd is anchored at the end, so it is matched
// against this tail only: over the whole text left of every number it
// would cost time quadratic in the length of a line.
const currencyTail = 16

// currencyGap is the most spaces and tabs a table's alignment may put
// between a currency and its amount (found from outside: "I alt DKK",
// fourteen spaces, "44.262,50" was an amount of no currency).
const currencyGap = 40

// currencyEndIndex returns where the currency ending left starts, or -1.
func currencyEndIndex(left string) int {
	trimmed := strings.TrimRight(left, " \t")
	if len(left)-len(trimmed) > currencyGap {
		return -1
	}
	if !mayEndInCurrency(trimmed) {
		return -1
	}
	from := max(0, len(trimmed)-currencyTail)
	loc := currencyEnd.FindStringIndex(trimmed[from:])
	if loc == nil || (loc[0] == 0 && from > 0) {
		// A match filling the whole tail may have been cut from its start.
		return -1
	}
	if at := from + loc[0]; at > 0 && isAlpha(trimmed[at]) {
		// A code is a word of its own: "CÉSAR" ends in no riyal (found
		// in the corpus once the riyal was a code).
		if r, _ := utf8.DecodeLastRuneInString(trimmed[:at]); unicode.IsLetter(r) {
			// A dollar's country prefix glued to a word is the word's:
			// "VISA$439.06" is dollars, not Australian ones.
			if j := strings.LastIndexByte(trimmed[at:], '$'); j >= 0 {
				return at + j
			}
			return -1
		}
	}
	if at := from + loc[0]; nameEnd(trimmed[:at], trimmed[at:]) {
		// Malaysia's and Brunei's "Sdn Bhd" is a company's legal form, not
		// Bahrain's dinar: "GAJI - MAXWAVE TOWERS SDN BHD 6,850.00" (found
		// from outside, seventy-fourth trial: a salary credited in ringgit
		// was held against the threshold as 6,850 dinars).
		return -1
	}
	return from + loc[0]
}

// nameBefore holds, by currency code, what ends the text before the code
// when the code is part of a name, not a currency: "Sdn" before "Bhd" (a
// Malaysian company's legal form, not Bahrain's dinar); an Indonesian
// payment's word before "PLN", the state electricity company, not
// Poland's złoty ("PEMBAYARAN PLN 1.250.000,00": found from outside, the
// hundred-and-fifth trial, an Indonesian statement's rupiah balances held
// against the threshold as złoty).
var nameBefore = map[string]*regexp.Regexp{
	"BHD": regexp.MustCompile(`(?i)\bsdn\.?\s*$`),
	"PLN": regexp.MustCompile(`(?i)\b(?:pembayaran|bayar|tagihan|token|listrik)\s*$`),
}

// nameEnd reports whether code, a currency's code after before, is the
// end of a name (nameBefore).
func nameEnd(before, code string) bool {
	re := nameBefore[strings.ToUpper(strings.TrimSpace(code))]
	return re != nil && re.MatchString(before)
}

// maxCurrencyWord is the longest run of word characters (\w) a currency
// of currencyEnd's ends in ("euros"), read from its words.
var maxCurrencyWord = longestWord(allCodes, endMarks, euroWords)

// longestWord returns the longest run of ASCII letters, digits and _ in
// the alternatives of the expressions given; an optional letter ("s?")
// counts.
func longestWord(alternations ...string) int {
	longest := 0
	for _, a := range alternations {
		run := 0
		for i := range len(a) {
			if c := a[i]; isAlpha(c) || c >= '0' && c <= '9' || c == '_' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	return longest
}

// mayEndInCurrency reports whether s, without its spacing and a sign at
// its end, can end in a currency: a symbol, a point ("Rs."), or a word of
// at most maxCurrencyWord letters. Most texts left of a number end in
// none ("Item widget", "Total:"): for them currencyEnd, whose automaton
// is large, is not run (it was two thirds of Amounts' time).
func mayEndInCurrency(s string) bool {
	for _, sign := range []string{"-", "−", "("} {
		if t, ok := strings.CutSuffix(s, sign); ok {
			s = strings.TrimRight(t, " \t")
			break
		}
	}
	if s == "" {
		return false
	}
	switch c := s[len(s)-1]; {
	case c >= utf8.RuneSelf, c == '.', c == '$':
		return true
	case isAlpha(c):
		word := len(s) - len(strings.TrimRightFunc(s, func(r rune) bool {
			return r < utf8.RuneSelf && (isAlpha(byte(r)) || r >= '0' && r <= '9' || r == '_')
		}))
		return word <= maxCurrencyWord
	}
	return false
}

// sumEnd is a sum written with a separator at the end of a text.
var sumEnd = regexp.MustCompile(`\d[.,'’ ]\d+[ \t]*$`)

// closesSum reports whether the currency ending left closes a sum before
// it, written after its number ("18.500 kr."), rather than opening the
// next: no currency stands before that sum.
func closesSum(left string) bool {
	rest := withoutCurrencyEnd(left)
	loc := sumEnd.FindStringIndex(rest)
	if loc == nil {
		return false
	}
	before := strings.TrimRight(rest[:loc[0]], "0123456789.,'’ ")
	return currencyBefore(before) == ""
}

// rowDocument is a row's label that is a document's kind alone.
var rowDocument = regexp.MustCompile(`(?i)^(?:invoice|order|purchase order|debit note|bill)$`)

// provisionRange ends a text with a provision's word, its number and a
// word or dash that joins it to the next one, in a range or a list:
// "sections 401 to", "Art. 12 und", "clauses 4.1, 4.2 and".
var provisionRange = regexp.MustCompile(`(?i)(?:\b(?:sections?|ss\.|clauses?|articles?|arts?\.|paragraphs?|paras?\.|rules?|regulations?|schedules?|artikel|artículos?|articolo|articoli|artigos?|paragraphen)|§§?)[ \t]*\d+[a-z]?(?:\.\d+)*(?:[ \t]*(?:,|to|and|or|through|bis|und|et|à|a|al|y|e|ou|o|-|–)[ \t]*\d+[a-z]?(?:\.\d+)*)*[ \t]*(?:,|to|and|or|through|bis|und|et|à|a|al|y|e|ou|o|-|–)[ \t]*$`)

// statuteAfter starts the text after a section's number with its
// statute's abbreviation or a subsection: "EStG", "ASVG", "UStG", "BGB",
// "Abs. 2" (German and Austrian laws end in G or are written so).
var statuteAfter = regexp.MustCompile(`^[ \t]*(?:[A-ZÄÖÜ][A-Za-zäöü]{0,6}G|BGB|HGB|AO|BAO|ZPO|StGB|SGB|Abs\.)\b`)

// creditDebitMark is the capital H (Haben) or S (Soll) a German bank
// writes after a balance at the end of its line, "2.310,55 H" (found from
// outside: a Kontoauszug's balances were read as hours).
var creditDebitMark = regexp.MustCompile(`^ [HS][ \t]*(?:\r?\n|$)`)

// gluedMark ends a text with a currency's mark a sum may be written
// against, with no space.
var gluedMark = regexp.MustCompile(`(?:^|[^\p{L}])(?:Kshs?|KShs?|Rp|Rs|RM|Tk|UShs?|TShs?)$`)

// sumStart starts a text with a sum written with decimals or groups.
var sumStart = regexp.MustCompile(`^[ \t]*(?:\d+(?:[.,'’ ]\d{3})*[.,]\d{2}|\d{1,3}(?:[.,'’]\d{3})+)\b`)

// alternation returns the keys of words as a regular expression's
// alternation, the longest first, so that none stops at another's prefix.
func alternation(words map[string]string) string {
	keys := slices.Collect(maps.Keys(words))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return strings.Join(keys, "|")
}

// currencyBefore returns the currency ending left, or "".
func currencyBefore(left string) string {
	i := currencyEndIndex(left)
	if i < 0 {
		return ""
	}
	return currencyCode(strings.TrimRight(left[i:], " \t-−("))
}

// withoutCurrencyEnd returns s without the currency that ends it.
func withoutCurrencyEnd(s string) string {
	if i := currencyEndIndex(s); i >= 0 {
		return s[:i]
	}
	return s
}

// currencyAfter returns the currency starting right, or "".
func currencyAfter(right string) string {
	c, _ := currencyAfterAt(right)
	return c
}

// currencyAfterAt returns the currency starting right, or "", and where
// in right it ends.
func currencyAfterAt(right string) (string, int) {
	// A whole sum's dash for its cents, "1.512.500,- Kč", "48.950,– PLN"
	// (found from outside, hundred-and-seventeenth trial: the currency
	// after it was lost, the sum held against no currency's threshold).
	dash := wholeDash.FindString(right)
	if dash != "" {
		code, n := currencyAfterAt(right[len(dash):])
		if n == 0 {
			return "", 0
		}
		return code, len(dash) + n
	}
	w := min(len(right), 8)
	for w < len(right) && !utf8.RuneStart(right[w]) {
		w++ // a whole letter: " ευρώ" is nine bytes
	}
	m := currencyStart.FindString(right[:w])
	if m == "" {
		return "", 0
	}
	last, _ := utf8.DecodeLastRuneInString(m)
	if r, _ := utf8.DecodeRuneInString(right[len(m):]); unicode.IsLetter(last) && unicode.IsLetter(r) {
		// A code is a word of its own, "25 PENÍZE" no sol, "1.250.000
		// đơn" no đồng.
		return "", 0
	}
	// A sign glued to the number after it is that number's: "4,000
	// £0.03 £120.00" is a quantity, a price and a line's sum (found from
	// outside, forty-second trial: the quantity was 4,000 pounds).
	if r, _ := utf8.DecodeRuneInString(right[len(m):]); unicode.IsDigit(r) && !unicode.IsLetter(last) {
		return "", 0
	}
	// Czech crowns as OCR reads them without Czech, "Ké", and only as a
	// word of their own.
	if r, _ := utf8.DecodeRuneInString(right[len(m):]); strings.HasSuffix(m, "Ké") && unicode.IsLetter(r) {
		return "", 0
	}
	return currencyCode(strings.TrimPrefix(m, ". ")), len(m)
}

// wholeDash is the dash a whole sum writes for its cents: ",-", ".–",
// ",--".
var wholeDash = regexp.MustCompile(`^[.,](?:-{1,2}|–)`)

var (
	// unitAfter: a unit or ordinal right after a number makes it a
	// quantity; a month next to it makes it part of a date.
	unitAfter = regexp.MustCompile(`(?i)^\)? ?(?:%|(?:days?|months?|years?|yrs?|weeks?|hours?|hrs?|h|mins?|minutes?|items?|pcs|pieces|units?|cartons?|boxes|pallets?|cases|crates?|bags|bottles|rolls|drums|containers?|parcels?|packages?|kg|kgs|g|mg|mcg|ml|l|lbs?|oz|km|mi|miles|m|cm|mm|ft|sq|m2|m²|m3|cbm|mt|tons?|tonnes?|litres?|liters?|ltrs?|x|pages?|employees|people|persons|nights|points|pts|punkte|punti|puntos|pontos|avios|st|nd|rd|th|am|pm)\b)`)
	// forintAfter: "Ft" as Hungarian writes forints, not feet ("ft").
	forintAfter = regexp.MustCompile(`^ ?Ft\b`)
	monthWord   = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?` +
		// The months of the corpus's other languages, full: German,
		// French, Spanish, Dutch, Portuguese, Italian, Swedish and
		// Polish (nominative and the genitive Polish dates use). Found
		// from outside: "12 mars 2024" could be read as money.
		`|januar|jänner|februar|märz|mai|juni|juli|oktober|dezember` +
		`|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre` +
		`|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre` +
		`|januari|februari|maart|mei|augustus|augusti|maj` +
		`|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro` +
		`|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre` +
		// Danish and Norwegian where they differ (found from outside).
		`|marts|desember` +
		// Hungarian, Czech and Croatian (found from outside: "2026. május
		// 20." was money under a return's amount column).
		`|január|február|március|április|május|június|július|augusztus|szeptember|október` +
		`|ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince` +
		`|siječnja|veljače|ožujka|travnja|svibnja|lipnja|srpnja|kolovoza|rujna|listopada|studenoga|prosinca` +
		`|styczeń|stycznia|luty|lutego|marzec|marca|kwiecień|kwietnia|maja|czerwiec|czerwca|lipiec|lipca|sierpień|sierpnia|wrzesień|września|październik|października|listopad|listopada|grudzień|grudnia)`
	// monthAfter and monthBefore: a month right after or before a number
	// (Spanish and Portuguese put "de" between). The end is a non-letter,
	// not \b, which is ASCII-only and fails after "wrzesień".
	monthAfter  = regexp.MustCompile(`(?i)^(?:\. ?|[ \-])(?:de )?` + monthWord + `(?:[^\p{L}\p{N}]|$)`)
	monthBefore = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])` + monthWord + `\.?,?[ \-](?:de )?(?:\d{1,2}(?:st|nd|rd|th)?,? )?$`)
	perUnit     = regexp.MustCompile(`^(?i:day|night|hour|hr|h|week|wk|month|mo|year|yr|person|pp|unit|item|kg|km|mile|kwh|m2|m²|sqm|sq ft|page|word|session|visit)\b`)
	sharePlus   = regexp.MustCompile(`^\+\d{1,3}(?:[.,]\d+)? ?%`)
	// streetAfter: a street's name after its number, one to three
	// capitalised words and the kind of street.
	streetAfter = regexp.MustCompile(`^ (?:\p{Lu}[\p{L}'.-]*[ \t]+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Lane|Ln|Dr|Drive|Way|Pl|Place|Ct|Court|Hwy|Highway|Pkwy|Parkway)\b`)
	// streetBefore ends the text in a street's name (europeanStreet);
	// postcodeAfterStreet in a street, its house number and a comma: a
	// postcode follows.
	streetBefore        = regexp.MustCompile(`(?i)` + europeanStreet + `[ \t]+$`)
	postcodeAfterStreet = regexp.MustCompile(`(?i)` + europeanStreet + `[ \t]+\d{1,4}[a-z]?(?:[-/]\d{1,4})?[ \t]*,[ \t]*$`)
	// sectionAfter: a law's section sign after its number, as
	// Hungarian cites it, "85. §".
	sectionAfter = regexp.MustCompile(`^\.? ?§`)
	// fxPairAfter and fxPairBefore: the two sides of a rate, one unit
	// of a currency against another's sum, "1 SGD = 27.25 THB", "1 € =
	// 1,0834 $"; not a product, "4 x 95,00 $ = 380,00 $".
	fxPairAfter  = regexp.MustCompile(`^ ?(?:[A-Z]{3}|[$€£¥]) ?= ?(?:[A-Z]{3} ?|[$€£¥] ?)?\d`)
	fxPairBefore = regexp.MustCompile(`(?:^|[^\d.,])1(?:[.,]0{1,2})? ?(?:[A-Z]{3}|[$€£¥]) ?= ?(?:[A-Z]{3} ?|[$€£¥] ?)?$`)
	// fxRateBefore: a rate's label left of a number with more than two
	// decimals makes it an exchange rate ("rate 1.1479", "Kurs 1,0834",
	// "tipo de cambio 17.2534"), not a sum; "Hourly rate 85.00" stays money.
	fxRateBefore = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:(?:exchange|fx|conversion)\s+)?(?:rate|kurs|wechselkurs|taux(?:\s+de\s+change)?|tipo\s+de\s+cambio|taxa\s+de\s+c[âa]mbio|tasso\s+di\s+cambio|wisselkoers|koers)[ \t]*[:=@]?[ \t]*$`)
	sentenceStop = regexp.MustCompile(`[.!?]\s+[A-Z]|;\s|\n`)
	// stateBefore: a US state's postal code left of a number makes a
	// five-digit number its ZIP code ("San Francisco, CA 94107"; ZIP+4's
	// dash already makes it a code). Found from outside: an invoice's
	// address line was read as money over the review threshold.
	stateBefore = regexp.MustCompile(`\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR|GU|VI|AS|MP),?[ \t]{1,3}$`)
)

// fractionDigits returns how many digits follow raw's last point or
// comma.
func fractionDigits(raw string) int {
	i := strings.LastIndexAny(raw, ".,")
	if i < 0 {
		return 0
	}
	return len(raw) - i - 1
}

// wordStart reports whether s holds a letter (any byte of a multi-byte
// character counts) or a percent sign.
func wordStart(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; isAlpha(c) || c == '%' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// dayMonth reports whether raw is a day and a month, "12.10".
func dayMonth(raw string) bool {
	d, m, ok := strings.Cut(raw, ".")
	if !ok || len(d) == 0 || len(d) > 2 || len(m) != 2 {
		return false
	}
	day, err1 := strconv.Atoi(d)
	month, err2 := strconv.Atoi(m)
	return err1 == nil && err2 == nil && day >= 1 && day <= 31 && month >= 1 && month <= 12
}

// unitPriceAfter is a currency and a unit of volume, mass or energy after
// a number, OCR's "I" for "l" too.
var unitPriceAfter = regexp.MustCompile(`^ ?(?:[A-Z]{3}|€|\$|£|kr\.?|zł|Kč|Ft) ?/ ?(?:l|I|ltr|litre|liter|kg|kwh|kWh|m3|m³|gal)\b`)

// shapeOK reports whether the token can be an amount at all: not glued to
// a code, not part of a date, time, percentage, quantity or phone number.
// meticalAfter reports whether right starts with the metical's sign in
// a Mozambican document: money, not metric tonnes.
func meticalAfter(loc *locale, right string) bool {
	c, _ := loc.letterAfter(right)
	return c != ""
}

// europeanStreet is a street's name as Europe writes it, the kind of
// street its word's end ("Kortrijksesteenweg", "Kerkstraat",
// "Hauptstraße") or its first word, capitalised ("Rue de la Loi", "Via
// Roma").
const europeanStreet = `(?:\p{L}(?:straat|steenweg|laan|weg|plein|dreef|kaai|stra(?:ß|ss)e|gasse|platz|allee|gatan|gata|vej|gade|veien|vegen|katu|tie)|\b(?-i:Rue|Avenue|Boulevard|Chemin|Via|Viale|Piazza|Calle|Avenida|Rua|Ulica|ul\.)(?:[ \t]+[\p{L}'’.-]+){1,4})`

func shapeOK(text string, loc *locale, n number) bool {
	if n.start > 0 {
		c := text[n.start-1]
		switch {
		case c == '*' && n.decimals && (n.start < 2 || text[n.start-2] == ' ' || text[n.start-2] == '\t' || text[n.start-2] == '\n'):
			// A till's star before a sum, "*2.450,00" (see fiscalStar);
			// a card's mask runs on, "****6638".
		case isAlpha(c) && gluedMark.MatchString(text[max(0, n.start-6):n.start]):
			// A currency's mark written against its sum: M-PESA's
			// "Ksh2,350.00" (found from outside), "Rp7.500.000".
		case isAlpha(c) && loc.letterBefore(text[max(0, n.start-4):n.start]) == "", c == '#', c == '_', c == '*', c == '/', c == ':':
			return false
		case c == '.' && gluedMark.MatchString(text[max(0, n.start-7):n.start-1]):
			// The mark's abbreviation point against the sum: "Rs.11,20,896.00"
			// (found from outside, eightieth trial).
		case c == '-' || c == '.' || c == ',':
			if n.start >= 2 && (isAlpha(text[n.start-2]) || isDigit(text[n.start-2]) || text[n.start-2] == '.' || text[n.start-2] == ',') {
				return false
			}
		}
	}
	if unitPriceAfter.MatchString(text[n.end:min(len(text), n.end+16)]) {
		// A price per litre, kilogram or kilowatt-hour, its currency and
		// unit after it: "58,42 l x 1,689 EUR/l" at a fuel station, read
		// as 1,689 euros (found from outside, fifty-ninth trial).
		return false
	}
	if n.end < len(text) {
		c := text[n.end]
		switch {
		case c == '/' && n.end+1 < len(text) && text[n.end+1] == '-':
			// India's and Pakistan's "/-" closes a sum: "Rs. 60,000/-"
			// (found from outside).
		case c == '/' && perUnit.MatchString(text[n.end+1:min(len(text), n.end+12)]) && currencyBefore(text[max(0, n.start-16):n.start]) != "":
			// A rate: "£42.00/day" (found from outside).
		case isAlpha(c), c == '_', c == '/', c == '#':
			return false
		case c == '(' && n.end+1 < len(text) && isAlpha(text[n.end+1]):
			// "401(k)"
			return false
		case c == '-' || c == '.' || c == ',' || c == ':':
			if n.end+1 < len(text) && (isDigit(text[n.end+1]) || isAlpha(text[n.end+1])) {
				return false
			}
			if c == '.' && dayMonth(n.raw) && (n.end+1 == len(text) || text[n.end+1] == ' ' || text[n.end+1] == '\t' || text[n.end+1] == '\n') && currencyBefore(text[max(0, n.start-16):n.start]) == "" {
				// "12.10.": a day and a month as Central Europe writes
				// them, a statement's date column (found from outside).
				return false
			}
		}
	}
	right := text[n.end:min(len(text), n.end+24)]
	left := text[max(0, n.start-16):n.start]
	// A unit, a month after and a month before all need a letter (or
	// "%") where they stand: a number among numbers is spared the
	// case-folded month names, which cost the most (found on a text of
	// digits: 80 µs a number).
	if wordStart(right[:min(len(right), 3)]) && ((unitAfter.MatchString(right) && !forintAfter.MatchString(right) && !(n.decimals && creditDebitMark.MatchString(right)) && !meticalAfter(loc, right)) || monthAfter.MatchString(right)) {
		return false
	}
	if wordStart(left) && monthBefore.MatchString(left) && !(n.grouped && n.decimals) {
		// A day after its month; not a sum grouped with its cents,
		// "Stipendi ottobre 21.880,00" (found from outside, forty-eighth
		// trial: an Italian statement's salaries were a date).
		return false
	}
	if !n.decimals && !n.grouped && n.start > 0 && text[n.start-1] == '[' && n.end < len(text) && text[n.end] == ']' {
		// A form's box: "Total cuota devengada [27]" (found from
		// outside).
		return false
	}
	if sharePlus.MatchString(right) {
		// "1+1%": shares of a tax, not a sum.
		return false
	}
	if streetAfter.MatchString(text[n.end:min(len(text), n.end+48)]) {
		// A street's number, "401 Mission St, Suite 900" (found from
		// outside, forty-ninth trial: a preparer's footer was a sum).
		return false
	}
	if !n.decimals && !n.grouped && len(n.raw) <= 5 {
		before := text[max(0, n.start-64):n.start]
		if i := strings.LastIndexByte(before, '\n'); i >= 0 {
			before = before[i+1:]
		}
		if len(n.raw) <= 4 && streetBefore.MatchString(before) || len(n.raw) >= 4 && postcodeAfterStreet.MatchString(before) {
			// A European address's house number after its street, and
			// its postcode after that: "Rent-a-Car Vlaanderen NV,
			// Kortrijksesteenweg 1120, 9051 Gent", where "Rent" named
			// them sums (found from outside, hundred-and-twenty-sixth
			// trial).
			return false
		}
	}
	if sectionAfter.MatchString(right) || fxPairAfter.MatchString(right) && unitAmount(n.raw) || fxPairBefore.MatchString(left) {
		// A law's section, "Áfa tv. 85. §"; either side of an exchange
		// rate, "at 1 SGD = 27.25 THB" (found from outside, forty-sixth
		// trial: both were sums).
		return false
	}
	if fxRateBefore.MatchString(left) && fractionDigits(n.raw) > 2 && currencyBefore(left) == "" && currencyAfter(right) == "" {
		// An exchange rate, "EUR 412.00 rate 1.1479" (found from outside,
		// fortieth trial: a card statement's rate read as a sum); not a
		// German instalment in thousands, "Rate: 1.250 €".
		return false
	}
	if len(n.raw) == 5 && !n.grouped && !n.decimals && stateBefore.MatchString(left) {
		return false
	}
	// Bare integers side by side with single spaces are one code:
	// "VAT No GB 284 1193 02".
	if !n.grouped && !n.decimals && (bareIntegerAt(text, n.end+1) || bareIntegerBefore(text, n.start-1)) {
		return false
	}
	// An integer of 13 digits or more written without grouping is a card
	// or account number, not a sum (found from outside: a card number in
	// a statement's "Betrag EUR" column was "money" over the threshold).
	if !n.grouped && !n.decimals && len(n.raw) >= 13 {
		return false
	}
	// A leading zero on an integer is a code: "00417".
	if len(n.raw) > 1 && n.raw[0] == '0' && isDigit(n.raw[1]) {
		return false
	}
	return true
}

// unitAmount reports whether raw is one unit, "1", "1.00", "1,0".
func unitAmount(raw string) bool {
	whole, frac, _ := strings.Cut(strings.ReplaceAll(raw, ",", "."), ".")
	return whole == "1" && strings.Trim(frac, "0") == ""
}

var (
	// upToBefore: a bound right before the number, in the corpus's
	// languages (a currency between them is cut off first,
	// withoutCurrencyEnd): "0.05 % bis CHF 50'000", "jusqu'à 1 500 €",
	// "hasta 3.000 euros" (found from outside: an interest band's bound
	// was a statement's largest amount).
	// And in English a floor or a ceiling: "not less than £1,000,000"
	// (an insurance limit), "for orders under £5,000", a contract's
	// "total liability ... is limited to $500,000" (found from outside).
	// And what a fee's band is for, "Application for probate (estate
	// over £5,000)" (found from outside, forty-sixth trial: the band was
	// a court fee's receipt's largest sum).
	upToBefore = regexp.MustCompile(`(?i)(?:\bup to(?: (?:a|an|the) (?:total|maximum|sum|limit|amount|value) of)?|\bbis(?: zu)?|\bjusqu['’]à|\bhasta|\bfino a|\baté|\bupp till|\bop til|\bopp til|\bdo wysokości|\bdo równowartości|\bdo kwoty|\b(?:and )?in any (?:event|case)(?: not more than)?|\bnon (?:potrà|potra|può|puo) (?:eccedere|superare)(?: l['’]importo(?: massimo)? di| la somma di)?|\bbegrenset (?:oppad )?til|\bbegrænset til|\bbegränsat till|\btot maximaal|\b(?:not |no )?less than|\bmore than|\bat least|\bunder|\bbelow|\blimited to|\bcapped at|\bnot (?:to )?exceed(?:ing)?|\b(?:shall|will|does|may) not exceed|\b(?:estates?|orders?|purchases?|spend(?:ing)?|gifts?|claims?|incomes?|earnings|values?|worth|propert(?:y|ies)|transactions?|loans?) (?:of )?(?:over|above|exceeding))[ \t]*$`)
	// countBefore: a word after a count, "2 fobs", "4 National".
	countBefore = regexp.MustCompile(`^[ \t]+\p{L}`)
	// pageOf: a page's number before the count of pages.
	pageOf = regexp.MustCompile(`(?i)\b(?:page|p\.|seite|página|pagina|strona|sida|side)\s*\d+\s*(?:of|von|de|di|z|av|af)\.?\s*$`)
	// fiscalStar: a star right before the number, where the cell starts.
	fiscalStar = regexp.MustCompile(`(?:^|[ \t])\*$`)
	// pointDecimal are the currencies written with a decimal point.
	pointDecimal = map[string]bool{dollar: true, "USD": true, "AUD": true, "NZD": true, "CAD": true, "GBP": true}
	// pointThousand is a number with one point and three digits after it.
	pointThousand = regexp.MustCompile(`^\d{1,3}\.\d{3}$`)
	// threePlaces is a number with one mark and three digits after it, a
	// unit's price when perMeasure follows its currency: a slash and a
	// unit that is sold by the litre, the gallon or the kilowatt-hour.
	threePlaces = regexp.MustCompile(`^\d{1,2}[.,]\d{3}$`)
	perMeasure  = regexp.MustCompile(`^[ \t]*/[ \t]*(?i:l|lt|ltr|litre|liter|litro|gal|kwh)\b`)
	// millCurrency are the currencies of three decimals written after a
	// point; millPlaces is such a sum, its thousands grouped by commas.
	millCurrency = map[string]bool{"JOD": true, "KWD": true, "BHD": true, "OMR": true, "TND": true}
	millPlaces   = regexp.MustCompile(`^\d{1,3}(?:,\d{3})*\.\d{3}$`)
	// labUnit: a laboratory result's unit later on the number's row.
	// labCount is a count's unit in a laboratory row's label or after its
	// value: "Total WBC (/cumm)  3,400  2,900", "Total WBC count 7,600
	// cells/cumm" (found from outside: white cells were money after
	// "Total").
	labCount = regexp.MustCompile(`(?i)(?:^|[\s(])(?:cells\s*)?/\s*(?:cumm|cmm|mm3|mm³|µl|μl|ul|hpf)(?:$|[^\p{L}])`)
	labUnit  = regexp.MustCompile(`(?i)(?:^|[\s<>(])(?:mg|g|µg|ug|ng|pg|mmol|µmol|umol|nmol|meq|u|iu|miu)/(?:dl|l|ml|dL|24h)\b|\bmm ?hg\b|\bx ?10\^?\d+/l\b`)
	// destinationBefore: a text, message or call sent to the number.
	chequeBefore = regexp.MustCompile(`(?i)\b(?:chq|cheque|check)(?:\s*(?:no\b\.?|number|#))?[ \t]*$`)
	netBefore    = regexp.MustCompile(`(?i)\bnet[ \t]*$`)
	// namedInParens: a parenthesis opened on a capitalised word.
	namedInParens = regexp.MustCompile(`\(\p{Lu}[\p{L}.]*[ \t]*$`)
	// addressBefore: the word of a part of a building before its number.
	addressBefore = regexp.MustCompile(`(?i)\b(?:tower|block|blk|flat|floor|level|storey|wing|building|bldg|phase|apartment|apt|suite)\.?[ \t]*$`)
	// counterpartyBefore: a payment's other party named by its number, a
	// mobile-money paybill, till or account, "Merchant Payment to 522533 -
	// NAIVAS" (found from outside: three such numbers were money).
	counterpartyBefore = regexp.MustCompile(`(?i)\b(?:payments?|paid|transfer(?:red)?|sent|received)[ \t]+(?:from|to)[ \t]*$|\b(?:till|paybill|pay[ \t]+bill)(?:[ \t]+(?:no\.?|number))?[ \t]*$`)
	// cardMask: the masked digits of a card before its last four, "**** ****
	// **** 5512", "XXXX-XXXX-XXXX-5512" (found from outside: the last four
	// were money after a receipt's total).
	cardMask          = regexp.MustCompile(`(?i)(?:\*{3,}|x{4})[ \t-]*$`)
	destinationBefore = regexp.MustCompile(`(?i)\b(?:texts?|sms|messages?|calls?|called|dialled|dialed)[ \t]+(?:sent[ \t]+)?to[ \t]*$`)
)

// boundBefore reports whether the words right before a number (and its
// currency) bound it, "up to EUR 500", rather than a fee's cap naming the
// sum itself, "fees shall not exceed EUR 500". Both expressions end at the
// number, so they read only the end of a long line.
func boundBefore(left string) bool {
	near := layout.Tail(strings.TrimRight(withoutCurrencyEnd(left), " \t"), maxBoundPhrase)
	return upToBefore.MatchString(near) && !feesCapped.MatchString(near)
}

// maxBoundPhrase bounds what upToBefore and feesCapped match: feesCapped's
// longest, a fee's word (26 bytes), 40 between, "shall not in aggregate
// exceed" and a currency, is under half of it, so a match never starts at
// the cut, where \b would see no letter before it.
const maxBoundPhrase = 200

// limitAbove reports whether a number that starts its line, or follows
// only a word that links it to the line above, ends a sentence begun on
// that line that names a limit: "protected by the FSCS up to\n£85,000",
// "protected up to a total\nof £85,000 by the FSCS" (found from outside).
//
// Or whose bound the line break parted from it: "deckt Heilkosten bis\n
// 15.000,00 EUR", "Bankbürgschaft) bis\nzu 250.000,00 EUR", "BFG do
// równowartości\n100 000 EUR" (found from outside, seventy-sixth trial:
// a cover's limit was an Austrian invoice's largest sum).
func limitAbove(lt *layout.Text, off int, left string) bool {
	above, ok := lt.LineAbove(off)
	above = strings.TrimSpace(above)
	if !ok || above == "" || strings.ContainsAny(above[len(above)-1:], ".:!?;") {
		return false
	}
	if boundBefore(above + " " + strings.TrimLeft(left, " \t")) {
		return true
	}
	if l := strings.Trim(withoutCurrencyEnd(left), " \t$€£(-"); l != "" && !limitLink.MatchString(l) {
		// A limit's label the break parted, its last words left of the
		// number: "public liability\ncover of NZD 10,000,000" (found from
		// outside, seventy-seventh trial).
		if len(strings.Fields(l)) <= 3 && limitComplement.MatchString(l) && classifyLabel(lastSentence(above)) == labelLimit {
			// What the limit above covers, the break before it: "plafond
			// de garantie\ndes marchandises 500 000 EUR" (eightieth trial).
			return true
		}
		// The noun a bound at the line's end qualifies: "the maximum⏎
		// insurable earnings $63,200" (found from outside, ninetieth
		// trial: a T4's note was its largest sum).
		if len(strings.Fields(l)) <= 3 && boundAtEnd.MatchString(above) {
			return true
		}
		return len(strings.Fields(l)) <= 2 && limitWrapLabel.MatchString(l) && classifyLabel(lastSentence(above+" "+l)) == labelLimit
	}
	return classifyLabel(lastSentence(above)) == labelLimit
}

// limitComplement starts the words that say what a limit covers: "des
// marchandises", "of the contents", "für Sachschäden".
var limitComplement = regexp.MustCompile(`(?i)^(?:(?:des|de|du|of|for|on|der|für|van|voor|del|della|dei|degli|delle|för|av|på|til)(?:$|[^\p{L}])|d['’])`)

// boundAtEnd ends a line with a bound whose noun the next line holds.
var boundAtEnd = regexp.MustCompile(`(?i)\b(?:the|a|its|their)\s+(?:maximum|minimum|max\.?|min\.?)$`)

// limitWrapLabel is the end of a limit's label a line break parted from
// the words before it: "cover of", "limit", "Deckung von".
var limitWrapLabel = regexp.MustCompile(`(?i)^(?:cover|coverage|limit|deckung|couverture|cobertura|copertura|dekning|täckning|dækning)(?:\s+(?:of|von|de|di|på|for))?$`)

// lineBelow returns the line after the line of off, or "".
func lineBelow(lt *layout.Text, off int) string {
	if i := lt.LineAt(off) + 1; i < len(lt.Lines()) {
		return lt.LineText(i)
	}
	return ""
}

// limitLink is a word that carries a sentence over a line break to the
// number it bounds.
// paymentDays are the days payment terms give ("Net 30").
var paymentDays = map[string]bool{"7": true, "10": true, "14": true, "15": true, "20": true, "21": true, "28": true, "30": true, "45": true, "60": true, "90": true, "120": true}

var limitLink = regexp.MustCompile(`(?i)^(?:of|to|at|for|is|are|was|de|von|bis|zu|à|a|di|van|tot)$`)

// flatHeader finds the header of a table whose columns lost their gaps,
// as OCR writes them ("Date Description Debit Credit Balance" over
// "02 Oct Transfer in 5,000.00 212,450.10"): when the number is in the run
// of numbers that ends its line, the nearest line above without digits
// whose words are mostly capitalised is the header, and the number's place
// counted from the right of its line picks the header word counted from
// the right. A line naming a department ("Attn: Accounts Payable") heads
// an address block, not a table. It returns what that word calls the
// number, the currency its column names in parentheses, if any, and the
// header's line.
func flatHeader(lt *layout.Text, n number) (labelKind, string, int, bool) {
	li := lt.LineAt(n.start)
	// The number's place in the run of numbers ending its line.
	rest := strings.Fields(lt.RightOf(n.end))
	for _, f := range rest {
		if !isNumberText(strings.TrimLeft(f, "$€£-+(")) {
			return labelNone, "", 0, false
		}
	}
	// Counted as numbers, not fields: a space-grouped one is one
	// ("14 800,00", found from outside).
	fromRight := len(scanNumbers(lt.RightOf(n.end), localeOf("")))
	blanks := 0
	for i := li - 1; i >= 0 && li-i <= 40; i-- {
		line := strings.TrimSpace(lt.LineText(i))
		if line == "" {
			if blanks++; blanks >= 2 {
				break
			}
			continue
		}
		blanks = 0
		if strings.ContainsAny(line, "0123456789") {
			continue
		}
		words := strings.Fields(line)
		if len(words) < 3 || len(words) > 12 || !allCapitalised(words) || departmentRe.MatchString(line) || honorificStart.MatchString(line) {
			return labelNone, "", 0, false
		}
		// A word in parentheses is the unit or currency of the column
		// before it, no column of its own: "Item Qty (m) Rate (Rs/m)
		// Amount (Rs)" (found from outside: a Lahore order's amounts
		// were read under "(Rs)", no money).
		var units []string
		cols := words[:0:0]
		for _, w := range words {
			if len(cols) > 0 && strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") {
				units[len(cols)-1] = w
				continue
			}
			cols, units = append(cols, w), append(units, "")
		}
		words = cols
		if fromRight >= len(words) {
			return labelNone, "", 0, false
		}
		col := len(words) - 1 - fromRight
		cur := ""
		if m := labelCurrency.FindStringSubmatch(units[col]); m != nil {
			cur = m[1] + m[2]
		}
		k := classifyLabel(words[col])
		if m := labelCurrency.FindStringSubmatch("(" + words[col] + ")"); m != nil && cur == "" && k == labelNone && twoDecimals(n) {
			// The column's heading is its currency: "ACCOUNT SUMMARY R"
			// over a municipal bill's charges (found from outside).
			cur, k = m[1]+m[2], labelMoney
		}
		if k == labelNone && twoDecimals(n) && hasMoneyWord(strings.Join(words[len(words)-1-fromRight:], " ")) {
			// Headers of several words shift the count ("Paid out Paid
			// in Balance"): a value written as money under a header
			// whose words from here on name money is money.
			k = labelMoney
		}
		return k, cur, i, true
	}
	return labelNone, "", 0, false
}

// limitWordOver reports whether a word of header cell h that stands over
// the columns of n names a limit or cover (classifyLabel).
func limitWordOver(lt *layout.Text, labels labelCache, h layout.Cell, n number) bool {
	c0 := lt.Column(n.start)
	c1 := c0 + utf8.RuneCountInString(n.raw)
	col := h.Col
	for _, w := range strings.SplitAfter(h.Text, " ") {
		word := strings.TrimSpace(w)
		end := col + utf8.RuneCountInString(word)
		if word != "" && col < c1 && end > c0 && labels.kind(word) == labelLimit {
			return true
		}
		col += utf8.RuneCountInString(w)
	}
	return false
}

// honorificStart starts a person's name: a signature's "Dr Helen Price"
// over "GP Partner, GMC 6104829" is no header whose "Price" names the
// number (found from outside, forty-third trial: a referral letter's
// doctor's registration was its largest sum).
var honorificStart = regexp.MustCompile(`^(?i:dr|mr|mrs|ms|mx|miss|prof|sir|dame|herr|frau|mme|mlle|sr|sra|srta|dott|dott\.ssa|avv|ing|mag|dipl\.-ing)\.?\s`)

// lineTotal is a column header that names a line's total by the word
// alone.
var lineTotal = regexp.MustCompile(`(?i)^\s*(?:line|line\s+total)\s*$`)

// forintRow reports whether n, an integer beside another with one space
// between them (which shapeOK reads as one code, "VAT No GB 284 1193
// 02"), is a row's value under a flattened table's header that names
// its column money in a currency: a currency written without decimals,
// "Összeg (Ft) Egyenleg (Ft)" over "Munkabér 512400 596515" (found from
// outside: a Hungarian statement's rows were no money).
func forintRow(lt *layout.Text, n number) bool {
	if n.grouped || n.decimals || len(n.raw) < 3 || n.raw[0] == '0' {
		return false
	}
	text := lt.String()
	if !bareIntegerAt(text, n.end+1) && !bareIntegerBefore(text, n.start-1) {
		return false
	}
	// A group of three digits after another number in the row's values
	// is its thousands, spaced ("-14380 378 393" is -14,380 and 378,393):
	// which digits go together is then a guess, so none is taken.
	fields := strings.Fields(lt.LineText(lt.LineAt(n.start)))
	run := 0
	for i := len(fields) - 1; i >= 0 && isNumberText(strings.TrimLeft(fields[i], "-+")); i-- {
		run++
	}
	for i := len(fields) - run + 1; i < len(fields); i++ {
		if len(strings.TrimLeft(fields[i], "-+")) == 3 {
			return false
		}
	}
	k, cur, _, ok := flatHeader(lt, n)
	return ok && k == labelMoney && cur != ""
}

// boxRow finds the numbered box a form's value is under when OCR
// flattened the form's row of boxes ("14 Employment income 22 Income tax
// deducted" over "| 68450.00 | { 11203.44 ]", found from outside on a
// T4): the line above (one blank line skipped) is cut into labels at the
// box numbers that start it and each label, and when the number's line
// holds only numbers and box rules, as many as there are labels, its
// place picks its label. A two-decimal value in a box no label names
// otherwise is a sum: a tax slip's boxes hold money. It returns what the
// box's label calls the number and the line of the labels.
func boxRow(lt *layout.Text, n number) (labelKind, int, bool) {
	li := lt.LineAt(n.start)
	line := lt.LineText(li)
	if strings.Trim(line, " \t|[]{}()<>0123456789.,'-") != "" {
		return labelNone, 0, false
	}
	hi := li - 1
	if hi > 0 && lt.IsBlank(hi) {
		hi--
	}
	if hi < 0 {
		return labelNone, 0, false
	}
	boxes := formBoxes(lt.LineText(hi))
	values := scanNumbers(line, localeOf(""))
	if len(boxes) < 2 {
		return labelNone, 0, false
	}
	start := lt.Lines()[li].Start
	box := -1
	if len(values) == len(boxes) {
		for i, v := range values {
			if start+v.start == n.start {
				box = i
			}
		}
	} else {
		box = boxColumn(boxes, n.start-start)
	}
	if box < 0 {
		return labelNone, 0, false
	}
	k := classifyLabel(boxes[box].label)
	if k == labelNone && twoDecimals(n) {
		k = labelMoney
	}
	return k, hi, true
}

// boxColumn returns the box whose column holds the offset at of a value
// in the line under a row of boxes (the layout a text layer keeps): the
// last box starting at or before it, when the value starts within a few
// columns of it or before the next. A W-2's boxes hold a lettered one
// whose value, an SSN, reads as three numbers, so the values do not
// count one a box ("a Employee's social security number 1 Wages, tips,
// other compensation 2 Federal income tax withheld" over "529-18-4073
// 68,412.50 7,904.18", found from outside, eighty-second trial).
func boxColumn(boxes []formBox, at int) int {
	for i := len(boxes) - 1; i >= 0; i-- {
		if boxes[i].at <= at+2 {
			return i
		}
	}
	return -1
}

// boxStart is a box's number before its label in a row of a form's
// boxes.
//
// A box may be lettered instead, as a W-2's "a" to "f" are, before a
// capitalised label.
var boxStart = regexp.MustCompile(`(?:^|\s)(?:(\d{1,3})\s+\p{L}|([a-z])\s+\p{Lu})`)

// A box of a form's row of boxes: where its number starts in the line,
// and its label.
type formBox struct {
	at    int
	label string
}

// formBoxes reads line as a row of a form's numbered boxes, "14
// Employment income 22 Income tax deducted": two or more labels, each
// after its box's number of up to three digits, the first starting the
// line. It returns nil for any other line.
func formBoxes(line string) []formBox {
	locs := boxStart.FindAllStringSubmatchIndex(line, -1)
	// The box's number (or letter): its first submatch that matched.
	id := func(loc []int) (int, int) {
		if loc[2] >= 0 {
			return loc[2], loc[3]
		}
		return loc[4], loc[5]
	}
	if len(locs) < 2 {
		return nil
	}
	if at, _ := id(locs[0]); strings.TrimSpace(line[:at]) != "" {
		return nil
	}
	boxes := make([]formBox, len(locs))
	for i, loc := range locs {
		at, end := id(loc)
		next := len(line)
		if i+1 < len(locs) {
			next, _ = id(locs[i+1])
		}
		boxes[i] = formBox{at: at, label: strings.TrimSpace(line[end:next])}
	}
	return boxes
}

// boxNumber reports whether n is the number of a box in a line that is a
// row of a form's boxes.
func boxNumber(lt *layout.Text, n number) bool {
	l := lt.Lines()[lt.LineAt(n.start)]
	for _, b := range formBoxes(lt.String()[l.Start:l.End]) {
		if l.Start+b.at == n.start {
			return true
		}
	}
	return false
}

// allCapitalised reports whether at least two words in three start with a
// capital letter, as a header's do ("Description Qty Unit price Amount").
func allCapitalised(words []string) bool {
	caps, n := 0, 0
	for _, w := range words {
		if len(w) > 2 && w[0] == '(' && w[len(w)-1] == ')' {
			// A column's unit or currency, "Kwota (zł)": no word of a
			// header, in whichever case (found from outside,
			// hundred-and-nineteenth trial: a Polish statement's "Kwota
			// (zł) Kwota (zł) Kwota (zł)" over its rows was no header,
			// and its movements and balances no money).
			continue
		}
		n++
		w = strings.TrimLeft(w, "(|")
		if w != "" && (w[0] >= 'A' && w[0] <= 'Z' || w[0] >= 0x80) {
			caps++
		}
	}
	return 3*caps >= 2*n
}

// nextCellNumeric reports whether the next cell right of end on its line
// is a number.
func nextCellNumeric(lt *layout.Text, end int) bool {
	rest := strings.TrimSpace(lt.RightOf(end))
	// Dot leaders and the like first: "9 ......... 96,712".
	rest = strings.TrimLeft(rest, ". ")
	if rest == "" || !isDigit(rest[0]) {
		return false
	}
	first := strings.Fields(rest)[0]
	return isNumberText(first)
}

// twoDecimals reports whether n ends in a decimal mark and two digits.
func twoDecimals(n number) bool {
	l := len(n.raw)
	return n.decimals && l >= 3 && (n.raw[l-3] == '.' || n.raw[l-3] == ',')
}

// yearLike reports whether n is a bare integer from 1900 to 2099.
var (
	// wordAfter starts a text with a word: what a year dates.
	wordAfter = regexp.MustCompile(`^[ \t]+(?:[–—-][ \t]+)?\p{Ll}`)
	// enumAfter follows an item's or a heading's number: its point or
	// parenthesis, then words.
	enumAfter = regexp.MustCompile(`^[.)][ \t]+\p{L}`)
	// areaCodeAfter follows an area code in parentheses: the rest of a
	// phone number.
	areaCodeAfter = regexp.MustCompile(`^\)[ .\-]?\d{3}[ .\-]\d{4}\b`)
)

// datedByYear ends a label with prices or fees in the plural, or a
// return's income, which a year after them dates: "TRADE PRICES 2027"
// (found from outside, eightieth trial: a price list's heading was its
// largest sum, £2,027), "Modello 730/2026 redditi 2025" (an Italian
// return's running head, once its "redditi" were money words).
var datedByYear = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:prices|fees|charges|rates|tariffs|preise|gebühren|tarife|prix|tarifs|precios|tarifas|prezzi|tariffe|prijzen|tarieven|priser|income|incomes|redditi|reddito|revenus|einkommen|einkünfte|rendimentos|rendimientos|renta|inkomsten)[ \t:]*$`)

func yearLike(n number) bool {
	if n.grouped || n.decimals || len(n.raw) != 4 {
		return false
	}
	return n.raw[:2] == "19" || n.raw[:2] == "20"
}

// bareIntegerAt reports whether a single space at i-1 is followed by an
// integer with no decimal part at i.
func bareIntegerAt(text string, i int) bool {
	if i >= len(text) || text[i-1] != ' ' || !isDigit(text[i]) {
		return false
	}
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	return j == len(text) || !(text[j] == '.' || text[j] == ',') || j+1 >= len(text) || !isDigit(text[j+1])
}

// bareIntegerBefore is bareIntegerAt's mirror: a single space at i
// preceded by an integer with no decimal part.
func bareIntegerBefore(text string, i int) bool {
	if i < 1 || text[i] != ' ' || !isDigit(text[i-1]) {
		return false
	}
	j := i - 1
	for j >= 0 && isDigit(text[j]) {
		j--
	}
	return j < 0 || !(text[j] == '.' || text[j] == ',' || text[j] == '\'')
}

// judge decides whether the token n is money, and returns the amount and,
// when it is in a table column, a key naming that column.
func judge(lt *layout.Text, labels labelCache, loc *locale, n number) (Amount, string, bool) {
	text := lt.String()
	if !shapeOK(text, loc, n) && !forintRow(lt, n) {
		return Amount{}, "", false
	}
	v, ok := ParseAmount(strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "", "’", "").Replace(n.raw))
	if !ok {
		return Amount{}, "", false
	}
	if n.fine {
		if v, ok = fineValue(n.raw); !ok {
			return Amount{}, "", false
		}
	}
	a := Amount{Value: v, Start: n.start, End: n.end}
	left := lt.LeftOf(n.start)
	right := lt.RightOf(n.end)
	if sgPostcode(text, n) || auPostcode.MatchString(left) && len(n.raw) == 4 && !n.grouped && !n.decimals {
		return Amount{}, "", false
	}
	cur := currencyBefore(left)
	if cur != "" && !n.grouped && !n.decimals && len(n.raw) <= 3 && strings.HasSuffix(strings.TrimRight(left, " \t"), "$") && statuteAfter.MatchString(right) {
		// OCR's "$" for a law's section sign: "gemäß $ 68 EStG" (found
		// from outside, sixty-seventh trial: an Austrian L16's sums were
		// shown in dollars).
		return Amount{}, "", false
	}
	labelled := false // the currency is the number's label
	if t := strings.TrimSpace(left); cur == "" && strings.HasSuffix(t, ":") && currencyEndIndex(strings.TrimSuffix(t, ":")) == 0 {
		// The label is the currency alone: "Euro: 642,18" (found from
		// outside, forty-fourth trial: a Finnish tax payment slip's sum
		// was no money).
		cur = currencyBefore(strings.TrimSuffix(t, ":"))
		labelled = cur != ""
	}
	if cur != "" && !n.grouped && !n.decimals && closesSum(left) {
		// "18.500 kr. 4 manudi": the crowns close the sum before; the 4
		// is OCR's reading of "á" (found from outside).
		cur = ""
	}
	if cur == "" {
		cur = loc.letterBefore(left)
	}
	// A bare integer before a price written with its currency first takes
	// no currency from the price: a year's column, "2021 € 2.350,00", a
	// quantity's, "300 $ 168.000" (found from outside: a claim's purchase
	// years read as euros, an order's quantities as pesos).
	// Nor does a grouped one on a line that writes its currencies first,
	// its last number with none after it: "60.000 € 0,084 € 5.040,00",
	// sixty thousand labels at € 0,084 (found from outside, seventy-sixth
	// trial: the quantity was a Flemish order's largest sum).
	curAfter, end := currencyAfterAt(right)
	if curAfter == "" {
		curAfter, end = loc.letterAfter(right)
	}
	if curAfter != "" && !n.decimals && (!n.grouped || currencyFirstLine(right[end:])) && sumStart.MatchString(right[end:]) {
		curAfter = ""
	}
	if cur == "" {
		cur = curAfter
	}
	if cur == "" && strings.TrimSpace(left) == "" && (n.grouped || n.decimals) {
		// "... was GBP\n1,204,377.19": the currency ends the line above.
		// Not a row's bare number under a flattened header ending in a
		// currency: "Summa EUR" over "1 Kviesu milti …" (found from
		// outside).
		if above, ok := lt.LineAbove(n.start); ok && len(splitCells(above)) == 1 {
			cur = currencyBefore(strings.TrimRight(above, " \t"))
			if cur != "" {
				left = above
			}
		}
	}
	if limitAfter.MatchString(right) || strings.TrimSpace(right) == "" && orMoreBelow.MatchString(lineBelow(lt, n.start)) || limitAbove(lt, n.start, left) || boundBefore(left) {
		return Amount{}, "", false
	}
	// Dollars and pounds write decimals with a point, so "$2.879" is a
	// fuel price's third decimal, not thousands (found from outside).
	if pointDecimal[cur] && pointThousand.MatchString(n.raw) && !(cur == dollar && loc.peso()) {
		if v, err := strconv.ParseFloat(n.raw, 64); err == nil {
			a.Value = v
		}
	}
	// A price per litre or kilowatt-hour has three decimals, whichever
	// mark parts them: "38,18 L x 1,899 €/L" (found from outside,
	// forty-third trial: an Italian fuel receipt's price per litre was
	// 1,899 euros, its largest sum).
	if curAfter != "" && perMeasure.MatchString(right[end:]) && threePlaces.MatchString(n.raw) {
		if v, err := strconv.ParseFloat(strings.Replace(n.raw, ",", ".", 1), 64); err == nil {
			a.Value = v
		}
	}
	// The dinars and Oman's rial have a thousand fils or baisa: three
	// decimals after a point, "JOD 475.000", "KWD 1,250.750" (found from
	// outside: a Jordanian claim's 475.000 dinars were held against the
	// threshold as 475,000).
	if millCurrency[cur] && millPlaces.MatchString(n.raw) {
		if v, err := strconv.ParseFloat(strings.ReplaceAll(n.raw, ",", ""), 64); err == nil {
			a.Value = v
		}
	}
	// A year before the row's sum is its label's: "Addizionale comunale
	// all'IRPEF saldo 2024 161,52" (found from outside: the year was
	// 2,024 euros).
	if cur == "" && yearBeforeSum(n, right) {
		return Amount{}, "", false
	}
	// A laboratory result is no money whatever its row's label says:
	// "Cholesterol, total  231  H  <200  mg/dL" (found from outside).
	if cur == "" && (labUnit.MatchString(right) || labCount.MatchString(left) || labCount.MatchString(right)) {
		return Amount{}, "", false
	}
	// Eight digits or more, neither grouped nor with decimals nor next
	// to a currency, are a number's, not a sum's: a VAT, tax or company
	// number ("TVA LU 27548193", "Income tax no.: SG 21456789010", found
	// from outside: the largest amount of the document).
	if cur == "" && !n.grouped && !n.decimals && len(n.raw) >= 8 {
		return Amount{}, "", false
	}
	// A cheque's number: "07 NOV CHQ 100318" in a statement's row (found
	// from outside).
	if cur == "" && !n.grouped && !n.decimals && chequeBefore.MatchString(left) {
		return Amount{}, "", false
	}
	// A form's or a schedule's name in parentheses, its number last:
	// "Health expenses relief (Med 1)" (found from outside).
	if cur == "" && !n.decimals && !n.grouped && len(n.raw) <= 2 && namedInParens.MatchString(left) {
		return Amount{}, "", false
	}
	// A building's, floor's or flat's number in an address: "Purchase of
	// Flat 8A, Tower 2, The Belcher's" (found from outside: a sum after
	// the purchase's word).
	if cur == "" && !n.decimals && !n.grouped && len(n.raw) <= 3 && addressBefore.MatchString(left) {
		return Amount{}, "", false
	}
	// One or two digits before a word count what the word names, "for 2
	// fobs", "Class 2 and 4 National Insurance"; a page's number counts
	// pages, "Page 1 of 2" (found from outside: each was money after a
	// deposit's or a tax's word earlier in its sentence).
	if cur == "" && !n.decimals && !n.grouped && len(n.raw) <= 2 && (countBefore.MatchString(right) || pageOf.MatchString(left)) {
		return Amount{}, "", false
	}
	// A form's box number: "16 Employee's CPP contributions 164
	// Employee's second CPP contributions" (found from outside: box 164
	// of a T4 was money after the contributions of box 16).
	if cur == "" && !n.decimals && !n.grouped && len(n.raw) <= 3 && boxNumber(lt, n) {
		return Amount{}, "", false
	}
	// The end of a range of sections, articles or clauses: "under
	// sections 401 to 403 of the Income Tax … Act" (found from outside,
	// seventieth trial: 403 was money after the sentence's "tax").
	if cur == "" && !n.decimals && !n.grouped && provisionRange.MatchString(left) {
		return Amount{}, "", false
	}
	// A bare count in parentheses restates a number in words: "cada
	// seis (6) meses", "thirty (30) days" (found from outside: the six
	// was a rent's amount).
	if cur == "" && !n.decimals && !n.grouped && n.start > 0 && text[n.start-1] == '(' && n.end < len(text) && text[n.end] == ')' {
		return Amount{}, "", false
	}
	// Payment terms are days: "Due date: December 18, 2026 (Net 30)"
	// (found from outside: the terms were an amount of 30).
	if cur == "" && !n.decimals && !n.grouped && paymentDays[n.raw] && netBefore.MatchString(left) {
		return Amount{}, "", false
	}
	// A number a message or call goes to is a phone number or a
	// shortcode, whatever money word the row holds: "Premium text to
	// 64446" (found from outside: a phone bill's premium-rate text).
	if cur == "" && destinationBefore.MatchString(left) {
		return Amount{}, "", false
	}
	if cur == "" && !n.decimals && !n.grouped && (len(n.raw) >= 5 && counterpartyBefore.MatchString(left) || cardMask.MatchString(left)) {
		return Amount{}, "", false
	}

	// The row's own label: the nearest cell left of the number that is
	// not a number or a currency; alone on its line, the line above.
	label, above, prose := rowLabel(lt, n.start, left)
	rowKind := labels.kind(label)
	if rowKind == labelLimit && transactionCode.MatchString(lt.LineText(lt.LineAt(n.start))) {
		// A statement's row names its payee, whatever the cell left of
		// the sum says: "19-Sep  INSURANCE PREM GUARDIAN LIFE  11,845.00".
		rowKind = labelNone
	}
	// An aside in parentheses qualifies the label and does not part it
	// from a sum written with its cents: "1 Redditi di lavoro dipendente
	// (tempo determinato) 21.684,00" (found from outside,
	// hundred-and-fifteenth trial: a scanned Italian certificate's
	// income, its gap closed up by OCR, was no amount and the certificate
	// was recorded without review). A box's number after its line's words
	// stays none: "26. REFUND (amount you want refunded to you) …… 26.".
	after := label
	if n.decimals {
		after = aside.ReplaceAllString(label, " ")
	}
	if prose && rowKind == labelMoney && wordsAfterMoney(after) > maxWordsAfter(label) {
		rowKind = labelNone
	}
	// A bare year is a year unless a money word right before it says
	// otherwise: "Tax Statement 2021" is not money, "Total: 2021" is.
	// On a document's first two lines, its title's, it is the year the
	// document is for: "AVIS D'IMPÔT 2025", "Form 1099-NEC  Nonemployee
	// Compensation  2025" (found from outside, eighty-ninth trial: each
	// marked a sum, the French notice's largest); a field's one word and
	// colon there are a field, "Total: 2021". Blank lines are not
	// counted: "DIRECTION GÉNÉRALE DES FINANCES PUBLIQUES", a blank line,
	// then "AVIS D'IMPÔT 2026 SUR LES REVENUS DE L'ANNÉE 2025" (found from
	// outside, ninety-fifth trial).
	if rowKind == labelMoney && yearLike(n) && (wordsAfterMoney(label) > 0 || datedByYear.MatchString(label) || linesAbove(lt, lt.LineAt(n.start)) < 2 && len(strings.Fields(label)) >= 2 && !strings.HasSuffix(strings.TrimSpace(label), ":")) {
		rowKind = labelNone
	}
	// Nor is a year before the noun it dates: "Total 2026 payments"
	// (found from outside: a tax return's line).
	// And a year before the name it dates, the row's sum further on: a
	// floor plan's "Settlement 2023 Audi A4 Avant SF23 OKN  24,180.00"
	// (found from outside, seventy-third trial: the model years were sums
	// by the "Settlement" label).
	if yearLike(n) && cur == "" && (wordAfter.MatchString(right) || nameThenSum.MatchString(right)) {
		return Amount{}, "", false
	}
	// A number that starts its line and a heading or an item, "3.
	// INCIDENT", "2) Les parties", numbers them (found from outside: a
	// claim's section number read as a sum).
	if cur == "" && !n.grouped && !n.decimals && len(n.raw) <= 2 && strings.TrimSpace(left) == "" && enumAfter.MatchString(right) {
		return Amount{}, "", false
	}
	// An area code in parentheses is a phone number's: "Tax Services,
	// (928) 774-3061" (found from outside).
	if strings.HasSuffix(left, "(") && areaCodeAfter.MatchString(right) {
		return Amount{}, "", false
	}
	headerKind, column, moneyTable := labelNone, "", false
	if h, line, ok := lt.HeaderAbove(n.start, n.end); ok {
		headerKind = labels.kind(h.Text)
		column = strconv.Itoa(line) + ":" + strconv.Itoa(h.Col)
		m := headerCurrency.FindStringSubmatch(h.Text)
		if m != nil && cur == "" {
			cur = loc.code(currencyCode(strings.Trim(m[1]+m[2], "()")))
		}
		if m != nil && headerKind == labelNone {
			// "Unit £", "Line EUR": a currency names a money column.
			headerKind = labelMoney
		}
		if headerKind == labelMoney && limitWordOver(lt, labels, h, n) {
			// Column headers a single space apart are one cell: the
			// word over the number names its column ("Versicherungssumme
			// Beitrag netto" over an insured sum, found from outside,
			// forty-fifth trial).
			headerKind = labelLimit
		}
		if headerKind == labelID && lineTotal.MatchString(h.Text) && twoDecimals(n) {
			// "Line" over sums is a line's total, not its number
			// (found from outside: an order's lines and totals under
			// "Line" were no money).
			headerKind = labelMoney
		}
		// A table whose header row names money ("Earnings  Rate  Hours
		// Current  YTD", "Af  Bij  Saldo"): its two-decimal values in columns the header
		// does not call anything else are money.
		moneyTable = headerKind == labelNone && twoDecimals(n) && hasMoneyWord(lt.LineText(line))
	}
	if column == "" && headerKind == labelNone {
		if k, line, ok := boxRow(lt, n); ok {
			headerKind, column, rowKind = k, "box:"+strconv.Itoa(line), labelNone
		} else if k, c, line, ok := flatHeader(lt, n); ok {
			headerKind, column = k, "flat:"+strconv.Itoa(line)
			if cur == "" && c != "" {
				cur = loc.code(currencyCode(c))
			}
			if k == labelID && rowKind == labelMoney {
				// A flat header is read word by word from the right, a
				// guess: the row's own money label outweighs it ("4141
				// UIF contributions 4,250.88" under "EMPLOYEES TAX
				// DEDUCTIONS AND REASON CODES", found from outside).
				headerKind = labelNone
			}
			if above && line == lt.LineAt(n.start)-1 {
				// The line above is a row of headers over the row's
				// numbers, not one number's label: "Moms% Moms Netto
				// Brutto" over "12,00 23,57 196,58 220,15" (found from
				// outside: a VAT rate was money).
				rowKind = labelNone
			}
		}
	}
	if cur == "" {
		if m := labelCurrency.FindStringSubmatch(label); m != nil && !nameEnd(strings.TrimSuffix(strings.TrimRight(label, " \t:"), m[2]), m[2]) {
			cur = loc.code(currencyCode(m[1] + m[2]))
		} else if c := currencyBefore(strings.TrimRight(left, " \t")); c != "" && label != "" {
			// The label's own currency, a column's gap before the number:
			// "I alt DKK      24.772,50" (found from outside: a Danish
			// order's total was held against the threshold of no
			// currency).
			cur = loc.code(c)
		}
	}
	// A small bare integer followed by another number on its row is a
	// line reference or a quantity: "9   This is your total income   9   96,712".
	if !n.grouped && !n.decimals && len(n.raw) <= 3 && cur == "" && nextCellNumeric(lt, n.end) {
		return Amount{}, "", false
	}
	switch {
	case rowKind == labelLimit || headerKind == labelLimit:
		return Amount{}, "", false
	case rowKind == labelID && accountNumber(label, n):
		// An account's number after its currency, as a statement names a
		// sub-account: "Sub-account:  EUR 62 184 399" (found from outside:
		// the reviewer was shown it as the largest amount).
		return Amount{}, "", false
	case labelled || currencyBefore(left) != "" || loc.letterBefore(left) != "" || curAfter != "":
		// A currency outweighs an identifier word: "Requested credit
		// line: $15,000".
		a.Currency, a.Basis = cur, BasisCurrency
		return a, column, true
	case rowKind == labelID && headerKind == labelMoney && twoDecimals(n) && rowDocument.MatchString(label):
		// A statement's row named by the document it records, "INV 77812
		// Invoice  486.20  1,696.64" under "Debit" and "Balance": the word
		// is the row's, not a number's label (found from outside: a
		// supplier's statement's invoices were no money, its payments and
		// credit notes were).
		a.Currency, a.Basis = cur, BasisColumn
		return a, column, true
	case rowKind == labelID:
		return Amount{}, "", false
	case n.decimals && fiscalStar.MatchString(left):
		// A Turkish till's "*2.450,00": its printer marks every sum with
		// a star (found from outside: a receipt's items, subtotal and VAT
		// were no money, its total alone written "₺").
		a.Currency, a.Basis = cur, BasisLabel
		return a, column, true
	case twoDecimals(n) && strings.HasSuffix(strings.TrimSpace(left), "@"):
		// A unit price: "58 days @ 3.10"; not a rate's multiplier,
		// "Overtime 12h @ 1.5" (found from outside, forty-ninth trial).
		a.Currency, a.Basis = cur, BasisLabel
		return a, column, true
	case rowKind == labelMoney && above:
		// A label alone on the line above is nearer than a header.
		a.Currency, a.Basis = cur, BasisLabelAbove
		if _, line, ok := labelAboveRun(lt, n.start); ok && column == "" {
			column = "above:" + strconv.Itoa(line)
		}
		return a, column, true
	case headerKind == labelID && !(rowKind == labelMoney && twoDecimals(n)):
		// A money label on the row outweighs an identifier's column for
		// a sum written with its cents: "Total incl GST ... 934.26".
		return Amount{}, "", false
	case rowKind == labelMoney:
		a.Currency, a.Basis = cur, BasisLabel
		return a, column, true
	case headerKind == labelMoney, moneyTable:
		a.Currency, a.Basis = cur, BasisColumn
		return a, column, true
	case rowKind == labelNone && headerKind == labelNone && twoDecimals(n) && itemAboveTotal(lt, n):
		a.Currency, a.Basis = cur, BasisLabel
		return a, column, true
	case rowKind == labelNone && headerKind == labelNone && twoDecimals(n) && datedRowSum(lt, n):
		// A statement's row whose header OCR lost, dated and ending in
		// its movement and the balance after it: "04-11-2026 RTGS-L AND T
		// FINANCE-EMI 38/60 1,18,500.00 6,90,616.50" (found from outside,
		// seventy-seventh trial: six of an Indian statement's eleven
		// movements were no money, the largest credit among them).
		a.Currency, a.Basis = cur, BasisLabel
		return a, column, true
	case rowKind == labelNone && headerKind == labelNone && twoDecimals(n) && signedAtEnd(text, n):
		// A statement's row as OCR flattened it, its sum signed at the
		// line's end: "Gehalt Mai Bundesrechenzentrum GmbH +3.275,60"
		// (found from outside: an Austrian statement's six transactions
		// were no money, its balances alone written "EUR").
		a.Currency, a.Basis = cur, BasisLabel
		return a, column, true
	}
	return Amount{}, "", false
}

// itemAboveTotal reports whether the number at n ends its line in a run
// of such lines that a total ends: a till receipt's items, "SOURDOUGH
// BLOOMER  2.80", "Falukorv 800 g 42,50", over "BALANCE DUE 23.52" or
// "TOTALT 220,15" (found from outside: a UK till receipt's eleven prices
// and a Swedish receipt's were no money). Lines of dashes, quantity lines
// ("2 @ 0.89"), lines without a number and one other line may stand
// between; a blank line ends the run.
func itemAboveTotal(lt *layout.Text, n number) bool {
	text := lt.String()
	li := lt.LineAt(n.start)
	if !endsLine(text, n.end) {
		return false
	}
	odd := 0
	for i := li + 1; i < len(lt.Lines()) && i <= li+itemRunLines; i++ {
		if lt.IsBlank(i) {
			// One blank line between two items, as OCR sets a receipt's
			// lines apart (found from outside, forty-sixth trial: a
			// pharmacy's first two items were no money); not between
			// an item and its total.
			if i+1 < len(lt.Lines()) && !lt.IsBlank(i+1) && itemLine(lt.LineText(i+1)) {
				if next := strings.TrimRight(lt.LineText(i+1), " \t\r"); !itemTotal.MatchString(next[:strings.LastIndexAny(next, " \t")]) {
					continue
				}
			}
			return false
		}
		line := lt.LineText(i)
		last, ok := lastNumber(line)
		switch {
		case ok && itemTotal.MatchString(line[:last]):
			return true
		case !ok && itemTotal.MatchString(line) && len(strings.Fields(line)) <= 3:
			// The total's word alone, its sum below: "TOTAL⏎⏎GBP
			// 18.18" (found from outside, a photographed receipt).
			return true
		case ok, separatorLine.MatchString(line), strings.Contains(line, "@"), !strings.ContainsAny(line, "0123456789"):
		case odd == 0:
			// One line OCR garbled, "Maslinovo ulje 0,5 1 a xX.9,99) Dek"
			// (found from outside, on a Croatian receipt's scan).
			odd++
		default:
			return false
		}
	}
	return false
}

// itemLine reports whether line is an item's: it ends in a sum with its
// cents.
func itemLine(line string) bool {
	return itemEnd.MatchString(strings.TrimRight(line, " \t\r"))
}

// itemEnd is a sum with its cents at a line's end after a space.
var itemEnd = regexp.MustCompile(`\s-?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}$`)

// datedRowSum reports whether n is one of the two sums with their cents
// that end a line that starts with a date: a statement's movement and its
// balance.
func datedRowSum(lt *layout.Text, n number) bool {
	line := lt.LineText(lt.LineAt(n.start))
	m := datedRow.FindStringSubmatchIndex(strings.TrimRight(line, " \t\r"))
	if m == nil {
		return false
	}
	off := n.start - lt.Lines()[lt.LineAt(n.start)].Start
	return off == m[2] || off == m[4]
}

// datedRow is a line that starts with a day, month and year and ends in
// two sums with their cents, thousands grouped (lakhs too).
var datedRow = regexp.MustCompile(`^\s*\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\s+\S.*?\s(\d{1,3}(?:,\d{2,3})*,\d{3}\.\d{2}|\d{1,3}(?:\.\d{3})+,\d{2})\s+(\d{1,3}(?:,\d{2,3})*,\d{3}\.\d{2}|\d{1,3}(?:\.\d{3})+,\d{2})$`)

// signedAtEnd reports whether n has a sign of its own, "+" or "-" right
// before it after a space, and ends its line.
func signedAtEnd(text string, n number) bool {
	if n.start < 2 || !endsLine(text, n.end) {
		return false
	}
	c, before := text[n.start-1], text[n.start-2]
	return (c == '+' || c == '-') && (before == ' ' || before == '\t')
}

// itemRunLines bounds how far below an item its total may be.
const itemRunLines = 40

var (
	// itemTotal is a receipt's total left of its sum.
	itemTotal = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(?:total|totalt|sub-?total|balance due|amount due|to pay|summa|att betala|i alt|at betale|totaal|te betalen|gesamt|summe|zu zahlen|total ttc|à payer|totale|da pagare|importe total|toplam|toplamı|razem|do zapłaty|celkem|összesen|yhteensä|kokku|kopā|iš viso|ukupno|skupaj)(?:$|[^\p{L}\p{N}_][^0-9]*$)`)
	// separatorLine is a line of dashes, equals signs or stars.
	separatorLine = regexp.MustCompile(`^[ \t]*[-=_*.·]{3,}[ \t]*$`)
	// trailingNumber is a two-decimal number ending a line.
	// A VAT code or a speck OCR read may follow it: "1.85 -", "2.40 7".
	trailingNumber = regexp.MustCompile(`-?\d[\d.,' ]*[.,]\d{2}[ \t]*(?:[A-Z]{1,3}|€|£|\$|kr|[-*#]|\d)?[ \t]*$`)
)

// endsLine reports whether only spaces, and a currency or a VAT code of
// up to three letters, follow off on its line.
func endsLine(text string, off int) bool {
	rest := text[off:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	return len(rest) <= 3
}

// lastNumber returns where the two-decimal number ending line starts.
func lastNumber(line string) (int, bool) {
	loc := trailingNumber.FindStringIndex(line)
	if loc == nil {
		return 0, false
	}
	return loc[0], true
}

// rowLabel returns the label of the number at off: the nearest cell left
// of it on its line that holds a word (cut to its last sentence), else —
// when nothing is left of it — the line above, if that line does not end
// in a number. above says the label came from the line above.
func rowLabel(lt *layout.Text, off int, left string) (label string, above, prose bool) {
	text := lt.String()
	leader := false
	cells := lt.Cells(lt.LineAt(off))
	for i := len(cells) - 1; i >= 0; i-- {
		c := cells[i]
		if c.Start >= off {
			continue
		}
		t := c.Text
		if c.End > off {
			// Prose: the number's own cell starts before it. Its label
			// is in the last sentence before it, so a long line is cut
			// to a window first: every number on it reads its label.
			t, prose = text[proseStart(text, c.Start, off):off], true
			if above, ok := lt.LineAbove(c.Start); ok && wrappedSentence(text, lt, c.Start, above) {
				// A sentence the line's end wrapped: its start is on the
				// line above, "… public liability insurance of not less" over
				// "than NZ$2,000,000" (found from outside, fifty-eighth
				// trial: the cover's minimum was held against the
				// threshold).
				t = strings.TrimSpace(above) + " " + t
			}
			if i := strings.Index(t, "...."); i > 0 && !numberAfter(lt.RightOf(off)) {
				// A leader of dots before the line's last number: the
				// label is what the leader follows, however long, not
				// prose, "Rendimentos tributáveis recebidos de pessoa
				// jurídica ........ 186.420,00" (found from outside: a
				// Brazilian return's sums). A number with another after
				// it is the line's box, "26. REFUND ....... 26.  $327.00".
				t, prose, leader = t[:i], false, true
			}
		}
		t = strings.TrimSpace(withoutCurrencyEnd(t))
		if !prose && !leader && hasWord(t) && !lineReference(t) && endsInDigit(t) && !maskedNumberEnd.MatchString(t) && !datedEnd.MatchString(t) {
			// "16 State wages: $152,197.32  17": the cell left is a field
			// with its own value, not this number's label. A masked card
			// or account is no value: it names what paid ("VISA CREDIT
			// ************6621     65.23", a till's tender line, found
			// from outside).
			return "", false, false
		}
		if hasWord(t) && !lineReference(t) {
			return lastSentence(t), false, prose
		}
		prose = false
	}
	if strings.Trim(left, " \t:.-–—|*$€£(") != "" {
		return "", false, false
	}
	// A label alone on the line above: one short cell without digits, and
	// nothing but a currency after the number.
	if rest := strings.TrimSpace(lt.RightOf(off)); rest != "" && !strings.HasPrefix(rest, "(") && currencyAfter(" "+rest) == "" && !isNumberText(rest) {
		return "", false, false
	}
	if label, _, ok := labelAboveRun(lt, off); ok {
		return label, true, false
	}
	return "", false, false
}

// wrappedSentence reports whether the cell at start opens its line with
// the rest of a limit's words that the line above began: "not less" over
// "than", "at" over "least", "up" over "to".
func wrappedSentence(text string, lt *layout.Text, start int, above string) bool {
	ln := lt.Lines()[lt.LineAt(start)]
	if strings.TrimSpace(text[ln.Start:start]) != "" {
		return false
	}
	return limitWrapEnd.MatchString(strings.TrimSpace(above)) && limitWrapStart.MatchString(text[start:])
}

// limitWrapEnd and limitWrapStart are a limit's words parted by a line's
// end.
var (
	limitWrapEnd   = regexp.MustCompile(`(?i)(?:^|\s)(?:(?:not|no)\s+(?:less|more)|at|up)$`)
	limitWrapStart = regexp.MustCompile(`(?i)^(?:than|least|most|to)\b`)
)

// numberAfter reports whether another number follows the number that
// starts s on its line.
func numberAfter(s string) bool {
	return strings.ContainsAny(strings.TrimLeft(s, "0123456789.,'’ "), "0123456789")
}

// maxProseLabel bounds the text left of a number in prose read for its
// label.
const maxProseLabel = 256

// proseStart returns where the window of prose before off that may hold
// its label starts: at most maxProseLabel bytes back, on a rune boundary.
func proseStart(text string, start, off int) int {
	if off-start <= maxProseLabel {
		return start
	}
	i := off - maxProseLabel
	for i < off && !utf8.RuneStart(text[i]) {
		i++
	}
	return i
}

// maxColumnRun bounds the numbers under a label read as its column.
const maxColumnRun = 40

// labelAboveRun finds the label alone on a line above the number at off,
// directly or over a run of lines that each hold only a number: a column
// read as a column ("Balance⏎212,450.10⏎210,650.10", as OCR gives a table
// it read column by column). It returns the label and its line.
func labelAboveRun(lt *layout.Text, off int) (string, int, bool) {
	li := lt.LineAt(off)
	for i, blanks := li-1, 0; i >= 0 && li-i <= maxColumnRun; i-- {
		line := strings.TrimSpace(lt.LineText(i))
		switch {
		case line == "":
			if blanks++; blanks > 1 {
				return "", 0, false
			}
			continue
		case isNumberText(strings.Trim(line, "$€£()-+ ")):
			blanks = 0
			continue
		}
		cells := splitCells(line)
		if len(cells) != 1 {
			return "", 0, false
		}
		label := formLine.ReplaceAllString(cells[0], "")
		label = strings.TrimSpace(aside.ReplaceAllString(label, " "))
		if !hasWord(label) || strings.ContainsAny(label, "0123456789") || len([]rune(label)) > 48 {
			return "", 0, false
		}
		return label, i, true
	}
	return "", 0, false
}

var (
	// formLine is a form's line number before its label, "39 - ", "12a.".
	formLine = regexp.MustCompile(`^\d{1,3}[a-z]?\s*[-–.:)]?\s+`)
	// aside is a label's words in parentheses, a rate or a reference:
	// "Daň (19 %)", "Úhrn príjmov (§ 5 ods. 1 a 3 zákona)" (found from
	// outside: a Slovak return's sums under such labels were no money).
	aside = regexp.MustCompile(`\([^()\n]*\)`)
)

// isNumberText reports whether s is only a number with its separators.
func isNumberText(s string) bool {
	return strings.Trim(s, "0123456789.,'- ") == ""
}

func endsInDigit(s string) bool { return s != "" && isDigit(s[len(s)-1]) }

// datedEnd is a date a label ends with, after the word that dates it:
// "Closing balance as at 30/11/2026", "Neuer Kontostand vom 30.11.2026",
// "Net pay for November 2026", "Total for the period 1 Nov - 30 Nov
// 2026". The date says when, not the cell's own value (found from
// outside: a German statement's balances were no money).
var datedEnd = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:as\s+(?:at|of)|on|at|by|to|until|per|vom|zum|am|bis|au|du|al|del|em|op|den|pr\.?|for|of|in|na\s+dzie[ńn]|dnia|ke)\s+(?:the\s+(?:month|period)\s+(?:of\s+)?)?` + dateToken + `(?:\s*[-–]\s*` + dateToken + `)?$`)

// dateToken is a date as a label writes it: "30/11/2026", "2026-11-30",
// "30 Nov 2026", "November 30, 2026", "November 2026", or, first in a
// range, without its year ("1 Nov - 30 Nov 2026").
var dateToken = `(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}\.?\s+` + monthWord + `\.?(?:\s+\d{4})?|` + monthWord + `\.?\s+\d{1,2},?(?:\s+\d{4})?|` + monthWord + `\.?\s+\d{4})`

// maskedNumberEnd is a masked card's or account's number at the end of a
// cell: its hidden digits' marks, then the last few shown.
var maskedNumberEnd = regexp.MustCompile(`(?:[*Xx•#]{2,}[ -]?)+\d{2,4}$`)

// lineReference reports whether a cell is a form's line or box reference
// ("1a", "2b", "15"), not a label.
func lineReference(s string) bool {
	return len(s) <= 3 && strings.ContainsAny(s, "0123456789")
}

var cellGap = regexp.MustCompile(`\s{2,}|\t|\|`)

func splitCells(s string) []string {
	var out []string
	for _, c := range cellGap.Split(s, -1) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

func hasWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if isAlpha(s[i]) || s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// lastSentence cuts s to its last sentence (or line). A row's or a
// box's number and its point, "3. Bruttoarbeitslohn", "von 3. ", ends no
// sentence (found from outside, sixty-fourth trial: a German wage tax
// certificate's rows, "4. Einbehaltene Lohnsteuer von 3. 12.917,00", read
// no label).
func lastSentence(s string) string {
	locs := sentenceStop.FindAllStringIndex(s, -1)
	for i := len(locs) - 1; i >= 0; i-- {
		l := locs[i]
		if s[l[0]] == '.' && rowNumberEnd.MatchString(s[:l[0]]) {
			continue
		}
		return strings.TrimSpace(s[l[0]+1:])
	}
	return s
}

// rowNumberEnd ends a text with a row's or a box's number of one or two
// digits standing alone, before its point.
var rowNumberEnd = regexp.MustCompile(`(?:^|[\s(])\d{1,2}$`)

// allDigits reports whether s is all ASCII digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// sgPostcode reports whether n is a Singapore postcode as an address
// writes it, "S(310127)", or as OCR reads that, "$(310127)": six digits
// in parentheses after an S (found from outside: a hawker's receipt went
// to review for 310,127 dollars).
func sgPostcode(text string, n number) bool {
	return len(n.raw) == 6 && !n.grouped && !n.decimals && n.start >= 2 && text[n.start-1] == '(' &&
		(text[n.start-2] == 'S' || text[n.start-2] == '$') && n.end < len(text) && text[n.end] == ')'
}

// sumAfter starts the text after a number with a sum of decimals on its
// line.
var sumAfter = regexp.MustCompile(`^[ \t]+\(?[-−]?\d[\d.,' ]*[.,]\d{2}(?:$|[^\d])`)

// nameThenSum starts the text after a number with a capitalised word and
// ends its line's text with a sum of decimals further on.
var nameThenSum = regexp.MustCompile(`^[ \t]+\p{Lu}[^\n]*[ \t]\(?[-−]?\d[\d.,' ]*[.,]\d{2}(?:$|[^\d])`)

// yearBeforeSum reports whether n is a year, 1900 to 2099 written
// without separators, that a sum with decimals follows on its line.
func yearBeforeSum(n number, right string) bool {
	return len(n.raw) == 4 && !n.grouped && !n.decimals && (strings.HasPrefix(n.raw, "19") || strings.HasPrefix(n.raw, "20")) && sumAfter.MatchString(right)
}

// auPostcode ends the text before an Australian postcode: its state's
// abbreviation, "Brunswick VIC 3056" (found from outside: a policy
// schedule's address under its "Sum insured" column was 3,056 dollars).
var auPostcode = regexp.MustCompile(`\b(?:NSW|VIC|QLD|TAS|ACT|NT|SA|WA)[ \t]+$`)

// fineValue reads a number of four decimal places, its point a point or
// a comma.
func fineValue(raw string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.Replace(raw, ",", ".", 1), 64)
	return v, err == nil
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

// Largest returns the largest of amounts (by number, whatever the
// currency) and whether there was one.
func Largest(amounts []Amount) (Amount, bool) {
	var best Amount
	found := false
	for _, a := range amounts {
		// A transaction's amount before a cumulative figure, whatever
		// their sizes; the largest cumulative one when there is nothing
		// else.
		if !found || a.Cumulative == best.Cumulative && a.Value > best.Value || best.Cumulative && !a.Cumulative {
			best, found = a, true
		}
	}
	return best, found
}

// centsNext is a sum with its cents right after a number and its spaces.
var centsNext = regexp.MustCompile(`^[ \t]+[-+]?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}\b`)

// owedToDate is a bill's sum so far, "TOTAL CHARGES TO DATE" on a
// hospital's interim bill: what is owed now, a transaction's amount. So
// are bills or costs so far in a claim, "hospital bills so far totaling
// $46,382.17" (found from outside, eighty-fifth trial: the claim was
// recorded without review).
var owedToDate = regexp.MustCompile(`(?i)\b(?:charges|balance|amount due|outstanding|bills?|costs?|expenses|losses|damages|invoices)\s+(?:to date|so far)\b`)

// cumulativeBefore ends the text left of a sum, on its line, that says
// the sum adds up a period so far (found from outside, forty-seventh
// trial: a payslip's year-to-date gross and a landlord's rent received to
// date were each document's largest amount, held for the amount review;
// a Danish payslip's "År til dato", seventy-eighth trial).
var cumulativeBefore = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:year[- ]to[- ]date|ytd|to date|so far(?: this year)?|cumulative|cumulated|kumuliert|aufgelaufen|seit jahresbeginn|cumul(?:é|e|és|ees)?(?: annuel)?|depuis le d[ée]but de l'ann[ée]e|acumulado|acumulada|progressivo|progressivi|hittills i [åa]r|hittills|hidtil i [åa]r|hittil i [åa]r|[åa]r til dato|[åa]ret til dato|narastaj[ąa]co|od pocz[ąa]tku roku)\b[^\n]*$`)

// linesAbove counts the lines above line li that are not blank, up to 2.
func linesAbove(lt *layout.Text, li int) int {
	n := 0
	for i := 0; i < li && n < 2; i++ {
		if !lt.IsBlank(i) {
			n++
		}
	}
	return n
}
