package classify_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/pii"
	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/policy"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// unsure is a hand-written classifier with set candidates and abstention.
type unsure struct {
	cands     []events.Candidate
	ambiguous string
}

func (u unsure) Classify(context.Context, string) (classify.Prediction, error) {
	return classify.Prediction{Candidates: u.cands, Ambiguous: u.ambiguous}, nil
}
func (unsure) Model() events.Model { return events.Model{Name: "unsure", Version: "v1"} }

func TestDecideAbstains(t *testing.T) {
	c := func(typ string, p float64) events.Candidate { return events.Candidate{Type: typ, Score: p} }
	tests := []struct {
		name   string
		clf    unsure
		body   string
		review bool
		reason string
		rule   string
	}{
		{"two types in the set, high score", unsure{[]events.Candidate{c("tax_form", 0.91), c("id_document", 0.08)}, "2 types in the prediction set"}, "", true, classify.ReasonAmbiguousType, classify.RuleAmbiguous},
		{"other by a small margin", unsure{[]events.Candidate{c("other", 0.8), c("receipt", 0.35)}, ""}, "", true, classify.ReasonAmbiguousType, classify.RuleOtherMargin},
		{"other by a wide margin", unsure{[]events.Candidate{c("other", 0.95), c("receipt", 0.03)}, ""}, "", false, "", ""},
		{"one type in the set", unsure{[]events.Candidate{c("invoice", 0.95), c("receipt", 0.03)}, ""}, "", false, "", ""},
		{"policy rule wins the reason", unsure{[]events.Candidate{c("id_document", 0.9), c("tax_form", 0.09)}, "2 types in the prediction set"}, "", true, classify.ReasonRuleRequired, classify.RuleAmbiguous},
		// The fourteenth outside trial: a Dutch receipt for a caravan
		// sold privately, other at 0.98, paid to an IBAN.
		{"other by a wide margin, with an IBAN", unsure{[]events.Candidate{c("other", 0.98), c("receipt", 0.01)}, ""}, "Betaling ontvangen op rekening GB82 WEST 1234 5698 7654 32 op 6 april 2027.", true, classify.ReasonAmbiguousType, classify.RuleOtherPayment},
		// The sixty-ninth: a Portuguese council's letter about road works
		// recorded as a contract at 0.96; a council's titled contract
		// stays one.
		{"a council's letter the model calls a contract", unsure{[]events.Candidate{c("contract", 0.96), c("other", 0.03)}, ""}, "CÂMARA MUNICIPAL DE SETÚBAL\n\nDepartamento de Obras e Mobilidade\n\nEx.mo Senhor\n\nAssunto: Obras de requalificação da Avenida Luísa Todi - condicionamento de trânsito", true, classify.ReasonAmbiguousType, classify.RuleCouncil},
		{"a council's titled contract", unsure{[]events.Candidate{c("contract", 0.96), c("other", 0.03)}, ""}, "CÂMARA MUNICIPAL DE SETÚBAL\n\nCONTRATO DE EMPREITADA N.º 14/2026\n\nEntre o Município de Setúbal e a empresa", false, "", ""},
		// The sixty-seventh: a payslip, other by its title and the model,
		// names the account its pay went to.
		{"a payslip with its pay's iban", unsure{[]events.Candidate{c("other", 0.92), c("tax_form", 0.05)}, ""}, "DUBLIN NORTH WALL STEVEDORES LTD PAYSLIP\nEmployee: Cian Patrick Doyle\nNet pay 3,882.52 paid to IBAN IE29 AIBK 9311 5212 3456 78", false, "", ""},
		// A domestic bank account under its label counts as an IBAN does.
		{"other by a wide margin, with a bank account", unsure{[]events.Candidate{c("other", 0.98), c("receipt", 0.01)}, ""}, "Received with thanks. Paid into bank account no.: 12-3140-0123456-00 on 6 April.", true, classify.ReasonAmbiguousType, classify.RuleOtherPayment},
		// (The default policy reviews every card number anyway; the flag
		// tells the reviewer the type is in doubt too.)
		{"other by a wide margin, with a payment card", unsure{[]events.Candidate{c("other", 0.98), c("receipt", 0.01)}, ""}, "Paid by card number 4111 1111 1111 1111, thank you.", true, classify.ReasonRuleRequired, classify.RuleOtherPayment},
		// The twenty-fifth outside trial: a purchase order sent as an
		// e-mail, other at 1.00, with its total.
		{"other by a wide margin, stating a total", unsure{[]events.Candidate{c("other", 1), c("purchase_order", 0)}, ""}, "Subject: PO 7781-D\nPlease take this email as our purchase order 7781-D.\n40 whole packer briskets at $4.89/lb\nEstimated total $1,716.82\nThanks, Dana", true, classify.ReasonAmbiguousType, classify.RuleOtherTotal},
		// The thirty-fifth: an order e-mail whose totals stand under its
		// table's "Line" column, other at 0.98.
		{"other by a wide margin, its total under a line column", unsure{[]events.Candidate{c("other", 0.98), c("purchase_order", 0.01)}, ""}, "Subject: Order TC-0519 - delivery Thursday please\n\n  Qty  Item                           Unit (NZ$ excl GST)   Line\n  12   Kowhai House Blend, 1 kg               38.50          462.00\n\n  Subtotal excl GST                                         812.40\n  Total incl GST                                            934.26\n\nNga mihi, Aroha", true, classify.ReasonAmbiguousType, classify.RuleOtherTotal},
		// Go's \b knows only ASCII letters: "Yhteensä:" had no total.
		{"other by a wide margin, stating a total in finnish", unsure{[]events.Candidate{c("other", 1), c("purchase_order", 0)}, ""}, "Hei,\ntilaamme 40 kpl joulutähtiä, 3,40 € kpl.\nYhteensä: 136,00 €\nTerveisin, Mikko", true, classify.ReasonAmbiguousType, classify.RuleOtherTotal},
		// Found from outside (hundred-and-fourth trial): a Vietnamese VAT
		// invoice, its title misread, other at 0.89.
		{"other stating a total in vietnamese", unsure{[]events.Candidate{c("other", 0.89), c("invoice", 0.08)}, ""}, "CÔNG TY TNHH DU LỊCH VỊNH XANH\nCộng tiền hàng: 37.100.000\nThuế GTGT 8%: 2.968.000\n\nTổng cộng tiền thanh toán: 40.068.000 VND", true, classify.ReasonAmbiguousType, classify.RuleOtherTotal},
		{"other stating a total in vietnamese read without accents", unsure{[]events.Candidate{c("other", 0.89), c("invoice", 0.08)}, ""}, "CONG TY DU LICH\nTong cong tien thanh toan: 40.068.000 VND", true, classify.ReasonAmbiguousType, classify.RuleOtherTotal},
		{"other by a wide margin, stating a total to pay in french", unsure{[]events.Candidate{c("other", 1), c("invoice", 0)}, ""}, "Bonjour,\nvoici le détail de la commande.\nÀ payer 136,00 €\nCordialement", true, classify.ReasonAmbiguousType, classify.RuleOtherTotal},
		{"other by a wide margin, a total in its prose", unsure{[]events.Candidate{c("other", 0.98), c("receipt", 0.01)}, ""}, "Our bake sale raised a total of $5,000 for the new playground.", false, "", ""},
		// The twenty-sixth: an insurance claim written as a plain letter,
		// other at 1.00, that names the policy.
		{"other by a wide margin, naming a policy", unsure{[]events.Candidate{c("other", 1), c("insurance_claim", 0)}, ""}, "Dear Sir or Madam,\nI am writing about my house policy HH-2291-448-07. During the storm a tree came down on the roof.\nYours faithfully", true, classify.ReasonAmbiguousType, classify.RuleOtherRef},
		{"other by a wide margin, a policy of another kind", unsure{[]events.Candidate{c("other", 0.99), c("contract", 0.01)}, ""}, "Our privacy policy 2024 applies; the returns policy 30-day window too. Termin: po 2025-11-04.", false, "", ""},
		// The twenty-ninth: an Australian café's receipt titled "TAX
		// INVOICE", as receipts with GST are there.
		{"a till's receipt titled tax invoice", unsure{[]events.Candidate{c("receipt", 1), c("invoice", 0)}, ""}, "THE GREEDY MAGPIE CAFE\nABN 49 418 265 037\nTAX INVOICE\n2 x Flat White @ 5.20 10.40\nTOTAL (inc GST) $71.94\nEFTPOS: VISA $71.94\nThanks for visiting!", false, "", ""},
		// Found from outside (seventy-first trial): a fuel stop's card
		// approved after its masked number.
		{"a fuel stop's receipt titled tax invoice", unsure{[]events.Candidate{c("receipt", 0.9968), c("invoice", 0.003)}, ""}, "LATROBE VALLEY FUEL STOP\n1 Princes Drive, Morwell VIC 3840\nABN 40 615 208 337\nTAX INVOICE\nPump 6   Premium Diesel\nTOTAL (incl GST)             $820.22\nFLEET CARD ************6618  APPROVED", false, "", ""},
		{"a receipt titled tax invoice without a till's lines", unsure{[]events.Candidate{c("receipt", 1), c("invoice", 0)}, ""}, "HARBOUR PLUMBING PTY LTD\nABN 49 418 265 037\nTAX INVOICE\nLabour 2 hours 180.00\nTOTAL (inc GST) $198.00\nPayment within 14 days", true, classify.ReasonAmbiguousType, classify.RuleTitle},
		// The thirty-fourth: a Gulf pharmacy's receipt titled "SIMPLIFIED
		// TAX INVOICE", the receipt of a VAT system; a document that says
		// it is not an invoice, in Finnish.
		{"a receipt titled simplified tax invoice", unsure{[]events.Candidate{c("receipt", 1), c("invoice", 0)}, ""}, "LIFECARE PHARMACY L.L.C\nTRN 100388147200003\n\n     SIMPLIFIED TAX INVOICE\nReceipt No : DXB14-0093127\nPanadol 12.50\nTotal AED 12.50", false, "", ""},
		{"a health claim form with its discharge summary", unsure{[]events.Candidate{c("medical_record", 0.93), c("insurance_claim", 0.07)}, ""}, "SUNSHIELD HEALTH INSURANCE CO. LTD. Claims Department, Chennai 600 034\nREIMBURSEMENT CLAIM FORM - PART A (to be filled in by the insured) Form CL-1 (IRDAI)\nDETAILS OF PATIENT HOSPITALISED", true, classify.ReasonAmbiguousType, classify.RuleTitle},
		{"a document that says it is no invoice", unsure{[]events.Candidate{c("invoice", 1), c("receipt", 0)}, ""}, "Maksut Peruste (EUR)\nYhteensä maksettavaa 747,54\nEräpäivä 15.04.2026.\nTämä asiakirja ei ole lasku.", true, classify.ReasonAmbiguousType, classify.RuleDisclaimed},
		// The thirty-eighth: an invoice paid in full at the counter.
		{"an invoice paid at the counter", unsure{[]events.Candidate{c("invoice", 0.92), c("receipt", 0.08)}, ""}, "INVOICE\nThe Bike Hub Galway\nTotal (incl. VAT 23%) | €91.90\nPAID IN FULL — Visa contactless 22/10/2026 16:05\nAmount tendered €91.90   Change €0.00\nNo payment due. Thank you!", true, classify.ReasonAmbiguousType, classify.RulePaidAtTill},
		// The thirty-ninth: a garage's receipt titled an invoice, paid in
		// full, its change on it; the model's receipt stands.
		{"a receipt titled invoice, paid at the counter", unsure{[]events.Candidate{c("receipt", 0.77), c("invoice", 0.23)}, ""}, "Mesa Verde Auto Care\nINVOICE #RO-58214\nTOTAL $328.03\nPAID IN FULL — THANK YOU\nVisa ending 1133 · Auth 084117\nChange $0.00", false, "", ""},
		// Found from outside (fifty-eighth trial): a pub's bar tab
		// titled "TAX INVOICE", paid by card at the bar.
		{"a bar tab titled tax invoice, paid by card", unsure{[]events.Candidate{c("receipt", 0.9995), c("invoice", 0.0005)}, ""}, "THE TIDEWATER HOTEL\nPublic Bar & Beer Garden\n\nTAX INVOICE\nTab: 0417  Table 12\n4 x Schooner Tooheys New  @ 9.50  38.00\nTOTAL   $325.82\nPaid: MASTERCARD ************8832\nAuth 604219      Contactless\nChange                       $0.00", false, "", ""},
		{"a receipt titled invoice, paid by transfer", unsure{[]events.Candidate{c("receipt", 0.77), c("invoice", 0.23)}, ""}, "Mesa Verde Auto Care\nINVOICE #RO-58214\nTOTAL $328.03\nPAID IN FULL by bank transfer, thank you.", true, classify.ReasonAmbiguousType, classify.RuleTitle},
		// The fortieth: an Indian shop's invoice paid at its counter.
		{"an invoice whose payment status is paid at the counter", unsure{[]events.Candidate{c("invoice", 0.98), c("receipt", 0.02)}, ""}, "SHREE GANESH ELECTRONICS\nINVOICE\nTotal RS. 18,998.00\nPayment: Card (HDFC Debit)\nAmount received: Rs. 18,998.00 Balance: Rs. 0.00\nPayment status: PAID\nThank you, visit again!", true, classify.ReasonAmbiguousType, classify.RulePaidAtTill},
		// The forty-first: a Mexican shop's receipt titled "FACTURA", its
		// cash and change on it; a Nigerian fire policy's schedule the
		// model calls a contract; an Argentine bank's "RESUMEN DE CUENTA"
		// the model calls a contract.
		{"a receipt titled factura, its change on it", unsure{[]events.Candidate{c("receipt", 0.92), c("invoice", 0.08)}, ""}, "FERRETERÍA Y TLAPALERÍA EL CARMEN\nFACTURA No. A-33817\nTOTAL: MX$ 758.50\nEfectivo: MX$ 800.00\nCambio: MX$ 41.50\nGracias por su compra. Conserve su ticket.", false, "", ""},
		{"a receipt titled factura with an exchange rate", unsure{[]events.Candidate{c("receipt", 0.92), c("invoice", 0.08)}, ""}, "FACTURA No. A-33817\nTipo de cambio: 17.25\nTOTAL: USD 758.50", true, classify.ReasonAmbiguousType, classify.RuleTitle},
		{"a policy schedule the model calls a contract", unsure{[]events.Candidate{c("contract", 0.76), c("insurance_claim", 0.2)}, ""}, "GUARDIAN SHIELD ASSURANCE PLC\nPOLICY SCHEDULE - COMMERCIAL FIRE AND SPECIAL PERILS\nPolicy number: GSA/FSP/25/004417", true, classify.ReasonAmbiguousType, classify.RuleTitle},
		{"a contract titled a contract", unsure{[]events.Candidate{c("contract", 0.96), c("insurance_claim", 0.02)}, ""}, "SERVICE AGREEMENT\nThis agreement is made between the parties below.", false, "", ""},
		{"a bank's resumen de cuenta the model calls a contract", unsure{[]events.Candidate{c("contract", 0.95), c("bank_statement", 0.04)}, ""}, "Banco del Litoral S.A.\nRESUMEN DE CUENTA - CAJA DE AHORROS EN PESOS\nPeríodo: 01/10/2025 al 31/10/2025", true, classify.ReasonAmbiguousType, classify.RuleTitle},
		{"an invoice whose payment status is paid by transfer", unsure{[]events.Candidate{c("invoice", 0.98), c("receipt", 0.02)}, ""}, "INVOICE 2026-114\nTotal €1,250.00\nPayment status: PAID (bank transfer 03/11/2026)", false, "", ""},
		{"an invoice paid by transfer", unsure{[]events.Candidate{c("invoice", 0.97), c("receipt", 0.02)}, ""}, "INVOICE 2026-114\nTotal €1,250.00\nPAID IN FULL by bank transfer on 03/11/2026, thank you.", false, "", ""},
		{"a pro forma that is no tax invoice", unsure{[]events.Candidate{c("invoice", 1), c("receipt", 0)}, ""}, "PRO FORMA INVOICE no PF-2025-038\nThis pro forma is not a tax invoice; a final invoice will be issued on delivery.", false, "", ""},
		{"a receipt that says it is no invoice", unsure{[]events.Candidate{c("receipt", 1), c("invoice", 0)}, ""}, "Kvitto\nSumma 120,00 kr\nKvittot är ingen faktura.", false, "", ""},
		// The thirty-fifth: the Italian tax agency's notice of an
		// adjusted return, a contract at 0.97 by its letter's wording.
		{"a tax authority's letter the model calls a contract", unsure{[]events.Candidate{c("contract", 0.97), c("tax_form", 0.02)}, ""}, "Agenzia delle Entrate\nDirezione Provinciale di Milano\n\nOGGETTO: Comunicazione degli esiti del controllo automatizzato della dichiarazione\nGentile contribuente,", true, classify.ReasonAmbiguousType, classify.RuleTaxAuthority},
		// Found from outside (seventy-sixth trial): Estonia's.
		{"an estonian tax authority's letter the model calls an invoice", unsure{[]events.Candidate{c("invoice", 0.72), c("receipt", 0.18)}, ""}, "MAKSU- JA TOLLIAMET\nTeade maksuvõla kohta\nLugupeetud maksumaksja,", true, classify.ReasonAmbiguousType, classify.RuleTaxAuthority},
		{"a tax authority's letter the model calls a tax form", unsure{[]events.Candidate{c("tax_form", 0.97), c("contract", 0.02)}, ""}, "Agenzia delle Entrate\nComunicazione degli esiti del controllo", false, "", ""},
		{"a firm's tax office in its letterhead", unsure{[]events.Candidate{c("purchase_order", 0.97), c("invoice", 0.02)}, ""}, "Ege Makina A.Ş.\nVergi Dairesi: Çiğli   Vergi No: 3250418736\nSATINALMA SİPARİŞİ", false, "", ""},
		{"a known type stating a total", unsure{[]events.Candidate{c("invoice", 0.98), c("receipt", 0.01)}, ""}, "Invoice 77\nTotal due: $1,716.82", false, "", ""},
		{"a known type with an IBAN", unsure{[]events.Candidate{c("invoice", 0.98), c("receipt", 0.01)}, ""}, "Please pay to GB82 WEST 1234 5698 7654 32 by 6 April.", false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := tt.body
			if body == "" {
				body = "some text"
			}
			d, err := classify.NewEngine(tt.clf, policy.Default(), "builtin").Decide(context.Background(), "acme", classify.Text{Body: body, Bytes: int64(len(body))})
			if err != nil {
				t.Fatal(err)
			}
			if d.Review != tt.review || d.Reason != tt.reason {
				t.Errorf("review=%v reason=%q (rules %v), want %v %q", d.Review, d.Reason, d.RulesFired, tt.review, tt.reason)
			}
			if tt.rule != "" && !slices.Contains(d.RulesFired, tt.rule) {
				t.Errorf("rules fired %v, want %s among them", d.RulesFired, tt.rule)
			}
			if tt.clf.ambiguous != "" && d.Context["model.ambiguous"] != tt.clf.ambiguous {
				t.Errorf("context model.ambiguous = %q, want %q", d.Context["model.ambiguous"], tt.clf.ambiguous)
			}
			if tt.rule != "" && !slices.ContainsFunc(d.Flags, func(f events.Flag) bool { return f.Kind == tt.rule && f.Detail != "" }) {
				t.Errorf("flags %+v, want %s with a detail for the reviewer", d.Flags, tt.rule)
			}
		})
	}
}

