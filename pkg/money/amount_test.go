package money

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"12,345.67", 12345.67, true},
		{"1.234,56", 1234.56, true},
		{"1 234,56", 1234.56, true},
		{"1'234.50", 1234.50, true},
		{"1,234", 1234, true},
		{"1.234", 1234, true},
		{"99", 99, true},
		{"99.5", 99.5, true},
		{"1.234.567,89", 1234567.89, true},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseAmount(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseAmount(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMaxAmount(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		value    float64
		currency string
		basis    string
		ok       bool
	}{
		{"dollar total", "Subtotal: $11,000.00\nTotal: $12,345.67", 12345.67, "USD", BasisCurrency, true},
		{"euro prefix", "Gesamt EUR 1.234,56", 1234.56, "EUR", BasisCurrency, true},
		{"euro suffix", "Summe 20.500,00 €", 20500, "EUR", BasisCurrency, true},
		{"pound", "TOTAL £221.01", 221.01, "GBP", BasisCurrency, true},
		{"labelled bare number", "Total: 12,345.67\n", 12345.67, "", BasisLabel, true},
		{"amount due label", "Amount due 15000", 15000, "", BasisLabel, true},
		{"no money", "Invoice 12345 dated 2024-01-02", 0, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Largest(Amounts(tt.text))
			if got.Value != tt.value || got.Currency != tt.currency || got.Basis != tt.basis || ok != tt.ok {
				t.Errorf("Largest(Amounts) = %+v, %v; want %v %q %s, %v", got, ok, tt.value, tt.currency, tt.basis, tt.ok)
			}
		})
	}
}

// amountsIn returns the amounts of text as "value currency basis".
func amountsIn(text string) []string {
	out := []string{}
	for _, a := range Amounts(text) {
		s := strconv.FormatFloat(a.Value, 'f', 2, 64)
		if a.Currency != "" {
			s += " " + a.Currency
		}
		out = append(out, s+" "+a.Basis)
	}
	return out
}

