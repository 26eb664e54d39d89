package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/docket-run/docket/services/classifier/internal/ocrnoise"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// foreignShare is the share of each type's documents written in German,
// French, Spanish, Dutch, Portuguese, Italian, Swedish or Polish (the eight
// in turn); the rest are English.
const foreignShare = 0.25

// Generate returns perType documents of every type, deterministic by seed:
// several templates per type (long and short, with and without tables and
// labels, in several wordings), filled with random realistic fields; about
// a quarter in one of eight other European languages (i18n*.go); a quarter of
// the English ones cut to a window of their lines; about two documents in
// five in imitated OCR noise of 0.5% to 5% of characters.
func Generate(seed uint64, perType int) []textmodel.Doc {
	docs, _ := generate(seed, perType)
	return docs
}

// generate is Generate that also returns each document's language: "en"
// or a lang's code.
func generate(seed uint64, perType int) ([]textmodel.Doc, []string) {
	gens := map[string][]func(g) []string{
		"invoice":         {invoice, invoiceShort, invoiceEuropean, invoiceSubscription, invoiceHospitality},
		"receipt":         {receipt, receiptShort, receiptOnline, receiptOrder, receiptRestaurant},
		"contract":        {contract, contractShort, contractNDA, contractOffer},
		"bank_statement":  {bankStatement, bankStatementPlain, cardStatement},
		"insurance_claim": {insuranceClaim, claimShort, claimExpenses, claimHealth},
		"medical_record":  {medicalRecord, medicalShort, medicalDental, medicalLetter},
		"id_document":     {idDocument, idShort, idCard, idLicence},
		"tax_form":        {taxForm, taxShort},
		"purchase_order":  {purchaseOrder, purchaseOrderShort},
		// order e-mails without a payment, letters of several paragraphs
		// and press releases are one in seven each: the rest of other's
		// variety keeps its weight
		"other": {other, otherMore, other, otherMore, otherOrderNotice, otherLetter, otherPress},
	}
	var docs []textmodel.Doc
	var langOf []string
	for ti, t := range Types {
		gg := g{r: rand.New(rand.NewPCG(seed, uint64(ti)+1))}
		nf := ti // languages in turn, so each has its share of every type
		for i := range perType {
			var ls []string
			code := "en"
			if gg.chance(foreignShare) {
				l := languages[nf%len(languages)]
				nf++
				tmpl := foreignGens[t][gg.r.IntN(len(foreignGens[t]))]
				ls, code = tmpl(gg, l), l.String()
			} else {
				tmpl := gens[t][gg.r.IntN(len(gens[t]))]
				ls = tmpl(gg)
			}
			// the non-English templates write one page of a document, as
			// long as a page is: they are not cut into fragments again (a
			// window of a letter's two addresses is no type at all, and
			// such windows made the calibration split doubt every type)
			if code == "en" {
				ls = gg.fragment(ls)
			}
			text := strings.Join(ls, "\n")
			if gg.chance(0.4) {
				text = ocrnoise.Apply(gg.r, text, 0.005+0.045*gg.r.Float64())
			}
			docs = append(docs, textmodel.Doc{Name: fmt.Sprintf("%s-%04d.txt", t, i+1), Class: t, Text: text})
			langOf = append(langOf, code)
		}
	}
	return docs, langOf
}

// foreignGens write the same types in eight other languages (i18n*.go).
var foreignGens = map[string][]func(g, lang) []string{
	"invoice":         {invoiceL, invoiceL, invoiceShortL},
	"receipt":         {receiptL, receiptL, receiptRestaurantL, receiptShortL, receiptMailL},
	"contract":        {contractL, contractL, contractLetterL},
	"bank_statement":  {bankStatementL},
	"insurance_claim": {claimL},
	"medical_record":  {medicalL, medicalL, medicalShortL},
	"id_document":     {idL, idShortL},
	"tax_form":        {taxL},
	"purchase_order":  {purchaseOrderL},
	"other":           {otherL, otherL, noticeL, letterL, pressL},
}

// fragment keeps, for about one document in four, only a window of its
// lines: one page of a multi-page scan, a photo of the bottom of a receipt.
func (g g) fragment(ls []string) []string {
	if len(ls) < 8 || !g.chance(0.25) {
		return ls
	}
	k := max(4, len(ls)*g.n(20, 45)/100)
	start := g.r.IntN(len(ls) - k + 1)
	return ls[start : start+k]
}

func lines(xs ...any) []string {
	var out []string
	for _, x := range xs {
		switch v := x.(type) {
		case string:
			out = append(out, v)
		case []string:
			out = append(out, v...)
		}
	}
	return out
}

