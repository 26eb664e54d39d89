package corpus

import (
	"fmt"
	"strings"
)

// The templates below add what real documents have and the first ones
// lacked: short documents (a card, a till slip, a one-paragraph form),
// other wording for the same fields, and layouts without labels.

// amount is a random amount between lo and hi with cents.
func (g g) amount(lo, hi int) float64 { return float64(g.n(lo, hi)) + float64(g.n(0, 99))/100 }

// plain formats v without a currency symbol, as tables often do.
func plain(v float64) string { return money{}.f(v) }

// kv renders label and value as a form line in one of several styles.
func (g g) kv(label, value string) string {
	switch g.r.IntN(5) {
	case 0:
		return label + ": " + value
	case 1:
		return strings.ToUpper(label) + "  " + value
	case 2:
		return label + " " + value
	case 3:
		return fmt.Sprintf("%-24s %s", label, value)
	default:
		return label + " - " + value
	}
}

func invoiceShort(g g) []string {
	m := g.currency()
	amt := g.amount(40, 4000)
	vat := amt * 0.2
	who := g.pick(g.company(), g.person()+" "+g.pick("Electrical", "Plumbing", "Gardening", "Photography", "Bookkeeping", "Translation", "Carpentry"))
	work := g.pick("Labour", "Call-out charge", "Materials", "Services rendered", "Hours worked", "Design work", "Repair work", "Monthly retainer", "Consultation")
	return lines(who, g.pick("INVOICE", "Invoice", "Tax invoice", "Bill", "INVOICE / RECHNUNG", "Facture"),
		g.kv(g.pick("Invoice no", "Inv #", "Number", "Ref", "Invoice"), g.digits(g.n(3, 6))), g.kv(g.pick("Date", "Dated", "Issued"), g.fmtDate(g.date())),
		g.kv(g.pick("To", "Client", "Customer", "Billed to", "For"), g.pick(g.person(), g.company())),
		fmt.Sprintf("%s %s", work, m.f(amt)), g.pick(fmt.Sprintf("VAT 20%% %s", m.f(vat)), "", "No VAT charged"),
		g.kv(g.pick("Total", "Amount due", "Balance due", "Please pay", "Total payable"), m.f(amt+vat)),
		g.pick("Payment within 14 days please", "Due on receipt", "Bank: "+g.digits(2)+"-"+g.digits(2)+"-"+g.digits(2)+" acc "+g.digits(8), "Pay by "+g.fmtDate(g.date()), "Thank you for your custom"))
}

func invoiceEuropean(g g) []string {
	m := money{sym: "EUR", euro: true}
	seller, buyer := g.company(), g.company()
	its := g.items(goods, g.n(1, 5), 10, 900)
	sub := total(its)
	var rows []string
	for i, it := range its {
		rows = append(rows, fmt.Sprintf("%d  %s  %d  %s  %s", i+1, it.desc, it.qty, plain(it.price), plain(float64(it.qty)*it.price)))
	}
	word := g.r.IntN(3)
	title := []string{"Rechnung", "Facture", "Fattura"}[word]
	no := []string{"Rechnungsnummer", "Facture n°", "Fattura n."}[word]
	vat := []string{"MwSt. 19%", "TVA 20%", "IVA 22%"}[word]
	tot := []string{"Gesamtbetrag", "Total TTC", "Totale"}[word]
	return lines(seller, strings.Join(g.address(), ", "), "", title+" / Invoice", g.kv(no, g.digits(6)), g.kv(g.pick("Datum", "Date", "Data"), g.fmtDate(g.date())),
		g.kv(g.pick("Kunde", "Client", "Cliente", "Customer"), buyer), "", "Pos  Description  Qty  Unit  Total", rows, "",
		g.kv(g.pick("Netto", "Total HT", "Imponibile", "Net"), m.f(sub)), g.kv(vat, m.f(sub*0.19)), g.kv(tot, m.f(sub*1.19)),
		"IBAN "+g.iban(), g.pick("Zahlbar innerhalb von 14 Tagen ohne Abzug.", "Paiement à 30 jours.", "Pagamento a 30 giorni.", "Payable within 30 days."))
}

