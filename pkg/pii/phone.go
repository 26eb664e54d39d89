package pii

import (
	"regexp"
	"slices"
	"strings"

	"github.com/docket-run/docket/pkg/layout"
)

// run is a run of digits, text[start:end], in a chain of runs joined by
// separators. broken says the separator before it holds a line break.
type run struct {
	start, end int
	broken     bool
}

var (
	// sameLineSep joins the digit groups of a phone number on one line:
	// one space, dot or dash (optionally spaced), or the parentheses of an
	// area code: "415) 555", "1 (800", "(0)20".
	sameLineSep = regexp.MustCompile(`^(?: ?[.\-] ?| |\) ?| ?\(|\)\(|\) ?[.\-] ?)$`)
	// brokenSep joins them across a line break: a separator or nothing at
	// the end of one line, indentation and an optional "(" on the next,
	// a blank line between them too, as OCR sets one in (a harsh scan's
	// "Daytime telephone: 01242" over "583771", found from outside).
	brokenSep = regexp.MustCompile(`^[ \t]*[.\-]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*\(?$`)
	// cardSep joins the groups of a card number: one space or dash.
	cardSep = regexp.MustCompile(`^[ \-]$`)
	// germanMobile is the prefix of a German mobile number.
	germanMobile = regexp.MustCompile(`^01[5-7]\d{1,2}$`)
	// mexicanArea are the two-digit area codes of Mexico's three largest
	// cities.
	mexicanArea = map[string]bool{"55": true, "33": true, "81": true}
	// nzMobile is a New Zealand mobile's prefix.
	nzMobile = regexp.MustCompile(`^02[012789]$`)
	// indonesianMobile is an Indonesian mobile's first group.
	indonesianMobile = regexp.MustCompile(`^08[1-9]\d$`)
	// areaSlash parts a German or Austrian area code from the number.
	areaSlash = regexp.MustCompile(`^ ?/ ?$`)
	// cardBreak joins them across a line break, or a blank line where OCR
	// split a statement's card number; cardSpans says which groups it may
	// part.
	cardBreak = regexp.MustCompile(`^[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*$`)
)

