package corpus

import (
	"fmt"
	"strings"
)

// The templates below fill the gaps a hand-labelled development set
// (internal/classify/testdata/dev) showed by category: web-shop receipts
// with the payment taken against order e-mails without it, restaurant bills
// against hospitality invoices, short NDAs and offer letters, student, staff
// and membership cards, dental and medical claim forms. Each says what tells
// its type apart in the words a reader would use: a receipt records a
// payment made (paid, charged), an invoice asks for one (due, payable),
// an order e-mail says nothing was charged yet.

var products = []string{"Wireless earbuds", "Yoga mat", "Phone case", "Running shoes", "Cotton T-shirt (2 pack)", "Desk lamp",
	"Water bottle 750ml", "Backpack 20L", "Kitchen scale", "Board game", "Paperback novel", "Bluetooth speaker",
	"Face cream 50ml", "Dog lead", "Coffee grinder", "Bed sheets double", "HDMI cable 2m", "Scented candle", "Rain jacket"}

var drinks = []string{"Sparkling water", "Glass of house white", "Pint of lager", "Cola", "Cappuccino", "Bottle of Rioja",
	"Mint tea", "Fresh orange juice", "Espresso", "Craft IPA"}

// receiptOrder is an online order with the payment taken: the e-mail or page
// a web shop sends once the card was charged.
func receiptOrder(g g) []string {
	m := g.currency()
	shop := g.pick(g.company(), "Urban Threads", "PixelPlay Store", "GreenLeaf Organics", "Bookworm Online", "HomeNest", "TechHub Direct", "Pawsome Pets")
	its := g.items(products, g.n(1, 4), 4, 180)
	for i := range its {
		its[i].qty = g.n(1, 3)
	}
	var rows []string
	for _, it := range its {
		rows = append(rows, g.pick(
			fmt.Sprintf("%s  x%d  %s", it.desc, it.qty, m.f(float64(it.qty)*it.price)),
			fmt.Sprintf("%d  %s  %s", it.qty, it.desc, m.f(float64(it.qty)*it.price)),
			fmt.Sprintf("%-30s %s", it.desc, m.f(float64(it.qty)*it.price))))
	}
	sub := total(its)
	ship := float64(g.pick3(0, 3.99, 5.95))
	tax := sub * 0.08
	paid := sub + ship + tax
	greet := g.pick("Thanks for your order, "+g.pick(firstNames...)+"!", "Your payment was successful.", "Payment received - thank you!",
		"We've charged your card for this order.", "Here is your receipt.", "Order paid", "Receipt for order")
	return lines(shop, g.pick("", "Receipt", "Order receipt", "Payment receipt", "Your receipt", "Purchase receipt", "Tax receipt"), greet, "",
		g.kv(g.pick("Order number", "Order #", "Order ID", "Order no."), g.pick("", "#", g.letters(2)+"-")+g.digits(g.n(6, 10))),
		g.kv(g.pick("Order date", "Placed on", "Date", "Paid on"), g.fmtDate(g.date())), "",
		rows,
		g.kv(g.pick("Subtotal", "Items"), m.f(sub)),
		g.kv(g.pick("Shipping", "Delivery", "Postage"), g.pick(m.f(ship), "Free")),
		g.pick(g.kv(g.pick("Tax", "Sales tax", "Estimated tax"), m.f(tax)), g.kv(g.pick("VAT included", "incl. VAT"), m.f(tax))),
		g.kv(g.pick("Total charged", "Amount paid", "Total paid", "Charged to your card", "Order total (paid)", "Grand total paid"), m.f(paid)),
		g.kv(g.pick("Payment method", "Paid with", "Paid by", "Charged to"), g.pick("Visa ending ", "Mastercard ending ", "Amex ****", "PayPal account ", "Debit card ****", "Apple Pay - card ")+g.digits(4)),
		g.pick("Payment status: Paid", "Status: payment completed", "Transaction ID "+g.letters(3)+g.digits(9), "Authorisation code "+g.digits(6), ""),
		g.pick("Keep this receipt for returns and exchanges.", "This e-mail is your proof of purchase.", "Returns within 30 days with this receipt.",
			"Your items will ship soon; tracking follows by e-mail.", "Questions about your payment? Contact support."))
}

