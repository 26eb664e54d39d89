package corpus

import (
	"fmt"
	"strings"
)

// Contracts and medical records in German, French, Spanish, Dutch,
// Portuguese, Italian, Swedish and Polish, also shaped as letters: a
// contract sent for signature, a doctor's letter to the family doctor
// (which the model read as other while it knew only English letters of
// that kind).

var contractWords = [nLang]words{
	langDE: {
		"kind":     {"Dienstleistungsvertrag", "Mietvertrag", "Arbeitsvertrag", "Kaufvertrag", "Werkvertrag", "Rahmenvertrag", "Beratungsvertrag", "Geheimhaltungsvereinbarung", "Wartungsvertrag"},
		"between":  {"zwischen", "Zwischen", "Der folgende Vertrag wird geschlossen zwischen"},
		"landlord": {"Hausverwaltung %s GmbH", "Wohnungsbaugesellschaft %s mbH", "%s Immobilien GmbH"},
		"partyA":   {"nachfolgend „Auftraggeber“ genannt", "– im Folgenden „Vermieter“ –", "nachfolgend „Arbeitgeber“", "– Verkäufer –"},
		"partyB":   {"nachfolgend „Auftragnehmer“ genannt", "– im Folgenden „Mieter“ –", "nachfolgend „Arbeitnehmer“", "– Käufer –"},
		"and":      {"und"},
		"agree":    {"Die Parteien vereinbaren Folgendes:", "wird folgender Vertrag geschlossen:", "Präambel"},
		"sec":      {"§ %d %s", "§%d %s", "%d. %s"},
		"c1":       {"Vertragsgegenstand|Der Auftragnehmer erbringt für den Auftraggeber die in Anlage 1 beschriebenen Leistungen.", "Mietsache|Vermietet wird die Wohnung im 2. Obergeschoss links, bestehend aus drei Zimmern, Küche und Bad.", "Tätigkeit|Der Arbeitnehmer wird als Sachbearbeiter im Bereich Buchhaltung eingestellt."},
		"c2":       {"Vergütung|Die Vergütung beträgt %s monatlich zuzüglich der gesetzlichen Mehrwertsteuer.", "Miete und Nebenkosten|Die monatliche Grundmiete beträgt %s; sie ist bis zum dritten Werktag eines Monats im Voraus zu zahlen.", "Gehalt|Das monatliche Bruttogehalt beträgt %s."},
		"c3":       {"Laufzeit und Kündigung|Der Vertrag beginnt am %s und läuft auf unbestimmte Zeit. Er kann mit einer Frist von drei Monaten zum Monatsende gekündigt werden.", "Vertragsdauer|Das Vertragsverhältnis beginnt am %s. Die ersten sechs Monate gelten als Probezeit.", "Beginn des Mietverhältnisses|Das Mietverhältnis beginnt am %s und wird auf unbestimmte Zeit geschlossen."},
		"c4":       {"Vertraulichkeit|Die Parteien verpflichten sich, alle vertraulichen Informationen geheim zu halten, auch über das Vertragsende hinaus.", "Haftung|Die Haftung ist auf Vorsatz und grobe Fahrlässigkeit beschränkt.", "Kaution|Der Mieter leistet eine Mietsicherheit in Höhe von drei Monatsmieten.", "Urlaub|Der Arbeitnehmer hat Anspruch auf 28 Arbeitstage Erholungsurlaub im Kalenderjahr."},
		"c5":       {"Schlussbestimmungen|Änderungen und Ergänzungen dieses Vertrages bedürfen der Schriftform. Sollte eine Bestimmung unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.", "Gerichtsstand|Gerichtsstand ist der Sitz des Auftraggebers. Es gilt deutsches Recht."},
		"sign":     {"Ort, Datum: ____________", "Unterschrift Auftraggeber: ____________", "Unterschrift Auftragnehmer: ____________", "(Vermieter) ____________   (Mieter) ____________"},
		"cover":    {"anbei erhalten Sie den %s in zweifacher Ausfertigung. Bitte senden Sie uns ein unterschriebenes Exemplar bis zum %s zurück.", "wie besprochen übersenden wir Ihnen den %s zur Unterschrift. Der Vertrag tritt mit Unterzeichnung durch beide Parteien in Kraft; die Laufzeit beginnt am %s."},
		"subj":     {"Betreff: Ihr Vertrag", "Vertragsunterlagen", "Betreff: Vertrag zur Unterschrift"},
		"encl":     {"Anlage: Vertrag (2 Exemplare)", "Anlagen", "Anlage: Allgemeine Geschäftsbedingungen"},
		"terms":    {"Vertragsnummer und Vertragsbeginn finden Sie auf Seite 1 des Vertrages.", "Die Vertragslaufzeit beträgt zwölf Monate und verlängert sich automatisch, sofern nicht fristgerecht gekündigt wird.", "Bitte unterschreiben Sie beide Exemplare auf der letzten Seite und paraphieren Sie jede Seite.", "Die Vertragsbedingungen und die Kündigungsfrist von drei Monaten bleiben unverändert."},
	},
	langFR: {
		"kind":     {"Contrat de prestation de services", "Contrat de bail d'habitation", "Contrat de travail à durée indéterminée", "Contrat de vente", "Contrat de sous-traitance", "Contrat-cadre", "Accord de confidentialité", "Contrat de maintenance"},
		"between":  {"Entre les soussignés :", "ENTRE", "Le présent contrat est conclu entre"},
		"landlord": {"Agence immobilière %s", "SCI %s", "Cabinet %s, administrateur de biens"},
		"partyA":   {"ci-après dénommé « le Client », d'une part,", "ci-après « le Bailleur », d'une part,", "ci-après « l'Employeur », d'une part,"},
		"partyB":   {"ci-après dénommé « le Prestataire », d'autre part.", "ci-après « le Locataire », d'autre part.", "ci-après « le Salarié », d'autre part."},
		"and":      {"et", "ET"},
		"agree":    {"Il a été convenu et arrêté ce qui suit :", "IL A ÉTÉ CONVENU CE QUI SUIT", "Préambule"},
		"sec":      {"Article %d – %s", "ARTICLE %d : %s", "Art. %d – %s"},
		"c1":       {"Objet du contrat|Le Prestataire s'engage à réaliser pour le Client les prestations décrites en annexe 1.", "Désignation des locaux|Le Bailleur donne en location au Locataire un appartement de trois pièces situé au 2e étage.", "Fonctions|Le Salarié est engagé en qualité de comptable."},
		"c2":       {"Prix et modalités de paiement|En contrepartie, le Client versera la somme de %s HT par mois, payable à 30 jours.", "Loyer et charges|Le loyer mensuel est fixé à %s, charges comprises, payable d'avance le 5 de chaque mois.", "Rémunération|La rémunération mensuelle brute est fixée à %s."},
		"c3":       {"Durée|Le présent contrat prend effet le %s pour une durée d'un an renouvelable par tacite reconduction.", "Période d'essai|Le contrat prend effet le %s ; il ne deviendra définitif qu'à l'issue d'une période d'essai de deux mois.", "Durée du bail|Le bail est consenti pour une durée de trois ans à compter du %s."},
		"c4":       {"Confidentialité|Chaque partie s'engage à garder strictement confidentielles les informations communiquées par l'autre partie.", "Responsabilité|La responsabilité du Prestataire est limitée au montant des sommes perçues.", "Dépôt de garantie|Le Locataire verse un dépôt de garantie égal à un mois de loyer hors charges.", "Congés payés|Le Salarié bénéficie de cinq semaines de congés payés par an."},
		"c5":       {"Résiliation|Chaque partie peut résilier le contrat par lettre recommandée avec accusé de réception moyennant un préavis de trois mois.", "Droit applicable et litiges|Le présent contrat est soumis au droit français. Tout litige relève du tribunal de commerce compétent."},
		"sign":     {"Fait à %s, le %s, en deux exemplaires originaux.", "Lu et approuvé, bon pour accord", "Signature du Client : ____________", "Signature du Prestataire : ____________"},
		"cover":    {"veuillez trouver ci-joint le %s en deux exemplaires. Nous vous remercions de nous en retourner un exemplaire signé avant le %s.", "comme convenu, nous vous adressons le %s pour signature. Il prendra effet à la date de signature par les deux parties, et au plus tôt le %s."},
		"subj":     {"Objet : votre contrat", "Objet : envoi du contrat pour signature", "Objet : contrat"},
		"encl":     {"P.J. : contrat en deux exemplaires", "Pièces jointes : conditions générales", "PJ : 2 exemplaires"},
		"terms":    {"Le numéro de contrat et la date d'effet figurent en première page.", "Le contrat est conclu pour une durée de douze mois, renouvelable par tacite reconduction.", "Merci de parapher chaque page et de signer la dernière page précédée de la mention « lu et approuvé ».", "Les conditions générales et le préavis de résiliation de trois mois restent inchangés."},
	},
	langES: {
		"kind":     {"Contrato de prestación de servicios", "Contrato de arrendamiento de vivienda", "Contrato de trabajo indefinido", "Contrato de compraventa", "Contrato de obra", "Acuerdo de confidencialidad", "Contrato de mantenimiento"},
		"between":  {"REUNIDOS", "De una parte,", "En el día de hoy, comparecen"},
		"landlord": {"Inmobiliaria %s S.L.", "Gestión de Alquileres %s", "Fincas %s S.L."},
		"partyA":   {"en adelante «el Cliente»,", "en adelante «el Arrendador»,", "en adelante «la Empresa»,"},
		"partyB":   {"en adelante «el Prestador».", "en adelante «el Arrendatario».", "en adelante «el Trabajador»."},
		"and":      {"Y de otra parte,", "y"},
		"agree":    {"Ambas partes se reconocen capacidad legal suficiente y acuerdan las siguientes CLÁUSULAS:", "EXPONEN", "ACUERDAN"},
		"sec":      {"Cláusula %d.ª – %s", "%d. %s", "CLÁUSULA %d. %s"},
		"c1":       {"Objeto|El Prestador se compromete a realizar los servicios descritos en el Anexo I.", "Objeto del arrendamiento|El Arrendador cede en arrendamiento la vivienda situada en la planta segunda, puerta B.", "Puesto de trabajo|El Trabajador prestará sus servicios como administrativo contable."},
		"c2":       {"Precio y forma de pago|El Cliente abonará la cantidad de %s mensuales más IVA, mediante transferencia bancaria.", "Renta|La renta mensual se fija en %s, pagadera dentro de los cinco primeros días de cada mes.", "Retribución|El salario bruto mensual será de %s, en catorce pagas."},
		"c3":       {"Duración|El presente contrato entrará en vigor el %s y tendrá una duración de un año, prorrogable tácitamente.", "Periodo de prueba|El contrato comienza el %s, con un periodo de prueba de dos meses.", "Duración del arrendamiento|El arrendamiento comienza el %s por un plazo de un año."},
		"c4":       {"Confidencialidad|Las partes se obligan a guardar la más estricta confidencialidad sobre la información recibida.", "Responsabilidad|El Prestador responderá de los daños causados por su negligencia.", "Fianza|El Arrendatario entrega en este acto una fianza equivalente a una mensualidad.", "Vacaciones|El Trabajador disfrutará de 30 días naturales de vacaciones al año."},
		"c5":       {"Resolución|Cualquiera de las partes podrá resolver el contrato con un preaviso de treinta días.", "Legislación aplicable y jurisdicción|El presente contrato se rige por la legislación española. Las partes se someten a los Juzgados y Tribunales de la ciudad."},
		"sign":     {"Y en prueba de conformidad, firman el presente contrato por duplicado en %s, a %s.", "Fdo.: ____________   Fdo.: ____________", "EL ARRENDADOR ____________  EL ARRENDATARIO ____________"},
		"cover":    {"adjunto le remitimos el %s por duplicado. Le rogamos nos devuelva un ejemplar firmado antes del %s.", "tal como acordamos, le enviamos el %s para su firma. Entrará en vigor una vez firmado por ambas partes, el %s."},
		"subj":     {"Asunto: su contrato", "Asunto: envío de contrato para firma", "Ref.: contrato"},
		"encl":     {"Anexo: contrato (2 ejemplares)", "Documentación adjunta", "Adjunto: condiciones generales"},
		"terms":    {"El número de contrato y la fecha de inicio figuran en la primera página.", "El contrato tiene una duración de doce meses, prorrogable tácitamente.", "Le rogamos firme ambos ejemplares en la última página y rubrique cada hoja.", "Las condiciones contractuales y el preaviso de resolución de tres meses no varían."},
	},
	langNL: {
		"kind":     {"Overeenkomst van opdracht", "Huurovereenkomst woonruimte", "Arbeidsovereenkomst voor onbepaalde tijd", "Koopovereenkomst", "Geheimhoudingsovereenkomst", "Samenwerkingsovereenkomst", "Onderhoudscontract", "Raamovereenkomst"},
		"between":  {"De ondergetekenden:", "PARTIJEN:", "Ondergetekenden:"},
		"landlord": {"Woningcorporatie %s", "%s Vastgoedbeheer B.V.", "Makelaardij %s"},
		"partyA":   {"hierna te noemen „Opdrachtgever”,", "hierna te noemen: „Verhuurder”,", "hierna te noemen „Werkgever”,"},
		"partyB":   {"hierna te noemen „Opdrachtnemer”,", "hierna te noemen: „Huurder”,", "hierna te noemen „Werknemer”,"},
		"and":      {"en"},
		"agree":    {"komen het volgende overeen:", "verklaren te zijn overeengekomen als volgt:", "OVERWEGENDE DAT"},
		"sec":      {"Artikel %d – %s", "Artikel %d. %s", "%d. %s"},
		"c1":       {"Onderwerp van de overeenkomst|Opdrachtnemer verricht voor Opdrachtgever de werkzaamheden zoals omschreven in bijlage 1.", "Het gehuurde|Verhuurder verhuurt aan Huurder de woning gelegen op de tweede verdieping.", "Functie|Werknemer treedt in dienst in de functie van administratief medewerker."},
		"c2":       {"Vergoeding en betaling|Opdrachtgever betaalt een vergoeding van %s per maand exclusief btw, binnen 30 dagen na factuurdatum.", "Huurprijs|De huurprijs bedraagt %s per maand, vooruit te betalen voor de eerste van elke maand.", "Salaris|Het bruto maandsalaris bedraagt %s, exclusief 8%% vakantietoeslag."},
		"c3":       {"Duur|Deze overeenkomst gaat in op %s en wordt aangegaan voor onbepaalde tijd.", "Proeftijd|De arbeidsovereenkomst gaat in op %s; de eerste maand geldt als proeftijd.", "Duur van de huur|De huur gaat in op %s en geldt voor onbepaalde tijd."},
		"c4":       {"Geheimhouding|Partijen zijn verplicht tot geheimhouding van alle vertrouwelijke informatie.", "Aansprakelijkheid|De aansprakelijkheid van Opdrachtnemer is beperkt tot het bedrag van de opdracht.", "Waarborgsom|Huurder betaalt een waarborgsom ter hoogte van twee maanden huur.", "Vakantie|Werknemer heeft recht op 25 vakantiedagen per jaar."},
		"c5":       {"Opzegging|Ieder der partijen kan de overeenkomst schriftelijk opzeggen met inachtneming van een opzegtermijn van één maand.", "Toepasselijk recht|Op deze overeenkomst is Nederlands recht van toepassing. Geschillen worden voorgelegd aan de bevoegde rechter."},
		"sign":     {"Aldus overeengekomen en in tweevoud ondertekend te %s op %s.", "Handtekening opdrachtgever: ____________", "Handtekening opdrachtnemer: ____________", "Verhuurder ____________  Huurder ____________"},
		"cover":    {"hierbij ontvangt u de %s in tweevoud. Wij verzoeken u één exemplaar ondertekend voor %s aan ons terug te sturen.", "zoals besproken sturen wij u de %s ter ondertekening. De overeenkomst gaat in op %s."},
		"subj":     {"Betreft: uw overeenkomst", "Onderwerp: contract ter ondertekening", "Betreft: overeenkomst"},
		"encl":     {"Bijlage: overeenkomst (2x)", "Bijlagen: algemene voorwaarden", "Bijlage"},
		"terms":    {"Het contractnummer en de ingangsdatum vindt u op de eerste pagina van de overeenkomst.", "De looptijd van de overeenkomst is twaalf maanden en wordt stilzwijgend verlengd.", "Wilt u beide exemplaren op de laatste pagina ondertekenen en elke pagina paraferen?", "De contractvoorwaarden en de opzegtermijn van drie maanden blijven ongewijzigd."},
	},
	langPT: {
		"kind":     {"Contrato de prestação de serviços", "Contrato de arrendamento habitacional", "Contrato de trabalho sem termo", "Contrato de compra e venda", "Contrato de empreitada", "Acordo de confidencialidade", "Contrato de manutenção"},
		"between":  {"Entre:", "PRIMEIRO OUTORGANTE:", "Entre os abaixo assinados:"},
		"landlord": {"Imobiliária %s, Lda.", "Gestão de Imóveis %s", "%s Mediação Imobiliária"},
		"partyA":   {"doravante designado por Primeiro Outorgante,", "adiante designado por Senhorio,", "adiante designada por Entidade Empregadora,"},
		"partyB":   {"doravante designado por Segundo Outorgante,", "adiante designado por Arrendatário,", "adiante designado por Trabalhador,"},
		"and":      {"e", "SEGUNDO OUTORGANTE:"},
		"agree":    {"é celebrado o presente contrato, que se rege pelas cláusulas seguintes:", "É livremente e de boa-fé celebrado o presente contrato:", "Considerando que"},
		"sec":      {"Cláusula %d.ª – %s", "CLÁUSULA %d.ª (%s)", "%d.ª %s"},
		"c1":       {"Objeto|O Segundo Outorgante obriga-se a prestar os serviços descritos no Anexo I.", "Objeto do arrendamento|O Senhorio dá de arrendamento a fração autónoma correspondente ao 2.º andar esquerdo.", "Funções|O Trabalhador é admitido para exercer as funções de técnico administrativo."},
		"c2":       {"Preço e pagamento|Pelos serviços prestados será pago o valor mensal de %s, acrescido de IVA à taxa legal.", "Renda|A renda mensal é de %s, a pagar até ao dia 8 do mês anterior àquele a que respeitar.", "Retribuição|A retribuição base mensal ilíquida é de %s."},
		"c3":       {"Duração|O presente contrato produz efeitos a partir de %s, pelo prazo de um ano, renovável.", "Período experimental|O contrato tem início em %s, com um período experimental de 90 dias.", "Prazo|O arrendamento tem início em %s, pelo prazo de cinco anos."},
		"c4":       {"Confidencialidade|As partes obrigam-se a manter sigilo sobre toda a informação trocada.", "Responsabilidade|O Segundo Outorgante responde pelos danos causados por culpa sua.", "Caução|O Arrendatário entrega, a título de caução, o valor correspondente a duas rendas.", "Férias|O Trabalhador tem direito a 22 dias úteis de férias por ano."},
		"c5":       {"Denúncia|Qualquer das partes pode denunciar o contrato mediante comunicação escrita com 60 dias de antecedência.", "Foro competente|Para dirimir quaisquer litígios, as partes elegem o foro da comarca de Lisboa."},
		"sign":     {"Feito em %s, aos %s, em dois exemplares.", "O Primeiro Outorgante ____________  O Segundo Outorgante ____________", "Os Outorgantes: ____________ ____________"},
		"cover":    {"junto enviamos o %s em duplicado. Solicitamos a devolução de um exemplar assinado até %s.", "conforme combinado, enviamos o %s para assinatura. O contrato produz efeitos a partir de %s."},
		"subj":     {"Assunto: o seu contrato", "Assunto: envio de contrato para assinatura", "Ref.ª: contrato"},
		"encl":     {"Anexo: contrato (2 exemplares)", "Anexos: condições gerais", "Em anexo"},
		"terms":    {"O número do contrato e a data de início constam da primeira página.", "O contrato tem a duração de doze meses, renovável automaticamente.", "Solicitamos que assine ambos os exemplares na última página e rubrique todas as folhas.", "As condições contratuais e o pré-aviso de denúncia de três meses mantêm-se."},
	},
	langIT: {
		"kind":     {"Contratto di prestazione di servizi", "Contratto di locazione ad uso abitativo", "Contratto di lavoro a tempo indeterminato", "Contratto di compravendita", "Contratto di appalto", "Accordo di riservatezza", "Contratto di manutenzione"},
		"between":  {"TRA", "Con la presente scrittura privata tra", "Tra le parti"},
		"landlord": {"Immobiliare %s S.r.l.", "Agenzia %s Affitti", "Gestioni Immobiliari %s"},
		"partyA":   {"di seguito denominato «il Committente»,", "di seguito «il Locatore»,", "di seguito «il Datore di lavoro»,"},
		"partyB":   {"di seguito denominato «il Fornitore»,", "di seguito «il Conduttore»,", "di seguito «il Lavoratore»,"},
		"and":      {"E", "e"},
		"agree":    {"SI CONVIENE E SI STIPULA QUANTO SEGUE", "PREMESSO CHE", "le parti convengono quanto segue:"},
		"sec":      {"Art. %d – %s", "Articolo %d (%s)", "%d. %s"},
		"c1":       {"Oggetto del contratto|Il Fornitore si impegna a prestare i servizi descritti nell'Allegato A.", "Oggetto della locazione|Il Locatore concede in locazione l'appartamento sito al secondo piano, interno 5.", "Mansioni|Il Lavoratore è assunto con la qualifica di impiegato amministrativo."},
		"c2":       {"Corrispettivo e modalità di pagamento|Il Committente corrisponderà un importo mensile di %s oltre IVA, a mezzo bonifico bancario.", "Canone|Il canone annuo è convenuto in rate mensili di %s da versare entro il giorno 5 di ogni mese.", "Retribuzione|La retribuzione lorda mensile è di %s per tredici mensilità."},
		"c3":       {"Durata|Il presente contratto decorre dal %s e ha durata di un anno, tacitamente rinnovabile.", "Periodo di prova|Il rapporto decorre dal %s con un periodo di prova di tre mesi.", "Durata della locazione|La locazione decorre dal %s per la durata di quattro anni, rinnovabile di ulteriori quattro."},
		"c4":       {"Riservatezza|Le parti si impegnano a mantenere riservate tutte le informazioni ricevute.", "Responsabilità|Il Fornitore risponde dei danni causati per colpa o negligenza.", "Deposito cauzionale|Il Conduttore versa un deposito cauzionale pari a tre mensilità.", "Ferie|Il Lavoratore ha diritto a quattro settimane di ferie retribuite all'anno."},
		"c5":       {"Recesso|Ciascuna parte può recedere dal contratto con preavviso scritto di 60 giorni a mezzo raccomandata A/R.", "Foro competente|Per ogni controversia è competente in via esclusiva il Foro di Milano."},
		"sign":     {"Letto, confermato e sottoscritto. %s, %s", "Il Committente ____________  Il Fornitore ____________", "Firma ____________  Firma ____________"},
		"cover":    {"in allegato Le trasmettiamo il %s in duplice copia. La preghiamo di restituircene una copia firmata entro il %s.", "come concordato, Le inviamo il %s per la sottoscrizione. Il contratto avrà efficacia dal %s."},
		"subj":     {"Oggetto: il Suo contratto", "Oggetto: invio contratto per la firma", "Oggetto: contratto"},
		"encl":     {"Allegato: contratto (2 copie)", "Allegati: condizioni generali", "All.: 2"},
		"terms":    {"Il numero di contratto e la data di decorrenza sono indicati nella prima pagina.", "Il contratto ha durata di dodici mesi con rinnovo tacito.", "La preghiamo di firmare entrambe le copie nell'ultima pagina e di siglare ogni foglio.", "Le condizioni contrattuali e il preavviso di recesso di tre mesi restano invariati."},
	},
	langSV: {
		"kind":     {"Avtal om konsulttjänster", "Hyresavtal", "Anställningsavtal", "Köpeavtal", "Ramavtal", "Serviceavtal", "Sekretessavtal", "Uppdragsavtal", "Hyreskontrakt för bostadslägenhet"},
		"between":  {"mellan", "Mellan nedanstående parter", "Detta avtal har träffats mellan"},
		"landlord": {"Fastighets AB %s", "Bostadsbolaget %s", "%s Förvaltning AB"},
		"partyA":   {"nedan kallad ”Beställaren”", "nedan kallad ”Hyresvärden”", "nedan kallad ”Arbetsgivaren”"},
		"partyB":   {"nedan kallad ”Leverantören”", "nedan kallad ”Hyresgästen”", "nedan kallad ”Arbetstagaren”"},
		"and":      {"och"},
		"agree":    {"Parterna har kommit överens om följande:", "har följande avtal träffats:", "Bakgrund"},
		"sec":      {"§ %d %s", "%d. %s", "%d §  %s"},
		"c1":       {"Uppdraget|Leverantören ska utföra de tjänster som beskrivs i bilaga 1 enligt Beställarens anvisningar.", "Lägenheten|Hyresgästen hyr lägenhet nr 1102 om tre rum och kök på andra våningen.", "Befattning|Arbetstagaren anställs som ekonomiassistent med placering på huvudkontoret."},
		"c2":       {"Ersättning|Ersättningen uppgår till %s per månad exklusive moms.", "Hyra|Hyran är %s per månad och ska betalas i förskott senast sista vardagen före varje kalendermånad.", "Lön|Månadslönen är %s före skatt."},
		"c3":       {"Avtalstid och uppsägning|Avtalet gäller från och med %s och tills vidare med en ömsesidig uppsägningstid om tre månader.", "Anställningsform|Anställningen gäller från och med %s och inleds med sex månaders provanställning.", "Hyrestid|Hyresavtalet gäller från och med %s och löper tills vidare."},
		"c4":       {"Sekretess|Parterna förbinder sig att inte röja konfidentiell information, även efter avtalets upphörande.", "Ansvar|Parternas ansvar är begränsat till direkta skador.", "Deposition|Hyresgästen ska betala en deposition motsvarande en månadshyra.", "Semester|Arbetstagaren har rätt till 25 semesterdagar per år."},
		"c5":       {"Övrigt|Ändringar och tillägg till detta avtal ska vara skriftliga och undertecknade av båda parter.", "Tvist|Tvist med anledning av detta avtal ska avgöras av svensk allmän domstol enligt svensk rätt."},
		"sign":     {"Ort och datum: ____________", "Underskrift Beställare: ____________", "Underskrift Leverantör: ____________", "%s den %s  ____________   ____________"},
		"cover":    {"bifogat finner du %s i två exemplar. Vänligen underteckna och returnera det ena exemplaret senast %s.", "som vi kom överens om skickar vi härmed %s för underskrift. Avtalet träder i kraft när båda parter har undertecknat det och gäller från %s."},
		"subj":     {"Ditt avtal", "Avtal för underskrift", "Angående: avtal"},
		"encl":     {"Bilaga: avtal (2 ex.)", "Bilagor", "Bilaga: allmänna villkor"},
		"terms":    {"Avtalsnummer och avtalsstart framgår av avtalets första sida.", "Avtalstiden är tolv månader och förlängs automatiskt om det inte sägs upp i tid.", "Underteckna båda exemplaren på sista sidan och signera varje sida.", "Avtalsvillkoren och uppsägningstiden på tre månader är oförändrade."},
	},
	langPL: {
		"kind":     {"Umowa o świadczenie usług", "Umowa najmu lokalu mieszkalnego", "Umowa o pracę", "Umowa sprzedaży", "Umowa o dzieło", "Umowa zlecenie", "Umowa ramowa", "Umowa o zachowaniu poufności", "Umowa serwisowa"},
		"between":  {"zawarta pomiędzy:", "Umowa zawarta w dniu podpisania pomiędzy", "pomiędzy"},
		"landlord": {"Zarządca Nieruchomości %s Sp. z o.o.", "Biuro Nieruchomości %s", "Spółdzielnia Mieszkaniowa %s"},
		"partyA":   {"zwanym dalej „Zamawiającym”,", "zwanym dalej „Wynajmującym”,", "zwanym dalej „Pracodawcą”,"},
		"partyB":   {"zwanym dalej „Wykonawcą”.", "zwanym dalej „Najemcą”.", "zwanym dalej „Pracownikiem”."},
		"and":      {"a", "oraz"},
		"agree":    {"Strony postanawiają, co następuje:", "o następującej treści:", "Preambuła"},
		"sec":      {"§ %d %s", "§%d. %s", "Art. %d. %s"},
		"c1":       {"Przedmiot umowy|Wykonawca zobowiązuje się do wykonania usług opisanych w załączniku nr 1.", "Przedmiot najmu|Wynajmujący oddaje Najemcy do używania lokal mieszkalny składający się z dwóch pokoi, kuchni i łazienki.", "Rodzaj pracy|Pracownik zostaje zatrudniony na stanowisku specjalisty ds. księgowości w pełnym wymiarze czasu pracy."},
		"c2":       {"Wynagrodzenie|Za wykonanie usług Wykonawcy przysługuje wynagrodzenie w wysokości %s netto miesięcznie.", "Czynsz|Czynsz najmu wynosi %s miesięcznie i płatny jest z góry do 10. dnia każdego miesiąca.", "Wynagrodzenie|Miesięczne wynagrodzenie zasadnicze brutto wynosi %s."},
		"c3":       {"Czas trwania umowy|Umowa zostaje zawarta na czas nieokreślony od dnia %s. Każdej ze stron przysługuje prawo wypowiedzenia z zachowaniem trzymiesięcznego okresu wypowiedzenia.", "Okres zatrudnienia|Umowa zostaje zawarta od dnia %s na okres próbny trzech miesięcy.", "Okres najmu|Najem rozpoczyna się w dniu %s i zostaje zawarty na czas nieokreślony."},
		"c4":       {"Poufność|Strony zobowiązują się do zachowania w tajemnicy wszelkich informacji poufnych, również po rozwiązaniu umowy.", "Odpowiedzialność|Odpowiedzialność stron ograniczona jest do szkody rzeczywistej.", "Kaucja|Najemca wpłaci kaucję zabezpieczającą w wysokości dwumiesięcznego czynszu.", "Urlop|Pracownikowi przysługuje urlop wypoczynkowy w wymiarze 26 dni."},
		"c5":       {"Postanowienia końcowe|Wszelkie zmiany umowy wymagają formy pisemnej pod rygorem nieważności. W sprawach nieuregulowanych stosuje się przepisy Kodeksu cywilnego.", "Spory|Spory wynikłe z niniejszej umowy rozstrzygać będzie sąd właściwy dla siedziby Zamawiającego."},
		"sign":     {"Miejscowość, data: ____________", "Zamawiający ____________   Wykonawca ____________", "(Wynajmujący) ____________   (Najemca) ____________", "%s, %s  ____________"},
		"cover":    {"w załączeniu przesyłamy %s w dwóch egzemplarzach. Prosimy o podpisanie i odesłanie jednego egzemplarza do dnia %s.", "zgodnie z ustaleniami przesyłamy %s do podpisu. Umowa wchodzi w życie z dniem podpisania przez obie strony, a okres jej obowiązywania rozpoczyna się %s."},
		"subj":     {"Dotyczy: umowa", "Umowa do podpisu", "Dotyczy: Państwa umowa"},
		"encl":     {"Załącznik: umowa (2 egz.)", "Załączniki", "Załącznik: ogólne warunki umowy"},
		"terms":    {"Numer umowy i datę jej rozpoczęcia podano na pierwszej stronie umowy.", "Umowa zawarta jest na dwanaście miesięcy i przedłuża się automatycznie, jeżeli nie zostanie wypowiedziana.", "Prosimy o podpisanie obu egzemplarzy na ostatniej stronie i parafowanie każdej strony.", "Warunki umowy oraz trzymiesięczny okres wypowiedzenia pozostają bez zmian."},
	},
}

