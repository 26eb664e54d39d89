package corpus

import (
	"fmt"
	"strings"
)

// Receipts sent by e-mail, in the corpus's other languages: the headers, a
// greeting, what was paid for in a small table with its VAT, the card
// charged, and often that an invoice can be asked for. An outside trial's
// French charging-session receipt, with its TTC/TVA table and the word
// "facture", was recorded as an invoice at 0.95: the corpus's e-mail
// receipts were English.

var mailReceiptWords = [nLang]words{
	langDE: {
		"hdr":    {"Von:|An:|Datum:|Betreff:"},
		"subj":   {"Ihre Quittung Nr. %s", "Zahlungsbestätigung %s", "Ihr Beleg zur Zahlung %s"},
		"hello":  {"Hallo %s,", "Guten Tag %s,"},
		"thanks": {"vielen Dank für Ihre Zahlung. Hier ist Ihre Quittung.", "danke, dass Sie unseren Service genutzt haben. Anbei Ihr Zahlungsbeleg."},
		"what":   {"Ladevorgang, Energie (kWh)", "Parkgebühr", "Fahrradverleih, 1 Tag", "Autowäsche Premium", "Online-Ticket", "Monatsabo"},
		"cols":   {"Position|Menge|Einzelpreis|Betrag"},
		"total":  {"Gesamt (inkl. MwSt.)", "Bezahlter Betrag"},
		"vat":    {"darin enthaltene MwSt. 19 %"},
		"paid":   {"Bezahlt mit Visa, Karte endet auf %s", "Zahlungsart: Mastercard **** %s", "Abgebucht von Ihrer Karte ...%s"},
		"inv":    {"Eine Rechnung auf Ihre Firma können Sie in Ihrem Kundenkonto anfordern.", "Diese Quittung ist keine Rechnung im Sinne des UStG; eine Rechnung erhalten Sie auf Anfrage."},
		"bye":    {"Gute Fahrt!", "Ihr Kundenservice", "Bis zum nächsten Mal!"},
	},
	langFR: {
		"hdr":    {"De :|À :|Date :|Objet :"},
		"subj":   {"Votre reçu n° %s", "Confirmation de paiement %s", "Reçu de votre achat %s"},
		"hello":  {"Bonjour %s,", "Cher client %s,"},
		"thanks": {"merci pour votre paiement. Voici le reçu de votre achat.", "merci d'avoir utilisé notre service. Vous trouverez ci-dessous votre reçu."},
		"what":   {"Recharge, énergie délivrée (kWh)", "Stationnement", "Location de vélo, 1 jour", "Lavage auto complet", "Billet électronique", "Abonnement mensuel"},
		"cols":   {"Détail|Quantité|Prix unitaire|Montant TTC"},
		"total":  {"Total TTC", "Montant payé"},
		"vat":    {"dont TVA 20 %"},
		"paid":   {"Payé par carte Visa se terminant par %s", "Moyen de paiement : Mastercard **** %s", "Montant débité sur votre carte ...%s"},
		"inv":    {"Une facture au nom de votre société peut être demandée depuis votre espace client.", "Ce reçu ne vaut pas facture ; une facture peut vous être envoyée sur demande."},
		"bye":    {"Bonne route !", "Le service client", "À bientôt !"},
	},
	langES: {
		"hdr":    {"De:|Para:|Fecha:|Asunto:"},
		"subj":   {"Su recibo n.º %s", "Confirmación de pago %s", "Justificante de su compra %s"},
		"hello":  {"Hola, %s:", "Estimado/a %s:"},
		"thanks": {"gracias por su pago. Le enviamos el recibo de su compra.", "gracias por utilizar nuestro servicio. A continuación encontrará su recibo."},
		"what":   {"Recarga, energía suministrada (kWh)", "Estacionamiento", "Alquiler de bicicleta, 1 día", "Lavado completo", "Billete electrónico", "Suscripción mensual"},
		"cols":   {"Concepto|Cantidad|Precio unitario|Importe"},
		"total":  {"Total (IVA incluido)", "Importe pagado"},
		"vat":    {"IVA 21 % incluido"},
		"paid":   {"Pagado con Visa terminada en %s", "Forma de pago: Mastercard **** %s", "Cargado en su tarjeta ...%s"},
		"inv":    {"Si necesita factura a nombre de su empresa, puede solicitarla en su área de cliente.", "Este recibo no es una factura; puede pedir la factura completa por correo."},
		"bye":    {"¡Buen viaje!", "Atención al cliente", "¡Hasta pronto!"},
	},
	langNL: {
		"hdr":    {"Van:|Aan:|Datum:|Onderwerp:"},
		"subj":   {"Uw betaalbewijs %s", "Betalingsbevestiging %s", "Bon van uw aankoop %s"},
		"hello":  {"Beste %s,", "Hallo %s,"},
		"thanks": {"bedankt voor uw betaling. Hierbij uw betaalbewijs.", "fijn dat u onze dienst gebruikt. Hieronder vindt u uw bon."},
		"what":   {"Laadsessie, geleverde energie (kWh)", "Parkeren", "Fietshuur, 1 dag", "Autowasstraat compleet", "E-ticket", "Maandabonnement"},
		"cols":   {"Omschrijving|Aantal|Prijs per stuk|Bedrag"},
		"total":  {"Totaal incl. btw", "Betaald bedrag"},
		"vat":    {"waarvan btw 21%"},
		"paid":   {"Betaald met Visa eindigend op %s", "Betaalwijze: Mastercard **** %s", "Afgeschreven van uw kaart ...%s"},
		"inv":    {"Een factuur op naam van uw bedrijf kunt u aanvragen in uw account.", "Dit betaalbewijs is geen factuur; een factuur sturen wij op verzoek."},
		"bye":    {"Goede reis!", "Klantenservice", "Tot de volgende keer!"},
	},
	langPT: {
		"hdr":    {"De:|Para:|Data:|Assunto:"},
		"subj":   {"O seu recibo n.º %s", "Confirmação de pagamento %s", "Comprovativo da sua compra %s"},
		"hello":  {"Olá %s,", "Caro(a) %s,"},
		"thanks": {"obrigado pelo seu pagamento. Segue o recibo da sua compra.", "obrigado por utilizar o nosso serviço. Encontra abaixo o seu recibo."},
		"what":   {"Carregamento, energia fornecida (kWh)", "Estacionamento", "Aluguer de bicicleta, 1 dia", "Lavagem completa", "Bilhete eletrónico", "Assinatura mensal"},
		"cols":   {"Descrição|Quantidade|Preço unitário|Valor"},
		"total":  {"Total (IVA incluído)", "Valor pago"},
		"vat":    {"IVA 23% incluído"},
		"paid":   {"Pago com Visa terminado em %s", "Meio de pagamento: Mastercard **** %s", "Debitado no seu cartão ...%s"},
		"inv":    {"Pode pedir a fatura com o NIF da sua empresa na sua área de cliente.", "Este recibo não substitui a fatura, que pode ser pedida por email."},
		"bye":    {"Boa viagem!", "Apoio ao cliente", "Até breve!"},
	},
	langIT: {
		"hdr":    {"Da:|A:|Data:|Oggetto:"},
		"subj":   {"La sua ricevuta n. %s", "Conferma di pagamento %s", "Ricevuta del suo acquisto %s"},
		"hello":  {"Gentile %s,", "Ciao %s,"},
		"thanks": {"grazie per il pagamento. Ecco la ricevuta del suo acquisto.", "grazie per aver usato il nostro servizio. Di seguito la sua ricevuta."},
		"what":   {"Ricarica, energia erogata (kWh)", "Sosta", "Noleggio bici, 1 giorno", "Lavaggio completo", "Biglietto elettronico", "Abbonamento mensile"},
		"cols":   {"Descrizione|Quantità|Prezzo unitario|Importo"},
		"total":  {"Totale (IVA inclusa)", "Importo pagato"},
		"vat":    {"di cui IVA 22%"},
		"paid":   {"Pagato con Visa che termina con %s", "Metodo di pagamento: Mastercard **** %s", "Addebitato sulla carta ...%s"},
		"inv":    {"Può richiedere la fattura intestata alla sua azienda dalla sua area personale.", "Questa ricevuta non è una fattura; la fattura può essere richiesta via email."},
		"bye":    {"Buon viaggio!", "Il servizio clienti", "A presto!"},
	},
	langSV: {
		"hdr":    {"Från:|Till:|Datum:|Ämne:"},
		"subj":   {"Ditt kvitto nr %s", "Betalningsbekräftelse %s", "Kvitto på ditt köp %s"},
		"hello":  {"Hej %s,", "Hej %s!"},
		"thanks": {"tack för din betalning. Här är ditt kvitto.", "tack för att du använder vår tjänst. Nedan finns ditt kvitto."},
		"what":   {"Laddning, levererad energi (kWh)", "Parkering", "Cykeluthyrning, 1 dag", "Biltvätt komplett", "E-biljett", "Månadsabonnemang"},
		"cols":   {"Beskrivning|Antal|Á-pris|Belopp"},
		"total":  {"Totalt inkl. moms", "Betalt belopp"},
		"vat":    {"varav moms 25 %"},
		"paid":   {"Betalt med Visa som slutar på %s", "Betalsätt: Mastercard **** %s", "Draget från ditt kort ...%s"},
		"inv":    {"Behöver du en faktura till ditt företag kan du begära den på Mina sidor.", "Kvittot är ingen faktura; faktura skickas på begäran."},
		"bye":    {"Trevlig resa!", "Kundservice", "Välkommen åter!"},
	},
	langPL: {
		"hdr":    {"Od:|Do:|Data:|Temat:"},
		"subj":   {"Potwierdzenie płatności nr %s", "Twój paragon %s", "Dowód zakupu %s"},
		"hello":  {"Dzień dobry %s,", "Witaj %s,"},
		"thanks": {"dziękujemy za płatność. Poniżej potwierdzenie zakupu.", "dziękujemy za skorzystanie z naszej usługi. Oto Twój paragon."},
		"what":   {"Ładowanie, pobrana energia (kWh)", "Parkowanie", "Wypożyczenie roweru, 1 dzień", "Mycie samochodu", "Bilet elektroniczny", "Abonament miesięczny"},
		"cols":   {"Opis|Ilość|Cena jedn.|Kwota"},
		"total":  {"Razem brutto", "Zapłacono"},
		"vat":    {"w tym VAT 23%"},
		"paid":   {"Zapłacono kartą Visa kończącą się na %s", "Forma płatności: Mastercard **** %s", "Obciążono kartę ...%s"},
		"inv":    {"Fakturę na firmę możesz pobrać w swoim koncie klienta.", "Potwierdzenie nie jest fakturą VAT; fakturę wystawimy na życzenie."},
		"bye":    {"Szerokiej drogi!", "Biuro obsługi klienta", "Do zobaczenia!"},
	},
}