func invoiceSubscription(g g) []string {
	m := g.currency()
	vendor := g.company()
	plan := g.pick("Pro plan", "Business tier", "Standard subscription", "Enterprise licence", "Hosting - 4 vCPU", "Support package")
	amt := g.amount(9, 3000)
	d := g.date()
	return lines(vendor, g.pick("Invoice", "INVOICE", "Billing statement - Invoice"), "",
		g.kv(g.pick("Invoice number", "Invoice ID", "Document no."), g.letters(2)+"-"+g.digits(6)),
		g.kv(g.pick("Billing period", "Service period", "Period"), g.fmtDate(d)+" - "+g.fmtDate(d.AddDate(0, 1, -1))),
		g.kv(g.pick("Account", "Customer", "Bill to"), g.company()), "",
		g.pick("Description | Qty | Amount", "Item            Units   Price", "Service  Quantity  Charge"),
		fmt.Sprintf("%s | %d | %s", plan, g.n(1, 25), m.f(amt)),
		g.pick("", fmt.Sprintf("Usage overage | 1 | %s", m.f(g.amount(1, 200)))),
		g.kv(g.pick("Amount due", "Total due", "Invoice total", "Balance"), m.f(amt)),
		g.kv(g.pick("Due date", "Payment due", "Due"), g.fmtDate(d.AddDate(0, 0, 30))),
		g.pick("Your card on file will be charged automatically.", "Pay online in your account portal.", "Questions about this invoice? Contact billing.", "Wire or ACH payments accepted."))
}

func receiptShort(g g) []string {
	m := g.currency()
	place := g.pick("Shell", "BP Express", "Esso", "Metro Taxi", "City Cab Co", "Parkhaus Zentrum", "Airport Parking", "Bakery Krume", "Juice Bar", "Laundromat", "Post Office", "Vending Co", "Kiosk 24", "Book Nook")
	amt := g.amount(2, 120)
	var body []string
	switch g.r.IntN(4) {
	case 0:
		body = lines(fmt.Sprintf("Pump %d  %s", g.n(1, 12), g.pick("Unleaded 95", "Diesel", "Super E10")), fmt.Sprintf("%.2f L @ %s/L", 10+g.r.Float64()*50, m.f(1+g.r.Float64())))
	case 1:
		body = lines(g.pick("Fare", "Trip", "Journey"), g.pick("From ", "Pickup ")+g.pick(streets...)+" St", g.pick("To ", "Drop-off ")+g.pick(streets...)+" Ave", fmt.Sprintf("Distance %.1f km", 1+g.r.Float64()*30))
	case 2:
		body = lines(g.pick("Parking", "Stay", "Entry/Exit"), fmt.Sprintf("In %02d:%02d  Out %02d:%02d", g.n(6, 12), g.n(0, 59), g.n(13, 22), g.n(0, 59)))
	default:
		its := g.items(groceries, g.n(1, 3), 1, 9)
		for _, it := range its {
			body = append(body, fmt.Sprintf("%s %s", it.desc, plain(it.price)))
		}
	}
	return lines(place, g.pick("", g.address()[0]), g.pick("Receipt", "RECEIPT", "Quittung", "Reçu", "Customer copy", "Thank you", "Kassenbon"),
		g.fmtDate(g.date())+fmt.Sprintf(" %02d:%02d", g.n(0, 23), g.n(0, 59)), body,
		g.kv(g.pick("Total", "TOTAL", "Paid", "Amount", "Summe"), m.f(amt)),
		g.pick("Card ****"+g.digits(4), "Cash", "Contactless "+g.pick("VISA", "Mastercard", "Debit"), "EC-Karte", "Apple Pay"),
		g.pick("", "VAT incl. "+m.f(amt/6), "Incl. tax", "Approved", "No refunds without receipt", "Keep your receipt"))
}

func receiptOnline(g g) []string {
	m := g.currency()
	amt := g.amount(5, 900)
	return lines(g.pick("Payment receipt", "Your receipt", "Receipt for your payment", "Payment confirmation - receipt", "Order receipt"),
		g.pick(g.company(), "Parcel Express", "StreamFlix", "City Utilities online", "Ticketline"),
		g.kv(g.pick("Receipt number", "Receipt #", "Transaction ID", "Reference"), g.letters(2)+g.digits(8)),
		g.kv(g.pick("Date paid", "Payment date", "Paid on"), g.fmtDate(g.date())),
		g.kv(g.pick("Paid by", "Payment method", "Card"), g.pick("Visa ending ", "Mastercard ending ", "PayPal ", "Card ****")+g.digits(4)),
		g.kv(g.pick("Description", "Item", "For"), g.pick("Monthly subscription", "Concert ticket x2", "Parking permit", "Membership renewal", "Water bill payment", "Order #"+g.digits(7))),
		g.kv(g.pick("Amount paid", "Total paid", "Total charged"), m.f(amt)),
		g.pick("This receipt confirms your payment. No further action is needed.", "Thank you for your payment.", "Keep this receipt for your records.", "Questions? Reply to this e-mail."))
}

