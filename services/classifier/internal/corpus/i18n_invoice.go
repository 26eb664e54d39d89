package corpus

import (
	"fmt"
	"strings"
)

// Invoices, receipts and purchase orders in German, French, Spanish, Dutch,
// Portuguese, Italian, Swedish and Polish. As in English, an invoice asks
// for payment (due date, payable, bank details), a receipt records one made
// (cash, card, change), an order asks for goods (delivery date, supplier).

var goodsL = [nLang][]string{
	langDE: {"Beratung (Stunden)", "Wartung Heizungsanlage", "Druckerpapier A4 (500 Blatt)", "Montage", "Fahrtkosten", "Software-Lizenz (jährlich)", "Webdesign", "Reparatur", "Tonerkartusche schwarz", "Bürostuhl ergonomisch", "Schrauben M8 (100 Stück)", "Kabel NYM 3x1,5 (50 m)"},
	langFR: {"Prestation de conseil (heures)", "Maintenance annuelle", "Ramette papier A4", "Installation électrique", "Frais de déplacement", "Licence logiciel", "Création site web", "Réparation", "Cartouche d'encre noire", "Fauteuil de bureau", "Vis inox M8 (boîte de 100)", "Main d'œuvre"},
	langES: {"Servicios de consultoría (horas)", "Mantenimiento mensual", "Papel A4 (paquete 500 hojas)", "Instalación", "Gastos de desplazamiento", "Licencia de software", "Diseño web", "Reparación", "Cartucho de tóner", "Silla de oficina", "Tornillos M8 (caja 100 uds.)", "Mano de obra"},
	langNL: {"Advieswerkzaamheden (uren)", "Onderhoud cv-ketel", "Kopieerpapier A4", "Installatie", "Voorrijkosten", "Softwarelicentie", "Webdesign", "Reparatie", "Tonercartridge zwart", "Bureaustoel", "Bouten M8 (doos 100 st.)", "Arbeidsloon"},
	langPT: {"Serviços de consultoria (horas)", "Manutenção mensal", "Papel A4 (resma)", "Instalação", "Deslocação", "Licença de software", "Design de website", "Reparação", "Tinteiro preto", "Cadeira de escritório", "Parafusos M8 (caixa 100 un.)", "Mão de obra"},
	langIT: {"Consulenza (ore)", "Manutenzione mensile", "Carta A4 (risma)", "Installazione", "Spese di trasferta", "Licenza software", "Realizzazione sito web", "Riparazione", "Toner nero", "Sedia da ufficio", "Viti M8 (confezione 100 pz)", "Manodopera"},
	langSV: {"Konsulttjänster (timmar)", "Service värmepump", "Kopieringspapper A4", "Montering", "Reseersättning", "Programlicens (år)", "Webbdesign", "Reparation", "Toner svart", "Kontorsstol", "Skruv M8 (100 st)", "Arbetskostnad"},
	langPL: {"Usługi doradcze (godz.)", "Serwis instalacji grzewczej", "Papier ksero A4 (ryza)", "Montaż", "Koszty dojazdu", "Licencja na oprogramowanie", "Projekt strony internetowej", "Naprawa", "Toner czarny", "Krzesło biurowe", "Śruby M8 (opak. 100 szt.)", "Robocizna"},
}

var vatRates = [nLang][]float64{langDE: {19, 7}, langFR: {20, 10, 5.5}, langES: {21, 10}, langNL: {21, 9}, langPT: {23, 13, 6}, langIT: {22, 10, 4}, langSV: {25, 12, 6}, langPL: {23, 8, 5}}

func pct(r float64) string { return strings.ReplaceAll(fmt.Sprintf("%g", r), ".", ",") + " %" }