// handModel is a model file written by hand: five invoice words, five
// receipt words, no weight on character n-grams, and a set threshold of
// 0.3, so that a text with as much of both has both in its set.
func handModel(t *testing.T) []byte {
	t.Helper()
	f := textmodel.File{Format: textmodel.Format, Name: textmodel.Name, Classes: []string{"invoice", "receipt"},
		CharBuckets: 1, CharIDF: []float32{1}, Weights: [][]float32{nil, nil}, Bias: []float32{0, 0}, Temperature: 1, Coverage: 0.95, SetThreshold: 0.3}
	for i, w := range []string{"bill", "due", "invoice", "remit", "terms", "cash", "change", "receipt", "thanks", "till"} {
		x := float32(3)
		if i >= 5 {
			x = -3
		}
		f.Vocab, f.IDF = append(f.Vocab, w), append(f.IDF, 1)
		f.Weights[0], f.Weights[1] = append(f.Weights[0], x), append(f.Weights[1], -x)
	}
	f.Weights[0], f.Weights[1] = append(f.Weights[0], 0), append(f.Weights[1], 0)
	raw, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestBuiltInPredictionSet: the built-in classifier sends a text whose
// conformal set holds two types to review as ambiguous_type, records a
// text with one, and names the model file's version in the decision.
func TestBuiltInPredictionSet(t *testing.T) {
	raw := handModel(t)
	b, err := classify.NewBuiltIn(raw)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policy.Parse([]byte(`{"default": {"review_threshold": 0.4}}`), b.Types(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(raw)
	version := hex.EncodeToString(sum[:])
	tests := []struct {
		name, text, set string
		review          bool
	}{
		{"invoice and receipt words alike", "invoice bill due remit terms receipt cash change till thanks", "invoice,receipt", true},
		{"invoice words", "invoice bill due remit terms", "invoice", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(b, pol, "test").Decide(context.Background(), "acme", classify.Text{Body: tt.text, Bytes: int64(len(tt.text))})
			if err != nil {
				t.Fatal(err)
			}
			set := strings.Split(d.Context["model.prediction_set"], ",")
			slices.Sort(set) // the two types tie: either may come first
			if d.Review != tt.review || (tt.review && d.Reason != classify.ReasonAmbiguousType) || strings.Join(set, ",") != tt.set {
				t.Errorf("review=%v reason=%q set=%q (rules %v), want review=%v set=%q", d.Review, d.Reason, d.Context["model.prediction_set"], d.RulesFired, tt.review, tt.set)
			}
			if d.Model.Version != version+"+policy.test" || d.Context["model.version"] != version {
				t.Errorf("model %+v, context version %q, want the file's digest %s", d.Model, d.Context["model.version"], version)
			}
		})
	}
}

// TestBuiltInOtherUnderItsClassThreshold: other has a threshold of its
// own, fitted on its calibration documents (Mondrian conformal); an other
// answer under it — a borderline other, however far it leads — goes to
// review as ambiguous_type with the reason in its flag, and one over it is
// recorded.
func TestBuiltInOtherUnderItsClassThreshold(t *testing.T) {
	var f textmodel.File
	if err := json.Unmarshal(handModel(t), &f); err != nil {
		t.Fatal(err)
	}
	f.Classes = []string{"invoice", "other"}
	// invoice's own threshold stays at the set threshold; other's is 0.99
	f.ClassThresholds = []float64{0.3, 0.99}
	raw, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := classify.NewBuiltIn(raw)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policy.Parse([]byte(`{"default": {"review_threshold": 0.4, "always_review_types": [], "review_pii": [], "amount_threshold": 0}}`), b.Types(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e := classify.NewEngine(b, pol, "test")
	// the receipt words of handModel are other's words here
	borderline := "cash change receipt thanks invoice bill"
	d, err := e.Decide(context.Background(), "acme", classify.Text{Body: borderline, Bytes: int64(len(borderline))})
	if err != nil {
		t.Fatal(err)
	}
	if d.Type != "other" || d.Confidence < 0.9 || d.Confidence >= 0.99 {
		t.Fatalf("type %s at %v, want other between 0.9 and its threshold 0.99 (candidates %+v)", d.Type, d.Confidence, d.Candidates)
	}
	if d.Candidates[0].Score-d.Candidates[1].Score < classify.OtherMargin {
		t.Fatalf("other leads by %v: the margin rule alone would send it to review", d.Candidates[0].Score-d.Candidates[1].Score)
	}
	if !d.Review || d.Reason != classify.ReasonAmbiguousType || !slices.Contains(d.RulesFired, classify.RuleAmbiguous) ||
		!strings.Contains(d.Context["model.ambiguous"], "under its class threshold 0.990") {
		t.Errorf("review=%v reason=%q rules=%v ambiguous=%q, want review as ambiguous_type saying other is under its class threshold",
			d.Review, d.Reason, d.RulesFired, d.Context["model.ambiguous"])
	}
	// the same file with other's threshold at the set threshold records it
	f.ClassThresholds = []float64{0.3, 0.3}
	raw, _ = json.Marshal(f)
	if b, err = classify.NewBuiltIn(raw); err != nil {
		t.Fatal(err)
	}
	d, err = classify.NewEngine(b, pol, "test").Decide(context.Background(), "acme", classify.Text{Body: borderline, Bytes: int64(len(borderline))})
	if err != nil {
		t.Fatal(err)
	}
	if d.Review || d.Type != "other" {
		t.Errorf("at the set threshold: type %s review=%v (rules %v), want other recorded", d.Type, d.Review, d.RulesFired)
	}
}

// A document whose title names a kind none of the types covers is other,
// reviewed, whatever the model called it (an American earnings statement
// was a tax_form at 1.00, a French bulletin de paie at 0.99).
func TestDecideOutsideTypes(t *testing.T) {
	c := func(typ string, p float64) events.Candidate { return events.Candidate{Type: typ, Score: p} }
	taxForm := unsure{[]events.Candidate{c("tax_form", 0.99), c("other", 0.01)}, ""}
	tests := []struct {
		name     string
		clf      unsure
		body     string
		typ      string
		review   bool
		flagged  bool
		wantWord string
	}{
		{"an english payslip", taxForm, "NORTHGATE LOGISTICS LTD\nPAYSLIP\nEmployee: Daniel Hughes\nGross pay 3,100.87\nPAYE tax 371.40\nNET PAY 2,411.55", "other", true, true, `payslip ("PAYSLIP")`},
		{"an american earnings statement", taxForm, "Earnings Statement\nRiverside Community Hospital\nFederal Income Tax 401.22\nNet Pay 2,238.86", "other", true, true, "tax_form (0.99)"},
		{"a french bulletin de paie", taxForm, "Fiche de paie - Bulletin de salaire\nSalaire brut 2 004,71\nNet payé 1 524,36", "other", true, true, "payslip"},
		// Found from outside (nineteenth trial): Spain's legal title of a
		// payslip, under the firm's name and address.
		{"a spanish recibo de salarios", taxForm, "TALLERES MECÁNICOS ZARAGOZA S.L. – CIF B50918273\nPol. Ind. Malpica, calle E, 50016 Zaragoza\n\nRECIBO INDIVIDUAL JUSTIFICATIVO DEL PAGO DE SALARIOS\nTrabajador: Lucía Gascón Bernal", "other", true, true, "payslip"},
		{"a polish pasek wynagrodzenia", taxForm, "PRZEDSIĘBIORSTWO TRANSPORTOWE „KORMORAN” – Elbląg\n\nPasek wynagrodzenia – listopad 2026\nPracownik: Michał Dąbrowski", "other", true, true, "payslip"},
		// Found from outside (seventy-fourth trial): a Vietnamese
		// payslip; Malaysia's and Indonesia's.
		{"a vietnamese phieu luong", taxForm, "CÔNG TY CỔ PHẦN VIỄN THÔNG SÔNG HỒNG\nTầng 9, 54 Liễu Giai, Ba Đình, Hà Nội\n\nPHIẾU LƯƠNG THÁNG 11/2026\n\nHọ và tên: Nguyễn Thị Thu Hằng", "other", true, true, "payslip"},
		{"a malay slip gaji", taxForm, "SLIP GAJI - NOVEMBER 2026\nNama: Nurul Aina binti Hassan\nGaji bersih RM 4,812.30", "other", true, true, "payslip"},
		{"a spanish nómina", taxForm, "NÓMINA NOVIEMBRE 2026\nTrabajador: Ana Ruiz\nLíquido a percibir 1.612,40", "other", true, true, "payslip"},
		// Found from outside (seventy-ninth trial): a Croatian payslip
		// scanned, its title read without its accents, recorded as a tax
		// form at 1.00.
		{"a croatian obracun place read without accents", taxForm, "NK JADRANSKA ZVIJEZDA d.d.\nPoljićka cesta 35, 21000 Split - OIB: 62847193050\n\nOBRACUN PLACE ZA STUDENI 2026.\n\nRadnik: Luka Barišić", "other", true, true, "payslip"},
		// Found from outside (eightieth trial): a Croatian dental clinic's
		// treatment plan and cost estimate typed a medical record at 0.99.
		{"a croatian treatment plan and cost estimate", unsure{[]events.Candidate{c("medical_record", 0.99), c("other", 0.005)}, ""}, "POLIKLINIKA DENTAL ADRIA SPLIT\nPut Firula 14, 21000 Split + tel. 021 384 227\n\nPLAN TERAPIJE I PROCJENA TROSKOVA br. 2026-1148\n\nPacijent: Marko Jurić", "other", true, true, "quotation"},
		{"an english treatment estimate", unsure{[]events.Candidate{c("medical_record", 0.9), c("other", 0.05)}, ""}, "BRIGHT SMILE DENTAL\n\nTREATMENT ESTIMATE\nPatient: Ava Nguyen\nImplant crown 2,450.00", "other", true, true, "quotation"},
		// Found from outside (eighty-first trial): a Greek quotation typed
		// an invoice at 0.57.
		{"a greek quotation", unsure{[]events.Candidate{c("invoice", 0.57), c("purchase_order", 0.3)}, ""}, "ΑΓΡΟΤΙΚΑ ΜΗΧΑΝΗΜΑΤΑ ΠΑΠΑΔΟΠΟΥΛΟΣ Α.Ε.\nΕθνική Οδός Λάρισας-Τρικάλων, 41500 Λάρισα\n\nΠΡΟΣΦΟΡΑ Αρ. 2026/318\nΗμερομηνία: 03/12/2026", "other", true, true, "quotation"},
		{"a turkish maas bordrosu read without accents", taxForm, "MAAS BORDROSU - KASIM 2026\nPersonel: Ayse Yilmaz\nNet ucret 38.412,50 TL", "other", true, true, "payslip"},
		// Found from outside (twenty-seventh trial): a remittance advice,
		// the payer's notice of what it paid, recorded as an invoice.
		// Found from outside (thirtieth trial): a bill of lading offered
		// as a contract; a German delivery note as an order.
		{"a bill of lading the model calls a contract", unsure{[]events.Candidate{c("contract", 0.87), c("other", 0.1)}, ""}, "BILL OF LADING FOR OCEAN TRANSPORT OR MULTIMODAL TRANSPORT        B/L No. LNSG26110417\nShipper: Lion City Exports Pte Ltd", "other", true, true, "transport document"},
		{"a delivery note the model calls an order", unsure{[]events.Candidate{c("purchase_order", 0.91), c("other", 0.05)}, ""}, "Müller Baustoffe GmbH\nLIEFERSCHEIN Nr. LS-2026-0912\nzu Ihrer Bestellung 4471", "other", true, true, "transport document"},
		// Found from outside (thirty-first trial): a council's parking
		// fine recorded as a contract at 0.95.
		{"a penalty charge notice the model calls a contract", unsure{[]events.Candidate{c("contract", 0.95), c("other", 0.03)}, ""}, "LEEDS CITY COUNCIL\n_ PENALTY CHARGE NOTICE\neS Traffic Management Act 2004\n\nPCN number: LS40918276", "other", true, true, "penalty notice"},
		// Found retraining on the fortieth trial: a Slovenian school
		// council's minutes, offered as a contract at 0.49.
		{"minutes the model calls a contract", unsure{[]events.Candidate{c("contract", 0.49), c("other", 0.45)}, ""}, "ZAPISNIK\n2. seje sveta staršev Osnovne šole Ivana Cankarja Vrhnika,\nki je bila v torek, 17. 11. 2026", "other", true, true, "minutes"},
		// Found from outside (hundred-and-second trial): a Romanian staff
		// meeting's minutes recorded as a contract at 0.87.
		{"romanian minutes the model calls a contract", unsure{[]events.Candidate{c("contract", 0.87), c("other", 0.1)}, ""}, "SC GUSTUL CASEI CATERING SRL\nStr. Memorandumului nr. 21, Cluj-Napoca\n\nPROCES-VERBAL\nal ședinței de personal din 16 noiembrie 2026\n\nParticipanți: Andrei Pop (administrator)", "other", true, true, "minutes"},
		{"french minutes of a general meeting", unsure{[]events.Candidate{c("contract", 0.8), c("other", 0.1)}, ""}, "SCI LES TILLEULS\n\nPROCÈS-VERBAL DE L'ASSEMBLÉE GÉNÉRALE ORDINAIRE\ndu 12 juin 2026", "other", true, true, "minutes"},
		// Found from outside (hundred-and-fourth trial): a Norwegian
		// employer's notice of dismissal, its subject after the letter's
		// place and date on the twelfth line, recorded as a contract at
		// 0.78; an Estonian meeting's minutes (a medical record at 0.74)
		// and a Swahili committee's (hundred-and-third).
		{"a norwegian notice of dismissal after the place and date", unsure{[]events.Candidate{c("contract", 0.78), c("other", 0.15)}, ""}, "Nordlys Reiser AS\nStorgata 68, 9008 Tromsø\nOrg.nr. 918 264 703\n\nOle Kristian Berg\nSkippergata 14\n\n9008 Tromsø\n\nTromsø, 2. mars 2026\n\nOPPSIGELSE AV ARBEIDSFORHOLD\n\nVi viser til drøftelsesmøte 24. februar 2026.", "other", true, true, "notice of termination"},
		{"a norwegian payslip whose ø OCR lost", unsure{[]events.Candidate{c("tax_form", 0.83), c("other", 0.1)}, ""}, "Solglott Sykehjem AS LONNSSLIPP\nAnsattnr.: 1184\nBruttolonn 39 685,00", "other", true, true, "payslip"},
		{"an estonian meeting's minutes", unsure{[]events.Candidate{c("medical_record", 0.74), c("other", 0.2)}, ""}, "OÜ Tervisekaitse Keskus\n\nKOOSOLEKU PROTOKOLL nr 4/2026\n\nToimumise aeg: 12.03.2026", "other", true, true, "minutes"},
		{"a swahili committee's minutes", unsure{[]events.Candidate{c("contract", 0.6), c("other", 0.3)}, ""}, "MUHTASARI WA KIKAO CHA KAMATI YA UONGOZI\nKilichofanyika tarehe 12/03/2026", "other", true, true, "minutes"},
		// Found from outside (ninety-third trial): a Slovak school board's
		// minutes, its title's accent lost, as a medical record.
		{"slovak minutes without the accent", unsure{[]events.Candidate{c("medical_record", 0.45), c("other", 0.30)}, ""}, "ZAPISNICA\nzo zasadnutia pedagogickej rady\nZakladnej umeleckej skoly, Hlavna 58, 040 01 Kosice", "other", true, true, "minutes"},
		// Found from outside (ninety-second trial): a board's minutes,
		// "PROTOKOLL DER VORSTANDSSITZUNG", offered as a contract.
		{"a german board's minutes", unsure{[]events.Candidate{c("contract", 0.52), c("other", 0.3)}, ""}, "Tafel Lahn-Dill e.V.\nGeschäftsstelle: Hermannsteiner Straße 58, 35576 Wetzlar\n\nPROTOKOLL DER VORSTANDSSITZUNG. : an\nam Dienstag, 17. November 2026, 19:00 bis 21:15 Uhr", "other", true, true, "minutes"},
		// Found from outside (ninetieth trial): a Latvian payslip, a
		// translator's cover sheet offered as a contract.
		{"a latvian algas aprekina lapa", taxForm, "ALGAS APRĒĶINA LAPA\nPeriods: 2025. gada septembris\nDarba devējs: SIA \"Jūrmalas Kūrorta Viesnīca\"", "other", true, true, "payslip"},
		{"a certified translation's cover sheet", unsure{[]events.Candidate{c("contract", 0.47), c("other", 0.3)}, ""}, "CARIB LINGUA TRANSLATION SERVICES\n22 Hope Road, Kingston 10, Jamaica - Tel (876) 927 4415 - info@cariblingua.com.jm\n\nCERTIFIED TRANSLATION - COVER SHEET AND TRANSLATOR'S DECLARATION\n\nJob number: CLT-25-1042", "other", true, true, "certified translation"},
		// Found from outside (eighty-eighth trial): a Croatian
		// inspectorate's minutes under three heading lines, a file
		// reference and a place and date, offered as a contract at 0.48.
		{"minutes under an authority's reference and date", unsure{[]events.Candidate{c("contract", 0.48), c("other", 0.28)}, ""}, "REPUBLIKA HRVATSKA\nDRŽAVNI INSPEKTORAT\nPodručni ured Split, Služba za nadzor hrane i hrane za životinje\n\nKlasa: 335-02/24-01/4471 Urbroj: 443-01-06-04/03-24-2\nSplit, 3. prosinca 2024.\n\nZAPISNIK O INSPEKCIJSKOM NADZORU\n(sigurnost hrane i higijena)\n\nNadzirani subjekt: DALMA CATERING d.o.o.", "other", true, true, "minutes"},
		{"a letter's body under its place and date is no title", unsure{[]events.Candidate{c("contract", 0.97), c("other", 0.02)}, ""}, "MIETVERTRAG\nzwischen Anna Huber\nund Karl Berger\nWien, 3. März 2026\nDie Parteien vereinbaren\n\nDie Mieterin darf das Protokoll der Versammlung einsehen.", "contract", false, false, ""},
		{"a lease's minutes clause is no title", unsure{[]events.Candidate{c("contract", 0.97), c("other", 0.02)}, ""}, "RESIDENTIAL TENANCY AGREEMENT\nParties: ...\n\n\n\n\n14. The tenant may ask for the minutes of the owners' meeting.", "contract", false, false, ""},
		{"a remittance advice the model calls an invoice", unsure{[]events.Candidate{c("invoice", 0.99), c("receipt", 0.01)}, ""}, "*** REMITTANCE ADVICE ***        This is not a cheque\n\nNorthern Shield Mechanical Inc.\nPayment No. 0045120", "other", true, true, "remittance advice"},
		{"a cv the model calls an id document", unsure{[]events.Candidate{c("id_document", 0.9), c("other", 0.08)}, ""}, "\n\nCURRICULUM VITAE\nSophie Lambert\nDate of birth: 14/05/1991", "other", true, true, "curriculum vitae"},
		// Found from outside (thirty-fourth trial): a Finnish customs
		// decision recorded as an invoice at 1.00; a Polish court's
		// notice of a hearing offered as an invoice.
		{"a customs decision the model calls an invoice", unsure{[]events.Candidate{c("invoice", 1.0)}, ""}, "TULLI | Tullauspäätös / Tullbeslut            MRN 26FI000000871240T1\nPäätöspäivä 05.03.2026\nArvo laskun mukaan: 2480.00 USD", "other", true, true, "customs decision"},
		{"a court's letter the model calls an invoice", unsure{[]events.Candidate{c("invoice", 0.33), c("contract", 0.31)}, ""}, "SĄD REJONOWY DLA KRAKOWA-PODGÓRZA W KRAKOWIE\nI Wydział Cywilny\nul. Przy Rondzie 7, 31-547 Kraków", "other", true, true, "court letter"},
		// Found from outside (forty-sixth trial): a Lagos High Court's
		// enrolled order for a hospital's fees recorded as a contract at
		// 1.00; an Argentine payslip offered as a tax form. A firm's
		// register court in its letterhead is no court's letter.
		{"a court's order the model calls a contract", unsure{[]events.Candidate{c("contract", 0.9985)}, ""}, "IN THE HIGH COURT OF LAGOS STATE\nIN THE IKEJA JUDICIAL DIVISION\nHOLDEN AT IKEJA\nSUIT NO: ID/4412GCM/2024\n\nBETWEEN\nADEYEMI SPECIALIST HOSPITAL LIMITED ... CLAIMANT/JUDGMENT CREDITOR\n\nENROLLED ORDER", "other", true, true, "court letter"},
		{"a german judgment by its court", unsure{[]events.Candidate{c("contract", 0.9)}, ""}, "Amtsgericht München\nAz. 233 C 4412/26\n\nIm Namen des Volkes\nEndurteil", "other", true, true, "court letter"},
		{"an order's register court is no court's letter", unsure{[]events.Candidate{c("purchase_order", 0.99)}, ""}, "Bestellung 4471\nAmtsgericht Stuttgart HRB 731204 · USt-IdNr. DE284716530\nHauptstraße 4, 80331 München", "purchase_order", false, false, ""},
		{"an argentine recibo de haberes", taxForm, "RECIBO DE HABERES – Ley 20.744\nEmpleador: Clínica San Martín S.A.\nSueldo básico 1.250.000,00", "other", true, true, "payslip"},
		// Found from outside (forty-eighth trial): a Turkish quotation
		// e-mailed under its subject, recorded as a purchase order at 1.00;
		// an employee's expense claim recorded as an insurance claim at
		// 1.00; an insurer's claim form for medical expenses is a claim.
		{"an italian quotation's number after n.", unsure{[]events.Candidate{c("invoice", 0.40), c("purchase_order", 0.35)}, ""}, "EDILCASA S.N.C.\nPREVENTIVO N. 58/2026\nTorino, 3 marzo 2026", "other", true, true, "quotation"},
		{"a quotation below a letterhead and its addressee", unsure{[]events.Candidate{c("purchase_order", 0.50), c("invoice", 0.30)}, ""}, "ELETTROMEDICALI TOSCANA S.r.l.\nVia di Novoli 73, 50127 Firenze\nP.IVA 05238710487 - tel. 055 412 8830\n\nSpett.le Azienda Ospedaliero-Universitaria Careggi\nU.O. Ingegneria Clinica\nc.a. Ing. Francesca Landi\n\nPREVENTIVO N. 2025/118 del 07/03/2025", "other", true, true, "quotation"},
		// Found from outside (sixty-seventh trial): a Mexican customs
		// declaration typed a contract; an invoice's pedimento number is
		// no title.
		// Found from outside (sixty-eighth trial): what is quoted between
		// the title and its number.
		{"a dental quote's title and its number", unsure{[]events.Candidate{c("contract", 0.51), c("invoice", 0.30)}, ""}, "STUDIO DENTISTICO DOTT. MARCO FERRARI\nVia Nizza 87, 10126 Torino - tel. 011 658 2274 - P.IVA 09128470016\n\nPREVENTIVO DI CURE ODONTOIATRICHE N. 2026/311\nTorino, 16 ottobre 2026", "other", true, true, "quotation"},
		{"a quotation's words in a sentence are no title", unsure{[]events.Candidate{c("contract", 0.97), c("other", 0.02)}, ""}, "Quotation of the parties as agreed in the order no. 44\nBetween the parties", "contract", false, false, ""},
		{"a mexican pedimento", unsure{[]events.Candidate{c("contract", 0.37), c("invoice", 0.30)}, ""}, "PEDIMENTO                                                                 Página 1 de 1\nNUM. PEDIMENTO: 24 43 3712 4001187               T. OPER: IMP", "other", true, true, "customs declaration"},
		{"an invoice naming its pedimento", unsure{[]events.Candidate{c("invoice", 0.99)}, ""}, "FACTURA A-1187\nPedimento: 24 43 3712 4001187\nTotal 18,420.00 MXN", "invoice", false, false, ""},
		{"a brazilian commercial proposal", unsure{[]events.Candidate{c("contract", 0.50), c("purchase_order", 0.41)}, ""}, "ARMAZENA SISTEMAS DE ARMAZENAGEM LTDA.\n\nPROPOSTA COMERCIAL Nº 2026-0457\nCampinas, 11 de novembro de 2026", "other", true, true, "quotation"},
		// Found from outside (sixty-seventh trial): a scanned quotation's
		// title read with a speck's noise after it, recorded as a contract
		// at 0.97.
		{"a scanned quotation's title with ocr noise after it", unsure{[]events.Candidate{c("contract", 0.97), c("other", 0.02)}, ""}, "CRESTWAVE INSURANCE BROKERS LIMITED\nNAICOM Licence No. 0442 | 7 Akin Adesola Street, Victoria Island, Lagos\nTel: o1 271 4480 | 0809 221 4470 | www.crestwavebrokers. ng\n\nQUOTATION , ee\nOur ref: cwavar20240012 Date: 12 September 2024", "other", true, true, "quotation"},
		{"a title in capitals with words after it is no noise", unsure{[]events.Candidate{c("contract", 0.97), c("other", 0.02)}, ""}, "QUOTATION, see the schedule attached\nBetween the parties", "contract", false, false, ""},
		{"a turkish quotation by its e-mail's subject", unsure{[]events.Candidate{c("purchase_order", 0.999)}, ""}, "Konu: Fiyat Teklifi - TKF-2026-1142\nKimden: Deniz Arslan <deniz.arslan@marmarahidrolik.com.tr>\nKime: satinalma@anadolumetal.com.tr", "other", true, true, "quotation"},
		{"an employee's expense claim", unsure{[]events.Candidate{c("insurance_claim", 0.998)}, ""}, "STRAITS ELECTRONICS MANUFACTURING PTE. LTD.\nSTAFF EXPENSE CLAIM FORM\n\nEmployee name:   Lim Jia Hui", "other", true, true, "expense claim"},
		{"an insurer's medical expenses claim", unsure{[]events.Candidate{c("insurance_claim", 0.99)}, ""}, "TRAVEL INSURANCE\nMEDICAL EXPENSES CLAIM FORM\nPolicy no: TR-4471", "insurance_claim", false, false, ""},
		// Found from outside (fifty-third trial): a landlord's notice of
		// termination recorded as a contract at 1.00; a termination
		// agreement is one.
		{"a notice of termination the model calls a contract", unsure{[]events.Candidate{c("contract", 0.9963)}, ""}, "NOTICE OF TERMINATION\n(Residential Tenancies Acts 2004 to 2022, Part 4 tenancy)\n\nTo: Mr Tadhg Brennan and Ms Niamh Collins", "other", true, true, "notice of termination"},
		// Found from outside (fifty-sixth trial): a Colombian family
		// court's divorce judgment recorded as a contract at 0.85.
		{"a divorce judgment the model calls a contract", unsure{[]events.Candidate{c("contract", 0.8526)}, ""}, "REPÚBLICA DE COLOMBIA\nRAMA JUDICIAL DEL PODER PÚBLICO\nJUZGADO CUARTO DE FAMILIA DEL CIRCUITO DE MEDELLÍN\n\nMedellín, veintiséis (26) de octubre de dos mil veintiséis (2026)\n\nProceso: Divorcio de matrimonio civil (mutuo acuerdo)", "other", true, true, "court letter"},
		// Found from outside (sixty-first trial): a laboratory's soil
		// analysis recorded as a medical record at 0.98.
		{"a soil analysis the model calls a medical record", unsure{[]events.Candidate{c("medical_record", 0.98)}, ""}, "Od: Laboratorij za tla <tla@kis-lab.si>\nZa: Marko Kranjc <marko.kranjc@siol.net>\nZadeva: Rezultati analize tal - vzorci 2025/0817\n\nSpoštovani g. Kranjc,", "other", true, true, "soil analysis"},
		{"a termination agreement", unsure{[]events.Candidate{c("contract", 0.99)}, ""}, "TERMINATION AGREEMENT\nbetween Acme Ltd and Jane Doe\nThe parties agree to end the employment on 30 June 2027.", "contract", false, false, ""},
		// Found from outside (fifty-second trial): a school's claim to
		// its funder for a grant's balance, recorded as an insurance claim
		// at 0.89.
		{"a grant's expenditure claim the model calls an insurance claim", unsure{[]events.Candidate{c("insurance_claim", 0.886)}, ""}, "From: Direction <direction@athenee.example.be>\nSubject: Déclaration de créance et justificatifs - subside projet 2026\n\nDÉCLARATION DE CRÉANCE - JUSTIFICATIF DES DÉPENSES\nSubside octroyé : 8.500,00 EUR", "other", true, true, "expense claim"},
		// Found from outside (fifty-first trial): a café's till report at
		// closing recorded as a receipt at 0.95; a till's receipt stays
		// one.
		{"a till's z report the model calls a receipt", unsure{[]events.Candidate{c("receipt", 0.948)}, ""}, "EETCAFÉ DE SLUIS\nSluisstraat 3, 8011 DE Zwolle\nBTW NL 8561.44.219.B01\nZ-RAPPORT\nDagafsluiting nr. 1182\nTotaal omzet € 3.161,70", "other", true, true, "till's end-of-day report"},
		{"a till's receipt", unsure{[]events.Candidate{c("receipt", 0.99)}, ""}, "EETCAFÉ DE SLUIS\nSluisstraat 3, 8011 DE Zwolle\nBon 4471\nKoffie 2x € 6,40\nTotaal € 6,40\nPin € 6,40", "receipt", false, false, ""},
		// Found from outside (thirty-sixth trial): a quotation offered as
		// a purchase order at 1.00.
		{"a quotation the model calls an order", unsure{[]events.Candidate{c("purchase_order", 0.998)}, ""}, "NAKAMURA PRECISION MACHINERY CO., LTD.\nTel +81-3-6435-2210\n\nQUOTATION\nQuotation No.: Q-2026-1193      Date: 1 December 2026", "other", true, true, "quotation"},
		{"a german offer by its number", unsure{[]events.Candidate{c("invoice", 0.9)}, ""}, "Schreinerei Huber GmbH\nAngebot Nr. 2026-0412\nSehr geehrte Frau Maier,", "other", true, true, "quotation"},
		// Found from outside (forty-third trial): the title under a
		// letterhead of four lines, two of them contact and registration
		// details; a fifth line of the same order's header is no title.
		{"a quotation under its letterhead", unsure{[]events.Candidate{c("purchase_order", 0.75), c("other", 0.2)}, ""}, "Menuiserie Favre & Fils Sàrl\nRue du Lac 31, 1800 Vevey\nTél. 021 921 48 30 - info@favre-menuiserie.ch\nIDE CHE-275.418.903 TVA\n\nDEVIS N° 2026-188\nVevey, le 1er décembre 2026", "other", true, true, "quotation"},
		{"an order's fifth line of header", unsure{[]events.Candidate{c("purchase_order", 0.99)}, ""}, "Bestellung 4471\nMüller Baustoffe GmbH\nHauptstraße 4, 80331 München\nIhr Zeichen: HB\nLieferschein bitte beilegen", "purchase_order", false, false, ""},
		{"an order that asks for its number to be quoted", unsure{[]events.Candidate{c("purchase_order", 0.99)}, ""}, "Order form\nPO no: 4833055\nQuote the order number on your invoice", "purchase_order", false, false, ""},
		{"a commercial invoice titled a customs declaration too", unsure{[]events.Candidate{c("invoice", 0.99)}, ""}, "COMMERCIAL INVOICE / CUSTOMS DECLARATION\nExporter: Lion City Exports Pte Ltd", "invoice", false, false, ""},
		// Found from outside (seventieth trial): a Greek booking
		// confirmation offered as a receipt, a hotel's card authorisation
		// form as a contract, a Slovak payslip as OCR reads it.
		{"a greek booking confirmation the model calls a receipt", unsure{[]events.Candidate{c("receipt", 0.52), c("other", 0.4)}, ""}, "ΕΠΙΒΕΒΑΙΩΣΗ ΚΡΑΤΗΣΗΣ\nΞενοδοχείο Αιγαίον Πλάζα\nΑριθμός κράτησης: AP-26-448193", "other", true, true, "booking confirmation"},
		{"a card authorisation form the model calls a contract", unsure{[]events.Candidate{c("contract", 0.72), c("other", 0.2)}, ""}, "THE GRAND HARBOUR PALAZZO\nTriq il-Merkanti 118, Valletta VLT 1175, Malta\nCREDIT CARD AUTHORISATION FORM\nGuarantee and pre-authorisation of incidentals", "other", true, true, "card authorisation"},
		// Found from outside (seventy-second trial): OCR's point inside
		// the title of a Canadian employee's earnings statement.
		{"an earnings statement's title with ocr's point", taxForm, "NORTHSHORE BUILDERS INC.\n\nEARNINGS. STATEMENT\n2210 Walkley Rd, Ottawa ON K1G 5L2", "other", true, true, "payslip"},
		{"a slovak payslip without its accents", taxForm, "VYPLATNA PASKA za mesiac november 2026\nZamestnavatel: Hotel Tatra Grand s.r.o.", "other", true, true, "payslip"},
		{"an invoice naming its booking's confirmation", unsure{[]events.Candidate{c("invoice", 0.99)}, ""}, "INVOICE 2026-118\nBooking confirmation: AP-26-448193\nRoom 3 nights 540.00", "invoice", false, false, ""},
		{"a payslip the model calls other", unsure{[]events.Candidate{c("other", 0.97), c("tax_form", 0.02)}, ""}, "PAYSLIP\nGross pay 3,100.87", "other", false, false, ""},
		// Found from outside (eighty-second and -third trials): a
		// technician's report of work done, a clinic's newsletter.
		{"a portuguese intervention report the model calls a contract", unsure{[]events.Candidate{c("contract", 0.40), c("other", 0.33)}, ""}, "HANGARTEC - Portas Industriais, Lda.\nRua da Aviação Naval 41, 2690-538 Santa Iria de Azóia\n\nRELATÓRIO DE INTERVENÇÃO TÉCNICA N.º RIT-2026/318\n\nCliente: Atlântica Manutenção Aeronáutica, S.A.", "other", true, true, "service report"},
		{"a field service report the model doubts", unsure{[]events.Candidate{c("other", 0.65), c("contract", 0.33)}, ""}, "CARIBBEAN IMAGING SERVICES LTD\n31 Red Hills Road, Kingston 10, Jamaica\n\nFIELD SERVICE REPORT Report No. SR-11872", "other", false, false, ""},
		// Found from outside (eighty-fourth trial): a language school's
		// certificate of a course attended.
		{"a course certificate the model calls a medical record", unsure{[]events.Candidate{c("medical_record", 0.42), c("other", 0.40)}, ""}, "ŠKOLA STRANIH JEZIKA ADRIA LINGUA\nUlica Domovinskog rata 32, 21000 Split | tel. 021 348 207 | info@adrialingua.hr\n\nSplit, 16. listopada 2026.\nBroj: 112/2026\n\nPOTVRDA O POHAĐANJU TEČAJA\n\nKojom se potvrđuje da je", "other", true, true, "course certificate"},
		{"a clinic's newsletter the model doubts", unsure{[]events.Candidate{c("other", 0.63), c("contract", 0.32)}, ""}, "Clinique Physio Saint-Laurent - Infolettre de l'hiver 2026\n\nBonjour à toutes et à tous,", "other", false, false, ""},
		// Found from outside (hundred-and-twelfth trial): a Turkish
		// water authority's notice of a planned interruption, doubted.
		{"a turkish public notice the model doubts", unsure{[]events.Candidate{c("other", 0.61), c("receipt", 0.26)}, ""}, "DUYURU\n\nPLANLI SU KESİNTİSİ\n\nEge Su ve Kanalizasyon İdaresi\ntarafından Bornova ilçesi Kazımdirik\nve Erzene mahallelerinde ana isale\nhattı bakım çalışması yapılacaktır.", "other", false, false, ""},
		{"a notice of an interruption the model calls a receipt", unsure{[]events.Candidate{c("receipt", 0.70), c("other", 0.25)}, ""}, "Riverside Water Services\nPLANNED WATER INTERRUPTION\nWork on the main in Elm Street, 9:00 to 17:00", "other", true, true, "public notice"},
		// Found from outside (seventy-seventh trial): a German quotation
		// names itself below the addressee's block, its number beside
		// the place and date; a field's label and a sentence there name
		// nothing.
		// Found from outside (seventy-eighth trial): a hotel guest's
		// registration card, typed an identity document.
		{"a guest registration card the model calls an id", unsure{[]events.Candidate{c("id_document", 0.99), c("other", 0.01)}, ""}, "HOTEL JEZERO VILA BLED\nCesta svobode 19, 4260 Bled\n\nPRIJAVNICA GOSTA / GUEST REGISTRATION CARD\n\nSoba / Room: 214", "other", true, true, "guest registration card"},
		{"a quotation titled below the address", unsure{[]events.Candidate{c("invoice", 0.77), c("other", 0.12)}, ""}, "Baumaschinenvermietung Hessen-Nord GmbH\nSandershäuser Straße 77 · 34123 Kassel\nTelefon +49 561 7083 4112 · miete@bmv-hessen-nord.de\n\nSchreiner Tiefbau GmbH & Co. KG\nHerrn Matthias Schreiner\nAm Lossewerk 5\n34123 Kassel\n\nAngebot Nr. A-2026-1187                     Kassel, 02.12.2026\n\nMietangebot Kettenbagger", "other", true, true, "quotation"},
		{"a bill of lading's field below the address", unsure{[]events.Candidate{c("insurance_claim", 0.97), c("other", 0.02)}, ""}, "STRAITS ELECTRONICS PTE. LTD.\n21 Tuas Avenue 11, Singapore 639105\nTo: Claims Department, Lion City Marine\n8 Shenton Way, Singapore 068811\nDate: 24 November 2026\nOpen Cover Policy No.: MC/OC/2026/00417\nBill of Lading No.:            SGPSZX2611873", "insurance_claim", false, false, ""},
		{"a consignment note named in a sentence below the address", unsure{[]events.Candidate{c("insurance_claim", 0.97), c("other", 0.02)}, ""}, "Von: Thomas Wagner\nAn: schaden@spedition.de\nDatum: 3. Nov. 2026\nSehr geehrte Damen und Herren,\nhiermit melden wir den Transportschaden.\nCMR-Frachtbrief Nr. 0048172, übernommen am 30.10.2026", "insurance_claim", false, false, ""},
		// Found from outside (seventy-sixth trial): an Indonesian
		// delivery note the model called other was held because it named
		// the order it delivers.
		{"a surat jalan naming its order", unsure{[]events.Candidate{c("other", 0.82), c("purchase_order", 0.12)}, ""}, "PT ANGGUR NUSANTARA DISTRIBUSI\nJl. Raya Kerobokan No. 88, Kuta Utara\n\nSURAT JALAN\nNo. SJ/2026/11/0582                          Tanggal: 17 November 2026\nNo. Pesanan Pelanggan: PO-HTL-3391", "other", false, false, ""},
		{"a surat jalan the model calls an order", unsure{[]events.Candidate{c("purchase_order", 0.80), c("other", 0.12)}, ""}, "PT ANGGUR NUSANTARA DISTRIBUSI\n\nSURAT JALAN\nNo. Pesanan Pelanggan: PO-HTL-3391", "other", true, true, "transport document"},
		{"a tax form that mentions payslips further down", taxForm, "P60 End of Year Certificate\nTax year to 5 April 2026\nEmployee's details\nPay and Income Tax details\nKeep this certificate with your payslips.", "tax_form", false, false, ""},
		{"a bank statement's salary line", unsure{[]events.Candidate{c("bank_statement", 0.98), c("other", 0.01)}, ""}, "Extracto de cuenta\nBanco Ejemplo\nAbono nómina Construcciones Ruiz 1.612,40", "bank_statement", false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(tt.clf, policy.Default(), "builtin").Decide(context.Background(), "acme", classify.Text{Body: tt.body, Bytes: int64(len(tt.body))})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(d.Flags, func(f events.Flag) bool { return f.Kind == classify.RuleOutside })
			if d.Type != tt.typ || d.Review != tt.review || (i >= 0) != tt.flagged {
				t.Fatalf("type %s, review %v, flags %+v; want %s, %v, flagged %v", d.Type, d.Review, d.Flags, tt.typ, tt.review, tt.flagged)
			}
			if tt.flagged && (!strings.Contains(d.Flags[i].Detail, tt.wantWord) || d.Reason != classify.ReasonAmbiguousType && d.Reason != classify.ReasonRuleRequired) {
				t.Errorf("flag %q, reason %s; want %q in it, and the model's doubt or a rule as the reason", d.Flags[i].Detail, d.Reason, tt.wantWord)
			}
		})
	}
}

// TestDecideTitledLaterPage: a later page titled as a document of a type
// holds a bundle for review behind a covering letter the model calls
// other, and an insurance policy's schedule behind a renewal letter
// whatever the model said (found from outside, forty-ninth trial); a
// claim's attached repair invoice does not.
func TestDecideTitledLaterPage(t *testing.T) {
	c := func(typ string, p float64) events.Candidate { return events.Candidate{Type: typ, Score: p} }
	for _, tt := range []struct {
		name    string
		clf     unsure
		body    string
		flagged bool
	}{
		{"a receipt behind a covering letter", unsure{[]events.Candidate{c("other", 0.96), c("receipt", 0.02)}, ""},
			"Dear Mr van der Merwe,\n" + strings.Repeat("We thank you for your payment of this month.\n", 10) + "Yours sincerely\n\f\f OFFICIAL RECEIPT\nReceipt no. 4471\nAmount: R 3,865.00", true},
		{"a policy schedule behind a renewal letter", unsure{[]events.Candidate{c("insurance_claim", 0.91), c("contract", 0.05)}, ""},
			"Your home insurance renewal\nDear Ms Hartley,\n" + strings.Repeat("Your policy renews on 1 January; nothing needs doing.\n", 10) + "Kind regards,\nClaire Dunn\n\fPOLICY SCHEDULE\nPolicy number HH-2291", true},
		{"a claim's attached repair invoice", unsure{[]events.Candidate{c("insurance_claim", 0.99), c("invoice", 0.01)}, ""},
			"MOTOR CLAIM FORM\nPolicy no: AU-4471\n\fATTACHMENT A - REPAIR INVOICE\nTotal 1,200.00", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(tt.clf, policy.Default(), "builtin").Decide(context.Background(), "acme", classify.Text{Body: tt.body, Bytes: int64(len(tt.body))})
			if err != nil {
				t.Fatal(err)
			}
			flagged := slices.ContainsFunc(d.Flags, func(f events.Flag) bool { return f.Kind == classify.RuleTitlePage })
			if flagged != tt.flagged || tt.flagged && !d.Review {
				t.Fatalf("type %s, review %v, flags %+v; want flagged %v and reviewed", d.Type, d.Review, d.Flags, tt.flagged)
			}
		})
	}
}

// TestRuleOfferedConfidence: a type a title offers against the model, or
// other for a kind no type covers, is shown at the rule's measured
// precision, not at the model's score for it, which stays in the context
// (found from outside: every trial read a right type shown at 0.07 as the
// system's doubt).
func TestRuleOfferedConfidence(t *testing.T) {
	c := func(typ string, p float64) events.Candidate { return events.Candidate{Type: typ, Score: p} }
	tests := []struct {
		name, body, typ string
		clf             unsure
		conf            float64
		score           string
	}{
		{"a title against the model", "FACTURA No. A-33817\nTipo de cambio: 17.25\nTOTAL: USD 758.50", "invoice",
			unsure{[]events.Candidate{c("receipt", 0.92), c("invoice", 0.08)}, ""}, classify.TitledConfidence, "invoice 0.0800"},
		{"a kind no type covers", "Konu: Fiyat Teklifi - TKF-2026-1142\nKimden: Deniz Arslan", "other",
			unsure{[]events.Candidate{c("purchase_order", 0.999)}, ""}, classify.OutsideConfidence, "other 0.0000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(tt.clf, policy.Default(), "builtin").Decide(context.Background(), "acme", classify.Text{Body: tt.body, Bytes: int64(len(tt.body))})
			if err != nil {
				t.Fatal(err)
			}
			if d.Type != tt.typ || d.Confidence != tt.conf || d.Context["model.score"] != tt.score || !d.Review {
				t.Errorf("type %s at %.3f, model.score %q, review %v; want %s at %.3f, %q, reviewed", d.Type, d.Confidence, d.Context["model.score"], d.Review, tt.typ, tt.conf, tt.score)
			}
		})
	}
}

// TestTitleSettlesTheModelsDoubt: a title naming the model's own type,
// or a kind none covers where the model says other, settles the model's
// doubt, at the rule's precision (found from outside, seventieth trial:
// an Italian purchase order at 0.75 beside an invoice, a Slovak payslip
// other at 0.64 beside a tax form, each held for doubt alone); a title
// naming another type, or none, settles nothing.
func TestTitleSettlesTheModelsDoubt(t *testing.T) {
	pol, err := policy.Parse([]byte(`{"default": {"always_review_types": [], "review_pii": [], "amount_threshold": 0}}`), nil, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	c := func(typ string, p float64) events.Candidate { return events.Candidate{Type: typ, Score: p} }
	order := "Albergo Palazzo Tornabuoni S.r.l.\nVia de' Tornabuoni 9 - 50123 Firenze\n\nORDINE DI ACQUISTO N. 2026/318 del 30/11/2026\n\nVi preghiamo di fornirci i seguenti vini."
	payslip := "VYPLATNA PASKA za mesiac november 2026\nZamestnavatel: Hotel Tatra Grand s.r.o.\nHruba mzda 1 850,00"
	for _, tt := range []struct {
		name   string
		clf    unsure
		body   string
		typ    string
		review bool
		conf   float64
	}{
		{"a purchase order's title, the model unsure between two", unsure{[]events.Candidate{c("purchase_order", 0.70), c("invoice", 0.25)}, "2 types in the prediction set"}, order, "purchase_order", false, classify.TitledConfidence},
		{"a purchase order's title, the model under the threshold", unsure{[]events.Candidate{c("purchase_order", 0.60), c("invoice", 0.30)}, ""}, order, "purchase_order", false, classify.TitledConfidence},
		{"a purchase order's title, the model sure", unsure{[]events.Candidate{c("purchase_order", 0.99)}, ""}, order, "purchase_order", false, 0.99},
		{"the title names another type than the model's", unsure{[]events.Candidate{c("invoice", 0.70), c("purchase_order", 0.25)}, "2 types in the prediction set"}, order, "purchase_order", true, classify.TitledConfidence},
		{"no title, the model unsure", unsure{[]events.Candidate{c("purchase_order", 0.70), c("invoice", 0.25)}, "2 types in the prediction set"}, "Vi preghiamo di fornirci i seguenti vini.", "purchase_order", true, 0.70},
		{"a payslip the model calls other, unsure", unsure{[]events.Candidate{c("other", 0.64), c("tax_form", 0.30)}, "2 types in the prediction set"}, payslip, "other", false, classify.OutsideConfidence},
		{"a payslip the model calls a tax form", unsure{[]events.Candidate{c("tax_form", 0.64), c("other", 0.30)}, ""}, payslip, "other", true, classify.OutsideConfidence},
		// The model's score in a flag is cut as the review list cuts it
		// (seventy-sixth trial: 0.78 in a flag, 0.77 in the list).
		{"a payslip the model calls a tax form at 0.7781", unsure{[]events.Candidate{c("tax_form", 0.7781), c("other", 0.20)}, ""}, payslip, "other", true, classify.OutsideConfidence},
		// A title naming the model's type under an outside kind's title
		// settles nothing (found from outside, seventy-first trial: a
		// payslip's receipt words).
		{"a payslip titled a receipt too, the model says receipt", unsure{[]events.Candidate{c("receipt", 0.74), c("other", 0.20)}, ""}, "RECIBO DE VENCIMENTO\nRecibo n.º 11/2026\nEmpregador: Hotel Polana", "other", true, classify.OutsideConfidence},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(tt.clf, pol, "t").Decide(context.Background(), "acme", classify.Text{Body: tt.body, Bytes: int64(len(tt.body))})
			if err != nil {
				t.Fatal(err)
			}
			if d.Type != tt.typ || d.Review != tt.review || d.Confidence != tt.conf {
				t.Errorf("type %s at %.3f, review %v (%s, %v); want %s at %.3f, review %v", d.Type, d.Confidence, d.Review, d.Reason, d.RulesFired, tt.typ, tt.conf, tt.review)
			}
			// The rule that set the confidence is named, and the model's
			// own score kept beside it (found from outside, seventy-first
			// trial: 0.944 shown, nothing saying why).
			if settled := d.Confidence != tt.clf.cands[0].Score && !slices.Contains(d.RulesFired, classify.RuleTitle) && !slices.Contains(d.RulesFired, classify.RuleOutside); settled != slices.Contains(d.RulesFired, classify.RuleTitleAgrees) || settled && d.Context["model.score"] == "" {
				t.Errorf("rules %v, model.score %q: want %s named and the model's score when a title settled it", d.RulesFired, d.Context["model.score"], classify.RuleTitleAgrees)
			}
			// A flag reports what the model said, not a rule's precision,
			// written as every other place writes a score.
			for _, f := range d.Flags {
				if want := "(" + events.ScoreText(tt.clf.cands[0].Score) + ")"; f.Kind == classify.RuleOutside && !strings.Contains(f.Detail, want) {
					t.Errorf("flag %q: want the model's own score %s", f.Detail, want)
				}
			}
		})
	}
}