func contractShort(g g) []string {
	a, b := g.pick(g.person(), g.company()), g.pick(g.person(), g.company())
	kind := g.pick("Agreement", "Letter of Agreement", "Service Contract", "Rental Agreement", "Loan Agreement", "Sales Contract", "Memorandum of Understanding", "Tenancy Agreement", "Vertrag / Contract")
	return lines(kind, "", fmt.Sprintf("%s %s (%q) %s %s (%q).", g.pick("This agreement is made between", "Between", "The parties are", "Agreement between"), a, g.pick("the Seller", "the Lender", "the Landlord", "Party A", "the Contractor"), g.pick("and", "AND", "with"), b, g.pick("the Buyer", "the Borrower", "the Tenant", "Party B", "the Owner")),
		g.pick("The Contractor shall carry out the works described in Schedule 1 in a good and workmanlike manner.",
			"The Lender agrees to lend the Borrower the principal sum set out below, repayable in monthly instalments.",
			"The Landlord lets and the Tenant takes the premises for the term and at the rent stated below.",
			"The Seller agrees to sell and the Buyer agrees to buy the goods described below in their present condition.",
			"The parties agree to cooperate in good faith on the project described below."),
		g.pick("The term shall be "+fmt.Sprint(g.n(1, 36))+" months.", "Either party may terminate on "+fmt.Sprint(g.n(7, 90))+" days written notice.", "Time is of the essence.", "This agreement may only be amended in writing signed by both parties."),
		g.pick("The parties' obligations are binding on their successors.", "Disputes shall be settled by arbitration.", "This contract is governed by the law of "+g.pick("England", "Ontario", "Texas", "Bavaria")+".", "Any breach entitles the other party to damages."),
		"", g.pick("Signed", "Agreed and signed", "Executed", "Signatures")+": ____________   ____________", g.kv("Date", g.fmtDate(g.date())))
}

func bankStatementPlain(g g) []string {
	bal := g.amount(100, 250000)
	start := g.date()
	var rows []string
	head := g.pick("Date        Details                         Paid out    Paid in    Balance", "Booking date  Text  Debit  Credit  Balance", "DATE  DESCRIPTION  AMOUNT  BALANCE",
		"Datum  Omschrijving  Af  Bij  Saldo", "Date  Libellé  Débit  Crédit  Solde", "Buchungstag  Verwendungszweck  Betrag  Saldo")
	rows = append(rows, head)
	for i := range g.n(3, 12) {
		amt := g.amount(2, 3000)
		desc := g.pick("Card purchase "+g.pick("TESCO", "LIDL", "UBER", "NETFLIX"), "Betaalautomaat "+g.pick("ALBERT HEIJN", "JUMBO"), "Carte "+g.pick("CARREFOUR", "SNCF"), "Virement "+g.person(), "Overboeking "+g.person(), "Bijschrijving salaris", "Direct debit "+g.pick("COUNCIL TAX", "INSURANCE", "MORTGAGE"), "Transfer from "+g.person(), "Salary "+g.company(), "Cash machine", "Standing order", "Bank charges", "Lastschrift "+g.company(), "Überweisung", "Interest credit")
		if g.chance(0.3) {
			bal += amt
			rows = append(rows, fmt.Sprintf("%s  %s  %s  %s", start.AddDate(0, 0, i*3).Format("02 Jan"), desc, plain(amt), plain(bal)))
		} else {
			bal -= amt
			rows = append(rows, fmt.Sprintf("%s  %s  -%s  %s", start.AddDate(0, 0, i*3).Format("02 Jan"), desc, plain(amt), plain(bal)))
		}
	}
	return lines(g.pick("Harbor Savings Bank", "Metro Credit Union", "Volksbank", "Banque Populaire", "Northern Building Society", "Union Trust"),
		g.pick("Statement", "Current account statement", "Kontoauszug", "Rekeningafschrift", "Relevé de compte", "Estratto conto", "Account activity", "Statement no. "+fmt.Sprint(g.n(1, 60)), "Your account summary"),
		g.kv(g.pick("Account", "Account no", "Konto", "Sort code "+g.digits(2)+"-"+g.digits(2)+"-"+g.digits(2)+" Account"), g.digits(8)),
		g.kv(g.pick("Period", "From", "Statement date"), g.fmtDate(start)+" - "+g.fmtDate(start.AddDate(0, 1, 0))),
		g.kv(g.pick("Balance brought forward", "Previous balance", "Opening balance", "Alter Kontostand", "Vorig saldo", "Ancien solde"), plain(g.amount(100, 20000))),
		rows, g.kv(g.pick("Balance carried forward", "New balance", "Closing balance", "Neuer Kontostand", "Nieuw saldo", "Nouveau solde"), plain(bal)),
		g.pick("", "Overdraft arrangement: none", "Interest rate 0.50% AER", "Your deposits are protected up to the legal limit."))
}

