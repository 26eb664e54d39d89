package pii

import (
	"regexp"
	"strings"

	"github.com/docket-run/docket/pkg/layout"
)

// bankNames are banks whose name alone, before a number, says it is an
// account's: the largest of the regions where the trials found numbers
// written so (found from outside, thirty-sixth trial).
const bankNames = `(?:maybank|ocbc|dbs|posb|uob|hsbc|hang\s+seng|cimb|rhb|public\s+bank|hong\s+leong|ambank|bank\s+islam|bca|bni|bri|mandiri|bdo|bpi|metrobank|landbank|security\s+bank|standard\s+chartered|citibank|kasikorn|bangkok\s+bank|vietcombank|techcombank|bidv|vietinbank|agribank|kcb|equity\s+bank|desjardins|stanbic|ecobank|gtbank|zenith\s+bank|absa|fnb|capitec|nedbank|ncb)`

var (
	// accountRe is a domestic bank account's number: digits in up to
	// eight groups joined by spaces or dashes ("123-45678-9",
	// "12-3140-0123456-00", "0012 3456 78", a Moroccan RIB's 24 digits
	// "181 810 21112 0547296 000 1 49", "230 780 4512873211024600 81"; a
	// Polish account's 26, polishAccount), or in fours joined by points
	// ("0097.0000.5421.8741"), or a Portuguese branch and account
	// parted by a point ("Conta à ordem n.º 0697.00638427193", found from
	// outside, sixty-eighth trial).
	accountRe = regexp.MustCompile(`\b\d{4}(?:\.\d{4}){2,4}\b|\b\d{4}\.\d{9,11}\b|\b\d{2,26}(?:[ -]\d{1,16}){0,7}\b`)
	// upiRe is an Indian payment address (UPI ID, VPA): a name, "@" and
	// its payment app's handle, no domain after it ("x@okicici"): taken
	// under its label (accountLabel) or with a known handle.
	upiRe     = regexp.MustCompile(`\b[a-z0-9][a-z0-9._-]{1,60}@[a-z]{2,20}\b`)
	upiHandle = regexp.MustCompile(`@(?:okicici|okaxis|okhdfcbank|oksbi|ybl|ibl|axl|paytm|upi|apl|yapl|icici|hdfcbank|sbi|axisbank|kotak|freecharge|airtel|jio)$`)
	// nzAccountRe is a New Zealand account's number, bank, branch, account
	// and suffix (2-4-7-2 or 3): no other number has its shape, so no
	// label is needed (found from outside: "Everyday Account
	// 03-1587-0456789-00" on a statement's two-column line).
	nzAccountRe = regexp.MustCompile(`\b\d{2}-\d{4}-\d{7}-\d{2,3}\b`)
	// otherNumber labels a number of that shape as something else's: a
	// tax roll's article, a file's, a case's (found from outside,
	// forty-sixth trial: a Flemish property tax's "Artikelnummer
	// 26-4412-0093817-62").
	otherNumber = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:(?:artikel|dossier|klant|kunden|referentie|referenz|vertrags|polis|polizzen|rechnungs|factuur|bestel|aanslag|zaak|akten)(?:nummer|nr)|article|artikel|aanslag|dossier|file|case|claim|policy|invoice|order|reference|ref|kenmerk|referentie|ticket|serial|contract|customer|member(?:ship)?)\b\.?(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`)
	// swedishAccountRe is a Swedish account as its bank writes it: the
	// clearing number and its check digit, a comma, the account in
	// groups of three and its check digit, no other number's shape
	// either (found from outside: "Konto: Privatkonto 8327-9, 994 471
	// 882-1" at a statement's head and in its footer), its account
	// labelled, "clearingnr 8327-9, konto 914 382 716-4" (fifty-eighth
	// trial).
	swedishAccountRe = regexp.MustCompile(`\b\d{4}-\d, ?(?:(?i:konto(?:nr|nummer)?)\.?:? ?)?\d{1,3}(?: \d{3}){2}-\d\b`)
	// norwegianAccountRe is a Norwegian account number as its banks
	// write it, four, two and five digits between points, whose last
	// digit is its mod-11 check (norwegianAccountValid): "Kontonummer:
	// 3624.47.19281", "Overføring fra sparekonto 3624.47.80010" (found
	// from outside); OCR reads a point as a comma now and then
	// ("Kontonummer: 1503,46,27182", seventy-second trial).
	// Or a space: "Utbetaling til konto: 3208 44 17938" (eightieth
	// trial).
	norwegianAccountRe = regexp.MustCompile(`\b\d{4}(?:[.,]\d{2}[.,]| \d{2} )\d{5}\b`)
	// kontoLabel names an account in Norwegian: under it the dotted form
	// is an account whatever its check digit (found from outside,
	// sixty-seventh trial: "Brukskonto 1503.66.24178", "Overføring til
	// sparekonto 1503.66.30012", made-up numbers whose check failed).
	kontoLabel = regexp.MustCompile(`(?i)(?:\p{L}*konto|kontonummer|kontonr)\.?:?[^\p{L}\p{N}]*$`)
	// czechAccountRe is a Czech or Slovak account's number, a prefix,
	// the number and the bank's code after a slash
	// ("2001447188/2010"), taken only under an account's label.
	czechAccountRe = regexp.MustCompile(`\b(?:\d{1,6}-)?\d{2,10}/\d{4}\b`)
	// hungarianAccountRe is a Hungarian account's number, two or three
	// groups of eight digits ("11773016-04471882-00000000").
	hungarianAccountRe = regexp.MustCompile(`\b\d{8}-\d{8}(?:-\d{8})?\b`)
	// icelandicAccountRe is an Icelandic account's number, its bank's
	// four digits, its ledger's two and the account's six
	// ("0101-26-000540"), taken under an Icelandic account's word
	// (icelandicAccountLabel): "inn á reikning 0101-26-000540" (found
	// from outside, seventy-third trial). The word alone names an invoice
	// too, whose numbers have other shapes.
	icelandicAccountRe    = regexp.MustCompile(`\b\d{4}-\d{2}-\d{6}\b`)
	icelandicAccountLabel = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:banka)?reikning(?:ur|i|s(?:n[úu]mer|nr\.?))?(?:\s+(?:nr\.?|n[úu]mer))?[^\p{L}\p{N}]*$`)
	// frenchAccountRe is a French account's number as a RIB writes it,
	// eleven letters or digits, a letter among them, after the branch's
	// five digits and before the two of its key: "N° de compte : 10478
	// 01047291X52" (found from outside, sixty-third trial); taken only
	// under an account's label in a bank's document.
	frenchAccountRe = regexp.MustCompile(`\b(?:\d{5} )?[0-9A-Z]{11}(?: \d{2})?\b`)
	// checkedAccountRe is an account's number with its check digit after
	// a dash, as Brazil writes it, the thousands grouped by points or not
	// ("conta corrente 45.871-2", found from outside): five digits or
	// more, taken only under an account's label.
	checkedAccountRe = regexp.MustCompile(`\b\d{1,3}(?:\.\d{3}){1,3}-[\dXx]\b|\b\d{4,12}-[\dXx]\b`)
	// accountLabel ends a text that names a bank account's number: a bank
	// account (a bank's own, "Maybank account no."), an account after its
	// bank's sort code or BSB, Argentina's CBU, a savings or current
	// account ("cuenta de ahorros Bancolombia N°", "rekening BCA nomor"),
	// in the languages of the corpus and others; a US account after its
	// bank's routing number ("Routing 071000013 Account 0048 2231 9075",
	// found from outside, ninety-sixth trial).
	accountLabel = regexp.MustCompile(`(?i)(?:(?:\bbsb\s*\d{3}-?\d{3}|\bsort\s*code\s*\d{2}-\d{2}-\d{2}|\b(?:aba\s+)?routing(?:\s*(?:no\b\.?|number|#))?\s*:?\s*\d{9})[\s,]+(?:account|acct|a/c)(?:\s+(?:no\b\.?|number))?|` +
		// A Canadian account after its branch's transit number, the labels
		// bilingual ("Transit: 30047   Compte / Account: 0412873", found
		// from outside, forty-fourth trial).
		`\btransit(?:\s*(?:no\b\.?|number|#))?\s*:?\s*\d{5}[\s,]+(?:institution(?:\s*(?:no\b\.?|number|#))?\s*:?\s*\d{3}[\s,]+)?(?:\p{L}+\s*/\s*)?(?:account|acct|a/c|compte)(?:\s*(?:no\b\.?|number|n[°º]))?|\bcbu|\bcvu|\bcuenta\s+(?:de\s+ahorros?|corriente|vista)(?:\s+\p{L}+){0,2}?(?:\s*(?:n[°º]\.?|no\b\.?|n[úu]mero))?|\bconta\s+(?:corrente|poupan[çc]a)(?:\s*(?:n[°º]\.?|n[úu]mero))?|\brekening(?:\s+\p{Lu}{2,8})?\s+(?:nomor|no\b\.?)|bank\s+(?:account|acct|a/c)(?:\s+(?:no\b\.?|number|nr\b\.?|#))?(?:\s+(?:for|to|of)\s+[\p{L} ]{1,30})?|\bkontonummer|\bkonto\s*nr\b\.?|(?:^|[^\p{L}])num[ée]ro\s+de\s+compte|\bn[°º]\s*de\s+compte|(?:^|[^\p{L}])n[úu]mero\s+de\s+(?:cuenta|conta)|\bnumero\s+di\s+conto|\bconto\s+corrente\s+(?:n\.|nr\.?|numero)|\brekeningnummer|(?:^|[^\p{L}])[čc][íi]slo\s+[úu][čc]tu|\bbroj\s+ra[čc]una|\btilinumero|(?:^|[^\p{L}])(?:bank)?sz[áa]mlasz[áa]m|\b(?:nu?me?r|nr\.?)\s+rachunku` +
		// Found from outside (fifty-fifth and fifty-sixth trials): a
		// Canadian account after its transit and institution numbers, a
		// Mexican "CLABE destino", a Chilean "Cuenta RUT de BancoEstado N°",
		// a Moroccan RIB.
		// Found from outside (thirty-fourth trial): a salary or savings
		// account's number, a Danish registration and account number, a
		// Czech account ("účtu č.").
		`|\bclabe(?:\s+interbancaria)?(?:\s+(?:destino|de\s+destino|del\s+beneficiario|beneficiario))?|\bcuenta\s+rut(?:\s+de\s+\p{L}+)?(?:\s*(?:n[°º]\.?|no\b\.?|n[úu]mero))?|\brib|\b(?:salary|savings|current|checking|cheque|chequing)\s+(?:account|acct|a/c)\s*(?:no\b\.?|number|nr\b\.?|#)|\breg\.?\s*nr\.?\s*/\s*konto(?:nr\.?|nummer)?|(?:^|[^\p{L}])(?:účtu|účet|účtem)(?:\s+\p{Ll}+)?(?:\s+č\.)?` +
		// Found from outside (eighty-eighth trial): a Vietnamese
		// payslip's "Số tài khoản" (an account's number), and a contract's
		// "tài khoản số" (ninety-third trial).
		`|(?:^|[^\p{L}])s[ốo]\s+t[àa]i\s+kho[ảa]n|(?:^|[^\p{L}])t[àa]i\s+kho[ảa]n\s+s[ốo]` +
		// A Swahili contract's "akaunti yake ya benki CRDB Na." (his bank
		// account, its number) and "namba ya akaunti" (ninety-ninth trial).
		`|\bakaunti(?:\s+(?:yake|yako|yangu|yetu|yao))?\s+ya\s+benki(?:\s+\p{Lu}{2,10})?(?:\s+(?:na\b\.?|namba))?|\bnamba\s+ya\s+akaunti` +
		// And a Czech invoice's "č. ú." (číslo účtu; ninety-first trial).
		`|(?:^|[^\p{L}])[čc]\.\s?[úu]\.` +
		// And a Polish "Rachunek do wpłat (indywidualny):", "Nr konta",
		// "Nr rachunku" (ninetieth trial; "Numer rachunku" only, before).
		`|\brachun(?:ek|ku)\s+(?:bankow(?:y|ego)|do\s+wp[łl]at[y]?)(?:\s*\(\p{L}+\))?|\b(?:nu?me?r|nr\.?)\s+konta(?:\s+bankowego)?` +
		// Found from outside (thirty-sixth trial): an account after its
		// bank's name ("Bank: OCBC 601-284173-001", "Dibayar ke: Maybank
		// 1642 0388 7715", "DBS account", a law firm's "HSBC client
		// account"), and Indonesia's "No. Rekening"; a South African
		// "FNB Cheque Account 62811475390" (hundred-and-second trial).
		`|\b` + bankNames + `(?:\s+(?:client|savings|current|checking|cheque|chequing|business))?(?:\s+(?:account|acct|a/c))?(?:\s*(?:no\b\.?|number|nr\b\.?|#))?|\b(?:no\.?|nomor)\s*(?:rekening|rek\b\.?)|\bcompte(?:\s+bancaire)?\s*n[°º]|\b(?:upi\s+id|vpa))[^\p{L}\p{N}]*$`)
	// bankNamesRe is a bank of bankNames: a law firm's "HSBC client
	// account" is a bank's, whatever "client" says.
	bankNamesRe = regexp.MustCompile(`(?i)\b` + bankNames + `\b`)
	// plainAccountLabel is an account's number without "bank": a bank's
	// statement names its holder's account so, or by the word alone
	// ("Conta: 0097.0000.5421.8741"), or as a Quebec caisse does, "Folio:
	// 815-30047-0042177 Transit 30047" (found from outside, fifty-seventh
	// trial), a French one by its kind ("Compte de dépôt n° 00029187645",
	// seventy-second trial), a Swedish one by its kind ("Konto:
	// Privatkonto 5439 10 274 86", seventy-sixth), a Danish loan's
	// ("Lånekonto: 5301-0004418290", eighty-second).
	// An account's product may stand between its label and its number,
	// "Account: Share Draft 7708-2214" (a credit union's checking
	// account; found from outside, hundred-and-twelfth trial).
	plainAccountLabel = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:(?:account|acct|a/c)(?:\s*(?:no\b\.?|number|nr\b\.?|#))?|folio|(?:conta(?:\s+[àa]\s+ordem)?|cuenta|compte(?:\s+(?:de\s+d[ée]p[ôo]t|courant|ch[èe]ques?|d['’][ée]pargne))?|conto|(?:privat|spar|l[öo]ne|l[øo]nns|l[åa]ne?|bruks|giro|ersparnis|transaktions|f[öo]retags|bedrifts|virksomheds|e-?)?konto|rekening)(?:\s*(?:n\.?[º°]\.?|nr\b\.?|no\b\.?|n[úu]mero|num[ée]ro|nummer))?|(?:savings|current|checking|chequing)(?:\s+(?:account|acct|a/c))?(?:\s*(?:no\b\.?|nr\b\.?|number|#))?)(?:\s*:\s*(?:share|draft|savings?|checking|chequing|current|everyday|money\s+market|premier|regular|basic|joint|business|personal|club|certificate|ira)(?:\s+(?:share|draft|savings?|checking|account|market|plus|club|certificate))*\s+)?[^\p{L}\p{N}]*$`)
	// accAbbrev is "Acc", an account's label where a bank or its code
	// stands beside it ("Bank: FNB Acc 62841177503", "sort code 20-45-77,
	// acc 43819265", found from outside, forty-first trial): in a
	// statement's lines it is a biller's ("Pay Bill to 888880 - KENYA
	// POWER Acc. 54120938713").
	accAbbrev = regexp.MustCompile(`(?i)(?:^|[^\p{L}])acc\.?(?:\s*(?:no\b\.?|nr\b\.?|number|#))?[^\p{L}\p{N}]*$`)
	// transferBefore: a statement's transfer names the other party's
	// account, "Repayment - transfer from 2034418876" (found from
	// outside); its digits run on, a phone's are grouped.
	transferBefore = regexp.MustCompile(`(?i)\btransfer\s+(?:from|to)\s+$`)
	// sortCodeAccount is a sort code and its account's eight digits, as
	// an Irish or a UK statement names a transfer's other party: "TRANSFER
	// TO 90-14-27 12345671 AB SAVINGS" (found from outside, fifty-fifth
	// trial).
	sortCodeAccount = regexp.MustCompile(`^\d{2}-\d{2}-\d{2} \d{8}$`)
	// accountSuffix is a share's or a loan's suffix after an account's
	// number, "-S10", "-L01".
	accountSuffix = regexp.MustCompile(`^-[A-Z]\d{1,3}\b`)
	// notBankAccount names an account that is no bank's: a customer's,
	// a policy's, a utility's.
	notBankAccount = regexp.MustCompile(`(?i)\b(?:customer|client|kunden|member|membership|policy|billing|utility|contract|loyalty|employer'?s?|supplier|vendor|tax|vat)\b[^\n]{0,20}(?:account|acct|a/c)`)
	// bankNamed is a bank named in the text before an account's number
	// on its line: "Bank: DBS Bank Ltd  Account no.: 012-345678-9".
	bankNamed = regexp.MustCompile(`(?i)\b(?:bank|banco|banca|banque)\b`)
	// statementOfAccount titles a bank's statement, and a supplier's or
	// a municipality's too: a bank's only when a bank is named near it
	// (found from outside: a municipal bill's customer account number,
	// "TAX INVOICE / STATEMENT OF ACCOUNT", was masked as a bank account).
	statementOfAccount = regexp.MustCompile(`(?i)\bstatement\s+of\s+account\b`)
	// depositTaker names a deposit taker that is no "bank", or an
	// account's IBAN.
	depositTaker = regexp.MustCompile(`(?i)\b(?:building\s+society|credit\s+union|savings\s+(?:and\s+loan|institution)|sacco|sparkasse|spaarbank|caisse\s+d'[ée]pargne|iban)\b`)
	// numberOfYear is a document's number in its year, "EXTRAIT DE
	// COMPTE n° 011/2026", no Czech account: four digits or fewer before
	// a year (found from outside, seventy-seventh trial). dateShaped is a
	// date of the shape of an account's groups, "01-11-2026" after a
	// statement of account's title (the same trial).
	numberOfYear = regexp.MustCompile(`^\d{1,4}/(?:19|20)\d{2}$`)
	dateShaped   = regexp.MustCompile(`^(?:(?:0?[1-9]|[12]\d|3[01])[-.](?:0?[1-9]|1[0-2])[-.](?:19|20)\d{2}|(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))$`)
	// bankCodeBeside is a bank's code on an account number's line, which
	// makes the number a bank's account: "A/c No: 50200038174629 IFSC:
	// HDFC0000053" (found from outside).
	// Brazil's branch ("Agência: 0741 Conta: 28815-3", found from
	// outside, forty-first trial).
	// A Canadian or Jamaican branch's transit number ("account no.
	// 354-218-774, transit 01105", found from outside, fifty-sixth trial).
	// South Africa's branch code ("account number 271468093, branch code
	// 250655").
	bankCodeBeside = regexp.MustCompile(`(?i)\b(?:IFSC|SWIFT|BIC|sort\s+code|routing\s+(?:no\b|number)|BSB|MICR|ag[êe]ncia|transit|branch\s+code)(?:$|[^\p{L}])`)
	// bankingDetails heads a block of a bank's details: "Banking
	// details:" over "account number 271468093" (found from outside,
	// seventy-sixth trial, a school's fees statement whose branch code
	// OCR lost).
	bankingDetails = regexp.MustCompile(`(?i)\b(?:bank(?:ing)?\s+details|bank\s+account\s+details|bankverbindung|coordonn[ée]es\s+bancaires|datos\s+bancarios|dados\s+banc[áa]rios|coordinate\s+bancarie|bankgegevens|bankoplysninger|bankuppgifter)\b`)
	// bankDocument is a bank's own document: its statement.
	bankDocument = regexp.MustCompile(`(?i)\b(?:bank|banka|banco|banque)\b[^\n]{0,60}\n?[^\n]{0,60}\bstatement\b|\baccount\s+statement\b|\bkontoauszug\b|\bextrato\b|relev[ée]\s+de\s+compte|estratto\s+conto|rekeningafschrift|bankafschrift|wyci[ąa]g|kontoudtog|kontoutskrift|\bkontoutdrag\b|\bextracto\b|\bizvod\b|\bvýpis\b|\btiliote\b|resumen\s+de\s+cuenta|estado\s+de\s+cuenta`)
)

// bankAccounts finds domestic bank account numbers under their labels:
// eight to twenty-two digits in groups (an Argentine CBU has 22), labelled as a bank account's
// ("Bank account for settlement" above "12-3140-0123456-00", found from
// outside), or as an account's number in a bank's statement ("Account
// no.: 123-45678-9"). IBANs and cards are found by their checksums;
// these have none a rule could check across banks, so the label decides.
func bankAccounts(lt *layout.Text, counts []lineDigits, taken [][2]int) [][2]int {
	text := lt.String()
	// Whether the document is a bank's statement is read only when a
	// number's label asks: the expression costs more than the rest.
	known, isStatement := false, false
	statement := func() bool {
		if !known {
			head := heading(lt) + "\n" + text[:min(len(text), 600)]
			known, isStatement = true, bankDocument.MatchString(head) || statementOfAccount.MatchString(head) && (bankNamed.MatchString(head) || depositTaker.MatchString(head))
		}
		return isStatement
	}
	// Whether a bank heads the document, read once and only when asked.
	headKnown, headBank := false, false
	headedByBank := func() bool {
		if !headKnown {
			headKnown, headBank = true, namesBank(heading(lt))
		}
		return headBank
	}
	var locs [][2]int
	for _, m := range matchLines(lt, nzAccountRe, holding(counts, 15, 7)) {
		if s := [2]int{m[0], m[1]}; !overlaps(s, taken) && (!otherNumber.MatchString(lt.LeftOf(m[0])) || plainAccountLabel.MatchString(lt.LeftOf(m[0]))) {
			locs = append(locs, s)
		}
	}
	var upis [][]int
	if strings.IndexByte(text, '@') >= 0 {
		upis = upiRe.FindAllStringIndex(text, -1) // most texts hold no "@"
	}
	for _, m := range upis {
		s := [2]int{m[0], m[1]}
		if m[1] < len(text) && (text[m[1]] == '.' && m[1]+1 < len(text) && isAlnum(text[m[1]+1]) || text[m[1]] == '-') || overlaps(s, taken) || overlaps(s, locs) {
			continue // an e-mail address's domain goes on
		}
		if upiHandle.MatchString(text[m[0]:m[1]]) || labelledBy(lt, accountLabel, m[0], m[1]) {
			locs = append(locs, s)
		}
	}
	for _, m := range matchLines(lt, swedishAccountRe, holding(counts, 12, 4)) {
		if s := [2]int{m[0], m[1]}; !overlaps(s, taken) && !overlaps(s, locs) {
			locs = append(locs, s)
		}
	}
	for _, m := range matchLines(lt, norwegianAccountRe, holding(counts, 11, 5)) {
		if s := [2]int{m[0], m[1]}; !overlaps(s, taken) && !overlaps(s, locs) && (norwegianAccountValid(text[m[0]:m[1]]) || labelledBy(lt, kontoLabel, m[0], m[1])) {
			locs = append(locs, s)
		}
	}
	for _, re := range []*regexp.Regexp{czechAccountRe, hungarianAccountRe} {
		for _, m := range matchLines(lt, re, holding(counts, 10, 2)) {
			s := [2]int{m[0], m[1]}
			if overlaps(s, taken) || overlaps(s, locs) || re == czechAccountRe && numberOfYear.MatchString(text[m[0]:m[1]]) {
				continue
			}
			if labelledBy(lt, accountLabel, m[0], m[1]) || accountLabel.MatchString(labelAcross(lt, m[0])) || re == hungarianAccountRe && hungarianAccountValid(text[m[0]:m[1]]) || re == czechAccountRe && czechAccountValid(text[m[0]:m[1]]) {
				locs = append(locs, s)
			}
		}
	}
	for _, m := range matchLines(lt, icelandicAccountRe, holding(counts, 12, 6)) {
		if s := [2]int{m[0], m[1]}; !overlaps(s, taken) && !overlaps(s, locs) && labelledBy(lt, icelandicAccountLabel, m[0], m[1]) {
			locs = append(locs, s)
		}
	}
	for _, m := range matchLines(lt, checkedAccountRe, holding(counts, 5, 1)) {
		s := [2]int{m[0], m[1]}
		if n := digits(text[m[0]:m[1]]); n < 5 || n >= 8 || overlaps(s, taken) || overlaps(s, locs) || codeAround(text, m[0], m[1]) {
			continue // eight digits or more are accountRe's
		}
		// Or under a plain account's label with its branch beside it,
		// "agência 0264-7, conta 48192-3" (found from outside,
		// fifty-eighth trial).
		if labelledBy(lt, accountLabel, m[0], m[1]) || accountLabel.MatchString(labelAcross(lt, m[0])) ||
			labelledBy(lt, plainAccountLabel, m[0], m[1]) && bankCodeBeside.MatchString(lt.LineText(lt.LineAt(m[0]))) {
			locs = append(locs, s)
		}
	}
	for _, m := range matchLines(lt, frenchAccountRe, holding(counts, 8, 1)) {
		s := [2]int{m[0], m[1]}
		if overlaps(s, taken) || overlaps(s, locs) || !frenchAccount(text[m[0]:m[1]]) {
			continue
		}
		if labelledBy(lt, plainAccountLabel, m[0], m[1]) && (statement() || headedByBank() || bankNear(lt, m[1])) {
			locs = append(locs, s)
		}
	}
	for _, m := range matchLines(lt, accountRe, holding(counts, 7, 2)) {
		s := [2]int{m[0], m[1]}
		suffix := accountSuffix.FindStringIndex(text[m[1]:])
		n := digits(text[m[0]:m[1]])
		if n < 7 || n > 24 && !polishAccount(text[m[0]:m[1]]) || overlaps(s, taken) || overlaps(s, locs) || codeAround(text, m[0], m[1]) && (suffix == nil || codeAround(text, m[0], m[1]+suffix[1])) {
			continue
		}
		if dateShaped.MatchString(text[m[0]:m[1]]) {
			continue // "STATEMENT OF ACCOUNT 01-11-2026 to 30-11-2026"
		}
		if asReference.MatchString(lt.RightOf(m[1])) {
			continue // a biller's customer number: "Use your account number 500277194432 as reference"
		}
		label := labelBefore(lt, m[0])
		// A client account with its sort code is a bank's too: a letting
		// agent's "Client Account, sort code 20-41-06, account 43198277"
		// (found from outside, forty-second trial).
		// So is a supplier's account the bank is named after: "transfer
		// to the Supplier's account no. 1183 0045 2271 at KCB Bank"
		// (found from outside, eighty-seventh trial).
		if notBankAccount.MatchString(label) && !bankNamesRe.MatchString(label) && !bankCodeBeside.MatchString(label) && !namesBank(lt.RightOf(m[1])) {
			continue
		}
		named := labelledBy(lt, accountLabel, m[0], m[1])
		// Seven digits only under a label that names a bank's account
		// in so many words (a Canadian account after its transit number,
		// found from outside, forty-fourth trial): a plain "Account:"
		// names customers' numbers of that length too.
		if n == 7 && !named && !accountLabel.MatchString(labelAcross(lt, m[0])) {
			continue
		}
		if named || accountLabel.MatchString(labelAcross(lt, m[0])) ||
			labelledBy(lt, plainAccountLabel, m[0], m[1]) && (statement() || bankNamed.MatchString(lt.LeftOf(m[0])) || bankCodeBeside.MatchString(lt.LineText(lt.LineAt(m[0]))) || headedByBank() || bankNear(lt, m[1])) ||
			labelledBy(lt, accAbbrev, m[0], m[1]) && (namesBank(lt.LeftOf(m[0])) || bankCodeBeside.MatchString(lt.LineText(lt.LineAt(m[0])))) ||
			transferBefore.MatchString(lt.LeftOf(m[0])) && (!strings.ContainsAny(text[m[0]:m[1]], " -") || sortCodeAccount.MatchString(text[m[0]:m[1]])) && statement() {
			// A credit union's share or loan suffix belongs to the
			// account: "Account 40071862-S10" (found from outside).
			if suffix != nil {
				s[1] += suffix[1]
			}
			locs = append(locs, s)
		}
	}
	return locs
}

// polishAccount reports whether s, an accountRe match, is a Polish
// account's number (NRB): an IBAN's twenty-six digits after its country's
// code, which ValidIBAN checks (their count with them).
func polishAccount(s string) bool {
	return ValidIBAN("PL" + strings.ReplaceAll(s, "-", ""))
}

// frenchAccount reports whether s, a frenchAccountRe match, has a letter
// in its account's eleven characters and eight digits or more there:
// all digits are accountRe's, and a word in capitals is no number.
func frenchAccount(s string) bool {
	f := strings.Fields(s)
	acc := f[0]
	if len(f) > 1 && len(f[0]) == 5 {
		acc = f[1]
	}
	return len(acc) == 11 && digits(acc) >= 8 && digits(acc) < 11
}

// namesBank reports whether s names a bank: the word, or one of
// bankNames.
func namesBank(s string) bool {
	return bankNamed.MatchString(s) || bankNamesRe.MatchString(s)
}

// asReference follows a customer's number at a biller that a payment is
// to quote.
var asReference = regexp.MustCompile(`(?i)^\s*as\s+(?:the\s+|your\s+)?(?:payment\s+)?reference\b`)

// bankNear reports whether a bank is named right of an account's number
// on its line ("my account no. 1180287463 at KCB Eldoret branch"), or a
// bank or its code on one of the four lines above it, in the same block
// (one blank line may part them):
// a payment block's "Bank: Zenith Bank Plc" or "Sort code: 20-45-77" over
// "Account number: 2214087356" (found from outside, fifty-fifth and
// fifty-sixth trials).
func bankNear(lt *layout.Text, end int) bool {
	right := lt.RightOf(end)
	if namesBank(right) {
		return true
	}
	i := lt.LineAt(end)
	for j := i - 1; j >= max(0, i-4); j-- {
		if lt.IsBlank(j) {
			if j > 0 && lt.IsBlank(j-1) {
				return false // another block
			}
			continue
		}
		l := lt.LineText(j)
		if namesBank(l) || bankCodeBeside.MatchString(l) || bankingDetails.MatchString(l) {
			return true
		}
	}
	return false
}

// labelAcross returns the short text left of off on its line after the
// end of the line above: a label a line break cut, "transferencia a la
// cuenta corriente" over "N° 00-123-45678-09 del Banco de Chile",
// "ke rekening" over "BCA nomor 2345678901" (found from outside), a
// Canadian account's "(transit" over "00412, institution 003, account
// 5089217" (seventy-seventh trial). Empty when the number's own line says
// more than a few words first.
func labelAcross(lt *layout.Text, off int) string {
	left := lt.LeftOf(off)
	if len(strings.Fields(left)) > 5 {
		return ""
	}
	above, ok := lt.LineAbove(off)
	if !ok {
		return ""
	}
	return strings.TrimRight(above, " \t") + " " + left
}

// czechAccountValid: a Czech or Slovak account, "19-44728538/0800": its
// prefix and its number each pass the national mod-11 check (weights 10,
// 5, 8, 4, 2, 1 and 6, 3, 7, 9, 10, 5, 8, 4, 2, 1 from the left, the
// number padded to ten digits), and its bank's code is a bank's. Such a
// number is taken under no label: an escrow statement's rows of
// payments to sellers' and lenders' accounts, its label OCR misread
// ("Cislo étu: 287443238/0300"; found from outside, seventy-eighth trial).
func czechAccountValid(s string) bool {
	rest, code, ok := strings.Cut(s, "/")
	if !ok || !czechBankCodes[code] {
		return false
	}
	prefix, number, dashed := strings.Cut(rest, "-")
	if !dashed {
		prefix, number = "", rest
	}
	check := func(d string, weights []int) bool {
		if len(d) > len(weights) {
			return false
		}
		d = strings.Repeat("0", len(weights)-len(d)) + d
		sum := 0
		for i, w := range weights {
			sum += int(d[i]-'0') * w
		}
		return sum%11 == 0
	}
	return len(number) >= 6 && strings.Trim(number, "0") != "" && check(prefix, []int{10, 5, 8, 4, 2, 1}) && check(number, []int{6, 3, 7, 9, 10, 5, 8, 4, 2, 1})
}

// czechBankCodes are the Czech and Slovak banks' four-digit codes.
var czechBankCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields("0100 0300 0600 0710 0800 2010 2020 2060 2070 2100 2200 2220 2250 2260 2275 2600 2700 3030 3050 3060 3500 4000 4300 5500 5800 6000 6100 6200 6210 6300 6700 6800 7910 7950 7960 7970 7990 8030 8040 8060 8090 8150 8190 8198 8220 8250 8255 8265 8500 " +
		"0200 0900 1100 1111 3000 5200 5600 5900 6500 7300 7500 8120 8180 8330 8360 8420") {
		m[c] = true
	}
	return m
}()