var invoiceWords = [nLang]words{
	langDE: {
		"title":   {"Rechnung", "RECHNUNG", "Rechnung", "Schlussrechnung", "Abschlagsrechnung", "Rechnung (Kopie)"},
		"no":      {"Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Belegnummer"},
		"date":    {"Rechnungsdatum", "Datum", "Ausstellungsdatum"},
		"due":     {"Fälligkeitsdatum", "Zahlbar bis", "Fällig am", "Zahlungsziel"},
		"service": {"Lieferdatum", "Leistungsdatum", "Leistungszeitraum"},
		"cust":    {"Kundennummer", "Kunden-Nr.", "Ihre Kundennummer"},
		"billto":  {"Rechnungsempfänger:", "Rechnungsanschrift:", "An:", ""},
		"vatid":   {"USt-IdNr.", "Steuernummer", "St.-Nr."},
		"head":    {"Pos.  Bezeichnung  Menge  Einzelpreis  Gesamt", "Pos | Artikel | Anzahl | Preis | Betrag", "Leistung  Menge  E-Preis  Summe"},
		"net":     {"Nettobetrag", "Zwischensumme", "Summe netto", "Netto"},
		"vat":     {"MwSt.", "USt.", "Mehrwertsteuer", "Umsatzsteuer", "zzgl. MwSt."},
		"total":   {"Gesamtbetrag", "Rechnungsbetrag", "Endbetrag", "Zu zahlender Betrag", "Gesamtsumme brutto"},
		"terms":   {"Zahlbar innerhalb von 14 Tagen ohne Abzug.", "Bitte überweisen Sie den Rechnungsbetrag unter Angabe der Rechnungsnummer.", "Zahlungsziel: 30 Tage netto.", "Bei Zahlung innerhalb von 8 Tagen gewähren wir 2 % Skonto.", "Der Betrag wird von Ihrem Konto per SEPA-Lastschrift eingezogen."},
		"bank":    {"Bankverbindung:", "Bankverbindung", "Zahlung an:"},
		"thanks":  {"Vielen Dank für Ihren Auftrag.", "Wir danken für Ihr Vertrauen.", "Es gelten unsere Allgemeinen Geschäftsbedingungen.", "Leistungsdatum entspricht Rechnungsdatum.", ""},
		"short":   {"Handwerkerrechnung", "Rechnung", "Honorarrechnung", "Rechnung Nr."},
		"pay":     {"Bitte zahlen Sie bis", "Zahlbar bis", "Fällig am"},
	},
	langFR: {
		"title":   {"Facture", "FACTURE", "Facture", "Facture d'acompte", "Note d'honoraires", "Facture (duplicata)"},
		"no":      {"Numéro de facture", "Facture n°", "N° de facture", "Réf. facture"},
		"date":    {"Date de facture", "Date d'émission", "Date"},
		"due":     {"Date d'échéance", "Échéance", "À payer avant le", "Date limite de paiement"},
		"service": {"Date de livraison", "Date de prestation", "Période"},
		"cust":    {"N° client", "Code client", "Réf. client"},
		"billto":  {"Facturé à :", "Adresse de facturation :", "Client :", ""},
		"vatid":   {"N° TVA intracommunautaire", "SIRET", "N° TVA"},
		"head":    {"Désignation  Qté  Prix unitaire HT  Montant HT", "Réf. | Description | Quantité | P.U. | Total", "Description  Qté  PU  Total"},
		"net":     {"Total HT", "Montant HT", "Sous-total HT"},
		"vat":     {"TVA", "TVA", "Montant TVA"},
		"total":   {"Total TTC", "Net à payer", "Montant TTC", "Total à payer"},
		"terms":   {"Paiement à 30 jours fin de mois.", "Règlement par virement à réception de facture.", "En cas de retard de paiement, une indemnité forfaitaire de 40 € pour frais de recouvrement sera exigée.", "Pas d'escompte pour paiement anticipé.", "Paiement par prélèvement SEPA à l'échéance."},
		"bank":    {"Coordonnées bancaires :", "RIB :", "Règlement par virement :"},
		"thanks":  {"Merci pour votre confiance.", "Nous vous remercions de votre commande.", "TVA non applicable, art. 293 B du CGI.", ""},
		"short":   {"Facture", "Note d'honoraires", "FACTURE N°", "Facture artisan"},
		"pay":     {"À régler avant le", "Échéance", "Payable le"},
	},
	langES: {
		"title":   {"Factura", "FACTURA", "Factura", "Factura proforma", "Minuta de honorarios", "Factura (copia)"},
		"no":      {"Número de factura", "Nº factura", "Factura n.º", "Serie/Número"},
		"date":    {"Fecha de factura", "Fecha de emisión", "Fecha"},
		"due":     {"Fecha de vencimiento", "Vencimiento", "Pagar antes del"},
		"service": {"Fecha de entrega", "Fecha de operación", "Periodo"},
		"cust":    {"Nº cliente", "Código cliente", "Cliente nº"},
		"billto":  {"Facturar a:", "Datos del cliente:", "Cliente:", ""},
		"vatid":   {"NIF", "CIF", "NIF/CIF"},
		"head":    {"Concepto  Cantidad  Precio unitario  Importe", "Ref. | Descripción | Uds. | Precio | Total", "Descripción  Cant.  Precio  Importe"},
		"net":     {"Base imponible", "Subtotal", "Importe neto"},
		"vat":     {"IVA", "IVA", "Cuota IVA"},
		"total":   {"Total factura", "Total a pagar", "Importe total", "TOTAL"},
		"terms":   {"Forma de pago: transferencia bancaria a 30 días.", "Rogamos efectúen el pago antes de la fecha de vencimiento indicando el número de factura.", "Forma de pago: domiciliación bancaria.", "Pago a la vista."},
		"bank":    {"Datos bancarios:", "Cuenta para el pago:", "Transferencia a:"},
		"thanks":  {"Gracias por su confianza.", "Inscrita en el Registro Mercantil, Tomo 1234, Folio 56, Hoja M-7890.", ""},
		"short":   {"Factura", "FACTURA Nº", "Minuta", "Factura simplificada de servicios"},
		"pay":     {"Pagar antes del", "Vencimiento", "Fecha de pago"},
	},
	langNL: {
		"title":   {"Factuur", "FACTUUR", "Factuur", "Voorschotfactuur", "Eindfactuur", "Factuur (kopie)"},
		"no":      {"Factuurnummer", "Factuurnr.", "Nummer"},
		"date":    {"Factuurdatum", "Datum"},
		"due":     {"Vervaldatum", "Uiterste betaaldatum", "Te betalen voor"},
		"service": {"Leverdatum", "Periode", "Afleverdatum"},
		"cust":    {"Klantnummer", "Debiteurnummer", "Klantnr."},
		"billto":  {"Factuuradres:", "Aan:", "Klant:", ""},
		"vatid":   {"BTW-nummer", "Btw-id", "KvK-nummer"},
		"head":    {"Omschrijving  Aantal  Prijs  Bedrag", "Art.nr | Omschrijving | Aantal | Stukprijs | Totaal", "Omschrijving  Aantal  Tarief  Totaal"},
		"net":     {"Subtotaal", "Totaal excl. BTW", "Netto"},
		"vat":     {"BTW", "Btw", "BTW-bedrag"},
		"total":   {"Totaal incl. BTW", "Te betalen", "Totaalbedrag", "Totaal"},
		"terms":   {"Gelieve het bedrag binnen 14 dagen over te maken onder vermelding van het factuurnummer.", "Betalingstermijn: 30 dagen.", "Wij verzoeken u vriendelijk het totaalbedrag voor de vervaldatum te voldoen.", "Het bedrag wordt automatisch van uw rekening afgeschreven."},
		"bank":    {"Rekeningnummer:", "Bankgegevens:", "Betalen naar:"},
		"thanks":  {"Bedankt voor uw opdracht.", "Op al onze leveringen zijn onze algemene voorwaarden van toepassing.", ""},
		"short":   {"Factuur", "FACTUUR", "Declaratie", "Factuur nr."},
		"pay":     {"Te betalen voor", "Vervaldatum", "Betalen uiterlijk"},
	},
	langPT: {
		"title":   {"Fatura", "FATURA", "Fatura", "Fatura pró-forma", "Nota de honorários", "Fatura (2.ª via)"},
		"no":      {"Número da fatura", "Fatura n.º", "N.º documento"},
		"date":    {"Data da fatura", "Data de emissão", "Data"},
		"due":     {"Data de vencimento", "Vencimento", "Pagamento até"},
		"service": {"Data de entrega", "Data de prestação", "Período"},
		"cust":    {"N.º cliente", "Código de cliente", "Cliente n.º"},
		"billto":  {"Exmo.(s) Sr.(s)", "Faturar a:", "Cliente:", ""},
		"vatid":   {"NIF", "Contribuinte n.º", "NIPC"},
		"head":    {"Descrição  Qtd.  Preço unit.  Valor", "Art. | Designação | Quant. | Preço | Total", "Designação  Qtd  Preço  Total"},
		"net":     {"Total ilíquido", "Base tributável", "Subtotal"},
		"vat":     {"IVA", "IVA", "Total IVA"},
		"total":   {"Total a pagar", "Total (EUR)", "Valor total", "TOTAL"},
		"terms":   {"Pagamento a 30 dias por transferência bancária.", "Pagamento por referência Multibanco até à data de vencimento.", "Agradecemos o pagamento até à data de vencimento indicando o número da fatura.", "Pronto pagamento."},
		"bank":    {"Dados bancários:", "Pagamento por transferência para:", "IBAN para pagamento:"},
		"thanks":  {"Obrigado pela preferência.", "Processado por programa certificado n.º " + "1234/AT.", ""},
		"short":   {"Fatura", "FATURA N.º", "Nota de honorários", "Fatura simplificada"},
		"pay":     {"Pagar até", "Vencimento", "Data limite de pagamento"},
	},
	langIT: {
		"title":   {"Fattura", "FATTURA", "Fattura", "Fattura pro forma", "Parcella", "Copia di cortesia della fattura elettronica"},
		"no":      {"Numero fattura", "Fattura n.", "N. documento"},
		"date":    {"Data fattura", "Data emissione", "Data"},
		"due":     {"Scadenza", "Data di scadenza", "Da pagare entro il"},
		"service": {"Data consegna", "DDT n.", "Periodo"},
		"cust":    {"Cod. cliente", "Codice cliente", "Cliente n."},
		"billto":  {"Spett.le", "Cliente:", "Destinatario:", ""},
		"vatid":   {"P.IVA", "Partita IVA", "C.F./P.IVA"},
		"head":    {"Descrizione  Q.tà  Prezzo unitario  Importo", "Cod. | Descrizione | Quantità | Prezzo | Totale", "Descrizione  Qtà  Prezzo  Importo"},
		"net":     {"Imponibile", "Totale imponibile", "Subtotale"},
		"vat":     {"IVA", "IVA", "Imposta"},
		"total":   {"Totale fattura", "Totale documento", "Netto a pagare", "Totale da pagare"},
		"terms":   {"Pagamento: bonifico bancario a 30 gg data fattura.", "Modalità di pagamento: RiBa 60 gg f.m.", "Si prega di effettuare il pagamento entro la scadenza indicando il numero della fattura.", "Pagamento a vista."},
		"bank":    {"Coordinate bancarie:", "Appoggio bancario:", "Bonifico su:"},
		"thanks":  {"Grazie per averci scelto.", "Documento privo di valenza fiscale, l'originale è disponibile nel cassetto fiscale.", ""},
		"short":   {"Fattura", "FATTURA N.", "Parcella", "Ricevuta per prestazione occasionale"},
		"pay":     {"Pagare entro il", "Scadenza", "Da saldare entro"},
	},
	langSV: {
		"title":   {"Faktura", "FAKTURA", "Faktura", "Slutfaktura", "Delfaktura", "Faktura (kopia)"},
		"no":      {"Fakturanummer", "Fakturanr", "Faktura nr", "Fakturanr."},
		"date":    {"Fakturadatum", "Datum", "Utskriftsdatum"},
		"due":     {"Förfallodatum", "Att betala senast", "Förfaller", "Sista betalningsdag"},
		"service": {"Leveransdatum", "Utfört datum", "Period"},
		"cust":    {"Kundnummer", "Kundnr", "Er referens"},
		"billto":  {"Fakturaadress:", "Kund:", "Till:", ""},
		"vatid":   {"Momsreg.nr", "Org.nr", "VAT-nr", "Godkänd för F-skatt, org.nr"},
		"head":    {"Art.nr  Benämning  Antal  À-pris  Belopp", "Rad | Beskrivning | Antal | Pris | Summa", "Benämning  Antal  Pris  Belopp"},
		"net":     {"Summa exkl. moms", "Netto", "Delsumma", "Belopp exkl. moms"},
		"vat":     {"Moms", "Mervärdesskatt", "Moms", "varav moms"},
		"total":   {"Att betala", "Summa att betala", "Totalt inkl. moms", "Fakturabelopp", "ATT BETALA"},
		"terms":   {"Betalningsvillkor: 30 dagar netto.", "Vid betalning efter förfallodagen debiteras dröjsmålsränta enligt räntelagen.", "Ange fakturanumret som OCR-referens vid betalning.", "Betalningsvillkor 10 dagar. Påminnelseavgift 60 kr.", "Beloppet dras via autogiro på förfallodagen."},
		"bank":    {"Bankgiro:", "Plusgiro:", "Betala till:"},
		"thanks":  {"Tack för ert köp!", "Tack för uppdraget.", "Innehar F-skattsedel.", "Vid frågor om fakturan, kontakta oss.", ""},
		"short":   {"Faktura", "Hantverkarfaktura", "Faktura nr", "Arvodesfaktura"},
		"pay":     {"Betala senast", "Förfallodag", "Att betala senast"},
	},
	langPL: {
		"title":   {"Faktura VAT", "FAKTURA VAT", "Faktura", "Faktura VAT nr", "Faktura zaliczkowa", "Faktura VAT (kopia)"},
		"no":      {"Numer faktury", "Nr faktury", "Faktura nr", "Nr dokumentu"},
		"date":    {"Data wystawienia", "Data", "Data wystawienia faktury"},
		"due":     {"Termin płatności", "Płatne do", "Zapłata do", "Termin zapłaty"},
		"service": {"Data sprzedaży", "Data wykonania usługi", "Data dostawy"},
		"cust":    {"Nr klienta", "Kod kontrahenta", "Nr nabywcy"},
		"billto":  {"Nabywca:", "Odbiorca:", "Płatnik:", ""},
		"vatid":   {"NIP", "NIP:", "REGON"},
		"head":    {"Lp.  Nazwa towaru lub usługi  Ilość  Cena netto  Wartość netto", "Lp | Nazwa | J.m. | Ilość | Cena | Wartość", "Nazwa  Ilość  Cena jedn.  Wartość"},
		"net":     {"Wartość netto", "Razem netto", "Suma netto"},
		"vat":     {"VAT", "Kwota VAT", "Stawka VAT"},
		"total":   {"Wartość brutto", "Do zapłaty", "Razem brutto", "Razem do zapłaty", "Kwota do zapłaty"},
		"terms":   {"Sposób płatności: przelew, 14 dni.", "Prosimy o wpłatę na rachunek podany poniżej w tytule podając numer faktury.", "Mechanizm podzielonej płatności.", "Za opóźnienie w płatności naliczane będą odsetki ustawowe.", "Sposób zapłaty: przelew bankowy."},
		"bank":    {"Nr rachunku:", "Konto bankowe:", "Rachunek bankowy:"},
		"thanks":  {"Dziękujemy za współpracę.", "Osoba upoważniona do wystawienia faktury: ____________", "Słownie: zgodnie z kwotą do zapłaty", "Faktura wystawiona elektronicznie, nie wymaga podpisu.", ""},
		"short":   {"Faktura", "Rachunek", "Faktura VAT", "Rachunek nr"},
		"pay":     {"Termin płatności", "Zapłacić do", "Płatne do"},
	},
}

