package money

import (
	"regexp"
	"strings"
)

// labelKind is what a label says of the number it labels.
type labelKind int

const (
	labelNone  labelKind = iota
	labelMoney           // Total, Amount due, Balance, Premium, ...
	labelID              // an identifier or a non-money quantity: Code, No., Qty, Date
	labelLimit           // a limit, cover or maximum: boilerplate, not a transaction
)

var (
	// moneyWords label money. Strong ones name a sum that changes hands
	// whatever else the label says; weak ones (amount, sum, payable, due)
	// give way to a limit named before them ("maximum benefit payable").
	// Tax forms in other languages name income and tax (rendimento,
	// impuesto, Einkommen, revenu, inkomen…): found from outside, a
	// Portuguese return's bare 18 640,00 under "Rendimento bruto" was
	// not money.
	strongMoney = `total|earnings|deductions|interest|subtotal|sub-total|balance|balances|premium|premiums|price|prices|cost|costs|fee|fees|charge|charges|charged|payment|payments|debit|debits|credit|credits|deposit|deposits|withdrawal|withdrawals|tax|vat|gst|hst|discount|refund|rebate|rent|wages|salary|compensation|earnings|withheld|dues|donations|remittance|tip|gratuity|paye|shipping|postage|freight|settlement|payout|spent|purchase|purchases|contribution|contributions|deferral|deferrals|paid in|paid out|money in|money out|year to date|year-to-date|ytd|to date`
	weakMoney   = `amount|net|expense|expenses|montant|prix|p\.u\.|solde|somme|betrag|rechnungsbetrag|nettobetrag|summe|preis|einzelpreis|gesamt|saldo|importe|precio|importo|bedrag|totaal|netto|brutto|mwst|tva|iva|btw|ht|ttc|amounts|sum|payable|paid|due|owed|owing|outstanding|claimed|gross|net amount|net pay|net total|income|budget|budgets|budgeted|grant|grants|rendimento|rendimentos|coleta|imposto|valor|pagamento|ingresos|impuesto|cuota|reddito|imposta|rendita|einkommen|einkünfte|steuer|revenu|revenus|impôt|inkomen|belasting` +
		// German compounds and the totals of Dutch, the Nordic languages
		// and Polish: found from outside, "Gesamtbetrag: 12.500,00"
		// without a currency was recorded without the amount review.
		`|gesamtbetrag|endbetrag|zahlbetrag|bruttobetrag|gesamtsumme|endsumme|rechnungssumme|zwischensumme|zu zahlen|totaalbedrag|te betalen|belopp|summa|totalt|att betala|beløb|i alt|at betale|kwota|suma|razem|do zapłaty` +
		// Norwegian's amount and price columns and its total due (found
		// from outside: an electrician's invoice's "Pris" and "Beløp"
		// columns were no money).
		`|beløp|pris|å betale|sum eks\. mva` +
		// Pay and income on Spanish, Italian and French returns and
		// payslips, and the balance and amount columns of statements in
		// languages outside the corpus: found from outside, a Modelo 100's
		// "Rendimiento neto 37.211,25" and a Lithuanian statement's
		// "Likutis" column were not money.
		`|rendimiento|rendimientos|retribuciones|retribución|retribucion|retenciones|base imponible|base liquidable|retribuzione|rémunération|remuneration|bruttolohn|nettolohn|likutis|debetas|kreditas|atlikums|jääk|zostatok|zůstatek|egyenleg|stanje|bakiye|tutar|iznos|znesek`
	// More money words, of languages outside the corpus (found from
	// outside: a Basque receipt's "GUZTIRA (EUR) 28,04", a Vietnamese
	// invoice's "Tổng cộng tiền thanh toán", a Macedonian order's "ВКУПНО
	// ЗА ПЛАЌАЊЕ", a Nynorsk return's "Løn" were no money), and the totals
	// of receipts' item lines (itemTotal); the sums of Slovak and Czech
	// returns, their labels on the line above (found from outside: a
	// Slovak return's "Úhrn príjmov", "Daň (19 %)" and "Daňový
	// preplatok" were no money).
	moreMoney = `úhrn|daň|daňový preplatok|daňový nedoplatok|preplatok|nedoplatok|príjmov|príjmy|základ dane|poistné|poistného|preddavkov|příjmů|příjmy|základ daně|přeplatek|pojistné|yhteensä|összesen|kokku|kopā|iš viso|ukupno|skupaj|celkem|à payer|toplam|toplamı|guztira|guztizkoa|zenbatekoa|prezioa|tổng cộng|tổng|thành tiền|số tiền|đơn giá|tiền|вкупно|износ|цена|укупно|сума|итого|всего|јумла|jumlah|harga|tagihan|jumla|kiasi|prys|cyfanswm|swm|iomlán|méid|suim|shuma|totali|vlera|çmimi|samlað|upphædd|ammont|prezz|godtgjersler|inntekt` +
		// A Finnish statement's balances and totals, also as OCR reads
		// them without the ä (found from outside).
		`|alkusaldo|loppusaldo|yhteensa|panot|otot` +
		// Hungarian's amount, payable, income, tax base and allowance
		// (found from outside: a return's "Összeg (Ft)" column).
		`|összeg|végösszeg|fizetendő|befizetendő|különbözet|jövedelem|bérjövedelem|adóalap|adó|áfa|díj|egységár|nettó|bruttó|kedvezmény|levont` +
		// Found from outside (thirty-second trial): a Romanian invoice's
		// unit price and value columns, a Brazilian return's deductions
		// and expenses, a till's cash tendered and change given.
		`|valoare|preț unitar|preţ unitar|pret unitar|de plată|deduções|dedução|despesas|carnê-leão|cash|change` +
		// And a Swiss salary certificate's contributions and expenses
		// (thirty-third trial).
		`|beiträge|beitrag|spesenvergütungen|spesenvergütung|vergütungen|bruttolohn|nettolohn` +
		// A German wage tax certificate's rows (found from outside,
		// sixty-fourth trial: its gross pay and taxes read no label).
		`|arbeitslohn|bruttoarbeitslohn|lohnsteuer|kirchensteuer|solidaritätszuschlag|arbeitgeberanteil|arbeitnehmeranteil|arbeitnehmerbeiträge` +
		// An Austrian L16's earnings rows (found from outside,
		// sixty-seventh trial: its "Bruttobezüge gemäß § 25 EStG
		// 52.418,66" and taxable earnings read no label, and the
		// certificate was recorded under its threshold).
		`|bezüge|bruttobezüge|pendlerpauschale|sachbezüge` +
		// An Italian Certificazione Unica's rows (found from outside,
		// eighty-seventh trial: its "Redditi per i quali è possibile fruire
		// della detrazione 31.450,00" and withholdings read no label, and
		// the certificate was recorded under its threshold).
		`|redditi|ritenute|ritenuta|addizionale|compensi|contributi|imponibile` +
		// Polish returns' income, costs, tax and contributions, and a
		// Czech lease's rent and charges (thirty-fourth trial: a PIT-37's
		// "Przychody 84 200,00" was no money, so its amount rule never
		// fired).
		`|przychód|przychody|przychodów|dochód|dochody|dochodu|zaliczka|zaliczki|zaliczek|podatek|podatku|składki|składka|składek|nadpłata|niedopłata|wynagrodzenie|wynagrodzenia|należność|należności|opłata|wartość|cena|podstawa obliczenia podatku|nájemné|zálohy|záloha` +
		// A Danish payslip's year-to-date contributions and tax
		// (thirty-fourth trial: "AM-bidrag 5.882,40   A-skat 21.366,62").
		`|bidrag|am-bidrag|atp-bidrag|a-skat|skat|skatt` +
		// A German statement's balance, a Dutch payslip's pay, allowances
		// and holiday pay, and a Malaysian one's (thirty-sixth trial: a
		// Kontoauszug's balances and a loonstrook's salary and net pay,
		// written without a currency, were no money); an Italian
		// statement's debit and credit columns, "Dare" and "Avere"
		// (forty-eighth trial: a scan's six movements were no money).
		`|kontostand|stan konta|stan rachunku|dare|avere|salaris|brutoloon|nettoloon|loon|toeslag|vergoeding|reiskostenvergoeding|vakantiegeld|loonheffing|uitbetaald|gaji pokok|gaji bersih|elaun|pendapatan|potongan` +
		// The Nordic statements' columns of money out and in (fiftieth
		// trial: a Norwegian statement's "Ut av konto" and "Inn på konto"
		// movements, written without a currency, were no money).
		`|ut av konto|inn på konto|uttak|innskudd|uttag|insättning|insättningar|hævet|indsat|indbetalt|udbetalt` +
		// Indonesian and Malay statements' debit and credit columns
		// (fifty-first trial: a scanned statement's rupiah movements
		// under "Debet" and "Kredit" were no money).
		`|debet|kredit|mutasi` +
		// A Dutch VAT return's turnover, VAT and input VAT columns and
		// its rubrics' rows, "1a Leveringen/diensten belast met hoog
		// tarief" (found from outside, hundred-and-eighteenth trial: a
		// scanned "Aangifte omzetbelasting", its gaps closed up by OCR,
		// held its 84.320 turnover as no money and was recorded under its
		// payable 8.376).
		`|omzet|omzetbelasting|voorbelasting|leveringen/diensten` +
		// A French tax notice's declared wages (found from outside,
		// hundred-and-twenty-first trial).
		`|salaire|salaires|traitements et salaires`
	moneyRe  = wordRe(strongMoney + `|` + weakMoney + `|` + moreMoney)
	strongRe = wordRe(strongMoney)
	// departmentRe names a department that an address block is sent to
	// ("Attn: Accounts Payable"): its "payable" is no money column over
	// the address lines below it. Beside a number on its own line, as in
	// a balance sheet, it is still money.
	departmentRe = regexp.MustCompile(`(?i)\baccounts? (?:payable|receivable)\b`)
	// idWords label identifiers and quantities that are not money, a
	// quantity's in other languages too (found from outside: a Czech
	// heating bill's 14,82 GJ under "Množství"). Not those a flattened
	// table's header misplaces over its rows' prices in the generated
	// corpus (Antal, Aantal, Menge, Cantidad, Quantité: a row shorter than
	// its header puts the price under the quantity), nor the Finnish
	// "määrä", which is a statement's amount too.
	idRe = wordRe(`code|codes|no|nr|number|nummer|num|ref|reference|id|account|acct|a/c|iban|isin|cusip|sedol|sort code|routing|policy|invoice|inv|order|po|qty|quantity|anzahl|hoeveelheid|ilość|množství|množstvo|mennyiség|antall|kiekis|daudzums|kogus|količina|cantitate|miktar|adet|units|hours|hrs|date|dated|year|` +
		// A date's column in other languages (found from outside,
		// fiftieth trial: a Norwegian statement's "12.02" under "Dato"
		// was money in a table whose header names money).
		`dato|datum|fecha|päivämäärä|dátum|tarih|kuupäev|datums|` +
		// Days counted on a payslip, the year a return is for (found
		// from outside, fifty-first trial: "Days Paid : 31", "Ano dos
		// rendimentos: 2024" were sums).
		`days paid|paid days|days worked|days payable|ano dos rendimentos|ano de rendimentos|ano-base|ano base|` +
		// A solicitor's document exchange box, a form's number (found
		// from outside, fifty-third trial: "DX 39512", "OREA Form 100").
		`dx|form|formular|formulaire|déclarant|declarant|` +
		// A card payment's authorisation code, a Philippine tax form's
		// number (found from outside, fifty-fifth trial: "BIR 2307" was a
		// sum); "Auth" alone is cardAuth's.
		`auth code|approval code|appr code|bir|` +
		// The same in Spanish and Portuguese (found from outside,
		// seventy-eighth trial: a Chilean restaurant's "Código
		// autorización 551204" was its largest sum).
		`código autorización|codigo autorizacion|código de autorización|codigo de autorizacion|cód\. autorización|autorización|autorizacion|código de autorização|autorização|autorizacao|` +
		// A South African credit provider's registration (fifty-ninth
		// trial: "NCRCP 4419" was a sum).
		`ncrcp|` +
		// A goods' tariff code column (fifty-fourth trial: "Mã HS",
		// "GTİP / HS" over "6205.20" were sums).
		`hs|hs code|hts|mã hs|gtip|gtİp|taric|tariff code|commodity code|cn code|zolltarifnummer|warentarifnummer|page|phone|tel|fax|zip|postcode|postal code|item|sku|version|age|days|box|line|ticker|serial|batch|lot|visa|mastercard|amex|ending in|ending with|ends in|ending|confirmation|transaction|txn|tracking|authorization|authorisation|clause|clauses|section|sections|article|articles|art\.|paragraph|para|schedule|annex|appendix|act|acts|law|ley|lei n[º°]|member|membership|r\.|ř\.|riadok|riadku|řádek|řádku|ods\.|poz|pozycja|pozycji|agent|personeelsnr|personeelsnummer|personalnummer|personalnr|` +
		// The year a tax is for (found from outside: an Italian
		// certificate's "Periodo d'imposta 2025" was 2,025 euros).
		`periodo d'imposta|anno d'imposta|steuerjahr|veranlagungsjahr|inkomstår|beskatningsår|skatteår|verovuosi|ejercicio fiscal|exercice fiscal|rok podatkowy|` +
		// A cost centre's number (found from outside: "book it to cost
		// center 4410" was 4,410 dollars).
		`cost center|cost centre|cost centers|cost centres|kostenstelle|centre de coût|centre de coûts|centro de costo|centro de costos|centro de custo|centro di costo|kostenplaats|kostnadsställe|centrum kosztów|` +
		// A lender's licence number (found from outside, forty-third
		// trial: a bank's "Australian credit licence 238841" was 238,841
		// dollars after its "credit"); not a licence alone, an invoice's
		// software licence.
		`credit licence|credit license|financial services licence|financial services license|afsl|` +
		// A bank's branch code beside an account (found from outside,
		// ninety-third trial: "FNB cheque account 62841175530, branch
		// 250655" was a claim's largest sum, R 250,655).
		`branch|branch code|bsb|bank code|bankleitzahl|blz|transit|swift|bic`)
	// idMark marks a number as an identifier wherever it stands: "INV#",
	// "§ 4".
	idMark = regexp.MustCompile(`[#§]`)
	// A limit, cover or maximum is boilerplate, not a transaction. Two
	// kinds: a modifier bounds whatever it qualifies, wherever it stands
	// in the label ("Minimum opening deposit", "insured by the FDIC up
	// to"); a head noun makes the number a limit only as the label's last
	// word ("Policy excess", "Credit limit", but not "Excess baggage
	// fee", "Seat cover").
	limitModRe = wordRe(`up to|maximum|max|minimum|as (?:high|much|low) as|not (?:to )?exceed|exceeding|capped|no more than|at most|(?:not|no) less than|at least|insured|fdic|fscs|sipc|ncua|protected|guaranteed|` +
		// A sum owed only if something happens: "In case of work-related
		// death the compensation shall be USD 50,000" (found from outside,
		// sixty-seventh trial: a seafarer's contract held for review).
		`in case of|in the event of|` +
		// Found from outside (sixty-eighth trial): a Lithuanian deposit
		// insurance "draudžiami iki 100 000 EUR", a Swiss liability
		// "limitée à CHF 500'000", a Slovak penalty's "najviac však
		// 10 000 EUR".
		`draudžiami iki|draudžiama iki|limitée à|limité à|limitée au|limité au|najviac|najviac však|` +
		// Found from outside (seventy-ninth trial): an order's "No single
		// delivery may exceed KES 3,000,000".
		`(?:may|can|shall|must|should) exceed|` +
		// Found from outside (eightieth trial): a Dutch deposit guarantee
		// "tot EUR 100.000", a Swiss agency contract's turnover threshold
		// "Übersteigt der Jahresumsatz … CHF 400'000.-".
		`tot|übersteigt|übersteigen|überschreitet|überschreiten|exceeds|` +
		// The same in other languages.
		`maximal|maximaal|maximální|maksimum|máximo|massimo|höchstens|bis zu|jusqu'à|au maximum|plafonné|` +
		// A penalty's cap in Dutch and Norwegian (found from outside,
		// hundred-and-twenty-seventh trial: "een boete verschuldigd van
		// ten hoogste € 25.000", "begrenset til maksimalt kr 500 000").
		`ten hoogste|hoogstens|maksimalt|begrenset til|begrænset til|` +
		// A bank guarantee's and a penalty's cap in Croatian, a budget's
		// cap and a liability cover in Slovak and Czech, a sum insured in
		// Greek (found from outside, hundred-and-twenty-ninth trial: "do
		// iznosa od 30.000,00 EUR", "obmedzený na maximálne 200 000 EUR;
		// poistné krytie zodpovednosti do 1 000 000 EUR", "Asfalisteo
		// kefalaio: 3.000.000,00 EUR").
		`do iznosa|najviše|najvise|največ|maximálne|maximálně|obmedzen\p{L}* na|omezen\p{L}* na|poistné krytie|pojistné krytí|krytie zodpovednosti|ασφαλιστ[έε]ο κεφ[άα]λαιο|asfalisteo kefalaio|` +
		// A policy's covers listed (found from outside, sixty-third
		// trial: a Portuguese claim's "Coberturas contratadas: Capital do
		// edifício 180.000,00 €; Recheio 25.000,00 €" were held against
		// the threshold).
		`coberturas contratadas|capitais seguros|capital do edifício|capital do edificio|capital del edificio|capital del contenido|` +
		// And a bound in the sentence (found from outside, sixty-fourth
		// trial: a Danish deposit guarantee's "op til et beløb svarende
		// til 100.000 euro", a penalty that "exceeds $3,000,000", a lease's
		// "capital asegurado mínimo de 600.000 euros", Polish and Romanian
		// penalty caps).
		`exceeds|op til|opp til|upp till|fino a|capital asegurado|mínimo|nie więcej niż|fără a depăși|fara a depasi|` +
		// Found from outside (sixty-fifth trial): a Swiss lease's cover
		// of "mindestens CHF 5'000'000.00", a Czech deposit insurance
		// "do výše 100 000 EUR" and overdraft, a Polish sum insured, an
		// Estonian penalty cap, a Belgian deductible, a Portuguese
		// overdraft.
		// A Polish liability cover's guaranteed sum, "z sumą gwarancyjną
		// 1 000 000 zł" (found from outside, hundred-and-twenty-third
		// trial: held a contract under the threshold for the amount
		// review).
		`sumą gwarancyjną|suma gwarancyjna|sumy gwarancyjnej|sumie gwarancyjnej|sumę gwarancyjną|` +
		`mindestens|do výše|do wysokości|suma ubezpieczenia|mitte rohkem kui|kontokorent|povolené přečerpání|franchise contractuelle|descoberto autorizado|limite de descoberto|` +
		// Found from outside (sixty-sixth trial): a Romanian sum insured
		// and deductible, a Norwegian one, a Swedish credit line.
		`suma asigurată|suma asigurata|fransiza|franșiza|forsikringssum|egenandel|beviljad kredit|kreditgräns|kreditramme|` +
		// Found from outside (seventieth trial): an Estonian deposit
		// guarantee "kuni 100 000 euro", a Swiss claim's deductible and
		// building's sum insured, a Polish deductible.
		`kuni|franchise selon|franchise de|somme d'assurance|somme d’assurance|franszyza|franszyzy|franszyzę|` +
		// Found from outside (seventy-second trial): a Brazilian
		// accident claim's "Capital segurado invalidez por acidente: R$
		// 100.000,00" under the sum claimed.
		`capital segurado|capitais segurados|` +
		// Found from outside (seventy-fifth trial): a Belgian deposit
		// guarantee "à concurrence de 100 000 EUR", a Norwegian one
		// "inntil 2 000 000 kroner".
		`à concurrence de|a concurrence de|jusqu'à concurrence de|inntil|` +
		// Found from outside (seventy-ninth trial): an order's "budget
		// ceiling $250,000" (a ceiling alone is as often one a claim
		// repaints), a Turkish claim's "Poliçe teminat limiti" held for
		// review, a Latvian statement's "Kredītlimits".
		`(?:budget|spending|expenditure|cost|price)\s+ceiling|limiti|limitleri|teminat tutarı|sigorta bedeli|kredītlimits|kredītlimita|kreditlimits|` +
		// Found from outside (eightieth trial): a Swedish overdraft
		// granted, "Beviljad checkräkningskredit: 250 000,00 SEK".
		`checkräkningskredit|checkrakningskredit|` +
		// Found from outside (eighty-first trial): a Swiss loan's
		// "Kreditlimite CHF 240'000.00".
		`kreditlimite|kreditlimit|` +
		// Found from outside (eighty-second and -third trials): a Polish
		// deposit guarantee "do równowartości w złotych 100 000 euro", a
		// Lithuanian liability "ribojama 2 000 EUR", a French natural
		// disaster deductible ("franchise légale"; a franchise alone is
		// also a franchisee's fee), a Brazilian lease's "importância
		// segurada mínima de R$ 285.000,00", a Finnish deductible
		// ("Omavastuu … 500 €").
		`do równowartości|do rownowartosci|ribojama|ribojamas|franchise légale|franchise legale|importância segurada|importancia segurada|importâncias seguradas|mínima|omavastuu|omavastuun|omavastuuosuus|` +
		// Found from outside (eighty-fourth and -fifth trials): an Indian
		// gratuity's "statutory ceiling of Rs. 20,00,000", a Swedish
		// contract's purchase commitment "för minst 1 200 000 kronor" and
		// liability "begränsat till högst 500 000 kronor", an Italian
		// card's monthly credit line ("Fido mensile") and what it leaves
		// ("Disponibilità residua"), a Swiss contract's bonus step "Ab
		// einem Jahresvolumen von CHF 600'000".
		`statutory ceiling|ceiling of|högst|minst|begränsat till|højst|mindst|fido (?:mensile|accordato|concesso|della carta|di cassa)|importo del fido|disponibilità residua|disponibilita residua|ab einem|ab einer|` +
		// Found from outside (eighty-seventh trial): a French lease's
		// insurance "pour un montant de garantie au moins égal à 1 500 000
		// €", a Spanish claim's "Capitales asegurados según póliza:
		// contenido 60.000 €", a Welsh rates bill's "Rateable value" (a
		// valuation the bill is reckoned on, not the bill).
		`au moins|au minimum|montant de garantie|capitales asegurados|rateable value|` +
		// Found from outside (ninetieth trial): a Dutch card's spending
		// limit, a Swiss contract's guaranteed minimum volume, a Belgian
		// order's free-shipping threshold ("franco de port à partir de
		// 2 500 €").
		`bestedingslimiet|bestedingsruimte|mindestauftragsvolumen|mindestvolumen|mindestumsatz|mindestabnahme|à partir de|a partir de|` +
		// Found from outside (ninety-first trial): a Finnish claim's
		// "enimmäiskorvaus 20 000 €", a French cap "plafonnée à 30 000 €",
		// a Brazilian "limitada ao valor de R$ 50.000,00".
		`enimmäiskorvaus|enimmaiskorvaus|enimmäismäärä|korkeintaan|plafonnée à|plafonnées à|plafonnés à|plafonné à|limitada ao|limitado ao|limitada a|limitado a`)
	// Found from outside (seventy-fifth trial): a Belgian card's
	// "Plafond d'utilisation", a Danish deductible ("Selvrisiko"), a
	// Swiss accident insurance's ceiling ("UVG-Höchstbetrag").
	// Found from outside (seventy-seventh trial): a Belgian overdraft
	// ("Facilité de caisse accordée"), a French theft cover's ceiling
	// ("plafond vol 100 000 €"; a plafond alone is as often a ceiling a
	// water damage claim repaints), a Swedish and a Danish overdraft
	// granted ("Beviljad kontokredit", "Bevilget kassekredit"; the
	// interest on one is a charge, so not the word alone).
	limitHeadRe = wordRe(`facilité de caisse|plafonds? (?:vol|de garantie|d['’]indemnisation|de remboursement|annuel|par sinistre|de couverture|assuré)|beviljad kontokredit|bevilget kassekredit|bevilget trækningsret|innvilget trekkrettighet|plafond d['’]utilisation|plafond de (?:paiement|retrait|dépenses|la carte)|selvrisiko|höchstbetrag|limit|limits|limitom|limitem|limitu|limiit|yfirdráttarheimild|omavastutus|franchigia|udział własny|selbstbeteiligung|selbstbehalt|deckungssumme|versicherungssumme|valeur assurée|valeur assuree|capital assuré|somme assurée|somma assicurata|valore assicurato|suma asegurada|valor asegurado|capital seguro|verzekerd bedrag|sum insured|insured value|insured sum|eigen risico|franquicia|franquia|massimale|límite|limite|limiet|coverage|covered|deductible|excess|benefits?|threshold|indemnity|insurance|aggregate|cap|(?:liability|contents|buildings|insurance|medical|travel|life|accident|health|property|legal|income|public|employers'?|product|professional)\s+cover|` +
		// A company's share capital, as its letterhead or a contract's
		// parties name it (found from outside: "société au capital de
		// 20 000 €" was the largest amount of a contract).
		// An overdraft or credit line's limit (found from outside:
		// "Dispositionskredit: 2.000,00 EUR"; an Austrian statement's
		// "inkl. Rahmen EUR 2.500,00", forty-sixth trial).
		`dispositionskredit|dispokredit|kreditrahmen|überziehungsrahmen|rahmen|kreditlinie|kredietlimiet|trækningsret|d[ée]couvert autoris[ée]|autorisation de d[ée]couvert|overdraft|credit line|` +
		// In Hungarian and Romanian (found from outside,
		// hundred-and-nineteenth trial: "Hitelkeret: 10 000 000 Ft" sent a
		// statement to the amount review, "Limită descoperire de cont:
		// 50.000,00 RON" stood at the threshold).
		`hitelkeret|folyószámlahitel-keret|limită|limita de credit|descoperire de cont|` +
		// What a card's limit leaves to spend (found from outside:
		// "Credit limit $12,000.00   Available credit $11,122.72" held a
		// card statement for the amount review).
		`available credit|credit available|remaining credit|open to buy|verfügbarer (?:kredit)?rahmen|crédit disponible|crédito disponible|credito disponibile|` +
		// A Finnish tax card's income limit, the year's earnings its
		// withholding rate holds to, in Finnish and Swedish (found from
		// outside, ninety-seventh trial: "Tulorajasi ajalle 1.1.-31.12.2026
		// 52 400,00 euroa" held the card for the amount review).
		`tuloraja\p{L}*|inkomstgräns\p{L}*|` +
		`(?:share|issued|registered|paid[- ]up|authori[sz]ed)\s+capital|capital\s+social(?:\s+de)?|capitale\s+sociale(?:\s+di)?|(?:au|avec un|con un|con|com um|com|with a)\s+capital(?:\s+social)?(?:\s+de)?|stammkapital|grundkapital|aktiekapital|selskabskapital|maatschappelijk\s+kapitaal|kapita[łl]\s+zak[łl]adowy`)
	// limitAfter: the sentence goes on to name a limit ("$250,000 per
	// depositor", "... are insured").
	limitAfter = regexp.MustCompile(`(?i)^[^.;\n]{0,40}?\b(?:per (?:depositor|account holder|account|occurrence|claim|person|accident|event|incident|policy|insured|item|article)|per (?:persoon|rekeninghouder|persona|depositante)|pro (?:person|einleger|kunde)|par (?:personne|déposant|sinistre|événement|évènement)|(?:je|pro) schadenfall|por siniestro|per sinistro|por (?:persona|depositante)|in (?:the )?aggregate|(?:are|is|be) (?:insured|covered|protected|guaranteed)|limit|maximum|deductible|` +
		// A threshold a form's box is for, "direct sales totaling $5,000
		// or more" (found from outside, sixty-third trial, a 1099's label).
		`or (?:more|over|above|less)|ou plus|ou moins|oder mehr|o más|ou mais|o più)\b`)
	// orMoreBelow: the same threshold's words begin the next line, "If
	// $200,000\nor more, file Form 990" (found from outside,
	// seventy-sixth trial: a Form 990-EZ's instruction was its largest
	// sum).
	orMoreBelow = regexp.MustCompile(`(?i)^[ \t]*(?:or (?:more|over|above|less)|ou plus|ou moins|oder mehr|o más|ou mais|o più)\b`)
	// labelEnd: only punctuation or a parenthesised note after an
	// identifier word, which must end the label to name the number.
	// transactionCode starts a bank statement's row with the kind of
	// the transaction, as British and Irish banks print it: a direct
	// debit, a standing order, a faster payment, a card payment.
	// Or with its date, as every bank prints a row: "19-Sep INSURANCE
	// PREM GUARDIAN LIFE 11,845.00 70,358.85" (found from outside: the
	// premium paid to an insurer was read as a cover's limit). A date
	// with points writes its month in two digits or ends in a point: a
	// clause's number, "3.2 The Dealer shall maintain … at least R
	// 2,500,000.00", is no date (found from outside, seventy-third trial:
	// the minimum was held against the threshold).
	transactionCode = regexp.MustCompile(`^\s*(?:DD|D/D|DDR|SO|S/O|STO|BGC|BACS|FPI|FPO|TFR|CHQ|POS|ATM|DEB|CPT|VIS|BP|\d{1,2}[-/](?:\d{1,2}|[A-Za-z]{3})(?:[-/.]\d{2,4})?|\d{1,2}\.(?:\d{2}|[A-Za-z]{3})(?:\.(?:\d{2,4})?)?|\d{1,2}\.\d\.(?:\d{2,4})?|\d{4}-\d{2}-\d{2})\s+\S`)
	labelEnd        = regexp.MustCompile(`^[\s:.#\-–/]*(?:\([^)]*\)[\s:.]*)?$`)
	// feesCapped: the sum a party pays, capped, "The total fees under
	// Clause 3.1 shall not exceed SGD 57,600.00": the most the contract
	// commits it to, a transaction's amount, where a liability's cap or
	// an insurer's limit is not (found from outside: a consultancy
	// contract over the threshold was recorded without the amount
	// review).
	feesCapped = regexp.MustCompile(`(?i)\b(?:fees|fee|price|prices|payments|payment|compensation|remuneration|consideration|contract (?:sum|price|value))\b(?:[^.;:\n]|\.\d){0,40}\b(?:shall|will|may) not (?:in (?:total|aggregate) )?exceed[ \t]*(?:[A-Z]{3}|[$€£¥])?[ \t]*$`)
	// rateHeader names a rate, not a sum: a label ending in a percent
	// sign with no figure of its own, "Moms%", "VAT %", "MwSt.-Satz %"
	// ("VAT 20%" names the tax charged at that rate, a sum).
	rateHeader = regexp.MustCompile(`^[^0-9]*%[\s:]*$`)
	// quantifierRe: a limit that bounds the number itself ("up to
	// $40.00", "capped at"); no money word before it makes it a sum paid.
	quantifierRe = regexp.MustCompile(`(?i)\b(?:up to|maximum|max|as (?:high|much) as|not (?:to )?exceed|capped|no more than|at most)\b`)
	// dueRe: a sum that is due now is a transaction even when a limit
	// word names it ("Minimum payment due", "Minimum payment": found from
	// outside, a card statement's).
	dueRe = regexp.MustCompile(`(?i)(?:\b(?:due|owe|owing)|\bminimum\s+(?:re)?payment)\b[\s:.]*$`)
	// termsRe: payment terms count days ("Payment terms: Net 30").
	termsRe = regexp.MustCompile(`(?i)\bterms?\b`)
	// pointsRe: a loyalty scheme counts points or miles, not money:
	// "Points balance: 1,250" (found from outside: a receipt's points
	// were its largest sum).
	pointsRe = wordRe(`points|pts|punkte|punti|puntos|pontos|avios|air miles|miles`)
	// chargeAfterHead names a charge after a limit's head noun, which
	// then only qualifies it.
	chargeAfterHead = wordRe(`waiver|day rate|daily rate|hourly rate|rate|hire|rental|surcharge|add-on|upgrade`)
	// ofLink: "premium for liability cover": the head noun comes first.
	ofLink = regexp.MustCompile(`(?i)\b(?:for|of|on)\b`)
	// periodOfSum links a money word to the period its sum covers: "Total
	// for year", "Pay for the tax year", "income of the year".
	periodOfSum = regexp.MustCompile(`(?i)^[ \t]+(?:for|of|in)(?:[ \t]+(?:the|this|that|whole|tax|financial|fiscal|calendar))*[ \t]+year$`)
	// underThe links a head noun to the thing that sets it: "limit under
	// the policy", "excess as per your policy".
	underThe = regexp.MustCompile(`(?i)^[ \t]+(?:under|of|per|as per|in|on|from)(?:[ \t]+(?:the|this|that|your|our|its|each))?[ \t]+$`)
)