// clause splits "title|text" and fills the text's one %s when it has one.
func clause(s string, arg string) (string, string) {
	t, body, _ := strings.Cut(s, "|")
	if strings.Contains(body, "%s") {
		body = fmt.Sprintf(body, arg)
	}
	return t, body
}

// contractL is a contract with its parties, numbered clauses and signatures.
func contractL(g g, l lang) []string {
	v, e := contractWords[l], g.euro(l)
	d := g.date()
	a, b := g.lco(l), g.pick(g.lco(l), g.lp(l))
	kind := g.w(v, "kind")
	keys := []string{"c1", "c2", "c3", "c4", "c5"}
	args := []string{"", e.f(float64(g.n(4, 300)) * 50), g.ldate(l, d), "", ""}
	// c1 to c3 and the parties list services, lease and employment in turn
	k := g.r.IntN(3)
	if k == 1 && g.chance(0.5) {
		// a landlord is often a letting agent or a property manager, as
		// the sender of a notice to a building's residents is
		a, b = fillOne(g.w(v, "landlord"), g.lsur(l)), g.lp(l)
	}
	var body []string
	for i, key := range keys {
		if i > 1 && g.chance(0.3) {
			continue
		}
		c := g.w(v, key)
		if i < 3 {
			c = v[key][k]
		}
		t, txt := clause(c, args[i])
		sec := g.w(v, "sec")
		body = append(body, fmt.Sprintf(sec, len(body)/2+1, t), txt)
	}
	sign := fillSign(g.w(v, "sign"), g.lcityName(l), g.ldate(l, d))
	return lines(g.pick(strings.ToUpper(kind), kind), "",
		g.w(v, "between"), a+", "+strings.Join(g.laddr(l), ", "), v["partyA"][k],
		g.w(v, "and"), b+", "+strings.Join(g.laddr(l), ", "), v["partyB"][k], "",
		g.w(v, "agree"), "", body, "", sign, g.pick("", g.lp(l)+"   "+g.lp(l)), g.pick("", "____________   ____________"))
}