// invoiceL is a full invoice: seller, buyer, table, VAT, due date, bank.
func invoiceL(g g, l lang) []string {
	v, e := invoiceWords[l], g.euro(l)
	seller, buyer := g.lco(l), g.pick(g.lco(l), g.lp(l))
	its := g.items(goodsL[l], g.n(1, 6), 5, 1500)
	sub := total(its)
	rate := vatRates[l][g.r.IntN(len(vatRates[l]))]
	tax := sub * rate / 100
	issued := g.date()
	due := issued.AddDate(0, 0, []int{8, 14, 30, 60}[g.r.IntN(4)])
	var rows []string
	rows = append(rows, g.w(v, "head"))
	style := g.r.IntN(3)
	for i, it := range its {
		rows = append(rows, nth(style,
			fmt.Sprintf("%d  %s  %d  %s  %s", i+1, it.desc, it.qty, e.num(it.price), e.num(float64(it.qty)*it.price)),
			fmt.Sprintf("%d | %s | %d | %s | %s", i+1, it.desc, it.qty, e.f(it.price), e.f(float64(it.qty)*it.price)),
			fmt.Sprintf("%-36s %4d %12s %12s", it.desc, it.qty, e.num(it.price), e.num(float64(it.qty)*it.price))))
	}
	head := lines(seller, g.laddr(l), g.pick("Tel. ", "Tél. ", "Tel: ", "")+g.lphone(l), g.w(v, "vatid")+" "+g.vatID(l))
	return lines(head, "", g.w(v, "billto"), buyer, g.laddr(l), "",
		g.w(v, "title"),
		g.kv(g.w(v, "no"), g.pick("", "RE-", "F", "2024/", "FT A/")+g.digits(g.n(3, 6))),
		g.kv(g.w(v, "date"), g.ldate(l, issued)),
		g.pick("", g.kv(g.w(v, "service"), g.ldate(l, issued.AddDate(0, 0, -g.n(1, 20))))),
		g.pick("", g.kv(g.w(v, "cust"), g.digits(g.n(4, 6)))),
		"", rows, "",
		g.kv(g.w(v, "net"), e.f(sub)),
		g.kv(g.w(v, "vat")+" "+pct(rate), e.f(tax)),
		g.kv(g.w(v, "total"), e.f(sub+tax)),
		g.kv(g.w(v, "due"), g.ldate(l, due)), "",
		g.w(v, "terms"),
		g.w(v, "bank")+" "+g.pick("", g.lco(l)+" · ")+"IBAN "+g.liban(l)+g.pick("", " · BIC "+g.letters(6)+g.digits(2)),
		g.w(v, "thanks"))
}

// invoiceShortL is a tradesman's or freelancer's short invoice.
func invoiceShortL(g g, l lang) []string {
	v, e := invoiceWords[l], g.euro(l)
	amt := g.amount(40, 3000)
	rate := vatRates[l][0]
	who := g.pick(g.lco(l), g.lp(l))
	return lines(who, g.pick("", g.laddr(l)[0]), g.w(v, "short"),
		g.kv(g.w(v, "no"), g.digits(g.n(2, 5))), g.kv(g.w(v, "date"), g.ldate(l, g.date())),
		g.pick(g.lp(l), g.lco(l)),
		fmt.Sprintf("%s  %s", g.pick(goodsL[l]...), e.f(amt)),
		g.pick(g.kv(g.w(v, "vat")+" "+pct(rate), e.f(amt*rate/100)), ""),
		g.kv(g.w(v, "total"), e.f(amt*(1+rate/100))),
		g.pick(g.w(v, "terms"), g.kv(g.w(v, "pay"), g.ldate(l, g.date())), "IBAN "+g.liban(l)))
}