// hungarianAccountValid: both parts of a Hungarian account's number, the
// bank's and branch's eight digits and the account's eight or sixteen,
// each end in a check digit, the digits weighted 9, 7, 3, 1 over and
// over summing to a multiple of ten. A number passing both checks is
// taken under no label: a claim's "Kártérítést az alábbi számlára kérem:"
// over the claimant's account (found from outside, seventy-second trial).
func hungarianAccountValid(s string) bool {
	parts := strings.Split(s, "-")
	if len(parts) < 2 {
		return false
	}
	for _, p := range []string{parts[0], strings.Join(parts[1:], "")} {
		sum := 0
		for i := 0; i < len(p); i++ {
			sum += int(p[i]-'0') * [4]int{9, 7, 3, 1}[i%4]
		}
		if sum%10 != 0 {
			return false
		}
	}
	return true
}

// norwegianAccountValid checks a Norwegian account number's mod-11 check
// digit: its first ten digits weighted 5, 4, 3, 2, 7, 6, 5, 4, 3, 2.
func norwegianAccountValid(s string) bool {
	var ds []int
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			ds = append(ds, int(s[i]-'0'))
		}
	}
	if len(ds) != 11 {
		return false
	}
	sum := 0
	for i, w := range []int{5, 4, 3, 2, 7, 6, 5, 4, 3, 2} {
		sum += ds[i] * w
	}
	check := (11 - sum%11) % 11
	return check != 10 && check == ds[10]
}