func invoice(g g) []string {
	m := g.currency()
	seller, buyer := g.company(), g.company()
	its := g.items(goods, g.n(1, 7), 4, 1800)
	sub := total(its)
	rate := []float64{0, 0.05, 0.07, 0.19, 0.2, 0.0825}[g.r.IntN(6)]
	tax := float64(int(sub*rate*100+0.5)) / 100
	no := g.pick("INV-", "", "F", "2024-", "#") + g.digits(g.n(4, 7))
	issued := g.date()
	due := issued.AddDate(0, 0, []int{14, 30, 45, 60}[g.r.IntN(4)])
	title := g.pick("INVOICE", "Invoice", "TAX INVOICE", "Commercial Invoice", "Rechnung / Invoice", "Invoice")
	head := lines(seller, g.address(), "Tel: "+g.phone(), g.email("billing "+strings.Fields(seller)[0]), "")
	if g.chance(0.5) {
		head = lines(title, "", head)
	} else {
		head = lines(head, title)
	}
	totals := lines(
		fmt.Sprintf("Subtotal: %s", m.f(sub)),
		fmt.Sprintf("%s (%.2g%%): %s", g.pick("Tax", "VAT", "Sales tax"), rate*100, m.f(tax)),
		fmt.Sprintf("%s: %s", g.pick("Total", "Total due", "Amount due", "TOTAL", "Balance due"), m.f(sub+tax)),
	)
	pay := lines("", g.pick("Payment terms: Net 30", "Please pay within 14 days of the invoice date.", "Payment due upon receipt.", "Terms: 2/10 net 30"),
		"Please reference the invoice number with your payment.")
	if g.chance(0.6) {
		pay = lines(pay, "Bank transfer to IBAN "+g.iban(), "BIC "+g.letters(4)+"DEFF"+g.digits(3))
	} else {
		pay = lines(pay, fmt.Sprintf("Remit to: %s, Routing %s, Account %s", seller, g.digits(9), g.digits(10)))
	}
	return lines(head,
		fmt.Sprintf("%s: %s", g.pick("Invoice number", "Invoice No.", "Invoice #"), no),
		fmt.Sprintf("%s: %s", g.pick("Invoice date", "Date of issue", "Date"), g.fmtDate(issued)),
		fmt.Sprintf("%s: %s", g.pick("Due date", "Payment due"), g.fmtDate(due)),
		g.pick("", "Customer ID: C"+g.digits(5), "PO reference: PO-"+g.digits(6)),
		"", g.pick("Bill to:", "Billed to:", "Customer:", "Invoice to:"), buyer, g.address(),
		"", g.table(its, m), "", totals, pay,
		g.pick("", "Thank you for your business.", "Late payments are subject to a 1.5% monthly fee."))
}

func receipt(g g) []string {
	m := g.currency()
	var its []item
	store := g.pick("FreshMart", "Corner Grocery", "Bella Cucina", "QuickStop", "Green Basket Market", "Cafe Aroma", "HomeBase Hardware", "City Pharmacy")
	kind := g.r.IntN(3)
	switch kind {
	case 0:
		its = g.items(groceries, g.n(2, 12), 0.5, 12)
	case 1:
		its = g.items(dishes, g.n(1, 6), 3, 35)
	default:
		its = g.items(goods, g.n(1, 3), 5, 120)
	}
	var body []string
	for _, it := range its {
		if g.chance(0.5) {
			body = append(body, fmt.Sprintf("%-28s %10s", strings.ToUpper(it.desc), m.f(float64(it.qty)*it.price)))
		} else {
			body = append(body, fmt.Sprintf("%d %s  %s", it.qty, it.desc, m.f(float64(it.qty)*it.price)))
		}
	}
	sub := total(its)
	tax := float64(int(sub*0.07*100+0.5)) / 100
	d := g.date()
	pay := g.pick("VISA", "MASTERCARD", "AMEX", "DEBIT", "CASH")
	payLines := []string{fmt.Sprintf("%s %s", pay, m.f(sub+tax))}
	if pay != "CASH" {
		payLines = append(payLines, "Card: **** **** **** "+g.digits(4), "Auth code: "+g.digits(6), g.pick("Contactless", "Chip read", "Swiped"))
	} else {
		payLines = append(payLines, "Change: "+m.f(float64(g.n(0, 19))))
	}
	tip := []string{}
	if kind == 1 {
		tip = []string{"Tip: " + m.f(sub*0.15), "Server: " + g.pick(firstNames...), "Table " + fmt.Sprint(g.n(1, 40))}
	}
	return lines(store, g.address(), g.pick("Tel "+g.phone(), "www."+strings.ToLower(strings.ReplaceAll(store, " ", ""))+".example"), "",
		g.pick("SALES RECEIPT", "RECEIPT", "Customer copy", "Receipt", "CASH RECEIPT"),
		fmt.Sprintf("Date: %s  Time: %02d:%02d", g.fmtDate(d), g.n(7, 22), g.n(0, 59)),
		fmt.Sprintf("%s %s  %s %d", g.pick("Trans", "Transaction", "Receipt #", "Order"), g.digits(6), g.pick("Reg", "Till", "Lane"), g.n(1, 12)),
		"", body, "", "SUBTOTAL "+m.f(sub), "TAX "+m.f(tax), g.pick("TOTAL ", "TOTAL DUE ", "AMOUNT ")+m.f(sub+tax), tip, payLines, "",
		g.pick("Thank you for shopping with us!", "Thanks for your visit", "Returns accepted within 30 days with receipt.", "Keep this receipt for your records."),
		g.pick("", "Items sold: "+fmt.Sprint(len(its)), "You saved "+m.f(float64(g.n(1, 9)))+" today"))
}