var receiptWords = [nLang]words{
	langDE: {
		"title":  {"Kassenbon", "KASSENBON", "Beleg", "Kundenbeleg", "Bon", "Quittung"},
		"store":  {"Frischmarkt Sonne", "Bäckerei Schmidt", "Drogerie am Markt", "Apotheke am Rathaus", "Café Lindenblatt", "Getränke Hoffmann", "Metzgerei Wagner", "Kiosk am Bahnhof"},
		"items":  {"Vollmilch 1L", "Roggenbrot", "Bananen", "Eier 10 St.", "Gouda jung", "Apfelsaft", "Butter", "Kaffee 500g", "Nudeln", "Tomaten", "Brezel", "Mineralwasser 6x1,5L"},
		"total":  {"SUMME", "Summe", "Gesamt", "Zu zahlen", "SUMME EUR"},
		"cash":   {"Bar", "BAR", "Gegeben"},
		"change": {"Rückgeld", "Zurück"},
		"card":   {"EC-Karte", "Kartenzahlung", "girocard", "VISA kontaktlos", "Mastercard"},
		"tax":    {"MwSt A 19%", "MwSt B 7%", "USt 7%", "enth. MwSt"},
		"till":   {"Kasse %d  Bon-Nr. %s", "Kasse %d  Beleg %s", "Kasse: %d Bed.: %s"},
		"bye":    {"Vielen Dank für Ihren Einkauf!", "Bitte Bon aufbewahren.", "Umtausch nur mit Kassenbon.", "Auf Wiedersehen!", "TSE-Signatur: " + "gültig"},
		"got":    {"Betrag dankend erhalten", "Bezahlt", "Betrag bar erhalten"},
		"for":    {"für", "Verwendungszweck:", "Für"},
		"short":  {"Taxi", "Parkhaus Zentrum", "Tankstelle Nord", "Waschsalon", "Postfiliale"},
		"word":   {"Betrag in Worten", "in Worten"},
	},
	langFR: {
		"title":  {"Ticket de caisse", "TICKET", "Reçu", "Ticket client", "Facturette", "Reçu de paiement"},
		"store":  {"Boulangerie Dupont", "Supérette du Marché", "Pharmacie Centrale", "Café des Arts", "Tabac Presse de la Gare", "Fromagerie Martin", "Primeur du Coin", "Librairie du Centre"},
		"items":  {"Baguette tradition", "Lait demi-écrémé 1L", "Pommes Golden", "Œufs x12", "Camembert", "Jus d'orange", "Beurre doux", "Café moulu", "Pâtes", "Tomates", "Croissant", "Eau minérale 6x1,5L"},
		"total":  {"TOTAL", "Total TTC", "À PAYER", "TOTAL EUR"},
		"cash":   {"Espèces", "ESPECES", "Rendu sur"},
		"change": {"Rendu", "Monnaie rendue"},
		"card":   {"CB", "Carte bancaire", "CB sans contact", "Carte Visa"},
		"tax":    {"TVA 5,5%", "TVA 20%", "dont TVA"},
		"till":   {"Caisse %d  Ticket n° %s", "Caisse %d  Trans. %s", "Caisse: %d Opérateur: %s"},
		"bye":    {"Merci de votre visite", "À bientôt !", "Ni repris ni échangé", "Conservez votre ticket", "Merci et bonne journée"},
		"got":    {"Reçu la somme de", "Payé", "Pour acquit"},
		"for":    {"pour", "Objet :", "Pour"},
		"short":  {"Taxi Parisien", "Parking Centre", "Station-service du Lac", "Laverie", "La Poste"},
		"word":   {"Somme en lettres", "en toutes lettres"},
	},
	langES: {
		"title":  {"Ticket", "TICKET DE COMPRA", "Recibo", "Factura simplificada", "Justificante de pago", "Ticket de venta"},
		"store":  {"Supermercado El Sol", "Panadería La Espiga", "Farmacia Central", "Bar Casa Paco", "Ferretería López", "Frutería Mari", "Estanco nº 7", "Librería Cervantes"},
		"items":  {"Leche entera 1L", "Pan de barra", "Plátanos", "Huevos docena", "Queso manchego", "Zumo de naranja", "Aceite de oliva", "Café molido", "Arroz", "Tomates", "Croissant", "Agua mineral 6x1,5L"},
		"total":  {"TOTAL", "Total a pagar", "TOTAL EUR", "Importe"},
		"cash":   {"Efectivo", "EFECTIVO", "Entregado"},
		"change": {"Cambio", "Cambio devuelto"},
		"card":   {"Tarjeta", "Pago con tarjeta", "VISA contactless", "Tarjeta débito"},
		"tax":    {"IVA 10% incluido", "IVA 21%", "IVA incluido"},
		"till":   {"Caja %d  Ticket nº %s", "Caja %d  Op. %s", "Caja: %d Le atendió: %s"},
		"bye":    {"Gracias por su visita", "Conserve este ticket para cambios o devoluciones", "¡Vuelva pronto!", "Gracias por su compra"},
		"got":    {"He recibido de", "Pagado", "Recibí la cantidad de"},
		"for":    {"en concepto de", "Concepto:", "Por"},
		"short":  {"Taxi Madrid", "Aparcamiento Centro", "Gasolinera El Cruce", "Lavandería", "Correos"},
		"word":   {"Son", "La cantidad de"},
	},
	langNL: {
		"title":  {"Kassabon", "KASSABON", "Bon", "Betaalbewijs", "Kwitantie", "Klantbon"},
		"store":  {"Bakkerij de Molen", "Buurtsuper Centrum", "Apotheek Centrum", "Eetcafé De Hoek", "Bloemenhuis Tulp", "Slagerij Visser", "Boekhandel Smit", "Kaashandel Bakker"},
		"items":  {"Volle melk 1L", "Bruinbrood", "Bananen", "Eieren 10 st.", "Goudse kaas", "Sinaasappelsap", "Roomboter", "Koffie 500g", "Pasta", "Tomaten", "Krentenbol", "Spa blauw 6x1,5L"},
		"total":  {"TOTAAL", "Totaal", "Te betalen", "TOTAAL EUR"},
		"cash":   {"Contant", "CONTANT", "Ontvangen"},
		"change": {"Wisselgeld", "Terug"},
		"card":   {"PIN", "Pinbetaling", "Contactloos betaald", "Maestro"},
		"tax":    {"BTW 9%", "BTW 21%", "waarvan BTW"},
		"till":   {"Kassa %d  Bonnr. %s", "Kassa %d  Transactie %s", "Kassa: %d Medewerker: %s"},
		"bye":    {"Bedankt voor uw bezoek", "Tot ziens!", "Ruilen alleen met kassabon", "Bewaar uw bon"},
		"got":    {"Voldaan", "Betaald", "Ontvangen van"},
		"for":    {"voor", "Betreft:", "Voor"},
		"short":  {"Taxi Centraal", "Parkeergarage Centrum", "Tankstation Noord", "Wasserette", "PostNL punt"},
		"word":   {"Zegge", "In letters"},
	},
	langPT: {
		"title":  {"Talão", "TALÃO DE COMPRA", "Recibo", "Fatura simplificada", "Comprovativo de pagamento", "Talão de venda"},
		"store":  {"Padaria Flor", "Mercearia do Bairro", "Farmácia Central", "Café Avenida", "Drogaria Lopes", "Frutaria Rosa", "Tabacaria Sol", "Livraria Bertrand do Largo"},
		"items":  {"Leite meio-gordo 1L", "Pão de forma", "Bananas", "Ovos (dúzia)", "Queijo flamengo", "Sumo de laranja", "Azeite", "Café moído", "Arroz carolino", "Tomate", "Pastel de nata", "Água 6x1,5L"},
		"total":  {"TOTAL", "Total a pagar", "TOTAL EUR", "Valor"},
		"cash":   {"Numerário", "NUMERÁRIO", "Entregue"},
		"change": {"Troco"},
		"card":   {"Multibanco", "Cartão", "MB Way", "Cartão contactless"},
		"tax":    {"IVA 6% incluído", "IVA 23%", "IVA incluído"},
		"till":   {"Caixa %d  Talão n.º %s", "Caixa %d  Doc. %s", "Caixa: %d Operador: %s"},
		"bye":    {"Obrigado pela sua visita", "Volte sempre!", "Guarde o talão para trocas", "Obrigado e bom dia"},
		"got":    {"Recebemos de", "Pago", "Recebi a quantia de"},
		"for":    {"referente a", "Referente a:", "Por"},
		"short":  {"Táxi Lisboa", "Parque de estacionamento", "Bomba de gasolina", "Lavandaria", "CTT"},
		"word":   {"A quantia de", "Por extenso"},
	},
	langIT: {
		"title":  {"Scontrino", "DOCUMENTO COMMERCIALE", "Ricevuta", "Scontrino fiscale", "Ricevuta di pagamento", "Documento commerciale di vendita o prestazione"},
		"store":  {"Panificio Il Forno", "Alimentari da Gino", "Farmacia Comunale", "Bar Centrale", "Ferramenta Rossi", "Tabaccheria n. 12", "Gelateria Dolce Vita", "Libreria Mondo"},
		"items":  {"Latte intero 1L", "Pane casereccio", "Banane", "Uova x6", "Parmigiano", "Succo d'arancia", "Olio extravergine", "Caffè macinato", "Pasta 500g", "Pomodori", "Cornetto", "Acqua naturale 6x1,5L"},
		"total":  {"TOTALE", "Totale complessivo", "TOTALE EURO", "Importo pagato"},
		"cash":   {"Contanti", "CONTANTI", "Pagamento contante"},
		"change": {"Resto"},
		"card":   {"Pagamento elettronico", "Bancomat", "Carta di credito", "POS"},
		"tax":    {"di cui IVA", "IVA 10%", "IVA 22%"},
		"till":   {"Cassa %d  Documento n. %s", "Cassa %d  Scontrino %s", "Cassa: %d Operatore: %s"},
		"bye":    {"Grazie e arrivederci", "Conservare lo scontrino", "Arrivederci!", "Grazie per la visita"},
		"got":    {"Ricevo da", "Pagato", "Ricevuto da"},
		"for":    {"per", "Causale:", "Per"},
		"short":  {"Taxi Roma", "Parcheggio Centro", "Distributore Nord", "Lavanderia", "Poste"},
		"word":   {"Euro", "In lettere"},
	},
	langSV: {
		"title":  {"Kvitto", "KVITTO", "Kassakvitto", "Kundkvitto", "Kvitto/Kvittens", "Betalningskvitto"},
		"store":  {"ICA Nära Solsidan", "Bageriet vid torget", "Apoteket Hjärtat", "Café Kanelbullen", "Pressbyrån Centralen", "Järnhandeln", "Konditori Linnea", "Bokhandeln"},
		"items":  {"Mellanmjölk 1,5L", "Knäckebröd", "Bananer", "Ägg 12-p", "Hushållsost", "Apelsinjuice", "Smör", "Bryggkaffe 450g", "Pasta", "Tomater", "Kanelbulle", "Mineralvatten"},
		"total":  {"TOTALT", "Totalt", "Att betala", "SUMMA SEK", "Summa"},
		"cash":   {"Kontant", "KONTANT", "Erhållet"},
		"change": {"Växel", "Tillbaka"},
		"card":   {"Kort", "Bankkort", "VISA kontaktlös", "Swish", "Mastercard"},
		"tax":    {"Moms 12%", "Moms 25%", "varav moms", "Moms 6%"},
		"till":   {"Kassa %d  Kvitto nr %s", "Kassa %d  Kvittonr %s", "Kassa: %d Kassör: %s"},
		"bye":    {"Tack för ditt besök!", "Välkommen åter!", "Spara kvittot", "Öppet köp 30 dagar mot kvitto", "Tack och välkommen tillbaka"},
		"got":    {"Mottaget av", "Betalt", "Erhållit från"},
		"for":    {"för", "Avser:", "Avseende"},
		"short":  {"Taxi Stockholm", "Parkering Centrum", "Bensinstation Norr", "Tvättstuga", "PostNord ombud"},
		"word":   {"Kronor", "Belopp i ord"},
	},
	langPL: {
		"title":  {"PARAGON FISKALNY", "Paragon", "Paragon fiskalny", "Potwierdzenie zapłaty", "Pokwitowanie", "Dowód wpłaty"},
		"store":  {"Sklep Społem", "Piekarnia Pod Kłosem", "Apteka Centralna", "Kawiarnia Pod Arkadami", "Kiosk Ruch", "Warzywniak u Basi", "Sklep Żabka", "Księgarnia Matras"},
		"items":  {"Mleko 2% 1L", "Chleb żytni", "Banany", "Jajka 10 szt.", "Ser żółty", "Sok jabłkowy", "Masło extra", "Kawa mielona 250g", "Makaron", "Pomidory", "Drożdżówka", "Woda mineralna 6x1,5L"},
		"total":  {"SUMA PLN", "SUMA", "Razem", "Do zapłaty", "SUMA:"},
		"cash":   {"Gotówka", "GOTÓWKA", "Wpłacono"},
		"change": {"Reszta", "RESZTA"},
		"card":   {"Karta", "Karta płatnicza", "BLIK", "VISA zbliżeniowo", "Płatność kartą"},
		"tax":    {"PTU A 23%", "PTU B 8%", "Suma PTU", "PTU C 5%"},
		"till":   {"Kasa %d  Paragon nr %s", "Kasa %d  Nr wydruku %s", "Kasa: %d Kasjer: %s"},
		"bye":    {"Dziękujemy za zakupy!", "Zapraszamy ponownie", "NIEFISKALNY", "Zachowaj paragon", "Dziękujemy i zapraszamy"},
		"got":    {"Otrzymałem od", "Zapłacono", "Przyjęto od"},
		"for":    {"za", "Tytułem:", "Za"},
		"short":  {"Taxi Warszawa", "Parking Centrum", "Stacja paliw Orlen", "Pralnia", "Poczta Polska"},
		"word":   {"Słownie", "Słownie złotych"},
	},
}