// classifyLabel says what label text calls a number: the label word that
// ends last wins (the head of "Invoice total" is total, of "Fund code"
// code; an identifier word counts only at the end of the label), except that a limit named before a weak money word keeps the
// number a limit ("Maximum benefit payable"), and a strong money word
// before "for/of/on" keeps it money ("Premium for liability cover").
// dosageCap ends a text with a dose and "cap", a capsule, not a cap.
var dosageCap = regexp.MustCompile(`(?i)\d\s?(?:mg|mcg|µg|g|ml|iu)\s+caps?$`)

// vatNumberLabel ends a text with a VAT number's label whose last word
// is a money word.
// vatWord is a money word that names VAT, and countryAfter a country's
// code alone after it: a VAT number's label.
var (
	vatWord      = regexp.MustCompile(`(?i)^(?:vat|btw|tva|iva|mwst|moms|gst)$`)
	countryAfter = regexp.MustCompile(`^[\s.:]*(?-i:[A-Z]{2})[\s.:]*$`)
)

var vatNumberLabel = regexp.MustCompile(`(?i)(?:\bp\.\s?|\bpartita\s+)iva$`)

// cardAuth ends a card slip's line with its authorisation code's label,
// "Mastercard ************0440 Approved 09/11/2026 16:42 Auth" (found from
// outside, fifty-fifth trial: the code was 418,822 dollars held against
// the threshold); not a payee's name, "SASK HEALTH AUTH".
var cardAuth = regexp.MustCompile(`(?i)\b(?:approved|visa|mastercard|amex|eftpos|debit|credit|card)\b.*\bauth\.?[\s:#]*$`)