func contract(g g) []string {
	a, b := g.company(), g.company()
	if g.chance(0.4) {
		b = g.person()
	}
	d := g.date()
	kind := g.pick("SERVICES AGREEMENT", "MASTER SERVICES AGREEMENT", "NON-DISCLOSURE AGREEMENT", "EMPLOYMENT AGREEMENT",
		"COMMERCIAL LEASE AGREEMENT", "CONSULTING AGREEMENT", "SOFTWARE LICENSE AGREEMENT", "SUPPLY AGREEMENT")
	m := g.currency()
	clauses := [][]string{
		{"Term", fmt.Sprintf("This Agreement commences on the Effective Date and continues for a period of %d %s unless terminated earlier in accordance with this Agreement.", g.n(1, 5), g.pick("years", "months"))},
		{"Termination", fmt.Sprintf("Either Party may terminate this Agreement upon %s days' prior written notice to the other Party. Either Party may terminate immediately upon a material breach that remains uncured.", g.pick("30", "60", "90"))},
		{"Confidentiality", "Each Party shall hold the Confidential Information of the other Party in strict confidence and shall not disclose it to any third party without prior written consent."},
		{"Governing Law", fmt.Sprintf("This Agreement shall be governed by and construed in accordance with the laws of %s.", g.pick("the State of Delaware", "the State of New York", "England and Wales", "Germany", "the State of California"))},
		{"Indemnification", "Each Party shall indemnify, defend and hold harmless the other Party from and against any claims, damages, liabilities and expenses arising out of its breach of this Agreement."},
		{"Compensation", fmt.Sprintf("In consideration of the services, the Client shall pay the fees of %s %s, payable within thirty (30) days of receipt of each invoice.", m.f(float64(g.n(2, 400))*250), g.pick("per month", "per year", "in total"))},
		{"Limitation of Liability", "In no event shall either Party be liable for indirect, incidental, special or consequential damages."},
		{"Entire Agreement", "This Agreement constitutes the entire agreement between the Parties and supersedes all prior understandings, whether written or oral."},
		{"Assignment", "Neither Party may assign its rights or obligations under this Agreement without the prior written consent of the other Party."},
		{"Notices", "All notices under this Agreement shall be in writing and delivered by hand, courier or registered mail to the addresses set out above."},
	}
	g.r.Shuffle(len(clauses), func(i, j int) { clauses[i], clauses[j] = clauses[j], clauses[i] })
	var body []string
	for i, c := range clauses[:g.n(4, 9)] {
		if g.chance(0.5) {
			body = append(body, fmt.Sprintf("%d. %s. %s", i+1, c[0], c[1]), "")
		} else {
			body = append(body, fmt.Sprintf("ARTICLE %d - %s", i+1, strings.ToUpper(c[0])), c[1], "")
		}
	}
	return lines(kind, "",
		fmt.Sprintf("This %s (the \"Agreement\") is %s as of %s (the \"Effective Date\") by and between:", strings.ToLower(kind), g.pick("entered into", "made", "executed"), g.fmtDate(d)),
		"", fmt.Sprintf("%s, with its principal place of business at %s (\"%s\"), and", a, strings.Join(g.address(), ", "), g.pick("Provider", "Company", "Licensor", "Landlord", "Disclosing Party")),
		fmt.Sprintf("%s, residing or having its office at %s (\"%s\").", b, strings.Join(g.address(), ", "), g.pick("Client", "Employee", "Licensee", "Tenant", "Receiving Party")),
		"", g.pick("WHEREAS, the Parties wish to set out the terms on which they will cooperate;", "RECITALS", "NOW, THEREFORE, in consideration of the mutual covenants herein, the Parties agree as follows:"), "",
		body,
		"IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date.", "",
		"Signature: ______________________", "Name: "+g.person(), "Title: "+g.pick("Chief Executive Officer", "Managing Director", "General Counsel", "VP Operations"), "Date: "+g.fmtDate(d),
		"", "Signature: ______________________", "Name: "+g.person(), "Date: "+g.fmtDate(d.AddDate(0, 0, g.n(0, 5))))
}