// pick3 returns one of three amounts.
func (g g) pick3(a, b, c float64) float64 { return []float64{a, b, c}[g.r.IntN(3)] }

// receiptRestaurant is a restaurant, cafe or pub bill once paid: tables,
// covers, servers, service charges, tips.
func receiptRestaurant(g g) []string {
	m := g.currency()
	place := g.pick("Trattoria Bella", "The Golden Fork", "Bistro du Coin", "Gasthaus zur Linde", "Sakura Sushi", "The Anchor Inn",
		"Casa Lupita", "Spice Garden", "Café Central", "Ocean Grill", "Taverna Mykonos", "The Crown & Thistle")
	its := g.items(dishes, g.n(1, 5), 4, 32)
	its = append(its, g.items(drinks, g.n(0, 3), 2, 30)...)
	var rows []string
	for i := range its {
		its[i].qty = g.n(1, 4)
		it := its[i]
		rows = append(rows, g.pick(fmt.Sprintf("%d %s  %s", it.qty, it.desc, plain(float64(it.qty)*it.price)),
			fmt.Sprintf("%d x %s %s", it.qty, it.desc, m.f(float64(it.qty)*it.price)),
			fmt.Sprintf("%-26s %8s", strings.ToUpper(it.desc), plain(float64(it.qty)*it.price))))
	}
	sub := total(its)
	table := g.pick("Table", "Tisch", "Tavolo", "Table no.", "Tbl")
	guests := g.pick("Covers", "Guests", "Pax", "Coperti", "Personen")
	var extra []string
	if g.chance(0.5) {
		extra = append(extra, g.kv(g.pick("Service charge 12.5%", "Service 10%", "Gratuity 18%", "Coperto", "Bedienung"), m.f(sub*0.1)))
	}
	if g.chance(0.4) {
		extra = append(extra, g.kv(g.pick("Tip", "Gratuity added", "Trinkgeld"), m.f(float64(g.n(1, 15)))))
	}
	return lines(place, g.pick("", strings.Join(g.address(), ", ")), g.pick("", "Guest check", "Bill", "Receipt", "Rechnung / Quittung", "Conto", "Addition"),
		fmt.Sprintf("%s %d  %s %d  %s", table, g.n(1, 40), guests, g.n(1, 8), g.pick("Server: "+g.pick(firstNames...), "Waiter "+g.pick(firstNames...), "Kellner "+fmt.Sprint(g.n(1, 9)), "")),
		g.fmtDate(g.date())+fmt.Sprintf(" %02d:%02d", g.n(11, 23), g.n(0, 59)),
		rows, extra,
		g.kv(g.pick("TOTAL", "Total", "Summe", "Totale", "Amount", "Balance"), m.f(sub*1.1)),
		g.pick("Paid by card", "PAID - VISA ****"+g.digits(4), "Card payment approved", "Mastercard contactless "+m.f(sub*1.1), "Cash tendered "+m.f(sub*1.2), "Bezahlt: EC-Karte", "Pagato carta", "Payé CB"),
		g.pick("Thank you for dining with us!", "Grazie!", "Vielen Dank für Ihren Besuch", "Merci et à bientôt", "Service not included", "Please come again", "VAT included"))
}