func classifyLabel(s string) labelKind {
	type hit struct {
		kind       labelKind
		start, end int
	}
	last := func(l [2]int, k labelKind) hit {
		if l[1] < 0 {
			return hit{kind: labelNone, start: -1, end: -1}
		}
		return hit{k, l[0], l[1]}
	}
	lastRe := func(re *regexp.Regexp) [2]int {
		locs := re.FindAllStringIndex(s, -1)
		if len(locs) == 0 {
			return [2]int{-1, -1}
		}
		return [2]int(locs[len(locs)-1])
	}
	idAt := lastWord(idRe, s)
	if m := lastRe(idMark); m[1] > idAt[1] {
		idAt = m
	}
	money, id, head := last(lastWord(moneyRe, s), labelMoney), last(idAt, labelID), last(lastWord(limitHeadRe, s), labelLimit)
	if money.end >= 0 && vatWord.MatchString(s[money.start:money.end]) && countryAfter.MatchString(s[money.end:]) {
		// A VAT number after its country's code, "BTW NL 8561.44.219.B01"
		// (found from outside, fifty-first trial: a till report's VAT
		// number, split by OCR, was its largest sum).
		return labelID
	}
	if cardAuth.MatchString(s) {
		return labelID
	}
	if money.end >= 0 && vatNumberLabel.MatchString(s[:money.end]) {
		// Italy's VAT number, "P.IVA 07123401015": its "IVA" names no
		// sum, nor anything further on its line.
		money = hit{kind: labelNone, start: -1, end: -1}
	}
	if head.end >= 0 && dosageCap.MatchString(s[:head.end]) {
		// A capsule's dose, "Amoxicillin 500mg cap x21" (found from
		// outside, forty-sixth trial: a pharmacy's item was a limit).
		head = hit{kind: labelNone, start: -1, end: -1}
	}
	if head.end >= 0 && firstWord(chargeAfterHead, s[firstWord(limitHeadRe, s)[1]:])[1] >= 0 {
		// A charge the head noun only qualifies: "Insurance waiver
		// (damage excess cover)", "Runway coverage - day rate" (found from
		// outside, fifty-fifth trial: a hire's and a shoot's charges were
		// dropped as limits).
		head = hit{kind: labelNone, start: -1, end: -1}
	}
	if transactionCode.MatchString(s) {
		// A statement's transaction: what it names is its payee, "DD
		// Aviva Car Insurance" (found from outside: a direct debit to an
		// insurer was read as a limit, its row dropped).
		head = hit{kind: labelNone, start: -1, end: -1}
	}
	if id.end >= 0 && !labelEnd.MatchString(s[id.end:]) {
		// "Policy renewal", "Order of business": the word does not name
		// the number.
		id = hit{kind: labelNone, start: -1, end: -1}
	}
	if id.end >= 0 && head.end >= 0 && head.end <= id.start && underThe.MatchString(s[head.end:id.start]) {
		// The limit a policy sets: "Own damage limit under the policy:
		// PHP 1,650,000.00" (found from outside, seventy-third trial: the
		// cover was held against the threshold as the policy's number).
		id = hit{kind: labelNone, start: -1, end: -1}
	}
	if id.end >= 0 && money.end >= 0 && money.end <= id.start && periodOfSum.MatchString(s[money.end:id.end]) {
		// The year a sum covers, not the number of one: "Total for year
		// 48,600.00 7,206.00" (found from outside, hundred-and-fifteenth
		// trial: a scanned P60's pay, over the threshold, was no amount
		// and the certificate was recorded without review).
		id = hit{kind: labelNone, start: -1, end: -1}
	}
	best := money
	for _, h := range []hit{id, head} {
		if h.end > best.end {
			best = h
		}
	}
	for _, h := range []hit{id, head} {
		if h.end >= 0 && h.end == money.end && h.start < money.start {
			best = h // a phrase ends in a money word: "Available credit", "Periodo d'imposta"
		}
	}
	if termsRe.MatchString(s) || rateHeader.MatchString(s) || firstWord(pointsRe, s)[1] >= 0 {
		return labelID
	}
	limit := last(lastWord(limitModRe, s), labelLimit)
	if limit.end >= 0 && strings.ContainsAny(s[limit.end:], "0123456789") {
		// The modifier bounds another number before this one: "Changes
		// allowed up to 24 hours before departure for a fee of" (found
		// from outside: the fee was read as a limit).
		limit = hit{kind: labelNone, start: -1, end: -1}
	}
	if best.kind == labelLimit && (limit.end < 0 || head.start < limit.start) {
		limit = head
	}
	if limit.end < 0 {
		return best.kind
	}
	if dueRe.MatchString(s) && !quantifierRe.MatchString(s) || feesCapped.MatchString(s) {
		return labelMoney
	}
	if quantifierRe.MatchString(s[limit.start:]) {
		return labelLimit
	}
	// A money word that the limit only qualifies through for/of/on stays
	// money ("Premium for liability cover").
	if m := firstWord(strongRe, s); m[1] >= 0 && m[1] <= limit.start && ofLink.MatchString(s[m[1]:limit.start]) {
		return labelMoney
	}
	return labelLimit
}