func bankStatement(g g) []string {
	m := g.currency()
	bank := g.pick("First National Bank", "Harbor Savings Bank", "Sparkasse Mitte", "Crédit Régional", "Union Trust Bank", "Metro Credit Union")
	holder := g.person()
	start := g.date()
	end := start.AddDate(0, 1, -1)
	bal := float64(g.n(200, 40000)) + float64(g.n(0, 99))/100
	open := bal
	var rows []string
	layout := g.r.IntN(2)
	if layout == 0 {
		rows = append(rows, fmt.Sprintf("%-12s %-38s %12s %12s %12s", "Date", "Description", "Withdrawals", "Deposits", "Balance"))
	} else {
		rows = append(rows, "Date | Transaction details | Amount | Balance")
	}
	descs := []string{"ACH DEPOSIT PAYROLL " + g.company(), "POS PURCHASE " + g.pick("FRESHMART", "SHELL OIL", "AMAZON MKTPLACE", "STARBUCKS"),
		"ONLINE TRANSFER TO SAVINGS", "ATM WITHDRAWAL", "DIRECT DEBIT " + g.pick("CITY POWER", "TELCO MOBILE", "GYM CLUB"),
		"CHECK #" + g.digits(4), "INTEREST PAID", "MONTHLY SERVICE FEE", "WIRE TRANSFER IN", "SEPA CREDIT TRANSFER", "CARD PAYMENT " + g.pick("RESTAURANT", "PHARMACY", "BOOKSTORE")}
	for i := range g.n(5, 16) {
		d := start.AddDate(0, 0, i*2)
		amt := float64(g.n(3, 2500)) + float64(g.n(0, 99))/100
		desc := descs[g.r.IntN(len(descs))]
		credit := strings.Contains(desc, "DEPOSIT") || strings.Contains(desc, "INTEREST") || strings.Contains(desc, "IN") && g.chance(0.5)
		if credit {
			bal += amt
		} else {
			bal -= amt
		}
		if layout == 0 {
			w, dep := m.f(amt), ""
			if credit {
				w, dep = "", m.f(amt)
			}
			rows = append(rows, fmt.Sprintf("%-12s %-38s %12s %12s %12s", d.Format("01/02"), desc, w, dep, m.f(bal)))
		} else {
			sign := "-"
			if credit {
				sign = "+"
			}
			rows = append(rows, fmt.Sprintf("%s | %s | %s%s | %s", d.Format("2006-01-02"), desc, sign, m.f(amt), m.f(bal)))
		}
	}
	acct := g.pick("Account number: ****"+g.digits(4), "Account No. XXXX-XXXX-"+g.digits(4), "IBAN: "+g.iban())
	return lines(bank, g.address(), "", g.pick("ACCOUNT STATEMENT", "Statement of Account", "Monthly Statement", "Checking Account Statement", "Savings Account Statement"),
		"Account holder: "+holder, g.address(), acct,
		fmt.Sprintf("Statement period: %s to %s", g.fmtDate(start), g.fmtDate(end)), "",
		"Opening balance: "+m.f(open), rows, "Closing balance: "+m.f(bal), "",
		g.pick("Please examine this statement and report any discrepancy within 60 days.", "Deposits are insured up to the applicable limits.", "Questions? Call customer service at "+g.phone()),
		g.pick("", "Overdraft limit: "+m.f(float64(g.n(1, 20))*100), "Average daily balance: "+m.f(open)))
}

func insuranceClaim(g g) []string {
	m := g.currency()
	insured := g.person()
	insurer := g.pick("Guardian Mutual Insurance", "SafeHarbor Insurance Co.", "Allianz Partners", "Pinnacle Casualty", "Lakeshore Auto Insurance")
	kind := g.r.IntN(3)
	var loss []string
	switch kind {
	case 0:
		loss = []string{"Type of loss: Auto collision",
			fmt.Sprintf("Vehicle: %d %s %s, VIN %s%s", g.n(2008, 2024), g.pick("Toyota", "Ford", "Honda", "Volkswagen", "BMW"), g.pick("Corolla", "Focus", "Civic", "Golf", "X3"), g.letters(3), g.digits(14)),
			"Description of incident: " + g.pick("Rear-ended at a traffic light; bumper and trunk damaged.", "Collided with a deer on the highway at night.", "Side-swiped while parked; driver door dented.", "Hail damage to roof and hood.")}
	case 1:
		loss = []string{"Type of loss: " + g.pick("Water damage", "Fire", "Theft / burglary", "Storm damage"),
			"Property address: " + strings.Join(g.address(), ", "),
			"Description of incident: " + g.pick("Burst pipe flooded the basement; flooring and drywall damaged.", "Kitchen fire damaged cabinets and appliances.", "Break-in through rear door; electronics and jewelry stolen.", "Tree fell on the roof during the storm.")}
	default:
		loss = []string{"Type of loss: " + g.pick("Travel interruption", "Lost luggage", "Personal liability"),
			"Description of incident: " + g.pick("Flight cancelled; additional hotel nights incurred.", "Checked baggage not delivered after 72 hours.", "Guest slipped on the stairs and was injured.")}
	}
	return lines(insurer, g.pick("CLAIM FORM", "Notice of Loss", "Property Loss Notice", "Automobile Loss Report", "Claim Submission"), "",
		fmt.Sprintf("Claim number: %s-%s", g.letters(2), g.digits(8)),
		fmt.Sprintf("Policy number: %s%s", g.letters(3), g.digits(9)),
		"Policyholder / insured: "+insured, "Address: "+strings.Join(g.address(), ", "), "Phone: "+g.phone(), "E-mail: "+g.email(insured),
		"Date of loss: "+g.fmtDate(g.date()), fmt.Sprintf("Time of loss: approx. %02d:%02d", g.n(0, 23), g.n(0, 59)), "",
		loss, g.pick("Police report number: "+g.digits(7), "Police report filed: No", "Witnesses: "+g.person()), "",
		g.pick("", "", "", "", "Refund to payment card: "+g.card(), "Refund by bank transfer to IBAN "+g.iban()),
		"Estimated amount of loss: "+m.f(float64(g.n(300, 60000))), "Deductible: "+m.f(float64([]int{250, 500, 1000}[g.r.IntN(3)])),
		g.pick("Adjuster assigned: "+g.person(), "Claim status: Under review", "Adjuster: pending assignment"), "",
		g.pick("I declare that the information given in this claim is true and complete to the best of my knowledge.", "Any person who knowingly files a fraudulent insurance claim may be guilty of a crime."),
		"Signature of claimant: ____________  Date: "+g.fmtDate(g.date()))
}

