package pii

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/docket-run/docket/pkg/layout"
)

// month is a month's name: in English, whole or cut short, or in full in
// Dutch, French, German, Spanish, Portuguese, Italian, Swedish, Danish,
// Norwegian or Polish (found from outside: "geboortedatum 9 januari 1984", "nato il 4 aprile
// 1969", "ur. 5 maja 1970").
const month = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|` +
	`januari|januar|janvier|j[äa]nner|enero|janeiro|gennaio|februari|februar|f[ée]vrier|febrero|fevereiro|febbraio|` +
	`maart|mars|m[äa]rz|maerz|marzo|mar[çc]o|avril|abril|aprile|mei|mai|maj|mayo|maio|maggio|juin|junio|junho|giugno|` +
	`juillet|julio|julho|luglio|augustus|augusti|ao[ûu]t|agosto|septembre|septiembre|setiembre|setembro|settembre|` +
	`oktober|octobre|octubre|outubro|ottobre|novembre|noviembre|novembro|dezember|d[ée]cembre|diciembre|dezembro|dicembre|` +
	// Polish, as dates write it (genitive) and as a form's field does.
	`stycznia|stycze[ńn]|lutego|luty|marca|marzec|kwietnia|kwiecie[ńn]|maja|czerwca|czerwiec|lipca|lipiec|sierpnia|sierpie[ńn]|` +
	`wrze[śs]nia|wrzesie[ńn]|pa[źz]dziernika|pa[źz]dziernik|listopada|listopad|grudnia|grudzie[ńn]|` +
	// Danish, Swedish and Norwegian where they differ from the above
	// (found from outside: "Fødselsdato: 12. marts 1979", "Födelsedatum:
	// 4 juni 1981").
	`marts|juni|juli|desember|` +
	// Hungarian (found from outside: "1988. április 27.").
	`janu[áa]r|febru[áa]r|m[áa]rcius|[áa]prilis|m[áa]jus|j[úu]nius|j[úu]lius|augusztus|szeptember|okt[óo]ber|` +
	// Romanian (found from outside, ninety-sixth trial: "Data nașterii:
	// 15 septembrie 1962" on a birth certificate).
	`ianuarie|februarie|martie|aprilie|iunie|iulie|septembrie|octombrie|noiembrie|decembrie|` +
	// Dutch and German abbreviations as identity cards print them
	// (found from outside: a Belgian card's "14 MAA 1992").
	`maa|mrt|mrz|okt|dez|` +
	// Spanish, Portuguese, Italian and French ones (found from outside:
	// an Argentine DNI's "23 AGO 1996").
	`ene|abr|ago|dic|fev|set|out|gen|mag|giu|lug|ott|janv|f[ée]vr|avr|juil|d[ée]c)`

// bilingualMonth is a month name, or as a bilingual card writes it, with
// its name in another language before or after a slash: "MAA/MAR",
// "MAR/MAA", "APR /AVR".
const bilingualMonth = `(?:\p{L}{3,4} ?/ ?` + month + `|` + month + `(?: ?/ ?\p{L}{3,4})?)`

// numericDate is a date of numbers: 17/09/1973, 09-17-73, 17.09.1973,
// 17 09 1973, 22. 3. 1958, 1973-09-17, and Hungary's 1972. 04. 09., and
// a Lithuanian card's 1992 08 14 (found from outside, eighty-eighth
// trial), and 11.04 1984, a scanned card's second point lost by OCR
// (hundred-and-sixteenth trial); its seven groups are dateRe's.
const numericDate = `(\d{1,2})(?:[./\-](\d{1,2})(?:[./\-]|\.?\s)|\.?\s(\d{1,2})\.?\s)(\d{4}|\d{2})|(\d{4})(?:[./\-]|[.,]?\s)(\d{1,2})(?:[./\-]|\.?\s)(\d{1,2})`

var (
	// dateRe matches a date: 17/09/1973, 09-17-73, 17.09.1973, 17 09 1973,
	// 22. 3. 1958, 1973-09-17, 17 Sep 1973, 17th of September 1973,
	// September 17, 1973, 12 MAA/MAR 1995, 11 APR /AVR 85, 3. März 1980, 1er mars 1975,
	// 5 de mayo de 1970, as a Romanian birth certificate fills its field,
	// anul 1985 luna martie ziua 12 (found from outside, ninety-seventh
	// trial), and as OCR read one, 4: juni 1981. Only a birth
	// label makes one personal data, so the looser forms cost no
	// precision elsewhere.
	dateRe = regexp.MustCompile(`(?i)\b(?:` + numericDate + `|\d{1,2}(?:st|nd|rd|th|er|:)?[ \-.]*(?:(?:of|de) )?` + bilingualMonth + `\.?,?[ \-.]*(?:de )?(?:\d{4}|\d{2})|` + month + `\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{4}\.? ` + month + `\.? \d{1,2}|anul \d{4},? luna ` + month + `,? ziua \d{1,2})\b`)
	// dateNumRe is dateRe on a line without a letter, where no month
	// name can stand: the same matches and submatches (the numeric forms
	// hold all of dateRe's groups), without the case-folded names, which
	// cost the most on a line of numbers.
	dateNumRe = regexp.MustCompile(`\b(?:` + numericDate + `)\b`)
	// birthLabel ends a text that labels a date of birth. A format hint
	// may follow the label, "Date of birth (DD/MM/YYYY):", and so may its
	// translation on a bilingual form, "Date of Birth / Data tat-Twelid",
	// and a passport's field number, "Date of birth/Date de naissance
	// (4)" (found from outside, seventieth trial), and whose birth it is
	// in capitals, "Geburtsdatum VN:", the policyholder's (hundred-and-
	// seventh).
	// "Born" in any of the languages may name the place before the date
	// ("nato a Roma il", "né à Lyon le", "geboren in Berlin am").
	birthLabel = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_])(?:\pLate of birth|day ?/ ?month ?/ ?year of birth|birth ?date|birthday|d\.? ?o\.? ?b\.?|born(?: on)?|geburtsdatum|geb\.? ?-? ?datum|geburtstag|geb\.(?: am)?|geboren(?: am| op)?|geboortedatum|date de naissance|f[öo]delsedatum|f[öo]dd(?: den)?|f[øo]dt(?: den)?|f[øo]dselsdato|data urodzenia|ur\.|urodzon(?:y|a|ą|ej|ego|ym)(?: w [^\d\n]{1,30}?)?|` +
		// Languages outside the corpus (found from outside): Estonian,
		// Croatian and Serbian ("rođena 14. 3. 1993.", found from outside,
		// ninetieth trial), Slovenian, Catalan, Czech, Slovak,
		// Lithuanian, Finnish, Hungarian (its possessive forms too, a
		// death certificate's "Születési helye, ideje:", found from outside,
		// fifty-sixth trial, and as OCR may accent it, "Szülétési",
		// eighty-third), Romanian; Indonesian's "Tgl" as OCR may
		// read it, "Tg!" (seventy-seventh trial).
		`s(?:[üu]|ii)nniaeg|ro(?:đ|dj)en[ao]?|rojen[ao]?|do[gğ]um tarihi|f[æa]e?[ðd]ingardag(?:ur)?|dzim[šs]anas datums|datum ro(?:đ|dj|d)enja|datum rojstva|data de naixement|datum narozen\p{L}?|nar\.|narozen[aáý]?|d[áa]tum narodenia|gimimo data|syntym[äa]aika|sz[üu]l[eé]t[ée]si (?:d[áa]tum(?:a)?|id(?:[őo]|eje|[őo]pont(?:ja)?))|imerominia genn[iy]s[ie]s|data na[șşs]terii|d[áa]ta breithe|tarehe ya kuzaliwa|ali(?:ye)?zaliwa(?: tarehe)?|tanggal lahir|tg[l!1I|]\.? lahir|tarikh lahir|naroden[ýyáa]|dyddiad geni|jaiotze data|jaiotza data|nacimiento|ngày sinh|datelindja|data e lindjes|` +
		// The same in their own scripts: Greek, Bulgarian, Russian,
		// Ukrainian, Serbian (found from outside).
		`ημερομηνία γέννησης|ημ\. ?γέννησης|дата на раждане|дата рождения|дата народження|датум рођења|` +
		`(?:born|geboren|n[ée](?:e|\(e\))?|nacid[oa]|nascid[oa]|nat[oa])(?: (?:in|at|te|à|a|en|em) [^\d\n]{1,30}?)?,? (?:on|am|op|le|el|il|em|a|l['’])|fecha de nacimiento|data di nascita|data de nascimento|(?:data e local de nascimento|fecha y lugar de nacimiento|date et lieu de naissance|data e luogo di nascita|date and place of birth)|(?:luogo e data di nascita|lieu et date de naissance|place and date of birth|lugar y fecha de nacimiento|local e data de nascimento|geburtsort und -?datum|sz[üu]l[eé]t[ée]si helye?,? (?:és )?id(?:[őo]|eje)|tempat\s*/\s*tg[l!1I|]\.?\s*lahir|tempat\s*/\s*tanggal\s+lahir|tempat,? tanggal lahir)[\s:.\-]*[^\d\n]{0,40})(?:[ \t]+(?-i:\p{Ll})[\p{L}'’\-]*(?:[ \t]+\p{L}[\p{L}'’\-]*){0,2}|[ \t]+(?-i:\p{Lu}{2,3}))?(?:\s*\((?:[dmyj]+[./\- ]?){1,3}\))?(?:\s*/\s*[^/\n\d]{1,30})?(?:\s*\(\d{1,2}[a-z]?\))?[\s:.\-–—=|*_\[]*$`)
)