// invoiceHospitality is a hotel, catering or venue invoice: the same
// settings as a restaurant bill, but payment is asked for, not made.
func invoiceHospitality(g g) []string {
	m := g.currency()
	seller := g.pick("Hotel "+g.pick(lastNames...), "Grand Hotel "+g.pick(streets...), g.pick(lastNames...)+" Catering", "The Event Kitchen", "Riverside Conference Centre", "Gasthof "+g.pick(lastNames...))
	var rows []string
	var sum float64
	for range g.n(1, 4) {
		q, p := g.n(1, 60), g.amount(5, 250)
		sum += float64(q) * p
		rows = append(rows, fmt.Sprintf("%s %d x %s  %s", g.pick("Room night", "Buffet lunch", "Conference room hire", "Coffee break", "Dinner menu", "AV equipment", "Staff hours", "Breakfast"), q, plain(p), plain(float64(q)*p)))
	}
	return lines(seller, g.pick("INVOICE", "Invoice", "Tax invoice", "Rechnung"), g.kv(g.pick("Invoice no", "Invoice number", "Folio / invoice"), g.digits(g.n(4, 7))),
		g.kv(g.pick("Client", "Bill to", "Company", "Guest"), g.pick(g.company(), g.person())),
		g.kv(g.pick("Event date", "Stay", "Arrival"), g.fmtDate(g.date())), rows,
		g.kv(g.pick("Net", "Subtotal"), m.f(sum)), g.kv(g.pick("VAT", "Tax"), m.f(sum*0.1)),
		g.kv(g.pick("Amount due", "Total payable", "Balance due", "Please pay"), m.f(sum*1.1)),
		g.pick("Payment due within 14 days.", "Payable by bank transfer within 30 days, quoting the invoice number.", "To be settled by the company on receipt of this invoice.", "Due date: "+g.fmtDate(g.date())))
}

// otherOrderNotice is an order e-mail without payment taken: placed,
// processing, backordered, cancelled, a quote or a basket reminder.
// It is other: nothing records a payment or asks for one.
func otherOrderNotice(g g) []string {
	m := g.currency()
	its := g.items(products, g.n(1, 3), 4, 150)
	var rows []string
	for _, it := range its {
		rows = append(rows, fmt.Sprintf("%s  %d  %s", it.desc, g.n(1, 2), m.f(it.price)))
	}
	return lines(g.pick("We've received your order", "Your order is being processed", "Order update", "Item on backorder", "Your order was cancelled",
		"You left something in your basket", "Order placed - awaiting payment", "Pre-order confirmed", "Your order is on hold"),
		g.pick("Hi "+g.pick(firstNames...)+",", "Hello,", ""),
		g.kv(g.pick("Order number", "Order #", "Reference"), g.digits(g.n(5, 9))),
		rows, g.kv(g.pick("Estimated total", "Order value", "Basket total", "Total"), m.f(total(its))),
		g.pick("Your card has not been charged yet; we take payment when your order ships.", "No payment has been taken.",
			"Payment will be collected on delivery.", "We will charge you once the item is back in stock.", "Any authorisation on your card will be released within 5 days.",
			"Complete checkout to place your order.", "You will receive a receipt once payment is complete."),
		g.pick("Track your order in your account.", "Reply to this e-mail if you have questions.", "Cancel free of charge before dispatch.", "See our delivery FAQ."))
}