func medicalRecord(g g) []string {
	patient := g.person()
	dob := g.dob()
	doc := "Dr. " + g.person()
	cc := g.pick("chest pain", "persistent cough", "lower back pain", "headache and dizziness", "abdominal pain", "follow-up of type 2 diabetes", "shortness of breath", "ankle sprain")
	vit := fmt.Sprintf("BP %d/%d mmHg, HR %d bpm, Temp %.1f C, SpO2 %d%%, Weight %d kg", g.n(100, 160), g.n(60, 100), g.n(52, 110), 36+g.r.Float64()*2.5, g.n(91, 100), g.n(48, 120))
	meds := []string{g.pick("Metformin 500 mg twice daily", "Lisinopril 10 mg daily", "Ibuprofen 400 mg as needed", "Amoxicillin 500 mg three times daily for 7 days", "Atorvastatin 20 mg at night", "Albuterol inhaler 2 puffs as needed")}
	kind := g.pick("PROGRESS NOTE", "DISCHARGE SUMMARY", "Clinic Visit Note", "History and Physical", "Outpatient Consultation", "LABORATORY REPORT")
	var body []string
	if kind == "LABORATORY REPORT" {
		body = lines(fmt.Sprintf("Specimen collected: %s", g.fmtDate(g.date())),
			fmt.Sprintf("Hemoglobin  %.1f g/dL   (ref 12.0-17.5)", 10+g.r.Float64()*7),
			fmt.Sprintf("WBC         %.1f x10^9/L (ref 4.0-11.0)", 3+g.r.Float64()*10),
			fmt.Sprintf("Glucose     %d mg/dL  (ref 70-99)", g.n(65, 240)),
			fmt.Sprintf("HbA1c       %.1f %%    (ref < 5.7)", 4.8+g.r.Float64()*4),
			fmt.Sprintf("Creatinine  %.2f mg/dL (ref 0.6-1.3)", 0.5+g.r.Float64()), "Results reviewed by "+doc)
	} else {
		body = lines("Chief complaint: "+cc,
			"History of present illness: "+fmt.Sprintf("%d-year-old %s presents with %s for %d days. %s", 2024-dob.Year(), g.pick("male", "female"), cc, g.n(1, 30),
				g.pick("Denies fever or chills.", "Symptoms worse at night.", "No known drug allergies.", "Reports mild nausea.")),
			"Past medical history: "+g.pick("Hypertension", "Asthma", "None significant", "Type 2 diabetes mellitus", "Hyperlipidemia"),
			"Vital signs: "+vit,
			"Physical examination: "+g.pick("Lungs clear to auscultation bilaterally.", "Tenderness in the lumbar region, no neurological deficit.", "Abdomen soft, mild epigastric tenderness.", "Swelling over the lateral malleolus."),
			"Assessment: "+g.pick("Acute bronchitis", "Mechanical low back pain", "Gastritis", "Essential hypertension, controlled", "Grade II ankle sprain", "Tension-type headache"),
			"Plan: "+g.pick("Start medication as below, follow up in 2 weeks.", "Physical therapy referral; return if symptoms worsen.", "Order chest X-ray and CBC.", "Continue current regimen; repeat labs in 3 months."),
			"Medications: "+strings.Join(meds, "; "))
	}
	return lines(g.pick("St. Mary's Hospital", "Riverside Medical Center", "Lakeview Family Clinic", "University Health Clinic", "Praxis Dr. "+g.pick(lastNames...)),
		kind, "", "Patient name: "+patient, "Date of birth: "+g.fmtDate(dob), fmt.Sprintf("MRN: %s", g.digits(8)),
		g.pick("Sex: M", "Sex: F", "Gender: female", "Gender: male"), "Date of visit: "+g.fmtDate(g.date()), "Attending physician: "+doc,
		g.pick("", "Insurance: "+g.pick("BlueCross PPO", "Medicare", "AOK", "Aetna HMO")+" member "+g.letters(3)+g.digits(8)), "",
		body, "", g.pick("Electronically signed by "+doc, "CONFIDENTIAL: protected health information.", "Signed: "+doc+", MD"))
}

