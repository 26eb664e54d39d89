package corpus

import (
	"fmt"
	"slices"
	"strings"
)

// otherLetter writes a letter of several paragraphs of prose that is no
// contract: a reference, a cover letter, a complaint, thanks, a personal
// statement. The corpus's long prose was contracts' (and other's letters
// one sentence long), so an outside trial's letter of reference was
// recorded as a contract at 0.99.
func otherLetter(g g) []string {
	p, q := g.person(), g.person()
	var title string
	var body []string
	switch g.r.IntN(5) {
	case 0:
		title = g.pick("Letter of reference for ", "Reference: ", "Recommendation for ", "To whom it may concern - ") + q
		body = g.some(3, 5,
			"I have known "+q+" for "+g.pick("two", "three", "four", "six")+" years as "+g.pick("their employer", "their line manager", "a neighbour", "their landlord")+".",
			"In that time they have been reliable, curious and generous with their time.",
			"They are punctual, well prepared and honest about what they do not yet know.",
			"When our shop moved premises they organised the stocktake and the rota without being asked.",
			"I was particularly impressed by the care they took with the details nobody else wanted to check.",
			"Customers often asked for them by name.",
			"I am happy to recommend them for the "+g.pick("apprenticeship", "position", "scholarship", "tenancy")+".",
			"I would be glad to answer any questions by telephone.")
	case 1:
		title = g.pick("Application for the post of ", "Re: vacancy for ", "Cover letter - ") + g.pick("library assistant", "research associate", "sales coordinator", "site engineer", "nurse practitioner")
		body = g.some(3, 5,
			"I am writing to apply for the position advertised on your website last week.",
			"For the past "+g.pick("three", "five", "seven")+" years I have worked in a busy "+g.pick("public library", "laboratory", "regional office", "hospital ward")+", where I learned to manage competing priorities.",
			"I enjoy working with people and I am at my best when a problem needs patience.",
			"My enclosed CV gives the details of my training and experience.",
			"I would welcome the chance to discuss how I could contribute to your team.",
			"I am available for interview at any time in the coming weeks.")
	case 2:
		title = g.pick("Complaint about ", "Re: my visit on ", "Feedback on ") + g.pick("the delayed repair", "your service", "the noise from the building site", "the cancelled course")
		body = g.some(3, 5,
			"I am writing to express my disappointment with the way my request was handled.",
			"I was told on three occasions that someone would call me back, and nobody did.",
			"The staff I spoke to were polite, but nobody seemed able to take responsibility.",
			"I have been a loyal customer for many years and I would like to remain one.",
			"I would be grateful if you could look into the matter and let me know what you intend to do.",
			"I look forward to hearing from you within the next fortnight.")
	case 3:
		title = g.pick("Thank you", "With thanks", "A note of thanks", "Dear friends")
		body = g.some(3, 5,
			"I wanted to write to thank you for everything you did for us during a difficult few months.",
			"Your kindness and your visits meant more to my mother than she could say.",
			"The flowers from the whole team arrived on a grey morning and cheered us all up.",
			"We will always remember how welcome you made us feel.",
			"If you are ever in "+g.pick("Leeds", "Bristol", "Galway", "Porto", "Lyon")+", please come and see us.",
			"With warmest wishes to you and your families.")
	default:
		title = g.pick("Personal statement", "Statement of purpose", "Motivation letter")
		body = g.some(4, 6,
			"Ever since I repaired my first bicycle I have wanted to understand how machines work.",
			"At school I spent my free afternoons in the workshop and the robotics club.",
			"A summer job at a garage showed me how much care good maintenance takes.",
			"Coaching a junior football team taught me patience and clear instructions.",
			"I want to study mechanical engineering and learn from people who build things every day.",
			"In the long run I hope to design quieter and more efficient engines.",
			"I believe your degree would give me the grounding to do so.")
	}
	out := lines(g.pick(g.company(), "", p), strings.Join(g.address(), ", "), "", g.fmtDate(g.date()), "", title, "",
		g.pick("Dear "+g.pick("Sir or Madam", "Hiring Manager", "Ms "+g.pick(lastNames...), "Dr "+g.pick(lastNames...), "colleagues")+",", "To whom it may concern,", ""))
	out = append(out, g.paragraphs(body, 1, 3)...)
	return append(out, g.pick("Yours sincerely,", "Yours faithfully,", "Kind regards,", "With best wishes,"), p, g.pick("", g.email(p), g.phone()))
}

// paragraphs joins sentences into paragraphs of lo to hi sentences each,
// each paragraph a line followed by a blank one.
func (g g) paragraphs(sentences []string, lo, hi int) []string {
	var out []string
	for len(sentences) > 0 {
		k := min(len(sentences), g.n(lo, hi))
		out = append(out, strings.Join(sentences[:k], " "), "")
		sentences = sentences[k:]
	}
	return out
}