// placeAndDateEnd is a label of the place and date of birth ending a
// line.
var placeAndDateEnd = regexp.MustCompile(`(?i)(?:` + placeAndDate + `)[\s:.\-]*$`)

// placeAndDate are the labels of a place and date of birth.
const placeAndDate = `luogo e data di nascita|lieu et date de naissance|place and date of birth|lugar y fecha de nacimiento|local e data de nascimento|geburtsort und -?datum|geboorteplaats en -?datum|sz[üu]l[eé]t[ée]si helye?,? (?:és )?id(?:[őo]|eje)`

// placeThenDate ends the text before a date with a place-and-date label
// and the place: "Geboorteplaats en -datum:   Brugge, " (found from
// outside, sixty-fourth trial, a Belgian identity card's printout).
var placeThenDate = regexp.MustCompile(`(?i)(?:` + placeAndDate + `)[\s:.\-]*\p{L}[^\d\n]{0,40}?,?[ \t]*$`)

// dateAtEnd is a date at the end of a text, spaces after it.
var dateAtEnd = regexp.MustCompile(dateRe.String() + `[ \t]*$`)

// connector is what may stand left of a date of birth on its line when
// its label ended the line above: the word that joins "born" (and the
// place) to the date.
var connector = regexp.MustCompile(`(?i)^\s*(?:on|am|op|le|el|il|em|a|den)\s*$`)