func idDocument(g g) []string {
	sur, given := strings.ToUpper(g.pick(lastNames...)), strings.ToUpper(g.pick(firstNames...))
	dob := g.dob()
	issue := g.date()
	exp := issue.AddDate(10, 0, -1)
	no := g.letters(1) + g.digits(8)
	mrzName := strings.ReplaceAll(strings.ReplaceAll(sur, "'", ""), "Ü", "UE") + "<<" + given
	switch g.r.IntN(3) {
	case 0:
		cc := g.pick("USA", "D", "FRA", "GBR", "NLD")
		return lines(g.pick("PASSPORT", "PASSPORT / PASSEPORT / REISEPASS"), "Type: P   Country code: "+cc, "Passport No.: "+no,
			"Surname: "+sur, "Given names: "+given, "Nationality: "+g.pick("UNITED STATES OF AMERICA", "DEUTSCH", "FRANÇAISE", "BRITISH CITIZEN", "NEDERLANDSE"),
			"Date of birth: "+dob.Format("02 Jan 2006"), "Sex: "+g.pick("M", "F"), "Place of birth: "+g.pick("BERLIN", "NEW YORK", "LYON", "LONDON", "UTRECHT"),
			"Date of issue: "+issue.Format("02 Jan 2006"), "Date of expiry: "+exp.Format("02 Jan 2006"), "Authority: "+g.pick("U.S. Department of State", "Stadt Berlin", "Préfecture du Rhône", "HMPO"),
			"", fmt.Sprintf("P<%-3s%s", cc, (mrzName + strings.Repeat("<", 44))[:39]),
			fmt.Sprintf("%s<%s%s%s%s", no, g.digits(1), cc, dob.Format("060102"), g.digits(1)+g.pick("M", "F")+exp.Format("060102")+g.digits(1)+"<<<<<<<<<<<<<<"+g.digits(2)))
	case 1:
		c := usCities[g.r.IntN(len(usCities))]
		return lines(g.pick("DRIVER LICENSE", "DRIVER'S LICENSE", "Commercial Driver License"), "State of "+c[1], "DL "+g.letters(1)+g.digits(7),
			"Class "+g.pick("C", "D", "A", "B"), "LN "+sur, "FN "+given, strings.Join(g.address(), " "), "DOB "+dob.Format("01/02/2006"),
			"EXP "+exp.Format("01/02/2006"), "ISS "+issue.Format("01/02/2006"), fmt.Sprintf("SEX %s  HGT %d-%02d  EYES %s", g.pick("M", "F"), g.n(4, 6), g.n(0, 11), g.pick("BRN", "BLU", "GRN", "HAZ")),
			"RESTR "+g.pick("NONE", "B", "CORRECTIVE LENSES"), "DD "+g.digits(12), g.pick("ORGAN DONOR", "VETERAN", ""))
	default:
		return lines(g.pick("IDENTITY CARD", "NATIONAL IDENTITY CARD", "RESIDENCE PERMIT", "PERSONALAUSWEIS / IDENTITY CARD"), "Document number: "+no,
			"Surname / Name: "+sur, "Given names / Vornamen: "+given, "Date of birth / Geburtstag: "+dob.Format("02.01.2006"),
			"Nationality: "+g.pick("DEUTSCH", "ITALIANA", "ESPAÑOLA", "ÖSTERREICH"), "Place of birth: "+g.pick("MÜNCHEN", "ROMA", "MADRID", "WIEN"),
			"Date of expiry: "+exp.Format("02.01.2006"), "Card access number: "+g.digits(6), "",
			fmt.Sprintf("IDD<<%s%s<<<<<<<<<<<<<<<", no, g.digits(1)), fmt.Sprintf("%s%s<%s%s<<<<<<<<<<<<<%s", dob.Format("060102"), g.digits(1), exp.Format("060102"), g.digits(1), g.pick("D", "I", "E")),
			(mrzName + strings.Repeat("<", 30))[:30])
	}
}