// contractLetterL is the cover letter a contract is sent with, or a short
// one-page agreement.
func contractLetterL(g g, l lang) []string {
	v := contractWords[l]
	d := g.date()
	kind := g.w(v, "kind")
	if g.chance(0.4) {
		t, txt := clause(g.w(v, "c1"), "")
		_, pay := clause(g.w(v, "c2"), g.euro(l).f(float64(g.n(4, 300))*50))
		_, end := clause(g.w(v, "c5"), "")
		return lines(kind, g.w(v, "between")+" "+g.lco(l)+" "+g.w(v, "and")+" "+g.lp(l), t+": "+txt, pay, end,
			g.pick("____________   ____________", fillSign(g.w(v, "sign"), g.lcityName(l), g.ldate(l, d))), g.ldate(l, d))
	}
	sender := g.lco(l)
	return lines(sender, g.laddr(l)[0], g.laddr(l)[1], "", g.lp(l), g.laddr(l), "", g.lplace(l, d), "",
		g.w(v, "subj")+g.pick("", " – "+kind), "", g.ldear(l), g.wf(v, "cover", kind, g.ldate(l, d.AddDate(0, 0, g.n(7, 30)))), "",
		g.distinct(v["terms"], g.n(1, 3)), "",
		g.lregards(l), g.lp(l), sender, "", g.w(v, "encl"))
}