func cardStatement(g g) []string {
	m := g.currency()
	var rows []string
	for range g.n(2, 9) {
		rows = append(rows, fmt.Sprintf("%s  %s  %s", g.date().Format("Jan 02"), g.pick("AMAZON", "DELTA AIR", "WHOLE FOODS", "SHELL", "SPOTIFY", "HOTEL", "RESTAURANT", "PHARMACY"), plain(g.amount(3, 900))))
	}
	return lines(g.pick("Credit card statement", "VISA Platinum - Statement", "Mastercard account summary", "Card account statement"),
		g.kv("Card ending", g.digits(4)), g.kv(g.pick("Statement closing date", "Statement date"), g.fmtDate(g.date())),
		g.kv(g.pick("Previous balance", "Last statement balance"), m.f(g.amount(0, 5000))), g.kv(g.pick("Payments", "Payments and credits"), "-"+m.f(g.amount(10, 3000))),
		g.kv(g.pick("Purchases", "New charges"), m.f(g.amount(10, 3000))), g.kv(g.pick("New balance", "Statement balance"), m.f(g.amount(10, 6000))),
		g.kv(g.pick("Minimum payment due", "Minimum due"), m.f(g.amount(25, 200))), g.kv("Payment due date", g.fmtDate(g.date())),
		"Transactions", rows, g.pick("Credit limit "+m.f(float64(g.n(5, 300))*100), "APR 24.99%", "Late payment warning: paying late may increase your APR."))
}

func claimShort(g g) []string {
	m := g.currency()
	return lines(g.pick("Claim form", "CLAIM", "Schadenmeldung / Claim", "Expense claim - insurance", "First notice of loss", "Health insurance claim", "Glass claim", "Baggage claim"),
		g.kv(g.pick("Policy no", "Policy number", "Member ID", "Versicherungsschein-Nr."), g.letters(2)+g.digits(8)),
		g.kv(g.pick("Insured", "Claimant", "Policyholder", "Member"), g.person()),
		g.kv(g.pick("Date of loss", "Date of incident", "Date of treatment", "Incident date"), g.fmtDate(g.date())),
		g.kv(g.pick("What happened", "Cause", "Details", "Description"), g.pick("Phone dropped and screen cracked.", "Suitcase lost on connecting flight.", "Windscreen cracked by a stone.", "Visit to emergency room after a fall.", "Bicycle stolen from outside the station.", "Water leak from the flat above.", "Dental treatment abroad.")),
		g.kv(g.pick("Amount claimed", "Claim amount", "Total claimed", "Cost"), m.f(g.amount(40, 8000))),
		g.pick("", g.kv("Excess", m.f(float64(g.n(1, 10))*50)), "Receipts attached", "Police ref "+g.digits(6)),
		g.pick("I declare the above is true.", "Signature of insured ________", "Submit to claims@insurer.example", "Claim handler will contact you within 5 days."))
}

func claimExpenses(g g) []string {
	m := g.currency()
	var rows []string
	var sum float64
	for range g.n(2, 6) {
		a := g.amount(10, 900)
		sum += a
		rows = append(rows, fmt.Sprintf("%-30s %s", g.pick("Doctor's fee", "Hospital stay", "Medication", "Ambulance", "Replacement clothing", "Hotel night", "Taxi", "Repair estimate", "Physiotherapy"), m.f(a)))
	}
	return lines(g.pick("Guardian Mutual", "SafeHarbor Insurance", "Pinnacle Casualty", "Helvetic Travel Cover"), g.pick("Claim for reimbursement", "Medical expenses claim", "Travel insurance claim", "Statement of claim"), "",
		g.kv("Policy", g.digits(9)), g.kv(g.pick("Claimant name", "Name of insured person"), g.person()),
		g.kv(g.pick("Reason for claim", "Circumstances"), g.pick("Illness during trip", "Accident while skiing", "Trip cancelled due to illness", "Delayed baggage", "Storm damage to roof")),
		"", g.pick("Expenses", "Itemised costs", "Costs claimed"), rows, g.kv(g.pick("Total claimed", "Total"), m.f(sum)), "",
		g.pick("Please attach original invoices and receipts.", "Pay the claim to my account "+g.iban(), "I authorise the insurer to obtain medical information relating to this claim."))
}