// contractNDA is a non-disclosure or confidentiality agreement, long to a
// few lines.
func contractNDA(g g) []string {
	a, b := g.company(), g.pick(g.company(), g.person())
	title := g.pick("NON-DISCLOSURE AGREEMENT", "Mutual Non-Disclosure Agreement", "Confidentiality Agreement", "NDA", "Unilateral NDA",
		"Geheimhaltungsvereinbarung / NDA", "Confidentiality and Non-Use Undertaking")
	terms := []string{
		"The Recipient shall keep the Confidential Information secret and use it solely for the Purpose.",
		"Confidential Information means any business, technical or financial information disclosed by either party, in any form.",
		"Information that is public, already known to the Recipient or independently developed is not Confidential Information.",
		fmt.Sprintf("The obligations of confidentiality survive for %d years after disclosure.", g.n(1, 5)),
		"On request the Recipient shall return or destroy all copies of the Confidential Information.",
		"No licence or other right is granted by this agreement.",
		"Disclosure required by law is permitted after prompt notice to the Discloser.",
		"Breach may cause irreparable harm; the Discloser may seek injunctive relief.",
		"The parties may exchange information to evaluate " + g.pick("a possible business relationship", "a joint venture", "an acquisition", "a supply arrangement", "a research collaboration") + ".",
	}
	g.r.Shuffle(len(terms), func(i, j int) { terms[i], terms[j] = terms[j], terms[i] })
	body := terms[:g.n(2, 6)]
	for i := range body {
		if g.chance(0.5) {
			body[i] = fmt.Sprintf("%d. %s", i+1, body[i])
		}
	}
	return lines(title, g.pick(
		fmt.Sprintf("This agreement is made on %s between %s (the Discloser) and %s (the Recipient).", g.fmtDate(g.date()), a, b),
		fmt.Sprintf("Parties: %s and %s", a, b), fmt.Sprintf("Between %s and %s.", a, b),
		fmt.Sprintf("%s and %s agree as follows:", a, b)),
		body,
		g.pick("Governed by the laws of "+g.pick("England and Wales", "Delaware", "Ireland", "Germany", "Ontario")+".", "", "Signed in two counterparts."),
		g.pick("Signed: ____________  ____________", "For "+a+": ________   For the Recipient: ________", "Signature ________ Name "+g.person(), "Agreed and accepted: ____________"),
		g.kv("Date", g.fmtDate(g.date())))
}

// contractOffer is an employment or engagement offer with its terms and a
// line to sign for acceptance: a contract, unlike a job advert or a
// cover letter.
func contractOffer(g g) []string {
	m := g.currency()
	co, p := g.company(), g.person()
	role := g.pick("Project Manager", "Data Analyst", "Warehouse Supervisor", "Registered Nurse", "Software Engineer", "Sales Executive", "Office Administrator", "Graphic Designer")
	start := g.date()
	terms := []string{
		g.kv(g.pick("Position", "Job title", "Role"), role),
		g.kv(g.pick("Start date", "Commencement", "First day"), g.fmtDate(start)),
		g.kv(g.pick("Salary", "Annual salary", "Base pay", "Rate"), g.pick(m.f(float64(g.n(25, 140))*1000)+" per year", m.f(float64(g.n(20, 90)))+" per hour", m.f(float64(g.n(200, 800)))+" per day")),
		g.kv(g.pick("Hours", "Working time"), g.pick("37.5 hours per week", "full time", "part time, 20 hours per week", "3 days per week")),
		g.kv(g.pick("Probation", "Probationary period"), g.pick("3 months", "6 months", "none")),
		g.kv(g.pick("Holiday", "Annual leave", "Vacation"), fmt.Sprint(g.n(20, 30))+" days"),
		g.kv(g.pick("Notice period", "Notice"), g.pick("1 month", "2 weeks", "3 months")+" by either party"),
		g.kv(g.pick("Benefits", "Pension"), g.pick("company pension scheme", "health insurance", "bonus up to 10%", "stock options")),
	}
	g.r.Shuffle(len(terms), func(i, j int) { terms[i], terms[j] = terms[j], terms[i] })
	intro := g.pick(
		fmt.Sprintf("We are pleased to offer you the position of %s at %s on the terms below.", role, co),
		fmt.Sprintf("Further to your interview, %s offers you employment as %s.", co, role),
		fmt.Sprintf("This letter confirms our offer of engagement as %s.", role),
		fmt.Sprintf("%s is delighted to offer you a %s contract as %s.", co, g.pick("permanent", "fixed-term", "freelance"), role))
	accept := g.pick("To accept this offer, please sign and return one copy.", "Please sign below to confirm your acceptance of these terms.",
		"This offer is subject to references and proof of your right to work.", "The offer remains open until "+g.fmtDate(start.AddDate(0, 0, -14))+".")
	if g.chance(0.3) {
		return lines(g.pick("Offer of employment", "Offer letter", "Offer of engagement", "Conditional offer"), intro, terms[:g.n(3, 5)], accept,
			"Signed ________ (employee)   ________ (for "+co+")")
	}
	return lines(co, g.pick("", strings.Join(g.address(), ", ")), g.fmtDate(start.AddDate(0, 0, -g.n(14, 60))), "",
		g.pick("Dear ", "Dear Mr. ", "Dear Ms. ")+p+",", "", g.pick("Offer of employment", "Re: Offer of employment", "Letter of offer", ""), intro, "",
		terms[:g.n(4, 8)], "", g.pick("This letter and the staff handbook form your contract of employment.", "Your employment will be governed by the enclosed terms and conditions.", ""),
		accept, "", g.pick("Yours sincerely,", "Kind regards,", "Sincerely,"), g.person()+", "+g.pick("HR Manager", "Head of People", "Managing Director", "Recruitment Lead"),
		"", g.pick("I accept the offer on these terms.", "Accepted and agreed:", "Acceptance"), g.pick("Signature ____________  Date ______", "Signed: ____________", "Name: "+p+"  Signature: ________"))
}