// receiptL is a till slip.
func receiptL(g g, l lang) []string {
	v, e := receiptWords[l], g.euro(l)
	its := g.items(v["items"], g.n(1, 9), 0.4, 14)
	var rows []string
	style := g.r.IntN(3)
	for i := range its {
		its[i].qty = g.n(1, 3)
		it := its[i]
		rows = append(rows, nth(style,
			fmt.Sprintf("%-24s %8s", strings.ToUpper(it.desc), e.num(float64(it.qty)*it.price)),
			fmt.Sprintf("%d x %s  %s", it.qty, it.desc, e.num(float64(it.qty)*it.price)),
			fmt.Sprintf("%s %s %s", it.desc, e.num(float64(it.qty)*it.price), g.pick("A", "B", "1", "2"))))
	}
	sum := total(its)
	var pay []string
	if g.chance(0.4) {
		given := float64(int(sum/5)+1) * 5
		pay = lines(g.kv(g.w(v, "cash"), e.num(given)), g.kv(g.w(v, "change"), e.num(given-sum)))
	} else {
		pay = lines(g.kv(g.w(v, "card"), e.num(sum)), g.pick("", "**** **** **** "+g.digits(4), "Terminal "+g.digits(8), "Auth "+g.digits(6)))
	}
	d := g.date()
	return lines(g.w(v, "store"), g.pick("", strings.Join(g.laddr(l), ", ")), g.pick("", g.w(v, "title")),
		fmt.Sprintf("%s %02d:%02d", lnumdate(l, d), g.n(7, 21), g.n(0, 59)),
		g.wf(v, "till", g.n(1, 8), g.digits(g.n(4, 6))),
		rows, g.kv(g.w(v, "total"), e.f(sum)), pay,
		g.pick("", g.kv(g.w(v, "tax"), e.num(sum*0.09))),
		g.w(v, "bye"))
}

// receiptShortL is a taxi, parking or fuel slip, or a handwritten receipt
// for money received.
func receiptShortL(g g, l lang) []string {
	v, e := receiptWords[l], g.euro(l)
	amt := g.amount(3, 400)
	if g.chance(0.4) {
		return lines(g.w(v, "title"), g.kv([...]string{"Nr.", "N°", "Nº", "Nr.", "N.º", "N.", "Nr", "Nr"}[l], g.digits(g.n(2, 5))),
			fmt.Sprintf("%s %s %s %s", g.w(v, "got"), g.lp(l), g.w(v, "for"), g.pick(goodsL[l]...)),
			g.kv(g.w(v, "total"), e.f(amt)), g.pick("", g.w(v, "word")+": "+fmt.Sprint(int(amt))),
			g.lplace(l, g.date()), g.pick("", "____________", g.lp(l)))
	}
	d := g.date()
	return lines(g.w(v, "short"), g.pick("", g.w(v, "title")), fmt.Sprintf("%s %02d:%02d", lnumdate(l, d), g.n(0, 23), g.n(0, 59)),
		g.pick(fmt.Sprintf("%d km", g.n(2, 40)), fmt.Sprintf("%02d:%02d - %02d:%02d", g.n(6, 12), g.n(0, 59), g.n(13, 22), g.n(0, 59)), fmt.Sprintf("%.2f L", 10+g.r.Float64()*40), ""),
		g.kv(g.w(v, "total"), e.f(amt)), g.pick(g.w(v, "card"), g.w(v, "cash")), g.pick("", g.w(v, "bye"), g.kv(g.w(v, "tax"), e.num(amt*0.1))))
}