// bound ends the text before a date that bounds a birth, a rule's and
// no one's: "because you were born before 22 September 1960" (found
// from outside, forty-fourth trial: a pension letter's).
var bound = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:before|after|between|prior\s+to|since|until|vor\s+dem|nach\s+dem|avant\s+le|apr[èe]s\s+le|antes\s+del?|despu[ée]s\s+del?|prima\s+del|dopo\s+il)\s*$`)

// hintEnd ends a label with a date's format in parentheses, "(AAAA-MM-JJ)
// :", in English, French, German, Spanish and Dutch letters, a
// century's too ("(MM/DD/CCYY)", a US dental claim form's, found from
// outside, sixty-eighth trial).
var hintEnd = regexp.MustCompile(`(?i)\s*\(\s*(?:[dmyjatgc]+[./\- ]?){3}\s*\)[\s:.\-]*$`)

// formatHint is a line that only shows a date's format: "(DD/MM/YYYY)".
var formatHint = regexp.MustCompile(`(?i)^\s*\(?\s*(?:[dmyjc]+[./\- ]?){3}\s*\)?\s*$`)

// birthDates finds dates of birth: a date whose label says so, where the
// label is left of the date on its line ("DOB: 01/02/1980", "born on
// March 3, 1975"), at the end of the line above a date that starts its
// line ("Date of birth:" then the date on the next line), or the header of
// the table column the date is in. Any other date — of an invoice, a
// visit, an issue or expiry — is not personal data here.
func birthDates(lt *layout.Text, counts []lineDigits) [][2]int {
	text := lt.String()
	var locs [][2]int
	// A date holds three digits or more ("1 Jan 85") and, but for a
	// spaced one OCR broke across lines, stands on one line: matching
	// line by line skips prose, where the month names' case-folded
	// alternatives cost the most.
	dated := holding(counts, 3, 1)
	worded := func(i int, line string) bool { return dated(i, line) && hasLetter(line) }
	bare := func(i int, line string) bool { return dated(i, line) && !hasLetter(line) }
	for _, m := range append(matchLines(lt, dateRe, worded), matchLines(lt, dateNumRe, bare)...) {
		if !plausibleDate(text, m) || !cleanBefore(text, m[0]) || !cleanAfter(text, m[1]) {
			continue
		}
		if birthLabelled(lt, m[0], m[1]) && !animalBirth(lt, m[0]) && !bound.MatchString(lt.LeftOf(m[0])) {
			locs = append(locs, [2]int{m[0], m[1]})
		}
	}
	// A date OCR broke with a space inside a number ("07/1 0/1958"):
	// under a birth label only.
	for _, m := range splitDateRe.FindAllStringSubmatchIndex(text, -1) {
		d := strings.ReplaceAll(text[m[0]:m[1]], " ", "")
		if d == text[m[0]:m[1]] || d[2] != d[5] || !cleanBefore(text, m[0]) || !cleanAfter(text, m[1]) {
			continue
		}
		if !dayAndMonth(atoi(d[:2]), atoi(d[3:5])) || overlaps([2]int{m[0], m[1]}, locs) {
			continue
		}
		if birthLabelled(lt, m[0], m[1]) && !animalBirth(lt, m[0]) {
			locs = append(locs, [2]int{m[0], m[1]})
		}
	}
	sort.Slice(locs, func(i, j int) bool { return locs[i][0] < locs[j][0] })
	return locs
}

// AnimalKinds are the species and breeds, in the languages found so far,
// that name an animal wherever they stand: the birth-date rule's
// animalWord and the classifier's vet patient line (animalPatientLine)
// both read them, each with words of its own beside them that only its
// context makes an animal's (a patient line's "cat" or "chat"; a birth
// date's "pet" or "microchip").
const AnimalKinds = `dogs?|horse|rabbit|canine|feline|hund|\p{L}+hund|hündin|rüde|katze|kater|kaninchen|chien(?:ne)?|lapin|perro|gato|conejo|coniglio|hond|kutya|macska|mischling|labrador|retriever|terrier|spaniel|collie|poodle|bulldog|dachshund|beagle|husky`

// animalWord names an animal or its particulars: a pet insurance claim's
// or a vet's record's birth date is the animal's, no person's (found from
// outside: a dog's date of birth was masked as personal data). Found from
// outside since: a dog's birth date on a vet's German invoice, a
// Hungarian pet claim and a Danish vaccination reminder, the animal named
// by its breed or sex (seventy-second trial); a vet's patient named by a
// compound breed ("Berner Sennenhund", "Schäferhund") and a Boerboel's
// birth in a vaccination reminder (seventy-seventh).
var animalWord = regexp.MustCompile(`(?i)\b(?:` + AnimalKinds + `|pets?|pet's|dog's|cat's|puppy|kitten|animal|breed|species|microchip|haustier|rasse|tierart|mascota|huisdier|specie|rasa|câine|pisic[ăa]|` +
	`kastriert|kastrierte|vizsla|kæledyr|dyrlæge|fajta|neutered|spayed|` +
	`boerboel|rottweiler|mastiff|greyhound|whippet|shih tzu|chihuahua|pug|maine coon|siamese|persian cat)\b`)

