package extract_test

import (
	"slices"
	"testing"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

func TestDetectLanguage(t *testing.T) {
	all := extract.DetectableLanguages()
	tests := []struct {
		name, text string
		want       []string
	}{
		{"English letter", "Dear customer, thank you for your order. Please find the invoice for the goods delivered on 3 March attached to this letter. The amount is due within thirty days and we will send a reminder if it is not paid by then.", nil},
		{"German", "Sehr geehrte Frau Becker, vielen Dank für Ihre Nachricht. Die Rechnung für die Lieferung vom 3. März ist beigefügt. Bitte überweisen Sie den Betrag innerhalb von 30 Tagen auf das unten genannte Konto, und wir bestätigen den Eingang mit einer kurzen Nachricht.", []string{"deu"}},
		{"French", "Madame, nous vous remercions pour votre commande. Vous trouverez ci-joint la facture des travaux réalisés dans votre cuisine le 3 mars. Le montant est payable dans les trente jours et nous restons à votre disposition pour toute question sur le devis.", []string{"fra"}},
		{"Spanish", "Estimado cliente, le enviamos la factura del mes de marzo por los servicios de mantenimiento. El importe se cargará en su cuenta en los próximos días y puede consultar el detalle de las operaciones en nuestra web con su número de cliente.", []string{"spa"}},
		{"Italian", "Gentile cliente, la ringraziamo per il suo ordine. In allegato trova la fattura della fornitura di marzo con il dettaglio delle spese di trasporto. Il pagamento è previsto entro trenta giorni dalla data della fattura e per qualsiasi domanda siamo a sua disposizione.", []string{"ita"}},
		{"Dutch", "Geachte heer Visser, hierbij ontvangt u het overzicht van uw rekening over de maand maart. Het saldo is op de laatste dag van de maand bijgewerkt en de rente wordt aan het einde van het jaar bijgeschreven. Voor vragen kunt u ons bellen op werkdagen.", []string{"nld"}},
		{"Portuguese", "Caro cliente, enviamos em anexo a fatura do mês de março com o detalhe dos serviços prestados pela nossa equipa. O pagamento deve ser feito no prazo de trinta dias por transferência para a conta indicada e agradecemos a sua preferência.", []string{"por"}},
		{"Swedish", "Hej alla föräldrar! Nu närmar sig luciafirandet och barnen har övat sånger hela veckan. Vi samlas i matsalen på fredag och det blir trångt, men ta gärna med en vuxen till. Kom ihåg extrakläder, vi är ute mycket även när det regnar.", []string{"swe"}},
		{"Polish", "Szanowni Państwo, w załączeniu przesyłamy fakturę za usługi wykonane w marcu. Płatność prosimy przekazać na wskazany rachunek w terminie do 14 dni od daty wystawienia. W razie pytań dotyczących faktury prosimy o kontakt z naszym działem obsługi klienta przez telefon lub pocztę.", []string{"pol"}},
		{"a short page stays with the base model", "Quittung Nr. 42 für die Bestellung", nil},
		{"an English page quoting a German line", "Please note that the tenant wrote: Die Heizung ist kaputt. We sent the plumber on Monday and the repair was finished the same day. The invoice for the work is attached to this letter and is payable within thirty days by bank transfer to the account shown below.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := extract.DetectLanguage(tt.text, all); !slices.Equal(got, tt.want) {
				t.Errorf("DetectLanguage = %q, want %q", got, tt.want)
			}
		})
	}
}

// Danish and Swedish share many short words, yet a page in one names that
// one; a page in both (a Nordic bilingual notice) names both, so Tesseract
// reads it with both models.
func TestDetectLanguageNordic(t *testing.T) {
	danish := "Kære lejer, vi skal i gang med at udskifte vinduerne i opgangen. Arbejdet begynder mandag og varer cirka en uge. Det er vigtigt at der er adgang til lejligheden i tidsrummet, og vi beder om at I fjerner planter fra vindueskarmen. Tak for forståelsen."
	swedish := "Bästa hyresgäst, vi ska byta fönstren i trapphuset. Arbetet börjar på måndag och pågår i ungefär en vecka. Det är viktigt att vi har tillgång till lägenheten under den tiden, och vi ber er att ta bort växter från fönsterbänken. Tack för att ni har förståelse."
	all := extract.DetectableLanguages()
	if got := extract.DetectLanguage(danish, all); !slices.Equal(got, []string{"dan"}) {
		t.Errorf("Danish page: %q, want [dan]", got)
	}
	if got := extract.DetectLanguage(swedish, all); !slices.Equal(got, []string{"swe"}) {
		t.Errorf("Swedish page: %q, want [swe]", got)
	}
	got := extract.DetectLanguage(danish+"\n"+swedish, all)
	slices.Sort(got)
	if !slices.Equal(got, []string{"dan", "swe"}) {
		t.Errorf("bilingual page: %q, want dan and swe", got)
	}
	if got := extract.DetectLanguage(danish, []string{"deu", "fra"}); got != nil {
		t.Errorf("Danish page without Danish or Swedish data: %q, want none", got)
	}
}