var medWords = [nLang]words{
	langDE: {
		"kind":   {"Arztbrief", "Befundbericht", "Entlassungsbrief", "Ambulanzbrief", "Konsiliarbericht"},
		"clinic": {"Klinikum {city}, Klinik für Innere Medizin", "Praxis Dr. med. %s, Fachärztin für Allgemeinmedizin", "Gemeinschaftspraxis %s & Partner", "Krankenhaus St. Elisabeth, Chirurgische Ambulanz (Chefarzt Dr. %s)"},
		"dear":   {"Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", "Sehr geehrter Herr Dr. %s,", "Liebe Frau Kollegin %s,"},
		"intro":  {"wir berichten über Ihre Patientin/Ihren Patienten %s, geb. %s, die/der sich am %s in unserer ambulanten Behandlung befand.", "vielen Dank für die Überweisung von %s, geb. %s, die/der am %s in unserer Sprechstunde vorgestellt wurde."},
		"pat":    {"Patient", "Patientin", "Name des Patienten"},
		"dob":    {"geb. am", "Geburtsdatum", "geboren am"},
		"diag":   {"Diagnose", "Diagnosen", "Diagnose(n)"},
		"dx":     {"Akute Bronchitis (J20.9)", "Arterielle Hypertonie (I10.90)", "Lumbago (M54.5)", "Diabetes mellitus Typ 2 (E11.9)", "Distorsion des oberen Sprunggelenks rechts (S93.40)", "Gastritis (K29.7)", "Vorhofflimmern (I48.9)"},
		"hist":   {"Anamnese", "Vorgeschichte"},
		"histx":  {"Seit einer Woche Husten mit Auswurf, kein Fieber.", "Seit drei Tagen Rückenschmerzen nach dem Heben einer Kiste.", "Zunehmende Belastungsdyspnoe, Palpitationen.", "Umknicktrauma beim Sport am Vortag."},
		"find":   {"Befund", "Klinischer Befund", "Untersuchungsbefund"},
		"findx":  {"RR 145/90 mmHg, Puls 88/min, Lunge: vereinzelt Rasselgeräusche.", "Druckschmerz paravertebral LWS, Lasègue negativ.", "Schwellung und Hämatom Außenknöchel, Röntgen ohne Frakturnachweis.", "Abdomen weich, Druckschmerz epigastrisch."},
		"ther":   {"Therapie", "Medikation", "Therapieempfehlung", "Procedere"},
		"therx":  {"Ramipril 5 mg 1-0-0", "Metformin 1000 mg 1-0-1", "Ibuprofen 600 mg bei Bedarf, max. 3x täglich", "Pantoprazol 40 mg 1-0-0 für 4 Wochen", "Physiotherapie 6x, Wiedervorstellung in 2 Wochen"},
		"close":  {"Mit freundlichen kollegialen Grüßen", "Mit kollegialen Grüßen", "Mit freundlichen Grüßen"},
		"sig":    {"Dr. med. %s, Oberarzt", "Dr. med. %s, Fachärztin für Innere Medizin", "%s, Assistenzarzt"},
		"short":  {"Rezept", "Laborbefund", "Impfbescheinigung", "Arbeitsunfähigkeitsbescheinigung", "Überweisungsschein"},
		"lab":    {"Hämoglobin", "Leukozyten", "Glukose nüchtern", "HbA1c", "Kreatinin", "CRP"},
		"cc":     {"Kopie an: Hausarzt", "Verteiler: Hausärztin", "cc: behandelnder Hausarzt"},
	},
	langFR: {
		"kind":   {"Compte rendu de consultation", "Compte rendu d'hospitalisation", "Lettre de liaison", "Courrier médical", "Compte rendu opératoire"},
		"clinic": {"Centre hospitalier de {city}, service de médecine interne", "Cabinet du Dr %s, médecine générale", "Clinique Saint-Joseph, service de cardiologie (Dr %s)", "Maison de santé pluriprofessionnelle de {city}"},
		"dear":   {"Cher confrère, chère consœur,", "Cher Docteur %s,", "Chère consœur,"},
		"intro":  {"j'ai vu en consultation votre patient(e) %s, né(e) le %s, le %s.", "je vous remercie de m'avoir adressé %s, né(e) le %s, que j'ai examiné(e) le %s."},
		"pat":    {"Patient", "Patiente", "Nom du patient"},
		"dob":    {"Né(e) le", "Date de naissance"},
		"diag":   {"Diagnostic", "Conclusion", "Diagnostics"},
		"dx":     {"Bronchite aiguë", "Hypertension artérielle", "Lombalgie commune", "Diabète de type 2", "Entorse de la cheville droite", "Gastrite", "Fibrillation atriale"},
		"hist":   {"Antécédents", "Motif de consultation", "Histoire de la maladie"},
		"histx":  {"Toux productive depuis une semaine, sans fièvre.", "Lombalgies depuis trois jours après le port d'une charge.", "Dyspnée d'effort progressive, palpitations.", "Traumatisme de la cheville lors d'un match de football."},
		"find":   {"Examen clinique", "À l'examen"},
		"findx":  {"TA 145/90 mmHg, FC 88/min, auscultation : quelques ronchi.", "Douleur à la palpation paravertébrale lombaire, Lasègue négatif.", "Œdème et ecchymose de la malléole externe, radiographie sans fracture.", "Abdomen souple, douleur épigastrique."},
		"ther":   {"Traitement", "Conduite à tenir", "Prescription"},
		"therx":  {"Amlodipine 5 mg, 1 cp le matin", "Metformine 850 mg matin et soir", "Paracétamol 1 g si douleur, 3 fois par jour maximum", "Oméprazole 20 mg pendant 4 semaines", "Kinésithérapie 10 séances, revoir dans 15 jours"},
		"close":  {"Bien confraternellement,", "Je vous prie de croire, cher confrère, à mes sentiments les meilleurs.", "Confraternellement,"},
		"sig":    {"Dr %s, praticien hospitalier", "Dr %s, médecin généraliste", "Dr %s, cardiologue"},
		"short":  {"Ordonnance", "Résultats d'analyses", "Certificat de vaccination", "Arrêt de travail", "Certificat médical"},
		"lab":    {"Hémoglobine", "Leucocytes", "Glycémie à jeun", "HbA1c", "Créatinine", "CRP"},
		"cc":     {"Copie : médecin traitant", "Double au médecin traitant", "cc : Dr traitant"},
	},
	langES: {
		"kind":   {"Informe médico", "Informe de alta", "Informe de consulta", "Informe clínico", "Hoja de interconsulta"},
		"clinic": {"Hospital Universitario de {city}, Servicio de Medicina Interna", "Centro de Salud {city} Centro, Medicina de Familia", "Clínica San Rafael, Consultas externas de Cardiología (Dr. %s)", "Consulta del Dr. %s, Traumatología"},
		"dear":   {"Estimado/a compañero/a:", "Estimado Dr. %s:", "Apreciada compañera:"},
		"intro":  {"remito a su consulta a %s, nacido/a el %s, que acudió a nuestro servicio el %s.", "le informo sobre la paciente %s, fecha de nacimiento %s, atendida el %s."},
		"pat":    {"Paciente", "Nombre del paciente", "Paciente D./Dña."},
		"dob":    {"Fecha de nacimiento", "F. nacimiento"},
		"diag":   {"Juicio clínico", "Diagnóstico", "Diagnóstico principal"},
		"dx":     {"Bronquitis aguda", "Hipertensión arterial", "Lumbalgia mecánica", "Diabetes mellitus tipo 2", "Esguince de tobillo derecho", "Gastritis", "Fibrilación auricular"},
		"hist":   {"Motivo de consulta", "Antecedentes personales", "Anamnesis"},
		"histx":  {"Tos productiva de una semana de evolución, sin fiebre.", "Dolor lumbar desde hace tres días tras levantar peso.", "Disnea de esfuerzo progresiva y palpitaciones.", "Torcedura de tobillo jugando al fútbol."},
		"find":   {"Exploración física", "Exploración"},
		"findx":  {"TA 145/90 mmHg, FC 88 lpm, auscultación: roncus aislados.", "Dolor a la palpación paravertebral lumbar, Lasègue negativo.", "Edema y hematoma en maléolo externo, radiografía sin fractura.", "Abdomen blando, dolor epigástrico."},
		"ther":   {"Tratamiento", "Recomendaciones", "Plan"},
		"therx":  {"Enalapril 10 mg, 1 comprimido al día", "Metformina 850 mg cada 12 horas", "Paracetamol 1 g cada 8 horas si dolor", "Omeprazol 20 mg durante 4 semanas", "Rehabilitación y control en 15 días"},
		"close":  {"Un saludo cordial,", "Atentamente,", "Sin otro particular, le saluda atentamente,"},
		"sig":    {"Dr. %s, Médico Adjunto", "Dra. %s, Médico de Familia, Nº colegiado 28/" + "12345", "Dr. %s, Especialista en Traumatología"},
		"short":  {"Receta médica", "Resultados de laboratorio", "Certificado de vacunación", "Parte de baja", "Justificante médico"},
		"lab":    {"Hemoglobina", "Leucocitos", "Glucosa basal", "HbA1c", "Creatinina", "PCR"},
		"cc":     {"Copia: médico de atención primaria", "C/c: su médico de cabecera", "Copia al paciente"},
	},
	langNL: {
		"kind":   {"Medisch verslag", "Ontslagbrief", "Polikliniekbrief", "Verwijsbrief", "Consultverslag"},
		"clinic": {"Ziekenhuis {city}, afdeling Interne Geneeskunde", "Huisartsenpraktijk %s", "Medisch Centrum Oost, polikliniek Cardiologie (dr. %s)", "Gezondheidscentrum {city}-Zuid"},
		"dear":   {"Geachte collega,", "Geachte dokter %s,", "Beste collega,"},
		"intro":  {"hierbij bericht ik u over uw patiënt(e) %s, geboren %s, die op %s onze polikliniek bezocht.", "dank voor de verwijzing van %s, geboortedatum %s, die ik op %s heb gezien."},
		"pat":    {"Patiënt", "Naam patiënt", "Betreft"},
		"dob":    {"Geboortedatum", "Geb. datum"},
		"diag":   {"Diagnose", "Conclusie", "Werkdiagnose"},
		"dx":     {"Acute bronchitis", "Hypertensie", "Aspecifieke lage rugpijn", "Diabetes mellitus type 2", "Enkeldistorsie rechts", "Gastritis", "Atriumfibrilleren"},
		"hist":   {"Anamnese", "Reden van komst", "Voorgeschiedenis"},
		"histx":  {"Sinds een week productieve hoest, geen koorts.", "Sinds drie dagen lage rugpijn na tillen.", "Toenemende inspanningsdyspneu en hartkloppingen.", "Enkel verzwikt tijdens het voetballen."},
		"find":   {"Lichamelijk onderzoek", "Onderzoek"},
		"findx":  {"RR 145/90 mmHg, pols 88/min, longen: enkele rhonchi.", "Drukpijn paravertebraal lumbaal, Lasègue negatief.", "Zwelling en hematoom laterale malleolus, röntgenfoto geen fractuur.", "Buik soepel, drukpijn epigastrio."},
		"ther":   {"Beleid", "Medicatie", "Behandeling"},
		"therx":  {"Amlodipine 5 mg 1x daags", "Metformine 500 mg 2x daags", "Paracetamol 500 mg maximaal 6x daags", "Omeprazol 20 mg gedurende 4 weken", "Fysiotherapie, controle over 2 weken"},
		"close":  {"Met collegiale groet,", "Met vriendelijke groet,", "Hoogachtend,"},
		"sig":    {"%s, internist", "%s, huisarts", "dr. %s, cardioloog"},
		"short":  {"Recept", "Laboratoriumuitslagen", "Vaccinatiebewijs", "Medische verklaring", "Verwijzing"},
		"lab":    {"Hemoglobine", "Leukocyten", "Glucose nuchter", "HbA1c", "Kreatinine", "CRP"},
		"cc":     {"Kopie: huisarts", "cc: huisarts", "Kopie aan patiënt"},
	},
	langPT: {
		"kind":   {"Relatório médico", "Nota de alta", "Relatório de consulta", "Carta de referenciação", "Informação clínica"},
		"clinic": {"Hospital de {city}, Serviço de Medicina Interna", "Unidade de Saúde Familiar de {city}", "Clínica de Santo António, Consulta de Cardiologia (Dr. %s)", "Consultório Dr. %s, Ortopedia"},
		"dear":   {"Caro(a) colega,", "Exmo. Dr. %s,", "Cara colega,"},
		"intro":  {"envio o(a) Sr.(a) %s, nascido(a) a %s, observado(a) em consulta a %s.", "informo sobre o(a) utente %s, data de nascimento %s, que recorreu ao serviço a %s."},
		"pat":    {"Utente", "Doente", "Nome do utente"},
		"dob":    {"Data de nascimento", "D.N."},
		"diag":   {"Diagnóstico", "Diagnósticos", "Conclusão"},
		"dx":     {"Bronquite aguda", "Hipertensão arterial", "Lombalgia", "Diabetes mellitus tipo 2", "Entorse do tornozelo direito", "Gastrite", "Fibrilhação auricular"},
		"hist":   {"Motivo da consulta", "Antecedentes pessoais", "História clínica"},
		"histx":  {"Tosse produtiva com uma semana de evolução, sem febre.", "Lombalgia há três dias após levantar peso.", "Dispneia de esforço progressiva e palpitações.", "Entorse do tornozelo durante jogo de futebol."},
		"find":   {"Exame objetivo", "Ao exame"},
		"findx":  {"TA 145/90 mmHg, FC 88 bpm, auscultação: roncos dispersos.", "Dor à palpação paravertebral lombar, Lasègue negativo.", "Edema e equimose do maléolo externo, radiografia sem fratura.", "Abdómen mole, dor epigástrica."},
		"ther":   {"Terapêutica", "Plano", "Medicação"},
		"therx":  {"Amlodipina 5 mg, 1 comprimido por dia", "Metformina 850 mg 2x/dia", "Paracetamol 1 g de 8/8 h se dor", "Omeprazol 20 mg durante 4 semanas", "Fisioterapia e reavaliação em 15 dias"},
		"close":  {"Com os melhores cumprimentos,", "Grato pela atenção,", "Cumprimentos,"},
		"sig":    {"Dr. %s, Médico de Medicina Geral e Familiar", "Dra. %s, Assistente Hospitalar", "Dr. %s, Cédula profissional n.º 45678"},
		"short":  {"Receita médica", "Resultados de análises", "Boletim de vacinas", "Certificado de incapacidade temporária", "Atestado médico"},
		"lab":    {"Hemoglobina", "Leucócitos", "Glicemia em jejum", "HbA1c", "Creatinina", "PCR"},
		"cc":     {"C/c: médico de família", "Cópia: médico assistente", "Entregue ao utente"},
	},
	langIT: {
		"kind":   {"Referto", "Lettera di dimissione", "Referto di visita specialistica", "Relazione clinica", "Referto ambulatoriale"},
		"clinic": {"Ospedale Maggiore di {city}, U.O. Medicina Interna", "Studio medico Dott. %s, medicina generale", "Poliambulatorio San Luca, Cardiologia (Dott. %s)", "Casa di Cura %s, Ortopedia"},
		"dear":   {"Gentile collega,", "Caro Dott. %s,", "Egregio collega,"},
		"intro":  {"ho visitato in data %[3]s il/la Sig./Sig.ra %[1]s, nato/a il %[2]s.", "Le invio una relazione su %s, nato/a il %s, visitato/a il %s."},
		"pat":    {"Paziente", "Sig./Sig.ra", "Cognome e nome"},
		"dob":    {"Data di nascita", "Nato/a il"},
		"diag":   {"Diagnosi", "Conclusioni", "Diagnosi di dimissione"},
		"dx":     {"Bronchite acuta", "Ipertensione arteriosa", "Lombalgia", "Diabete mellito tipo 2", "Distorsione della caviglia destra", "Gastrite", "Fibrillazione atriale"},
		"hist":   {"Anamnesi", "Motivo della visita", "Anamnesi patologica prossima"},
		"histx":  {"Tosse produttiva da una settimana, apiretico.", "Lombalgia da tre giorni dopo sollevamento di un peso.", "Dispnea da sforzo ingravescente e cardiopalmo.", "Trauma distorsivo della caviglia giocando a calcio."},
		"find":   {"Esame obiettivo", "E.O."},
		"findx":  {"PA 145/90 mmHg, FC 88 bpm, torace: qualche ronco.", "Dolore alla palpazione paravertebrale lombare, Lasègue negativo.", "Tumefazione ed ecchimosi malleolo esterno, RX negativa per fratture.", "Addome trattabile, dolente in epigastrio."},
		"ther":   {"Terapia", "Si consiglia", "Terapia consigliata"},
		"therx":  {"Amlodipina 5 mg 1 cp al mattino", "Metformina 850 mg 1 cp x 2/die", "Paracetamolo 1000 mg al bisogno, max 3 volte al giorno", "Omeprazolo 20 mg per 4 settimane", "Fisioterapia, controllo tra 15 giorni"},
		"close":  {"Cordiali saluti", "Con i migliori saluti", "Distinti saluti"},
		"sig":    {"Dott. %s, medico di medicina generale", "Dott.ssa %s, dirigente medico", "Dott. %s, specialista in cardiologia"},
		"short":  {"Ricetta medica", "Esami di laboratorio", "Certificato vaccinale", "Certificato di malattia", "Impegnativa"},
		"lab":    {"Emoglobina", "Globuli bianchi", "Glicemia a digiuno", "HbA1c", "Creatinina", "PCR"},
		"cc":     {"Copia al medico curante", "c.a. medico di base", "Copia al paziente"},
	},
	langSV: {
		"kind":   {"Journalanteckning", "Epikris", "Remissvar", "Läkarintyg", "Mottagningsanteckning"},
		"clinic": {"Vårdcentralen {city}", "Akademiska sjukhuset, Medicinkliniken (överläkare %s)", "Läkarhuset %s", "Universitetssjukhuset i {city}, Ortopedmottagningen"},
		"dear":   {"Till behandlande läkare,", "Hej kollega %s,", "Till ansvarig distriktsläkare,"},
		"intro":  {"patienten %s, född %s, undersöktes på mottagningen den %s.", "tack för remissen gällande %s, född %s, som besökte oss den %s."},
		"pat":    {"Patient", "Namn", "Patientens namn"},
		"dob":    {"Personnummer/född", "Född", "Födelsedatum"},
		"diag":   {"Diagnos", "Bedömning", "Diagnos (ICD-10)"},
		"dx":     {"Akut bronkit (J20.9)", "Hypertoni (I10.9)", "Lumbago (M54.5)", "Typ 2-diabetes (E11.9)", "Distorsion av fotled höger (S93.4)", "Gastrit (K29.7)", "Förmaksflimmer (I48.9)"},
		"hist":   {"Anamnes", "Aktuellt", "Sökorsak"},
		"histx":  {"Hosta med slem sedan en vecka, ingen feber.", "Ryggsmärta sedan tre dagar efter lyft.", "Tilltagande andfåddhet vid ansträngning och hjärtklappning.", "Stukade foten vid fotbollsträning igår."},
		"find":   {"Status", "Undersökning", "Fynd"},
		"findx":  {"BT 145/90, puls 88, lungor: enstaka rassel basalt.", "Palpationsöm paravertebralt lumbalt, Lasègue negativ.", "Svullnad och blåmärke lateralt, röntgen utan fraktur.", "Buk mjuk, ömhet i epigastriet."},
		"ther":   {"Åtgärd", "Behandling", "Ordination", "Planering"},
		"therx":  {"Enalapril 5 mg 1x1", "Metformin 500 mg 1x2", "Ipren 400 mg vid behov, högst 3 gånger dagligen", "Omeprazol 20 mg 1x1 i fyra veckor", "Fysioterapi, återbesök om två veckor"},
		"close":  {"Med vänlig hälsning", "Vänliga hälsningar", "Med kollegial hälsning"},
		"sig":    {"%s, leg. läkare", "Dr %s, specialist i allmänmedicin", "%s, överläkare"},
		"short":  {"Recept", "Provsvar", "Vaccinationsintyg", "Sjukintyg", "Remiss"},
		"lab":    {"Hb", "LPK", "P-Glukos", "HbA1c", "Kreatinin", "CRP"},
		"cc":     {"Kopia till: vårdcentralen", "Kopia: patientens husläkare", "Kopia till remittent"},
	},
	langPL: {
		"kind":   {"Karta informacyjna leczenia szpitalnego", "Karta informacyjna", "Wypis ze szpitala", "Zaświadczenie lekarskie", "Opis badania"},
		"clinic": {"Szpital Wojewódzki w mieście {city}, Oddział Chorób Wewnętrznych", "Przychodnia Rodzinna, lek. med. %s", "Niepubliczny Zakład Opieki Zdrowotnej „Zdrowie”", "Centrum Medyczne {city}, Poradnia Kardiologiczna (dr n. med. %s)"},
		"dear":   {"Szanowna Pani Doktor, Szanowny Panie Doktorze,", "Szanowny Panie Doktorze %s,", "Do lekarza rodzinnego,"},
		"intro":  {"informujemy, że pacjent(ka) %s, ur. %s, był(a) badany(a) w naszej poradni w dniu %s.", "dziękujemy za skierowanie pacjenta %s, ur. %s, który zgłosił się na wizytę dnia %s."},
		"pat":    {"Pacjent", "Pacjentka", "Imię i nazwisko pacjenta"},
		"dob":    {"Data urodzenia", "ur.", "PESEL/data ur."},
		"diag":   {"Rozpoznanie", "Rozpoznanie zasadnicze", "Rozpoznanie (ICD-10)"},
		"dx":     {"Ostre zapalenie oskrzeli (J20.9)", "Nadciśnienie tętnicze (I10)", "Lumbago (M54.5)", "Cukrzyca typu 2 (E11.9)", "Skręcenie stawu skokowego prawego (S93.4)", "Zapalenie żołądka (K29.7)", "Migotanie przedsionków (I48.9)"},
		"hist":   {"Wywiad", "Wywiad chorobowy", "Powód zgłoszenia"},
		"histx":  {"Od tygodnia kaszel z odkrztuszaniem, bez gorączki.", "Bóle kręgosłupa od trzech dni po dźwignięciu ciężaru.", "Narastająca duszność wysiłkowa, kołatania serca.", "Uraz skrętny stawu skokowego podczas gry w piłkę."},
		"find":   {"Badanie przedmiotowe", "Stan przy przyjęciu", "Wyniki badań"},
		"findx":  {"RR 145/90 mmHg, tętno 88/min, nad płucami pojedyncze rzężenia.", "Tkliwość przykręgosłupowa L-S, objaw Lasègue'a ujemny.", "Obrzęk i krwiak okolicy kostki bocznej, RTG bez cech złamania.", "Brzuch miękki, tkliwy w nadbrzuszu."},
		"ther":   {"Zalecenia", "Leczenie", "Zastosowane leczenie", "Dalsze postępowanie"},
		"therx":  {"Ramipril 5 mg 1x dziennie", "Metformax 500 mg 2x dziennie", "Ibuprofen 400 mg doraźnie, maks. 3x dziennie", "Controloc 20 mg rano przez 4 tygodnie", "Rehabilitacja, kontrola w poradni za 2 tygodnie"},
		"close":  {"Z poważaniem", "Z wyrazami szacunku", "Łączę wyrazy szacunku"},
		"sig":    {"lek. med. %s", "dr n. med. %s, specjalista chorób wewnętrznych", "lek. %s, ordynator oddziału"},
		"short":  {"Recepta", "Wynik badania laboratoryjnego", "Zaświadczenie o szczepieniu", "Zwolnienie lekarskie", "Skierowanie"},
		"lab":    {"Hemoglobina", "Leukocyty", "Glukoza na czczo", "HbA1c", "Kreatynina", "CRP"},
		"cc":     {"Do wiadomości: lekarz POZ", "Kopia: lekarz rodzinny", "Otrzymuje: pacjent"},
	},
}