// TestDecideAnimalPatient: a clinical record whose patient is an animal
// is a vet's, other, and reviewed (found from outside, eighty-seventh
// trial: a veterinary laboratory's report typed a medical record at
// 1.00); a person's record at a veterinary practice stays a medical
// record.
func TestDecideAnimalPatient(t *testing.T) {
	pol, err := policy.Parse([]byte(`{"default": {"always_review_types": [], "review_pii": [], "amount_threshold": 0}}`), nil, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	sure := unsure{[]events.Candidate{{Type: "medical_record", Score: 0.9998}}, ""}
	for _, tt := range []struct {
		name, body, typ string
		review          bool
	}{
		{"a dog's laboratory report", "VetLab Nord GmbH – Tierärztliches Labor\n\nLABORBEFUND\n\nTierhalter: Herr Jonas Albrecht, Eppendorfer Weg 201, 20253 Hamburg\nPatient: „Bruno“, Hund, Labrador Retriever, männlich kastriert, geb. 03.05.2017, 34,2 kg\nLeukozyten 14,8 H G/l", "other", true},
		{"a cat by its species", "Clinique vétérinaire des Lilas\nCompte rendu\nEspèce : chat, européen, 4 ans\nDiagnostic : otite", "other", true},
		{"a veterinary nurse's own record", "Occupational Health Adviser\nTregib Veterinary Group\nPatient: Mrs Ffion Morgan, registered veterinary nurse\nDiagnosis: dog bite to the left hand, healing well.", "medical_record", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := classify.NewEngine(sure, pol, "t").Decide(context.Background(), "acme", classify.Text{Body: tt.body, Bytes: int64(len(tt.body))})
			if err != nil {
				t.Fatal(err)
			}
			if d.Type != tt.typ || d.Review != tt.review || slices.Contains(d.RulesFired, classify.RuleAnimalPatient) != (tt.typ == "other") {
				t.Errorf("type %s, review %v, rules %v; want %s, review %v", d.Type, d.Review, d.RulesFired, tt.typ, tt.review)
			}
		})
	}
}