// chains returns the runs of digits of text grouped into chains: runs
// joined by phone separators (phone true, a line break included) or by
// card separators (a line break or blank line included).
func chains(text string, phone bool) [][]run {
	var out [][]run
	var cur []run
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		r := run{start: i, end: j}
		if len(cur) > 0 {
			gap := text[cur[len(cur)-1].end:i]
			switch {
			case phone && (timePart(text, cur[len(cur)-1]) || timePart(text, r)):
				// The parts of a time are no part of a phone number: "17:26
				// 0800 028 4419 00:09:47", an itemised bill's row (found
				// from outside).
				out = append(out, cur)
				cur = nil
			case !phone && cardSep.MatchString(gap):
			case !phone && cardBreak.MatchString(gap):
				r.broken = true
			case phone && sameLineSep.MatchString(gap) && (!strings.HasSuffix(gap, "(") || (j < len(text) && text[j] == ')')):
				// An opening parenthesis joins only an area code: "1 (800)".
			case phone && brokenSep.MatchString(gap):
				r.broken = true
			case phone && areaSlash.MatchString(gap) && len(cur) == 1 && text[cur[0].start] == '0':
				// "0761/12345-0": a slash parts only an area code (trunk
				// 0) from the number; dates and fractions stay apart.
			default:
				out = append(out, cur)
				cur = nil
			}
		}
		cur = append(cur, r)
		i = j
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// phoneWords are the words of phoneLabel.
const phoneWords = `tel|telephone|phone|ff[ôo]n|ff[ôo]n symudol|ph|mobile|mob|cell|cellphone|fax|call|calls|contact|hotline|helpline|whatsapp|sms|text|ring|dial|reach|switchboard|landline|t[eé]l[eé]fono|fono|tel[eèé]fon|telefoon|m[òo]bil|mobiel|tilefono|t[āa]lru[nņ]\p{L}*|telefone|telef[óo]nic[oa]|t[ée]l[ée]phone|t[ée]l|telem[oó]vel|m[oó]vil|handy|portable|gsm|questions|enquiries|inquiries|queries|helpdesk|dudas|consultas|llame|ll[aá]menos|d[uú]vidas|ligue|vragen|bel|fragen|anrufen|durchwahl|r[üu]ckfragen|zentrale|vermittlung|centralino|v[äa]xel|sentralbord|renseignements|appelez|domande|chiamare|contacto|contato|contatti|contatto|kontakt|numero verde|n\. ?verde|chiamata gratuita|toll[- ]free|freephone|cellulare|tlf|tlm|telem|mobil|mobilnummer|puh|puhelin|s[íi]mi|fars[íi]mi|heimas[íi]mi|vinnus[íi]mi|matkapuhelin|mobiltelefon|telefonnummer|telefonsz[áa]m|mobilsz[áa]m|faxsz[áa]m|celular|cel|kom[óo]rka|kom|nr tel|t[āa]lrunis|t[āa]lr|telef|helistage|helistada|k[üu]simuste korral|k[üu]simuste|k[üu]simused|uan|infolini[ai]|infolink[ay]|infolince|(?:z[áa]kaznick[áa]|klientsk[áa]|bezplatn[áa]|informa[čc]n[íi])\s+linka|klicni center|klicni centar|kontaktni center|linha(?: (?:de|do|da|ao|apoio|atendimento|cliente|clientes|(?-i:[A-Z]\p{L}*))){0,4}|hp|ponsel|telepon|telp|\p{L}+tele(?:foon|fon)`

// phoneWordsGreekCyrillic are phoneWords in Greek and Bulgarian, whose
// letters \b does not see as a word's: "Τηλ.", "Κιν.", "Тел." (found from
// outside: a Greek receipt's "Τηλ.: 210 6438 215"), and Greek's
// "information" and "contact" as enquiries' are ("Για πληροφορίες: 210
// 3375 000", ninety-second trial).
const phoneWordsGreekCyrillic = `τηλ[έε]φωνο|τηλ|κινητ[όο]|κιν|τηλεομοιοτυπ[ίι]α|φαξ|πληροφορ[ίι]ες|επικοινων[ίι]α|телефон|тел|мобилен|моб|факс`

// phoneWhose are the words that say whose number a phone label names,
// between the label and the number: "Teléfono paciente:", "tel.
// rejestracji", "Phone (office):", and that it costs nothing: "Teléfono
// gratuito" (found from outside).
const phoneWhose = `gratuito|gratuita|gratis|gratuit|kostenlos|kostenfrei|free|patient|paciente|paziente|patiente|patienten|pacjenta|client|cliente|clientes|clienti|klienta|customer|kunden|registration|rejestracji|recepcji|rejestracja|reception|recepci[oó]n|office|ufficio|oficina|bureau|b[üu]ro|kantoor|biuro|home|casa|domicile|private|privat|privado|work|direct|directo|diretto|direkt|emergency|emergencia|emergenza|notfall|urgence`

// serviceWords are the names of a customer service line or an on-call
// service, which a phone number follows: "Assistenza clienti: 800 123
// 456", "Piquete de águas: 800 208 312" (a utility's on-call line),
// an insurer's claims line, "Skadeservice 090-17 63 20", a practice's
// appointments, "Marcações 912 447 316" (found from outside).
const serviceWords = `skadeservice|skadeanm[äa]lan|schadenservice|schadensservice|schadenhotline|marca[çc][õo]es|assistenza clienti|servizio clienti|customer service|customer care|kundenservice|kundendienst|service clients?|service client[eè]le|atenci[oó]n al cliente|servicio al cliente|klantenservice|obs[łl]uga klienta|kundtj[äa]nst|kundcent(?:er|ret)|kundeservice|apoio ao cliente|servi[cç]o de apoio|piquete(?: de \p{L}+)?|linha de apoio|apoio a \p{L}+|hotline|helpline|st[öo]rungsdienst|bereitschaftsdienst|pronto intervento|cita previa|pedir cita|prenotazioni|terminvereinbarung|prise de rendez-vous|afspraak maken|appointments?|secretariado(?: de \p{L}+)?|secretar[ií]a(?: de \p{L}+)?|segreteria(?: di \p{L}+)?|sekretariat|secr[ée]tariat|` +
	// A Mexican insurer's call centre, open round the clock (found from
	// outside, forty-sixth trial: "Cabina 24 h: 800 112 7790").
	`cabina(?: de atenci[oó]n| telef[oó]nica)?(?: 24 ?(?:h|hrs?|horas))?|` +
	// A Brazilian call centre's "Central de atendimento: 4004 3187", and
	// the payment apps whose numbers are their users' phones, "Indbetaling
	// MobilePay 2847 1190" (found from outside, eighty-seventh trial).
	`central de atendimento|atendimento ao cliente|mobilepay|vipps|swish|twint|bizum|` +
	// A person's own line in a signature, "Direct line: 01924⏎886 215"
	// (found from outside, forty-eighth trial: split by a line break).
	`direct line|direct dial|` +
	// A customer centre's and a free number's names in Norwegian, Danish,
	// Latvian and French (found from outside, hundred-and-twenty-sixth
	// trial: "Kundesenter 915 04 830", "Klientu centrs: 8000 4455",
	// "numéro gratuit 8002 4711").
	`kundesenter|kundecenter|klientu centrs|num[ée]ro gratuit|num[ée]ro vert|gratisnummer|` +
	// And Finnish (hundred-and-twenty-eighth trial: "Asiakaspalvelu: 0100
	// 0500 (pvm/mpm)").
	`asiakaspalvelu|asiakaspalvelumme`

// labelWhose is what may follow a phone label's word to say whose number
// it is: a word of phoneWhose ("Teléfono gratuito", "Tel. (home)"), or any
// one word before a colon ("Tlf. jordmor: 53 45 62 10").
const labelWhose = `(?:\.?[ \t]*\(?(?:` + phoneWhose + `)\)?|\.?[ \t]+\p{L}[\p{L}\-]{1,24}:)?`

var (
	// phoneLabel names a phone number; it may end in "No." or "number",
	// which then belongs to it, not to an identifier label. Besides the
	// words for a telephone it holds those a contact line asks the reader
	// to call with ("Questions:", "Dudas:", "Llámenos", "Bel ons"), in the
	// languages whose national numbers phoneAt takes only under a label;
	// an e-mail address may stand between the label and the number
	// ("Contacto: a@b.pt · 21 886 4420"). Italy's toll-free "800 123 456"
	// is written as an amount might be, so it too needs its label:
	// "Numero verde", "Tel.", "toll-free". The short labels also match
	// as OCR misreads them, l as 1 or i: "Tif." (Danish "Tlf."), "Te1";
	// not after a dot, where "tif" is a file name's extension. Whose number
	// it is may follow the label (labelWhose), and a customer service line
	// is a label of its own (serviceWords). A phone word starts a word:
	// not after an accented letter, which \b takes for a word's end
	// (found from outside, sixty-seventh trial: a Hungarian invoice's
	// "3 tétel 24 000 72 000", its "tel" a label and its sums a phone).
	// Whose line it is before a colon is a label of its own in a contact
	// block: "Office: 6555 0142" (found from outside,
	// hundred-and-twenty-ninth trial, a Singapore claim); without the
	// colon, "Contact our office 915 123 456", it is not.
	phoneLabel = regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}\p{N}_])(?:` + phoneWords + `)\b(?:-\p{L}+)?` + labelWhose + `|\b(?:` + serviceWords + `)\b` + labelWhose + `|(?:^|[^.\w])(?:t[1i]f|te1)\b` + labelWhose + `|(?:^|[^\p{L}])(?:` + phoneWordsGreekCyrillic + `)` + labelWhose + `|☎|📞|(?:^|[^\p{L}\p{N}_])(?:office|home|direct|emergency)[ \t]*:)\.?(?:\s*(?:no\b\.?|nr\b\.?|number\b|#))?(?:[^A-Za-z0-9]*(?:us|me|him|her|them|on|at|or|us on|us at|me on|me at|al|au|op|unter|ao|alle)\b|[^A-Za-z0-9]*[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)*[^A-Za-z0-9]*$`)
	// phoneQualified is a phone word that a few words qualify before a
	// colon: "Telefonnummer für Rückfragen:", "Kontakt z likwidatorem:",
	// "Teléfono de averías y rescate:" (found from outside). phoneAt takes it only
	// where no identifier label ends the text ("Phone bill account:").
	// The phone word may be an adjective ("Telefonische Rückfragen
	// tagsüber unter Nr.:"), and the last word the number's ("Nr."),
	// which then is the phone number's, not an identifier's.
	phoneQualified = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(?:(?:` + phoneWords + `)\b|telefonisch\p{L}*)(?:[ \t]+\p{L}[\p{L}'’\-]*){1,4}\.?[ \t]*:[^A-Za-z0-9]*$`)
	// numberWordEnd ends a label in the word for "number".
	numberWordEnd = regexp.MustCompile(`(?i)\b(?:no|nr|number|nummer|numero|número)\.?[ \t]*:[^A-Za-z0-9]*$`)
	// alsoLabel ends a text in which a phone label was followed by a
	// number and "or": "llame al +34 963 118 400 o al", "call 020 7946
	// 0958 or": the next number is a phone number too.
	// callOn is a call to a name and a number in a sentence: "appelez
	// immédiatement Card Stop au", "call our claims team on", "Sie
	// erreichen uns werktags unter", "Störungsstelle rund um die Uhr
	// unter", "ring oss på" (found from outside): a phone verb (or a
	// fault service's name), up to four words, a preposition.
	callOn    = regexp.MustCompile(`(?i)\b(?:call|ring|phone|contact|reach|reached|contacted|appelez|appeler|contactez|joindre|llame|llamar|chiamate|chiamare|bel|belt|anrufen|rufen sie|erreichen|erreichbar|st[öo]rungs(?:stelle|dienst)|ligue|liguem(?:-(?:me|nos))?|ligue-(?:me|nos))\b(?:[ \t]+[\p{L}'’&\-]+){0,4}[ \t]+(?:on|at|au|al|op|unter|ao|alle|sur le|under|para o|para|p[åa])[ \t]*$`)
	alsoLabel = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(?:` + phoneWords + `)\b[^\n]*?(?:\+?\d[\d ().\-]{6,}\d)\s*(?:or|o|ou|oder|of|y|and|en|und|et|lub|eller|/)\s*(?:al|au|at|on|op|unter|ao)?[^A-Za-z0-9]*$`)
	// contactName is a contact's label, what for, and name before the
	// number: "Supplier contact:  Rewi Tamatea, 06 879 4410", "Contacto
	// para entregas: Sr. Joaquim Mestre, 962 418 077" (found from outside).
	contactName = regexp.MustCompile(`(?i)\b(?:contact|kontakt|contacto|contatto|ansprechpartner(?:in)?|attn|attention|(?:relationship|account|case|client)\s+manager|adviser|advisor|claims?\s+handler)\b(?:[ \t]+(?-i:\p{Ll}[\p{L}'’\-]*)){0,3}(?:[ \t]*\([\p{L} '’\-]{1,24}\))?[ \t]*:?[ \t]*(?-i:\p{Lu}[\p{L}'’.\-]*)(?:[ \t]+(?-i:\p{Lu}[\p{L}'’.\-]*)){0,3}(?:[ \t]*\([\p{L} '’\-]{1,24}\))?[ \t]*[,–—]?[ \t]*$`)
	// emailThen is an e-mail address and a separator right before the
	// number: a contact's address and phone side by side, "hsalazar@
	// empacartnorte.mx | 81 1027 6634" (found from outside, sixty-fourth
	// trial, after a currency's label), or a word for "or", "lon@nyhavnkaj.dk
	// eller 33 14 52 90" (seventy-eighth trial).
	emailThen = regexp.MustCompile(`[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+(?:[ \t]*[|·•,;/]|[ \t]+(?i:or|eller|oder|ou|o|of|lub|tai|vagy|nebo|ali|ili|veya|atau))[ \t]*$`)
	// onFile is a phone word and "on file" or "on record": "Phone on
	// file: 857-312-4406" (found from outside).
	onFile = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(?:` + phoneWords + `)\b(?:[ \t]+(?:number|no\.?|nr\.?))?[ \t]+on (?:file|record)[ \t]*:?[ \t]*$`)
	// idLabel names an identifier that is not a phone number, in English
	// and in the languages whose national numbers phoneForm takes
	// without a label ("Factura 915 34 82 17", "Pedido nº …"), and a VAT
	// label with its country code ("BTW BE 0403.118.442"), a Swedish
	// Bankgiro or Plusgiro number ("BG 5050-1055 SKATTEVERKET", found from
	// outside, fifty-fifth trial). A registration's label may name its
	// registry's initials before the number: "Reg. MSP 0104-2011-118",
	// a doctor's registration with Ecuador's health ministry (found from
	// outside, sixty-ninth trial).
	idLabel = regexp.MustCompile(`(?i)(?:\b(?:reg|registro|registration|matr[íi]cula|colegiad[oa]|licen[cs]e)\b\.?[ \t]+(?-i:\p{Lu}{2,6})[^A-Za-z0-9]*$|(?:\b(?:factura|fatura|fattura|facture|rechnung|pedido|encomenda|ordine|commande|bestellung|referencia|refer[eê]ncia|riferimento|r[ée]f[ée]rence|referentie|kenmerk|cuenta|conta|conto|compte|konto|p[óo]liza|ap[óo]lice|polizza|expediente|nif|cif|dni|invoice|inv|order|ord|po|p\.o|ref|reference|account|acct|a/c|policy|claim|tracking|serial|sku|item|part|case|ticket|booking|confirmation|transaction|txn|id|iban|bic|swift|card|routing|sort code|vat|tax|ein|tin|ssn|licen[cs]e|passport|mrn|record|batch|lot|shipment|awb|container|contract|loan|file|receipt|trans|auth|approval|terminal|store|reg|register|no|nr|number|code|btw|tva|iva|mwst|moms|cg|c[ée]gjegyz[ée]k\p{L}*|krs|regon|hrb|hra|kvk|cvr|bce|kbo|ondernemingsn\p{L}*|entreprise|bankgiro|plusgiro|bg|pg|steuer-?(?:nummer|nr)(?:\s+(?:der|des)\s+\p{L}+)?)\b|\b(?:vat|btw|tva|iva|mwst|ust|moms)[^A-Za-z0-9\n]*(?-i:[A-Z]{2})\b|#|\bn[º°])[^A-Za-z0-9]*$)`)
)

// phones finds phone numbers (see phoneForm) that sit alone — no letter or
// digit stuck to them — and are not called an identifier by their label:
// "Invoice no. 415-555-0132" is not a phone number, "Tel. no. 415-555-0132"
// is. The label is the text left of the number on its line or, when the
// number starts its line, the end of the line above. A number broken by a
// line break counts only when it is international (+...) or labelled as a
// phone number. Spans overlapping taken (other findings) are left out.
func phones(lt *layout.Text, taken [][2]int) [][2]int {
	text := lt.String()
	var locs [][2]int
	for _, ch := range chains(text, true) {
		// A number is a line's whole chain of digit groups; only when that
		// is not one, the chain joined with the next line's.
		// found tries the runs ch[lo..hi] as one number; when they are one,
		// the segment up to ch[next] is done.
		found := func(lo, hi int, also func([2]int) bool) bool {
			s, ok := phoneAt(lt, ch[lo:hi+1])
			if !ok || (also != nil && !also(s)) {
				return false
			}
			if !overlaps(s, taken) {
				locs = append(locs, s)
			}
			return true
		}
		for i := 0; i < len(ch); i++ {
			if i > 0 && !ch[i].broken {
				continue
			}
			k := segmentEnd(ch, i)
			cut := cutShort(text, ch, i, k)
			switch {
			// A number the line's end cut short, its last groups on the
			// next line: "Tel: 01638 577⏎203" (found from outside,
			// hundred-and-twelfth trial), "Telefon: 0664 123⏎45 67"
			// (hundred-and-twenty-fourth) are one number, though the head
			// alone would pass for a short one.
			case cut > k && found(i, cut, nil):
				i = cut
				continue
			case found(i, k, nil):
			// What comes before an area code in parentheses is no part of
			// the number: "FL 34451 (352) 741-6620".
			case areaParen(text, ch, i, k) > i && found(areaParen(text, ch, i, k), k, func(s [2]int) bool { return typographic(text[s[0]:s[1]], nil, false) }):
			// A money amount one space after the number, as in a
			// statement's line "ZOOM.US 888-799-9666 15.99", is no part of it.
			case amountTail(text, ch[i:k+1]) > 0 && found(i, k-amountTail(text, ch[i:k+1]), nil):
			// Two numbers side by side, "Tel: +254 20 327 4400 0800 720
			// 418", or a number and the postcode of the place after it,
			// "Tél. 06 61 47 28 03 20250 Casablanca" (found from outside,
			// seventy-eighth trial): the chain parted where both parts are
			// numbers, or the first one and the rest a postcode.
			case k > i && splitChain(lt, ch[i:k+1], func(s [2]int) {
				if !overlaps(s, taken) {
					locs = append(locs, s)
				}
			}):
			// A postcode's last digit glued to its letters, a spaced dash
			// or a space, then the number: "Ontario M4G 3A8 - 416-555-0172"
			// (found from outside, seventy-sixth trial), "ON L4W 0A5
			// 1-888-602-4417" (eighty-fourth).
			case i < k && !cleanBefore(text, ch[i].start) && postcodeGap(text, ch[i].end, ch[i+1].start) && found(i+1, k, nil):
			// A US ZIP code after its state, a space, then the number:
			// "Naperville, IL 60567 1-800-555-0134" (found from outside,
			// ninety-seventh trial: a bank's head line).
			case i < k && usZip(text, ch[i]) && text[ch[i].end:ch[i+1].start] == " " && found(i+1, k, nil):
			case k+1 < len(ch):
				if m := segmentEnd(ch, k+1); found(i, m, nil) {
					i = m
				}
				continue
			}
			i = k
		}
	}
	for _, m := range transferPhone.FindAllStringSubmatchIndex(text, -1) {
		s := [2]int{m[2], m[3]}
		if m[2] < 0 {
			s = [2]int{m[4], m[5]}
		}
		if !overlaps(s, taken) && !overlaps(s, locs) && mobileTransfer.MatchString(lt.LineText(lt.LineAt(s[0]))) {
			locs = append(locs, s)
		}
	}
	return locs
}

// A mobile money or instant transfer's line in a statement names the
// other party by the mobile number, written without a plus or spaces:
// "MPESA B2C TRANSFER 254712906338 JOHN OTIENO", "IMPS/P2A/604018220117/
// 9845012233/RAMESH K" (found from outside). transferPhone is a Kenyan
// mobile in international form or an Indian one between slashes;
// mobileTransfer names such a transfer on the line.
var (
	transferPhone  = regexp.MustCompile(`(?:^|[^\d])(254[17]\d{8})(?:[^\d]|$)|/([6-9]\d{9})/`)
	mobileTransfer = regexp.MustCompile(`(?i)\b(?:m-?pesa|b2c|imps|upi|p2a|p2p|airtel\s+money|mobile\s+money)\b`)
)

// cutShort returns the last run of the next line's chain when the runs
// ch[i..k], a line's chain of digit groups after a trunk 0, are no whole
// national number (phoneForm) and, with that chain of two to four digits
// ("203", "45 67"), are one; else k. A group of four before a place's
// name is its postcode ("1010 Wien").
func cutShort(text string, ch []run, i, k int) int {
	if k+1 >= len(ch) || !ch[k+1].broken || text[ch[i].start] != '0' {
		return k
	}
	m := segmentEnd(ch, k+1)
	n := 0
	for _, r := range ch[k+1 : m+1] {
		n += r.end - r.start
	}
	if n < 2 || n > 4 || placeAfter.MatchString(text[ch[m].end:]) {
		return k
	}
	g := make([]string, 0, m-i+1)
	for _, r := range ch[i : m+1] {
		g = append(g, text[r.start:r.end])
	}
	if phoneForm(g[:k-i+1], false, false) || !phoneForm(g, false, false) {
		return k
	}
	return m
}

// areaParen returns the first run of ch[i+1..k] that is an area code in
// parentheses after a space, or i when there is none.
func areaParen(text string, ch []run, i, k int) int {
	for j := i + 1; j <= k; j++ {
		if r := ch[j]; !r.broken && r.start >= 2 && text[r.start-2:r.start] == " (" && r.end < len(text) && text[r.end] == ')' {
			return j
		}
	}
	return i
}

// amountTail returns how many runs at the end of rs begin a money amount
// joined to the runs before by one space — "15.99", "1,204.50" (which may
// go on past rs) — or 0 when they do not.
func amountTail(text string, rs []run) int {
	for j := len(rs) - 1; j >= 1; j-- {
		if text[rs[j-1].end:rs[j].start] != " " || rs[j].broken {
			continue
		}
		if m := amountRe.FindStringIndex(text[rs[j].start:]); m != nil && rs[j].start+m[1] >= rs[len(rs)-1].end {
			return len(rs) - j
		}
	}
	return 0
}

// amountRe is a money amount with cents at the start of a text.
var amountRe = regexp.MustCompile(`^\d{1,3}(?:[,.]\d{3})*[.,]\d{2}(?:[^\d.,]|$)`)

// orGlued is the word "or" glued by a dash to the end of a number, where
// OCR read the space before it as one: "tel. 81 532 14 70-lub kom. +48
// …" (found from outside; Polish "lub" is "or").
var orGlued = regexp.MustCompile(`^-(?:lub|or|oder|ou|eller)(?:[ \t,;]|$)`)

// caseSuffix is a Hungarian case ending glued by a dash to a number and
// the phone word it qualifies: "+36 1 329 4417-es telefonszámon", "06 30
// 218 7745-ös számon" (found from outside).
var caseSuffix = regexp.MustCompile(`^-\p{Ll}{1,4}[ \t]+(?i:telefon|sz[áa]m|mobil)`)

// phoneWord finds a phone label anywhere in a label text.
// Turkish "Cep" (a mobile) says so of a number a line break parts (found
// from outside, hundred-and-twenty-sixth trial: "Cep: 0532 417⏎86 09");
// it is no label otherwise, Brazil's postcode being a CEP too.
var phoneWord = regexp.MustCompile(`(?i)\b(?:tel|telephone|phone|mobile|mob|cell|fax|call|contact|hotline|helpline|whatsapp|cep)\b`)

// typographic reports whether a number is written the way only phone
// numbers are: after "+", with its area code in parentheses, or as a
// toll-free 1-8xx number.
func typographic(s string, g []string, plus bool) bool {
	if plus || strings.HasPrefix(s, "(") || strings.Contains(s, ") ") {
		return true
	}
	return len(g) == 4 && g[0] == "1" && g[1][0] == '8' && g[1][1] == g[1][2]
}

// timePart reports whether r is joined to other digits by a colon, as a
// time's hours, minutes and seconds are ("19:14", "00:22:05"); a label's
// colon ("Tel:020") has no digit before it.
func timePart(text string, r run) bool {
	return r.start >= 2 && text[r.start-1] == ':' && isDigit(text[r.start-2]) ||
		r.end+1 < len(text) && text[r.end] == ':' && isDigit(text[r.end+1])
}

// segmentEnd returns the last run of ch joined to ch[i] on its line.
func segmentEnd(ch []run, i int) int {
	k := i
	for k+1 < len(ch) && !ch[k+1].broken {
		k++
	}
	return k
}

// phoneAt reports whether the runs rs are one phone number, and its span.
func phoneAt(lt *layout.Text, rs []run) ([2]int, bool) {
	text := lt.String()
	start, end := rs[0].start, rs[len(rs)-1].end
	plus := false
	if start > 0 && text[start-1] == '(' {
		start--
	}
	if start > 0 && text[start-1] == '+' {
		start--
		plus = true
	} else if start > 1 && text[start-2:start] == "+ " && !digitBefore(text, start-2) {
		// OCR's space after the plus, "+ 385 98 447 2163" (found from
		// outside); not a sum's, "120 + 385".
		start -= 2
		plus = true
	}
	if plus && start > 0 && text[start-1] == '(' {
		start-- // the calling code in parentheses with its plus, "(+351) 912 345 678"
	}
	// A closing parenthesis is the number's when it opened one ("(+351)
	// 912 …", "(01) 555 0147"), not when the number ends a parenthesis
	// of the sentence's, "(Bryce Tonkin, 03 365 2201)".
	if end < len(text) && text[end] == ')' && strings.Count(text[start:end], "(") > strings.Count(text[start:end], ")") {
		end++
	}
	if !plus && start > 0 && text[start-1] == '-' && (start == 1 || strings.ContainsRune(" \t\n", rune(text[start-2]))) {
		// A minus sign: a statement's debit, "-1890 272 888" (found
		// from outside: a fee and a balance read as an Irish number).
		return [2]int{}, false
	}
	if !cleanBefore(text, start) || (!cleanAfter(text, end) && !orGlued.MatchString(text[end:]) && !caseSuffix.MatchString(text[end:])) {
		return [2]int{}, false
	}
	if !plus && leadingDate(text, rs) {
		return [2]int{}, false
	}
	groups := make([]string, len(rs))
	broken := false
	for k, r := range rs {
		groups[k] = text[r.start:r.end]
		broken = broken || (k > 0 && r.broken)
	}
	// A slash parts only an area code (chains): such a number is taken
	// under a phone label, never for its form alone ("Steuernummer
	// 06454/12345" is a tax number).
	slashed := len(rs) > 1 && strings.Contains(text[rs[0].end:rs[1].start], "/")
	form := !slashed && (phoneForm(groups, plus, text[start] == '(') || brazilianShape(text, start, groups) || zerosForFixedPlus(groups))
	if form && !plus && (belgianZoneOfThree(groups) || indianMobile(groups)) && strings.Contains(text[rs[0].end:rs[1].start], "-") {
		form = false
	}
	// A national number's shapes (trunkless) are no international one's:
	// after a "+" the first group is a calling code.
	if !form && (plus || !trunkless(groups)) && !areaCode(text, rs) && !plusReadAsFour(groups) && !zerosForPlus(groups) && !nanpShape(groups) && !codeInParens(text, rs) && !digitRun(groups, plus) {
		return [2]int{}, false
	}
	label := labelBefore(lt, start)
	p, id := lastMatchEnd(phoneLabel, label), lastMatchEnd(idLabel, label)
	if p < 0 && id >= 0 && phoneQualified.MatchString(label) && numberWordEnd.MatchString(label) {
		p, id = len(label), -1
	}
	if p < 0 && id < 0 && (alsoLabel.MatchString(lt.LeftOf(start)) || phoneQualified.MatchString(label) || callOn.MatchString(label) || contactName.MatchString(label) || emailThen.MatchString(label)) {
		p = len(label)
	}
	if phoneForThe.MatchString(label) {
		// "Registered telephone for this account:": the account word
		// says whose phone it is, not what the number is (found from
		// outside).
		p, id = len(label), -1
	}
	if p < 0 && onFile.MatchString(label) {
		// "Phone on file:" names a phone number, whatever "file" says.
		p, id = len(label), -1
	}
	if p < 0 && id < 0 && productAfterID.MatchString(label) {
		// A policy's or a contract's number after its product's name:
		// "Póliza: HOGAR PLUS 0912-334455" (found from outside,
		// forty-fifth trial).
		id = len(label)
	}
	if p < 0 && id < 0 {
		// No label on the line: the header of the table column, if any.
		if h, _, ok := lt.HeaderAbove(start, end); ok {
			p, id = lastMatchEnd(phoneLabel, h.Text), lastMatchEnd(idLabel, h.Text)
		}
	}
	if p < 0 && enterpriseNumber.MatchString(text[start:end]) {
		// Belgium's company number, "0421.776.384", whatever label
		// (found from outside: "BCE", "Ondernemingsnr. leverancier").
		return [2]int{}, false
	}
	if !form && (p < 0 || id > p) {
		// Nine digits without a trunk, or an area code and a number of any
		// length, are many things besides a phone number (a company's
		// SIREN, an account): only a phone label says.
		return [2]int{}, false
	}
	// Phone typography — "+", an area code in parentheses, a toll-free
	// 1-8xx — outweighs a label ("Lost or stolen card: 1-800-555-0128");
	// plain digit groups are what an identifier label can claim.
	if id > p && !typographic(text[start:end], groups, plus) {
		return [2]int{}, false
	}
	if broken && !plus && p < 0 && !phoneWord.MatchString(label) {
		return [2]int{}, false
	}
	return [2]int{start, end}, true
}

// splitChain finds, in a chain of digit groups that is no number whole,
// its longest head that is a phone number (phoneAt) with a tail that is
// one too, or a lone group of four or five digits before a capitalised
// word (a postcode and its place), and adds the numbers it found.
func splitChain(lt *layout.Text, ch []run, add func([2]int)) bool {
	text := lt.String()
	for j := len(ch) - 2; j >= 0; j-- {
		head, ok := phoneAt(lt, ch[:j+1])
		if !ok {
			continue
		}
		if tail, ok := phoneAt(lt, ch[j+1:]); ok {
			add(head)
			add(tail)
			return true
		}
		if j == len(ch)-2 {
			last := ch[len(ch)-1]
			if n := last.end - last.start; (n == 4 || n == 5) && placeAfter.MatchString(text[last.end:]) {
				add(head)
				return true
			}
		}
	}
	return false
}

// placeAfter is a place's name after a postcode.
var placeAfter = regexp.MustCompile(`^[ \t]+\p{Lu}\p{Ll}`)

// belgianZoneOfThree reports whether g is a Belgian landline of a
// three-digit zone and three pairs, "081 30 44 19". Written with a dash
// after the zone it is a file's reference as much ("Az. 063-12 44 80"),
// and taken only under a phone's label (phoneAt).
func belgianZoneOfThree(g []string) bool {
	return len(g) == 4 && len(g[0]) == 3 && g[0][0] == '0' && g[0][1] != '0' && len(g[1]) == 2 && len(g[2]) == 2 && len(g[3]) == 2
}

// digitRun reports whether groups are one run of 10 or 11 digits, as a
// form's field holds a phone number: "Mobile: 9840217635" (found from
// outside, forty-seventh trial: an Indian mobile on an e-Aadhaar letter).
// Taken only under a phone label, like every shape that is not a
// phone's own.
func digitRun(groups []string, plus bool) bool {
	return !plus && len(groups) == 1 && len(groups[0]) >= 10 && len(groups[0]) <= 11
}

// productAfterID is a policy's or a contract's label, its colon and a
// product's name in capitals, up to three words, before the number.
var productAfterID = regexp.MustCompile(`(?i)\b(?:p[óo]liza|ap[óo]lice|polizza|policy|police|contrato|contract|vertrag|contratto|contrat)\b[ \t]*(?:n[º°.]*|no\.?|nr\.?|#)?[ \t]*:[ \t]*(?-i:\p{Lu}[\p{Lu}\p{N}&-]*)(?:[ \t]+(?-i:\p{Lu}[\p{Lu}\p{N}&-]*)){0,2}[ \t]*$`)

// phoneForThe ends a phone label that names whose number it is with an
// identifier's word: "telephone for this account", "mobile number on the
// policy".
var phoneForThe = regexp.MustCompile(`(?i)\b(?:phone|telephone|tel|mobile|cell|contact number)\b(?:\s+number)?\s+(?:for|on|of)\s+(?:this|the|your|our)\s+(?:account|policy|card|claim|order|contract|booking)\s*:?[^A-Za-z0-9]*$`)

// enterpriseNumber is a Belgian company's number as it is written, ten
// digits in 4.3.3 with points, which a phone number under no phone label
// is not.
var enterpriseNumber = regexp.MustCompile(`^[01]\d{3}\.\d{3}\.\d{3}$`)

// plusReadAsFour reports whether groups are an international number
// whose "+" OCR read as a 4: "Telefon: 436 30 418 2297" for +36 30 418
// 2297 (found from outside). Such a number is taken only under a phone
// label, as every number without a form of its own.
func plusReadAsFour(groups []string) bool {
	if len(groups) < 2 || len(groups[0]) < 2 || groups[0][0] != '4' {
		return false
	}
	return phoneForm(append([]string{groups[0][1:]}, groups[1:]...), true, false)
}

// brazilianShape reports whether groups are a Brazilian number as it is
// written, its two-digit area code in parentheses, four or five digits,
// a hyphen and four: "(11) 3284-5521", "(21) 98734-2210" (found from
// outside: a clinic's number at the end of its address line).
func brazilianShape(text string, start int, g []string) bool {
	if len(g) != 3 || text[start] != '(' || len(g[0]) != 2 || g[0][0] == '0' || (len(g[1]) != 4 && len(g[1]) != 5) || len(g[2]) != 4 {
		return false
	}
	i := strings.Index(text[start:], g[1])
	return i > 0 && strings.HasPrefix(text[start+i+len(g[1]):], "-"+g[2])
}

// codeInParens reports whether the runs are an international number
// whose calling code stands in parentheses for the "+": "(852) 2345
// 6789", "(65) 6123 4567". An area code is written so too: such a number
// is taken only under a phone label.
func codeInParens(text string, rs []run) bool {
	r := rs[0]
	if len(rs) < 2 || r.start == 0 || text[r.start-1] != '(' || r.end >= len(text) || text[r.end] != ')' {
		return false
	}
	groups := make([]string, len(rs))
	for k, x := range rs {
		groups[k] = text[x.start:x.end]
	}
	return phoneForm(groups, true, false)
}

// zerosForPlus reports whether groups are an international number dialled
// with 00 for the "+": "0049 30 1234567", "0049 (0)30 1234567", "00 33 1
// 42 68 53 00". An account or a reference may start with 00 too: such a
// number is taken only under a phone label, unless zerosForFixedPlus.
func zerosForPlus(groups []string) bool {
	if !strings.HasPrefix(groups[0], "00") {
		return false
	}
	rest := slices.Clone(groups)
	if rest[0] = rest[0][2:]; rest[0] == "" {
		rest = rest[1:]
	}
	return len(rest) > 1 && rest[0] != "" && phoneForm(rest, true, false)
}

// zerosForFixedPlus reports whether groups are zerosForPlus's and the
// digits after the 00 are as many as the fewest its country's numbers
// have where that is fixed (fixedE164), in groups of two digits or more:
// "0031 20 764 3819", as typographic as its "+31" (found from outside,
// hundred-and-twenty-sixth trial: "vanuit het buitenland 0031 20 764
// 3819" under no label).
func zerosForFixedPlus(groups []string) bool {
	if !zerosForPlus(groups) {
		return false
	}
	if slices.ContainsFunc(groups[1:], func(g string) bool { return len(g) < 2 }) {
		return false // a card's number, "0048 7712 3304 9"
	}
	d := strings.Join(groups, "")[2:]
	n := e164Digits(d)
	return n > 0 && len(d) == n
}

// nanpShape reports whether groups are ten digits as North America writes
// them, 3-3-4, whatever their first digits: "(555) 123-4567", a made-up
// number a sample or a form holds, whose exchange no real number starts
// with 1 (phoneForm's North American form wants one). Under a phone label
// only.
func nanpShape(groups []string) bool {
	return len(groups) == 3 && len(groups[0]) == 3 && len(groups[1]) == 3 && len(groups[2]) == 4
}

// digitBefore reports whether a digit ends text[:i], spaces aside.
func digitBefore(text string, i int) bool {
	j := i - 1
	for j >= 0 && text[j] == ' ' {
		j--
	}
	return j >= 0 && isDigit(text[j])
}

// labelBefore returns the text a label of the value at off would be in:
// the line's text left of it, or the end of the line above when nothing
// but punctuation is left of it.
func labelBefore(lt *layout.Text, off int) string {
	left := lt.LeftOf(off)
	if strings.Trim(left, " \t:.-–—|*") == "" {
		above, ok := lt.LineAbove(off)
		if !ok {
			return left
		}
		left = above + " " + left
	}
	// A form's label may stand far left of its value: the run of spaces
	// between them counts as one (found from outside: "IRD number" fifty
	// spaces left of its number was cut off).
	if t := strings.TrimRight(left, " \t"); len(left)-len(t) > 1 {
		left = t + " "
	}
	return layout.Tail(left, labelReach)
}

// labelReach is how far left of a value its label may start, in bytes.
const labelReach = 48

// lastMatchEnd returns where re's match in s starts, or -1. The label
// patterns are anchored at the end of s, so at most one matches; the later
// its start, the nearer the label is to the value.
func lastMatchEnd(re *regexp.Regexp, s string) int {
	loc := re.FindStringIndex(s)
	if loc == nil {
		return -1
	}
	// The nearer label wins: the one whose last word starts later.
	return loc[0] + len(strings.TrimRight(s[loc[0]:], " \t:.-–—|*#()"))
}

// trunkless reports whether digit groups are a national number of a
// country without a trunk prefix, nine digits from 2 to 9 as Spain and
// Portugal write them: "915 123 456", "91 123 45 67", "612 34 56 78",
// "21 886 4420". On
// its own the shape says nothing; phoneAt takes it only under a phone
// label.
func trunkless(g []string) bool {
	var shape []int
	for _, s := range g {
		shape = append(shape, len(s))
	}
	if len(g) == 3 && len(g[0]) == 2 && g[0][0] != '0' && (len(g[1]) == 4 || len(g[1]) == 5) && len(g[2]) == 4 {
		// Brazil's two-digit area code and eight or nine digits, "(11)
		// 98734-2210" (found from outside).
		return true
	}
	if g[0][0] < '2' {
		// Poland's area codes 12 to 18 ("tel. 14 621 38 70", found
		// from outside): nine digits after two.
		return len(g[0]) == 2 && g[0][0] == '1' && g[0][1] >= '2' && len(g) >= 3 && len(g) <= 4 && digitCount(g) == 9 ||
			// Australia's six-digit "13 28 61".
			g[0] == "13" && slices.Equal(shape, []int{2, 2, 2})
	}
	if g[0] == "8" {
		// Lithuania's trunk 8 before eight digits, "Mob. 8 612 34 587",
		// and Russia's and Belarus's before ten (found from outside).
		return len(g) >= 2 && (digitCount(g) == 9 || digitCount(g) == 11)
	}
	if digitCount(g) == 10 && (g[0][0] == '2' || strings.HasPrefix(g[0], "69")) && len(g) >= 2 && len(g) <= 4 && !slices.ContainsFunc(g, func(s string) bool { return len(s) < 2 }) {
		// Greece's ten digits, from 2 for a landline and 69 for a
		// mobile, in any grouping: "210 6438 215", "2310 447 918"
		// (found from outside).
		return true
	}
	return slices.Equal(shape, []int{3, 3, 3}) || slices.Equal(shape, []int{2, 3, 2, 2}) || slices.Equal(shape, []int{3, 2, 2, 2}) ||
		slices.Equal(shape, []int{2, 3, 4}) ||
		// Nine digits as 3 and 6, as OCR regrouped "239 826 115" (found
		// from outside).
		slices.Equal(shape, []int{3, 6}) ||
		// Denmark's and Norway's eight digits, "33 12 34 56"; Italy's
		// mobiles, "347 123 4567" (found from outside).
		slices.Equal(shape, []int{2, 2, 2, 2}) || slices.Equal(shape, []int{3, 3, 4}) && g[0][0] == '3' ||
		// Norway's mobiles, eight digits from 4 or 9 in 3-2-3: "917 40
		// 285" (found from outside).
		slices.Equal(shape, []int{3, 2, 3}) && (g[0][0] == '4' || g[0][0] == '9') ||
		// Iceland's seven digits in 3-4, "Sími 442 1000", and a local
		// number's elsewhere (found from outside).
		slices.Equal(shape, []int{3, 4}) ||
		// Estonia's seven-digit landlines, "helistage 6 310 310", "6310
		// 310", and a number of seven or eight digits written whole,
		// "Telefon 6310310" (found from outside).
		slices.Equal(shape, []int{1, 3, 3}) || slices.Equal(shape, []int{4, 3}) ||
		// Slovenia's free-call and premium numbers, "080 21 44" (found
		// from outside, sixty-fifth trial).
		slices.Equal(shape, []int{3, 2, 2}) && g[0][0] == '0' ||
		// Six digits in pairs: Australia's "13 28 61", the Faroes' "21 84
		// 37"; Norway's free-call "800 80 000" (found from outside).
		slices.Equal(shape, []int{2, 2, 2}) || slices.Equal(shape, []int{3, 2, 3}) && g[0][0] == '8' ||
		len(g) == 1 && (len(g[0]) == 7 || len(g[0]) == 8) ||
		// Eight digits in fours: Singapore's "Mobile 9173 4408", and
		// Denmark's and Norway's "Tlf. 3312 3456"; in 2-3-3, a Danish
		// service number, "Ring 70 123 456" (found from outside).
		slices.Equal(shape, []int{4, 4}) || slices.Equal(shape, []int{2, 3, 3}) ||
		// India's mobiles, ten digits from 6 to 9 in fives: "CUST MOB:
		// 98450 31276" on a fuel receipt (found from outside), or in 4-3-3
		// as Delhi writes them, "Mobile: 9810 447 215" (forty-second
		// trial).
		(slices.Equal(shape, []int{5, 5}) || slices.Equal(shape, []int{4, 3, 3})) && g[0][0] >= '6' ||
		// Poland's nine digits after a two-digit area code, as a
		// company may group them: "61 81 1 9999" (found from outside).
		len(g[0]) == 2 && len(g) >= 3 && len(g) <= 4 && digitCount(g) == 9
}

// digitCount returns how many digits the groups g hold.
func digitCount(g []string) int {
	n := 0
	for _, s := range g {
		n += len(s)
	}
	return n
}

// areaCode reports whether the runs rs are a national number written as
// an area code with its trunk 0 and a subscriber number of any length, as
// Germany and Austria write them, in one to three groups, with an
// extension after a dash, the area code parted by a space or a slash:
// "07361 5560-214", "030 1234567", "089 123456-0", "0761/12345-0",
// "0761 3829 4410", "06221 489 2031", "0761 270-34010", "036450 318 20",
// and as Sweden writes them, "08-640 12 34" (found from outside). The
// area code is 2 to 6 digits (its trunk 0 included), the subscriber number's first group 3 to 8 and the others
// 2 to 8, the extension 1 to 5 (a large switchboard's), 7 to 14 digits in
// all (a Finnish service number, "puh. 030 6000", found from outside,
// ninety-third trial). The subscriber number may also be written in pairs (see
// pairedSubscriber). On its own the shape says nothing; phoneAt takes it
// only under a phone label.
func areaCode(text string, rs []run) bool {
	if len(rs) < 2 || len(rs) > 6 {
		return false
	}
	g := func(i int) string { return text[rs[i].start:rs[i].end] }
	area, sub := g(0), g(1)
	if len(area) < 2 || len(area) > 6 || area[0] != '0' || area[1] == '0' {
		return false
	}
	if pairedSubscriber(text, rs) {
		return true
	}
	// The subscriber number's first group is 3 to 8 digits, or 2 when
	// two more follow: "0221 58 491 300" (found from outside).
	if len(rs) > 4 || len(sub) < 2 || len(sub) == 2 && len(rs) < 4 || len(sub) > 8 {
		return false
	}
	digits := len(area) + len(sub)
	for i := 2; i < len(rs); i++ {
		s := g(i)
		if i == len(rs)-1 && strings.TrimSpace(text[rs[i-1].end:rs[i].start]) == "-" {
			if len(s) > 5 {
				return false
			}
		} else if i == len(rs)-1 && i >= 3 && len(s) == 1 && len(area) >= 3 {
			// A switchboard's one-digit extension after a space, "05971
			// 80 44 0" (found from outside), after two groups at least.
		} else if len(s) < 2 || len(s) > 8 {
			return false
		}
		digits += len(s)
	}
	return digits >= 7 && digits <= 14
}

// postcodeGap reports whether text[end:next], after a run of digits
// glued to letters, parts a postcode from the number after it: a dash
// with a space before it, or a space after a Canadian postcode ("L4W
// 0A5"); a tracking number's groups, "1Z 999 AA1 01 2345 6784", are
// not.
func postcodeGap(text string, end, next int) bool {
	sep := text[end:next]
	t := strings.TrimSpace(sep)
	if sep == "" || sep[0] != ' ' {
		return false
	}
	return t == "-" || t == "" && canadianPostcodeEnd.MatchString(text[max(0, end-7):end])
}

// canadianPostcodeEnd is a Canadian postcode ending the text.
var canadianPostcodeEnd = regexp.MustCompile(`\b[A-Z]\d[A-Z] ?\d[A-Z]\d$`)

// usZip reports whether r is five digits after a US state's or
// territory's postal abbreviation and a space.
func usZip(text string, r run) bool {
	return r.end-r.start == 5 && usStateEnd.MatchString(text[max(0, r.start-4):r.start])
}

// usStateEnd is a US state's, the capital's or a territory's postal
// abbreviation and a space ending the text.
var usStateEnd = regexp.MustCompile(`\b(?:A[KLRSZ]|C[AOT]|D[CE]|FL|G[AU]|HI|I[ADLN]|K[SY]|LA|M[ADEINOPST]|N[CDEHJMVY]|O[HKR]|P[AR]|RI|S[CD]|T[NX]|UT|V[AIT]|W[AIVY]) $`)

// leadingDate reports whether the runs rs start with a date, day, month
// and a four-digit year parted by the same point, slash or dash: a
// statement's date before its opening balance, "k 01.10.2026 412 880,15",
// is no number with a trunk 0 (found from outside, eighty-third trial).
func leadingDate(text string, rs []run) bool {
	if len(rs) < 3 || rs[0].end-rs[0].start > 2 || rs[1].end-rs[1].start > 2 || rs[2].end-rs[2].start != 4 {
		return false
	}
	sep := text[rs[0].end:rs[1].start]
	if len(sep) != 1 || !strings.Contains("./-", sep) || text[rs[1].end:rs[2].start] != sep {
		return false
	}
	return dayAndMonth(atoi(text[rs[0].start:rs[0].end]), atoi(text[rs[1].start:rs[1].end]))
}

// pairedSubscriber reports whether the runs rs after an area code are a
// subscriber number written in three or four pairs, parted by spaces,
// with an optional extension of 1 to 3 digits after a dash, as Germany
// and Sweden write them (found from outside): "0911 32 44 18-0",
// "0911 32 44 18-12", "063-12 44 80". A date ("01.02.2024", "05 07
// 1993") has no three pairs.
func pairedSubscriber(text string, rs []run) bool {
	n := len(rs) - 1
	if n >= 2 && text[rs[n-1].end:rs[n].start] == "-" && rs[n].end-rs[n].start <= 3 {
		n-- // the extension
	}
	if n < 3 || n > 4 {
		return false
	}
	for i := 1; i <= n; i++ {
		if rs[i].end-rs[i].start != 2 || (i > 1 && text[rs[i-1].end:rs[i].start] != " ") {
			return false
		}
	}
	return true
}

// fixedE164 are the digits, calling code included, of a whole number in
// the countries whose numbers all have the same length: fewer is a number
// cut short, by a line break (found from outside: a Polish "+48 601 772"
// whose "418" was on the next line was taken without it).
var fixedE164 = map[string]int{"1": 11, "7": 11, "27": 11, "30": 12, "31": 11, "32": 10, "33": 11, "34": 11,
	"40": 11, "44": 11, "45": 10, "47": 10, "48": 11, "351": 12, "41": 11, "420": 12, "421": 12, "52": 12, "55": 12, "61": 11,
	"65": 10, "90": 12, "91": 12}

// e164Digits returns the fewest digits a number of d's calling code has,
// or 0 when the code's numbers vary in length or it is not in fixedE164.
func e164Digits(d string) int {
	for n := 1; n <= 3 && n <= len(d); n++ {
		if l, ok := fixedE164[d[:n]]; ok {
			return l
		}
	}
	return 0
}

// phoneForm reports whether digit groups are a phone number:
//
//   - international, after "+": 8 to 15 digits (E.164), as many as its
//     country's numbers have where that is fixed (fixedE164), the country
//     code not starting with 0, any grouping ("+14155550123", "+44 20 7946 0958",
//     "+44 (0)20 7946 0958");
//   - North American with the trunk 1: 1-NXX-NXX-XXXX ("1-800-555-0146",
//     "1 (800) 555-0146");
//   - Australian 1300 and 1800 numbers: "1300 418 226", "1300 88 6188",
//     "1300 65 88 22";
//   - Indian mobiles, 5-5 from 6 to 9: "98110 47263";
//   - North American: NXX NXX XXXX ("(415) 555-0132", "415.555.0132");
//   - Spanish, without a trunk, in groups of 3-2-2-2 with the first
//     digit 6 to 9 ("915 34 82 17", "612 34 56 78", and Italy's toll-free
//     "800 12 34 56"): no amount, date, postcode or reference is written
//     so, unlike the 3-3-3 form, which trunkless leaves to a label;
//   - free-call 0800 and 0808 numbers of 9 to 11 digits ("0800 94 112");
//   - national with a trunk 0: 10 or 11 digits in 2 to 5 groups of at
//     least two, the first of 2 to 5 digits ("020 7946 0958",
//     "07700 900123", "01 23 45 67 89"); 9 digits with the area code in
//     parentheses ("(01) 555 0147").
func phoneForm(g []string, plus, paren bool) bool {
	digits := 0
	for _, s := range g {
		digits += len(s)
	}
	nxx := func(s string) bool { return len(s) == 3 && s[0] >= '2' }
	switch {
	case plus:
		return digits >= max(8, e164Digits(strings.Join(g, ""))) && digits <= 15 && g[0][0] != '0'
	case len(g) == 4 && g[0] == "1":
		return nxx(g[1]) && nxx(g[2]) && len(g[3]) == 4
	case len(g) == 4 && (g[0] == "1890" || g[0] == "1850" || g[0] == "1800" || g[0] == "1300") && len(g[1]) == 2 && len(g[2]) == 2 && len(g[3]) == 2:
		// Ireland's LoCall and free-call numbers, "1890 24 24 24" (found
		// from outside, sixty-fourth trial), and Australia's so written,
		// "1300 65 88 22" (hundred-and-eighth).
		return true
	case len(g) == 4 && len(g[0]) == 2 && g[0][0] == '0' && g[0][1] != '0' && len(g[1]) == 3 && len(g[2]) == 2 && len(g[3]) == 2:
		// Belgium's landlines, nine digits as "03 218 44 90" (found from
		// outside, sixty-fourth trial), a grouping no other number takes.
		return true
	case len(g) == 4 && g[0] == "0" && len(g[1]) == 3 && g[1][0] == '8' && len(g[2]) == 3 && len(g[3]) == 3:
		// France's free and shared-cost numbers as they are printed, "0
		// 809 401 401", "0 800 123 456" (found from outside, ninety-fifth
		// trial, on a tax notice).
		return true
	case len(g) >= 2 && (g[0] == "0800" || g[0] == "0808") && digits >= 9 && digits <= 11:
		// Free-call numbers of nine or ten digits, Finland's "0800 94 112"
		// (found from outside, hundred-and-eighteenth trial), Germany's
		// and Austria's "0800 100 2000".
		return true
	case belgianZoneOfThree(g):
		// And those of a three-digit zone, "081 30 44 19" after a
		// banker's name (found from outside, seventy-seventh trial).
		return true
	case len(g) == 3 && (g[0] == "1300" || g[0] == "1800" || g[0] == "1890" || g[0] == "1850"):
		// Australia's local-rate and free-call numbers: "1300 418 226"
		// (found from outside); India's free-call, "1800 202 6161";
		// Ireland's in 4-3-3, "1890 724 724" (seventy-sixth trial);
		// Australia's in 4-2-4 too, "1300 88 6188" (eighty-seventh).
		return len(g[1]) == 3 && (len(g[2]) == 3 || g[0] == "1800" && len(g[2]) == 4) || len(g[1]) == 2 && len(g[2]) == 4 && (g[0] == "1300" || g[0] == "1800")
	case indianMobile(g):
		// An Indian mobile as India writes it, 5-5 from 6 to 9, "98110
		// 47263" after a storekeeper's name (found from outside,
		// eighty-eighth trial): no amount, date or reference is so
		// grouped (a Kenyan post office box and its postcode,
		// "84217-80100", is dashed: see phoneAt).
		return true
	case len(g) == 2 && digits == 10 && (strings.HasPrefix(g[0], "1300") || strings.HasPrefix(g[0], "1800")) && len(g[0]) > 4 && len(g[1]) >= 3:
		// The same with a space OCR closed up, "1300733 226" (found from
		// outside, seventy-sixth trial).
		return true
	case len(g) == 3 && nxx(g[0]):
		return nxx(g[1]) && len(g[2]) == 4
	case len(g) == 4 && len(g[0]) == 3 && g[0][0] >= '6':
		return len(g[1]) == 2 && len(g[2]) == 2 && len(g[3]) == 2
	case germanMobile.MatchString(g[0]) && len(g) <= 3 && digits >= 11 && digits <= 12:
		// A German mobile: 015x, 016x, 017x and seven or eight digits
		// ("0176 23456789", found from outside), a length no landline
		// below has.
		return true
	case indonesianMobile.MatchString(g[0]) && len(g) >= 2 && len(g) <= 4 && digits >= 11 && digits <= 13:
		// An Indonesian mobile: 08xx and seven to nine digits,
		// "0812-9044-3178" (found from outside), longer than the
		// landlines below.
		return true
	case len(g) == 3 && nzMobile.MatchString(g[0]) && len(g[1]) == 3 && len(g[2]) == 3:
		// A New Zealand mobile of nine digits, "021 448 905" after a
		// customer's name (found from outside, sixty-ninth trial): its
		// prefix and grouping are no landline's (Brussels' nine digits
		// are "02 218 44 90").
		return true
	case len(g) == 3 && len(g[0]) == 2 && g[0][0] == '0' && g[0][1] != '0' && len(g[1]) == 3 && len(g[2]) == 4:
		// A landline of a one-digit area in New Zealand, Ireland or
		// Israel, nine digits as "03 365 2201" (found from outside,
		// eighty-third trial: in parentheses after a lawyer's name, and
		// alone under a signature), a grouping no sum, date or reference
		// takes.
		return true
	case len(g) == 3 && mexicanArea[g[0]] && len(g[1]) == 4 && len(g[2]) == 4:
		// A number in Mexico City, Guadalajara or Monterrey, ten digits
		// as "55 4128 9930" after an emergency contact's name (found from
		// outside, seventy-fourth trial).
		return true
	case len(g) >= 3 && g[0] == "0" && len(g[1]) == 3 && g[1][0] != '0' && digits == 11:
		// Turkey's trunk 0 written apart before ten digits, "Tel: 0 216
		// 555 48 91", "0 (532) 123 45 67" (found from outside,
		// sixty-third trial).
		return !slices.ContainsFunc(g[2:], func(s string) bool { return len(s) < 2 })
	case g[0][0] == '0' && len(g[0]) >= 2 && g[0][1] != '0':
		// Nine digits only with the area code in parentheses: "(01) 555 0147".
		if digits < 9 || (digits == 9 && !paren) || digits > 11 || len(g) < 2 || len(g) > 5 || len(g[0]) > 5 {
			return false
		}
		for _, s := range g {
			if len(s) < 2 {
				return false
			}
		}
		return true
	}
	return false
}

// indianMobile reports whether digit groups are an Indian mobile's 5-5,
// its first digit 6 to 9.
func indianMobile(g []string) bool {
	return len(g) == 2 && len(g[0]) == 5 && len(g[1]) == 5 && g[0][0] >= '6'
}
