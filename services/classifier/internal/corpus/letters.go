package corpus

import (
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
	for len(body) > 0 {
		k := min(len(body), g.n(1, 3))
		out = append(out, strings.Join(body[:k], " "), "")
		body = body[k:]
	}
	return append(out, g.pick("Yours sincerely,", "Yours faithfully,", "Kind regards,", "With best wishes,"), p, g.pick("", g.email(p), g.phone()))
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