func medicalShort(g g) []string {
	p := g.person()
	switch g.r.IntN(4) {
	case 0:
		return lines(g.pick("Prescription", "Rx", "Rezept", "Ordonnance"), g.kv("Patient", p), g.kv(g.pick("DOB", "Born"), g.fmtDate(g.dob())),
			g.pick("Amoxicillin 500mg caps", "Ibuprofen 400mg tablets", "Omeprazole 20mg", "Salbutamol inhaler 100mcg", "Sertraline 50mg", "Prednisolone 5mg")+"  "+g.pick("1 three times a day", "take 1 daily", "2 puffs when needed", "1 bd")+"  "+g.pick("x 21", "x 28", "qty 1", "14 days"),
			g.pick("Refills: 0", "Repeat: no", "Generic substitution permitted", ""), g.kv("Prescriber", "Dr. "+g.person()), g.fmtDate(g.date()))
	case 1:
		if g.chance(0.4) {
			// a certificate for travel: "this is to certify that" a person
			// was vaccinated, which reads like an identity document
			return lines(g.pick("INTERNATIONAL CERTIFICATE OF VACCINATION", "Certificate of vaccination", "Vaccination certificate for travel"),
				"This is to certify that "+p, g.kv(g.pick("date of birth", "born"), g.fmtDate(g.dob())), g.kv("nationality", g.pick("British", "German", "Irish", "Canadian")),
				"has been vaccinated against "+g.pick("yellow fever", "typhoid", "rabies", "meningococcal disease", "tick-borne encephalitis")+" on the date below.",
				"Date  Vaccine  Batch  Clinician", g.fmtDate(g.date())+"  "+g.pick("Stamaril", "Typhim Vi", "Rabipur", "Nimenrix", "FSME-Immun")+"  "+g.letters(2)+g.digits(4)+"  Dr. "+g.person(),
				g.pick("Valid for life", "Valid from 10 days after vaccination", "Booster due in 3 years"), g.pick("Official stamp of the vaccination centre", "Travel clinic stamp", ""))
		}
		return lines(g.pick("Vaccination record", "Immunisation certificate", "Impfnachweis"), g.kv("Name", p), g.kv("Date of birth", g.fmtDate(g.dob())),
			g.pick("Tetanus/diphtheria", "Influenza", "Hepatitis B", "MMR", "COVID-19")+"  dose "+fmt.Sprint(g.n(1, 3))+"  lot "+g.letters(2)+g.digits(4)+"  "+g.fmtDate(g.date()),
			g.pick("Administered by nurse "+g.person(), "Clinic stamp", "Next dose due "+g.fmtDate(g.date())))
	case 2:
		return lines(g.pick("Lab results", "Blood test results", "Pathology report", "Laborbefund"), g.kv("Patient", p), g.kv(g.pick("Collected", "Sample date"), g.fmtDate(g.date())),
			"Test  Result  Range", fmt.Sprintf("Cholesterol  %.1f mmol/L  <5.0", 3+g.r.Float64()*4), fmt.Sprintf("TSH  %.2f mU/L  0.4-4.0", 0.2+g.r.Float64()*5),
			fmt.Sprintf("Ferritin  %d ug/L  30-400", g.n(5, 500)), g.pick("Comment: repeat in 6 weeks", "Flag: H", "Reviewed by GP", "Normal"))
	default:
		return lines(g.pick("Visit summary", "Clinical note", "Consultation", "Arztbrief", "Referral letter"), g.kv("Patient", p), g.kv(g.pick("Seen", "Date"), g.fmtDate(g.date())),
			"S: "+g.pick("sore throat 4 days", "knee pain after running", "rash on forearm", "low mood, poor sleep", "ear ache"),
			"O: "+g.pick("temp 37.9, tonsils enlarged", "effusion left knee", "erythematous patches", "PHQ-9 score 14", "TM bulging"),
			"A: "+g.pick("tonsillitis", "meniscal strain", "contact dermatitis", "moderate depression", "otitis media"),
			"P: "+g.pick("penicillin V 10 days", "rest, ice, physio referral", "emollient and hydrocortisone", "start SSRI, review 4 weeks", "analgesia, review if no better"),
			g.pick("Dr. "+g.person(), "Nurse practitioner "+g.person()))
	}
}

