package pii

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/docket-run/docket/pkg/layout"
	"github.com/docket-run/docket/pkg/prefilter"
)

// A national identity number is found three ways:
//
//   - a form whose own check digit or letter proves it, in the shape its
//     country writes it (a Spanish DNI, an Italian codice fiscale, a
//     Swedish personnummer with its dash): found wherever it stands;
//   - a number whose shape other numbers share (eleven digits, nine
//     digits) with its check passed and its label before it or above it
//     (PESEL, BSN, NIF, T.C. Kimlik No): found only so labelled;
//   - under a label that names the number in so many words (namedID:
//     "NHS No", "Codice fiscale", "Isikukood"), a value of either kind's
//     shape whose check fails: a slip of the pen or a misread digit;
//   - a passport's or identity card's number in the document's
//     machine-readable zone, check digit passed, and wherever else the
//     document prints it; a number that an identity document's own
//     label names (Passport No., N° étranger); and on an identity
//     document, the number its "Document No." names.
//
// US social security numbers are SSN, not national_id.

// whoseColon lets a label say whose number it is before its colon:
// "BSN rekeninghouder:", "OIB uplatitelja:" (found from outside).
const whoseColon = `\.?(?:(?:[ \t]+\p{L}+){1,3}[ \t]*:)?`

// idForm is a national identity number's written shape and check.
type idForm struct {
	re *regexp.Regexp
	// valid is given the match's submatches joined (separators dropped).
	valid func(s string) bool
	// label, when set, must name the match (before it or above it).
	label *regexp.Regexp
	// firms says businesses get numbers of the form too: a match on a line
	// naming a legal form (d.o.o.), or under one, is the business's.
	firms bool
	// above says the label may also stand anywhere in the line above
	// (labelledAbove), for numbers whose check digits valid verifies.
	above bool
	// digits is the fewest digits a line must hold to hold the form, and
	// run the longest run of digits without a break it holds: most lines
	// are passed over without running re (see matchLines).
	digits, run int
}