// labelCache remembers what each label text says: a table repeats its
// header and row labels for every number.
type labelCache map[string]labelKind

func (c labelCache) kind(s string) labelKind {
	k, ok := c[s]
	if !ok {
		k = classifyLabel(s)
		c[s] = k
	}
	return k
}

// hasMoneyWord reports whether s holds a money word.
func hasMoneyWord(s string) bool {
	return moneyRe.MatchString(s)
}

// maxWordsAfterLabel bounds the words between a money word and a number
// in running text: "Total contributed this period: 6,000.00" has three,
// "The total will be invoiced after the 3 stages" too many.
const maxWordsAfterLabel = 4

// maxWordsAfterFieldLabel is maxWordsAfterLabel for a label that ends in
// a colon right before its number, a form's field however long: "Składki
// na ubezpieczenia społeczne pobrane przez płatnika: 11 845,44" (found
// from outside, the hundred-and-eighth trial: a Polish PIT-11's
// contributions, their gap closed up by OCR, were no amount).
const maxWordsAfterFieldLabel = 8

// maxWordsAfter is the most words label may have after its money word.
func maxWordsAfter(label string) int {
	if strings.HasSuffix(strings.TrimSpace(label), ":") {
		return maxWordsAfterFieldLabel
	}
	return maxWordsAfterLabel
}

// wordsAfterMoney counts the words (not numbers) after the last money
// word of s.
func wordsAfterMoney(s string) int {
	end := lastWord(moneyRe, s)[1]
	if end < 0 {
		return 0
	}
	n := 0
	for _, w := range strings.Fields(s[end:]) {
		if strings.IndexFunc(w, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }) >= 0 {
			n++
		}
	}
	return n
}