func idShort(g g) []string {
	sur, given := strings.ToUpper(g.pick(lastNames...)), strings.ToUpper(g.pick(firstNames...))
	dob := g.dob()
	exp := g.date().AddDate(g.n(1, 9), 0, 0)
	switch g.r.IntN(4) {
	case 0: // EU driving licence field numbers
		return lines(g.pick("DRIVING LICENCE", "FÜHRERSCHEIN", "PERMIS DE CONDUIRE", "RIJBEWIJS", "PATENTE DI GUIDA"), g.pick("EU", "D", "F", "NL", "I"),
			"1. "+sur, "2. "+given, "3. "+dob.Format("02.01.2006")+" "+strings.ToUpper(g.pick("Berlin", "Lyon", "Utrecht", "Milano")),
			"4a. "+g.date().Format("02.01.2006")+"  4b. "+exp.Format("02.01.2006"), "4c. "+g.pick("Stadt Köln", "Préfecture", "Gemeente", "MIT-UCO"),
			"5. "+g.letters(1)+g.digits(8)+g.letters(2), g.pick("", "8. "+g.address()[0]), "9. "+g.pick("AM/B1/B", "B/BE", "A/B/C1", "B"))
	case 1: // ID card, fields without labels
		return lines(g.pick("IDENTITY CARD", "CARTE NATIONALE D'IDENTITÉ", "CARTA D'IDENTITÀ", "DOWÓD OSOBISTY", "ID CARD"),
			sur, given, dob.Format("02 01 2006"), g.pick("M", "F"), g.pick("Nationality", "Nationalité", "Cittadinanza")+" "+g.pick("FRA", "ITA", "POL", "ESP", "BEL"),
			g.letters(2)+g.digits(7), g.pick("Expiry", "Valable jusqu'au", "Scadenza")+" "+exp.Format("02.01.2006"))
	case 2: // machine-readable zone only, as OCR reads the bottom of a card
		return lines(fmt.Sprintf("I<%s%s%s<<<<<<<<<<<<<<<", g.pick("FRA", "ITA", "DEU", "ESP", "NLD"), g.letters(2)+g.digits(7), g.digits(1)),
			fmt.Sprintf("%s%s%s%s%s<<<<<<<<<<<%s", dob.Format("060102"), g.digits(1), g.pick("M", "F"), exp.Format("060102"), g.digits(1), g.digits(1)),
			(sur + "<<" + given + strings.Repeat("<", 30))[:30], g.pick("", "Signature of holder", "Date of issue "+g.date().Format("02.01.2006")))
	default: // a US state ID or a badge-sized card
		c := usCities[g.r.IntN(len(usCities))]
		return lines(g.pick("IDENTIFICATION CARD", "STATE ID", "REAL ID", "Permanent Resident Card", "Enhanced ID"), g.pick("State of "+c[1], "UNITED STATES OF AMERICA", c[0]+", "+c[1]),
			g.pick("ID NO ", "DOC ", "USCIS# ")+g.letters(1)+g.digits(8), sur, given, g.pick("DOB ", "Born ", "Date of Birth ")+dob.Format("01/02/2006"),
			g.pick("EXP ", "Card expires ", "Expires ")+exp.Format("01/02/2006"), g.pick("SEX F", "SEX M", "Sex: F", "Sex: M"), g.pick("", "Category C09", "Country of birth "+g.pick("Mexico", "India", "Poland", "Nigeria")))
	}
}

func taxShort(g g) []string {
	m := g.currency()
	year := g.n(2020, 2024)
	name := g.person()
	switch g.r.IntN(5) {
	case 0:
		return lines(fmt.Sprintf("Form W-9 (Rev. %d)", year), "Request for Taxpayer Identification Number and Certification", g.kv("Name", name),
			g.kv("Federal tax classification", g.pick("Individual/sole proprietor", "C corporation", "LLC")), g.kv("Taxpayer identification number", g.ssn()),
			"Under penalties of perjury, I certify that the number shown on this form is my correct taxpayer identification number.")
	case 1:
		return lines(fmt.Sprintf("Form 1098 Mortgage Interest Statement %d", year), g.kv("RECIPIENT'S/LENDER'S name", g.company()), g.kv("PAYER'S/BORROWER'S name", name),
			g.kv("1 Mortgage interest received from payer(s)/borrower(s)", m.f(g.amount(800, 30000))), g.kv("2 Outstanding mortgage principal", m.f(g.amount(50000, 900000))),
			"For calendar year "+fmt.Sprint(year), "Copy B For Payer/Borrower")
	case 2:
		return lines(g.pick("VAT Return", "Umsatzsteuer-Voranmeldung", "Déclaration de TVA", "GST/HST return"), g.kv(g.pick("Period", "Zeitraum", "Période"), fmt.Sprintf("Q%d %d", g.n(1, 4), year)),
			g.kv(g.pick("VAT registration number", "Steuernummer", "Numéro de TVA"), g.letters(2)+g.digits(9)),
			g.kv(g.pick("Box 1 VAT due on sales", "Umsatzsteuer", "TVA collectée"), plain(g.amount(100, 90000))),
			g.kv(g.pick("Box 4 VAT reclaimed on purchases", "Vorsteuer", "TVA déductible"), plain(g.amount(100, 50000))),
			g.kv(g.pick("Box 5 Net VAT to pay", "Zahllast", "TVA nette due"), plain(g.amount(10, 40000))), g.pick("Submitted to the tax authority", "Finanzamt "+g.pick("Mitte", "Nord", "Süd"), "Declaration signed"))
	case 3:
		return lines(g.pick("Notice of assessment", "Tax assessment", "Steuerbescheid", "Avis d'imposition", "Income tax notice"), g.kv(g.pick("Tax year", "Veranlagungsjahr", "Année"), fmt.Sprint(year)),
			g.kv(g.pick("Taxpayer", "Name"), name), g.kv(g.pick("Taxable income", "Zu versteuerndes Einkommen", "Revenu imposable"), plain(g.amount(10000, 200000))),
			g.kv(g.pick("Tax due", "Festgesetzte Steuer", "Impôt dû"), plain(g.amount(500, 60000))), g.kv(g.pick("Already paid", "Prepayments", "Vorauszahlungen"), plain(g.amount(0, 50000))),
			g.kv(g.pick("Balance to pay", "Refund", "Erstattung", "Solde à payer"), plain(g.amount(0, 9000))), g.pick("Pay by "+g.fmtDate(g.date()), "You may object within one month.", "Tax office reference "+g.digits(10)))
	default:
		return lines(fmt.Sprintf("Form 1040-ES %d Estimated Tax Payment Voucher %d", year, g.n(1, 4)), "Department of the Treasury Internal Revenue Service",
			g.kv("Amount of estimated tax you are paying", m.f(g.amount(100, 20000))), g.kv("Your first name and initial / last name", name),
			g.kv("Your social security number", g.ssn()), "Make your check payable to United States Treasury.")
	}
}