// animalBirth reports whether the birth date at start is an animal's: its
// line, or a line above it in the same block (up to three), names one,
// and no line between names a person by a title (personTitled): a pet
// groomer's claim names the shop "« Chien Chic »" two lines above its
// manager, "Mme Sophie Le Guennec", and her "Née le : 11/02/1986" under
// her (found from outside, eighty-second trial).
func animalBirth(lt *layout.Text, start int) bool {
	li := lt.LineAt(start)
	if animalWord.MatchString(lt.LeftOf(start)) {
		return true
	}
	for i := li - 1; i >= 0 && i >= li-3 && !lt.IsBlank(i); i-- {
		line := lt.LineText(i)
		if addressField.MatchString(line) {
			// A street's name is no animal: "Address: 19 Dog Lane" over
			// an employee's "Date of birth" (found from outside,
			// hundred-and-seventh trial: a vet practice's contract).
			continue
		}
		if personNameField.MatchString(line) {
			// A person's given names or surname: what follows is a name,
			// "Vardas / Given names  RASA" (found from outside,
			// eighty-eighth trial: a Lithuanian identity card's holder,
			// Rasa, read as a breed).
			return false
		}
		if animalWord.MatchString(line) {
			return true
		}
		if personTitled.MatchString(line) {
			return false
		}
	}
	return false
}

