package pii

import (
	"reflect"
	"testing"
)

// found returns the values of kind that Matches finds in text.
func found(text, kind string) []string {
	out := []string{}
	for _, m := range Matches(text) {
		if m.Kind == kind {
			out = append(out, text[m.Start:m.End])
		}
	}
	return out
}

func TestPhoneForms(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		// Found from outside (eighty-seventh and -eighth trials): an
		// Australian 1300 number in 4-2-4, a Brazilian call centre's
		// number under its label, a payment app's number in a statement's
		// row, an Indian mobile in 5-5 (not a Kenyan box and its
		// postcode, dashed).
		{"an australian 1300 in 4-2-4", "24-hour Customer Care: 03-2178 8818 / 1300 88 6188", []string{"03-2178 8818", "1300 88 6188"}},
		{"a brazilian call centre", "Central de atendimento: 4004 3187 (capitais) · 0800 725 3187 (demais localidades)", []string{"4004 3187", "0800 725 3187"}},
		{"a mobilepay number in a statement's row", "12.09.2026 Indbetaling MobilePay 2847 1190 3.250,00 189.960,55", []string{"2847 1190"}},
		{"an indian mobile in 5-5", "Contact: Mr. Arvind Khanna, Stores In-charge, 98110 47263", []string{"98110 47263"}},
		{"a kenyan box and postcode", "P.O. Box 84217-80100, Mombasa", []string{}},
		// Found from outside (seventy-sixth trial): an Irish LoCall in
		// 4-3-3, an Australian 1300 number with a space OCR closed up, a
		// Toronto number after a postcode and a spaced dash; a debit and
		// a balance of that shape after a minus.
		// Found from outside (seventy-eighth trial): two numbers on one
		// line, a number before a postcode and its place, a number after
		// an e-mail and "eller", a Czech customer line.
		{"two numbers side by side", "Card Centre, Upper Hill Road, Nairobi Tel: +254 20 327 4400 0800 720 418", []string{"+254 20 327 4400", "0800 720 418"}},
		{"a number before a postcode and its place", "Tél. 06 61 47 28 03 20250 Casablanca", []string{"06 61 47 28 03"}},
		{"a number after an e-mail and eller", "Spørgsmål til lønnen: lon@nyhavnkaj.dk eller 33 14 52 90.", []string{"33 14 52 90"}},
		{"a czech customer line", "Na Poříčí 1041/12, 110 00 Praha 1 Klientská linka 800 118 400", []string{"800 118 400"}},
		{"an account's groups on and on", "Account 1234 5678 9012 3456 7890", []string{}},
		{"a belgian number of a three-digit zone", "Contact : votre chargé de relation, M. Thierry Collard, 081 30 44 19.", []string{"081 30 44 19"}},
		// Found from outside (hundred-and-eighteenth trial): a Finnish
		// free-call number and a Catalan phone label.
		{"a finnish free-call number", "Puhelin: 0800 94 112 (arkisin 8-16)", []string{"0800 94 112"}},
		{"a catalan phone label", "Telèfon del responsable: 654 321 987", []string{"654 321 987"}},
		{"a 0800 number too short", "Ref 0800 94", []string{}},
		{"an irish locall in threes", "Business Banking helpline 1890 724 724 (Mon-Fri 8am-8pm)", []string{"1890 724 724"}},
		{"an australian 1300 number closed up", "IT Services: 1300733 226", []string{"1300733 226"}},
		{"a number after a postcode and a dash", "Toronto, Ontario M4G 3A8 - 416-555-0172 - admissions@maplecrest.ca", []string{"416-555-0172"}},
		{"a part number glued to its letters", "Part ABC12-345-678-9012", []string{}},
		{"a debit and a balance after a minus", "2026.02.27 Számlavezetési díj -1890 272 888", []string{}},
		// Found from outside (seventy-fourth trial): a Portuguese tax
		// office's line, a Mexico City number after a name.
		{"a tax number under the premises' steuernummer", "Steuernummer der Betriebsstätte: 026 236 71042", []string{}},
		{"a portuguese telephone service", "Atendimento Telefónico 217 206 707 ou Portal das Finanças.", []string{"217 206 707"}},
		{"a mexico city number after a name", "En caso de emergencia: Jorge López, 55 4128 9930", []string{"55 4128 9930"}},
		{"a number of that shape elsewhere", "Lote 44 4128 9930", []string{}},
		// Found from outside (fifty-third trial): a Hong Kong number in a
		// doctor's sentence.
		{"a number one can be reached at", "I can be reached at 9427 3816.", []string{"9427 3816"}},
		// Found from outside (sixty-seventh trial): Chile's "Fono"; a
		// Hungarian invoice's "tétel" (item), whose "tel" after an
		// accented letter was read as a phone label.
		{"a latvian phone by its word", "  • pa tālruni 67 294 415 darba dienās no 8.00 līdz 17.00;", []string{"67 294 415"}},
		{"a chilean fono", "Fono (35) 221 4870 · cobranzas@depositolosandes.cl", []string{"(35) 221 4870"}},
		{"a hungarian item's sums are no phone", "Vámraktári kezelés, T1 okmány lezárása 3 tétel 24 000 72 000", []string{}},
		// Found from outside (sixty-fourth trial): a contact's e-mail and
		// phone side by side after a currency's label.
		{"a phone after its contact's e-mail", "Moneda: MXN hsalazar@empacartnorte.mx | 81 1027 6634.", []string{"81 1027 6634"}},
		{"a phone after an e-mail and a comma", "Frågor om lönen: lon@norrvikbygg.se, 090-14 22 80", []string{"090-14 22 80"}},
		{"a sum after an e-mail is no phone", "Contacto: a@b.mx | Total 1027,50", []string{}},
		// Found from outside (sixty-third trial): Turkey's trunk 0
		// written apart.
		// Found from outside (sixty-fourth trial): a Belgian landline, an
		// Irish LoCall number.
		{"a czech hotline", "Náměstí Svobody 9, 602 00 Brno    |   Infolinka 800 207 207\noznamte do 30 dnů na infolince 800 207 207.", []string{"800 207 207", "800 207 207"}},
		{"a belgian landline", "Contact: Sofie Verbeke, facility coördinator, 03 218 44 90 of 0478 52 19 63", []string{"03 218 44 90", "0478 52 19 63"}},
		{"an irish locall number", "your Relationship Manager, on +353 21 427 5810 or 1890 24 24 24.", []string{"+353 21 427 5810", "1890 24 24 24"}},
		{"an australian 1300 number in pairs", "ABN 79 002 878 953   Ph 1300 65 88 22", []string{"1300 65 88 22"}},
		{"a turkish number's trunk apart", "Tel: 0 216 555 48 91 E-posta: teklif@example.com.tr", []string{"0 216 555 48 91"}},
		{"a turkish mobile's area in parentheses", "Cep: 0 (532) 123 45 67", []string{"0 (532) 123 45 67"}},
		{"a zero before other digits is no trunk", "Toplam 0 216 555", []string{}},
		// Found from outside (fifty-second trial): a Welsh mobile split
		// by a line break under "Ffôn symudol".
		{"a welsh mobile split by a line break", "Ffôn symudol: 07896\n223 517", []string{"07896\n223 517"}},
		// Found from outside (fiftieth trial): a Norwegian bank's line
		// in a sentence, "ring oss på".
		{"a norwegian call to a number", "Har du spørsmål, ring oss på 55 21 70 00 (hverdager 08-20).", []string{"55 21 70 00"}},
		// Found from outside (forty-eighth trial): a signature's direct
		// line split by a line break.
		{"a direct line split by a line break", "Owen Pritchard\nDirect line: 01924\n886 215", []string{"01924\n886 215"}},
		// Found from outside (forty-seventh trial): a form's field holding
		// a mobile's ten digits run together, under its label only.
		{"a mobile's digits run together under its label", "Mobile: 9840217635", []string{"9840217635"}},
		{"ten digits under an account's label", "Account: 9840217635", []string{}},
		// Found from outside (forty-sixth trial): a Mexican insurer's call
		// centre open round the clock.
		{"a call centre's toll-free number", "Cabina 24 h: 800 112 7790", []string{"800 112 7790"}},
		// Found from outside (thirty-sixth trial): an Indonesian mobile
		// in brackets after its owner's name.
		// Found from outside (forty-fifth trial): a policy's number after
		// its product's name.
		{"a policy's number after its product", "Póliza: HOGAR PLUS 0912-334455", []string{}},
		{"a phone of the same shape under its label", "Tel.: 0912-334455", []string{"0912-334455"}},
		{"a brazilian landline by its shape", "Av. Paulista, 1578 - cj. 82 - São Paulo/SP - (11) 3284-5521", []string{"(11) 3284-5521"}},
		{"an area code in parentheses without the hyphen", "Lote (11) 3284 5521", []string{}},
		{"an indonesian mobile in brackets", "koordinator Bapak Agus Salim (0812-9044-3178).", []string{"(0812-9044-3178)"}},
		// Found from outside (forty-second trial): an Indian mobile in
		// 4-3-3.
		{"an indian mobile in 4-3-3", "Mobile: 9810 447 215", []string{"9810 447 215"}},
		{"an invoice number in 4-3-3", "Invoice no 9810 447 215", []string{}},
		{"an indonesian mobile of eleven digits", "HP 0813 1234 567", []string{"0813 1234 567"}},
		// A calling code in parentheses for the "+", under a phone label.
		{"a calling code with its plus in parentheses", "Contacto: (+351) 912 345 678", []string{"(+351) 912 345 678"}},
		{"a hong kong number with its code in parentheses", "Tel: (852) 2345 6789", []string{"(852) 2345 6789"}},
		{"a code in parentheses without a label", "Ref (852) 2345 6789", []string{}},
		// Found from outside (thirty-fourth trial): the other party's
		// mobile in a statement's mobile money or instant transfer line.
		{"a kenyan mobile in an m-pesa transfer", "12-02  MPESA B2C TRANSFER 254712906338 JOHN OTIENO  12,000.00", []string{"254712906338"}},
		{"an indian mobile in an imps transfer", "09-02-2026  IMPS/P2A/604018220117/9845012233/RAMESH K   25,000.00", []string{"9845012233"}},
		{"a kenyan mobile's shape in a reference", "Ref 254712906338 invoice 4471", []string{}},
		// Found from outside (sixteenth trial): a Polish mobile's "kom.",
		// and a form's label whose last word is the number's.
		// Found from outside (seventeenth trial): a Hungarian case ending
		// glued to the number before the phone word.
		// Found from outside (twentieth trial): Greek and Lithuanian
		// national numbers, a Hungarian company's register number.
		{"greek landline under its label", "ΒΙΒΛΙΟΠΩΛΕΙΟ «Ο ΛΟΓΟΣ»\nΤηλ.: 210 6438 215", []string{"210 6438 215"}},
		{"greek landline after the label in a letterhead", "Τηλ. 2310 447 918 · e-mail: proodos@example.gr", []string{"2310 447 918"}},
		// Found from outside (ninety-fifth trial): a French service
		// number as printed, 1-3-3-3.
		{"a french service number", "Pour toute question : 0 809 401 401 (service gratuit + prix appel)", []string{"0 809 401 401"}},
		// Found from outside (ninety-third trial): a Finnish service
		// number of seven digits under its label; not under another's.
		{"a finnish service number", "Hämeenkatu 6, 33100 Tampere, puh. 030 6000", []string{"030 6000"}},
		{"seven digits under a customer number's label", "Kundennr. 030 6000", []string{}},
		// Found from outside (ninety-second trial): "for information".
		{"greek number for information", "Για πληροφορίες: 210 3375 000", []string{"210 3375 000"}},
		{"greek contact's mobile", "Επικοινωνία: 6944 123 456", []string{"6944 123 456"}},
		{"greek mobile", "Κινητό: 694 512 3378", []string{"694 512 3378"}},
		{"bulgarian label", "Тел.: 02 981 2345", []string{"02 981 2345"}},
		{"greek shape without a label", "Αρ. παραστατικού 210 6438 215", []string{}},
		{"lithuanian mobile with its trunk", "Kontaktinis asmuo: Rasa, Mob. 8 612 34 587", []string{"8 612 34 587"}},
		{"lithuanian trunk without a label", "Užsakymas 8 612 34 587", []string{}},
		{"brazilian mobile under celular", "Celular cadastrado: (11) 98734-2210", []string{"(11) 98734-2210"}},
		{"mexican mobile under cel", "Cel. 477 104 8861", []string{"477 104 8861"}},
		{"phone for this account", "Registered telephone for this account: 07700 914 382", []string{"07700 914 382"}},
		{"account number is no phone", "Account number: 07700 914 382", []string{}},
		{"belgian enterprise number", "BCE 0850.417.226", []string{}},
		{"belgian enterprise number in groups without its points", "BCE 0850 417 226", []string{}},
		{"belgian enterprise number in dutch", "Ondernemingsnr. leverancier: 0421.776.384", []string{}},
		{"hungarian company register", "Cégjegyzékszám: 09-09-018452", []string{}},
		{"hungarian company register abbreviated", "Cg. 01-09-562739", []string{}},
		{"hungarian phone number word", "Telefonszám: 06 30 418 2277", []string{"06 30 418 2277"}},
		{"danish service number", "Spørgsmål? Ring 70 123 456 eller skriv via Netbank.", []string{"70 123 456"}},
		{"nordic number in fours", "Tlf. 3312 3456", []string{"3312 3456"}},
		{"eight digits without a phone word", "Kontonr. 3312 3456 og 70 123 456", []string{}},
		{"hungarian case ending", "december 5-ig a +36 1 329 4417-es telefonszámon vagy", []string{"+36 1 329 4417"}},
		{"hungarian national with case ending", "a 06 30 218 7745-ös számon", []string{"06 30 218 7745"}},
		{"case ending without a phone word", "Rendelés 06 30 218 7745-ös tétel", []string{}},
		{"polish mobile abbreviation", "Osoba kontaktowa: Katarzyna Nowicka, kom. 601 238 447", []string{"601 238 447"}},
		{"phone adjective and number word", "Telefonische Rückfragen tagsüber unter Nr.: 089 3581 7724", []string{"089 3581 7724"}},
		{"identifier number word", "Rechnung Nr.: 089 3581 7724", []string{}},
		// E.164 and international forms.
		{"e164 spaced", "Call us on +44 20 7946 0958 today", []string{"+44 20 7946 0958"}},
		{"e164 compact", "mobile: +14155550123", []string{"+14155550123"}},
		{"e164 dashed", "+1-415-555-0123 (24h)", []string{"+1-415-555-0123"}},
		{"e164 with trunk in parentheses", "Tel +44 (0)20 7946 0958", []string{"+44 (0)20 7946 0958"}},
		{"e164 dotted", "ph. +33.1.42.68.53.00", []string{"+33.1.42.68.53.00"}},
		{"e164 split by a line break", "Contact our desk on +44 20\n7946 0958 for help", []string{"+44 20\n7946 0958"}},
		// Found from outside (twenty-second trial): a Polish number's last
		// group on the next line; the part before the break was taken
		// alone, as an eight-digit number Poland does not have.
		{"e164 split where the first line's part has too few digits", "Osoba kontaktowa: Katarzyna Wiśniewska, tel. +48 601 772\n418, k.wisniewska@termobud.pl", []string{"+48 601 772\n418"}},
		{"portuguese call me", "Qualquer dúvida liguem-me para o 912 488 035.", []string{"912 488 035"}},
		// Found from outside (twenty-third trial): Latvian and Portuguese
		// labels.
		{"latvian label", "Tālrunis: 29 418 552", []string{"29 418 552"}},
		{"portuguese abbreviated label", "Telef. 213 421 688", []string{"213 421 688"}},
		// Found from outside (twenty-third trial, left then): Estonia's
		// seven digits, Pakistan's universal access number.
		{"estonian landline after helistage", "Küsimuste korral helistage 6 310 310 või kirjutage meile.", []string{"6 310 310"}},
		{"estonian landline in 4-3", "Tel: 6310 310", []string{"6310 310"}},
		{"seven digits whole under a phone label", "Telefon 6310310", []string{"6310310"}},
		{"seven digits whole without a label", "Arve 6310310", []string{}},
		{"pakistan uan", "UAN: 042-111-155-555", []string{"042-111-155-555"}},
		// Found from outside (twenty-fifth trial): next of kin named, and
		// how they are related, between the label and the number.
		// Found from outside (twenty-sixth trial).
		{"australian six digits", "If you have questions, phone us on 13 28 61.", []string{"13 28 61"}},
		{"indian free call", "For any queries call 1800 202 6161 or write to us.", []string{"1800 202 6161"}},
		// Found from outside (twenty-seventh trial): an Indian mobile in
		// fives on a fuel receipt.
		{"icelandic mobile", "Heimilisfang: Hringbraut 71, 107 Reykjavík\nFarsími: 862 4417     Netfang: gudrun.jons@simnet.is", []string{"862 4417"}},
		{"indian mobile in fives", "VEH NO : KA 05 MN 4471\nCUST MOB: 98450 31276\nMODE SURE", []string{"98450 31276"}},
		{"faroese six digits", "tlf. 21 84 37 ella á teldupost", []string{"21 84 37"}},
		{"a relationship manager's number", "Relationship manager: Ciarán Walsh, 091 563 201, ciaran@example.ie", []string{"091 563 201"}},
		{"norwegian free call", "Har du spørsmål, ring 800 80 000.", []string{"800 80 000"}},
		{"six digits in pairs without a label", "Reference 21 84 37", []string{}},
		{"contact named with a relation", "Contact (next of kin): CHAN Siu Ling (daughter) 9123 4587", []string{"9123 4587"}},
		{"e164 split after a dash", "Helpline: +1 415-\n555-0199", []string{"+1 415-\n555-0199"}},
		{"national split by a blank line under a label", "Daytime telephone: 01242\n\n583771\n\nEmail: none", []string{"01242\n\n583771"}},
		{"split by a blank line without a label", "Invoice 01242\n\n583771", []string{}},
		{"whole on its line, a number after a blank line", "Phone: 020 7946 0958\n\n2026 annual report", []string{"020 7946 0958"}},
		// Found from outside (hundred-and-twelfth and -eighteenth
		// trials): a number whose last group the line's end cut off,
		// though its head would pass for a short one; a postcode on
		// the next line stays apart. A switchboard's number after
		// "Rückfragen" (a compound of "Fragen") or "Zentrale", and a
		// Norwegian switchboard's ("sentralbord").
		{"last group on the next line", "Phone: 01638 577\n203\nEmail: none", []string{"01638 577\n203"}},
		{"last four on the next line", "Tel: 0161 496\n0734", []string{"0161 496\n0734"}},
		// Found from outside (hundred-and-twenty-sixth trial): a customer
		// centre's and a free number's names, a word before the colon
		// after a service's name, a Dutch mobile's label, 00 for the plus
		// before a number of its country's fixed length under no label (a
		// card's number so written is none), a Turkish mobile a line break
		// parted (its "Cep" no label of an unbroken number, a Brazilian
		// postcode's CEP).
		{"a norwegian customer centre", "Kundesenter 915 04 830", []string{"915 04 830"}},
		{"a latvian customer centre's free number", "Klientu centrs: 8000 4455 (bezmaksas)", []string{"8000 4455"}},
		{"a french free number", "appelez le\nnuméro gratuit 8002 4711.", []string{"8002 4711"}},
		{"a word before the colon after a service", "Kundeservice døgnåpent: 800 30 455", []string{"800 30 455"}},
		{"a dutch mobile split after its dash", "Mobiel: 06-\n41 87 22 90", []string{"06-\n41 87 22 90"}},
		{"00 for the plus under no label", "Bel gratis 0800-0229 of vanuit het buitenland 0031 20 764 3819.", []string{"0800-0229", "0031 20 764 3819"}},
		{"a card's number after 00", "Nº da carteirinha                  0048 7712 3304 9", []string{}},
		{"a turkish mobile split", "Cep: 0532 417\n86 09", []string{"0532 417\n86 09"}},
		{"a brazilian postcode", "CEP: 01310-100 São Paulo", []string{}},
		// Found from outside (hundred-and-twenty-ninth trial): a Swiss
		// number after 00 under no phone label, a Greek label written in
		// Latin letters.
		{"a finnish customer service", "Asiakaspalvelu: 0100 0500 (pvm/mpm)", []string{"0100 0500"}},
		{"whose line before a colon", "Office: 6555 0142 · Mobile: 9123 4567", []string{"6555 0142", "9123 4567"}},
		{"a swiss number after 00", "Notfall 0041 34 555 22 19", []string{"0041 34 555 22 19"}},
		{"a greek label in latin letters", "Tilefono: 22810 55 431", []string{"22810 55 431"}},
		{"last two pairs on the next line", "Telefon: 0664 123\n45 67\nE-Mail: none", []string{"0664 123\n45 67"}},
		{"a postcode on the next line", "Tel. 01 534 1822\n1010 Wien", []string{"01 534 1822"}},
		{"a cut-off number without a label", "Bookings 01638 577\n203", []string{}},
		{"after Rückfragen", "Dispositionskredit: 5.000,00 EUR\nRückfragen: 08652 609-0", []string{"08652 609-0"}},
		{"after Zentrale", "Zentrale 08652 609-0 · Fax 08652 609-99", []string{"08652 609-0", "08652 609-99"}},
		{"a norwegian switchboard", "Postboks 2170, 5504 Haugesund Tlf. sentralbord 52 73 20 00", []string{"52 73 20 00"}},
		// Found from outside-style probes: 00 for the plus, and a made-up
		// North American number, under a phone label.
		{"international with 00", "Tel. 0049 30 1234567", []string{"0049 30 1234567"}},
		{"international with 00 and the trunk", "Tel. 0049 (0)30 1234567", []string{"0049 (0)30 1234567"}},
		{"international with 00 apart", "Téléphone : 00 33 1 42 68 53 00", []string{"00 33 1 42 68 53 00"}},
		{"00 without a phone label", "Referenz 0049 30 1234567", []string{}},
		{"made-up north american under a label", "Phone: (555) 123-4567", []string{"(555) 123-4567"}},
		{"3-3-4 without a phone label", "Order 555 123 4567", []string{}},
		// North American national forms.
		{"nanp parentheses", "Phone (415) 555-0132", []string{"(415) 555-0132"}},
		{"nanp parentheses no space", "(415)555-0132 office", []string{"(415)555-0132"}},
		{"nanp dotted", "fax 415.555.0132", []string{"415.555.0132"}},
		{"nanp dashed unlabelled", "Reach Dana at 212-555-0187.", []string{"212-555-0187"}},
		{"nanp spaced", "415 555 0132", []string{"415 555 0132"}},
		{"toll free 1-800", "Questions? 1-800-555-0146", []string{"1-800-555-0146"}},
		{"toll free 1-888 spaced", "call 1 888 555 0101 now", []string{"1 888 555 0101"}},
		{"toll free 1 (877)", "1 (877) 555-0110", []string{"1 (877) 555-0110"}},
		{"nanp split after a label", "Phone: (415) 555-\n0132", []string{"(415) 555-\n0132"}},
		{"nanp before an amount on a statement line", "02/02 ZOOM.US 888-799-9666 15.99", []string{"888-799-9666"}},
		{"nanp before a thousands amount", "02/03 ACME SUPPLY 415-555-0132 1,204.50", []string{"415-555-0132"}},
		// National forms with a trunk 0.
		{"uk london", "Office 020 7946 0958", []string{"020 7946 0958"}},
		{"uk mobile", "Mob: 07700 900123", []string{"07700 900123"}},
		{"uk manchester", "Tel. No. 0161 496 0000", []string{"0161 496 0000"}},
		{"french pairs", "Téléphone 01 23 45 67 89", []string{"01 23 45 67 89"}},
		{"label on the line above", "Mobile\n07700 900123", []string{"07700 900123"}},
		{"phone column", "Name          Phone\nJo Bloggs     020 7946 0958", []string{"020 7946 0958"}},
		// National forms without a trunk (Spain, Portugal), under a label.
		{"spanish landline labelled", "Teléfono: 915 123 456", []string{"915 123 456"}},
		{"spanish pairs labelled", "Tel. 91 123 45 67", []string{"91 123 45 67"}},
		{"spanish mobile labelled", "Móvil 612 34 56 78", []string{"612 34 56 78"}},
		{"portuguese mobile labelled", "Telemóvel: 912 345 678", []string{"912 345 678"}},
		{"french label, spanish number", "Tél. 915 123 456", []string{"915 123 456"}},
		{"trunkless in a phone column", "Oficina       Teléfono\nMadrid        915 123 456", []string{"915 123 456"}},
		{"trunkless on a contact line", "Dudas / Questions: 915 123 456 or atencion@banco.example", []string{"915 123 456"}},
		{"trunkless after llámenos", "Llámenos al 912 345 678", []string{"912 345 678"}},
		{"second number after or", "Para cualquier consulta llame al +34 963 118 400 o al 900 102 938.", []string{"+34 963 118 400", "900 102 938"}},
		{"portuguese landline after an e-mail on a contact line", "Contacto: moradores@mail.example · 21 886 4420", []string{"21 886 4420"}},
		{"number after or without a phone label", "Ref 415 555 013 or 900 102 938", []string{}},
		// Found from outside: Spanish numbers written 3-2-2-2 without a
		// label. No amount, date or reference is written so.
		{"spanish 3-2-2-2 unlabelled", "Oficina central 915 34 82 17", []string{"915 34 82 17"}},
		{"spanish mobile 3-2-2-2 unlabelled", "Juan Pérez · 612 34 56 78 · Sevilla", []string{"612 34 56 78"}},
		{"spanish 3-2-2-2 international", "Sede: +34 915 34 82 17", []string{"+34 915 34 82 17"}},
		// Italy's toll-free numbers: 3-3-3 only under a label, since an
		// amount may be written so; 3-2-2-2 is a phone's shape.
		{"italian toll-free under numero verde", "Numero verde 800 123 456", []string{"800 123 456"}},
		{"italian toll-free, label above", "Numero Verde:\n800 123 456", []string{"800 123 456"}},
		{"italian toll-free under tel", "Tel. 800 123 456 (gratuito)", []string{"800 123 456"}},
		{"italian toll-free in pairs", "Servizio clienti 800 12 34 56", []string{"800 12 34 56"}},
		{"italian toll-free shape without a label", "800 123 456", []string{}},
		{"italian toll-free shape as an amount", "Totale 800 123 456", []string{}},
		{"italian toll-free shape as an order number", "Ordine 800 123 456", []string{}},
		{"3-2-2-2 after a spanish invoice label", "Factura 915 34 82 17", []string{}},
		{"3-2-2-2 after nº", "Pedido nº 915 34 82 17", []string{}},
		{"3-2-2-2 after a reference label", "Referencia: 915 34 82 17", []string{}},
		{"3-2-2-2 starting 1 to 5", "Lote 515 34 82 17", []string{}},
		// Found from outside (fourteenth trial): a word naming whose line
		// between the label and its colon, a customer centre to ring, a
		// contact's purpose and title before the name.
		{"word between the phone label and its colon", "Jordmor: Kari Vestbø   Tlf. jordmor: 53 45 62 10", []string{"53 45 62 10"}},
		{"word between the phone label and its colon, as OCR read it", "Jordmor: Kari Vestbo Tif. jordmor: 53 45 62 10", []string{"53 45 62 10"}},
		// Found from outside (fifteenth trial): a separator OCR read as a
		// degree sign glued to the number; Icelandic "Sími" and its
		// seven-digit numbers.
		{"a degree sign glued after the number", "Via Brennero 64 * 38121 Trento - Tel. 0461 983 214° amministrazione@ferramentabortolotti.it", []string{"0461 983 214"}},
		{"icelandic label, as OCR reads it", "Laugavegi 166, 105 Reykjavik - Simi 442 1000 - skatturinn@skatturinn.is", []string{"442 1000"}},
		{"icelandic label", "Sími: 569 7000", []string{"569 7000"}},
		{"a postcode and a house number are no icelandic phone", "Laugavegi 166, 105 Reykjavik", []string{}},
		{"customer centre to ring", "Frågor? Ring Kundcenter 036-19 44 80 vardagar 8-17.", []string{"036-19 44 80"}},
		{"contact for deliveries, a title and a name", "Contacto para entregas: Sr. Joaquim Mestre, 962 418 077", []string{"962 418 077"}},
		// Found from outside (fourteenth trial): a Belgian VAT number
		// beside the phone, its country code between label and number.
		{"vat number with its country code", "Tel. 014 41 22 80     BTW BE 0403.118.442", []string{"014 41 22 80"}},
		{"vat number alone", "BTW BE 0403.118.442", []string{}},
		// Found from outside (fifty-fifth trial): a Swedish statement's
		// Bankgiro payee.
		{"a portuguese mobile after telem", "NIF: 237184699     Telem.: 912 847 305", []string{"912 847 305"}},
		{"a bankgiro number", "Sparbanken Syd                            KONTOUTDRAG\nKontohavare: Jonas Lindqvist Musik\n\nBokföringsdag   Text                                   Belopp SEK   Saldo SEK\n2026-10-19      BG 5050-1055 SKATTEVERKET F-SKATT      -4 870,00    35 109,60", []string{}},
		{"italian vat number", "Partita IVA 01234567890", []string{}},
		{"3-2-2-2 inside a longer run", "12 915 34 82 17", []string{}},
		{"3-2-2-2 with a fifth group", "915 34 82 17 40", []string{}},
		{"3-2-2-2 glued to a code", "ES-915 34 82 17", []string{}},
		// National forms with an area code and a number of any length
		// (Germany, Austria), under a label.
		{"german number with an extension", "Tel. 07361 5560-214", []string{"07361 5560-214"}},
		{"german number, short subscriber", "Telefon: 089 123456", []string{"089 123456"}},
		// Found from outside (eighteenth trial): OCR read the "+" as a 4.
		{"a plus read as a 4, under a phone label", "Telefon: 436 30 418 2297", []string{"436 30 418 2297"}},
		{"a plus read as a 4, without a label", "Ref 436 30 418 2297", []string{}},
		{"german fax with an extension", "Fax 030 12345-99", []string{"030 12345-99"}},
		{"german landline in three groups", "Tel. 0761 3829 4410 · info@tischler.example", []string{"0761 3829 4410"}},
		{"german landline, five-digit area code", "Anschrift: Bergstraße 19, 69121 Heidelberg, Tel. 06221 489 2031", []string{"06221 489 2031"}},
		// Found from outside: a large switchboard's five-digit extension.
		{"german number with a five-digit extension", "Tel. 0761 270-34010", []string{"0761 270-34010"}},
		{"german switchboard number", "Telefon: 0761 12345-0", []string{"0761 12345-0"}},
		{"german area code after a slash", "Tel.: 0761/12345-0", []string{"0761/12345-0"}},
		// Found from outside (thirty-second trial): Indonesia's and
		// Malaysia's "HP" (handphone) names a mobile.
		{"an indonesian mobile after hp", "No. HP       : 0812-3456-7890               Ruang Rawat     : Melati 3", []string{"0812-3456-7890"}},
		{"german area code after a spaced slash", "Telefon 0761 / 270 340", []string{"0761 / 270 340"}},
		{"slashed area code form unlabelled", "Az. 0761/12345-0", []string{}},
		{"tax number with a slashed area-code shape", "Steuernummer 06454/12345", []string{}},
		// Found from outside (sixty-ninth trial): a doctor's registration
		// with the registry's initials after its label.
		{"a registration number after its registry's initials", "Dra. Paola Cedeño, medicina general - Reg. MSP 0104-2011-118", []string{}},
		{"a phone after a registration's number", "Reg. MSP 0104-2011-118  Tel. 0104-2011-118", []string{"0104-2011-118"}},
		{"german mobile unlabelled", "Herr Krause, 0176 23456789", []string{"0176 23456789"}},
		{"a new zealand mobile after a customer's name", "Cust: R. Tamihana 021 448 905", []string{"021 448 905"}},
		// Found from outside (eighty-third trial): landlines of a
		// one-digit area, unlabelled.
		{"a new zealand landline in parentheses after a name", "Mrs Parkinson's lawyer (Bryce Tonkin, Tonkin & Hale, 03 365 2201) wrote to us", []string{"03 365 2201"}},
		// Found from outside (eighty-fourth trial): a postcode's last
		// digit, a space, the number.
		{"a free-call number after a postcode", "2680 Matheson Blvd East, Suite 400, Mississauga, ON L4W 0A5 1-888-602-4417", []string{"1-888-602-4417"}},
		// Found from outside (ninety-seventh trial): a ZIP code after its
		// state, a space, the number.
		{"a free-call number after a zip code", "PO Box 4120, Naperville, IL 60567 1-800-555-0134 firstmidwestcb.com", []string{"1-800-555-0134"}},
		{"a zip code and a local number", "Lisle, IL 60532 630 555 0148", []string{"630 555 0148"}},
		{"a zip code and an order's number", "Lisle, IL 60532 4410 2261", []string{}},
		{"a tracking number's groups", "Tracking number   1Z 999 AA1 01 2345 6784", []string{}},
		{"a new zealand landline under a signature", "Aroha Ngata\nPractice Manager, Avon Physiotherapy & Hydrotherapy\n03 348 7716", []string{"03 348 7716"}},
		{"an estonian number after its questions' label", "Küsimuste korral: 665 5100, info@seb.ee", []string{"665 5100"}},
		{"nine digits grouped by threes, another prefix", "Stock 024 448 905", []string{}},
		{"italian mobile under its label", "Cellulare: 347 123 4567", []string{"347 123 4567"}},
		{"swedish area code 08", "Tel: 08-640 12 34", []string{"08-640 12 34"}},
		{"danish number under tlf.", "tlf. 33 12 34 56", []string{"33 12 34 56"}},
		// Found from outside (seventh trial): whose number it is between
		// the label and the number; a customer service line.
		{"spanish label naming the patient", "Plan: dieta, ejercicio\nTeléfono paciente: 983 204 118", []string{"983 204 118"}},
		{"polish label naming the registration desk", "za 4 tygodnie, tel. rejestracji 61 821 22 00.\nLekarz", []string{"61 821 22 00"}},
		{"italian customer service line", "Assistenza clienti: 800 123 456", []string{"800 123 456"}},
		{"patient id is no phone label", "Patient ID 983 204 118", []string{}},
		{"customer account is no phone label", "Customer account 61 821 22 00", []string{}},
		// Found from outside (eighth trial): a utility's on-call line.
		{"portuguese on-call line", "Em caso de rotura ligue.\nPiquete de águas: 800 208 312", []string{"800 208 312"}},
		{"helpline", "Helpline: 800 208 312", []string{"800 208 312"}},
		{"german fault service", "Störungsdienst 0761 279-2222", []string{"0761 279-2222"}},
		{"hotline id is no phone label", "Hotline ID 800 208 312", []string{}},
		{"on-call rota number", "Piquete de águas nº 800 208 312", []string{}},
		// Found from outside (eleventh trial): national forms.
		{"australian local-rate number", "Call us straight away on 1300 552 914, or from overseas.", []string{"1300 552 914"}},
		{"australian free-call number", "Freecall 1800 204 617", []string{"1800 204 617"}},
		{"1300 in an amount column", "Total 1300 552 9145", []string{}},
		{"finnish phone label", "Asiakaspalvelu arkisin puh. 09 315 2240", []string{"09 315 2240"}},
		{"polish landline of area code 14", "Intendentka: Ewa Nowak\ntel. 14 652 10 44", []string{"14 652 10 44"}},
		{"polish area-code shape without a label", "Zamówienie 14 652 10 44", []string{}},
		{"norwegian mobile in 3-2-3", "Bestilt av: driftsleder, mobil 928 15 406", []string{"928 15 406"}},
		{"3-2-3 without a label", "Ordre 928 15 406", []string{}},
		// Found from outside (twelfth trial).
		{"call a name at a number in a sentence", "En cas de vol, appelez immédiatement Card Stop au 070 344 344.", []string{"070 344 344"}},
		{"call our team on", "Please call our claims team on 0161 496 0732 before noon.", []string{"0161 496 0732"}},
		{"call without a preposition is no label", "Call centre opening 070 344 344", []string{}},
		{"portuguese mobile abbreviation", "Tlm. 936 204 118", []string{"936 204 118"}},
		{"portuguese support line for a named thing", "Apoio a Sinistros: 217 940 335", []string{"217 940 335"}},
		{"german subscriber grouped 2-3-3", "Telefon 0211 47 318 200", []string{"0211 47 318 200"}},
		{"area code and a pair alone is no phone", "Telefon 0211 47", []string{}},
		// Found from outside (ninth trial): a label qualified by a few
		// words; an appointments line; nine digits regrouped by OCR.
		{"german label qualified by words", "Telefonnummer für Rückfragen: 0761 389 417 20", []string{"0761 389 417 20"}},
		{"polish contact qualified by words", "Kontakt z likwidatorem: 801 102 102", []string{"801 102 102"}},
		{"english label qualified by words", "Phone for enquiries: 915 123 456", []string{"915 123 456"}},
		{"qualified label ending in an identifier word", "Phone bill account: 915 123 456", []string{}},
		{"qualified label without a colon", "Contact our office 915 123 456", []string{}},
		{"spanish appointments line", "Cita previa: 966 859 402", []string{"966 859 402"}},
		// Found from outside (tenth trial).
		{"label qualified by four words", "Teléfono de averías y rescate: 900 812 340", []string{"900 812 340"}},
		{"portuguese department's secretariat", "Secretariado de Oftalmologia: 258 802 371", []string{"258 802 371"}},
		{"portuguese number regrouped 3 and 6", "‘Tel. 239 826115", []string{"239 826115"}},
		{"3 and 6 without a label", "Lote 239 826115", []string{}},
		// Found from outside (sixth trial): a compound label; a date and
		// time on a receipt.
		{"hyphenated compound label", "Telefon-Banking 05021 9770-0", []string{"05021 9770-0"}},
		{"date and time on a receipt", "Importo pagato 25,00\n\n02-12-2026 09:47\nDOC.N. 0412-0087", []string{}},
		// Found from outside (fifth trial): "Tlf." read as "Tif." by OCR.
		{"danish label as OCR misread it", "Tif. 33 12 34 56", []string{"33 12 34 56"}},
		{"tel label as OCR misread it", "Te1: 33 12 34 56", []string{"33 12 34 56"}},
		{"pairs after a tif file name", "scan.tif 33 12 34 56", []string{}},
		{"polish mobile under komórka", "Komórka: 601 234 567", []string{"601 234 567"}},
		{"eight digits in pairs unlabelled", "Lot 33 12 34 56", []string{}},
		{"italian mobile shape unlabelled", "Protocollo 347 123 4567", []string{}},
		{"twelve digits after 0176 as an account", "Konto 0176 23456789", []string{}},
		{"slashed date under a phone label", "Tel. seit 01/02/2024", []string{}},
		{"extension of six digits", "Tel. 0761 270-340101", []string{}},
		{"five-digit extension unlabelled", "Aktenzeichen 0761 270-34010", []string{}},
		{"area code form unlabelled", "Kundennr. 07361 5560-214", []string{}},
		{"area code form after an id label", "Rechnung Nr. 0736 155602", []string{}},
		// Found from outside (fourth trial): a subscriber number in pairs
		// after an area code, with an extension after a dash; short
		// service numbers under a compound label; Portuguese, Polish
		// labels; the "or" OCR glued to a number by a dash.
		{"german pairs with a switchboard extension", "Telefon 0911 32 44 18-0 · Fax 0911 32 44 18-9", []string{"0911 32 44 18-0", "0911 32 44 18-9"}},
		{"german pairs, the dot read as a dash", "Telefon 0911 32 44 18-0 - Fax 0911 32 44 18-9", []string{"0911 32 44 18-0", "0911 32 44 18-9"}},
		{"german pairs under durchwahl", "Frau Ozdemir, Durchwahl 0911 32 44 18-12", []string{"0911 32 44 18-12"}},
		{"swedish area code and pairs", "Tel 063-12 44 80", []string{"063-12 44 80"}},
		{"portuguese linha label", "contacte a Linha Caixa: 217 900 790 (chamada para rede fixa nacional)", []string{"217 900 790"}},
		{"dutch service number under a compound label", "Vragen? BelastingTelefoon 0800-0543, of", []string{"0800-0543"}},
		{"polish infolinia", "Infolinia: 61 81 1 9999 lub +48 61 81 1 9999 (z zagranicy)", []string{"61 81 1 9999", "+48 61 81 1 9999"}},
		{"or glued to a number by OCR", "tel. 81 532 14 70-lub kom. +48 604 118 293,", []string{"81 532 14 70", "+48 604 118 293"}},
		{"pairs after an area code under an account label", "Konto 0911 32 44 18-0", []string{}},
		{"pairs after an area code unlabelled", "Az. 063-12 44 80", []string{}},
		{"two pairs after an area code", "Tel. 0911 32 44", []string{}},
		{"pairs with a four-digit extension", "Tel. 0911 32 44 18-1234", []string{}},
		{"dotted date under a phone label", "Telefon: 12.05.1969", []string{}},
		{"polish shape one digit short", "Infolinia: 61 81 1 999", []string{}},
		{"polish shape under a number label", "Nr 61 81 1 9999", []string{}},
		{"service number without a label", "Kenmerk 0800-0543", []string{}},
		{"portuguese linha de apoio ao cliente", "Linha de apoio ao cliente: 217 900 790", []string{"217 900 790"}},
		{"portuguese credit line", "Linha de crédito 250 000 000", []string{}},
		{"a word glued by a dash that is not or", "tel. 81 532 14 70-abc", []string{}},
		// Found from outside (twelfth trial): an itemised bill's rows, a time
		// and a duration one space from the number; a US number right
		// after a ZIP code; a Singapore number without +65; a German
		// switchboard's one-digit extension after a space, its label a
		// sentence on the line above.
		{"call-list row, a time and a duration one space away", "30 Oct 17:26 0800 028 4419 00:09:47 0.00", []string{"0800 028 4419"}},
		{"call-list row with a note", "14 Oct 09:31 0871 946 0273 (service number) 00:06:10 1.37", []string{"0871 946 0273"}},
		{"call-list row as OCR merged it", "06 Oct 19:14 01246 550318 00:22:05 0.00", []string{"01246 550318"}},
		{"nanp after a zip code", "Inverness Springs, FL 34451 (352) 741-6620", []string{"(352) 741-6620"}},
		{"singapore mobile without its country code", "Telephone +65 6861 2047 Mobile 9173 4408", []string{"+65 6861 2047", "9173 4408"}},
		{"one-digit extension after a space, the label a sentence above", "Störungsstelle rund um die Uhr unter\n05971 80 44 0.", []string{"05971 80 44 0"}},
		{"reach us at", "Sie erreichen uns werktags unter 0221 58 491 300.", []string{"0221 58 491 300"}},
		{"times and a duration alone", "17:26 00:09:47", []string{}},
		{"eight digits in fours unlabelled", "Ref 9173 4408", []string{}},
		{"one-digit extension after a space unlabelled", "Az. 05971 80 44 0", []string{}},
		{"zip code and a number in parentheses that is no area code", "FL 34451 (35) 741-6620", []string{}},
		// Found from outside (thirteenth trial).
		{"a free phone line", "Teléfono gratuito 900 812 406", []string{"900 812 406"}},
		{"swedish claims service", "903 06 Umeå     Skadeservice 090-17 63 20", []string{"090-17 63 20"}},
		{"german six-digit area code", "Tel. 036450 318 20", []string{"036450 318 20"}},
		{"country code after a space OCR put after the plus", "Kontakt pacijenta: + 385 98 447 2163", []string{"+ 385 98 447 2163"}},
		{"a contact's name between the label and the number", "Supplier contact:  Rewi Tamatea, 06 879 4410", []string{"06 879 4410"}},
		{"phone on file", "Phone on file: 857-312-4406", []string{"857-312-4406"}},
		{"portuguese appointments line", "Marcações 912 447 316", []string{"912 447 316"}},
		{"a sum after a plus and a space", "Subtotal 120 + 385 98", []string{}},
		{"a file number under a phone word", "Phone bill file: 857 312 440", []string{}},
		{"a contact's name and a reference", "Supplier contact:  Rewi Tamatea, ref 06 879 4410", []string{}},
		// Near-misses that are not phone numbers.
		{"invoice number shaped like a phone", "Invoice number: 415-555-0132", []string{}},
		{"order number shaped like a uk phone", "Order no. 020 7946 0958", []string{}},
		{"reference on the line above", "Reference:\n415 555 0132", []string{}},
		{"code glued to letters", "INV-415-555-0132", []string{}},
		{"hash number", "#415 555 0132", []string{}},
		{"order column", "Order          Total\n415-555-0132   $12.00", []string{}},
		{"iso date", "Date 2024-01-15", []string{}},
		{"slashed date", "on 17/09/1973", []string{}},
		{"amount with dots", "Total 12.345.678", []string{}},
		{"amount with commas", "Balance 1,415,555.01", []string{}},
		{"us zip plus four", "Austin, TX 78701-1234", []string{}},
		{"ssn", "SSN 123-45-6789", []string{}},
		{"nanp area code starting 1", "115-555-0132", []string{}},
		{"nanp exchange starting 0", "415-055-0132", []string{}},
		{"too short after plus", "+44 20 79", []string{}},
		{"too long after plus", "+44 20 7946 0958 1234 5", []string{}},
		{"account number groups", "Account 1234 5678 9012", []string{}},
		{"two numbers in table columns", "12   415   555   0132", []string{}},
		{"unlabelled national number split by a line break", "Ref 2291 code\n415 555\n0132", []string{}},
		{"phone inside a longer digit run", "98 415 555 0132", []string{}},
		{"amount shaped like a phone and cents", "Total 415 555 0132.50", []string{}},
		{"account groups before an amount", "Account 1234 5678 9012 15.99", []string{}},
		{"time and date", "07:59 01.02.2024", []string{}},
		{"trunk 0 with one-digit group", "0 20 7946 0958", []string{}},
		{"nine digits unlabelled", "Ref 915 123 456", []string{}},
		{"nine digits as an order number", "Order no. 915 123 456", []string{}},
		{"company number in three groups", "SIREN 552 100 554", []string{}},
		{"nine digits under an account label", "Account: 612 345 678", []string{}},
		{"nine digits starting 1", "Tel. 115 123 456", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := found(tt.text, Phone); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("phones in %q = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestDateOfBirth(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		// Found from outside (eighty-eighth trial): a Lithuanian card's
		// date in spaced ISO order, under its holder's given name Rasa
		// (a breed's word in Polish and Lithuanian).
		// Found from outside (hundred-and-sixteenth trial): a scanned
		// Portuguese card's date whose second point OCR lost.
		{"a date's second point lost", "Date of birth: 11.04 1984\nSex: F", []string{"11.04 1984"}},
		{"a spaced iso date under a given name", "Vardas / Given names  RASA\nGimimo data / Date of birth  1992 08 14\nAsmens kodas / Personal code  49208140319", []string{"1992 08 14"}},
		{"a spaced date that is none", "Date of birth  1992 13 14", []string{}},
		{"label and date", "Date of birth: 17 Sep 1973", []string{"17 Sep 1973"}},
		// Found from outside (seventieth trial): a passport's bilingual
		// label with its field's number over the date, a blank between.
		{"a passport's numbered label over its date", "Date of birth/Date de naissance (4)\n\n19 MAR /MARS 79\n", []string{"19 MAR /MARS 79"}},
		// Found from outside (sixty-eighth trial): a US dental claim
		// form's format hint with the century.
		{"a format hint with the century", "13. Date of Birth (MM/DD/CCYY):  04/17/1981      14. Gender: M", []string{"04/17/1981"}},
		// Found from outside (sixty-sixth trial): a Catalan heading over
		// its date, a blank line between (it was taken for another
		// date's heading).
		{"a catalan heading over its date", "Pacient: Pau Serra i Vidal\nData de naixement\n\n04/09/2019\n\nData d'ingrés: 12/01/2025", []string{"04/09/2019"}},
		{"a hungarian heading over its date", "Születési datum:\n\n1949.05.17.", []string{"1949.05.17"}},
		// Found from outside (sixty-fourth trial): a form's label naming
		// the date's order; a Belgian card's place before its date.
		{"a label naming the date's order", "Day/Month/Year of birth: 27/09/1994", []string{"27/09/1994"}},
		{"the date's format between label and date", "Date de naissance (AAAA-MM-JJ) : 1987-09-14", []string{"1987-09-14"}},
		{"a place before the date", "Geboorteplaats en -datum:         Brugge, 13 JUL 1985", []string{"13 JUL 1985"}},
		{"german abbreviated label", "Geb.-Datum: 14.03.1985", []string{"14.03.1985"}},
		{"a joint age and birth label, the age first", "Age/DOB: 40 / 12-Mar-1985", []string{"12-Mar-1985"}},
		{"an age and a visit's date", "Age: 40 / 12-Mar-2026 visit", []string{}},
		// Found from outside (twenty-first trial): Hungary's year-first
		// date with its spaced points.
		{"hungarian date", "Születési idő: 1972. 04. 09.", []string{"1972. 04. 09"}},
		// Found from outside (twenty-fourth trial): a label parted by the
		// line's end; a Czech label whose last letter OCR misread.
		{"label parted by the line's end", "Thank you. My date of\nbirth is 07/19/1984 and my cell is below.", []string{"07/19/1984"}},
		{"czech label misread", "Datum narozenf: 14.12.1985", []string{"14.12.1985"}},
		{"irish label", "Dáta breithe: 03/05/1982", []string{"03/05/1982"}},
		{"swahili label", "Tarehe ya Kuzaliwa: 12/03/1979", []string{"12/03/1979"}},
		{"indonesian place and date", "Tempat/Tgl Lahir : BANDUNG, 17-08-1993", []string{"17-08-1993"}},
		{"a date under a line that ends otherwise", "My policy started on\nthe 07/19/1984 renewal.", []string{}},
		// Found from outside (twenty-third trial): labels in their own
		// scripts.
		{"greek label above", "Ημερομηνία γέννησης:\n19/07/1954", []string{"19/07/1954"}},
		{"bulgarian label", "Дата на раждане: 15.09.1963", []string{"15.09.1963"}},
		{"licence field 3", "DRIVING LICENCE UNITED KINGDOM\n1. MORGAN\n2. SIAN JANE\n3. 14.08.1985 WALES\n4a. 22.03.2019 4b. 21.03.2029", []string{"14.08.1985"}},
		{"field 3 off a licence", "AGENDA\n1. Welcome\n3. 14.08.1985 archive review", []string{}},
		{"german abbreviated heading", "Name            Geb.-Datum\nLena Wagner     14.03.1985", []string{"14.03.1985"}},
		// Found from outside: a date written with spaces, a place between a
		// place-and-date label and the date, a passport's bilingual month
		// and two-digit year.
		{"date with spaces", "Date de naissance / Date of birth : 05 07 1993", []string{"05 07 1993"}},
		{"place and date of birth", "LUOGO E DATA DI NASCITA: MODENA (MO) 23.01.1987", []string{"23.01.1987"}},
		{"lieu et date", "Lieu et date de naissance : Lyon, 02.11.1979", []string{"02.11.1979"}},
		// Found from outside (eighteenth trial): the date before the place.
		{"data e local", "3. Data e local de nascimento: 29.12.1990    LISBOA", []string{"29.12.1990"}},
		{"date et lieu", "Date et lieu de naissance : 02.11.1979 à Lyon", []string{"02.11.1979"}},
		// Found from outside (seventeenth trial): the label ends the line
		// above, the place starts the date's line; a Dutch month
		// abbreviation.
		{"place and date under their label", "Geboorteplaats en -datum / Lieu et date de naissance:\nGENT 14 MAA 1992", []string{"14 MAA 1992"}},
		{"a date under a place label is not", "Lieu et date de naissance:\nGENT\nValable du 02.02.2024", []string{}},
		{"passport bilingual month spaced", "Date of birth/Date de naissance: 11 APR /AVR 85", []string{"11 APR /AVR 85"}},
		{"spaced date without a birth label", "Issued: 05 07 1993", []string{}},
		{"spaced digits that are no date", "Date of birth: 45 67 1993", []string{}},
		{"dob abbreviation", "DOB 01/02/1980", []string{"01/02/1980"}},
		{"hungarian place and date", "Születési hely, idő: Győr, 1988. április 27.", []string{"1988. április 27"}},
		// Found from outside (fifty-fifth and fifty-ninth trials): a
		// European driving licence's or driver card's field 3.
		{"a driver card's field 3", "LIETUVOS RESPUBLIKA\nTACHOGRAFO KORTELE / DRIVER CARD\n\n1. PETRAUSKAS\n\n2. MINDAUGAS\n\n3. 1986-05-17\n\n4a. 2024-02-08\n\n4b. 2029-02-07", []string{"1986-05-17"}},
		{"a licence's field 3 as OCR read it", "EESTI\nJUHILUBA\n1. TAMM\n2. KATRIN\n3, 14.03.1992 EESTI\n4a. 02.05.2020 4b. 02.05.2030", []string{"14.03.1992"}},
		{"a numbered list's third date", "Milestones\n1. Design\n2. Build\n3. 2026-05-17\n4. Launch", []string{}},
		// Found from outside (fifty-sixth trial): the possessive forms.
		{"hungarian place and date possessive", "Születési helye, ideje: Hajdúszoboszló, 1939.11.02.", []string{"1939.11.02"}},
		// Found from outside (seventy-third trial): OCR read the year's
		// point as a comma.
		// Found from outside (seventy-fifth trial): an Italian party's
		// birth in prose, the article elided.
		{"italian birth with an elided article", "ing. Giulia Montanari, nata a Milano l'8 agosto 1972, domiciliata", []string{"8 agosto 1972"}},
		{"hungarian date whose year ocr ended with a comma", "Születési helye, ideje: Nyíregyháza, 1994, 07. 23.", []string{"1994, 07. 23"}},
		// Found from outside (eighty-third trial): OCR accented the label's
		// second e and read its separators as semicolons.
		{"hungarian label as ocr accented it", "2. Szülétési helye, ideje; Nyíregyháza; 1961. július 16.", []string{"1961. július 16"}},
		{"greek label transliterated", "Imerominia gennisis: 22/03/1979", []string{"22/03/1979"}},
		// OCR put a space inside a number of the date (found from outside).
		{"date split by OCR", "votre patient M. Julien MOREAU, né le 07/1 0/1958,", []string{"07/1 0/1958"}},
		{"day split by OCR", "Date of birth: 1 4.03.1990", []string{"1 4.03.1990"}},
		{"split date without a birth label", "Visit: 07/1 0/1958", []string{}},
		{"split numbers that are no date", "Date of birth: 45/6 7/1993", []string{}},
		{"d.o.b. dotted", "D.O.B.: 1980-02-01", []string{"1980-02-01"}},
		{"born on", "born on March 3, 1975 in Leeds", []string{"March 3, 1975"}},
		{"format hint", "Date of Birth (DD/MM/YYYY): 03/07/1962", []string{"03/07/1962"}},
		{"ordinal", "Birthdate 4th of July 1990", []string{"4th of July 1990"}},
		{"label on the line above", "Date of birth:\n17/09/1973", []string{"17/09/1973"}},
		{"dutch label", "Geboortedatum: 12-03-1984", []string{"12-03-1984"}},
		{"dutch born on", "geboren op 12.03.1984 te Utrecht", []string{"12.03.1984"}},
		{"german born on", "Geboren am 03.07.1962", []string{"03.07.1962"}},
		{"french born with (e)", "Né(e) le 03/07/1962 à Lyon", []string{"03/07/1962"}},
		{"spanish born", "Nacida el 03/07/1962", []string{"03/07/1962"}},
		{"portuguese label", "Data de nascimento: 03/07/1962", []string{"03/07/1962"}},
		{"label above after a blank line", "DATE OF BIRTH\n\n14 MAR 1985", []string{"14 MAR 1985"}},
		{"column header", "Name             Date of birth     Nationality\nJane Smith       17/09/1973        British", []string{"17/09/1973"}},
		{"pipe table", "| Patient | DOB | Ward |\n|---|---|---|\n| R. Chen | 02.11.1958 | 4B |", []string{"02.11.1958"}},
		// Found from outside (fifty-fourth trial): Slovak, the date two
		// lines below.
		{"slovak, the date below", "narodený:\n\n12.03.1979\n\nrodné číslo: 790312/4185", []string{"12.03.1979"}},
		// Found from outside (fifty-second trial): Welsh, its date on the
		// next line; Basque; a Spanish card's bare "Nacimiento".
		{"welsh, the date below", "Dyddiad geni:\n14/02/1958", []string{"14/02/1958"}},
		{"basque", "Jaiotze data: 1999/02/08", []string{"1999/02/08"}},
		{"a spanish card's nacimiento", "Nacimiento: 14/03/2006", []string{"14/03/2006"}},
		// Found from outside (fifty-first trial): a Malaysian card's
		// Malay label.
		{"malay", "Tarikh Lahir:    17/04/1988", []string{"17/04/1988"}},
		{"german", "Geburtsdatum: 12.05.1969", []string{"12.05.1969"}},
		{"bilingual card month", "Geboortedatum / Date of birth 12 MAA/MAR 1995", []string{"12 MAA/MAR 1995"}},
		{"bilingual card month, English first", "Date of birth / Geboortedatum 12 MAR/MAA 1995", []string{"12 MAR/MAA 1995"}},
		{"flat table as OCR writes it", "Employee Date of birth Start date\nT. Murphy 11/03/1990 06/01/2026", []string{"11/03/1990"}},
		{"flat table, birth date second", "Name Joined DOB\nA. Ode 2019-06-01 1971-04-09", []string{"1971-04-09"}},
		// Found from outside: month names in other languages, and "born"
		// with the place before the date.
		{"dutch month", "geboortedatum 9 januari 1984", []string{"9 januari 1984"}},
		{"french month", "né le 12 mars 1975 à Lyon", []string{"12 mars 1975"}},
		{"french month, first of the month", "Née le 1er août 1975", []string{"1er août 1975"}},
		{"german month", "geboren am 3. März 1980", []string{"3. März 1980"}},
		{"spanish month", "nacido el 5 de mayo de 1970", []string{"5 de mayo de 1970"}},
		{"portuguese month", "Data de nascimento: 12 de dezembro de 1981", []string{"12 de dezembro de 1981"}},
		{"portuguese born", "nascida em 5 de maio de 1970", []string{"5 de maio de 1970"}},
		{"italian month", "nato il 4 aprile 1969", []string{"4 aprile 1969"}},
		{"italian born with the place", "nata a Roma il 4 aprile 1969", []string{"4 aprile 1969"}},
		{"french born with the place", "né à Lyon le 12 mars 1975", []string{"12 mars 1975"}},
		{"german born with the place", "geboren in Berlin am 03.07.1962", []string{"03.07.1962"}},
		{"english born with the place", "born in Leeds on 3 March 1975", []string{"3 March 1975"}},
		// Found from outside (forty-fourth trial): a date a rule bounds
		// births by is no one's.
		{"a date that bounds births", "because you were born before 22 September 1960 and you live in Wales.", []string{}},
		{"born alone before the date", "Born: 22 September 1960", []string{"22 September 1960"}},
		{"swedish label", "Födelsedatum: 1966-04-19", []string{"1966-04-19"}},
		{"swedish label on the line above", "Födelsedatum\n1966-04-19", []string{"1966-04-19"}},
		{"swedish born under its label", "Född:\n9 januari 1984", []string{"9 januari 1984"}},
		{"swedish born inline, as OCR reads it", "Fodd 9 januari 1984", []string{"9 januari 1984"}},
		{"polish abbreviation", "Jan Kowalski, ur. 5 maja 1970 w Krakowie", []string{"5 maja 1970"}},
		{"polish label above", "Data urodzenia:\n18 lutego 1986", []string{"18 lutego 1986"}},
		{"polish born with the place", "urodzona w Gdańsku 3 września 1979", []string{"3 września 1979"}},
		{"danish label", "Fødselsdato: 12.05.1969", []string{"12.05.1969"}},
		// Found from outside (fourth trial): "geb. am", Danish and
		// Swedish month names, and the colon OCR put after a day.
		{"german geb. am with a month name", "Frau Gertrud Maßberg, geb. am 14. März 1951,", []string{"14. März 1951"}},
		{"german geb. numeric", "geb. 14.03.1951", []string{"14.03.1951"}},
		{"german geboren am with a month name", "geboren am 14. März 1951", []string{"14. März 1951"}},
		{"danish month", "Fødselsdato: 12. marts 1979", []string{"12. marts 1979"}},
		{"norwegian month", "Født 3. desember 1970", []string{"3. desember 1970"}},
		{"swedish month", "Födelsedatum: 4 juni 1981", []string{"4 juni 1981"}},
		{"swedish month, a colon after the day as OCR reads it", "Födelsedatum: 4: juni 1981", []string{"4: juni 1981"}},
		// Found from outside (sixth trial): a boxed form's label as OCR read
		// it, its first letter misread and the box's edges around the date.
		{"boxed label with a misread first letter", "Pate of birth:| _[02/14/1968/ _[Phone:| (602) 555-0139", []string{"02/14/1968"}},
		// Found from outside (tenth trial): whose birth a label names, in
		// words after it; a passport's year-month-day.
		{"french label naming whose birth", "Date de naissance du bénéficiaire  30/01/2015", []string{"30/01/2015"}},
		{"polish label naming whose birth", "Data urodzenia małżonka  27.03.1984", []string{"27.03.1984"}},
		{"passport date year month day", "Date of birth / Date de naissance    1988 NOV 09", []string{"1988 NOV 09"}},
		{"another label after a birth label", "Geburtsdatum Ausstellungsdatum 01.01.2020", []string{}},
		{"year month day without a label", "Issued 1988 NOV 09", []string{}},
		{"a date after an unrelated word ending in ate", "Rate of birthdays 02/14/1968", []string{}},
		// Found from outside (fifth trial): the place ends the line and the
		// joining word starts the next, before the date.
		{"italian born, the place ending the line above", "e la sig.ra Valentina Giordanengo, nata a Cuneo\nil 22/11/1990, residente in Corso Nizza 41", []string{"22/11/1990"}},
		{"english born, the place ending the line above", "the claimant, born in Leeds\non 3 March 1975, states", []string{"3 March 1975"}},
		{"french born, the connector alone above the date", "Mme Claire Aubert, née à Lyon\nle 12/03/1975", []string{"12/03/1975"}},
		{"a connector under a line that names no birth", "Delivered to Leeds\non 3 March 2024", []string{}},
		{"a connector under a place that is no birth", "signé à Lyon\nle 12/03/2024", []string{}},
		{"danish invoice date", "Fakturadato: 12. marts 2024", []string{}},
		{"swedish date with a colon, no birth label", "Leveransdatum: 4: juni 2024", []string{}},
		{"time after geb. am", "geb. am 14:30 1951", []string{}},
		{"polish issue date", "Data wydania: 5 maja 2020", []string{}},
		{"polish word ending in ur.", "Nr faktur. 05.05.1970", []string{}},
		{"foreign month without a birth label", "Fecha de emisión: 5 de mayo de 2020", []string{}},
		{"french invoice date", "Date de facture : 12 mars 2024", []string{}},
		{"dutch delivery date", "Leveringsdatum 9 januari 2024", []string{}},
		{"italian word ending in nato", "consegnato il 4 aprile 2024", []string{}},
		{"born with a place, then another date", "nato a Roma, residente dal 4 aprile 1999", []string{}},
		{"swedish print date", "Utskriftsdatum: 2024-04-19", []string{}},
		// Found from outside (fifteenth trial): a row of headings in the
		// document's language over a row with as many dates; Turkish,
		// Icelandic and Latvian labels.
		{"german flat table", "Name, Vorname Geburtsdatum Beruf\n\nSchuster, Annika 19.07.1984 Lehrerin", []string{"19.07.1984"}},
		// Found from outside (twenty-seventh trial): a Polish card's
		// bilingual headings, one column's, over its row of values.
		{"a spanish month's abbreviation", "Fecha de nacimiento / Date of birth: 23 AGO 1996", []string{"23 AGO 1996"}},
		{"a birth date later in the sentence", "My date of birth, as requested by your call handler, is 07/10/1971.", []string{"07/10/1971"}},
		// Found from outside (eightieth trial): a dentist's reminder.
		{"a birth date after a name's", "Lachlan's date of birth on our records is 19/08/2014. Please let us", []string{"19/08/2014"}},
		{"a birth date after your", "Please note your date of birth is 02/03/1990.", []string{"02/03/1990"}},
		{"estonian birth label as ocr reads it", "Isikukood: 46105230273\n\nSiinniaeg: 23.05.1961", []string{"23.05.1961"}},
		{"bilingual flat headings", "DATA URODZENIA / DATE OF BIRTH NUMER DOWODU / CARD NUMBER\n12.03.1985 DBA347125", []string{"12.03.1985"}},
		{"german flat table without the blank line", "Name, Vorname Geburtsdatum Beruf\nSchuster, Annika 19.07.1984 Lehrerin", []string{"19.07.1984"}},
		{"spanish card's flat table, a date with spaces", "SEXO NACIONALIDAD FECHA DE NACIMIENTO\nF ESP 14 03 1990", []string{"14 03 1990"}},
		{"german flat table, birth date second", "Name Eintrittsdatum Geburtsdatum\nK. Berg 01.04.2019 19.07.1984", []string{"19.07.1984"}},
		{"german flat table without a birth heading", "Name Eintrittsdatum Austrittsdatum\nK. Berg 01.04.2019 19.07.2024", []string{}},
		{"spanish flat table, the date of issue", "SEXO NACIONALIDAD FECHA DE EXPEDICIÓN\nF ESP 14 03 2020", []string{}},
		{"turkish label", "Doğum Tarihi: 19.06.1985", []string{"19.06.1985"}},
		{"turkish label, as OCR reads it", "Dogum Tarihi: 19.06.1985", []string{"19.06.1985"}},
		{"icelandic label", "Fæðingardagur: 12.03.1971", []string{"12.03.1971"}},
		{"latvian label", "Dzimšanas datums: 12.03.1971", []string{"12.03.1971"}},
		// Found from outside (twelfth trial): two people's dates on one
		// labelled row; a card's row of headings over its row of values,
		// OCR's blank line between them.
		{"two birth dates on one labelled row", "Date of birth 03/27/1962 11/02/1964", []string{"03/27/1962", "11/02/1964"}},
		{"a birth date, then another labelled date on its row", "Date of birth 03/27/1962 issued 11/02/2004", []string{"03/27/1962"}},
		{"a row of headings over a row of values, a blank line between", "VI. DATE OF BIRTH HEIGHT WEIGHT HAIR\n\n06 SEP 1988 67 IN 128 BRN", []string{"06 SEP 1988"}},
		// Found from outside (thirteenth trial): birth labels of Polish in
		// another case and of languages outside the corpus.
		{"polish born, accusative", "Pani Anna Nowak urodzoną 04.09.1998 w Krakowie", []string{"04.09.1998"}},
		{"estonian label above", "Sünniaeg\n15.07.1977", []string{"15.07.1977"}},
		{"croatian label", "Datum rođenja: 03.05.1966", []string{"03.05.1966"}},
		{"slovenian label", "Datum rojstva: 12.03.1970", []string{"12.03.1970"}},
		{"catalan label", "Data de naixement: 21/06/1985", []string{"21/06/1985"}},
		{"czech label", "Datum narození: 01.02.1979", []string{"01.02.1979"}},
		// Found from outside (fourteenth trial): Czech writes a date with
		// a space after each point, and "nar." for born.
		{"czech spaced date after nar.", "Ing. Vlastimil Kratochvíl, nar. 22. 3. 1958, bytem Brno", []string{"22. 3. 1958"}},
		{"czech spaced date under its label", "Datum narození: 22. 3. 1958", []string{"22. 3. 1958"}},
		{"czech born", "narozen 22.3.1958 v Jihlavě", []string{"22.3.1958"}},
		// Found from outside (ninetieth trial): Croatian's and Slovenian's
		// "born" before a spaced date; a meeting's date is no birth date.
		{"romanian month's name", "Data nașterii: 15 septembrie 1962", []string{"15 septembrie 1962"}},
		// Found from outside (ninety-seventh trial): a Romanian birth
		// certificate's field, year, month and day in words, its label's
		// s with a cedilla as OCR reads it.
		{"romanian year, month and day", "Data naşterii: Anul 1985 luna MARTIE ziua 12", []string{"Anul 1985 luna MARTIE ziua 12"}},
		{"romanian year, month and day off a birth label", "Data eliberării: Anul 2024 luna MAI ziua 3", []string{}},
		// Found from outside (ninety-ninth trial): a Swahili contract's
		// "who was born on".
		{"swahili born on", "mwenye Kitambulisho cha Taifa (NIDA) Na.\n19900514-14125-00003-21, aliyezaliwa tarehe 14/05/1990, anayeishi Sinza Mori,", []string{"14/05/1990"}},
		{"croatian born, feminine", "Ana Kovačić, rođena 14. 3. 1993. u Zagrebu", []string{"14. 3. 1993"}},
		{"croatian born, masculine", "Ivan Horvat, rođen 2. 11. 1985. godine", []string{"2. 11. 1985"}},
		{"slovenian born", "Maja Novak, rojena 3. 4. 1990", []string{"3. 4. 1990"}},
		{"a croatian meeting's date", "Sastanak održan 14. 3. 2026.", []string{}},
		{"lithuanian label", "Gimimo data: 1981-04-17", []string{"1981-04-17"}},
		{"finnish label", "Syntymäaika: 3.4.1962", []string{"3.4.1962"}},
		// Found from outside (thirteenth trial): a card's abbreviated
		// headings over its dates, the birth date last.
		{"abbreviated headings over a row of dates", "ISS EXP DOB\n\n2026/10/14 2034/09/02 1994/09/02", []string{"1994/09/02"}},
		{"abbreviated headings right over a row of dates", "ISS EXP DOB\n2026/10/14 2034/09/02 1994/09/02", []string{"1994/09/02"}},
		{"a row of headings without a birth label", "VI. DATE OF ISSUE HEIGHT WEIGHT\n\n06 SEP 1988 67 IN 128", []string{}},
		// Dates that are not dates of birth.
		{"flat table, dates do not match the labels", "Name Date of birth\nA. Ode 2019-06-01 1971-04-09", []string{}},
		{"plain date", "Date: 01/02/1980", []string{}},
		{"visit date", "Date of visit: 2026-11-02", []string{}},
		{"issue and expiry", "Date of issue: 21 JUN 2021\nDate of expiry: 21 JUN 2031", []string{}},
		{"invoice date above", "Invoice date:\n03/11/2026", []string{}},
		{"date in text after a birth date", "DOB 01/02/1980, visit 02/03/2024", []string{"01/02/1980"}},
		{"other column", "Name          Date of birth    Joined\nJ. Ode        1971-04-09       2019-06-01", []string{"1971-04-09"}},
		{"impossible date", "DOB 45/13/1980", []string{}},
		{"birth label far above", "Date of birth:\n\n\nStatement 01/02/2024", []string{}},
		// Found from outside (twenty-ninth trial): an animal's birth
		// date is no person's; its owner's, in a block of its own, is.
		{"a dog's date of birth", "Dog's DOB: 14/03/2019", []string{}},
		// Found from outside (seventy-second trial): an animal named by
		// its breed or its sex, in German, Hungarian and Danish.
		{"a dog's birth on a vet's german invoice", "Patient: Bruno, Labrador-Mischling, männlich-kastriert, geb. 14.05.2019", []string{}},
		{"a dog's birth in a hungarian pet claim", "Név: Pötyi Faj/fajta: kutya, magyar vizsla Születési idő: 2020.06.02.", []string{}},
		{"a dog's birth in a danish vaccination reminder", "Patient:    Basse, Golden Retriever, han, født 02.02.2020", []string{}},
		{"a pet's block", "Pet details\nName: Biscuit\nBreed: Labrador\nDate of birth: 14/03/2019", []string{}},
		{"a romanian vet's record", "ANIMAL\nSpecie: câine      Rasa: Border Collie\nNume: Luna         Data nașterii: 03.03.2021", []string{}},
		{"the owner's block after the pet's", "Pet details\nBreed: Labrador\nDate of birth: 14/03/2019\n\nPolicyholder\nDate of birth: 02/11/1984", []string{"02/11/1984"}},
		// Found from outside (eighty-second trial): a pet groomer's brand
		// two lines above its manager, her birth date under her.
		{"a person named between a dog's word and a birth date", "Assuré : SARL Toilettage du Marais (enseigne « Chien Chic », franchisé n° 112)\nGérante : Mme Sophie Le Guennec\nNée le : 11/02/1986 à Quimper", []string{"11/02/1986"}},
		{"a dog's birth under its owner's name", "Owner: Mrs Jane Smith\nDog: Rex, Labrador\nDate of birth: 14/03/2019", []string{}},
		// Found from outside (seventy-seventh trial): a compound breed, a
		// Boerboel; an Indonesian card's label as OCR misread it.
		{"a dog's birth under a compound breed", "Patient: Bruno, Berner Sennenhund, männlich, geb. 14.03.2019, Chip 040098100472613", []string{}},
		{"a boerboel's birth in a reminder", "Our records show that Kofi (male Boerboel, born 11 January 2023) is due", []string{}},
		{"an indonesian place and date misread", "Tempat/Tg! Lahir : SURABAYA, 14-07-1988", []string{"14-07-1988"}},
		// Found from outside (hundred-and-seventh trial): a street named
		// after a dog above an employee's birth date; the policyholder's
		// (VN) birth date in a German claim.
		{"an employee on dog lane", "Employee: Hannah Louise Pritchard\nAddress: 19 Dog Lane, Bewdley DY12 2EF\nDate of birth: 14/03/1996", []string{"14/03/1996"}},
		{"a dog's birth under its street's line", "Dog: Rex, Labrador\nAddress: 19 Dog Lane\nDate of birth: 14/03/2019", []string{}},
		{"the policyholder's birth date", "E-Mail: uwe.kessler@t-online.de\nGeburtsdatum VN: 17.02.1968", []string{"17.02.1968"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := found(tt.text, DateOfBirth); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("dates of birth in %q = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestIBANAndCardScans(t *testing.T) {
	tests := []struct {
		name string
		kind string
		text string
		want []string
	}{
		{"iban grouped, BIC after", IBAN, "IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX", []string{"DE89 3704 0044 0532 0130 00"}},
		{"iban compact", IBAN, "IBAN:GB82WEST12345698765432.", []string{"GB82WEST12345698765432"}},
		{"iban split by a line break", IBAN, "IBAN: FR14 2004 1010 0505\n0001 3M02 606", []string{"FR14 2004 1010 0505\n0001 3M02 606"}},
		{"iban bad checksum", IBAN, "IBAN DE89 3704 0044 0532 0130 01", []string{}},
		// Found from outside (fifty-second trial): an Italian PagoPA
		// notice's seventeen digits pass the Luhn check and start as a
		// Diners card's; a Diners card has fourteen, sixteen or nineteen.
		{"a pagopa notice is no card", PaymentCard, "Pagamento entro 30 giorni tramite PagoPA, codice avviso\n3011 8442 0026 1410 5", []string{}},
		{"a diners card", PaymentCard, "Diners Club 3056 930902 5904", []string{"3056 930902 5904"}},
		// Found from outside (hundred-and-twelfth trial): a Dutch VAT
		// return's payment reference, sixteen digits that pass the Luhn
		// check and start as a Mastercard's; the same under an English
		// label and on the line under its label. A card under a label of
		// its own is still one.
		{"a dutch payment reference is no card", PaymentCard, "Betaal vóór 31 januari onder vermelding van het betalingskenmerk 5123 4567 8901 2346.", []string{}},
		{"an english payment reference is no card", PaymentCard, "Payment reference: 5123 4567 8901 2346", []string{}},
		{"a payment reference on the line under its label", PaymentCard, "Zahlungsreferenz\n5123 4567 8901 2346", []string{}},
		{"a swedish ocr number is no card", PaymentCard, "Bankgiro 5050-1055 OCR-nummer 5123 4567 8901 2346", []string{}},
		{"a card after a reference of its own", PaymentCard, "Ref. 20931 paid by card 5123 4567 8901 2346", []string{"5123 4567 8901 2346"}},
		// Found from outside (twenty-eighth trial): OCR read a space
		// between two groups as a point.
		{"iban with a point for a space", IBAN, "računi Korisnika kredita IBAN HR92 2484 0083 2011.8745 5.", []string{"HR92 2484 0083 2011.8745 5"}},
		{"iban with a point before a group of letters", IBAN, "Cont curent RON IBAN: RO31.RNCB 0082 0441 7395 0001", []string{"RO31.RNCB 0082 0441 7395 0001"}},
		// Found from outside (seventy-ninth trial): a Polish invoice's
		// account with a space after its country code, a Croatian
		// payslip's with a point read beside a space.
		{"iban with a space after its country code", IBAN, "Konto: .PKO BP S.A. PL 8910 2040 2700 0017 0213 4873 05", []string{"PL 8910 2040 2700 0017 0213 4873 05"}},
		{"iban with a point beside a space", IBAN, "IBAN za isplatu: HR83. 2360 0003 2047 1882 6", []string{"HR83. 2360 0003 2047 1882 6"}},
		{"a point before letters that fail mod-97", IBAN, "Cont curent RON IBAN: RO32.RNCB 0082 0441 7395 0001", []string{}},
		// Found from outside (twenty-fourth trial): the IBAN registry's
		// countries beyond SEPA.
		{"serbian iban compact", IBAN, "IBAN: RS64160000000123456789", []string{"RS64160000000123456789"}},
		{"ukrainian iban", IBAN, "IBAN UA213223130000026007233566001", []string{"UA213223130000026007233566001"}},
		{"montenegrin iban grouped", IBAN, "ME25 5050 0001 2345 6789 51", []string{"ME25 5050 0001 2345 6789 51"}},
		{"serbian iban bad checksum", IBAN, "IBAN: RS64160000000123456788", []string{}},
		{"iban one digit too many", IBAN, "IBAN DE89 3704 0044 0532 0130 001", []string{}},
		{"iban unknown country", IBAN, "XX89 3704 0044 0532 0130 00", []string{}},
		// Found from outside (forty-first trial): a Moroccan IBAN, outside
		// the registry, and a Maestro-range card.
		{"moroccan iban", IBAN, "par virement depuis notre compte MA43 0074 5000 0812 3000 4567 8912 (Attijariwafa bank)", []string{"MA43 0074 5000 0812 3000 4567 8912"}},
		{"moroccan iban bad checksum", IBAN, "compte MA44 0074 5000 0812 3000 4567 8912", []string{}},
		{"a card in maestro's range", PaymentCard, "pagado con tarjeta de crédito No. 5069 6349 9715 7386.", []string{"5069 6349 9715 7386"}},
		{"a maestro-range number failing luhn", PaymentCard, "tarjeta No. 5069 6349 9715 7387", []string{}},
		{"card with expiry after", PaymentCard, "Card 4111 1111 1111 1111 12/27", []string{"4111 1111 1111 1111"}},
		{"card compact", PaymentCard, "PAN 5555555555554444", []string{"5555555555554444"}},
		{"amex 4-6-5", PaymentCard, "AMEX 3782 822463 10005", []string{"3782 822463 10005"}},
		{"card dashed", PaymentCard, "5500-0000-0000-0004", []string{"5500-0000-0000-0004"}},
		{"card bad luhn", PaymentCard, "Card 4111 1111 1111 1112", []string{}},
		{"card glued to letters", PaymentCard, "REF4111111111111111", []string{}},
		{"masked card", PaymentCard, "VISA **** **** **** 4417", []string{}},
		{"tracking number, no issuer", PaymentCard, "Tracking 1234 5678 9012 3456", []string{}},
		// Found from outside: OCR split a statement's card number by a
		// blank line.
		{"card split by a blank line", PaymentCard, "Card number: 4539 1488\n\n0343 6467", []string{"4539 1488\n\n0343 6467"}},
		{"card split before its last group", PaymentCard, "Card number: 4539 1488 0343\n\n6467 exp 12/27", []string{"4539 1488 0343\n\n6467"}},
		{"card split by a line break", PaymentCard, "4539 1488\n  0343 6467", []string{"4539 1488\n  0343 6467"}},
		// Found from outside (eighty-seventh trial): a scanned card
		// statement's number, a gap OCR closed.
		{"card with a gap closed", PaymentCard, "Card No.: 5412 7933 18407625 MUTIARA PLATINUM MASTERCARD", []string{"5412 7933 18407625"}},
		{"closed gap failing luhn", PaymentCard, "Card No.: 5412 7933 18407626", []string{}},
		{"split card failing luhn", PaymentCard, "Card number: 4539 1488\n\n0343 6468", []string{}},
		{"card split by two blank lines", PaymentCard, "4539 1488\n\n\n0343 6467", []string{}},
		{"column of four-digit numbers", PaymentCard, "4539\n1488\n0343\n6467", []string{}},
		{"one group before the break", PaymentCard, "Ext. 4539\n\n1488 0343 6467", []string{}},
		{"split groups that are not of four", PaymentCard, "45391488\n\n03436467", []string{}},
		{"split card glued to a code", PaymentCard, "4539 1488\n\n0343 6467-A", []string{}},
		// Found from outside (fourth trial): OCR read a digit of a
		// receipt's card as a look-alike character.
		{"card with a bracket for its last 1", PaymentCard, "Card: 5412 9193 5913 214] exp 09/28", []string{"5412 9193 5913 214]"}},
		{"card with two look-alikes", PaymentCard, "Card: 5412 9l93 59l3 2141", []string{"5412 9l93 59l3 2141"}},
		{"card with a pipe for its last 1", PaymentCard, "Karte 5412 9193 5913 214|", []string{"5412 9193 5913 214|"}},
		{"amex 4-6-5 with an O for a 0", PaymentCard, "AMEX 3782 822463 1OOO5", []string{}},
		{"amex 4-6-5 with one O for a 0", PaymentCard, "AMEX 3782 822463 1O005", []string{"3782 822463 1O005"}},
		{"three look-alikes", PaymentCard, "Card: 54l2 9l93 59l3 2141", []string{}},
		{"look-alike failing luhn", PaymentCard, "Card: 5412 9193 5913 215]", []string{}},
		// Found from outside (thirty-third trial): a fax header's phone
		// number and date, and a VAT number, in no card's grouping,
		// passed the Luhn check.
		{"a fax header's phone and date", PaymentCard, "FAX van: Bakkerij Van den Berg B.V. +31 30 262 1180 14-10-2024 09:12 p.1/1", []string{}},
		{"a vat number in threes", PaymentCard, "N° TVA 364 790 140 76156", []string{}},
		{"an amex in 4-6-5", PaymentCard, "Card: 3714 496353 98431", []string{"3714 496353 98431"}},
		{"look-alike, no issuer", PaymentCard, "Order 1234 5678 9012 345]", []string{}},
		{"look-alike glued to a letter", PaymentCard, "5412 9193 5913 214]x", []string{}},
		{"words in card groups", PaymentCard, "BOSS SOLO 1234 5678", []string{}},
		{"pipe table border after fifteen digits", PaymentCard, "| 5412 9193 5913 214| x |", []string{}},
		// Found from outside (eighty-third trial): an IBAN whose check OCR
		// broke holds sixteen digits that Luhn passes; no card.
		{"an iban's account number read wrong", PaymentCard, "Numer rachunku: PL66 1020 5561 0060 3214 4781 .0093", []string{}},
		{"a date and a balance", Phone, "Počáteční zůstatek k 01.10.2026 412 880,15", []string{}},
		{"iban with an O for a 0", IBAN, "IBAN DE89 37O4 0044 0532 0130 00", []string{"DE89 37O4 0044 0532 0130 00"}},
		{"iban with an l for a 1", IBAN, "IBAN DE89 3704 0044 0532 0l30 00 BIC", []string{"DE89 3704 0044 0532 0l30 00"}},
		// Found from outside (eighth trial): a check digit read as a letter.
		{"iban with an O in its check digits", IBAN, "IBAN SEO9 8327 0000 0091 4602 7815", []string{"SEO9 8327 0000 0091 4602 7815"}},
		{"iban of letters with an O in its check digits", IBAN, "IBAN GB8Z WEST 1234 5698 7654 32", []string{"GB8Z WEST 1234 5698 7654 32"}},
		{"check-digit look-alike failing mod-97", IBAN, "IBAN SEO8 8327 0000 0091 4602 7815", []string{}},
		// Found from outside (seventy-ninth trial): a check digit 0 read
		// as G, which also stands for a 6; mod-97 decides.
		{"iban whose check digit ocr read as G", IBAN, "Ödeme yapılacak hesap (IBAN): TRG4 0006 2000 1298 4733 6155 20", []string{"TRG4 0006 2000 1298 4733 6155 20"}},
		{"a G in check digits that no reading makes an iban", IBAN, "IBAN: TRG5 0006 2000 1298 4733 6155 20", []string{}},
		// Found from outside (eighty-second trial): a 0 read O in an
		// account number that holds letters too (RONC, its own O).
		{"iban with an O for a 0 among its account's letters", IBAN, "IBAN: RO18 BTRL RONC RTO4 1827 3615", []string{"RO18 BTRL RONC RTO4 1827 3615"}},
		{"an account's letters no reading makes an iban", IBAN, "IBAN: RO18 BTRL RONC RTO5 1827 3615", []string{}},
		{"a word in iban shape", IBAN, "ESSO station ESSO 1234 5678 9012 3456 7890", []string{}},
		// Found from outside (eleventh trial): the country code's letters
		// read in lowercase or as digits.
		{"iban with a lowercase country letter", IBAN, "saajan tili Fi21 1234 5600 0007 85", []string{"Fi21 1234 5600 0007 85"}},
		{"iban with a 1 for an I", IBAN, "IBAN 1E70 BOFI 9000 1712 3456 78  BIC BOFIIE2D", []string{"1E70 BOFI 9000 1712 3456 78"}},
		{"iban with a 0 for an O", IBAN, "konto N093 8601 1117 947", []string{"N093 8601 1117 947"}},
		{"country look-alike failing mod-97", IBAN, "IBAN 1E71 BOFI 9000 1712 3456 78", []string{}},
		{"no country in look-alikes", IBAN, "ref 1121 1234 5600 0007 85", []string{}},
		{"iban with three look-alikes", IBAN, "IBAN DE89 37O4 OO44 0532 0130 00", []string{}},
		{"iban look-alike failing mod-97", IBAN, "IBAN DE89 37O4 0044 0532 0130 01", []string{}},
		// Where a country's account number may hold letters, a look-alike
		// is read as itself and as the digit it looks like (eighty-second
		// trial); mod-97 decides.
		{"iban look-alike where letters may stand", IBAN, "IBAN GB82 WEST 1234 5698 7654 3Z", []string{"GB82 WEST 1234 5698 7654 3Z"}},
		{"iban look-alike where letters may stand failing mod-97", IBAN, "IBAN GB82 WEST 1234 5698 7654 3S", []string{}},
		{"card-shaped digits inside an IBAN", PaymentCard, "IBAN ES67 2100 3812 6702 0014 7736", []string{}},
		{"the IBAN itself", IBAN, "IBAN ES67 2100 3812 6702 0014 7736", []string{"ES67 2100 3812 6702 0014 7736"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := found(tt.text, tt.kind); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("%s in %q = %q, want %q", tt.kind, tt.text, got, tt.want)
			}
		})
	}
}

// A phone number is not reported a second time inside an IBAN or card.
func TestPhoneNotInsideOtherNumbers(t *testing.T) {
	text := "IBAN GB82 WEST 1234 5698 7654 32\nCard 4111 1111 1111 1111"
	if got := found(text, Phone); len(got) != 0 {
		t.Errorf("phones = %q, want none", got)
	}
}

// Found from outside: OCR parts an address's last dot from its top-level
// domain by a space. Only a top-level domain makes the tail part of it.
func TestEmailForms(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		// Found from outside (hundred-and-twenty-second trial): OCR set a
		// space after a hyphen in the host and before its last dots; a
		// country's domain after a split second-level one is the
		// address's.
		{"a space after a hyphen in the host", "E-mail: accounts@bluewater- freight .co.uk", []string{"accounts@bluewater- freight .co.uk"}},
		{"a country after a split domain", "Mail: a.b@firma. com.au, thanks", []string{"a.b@firma. com.au"}},
		{"a spaced dash after an address", "Mail: a.b@firma.de - Bestellung", []string{"a.b@firma.de"}},
		// Found from outside (hundred-and-twenty-seventh trial): a line
		// break after a hyphen of the host.
		{"a line break after a hyphen in the host", "Contact: e-mail j.devries@studio-\nvermeer.nl or call", []string{"j.devries@studio-\nvermeer.nl"}},
		// Found from outside (hundred-and-twenty-eighth trial): spaces on
		// both sides of the dot OCR parted.
		{"spaces on both sides of a parted dot", "E-mail: purchasing@wrekintranslation . co.uk", []string{"purchasing@wrekintranslation . co.uk"}},
		{"a line break after the at sign", "E-mail: pieter.vermeulen@\nnoordzee-windonderhoud.be", []string{"pieter.vermeulen@\nnoordzee-windonderhoud.be"}},
		{"a line break after an address's dot and a word", "mail me at ana@firma.\nde today", []string{}},
		// Found from outside (nineteenth trial): OCR read ".lv" as ".1v".
		{"top-level domain misread", "E-pasts: ilze.berzina@riga-dome.1v", []string{"ilze.berzina@riga-dome.1v"}},
		{"misread tail that is no domain", "ref a@b.1x1", []string{}},
		// Found from outside (forty-third trial): OCR read the "@" as "©".
		{"at sign read as a copyright sign", "e-mail: k.wojcik©drukarniawisla.pl, tel. 12 345 67 89", []string{"k.wojcik©drukarniawisla.pl"}},
		{"a footer's copyright sign", "© 2026 Drukarnia Wisła sp. z o.o. All rights reserved.", []string{}},
		// Found from outside (sixty-ninth and seventieth trials): OCR read
		// the "@" as a capital "G".
		{"at sign read as a capital g", "tel. +48 601 228 947, e-mail b.zawadzkiGautocentrum-kowalczyk.pl", []string{"b.zawadzkiGautocentrum-kowalczyk.pl"}},
		{"a capital g in a word is no at sign", "Ref. KINGSTON ROAD, paidGrant.example and rentalGroup.com", []string{}},
		{"at sign read as a capital g after a contact's label", "Consultas: rrhhGexpresoriodelaplata.com.ar - (011) 4302-7716", []string{"rrhhGexpresoriodelaplata.com.ar"}},
		// Found from outside (hundred-and-fourteenth trial): a Spanish
		// letter's "write to" before the address.
		{"at sign read as a capital g after a write to", "llame al 924 31 22 80 o escriba a eventosGmaquinariasolana.es.", []string{"eventosGmaquinariasolana.es"}},
		{"at sign read as a capital g after an english write to", "Questions? Write to infoGharrowhitch.co.uk today", []string{"infoGharrowhitch.co.uk"}},
		{"a write to before a word with a capital g", "write to the eventsGroup.com team", []string{}},
		{"a copyright sign before no domain", "Acme©Widgets.Inc", []string{}},
		{"space after the dot", "E-mail: jane.doe@inkwell. com", []string{"jane.doe@inkwell. com"}},
		{"space before the dot", "Contact: jane.doe@inkwell .com for orders", []string{"jane.doe@inkwell .com"}},
		{"split after a subdomain", "billing@mail.inkwell. co. Thanks", []string{"billing@mail.inkwell. co"}},
		{"split country domain at the end of a line", "Correo: ventas@papeleria. es\nTel. 915 34 82 17", []string{"ventas@papeleria. es"}},
		{"split in upper case", "INFO@ACME. COM", []string{"INFO@ACME. COM"}},
		{"split before the reserved example domain", "orders@suinrise. example, (402)", []string{"orders@suinrise. example"}},
		// Found from outside (ninety-eighth trial): a Vietnamese invoice's
		// address, Vietnam's domain not among those known.
		{"split vietnamese domain", "Điện thoại: +84 28 3822 9145 Email: ketoan@caycanhxanh. vn", []string{"ketoan@caycanhxanh. vn"}},
		{"word domain my before a word", "please email me@home. my phone is off", []string{}},
		{"whole address before a sentence", "Write to jane@inkwell.com. Then call.", []string{"jane@inkwell.com"}},
		{"sentence after a host", "contact me@home. Then we talk", []string{}},
		{"sentence in lower case after a host", "ask for me@home. it was late", []string{}},
		{"word domain before a word", "escriba a info@papeleria. de lunes a viernes", []string{}},
		{"tail that is no domain", "see you@there. soon", []string{}},
		{"word domain is", "the best of me@home. is it not", []string{}},
		{"capitalised tail", "ping me@home. Com", []string{}},
		{"handle and a word", "follow us @docket. com", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := found(tt.text, Email); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("e-mails in %q = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// Found from outside (thirtieth trial): domestic bank account numbers
// under their labels, which no checksum tells; an account that is no
// bank's is not one.
func TestBankAccounts(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		// Found from outside (ninety-first trial): a Czech invoice's
		// "č. ú." over an account and its bank's code.
		{"a czech c. u.", "Bankovní spojení: Fio banka, č. ú. 2847561203/0800", []string{"2847561203/0800"}},
		// Found from outside (hundred-and-twelfth trial): a credit
		// union's statement names the account's product between its
		// label and its number.
		{"an account after its product's name", "FIRST LAKESIDE CREDIT UNION\nACCOUNT STATEMENT\nMember: Linda Marsh\nAccount: Share Draft 7708-2214", []string{"7708-2214"}},
		{"a customer's number after words of no product", "Water bill\nAccount: Meter Read 7708-2214", []string{}},
		// Found from outside (ninetieth trial): a Polish account's 26
		// digits (an IBAN's without PL, its check passed) under "Rachunek
		// do wpłat", "Nr rachunku", "Nr konta"; one whose check fails is
		// no account.
		{"a polish account to pay into", "Rachunek do wpłat (indywidualny): 61 1090 1014 0000 0712 1981 2874", []string{"61 1090 1014 0000 0712 1981 2874"}},
		{"a polish nr rachunku", "Nr rachunku: 61 1090 1014 0000 0712 1981 2874", []string{"61 1090 1014 0000 0712 1981 2874"}},
		{"a polish nr konta unspaced", "Nr konta: 61109010140000071219812874", []string{"61109010140000071219812874"}},
		{"26 digits whose check fails", "Nr rachunku: 62 1090 1014 0000 0712 1981 2874", []string{}},
		// Found from outside (eighty-seventh trial): a supplier's
		// account the bank is named after.
		{"a supplier's account at a named bank", "payable within 30 days by bank\ntransfer to the Supplier's account no. 1183 0045 2271 at KCB Bank,\nMtwapa branch.", []string{"1183 0045 2271"}},
		{"a customer's account, no bank", "Customer account no. 40071862 - please quote it", []string{}},
		// Found from outside (eighty-eighth trial): a Vietnamese
		// payslip's account.
		{"a vietnamese so tai khoan", "Số tài khoản: 0451 0003 8827 1 – Vietcombank chi nhánh Thăng Long", []string{"0451 0003 8827 1"}},
		{"a us account after its routing number", "Remit by ACH: Routing 071000013 Account 0048 2231 9075", []string{"0048 2231 9075"}},
		{"a vietnamese tai khoan so in a sentence", "Lương được chuyển khoản vào tài khoản số 0071000845213 tại Vietcombank.", []string{"0071000845213"}},
		// Found from outside (ninety-ninth trial): a Swahili contract's
		// bank account, its bank and "Na." (number) between.
		{"a swahili bank account in a sentence", "3. MSHAHARA: Mwajiriwa atalipwa mshahara wa jumla wa TZS 2,400,000 kwa mwezi, kupitia\n   akaunti yake ya benki CRDB Na. 0152384719200.", []string{"0152384719200"}},
		{"a swahili account's number label", "Namba ya akaunti: 0152384719200", []string{"0152384719200"}},
		{"a bank account above its number", "Bank account for settlement:\n12-3140-0123456-00", []string{"12-3140-0123456-00"}},
		{"an account's number in a bank's statement", "DBS Bank Ltd\nConsolidated Statement\nAccount no.: 123-45678-9", []string{"123-45678-9"}},
		{"a kontonummer", "Kontonummer: 5040 0440116243", []string{"5040 0440116243"}},
		// Found from outside (seventy-sixth trial): a Swedish account
		// under its kind, an account under a block of banking details
		// (its branch code lost by OCR), one beside its branch code.
		// Found from outside (seventy-seventh trial): a Swedish business
		// account, a Canadian one after its transit number across a line
		// break; a statement's number in its year, a period's date.
		// Found from outside (seventy-eighth trial): Czech accounts in an
		// escrow statement's rows and under a label OCR misread, by their
		// check digits and banks' codes.
		{"a czech account in a statement's row", "03.11.2026 Složení kupní ceny, kupující Vltava Hotels s.r.o. 19-44728538/0800 +48 500 000,00", []string{"19-44728538/0800"}},
		{"a czech account under a misread label", "Cislo étu: 287443238/0300", []string{"287443238/0300"}},
		{"a czech account's shape failing its check", "Ref 2501234567/0300", []string{}},
		{"a file's number in its year", "Spis 418/2026", []string{}},
		{"a swedish foretagskonto", "Norrlandsbanken KONTOUTDRAG\nFöretagskonto 5000-0058 398 257 466", []string{"5000-0058 398 257 466"}},
		{"a canadian account after its transit across a line", "Please deposit it to the same account as last time (transit\n00412, institution 003, account 5089217) or call me", []string{"5089217"}},
		{"a statement's number in its year", "EXTRAIT DE COMPTE n° 011/2026                    Date d'édition : 30/11/2026", []string{}},
		{"a statement of account's period", "HDFC Bank\nSTATEMENT OF ACCOUNT 01-11-2026 to 30-11-2026", []string{}},
		{"a czech account whose bank code looks like a year", "Bankovní spojení: účet 2501234567/2010", []string{"2501234567/2010"}},
		{"a swedish privatkonto", "KONTOUTDRAG\nKonto: Privatkonto 5439 10 274 86", []string{"5439 10 274 86"}},
		// Found from outside (eighty-second trial): a Danish loan account.
		{"a danish lånekonto", "KONTOUDTOG - ERHVERVSLÅN\nLånekonto: 5301-0004418290 Lånets hovedstol: 500.000,00 kr.", []string{"5301-0004418290"}},
		{"an account under banking details", "Banking details:\naccount number 271468093,\n\nInterest is charged on overdue accounts.", []string{"271468093"}},
		{"an account beside its branch code", "Pay to: account 62841937205, branch code 250655", []string{"62841937205"}},
		{"an account number under customer details", "Customer details:\naccount number 271468093,", []string{}},
		// Found from outside (sixty-seventh trial): Norwegian accounts under
		// an account's word whose made-up check digits fail.
		// Found from outside (sixty-eighth trial): a Portuguese current
		// account's branch and number parted by a point.
		{"a portuguese conta à ordem", "Banco Atlântico Português, S.A.\nEXTRATO INTEGRADO N.º 09/2026\n\nConta à ordem n.º 0697.00638427193", []string{"0697.00638427193"}},
		{"a norwegian account under its label, its check failing", "Brukskonto 1503.66.24178\n13.09 Overføring til sparekonto 1503.66.30012 150 000,00", []string{"1503.66.24178", "1503.66.30012"}},
		{"a norwegian account's shape unlabelled, its check failing", "Referanse 1503.66.24178", []string{}},
		{"an account's number outside a bank's statement", "Northern Water\nAccount no.: 30012345", []string{}},
		{"a customer's account in a bank's statement", "Bank statement\nCustomer account no.: 30012345", []string{}},
		{"too few digits", "Bank account: 4471", []string{}},
		// Found from outside (sixty-fifth trial): "No." after the
		// account's abbreviation and after a savings account.
		{"an account's number after acc no.", "Payment: MoMo or GCB Bank, Acc No. 1071130004582", []string{"1071130004582"}},
		{"a savings account's number", "Jamaica Credit Union\nStatement of Account\nAccount: Regular Savings No. 2004418735", []string{"2004418735"}},
		// Found from outside (sixty-third trial): a French account's
		// number with a letter, as a RIB writes it; not outside a bank's
		// document, nor a word in capitals.
		{"a french account with a letter", "Crédit Mutuel du Velay\nRELEVÉ DE COMPTE\nN° de compte : 10478 01047291X52", []string{"10478 01047291X52"}},
		{"a french account's reference elsewhere", "Cabinet Durand\nN° de compte client : 10478 01047291X52", []string{}},
		{"a word in capitals is no account", "Relevé de compte\nCompte : COURANTPERSO", []string{}},
		// Found from outside (fifty-fifth and fifty-sixth trials): a
		// payment block's bank or sort code above the account's number, a
		// bank after it, a CLABE "destino", a transfer to a sort code's
		// account, a Canadian transit and institution, a transit beside a
		// Jamaican account, a Chilean "Cuenta RUT", a Moroccan RIB; a
		// biller's customer number quoted as a reference is none.
		{"a sort code above an account number", "Marlowe Keys Music Ltd\n12 Albion Street, Leeds LS1 6HX\nINVOICE MKM-0931\nDate: 2 November 2026\n\nLicence fees               GBP 5,225.00\n\nPayment within 30 days to:\nAccount name: D Okafor-Reid\nSort code: 20-45-77\nAccount number: 63918204\nReference: MKM-0931", []string{"63918204"}},
		{"a bank two lines above", "ADEYEMI VISUALS\nLekki Phase 1, Lagos\nINVOICE AV-2026-114\nDate: 2 November 2026\n\nTotal due: NGN 532,125.00\n\nBank: Zenith Bank Plc\n\nAccount name: Oluwatobi Adeyemi\nAccount number: 2214087356", []string{"2214087356"}},
		{"an account number far from any bank", "Membership renewal\nDate: 1 May 2026\nMember: A. Adeyemi\nPlan: Gold\nPaid at the Zenith Bank Plc branch\n\n\nAccount number: 2214087356", []string{}},
		{"a bank after the number", "4. I give the sum of KES 1,500,000 held in my account no. 1180287463 at KCB Eldoret branch to my", []string{"1180287463"}},
		{"a customer number quoted as a reference", "EFT: Mogale Hills Municipality, Standard Bank, account 071 445 923,\nbranch code 051001. Use your account number 500277194432 as reference.", []string{"071 445 923"}},
		{"a clabe destino", "CLABE destino: 012180015738294612", []string{"012180015738294612"}},
		{"a transfer to a sort code's account", "Allied Irish Banks, p.l.c. Business Current Account Statement\n18 Sep    TRANSFER TO 90-14-27 12345671 AB SAVINGS              1,500.00                 8,705.01", []string{"90-14-27 12345671"}},
		{"a transit and an institution", "Direct deposit: Transit 00450  Institution 003  Account 5082614", []string{"5082614"}},
		{"a transit beside an account", "Payment: NCB, Half Way Tree branch, account no. 354-218-774, transit 01105", []string{"354-218-774"}},
		// Found from outside (fifty-eighth trial): a Swedish account's
		// number labelled after its clearing number, a Brazilian account
		// beside its branch.
		{"a swedish account labelled after its clearing number", "Utbetalning till: Swedbank, clearingnr 8327-9, konto 914 382 716-4", []string{"8327-9, konto 914 382 716-4"}},
		{"a brazilian account beside its branch", "na conta corrente do ATLETA: Banco do Brasil, agência 0264-7, conta 48192-3.", []string{"48192-3"}},
		{"a quebec folio beside its transit", "Pharmacie Tremblay inc.\nRelevé de compte Desjardins\nPériode: octobre 2026\nPage 1\n\nFolio: 815-30047-0042177 Transit 30047 Institution 815", []string{"815-30047-0042177"}},
		{"a folio under a caisse's name", "CAISSE DESJARDINS DU PLATEAU-MONT-ROYAL\nGUICHET AUTOMATIQUE GAB 04417\n\n          REÇU DE DÉPÔT\nDATE 2026-11-14   HEURE 17:42\n\nDÉPÔT DE CHÈQUE(S) AU COMPTE\nFOLIO 81233-006-4471829 (ÉPARGNE À OPÉRATIONS)", []string{"81233-006-4471829"}},
		{"a hotel's folio", "HOTEL LE ST-JAMES\nFolio: 4417823\nArrival 12/11/2026", []string{}},
		{"a chilean cuenta rut", "mediante transferencia a la Cuenta RUT de BancoEstado N° 17203918.", []string{"17203918"}},
		{"a moroccan rib", "Mode de paiement : virement bancaire CIH Bank, RIB 230 780 4512873211024600 81", []string{"230 780 4512873211024600 81"}},
		// Found from outside (thirty-sixth trial): accounts after their
		// bank's name, a statement's sub-accounts, Indonesia's "No.
		// Rekening", a credit union's share suffix.
		{"an account after its bank's name", "Bank: OCBC 601-284173-001", []string{"601-284173-001"}},
		// Found from outside (thirty-seventh trial): a Moroccan RIB after
		// "compte n°", an Indian UPI ID, the other party's account in a
		// statement's transfer.
		{"a moroccan rib after compte n°", "prélevées sur le compte n° 181 810 21112 0547296 000 1 49", []string{"181 810 21112 0547296 000 1 49"}},
		{"a upi id under its label", "UPI ID: sribalajimedicals@okicici", []string{"sribalajimedicals@okicici"}},
		{"a upi id by its handle", "Paid to ramesh.k@ybl on 12/11", []string{"ramesh.k@ybl"}},
		{"an e-mail at a payment app is no upi id", "Write to help@paytm.com for help", []string{}},
		{"a statement's transfer from an account", "ACCESS BANK PLC\nLoan Account Statement\n05-Nov-2026  Repayment - transfer from 2034418876              437,500.00      3,400,000.00", []string{"2034418876"}},
		{"a malaysian bank's name and a spaced number", "Dibayar ke: Maybank 1642 0388 7715", []string{"1642 0388 7715"}},
		// Found from outside (forty-first trial): "Acc" after a bank's
		// name or its code; a biller's in a statement's line is no bank's.
		{"acc after a bank's name", "Bank: FNB Acc 62841177503", []string{"62841177503"}},
		{"a client account with its sort code", "Paid into: Oakridge Lettings Client Account, sort code 20-41-06, account 43198277", []string{"43198277"}},
		// Found from outside (forty-fourth trial): a Canadian account of
		// seven digits after its transit number, the labels bilingual;
		// seven digits under a plain label are a customer's number.
		{"a canadian account after its transit number", "Institution: 815   Transit: 30047   Compte / Account: 0412873", []string{"0412873"}},
		{"seven digits under a plain account label", "Account: 0412873", []string{}},
		{"acc after a sort code", "Pay by bank transfer: T Briggs, sort code 20-45-77, acc 43819265", []string{"43819265"}},
		{"a biller's acc in a statement", "Bank statement\nTH01KT8N4B  2025-08-01  Pay Bill to 888880 - KENYA POWER Acc. 54120938713   -3,500.00", []string{}},
		// Found from outside (forty-seventh trial): Indonesia's "No. Rek.".
		{"an indonesian account after no. rek.", "Bank BCA No. Rek. 7310284461 a.n. Dewi Lestari", []string{"7310284461"}},
		// Found from outside (forty-sixth trial): a Flemish tax roll's
		// article number has a New Zealand account's shape.
		{"a tax roll's article number", "AANSLAGBILJET ONROERENDE VOORHEFFING\nAanslagjaar 2026 – Artikelnummer 26-4412-0093817-62", []string{}},
		{"a new zealand account under its label", "Account number 26-4412-0093817-62", []string{"26-4412-0093817-62"}},
		{"a bank's account", "Refund to: DBS account 120-334587-9", []string{"120-334587-9"}},
		{"an italian current account's number", "Saldo iniziale\nConto corrente n. 000000123456", []string{"000000123456"}},
		{"a south african cheque account after its bank", "Banking details: FNB Cheque Account 62811475390, branch 250655", []string{"62811475390"}},
		{"a law firm's client account at a bank", "to HSBC client account 004-512-387294-001. E-mail:", []string{"004-512-387294-001"}},
		{"a client account at no bank", "Your client account 004-512-387294", []string{}},
		{"a statement's savings sub-account", "HANG SENG BANK\nStatement of Account\nHKD Savings 812-301774-001", []string{"812-301774-001"}},
		{"an indonesian account", "No. Rekening: 0871-4426-3390", []string{"0871-4426-3390"}},
		{"a credit union's account and its share suffix", "HUDSON VALLEY FEDERAL CREDIT UNION\nSTATEMENT OF ACCOUNT\nEVERYDAY CHECKING  Account 40071862-S10", []string{"40071862-S10"}},
		// Found from outside (thirty-first trial): an account after its
		// bank's sort code or BSB; an Indian statement's eleven digits.
		{"an account after its sort code", "Bank:       Sort code 20-45-77   Account 53018842", []string{"53018842"}},
		{"an account after its bsb", "Refunds are paid to BSB 062-184 account 1022 8731 within 14 days.", []string{"1022 8731"}},
		{"a portuguese account in points", "Extrato de conta\nBanco Atlântico\nConta: 0097.0000.5421.8741", []string{"0097.0000.5421.8741"}},
		{"eleven digits in a statement of account", "STATE BANK OF INDIA\nStatement of Account for the period 01-10-2026 to 31-10-2026\nAccount No.  : 30218847561", []string{"30218847561"}},

		// Found from outside (thirty-second trial): Argentina's CBU; New
		// Zealand's shape alone; savings and current accounts in Spanish,
		// Indonesian and after a bank's own name, a label a line break cut;
		// an account's number on a line that names its bank.
		{"an argentine cbu", "CBU: 2850590900940401234500", []string{"2850590900940401234500"}},
		{"a new zealand account by its shape", "Aroha Ngata Everyday Account 03-1587-0456789-00", []string{"03-1587-0456789-00"}},
		{"a swedish clearing number and account by their shape", "Konto: Privatkonto 8327-9, 994 471 882-1", []string{"8327-9, 994 471 882-1"}},
		{"the same in a statement's footer", "VÄNERBANKEN Kontoutdrag 8327-9, 994 471 882-1          Sida 2 av 2", []string{"8327-9, 994 471 882-1"}},
		{"a colombian savings account", "Consignar el reembolso en la cuenta de ahorros Bancolombia N° 123-456789-01", []string{"123-456789-01"}},
		{"a chilean current account cut by a line break", "mediante transferencia a la cuenta corriente\nN° 00-123-45678-09 del Banco de Chile, a nombre del arrendador.", []string{"00-123-45678-09"}},
		{"an indonesian account cut by a line break", "dibayarkan setiap tanggal 25 ke rekening\n\nBCA nomor 2345678901 atas nama PIHAK KEDUA.", []string{"2345678901"}},
		{"a bank's own name before account", "paid monthly into the Employee's Maybank account no. 5140 1234 5678.", []string{"5140 1234 5678"}},
		{"an account's number beside its bank", "Bank: DBS Bank Ltd Account holder: Lim Jia Hui Account no.: 012-345678-9", []string{"012-345678-9"}},
		// Thirty-second trial: a Brazilian current account of six digits
		// with its check digit, beside its branch's, which is no account.
		{"a brazilian account with its check digit", "Conta para débito das quotas: Banco do Brasil, agência 3411-7, conta corrente 45.871-2", []string{"45.871-2"}},
		{"a check digit's number under no account label", "Processo 45.871-2, agência 3411-7", []string{}},
		// Thirty-fourth trial: a salary account, a Danish registration
		// and account number, a Czech account with its bank's code, a
		// Hungarian account in three groups of eight.
		{"a salary account's number", "The loan is paid from your salary account no. 0123987456 on the 26th of each month.", []string{"0123987456"}},
		{"a danish registration and account number", "Beløbet overføres til låntagers konto reg.nr./konto 9570 0012447188 senest 1. april 2026.", []string{"9570 0012447188"}},
		{"a czech account and its bank's code", "Nájemce hradí platby ze svého účtu č. 2001447188/2010 na účet pronajímatele", []string{"2001447188/2010"}},
		{"a mexican clabe", "CLABE interbancaria: 012320004567812340", []string{"012320004567812340"}},
		{"a czech number and year under no account", "Dodatek ke smlouvě č. 2001447/2024", []string{}},
		{"a hungarian account in groups of eight", "Számlaszám: 11773016-04471882-00000000", []string{"11773016-04471882-00000000"}},
		// Found from outside (seventy-second trial): a Hungarian account
		// under no label, its check digits right.
		{"a french deposit account on its statement", "RELEVÉ DE COMPTE\nCompte de dépôt n° 00029187645      Relevé n° 11", []string{"00029187645"}},
		{"a norwegian account whose points ocr read as commas", "Kontonummer: 1503,46,27182   Kontoutskrift nr. 4", []string{"1503,46,27182"}},
		// Found from outside (eightieth trial, and the seventy-seventh's
		// lease): the groups parted by spaces.
		{"a norwegian account in spaced groups", "Utbetaling til konto: 3208 44 17938", []string{"3208 44 17938"}},
		// Found from outside (eighty-first trial): a Hungarian account
		// under "Bankszámlaszám".
		{"a hungarian account under bankszámlaszám", "Bankszámlaszám: 11732002-20418736-00000000", []string{"11732002-20418736-00000000"}},
		{"a czech account under its owner's word", "splatné vždy do 5. dne měsíce na účet pronajímatele č. 19-2000145399/0800", []string{"19-2000145399/0800"}},
		{"an icelandic account under its word", "Greiðist í heimabanka eða inn á reikning 0101-26-000540, kt. 540269-6029.", []string{"0101-26-000540"}},
		{"an icelandic account's shape under no account", "Pöntun 0101-26-000540", []string{}},
		{"a hungarian account by its check digits", "Kártérítést az alábbi számlára kérem:\n11773016-01234567-00000008 (OTP Bank, Kovács Eszter)", []string{"11773016-01234567-00000008"}},
		{"a hungarian account's shape failing its check digits", "Kártérítést az alábbi számlára kérem:\n11773016-01234567-00000009 (OTP Bank, Kovács Eszter)", []string{}},
		{"a municipality's customer account on its statement of account", "MOGALE CREST LOCAL MUNICIPALITY\nCivic Centre, 14 Church Street\n\nTAX INVOICE / STATEMENT OF ACCOUNT\n\nAccount holder: T MOKOENA               Account number: 5002447188", []string{}},
		{"a building society's statement of account", "Penmore Building Society\n\nEasy Access Saver - Statement of Account\n\nAccount number:     40172266     Sort code: 40-11-62", []string{"40172266"}},
		{"a number far below an account word", "Savings account\nOpening balance carried forward from 2024 to 2025 and 31122025", []string{}},
		{"a bank account's label over a date", "Bank account opened:\n12 03 2024", []string{}},
		// Found from outside (thirty-ninth trial): an account beside its
		// bank's code, and one a bank's letter names.
		{"an account beside its ifsc", "Payment details\nA/c No: 50200038174629 IFSC: HDFC0000053", []string{"50200038174629"}},
		{"an account in a bank's letter", "RIFT VALLEY COMMERCIAL BANK LIMITED\nKenyatta Avenue, Nairobi\n\nDear Ms. Mwangi,\n\nRE: REPLACEMENT OF YOUR DEBIT CARD - ACCOUNT NO. 1180293746", []string{"1180293746"}},
		{"an account beside a code that is no bank's", "Northern Water\nAccount no.: 30012345  Tariff code: D1", []string{}},
		// Found from outside (thirty-eighth and fortieth trials): Norwegian
		// accounts in points, their mod-11 check held.
		{"a norwegian account in points", "Vestland Sparebank\nKontonummer: 3624.47.19281", []string{"3624.47.19281"}},
		{"a norwegian account in a transfer's row", "15.01 Overføring fra sparekonto 3624.47.80010 450 000,00", []string{"3624.47.80010"}},
		{"a norwegian account's shape whose check fails", "Ref. 3624.47.19282", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := found(tt.text, BankAccount); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("bank accounts in %q = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}