func fillOne(s, arg string) string {
	if strings.Contains(s, "%s") {
		return fmt.Sprintf(s, arg)
	}
	return s
}

// medicalL is a clinic's report: patient, history, findings, diagnosis,
// treatment; as a letter to the family doctor about half the time.
func medicalL(g g, l lang) []string {
	v := medWords[l]
	p, dob, seen := g.lp(l), g.dob(), g.date()
	doc := g.lsur(l)
	body := lines(
		g.w(v, "hist")+": "+g.w(v, "histx"),
		g.w(v, "find")+": "+g.w(v, "findx"),
		g.w(v, "diag")+": "+g.w(v, "dx"),
		g.w(v, "ther")+": "+g.w(v, "therx")+g.pick("", "; "+g.w(v, "therx")))
	if g.chance(0.5) {
		return lines(g.clinic(l, g.w(v, "clinic")), g.laddr(l), "", g.lp(l), g.laddr(l), "", g.lplace(l, seen.AddDate(0, 0, g.n(0, 5))), "",
			g.pick(g.w(v, "kind"), g.w(v, "pat")+": "+p+", "+g.w(v, "dob")+" "+lnumdate(l, dob)), "",
			fillOne(g.w(v, "dear"), g.lsur(l)), g.wf(v, "intro", p, lnumdate(l, dob), g.ldate(l, seen)), "",
			body, "", g.w(v, "close"), "", fillOne(g.w(v, "sig"), doc), g.pick("", g.w(v, "cc")))
	}
	return lines(g.clinic(l, g.w(v, "clinic")), g.w(v, "kind"), "",
		g.kv(g.w(v, "pat"), p), g.kv(g.w(v, "dob"), lnumdate(l, dob)), g.pick("", g.kv([...]string{"Patienten-Nr.", "N° de dossier", "NHC", "Patiëntnummer", "N.º de processo", "N. cartella", "Journalnummer", "Nr historii choroby"}[l], g.digits(8))),
		g.kv([...]string{"Untersuchungsdatum", "Date de consultation", "Fecha de consulta", "Datum consult", "Data da consulta", "Data visita", "Besöksdatum", "Data wizyty"}[l], g.ldate(l, seen)), "",
		body, "", fillOne(g.w(v, "sig"), doc))
}