// receiptMailL is a receipt sent by e-mail in language l.
func receiptMailL(g g, l lang) []string {
	v, e := mailReceiptWords[l], g.euro(l)
	hdr := strings.Split(g.w(v, "hdr"), "|")
	cols := strings.Split(g.w(v, "cols"), "|")
	shop := g.lco(l)
	p := g.lp(l)
	no := g.letters(2) + "-" + g.digits(g.n(6, 9))
	qty := float64(g.n(1, 3))
	unit := g.amount(1, 60)
	amt := qty * unit
	fee := 0.0
	rows := []string{fmt.Sprintf("%s   %s   %s   %s", cols[0], cols[1], cols[2], cols[3]),
		fmt.Sprintf("%s   %s   %s   %s", g.w(v, "what"), e.num(qty), e.num(unit), e.num(amt))}
	if g.chance(0.4) {
		fee = g.amount(0, 2)
		rows = append(rows, fmt.Sprintf("%s   1   %s   %s", g.pick("Service", "+ fee", "Gebühr/Frais/Tasa"), e.num(fee), e.num(fee)))
	}
	d := g.date()
	return lines(hdr[0]+" "+shop+" <"+g.lemail(l, "no reply")+">", hdr[1]+" "+g.lemail(l, p), fmt.Sprintf("%s %s %02d:%02d", hdr[2], lnumdate(l, d), g.n(6, 23), g.n(0, 59)),
		hdr[3]+" "+g.wf(v, "subj", no), "", g.wf(v, "hello", p), "", g.w(v, "thanks"), "",
		rows, g.kv(g.w(v, "total"), e.f(amt+fee)), g.w(v, "vat")+" "+e.num((amt+fee)/6), "",
		g.wf(v, "paid", g.digits(4)), g.pick("", g.w(v, "inv")), "", g.w(v, "bye"), shop)
}