var poWords = [nLang]words{
	langDE: {
		"title":  {"Bestellung", "BESTELLUNG", "Auftrag", "Bestellschein", "Einkaufsbestellung"},
		"no":     {"Bestellnummer", "Bestell-Nr.", "Auftragsnummer", "Unsere Bestellung Nr."},
		"date":   {"Bestelldatum", "Datum"},
		"vendor": {"Lieferant:", "An:", "Lieferant"},
		"ship":   {"Lieferadresse:", "Lieferanschrift:", "Anlieferung:"},
		"when":   {"Liefertermin", "Gewünschter Liefertermin", "Lieferung bis"},
		"terms":  {"Lieferbedingungen: frei Haus", "Zahlungsbedingungen: 30 Tage netto", "Incoterms: DAP", "Zahlung: 14 Tage 2 % Skonto, 30 Tage netto"},
		"head":   {"Pos.  Artikel  Menge  Einzelpreis  Gesamt", "Pos | Art.-Nr. | Bezeichnung | Menge | Preis"},
		"total":  {"Bestellwert", "Gesamtsumme netto", "Summe"},
		"please": {"Bitte bestätigen Sie diese Bestellung innerhalb von 3 Tagen.", "Bitte geben Sie die Bestellnummer auf Lieferschein und Rechnung an.", "Es gelten unsere Einkaufsbedingungen.", "Teillieferungen nur nach Absprache."},
		"by":     {"Besteller:", "Ansprechpartner Einkauf:", "Genehmigt von:", "Kostenstelle:"},
		"intro":  {"wir bestellen hiermit zu den bekannten Konditionen:", "hiermit bestellen wir folgende Artikel:", "bitte liefern Sie uns:"},
	},
	langFR: {
		"title":  {"Bon de commande", "BON DE COMMANDE", "Commande fournisseur", "Commande", "Ordre d'achat"},
		"no":     {"N° de commande", "Commande n°", "Réf. commande"},
		"date":   {"Date de commande", "Date"},
		"vendor": {"Fournisseur :", "À l'attention de :", "Fournisseur"},
		"ship":   {"Adresse de livraison :", "Livrer à :", "Lieu de livraison :"},
		"when":   {"Date de livraison souhaitée", "Délai de livraison", "Livraison au plus tard le"},
		"terms":  {"Conditions de paiement : 45 jours fin de mois", "Franco de port", "Incoterm : DAP", "Paiement à 30 jours"},
		"head":   {"Réf.  Désignation  Qté  Prix unitaire  Total", "Ligne | Article | Quantité | PU HT"},
		"total":  {"Total commande HT", "Montant total", "Total HT"},
		"please": {"Merci de nous retourner l'accusé de réception de commande.", "Le numéro de commande doit figurer sur le bon de livraison et la facture.", "Nos conditions générales d'achat s'appliquent.", "Livraison partielle non acceptée sans accord préalable."},
		"by":     {"Acheteur :", "Demandeur :", "Validé par :", "Service achats :"},
		"intro":  {"nous vous prions de bien vouloir nous livrer :", "veuillez trouver ci-dessous notre commande :", "suite à votre devis, nous commandons :"},
	},
	langES: {
		"title":  {"Pedido", "PEDIDO", "Orden de compra", "Hoja de pedido", "Pedido a proveedor"},
		"no":     {"Nº de pedido", "Pedido nº", "Referencia pedido"},
		"date":   {"Fecha de pedido", "Fecha"},
		"vendor": {"Proveedor:", "A la atención de:", "Proveedor"},
		"ship":   {"Dirección de entrega:", "Entregar en:", "Lugar de entrega:"},
		"when":   {"Plazo de entrega", "Fecha de entrega solicitada", "Entregar antes del"},
		"terms":  {"Condiciones de pago: 60 días fecha factura", "Portes pagados", "Incoterm: DAP", "Pago por transferencia a 30 días"},
		"head":   {"Ref.  Artículo  Cantidad  Precio  Importe", "Línea | Artículo | Uds. | Precio unitario"},
		"total":  {"Total pedido", "Importe total", "Total sin IVA"},
		"please": {"Rogamos confirmen la recepción de este pedido y la fecha de entrega.", "Indiquen el número de pedido en el albarán y la factura.", "Se aplicarán nuestras condiciones generales de compra.", "No se aceptan entregas parciales sin autorización."},
		"by":     {"Solicitado por:", "Departamento de compras:", "Aprobado por:", "Centro de coste:"},
		"intro":  {"les rogamos nos suministren el siguiente material:", "por la presente les realizamos el siguiente pedido:", "según su presupuesto, solicitamos:"},
	},
	langNL: {
		"title":  {"Inkooporder", "INKOOPORDER", "Bestelbon", "Bestelling", "Bestelformulier"},
		"no":     {"Ordernummer", "Bestelnummer", "Inkoopordernr."},
		"date":   {"Besteldatum", "Datum"},
		"vendor": {"Leverancier:", "T.a.v.:", "Leverancier"},
		"ship":   {"Afleveradres:", "Leveren aan:", "Leveradres:"},
		"when":   {"Gewenste leverdatum", "Leverdatum", "Uiterlijk leveren op"},
		"terms":  {"Betalingsvoorwaarden: 30 dagen na factuurdatum", "Franco huis", "Incoterm: DAP", "Levering volgens onze inkoopvoorwaarden"},
		"head":   {"Art.nr.  Omschrijving  Aantal  Prijs  Totaal", "Regel | Artikel | Aantal | Stukprijs"},
		"total":  {"Totaal order", "Orderbedrag", "Totaal excl. BTW"},
		"please": {"Graag ontvangen wij een orderbevestiging retour.", "Vermeld het ordernummer op de pakbon en de factuur.", "Deelleveringen alleen na overleg.", "Op deze order zijn onze inkoopvoorwaarden van toepassing."},
		"by":     {"Besteld door:", "Afdeling inkoop:", "Goedgekeurd door:", "Kostenplaats:"},
		"intro":  {"hierbij bestellen wij de volgende artikelen:", "graag bestellen wij bij u:", "naar aanleiding van uw offerte bestellen wij:"},
	},
	langPT: {
		"title":  {"Nota de encomenda", "NOTA DE ENCOMENDA", "Ordem de compra", "Pedido de compra", "Encomenda a fornecedor"},
		"no":     {"N.º encomenda", "Encomenda n.º", "Ref.ª encomenda"},
		"date":   {"Data da encomenda", "Data"},
		"vendor": {"Fornecedor:", "À atenção de:", "Fornecedor"},
		"ship":   {"Local de entrega:", "Entregar em:", "Morada de entrega:"},
		"when":   {"Prazo de entrega", "Data de entrega pretendida", "Entregar até"},
		"terms":  {"Condições de pagamento: 60 dias", "Transporte por conta do fornecedor", "Incoterm: DAP", "Pagamento a 30 dias após receção da fatura"},
		"head":   {"Ref.  Artigo  Qtd.  Preço unit.  Total", "Linha | Artigo | Quant. | Preço"},
		"total":  {"Total da encomenda", "Valor total", "Total s/ IVA"},
		"please": {"Agradecemos a confirmação desta encomenda.", "Indicar o número da encomenda na guia de remessa e na fatura.", "Não são aceites entregas parciais sem acordo prévio.", "Aplicam-se as nossas condições gerais de compra."},
		"by":     {"Requisitado por:", "Departamento de compras:", "Aprovado por:", "Centro de custo:"},
		"intro":  {"solicitamos o fornecimento dos seguintes artigos:", "vimos por este meio encomendar:", "na sequência do vosso orçamento, encomendamos:"},
	},
	langIT: {
		"title":  {"Ordine d'acquisto", "ORDINE DI ACQUISTO", "Ordine fornitore", "Buono d'ordine", "Ordine"},
		"no":     {"N. ordine", "Ordine n.", "Rif. ordine"},
		"date":   {"Data ordine", "Data"},
		"vendor": {"Fornitore:", "Alla c.a. di:", "Spett.le fornitore"},
		"ship":   {"Luogo di consegna:", "Consegnare a:", "Destinazione merce:"},
		"when":   {"Data consegna richiesta", "Termine di consegna", "Consegna entro il"},
		"terms":  {"Condizioni di pagamento: bonifico 60 gg d.f.f.m.", "Resa: franco destino", "Incoterm: DAP", "Pagamento RiBa 90 gg"},
		"head":   {"Cod.  Descrizione  Q.tà  Prezzo unit.  Totale", "Riga | Articolo | Quantità | Prezzo"},
		"total":  {"Totale ordine", "Importo totale", "Totale imponibile"},
		"please": {"Si prega di inviare conferma d'ordine.", "Riportare il numero d'ordine su DDT e fattura.", "Non si accettano consegne parziali senza autorizzazione.", "Valgono le nostre condizioni generali di acquisto."},
		"by":     {"Richiedente:", "Ufficio acquisti:", "Approvato da:", "Centro di costo:"},
		"intro":  {"Vi preghiamo di fornirci il seguente materiale:", "con la presente ordiniamo:", "facendo seguito alla Vostra offerta, ordiniamo:"},
	},
	langSV: {
		"title":  {"Inköpsorder", "INKÖPSORDER", "Beställning", "Order", "Beställningsformulär"},
		"no":     {"Ordernummer", "Beställningsnr", "Inköpsordernr", "Vårt ordernr"},
		"date":   {"Orderdatum", "Datum"},
		"vendor": {"Leverantör:", "Till:", "Leverantör"},
		"ship":   {"Leveransadress:", "Leverera till:", "Godsmottagare:"},
		"when":   {"Önskat leveransdatum", "Leveransdatum", "Leverans senast"},
		"terms":  {"Betalningsvillkor: 30 dagar netto", "Leveransvillkor: fritt vårt lager", "Incoterms: DAP", "Fakturan ska märkas med ordernumret"},
		"head":   {"Rad  Artikel  Antal  À-pris  Summa", "Rad | Art.nr | Benämning | Antal | Pris"},
		"total":  {"Ordervärde", "Summa exkl. moms", "Totalt"},
		"please": {"Vänligen bekräfta ordern inom tre arbetsdagar.", "Ange vårt ordernummer på följesedel och faktura.", "Dellevereranser endast efter överenskommelse.", "Våra allmänna inköpsvillkor gäller."},
		"by":     {"Beställare:", "Inköpare:", "Godkänd av:", "Kostnadsställe:"},
		"intro":  {"vi beställer härmed enligt överenskommelse:", "härmed beställer vi följande artiklar:", "med hänvisning till er offert beställer vi:"},
	},
	langPL: {
		"title":  {"Zamówienie", "ZAMÓWIENIE", "Zamówienie zakupu", "Zlecenie zakupu", "Zamówienie do dostawcy"},
		"no":     {"Nr zamówienia", "Zamówienie nr", "Numer zamówienia"},
		"date":   {"Data zamówienia", "Data"},
		"vendor": {"Dostawca:", "Do:", "Dostawca"},
		"ship":   {"Adres dostawy:", "Miejsce dostawy:", "Dostarczyć do:"},
		"when":   {"Termin dostawy", "Wymagany termin dostawy", "Dostawa do dnia"},
		"terms":  {"Warunki płatności: przelew 30 dni", "Transport na koszt dostawcy", "Incoterms: DAP", "Płatność 14 dni od otrzymania faktury"},
		"head":   {"Lp.  Nazwa  Ilość  Cena jedn.  Wartość", "Lp | Indeks | Nazwa | Ilość | Cena"},
		"total":  {"Wartość zamówienia", "Razem netto", "Łączna wartość"},
		"please": {"Prosimy o potwierdzenie przyjęcia zamówienia.", "Numer zamówienia prosimy umieścić na WZ i fakturze.", "Dostawy częściowe wyłącznie po uzgodnieniu.", "Obowiązują nasze ogólne warunki zakupu."},
		"by":     {"Zamawiający:", "Dział zakupów:", "Zatwierdził:", "Centrum kosztów:"},
		"intro":  {"zamawiamy u Państwa następujące towary:", "niniejszym składamy zamówienie na:", "w nawiązaniu do Państwa oferty zamawiamy:"},
	},
}