// idCard is a student, staff, membership or library card: a name, a
// number, an issuer, a validity.
func idCard(g g) []string {
	p := g.person()
	if g.chance(0.5) {
		p = strings.ToUpper(p)
	}
	var issuer, kind, num string
	switch g.r.IntN(5) {
	case 0:
		issuer = g.pick("University of "+g.pick(streets...)+"field", g.pick(usCities[g.r.IntN(len(usCities))][0], euCities[g.r.IntN(len(euCities))][0])+" State University", "Technische Hochschule "+g.pick(euCities[g.r.IntN(len(euCities))][0]), "City College")
		kind = g.pick("STUDENT ID", "Student card", "STUDENT", "Studierendenausweis", "Carte étudiant")
		num = g.kv(g.pick("Student no.", "Student ID", "Matrikelnummer", "ID"), g.digits(g.n(7, 9)))
	case 1:
		issuer = g.company()
		kind = g.pick("EMPLOYEE ID", "Staff ID card", "STAFF", "Contractor badge", "Mitarbeiterausweis")
		num = g.kv(g.pick("Employee no.", "Staff ID", "Badge", "Personnel no."), g.digits(g.n(4, 7)))
	case 2:
		issuer = g.pick("Peak Fitness", "City Swim Centre", "Oakwood Golf Club", "Boulder Hall", "Metro Tennis Club", "Costwise Wholesale", "Automobile Club")
		kind = g.pick("MEMBERSHIP CARD", "Member", "MEMBER", "Club card", "Membership")
		num = g.kv(g.pick("Member ID", "Membership no.", "Member number", "No."), g.digits(3)+"-"+g.digits(5))
	case 3:
		issuer = g.pick("Public Library", "County Library Service", "Stadtbibliothek")
		kind = g.pick("LIBRARY CARD", "Library card", "Borrower card", "Leserausweis")
		num = g.kv(g.pick("Card no.", "Borrower ID", "Barcode"), g.digits(14))
	default:
		issuer = g.pick("Metro Transit", "Regional Rail", "City Bus Company")
		kind = g.pick("PHOTO ID PASS", "Travel pass - photo card", "Season ticket photocard")
		num = g.kv(g.pick("Photocard no.", "Card ID", "Pass no."), g.letters(2)+g.digits(6))
	}
	return lines(issuer, kind, g.pick(p, g.kv("Name", p), g.kv("Holder", p)), num,
		g.pick(g.kv(g.pick("Valid until", "Expires", "Exp", "Gültig bis", "Valid thru"), g.date().AddDate(g.n(1, 4), 0, 0).Format("01/2006")), g.kv("Issued", g.fmtDate(g.date()))),
		g.pick("", g.kv(g.pick("DOB", "Date of birth"), g.fmtDate(g.dob())), g.kv(g.pick("Faculty", "Department", "Dept", "Category"), g.pick("Engineering", "Finance", "Adult", "Family", "Law", "Operations"))),
		g.pick("", "Not transferable.", "If found, please return to "+issuer+".", "Show this card on request.", "Barcode "+g.digits(12), "Property of "+issuer+"."))
}