func taxForm(g g) []string {
	m := money{sym: "$"}
	name := g.person()
	year := g.n(2021, 2024)
	wages := float64(g.n(18000, 240000)) + float64(g.n(0, 99))/100
	switch g.r.IntN(3) {
	case 0:
		return lines(fmt.Sprintf("Form W-2 Wage and Tax Statement %d", year), "Copy B - To Be Filed With Employee's FEDERAL Tax Return", "",
			"a Employee's social security number: "+g.ssn(), fmt.Sprintf("b Employer identification number (EIN): %s-%s", g.digits(2), g.digits(7)),
			"c Employer's name, address, and ZIP code: "+g.company()+", "+strings.Join(g.address(), ", "),
			"e Employee's first name and initial, last name: "+name, "f Employee's address: "+strings.Join(g.address(), ", "),
			"1 Wages, tips, other compensation: "+m.f(wages), "2 Federal income tax withheld: "+m.f(wages*0.14),
			"3 Social security wages: "+m.f(wages), "4 Social security tax withheld: "+m.f(wages*0.062),
			"5 Medicare wages and tips: "+m.f(wages), "6 Medicare tax withheld: "+m.f(wages*0.0145),
			"15 State: "+usCities[g.r.IntN(len(usCities))][1]+"  16 State wages: "+m.f(wages)+"  17 State income tax: "+m.f(wages*0.04),
			"Department of the Treasury - Internal Revenue Service")
	case 1:
		return lines(fmt.Sprintf("Form 1099-%s", g.pick("NEC", "MISC", "INT", "DIV")), fmt.Sprintf("For calendar year %d", year), "",
			"PAYER'S name, street address, city: "+g.company()+", "+strings.Join(g.address(), ", "),
			fmt.Sprintf("PAYER'S TIN: %s-%s", g.digits(2), g.digits(7)), "RECIPIENT'S TIN: "+g.ssn(), "RECIPIENT'S name: "+name,
			"Street address: "+strings.Join(g.address(), ", "), "Account number (see instructions): "+g.digits(10),
			"1 Nonemployee compensation: "+m.f(wages/3), "4 Federal income tax withheld: "+m.f(0),
			"This is important tax information and is being furnished to the IRS.", "If you are required to file a return, a negligence penalty may be imposed on you.")
	default:
		filing := g.pick("Single", "Married filing jointly", "Head of household", "Married filing separately")
		return lines(fmt.Sprintf("Form 1040 U.S. Individual Income Tax Return %d", year), "Department of the Treasury—Internal Revenue Service  OMB No. 1545-0074", "",
			"Filing status: "+filing, "Your first name and middle initial / Last name: "+name, "Your social security number: "+g.ssn(),
			"Home address: "+strings.Join(g.address(), ", "), "",
			"1a Total amount from Form(s) W-2, box 1: "+m.f(wages), "2b Taxable interest: "+m.f(float64(g.n(0, 900))),
			"9 Total income: "+m.f(wages*1.02), "11 Adjusted gross income: "+m.f(wages), "12 Standard deduction: "+m.f(13850),
			"15 Taxable income: "+m.f(wages-13850), "24 Total tax: "+m.f(wages*0.16), "25a Federal income tax withheld from Form W-2: "+m.f(wages*0.15),
			g.pick("34 Amount overpaid (refund): "+m.f(float64(g.n(10, 4000))), "37 Amount you owe: "+m.f(float64(g.n(10, 4000)))),
			"Under penalties of perjury, I declare that I have examined this return and accompanying schedules and statements.",
			"Your signature ______  Date "+g.fmtDate(g.date())+"  Your occupation: "+g.pick("Engineer", "Teacher", "Nurse", "Accountant", "Sales"))
	}
}

func purchaseOrder(g g) []string {
	m := g.currency()
	buyer, vendor := g.company(), g.company()
	its := g.items(goods, g.n(1, 8), 4, 2500)
	sub := total(its)
	d := g.date()
	return lines(buyer, g.address(), "",
		g.pick("PURCHASE ORDER", "Purchase Order", "PO", "PURCHASE ORDER / BESTELLUNG"),
		fmt.Sprintf("%s: %s%s", g.pick("PO Number", "P.O. No.", "Order number", "PO #"), g.pick("PO-", "4500", "P"), g.digits(6)),
		"Order date: "+g.fmtDate(d), g.pick("Requested delivery date: ", "Deliver by: ", "Required by: ")+g.fmtDate(d.AddDate(0, 0, g.n(5, 60))),
		"", g.pick("Vendor:", "Supplier:", "To:"), vendor, g.address(), "",
		g.pick("Ship to:", "Deliver to:", "Delivery address:"), buyer+" - "+g.pick("Receiving Dock", "Warehouse 2", "Main Office"), g.address(), "",
		g.pick("Shipping method: ", "Ship via: ", "Incoterms: ")+g.pick("UPS Ground", "FedEx Priority", "FOB Destination", "DAP", "Freight collect"),
		g.pick("Payment terms: Net 30", "Terms: Net 45", "Payment: 30 days after receipt of goods and invoice"), "",
		g.table(its, m), "", "Order total: "+m.f(sub), "",
		g.pick("Please confirm receipt of this purchase order and the delivery date.", "Invoices must quote the PO number or they will be returned.", "Partial shipments are not accepted without prior approval."),
		"Requested by: "+g.person()+", "+g.pick("Procurement", "Purchasing", "Facilities", "IT Department"),
		"Authorized by: "+g.person()+"  Approval "+g.pick("signature", "code "+g.digits(5)))
}