// purchaseOrderL is a purchase order, long or short.
func purchaseOrderL(g g, l lang) []string {
	v, e := poWords[l], g.euro(l)
	buyer, vendor := g.lco(l), g.lco(l)
	its := g.items(goodsL[l], g.n(1, 6), 3, 1200)
	var rows []string
	style := g.r.IntN(3)
	for i, it := range its {
		rows = append(rows, nth(style,
			fmt.Sprintf("%d  %s  %d  %s  %s", i+1, it.desc, it.qty, e.num(it.price), e.num(float64(it.qty)*it.price)),
			fmt.Sprintf("%d | %s | %d | %s", (i+1)*10, it.desc, it.qty, e.f(it.price)),
			fmt.Sprintf("%d x %s  %s", it.qty, it.desc, e.num(it.price))))
	}
	d := g.date()
	if g.chance(0.35) {
		return lines(g.w(v, "title"), g.kv(g.w(v, "no"), g.digits(g.n(4, 8))), g.kv(strings.TrimSuffix(g.w(v, "vendor"), ":"), vendor),
			rows, g.kv(g.w(v, "total"), e.f(total(its))), g.pick(g.kv(g.w(v, "when"), g.ldate(l, d.AddDate(0, 0, g.n(5, 40)))), g.w(v, "please")),
			g.w(v, "by")+" "+g.lp(l))
	}
	return lines(buyer, g.laddr(l), "", g.w(v, "title"),
		g.kv(g.w(v, "no"), g.pick("", "PO-", "BE-", "4500")+g.digits(6)),
		g.kv(g.w(v, "date"), g.ldate(l, d)), "",
		g.w(v, "vendor"), vendor, g.laddr(l), "",
		g.w(v, "ship"), buyer+g.pick("", " – "+[...]string{"Lager", "Entrepôt", "Almacén", "Magazijn", "Armazém", "Magazzino", "Lager", "Magazyn"}[l]), g.laddr(l)[0], "",
		g.kv(g.w(v, "when"), g.ldate(l, d.AddDate(0, 0, g.n(5, 40)))), g.w(v, "terms"), "",
		g.ldear(l), g.w(v, "intro"), "",
		g.w(v, "head"), rows, "",
		g.kv(g.w(v, "total"), e.f(total(its))), "",
		g.w(v, "please"), g.w(v, "by")+" "+g.lp(l), g.lregards(l))
}

// nth returns the i-th of xs: one row layout for a whole table.
func nth(i int, xs ...string) string { return xs[i%len(xs)] }