// addressField labels a postal address.
var addressField = regexp.MustCompile(`(?i)^\s*(?:(?:home |postal |street )?address|adresse|anschrift|wohnort|direcci[oó]n|domicilio|indirizzo|adres|adresa|endere[cç]o|morada|osoite|c[ií]m|lakc[ií]m)\s*:`)

// personNameField labels a person's given names or surname, which no
// animal has.
var personNameField = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:given\s+names?|first\s+names?|forenames?|surname|family\s+name|vardas|vardai|pavardė|pavarde|pr[ée]noms?|vorname|nachname|imi[eę]|nazwisko|prenume|apellidos?|sukunimi|etunimet|förnamn|efternamn|fornavn|etternavn|efternavn)(?:$|[^\p{L}])`)

// personTitled is a person's title before a capitalised name.
var personTitled = regexp.MustCompile(`(?:^|[^\p{L}])(?:` + personTitles + `)\.?[ \t]+\p{Lu}\p{Ll}`)

// hasLetter reports whether s holds an ASCII letter or any byte of a
// multi-byte character.
func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || (c|0x20 >= 'a' && c|0x20 <= 'z') {
			return true
		}
	}
	return false
}

// birthSentence is a sentence that says whose birth date follows a few
// words later: "My date of birth, as requested by your call handler, is
// 07/10/1971." (found from outside, in a letter to an insurer), "Lachlan's
// date of birth on our records is 19/08/2014" (eightieth trial, a
// dentist's reminder).
var birthSentence = regexp.MustCompile(`(?i)(?:\b(?:my|your|his|her|their|the (?:insured|claimant|patient)(?:'s)?)|(?-i:\b\p{Lu}\p{Ll}+)['’]s) (?:date of birth|birth ?date)\b[^.\n]{0,60}?\b(?:is|was)[ \t]*$`)

// splitDateRe is a DD/MM/YYYY (or MM/DD) date with a space in any of its
// numbers, as OCR may read it: "07/1 0/1958", "1 4.03.1990".
var splitDateRe = regexp.MustCompile(`\b\d ?\d[./]\d ?\d[./]\d ?\d ?\d ?\d\b`)

// cardField starts a line of a European driving licence or driver card
// with its field's number: "1." the surname, "2." the given names, "3."
// the date (and place) of birth, "4a." the date of issue.
var cardField = regexp.MustCompile(`^\s*(1|2|3|4\s?a)\s*[.,]`)

// cardBirthField reports whether the date at start is a European driving
// licence's or driver card's field 3, the holder's birth date: "3."
// alone before it, fields 1 and 2 above it and 4a below (found from
// outside, fifty-fifth and fifty-ninth trials: an Estonian licence's "3.
// 14.03.1992 EESTI", a Lithuanian driver card's "3. 1986-05-17").
func cardBirthField(lt *layout.Text, start int, left string) bool {
	if m := cardField.FindStringSubmatch(left); m == nil || m[1] != "3" || strings.TrimSpace(left[len(m[0]):]) != "" {
		return false
	}
	li := lt.LineAt(start)
	var one, two, issued bool
	for i := max(0, li-8); i <= min(len(lt.Lines())-1, li+8); i++ {
		m := cardField.FindStringSubmatch(lt.LineText(i))
		switch {
		case m == nil:
		case m[1] == "1" && i < li:
			one = true
		case m[1] == "2" && i < li:
			two = true
		case strings.HasPrefix(m[1], "4") && i > li:
			issued = true
		}
	}
	return one && two && issued
}

// ageThenBirth is a hospital form's joint label and the age before the
// date: "Age/DOB: 40 / 12-Mar-1985" (found from outside).
var ageThenBirth = regexp.MustCompile(`(?i)\bage\s*/\s*(?:d\.?\s?o\.?\s?b\.?|date of birth)[\s:.\-]*\d{1,3}\s*(?:y(?:ea)?rs?|y)?\s*/\s*$`)

func birthLabelled(lt *layout.Text, start, end int) bool {
	left := lt.LeftOf(start)
	if cardBirthField(lt, start, left) {
		return true
	}
	// The date's format between its label and it: "Date de naissance
	// (AAAA-MM-JJ) : 1987-09-14" (found from outside, sixty-fifth trial).
	if loc := hintEnd.FindStringIndex(left); loc != nil {
		left = left[:loc[0]]
	}
	if birthLabel.MatchString(left) || birthSentence.MatchString(left) || ageThenBirth.MatchString(left) {
		return true
	}
	// Two people's dates on one labelled row (found from outside): "Date
	// of birth 03/27/1962 11/02/1964". Only dates may stand between the
	// label and this one.
	for rest := left; ; {
		loc := dateAtEnd.FindStringIndex(rest)
		if loc == nil {
			break
		}
		if rest = rest[:loc[0]]; birthLabel.MatchString(rest) {
			return true
		}
	}
	if connector.MatchString(left) || len(left) <= 30 && strings.TrimSpace(left) != "" && !strings.ContainsAny(left, "0123456789") {
		// "Born" and its place end the line above, and the word that
		// joins them to the date starts the date's line: "nata a
		// Cuneo\nil 22/11/1990", "born in Leeds\non 3 March 1975"; or
		// the label itself is parted by the line's end: "My date
		// of\nbirth is 07/19/1984" (found from outside).
		if above, ok := lt.LineAbove(start); ok && birthLabel.MatchString(strings.TrimRight(above, " \t")+" "+strings.TrimSpace(left)) {
			return true
		}
	}
	if placeThenDate.MatchString(left) {
		return true
	}
	// A place-and-date label ends the line above, and the place starts
	// the date's line: "Lieu et date de naissance:\nGENT 14 MAA 1992"
	// (found from outside, on a Belgian identity card).
	if above, ok := lt.LineAbove(start); ok && len(left) <= 40 && !strings.ContainsAny(left, "0123456789") && placeAndDateEnd.MatchString(above) {
		return true
	}
	// A row of headings over a row of dates maps them in order: "ISS EXP
	// DOB" over "2026/10/14 2034/09/02 1994/09/02" (found from outside).
	if birth, ok := flatBirthColumn(lt, start); ok {
		return birth
	}
	if strings.Trim(left, " \t:.-–—|*") == "" {
		// The label on the line above, or above a format hint line:
		// "Date of birth\n(DD/MM/YYYY)\n08/12/1998".
		off := start
		for range 2 {
			above, ok := lt.LineAbove(off)
			if !ok {
				break
			}
			if birthLabel.MatchString(above) {
				return true
			}
			if !formatHint.MatchString(above) {
				break
			}
			off = lt.Lines()[lt.LineAt(off)-1].Start
			for lt.IsBlank(lt.LineAt(off)) && lt.LineAt(off) > 0 {
				off = lt.Lines()[lt.LineAt(off)-1].Start
			}
		}
	}
	// A driving licence's field 3 is the date and place of birth.
	if licenceBirthField.MatchString(left) && drivingLicence.MatchString(heading(lt)) {
		return true
	}
	h, _, ok := lt.HeaderAbove(start, end)
	return ok && birthLabel.MatchString(h.Text)
}

var (
	// dateLabel finds the labels of date columns in a header line, in
	// order; birth labels among them are matched first.
	dateLabel = regexp.MustCompile(`(?i)` + birthHeading + `|\bd\.? ?o\.? ?b\b\.?|\bborn\b|\bdate(?: of [a-z]+)?\b|\b(?:joined|admitted|discharged|issued|iss|expiry|expires|exp|valid(?: from| until| to)?|doi|doe|dated)\b|` +
		// the other languages' date headings: "Eintrittsdatum", "Fecha de
		// expedición", "Data di rilascio"
		`\b\p{L}*datum\b|\b(?:fecha|data|date)(?: d[aeio]s? \p{L}+| d'\p{L}+)?\b`)
	birthOnly = regexp.MustCompile(`(?i)^(?:` + birthHeading + `|d\.? ?o\.? ?b\.?|born)$`)
)

// birthHeading is a column heading that names a date of birth, in the
// corpus's languages and others found from outside.
const birthHeading = `date of birth|birth ?date|geburtsdatum|geb\.? ?-? ?datum|geboortedatum|date de naissance|fecha de nacimiento|data di nascita|data de nascimento|(?:data e local de nascimento|fecha y lugar de nacimiento|date et lieu de naissance|data e luogo di nascita|date and place of birth)|` +
	`f[öo]delsedatum|f[øo]dselsdato|data urodzenia|do[gğ]um tarihi|datum narozen[ií]|d[áa]tum narodenia|datum ro(?:đ|dj|d)enja|s(?:[üu]|ii)nniaeg|syntym[äa]aika|` +
	// Catalan, Slovenian, Lithuanian, Latvian, Hungarian, Romanian,
	// Welsh, Basque, Irish: a heading over its date on a line of its own
	// ("Data de naixement" over "04/09/2019", found from outside,
	// sixty-sixth trial) was taken for another date's.
	`data de naixement|datum rojstva|gimimo data|dzim[šs]anas datums|sz[üu]l[eé]t[ée]si d[áa]tum(?:a)?|data na[șşs]terii|dyddiad geni|jaiotze data|d[áa]ta breithe`

// flatBirthColumn, when it applies (ok), says whether the date at start
// is a date of birth in a table whose column gaps OCR flattened
// ("Name Date of birth Start date" over "T. Murphy 11/03/1990 06/01/2026",
// or a card's row of headings over its row of values with a blank line
// between, found from outside): when the line above (a blank one
// skipped) has no digits and names as many date columns as the date's
// line has dates, the date's place among them picks its label.
func flatBirthColumn(lt *layout.Text, start int) (birth, ok bool) {
	text := lt.String()
	li := lt.LineAt(start)
	hi := li - 1
	if hi > 0 && lt.IsBlank(hi) {
		hi--
	}
	if hi < 0 {
		return false, false
	}
	header := lt.LineText(hi)
	if strings.ContainsAny(header, "0123456789") {
		return false, false
	}
	// A bilingual heading is one column's: "DATA URODZENIA / DATE OF
	// BIRTH" over a Polish card's date (found from outside).
	var labels []string
	end := -1
	for _, loc := range dateLabel.FindAllStringIndex(header, -1) {
		if n := len(labels); n > 0 && strings.TrimSpace(header[end:loc[0]]) == "/" {
			if !birthOnly.MatchString(strings.TrimSpace(labels[n-1])) {
				labels[n-1] = header[loc[0]:loc[1]]
			}
		} else {
			labels = append(labels, header[loc[0]:loc[1]])
		}
		end = loc[1]
	}
	if len(labels) < 1 {
		return false, false
	}
	l := lt.Lines()[li]
	row := dateRe.FindAllStringIndex(text[l.Start:l.End], -1)
	if len(row) != len(labels) {
		return false, false
	}
	for i, d := range row {
		if l.Start+d[0] == start {
			return birthOnly.MatchString(strings.TrimSpace(labels[i])), true
		}
	}
	return false, false
}

// plausibleDate checks the numeric forms' day and month: one of the first
// two numbers is a month (1-12) and the other a day (1-31).
// dayAndMonth reports whether a and b are a day and a month in either
// order (DD/MM or MM/DD).
func dayAndMonth(a, b int) bool {
	return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31))
}

func plausibleDate(text string, m []int) bool {
	num := func(i int) int {
		if m[i] < 0 {
			return -1
		}
		n, _ := strconv.Atoi(text[m[i]:m[i+1]])
		return n
	}
	switch {
	case m[2] >= 0:
		a, b := num(2), num(4)
		if m[4] < 0 { // day and month apart by spaces
			b = num(6)
		}
		return dayAndMonth(a, b)
	case m[10] >= 0:
		mo, d := num(12), num(14)
		return mo >= 1 && mo <= 12 && d >= 1 && d <= 31
	}
	return true
}