func purchaseOrderShort(g g) []string {
	m := g.currency()
	its := g.items(goods, g.n(1, 4), 3, 900)
	var rows []string
	for _, it := range its {
		rows = append(rows, g.pick(fmt.Sprintf("%d x %s  %s", it.qty, it.desc, plain(it.price)), fmt.Sprintf("%s  qty %d  @ %s", it.desc, it.qty, m.f(it.price)), fmt.Sprintf("%d  %s  %s  %s", it.qty, g.pick("ea", "box", "pcs", "case"), it.desc, plain(float64(it.qty)*it.price))))
	}
	return lines(g.pick("Purchase order", "PURCHASE ORDER", "Order form", "Bestellung", "Bon de commande", "Purchase requisition", "PO"),
		g.kv(g.pick("PO no", "Order no", "Bestell-Nr.", "Req #", "P.O."), g.digits(g.n(4, 10))), g.kv(g.pick("Supplier", "Vendor", "Lieferant", "Fournisseur", "To"), g.company()),
		g.pick(g.kv("Deliver to", g.company()), g.kv("Ship to", g.address()[0]), g.kv("Needed by", g.fmtDate(g.date())), ""),
		rows, g.kv(g.pick("Order total", "Total", "Estimated cost", "Gesamt"), m.f(total(its))),
		g.pick(g.kv("Approved by", g.person()), g.kv("Buyer", g.person()), g.kv("Cost centre", g.digits(4)), "Please confirm this order", "Quote the order number on your invoice"))
}