func other(g g) []string {
	p := g.person()
	switch g.r.IntN(8) {
	case 6:
		inv := g.pick("INV-", "#", "") + g.digits(6)
		return lines(g.company(), g.fmtDate(g.date()), "", "Subject: "+g.pick("Payment reminder", "Question about invoice "+inv, "Account update", "Order confirmation"),
			"Dear customer,", g.pick("Our records show that invoice "+inv+" is still open. If you have already paid, please disregard this message.",
				"Thank you for your order. Your items will ship within 3 business days; you will receive the invoice by e-mail.",
				"We have updated our bank details. Please use the new account for all future payments.",
				"We could not process your last payment. Please contact our accounts team."),
			"Customer service: "+g.phone()+" | "+g.email("service desk"), "", "Best regards,", p, g.pick("Accounts receivable", "Customer care", "Billing team"))
	case 7:
		return lines("From: "+g.email(p), "To: "+g.email(g.person()), "Subject: "+g.pick("Re: documents for the claim", "Fwd: contract draft", "Lunch on Friday?", "Re: your statement", "Travel plans"), "",
			g.pick("Hi,", "Hello,", "Dear colleague,"), g.pick("Please find attached the documents we discussed; the signed copy will follow by post.",
				"Can we move our call to Thursday afternoon? I have a conflict with the quarterly review.",
				"I checked the figures and they match what the bank sent us last month.",
				"The doctor's appointment is confirmed for next Tuesday, so I will be out in the morning."),
			"", "Thanks,", p, g.phone())
	case 0:
		return lines("MEETING MINUTES", g.company()+" - "+g.pick("Project steering committee", "Board of directors", "Weekly team sync", "Safety committee"),
			"Date: "+g.fmtDate(g.date()), "Attendees: "+p+", "+g.person()+", "+g.person(), "",
			"1. "+g.pick("Review of last week's action items: all closed except the vendor onboarding.", "Budget update: spending is on track for the quarter."),
			"2. "+g.pick("Roadmap discussion: the launch moves to the second half of the month.", "Hiring: two open positions, interviews next week."),
			"3. "+g.pick("Any other business: the office will be closed on Friday.", "Risks: supplier delays could affect the timeline."),
			"Action items: "+p+" to circulate the updated plan by "+g.fmtDate(g.date())+".", "Next meeting: "+g.fmtDate(g.date()))
	case 1:
		return lines(g.company(), strings.Join(g.address(), ", "), "", g.fmtDate(g.date()), "", "Dear "+g.pick("Mr.", "Ms.", "Dr.")+" "+g.pick(lastNames...)+",", "",
			g.pick("I am writing to apply for the position of project manager advertised on your website.", "Thank you for your letter of last month regarding our partnership.", "We are pleased to invite you to our annual customer conference.", "Following our conversation, I would like to summarize the next steps."),
			g.pick("I have eight years of experience leading cross-functional teams and delivering complex projects.", "The conference will take place in the city centre and includes workshops and a networking dinner.", "We look forward to continuing our collaboration in the coming year."),
			"Please do not hesitate to contact me at "+g.email(p)+" or "+g.phone()+".", "", g.pick("Sincerely,", "Kind regards,", "Best wishes,"), p)
	case 2:
		return lines(g.pick("PRESS RELEASE", "FOR IMMEDIATE RELEASE", "NEWS"), strings.ToUpper(g.pick(euCities[g.r.IntN(len(euCities))][0], usCities[g.r.IntN(len(usCities))][0]))+", "+g.fmtDate(g.date())+" -",
			g.company()+" today announced "+g.pick("the opening of a new research facility", "a partnership with a leading university", "record quarterly results", "the launch of its new product line")+".",
			"\""+g.pick("This is an exciting milestone for our team", "We are proud of what we have achieved together", "Our customers are at the heart of everything we do")+",\" said "+p+", "+g.pick("CEO", "founder", "head of marketing")+".",
			"About the company: founded in "+fmt.Sprint(g.n(1950, 2020))+", it employs "+fmt.Sprint(g.n(20, 9000))+" people worldwide.",
			"Media contact: "+g.email(p))
	case 3:
		return lines(g.pick("Recipe: ", "")+g.pick("Lemon Olive Oil Cake", "Vegetable Lasagna", "Chicken Curry", "Banana Bread"), "Serves "+fmt.Sprint(g.n(2, 10)), "",
			"Ingredients:", fmt.Sprintf("- %d cups flour", g.n(1, 3)), fmt.Sprintf("- %d eggs", g.n(1, 4)), "- 1 tsp salt", fmt.Sprintf("- %d g butter", g.n(50, 250)), "",
			"Instructions:", "1. Preheat the oven to 180 C.", "2. Mix the dry ingredients in a large bowl.", "3. "+g.pick("Bake for 45 minutes until golden.", "Simmer for 20 minutes, stirring occasionally."), "Enjoy!")
	case 4:
		return lines("MEMO", "To: All staff", "From: "+p+", "+g.pick("Human Resources", "Facilities", "IT Service Desk"), "Date: "+g.fmtDate(g.date()),
			"Subject: "+g.pick("Office relocation", "Password policy update", "Holiday schedule", "Parking garage maintenance"), "",
			g.pick("Starting next month all passwords must be at least 14 characters and rotated yearly.", "The office will move to the new building over the weekend; please pack your desks by Friday.", "The garage will be closed for maintenance; please use the visitor lot."),
			"Questions can be sent to "+g.email(p)+".", "Thank you for your cooperation.")
	default:
		return lines(g.pick("User Guide", "Quick Start Guide", "Installation Manual"), g.pick("Model XR-200 Wireless Router", "SmartHome Thermostat T5", "ProBlend Kitchen Mixer"), "",
			"1. Unpack the device and check that all parts are included.", "2. Connect the power adapter and wait until the status light turns green.",
			"3. "+g.pick("Open the app and follow the pairing instructions.", "Press and hold the reset button for 10 seconds to restore factory settings."),
			"Safety: do not expose the device to water or extreme heat.", "Warranty: "+fmt.Sprint(g.n(1, 3))+" years limited warranty. Support: "+g.phone())
	}
}