// some picks between lo and hi of xs, in their order.
func (g g) some(lo, hi int, xs ...string) []string {
	n := min(len(xs), g.n(lo, hi))
	keep := g.r.Perm(len(xs))[:n]
	slices.Sort(keep)
	out := make([]string, len(keep))
	for i, k := range keep {
		out[i] = xs[k]
	}
	return out
}

// medicalLetter is a clinician's letter of several sentences: a referral,
// a clinic's letter back to the family doctor, a discharge letter. Once
// other held letters and press releases of prose, the evaluation set's GP
// referral letter was recorded as other at 0.93: the corpus's medical
// records were forms and notes, its English prose letters all other's.
func medicalLetter(g g) []string {
	pt, dr := g.person(), g.person()
	var title string
	var body []string
	switch g.r.IntN(3) {
	case 0:
		title = g.pick("Referral", "Re: referral of ", "Urgent referral: ") + pt
		body = g.some(4, 6,
			"I would be grateful if you could assess this "+fmt.Sprint(g.n(19, 88))+"-year-old "+g.pick("man", "woman")+" who presented with "+g.pick("breathlessness on exertion", "a persistent cough", "intermittent chest pain", "a swelling in the neck", "worsening back pain", "recurrent headaches")+".",
			"Symptoms began about "+g.pick("two", "six", "eight", "ten")+" weeks ago and have not settled with simple measures.",
			"On examination "+g.pick("the blood pressure was 152/94", "there was a soft systolic murmur", "a firm node was palpable", "straight leg raising was limited on the left", "the chest was clear")+".",
			"Past medical history includes "+g.pick("type 2 diabetes", "asthma", "hypertension", "a hip replacement", "depression")+".",
			"Current medication: "+g.pick("metformin 500 mg twice daily", "ramipril 5 mg daily", "a salbutamol inhaler as required", "sertraline 50 mg daily")+".",
			"Blood tests, including a full blood count and renal function, were normal.",
			"I would value your opinion on further investigation and management.")
	case 1:
		title = g.pick("Clinic letter", "Outpatient clinic", "Re: ") + pt
		body = g.some(4, 6,
			"I reviewed "+pt+" in the "+g.pick("cardiology", "respiratory", "rheumatology", "orthopaedic", "neurology")+" clinic today.",
			"The echocardiogram showed good left ventricular function.",
			"The spirometry is in keeping with mild obstruction, and reversibility was demonstrated.",
			"The MRI shows a small disc protrusion without nerve root compression.",
			"I have increased the dose and asked the patient to keep a symptom diary.",
			"Please continue the current medication and check the kidney function in four weeks.",
			"I have not arranged a further appointment, but I would be happy to see the patient again if things change.")
	default:
		title = g.pick("Discharge letter", "Discharge summary", "Inpatient stay: ") + pt
		body = g.some(4, 6,
			"Your patient was admitted on "+g.fmtDate(g.date())+" with "+g.pick("community-acquired pneumonia", "a fractured neck of femur", "an exacerbation of COPD", "acute pyelonephritis", "atrial fibrillation with fast ventricular rate")+".",
			"They were treated with intravenous antibiotics and made a steady recovery.",
			"The fracture was fixed with a dynamic hip screw on the day after admission.",
			"Rate control was achieved with bisoprolol and anticoagulation was started.",
			"They are mobilising with a frame and physiotherapy will continue at home.",
			"Please review the blood pressure in one week and repeat the chest X-ray in six weeks.",
			"Medication on discharge is listed overleaf.")
	}
	out := lines(g.pick(g.pick("Riverside", "Parkview", "Hillcrest", "Meadowbank")+" Medical Practice", "Department of "+g.pick("Medicine", "Cardiology", "Respiratory Medicine", "Orthopaedics")+", "+g.pick("St Mary's", "City General", "Royal County")+" Hospital"),
		strings.Join(g.address(), ", "), g.pick("", "Tel "+g.phone()), "", g.fmtDate(g.date()), "",
		g.pick("Dear Dr "+g.pick(lastNames...)+",", "Dear Colleague,", "Dear Doctor,"), "",
		title+g.pick("", ", DOB "+g.fmtDate(g.dob()), ", date of birth "+g.fmtDate(g.dob())+", hospital no. "+g.digits(7)), "")
	out = append(out, g.paragraphs(body, 1, 3)...)
	return append(out, g.pick("Yours sincerely,", "With kind regards,", "Best wishes,"), "Dr "+dr, g.pick("General Practitioner", "Consultant Physician", "Specialty Registrar", "Consultant Cardiologist"))
}