func otherMore(g g) []string {
	p := g.person()
	switch g.r.IntN(10) {
	case 8:
		return lines(g.pick("Registration form", "Membership application", "Enrolment form", "Visitor sign-in", "Race entry", "Application for employment"),
			g.kv(g.pick("Full name", "Name", "Surname, first name"), p), g.kv(g.pick("Date of birth", "DOB", "Birthday"), g.fmtDate(g.dob())),
			g.kv("Address", strings.Join(g.address(), ", ")), g.kv(g.pick("Phone", "Mobile", "Tel"), g.phone()), g.kv(g.pick("E-mail", "Email"), g.email(p)),
			g.kv(g.pick("Emergency contact", "Next of kin", "Referee"), g.person()), g.pick("T-shirt size: M", "Membership type: family", "Position applied for: "+g.pick("clerk", "driver", "teacher"), "How did you hear about us? Friend"),
			g.pick("I agree to the terms and the privacy notice.", "Signature ________", "Office use only"))
	case 9:
		m := g.currency()
		its := g.items(goods, g.n(1, 4), 3, 200)
		var rows []string
		for _, it := range its {
			rows = append(rows, fmt.Sprintf("%s  %d  %s", it.desc, it.qty, m.f(it.price)))
		}
		return lines(g.pick("Your order has been received", "Order confirmation", "Thanks for your order!", "Your order has shipped", "We've received your return"),
			g.kv(g.pick("Order #", "Order number", "Bestellnummer"), g.digits(3)+"-"+g.digits(7)), g.kv(g.pick("Placed on", "Order date"), g.fmtDate(g.date())),
			g.pick("Item  Qty  Price", "Product  Quantity  Price"), rows, g.kv(g.pick("Order total", "Total", "Grand total"), m.f(total(its))),
			g.pick("Track your parcel in your account.", "You will receive an e-mail when it ships.", "Returns are free within 30 days.", "Questions? Visit our help centre."))
	case 0:
		return lines(g.pick("Newsletter", "Team update", "Community news", "Club bulletin"), g.pick("Hello everyone,", "Dear members,", "Hi all,"),
			g.pick("The summer fair raised a record amount for the library.", "Our new volunteer coordinator starts on Monday.", "The pool reopens after repairs next week."),
			g.pick("Don't forget the AGM on Thursday evening.", "Photos from the event are on our website.", "Sign-up sheets are at reception."), g.pick("See you soon,", "Cheers,", "Best,"), p)
	case 1:
		return lines(fmt.Sprintf("Ticket #%s  %s", g.digits(5), g.pick("Open", "Closed", "Resolved", "Pending")), g.kv(g.pick("Reporter", "Requester", "User"), p),
			g.kv("Category", g.pick("Hardware", "Email", "Printer", "Access request", "Software install")),
			g.kv(g.pick("Issue", "Summary", "Problem"), g.pick("printer on 3rd floor jams", "cannot log in after password change", "laptop battery drains quickly", "need access to shared drive")),
			g.kv(g.pick("Resolution", "Action", "Update"), g.pick("replaced fuser unit", "reset account and MFA", "battery replaced under warranty", "access granted by owner")))
	case 2:
		return lines(g.pick("Shipping notification", "Delivery note", "Your parcel is on its way", "Packing slip"), g.kv(g.pick("Tracking number", "Consignment", "Parcel ID"), g.letters(2)+g.digits(9)),
			g.kv(g.pick("Carrier", "Courier"), g.pick("DHL", "UPS", "Royal Mail", "DPD", "FedEx")), g.kv(g.pick("Estimated delivery", "Expected"), g.fmtDate(g.date())),
			g.kv("Deliver to", p), g.pick("Items in this shipment: 2", "Signature required on delivery.", "Leave with neighbour if not home."))
	case 3:
		return lines(g.pick("Agenda", "Meeting agenda", "Workshop programme"), g.kv("Date", g.fmtDate(g.date())), g.kv(g.pick("Location", "Room"), g.pick("Room 4.12", "Zoom", "Board room")),
			"09:00 Welcome", "09:15 "+g.pick("Quarterly review", "Product demo", "Safety briefing"), "10:30 Coffee", "11:00 "+g.pick("Open discussion", "Planning", "Q&A"))
	case 4:
		return lines(g.pick("Job vacancy", "We are hiring", "Position available"), g.pick("Warehouse operative", "Junior accountant", "Barista", "Software developer", "Care assistant"),
			g.pick("Full time, 37.5 hours per week.", "Part time, flexible shifts.", "Permanent contract."), g.pick("Experience preferred but not essential.", "Apply with CV and cover letter."),
			g.kv(g.pick("Closing date", "Apply by"), g.fmtDate(g.date())), g.kv("Contact", g.email(p)))
	case 5:
		return lines(g.pick("Payslip", "Earnings statement", "Pay advice", "Gehaltsabrechnung"), g.kv("Employee", p), g.kv(g.pick("Pay period", "Period"), g.fmtDate(g.date())),
			g.kv(g.pick("Gross pay", "Brutto"), plain(g.amount(900, 9000))), g.kv(g.pick("Deductions", "Abzüge"), plain(g.amount(100, 3000))), g.kv(g.pick("Net pay", "Netto"), plain(g.amount(700, 7000))))
	case 6:
		return lines(g.pick("Notes", "To do", "Reminder", "Packing list"), "- "+g.pick("call the plumber", "buy printer ink", "book flights", "renew library books"),
			"- "+g.pick("pick up kids at 4", "send slides to "+p, "water the plants", "charge camera batteries"), "- "+g.pick("dentist Tuesday", "gym", "passport photos"))
	default:
		return lines(g.pick("Invitation", "You're invited!", "Save the date"), g.pick("Join us for ", "Please come to ")+g.pick("our wedding", "a retirement party for "+p, "the opening of our new office", "a summer barbecue"),
			g.kv("When", g.fmtDate(g.date())), g.kv("Where", strings.Join(g.address(), ", ")), g.pick("RSVP by e-mail.", "Dress code: smart casual.", "Bring a friend!"))
	}
}