// restoWords are a restaurant's or café's bill as the till prints it: the
// table, the waiter, the covers, drinks and dishes, VAT included in the
// total. A Spanish restaurant ticket with its CIF and the words factura
// simplificada was read as an invoice; it records a payment made at the
// table.
var restoWords = [nLang]words{
	langDE: {
		"place":  {"Gasthaus zum Löwen", "Ristorante Da Mario", "Café Central", "Brauhaus am Dom", "Bistro Lindenhof", "Wirtshaus Krone"},
		"food":   {"Weizenbier 0,5l", "Apfelschorle", "Cappuccino", "Schnitzel Wiener Art", "Currywurst Pommes", "Tagesgericht", "Käsekuchen", "Pils 0,3l", "Rotwein 0,2l", "Tomatensuppe"},
		"table":  {"Tisch %d", "Tisch: %d", "TISCH %d"},
		"waiter": {"Es bediente Sie: %s", "Bedienung: %s", "Kellner: %s"},
		"covers": {"Gäste: %d", "Personen: %d"},
		"topay":  {"Zu zahlen", "SUMME", "Gesamt", "Rechnungsbetrag"},
		"vatin":  {"Im Betrag sind 19% MwSt. enthalten", "inkl. MwSt.", "enth. MwSt 7%", "Alle Preise inkl. MwSt."},
		"thanks": {"Vielen Dank für Ihren Besuch!", "Bis zum nächsten Mal!", "Trinkgeld nicht inbegriffen", "Wir freuen uns auf Ihren nächsten Besuch"},
	},
	langFR: {
		"place":  {"Brasserie du Port", "Café de la Gare", "Le Petit Bistrot", "Restaurant Le Lion d'Or", "Crêperie Ty Breizh", "Pizzeria Napoli"},
		"food":   {"Café crème", "Demi pression", "Formule midi", "Plat du jour", "Croque-monsieur", "Verre de vin rouge", "Carafe d'eau", "Tarte du jour", "Salade César", "Entrecôte frites"},
		"table":  {"Table %d", "Table : %d", "TABLE %d"},
		"waiter": {"Serveur : %s", "Vous avez été servi par %s", "Serveuse : %s"},
		"covers": {"Couverts : %d", "Nb couverts : %d"},
		"topay":  {"TOTAL TTC", "Net à payer", "Total à régler", "TOTAL"},
		"vatin":  {"Prix nets, service compris", "TVA 10 % incluse", "dont TVA 10 %", "Service compris"},
		"thanks": {"Merci de votre visite", "À bientôt !", "Merci et bonne journée", "Au plaisir de vous revoir"},
	},
	langES: {
		"place":  {"Restaurante Casa Pepe", "Bar Cafetería El Rincón", "Mesón Los Arcos", "Cervecería La Plaza", "Taberna El Puerto", "Café Bar Central"},
		"food":   {"Caña", "Café con leche", "Menú (1º+2º+postre)", "Ración de calamares", "Pincho de tortilla", "Tostada con tomate", "Agua mineral", "Copa de vino tinto", "Patatas bravas", "Postre casero", "Refresco", "Bocadillo de jamón"},
		"table":  {"Mesa %d", "MESA: %d", "Mesa nº %d", "Terraza %d"},
		"waiter": {"Camarero: %s", "Le atendió: %s", "Atendido por: %s", "Camarera: %s"},
		"covers": {"Comensales: %d", "Pax: %d", "Cubiertos: %d"},
		"topay":  {"TOTAL A PAGAR", "Total a pagar", "TOTAL", "Importe total"},
		"vatin":  {"IVA incluido", "IVA 10% incluido", "Precios con IVA incluido", "IVA INCLUIDO"},
		"thanks": {"Gracias por su visita", "¡Gracias por su visita!", "Vuelva pronto", "Gracias y hasta pronto"},
	},
	langNL: {
		"place":  {"Eetcafé De Zwaan", "Restaurant De Gouden Leeuw", "Grand Café Centraal", "Brasserie Het Plein", "Lunchroom De Tuin", "Pizzeria Roma"},
		"food":   {"Koffie verkeerd", "Pils", "Dagschotel", "Tosti ham/kaas", "Bitterballen", "Huiswijn rood", "Spa rood", "Appeltaart", "Kipsaté", "Soep van de dag"},
		"table":  {"Tafel %d", "Tafel: %d", "TAFEL %d"},
		"waiter": {"U werd geholpen door %s", "Bediening: %s", "Medewerker: %s"},
		"covers": {"Gasten: %d", "Personen: %d"},
		"topay":  {"Te betalen", "TOTAAL", "Totaal", "Totaalbedrag"},
		"vatin":  {"Prijzen incl. BTW", "incl. 9% BTW", "waarvan BTW 9%", "Alle bedragen inclusief BTW"},
		"thanks": {"Bedankt voor uw bezoek", "Tot de volgende keer!", "Graag tot ziens", "Eet smakelijk en tot ziens"},
	},
	langPT: {
		"place":  {"Restaurante O Cantinho", "Café Central", "Tasca do Zé", "Cervejaria Trindade", "Pastelaria Bela Vista", "Marisqueira do Porto"},
		"food":   {"Bica", "Galão", "Menu executivo", "Imperial", "Bitoque", "Água 0,5L", "Copo de vinho tinto", "Sobremesa", "Tosta mista", "Sopa do dia"},
		"table":  {"Mesa %d", "MESA: %d", "Mesa n.º %d"},
		"waiter": {"Empregado: %s", "Atendido por: %s", "Funcionário: %s"},
		"covers": {"Pessoas: %d", "N.º pessoas: %d"},
		"topay":  {"TOTAL A PAGAR", "Total", "TOTAL", "Valor a pagar"},
		"vatin":  {"IVA incluído à taxa de 13%", "Preços com IVA incluído", "IVA incluído", "Taxa de IVA 13% incluída"},
		"thanks": {"Obrigado pela sua visita", "Volte sempre!", "Obrigado e volte sempre", "Bom apetite"},
	},
	langIT: {
		"place":  {"Trattoria da Gino", "Bar Pasticceria Roma", "Ristorante Il Gabbiano", "Pizzeria Vesuvio", "Osteria del Ponte", "Caffè Centrale"},
		"food":   {"Caffè", "Cappuccino", "Coperto", "Menù fisso pranzo", "Pizza margherita", "Acqua naturale", "Calice vino rosso", "Birra media", "Tiramisù", "Primo del giorno"},
		"table":  {"Tavolo %d", "Tavolo: %d", "TAVOLO %d"},
		"waiter": {"Cameriere: %s", "Operatore: %s", "Vi ha servito: %s"},
		"covers": {"Coperti: %d", "Persone: %d"},
		"topay":  {"TOTALE", "Totale da pagare", "TOTALE EURO", "Importo pagato"},
		"vatin":  {"IVA inclusa", "Prezzi IVA inclusa", "di cui IVA 10%", "IVA compresa"},
		"thanks": {"Grazie e arrivederci", "Grazie per la visita", "Arrivederci!", "Buona giornata"},
	},
	langSV: {
		"place":  {"Restaurang Sjöboden", "Café Kanelen", "Krogen Gamla Stan", "Pizzeria Napoli", "Konditori Fika", "Bistro Hamnen"},
		"food":   {"Lunch inkl. sallad och kaffe", "Bryggkaffe", "Latte", "Stor stark", "Fikabröd", "Husets rödvin glas", "Lättöl", "Barnmeny", "Sallad", "Kladdkaka"},
		"table":  {"Bord %d", "Bord: %d", "BORD %d"},
		"waiter": {"Servitör: %s", "Du betjänades av %s", "Personal: %s"},
		"covers": {"Gäster: %d", "Antal personer: %d"},
		"topay":  {"Att betala", "TOTALT", "Summa", "Totalt att betala"},
		"vatin":  {"Moms 12% ingår", "varav moms 12%", "Priser inkl. moms", "Inkl. moms"},
		"thanks": {"Tack för besöket!", "Välkommen åter!", "Tack och välkommen tillbaka", "Smaklig måltid"},
	},
	langPL: {
		"place":  {"Restauracja Pod Różą", "Kawiarnia Rynek", "Bar Mleczny Jagienka", "Pizzeria Roma", "Karczma Góralska", "Bistro Stare Miasto"},
		"food":   {"Kawa czarna", "Cappuccino", "Zestaw obiadowy", "Piwo 0,5l", "Zupa dnia", "Herbata", "Woda mineralna", "Lampka wina", "Szarlotka", "Danie dnia"},
		"table":  {"Stolik %d", "Stolik: %d", "STOLIK %d"},
		"waiter": {"Kelner: %s", "Obsługiwał(a): %s", "Kelnerka: %s"},
		"covers": {"Liczba gości: %d", "Osób: %d"},
		"topay":  {"SUMA PLN", "Do zapłaty", "RAZEM", "Suma"},
		"vatin":  {"Ceny zawierają VAT", "PTU B 8% zawarte w cenie", "w tym VAT 8%", "Suma PTU"},
		"thanks": {"Dziękujemy za wizytę!", "Zapraszamy ponownie", "Smacznego i do zobaczenia", "Dziękujemy i zapraszamy ponownie"},
	},
}

// receiptRestaurantL is a restaurant's or café's bill paid at the table:
// table, waiter, covers, what was eaten and drunk, the total with VAT
// included, how it was paid; now and then with the seller's tax number and
// the till's own name for it (ticket, factura simplificada), as real ones.
func receiptRestaurantL(g g, l lang) []string {
	v, rw, e := restoWords[l], receiptWords[l], g.euro(l)
	its := g.items(v["food"], g.n(1, 6), 1.2, 14)
	var rows []string
	style := g.r.IntN(3)
	for i := range its {
		its[i].qty = g.n(1, 4)
		it := its[i]
		rows = append(rows, nth(style,
			fmt.Sprintf("%d %s  %s", it.qty, strings.ToUpper(it.desc), e.num(float64(it.qty)*it.price)),
			fmt.Sprintf("%d x %s  %s  %s", it.qty, it.desc, e.num(it.price), e.num(float64(it.qty)*it.price)),
			fmt.Sprintf("%-26s %8s", it.desc, e.num(float64(it.qty)*it.price))))
	}
	sum := total(its)
	var pay []string
	if g.chance(0.45) {
		given := float64(int(sum/10)+1) * 10
		pay = lines(g.kv(g.w(rw, "cash"), e.num(given)), g.kv(g.w(rw, "change"), e.num(given-sum)))
	} else {
		pay = lines(g.kv(g.w(rw, "card"), e.num(sum)), g.pick("", "**** "+g.digits(4), "Auth "+g.digits(6)))
	}
	d := g.date()
	head := lines(g.pick(g.w(v, "place"), strings.ToUpper(g.w(v, "place"))), g.pick("", strings.Join(g.laddr(l), ", "), g.laddr(l)[0]),
		g.pick("", "", g.w(invoiceWords[l], "vatid")+" "+g.vatID(l)), g.pick("", "", g.w(rw, "title")+" "+g.digits(g.n(3, 6))))
	who := g.pick(locales[l].first...)
	return lines(head,
		fmt.Sprintf("%s %02d:%02d", lnumdate(l, d), g.n(8, 23), g.n(0, 59)),
		g.wf(v, "table", g.n(1, 30))+g.pick("", "   "+g.wf(v, "waiter", who)),
		g.pick("", g.wf(v, "covers", g.n(1, 6))),
		rows, g.kv(g.w(v, "topay"), e.f(sum)), g.pick("", g.w(v, "vatin"), g.kv(g.w(v, "vatin"), e.num(sum*0.09))),
		pay, g.w(v, "thanks"))
}