var idForms = []idForm{
	// Spain: DNI, eight digits and a check letter; NIE, X/Y/Z, seven
	// digits and a check letter.
	{re: regexp.MustCompile(`\b(\d{8})[ -]?([A-Z])\b`), valid: dniValid, digits: 8, run: 8},
	{re: regexp.MustCompile(`\b(\d{2})\.(\d{3})\.(\d{3})[ -]?([A-Z])\b`), valid: dniValid, digits: 8, run: 2},
	// OCR may read the check letter in lowercase: "Y2841657k" (found
	// from outside, sixty-sixth trial).
	{re: regexp.MustCompile(`\b([XYZ])[ -]?(\d{7})[ -]?([A-Za-z])\b`), valid: nieValid, digits: 7, run: 7},
	// Under its label the shape is enough: a shop's own receipt misprints
	// no check letter, but a form filled in by hand or a made-up sample
	// may.
	{re: regexp.MustCompile(`\b(\d{8})[ -]?([A-Z])\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:dni|nif|n\.i\.f\.|nie|documento nacional de identidad)\.?[^\p{L}\p{N}]*$`), digits: 8, run: 8},
	// And a scan's DNI whose check letter OCR read as the digit it looks
	// like ("DNI 482039178" for 48203917B, found from outside): under its
	// label, when that letter is the check letter.
	{re: regexp.MustCompile(`\b(\d{8})[ -]?(\d)\b`), valid: dniMisreadValid, label: regexp.MustCompile(`(?i)\b(?:dni|documento nacional de identidad)\.?[^\p{L}\p{N}]*$`), digits: 9, run: 8},
	// Italy's electronic identity card (CIE), two letters, five digits and
	// two letters, under its label: "N. CARTA: CA48217KF" (found from
	// outside, forty-second trial). It has no check character.
	{re: regexp.MustCompile(`\b([A-Z]{2}\d{5}[A-Z]{2})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bn\.?\s*carta|\bcarta\s+d['’]identit[àa](?:\s+elettronica)?(?:\s+n\.?)?|\bnumero\s+(?:della\s+)?carta(?:\s+d['’]identit[àa])?)[^\p{L}\p{N}]*$`), digits: 5, run: 5},
	// Italy: codice fiscale, sixteen characters with a check letter.
	// OCR may have read one of its letters as a digit: "BNFCHR78D52E6480"
	// (the check letter Q read 0, seventy-ninth trial); the check letter
	// decides between the readings (misread).
	{re: regexp.MustCompile(`\b([A-Z0-9]{16})\b`), valid: func(s string) bool {
		return misread(s, codiceFiscaleKind, maxMisread, func(r string) bool { return codiceFiscaleRe.MatchString(r) && codiceFiscaleValid(r) })
	}, digits: 5, run: 1},
	// France: NIR (numéro de sécurité sociale), fifteen digits with a
	// mod-97 key, often in groups: "1 58 10 75 115 042 93".
	{re: regexp.MustCompile(`\b([12])[ .]?(\d{2})[ .]?(0[1-9]|1[0-2]|[2-9]\d)[ .]?(\d{2}|2[AB])[ .]?(\d{3})[ .]?(\d{3})[ .]?(\d{2})\b`), valid: nirValid, digits: 11, run: 1},
	// Sweden: personnummer YYMMDD-NNNN (Luhn); Iceland: kennitala
	// DDMMYY-NNNN (mod 11). The dash keeps them apart from other numbers.
	{re: regexp.MustCompile(`\b(?:19|20)?(\d{6})[-+](\d{4})\b`), valid: func(s string) bool { return personnummerValid(s) || kennitalaValid(s) }, digits: 10, run: 6},
	// Denmark: CPR, DDMMYY-NNNN, no check digit since 2007: labelled.
	{re: regexp.MustCompile(`\b(\d{6})-?(\d{4})\b`), valid: func(s string) bool { return validDate(s[4:6], s[2:4], s[:2]) }, label: regexp.MustCompile(`(?i)\bcpr(?:-?n(?:umme)?r\.?)?[^\p{L}\p{N}]*$`), digits: 10, run: 6},
	// Finland: henkilötunnus DDMMYYCNNNQ, a check character mod 31.
	// OCR may part the century sign from the digits: "230395 -762B"
	// (found from outside, sixty-sixth trial).
	{re: regexp.MustCompile(`\b(\d{6})(?: ?([-+]) ?|([A-FU-Y]))(\d{3})([0-9A-Y])\b`), valid: hetuValid, digits: 9, run: 6},
	// Czechia and Slovakia: rodné číslo YYMMDD/NNNN, divisible by 11.
	// OCR may part the date's digits ("7852 14/3123", found from
	// outside): the check still decides.
	{re: regexp.MustCompile(`\b(\d{2}) ?(\d{2}) ?(\d{2}) ?/ ?(\d{3,4})\b`), valid: rodneCisloValid, digits: 9, run: 3},
	// A Czech tax number of a person is CZ and the birth number, a
	// firm's CZ and its eight-digit company number: "Daňové identifikační
	// číslo: CZ8562151235" on a tax return (found from outside,
	// ninety-seventh trial), a sole trader's "DIČ: CZ7103192745".
	{re: regexp.MustCompile(`\bCZ(\d{9,10})\b`), valid: rodneCisloValid, label: regexp.MustCompile(`(?i)(?:\bdi[čc]|da[ňn]ov[ée]\s+identifika[čc]n[íi]\s+[čc][íi]slo|\bvat(?:\s+(?:id|no\b\.?|number))?)[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	// Belgium: rijksregisternummer YY.MM.DD-NNN.CC, mod 97; a space OCR
	// set beside a point or the dash is no end of it ("NISS 91.06
	// .03-077.40", found from outside, hundred-and-twenty-sixth trial).
	{re: regexp.MustCompile(`\b(\d{2}) ?\. ?(\d{2}) ?\. ?(\d{2})(?: ?- ?| )(\d{3}) ?\. ?(\d{2})\b`), valid: belgianValid, digits: 11, run: 2},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: belgianValid, label: regexp.MustCompile(`(?i)\b(?:rijksregister(?:nummer)?|numéro national|registre national|nn|niss|insz)[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	// United Kingdom: National Insurance number, "QQ 12 34 56 C".
	{re: regexp.MustCompile(`\b([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?(\d{2}) ?(\d{2}) ?(\d{2}) ?([A-D])\b`), valid: ninoValid, digits: 6, run: 2},
	// Under its label, any two letters: a number the document calls a
	// National Insurance number is one, even with a prefix HMRC does not
	// issue ("National Insurance number: QR 52 81 64 B", found from
	// outside; masked by the console as the person's).
	{re: regexp.MustCompile(`\b([A-Z]{2}) ?(\d{2}) ?(\d{2}) ?(\d{2}) ?([A-D])\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:national insurance(?: (?:number|no\b\.?))?|ni (?:number|no\b\.?)|nino)[^\p{L}\p{N}]*$`), digits: 6, run: 2},
	// Ireland: PPS number, seven digits and a check letter (a second
	// letter after it since 2013).
	{re: regexp.MustCompile(`\b(\d{7})([A-W])([ABHW]?)\b`), valid: ppsnValid, digits: 7, run: 7},
	// India: PAN of a person (fourth letter P); Aadhaar, twelve digits in
	// fours with a Verhoeff check.
	{re: regexp.MustCompile(`\b([A-Z]{3}P[A-Z]\d{4}[A-Z])\b`), valid: func(string) bool { return true }, digits: 4, run: 4},
	{re: regexp.MustCompile(`\b([2-9]\d{3}) (\d{4}) (\d{4})\b`), valid: verhoeffValid, digits: 12, run: 4},
	// Eleven digits: Poland's PESEL, Turkey's T.C. Kimlik No, Norway's
	// fødselsnummer, Germany's Steuer-ID; nine: the Netherlands' BSN,
	// Portugal's NIF, Canada's SIN. Other numbers share these shapes:
	// each is taken only under its label.
	// Its label may say whose it is before the colon: "PESEL osoby
	// obecnej przy kontroli:" (found from outside, fifty-first trial).
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: peselValid, label: regexp.MustCompile(`(?i)\bpesel(?:[ \t]+\p{L}+){0,5}[ \t]*:[^\p{L}\p{N}]*$|\bpesel[^\p{L}\p{N}]*$`), above: true, digits: 11, run: 11},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: tcknValid, label: regexp.MustCompile(`(?i)(?:\bt\.?\s?c\.?\s*)?(?:\bkimlik(?:[\s.]+(?:no\b|numarası)\.?)?|\btckn)[^\p{L}\p{N}]*$`), above: true, digits: 11, run: 11},
	// "Fødselsnr." and OCR's "Fedselsnr." (found from outside,
	// forty-fourth trial) and "Fadselsnummer" (hundred-and-sixth).
	{re: regexp.MustCompile(`\b(\d{6}) ?(\d{5})\b`), valid: fodselsnummerValid, label: regexp.MustCompile(`(?i)\b(?:f[øoea]dselsnummer|f[øoea]dselsnr|f\.?\s?nr|personnummer)\.?[^\p{L}\p{N}]*$`), digits: 11, run: 6},
	// Luxembourg's matricule, the date of birth, three digits, a Luhn
	// and a Verhoeff check digit over the eleven before them; Québec's
	// health insurance number, four letters of the name, the date of
	// birth (a woman's month plus 50) and two digits: under their labels
	// (found from outside, forty-fourth trial; Québec's under its short
	// "NAM" too, seventy-second trial).
	{re: regexp.MustCompile(`\b((?:19|20)\d{11})\b`), valid: matriculeValid, label: regexp.MustCompile(`(?i)\b(?:matricule(?:\s+(?:national|cns))?|num[ée]ro\s+d['’]identification(?:\s+national)?|identifiant\s+national|sozialversicherungs-?(?:nummer|nr)|n[°º]\s*cns)\.?[^\p{L}\p{N}]*$`), digits: 13, run: 13},
	{re: regexp.MustCompile(`\b([A-Z]{4}) ?(\d{4}) ?(\d{4})\b`), valid: ramqValid, label: regexp.MustCompile(`(?i)\b(?:(?:n[°º]\s*(?:d['’])?)?assurance[\s-]maladie|health\s+insurance\s+(?:no\b\.?|number|card(?:\s+(?:no\b\.?|number))?)|ramq|carte\s+soleil|nam)\.?[^\p{L}\p{N}]*$`), digits: 8, run: 4},
	// Alberta's and British Columbia's personal health numbers under
	// their label: "Alberta PHN: 41872-3056" (found from outside,
	// seventy-fourth trial), "PHN 9876 543 210".
	{re: regexp.MustCompile(`\b(\d{5})-?(\d{4})\b|\b(9\d{3}) ?(\d{3}) ?(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bphn|\bpersonal\s+health\s+(?:number|no\b\.?)|\bahcip(?:\s+(?:number|no\b\.?))?)[^\p{L}\p{N}]*$`), digits: 9, run: 3},
	// Germany: the health insurance's member number (KVNR), a letter and
	// nine digits, the last a check digit, under its label (found from
	// outside: a doctor's letter's "Versichertennummer: S482913050").
	{re: regexp.MustCompile(`\b([A-Z])(\d{9})\b`), valid: kvnrValid, label: regexp.MustCompile(`(?i)\b(?:(?:kranken)?versicherten-?(?:nummer|nr\.?)|kvnr|versicherungsnummer\s+der\s+krankenkasse)\.?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	// Whose it is may follow in the genitive: "Steuerliche
	// Identifikationsnummer des Kostenschuldners:" (found from outside,
	// fifty-third trial).
	{re: regexp.MustCompile(`\b(\d{2}) ?(\d{3}) ?(\d{3}) ?(\d{3})\b`), valid: steuerIDValid, label: regexp.MustCompile(`(?i)\b(?:steuer-?id(?:entifikationsnummer)?|identifikationsnummer|idnr)\.?(?:\s+(?:ehemann|ehefrau|ehegatte|ehegattin|person\s+[ab]|partner(?:in)?)|\s+(?:des|der)\s+\p{L}+)?[^\p{L}\p{N}]*$`), digits: 11, run: 2},
	{re: regexp.MustCompile(`\b(\d{4})\.?(\d{2})\.?(\d{3})\b|\b(\d{9})\b`), valid: elevenProof, label: regexp.MustCompile(`(?i)\b(?:bsn|burgerservicenummer|sofi-?nummer|persoonsnummer)` + whoseColon + `[^\p{L}\p{N}]*$`), digits: 9, run: 3},
	{re: regexp.MustCompile(`\b([123]\d{2}) ?(\d{3}) ?(\d{3})\b`), valid: nifValid, label: regexp.MustCompile(`(?i)(?:\bnif|\bn\.?º?\s*(?:de\s+)?contribuinte|\bcontribuinte(?:\s+n\.?º)?|(?:^|[^\p{L}])n[úu]mero\s+de\s+identifica[çc][ãa]o\s+fiscal)\.?[^\p{L}\p{N}]*$`), digits: 9, run: 3},
	{re: regexp.MustCompile(`\b(\d{3})[ -]?(\d{3})[ -]?(\d{3})\b`), valid: Luhn, label: regexp.MustCompile(`(?i)\b(?:sin|social insurance\.? (?:number|no\.?)|nas|num[ée]ro d'assurance sociale)(?:\s*\(\d{1,3}\)|\s*\([^()\n]{1,40}\))?(?:\s+(?:for\s+[\p{L} ]{1,25}?\s+)?is|\s+on\s+(?:file|record))?[^\p{L}\p{N}]*$`), above: true, digits: 9, run: 3},
	// Brazil's CPF, two mod-11 check digits: written with its points and
	// dash wherever it stands, under its label without them (found from
	// outside: a statement's "CPF: 407.219.385-23").
	{re: regexp.MustCompile(`\b(\d{3})\.(\d{3})\.(\d{3})-(\d{2})\b`), valid: cpfValid, digits: 11, run: 3},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: cpfValid, label: regexp.MustCompile(`(?i)\bcpf[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	// Romania's CNP ("Codul numeric personal" too, found from outside,
	// ninety-sixth trial), Greece's AMKA, Hungary's tax id (adóazonosító jel,
	// its accents as OCR may misread them: "Adédazonosité jel", found
	// from outside, fiftieth trial; "Adoazonosit6 jele", hundred-and-
	// fourth) and social security number (TAJ):
	// under their labels.
	{re: regexp.MustCompile(`\b([1-8]\d{12})\b`), valid: cnpValid, label: regexp.MustCompile(`(?i)\b(?:cnp|cod(?:ul)?\s+numeric\s+personal)\.?[^\p{L}\p{N}]*$`), digits: 13, run: 13},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: amkaValid, label: regexp.MustCompile(`(?i)(?:\bamka|(?:^|[^\p{L}])αμκα)[^\p{L}\p{N}]*$`), above: true, digits: 11, run: 11},
	{re: regexp.MustCompile(`\b(8\d{9})\b`), valid: hungarianTaxIDValid, label: regexp.MustCompile(`(?i)\bad\p{L}{1,2}azonos\p{L}t[\p{L}6](?:\s+(?:jele?|sz[áa]ma?))?[^\p{L}\p{N}]*$`), digits: 10, run: 10},
	// A Hungarian pupil's or student's education id (oktatási azonosító,
	// found from outside, seventy-sixth trial, on a school report).
	{re: regexp.MustCompile(`\b(7\d{10})\b`), valid: hungarianEducationIDValid, label: regexp.MustCompile(`(?i)\boktat\p{L}si\s+azonos\p{L}t\p{L}(?:\s+sz[áa]ma?)?[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	// Kenya's national identity card number under its Swahili label,
	// "Nambari ya kitambulisho: 28471953" (found from outside,
	// ninety-sixth trial).
	{re: regexp.MustCompile(`\b(\d{7,8})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bnambari\s+ya\s+kitambulisho|\bkitambulisho(?:\s+cha\s+taifa)?)(?:\s*(?:no\b\.?|nambari))?[^\p{L}\p{N}]*$`), digits: 7, run: 7},
	{re: regexp.MustCompile(`\b(\d{3})[ -]?(\d{3})[ -]?(\d{3})\b`), valid: tajValid, label: regexp.MustCompile(`(?i)\btaj(?:[\s-]+sz[áa]ma?)?[^\p{L}\p{N}]*$`), digits: 9, run: 3},
	// And Hungary's personal number (személyi azonosító, the old
	// személyi szám): the holder's sex and century, birth date and four
	// digits, under its label (found from outside, ninety-third trial, on
	// a birth certificate: "Személyi azonosító: 1-140509-4416").
	{re: regexp.MustCompile(`\b([1-8])[ -]?(\d{6})[ -]?(\d{4})\b`), valid: func(s string) bool { return validDate(s[1:3], s[3:5], s[5:7]) }, label: regexp.MustCompile(`(?i)\bszem\p{L}lyi\s+(?:azonos\p{L}t\p{L}|sz\p{L}m)(?:\s+jele?)?[^\p{L}\p{N}]*$`), digits: 11, run: 4},
	// Croatia's OIB, Slovenia's EMŠO (and the JMBG of the other former
	// Yugoslav states), Estonia's isikukood and Lithuania's asmens kodas
	// (one scheme), Latvia's personas kods, Bulgaria's EGN: under their
	// labels. Switzerland's AHV number, 756 and EAN-13's check: written
	// with its dots wherever it stands, under its label without them.
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: oibValid, label: regexp.MustCompile(`(?i)\boib` + whoseColon + `[^\p{L}\p{N}]*$`), firms: true, digits: 11, run: 11},
	{re: regexp.MustCompile(`\b(\d{13})\b`), valid: emsoValid, label: regexp.MustCompile(`(?i)(?:\b(?:emšo|emso|jmbg)|(?:^|[^\p{L}])(?:јмбг|емшо|ембг))` + whoseColon + `[^\p{L}\p{N}]*$`), above: true, digits: 13, run: 13},
	{re: regexp.MustCompile(`\b([1-6]\d{10})\b`), valid: isikukoodValid, label: regexp.MustCompile(`(?i)(?:\bisikukood|\basmens\s+kodas|\ba\.\s?k\.)[^\p{L}\p{N}]*$`), above: true, digits: 11, run: 11},
	{re: regexp.MustCompile(`\b(\d{6})-?(\d{5})\b`), valid: personasKodsValid, label: regexp.MustCompile(`(?i)\b(?:personas\s+kods|p\.\s?k\.)[^\p{L}\p{N}]*$`), digits: 11, run: 5},
	{re: regexp.MustCompile(`\b(\d{10})\b`), valid: egnValid, label: regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:егн|egn)\.?[^\p{L}\p{N}]*$`), digits: 10, run: 10},
	// Found from outside (twenty-first trial): France's numéro fiscal
	// (SPI, thirteen digits, the last three the first ten mod 511) under
	// its label; Singapore's NRIC and FIN (a check letter) wherever it
	// stands; Iceland's kennitala without its dash and Croatia's MBO
	// (health insurance) under their labels; Mexico's RFC of a person
	// (four letters, the birth date, three characters) under its label,
	// and the CURP (eighteen characters, the birth date, H or M) wherever
	// it stands.
	{re: regexp.MustCompile(`\b([0-3]\d) ?(\d{2}) ?(\d{3}) ?(\d{3}) ?(\d{3})\b`), valid: spiValid, label: regexp.MustCompile(`(?i)(?:\bnum[ée]ro\s+fiscal|\bn[°º]\s*fiscal|\bspi)(?:\s+(?:du\s+)?d[ée]clarant\s*\d?)?[^\p{L}\p{N}]*$`), digits: 13, run: 2},
	{re: regexp.MustCompile(`\b([STFGM])(\d{7})([A-Z])\b`), valid: nricValid, digits: 7, run: 7},
	// An NRIC whose S OCR read as a dollar sign: "(NRIC $9012774H)"
	// (found from outside, eightieth trial); the check letter decides.
	{re: regexp.MustCompile(`(\$)(\d{7})([A-Z])\b`), valid: func(s string) bool { return nricValid("S" + s[1:]) }, digits: 7, run: 7},
	{re: regexp.MustCompile(`\b(\d{10})\b`), valid: kennitalaValid, label: regexp.MustCompile(`(?i)(?:\bkt\.?|\bkennitala)[^\p{L}\p{N}]*$`), digits: 10, run: 10},
	{re: regexp.MustCompile(`\b(\d{9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bmbo\.?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	{re: regexp.MustCompile(`\b([A-ZÑ&]{4})(\d{6})([A-Z0-9]{3})\b`), valid: func(s string) bool { return validDate(s[4:6], s[6:8], s[8:10]) }, label: regexp.MustCompile(`(?i)\brfc\b(?:\s+\p{L}+)?\.?[^\p{L}\p{N}]*$`), digits: 6, run: 6},
	{re: regexp.MustCompile(`\b([A-Z]{4})(\d{6})([HMX][A-Z]{5}[0-9A-Z]\d)\b`), valid: func(s string) bool { return validDate(s[4:6], s[6:8], s[8:10]) }, digits: 7, run: 6},
	// A CURP with a digit OCR read as a letter: "GOMR840317MJCNNSOO" (its
	// last two zeros read as O, eighty-first trial); its check digit
	// decides between the readings (misread).
	{re: regexp.MustCompile(`\b([A-Z0-9]{4})([0-9OoIlSBZGD]{6})([A-Z0-9]{7}[0-9OoIlSBZGD])\b`), valid: func(s string) bool {
		return misread(s, curpKind, maxMisread, func(r string) bool { return validDate(r[4:6], r[6:8], r[8:10]) && curpValid(r) })
	}, digits: 4, run: 2},
	// South Africa's identity number, YYMMDD, four digits, citizenship,
	// a digit and a Luhn check, under a label that names an identity
	// number (found from outside: a smart card's "Identity Number" and a
	// letter's "ID number" were shown in clear).
	{re: regexp.MustCompile(`\b(\d{6}) ?(\d{4}) ?(\d{3})\b`), valid: saIDValid, label: regexp.MustCompile(`(?i)(?:\b(?:identity|id|i\.d\.)(?:\s*(?:number|no\b\.?|nr\b\.?|#))?|\bid-?nommer|\bidentiteitsnommer|\b(?:rsa|sa)\s+id\b)[^\p{L}\p{N}]*$`), digits: 13, run: 3},
	{re: regexp.MustCompile(`\b(756)\.(\d{4})\.(\d{4})\.(\d{2})\b`), valid: ean13Valid, digits: 13, run: 2},
	// The UK's NHS number under its label (mod 11); Slovenia's tax number
	// (davčna številka, mod 11), a business's too; a UK driving licence's
	// number, its shape proof enough: five letters of the surname, the
	// birth date's digits (the month plus 50 for a woman), initials, a
	// digit and two check letters.
	{re: regexp.MustCompile(`\b(\d{3}) ?(\d{3}) ?(\d{4})\b`), valid: nhsValid, label: regexp.MustCompile(`(?i)\bnhs(?:\s+(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 3},
	{re: regexp.MustCompile(`\b(\d{8})\b`), valid: siTaxValid, label: regexp.MustCompile(`(?i)\bdav[čc]na\s+(?:[šs]tevilka|[šs]t\.)[^\p{L}\p{N}]*$`), firms: true, digits: 8, run: 8},
	{re: regexp.MustCompile(`\b([A-Z][A-Z9]{4}\d[0156]\d[0-3]\d\d[A-Z9]{2}\d[A-Z]{2})\b`), valid: ukLicenceValid, digits: 7, run: 6},
	// Germany's social insurance number (Rentenversicherungsnummer): the
	// area's two digits, the birth date's six, the surname's initial, a
	// serial and a check digit: "65 170839 J 003", under its label.
	// Its serial and check digit parted too: "SV-Nummer 12 150385 A 04
	// 3" (found from outside, eighty-ninth trial).
	{re: regexp.MustCompile(`\b(\d{2}) ?(\d{6}) ?([A-Z]) ?(\d{2}) ?(\d)\b`), valid: svNummerValid, label: regexp.MustCompile(`(?i)\b(?:sozialversicherungs|rentenversicherungs|versicherungs|sv-?)(?:nummer|-?nr\.?)[^\p{L}\p{N}]*$`), digits: 11, run: 2},
	// Spain's social security affiliation number (NAF, NUSS): the
	// province's two digits, eight, and two check digits mod 97, under
	// its label ("Nº afiliación S.S.: 28 41827395 62").
	{re: regexp.MustCompile(`\b(\d{2})[ /]?(\d{8})[ /]?(\d{2})\b`), valid: nafValid, label: regexp.MustCompile(`(?i)(?:(?:\bn[º°o]?\.?|\bn[úu]mero)\s*(?:de\s+)?afiliaci[óo]n(?:\s+(?:a\s+la\s+)?(?:s\.\s?s\.|seguridad\s+social))?|\bnuss|\bnaf|\bn[º°]\s*(?:de\s+)?(?:la\s+)?seguridad\s+social)[^\p{L}\p{N}]*$`), digits: 12, run: 2},
	{re: regexp.MustCompile(`\b(756\d{10})\b`), valid: ean13Valid, label: regexp.MustCompile(`(?i)\b(?:ahv|avs|avs/ahv|ahv/avs)(?:-?n(?:umme)?r\.?|\s+n[°º])?[^\p{L}\p{N}]*$`), digits: 13, run: 13},
	// Found from outside (twenty-second trial), each under its label:
	// Austria's social insurance number (a serial, a check digit mod 11
	// and the birth date, "1248 120385"); Germany's and Austria's tax
	// number (Steuernummer: "68 412/7731", "21/815/08150"), a business's
	// too; Australia's Medicare number (its ninth digit checks the first
	// eight; the tenth is the card's issue); South Africa's income tax
	// reference; Nigeria's NIN; Brazil's health card (Cartão SUS, mod
	// 11).
	{re: regexp.MustCompile(`\b(\d{4}) ?(\d{6})\b`), valid: atSVNRValid, label: regexp.MustCompile(`(?i)(?:\b(?:sozialversicherungs|versicherungs|sv-?)(?:nummer|-?nr\.?)|\bsvnr\.?|\bvsnr\.?)[^\p{L}\p{N}]*$`), digits: 10, run: 4},
	{re: regexp.MustCompile(`\b(\d{2,3})[ /](\d{3})/(\d{4,5})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bsteuer-?nummer|\bsteuer-?nr\.?|\bst\.?-?nr\.?)[^\p{L}\p{N}]*$`), firms: true, digits: 9, run: 2},
	{re: regexp.MustCompile(`\b([2-6]\d{3}) ?(\d{5}) ?(\d)\b`), valid: medicareValid, label: regexp.MustCompile(`(?i)\bmedicare(?:\s+card)?(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 1},
	{re: regexp.MustCompile(`\b([0-39]\d{3}) ?(\d{3}) ?(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\b(?:taxpayer|tax|income\s+tax)\s+ref(?:erence)?\.?\s*(?:number|no\b\.?)?|\bincome\s+tax\s+(?:number|no\b\.?))[^\p{L}\p{N}]*$`), firms: true, digits: 10, run: 3},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bnin|\bnational\s+identification\s+number)[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	// Uganda's NIN: C, the holder's sex, eight digits and four letters
	// or digits, under its label (found from outside, seventy-fifth
	// trial: "NIN: CM86031102KXQP" in a medical record).
	{re: regexp.MustCompile(`\b(C[MF]\d{8}[A-Z0-9]{4})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bnin|\bnational\s+identification\s+number)[^\p{L}\p{N}]*$`), digits: 8, run: 8},
	// Found from outside (twenty-third trial), in the shapes only they
	// have, wherever they stand: the UAE's Emirates ID (784, the birth
	// year, Luhn), Pakistan's CNIC (5-7-1 digits), Malaysia's MyKad (the
	// birth date, the place of birth's code, four digits), Ghana's card;
	// under their labels, Kenya's KRA PIN of a person (A, nine digits, a
	// letter) and Jamaica's TRN, a business's too.
	{re: regexp.MustCompile(`\b(784)-(\d{4})-(\d{7})-(\d)\b`), valid: Luhn, digits: 15, run: 7},
	{re: regexp.MustCompile(`\b(784)(\d{4})(\d{7})(\d)\b`), valid: Luhn, label: regexp.MustCompile(`(?i)\b(?:emirates\s+id|eid)(?:\s*(?:no\b\.?|number))?[^\p{L}\p{N}]*$`), digits: 15, run: 15},
	{re: regexp.MustCompile(`\b(\d{5})-(\d{7})-(\d)\b`), valid: func(string) bool { return true }, digits: 13, run: 7},
	{re: regexp.MustCompile(`\b(\d{6})-(\d{2})-(\d{4})\b`), valid: myKadValid, digits: 12, run: 6},
	{re: regexp.MustCompile(`\b(GHA)-(\d{9})-(\d)\b`), valid: func(string) bool { return true }, digits: 10, run: 9},
	{re: regexp.MustCompile(`\b(A)(\d{9})([A-Z])\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:kra\s+)?pin(?:\s+no\b\.?)?(?:\s*\([^)\n]{0,20}\))?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d{3})-?(\d{3})-?(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\btrn|\btaxpayer\s+registration\s+number)(?:\s*\(trn\))?[^\p{L}\p{N}]*$`), firms: true, digits: 9, run: 3},
	{re: regexp.MustCompile(`\b([1-2789]\d{2}) ?(\d{4}) ?(\d{4}) ?(\d{4})\b`), valid: cnsValid, label: regexp.MustCompile(`(?i)(?:\bcart[ãa]o\s+(?:do\s+)?(?:sus|nacional\s+de\s+sa[úu]de)|\bcns)(?:\s*n[º°.]*)?[^\p{L}\p{N}]*$`), digits: 15, run: 3},
	// Found from outside (twenty-fourth trial): Zambia's NRC (six digits,
	// two, one, with slashes) and Brazil's RG (2.3.3-1, its check a digit
	// or X) in shapes only they have, wherever they stand; under their
	// labels, Australia's tax file number (weighted mod 11), Sri Lanka's
	// NIC (the birth year and day of the year, 500 added for a woman),
	// the Philippines' TIN of a person (a business's is its VAT
	// registration's), Scotland's CHI number (the NHS number's check),
	// Slovakia's and Czechia's DIČ, a business's too, Slovenia's health
	// insurance number (ZZZS), Ukraine's taxpayer number (RNOKPP, weighted
	// mod 11) and its register entry number (UNZR: the birth date and
	// five digits).
	{re: regexp.MustCompile(`\b(\d{6})/(\d{2})/(\d)\b`), valid: func(string) bool { return true }, digits: 9, run: 6},
	// Found from outside (twenty-fifth trial): Argentina's DNI with its
	// points and its CUIL (a person's prefix, mod 11) with its dashes;
	// Hong Kong's identity card (its check in parentheses, mod 11) in
	// their shapes; under their labels, Nigeria's BVN, New Zealand's
	// student number (NSN) and IRD number, a health plan's member ID,
	// Greece's tax number (ΑΦΜ, powers of two mod 11), Colombia's cédula,
	// Italy's health card, Northern Ireland's H&C number (the NHS
	// number's check) and Argentina's CUIL without dashes. The cédula's
	// card writes "CÉDULA DE CIUDADANÍA⏎NÚMERO 1.020.745.318" (found from
	// outside, thirty-fifth trial).
	// Found from outside (twenty-sixth trial): Tanzania's NIDA number
	// (the birth date, three groups) in its shape; under their labels
	// Indonesia's NIK, the UK's UTR, Serbia's health insurance number
	// (ЛБО) and Kenya's and Tanzania's NHIF number.
	{re: regexp.MustCompile(`\b((?:19|20)\d{6})-(\d{5})-(\d{5})-(\d{2})\b`), valid: func(s string) bool { return validDate(s[2:4], s[4:6], s[6:8]) }, digits: 20, run: 8},
	{re: regexp.MustCompile(`\b(\d{16})\b`), valid: func(s string) bool { return true }, label: regexp.MustCompile(`(?i)\bnik\b[^\p{L}\p{N}]*$`), digits: 16, run: 16},
	{re: regexp.MustCompile(`\b(\d{5}) ?(\d{5})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\butr|\bunique\s+taxpayer\s+reference)(?:\s*(?:no\b\.?|number))?[^\p{L}\p{N}]*$`), digits: 10, run: 5},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])лбо|\blbo)[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	{re: regexp.MustCompile(`\b(\d{3})-?(\d{3})-?(\d{4})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bnhif(?:\s*(?:no\b\.?|number))?\)?[^\p{L}\p{N}]*$`), digits: 10, run: 3},
	{re: regexp.MustCompile(`\b(\d{1,2})\.(\d{3})\.(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:dni|d\.n\.i\.)[^\p{L}\p{N}]*$`), digits: 7, run: 3},
	{re: regexp.MustCompile(`\b(20|23|24|27)-(\d{8})-(\d)\b`), valid: cuilValid, digits: 11, run: 8},
	{re: regexp.MustCompile(`\b(20|23|24|27)(\d{8})(\d)\b`), valid: cuilValid, label: regexp.MustCompile(`(?i)\b(?:cuil|cuit)[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	{re: regexp.MustCompile(`\b([A-Z]{1,2})(\d{6}) ?\(([0-9A])\)`), valid: hkidValid, digits: 7, run: 6},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bbvn(?:[ \t]+(?:is|no\b\.?|number))?[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	{re: regexp.MustCompile(`\b(\d{9,10})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bnsn|\bnational\s+student\s+number)(?:\s*(?:no\b\.?|number))?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d{2,3})-?(\d{3})-?(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bird\s*(?:number|no\b\.?|#)?[^\p{L}\p{N}]*$`), firms: true, digits: 8, run: 2},
	// Found from outside (thirty-fifth trial), under their labels:
	// Jordan's national number, Saudi Arabia's iqama, Ontario's health
	// number (OHIP), Egypt's national ID (its century and birth date
	// checked), Israel's teudat zehut (its check digit), Peru's DNI of
	// eight digits.
	{re: regexp.MustCompile(`\b(\d{10})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bnational\s+(?:no\b\.?|number)[^\p{L}\p{N}]*$`), digits: 10, run: 10},
	{re: regexp.MustCompile(`\b([12]\d{9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:iqama|muqeem)(?:\s*(?:id\s*)?(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 10},
	{re: regexp.MustCompile(`\b(\d{4})[ -]?(\d{3})[ -]?(\d{3})\b`), valid: Luhn, label: regexp.MustCompile(`(?i)\bohip\b\)?(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 3},
	{re: regexp.MustCompile(`\b([23]\d{13})\b`), valid: func(s string) bool { return validDate(s[1:3], s[3:5], s[5:7]) }, label: regexp.MustCompile(`(?i)\bnational\s+id(?:entity)?(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 14, run: 14},
	{re: regexp.MustCompile(`\b(\d{9})\b`), valid: israelIDValid, label: regexp.MustCompile(`(?i)(?:\bteudat\s+zehut|\bt\.z\.?|ת\.?ז\.?)\)?(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d{8})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bdni\b[^\p{L}\p{N}]*$`), digits: 8, run: 8},
	// East and Southeast Asia's numbers: Korea's resident registration
	// number (its birth date; its check digit, which numbers issued
	// since October 2020 lack, else its label), Taiwan's national ID
	// (its letter and check digit), Thailand's ID (thirteen digits, mod
	// 11, grouped 1-4-5-2-1, else under its label), Japan's My Number
	// (its check digit, under its label), Vietnam's citizen identity
	// card (CCCD, twelve digits; the older CMND, nine), the Philippines'
	// PhilSys card number, Malaysia's MyKad without its dashes (its birth
	// date) and its EPF (KWSP) and SOCSO member numbers under their
	// labels, and Indonesia's tax number (NPWP) in its shape.
	{re: regexp.MustCompile(`\b(\d{6})-([1-8]\d{6})\b`), valid: rrnValid, digits: 13, run: 6},
	{re: regexp.MustCompile(`\b(\d{6})-?([1-8]\d{6})\b`), valid: func(s string) bool { return validDate(s[0:2], s[2:4], s[4:6]) }, label: regexp.MustCompile(`(?i)(?:\bresident\s+registration\s+(?:no\b\.?|number)|\brrn|주민등록번호)[^\p{L}\p{N}]*$`), digits: 13, run: 6},
	{re: regexp.MustCompile(`\b([A-Z][12]\d{8})\b`), valid: taiwanIDValid, digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d)-(\d{4})-(\d{5})-(\d{2})-(\d)\b`), valid: thaiIDValid, digits: 13, run: 5},
	{re: regexp.MustCompile(`\b(\d{13})\b`), valid: thaiIDValid, label: regexp.MustCompile(`(?i)(?:\bthai\s+(?:national\s+)?id(?:\s+card)?|\bcitizen\s+id|เลขประจำตัวประชาชน)(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 13, run: 13},
	// Its groups parted by spaces under its label, "Thai ID no.:    1 1037
	// 00418 92 0" (found from outside, fifty-eighth trial).
	{re: regexp.MustCompile(`\b(\d) (\d{4}) (\d{5}) (\d{2}) (\d)\b`), valid: thaiIDValid, label: regexp.MustCompile(`(?i)(?:\bthai\s+(?:national\s+)?id(?:\s+card)?|\bcitizen\s+id|เลขประจำตัวประชาชน)(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 13, run: 5},
	{re: regexp.MustCompile(`\b(\d{4}) ?(\d{4}) ?(\d{4})\b`), valid: myNumberValid, label: regexp.MustCompile(`(?i)(?:\bmy\s*number|\bindividual\s+number|個人番号|マイナンバー)(?:\s*(?:no\b\.?|#))?[^\p{L}\p{N}]*$`), digits: 12, run: 4},
	{re: regexp.MustCompile(`\b(\d{12}|\d{9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bcccd|\bcmnd|\bc[ăa]n\s+c[ưu][ớo]c(?:\s+c[ôo]ng\s+d[âa]n)?|\bch[ứu]ng\s+minh\s+(?:nh[âa]n\s+d[âa]n|th[ưu]))(?:\s+(?:s[ốo]|no\b\.?))?(?:\s+c[ủu]a\s+(?:m[ẹe]|cha|b[ốo]|v[ợo]|ch[ồo]ng|\p{L}+))?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	// The card itself labels its number "Số / No." or, since 2024, "Số
	// định danh cá nhân" (found from outside, ninetieth trial): under
	// those labels the number must have the card's shape, a province's
	// code and a century-and-sex digit (cccdShape).
	{re: regexp.MustCompile(`\b(0\d{11})\b`), valid: cccdShape, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])s[ốo]\s*/\s*no\b\.?|(?:^|[^\p{L}])s[ốo]\s+đ[ịi]nh\s+danh(?:\s+c[áa]\s+nh[âa]n)?)[^\p{L}\p{N}]*$`), digits: 12, run: 12},
	{re: regexp.MustCompile(`\b(\d{4})[ -]?(\d{4})[ -]?(\d{4})[ -]?(\d{4})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bphilsys(?:\s+card)?|\bphilid|\bpsn|\bpcn)(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 16, run: 4},
	{re: regexp.MustCompile(`\b(\d{6})(\d{2})(\d{4})\b`), valid: func(s string) bool { return validDate(s[0:2], s[2:4], s[4:6]) }, label: regexp.MustCompile(`(?i)(?:\bk/p|\bkad\s+pengenalan|\bmykad|\bnric|\bi/?c)(?:\s*(?:no\b\.?|number|baru|#))?[^\p{L}\p{N}]*$`), digits: 12, run: 12},
	{re: regexp.MustCompile(`\b(\d{7,9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\b(?:epf|kwsp|socso|perkeso)(?:\s+member(?:ship)?)?(?:\s*(?:no\b\.?|number|#))?|\bno\.?\s*(?:ahli\s+)?(?:kwsp|epf|perkeso))[^\p{L}\p{N}]*$`), digits: 7, run: 7},
	{re: regexp.MustCompile(`\b(\d{2})\.(\d{3})\.(\d{3})\.(\d)-(\d{3})\.(\d{3})\b`), valid: func(string) bool { return true }, firms: true, digits: 15, run: 3},
	// Morocco's national identity card (CIN), one or two letters and
	// five or six digits, under its label: "CIN BE 784512".
	{re: regexp.MustCompile(`\b([A-Z]{1,2}) ?(\d{5,6})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?:\bCIN|(?i:\bcarte\s+d'identit[ée]\s+nationale))(?:\s*(?:n[°º]|no\b\.?))?[^\p{L}\p{N}]*$`), digits: 5, run: 5},
	// Bangladesh's national ID (NID) of ten, thirteen or seventeen
	// digits under its label.
	{re: regexp.MustCompile(`\b(\d{17}|\d{13}|\d{10})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bnid(?:\s*(?:card\s*)?(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 10},
	// Found from outside (thirty-fourth trial): an Australian health
	// practitioner's registration number (AHPRA), its profession's three
	// letters and ten digits, "registration number NMW0002219874".
	{re: regexp.MustCompile(`\b((?:ATS|CMR|CHI|DEN|MED|MRP|NMW|OCC|OPT|OST|PAR|PHA|PHY|POD|PSY)\d{10})\b`), valid: func(string) bool { return true }, digits: 10, run: 10},
	// Found from outside (thirty-fourth trial): Kenya's SHA member
	// numbers, "SHA member no: SHA-6613-0284-7719", "Insurance/SHA no:".
	{re: regexp.MustCompile(`\b([A-Z]{0,4}\d{6,14}|\d{4} \d{4}|[A-Z]{2,4}-\d{3,6}(?:-\d{2,6}){1,3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\b(?:member(?:ship)?|subscriber|insured|medicaid|medicare|medi-cal)\s*(?:id|no\b\.?|number|#)|\bid\s*/\s*certificate\s+(?:no\b\.?|number)|\b(?:sha|shif|nhif)\s*(?:id|no\b\.?|number|#))[^\p{L}\p{N}]*$`), digits: 6, run: 3},
	// Found from outside (fifty-second trial): Portugal's health service
	// user number under "N.º de utente SNS", Quebec's permanent code
	// (four letters, eight digits) under "Code permanent".
	{re: regexp.MustCompile(`\b(\d{3}) ?(\d{3}) ?(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\butente(?:\s+(?:do\s+)?sns|\s+(?:de\s+)?sa[úu]de)?[^\p{L}\p{N}]*$`), digits: 9, run: 3},
	// Portugal's social security number (NISS, eleven digits, spaced
	// 2-3-3-3 on a citizen card's back), under its label (found from
	// outside, hundred-and-sixteenth trial: "N.º Seg. Social: 11 289
	// 456 712").
	{re: regexp.MustCompile(`\b(\d{2}) ?(\d{3}) ?(\d{3}) ?(\d{3})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bniss|(?:\bn[úu]mero|\bn\.?\s*[º°]?)\s*(?:de\s+)?seg(?:\.|uran[çc]a)\s*social)[^\p{L}\p{N}]*$`), digits: 11, run: 2},
	{re: regexp.MustCompile(`\b([A-Z]{4}\d{8})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bcode\s+permanent[^\p{L}\p{N}]*$`), digits: 8, run: 8},
	{re: regexp.MustCompile(`\b(\d{9})\b`), valid: afmValid, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])α\.?φ\.?μ\.?|\bafm)[^\p{L}\p{N}]*$`), firms: true, digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d{1,3}(?:\.\d{3}){2,3})\b|\b(\d{6,10})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bc\.\s?c\.|\bc[ée]dula(?:\s+de\s+ciudadan[íi]a)?(?:\s+(?:no\.?|n[°º]|n[úu]mero))?)[^\p{L}\p{N}]*$`), digits: 6, run: 3},
	{re: regexp.MustCompile(`\b(80\d{18})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\btessera\s+sanitaria(?:\s+n\.?)?[^\p{L}\p{N}]*$`), digits: 20, run: 20},
	// Found from outside (twenty-eighth trial), under their labels: a
	// European health insurance card's number (field 8, "80", the
	// country's numeric code and fifteen digits), New Zealand's National
	// Health Index (three letters and four digits, or two digits and two
	// letters) and Portugal's SNS user number.
	{re: regexp.MustCompile(`\b(80\d{18})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])identifika[čc]n[ée]\s+[čc][íi]slo\s+(?:preukazu|pr[ůu]kazu)|\bcard\s+identification\s+number|\bidentification\s+number\s+of\s+the\s+card|\bkennnummer\s+der\s+karte|\bnum[ée]ro\s+d'identification\s+de\s+la\s+carte)[^\p{L}\p{N}]*$`), digits: 20, run: 20},
	{re: regexp.MustCompile(`\b([A-HJ-NP-Z]{3}\d{4}|[A-HJ-NP-Z]{3}\d{2}[A-HJ-NP-Z]{2})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bnhi(?:\s+(?:no\b\.?|number))?[^\p{L}\p{N}]*$`), digits: 2, run: 2},
	// Côte d'Ivoire's universal health cover (CMU) number (found from
	// outside, twenty-ninth trial).
	{re: regexp.MustCompile(`\b(\d{4})-(\d{4})-(\d{4})-(\d{2})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bn[°º]\s*)?\bcmu[^\p{L}\p{N}]*$`), digits: 14, run: 4},
	// Found from outside (thirty-first trial): an Ontario health card's
	// number (ten digits, 4-3-3, and its version code) and Ireland's
	// Individual Health Identifier, under their labels.
	{re: regexp.MustCompile(`\b(\d{4})[ -]?(\d{3})[ -]?(\d{3})(?:[ -]?([A-Z]{2}))?\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bhealth\s+card|\bohip)(?:\s+(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 3},
	{re: regexp.MustCompile(`\b(\d{4}) ?(\d{4}) ?(\d{4})(?: ?(\d{4}) ?(\d{2}))?\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bindividual\s+health\s+identifier|\bihi)(?:\s+(?:no\b\.?|number))?[^\p{L}\p{N}]*$`), above: true, digits: 12, run: 4},
	// Found from outside (thirty-second trial): Indonesia's BPJS health
	// insurance number (thirteen digits) and Mexico's social security
	// number (NSS, eleven), under their labels.
	{re: regexp.MustCompile(`\b(\d{13})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bbpjs(?:\s+kesehatan)?(?:\s+(?:no\b\.?|nomor|number))?[^\p{L}\p{N}]*$`), digits: 13, run: 13},
	{re: regexp.MustCompile(`\b(\d{11})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bnss|\bn[úu]mero\s+de\s+seguridad\s+social)[^\p{L}\p{N}]*$`), digits: 11, run: 11},
	// Ghana's National Health Insurance Scheme membership number (found
	// from outside, thirtieth trial).
	{re: regexp.MustCompile(`\b(\d{8})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bnhis(?:\s+(?:membership|member|card))?(?:\s+(?:no\b\.?|number|id))?[^\p{L}\p{N}]*$`), digits: 8, run: 8},
	{re: regexp.MustCompile(`\b(\d{9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bn\.?\s*[º°]?\s*(?:de\s+)?utente(?:\s+(?:do\s+)?sns|\s+(?:de\s+)?sa[úu]de)?|\butente\s+(?:do\s+)?sns|\bn[úu]mero\s+(?:de\s+)?utente)[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	// A hospital's letters, year and serial too, "UHID : SMH-2026-0487712"
	// (found from outside, ninety-sixth trial).
	{re: regexp.MustCompile(`\b([A-Z]{0,3}-?\d{6,10}(?:\([0-9A-Z]\))?|[A-Z]{2,4}-(?:19|20)\d{2}-\d{5,8})`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bhn|\bhospital\s+(?:no\b\.?|number)|\bmrn|\bmedical\s+record\s+(?:no\b\.?|number)|\bpatient\s+(?:id|no\b\.?|number)|\buhid|\bnhc|(?:\bn[úu]m(?:ero)?\.?\s+(?:de\s+|d['’]\s*)?)?\bhist[òóo]ria\s+cl[íi]nica(?:\s+(?:n[º°.]+|n[úu]m\.?))?)[^\p{L}\p{N}]*$`), digits: 6, run: 6},
	// India's voter card (EPIC), three letters and seven digits, under
	// its label (found from outside: "Voter ID: XYZ1234567").
	{re: regexp.MustCompile(`\b([A-Z]{3}\d{7})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bvoter(?:'?s)?\s+(?:id|card)|\bepic)(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 7, run: 7},
	// Found from outside (twenty-seventh trial), under their labels: an
	// Indian hospital's patient id (UHID, its prefix and a dash: "UHID:
	// SMH-0012784455") and the ABHA health number; Aadhaar's Virtual ID,
	// sixteen digits in fours; the Philippines' SSS (2-7-1), PhilHealth
	// (2-9-1) and Pag-IBIG (4-4-4) numbers of a payslip.
	{re: regexp.MustCompile(`\b([A-Z]{0,5}-?\d{6,14})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:uhid|abha(?:\s+(?:no\b\.?|number|id))?)[^\p{L}\p{N}]*$`), digits: 6, run: 6},
	{re: regexp.MustCompile(`\b(\d{4}) (\d{4}) (\d{4}) (\d{4})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:vid|virtual\s+id)[^\p{L}\p{N}]*$`), digits: 16, run: 4},
	{re: regexp.MustCompile(`\b(\d{2})-(\d{7})-(\d)\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bsss(?:\s+(?:no\b\.?|number|id))?[^\p{L}\p{N}]*$`), digits: 10, run: 7},
	{re: regexp.MustCompile(`\b(\d{2})-(\d{9})-(\d)\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:philhealth|phic)(?:\s+(?:identification|member(?:ship)?))?(?:\s+(?:no\b\.?|number|id|pin))?[^\p{L}\p{N}]*$`), digits: 12, run: 9},
	{re: regexp.MustCompile(`\b(\d{4})-(\d{4})-(\d{4})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\b(?:pag-?ibig|hdmf)(?:\s+(?:mid|no\b\.?|number|id))*[^\p{L}\p{N}]*$`), digits: 12, run: 4},
	{re: regexp.MustCompile(`\b(\d{3}) ?(\d{3}) ?(\d{4})\b`), valid: nhsValid, label: regexp.MustCompile(`(?i)\bh\s?&\s?c(?:\s+(?:no\b\.?|number))?[^\p{L}\p{N}]*$`), digits: 10, run: 3},
	{re: regexp.MustCompile(`\b(\d{1,2})\.(\d{3})\.(\d{3})-([\dXxKk])\b`), valid: rutKValid, firms: true, digits: 7, run: 3},
	{re: regexp.MustCompile(`\b(\d{3}) ?(\d{3}) ?(\d{2,3})\b`), valid: tfnValid, label: regexp.MustCompile(`(?i)(?:\btax\s+file\s+(?:number|no\b\.?)(?:\s*\(tfn\))?|\btfn)(?:\s+on\s+(?:record|file))?[^\p{L}\p{N}]*$`), digits: 8, run: 2},
	{re: regexp.MustCompile(`\b(\d{12})\b|\b(\d{9})[VvXx]\b`), valid: slNICValid, label: regexp.MustCompile(`(?i)(?:\bnic|\bnational\s+identity\s+card)(?:\s*(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d{3})-(\d{3})-(\d{3})(?:-(\d{3,5}))?\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\btin(?:\s*(?:no\b\.?|#))?(?:\s+on\s+(?:file|record))?[^\p{L}\p{N}]*$`), firms: true, digits: 9, run: 3},
	{re: regexp.MustCompile(`\b(\d{3}) ?(\d{3}) ?(\d{4})\b`), valid: nhsValid, label: regexp.MustCompile(`(?i)\bchi(?:\s+(?:no\b\.?|number|#))?[^\p{L}\p{N}]*$`), digits: 10, run: 3},
	{re: regexp.MustCompile(`\b(\d{10})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])di[čc]|\bdaňové\s+identifikačné\s+číslo|\bdaňové\s+identifikační\s+číslo)(?:\s*\(di[čc]\))?[^\p{L}\p{N}]*$`), firms: true, digits: 10, run: 10},
	{re: regexp.MustCompile(`\b(\d{9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)(?:\bzzzs|(?:^|[^\p{L}])številka\s+zavarovane\s+osebe)(?:\s*\(zzzs\))?[^\p{L}\p{N}]*$`), digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d{10})\b`), valid: rnokppValid, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])(?:рнокпп|іпн|ідентифікаційний\s+(?:код|номер))|\brnokpp)(?:\s*\([^)\n]{0,80}\))?[^\p{L}\p{N}]*$|(?:^|[^\p{L}])платника\s+податків\)?[^\p{L}\p{N}]*$`), above: true, digits: 10, run: 10},
	// Found from outside (seventy-first trial): Mozambique's tax number
	// (NUIT) and social security number on a payslip, under their labels.
	{re: regexp.MustCompile(`\b(\d{9})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\bnuit[^\p{L}\p{N}]*$`), firms: true, digits: 9, run: 9},
	{re: regexp.MustCompile(`\b(\d) ?(\d{3}) ?(\d{3}) ?(\d{2})\b`), valid: func(string) bool { return true }, label: regexp.MustCompile(`(?i)\binss[^\p{L}\p{N}]*$`), digits: 9, run: 2},
	{re: regexp.MustCompile(`\b((?:19|20)\d{6})-(\d{5})\b`), valid: func(s string) bool { return validDate(s[2:4], s[4:6], s[6:8]) }, label: regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])(?:запис\s*№|унзр)|\brecord\s+(?:no\b\.?|number)|\bunzr)[^\p{L}\p{N}]*$`), digits: 13, run: 8},
}

// namedID is a label that names a national identity number in so many
// words, right before the value: under it a value of the form's shape is
// taken even if its check fails. The document says what the number is;
// a check that fails means a typing slip, a misread digit in a scan or a
// made-up sample, and the number is the holder's all the same. Short
// labels that are also words elsewhere (nie, nas, sin, nn) are not here:
// under them the check still decides.
var namedID = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:nhs(?:\s+(?:number|no\b\.?))?|tax\s+file\s+(?:number|no\b\.?)|codice\s+fiscale|c\.\s?f\.|pesel|f[øo]dselsnummer|personnummer|henkil[öo]tunnus|hetu|rodn[ée]\s+[čc][íi]slo|steuer-?id(?:entifikationsnummer)?|identifikationsnummer|burgerservicenummer|bsn|cnp|cod\s+numeric\s+personal|amka|oib|em[šs]o|jmbg|isikukood|asmens\s+kodas|personas\s+kods|егн|egn|dav[čc]na\s+(?:[šs]tevilka|[šs]t\.)|(?:sozialversicherungs|rentenversicherungs|sv-?)(?:nummer|-?nr\.?)|(?:kranken)?versicherten-?(?:nummer|nr\.?)|kvnr|persoonsnummer|ahv-?n(?:umme)?r\.?|rijksregisternummer|niss|insz|num[ée]ro\s+national|num[ée]ro\s+de\s+s[ée]curit[ée]\s+sociale|n[°º]\s*(?:de\s+)?s[ée]curit[ée]\s+sociale|social\s+insurance\s+number|t\.?\s?c\.?\s*kimlik[\s.]+(?:no|numaras[ıi])|tckn|taj\s+sz[áa]ma?|ad[óo]azonos[íi]t[óo]\s+jele?|kennitala|cpr-?n(?:umme)?r\.?|national\s+insurance\s+(?:number|no\b\.?)|hkid|hong\s+kong\s+identity\s+card(?:\s+(?:number|no\b\.?))?|aadhaar(?:\s+(?:number|no\b\.?))?|(?:n[º°]?|n[úu]mero)\s*(?:de\s+)?afiliaci[óo]n(?:\s+s\.\s?s\.)?|(?:afiliaci[óo]n\s+)?(?:a\s+)?la\s+seguridad\s+social|matr[íi]cule\s+(?:cns|nationale?|sociale?)|num[ée]ro\s+d['’]identification\s+national|nuit)[\s.:#]*$`)

// drivingLicence is a driving licence's title, in the languages of the
// EU's licence model and others: on such a card the fields are numbered
// (licenceNumbers, birthLabelled).
var drivingLicence = prefilter.MustCompile(`(?i)(?:^|[^\p{L}])(?:driving\s+licen[cs]e|driver(?:['’]?s|s['’])?\s+licen[cs]e|permis\s+de\s+conduire|f[üu]hrerschein|rijbewijs|patente\s+di\s+guida|permiso\s+de\s+conduc(?:ir|ción|cion)|carta\s+de\s+condu[çc][ãa]o|körkort|kørekort|førerkort|prawo\s+jazdy|ajokortti|řidičský\s+průkaz|vodičský\s+preukaz|vezetői\s+engedély|permis\s+de\s+conducere|vozačka\s+dozvola|vozniško\s+dovoljenje|juhiluba|vadītāja\s+apliecība|vairuotojo\s+pažymėjimas|sürücü\s+belgesi)(?:$|[^\p{L}])`)

// The EU model licence numbers its fields: 1 surname, 2 first names, 3
// date and place of birth, 4a-4c issue, expiry, authority, 4d the
// holder's personal number where a country prints one, 5 the licence
// number. On a driving licence a field's number is its label; the field's
// name may follow it, the number on the line below ("5. Skírteinisnúmer",
// found from outside). A Romanian licence's 4d is its holder's CNP, "4d.
// 1840512400716" (found from outside, eighty-third trial).
var (
	licenceNumberField = regexp.MustCompile(`(?m)^[ \t]*(?:5|4d)\.[ \t]*(?:\p{L}[\p{L} ./]*\n[ \t]*)?([A-Z0-9][A-Z0-9 ]{4,22}[A-Z0-9])`)
	licenceBirthField  = regexp.MustCompile(`^[ \t]*3\.[ \t]*$`)
)

// licenceNumbers returns where a driving licence's fields 5, its number,
// and 4d, its holder's personal number, stand: the field's first word
// when more follows ("5. MORGA856148EA9XY 12", the card's other print
// after it).
func licenceNumbers(lt *layout.Text) [][2]int {
	text := lt.String()
	var out [][2]int
	for _, m := range licenceNumberField.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[2], m[3]
		if i := strings.IndexByte(text[start:end], ' '); i >= 6 && digits(text[start:start+i]) >= 2 {
			end = start + i
		}
		if digits(text[start:end]) >= 2 {
			out = append(out, [2]int{start, end})
		}
	}
	return out
}

// documentNumberLabel names the number of the document it is on: on an
// identity document, that number is the holder's (identityLabelled checks
// the document is one).
var documentNumberLabel = regexp.MustCompile(`(?i)(?:\bdl\b\.?|\b(?:pass|badge)\s*(?:no\b\.?|number|nr\.?)|\b(?:employee|staff|student)\s*(?:no\b\.?|number|id\s*(?:no\b\.?|number)?)|\bidesp|\bseria\s+[A-Z]{2}\s+n(?:r|o)\.?|\bn[úu]m(?:ero)?\.?\s+(?:de\s+)?soporte?|\bcard\s*(?:serial\s*)?(?:no\b\.?|number|nr\.?)|\blicen[cs]e\s*(?:no\b\.?|number|nr\.?)|\bnumer\s+dowodu(?:\s+osobistego)?|\bdow[óo]d(?:u)?\s+osobist(?:y|ego)\s*(?:nr\b\.?|numer|seria\s+i\s+(?:nr\b\.?|numer))|\bdokument(?:en)?(?:nummer|nr\.?)|\bdocument\s*(?:no\b\.?|number|nr\.?)|\bn[°º]\s*(?:du\s+)?document|\bn[úu]mero\s+de\s+documento|\b(?:no|n[úu]m)\.?\s+de\s+licencia|\bn[úu]mero\s+de\s+licencia|\bnumero\s+(?:del\s+)?documento|skírteinisnúmer|\bdocumentnummer|(?:^|[^\p{L}])číslo\s+(?:dokladu|průkazu|preukazu|pasu)|\bokmány(?:azonosító|szám)|\bnumer\s+dokumentu|\bbroj\s+(?:dokumenta|osobne(?:\s+iskaznice)?|isprave)|(?:^|[^\p{L}])številka\s+(?:dokumenta|izkaznice)|\bdokumendi\s+number|\bdokumenta\s+numurs|\bdokumento\s+numeris|\bnum[ăa]rul\s+documentului|\bbelge\s+no|\bseri\s+no|\basiakirjan\s+numero|\bdokumentnr|(?:^|\s)№|^\s*n[°º]|\bdocumento?(?:\s*/\s*documento?)?|^\s*(?:n|no|nr)\.)[^\p{L}\p{N}]*$`)

// heading is the first lines of the text that hold anything, where a
// document's title is: an identity document's, not a receipt's item
// ("Passport photos x2").
func heading(lt *layout.Text) string {
	var b strings.Builder
	for i, n := 0, 0; i < len(lt.Lines()) && n < headingLines; i++ {
		if !lt.IsBlank(i) {
			b.WriteString(lt.LineText(i))
			b.WriteByte('\n')
			n++
		}
	}
	return b.String()
}

// headingLines is how many lines heading takes.
const headingLines = 4

// identityDocument tells an identity document by its title words; an
// event's accreditation pass too, its holder named and photographed
// ("PRESS AND VISITOR ACCREDITATION" over "Pass number: NWIS-P-00873",
// found from outside, hundred-and-twelfth trial).
var identityDocument = prefilter.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(?:passport|passeport|pasaporte|passaporto|reisepass|identity\s+card|id[-\s]?kort|identitetskort|personalausweis|carte\s+(?:nationale\s+)?d'identit[ée]|documento\s+nacional\s+de\s+identidad|carta\s+(?:d['’]\s*|di\s+)identit[àa]|identiteitskaart|henkilökortti|dow[óo]d\s+osobisty|paszport|občansk[ýy]\s+pr[ůu]kaz|občiansky\s+preukaz|személyi\s+igazolvány|útlevél|osobna\s+iskaznica|osebna\s+izkaznica|isikutunnistus|personas\s+apliecība|asmens\s+tapatybės\s+kortelė|cart[ãa]o\s+de\s+cidad[ãa]o|kimlik\s+kart[ıi]|residence\s+permit|residence\s+document|verblijfsdocument|titre\s+de\s+s[ée]jour|tarjeta\s+de\s+identidad|permiso\s+de\s+residencia|karta\s+pobytu|aufenthaltstitel|permesso\s+di\s+soggiorno|verblijfsvergunning|uppeh[åa]llstillst[åa]nd|oleskelulupa|driv(?:er|ing)(?:['’]?s|s['’])?\s+licen[cs]e|licencia\s+(?:para|de)\s+conducir|carte\s+de\s+identitate|permanent\s+resident\s+card|employment\s+pass|work\s+permit|arbeitserlaubnis|permis\s+de\s+travail|(?:staff|student|employee)\s+(?:id\s+|identification\s+)?card|accreditation|(?:visitor|access|security|press)\s+(?:pass|badge))(?:$|[^\p{L}\p{N}])`)

// vatLabel ends the text before a business's VAT or tax number, which
// may share a person's number's shape: Ireland's "IE 6388047V".
var vatLabel = regexp.MustCompile(`(?i)\b(?:vat|btw|tva|iva|mwst|ust|moms|gst|p\.\s?iva|partita iva)\b[^\n]{0,14}$`)

// passportNumber is a passport's label and, after it on its line, a
// value of a passport number's shape: eight or nine capitals and digits.
var passportNumber = regexp.MustCompile(`(?i:\b(?:passport\s*(?:no\b\.?|number|#)?|(?:reise)?pass(?:nummer|-?nr\.?)|n[°º]\s*(?:de\s+)?passeport|pasaporte\s*(?:n\.?[°º]|n[úu]mero)?|passaporto\s*(?:n\.?[°º]|numero)?|paszport(?:u)?\s*(?:nr\.?|numer)?|[úu]tlev[ée]l\s*sz[áa]m(?:a)?))[ \t]*[:#]?[ \t]*([A-Z0-9]{8,9})\b`)

// identityLabel is a label that names an identity document's number whatever
// its shape: a passport's, an identity card's, a residence permit's (a
// Spanish TIE's support number, "N° DE SOPORTE E47318826", found from
// outside, eighty-fourth trial), a French driving licence's "permis n°"
// in a claim (hundred-and-second trial), a Portuguese residence permit's
// "N.º do título" (hundred-and-fifteenth), a US licence's number after its
// state's name ("Driver's license: Massachusetts S21887604") and a
// Turkish "Ehliyet No" (hundred-and-first), a Swahili "Leseni ya udereva
// Na." (hundred-and-fourth).
var identityLabel = regexp.MustCompile(`(?i)(?:\bn[°º]\s*(?:de\s+)?soporte|\bn[úu]mero\s+de\s+soporte|\bpassport\s*(?:no\b\.?|number|#)?|\bpass(?:nummer|-?nr\.?)|\bn[°º]\s*(?:de\s+)?passeport|\bpasaporte\s*(?:n\.?[°º]|número)?|\bpassaporte\s*(?:n\.?[°º]|número)?|\bnational\s+id(?:entity)?\s*(?:no\b\.?|number|card(?:\s*\(?\s*(?:no\b\.?|number))?)?|\bidentity\s+(?:card\s+)?(?:no\b\.?|number)|\bid\s*card\s*(?:no\b\.?|number)|\bpersonal\s*id\s*(?:no\b\.?|number)?|\bpersonal\s+(?:no\b\.?|number)|\bnr\.?\s+personal|\bpersonalausweis(?:nummer|-?nr\.?)?|\b(?:driving|driver['’]?s?)\s+licen[cs]e\s*(?:no\b\.?|number|#)?(?:[^\p{L}\p{N}\n]*(?-i:[A-Z]{2,3}|\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?))?|\behliyet\s*(?:no\b\.?|numaras[ıi])|\bleseni\s+ya\s+udereva\s*(?:na\b\.?|namba)?|\bdl\s*/?\s*(?:no\b\.?|n\b|#)|\bdriver\b[^\n]{0,40}?\blicen[cs]e\s*(?:no\b\.?|number|#)|\bdriver['’]?s?\s+permit\s*(?:no\b\.?|number|#)?|(?:\b[cb]\.\s?i\.|\bbuletin(?:ul)?|\bcartea?\s+de\s+identitate)[^\n]{0,12}?\bseria\s+[A-Z]{2}\s+n(?:r|o)\.?|\bf[üu]hrerschein(?:nummer|-?nr\.?)?|\brijbewijs(?:nummer|\s*(?:nr\b\.?|nummer))|\bk[öo]rkortsnummer|\bf[øo]rerkortnummer|\bk[øo]rekortnummer|\bcin|\bcnie|\bpermis\s+de\s+conduire\s*(?:n[°º])?|\bpermis\s+n[°º]|\bn[úu]mero\s+da\s+carta(?:\s+de\s+condu[çc][ãa]o)?|\bcarta\s+de\s+condu[çc][ãa]o\s*(?:n\.?[°º])?|\bausweis(?:nummer|-?nr\.?)|\bnumer\s+dowodu(?:\s+osobistego)?|\bdow[óo]d(?:u)?\s+osobist(?:y|ego)\s*(?:nr\b\.?|numer|seria\s+i\s+(?:nr\b\.?|numer))|\bseria\s+i\s+(?:numer|nr\.?)\s+dowodu(?:\s+osobistego)?|\bcarta\s+d'identit[àa]\s*(?:n\.?[°º])?|\bdocumento\s+(?:de\s+)?identidad\s*(?:n\.?[°º])?|\bn[°º]\s*[ée]tranger(?:\s*\(agdref\))?|\bagdref|\bn[°º]\s*(?:de\s+)?titre(?:\s+de\s+s[ée]jour)?|\bresidence\s+permit\s*(?:no\b\.?|number)|\bn\.?\s*[º°]\s*(?:do\s+)?t[íi]tulo(?:\s+de\s+resid[êe]ncia)?|\buci(?:\s*/\s*iuc)?|\bid\s*(?:no\b\.?|number)(?:\s*/\s*no\s*id)?|\bregistro\s+geral(?:\s*(?:n[º°.]*|no\b\.?))?|\bn[úu]mero\s+(?:de\s+)?documento|\bt[íi]tulo\s+(?:de\s+)?eleitor(?:\s*n[º°.]*)?|\bcart[ãa]o\s+de\s+cidad[ãa]o(?:\s*n\.?[º°])?|\bzemis(?:-?nr\.?|\s*(?:no\b\.?|nummer|number))?|\bclave\s+de\s+elector)[^\p{L}\p{N}]*$`)

// otherNumberLabel names the number after it as another thing's: a
// policy's, a contract's, a claim's, an invoice's.
var otherNumberLabel = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:police|policy|p[óo]liza|ap[óo]lice|polizza|polis|polisa|contrat|contract|contrato|contratto|vertrag|dossier|sinistre|schaden|claim|siniestro|sinistro|facture|invoice|factura|fattura|rechnung|order|commande|pedido)(?:\s*(?:n[°º]|no\b\.?|nr\b\.?|number|num[ée]ro|n[úu]mero|numero|#))?[\s:.#]*$`)

// otherIDQualifier is a word before "ID No." that makes it some other
// number's label: a customer's, an order's.
var otherIDQualifier = regexp.MustCompile(`(?i)\b(?:customer|client|member|order|invoice|tax|vat|transaction|employee|staff|patient|policy|reference|ref|account|merchant|terminal|device|session|user|student|claim|case|batch|lot|product|item|vendor|supplier)\s*$`)

// idValueRe is an identity document's number: letters and digits, at
// least five digits, one group or two joined by a dash or a space, a
// letter prefix with a dash and a lone check digit after it allowed (a
// Portuguese driving licence's "L-1482736 5"), or three dashed groups
// (Ontario's "T7241-40738-30719", found from outside). Up to four letters
// before the first digit: OCR reads a Dutch card's "IXR04K7L2" as
// "IXRO4K7L2". Or a letter and twelve digits in threes, as Michigan
// writes its driver's licence numbers, "K423 561 874 219" (found from
// outside). Or eight digits with points, as an Argentine DNI prints
// them, "39.874.513" (found from outside). A rule OCR read as an
// underscore may end it (trimmed). Found from outside (thirty-second
// trial): a Brazilian RG with its state, "MG-14.582.337", a Chilean
// card's document number, "527.331.004", a senior citizen's card,
// "QC-2019-0884512", a Portuguese citizen card's "14328765 4 ZX9" and a
// Brazilian voter's card in fours, "1043 2987 0167". Found from outside
// (thirty-sixth trial): a Philippine driver's licence, "N03-12-004417".
// Found from outside (forty-sixth trial): a Swiss foreigner's ZEMIS
// number with its check digit after a point, "14837562.0", and a Mexican
// voter's card's elector key, "MRORLZ96092114M300". Found from outside
// (sixty-seventh trial): a Belgian eID card's number, "592-4471836-23".
// An Indian driving licence's state, office and number, "MH12
// 20110034817" (found from outside, seventy-first trial). Illinois's
// letter and eleven digits, "K152-4807-9231" (hundred-and-third).
// An accreditation pass's "NWIS-P-00873", four letters first (hundred-and-twelfth).
var idValueRe = regexp.MustCompile(`\b(?:\d{8}\.\d\b|[A-Z]\d{3}-\d{4}-\d{4}\b|\d{4} \d{4} \d{4}\b|[A-Z]{3} \d{6}\b|(?:[A-Z]{1,4}-){0,2}[A-Z]{0,4}\d[0-9A-Z]{3,11}(?:-\d{5}-\d{5}|[- ]\d{3,7}(?:-\d{2,7}){0,2}|-\d| \d(?: [A-Z]{2}\d)?\b)?|[A-Z]\d{3}(?: \d{3}){3}|(?:[A-Z]{2}-)?\d{1,3}\.\d{3}\.\d{3}|[A-Z]\d{2}-\d{2}-\d{6}|[A-Z]{6}\d{8}[HM]\d{3}|\d{3}-\d{7}-\d{2}|[A-Z]{2}\d{2}[ -]?\d{11})_?\b`)

// nationalIDs returns where national identity numbers are in the text.
func nationalIDs(lt *layout.Text, counts []lineDigits, taken [][2]int) [][2]int {
	text := lt.String()
	var locs [][2]int
	add := func(s [2]int) {
		if !overlaps(s, taken) && !overlaps(s, locs) {
			locs = append(locs, s)
		}
	}
	for _, s := range mrzDataLines(lt, counts) {
		add(s)
	}
	for _, f := range idForms {
		for _, m := range matchLines(lt, f.re, holding(counts, f.digits, f.run)) {
			var b strings.Builder
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					b.WriteString(text[m[g]:m[g+1]])
				}
			}
			if codeAround(text, m[0], m[1]) || groupGoesOn(text, m[0], m[1]) {
				continue
			}
			valid := f.valid(b.String())
			before := labelBefore(lt, m[0])
			named := namedID.MatchString(before)
			if !valid && !named {
				continue
			}
			if otherNumberLabel.MatchString(before) && !named {
				// A policy's or a claim's number that a national number's
				// form and check fit: "Police n° 44.128.903-7" (found from
				// outside, seventieth trial, a Chilean RUT's shape).
				continue
			}
			// A label a line break cut reads across it: "número de
			// afiliación a la⏎Seguridad Social 08/41275893/34" (found from
			// outside).
			if f.label != nil && !labelledBy(lt, f.label, m[0], m[1]) && !(f.above && valid && (labelledAbove(lt, f.label, m[0]) || labelledOverRows(lt, f.label, m[0], m[1]))) && !((valid || named) && f.label.MatchString(labelAcross(lt, m[0]))) || vatLabel.MatchString(before) || firmLabel.MatchString(before) {
				continue
			}
			if f.firms && firmAt(lt, m[0], m[1]) {
				continue
			}
			add([2]int{m[0], m[1]})
		}
	}
	mrz := mrzNumbers(lt)
	for _, n := range mrz {
		for off := 0; ; {
			i := strings.Index(text[off:], n)
			if i < 0 {
				break
			}
			s := [2]int{off + i, off + i + len(n)}
			off = s[1]
			if wordBounded(text, s[0], s[1]) && !mrzLineRe.MatchString(strings.TrimSpace(lt.LineText(lt.LineAt(s[0])))) {
				add(s)
			}
		}
	}
	// On an identity document (its title, or a machine-readable zone)
	// the document's own number is its holder's too.
	head := heading(lt)
	idDoc := identityDocument.MatchString(head) || len(mrz) > 0
	// Five digits at least, as most such numbers hold; on an identity
	// document, whose labels are the card's own, two will do: a Dutch
	// card's "NXH4R7K29" (found from outside).
	least := 5
	if idDoc {
		least = 2
	}
	for _, m := range matchLines(lt, idValueRe, holding(counts, least, 1)) {
		for m[1] > m[0] && text[m[1]-1] == '_' {
			m[1]-- // a rule OCR read after it, "RP7731245_"
		}
		if n := digits(text[m[0]:m[1]]); n < least || n < 5 && m[1]-m[0] < 6 {
			continue
		}
		if identityLabelled(lt, m[0], m[1], idDoc) && !firmLabel.MatchString(labelBefore(lt, m[0])) {
			add([2]int{m[0], m[1]})
		}
	}
	// A passport's number under a passport's own label, however few its
	// digits: "Passnummer: NW7R2K8L4" in a customs declaration (found
	// from outside, fiftieth trial), which the five digits above leave
	// out off an identity document.
	if !idDoc {
		for _, m := range passportNumber.FindAllStringSubmatchIndex(text, -1) {
			if v := text[m[2]:m[3]]; digits(v) >= 2 && strings.ContainsAny(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && !otherIDQualifier.MatchString(text[max(0, m[0]-30):m[0]]) {
				add([2]int{m[2], m[3]})
			}
		}
	}
	if drivingLicence.MatchString(head) {
		for _, s := range licenceNumbers(lt) {
			add(s)
		}
	}
	sort.Slice(locs, func(i, j int) bool { return locs[i][0] < locs[j][0] })
	return locs
}

// lineDigits is how many digits a line holds, and its longest run of
// digits.
type lineDigits struct{ n, run int }

// digitLines counts the digits of each line of the text.
func digitLines(lt *layout.Text) []lineDigits {
	text := lt.String()
	lines := lt.Lines()
	counts := make([]lineDigits, len(lines))
	for i, l := range lines {
		c, cur := &counts[i], 0
		for j := l.Start; j < l.End; j++ {
			if isDigit(text[j]) {
				c.n++
				cur++
				c.run = max(c.run, cur)
			} else {
				cur = 0
			}
		}
	}
	return counts
}

// matchLines runs re over the lines keep accepts (the line's index and
// text) and returns its submatches' offsets in the whole text. Only for
// forms that never span lines: it skips the lines that cannot hold one,
// and the regular expressions' cost is per byte searched.
func matchLines(lt *layout.Text, re *regexp.Regexp, keep func(i int, line string) bool) [][]int {
	text := lt.String()
	var out [][]int
	for i, l := range lt.Lines() {
		if !keep(i, text[l.Start:l.End]) {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(text[l.Start:l.End], -1) {
			for j := range m {
				if m[j] >= 0 {
					m[j] += l.Start
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// holding keeps the lines with at least n digits and a run of at least
// run.
func holding(counts []lineDigits, n, run int) func(int, string) bool {
	return func(i int, _ string) bool { return counts[i].n >= n && counts[i].run >= run }
}

// translationEnd is a label's translation after a slash, at the end of
// the text before a value.
var translationEnd = regexp.MustCompile(`\s*/\s*[^/\n\d]{1,30}$`)

// groupGoesOn reports whether text[start:end] is part of a longer run of
// digit groups: "4111 1111 1111" of a card's sixteen digits. A date or
// a time beside it is no group of it: "14.06.2031 85031245673", a card's
// expiry and its holder's PESEL (found from outside). A number that
// starts with letters starts there: "14 FEB 2033 GHA-719204883-6", an
// expiry and a Ghana card (eighty-eighth trial).
func groupGoesOn(text string, start, end int) bool {
	before := false
	if start >= 2 && isDigit(text[start]) && text[start-1] == ' ' && isDigit(text[start-2]) {
		i := start - 2
		for i > 0 && isDigit(text[i-1]) {
			i--
		}
		// Not a code's last digits: "RP0001 527 813 463", a T4's
		// account number beside the SIN as OCR flattened its boxes
		// (found from outside). An IBAN's country and check digits do
		// start a group: "FR29 2745 1889".
		switch {
		case i == 0:
			before = true
		case isLetter(text[i-1]):
			before = start-2-i == 1 && i >= 2 && isLetter(text[i-2]) && (i == 2 || !isAlnum(text[i-3]))
		default:
			before = !strings.ContainsRune("./:-", rune(text[i-1]))
		}
	}
	after := false
	if end+1 < len(text) && text[end] == ' ' && isDigit(text[end+1]) {
		i := end + 1
		for i < len(text) && isDigit(text[i]) {
			i++
		}
		after = i == len(text) || !strings.ContainsRune("./:-", rune(text[i])) && !isLetter(text[i])
	}
	return before || after
}

// labelledBy reports whether label names text[start:end]: it ends the
// text before it (on its line, or the line above when nothing is left of
// it) or is its column's header.
func labelledBy(lt *layout.Text, label *regexp.Regexp, start, end int) bool {
	before := labelBefore(lt, start)
	if label.MatchString(before) {
		return true
	}
	// A bilingual form's label: "Fødselsnummer / Personal ID No.:".
	if loc := translationEnd.FindStringIndex(before); loc != nil && label.MatchString(before[:loc[0]]) {
		return true
	}
	// A qualifier between the label and its value, in parentheses,
	// "Steuer-ID (für Vorsteuerabzug):", "BSN (t.b.v. fiscale opgave):"
	// (found from outside, forty-second trial), or saying what the
	// number is for, "NIF para fatura:" (forty-third trial).
	for _, q := range []*regexp.Regexp{qualifierEnd, purposeEnd} {
		if loc := q.FindStringIndex(before); loc != nil && label.MatchString(before[:loc[0]]+":") {
			return true
		}
	}
	// The same qualifier longer than the label's reach leaves the label
	// itself out of it: "Social Insurance Number (for tuition tax
	// receipts): 527 916 340" (found from outside, seventy-sixth trial).
	if left := lt.LeftOf(start); len(left) > len(before) {
		if loc := qualifierEnd.FindStringIndex(left); loc != nil && label.MatchString(layout.Tail(left[:loc[0]], labelReach)+":") {
			return true
		}
	}
	h, _, ok := lt.HeaderAbove(start, end)
	return ok && label.MatchString(h.Text)
}

// labelledAbove reports whether the line above start (one blank line
// skipped) holds label, a national number's (which ends the text it
// matches), in four letters or more, ending at a word's end at or right
// of the value's column: a card's or a form's row of labels over its row
// of values, whose columns OCR flattened (found from outside: "DATA
// WAŻNOŚCI / EXPIRY DATE NUMER PESEL / PERSONAL NUMBER" over "14.06.2031
// 85031245673", a T4's "12 Social insurance number 10 Province of
// employment" over "[527 816 409 | [on |"). The caller asks it only of
// a number whose check digits hold (idForm.above).
// labelledOverRows reports whether label heads the column a number
// starting its line stands in: the lines above it, none blank, start
// with a number of as many digits (the rows before it) up to the first
// row, whose line above names it (labelledAbove). An Estonian return's
// payees, "Isikukood Nimi Väljamakse liik …" over "38905124214 Martin
// Kask …" and two more rows (found from outside, eighty-fourth trial:
// the rows below the first were not found).
func labelledOverRows(lt *layout.Text, label *regexp.Regexp, start, end int) bool {
	if strings.TrimSpace(lt.LeftOf(start)) != "" {
		return false
	}
	lines := lt.Lines()
	li := lt.LineAt(start)
	first := start
	for i := li - 1; i >= 0 && li-i <= 100; i-- {
		row := strings.TrimLeft(lt.LineText(i), " \t")
		n := 0
		for n < len(row) && isDigit(row[n]) {
			n++
		}
		if n != end-start || n < len(row) && isAlnum(row[n]) {
			break
		}
		first = lines[i].Start + len(lt.LineText(i)) - len(row)
	}
	return first != start && labelledAbove(lt, label, first)
}

func labelledAbove(lt *layout.Text, label *regexp.Regexp, start int) bool {
	above, ok := lt.LineAbove(start)
	if !ok {
		return false
	}
	col := utf8.RuneCountInString(lt.LeftOf(start))
	for cut := range len(above) + 1 {
		if cut < len(above) && (above[cut] != ' ' || cut == 0 || above[cut-1] == ' ') {
			continue
		}
		head := above[:cut]
		if utf8.RuneCountInString(strings.TrimRight(head, " ")) < col {
			continue
		}
		if loc := label.FindStringIndex(head); loc != nil && letters(head[loc[0]:loc[1]]) >= 4 {
			return true
		}
	}
	return false
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// legalForm is a business's legal form in the languages whose
// national number a business shares with people (Croatia's OIB, Greece's
// ΑΦΜ, a DIČ, an IRD or TIN number): "VISAYAN BUILDERS & DEVELOPMENT
// CORP." over its TIN, "77.412.583-3 (Dulce Hogar SpA)", a Chilean
// company's RUT in the shape of a Brazilian RG (found from outside).
var legalForm = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:d\.\s?[o0]\.\s?[o0]\.?|j\.\s?d\.\s?[o0]\.\s?[o0]\.?|sp\.\s?z\s?[o0]\.\s?[o0]\.?|d\.\s?d\.|obrt|ustanova|udruga|ι\.\s?κ\.\s?ε\.?|α\.\s?ε\.?|ε\.\s?π\.\s?ε\.?|ο\.\s?ε\.?|ε\.\s?ε\.?|s\.\s?r\.\s?o\.?|a\.\s?s\.?|s\.\s?a\.?|s\.\s?r\.\s?l\.?|kft\.?|zrt\.?|gmbh|ltd\.?|limited|llc|inc\.?|pty|corp\.?|corporation|ltda\.?|lda\.?|(?-i:SpA|SPA|SAS|S\.A\.S\.))(?:$|[^\p{L}])`)

// qualifierEnd is a qualifier in parentheses ending a label, and what
// follows it up to the value.
var qualifierEnd = regexp.MustCompile(`[ \t]*\([^()\n]{1,40}\)[^\p{L}\p{N}]*$`)

// purposeEnd is a qualifier saying what a labelled number is for, of a
// preposition and up to three words, ending a label at its colon.
var purposeEnd = regexp.MustCompile(`(?i)[ \t]+(?:para|pour|for|per|für|fur|voor|na|do|da|de|del|della|du|zur|zum)(?:[ \t]+\p{L}+){1,3}[ \t]*:[^\p{L}\p{N}]*$`)

// firmNumber is a business register's number with its label: a number
// beside it is the organisation's too ("IČO: 00610381 DIČ: 2021132447",
// a Slovak hospital's, found from outside), a German VAT id beside a
// tax number (a vet's practice's "Steuernummer 232/118/04471 · USt-IdNr.
// DE287114503") and the employer's premises a wage tax certificate names
// ("Finanzamt der Betriebsstätte: Rosenheim, Steuernummer …"), both found
// from outside (seventy-second trial).
var firmNumber = regexp.MustCompile(`(?:^|[^\p{L}])(?:(?:I[ČC]O|I[ČC]|REGON|KRS|CVR(?:-nr)?|KvK|SIRE[NT]|HRB|CUI|Org\.?\s?nr)\.?[ \t]*[:.]?[ \t]*\d|(?i:ust-?id(?:\.?-?nr)?)\.?[ \t]*:?[ \t]*DE[ \t]?\d|(?i:betriebsst[äa]tte))`)

// personTitles are the titles a person's name follows.
const personTitles = `Mr|Mrs|Ms|Miss|Mx|Dr|Sr|Sra|Srta|Herr|Frau|Mme|Mlle|Dott|Dott\.ssa|Sig|Sig\.ra|Dhr|Mevr`

// personBefore is a person's title and name, then the number's label,
// ending the text before a number on its line.
var personBefore = regexp.MustCompile(`(?:^|[^\p{L}])(?:` + personTitles + `|M)\.?[ \t]+(?:\p{Lu}[\p{L}'’\-]*\.?[ \t]+){1,5}?\p{Lu}[\p{L}'’\-]*,?[ \t]+[\p{L}.\-/ ]{1,30}?[ \t]*[:#]?[ \t]*$`)

// firmLabel ends a label that names an employer's or a company's number,
// no person's: "Employer Reg. No. 9418273T" (its shape a PPS number's and
// its letter checking), "Employer's state ID no. 51827364" (found from
// outside, sixty-fourth trial).
var firmLabel = regexp.MustCompile(`(?i)\b(?:employer(?:'s|’s)?|company|business)\s+(?:(?:reg(?:istration)?|registered|state|tax|id|identification)\.?\s*)+(?:no\b\.?|number|nr\b\.?|#)?[^\p{L}\p{N}]*$`)

// personParty names a contract's party that is a person, as the party's
// line defines it: ("the Employee"), ("the Tenant").
var personParty = regexp.MustCompile(`(?i)\(\s*["“'‘]?the\s+(?:employee|tenant|lessee|borrower|buyer|purchaser|client|patient|insured|claimant|contractor|consultant|worker|student)["”'’]?\s*\)`)

// firmAt reports whether the line holding text[start:end], or one of the
// firmLines lines above it in its block (a blank line ends it), names a
// legal form: the number there is the business's. A party's block is its
// name, its address, then its number. A legal form above that holds a
// number of the same shape itself is another party's, with its own
// number: "Proveedor: Biobío Ltda. RUT 77.318.540-2" over "Solicitado
// por: Javiera Paz Muñoz Rojas (RUT 13.884.205-3)", a person's (found
// from outside, forty-first trial).
//
// A person named by a title right before the number on its line is its
// holder whatever firm stands above: "represented by its School
// Principal, Ms. Ma. Theresa Dela Cruz, TIN 418-227-905-000" under a
// foundation's "INC." (found from outside, fifty-second trial).
func firmAt(lt *layout.Text, start, end int) bool {
	li := lt.LineAt(start)
	if personBefore.MatchString(lt.LeftOf(start)) || personRoleBefore.MatchString(lt.LeftOf(start)) {
		return false
	}
	shape := numberShape(lt.String()[start:end])
	// In a letterhead, the first lines of a page, OCR parts the lines of
	// a firm's block by blank lines: there they do not end it (found from
	// outside, sixty-seventh trial: a Croatian agency's "OIB 30477185264"
	// below its "d.o.o." name and its street, each a blank line apart).
	// The number stands alone under its short label there ("OIB
	// 30477185264"), not in a party's sentence.
	left := strings.TrimSpace(lt.LeftOf(start))
	head := strings.TrimSpace(lt.RightOf(end)) == "" && len(left) <= 12 && !strings.ContainsAny(left, "0123456789") && nonBlankBefore(lt, li) < letterheadLines
	for i, seen := li, 0; i >= 0 && seen <= firmLines; i-- {
		if i < li && lt.IsBlank(i) {
			if head {
				continue
			}
			return false
		}
		seen++
		l := lt.LineText(i)
		if i < li && personParty.MatchString(l) {
			// A contract's person party between the firm's line and the
			// number: the number is the person's (found from outside,
			// sixty-fourth trial: an employee's IRD number under "and
			// Aroha …, Auckland ("the Employee")", below the employer's
			// "Limited").
			return false
		}
		if i < li && personNameLine.MatchString(l) {
			// A person's name field between the firm's line and the
			// number, "Ime i prezime odgovorne osobe: Ivana Horvat" over
			// "OIB: 43850129676": the number is the person's (found from
			// outside, hundred-and-eighteenth trial: a claim's OIB under
			// the insured clinic's "d.o.o." was read as the clinic's).
			return false
		}
		if legalForm.MatchString(l) || firmNumber.MatchString(l) {
			return i == li || !strings.Contains(numberShape(l), shape)
		}
		if head && i < li && partyLine.MatchString(l) {
			// A party's own line between ("Kupac: Ivan Horvat"): the
			// number below it is the party's.
			return false
		}
	}
	return false
}

// numberShape maps every digit of s to 9, so that numbers of one shape
// read alike.
func numberShape(s string) string {
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return '9'
		}
		return r
	}, s)
}

// firmLines is how many lines above a number firmAt looks at for a legal
// form: the name, then up to two address lines.
const firmLines = 3

// personRoleBefore ends the text before a number in a person's role, its
// name and the number's label on the number's own line: "Odgovorna osoba
// kupca: Ivana Horvat, OIB" under the buyer's "d.o.o." (found from
// outside, hundred-and-twenty-ninth trial): the number is the person's.
var personRoleBefore = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:osoba|osobe|osobu|oseba|person|persona|pessoa|personne|contact person|ansprechpartner(?:in)?)\b[^:\n]{0,30}:[ \t]*(?-i:\p{Lu}\p{Ll}+(?:[ \t-]+\p{Lu}\p{Ll}+){1,3}),?[ \t]*\p{L}{2,12}\.?[ \t]*:?[ \t]*$`)

// personNameLine is a form's field of a person's full name, filled:
// "Ime i prezime odgovorne osobe: Ivana Horvat", "Full name: …".
var personNameLine = regexp.MustCompile(`(?i)^\s*(?:ime\s+i\s+prezime|full\s+name|name\s+and\s+surname|first\s+and\s+last\s+name|nombre\s+y\s+apellidos?|nome\s+e\s+cognome|nome\s+completo|imi[eę]\s+i\s+nazwisko|jm[ée]no\s+a\s+p[řr][íi]jmen[íi]|meno\s+a\s+priezvisko|ime\s+in\s+priimek|vor-?\s*und\s+(?:nach|zu)name|nom\s+et\s+pr[ée]nom|pr[ée]nom\s+et\s+nom|naam\s+en\s+voornaam|voor-?\s*en\s+achternaam)\b[^:\n]{0,40}:\s*\p{Lu}`)

// partyLine is a labelled field naming a party: "Kupac: Ivan Horvat".
var partyLine = regexp.MustCompile(`^\s*\p{L}[\p{L} .'’]{1,30}:\s*\p{Lu}`)

// letterheadLines is how many lines that hold anything a page's
// letterhead takes at most.
const letterheadLines = 6

// nonBlankBefore counts the lines before line li that hold anything.
func nonBlankBefore(lt *layout.Text, li int) int {
	n := 0
	for i := range li {
		if !lt.IsBlank(i) {
			n++
		}
	}
	return n
}

// identityLabelled reports whether an identity document's label names
// text[start:end], and no qualifier makes it another number's.
func identityLabelled(lt *layout.Text, start, end int, idDoc bool) bool {
	before := labelBefore(lt, start)
	if idDoc && documentNumberLabel.MatchString(before) {
		return true
	}
	if loc := identityLabel.FindStringIndex(before); loc != nil {
		return !otherIDQualifier.MatchString(before[:loc[0]])
	}
	// A bilingual card's label, "Ausweis-Nr. / N°:" (found from outside,
	// forty-fourth trial: a Swiss residence permit's number).
	if t := translationEnd.FindStringIndex(before); t != nil {
		if loc := identityLabel.FindStringIndex(before[:t[0]]); loc != nil {
			return !otherIDQualifier.MatchString(before[:loc[0]])
		}
	}
	// A value alone on its line under its label's: "Numer dowodu
	// osobistego / Identity card number" over "DEF 918273" (found from
	// outside).
	if strings.TrimSpace(lt.LeftOf(start)) == "" && strings.TrimSpace(lt.RightOf(end)) == "" {
		if above, ok := lt.LineAbove(start); ok {
			if idDoc && documentNumberLabel.MatchString(above) {
				return true
			}
			if loc := identityLabel.FindStringIndex(above); loc != nil && !otherIDQualifier.MatchString(above[:loc[0]]) {
				return true
			}
		}
	}
	// On an identity document, the last field of a row under its
	// header's last label: "Type / Type Code / Code Passport No. / No. du
	// passeport" over "P GHA G3318407" (found from outside, eighty-sixth
	// and eighty-eighth trials: a Ghanaian passport's header row, its
	// columns' gaps closed by OCR).
	if idDoc && strings.TrimSpace(lt.RightOf(end)) == "" {
		if above, ok := lt.LineAbove(start); ok {
			if t := translationEnd.FindStringIndex(above); t != nil {
				above = above[:t[0]]
			}
			if loc := identityLabel.FindStringIndex(above); loc != nil && !otherIDQualifier.MatchString(above[:loc[0]]) {
				return true
			}
		}
	}
	h, _, ok := lt.HeaderAbove(start, end)
	if !ok {
		return false
	}
	if idDoc && documentNumberLabel.MatchString(h.Text) {
		// A card's fields in columns, the label over the value: "Seri
		// No / Document No" over "A24K71903" (found from outside).
		return true
	}
	// Not an employer's number under its column's header: a W-2's box
	// "Employer's state ID number" over "01184472-6" (found from outside,
	// eighty-fourth trial).
	loc := identityLabel.FindStringIndex(h.Text)
	return loc != nil && !otherIDQualifier.MatchString(h.Text[:loc[0]]) && !firmLabel.MatchString(h.Text)
}

// wordBounded reports whether text[start:end] is not part of a longer
// word or number.
func wordBounded(text string, start, end int) bool {
	isWord := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
	}
	return (start == 0 || !isWord(text[start-1])) && (end == len(text) || !isWord(text[end]))
}

func digits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// mrzLineRe is a line of a machine-readable zone: capitals, digits and
// fillers, 30 (identity cards) or 44 (passports) characters.
var mrzLineRe = regexp.MustCompile(`^[A-Z0-9<]{30}$|^[A-Z0-9<]{44}$`)

// mrzSecondLine is a passport's second MRZ line: number and check digit,
// nationality, date of birth and check digit, sex.
var mrzSecondLine = regexp.MustCompile(`^[A-Z0-9<]{9}\d[A-Z<]{3}\d{7}[MF<]`)

// mrzNumbers returns the document numbers of the machine-readable zones in
// the text whose check digits pass: a passport's (TD3: the second line
// starts with it) or an identity card's (TD1: the first line, from its
// sixth character).
func mrzNumbers(lt *layout.Text) []string {
	var out []string
	lines := lt.Lines()
	for i := range lines {
		l := strings.TrimSpace(lt.LineText(i))
		// A passport's second line as OCR may read it, a character or two
		// of its personal number misread or lost (found from outside:
		// "…M3402111]l<<…"): its start and the check digit decide.
		passport := len(l) >= 42 && len(l) <= 46 && strings.Contains(l, "<") && mrzSecondLine.MatchString(l)
		if !passport && (!mrzLineRe.MatchString(l) || !strings.Contains(l, "<")) {
			continue
		}
		var field string
		var check byte
		switch {
		case passport:
			// The second line: the number and its check digit, the
			// holder's nationality, date of birth and its check, sex.
			// The first line holds no digit.
			field, check = l[:9], l[9]
		case len(l) == 44:
			continue
		case len(l) == 30:
			if !strings.ContainsAny(l[:2], "ACI") || l[2] < 'A' || l[2] > 'Z' {
				continue
			}
			field, check = l[5:14], l[14]
		}
		if mrzCheck(field) != check {
			continue
		}
		if n := strings.TrimRight(field, "<"); len(n) >= 6 && digits(n) >= 4 {
			out = append(out, n)
		}
	}
	return out
}

// mrzDataLines returns the lines of machine-readable zones that hold a
// person's numbers: the document number, the date of birth and expiry,
// and on many identity cards the national number (the Estonian
// isikukood, the Romanian CNP). The whole line is personal data; the
// number found elsewhere in the text does not mask it. A line is taken as
// one when it holds only capitals, digits and filler (<), five digits
// and two fillers or ten digits and one (a TD2 line can be nearly full),
// 28 to 46 of them (TD1's 30, TD2's 36, TD3's 44, give or take what OCR
// drops or adds, spaces aside).
func mrzDataLines(lt *layout.Text, counts []lineDigits) [][2]int {
	var out [][2]int
	for i, l := range lt.Lines() {
		if counts[i].n < 5 {
			continue
		}
		text := lt.LineText(i)
		body := strings.TrimSpace(text)
		if !mrzLike(body, counts[i].n) && !td1Dates(body) {
			continue
		}
		start := l.Start + strings.Index(text, body)
		out = append(out, [2]int{start, start + len(body)})
	}
	return out
}

// mrzLike reports whether s, holding nDigits digits, reads as one line of
// a machine-readable zone.
func mrzLike(s string, nDigits int) bool {
	n, fill, spaces := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<':
			fill++
			n++
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			n++
		case c == ' ':
			spaces++
		default:
			return false
		}
	}
	return n >= 28 && n <= 46 && (fill >= 2 || fill == 1 && nDigits >= 10) && spaces <= 3
}

// td1Dates reports whether s is an identity card's second
// machine-readable line whose optional data fill it up, so that it holds
// no filler: the birth date and its check digit, the sex, the expiry and
// its check digit, the nationality, "8807146F3103027POL880714039204"
// (found from outside).
func td1Dates(s string) bool {
	if len(s) != 30 {
		return false
	}
	for i := 0; i < 30; i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '<') {
			return false
		}
	}
	return digits(s[:7]) == 7 && digits(s[8:15]) == 7 && s[6] == mrzCheck(s[:6]) && s[14] == mrzCheck(s[8:14]) &&
		strings.IndexByte("MFX<", s[7]) >= 0 && validDate(s[0:2], s[2:4], s[4:6])
}

// kvnrValid checks a German health insurance member number: the letter
// as its place in the alphabet, two digits, then the first eight digits,
// weighted 1, 2, 1, 2, ..., each product's digits summed; the sum modulo
// ten is the last digit.
func kvnrValid(s string) bool {
	if len(s) != 10 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	pos := int(s[0]-'A') + 1
	ds := []int{pos / 10, pos % 10}
	for i := 1; i <= 8; i++ {
		ds = append(ds, int(s[i]-'0'))
	}
	sum := 0
	for i, d := range ds {
		p := d * (1 + i%2)
		sum += p/10 + p%10
	}
	return sum%10 == int(s[9]-'0')
}

// mrzCheck is ICAO 9303's check digit of s: weights 7, 3, 1 over the
// characters' values (digits as themselves, A=10 … Z=35, < = 0), mod 10.
func mrzCheck(s string) byte {
	sum := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		v := 0
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		}
		sum += v * [3]int{7, 3, 1}[i%3]
	}
	return byte('0' + sum%10)
}

// validDate reports whether day, month and a two-digit year make a date
// in the 1900s or the 2000s.
func validDate(yy, mm, dd string) bool {
	y, m, d := atoi(yy), atoi(mm), atoi(dd)
	if y > 99 || m < 1 || m > 12 || d < 1 || d > 31 {
		return false
	}
	for _, century := range []int{1900, 2000} {
		if time.Date(century+y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Day() == d {
			return true
		}
	}
	return false
}

func dniValid(s string) bool {
	return "TRWAGMYFPDXBNJZSQVHLCKE"[atoi(s[:8])%23] == s[8]
}

// dniMisreadValid checks a DNI whose check letter OCR read as a digit:
// the letters that digit is read for (8 for B, 0 for D or O, 5 for S, 2
// for Z, 6 for G, 1 for L or T, 7 for T) hold the check letter.
func dniMisreadValid(s string) bool {
	looks := map[byte]string{'8': "B", '0': "DQ", '5': "S", '2': "Z", '6': "G", '1': "LT", '7': "T", '4': "A"}
	return len(s) == 9 && strings.IndexByte(looks[s[8]], "TRWAGMYFPDXBNJZSQVHLCKE"[atoi(s[:8])%23]) >= 0
}

func nieValid(s string) bool {
	return dniValid(string("012"[s[0]-'X']) + strings.ToUpper(s[1:]))
}

// codiceFiscaleValid checks the sixteenth character: odd positions (1st,
// 3rd, …) by one table, even ones by their value, mod 26.
func codiceFiscaleValid(s string) bool {
	odd := [36]int{1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23}
	val := func(c byte) int {
		if c >= '0' && c <= '9' {
			return int(c - '0')
		}
		return int(c-'A') + 10
	}
	sum := 0
	for i := range 15 {
		v := val(s[i])
		switch {
		case i%2 == 0:
			sum += odd[v]
		case v < 10:
			sum += v
		default:
			sum += v - 10
		}
	}
	return byte('A'+sum%26) == s[15]
}

// codiceFiscaleRe is a codice fiscale's shape: letters of the name and
// the place, digits of the birth date and the place (or the letters that
// stand for them in a homonym's code), the month's letter, the check
// letter.
var codiceFiscaleRe = regexp.MustCompile(`^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$`)

// codiceFiscaleKind is what each position of a codice fiscale holds: a
// letter, or a digit or the letter that may stand for it (any).
func codiceFiscaleKind(i int) charKind {
	switch i {
	case 0, 1, 2, 3, 4, 5, 8, 11, 15:
		return letterKind
	}
	return anyKind
}

// curpKind is what each position of a CURP holds: four letters, the
// birth date, the sex and five letters, a digit or a letter, the check
// digit.
func curpKind(i int) charKind {
	switch {
	case i < 4 || i >= 10 && i < 16:
		return letterKind
	case i < 10 || i == 17:
		return digitKind
	}
	return anyKind
}

// curpValid checks a CURP's eighteenth character: each of the first
// seventeen valued in 0-9A-NÑO-Z order and weighted 18 down to 2, the
// sum's complement to ten.
func curpValid(s string) bool {
	if len(s) != 18 || !isDigit(s[17]) {
		return false
	}
	sum := 0
	for i := range 17 {
		c := s[i]
		v := 0
		switch {
		case isDigit(c):
			v = int(c - '0')
		case c >= 'A' && c <= 'N':
			v = int(c-'A') + 10
		case c >= 'O' && c <= 'Z':
			v = int(c-'A') + 11
		default:
			return false
		}
		sum += v * (18 - i)
	}
	return byte('0'+(10-sum%10)%10) == s[17]
}

// nirValid checks a French NIR's key: 97 - (the first 13 digits mod 97),
// Corsica's 2A and 2B counted as 19 and 18.
func nirValid(s string) bool {
	if len(s) != 15 {
		return false
	}
	body := s[:13]
	var corsica int64
	switch s[5:7] {
	case "2A":
		body, corsica = body[:5]+"19"+body[7:], 1000000
	case "2B":
		body, corsica = body[:5]+"18"+body[7:], 2000000
	}
	n, err := strconv.ParseInt(body, 10, 64)
	if err != nil {
		return false
	}
	n -= corsica
	return 97-n%97 == int64(atoi(s[13:]))
}

// personnummerValid: YYMMDDNNNN, Luhn over the ten digits, the date real
// (a samordningsnummer adds 60 to the day).
func personnummerValid(s string) bool {
	dd := atoi(s[4:6])
	if dd > 60 {
		dd -= 60
	}
	return Luhn(s) && validDate(s[:2], s[2:4], strconv.Itoa(dd))
}

// kennitalaValid: DDMMYYNNCC, the ninth digit a mod-11 check of the
// first eight, the last a century (9, 0 or 8).
func kennitalaValid(s string) bool {
	sum := weighted(s, 3, 2, 7, 6, 5, 4, 3, 2)
	r := 11 - sum%11
	if r == 11 {
		r = 0
	}
	return r != 10 && int(s[8]-'0') == r && strings.ContainsRune("980", rune(s[9])) && validDate(s[4:6], s[2:4], s[:2])
}

func hetuValid(s string) bool {
	return "0123456789ABCDEFHJKLMNPRSTUVWXY"[atoi(s[:6]+s[7:10])%31] == s[10] && validDate(s[4:6], s[2:4], s[:2])
}

// rodneCisloValid: YYMMDD/NNN(N); the month plus 50 for women (plus 20 or
// 70 when a day's numbers ran out); ten digits divisible by 11.
func rodneCisloValid(s string) bool {
	mm := atoi(s[2:4])
	switch {
	case mm > 70:
		mm -= 70
	case mm > 50:
		mm -= 50
	case mm > 20:
		mm -= 20
	}
	if !validDate(s[:2], strconv.Itoa(mm), s[4:6]) {
		return false
	}
	if len(s) == 9 {
		return atoi(s[:2]) < 54
	}
	n, _ := strconv.ParseInt(s, 10, 64)
	return n%11 == 0 || n/10%11 == 10 && s[9] == '0'
}

func belgianValid(s string) bool {
	if len(s) != 11 {
		return false
	}
	body, _ := strconv.ParseInt(s[:9], 10, 64)
	check := int64(atoi(s[9:]))
	mm := atoi(s[2:4])
	if mm > 40 {
		mm -= 40 // a bis number
	} else if mm > 20 {
		mm -= 20
	}
	if mm > 12 {
		return false
	}
	return 97-body%97 == check || 97-(2000000000+body)%97 == check
}

// ninoValid rejects the prefixes HMRC never issues.
func ninoValid(s string) bool {
	switch s[:2] {
	case "BG", "GB", "NK", "KN", "TN", "NT", "ZZ":
		return false
	}
	return true
}

func ppsnValid(s string) bool {
	sum := 0
	for i := range 7 {
		sum += int(s[i]-'0') * (8 - i)
	}
	if len(s) == 9 {
		sum += 9 * int(s[8]-'A'+1)
	}
	return "WABCDEFGHIJKLMNOPQRSTUV"[sum%23] == s[7]
}

var (
	verhoeffD = [10][10]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5}, {2, 3, 4, 0, 1, 7, 8, 9, 5, 6}, {3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1}, {6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3}, {8, 7, 6, 5, 9, 3, 2, 1, 0, 4}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}
	verhoeffP = [8][10]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4}, {5, 8, 0, 3, 7, 9, 6, 1, 4, 2}, {8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1}, {2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8}}
)

func verhoeffValid(s string) bool {
	c := 0
	for i := range len(s) {
		c = verhoeffD[c][verhoeffP[i%8][int(s[len(s)-1-i]-'0')]]
	}
	return c == 0
}

// matriculeValid: Luxembourg's thirteen digits, a date of birth
// (YYYYMMDD), three digits, the Luhn check digit of the eleven before it
// and their Verhoeff check digit.
func matriculeValid(s string) bool {
	if len(s) != 13 || !validDate(s[2:4], s[4:6], s[6:8]) {
		return false
	}
	return Luhn(s[:12]) && verhoeffValid(s[:11]+s[12:])
}

// ramqValid: Québec's health insurance number, four letters, then the
// date of birth as YYMMDD (a woman's month plus 50) and two digits.
func ramqValid(s string) bool {
	mm := atoi(s[6:8])
	if mm > 50 {
		mm -= 50
	}
	return validDate(s[4:6], strconv.Itoa(mm), s[8:10])
}

// peselValid: weights 1,3,7,9 repeated over ten digits; the month carries
// the century (+20 for the 2000s).
func peselValid(s string) bool {
	sum := weighted(s, 1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
	mm := atoi(s[2:4]) % 20
	return (10-sum%10)%10 == int(s[10]-'0') && validDate(s[:2], strconv.Itoa(mm), s[4:6])
}

func tcknValid(s string) bool {
	if s[0] == '0' {
		return false
	}
	d := make([]int, 11)
	for i := range d {
		d[i] = int(s[i] - '0')
	}
	odd := d[0] + d[2] + d[4] + d[6] + d[8]
	even := d[1] + d[3] + d[5] + d[7]
	sum10 := 0
	for _, x := range d[:10] {
		sum10 += x
	}
	return ((odd*7-even)%10+10)%10 == d[9] && sum10%10 == d[10]
}

func fodselsnummerValid(s string) bool {
	d := make([]int, 11)
	for i := range d {
		d[i] = int(s[i] - '0')
	}
	k := func(w []int) int {
		sum := 0
		for i, x := range w {
			sum += d[i] * x
		}
		r := 11 - sum%11
		if r == 11 {
			r = 0
		}
		return r
	}
	k1 := k([]int{3, 7, 6, 1, 8, 9, 4, 5, 2})
	k2 := k([]int{5, 4, 3, 2, 7, 6, 5, 4, 3, 2})
	dd := atoi(s[:2])
	if dd > 40 {
		dd -= 40 // a D-number
	}
	return k1 == d[9] && k2 == d[10] && validDate(s[4:6], s[2:4], strconv.Itoa(dd))
}

// steuerIDValid: ISO 7064 MOD 11,10 over ten digits, the first not 0.
func steuerIDValid(s string) bool {
	if s[0] == '0' {
		return false
	}
	p := 10
	for i := range 10 {
		sum := (int(s[i]-'0') + p) % 10
		if sum == 0 {
			sum = 10
		}
		p = sum * 2 % 11
	}
	c := 11 - p
	if c == 10 {
		c = 0
	}
	return c == int(s[10]-'0')
}

// elevenProof is the Dutch BSN's check: 9·d1 + 8·d2 + … + 2·d8 − d9,
// divisible by 11.
func elevenProof(s string) bool {
	if len(s) != 9 {
		return false
	}
	sum := 0
	for i := range 8 {
		sum += int(s[i]-'0') * (9 - i)
	}
	sum -= int(s[8] - '0')
	return sum%11 == 0 && sum != 0
}

// nifValid: Portugal's NIF, weights 9…2 over eight digits, mod 11.
func nifValid(s string) bool {
	sum := 0
	for i := range 8 {
		sum += int(s[i]-'0') * (9 - i)
	}
	c := 11 - sum%11
	if c >= 10 {
		c = 0
	}
	return c == int(s[8]-'0')
}

// cnpValid: Romania's CNP, weights 2,7,9,1,4,6,3,5,8,2,7,9 mod 11 (10
// counts 1), the date of birth real.
func cnpValid(s string) bool {
	sum := weighted(s, 2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9)
	c := sum % 11
	if c == 10 {
		c = 1
	}
	return c == int(s[12]-'0') && validDate(s[1:3], s[3:5], s[5:7])
}

// amkaValid: Greece's AMKA, DDMMYY and five digits, the last a Luhn check.
func amkaValid(s string) bool {
	return Luhn(s) && validDate(s[4:6], s[2:4], s[:2])
}

// hungarianTaxIDValid: 8, five digits of days since 1867, three, and a
// check: the first nine digits weighted 1 to 9, mod 11 (never 10).
func hungarianTaxIDValid(s string) bool {
	sum := 0
	for i := range 9 {
		sum += int(s[i]-'0') * (i + 1)
	}
	return sum%11 != 10 && sum%11 == int(s[9]-'0')
}

// hungarianEducationIDValid: 7, nine digits, and a check: the first ten
// digits weighted 1 to 10, mod 11 (never 10).
func hungarianEducationIDValid(s string) bool {
	sum := 0
	for i := range 10 {
		sum += int(s[i]-'0') * (i + 1)
	}
	return sum%11 != 10 && sum%11 == int(s[10]-'0')
}

// tajValid: Hungary's TAJ, eight digits weighted 3 and 7 in turn, mod 10.
func tajValid(s string) bool {
	sum := 0
	for i := range 8 {
		sum += int(s[i]-'0') * [2]int{3, 7}[i%2]
	}
	return sum%10 == int(s[8]-'0')
}

// oibValid: Croatia's OIB, ISO 7064 MOD 11,10 over ten digits.
func oibValid(s string) bool {
	a := 10
	for i := range 10 {
		a = (a + int(s[i]-'0')) % 10
		if a == 0 {
			a = 10
		}
		a = a * 2 % 11
	}
	return (11-a)%10 == int(s[10]-'0')
}

// emsoValid: Slovenia's EMŠO (Yugoslavia's JMBG), DDMMYYY, six digits
// and a check: weights 7 to 2 twice, 11 minus the sum mod 11 (0 for 11,
// never 10).
func emsoValid(s string) bool {
	c := 11 - weighted(s, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)%11
	if c == 11 {
		c = 0
	}
	return c != 10 && c == int(s[12]-'0') && validDate(s[5:7], s[2:4], s[:2])
}

// isikukoodValid: Estonia's isikukood and Lithuania's asmens kodas,
// century and sex, YYMMDD, three digits and a check: weights 1 to 9 and
// 1 mod 11, or when that is 10 weights 3 to 9 and 1 to 3 (0 when 10
// again).
func isikukoodValid(s string) bool {
	c := weighted(s, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1) % 11
	if c == 10 {
		if c = weighted(s, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3) % 11; c == 10 {
			c = 0
		}
	}
	return c == int(s[10]-'0') && validDate(s[1:3], s[3:5], s[5:7])
}

// personasKodsValid: Latvia's personas kods, DDMMYY and five digits, the
// last a check (weights 1, 6, 3, 7, 9, 10, 5, 8, 4, 2; 1101 minus the
// sum, mod 11); those issued since 2017 start with 32 and carry no date
// or check.
func personasKodsValid(s string) bool {
	if strings.HasPrefix(s, "32") {
		return true
	}
	return (1101-weighted(s, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2))%11 == int(s[10]-'0') && validDate(s[4:6], s[2:4], s[:2])
}

// egnValid: Bulgaria's EGN, YYMMDD (the month plus 20 before 1900, plus
// 40 after 1999), three digits and a check: weights 2, 4, 8, 5, 10, 9,
// 7, 3, 6 mod 11 (0 for 10).
func egnValid(s string) bool {
	return weighted(s, 2, 4, 8, 5, 10, 9, 7, 3, 6)%11%10 == int(s[9]-'0') && validDate(s[:2], strconv.Itoa(atoi(s[2:4])%20), s[4:6])
}

// spiValid: France's numéro fiscal, thirteen digits: the last three are
// the first ten mod 511.
func spiValid(s string) bool {
	n, err := strconv.ParseInt(s[:10], 10, 64)
	return err == nil && int(n%511) == atoi(s[10:])
}

// nricValid: Singapore's NRIC or FIN, a letter, seven digits weighted 2,
// 7, 6, 5, 4, 3, 2 (plus 4 for T and G, 3 for M) and a check letter
// from the prefix's table.
func nricValid(s string) bool {
	sum := weighted(s[1:], 2, 7, 6, 5, 4, 3, 2)
	switch s[0] {
	case 'T', 'G':
		sum += 4
	case 'M':
		sum += 3
	}
	r := sum % 11
	switch s[0] {
	case 'S', 'T':
		return "JZIHGFEDCBA"[r] == s[8]
	case 'F', 'G':
		return "XWUTRQPNMLK"[r] == s[8]
	default:
		return "KLJNPQRTUWX"[10-r] == s[8]
	}
}

// cpfValid: Brazil's CPF, nine digits and two check digits, each 11
// minus a weighted sum mod 11 (0 for 10 and 11); a run of one digit is no
// number.
func cpfValid(s string) bool {
	if strings.Count(s, s[:1]) == len(s) {
		return false
	}
	check := func(n int) int {
		sum := 0
		for i := range n {
			sum += int(s[i]-'0') * (n + 1 - i)
		}
		c := 11 - sum%11
		if c >= 10 {
			c = 0
		}
		return c
	}
	return check(9) == int(s[9]-'0') && check(10) == int(s[10]-'0')
}

// saIDValid: South Africa's identity number, thirteen digits: the date
// of birth YYMMDD, four digits, citizenship (0, 1, or 2 for a refugee),
// a digit and a Luhn check.
func saIDValid(s string) bool {
	return s[10] <= '2' && validDate(s[:2], s[2:4], s[4:6]) && Luhn(s)
}

// ean13Valid: an EAN-13 check digit (Switzerland's AHV number):
// weights 1 and 3 in turn, mod 10.
func ean13Valid(s string) bool {
	sum := 0
	for i := range 12 {
		sum += int(s[i]-'0') * [2]int{1, 3}[i%2]
	}
	return (10-sum%10)%10 == int(s[12]-'0')
}

// nhsValid: the UK's NHS number, nine digits weighted 10 to 2, 11 minus
// the sum mod 11 (0 for 11, never 10).
func nhsValid(s string) bool {
	c := 11 - weighted(s, 10, 9, 8, 7, 6, 5, 4, 3, 2)%11
	if c == 11 {
		c = 0
	}
	return c != 10 && c == int(s[9]-'0')
}

// tfnValid: an Australian tax file number, eight or nine digits weighted
// 1, 4, 3, 7, 5, 8, 6, 9, 10 (10 dropped for eight), the sum divisible by
// 11.
func tfnValid(s string) bool {
	w := []int{1, 4, 3, 7, 5, 8, 6, 9, 10}
	if len(s) == 8 {
		w = []int{10, 7, 8, 4, 6, 3, 5, 1}
	}
	if len(s) != len(w) {
		return false
	}
	return weighted(s, w...)%11 == 0
}

// slNICValid: a Sri Lankan NIC, twelve digits (the birth year's four) or
// nine (its last two) and a letter: the day of the year follows the year,
// 500 added for a woman.
func slNICValid(s string) bool {
	day := s[2:5]
	if len(s) == 12 {
		if y := s[:2]; y != "19" && y != "20" {
			return false
		}
		day = s[4:7]
	}
	d, _ := strconv.Atoi(day)
	if d > 500 {
		d -= 500
	}
	return d >= 1 && d <= 366
}

// cuilValid: Argentina's CUIL or CUIT, its first ten digits weighted 5,
// 4, 3, 2, 7, 6, 5, 4, 3, 2, 11 minus the sum mod 11 (0 for 11; 10 is
// never issued) the eleventh.
func cuilValid(s string) bool {
	c := 11 - weighted(s, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)%11
	if c == 11 {
		c = 0
	}
	return c != 10 && c == int(s[10]-'0')
}

// rutKValid: Brazil's RG and Chile's RUT in their shared shape: a check
// digit or an RG's X, taken as written, or a RUT's K, which its mod 11
// check must give (found from outside, thirty-second trial: "8.765.432-K"
// was missed, while every RUT ending in a digit was found).
func rutKValid(s string) bool {
	check := s[len(s)-1]
	if check != 'K' && check != 'k' {
		return true
	}
	sum, w := 0, 2
	for i := len(s) - 2; i >= 0; i-- {
		sum += int(s[i]-'0') * w
		if w++; w > 7 {
			w = 2
		}
	}
	return 11-sum%11 == 10
}

// hkidValid: a Hong Kong identity card number, one or two letters (a
// space before one counts 36), six digits and a check, weighted 9 to 2
// mod 11 ("A" for 10).
func hkidValid(s string) bool {
	if len(s) < 8 {
		return false
	}
	check, body := s[len(s)-1], s[:len(s)-1]
	letters := strings.TrimRight(body, "0123456789")
	digitsPart := body[len(letters):]
	if len(digitsPart) != 6 || len(letters) < 1 || len(letters) > 2 {
		return false
	}
	sum := 0
	if len(letters) == 1 {
		sum = 9*36 + 8*int(letters[0]-'A'+10)
	} else {
		sum = 9*int(letters[0]-'A'+10) + 8*int(letters[1]-'A'+10)
	}
	for i := range 6 {
		sum += (7 - i) * int(digitsPart[i]-'0')
	}
	c := (11 - sum%11) % 11
	want := byte('0' + c)
	if c == 10 {
		want = 'A'
	}
	return check == want
}

// afmValid: Greece's tax number (ΑΦΜ), its first eight digits weighted by
// powers of two from 256, the sum mod 11 mod 10 the ninth.
func afmValid(s string) bool {
	sum := 0
	for i := range 8 {
		sum += int(s[i]-'0') << (8 - i)
	}
	return sum%11%10 == int(s[8]-'0')
}

// rnokppValid: Ukraine's taxpayer number, its first nine digits weighted
// -1, 5, 7, 9, 4, 6, 10, 5, 7, the sum mod 11 then mod 10 the tenth.
func rnokppValid(s string) bool {
	w := []int{-1, 5, 7, 9, 4, 6, 10, 5, 7}
	sum := 0
	for i, x := range w {
		sum += int(s[i]-'0') * x
	}
	return ((sum%11+11)%11)%10 == int(s[9]-'0')
}

// siTaxValid: Slovenia's davčna številka, seven digits weighted 8 to 2,
// 11 minus the sum mod 11 (0 for 10, never 11).
func siTaxValid(s string) bool {
	c := 11 - weighted(s, 8, 7, 6, 5, 4, 3, 2)%11
	if c == 10 {
		c = 0
	}
	return c != 11 && s[0] != '0' && c == int(s[7]-'0')
}

// ukLicenceValid: a UK driving licence number's birth month (plus 50 for
// a woman) and day.
func ukLicenceValid(s string) bool {
	m, d := atoi(s[6:8])%50, atoi(s[8:10])
	return m >= 1 && m <= 12 && d >= 1 && d <= 31
}

// weighted sums the first len(w) digits of s, each times its weight.
// nafValid checks a Spanish social security number: the province and
// the number after it, as one number when that is 10,000,000 or more and
// as province × 10,000,000 plus it when less, modulo 97 are its last two
// digits.
func nafValid(s string) bool {
	if len(s) != 12 {
		return false
	}
	prov, seq, dc := int64(atoi(s[:2])), int64(atoi(s[2:10])), atoi(s[10:])
	n := seq + prov*10_000_000
	if seq >= 10_000_000 {
		n = prov*100_000_000 + seq
	}
	return int(n%97) == dc
}

// svNummerValid checks a German social insurance number (two digits,
// the birth date DDMMYY, a letter, three digits): its birth date, and its
// check digit, the sum of the digit sums of the digits (the letter as its
// place in the alphabet, two digits) times 2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1,
// modulo 10.
func svNummerValid(s string) bool {
	if len(s) != 12 || !validDate(s[6:8], s[4:6], s[2:4]) {
		return false
	}
	letter := int(s[8]-'A') + 1
	ds := s[:8] + string([]byte{byte('0' + letter/10), byte('0' + letter%10)}) + s[9:11]
	w := []int{2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1}
	sum := 0
	for i := range w {
		p := int(ds[i]-'0') * w[i]
		sum += p/10 + p%10
	}
	return sum%10 == int(s[11]-'0')
}

// atSVNRValid checks an Austrian social insurance number: a serial of
// three digits, a check digit, the birth date DDMMYY; the check is the
// digits times 3, 7, 9, (the check's place), 5, 8, 4, 2, 1, 6, modulo 11.
func atSVNRValid(s string) bool {
	if len(s) != 10 || s[0] == '0' || !validDate(s[8:10], s[6:8], s[4:6]) {
		return false
	}
	c := (weighted(s[:3], 3, 7, 9) + weighted(s[4:], 5, 8, 4, 2, 1, 6)) % 11
	return c != 10 && c == int(s[3]-'0')
}

// myKadValid checks a Malaysian identity card number: its birth date
// (YYMMDD) and its place of birth's code (a state's 01-16, a foreign
// country's 60-98 and others; never 00, 17-20, 69, 70, 73, 80, 81, 99).
func myKadValid(s string) bool {
	if len(s) != 12 || !validDate(s[:2], s[2:4], s[4:6]) {
		return false
	}
	switch p := atoi(s[6:8]); {
	case p == 0, p >= 17 && p <= 20, p == 69, p == 70, p == 73, p == 80, p == 81, p == 99:
		return false
	}
	return true
}

// medicareValid checks an Australian Medicare number: its ninth digit is
// the first eight times 1, 3, 7, 9, 1, 3, 7, 9, modulo 10.
func medicareValid(s string) bool {
	return len(s) == 10 && weighted(s, 1, 3, 7, 9, 1, 3, 7, 9)%10 == int(s[8]-'0')
}

// cnsValid checks a Brazilian health card number (Cartão Nacional de
// Saúde): its fifteen digits times 15 down to 1 sum to a multiple of 11.
func cnsValid(s string) bool {
	return len(s) == 15 && weighted(s, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)%11 == 0
}

func weighted(s string, w ...int) int {
	sum := 0
	for i, x := range w {
		sum += int(s[i]-'0') * x
	}
	return sum
}

// israelIDValid: Israel's identity number, nine digits whose last checks
// the others, doubled in turn and their digits summed, to a multiple of
// ten.
func israelIDValid(s string) bool {
	if len(s) != 9 {
		return false
	}
	sum := 0
	for i, r := range s {
		d := int(r-'0') * (i%2 + 1)
		sum += d/10 + d%10
	}
	return sum%10 == 0
}

// rrnValid: Korea's resident registration number, its birth date and
// its check digit (weights 2 to 9, then 2 to 5, mod 11).
func rrnValid(s string) bool {
	if len(s) != 13 || !validDate(s[0:2], s[2:4], s[4:6]) {
		return false
	}
	sum := 0
	for i, w := range []int{2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5} {
		sum += int(s[i]-'0') * w
	}
	return (11-sum%11)%10 == int(s[12]-'0')
}

// taiwanLetters are the values of the first letter of Taiwan's national
// ID, by its place in the alphabet.
var taiwanLetters = [26]int{10, 11, 12, 13, 14, 15, 16, 17, 34, 18, 19, 20, 21, 22, 35, 23, 24, 25, 26, 27, 28, 29, 32, 30, 31, 33}

// taiwanIDValid: Taiwan's national ID, a letter standing for two digits,
// then nine digits, weighted 1, 9, 8, ..., 1, 1 to a multiple of ten.
func taiwanIDValid(s string) bool {
	if len(s) != 10 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	v := taiwanLetters[s[0]-'A']
	sum := v/10 + (v%10)*9
	for i := 1; i < 10; i++ {
		w := 9 - i
		if i == 9 {
			w = 1
		}
		sum += int(s[i]-'0') * w
	}
	return sum%10 == 0
}

// cccdShape: Vietnam's citizen identity card number, twelve digits
// opening with a province's code (001-096) and the digit for the
// holder's century and sex (0-3: born 1900-2099).
func cccdShape(s string) bool {
	if len(s) != 12 {
		return false
	}
	p := atoi(s[:3])
	return p >= 1 && p <= 96 && s[3] <= '3'
}

// thaiIDValid: Thailand's ID, twelve digits weighted 13 down to 2 and a
// check digit, (11 - sum mod 11) mod 10.
func thaiIDValid(s string) bool {
	if len(s) != 13 || s[0] == '0' {
		return false
	}
	sum := 0
	for i := 0; i < 12; i++ {
		sum += int(s[i]-'0') * (13 - i)
	}
	return (11-sum%11)%10 == int(s[12]-'0')
}

// myNumberValid: Japan's individual number, eleven digits weighted from
// the right 2 to 7 and 2 to 6, and a check digit, 11 - sum mod 11, 0 for
// a remainder of 0 or 1.
func myNumberValid(s string) bool {
	if len(s) != 12 {
		return false
	}
	sum := 0
	for n := 1; n <= 11; n++ {
		q := n + 1
		if n > 6 {
			q = n - 5
		}
		sum += int(s[11-n]-'0') * q
	}
	check := 0
	if r := sum % 11; r > 1 {
		check = 11 - r
	}
	return check == int(s[11]-'0')
}