// claimHealth is a dental or medical insurance claim form: provider,
// member, procedure or service codes, fees, an assignment of benefits.
func claimHealth(g g) []string {
	m := g.currency()
	var rows []string
	var sum float64
	dental := g.chance(0.5)
	for range g.n(1, 4) {
		fee := g.amount(30, 900)
		sum += fee
		if dental {
			rows = append(rows, fmt.Sprintf("%s  %d  D%04d %s  %s", g.fmtDate(g.date()), g.n(11, 48), g.n(100, 9999), g.pick("exam", "cleaning", "filling", "crown", "x-rays", "extraction", "root canal"), m.f(fee)))
		} else {
			rows = append(rows, fmt.Sprintf("%s  CPT %d  %s  %s", g.fmtDate(g.date()), g.n(99201, 99499), g.pick("office visit", "physiotherapy", "blood test", "MRI", "consultation", "emergency care"), m.f(fee)))
		}
	}
	title := g.pick("DENTAL CLAIM FORM", "Dental claim", "Dental expense claim", "Claim for dental treatment")
	provider := g.kv(g.pick("Treating dentist", "Dentist", "Provider"), "Dr. "+g.person())
	if !dental {
		title = g.pick("HEALTH INSURANCE CLAIM FORM", "Medical claim form", "Claim for medical expenses", "Outpatient claim", "Request for reimbursement")
		provider = g.kv(g.pick("Provider", "Physician", "Clinic", "Billing provider"), g.pick("Dr. "+g.person(), g.pick(lastNames...)+" Medical Group", "Northside Clinic"))
	}
	return lines(g.pick("", g.pick("Guardian Mutual", "BlueShield Health", "Delta Care", "Aetna", "Helvetic Health", "SafeHarbor Health")), title,
		g.kv(g.pick("Subscriber", "Policyholder", "Insured", "Member"), g.person()),
		g.kv(g.pick("Member ID", "Insured's ID number", "Policy no.", "Subscriber ID"), g.letters(g.n(1, 3))+g.digits(g.n(7, 10))),
		g.pick("", g.kv(g.pick("Group no.", "Group number", "Plan"), g.digits(4))),
		g.kv(g.pick("Patient", "Patient name", "Claimant"), g.person()), g.pick("", g.kv(g.pick("Patient DOB", "Date of birth"), g.fmtDate(g.dob()))),
		provider, g.pick("", g.kv(g.pick("Provider no.", "NPI"), g.digits(10))), g.pick("", g.kv(g.pick("Diagnosis", "ICD-10"), g.pick("K02.52", "M54.5", "J06.9", "S93.4", "back pain", "tooth decay"))),
		rows,
		g.kv(g.pick("Total fee charged", "Total charges", "Total claimed", "Amount claimed", "Amount paid by member"), m.f(sum)),
		g.pick("I authorise payment of benefits to the provider.", "Assignment of benefits: yes", "Reimburse the member.", "Receipts attached.", "Please pay the provider directly."),
		g.pick("Signature of subscriber ________", "Patient signature ________  Date ______", "Signed ________", ""))
}

// medicalDental is a dental or therapy clinical note: the record a
// practice keeps, not a claim for its fees.
func medicalDental(g g) []string {
	return lines(g.pick("Smile Dental Practice", "Riverside Physiotherapy", "Dental Clinic "+g.pick(lastNames...), "Northside Physio"),
		g.pick("Clinical note", "Treatment record", "Dental chart", "Visit note", "Behandlungsnotiz"),
		g.kv("Patient", g.person()), g.kv(g.pick("DOB", "Date of birth"), g.fmtDate(g.dob())), g.kv(g.pick("Date", "Visit"), g.fmtDate(g.date())),
		g.kv(g.pick("Complaint", "Presenting", "Reason for visit"), g.pick("toothache upper right", "bleeding gums", "knee pain after running", "stiff neck", "broken filling")),
		g.kv(g.pick("Findings", "Exam", "Assessment"), g.pick("caries 16 mesial", "gingivitis, plaque", "patellar tendinopathy", "reduced cervical rotation", "fractured restoration 24")),
		g.kv(g.pick("Treatment", "Plan", "Procedure"), g.pick("composite filling under local anaesthetic", "scale and polish, oral hygiene advice", "exercises, review in 2 weeks", "manual therapy, home programme", "replace restoration next visit")),
		g.pick("Recall 6 months", "No complications", "Patient consented", "Clinician: "+g.person()))
}