// medicalShortL is a prescription, a lab result sheet or a certificate.
func medicalShortL(g g, l lang) []string {
	v := medWords[l]
	p := g.lp(l)
	kind := g.w(v, "short")
	var body []string
	switch g.r.IntN(3) {
	case 0:
		body = lines(g.w(v, "therx"), g.pick("", g.w(v, "therx")))
	case 1:
		labs := v["lab"]
		for _, i := range g.r.Perm(len(labs))[:g.n(2, 4)] {
			body = append(body, fmt.Sprintf("%s  %.1f  %s", labs[i], 1+g.r.Float64()*20, g.pick("", "H", "L", "")))
		}
	default:
		body = lines(g.w(v, "diag")+": "+g.w(v, "dx"), g.pick("", g.w(v, "ther")+": "+g.w(v, "therx")))
	}
	return lines(g.pick(g.clinic(l, g.w(v, "clinic")), ""), kind, g.kv(g.w(v, "pat"), p), g.kv(g.w(v, "dob"), lnumdate(l, g.dob())),
		body, g.pick(g.ldate(l, g.date()), g.lplace(l, g.date())), fillOne(g.w(v, "sig"), g.lsur(l)))
}

// clinic fills a clinic's name: its city or a doctor's surname.
func (g g) clinic(l lang, s string) string {
	return fillOne(strings.ReplaceAll(s, "{city}", g.lcityName(l)), g.lsur(l))
}

// fillSign fills a signature line's place and date when it has them.
func fillSign(s, place, date string) string {
	if strings.Contains(s, "%s") {
		return fmt.Sprintf(s, place, date)
	}
	return s
}