func TestAmountForms(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		// A currency makes a number money.
		{"symbol before", "Paid $1,800.00 on delivery", []string{"1800.00 USD currency"}},
		{"code after, european", "Summe 20.500,00 EUR", []string{"20500.00 EUR currency"}},
		{"code before with spaces in a table", "Total due            GBP   6,060.00", []string{"6060.00 GBP currency"}},
		{"space-grouped with currency", "Montant: 1 234,56 €", []string{"1234.56 EUR currency"}},
		{"swiss", "CHF 1'234.50", []string{"1234.50 CHF currency"}},
		// Found from outside (thirty-fifth trial): the dinars' three
		// decimals.
		{"jordanian dinars, three decimals", "Estimated repair: JOD 475.000", []string{"475.00 JOD currency"}},
		{"kuwaiti dinars after, grouped", "Total 1,250.750 KWD", []string{"1250.75 KWD currency"}},
		{"three decimals of another currency are thousands", "Total EUR 475.000", []string{"475000.00 EUR currency"}},
		{"a heading's currency over its sums", "ESTIMATED REPAIR COST (EGP) - agent workshop quotation attached\n\nBody parts and paint 142,500\n\nTotal estimate 185,000\n\nPolicy excess (deductible) per claim: EGP 5,000", []string{"185000.00 EGP label"}},
		{"an indonesian statement's declared rupiah", "REKENING KORAN\nMata uang: IDR\nTanggal  Keterangan          Debet          Kredit          Saldo\n05/11    GAJI PT SINAR ABADI             12.750.000,00     21.165.200,00", []string{"12750000.00 IDR column", "21165200.00 IDR column"}},
		{"a vietnamese declared dong", "Đơn vị tiền tệ: VND\nTổng cộng: 1.157.196", []string{"1157196.00 VND label"}},
		{"a singapore postcode as OCR reads it", "AH SENG BAK KUT TEH\nBlk 127 Lor 1 Toa Payoh #02-18\n\n$(310127)\n\nTOTAL SGD 36.00", []string{"36.00 SGD currency"}},
		{"a negative sum in parentheses", "Adjustment $(1,250.00)", []string{"1250.00 USD currency"}},
		{"a tower's number after a purchase's word", "Re: Purchase of Flat 8A, Tower 2, The Belcher's, 89 Pok Fu Lam Road", []string{}},
		// Found from outside (thirty-sixth trial): Malaysia's ringgit as
		// it is written, before a sum, against it, and over a column.
		{"ringgit against its sum", "MEGA JAYA SDN BHD\nJumlah RM4,200.00", []string{"4200.00 MYR currency"}},
		{"ringgit over a payslip's column", "SYARIKAT PEMBINAAN MEGA JAYA SDN BHD\nPENDAPATAN                         RM\nKerja Lebih Masa (12 jam)         387.70\nTuntutan Perjalanan               120.00", []string{"387.70 MYR column", "120.00 MYR column"}},
		{"ringgit in a column's heading", "Kuala Lumpur\nDescription        Amount (RM)\nRental             1,500.00", []string{"1500.00 MYR column"}},
		{"an RM column's heading elsewhere", "Ward round\nDescription        Amount (RM)\nRental             1,500.00", []string{"1500.00 column"}},
		{"a dutch payslip's pay without a currency", "Loonstrook periode 11 - 2026\nSalaris                         2.612,80\nToeslag zaterdag 50%               96,40\nNettoloon                       2.408,23\nReservering vakantiegeld 8%       216,74", []string{"2612.80 label", "96.40 label", "2408.23 label", "216.74 label"}},
		{"a personnel number after the salary's word", "Omschrijving: Salaris september 2025 personeelsnr 402218", []string{}},
		{"a german statement's balances, credit marked H", "Sparkasse KölnBonn\nKontoauszug Nr. 11/2026\nAlter Kontostand vom 31.10.2026                              2.310,55 H\nNeuer Kontostand vom 30.11.2026                              4.706,59 H", []string{"2310.55 label", "4706.59 label"}},
		{"a balance dated as at", "Closing balance as at 30/11/2026      4,706.59", []string{"4706.59 label"}},
		{"a balance dated on", "Balance on 30 Nov 2026       4,706.59", []string{"4706.59 label"}},
		{"net pay for a month", "Net pay for November 2026      2,408.23", []string{"2408.23 label"}},
		{"a total for a period", "Total for the period 1 Nov - 30 Nov 2026   2,345.67", []string{"2345.67 label"}},
		{"a polish balance on a day", "Stan konta na dzień 30.11.2026      5 110,40", []string{"5110.40 label"}},
		{"a field's own value is still no label", "16 State wages: $152,197.32  17", []string{"152197.32 USD currency"}},
		{"hours are still hours", "Arbeitszeit 38,5 h pro Woche", []string{}},
		// Found from outside (later): the taka, the Ugandan and Tanzanian
		// shillings, the Egyptian pound's sign, and the lev, the
		// Serbian dinar and the hryvnia as they are written after a sum.
		{"taka before a sum", "Total: Tk 12,500.00", []string{"12500.00 BDT currency"}},
		{"taka's sign", "Total: ৳ 12,500", []string{"12500.00 BDT currency"}},
		{"ugandan shillings against the sum", "Total USh450,000", []string{"450000.00 UGX currency"}},
		{"tanzanian shillings", "Total TSh 45,000", []string{"45000.00 TZS currency"}},
		{"the egyptian pound's sign is no sterling", "Amount: E£ 1,500.00", []string{"1500.00 EGP currency"}},
		{"bulgarian leva after a sum", "Total: 1 250,50 лв.", []string{"1250.50 BGN currency"}},
		// Found from outside (fifty-sixth trial): the lev in Latin letters.
		{"bulgarian leva in latin letters", "Montazh i dostavka     1      60,00 lv.    60,00 lv.\nObshto:             2 014,00 lv.", []string{"60.00 BGN currency", "60.00 BGN currency", "2014.00 BGN currency"}},
		{"serbian dinars after a sum", "Ukupno: 12.500,00 din.", []string{"12500.00 RSD currency"}},
		{"hryvnias after a sum", "Сума: 1 250,00 грн", []string{"1250.00 UAH currency"}},
		{"romanian din is a word", "Suma de plată 1.250,00 din contul clientului", []string{"1250.00 label"}},
		{"a claim's section over its rupees, its columns closed up", "STAR SHIELD HEALTH INSURANCE CO. LTD.\n8. Details of claim Amount (Rs.)\nPre-hospitalisation expenses 4,850\nTotal claimed 1,49,450\n\n9. Bank details for NEFT: SBI, Mylapore", []string{"4850.00 INR label", "149450.00 INR label"}},
		{"a form's number in parentheses after an expense's word", "Health expenses relief (Med 1)", []string{}},
		{"expenses over their sums", "Pre-hospitalisation expenses      4,850.00", []string{"4850.00 label"}},
		{"greek euro in words", "Σύνολο αποζημίωσης: 12.480,00 ευρώ", []string{"12480.00 EUR currency"}},
		{"greek euro in capitals", "ΠΟΣΟ 2.350,00 ΕΥΡΩ", []string{"2350.00 EUR currency"}},
		{"greek europe is no euro", "Έδρα: Λεωφόρος 12 Ευρώπης", []string{}},
		// A money label makes a bare number money.
		{"total label", "TOTAL  14.66", []string{"14.66 label"}},
		{"amount due label", "Amount due 15000", []string{"15000.00 label"}},
		{"premium label", "Annual premium: 1,240.00", []string{"1240.00 label"}},
		{"portuguese income label", "Rendimento bruto     18 640,00", []string{"18640.00 label"}},
		{"spanish tax label", "Cuota íntegra: 4.312,50", []string{"4312.50 label"}},
		// Found from outside (nineteenth trial): a Modelo 100 without a
		// currency, and a Lithuanian statement's balance column.
		{"spanish income label", "Rendimiento neto 37.211,25", []string{"37211.25 label"}},
		{"turkish lira after", "Tahmini Hasar Tutarı: 38.500,00 TL", []string{"38500.00 TRY currency"}},
		{"turkish lira sign", "Toplam: ₺1.250,00", []string{"1250.00 TRY currency"}},
		{"spanish pay label", "Retribuciones dinerarias 41.870,00", []string{"41870.00 label"}},
		{"lithuanian opening balance", "Data         Operacijos aprašymas        Debetas     Kreditas    Likutis\n2026-11-01   Pradinis likutis                                     12 406,18", []string{"12406.18 label"}},
		{"german income label", "Einkünfte aus nichtselbständiger Arbeit 52.300,00", []string{"52300.00 label"}},
		{"vat with a rate", "VAT 20%        1,010.00", []string{"1010.00 label"}},
		{"label on the line above", "Balance due:\n2,310.55", []string{"2310.55 label_above"}},
		{"column header", "Description          Amount\nConsulting services  1,800.00", []string{"1800.00 column"}},
		{"column header with currency", "Item        Amount (EUR)\nLicence     900,00", []string{"900.00 EUR column"}},
		{"pipe table", "| Date | Details | Amount |\n|---|---|---|\n| 02/10 | Wire | 3,000.00 |", []string{"3000.00 column"}},
		{"statement balances without currency", "Date     Description        Debit      Credit     Balance\n02 Oct   Transfer in                   5,000.00   212,450.10\n05 Oct   Rent               1,800.00              210,650.10",
			[]string{"5000.00 column", "212450.10 column", "1800.00 label", "210650.10 label"}},
		{"closing balance line", "Closing balance                 245,310.77", []string{"245310.77 label"}},
		// Numbers that are not money.
		{"no currency, no label", "Invoice 12345 dated 2024-01-02", []string{}},
		{"quantity column", "Item        Qty\nChairs      12", []string{}},
		{"fund code under an amount header", "Description          Amount\nFund code            30417\nMonthly contribution   1,250.00", []string{"1250.00 label"}},
		{"bare reference among decimal amounts", "Fund                 Amount\nGrowth Fund A        40213\nIncome Fund B        1,250.00", []string{"1250.00 label"}},
		{"reference number label", "Reference number: 88120", []string{}},
		{"invoice number", "Invoice no. 2024-00417", []string{}},
		{"policy number above a premium", "Policy number\n4471220", []string{}},
		{"percentage", "Total discount 15%", []string{}},
		{"days", "Payment terms: net 30 days", []string{}},
		{"date after label", "Balance as at 31 December 2025: 12,000.00", []string{"12000.00 label"}},
		{"time", "Total time 07:59", []string{}},
		{"days in parentheses", "the fees of $25,750.00 per year, payable within thirty (30) days of receipt", []string{"25750.00 USD currency"}},
		{"money word far from the number", "The total will be invoiced after the 3 stages", []string{}},
		{"year after a month and day", "Payment due: Aug 11, 2023", []string{}},
		{"german total compound", "Gesamtbetrag: 12.500,00", []string{"12500.00 label"}},
		{"polish amount to pay", "Do zapłaty: 96 480,00", []string{"96480.00 label"}},
		{"swedish total", "Att betala 24 500,00", []string{"24500.00 label"}},
		{"card number in an amount column", "Datum    Umsatz              Betrag EUR\n03.10.   Karte 5529123456789016   -45,90", []string{"45.90 EUR column"}},
		{"french date", "Total payé le 12 mars 2024", []string{}},
		{"spanish date with de", "Importe abonado el 5 de mayo de 2023", []string{}},
		{"polish genitive month", "Kwota zapłacona 3 września 2024", []string{}},
		{"german date after a total", "Summe bezahlt am 3. März 2024", []string{}},
		{"amount beside a foreign month stays money", "Total mars 2024: 1 250,00 €", []string{"1250.00 EUR currency"}},
		{"year in a title", "Form W-2 Wage and Tax Statement 2021", []string{}},
		// Found from outside (seventieth trial): a settlement's payment
		// after a semicolon that ends a clause naming National Insurance;
		// the end of a range of sections after a tax's word.
		{"a payment after a clause naming insurance", "less deductions for tax and National\nInsurance; and (b) £31,500.00 as compensation for loss of office", []string{"31500.00 GBP currency"}},
		{"the end of a range of sections", "paid without deduction of tax under sections 401 to 403 of the Income Tax Act 2003", []string{}},
		{"a fee after a list of clauses stays money", "Under clauses 4 and 5 the fee is EUR 3,000.00", []string{"3000.00 EUR currency"}},
		// Found from outside (seventieth trial): a Lausanne claim's
		// estimates, thousands grouped by spaces before a point, as its
		// francs are written.
		{"swiss francs grouped by spaces", "Dommages estimés                    CHF\nRéfection des plafonds             27 900.00\nTotal estimé                       86 375.00\n\nFranchise selon police: CHF 2 000.-", []string{"27900.00 CHF column", "86375.00 CHF label"}},
		// Found from outside (seventy-first trial): a Maputo payslip's
		// meticais, "MT" after the sum; elsewhere "MT" is metric tonnes.
		{"meticais in a mozambican payslip", "TRANSPORTES ZAMBEZE, LDA. - Maputo\nTotal iliquido 38.690,00\nLiquido a receber 28.311,00 MT", []string{"38690.00 MZN label", "28311.00 MZN currency"}},
		{"metric tonnes elsewhere", "Steel coil 38.690,00 MT delivered", []string{}},
		{"a swiss building's sum insured", "Somme d'assurance bâtiment: CHF 9 500 000.-", []string{}},
		{"an estonian overdraft limit and deposit guarantee", "Arvelduskrediidi limiit: 2 000,00 EUR\nHoiused on tagatud Tagatisfondi kaudu kuni 100 000 euro ulatuses ühe hoiustaja kohta.", []string{}},
		{"an icelandic overdraft limit", "Yfirdráttarheimild: 5.000.000 kr.", []string{}},
		// Found from outside (seventy-seventh trial): an overdraft in
		// Belgian French and Swedish, a theft cover's ceiling, a liability
		// cap and a guarantor's, a cover's label a line break parted; a
		// ceiling repainted stays a repair's sum.
		// Found from outside (seventy-eighth trial): a liability's cap "in
		// any event", an Italian cap, a card's authorisation code in
		// Spanish.
		{"a cap in any event", "liability in any fiscal year shall not exceed the Base\nManagement Fee received by it in that year, and in any event EUR 2,000,000.", []string{}},
		{"an italian cap", "dei prodotti non potrà eccedere l'importo di Euro 1.500.000,00 per anno contrattuale,", []string{}},
		{"a card's authorisation code in spanish", "Chile\nTOTAL PAGADO                    $183.150\nPago: Tarjeta de crédito VISA ****2281\nCódigo autorización             551204", []string{"183150.00 CLP currency"}},
		{"a statement's dated row whose header ocr lost", "Currency: INR\nDate Narration\n04-11-2026 RTGS-L AND T FINANCE-EMI 38/60 1,18,500.00 6,90,616.50", []string{"118500.00 INR label", "690616.50 INR label"}},
		{"a dated row of one sum", "Currency: INR\n04-11-2026 Site visit 38/60 1,18,500.00", []string{}},
		{"a belgian overdraft", "Facilité de caisse accordée : 15 000,00 EUR", []string{}},
		{"a french theft cover's ceiling", "Rappel des garanties : plafond vol 100 000 € par sinistre", []string{}},
		{"a ceiling repainted", "Peinture du plafond du voisin 620,00 €", []string{"620.00 EUR currency"}},
		{"a swedish overdraft", "Beviljad kontokredit: 150 000 kr. Kontokrediten har inte utnyttjats.", []string{}},
		{"a liability cap over a blank line", "The Service Provider's total liability under this Agreement shall not\n\nexceed NGN 50,000,000.00 in any contract year", []string{}},
		{"a norwegian guarantor's cap", "selvskyldnerkausjonist for leietakers forpliktelser begrenset oppad til\nNOK 500 000.", []string{}},
		{"a cover's label parted by a line break", "    indemnity of NZD 2,000,000 for any one event, and public liability\n    cover of NZD 10,000,000.", []string{}},
		// Found from outside (seventy-sixth trial): bounds a line break
		// parted from their sums, a threshold's "or more" on the next
		// line, a cover per item, a quantity on a line that writes its
		// currencies first, a price in tenths of a cent.
		{"a cover's bound over its sum", "Die Schülerunfallversicherung des Schulvereins deckt Heilkosten bis\n15.000,00 EUR je Schülerin und Schüler.", []string{}},
		{"a surety's bis over zu", "Für das Steuerlager besteht eine Sicherheitsleistung (Bankbürgschaft) bis\nzu 250.000,00 EUR.", []string{}},
		{"a polish deposit guarantee over its sum", "Środki na rachunku objęte są systemem gwarantowania BFG do równowartości\n100 000 EUR. Reklamacje prosimy zgłaszać w ciągu 14 dni.", []string{}},
		{"a form's threshold and its or more below", "line 9 to determine gross receipts. If $200,000\nor more, file Form 990 instead.", []string{}},
		{"a baggage cover per item", "baggage up to HK$5,000 (HK$2,500 per item); excess HK$300 per claim", []string{}},
		{"a quantity before a price written currency first", "ET-101 Voor-etiket 90x120 mm 60.000 € 0,084 € 5.040,00", []string{"0.08 EUR currency", "5040.00 EUR currency"}},
		{"currencies written after their sums keep them", "TN-4524 Tappo naturale 45x24   180.000 0,412 €   74.160,00 €", []string{"0.41 EUR currency", "74160.00 EUR currency"}},
		{"a sum at a line's end still follows its bis", "Zahlbar bis 15.12.2026\nGesamtbetrag 15.000,00 EUR", []string{"15000.00 EUR currency"}},
		// Found from outside (seventy-fifth trial): limits in French,
		// Norwegian, German and Danish.
		{"a belgian card's cap and deposit guarantee", "Belgique\nPlafond d'utilisation de votre carte de débit: 2 500,00 EUR par semaine.\nVos dépôts sont protégés à concurrence de 100 000 EUR par le Fonds de garantie.", []string{}},
		{"a norwegian deposit guarantee", "Innskudd er sikret av Bankenes sikringsfond inntil 2 000 000 kroner per innskyter.", []string{}},
		{"a swiss accident insurance's ceiling", "UVG-Höchstbetrag von CHF 148'200.– pro Jahr.", []string{}},
		{"a danish deductible", "Selvrisiko iflg. police: 5.000 kr.", []string{}},
		// Found from outside (seventy-ninth trial): an order's limit per
		// delivery and its budget's ceiling, a Turkish cover's limit, a
		// Latvian credit limit.
		{"an order's limit per delivery", "Nairobi, Kenya\nNo single delivery may exceed KES 3,000,000 without written approval.", []string{}},
		{"an order's budget ceiling", "Sydney NSW\nApproved against the FY27 budget ceiling $250,000 (ex GST).", []string{}},
		{"a turkish cover's limit", "İstanbul\nPoliçe teminat limiti (tedavi masrafları): 750.000,00 TL", []string{}},
		{"a latvian credit limit", "Rīga\nKredītlimits: 1 000,00 EUR", []string{}},
		{"the sum an order totals is still money", "Nairobi, Kenya\nOrder total KES 2,436,000.00", []string{"2436000.00 KES currency"}},
		// Found from outside (eightieth trial): a Swedish overdraft
		// granted, a Dutch deposit guarantee, a Swiss agency contract's
		// turnover threshold, a French cover's ceiling and what it covers
		// below it; a Norwegian claim's sums under a heading OCR closed up.
		{"a swiss credit limit", "Zürich\nKreditlimite CHF 240'000.00.", []string{}},
		{"a swedish overdraft granted", "Stockholm\nBeviljad checkräkningskredit: 250 000,00 SEK", []string{}},
		{"a dutch deposit guarantee", "Utrecht\nUw tegoed valt onder het depositogarantiestelsel tot EUR 100.000 per", []string{}},
		{"a swiss turnover threshold", "Zug\n4.3 Übersteigt der Jahresumsatz im Vertragsgebiet CHF 400'000.-, beträgt die", []string{}},
		{"a french ceiling over what it covers", "Bordeaux\nRappel du contrat : franchise 1 500 EUR par sinistre ; plafond de garantie\ndes marchandises 500 000 EUR par sinistre.", []string{}},
		{"a norwegian sum insured over what it covers", "Bergen\nForsikringssum\npå varelager NOK 2 500 000", []string{}},
		{"a german deductible per claim", "Linz\nSelbstbehalt EUR 1.000 je Schadenfall", []string{}},
		{"a claimed sum is still money", "Bordeaux\nMontant total estimé du préjudice 38 600,00 EUR", []string{"38600.00 EUR currency"}},
		// Found from outside (seventy-ninth and eightieth trials): a
		// space OCR put beside a comma inside a sum, and the rupee's mark
		// written against it.
		// Found from outside (eightieth trial): a price list's heading.
		{"a year after prices dates them", "Glasgow, Scotland\nGLENMORVAN SINGLE MALT - TRADE PRICES 2027\n12 Year Old 70cl £18.50", []string{"18.50 GBP currency"}},
		{"a year after a total is still its sum", "Glasgow, Scotland\nTotal: 2021", []string{"2021.00 label"}},
		{"a lakh sum with a stray space", "Mumbai\nInvoice total Rs.11, 20,896.00", []string{"1120896.00 INR currency"}},
		{"a lakh sum with a space before a comma", "Mumbai\nTaxable total 10,00 ,800.00", []string{"1000800.00 label"}},
		{"a rupee sum in thousands with a stray space", "Karachi\nGross salary Rs. 9,850, 000/-", []string{"9850000.00 PKR currency"}},
		{"two sums a comma and a space part stay two", "Amounts: 12,345.00, 6,789.00 USD", []string{"12345.00 USD label", "6789.00 USD currency"}},
		{"a rupee sum against its mark", "Mumbai\nInvoice total Rs.20,896.00", []string{"20896.00 INR currency"}},
		{"a norwegian claim's sum under a closed-up heading", "Bergen\nSTJÅLNE GJENSTANDER Innkjøpspris NOK\n36 kartonger cognac X0, 6 x 70 cl 118 800\nSum krav 186 400", []string{"186400.00 label"}},
		// Found from outside (seventy-fourth trial): a Malaysian company's
		// "SDN BHD" before a salary's sum.
		{"a malaysian company's sdn bhd before a sum", "Kuala Lumpur, Malaysia\n07/11 SALARY: / GAJI - MAXWAVE TOWERS SDN BHD 6,850.00 9,404.70", []string{}},
		{"bahraini dinars", "Manama, Bahrain\nTotal due: BHD 6,850.000", []string{"6850.00 BHD currency"}},
		// Found from outside (hundred-and-fifth trial): an Indonesian
		// statement's payment to PLN, the electricity company, read as
		// złoty.
		{"an indonesian payment to pln in rupiah", "Mata Uang: IDR\nTanggal Keterangan Debet Saldo\n03/10 PEMBAYARAN PLN 1.250.000,00 43.980.000,00", []string{"1250000.00 IDR column", "43980000.00 IDR column"}},
		{"polish zloty after a payment", "Warszawa\nDo zapłaty: PLN 1 250,00", []string{"1250.00 PLN currency"}},
		// Found from outside (hundred-and-eighth trial): a PIT-11's
		// contributions, a long field label whose gap OCR closed up.
		{"a long field label's colon before its sum", "E. SKŁADKI\nSkładki na ubezpieczenia społeczne pobrane przez płatnika: 11 845,44", []string{"11845.44 label"}},
		{"a long sentence after a money word is still no label", "The total will be invoiced after the completion of the 3 stages", []string{}},
		// Found from outside (hundred-and-tenth trial): a Danish claim's
		// column of kroner under a heading OCR closed up.
		{"kroner after a closed-up heading's amount word", "Adresse: Jægersborggade 31, 2200 København N\n\nOpgørelse af skaden Beløb kr.\n\nNyt styreprint inkl. montering 18.750,00\nI alt 32.670,00", []string{"18750.00 DKK label", "32670.00 DKK label"}},
		// Found from outside (seventy-third trial): a Hungarian income
		// certificate's forints under "Ft", grouped by spaces, OCR having
		// closed up the gaps before them.
		{"forints under their column's mark", "Ft\n1. Munkaviszonyból származó bérjövedelem 7 824 600\n2. Egyéb munkaviszonyhoz kapcsolódó jövedelem 312 000", []string{"7824600.00 HUF label", "312000.00 HUF label"}},
		{"space-grouped whole numbers under no currency's mark", "Tétel\n1. Munkaviszonyból származó bérjövedelem 7 824 600\n2. Egyéb munkaviszonyhoz kapcsolódó jövedelem 312 000", []string{}},
		{"a czech order's quantities closed up with whole prices", "Model Počet | Cena/ks bez DPH Celkem bez DPH\nOctavia Combi Style 2.0 TDI DSG 3 689 900 Kč 2 069 700 Kč\nFabia Selection 1.0 TSI 4 398 500 Kč 1 594 000 Kč", []string{"689900.00 CZK currency", "2069700.00 CZK currency", "398500.00 CZK currency", "1594000.00 CZK currency"}},
		{"a till's vat rate read as a quotation mark", "Türkiye\nTAVUK SOTE “10 120,00\nTOPLAM 230,00 TL", []string{"120.00 TRY label", "230.00 TRY currency"}},
		// Found from outside (seventy-third trial): a floor plan's model
		// years after "Settlement", a clause's number read as a
		// statement's date, a cover "under the policy". (The drawdown's
		// row, dated and ending in its movement and balance, is read
		// since the seventy-seventh.)
		{"model years on a floor plan's rows", "03/10/26  FP-22871  Drawdown 2024 BMW X3 xDrive20d SK24 LWU       31,250.00                  543,690.00\n06/10/26  FP-22719  Settlement 2023 Audi A4 Avant SF23 OKN                     24,180.00     519,510.00", []string{"31250.00 label", "543690.00 label", "24180.00 label", "519510.00 label"}},
		{"a clause's minimum after its number", "Johannesburg, South Africa\n3.2 The Dealer shall maintain net working capital of at least R 2,500,000.00 and", []string{}},
		{"a cover under the policy", "Repair estimate: PHP 184,500.00\nOwn damage limit under the policy: PHP 1,650,000.00; deductible PHP 3,300.00.", []string{"184500.00 PHP currency"}},
		{"a brazilian claim's sums insured under the sum claimed", "Despesas médico-hospitalares comprovadas: R$ 18.740,00\nCapital segurado DMHO por pessoa: R$ 20.000, 00\nCapital segurado invalidez por acidente: R$ 100.000, 00", []string{"18740.00 BRL currency"}},
		{"a polish deductible after a sum insured", "Suma ubezpieczenia mienia: 4 500 000,00 zł; franszyza redukcyjna 500 zł.", []string{}},
		{"a w-2's boxes over their amounts, an address above", "f  Employee's address and ZIP code\n   7342 BLUE QUAIL DR\n   SAN ANTONIO TX 78244\n\n1  Wages, tips, other compensation        2  Federal income tax withheld\n   61,482.17                                  7,214.60", []string{"61482.17 column", "7214.60 column"}},
		{"box number after another field's value", "15 State: IL  16 State wages: $152,197.32  17 State income tax: $6,087.89", []string{"152197.32 USD currency", "6087.89 USD currency"}},
		{"currency outweighs an identifier word", "Requested credit line:   $15,000", []string{"15000.00 USD currency"}},
		{"unit price after @", "Lunches (58 days @ 3.10)", []string{"3.10 label"}},
		{"columns of a table whose header names money", "Datum   Omschrijving     Af          Bij         Saldo\n03-10   Overboeking                  4.120,00    7.532,08",
			[]string{"4120.00 column", "7532.08 column"}},
		{"flat statement as OCR writes it", "Date Description Debit Credit Balance\n02 Oct Transfer in 5,000.00 212,450.10\n05 Oct Transfer to J. Smith 1,800.00 210,650.10",
			[]string{"5000.00 column", "212450.10 column", "1800.00 column", "210650.10 column"}},
		{"flat item table", "Description Qty Unit price Amount\nOffice chairs, ergonomic 12 185.00 2,220.00", []string{"185.00 column", "2220.00 column"}},
		{"flat table, number not at the end of its row", "Item Code Amount\nWidget 44170 kit", []string{}},
		{"currency at the end of the line above", "the balance of the account was GBP\n1,204,377.19 in credit.", []string{"1204377.19 GBP currency"}},
		{"currency column header is not a line's currency", "Qty  Description          Line £\n 2   Oak doors, fitted    680.00", []string{"680.00 GBP column"}},
		{"limit across a line break before a currency", "an overdraft facility of up to\nGBP 2,000,000, undrawn", []string{}},
		{"quantifier as high as", "Prepayment Penalty  As high as $3,200 if you pay off early", []string{}},
		{"limit noun not at the end", "Excess baggage fee   £65.00", []string{"65.00 GBP currency"}},
		{"product that is no cover", "Silicone handle covers (2-pack)    2    $7.49", []string{"7.49 USD currency"}},
		{"policy excess", "Policy excess   £250.00", []string{}},
		{"column read column by column", "Balance\n212,450.10\n210,650.10\n\nThank you for banking with us.", []string{"212450.10 label_above", "210650.10 label_above"}},
		{"fund code in a column read column by column", "Amount\n30417\n1,250.00", []string{"1250.00 label_above"}},
		{"numbers under a non-money word", "Quantity\n12\n40", []string{}},
		{"label naming its currency", "Order total (USD): 3,660.00", []string{"3660.00 USD label"}},
		{"masked card", "VISA ****4417", []string{}},
		{"leading zero code", "Amount code 00417", []string{}},
		// Found from outside: an invoice's address block under an
		// "Accounts Payable" line was read as money.
		{"zip code after a state code", "Attn: Accounts Payable\nSan Francisco, CA 94107", []string{}},
		{"zip code in a label's sentence", "Accounts Payable, San Francisco, CA 94107", []string{}},
		{"zip code after a state code, two spaces", "Total due: $1,200.00\nAustin TX  78701", []string{"1200.00 USD currency"}},
		{"suite number under a department line", "Attn: Accounts Payable\n1500 Howard Street, Suite 300", []string{}},
		{"accounts payable beside its number is money", "Accounts payable       12,340.00", []string{"12340.00 label"}},
		{"accounts payable above its number is money", "Accounts payable\n12,340.00", []string{"12340.00 label_above"}},
		{"five digits after a state-like word in a total", "Total CAD 94107", []string{"94107.00 CAD currency"}},
		{"amount after a state code with cents", "Sales tax CA 9,410.75", []string{"9410.75 label"}},
		{"bare five digits under a money label", "Total: 94107", []string{"94107.00 label"}},
		// Found from outside (sixty-seventh trial): an Austrian L16's
		// earnings rows; OCR's "$" for a law's section sign.
		{"an austrian l16's earnings", "Kz 210 Bruttobezüge gemäß § 25 EStG 52.418,66\nKz245 Steuerpflichtige Bezüge 35.368,11", []string{"52418.66 label", "35368.11 label"}},
		// Found from outside (sixty-eighth trial): limits in Lithuanian,
		// Swiss French, Slovak and Estonian.
		{"a lithuanian deposit insurance", "Indėliai draudžiami iki 100 000 EUR vienam indėlininkui.", []string{}},
		{"a swiss liability limited", "La responsabilité du prestataire est limitée à CHF 500'000 par sinistre.", []string{}},
		{"a slovak penalty's cap", "zmluvnú pokutu 0,05 % za každý deň omeškania, najviac však 10 000 EUR.", []string{}},
		{"an estonian deductible", "Omavastutus poliisi järgi: 200 EUR", []string{}},
		{"a lithuanian sum paid by a date", "Mokėtina suma: 1 250,00 EUR iki 2026-10-15", []string{"1250.00 EUR currency"}},
		{"a sum owed only in case of an event", "The compensation for work-related death shall be as follows. In case of work-related death the compensation shall be USD 50,000.", []string{}},
		{"a charge in a sentence of its own", "The agency fee shall be USD 5,000, payable on signature.", []string{"5000.00 USD currency"}},
		{"a section sign read as a dollar", "Gemäß $ 11 UStG wird der Leistungszeitraum angegeben.", []string{}},
		{"a dollar before a small sum is a dollar", "Fee $ 68 per hour", []string{"68.00 USD currency"}},
		// Boilerplate limits are not transaction amounts.
		{"deposit insurance", "Deposits are insured by the FDIC up to $250,000 per depositor.", []string{}},
		{"deposit insurance across a line break", "Your deposits are protected by the FSCS up to\n£85,000.", []string{}},
		// Found from outside (sixty-sixth trial): a plan's out-of-pocket
		// maximum whose sentence a line break parted before "is".
		{"a maximum's sentence parted before is", "Amount paid by member: $1,440.00\n\nYour plan's annual deductible is $1,500.00 and the out-of-pocket maximum\nis $6,000.00. Reimbursement is sent to the member by check.", []string{"1440.00 USD currency"}},
		// Found from outside (twentieth trial).
		{"deposit insurance carried over a line break by a word", "Your eligible deposits with Penmore Building Society are protected up to a total\nof £85,000 by the Financial Services Compensation Scheme.", []string{}},
		{"liability limited to", "The Consultant's total liability under this agreement is limited to $500,000,\nexcept for liability for personal injury.", []string{}},
		// Fees capped are the most the contract commits a party to pay:
		// money, where a liability cap is not (found from outside).
		{"fees that shall not exceed", "The fees shall not exceed $20,000 in any year.", []string{"20000.00 USD currency"}},
		{"liability that shall not exceed", "The Consultant's total liability shall not exceed $500,000.", []string{}},
		{"a clause number after a fee word", "The total fees under Clause 3.1 shall not exceed SGD 57,600.00 without approval.", []string{"57600.00 SGD currency"}},
		{"a total of a sum paid is money", "We paid a total\nof £85,000 for the works.", []string{"85000.00 GBP currency"}},
		{"per depositor after", "FDIC-insured: $250,000 per depositor, per ownership category", []string{}},
		{"coverage limit", "Coverage limit (per occurrence): $1,000,000", []string{}},
		{"liability cover", "Public liability cover   £5,000,000", []string{}},
		{"maximum benefit", "The maximum benefit payable under this policy is $50,000.", []string{}},
		{"limit column", "Cover          Limit          Premium\nLiability      1,000,000.00   1,200.00", []string{"1200.00 column"}},
		{"premium for cover", "Monthly premium for liability cover: $120.00", []string{"120.00 USD currency"}},
		{"deductible", "Deductible: $500", []string{}},
		// Found from outside (fourth trial): a company's share capital is
		// no transaction.
		{"french share capital", "La société Boulangerie Delacroix SARL, au capital de 20 000 €, dont le siège", []string{}},
		{"french capital social", "SARL au capital social de 20 000 €", []string{}},
		{"spanish capital social", "Capital social: 3.006,00 €", []string{}},
		{"german stammkapital", "Stammkapital: 25.000,00 EUR", []string{}},
		{"english share capital", "Issued share capital £10,000", []string{}},
		{"italian capitale sociale", "S.p.A. capitale sociale 120.000 €", []string{}},
		{"polish share capital", "Kapitał zakładowy 50 000 zł", []string{}},
		{"capital repaid is money", "Capital repayment: €1,200.00", []string{"1200.00 EUR currency"}},
		{"capital gains tax is money", "Total capital gains tax: €500.00", []string{"500.00 EUR currency"}},
		{"working capital loan is money", "Working capital loan £20,000", []string{"20000.00 GBP currency"}},
		{"total after the share capital", "SARL au capital de 20 000 €\nTotal TTC : 1 250,00 €", []string{"1250.00 EUR currency"}},
		// Found from outside (twelfth trial): a bound in another language
		// is no transaction; a shortcode a text went to is no amount.
		{"german interest band's bound", "Zinssatz Tagesgeld: 0.10 % bis CHF 75'000", []string{}},
		// Found from outside (thirteenth trial): a tax return's payment
		// confirmation number, the year of the payments a line totals, and
		// a phone number's area code after "Tax Services".
		{"a confirmation number after a payment", "Payment made by electronic funds withdrawal on 04/12/2027, confirmation 27041285516.", []string{}},
		{"the year of the payments a line totals", "5  Total 2026 payments ............  $ 27,905", []string{"27905.00 USD currency"}},
		{"a phone number's area code after a money word", "Preparer: Saguaro Peak Tax Services, (928) 774-3061, prep@saguaropeaktax.com", []string{}},
		{"a year after a money word", "Total: 2021", []string{"2021.00 label"}},
		// Found from outside (thirty-first trial): a claim's section
		// number under a registration that ends in a currency's code.
		{"a section's number", "Registration: YA21 KZT  Make/model: Skoda Octavia  Mileage: 38,412\n\n3. INCIDENT\nDate: 08/11/2026", []string{}},
		// Found from outside (thirtieth trial): a Czech heating bill's
		// quantity under its column's heading, "Množství".
		{"a quantity under its heading in czech", "Položka                         Množství   Cena za jednotku         Celkem\nDodávka tepla (GJ)               14,82   812,40 Kč/GJ   12 039,77 Kč", []string{"812.40 CZK currency", "12039.77 CZK currency"}},
		// Found from outside (thirty-second trial).
		{"m-pesa's shillings against their sums", "QJK7T2XB9L Confirmed. Ksh2,350.00 paid to MEDIHEAL CLINIC. New M-PESA balance is Ksh8,417.60.", []string{"2350.00 KES currency", "8417.60 KES currency"}},
		{"rupiah", "menerima gaji pokok sebesar Rp 7.500.000 per bulan", []string{"7500000.00 IDR currency"}},
		{"naira in words", "Approval of a dividend of 12.50 Naira per share", []string{"12.50 NGN currency"}},
		{"colombian pesos after quantities", "Proveedor: Agroinsumos del Sur S.A.S., NIT 900.456.789-4\n1 Fertilizante bulto 50 kg 300 $ 168.000 $ 50.400.000", []string{"168000.00 COP currency", "50400000.00 COP currency"}},
		{"a law's number", "24/02     Impuesto Ley 25.413 s/débitos               6.379,24", []string{"6379.24 label"}},
		{"a long label before a leader of dots", "Rendimentos tributáveis recebidos de pessoa jurídica ......... 186.420,00", []string{"186420.00 label"}},
		{"a box's number after a leader", "26. REFUND (amount you want refunded to you) .......... 26.  $327.00", []string{"327.00 USD currency"}},
		{"cash tendered and change", "AMOUNT DUE 1,178.57\nCASH 1,200.00\nCHANGE 21.43", []string{"1178.57 label", "1200.00 label", "21.43 label"}},
		// Found from outside (thirty-third trial).
		{"a supplier statement's invoice rows", "Date       Ref         Details                      Debit      Credit     Balance\n04/10/24   INV 77812   Invoice                      486.20                1,696.64", []string{"486.20 column", "1696.64 column"}},
		{"an invoice's number is still no money", "Invoice       77812", []string{}},
		{"a card statement's minimum payment", "New balance £742.35\nMinimum payment £25.00", []string{"742.35 GBP currency", "25.00 GBP currency"}},
		{"a minimum deposit is still a limit", "Minimum opening deposit £25.00", []string{}},
		{"a swiss salary certificate's contributions", "9. Beiträge AHV/IV/EO/ALV/NBUV 5'918.20\n13.1.1 Spesenvergütungen, effektive (Reise, Verpflegung) 1'340.00", []string{"5918.20 label", "1340.00 label"}},
		{"a day of the month after a salary", "Der Lohn wird jeweils am 25. des Monats überwiesen.", []string{}},
		{"an item's number", "Amount due\n1) Consulting, October   EUR 1,200.00", []string{"1200.00 EUR currency"}},
		{"french bound", "Remboursement des frais jusqu'à 1 500 €", []string{}},
		{"spanish bound", "Cobertura de equipaje hasta 3.000 EUR", []string{}},
		{"a period ending before the amount is money", "Saldo vom 01.01. bis 31.12.: 12.500,00 EUR", []string{"12500.00 EUR currency"}},
		{"premium-rate text to a shortcode", "12 Nov 19:42 Premium text to 81234 (competition) -", []string{}},
		{"call to a number", "Total calls to 0800 numbers", []string{}},
		{"charge for the text is money", "Premium text to 81234: charge 3.50", []string{"3.50 label"}},
		// Found from outside (fourteenth trial): a sub-account's number
		// after its currency is no amount; an account's balance is.
		{"sub-account number after its currency", "Sub-account:     EUR 62 184 399", []string{}},
		{"account balance after its currency", "Sub-account balance:  EUR 55 722.60", []string{"55722.60 EUR currency"}},
		{"an account's small whole sum", "Deposit account: €5,000", []string{"5000.00 EUR currency"}},
		// Found from outside (fourteenth trial): Czech crowns after the
		// amount, a Czech lease's yearly rent.
		{"czech crowns", "Pachtovné činí 4 200 Kč za 1 ha a rok, celkem 17 982 Kč ročně", []string{"4200.00 CZK currency", "17982.00 CZK currency"}},
		{"czech crowns as OCR reads them", "celkem 17 982 Ké ročně", []string{"17982.00 CZK currency"}},
		{"no crowns before a word", "celkem 3 Kébabs", []string{}},
		// Found from outside (fifteenth trial): an insurance limit's
		// "not less than" and an order bound's "under"; a fuel price's
		// third decimal after a dollar; the currency ending a flattened
		// header over a row's number; an overdraft limit; a laboratory
		// result; the dollars of Australia, New Zealand and Canada.
		{"limit of indemnity over two lines", "7.2 The Consultant shall maintain professional indemnity insurance with a limit of indemnity of\n    not less than £1,000,000 for the duration of this Agreement and six years after.", []string{}},
		{"a bound with not less than", "cover of not less than £2,000,000", []string{}},
		{"an order bound", "Payment: GPC card (Procurement card holder: M. Hussain) for orders under £5,000.", []string{}},
		{"a fuel price's third decimal", "PRICE/GAL         $2.879", []string{"2.88 USD currency"}},
		{"dollars in thousands", "Total: $2,879", []string{"2879.00 USD currency"}},
		{"euros in thousands with a point", "Summe 2.879 €", []string{"2879.00 EUR currency"}},
		{"a row number under a flattened header ending in a currency", "Nr. Nosaukums Daudzums Merv. CenaEUR Summa EUR\n1 Kviesu milti 550. tips, 25 kg 80 maiss", []string{}},
		{"an overdraft limit", "Dispositionskredit: 2.000,00 EUR", []string{}},
		{"a finnish tax card's income limit", "Tulorajasi ajalle 1.1.-31.12.2026 52 400,00 euroa", []string{}},
		{"a finnish tax card's income limit in swedish", "Din inkomstgräns för 1.1-31.12.2026 52 400,00 euro", []string{}},
		// Found from outside (thirty-ninth trial).
		{"what a card's limit leaves", "Credit limit $12,000.00   Available credit $11,122.72\nNew balance $877.28", []string{"877.28 USD currency"}},
		{"a white cell count's unit after it", "Total WBC count 7,600 cells/cumm 4,000 - 11,000", []string{}},
		{"a credit that is money", "Credit $1,250.00 applied to your account", []string{"1250.00 USD currency"}},
		// Found from outside (fortieth trial).
		{"danish crowns in a column headed kr.", "Årsopgørelse 2025 - Skattestyrelsen\nOpgørelse af indkomst                                          Kr.\nLønindkomst                                                462.350\nAM-bidrag                                                   36.988", []string{"462350.00 DKK column", "36988.00 DKK label"}},
		{"swedish crowns in a heading's parentheses", "Skadeanmälan reseförsäkring\nFörlorade föremål och utlägg Belopp (kr)\nKläder och skor 7 450,00\nSumma begärd ersättning 14 650,00", []string{"7450.00 SEK label", "14650.00 SEK label"}},
		{"an australian postcode under a sum's column", "Annual premium                                                   $1,612.55\nProperty                                            Sum insured     Excess\nHome (building) — 17 Wattle Street, Brunswick VIC 3056   $685,000   $500", []string{"1612.55 AUD currency"}},
		{"the year a tax is for", "CERTIFICAZIONE UNICA 2026\nPeriodo d'imposta 2025\nAnno d'imposta: 2024", []string{}},
		{"a year before its row's sum", "Importo (euro)\n29 Addizionale comunale all'IRPEF saldo 2024 161,52", []string{"161.52 label"}},
		{"a laboratory result", "Cholesterol, total                    231             H          <200                     mg/dL", []string{}},
		{"australian dollars", "ABN 51 824 753 556\nTotal fees:   $413.00", []string{"413.00 AUD currency"}},
		{"new zealand dollars", "Meridian Energy, Wellington, New Zealand\nTotal due by 3 June 2025:  $214.58", []string{"214.58 NZD currency"}},
		{"canadian dollars", "Toronto, ON M5V 2T6, Canada\nTotal: $88.10", []string{"88.10 CAD currency"}},
		// Found from outside (hundred-and-first trial).
		{"us dollars in a document that names canada and the u.s.", "Valid in the U.S. and Canada.\nEstimated total $615.93", []string{"615.93 USD currency"}},
		{"us dollars in a document that names canada", "Harbor Auto Rentals LLC, 1 Harborside Drive, East Boston, MA 02128\nThe vehicle may be driven in the continental United States and Canada.\nEstimated total $615.93", []string{"615.93 USD currency"}},
		{"us dollars without a country", "Total: $88.10", []string{"88.10 USD currency"}},
		{"singapore dollars by its company and its number", "LION CITY GENERAL INSURANCE PTE LTD\nMobile: +65 9123 4476\nEstimated repair cost: $4,860.00", []string{"4860.00 SGD currency"}},
		// Found from outside (twenty-first trial).
		{"reais in a column", "Data        Lançamento          Valor (R$)        Saldo (R$)\n03/11       PIX recebido          1.250,00          18.629,81", []string{"1250.00 BRL column", "18629.81 BRL column"}},
		{"mexican pesos", "Total  $437,668.00 MXN\nImporte con letra: cuatrocientos treinta y siete mil seiscientos sesenta y ocho pesos 00/100 M.N.", []string{"437668.00 MXN currency"}},
		{"singapore dollars", "Tan Tock Seng Hospital, Singapore 308433\nAmount payable: $1,240.00", []string{"1240.00 SGD currency"}},
		// A space-grouped number alone in its cell is one number.
		{"space-grouped alone in its cell", "16   Total de la TVA brute due                    17 534\n32   Total à payer                                  9 156",
			[]string{"17534.00 label", "9156.00 label"}},
		{"space-grouped with a decimal comma in its cell", "BENÄMNING  ANTAL  PRIS  BELOPP\n1  Resa  3  1 429,46  4 288,38", []string{"1429.46 column", "4288.38 column"}},
		{"quantity and price closed up", "Item                                 Qty  Price\nLinen duvet cover, queen               1 129.00\nTotal charged                             221.56",
			[]string{"129.00 column", "221.56 label"}},
		{"statement rows with booking text wrapped under them", "Buchungstag Wert        Vorgang                                   Betrag EUR\n03.03.2025  03.03.2025 Lastschrift Stadtwerke                        -84,00\n                        Abschlag Strom 03/25 Vertragskonto 4711829\n05.03.2025  05.03.2025 Gutschrift Lohn/Gehalt Bausch GmbH          3.612,48",
			[]string{"84.00 EUR column", "3612.48 EUR column"}},
		{"an identifier's groups stay a code", "SIREN : 812 447 390      Total  1 250", []string{"1250.00 label"}},
		// Found from outside (twentieth trial): India's lakhs and crores.
		{"lakh after rupees", "Gross Salary: Rs. 17,00,000.00", []string{"1700000.00 INR currency"}},
		{"lakh after the code", "Gross Salary: INR 17,00,000.00", []string{"1700000.00 INR currency"}},
		{"crore under a label", "Total income        1,23,45,678.00", []string{"12345678.00 INR label"}},
		{"lakhs in a rupee column", "Sl  Description                 Qty   Rate (Rs)     Amount (Rs)\n1   ERP support - annual AMC      1    1,80,000.00   1,80,000.00", []string{"180000.00 INR column", "180000.00 INR column"}},
		{"a rupee label", "Invoice total (₹): 2,75,530.00", []string{"275530.00 INR label"}},
		{"lakh beside thousands", "Rs. 1,700,000.00 or Rs. 1,00,000", []string{"1700000.00 INR currency", "100000.00 INR currency"}},
		// Found from outside (twenty-second trial): South Africa groups
		// by spaces before a decimal point and writes the rand "R"; a
		// notice of assessment's sums were cut to their last group.
		{"rands in a column", "SOUTH AFRICAN REVENUE SERVICE\nCode   Description                     Amount (R)\n3601   Income - taxable (employment)     612 480.00\n4005   Medical scheme fees tax credit     -8 928.00",
			[]string{"612480.00 ZAR label", "8928.00 ZAR label"}},
		{"the rand sign", "SARS eFiling\n       Assessment result: Refund due                      R 5 389.78\nPaid: R12,500.00", []string{"5389.78 ZAR currency", "12500.00 ZAR currency"}},
		// Found from outside (forty-second trial): a sign glued to the next
		// number is that number's, not the quantity's before it; a cost
		// centre's number is no sum.
		{"a quantity before a price with its sign", "Washer form A M8 A4 4,000 £0.03 £120.00", []string{"0.03 GBP currency", "120.00 GBP currency"}},
		{"a cost centre's number", "Total: $5.00\nCould AP book it to cost center 4410? Thanks!", []string{"5.00 USD currency"}},
		// Found from outside (fortieth trial): an exchange rate in a card
		// statement's row is no sum; an instalment in thousands is.
		{"an exchange rate in a statement's column", "Date    Description                                  Amount £\n04 Feb  HOTEL SAN MARCO MILANO EUR 412.00 rate 1.1479       358.91", []string{"412.00 EUR currency", "358.91 GBP column"}},
		{"an instalment under its german label", "monatliche Rate: 1.250 €", []string{"1250.00 EUR currency"}},
		// Found from outside (forty-third trial): a licence's number after
		// "credit", a doctor's registration under his name, a price per
		// litre of three decimals, South Africa's spaced thousands with
		// their gaps flattened.
		{"a credit licence's number", "Coastline Bank Limited ABN 61 084 317 229 AFSL and Australian credit licence 238841.", []string{}},
		{"a doctor's name over his registration", "Dr Helen Price\nGP Partner, GMC 6104829", []string{}},
		{"a flattened header of capitalised words", "Date Description Price\n02 Oct Widgets 1,204.50", []string{"1204.50 column"}},
		{"a price per litre", "38,18 L x 1,899 €/L\nTOTALE EURO 72,50", []string{"1.90 EUR currency", "72.50 EUR currency"}},
		{"south african thousands in a flattened row", "SOUTH AFRICAN REVENUE SERVICE\nSource code Description Amount (R)\n3601 Income - taxable 612 480.00\nNormal tax 152 904.40", []string{"612480.00 ZAR label", "152904.40 ZAR label"}},
		{"a quantity and a price closed up elsewhere", "Widget 1 129.00", []string{}},
		// Found from outside (forty-fourth trial): the currency as the
		// sum's label; Québec's dollar after a decimal comma.
		{"the currency as the label", "Viitenumero / Referensnummer: 10 32170 44512\nEuro: 642,18", []string{"642.18 EUR currency"}},
		{"a quebec form's dollars", "Montant payé / Amount paid:   4 x 95,00 $ = 380,00 $", []string{"95.00 CAD currency", "380.00 CAD currency"}},
		// Found from outside (forty-fifth trial): an insured sum under
		// its header, which a single space joined to the next one's; a
		// Victorian claim's dollars; a Cape Town hospital's rand; a
		// Swedish payslip's crowns, its currency written nowhere.
		{"an insured sum under a joined header", "Sparte                          Versicherungssumme Beitrag netto      Versicherungsteuer\nHausratversicherung             65.000,00 €         312,60 €          59,39 €", []string{"312.60 EUR currency", "59.39 EUR currency"}},
		{"a sum insured in spanish", "Suma asegurada: $ 5,000,000.00", []string{}},
		{"a victorian claim's dollars", "Driver Licence no.: 14 882 301 (VIC)\nRepair quote from Coburg Smash Repairs: $4,860.00", []string{"4860.00 AUD currency"}},
		{"a cape town hospital's rand", "Main Road, Observatory, Cape Town 7925\nco-payment of R 1,500.00 paid on admission.", []string{"1500.00 ZAR currency"}},
		{"a swedish payslip's crowns", "LÖNESPECIFIKATION\nLönearter                        Antal     À-pris       Belopp\nBruttolön                                          40 640,00", []string{"40640.00 SEK column"}},
		// Found from outside (forty-sixth trial): a Hungarian law's
		// section, an exchange rate's two sides, an Austrian overdraft's
		// "Rahmen", a fee's band.
		{"a hungarian law's section", "ÁFA: tárgyi adómentes (Áfa tv. 85. § (1) c) pont)\nFizetendő: 148 500 Ft", []string{"148500.00 HUF currency"}},
		{"an exchange rate's two sides", "Total claimed (at 1 SGD = 27.25 THB)                     SGD 2,553.03", []string{"2553.03 SGD currency"}},
		{"a product is no rate", "Montant payé / Amount paid:   4 x 95,00 $ = 380,00 $", []string{"95.00 CAD currency", "380.00 CAD currency"}},
		{"an austrian overdraft's rahmen", "Verfügbarer Betrag: EUR 6.791,89 (inkl. Rahmen EUR 2.500,00)", []string{"6791.89 EUR currency"}},
		{"a fee's band", "Application for probate (estate over £5,000)           £300.00", []string{"300.00 GBP currency"}},
		{"a receipt's items OCR set apart, a capsule's dose", "GREENLEAF PHARMACY PTE LTD\nAmoxicillin 500mg cap x21 14.70\n\nLoratadine 10mg tab x10 8.90\n\nParacetamol 500mg tab x20 4.20\nSUBTOTAL 46.70", []string{"14.70 label", "8.90 label", "4.20 label", "46.70 label"}},
		// Found from outside (forty-ninth trial): a store's number before
		// a statement row's sums, a street's number.
		{"a store's number before a row's sums", "Date       Description                      Paid out  Balance\n23 Feb 26  CARD PAYMENT TESCO STORES 2231  62.67  5,928.36", []string{"62.67 column", "5928.36 column"}},
		{"an exchange rate after @", "26/10    RYANAIR DUBLIN (EUR 284.60 @ 1.1626)      244.80", []string{"284.60 EUR currency"}},
		{"a street's number", "Prepared by Redwood Tax & Accounting LLP · 401 Mission St, Suite 900, San Francisco", []string{}},
		// Found from outside (forty-eighth trial): an Italian statement's
		// Dare and Avere columns, a sum after its month, a count of cartons.
		{"an italian statement's dare and avere", "Data Valuta Descrizione Dare Avere\n03/10 03/10 Bonifico a Fonderia Bresciana SpA 12.300,00\n20/10 20/10 Stipendi ottobre 21.880,00", []string{"12300.00 column", "21880.00 column"}},
		// Found from outside (fiftieth trial): a Norwegian statement's
		// movements under "Ut av konto" and "Inn på konto", written
		// without a currency, and its rows' dates under "Dato".
		{"a norwegian statement's movements and dates", "KONTOUTSKRIFT\nDato    Forklaring                               Ut av konto   Inn på konto\n10.02   Overføring fra IT60 X054 (lønn jan.)                48 215,00\n12.02   Husleie Møhlenpris Eiendom AS          16 500,00", []string{"48215.00 column", "16500.00 column"}},
		// Found from outside (fifty-fourth trial): an Italian claim's
		// deductible and a Slovak contract's cover limit.
		{"an italian franchigia", "Franchigia contrattuale: € 1.000,00", []string{}},
		{"a slovak limit", "poistenie zodpovednosti s limitom plnenia najmenej 100 000 €", []string{}},
		// Found from outside (fifty-fifth trial): a card slip's
		// authorisation code, a Philippine tax form's number; a payee
		// whose name ends "AUTH" keeps its sums.
		{"a card's authorisation code", "TOTAL PAID  $1,155.00\nPAID Mastercard ************0440 Approved 09/11/2026 16:42 Auth 418822", []string{"1155.00 USD currency"}},
		{"a bir form's number", "Gross earnings          PHP 26,946.00\nWithholding tax (BIR 2307, 5%)      -PHP  1,347.30", []string{"26946.00 PHP currency", "1347.30 PHP currency"}},
		// Found from outside (fifty-fifth trial): charges a cover word
		// only qualifies were dropped as limits.
		{"an insurance waiver's charge", "Item                                            Days   Rate      Amount\nInsurance waiver (damage excess cover)          1      $45.00    $45.00", []string{"45.00 USD currency", "45.00 USD currency"}},
		{"a coverage day rate", "Description                         Days  Rate (NGN)    Amount (NGN)\nRunway coverage - day rate 2 180,000.00 360,000.00", []string{"180000.00 NGN column", "360000.00 NGN column"}},
		{"an insurance excess stays a limit", "Policy excess: $500.00", []string{}},
		// Found from outside (fifty-eighth trial): a cover's minimum whose
		// words a line's end parted.
		{"a minimum cover wrapped across lines", "Contractors engaged by the Hirer must hold public liability insurance of not less\nthan NZ$2,000,000 and provide a certificate on request.", []string{}},
		{"a fee on a wrapped line", "The Hirer shall pay the cleaning fee of\nNZ$350.00 on the day of the event.", []string{"350.00 NZD currency"}},
		// Found from outside (fifty-ninth trial): a price per litre, a
		// credit provider's registration.
		{"a fuel price per litre", "Super E10   58,42 l x 1,689 EUR/l   98,67 EUR\nSumme 98,67 EUR", []string{"98.67 EUR currency", "98.67 EUR currency"}},
		// Found from outside (ninety-third trial): a bank's branch code
		// after an account, where a settlement's sum could stand.
		{"a branch code after an account", "Total claimed: ZAR 66,749.00\nBank details for settlement: FNB cheque account 62841175530, branch 250655", []string{"66749.00 ZAR currency"}},
		{"a branch's total is money", "Branch total: ZAR 12,400.00", []string{"12400.00 ZAR currency"}},
		{"a credit provider's registration", "MOTORFIN VEHICLE FINANCE - a division of Highveld Bank Ltd\nReg. No. 1962/000738/06  Authorised financial services and credit provider NCRCP 4419\nMonthly instalment: ZAR 11,240.00", []string{"11240.00 ZAR currency"}},
		// Found from outside (sixty-second trial): a settlement of a city
		// in New Mexico read as pesos; a Mexican document's stay pesos.
		// Found from outside (sixty-third trial): an Ontario claim's
		// dollars by its province's or its insurance number's name.
		{"dollars by a social insurance number", "Social Insurance Number: 526 391 942\nUsual weekly earnings: $1,846.15", []string{"1846.15 CAD currency"}},
		{"dollars in ontario", "Home address: 55 Brimley Rd, Scarborough, Ontario\nUsual weekly earnings: $1,846.15", []string{"1846.15 CAD currency"}},
		// Found from outside (sixty-third trial): sums grouped in lakhs
		// with no currency are rupees; a taka in Bangladesh.
		{"lakhs without a currency", "Statement of Account\n01-10-2026 Opening Balance 1,84,302.55\n02-10-2026 NEFT-SALARY 2,41,880.00 4,26,182.55", []string{"184302.55 INR label", "241880.00 INR label", "426182.55 INR label"}},
		{"lakhs in dhaka", "Dhaka Main Branch\nOpening Balance 12,84,302.55", []string{"1284302.55 BDT label"}},
		{"thousands grouped alike are no lakhs", "Opening Balance 184,302.55", []string{"184302.55 label"}},
		{"a street named for a province", "Street address: 2214 NE Alberta St, Portland, OR 97211\nGross amount $48,211.50", []string{"48211.50 USD currency"}},
		{"dollars in new mexico", "the City of Las Cruces, New Mexico (\"City\") and Teresa M. Alvarez\n1. The City shall pay a settlement of $85,000.00.", []string{"85000.00 USD currency"}},
		{"pesos in mexico", "Guadalajara, Jalisco, México\nTotal: $85,000.00", []string{"85000.00 MXN currency"}},
		{"a payee named auth", "Date   Description                                     Deposits  Balance\nSep 02 Payroll deposit - SASK HEALTH AUTH                     2,875.40  9,288.27", []string{"2875.40 label", "9288.27 label"}},
		// Found from outside (fifty-fourth trial): a goods' tariff codes
		// under their column's header.
		{"a tariff code's column", "STT   Mô tả hàng hóa / Description              Mã HS     Số lượng / Qty   Đơn giá (USD)   Thành tiền (USD)\n1     Men's cotton shirts, woven, long sleeve   6205.20        4,800 pcs            6.85         32,880.00", []string{"6.85 USD column", "32880.00 USD column"}},
		// Found from outside (fifty-third trial): a solicitor's document
		// exchange box, a form's number.
		{"a document exchange box", "Harrow Finch LLP, 14 Dollar Street, Cirencester GL7 2AJ, DX 39512 Cirencester", []string{}},
		{"a form's number", "Prepared on OREA Form 100 — Agreement of Purchase and Sale", []string{}},
		// Found from outside (fiftieth trial): a Form 16's rupees under
		// its heading's "Rs." at the line's end.
		{"a heading's currency at its end", "Details of Salary Paid and any other income and tax deducted                    Rs.\n   (d) Total                                                              19,02,500", []string{"1902500.00 INR label"}},
		// Found from outside (fifty-first trial): a payslip's days paid, a
		// return's year, a VAT number after its country's code (a till
		// report's largest sum), an Indonesian statement's movements
		// under "Debet" and "Kredit".
		{"a payslip's days paid", "Date of Joining : 12-06-2021                Days Paid     : 31", []string{}},
		{"a return's year", "Ano dos rendimentos: 2024", []string{}},
		{"a vat number after its country", "EETCAFÉ DE SLUIS\nBTW NL 8561.44. 219.B01\nBTW 21% € 192,09", []string{"192.09 EUR currency"}},
		{"an indonesian statement's debet and kredit", "Tgl Keterangan Debet Kredit Saldo\n03/10 Penjualan gabah KUD 62.400.000 110.650.000\n07/10 Beli pupuk urea 18.750.000 91.900.000", []string{"62400000.00 column", "110650000.00 column", "18750000.00 column", "91900000.00 column"}},
		{"a count of cartons", "please find our credit note for the 1,200 cartons\nrejected at goods-in", []string{}},
		{"a day after its month", "Due: Oct 14, 2026", []string{}},
		{"a paragraph's number over a total is no item", "The meeting is at 14.30\n\nWe enclose our invoice.\nTotal 250.00", []string{"250.00 label"}},
		// Found from outside (forty-first trial): a company's "(Pty) Ltd",
		// a payslip's UIF, the roads agency's toll say South Africa.
		{"a payslip of a (pty) ltd in rand", "KAROO FRESH PRODUCE (PTY) LTD\nPAYSLIP - November 2025\n Basic salary            R 24 500.00\nNETT PAY: R 20 312.78", []string{"24500.00 ZAR currency", "20312.78 ZAR currency"}},
		{"a toll slip of sanral", "SANRAL N1 TOLL\nClass 1\nR 62.00", []string{"62.00 ZAR currency"}},
		{"an australian pty ltd is no rand", "ACME PTY LTD\nForm R 12\nTotal: 1,250.00", []string{"1250.00 label"}},
		{"an R elsewhere is no rand", "Form R 12 of 2024, row R 5\nTotal: 1,250.00", []string{"1250.00 label"}},
		{"a point after space groups elsewhere is a quantity and a price", "Item                                 Qty  Price\nLinen duvet cover               612 480.00", []string{"480.00 column"}},
		// Naira and pesos: codes the list did not have, and their signs.
		{"naira by its code", "Amount claimed: NGN 651,500", []string{"651500.00 NGN currency"}},
		{"naira written N", "Lagos, Nigeria\nWindscreen replacement      N185,000.00\nTowing  ₦12,500.00", []string{"185000.00 NGN currency", "12500.00 NGN currency"}},
		// Found from outside (eighty-fourth trial): a Nigerian firm known
		// by its .ng address alone.
		{"naira written N by a .ng firm", "Tel: 0803 412 7765 info@lagooncraftbrew.ng\nTotal claimed N 18,400,000.00", []string{"18400000.00 NGN currency"}},
		{"an N before a number elsewhere", "Total claimed N 18,400,000.00", []string{"18400000.00 label"}},
		{"ringgit", "LHDN Malaysia\nB3 Aggregate income RM 104,880.00", []string{"104880.00 MYR currency"}},
		{"an RM elsewhere is no ringgit", "Ward RM 12\nTotal: 80.00", []string{"80.00 label"}},
		{"an N elsewhere is no naira", "Row N 12\nTotal: 80.00", []string{"80.00 label"}},
		{"philippine pesos", "Subtotal (PHP)    212,600.00\nTOTAL PHP 238,112.00\nBalance ₱1,000.00", []string{"212600.00 PHP label", "238112.00 PHP currency", "1000.00 PHP currency"}},
		{"a code's letters in lower case are a word", "Blue pen 2.50 and php 8.2 manual", []string{}},
		{"a code's letters end a word", "3 SALADE CÉSAR  25,38\nTOTAL TTC  25,38 EUR", []string{"25.38 EUR label", "25.38 EUR currency"}}, // the item is money above its total (itemAboveTotal), no riyals
		{"a dollar's prefix glued to a word", "VISA$439.06", []string{"439.06 USD currency"}},
		// A Norwegian invoice's table as OCR flattened it: its columns
		// named in Norwegian, a space-grouped amount one number, and a
		// quantity closed up with its price told apart by the row's sum.
		{"a flattened norwegian table", "Beskrivelse Antall Pris Beløp\nUtskifting av sikringsskap (kurs 1-12) 1 14 800,00 14 800,00\nArbeid elektriker, timer 7 895,00 6 265,00",
			[]string{"14800.00 column", "14800.00 column", "895.00 column", "6265.00 column"}},
		// A French home-care invoice's row as OCR flattened it, its count
		// after a multiplication sign (hundred-and-second trial).
		{"a count after a multiplication sign", "Forfait Déplacements (IFD) x 42 115,50 €", []string{"115.50 EUR currency"}},
		{"a box's number is no multiplication sign", "Box 12 300,00 €", []string{"12300.00 EUR currency"}},
		{"a space-grouped price whose row is no product", "Antall Pris Beløp\nKabel 7 895,00 7 895,00", []string{"7895.00 column", "7895.00 column"}},
		// Thirty-fourth trial: a Polish PIT-37's income row and its boxes,
		// their numbers in brackets ("poz. 87") no money.
		{"a polish return's income row and boxes", "Źródła przychodów          Przychody     Koszty uzyskania   Dochód       Zaliczka pobrana\nWynagrodzenia ze stosunku pracy\n  poz. 26-29                84 200,00     3 000,00          81 200,00     4 998,00\n\nSkładki na ubezpieczenia społeczne (poz. 87)                          11 543,82\nNadpłata (poz. 127)                                                   239,28",
			[]string{"84200.00 column", "3000.00 column", "81200.00 column", "4998.00 column", "11543.82 label", "239.28 label"}},
		{"a mandate's number in a statement's narration", "Date        Narration                                   Withdrawal      Deposit        Balance\n03-02-2026  ACH DR-BAJAJ FINANCE LTD-EMI 4471882          18,433.00                 3,10,787.55\n05-02-2026  CARD Tesco Stores 3412                      62.17                     3,10,725.38",
			[]string{"18433.00 INR column", "310787.55 INR column", "62.17 INR column", "310725.38 INR column"}},
		{"a column's crowns in its header", "KVITTERING FOR INNBETALING\nBeløpet er mottatt med takk.\n\nGebyrtype                                   Beløp kr\nSaksbehandlingsgebyr, ett-trinns søknad    11 850,00\nSum betalt                                 11 850,00",
			[]string{"11850.00 NOK column", "11850.00 NOK label"}},
		// A Hungarian statement's forint rows as OCR flattened them: no
		// decimals, one space between the columns; a row whose spaced
		// thousands leave the columns in doubt is left out.
		{"forint rows under a flattened header", "Dátum Közlemény Összeg (Ft) Egyenleg (Ft)\n2026.02.05 Munkabér - MÁV-START Zrt. 512400 596515\n2026.02.10 Csoportos beszedés - E.ON áram -14380 378 393",
			[]string{"512400.00 HUF column", "596515.00 HUF column"}},
		{"a danish payslip's year to date", "Saldi år til dato:    AM-bidrag 5.882,40   A-skat 21.366,62   Feriepenge optjent 4,16 dage", []string{"5882.40 label", "21366.62 label"}},
		{"a year before a dash and what it dates", "Preliminär skatt 2024 – beslut\nDéclaration des revenus 2021 – formulaire n° 2042", []string{}},
		{"an order's line totals and totals under line", "  Qty  Item                           Unit (NZ$ excl GST)   Line\n  12   Kowhai House Blend, 1 kg               38.50          462.00\n\n  Subtotal excl GST                                         812.40\n  Total incl GST                                            934.26",
			[]string{"38.50 NZD column", "462.00 NZD column", "812.40 NZD label", "934.26 NZD label"}},
		{"an italian vat number's line and its address", "Gas Torino S.p.A.\nP.IVA 07123401015 - Corso Regina Margherita 55, 10124 Torino\nTOTALE DA PAGARE: € 186,40", []string{"186.40 EUR currency"}},
		{"sums whose pesos a sentence names", "Descripción   Cant.  Vr. unitario     Vr. total\nArroz blanco Diana x 25 kg   6   118.500   711.000\n\n                    TOTAL          4.035.600\n\nValores en pesos colombianos.", []string{"118500.00 COP column", "711000.00 COP column", "4035600.00 COP label"}},
		{"charges to date", "Nairobi\nTOTAL CHARGES TO DATE 184,350.00\nDate 12.03.2026", []string{"184350.00 label"}},
		{"a till's tender line names a masked card", "TOTAL           65.23\nVISA CREDIT ************6621           65.23\nDEBIT XXXX XXXX 4471      12.00",
			[]string{"65.23 label", "65.23 label", "12.00 label"}},
		{"a quantity and a priced unit price that OCR closed up", "Désignation Qté Prix unitaire Montant\nCH-ERG-40 Fauteuil ergonomique Ergo 40 4 412,00€ 1 648,00 €",
			[]string{"412.00 EUR currency", "1648.00 EUR currency"}},
		{"a speck read as a point before the currency", "Udskiftning af lås (faktura) - - 1.875,00. kr", []string{"1875.00 DKK currency"}},
		// Identifiers of eight digits or more (found from outside,
		// twenty-third trial): each was a document's largest amount.
		{"a vat number after a money word", "RCS Luxembourg B 184227 - TVA LU 27548193\nTotal TTC 4.206,62 EUR", []string{"4206.62 EUR currency"}},
		{"a tax number after its country", "A3 Income tax no.: SG 21456789010\nA4 Chargeable income 48,200.00", []string{"48200.00 label"}},
		{"a cheque's number in a statement row", "Date    Description                     Paid out      Balance\n07 NOV CHQ 100318                      2,150.00     45,124.35", []string{"2150.00 column", "45124.35 column"}},
		{"jamaican dollars", "Total claimed: J$5,040,000.00", []string{"5040000.00 JMD currency"}},
		{"amounts declared in a sentence", "All amounts in NZD\nClosing balance 18,240.55", []string{"18240.55 NZD label"}},
		{"a large sum written with its currency stays", "Total: EUR 12345678", []string{"12345678.00 EUR currency"}},
		// A T4 slip's boxes (found from outside).
		{"union dues and donations", "44 Union dues 912.00\n46 Charitable donations 250.00", []string{"912.00 label", "250.00 label"}},
		// Payment terms and a direct debit's payee.
		{"net payment terms", "Due date: December 18, 2026 (Net 30)\nTotal due: $1,240.00", []string{"1240.00 USD currency"}},
		{"a direct debit to an insurer", "Date    Description                     Paid out   Paid in   Balance\n02 Nov  DD Aviva Car Insurance             41.27              1,204.88", []string{"41.27 column", "1204.88 column"}},
		// Found from outside (twenty-fourth trial).
		{"a currency's code ending the label", "Sub total:   45,600,000\nTOTAL UGX:   45,600,000", []string{"45600000.00 UGX label", "45600000.00 UGX label"}},
		{"zambian kwacha", "Lusaka, Zambia\n3. RENT. K8,500.00 per month", []string{"8500.00 ZMW currency"}},
		{"a k elsewhere is no kwacha", "Grade K8,500.00", []string{}},
		{"a turkish till's stars", "Bambu kesme tahtası  2 x 189,90\n   *379,80\nTOPLAM  ₺379,80", []string{"189.90 TRY label", "379.80 TRY label", "379.80 TRY currency"}},
		{"a card's mask is no sum", "Kart: ************66.38", []string{}},
		{"a till's items above its total", "SOURDOUGH BLOOMER        2.80\nCARRIER BAG              0.10\n----------------------------\nBALANCE DUE              2.90", []string{"2.80 label", "0.10 label", "2.90 label"}},
		{"items parted from a total by a blank line", "SOURDOUGH BLOOMER        2.80\n\nBALANCE DUE              2.90", []string{"2.90 label"}},
		// Found from outside (twenty-fifth trial).
		{"a code ending the label far left", "I alt DKK" + strings.Repeat(" ", 50) + "24.772,50", []string{"24772.50 DKK label"}},
		{"ghana cedi", "3. RENT. GH¢ 3,500.00 per month", []string{"3500.00 GHS currency"}},
		{"a montréal dollar", "Montréal (Québec)\nTotal  22 167,18 $", []string{"22167.18 CAD currency"}},
		{"an argentine peso's thousands", "Buenos Aires\nEl alquiler mensual se fija en $ 650.000 (pesos seiscientos cincuenta mil)", []string{"650000.00 ARS currency"}},
		{"a fuel price's third decimal", "Unleaded  $2.879 /gal", []string{"2.88 USD currency"}},
		{"signed sums ending flattened rows", "Alter Kontostand EUR 3.418,22\n02.05. Gehalt Mai Bundesrechenzentrum GmbH +3.275,60\n05.05. Miete Mai Wiener Wohnen -812,44", []string{"3418.22 EUR currency", "3275.60 EUR label", "812.44 EUR label"}},
		{"a count restating its words", "El precio se ajustará cada seis (6) meses.", []string{}},
		{"an act's number", "Rent Act, 1963 (Act 220).", []string{}},
		{"401(k) deferrals", "12a  D   401(k) elective deferrals         2,787.70", []string{"2787.70 label"}},
		{"a till's items over a total alone on its line", "Translink day ticket 7.00\nIrwin's Nutty Krust 1.85 -\nTOTAL\n\nGBP 8.85", []string{"7.00 GBP label", "1.85 GBP label", "8.85 GBP currency"}},
		{"one garbled line among the items", "Kruh polubijeli 700 g 1,79\nMaslinovo ulje 0,5 1 a xX.9,99) Dek\nUKUPNO EUR 1,79", []string{"1.79 EUR label", "1.79 EUR currency"}},
		// Found from outside (twenty-sixth trial).
		{"a count before its noun", "A refundable key deposit of $150.00 is required for 2 fobs and 1 mailbox key.", []string{"150.00 USD currency"}},
		{"national insurance classes", "compute your income tax and Class 2 and 4 National Insurance", []string{}},
		{"a page's number", "TAX INVOICE Page 1 of 2", []string{}},
		{"payment days", "Pagamento a 30 dias por transferência bancária.", []string{}},
		{"a basque total", "Idiazabal gazta 250g 1 7,95\nGUZTIRA (EUR) 28,04", []string{"28.04 EUR label"}},
		{"a macedonian total in denars", "Р.бр.   Опис       Цена (ден.)   Износ (ден.)\n1  Цемент   7.450,00   447.000,00\nВКУПНО ЗА ПЛАЌАЊЕ:   834.260,00", []string{"7450.00 MKD column", "447000.00 MKD column", "834260.00 MKD label"}},
		{"a vietnamese total", "Tổng cộng tiền thanh toán:      48.510.000", []string{"48510000.00 label"}},
		{"the dong in words", "Tổng cộng: 48.510.000 đồng", []string{"48510000.00 VND currency"}},
		{"the dong's letter", "Tiền hàng 1.250.000đ\nThuế 125.000 ₫", []string{"1250000.00 VND currency", "125000.00 VND currency"}},
		{"a unit price after a number is no dong", "Số lượng 12 đơn vị", []string{}},
		{"a german police station's number is no sum", "Anzeige erstattet bei Polizeirevier 9291066", []string{}},
		{"a vat rate under a flat header", "Moms% Moms Netto Brutto\n12,00 23,57 196,58 220,15", []string{"23.57 column", "196.58 column", "220.15 column"}},
		{"a vat rate column", "VAT %   VAT    Net     Gross\n20.00   3.33   16.67   20.00", []string{"3.33 column", "16.67 column", "20.00 column"}},
		{"the vat at a rate is a sum", "VAT 20%   3.33", []string{"3.33 label"}},
		// Words in any script: Go's \b knows only ASCII letters.
		{"a finnish total under its items", "Ruisleipä 2,19\nMaito 1,29\nYhteensä 3,48", []string{"2.19 label", "1.29 label", "3.48 label"}},
		{"a french total under its items", "Tomates 4,56\nCafé moulu 10,39\nÀ PAYER 14,95", []string{"4.56 label", "10.39 label", "14.95 label"}},
		{"a norwegian total due", "Å betale 1 250,00", []string{"1250.00 label"}},
		{"a member's number is no rent", "N° adhérent              373875", []string{}},
		// Found from outside (twenty-seventh trial).
		{"a t4's boxes flattened", "14 Employment income 22 Income tax deducted\n\n| 68450.00 | { 11203.44 ]\n16 Employee's CPP contributions 164 Employee's second CPP contributions\n\n| 3867.50 | [188.00 <", []string{"68450.00 column", "11203.44 column", "3867.50 column", "188.00 column"}},
		{"a deposit guarantee per person", "Het tegoed op deze rekening valt onder het depositogarantiestelsel tot € 100.000 per persoon.", []string{}},
		{"white cells per cubic millimetre", "Total WBC (/cumm)                     3,400                  2,900", []string{}},
		{"a statement's row paying an insurer", "Date       Transaction Details                                  Debit            Credit        Balance\n18-Sep     POS PURCHASE TOTAL LIGUANEA                               8,100.00                         82,203.85\n19-Sep     INSURANCE PREM GUARDIAN LIFE                             11,845.00                         70,358.85", []string{"8100.00 label", "82203.85 label", "11845.00 column", "70358.85 column"}},
		// Found from outside (eighty-second and -third trials): limits and
		// deductibles in Polish, Lithuanian, French, Portuguese and
		// Finnish; a franchisee's fee is a sum.
		{"a polish deposit guarantee", "Środki zgromadzone na rachunku są objęte ochroną Bankowego Funduszu Gwarancyjnego\ndo równowartości w złotych 100 000 euro.", []string{}},
		{"a lithuanian liability cap", "Vykdytojo atsakomybė už sugadintus ar prarastus daiktus ribojama\n2 000 EUR per kalendorinį mėnesį.", []string{}},
		{"a french natural disaster deductible", "franchise légale catastrophe naturelle 1 140 €.", []string{}},
		{"a brazilian minimum sum insured", "com importância segurada mínima de\nR$ 285.000,00, tendo a LOCADORA como beneficiária.", []string{}},
		{"a finnish deductible", "Omavastuu vakuutusehtojen mukaan 500 €,", []string{}},
		{"a franchisee's fee", "Franchise fee for October: 1 140 €", []string{"1140.00 EUR currency"}},
		// Found from outside (eighty-fourth and -fifth trials).
		{"an indian statutory ceiling", "to the statutory ceiling of Rs. 20,00,000.", []string{}},
		{"a swedish purchase commitment", "Distributören åtar sig att under varje avtalsår köpa produkter för minst 1 200 000 kronor", []string{}},
		{"a swedish liability cap", "Vardera partens ansvar för skada enligt detta avtal är begränsat till högst 500 000 kronor", []string{}},
		{"an italian card's credit line", "Fido mensile della carta: 5.000,00 EUR Disponibilità residua: 3.053,65 EUR", []string{}},
		{"a swiss bonus step", "Abnahmepflicht. Ab einem Jahresvolumen von CHF 600'000 gewährt die Lieferantin", []string{}},
		{"a dog named fido", "Toelettatura Fido 45,00 EUR", []string{"45.00 EUR currency"}},
		// Found from outside (eighty-second trial): a W-2 as its text
		// layer lays it out, the values under their boxes' columns, an SSN
		// under the lettered box a reading as three numbers.
		{"a w-2's boxes over their values", "a  Employee's social security number          1 Wages, tips, other compensation                      2   Federal income tax withheld\n   529-18-4073                                    68,412.50                                              7,904.18", []string{"68412.50 column", "7904.18 column"}},
		// Found from outside (twenty-eighth trial).
		{"a member's number in a page footer", "Total withdrawals 2,706.93    Total deposits 5,750.80PRAIRIE MAPLE CREDIT UNION - Member 4418207               Page 2 of 2", []string{"2706.93 label"}},
		{"mobile money counterparties", "Business Payment from 174379 - EQUITY BANK Salary Aug        Completed   85,000.00\nMerchant Payment to 522533 - NAIVAS WESTLANDS   Completed   -6,842.00\nCustomer Withdrawal at Agent Till 300871 - MAMA NJERI SHOP   Completed   -5,000.00", []string{"6842.00 label", "5000.00 label"}},
		{"a card's last four after the total", "TOTAL NZD                              63.97\nEFTPOS                                 63.97\nCard: DEBIT  **** **** **** 5512   (contactless)", []string{"63.97 NZD currency"}},
		{"a cargo's weight", "Gross weight                 25,440 KGS     58.2 CBM", []string{}},
		{"a south african municipality's rand", "PO Box 440, Pretoria, 0001    customercare@tshwane.gov.za\nMunicipal valuation: R 1 850 000\nBalance brought forward R 4,371.25", []string{"1850000.00 ZAR currency", "4371.25 ZAR currency"}},
		{"a flat heading's codes under the rows' own labels", "EMPLOYEES TAX DEDUCTIONS AND REASON CODES\n4102  PAYE                                                  88,614.00\n4141  UIF contributions (employee and employer)              4,250.88", []string{"88614.00 label", "4250.88 label"}},
		{"euros in finnish", "Tilikauden tulos oli 4 318,22 euroa ylijäämäinen.", []string{"4318.22 EUR currency"}},
		// Found from outside (twenty-ninth trial).
		{"west african francs", "FACTURE N° 2024/061\nDakar, le 9 mai 2024\nTOTAL 155 500 FCFA", []string{"155500.00 XOF currency"}},
		{"central african francs", "Tribunal de Première Instance de Douala\nmontant de 2 340 000 FCFA", []string{"2340000.00 XAF currency"}},
		{"a lahore order's rupees under a flat header", "AL-NOOR TEXTILE TRADERS, Lahore\nItem Qty (m) Rate (Rs/m) Amount (Rs)\nLawn printed 60\" (3 designs) 1,500 385 577,500\nGross total 1,121,500", []string{"577500.00 PKR column", "1121500.00 PKR label"}},
		{"a chilean form's pesos by its rut", "RUT contribuyente: 16.482.937-5\nCódigo Concepto Monto ($)\nTotal a pagar $ 412.680", []string{"412680.00 CLP currency"}},
		{"moroccan dirhams", "Estimation des dommages : 18 600,00 DH (dont 11 200,00 DH chez le tiers)", []string{"18600.00 MAD currency", "11200.00 MAD currency"}},
		{"a sum closed by /-", "I request an advance of Rs. 60,000/- (Rupees Sixty Thousand only).", []string{"60000.00 INR currency"}},
		{"a kitchen's ceiling is no cap", "- Kitchen ceiling re-board and plaster (quote): £1,420.00", []string{"1420.00 GBP currency"}},
		{"crowns in words", "Skatteoppgjøret ditt\nDu får 4 812 kroner tilbake. Beløpet betales ut.", []string{"4812.00 NOK currency"}},
		// Limit words are whole words in any script: `\b` after the é
		// of "autorisé" had never matched. And in other languages: a
		// deductible, an overdraft's limit.
		{"an authorised overdraft in french", "Découvert autorisé : 1 500,00 €", []string{}},
		{"a spanish deductible", "Franquicia              50,00 €", []string{}},
		{"a brazilian overdraft limit", "Limite da conta (cheque especial): R$ 5.000,00", []string{}},
		{"a german deductible", "Selbstbeteiligung: 300,00 EUR", []string{}},
		// Found from outside (sixty-third trial): an overdraft's
		// authorisation in French, a Portuguese policy's covers listed in
		// a claim, a 1099 box's threshold.
		{"a french overdraft's authorisation", "Autorisation de découvert : 800,00 €. Taux débiteur 15,60 %.", []string{}},
		{"a portuguese policy's covers", "Coberturas contratadas: Capital do edifício 180.000,00 €\nReparação de teto e pintura 1.650,00 €", []string{"1650.00 EUR currency"}},
		{"a box's threshold", "Payer made direct sales totaling $5,000 or more of consumer products", []string{}},
		// Found from outside (sixty-fourth trial): a Danish deposit
		// guarantee, a penalty's bound, an insurance's minimum, Polish
		// and Romanian penalty caps, a Danish drawing right.
		{"a danish deposit guarantee", "Indestående er dækket af Garantiformuen op til et beløb svarende til 100.000 euro.", []string{}},
		{"a penalty that exceeds", "the maximum penalty for a Category 1 offence by a body corporate exceeds $3,000,000.", []string{}},
		{"an insurance's minimum in spanish", "un seguro de responsabilidad civil con un capital asegurado mínimo de 600.000 euros por siniestro", []string{}},
		{"a polish penalty cap", "łącznie nie więcej niż 5 000,00 zł.", []string{}},
		{"a romanian penalty cap", "din valoarea lunară, fără a depăși 5.000 lei.", []string{}},
		{"a danish drawing right", "Aftalt trækningsret (kassekredit): 50.000,00 kr.", []string{}},
		{"interest on an overdraft is a charge", "Renter af kassekredit 1.234,00 kr", []string{"1234.00 DKK currency"}},
		// Found from outside (sixty-third and sixty-fourth trials): a
		// German wage tax certificate's rows, their cents in a column of
		// their own; a tax office's number.
		{"a wage tax certificate's rows", "EUR\n4. Einbehaltene Lohnsteuer von 3. 12.917,00\n6. Einbehaltene Kirchensteuer des Arbeitnehmers von 3. 1.162,53", []string{"12917.00 EUR label", "1162.53 EUR label"}},
		{"cents in a column of their own", "                                                                      EUR     Ct\n 3. Bruttoarbeitslohn einschl. Sachbezüge                         64.812     00\n 4. Einbehaltene Lohnsteuer von 3.                                11.204     00\n 6. Einbehaltene Kirchensteuer des Arbeitnehmers von 3.              672     32", []string{"64812.00 EUR label", "11204.00 EUR label", "672.32 EUR label"}},
		{"a tax office's number", "Finanzamt, an das die Lohnsteuer abgeführt wurde: Bremen (Nummer 2457)", []string{}},
		// Found from outside (sixty-fifth trial): limits in German,
		// Czech, Polish, Estonian, French and Portuguese.
		{"a lease's cover of at least", "Der Mieter schliesst eine Haftpflichtversicherung über mindestens CHF 5'000'000.00 ab.", []string{}},
		{"a czech overdraft and deposit insurance", "Sjednaný kontokorent (povolené přečerpání): 30 000,00 CZK\nVklady jsou pojištěny do výše 100 000 EUR na jednoho klienta.", []string{}},
		{"a polish sum insured and own share", "Suma ubezpieczenia mienia ruchomego: 80 000,00 zł; udział własny: 300,00 zł.", []string{}},
		{"an estonian cap", "kokku mitte rohkem kui 240 eurot.", []string{}},
		{"a french deductible", "Franchise contractuelle : 250,00 EUR (non applicable si le tiers est responsable).", []string{}},
		{"a portuguese overdraft beside a balance", "Saldo disponível: 3.942,45 EUR Descoberto autorizado: 500,00 EUR", []string{"3942.45 EUR currency"}},
		// Found from outside (sixty-sixth trial): a Romanian sum insured
		// and deductible, a Norwegian one, a Swedish credit line.
		{"a romanian sum insured", "Suma asigurată pentru clădire: 350.000 lei; fransiza: 500 lei.", []string{}},
		{"a norwegian sum insured and deductible", "Forsikringssum reisegods: 30 000 NOK. Egenandel: 1 000 NOK.", []string{}},
		{"a swedish credit line", "Beviljad kredit: 20 000,00 kr", []string{}},
		{"more after the sentence is a sum", "We paid $5,000. More will follow.", []string{"5000.00 USD currency"}},
		{"a ceiling painted is no cap in french either", "Plafonnage et peinture plafond cuisine           1.980,00 EUR", []string{"1980.00 EUR currency"}},
		// A loyalty scheme's points are no money (found from outside,
		// twenty-ninth trial); a point of sale is a statement's row.
		{"a points balance", "Points balance: 1,250", []string{}},
		{"points after a balance", "Rewards points earned 120\nBalance: 4,380 pts", []string{}},
		{"a point of sale's row", "Date   Description                              Withdrawals   Deposits   Balance\nSep 26 Point of sale - CO-OP GAS BAR                   68.91            9,468.69", []string{"68.91 column", "9468.69 column"}},
		// Found from outside (thirtieth trial): a Hungarian return's
		// sums under "Összeg (Ft)", its date and its 1+1% after a tax
		// word; a Danish return's column in "(kr.)".
		{"forints under their column's heading", "Sor   Megnevezés                                         Összeg (Ft)\n1.    Bérjövedelem (munkáltató: Szegedi Tudományegyetem)   7 842 000\n25.   Befizetendő különbözet                                 24 300", []string{"7842000.00 HUF label", "24300.00 HUF label"}},
		{"a hungarian date and a tax's shares", "Rendelkezés az adó 1+1%-áról: Magyar Vöröskereszt\nA befizetés határideje: 2026. május 20.", []string{}},
		{"crowns under their column's heading", "Rubrik                         Beløb (kr.)\nSalgsmoms                        184.250,00\nKøbsmoms                          96.430,50\nBeløbet betales af virksomheden", []string{"184250.00 DKK column", "96430.50 DKK column"}},
		// Found from outside (thirtieth trial): "up to" bounds the hours,
		// not the fee; a benefit's budget is a sum; a page's end ends a
		// line ("of base salary.\f5. PENSION" is no salary of 5).
		{"a bound on another number", "Changes allowed up to 24 hours before departure for a fee of J$500.00.", []string{"500.00 JMD currency"}},
		{"a budget named by a benefit", "The wind farm community benefit budget for 2027 is\n   £14,200.00; applications close 31 January 2027.", []string{"14200.00 GBP currency"}},
		{"a clause's number after a page break", "4.2 The Employee is eligible for a bonus of 10% of base salary.\f5. PENSION\n5.1 The Employer pays € 250.00 monthly.", []string{"250.00 EUR currency"}},
		{"a statement's row before a page break", "Datum Opis Iznos Stanje\n06.10.2026 Karticom BIEDRONKA -143,88 10 091,34\fStrana 2", []string{"143.88 column", "10091.34 column"}},
		// Found from outside (thirtieth trial): a statement's dates as
		// Central Europe writes them, day and month and a point; a
		// mobile-money agent's number.
		{"a statement's day and month", "Datum       Opis                               Isplata        Uplata       Stanje (EUR)\n12.10.      Vodoopskrba i odvodnja           23,18                       3.938,17", []string{"23.18 EUR column", "3938.17 EUR column"}},
		{"a price at a sentence's end is no date", "The fee is € 12.10.", []string{"12.10 EUR currency"}},
		{"a mobile-money agent", "Withdrawal at Agent 104522 - QUICKMART WESTLANDS                          6,000.00  10,925.50", []string{"6000.00 label", "10925.50 label"}},
		// Found from outside (thirtieth trial): a municipal bill's summary
		// under a heading ending in its currency; a Finnish statement's
		// opening and closing balances.
		{"charges under a heading's currency", "PO Box 440, Krugersdorp    accounts@mogalehills.gov.za\nACCOUNT SUMMARY R\nPrevious balance 3,902.11\nWater 612.30\nRefuse removal 215.50", []string{"3902.11 ZAR label", "612.30 ZAR column", "215.50 ZAR column"}},
		{"finnish balances", "Kirjauspaiva Selite Maara EUR\n01.10. Alkusaldo 1 204,18\n31.10. Loppusaldo 2 934,51", []string{"1204.18 EUR label", "2934.51 EUR label"}},
		// Four decimal places: a unit price, a tariff (found from
		// outside); a thousands group has three.
		{"a unit price of four decimals", "1,200 EA @ $0.4375                          $525.00", []string{"0.44 USD currency", "525.00 USD currency"}},
		{"a tariff of four decimals", "Electricity - block 1 (0-100 kWh) 100 kWh @ R2.6354                 263.54\nMunicipal account, Pretoria, tshwane.gov.za", []string{"2.64 ZAR currency"}},
		{"thousands are groups of three", "Total: 1.234.567 EUR", []string{"1234567.00 EUR currency"}},
		{"four places before a point that ends the text", "Total 1.2345.", []string{"1.23 label"}},
		// Found from outside (thirty-first trial): a rate per day; a
		// card's last four after "ending in".
		{"a rate per day", "Hire car required: yes, est. 7 days at £42.00/day", []string{"42.00 GBP currency"}},
		{"a card ending in four digits", "Order total: $182.40\nPaid with Visa ending in 4417", []string{"182.40 USD currency"}},
		{"a date after a slash is no rate", "Valid 12/2026", []string{}},
		// Found from outside (thirty-first trial): a payslip's "Year to
		// date" column was a column of dates' numbers.
		{"a payslip's year to date", "PAYMENTS                    This period        Year to date\nBasic salary                 3,541.67          28,333.36\nGross pay                    3,707.42          29,945.36", []string{"3541.67 label", "28333.36 label", "3707.42 label", "29945.36 label"}},
		{"taxable pay ytd", "Taxable pay YTD                                     28,448.09", []string{"28448.09 label"}},
		// Found from outside (thirty-first trial): a form's box in square
		// brackets, an article's number.
		{"a form's box in brackets", "Total cuota devengada   [27]                                        3.112,20", []string{"3112.20 label"}},
		{"an article's number", "TVA non applicable, art. 293 B du CGI.", []string{}},
		// Found from outside (eighty-seventh and -eighth trials): a
		// scanned contract's "KES." and its value; a Bangladeshi
		// quotation's columns headed "(Tk)"; an Italian Certificazione
		// Unica's rows, their sums without a currency, and its running
		// head's year; limits: deposits protected "up to a" total across
		// a line break, a French lease's cover "au moins égal à", a
		// Spanish claim's sums insured.
		{"a code and a point", "The estimated contract value for the first twelve months is\nKES. 2,640,000 exclusive of VAT.", []string{"2640000.00 KES currency"}},
		{"taka over a column", "Sl Item Qty Unit price (Tk) Total (Tk)\n1 Insulated container 4 78,500 3,14,000", []string{"78500.00 BDT column", "314000.00 BDT column"}},
		{"an italian certificazione unica's rows", "Modello 730/2026 redditi 2025\n1   Redditi per i quali è possibile fruire della detrazione      31.450,00\n21 Ritenute IRPEF                                              6.284,00", []string{"31450.00 label", "6284.00 label"}},
		{"deposits protected up to a total across a break", "Your eligible deposits are protected up to a\ntotal of £85,000 by the Financial Services Compensation Scheme.", []string{}},
		{"a french cover of at least", "les risques locatifs, pour un montant de garantie au moins égal à\n1 500 000 €, et justifiera de cette assurance.", []string{}},
		{"spanish sums insured", "Capitales asegurados según póliza: contenido 60.000 €; dinero en caja hasta\n1.500 €. Franquicia general: 300 € por siniestro.", []string{}},
		// Found from outside (eighty-ninth and ninetieth trials): the
		// year a form's or a notice's title names; a Dutch card's
		// spending limit, a Swiss contract's guaranteed minimum volume, a
		// Belgian order's free-shipping threshold, a T4's note of the
		// year's maximum across a line break.
		{"a form's year on its title line", "Form 1099-NEC                    Nonemployee Compensation               2025\nPAYER'S name: Northside Cycles LLC", []string{}},
		{"a notice's year on its title line", "AVIS D'IMPÔT 2025\nTAXE FONCIÈRE\nMontant total à payer 1 284 €", []string{"1284.00 EUR currency"}},
		// Found from outside (ninety-fifth trial): the title under its
		// issuer's line and a blank one.
		{"a notice's year under its issuer", "DIRECTION GÉNÉRALE DES FINANCES PUBLIQUES\n\nAVIS D'IMPÔT 2026 SUR LES REVENUS DE L'ANNÉE 2025\n\nMontant total à payer 1 284 €", []string{"1284.00 EUR currency"}},
		{"a total's field on a first line stays a sum", "Total: 2021", []string{"2021.00 label"}},
		{"a dutch spending limit", "Bestedingslimiet                                € 15.000,00\nNieuw saldo € 2.118,40", []string{"2118.40 EUR currency"}},
		{"a guaranteed minimum volume", "3.2 Die Auftraggeberin sichert ein Mindestauftragsvolumen von CHF 18'000.- pro Kalenderjahr zu.", []string{}},
		{"a free-shipping threshold", "Conditions : paiement à 60 jours fin de mois ; franco de port à partir de 2 500 € HTVA.", []string{}},
		{"the maximum across a break", "Information: the 2024 maximum pensionable earnings were $68,500 and the maximum\ninsurable earnings $63,200. Keep this slip for your records.", []string{}},
		// Found from outside (ninety-first trial): a Finnish claim's
		// maximum compensation, a French cap, a Brazilian liability's limit.
		{"a finnish maximum compensation", "Omavastuu vakuutusehtojen mukaan 500 €. Keskeytysvakuutuksen enimmäiskorvaus 20 000 €.", []string{}},
		{"a french cap", "la garantie perte\nd'exploitation est plafonnée à 30 000 €.", []string{}},
		{"a brazilian limit", "a responsabilidade total da CONTRATADA por perdas e danos fica\nlimitada ao valor de R$ 50.000,00, salvo em caso de dolo.", []string{}},
		// Found from outside (hundred-and-seventeenth trial): cents in a
		// column of their own; a yen sign after the sum; a whole sum's
		// dash before its currency; yen in words.
		{"cents after a space before their comma", "TOTAL FACTURA                    10.000 ,46 €", []string{"10000.46 EUR currency"}},
		{"a list's comma and space stay apart", "Posiciones 12 ,34 y 56", []string{}},
		{"a yen sign after the sum", "ご請求金額                                    2,151,600円", []string{"2151600.00 JPY currency"}},
		{"a whole sum's dash before its crowns", "Celkem k úhradě: 1.512.500,- Kč", []string{"1512500.00 CZK currency"}},
		{"a whole sum's dash before its code", "Do zapłaty: 48.950,- PLN", []string{"48950.00 PLN currency"}},
		{"yen in words", "Total amount due: 2,960,000 yen", []string{"2960000.00 JPY currency"}},
		// Found from outside (hundred-and-eighteenth trial): a scanned
		// Dutch VAT return, its columns closed up by OCR.
		{"a dutch vat return's rubrics", "Rubriek 1: Prestaties binnenland Omzet Omzetbelasting\nla Leveringen/diensten hoog tarief 84.320 17.707\n\nRubriek 5: Voorbelasting\n\n5b Voorbelasting 9.884\n\n5g Totaal te betalen 8.376", []string{"84320.00 label", "17707.00 label", "9884.00 label", "8376.00 label"}},
		// Found from outside (hundred-and-nineteenth trial): a Polish
		// statement's header over a line of units, "Kwota (zł)"; a
		// Hungarian total whose first space OCR lost.
		{"a header of units in parentheses", "Data Opis operacji Obciążenia Uznania Saldo\nKwota (zł) Kwota (zł) Kwota (zł)\n01.10.2026 Saldo początkowe 28 410,00\n04.10.2026 Zapłata za mleko - dostawcy 9 870,50 18 539,50", []string{"28410.00 PLN label", "9870.50 PLN column", "18539.50 PLN column"}},
		// Found from outside (hundred-and-twenty-first trial): a French
		// tax notice, its euros whole and spaced, no sign written.
		{"a french notice's whole euros", "AVIS D'IMPÔT 2026 SUR LES REVENUS DE 2025\n\nDéclarant 1 : M. Julien Moreau\n\nDétail Montant\nSalaires déclarés (coursier à vélo) 27 012\nRevenu brut global 24 310\n\nTotal à payer 1 284", []string{"27012.00 label", "24310.00 label", "1284.00 label"}},
		{"a declarant's and a form's number", "Salaires et assimilés déclarant 1 | 41 820 €\nCertificat de salaire Formular 11", []string{"41820.00 EUR currency"}},
		{"a hungarian credit line", "Hitelkeret: 10 000 000 Ft\nZáró egyenleg: 1 430 000 Ft", []string{"1430000.00 HUF currency"}},
		// Found from outside (hundred-and-twenty-sixth trial): a firm's
		// name ("Rent-a-Car") before its address made its house number
		// and postcode sums.
		{"a house number and a postcode after a money word", "Tussen:\nRent-a-Car Vlaanderen NV, Kortrijksesteenweg 1120, 9051 Gent,\nHuurprijs: € 8.940,00", []string{"8940.00 EUR currency"}},
		{"a rent's sum after a street word that is none", "Rent via bank transfer 2.500,00", []string{"2500.00 label"}},
		{"a croatian bank guarantee's cap", "Zakupnina: 7.440,00 EUR\nČlanak 3. Zakupoprimatelj daje bankovnu garanciju do iznosa od 30.000,00 EUR. Ugovorna kazna iznosi najviše 15.000,00 EUR.", []string{"7440.00 EUR currency"}},
		{"a slovak budget cap and liability cover", "Rozpočet projektu je obmedzený na maximálne 200 000 EUR; poistné krytie zodpovednosti do 1 000 000 EUR.", []string{}},
		{"a greek sum insured in latin letters", "Asfalisteo kefalaio: 3.000.000,00 EUR\nPosó apozimíosis: 13.750,00 EUR", []string{"13750.00 EUR currency"}},
		{"a dutch penalty's cap", "Huur: € 2.450,00 per maand.\nArtikel 4. Bij te late betaling is een boete verschuldigd van ten hoogste € 25.000.", []string{"2450.00 EUR currency"}},
		{"a norwegian penalty's cap", "Leie: kr 9 850,00\n3. Ved mislighold betales konvensjonalbot, begrenset til maksimalt kr 500 000.", []string{"9850.00 currency"}},
		{"a polish liability cover's guaranteed sum", "§ 2. Wynagrodzenie ryczałtowe wynosi 39 500,00 zł brutto.\n§ 3. Płatność nastąpi przelewem na rachunek PL56 2490 2000 0121 0023 4567 8901.\n§ 4. Wykonawca posiada ubezpieczenie OC z sumą gwarancyjną 1 000 000 zł.", []string{"39500.00 PLN currency"}},
		{"a romanian overdraft's limit", "Limită descoperire de cont: 50.000,00 RON\nSold final: 7.380,00 RON", []string{"7380.00 RON currency"}},
		{"a sum's first space lost", "Fizetendő összesen 4150 000 Ft", []string{"4150000.00 HUF currency"}},
		{"a quantity beside a price is no lost space", "Tejföl 1200 325 Ft 390 000 Ft", []string{"390000.00 HUF currency"}},
		// Found from outside (hundred-and-fifteenth trial): scans whose
		// gaps OCR closed up. A P60's pay for the year, and a certificate's
		// income with an aside between its label and its sum.
		{"a total for the year", "Pay and Income Tax details Pay £ Tax deducted £\nIn previous employment(s) 0.00 0.00\n\nTotal for year 48,600.00 7,206.00", []string{"0.00 GBP column", "48600.00 GBP label", "7206.00 GBP label"}},
		{"a tax for the year stays a year", "Tax for year 2025", []string{}},
		{"an aside between a label and its sum", "DATI FISCALI\n\n1 Redditi di lavoro dipendente (tempo determinato) 21.684,00\n\n21 Ritenute IRPEF 3.802,57", []string{"21684.00 label", "3802.57 label"}},
		{"an aside with too many words after it", "We charge a fee (see below) and the rest will be invoiced later at 1,250.00", []string{}},
		{"a slovak return's labels over their sums", "39 - Daň (19 %)\n2 905,74\n36 - Základ dane z príjmov zo závislej činnosti (r. 34 - r. 35)\n20 939,88", []string{"2905.74 label_above", "20939.88 label_above"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := amountsIn(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Amounts(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// Found from outside (fourth trial): "kr" and "kr." are Danish, Swedish
// or Norwegian crowns: the document says which, by a code or its words,
// or the amount has no code.
func TestKronaCurrency(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"danish claim", "Skadeanmeldelse\nBeløbet udbetales til kontoen.\nI alt       20.848 kr.", []string{"20848.00 DKK currency"}},
		{"code named elsewhere", "Faktura\nI alt: 20.848 kr.\nBeløb i DKK", []string{"20848.00 DKK currency"}},
		{"code named elsewhere, swedish", "Att betala: 1 250 kr\nAlla belopp i SEK", []string{"1250.00 SEK currency"}},
		{"swedish words", "Att betala: 1 250 kr\nBeloppet ska betalas", []string{"1250.00 SEK currency"}},
		{"norwegian words", "Beløp å betale 1 250 kr\nmva 25%", []string{"1250.00 NOK currency"}},
		{"undecidable", "Totalt 1 250 kr", []string{"1250.00 currency"}},
		// Found from outside (sixteenth trial): Icelandic krónur, told by
		// the letters only Icelandic writes.
		{"icelandic receipt", "Vélaverkstæði Árna ehf.\nSamtals greitt                    40.730 kr.\nTakk fyrir viðskiptin!", []string{"40730.00 ISK currency"}},
		{"two codes named", "Totalt 1 250 kr\nDKK eller SEK", []string{"1250.00 currency"}},
		// Found from outside (thirtieth trial): an Icelandic lease read
		// with Danish, its ð and þ lost, its "af" Danish's too; its
		// kennitala and .is address say whose krónur.
		{"icelandic without its letters", "Leigusali: Gudrun Sigurdardåttir\nkt. 120672-4289\nNetfang: jonthor.einarsson@simnet.is\nTrygging: 855.000 kr. (priggja manada leiga)\nHissjddur: 18.500 kr. 4 manudi, greiddur af leigjanda.", []string{"855000.00 ISK currency", "18500.00 ISK currency"}},
		{"a danish invoice for a trip to reykjavik", "Rejse til Reykjavik, 3 nætter\nBeløbet betales af kunden\nI alt 12.400 kr.", []string{"12400.00 DKK currency"}},

		// Named in words that start with an accented letter, which \b
		// does not know.
		{"icelandic krónur named", "Samtals 40.730 kr.\nGreitt í íslenskar krónur", []string{"40730.00 ISK currency"}},
		// Found from outside (twenty-second trial): a Swedish return
		// whose "av" is Norwegian too; ä and ö are Swedish only.
		{"swedish letters", "Inkomster av tjänst\nPreliminär skatt som dragits av: 129 870 kr", []string{"129870.00 SEK currency"}},
		// Found from outside (fifth trial): a total's code aligned far
		// left of its amount.
		{"code far left of the amount", "                    I alt DKK              44.262,50\n", []string{"44262.50 DKK currency"}},
		// Further, the code is no longer the number's but still its
		// label's (found from outside, twenty-fifth trial: a Danish
		// order's "I alt DKK" far left of its total).
		{"code too far left of the amount", "I alt DKK" + strings.Repeat(" ", 41) + "44.262,50\n", []string{"44262.50 DKK label"}},
		// Found from outside (thirty-first trial): a claim's purchase
		// years before prices written with their currency first; the
		// euro is the price's, not the year's.
		{"a year before a price", "Nr Omschrijving Aankoopjaar Aankoopprijs Geclaimd\n1 Laminaatvloer woonkamer 2021 € 2.350,00 € 1.880,00", []string{"2350.00 EUR currency", "1880.00 EUR currency"}},
		{"a sum before its currency", "Totaal 2021 €\nBetaald 1.880,00 €", []string{"2021.00 EUR currency", "1880.00 EUR currency"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := amountsIn(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Amounts(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// Found from outside (fourth trial): OCR put a space after a decimal
// comma. Beside a currency, a point-grouped number, ", " and two digits
// are one amount; a list stays a list.
func TestSpacedDecimalComma(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"code before", "I alt DKK 12.853, 13", []string{"12853.13 DKK currency"}},
		{"currency after", "Summe 12.853, 13 EUR", []string{"12853.13 EUR currency"}},
		{"words after", "I alt DKK 12.853, 13 inkl. moms", []string{"12853.13 DKK currency"}},
		{"no currency", "I alt 12.853, 13", []string{"12853.00 label", "13.00 label"}},
		{"list of small numbers", "Total EUR 12, 13", []string{"12.00 EUR currency", "13.00 EUR label"}},
		{"list of grouped numbers", "DKK 1.234, 5.678", []string{"1234.00 DKK currency"}},
		{"three digits after the comma", "DKK 12.853, 134", []string{"12853.00 DKK currency"}},
		{"a grouped number after the comma", "DKK 12.853, 13.000", []string{"12853.00 DKK currency"}},
		{"decimal point grouping", "USD 12,853, 13", []string{"12853.00 USD currency"}},
		{"danish date", "Beløb betalt 12. marts 2024", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := amountsIn(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Amounts(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestDeclaredCurrency: amounts written without a currency take the one
// the document declares for itself, when it declares exactly one (found
// from outside: a Polish statement's balances, "Waluta: PLN" in its
// header, were reported to the reviewer without a currency).
func TestDeclaredCurrency(t *testing.T) {
	tests := []struct {
		name, text string
		want       string
	}{
		{"polish statement", "Okres: 01.10.2026 - 31.10.2026 Waluta: PLN\n\nData Opis operacji Kwota Saldo\n03.10.2026 Przelew 6 120,00 10 338,35\nSaldo końcowe 9 200,73", "PLN"},
		{"english header", "Account currency: CHF\nClosing balance 12,480.00", "CHF"},
		// Found from outside (thirty-second trial): the currency declared
		// in words.
		{"a brazilian return's sums without r$", "CPF: 123.456.789-09\nBase de cálculo do imposto ........ 208.761,05", "BRL"},
		{"a philippine bir 2316's", "BIR Form No. 2316\n25 Tax Due 64,375.00", "PHP"},
		{"signs of two countries", "CPF: 123.456.789-09 BIR Form No. 2316\nTotal 64,375.00", ""},
		// Found from outside (ninety-fourth trial): a Vietnamese VAT
		// invoice, its sum in đồng only in words.
		{"a vietnamese vat invoice's sums", "HÓA ĐƠN GIÁ TRỊ GIA TĂNG\nMã số thuế: 0315847296\nTổng cộng tiền thanh toán: 9.504.000\nSố tiền viết bằng chữ: Chín triệu năm trăm linh bốn nghìn đồng.", "VND"},
		{"figures declared in naira", "Total 3,633,500.00\nAll figures in Naira (NGN)", "NGN"},
		{"prices declared in ringgit", "GRAND TOTAL      18,442.80\nAll prices in Ringgit Malaysia. Payment 30 days from delivery.", "MYR"},
		{"a currency beside the amount wins", "Currency: EUR\nTotal due USD 12,480.00", "USD"},
		{"two declared currencies", "Currency: EUR\nCurrency: USD\nClosing balance 12,480.00", ""},
		{"dutch value date is no currency", "Valuta 12-03-2026\nSaldo 12.480,00", ""},
		{"nothing declared", "Closing balance 12,480.00", ""},
		{"the document's one currency", "Dato        Tekst            Beløb        Saldo\n03.10.2026  Løn            38.420,00   70.182,40\n\nUltimosaldo pr. 31.10.2026      DKK 53.037,43", "DKK"},
		{"a subtotal of the total's currency", "Summa exkl. moms      38 000,00\nMoms 25 %              9 500,00\nAtt betala         SEK 47 500,00", "SEK"},
		{"two currencies written", "Balance 80,000.00\nFee USD 12.00\nRefund EUR 40.00", ""},
		{"a crown of no country is not the document's other currency", "Total 80.000,00 kr\nFee EUR 12,00", ""},
		{"euro in words before", "Il canone annuo è convenuto in euro 11.400,00 da versare in rate mensili.", "EUR"},
		{"euro in words after", "Importe total: 11.400,00 euros", "EUR"},
		{"forint", "Fizetendő összesen: 125 400 Ft", "HUF"},
		{"lei", "Total de plată: 12.300,50 lei", "RON"},
		// Found from outside (twentieth trial): no currency written
		// anywhere; the account's IBAN is Danish.
		{"the account's currency by its iban", "KONTOUDTOG\nIBAN: DK62 5040 0440 1162 43\nDato    Tekst                Beløb        Saldo\n01.10   Løn Svendborg        28.412,00      42.618,55", "DKK"},
		// Found from outside (hundred-and-sixteenth trial): an Austrian
		// statement (its own IBAN mistyped) paid a Czech account; the
		// counterparty's IBAN in the transaction's row is not the
		// account's, and the bare sums stay without a currency.
		{"a counterparty's iban in a row", "IBAN: AT61 2011 1822 2137 4400    BIC: GIBAATWWXXX\nBuchung   Valuta     Buchungstext                                Soll          Haben\n                     Alter Kontostand                                        86.412,09\n20.11.    20.11.        Überweisung an Jana Nováková CZ50 0300 0000 0001 8765 4321   1.250,00", ""},
		{"the account's iban beside a counterparty's", "IBAN: DK62 5040 0440 1162 43\n20.11.  Overførsel til CZ50 0300 0000 0001 8765 4321   1.250,00\nSaldo      42.618,55", "DKK"},
		{"accounts of two currencies", "IBAN: DK62 5040 0440 1162 43\nIBAN: GB32 PENM 4011 6240 1722 66\nSaldo      42.618,55", ""},
		{"an iban beside a written currency", "IBAN: DK62 5040 0440 1162 43\nBalance  EUR 42.618,55", "EUR"},
		// Found from outside (twenty-first trial): a column's currency on
		// a line of its own over a tax assessment's sums.
		{"a column's currency on its own line", "IRS – DEMONSTRAÇÃO DE LIQUIDAÇÃO\n                                        Valor (€)\n01  Rendimento global (Cat. A)           46.218,40\n03  Rendimento coletável                  37.710,40", "EUR"},
		{"danish crowns on their own line", "Skattestyrelsen\nÅRSOPGØRELSE 2025\n                                        Kr.\nPersonlig indkomst i alt                482.356\nSkat i alt                              129.731\nDen overskydende skat udbetales til din NemKonto.", "DKK"},
		// Found from outside (eighty-fourth trial): a South African
		// statement with an import paid in dollars beside its rand; the
		// home currency of the two written, by the country's signs.
		{"the home currency of two written", "10/09  EFT credit - Woolworths Food DC            412 650.00    576 243.18\n27/09  EFT - Hops Direct Import (USD 6 420.00)   118 206.14     207.69\n03/09  Debit order - SARS VAT201 08/2026   41 238.77   229 391.58\nSummary   Total debits: R 115 648.16", "ZAR"},
		{"romanian statement", "Cont IBAN: RO51BTRLRONCRT0312847601    Moneda: RON\n\nData        Descriere                 Debit      Credit      Sold\n03.11.2026  Incasare salariu                 8.950,00  15.792,15", "RON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, ok := Largest(Amounts(tt.text))
			if !ok {
				t.Fatalf("no amount in %q", tt.text)
			}
			if a.Currency != tt.want {
				t.Errorf("largest amount %v %q, want currency %q", a.Value, a.Currency, tt.want)
			}
		})
	}
}

// One reading of a form's row of boxes serves both its rules: the labels
// a value under the row takes, and the box numbers that are no money.
func TestFormBoxes(t *testing.T) {
	tests := []struct {
		line string
		want []formBox
	}{
		{"14 Employment income 22 Income tax deducted", []formBox{{0, "Employment income"}, {21, "Income tax deducted"}}},
		{"  16 Employee's CPP contributions 164 Employee's second CPP contributions", []formBox{{2, "Employee's CPP contributions"}, {34, "Employee's second CPP contributions"}}},
		{"1 Wages, tips 2 Federal income tax withheld", []formBox{{0, "Wages, tips"}, {14, "Federal income tax withheld"}}},
		{"Box 14 Employment income 22 Income tax", nil}, // a word before the first box
		{"14 Employment income", nil},                   // one box is no row
		{"2024 Annual report 12 pages", nil},            // four digits number no box
		{"| 68450.00 | { 11203.44 ]", nil},              // the values' row
		{"Delivered 12 pallets to 3 warehouses", nil},   // counts in a sentence
		// A W-2's lettered boxes beside its numbered ones (eighty-second
		// trial).
		{"a  Employee's social security number   1 Wages, tips, other compensation", []formBox{{0, "Employee's social security number"}, {39, "Wages, tips, other compensation"}}},
		{"a great many 2 Things", nil}, // a lowercase word after the letter
	}
	for _, tt := range tests {
		if got := formBoxes(tt.line); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("formBoxes(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

// mayEndInCurrency lets currencyEnd run only where a currency can end the
// text; it must never skip one. Every code and word currencyEnd knows,
// before a sum, is still found.
func TestMayEndInCurrencyKeepsEveryCurrency(t *testing.T) {
	if got := longestWord(`euros?|euroa`, `Rs\.?|KSh\.?`); got != 5 {
		t.Fatalf("longestWord = %d, want 5", got)
	}
	for _, alts := range []string{allCodes, endMarks, euroWords} {
		for _, w := range strings.Split(alts, "|") {
			w = strings.NewReplacer(`\.?`, ".", `\.`, ".", `?`, "").Replace(w)
			for _, left := range []string{"Paid " + w, "Total: " + w + " ", "Betrag " + strings.ToLower(w) + " -"} {
				if currencyEnd.MatchString(left) && !mayEndInCurrency(strings.TrimRight(left, " ")) {
					t.Errorf("mayEndInCurrency(%q) = false, but %q ends in a currency", left, left)
				}
			}
			if currencyEndIndex("Paid "+w) < 0 {
				t.Errorf("currencyEndIndex(%q) found no currency", "Paid "+w)
			}
		}
	}
}

// A unit price of four decimal places keeps them all.
func TestFourDecimalPlaces(t *testing.T) {
	got := Amounts("1,200 EA @ $0.4375   $525.00")
	if len(got) != 2 || got[0].Value != 0.4375 || got[1].Value != 525 {
		t.Fatalf("Amounts = %+v, want 0.4375 and 525", got)
	}
	if got := Amounts("Dividendo bruto IBERDROLA (0,2320 €/acción)"); len(got) != 1 || got[0].Value != 0.232 {
		t.Fatalf("Amounts = %+v, want 0.232", got)
	}
}

// TestCumulativeFigures: a sum that adds up a period so far is marked
// cumulative, and Largest passes it over for a transaction's amount
// (found from outside, forty-seventh trial: a payslip's year-to-date
// gross and a landlord's rent received to date were each document's
// largest amount); a bill's charges to date are what is owed.
func TestCumulativeFigures(t *testing.T) {
	for _, c := range []struct {
		name, text string
		cumulative []bool
		largest    string
	}{
		{"a payslip's year to date", "Net pay  $1,777.48\nYear to date: gross $20,894.80   tax $3,120.00", []bool{false, true, true}, "1777.48"},
		{"rent received to date", "Received with thanks: €1,650.00\nFor your records, the total rent received from you in 2026 to date is €18,150.00", []bool{false, true}, "1650.00"},
		{"only cumulative figures", "Year to date: gross $20,894.80", []bool{true}, "20894.80"},
		{"a hospital's charges to date", "INTERIM BILL\nTOTAL CHARGES TO DATE 184,350.00", []bool{false}, "184350.00"},
		// Found from outside (eighty-fifth trial): a claim's bills so far
		// are what is claimed, not a period's running total.
		{"a claim's bills so far", "has sent hospital bills so far totaling $46,382.17, with rehab still to come.", []bool{false}, "46382.17"},
		{"sales so far this year", "Invoice total $1,200.00\nSales so far this year: $48,000.00", []bool{false, true}, "1200.00"},
		// Found from outside (seventy-eighth trial): a Danish payslip's
		// year to date, its first letter no ASCII word's.
		{"a danish payslip's year to date", "Udbetalt 18.402,55 kr.\nÅr til dato: bruttoløn 338.410,00 kr., A-skat 92.118,40 kr.", []bool{false, true, true}, "18402.55"},
	} {
		t.Run(c.name, func(t *testing.T) {
			as := Amounts(c.text)
			var got []bool
			for _, a := range as {
				got = append(got, a.Cumulative)
			}
			l, _ := Largest(as)
			if !slices.Equal(got, c.cumulative) || strconv.FormatFloat(l.Value, 'f', 2, 64) != c.largest {
				t.Errorf("cumulative %v, largest %v; want %v, %s", got, l.Value, c.cumulative, c.largest)
			}
		})
	}
}