// idLicence is a licence, permit or certificate issued to a person: the
// authority, the holder's particulars, what it allows, its conditions. Its
// conditions are a paragraph of "the holder must", which made an outside
// trial's firearm certificate a contract at 0.98: the corpus's
// obligations were all contracts'.
func idLicence(g g) []string {
	p := g.person()
	kinds := [][3]string{
		{"FIREARM CERTIFICATE", "Firearms Licensing Department", "The holder must keep the firearms and ammunition in a secure cabinet at the address shown and must notify the police of any change of address without delay."},
		{"SHOTGUN CERTIFICATE", "Constabulary Firearms Licensing", "The shotguns to which this certificate relates must at all times be stored securely when not in use, and must not be handed to anyone not entitled to possess them."},
		{"ROD FISHING LICENCE", "Environment Agency", "The holder must carry this licence while fishing and show it to a bailiff on request. It does not give permission to fish on private water."},
		{"HUNTING LICENCE", "Department of Fish and Wildlife", "The licensee must carry this licence and photo identification while hunting and must report every harvest within 72 hours."},
		{"SECURITY INDUSTRY LICENCE", "Security Industry Authority", "The licence holder must wear the licence where it can be seen while working, and must tell the authority of any conviction or change of name or address."},
		{"PRIVATE HIRE DRIVER LICENCE", "Licensing Section, Borough Council", "The driver must wear the badge at all times while working and must produce this licence on request to an authorised officer or police constable."},
		{"WORK PERMIT", "Immigration Services", "The holder may work only for the employer and in the occupation named above. Any change of employer requires a new permit."},
		{"BOATMASTER LICENCE", "Maritime and Coastguard Agency", "The holder must hold a valid medical certificate and must carry this licence when in command of a vessel."},
	}
	k := kinds[g.r.IntN(len(kinds))]
	no := g.pick(fmt.Sprintf("%02d/%s/%05d", g.n(18, 26), g.letters(3), g.n(1, 99999)), g.letters(2)+g.digits(8), g.digits(4)+" "+g.digits(4)+" "+g.digits(4))
	from := g.date()
	out := lines(k[0], g.pick(k[1], g.pick("Cumbria", "Devon", "Northumbria", "Ontario", "Oregon", "Wellington")+" "+k[1]), "",
		g.kv(g.pick("Certificate no.", "Licence number", "Permit no.", "Reference"), no),
		g.kv(g.pick("Valid from", "Date of issue", "Granted"), g.fmtDate(from)), g.kv(g.pick("Expires", "Valid until", "Expiry date"), g.fmtDate(from.AddDate(g.n(1, 5), 0, -1))),
		"", g.pick("PART I - HOLDER", "Holder", "Licence holder", "PARTICULARS OF HOLDER"), g.kv("Name", p), g.kv(g.pick("Date of birth", "DOB"), g.fmtDate(g.dob())),
		g.kv("Address", strings.Join(g.address(), ", ")), g.pick("", g.kv("Height", fmt.Sprintf("%d cm", g.n(150, 200)))), g.pick("", "Photograph attached", "Signature of holder"),
		"", g.pick("CONDITIONS", "Conditions", "Conditions of this licence", "Restrictions"), k[2])
	return append(out, g.pick("", "Issued on behalf of the Chief Officer.", "This licence remains the property of the issuing authority.", "Not valid unless signed by the holder."))
}
