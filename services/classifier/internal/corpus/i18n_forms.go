package corpus

import (
	"fmt"
	"strings"
)

// Identity documents, insurance claims, tax forms and bank statements in
// German, French, Spanish, Dutch, Portuguese, Italian, Swedish and Polish.

var idWords = [nLang]words{
	langDE: {
		"card":    {"PERSONALAUSWEIS", "BUNDESREPUBLIK DEUTSCHLAND · PERSONALAUSWEIS", "Personalausweis / Identity card / Carte d'identité"},
		"pass":    {"REISEPASS", "REISEPASS / PASSPORT / PASSEPORT"},
		"drive":   {"FÜHRERSCHEIN", "Führerschein / Driving licence"},
		"res":     {"AUFENTHALTSTITEL", "Aufenthaltserlaubnis"},
		"surname": {"Name", "Familienname", "Name/Surname/Nom"},
		"given":   {"Vornamen", "Vorname(n)", "Vornamen/Given names/Prénoms"},
		"dob":     {"Geburtstag", "Geburtsdatum", "Geburtstag/Date of birth"},
		"pob":     {"Geburtsort", "Geburtsort/Place of birth"},
		"nat":     {"Staatsangehörigkeit DEUTSCH", "Staatsangehörigkeit: DEUTSCH", "Nationality DEUTSCH"},
		"no":      {"Ausweisnummer", "Dokumentennummer", "Nr."},
		"exp":     {"Gültig bis", "Ablaufdatum", "Gültig bis/Date of expiry"},
		"iss":     {"Ausstellungsdatum", "Datum"},
		"auth":    {"Behörde: Stadt %s", "Ausstellende Behörde: Bürgeramt %s", "Stadt %s"},
		"extra":   {"Zugangsnummer %s", "Größe 176 cm", "Augenfarbe BRAUN", "Ordens- und Künstlername", "Anschrift"},
		"sex":     {"Geschlecht", "Geschl."},
		"member":  {"Mitgliedsausweis", "Studierendenausweis", "Mitarbeiterausweis", "Bibliotheksausweis", "Schülerausweis"},
		"mno":     {"Mitgliedsnummer", "Matrikelnummer", "Personalnummer", "Ausweis-Nr."},
		"valid":   {"Gültig bis", "gültig bis Ende"},
		"cc":      {"D", "DEU"},
	},
	langFR: {
		"card":    {"CARTE NATIONALE D'IDENTITÉ", "RÉPUBLIQUE FRANÇAISE · CARTE NATIONALE D'IDENTITÉ", "Carte d'identité / Identity card"},
		"pass":    {"PASSEPORT", "PASSEPORT / PASSPORT"},
		"drive":   {"PERMIS DE CONDUIRE", "Permis de conduire / Driving licence"},
		"res":     {"TITRE DE SÉJOUR", "Carte de résident"},
		"surname": {"Nom", "NOM", "Nom/Surname"},
		"given":   {"Prénoms", "Prénom(s)", "Prénoms/Given names"},
		"dob":     {"Date de naissance", "Né(e) le", "Date de naiss."},
		"pob":     {"Lieu de naissance", "Lieu de naiss."},
		"nat":     {"Nationalité Française", "Nationalité : FRA", "Nationalité FRANÇAISE"},
		"no":      {"N° du document", "N° de carte", "Numéro"},
		"exp":     {"Date d'expiration", "Valable jusqu'au", "Expire le"},
		"iss":     {"Date de délivrance", "Délivrée le"},
		"auth":    {"Délivrée par : Préfecture de %s", "Autorité : Mairie de %s", "Préfecture %s"},
		"extra":   {"Taille 1,68 m", "Sexe F", "Adresse", "Signature du titulaire", "Numéro de CAN %s"},
		"sex":     {"Sexe", "Sexe/Sex"},
		"member":  {"Carte de membre", "Carte d'étudiant", "Carte professionnelle", "Carte de bibliothèque", "Carte d'adhérent"},
		"mno":     {"N° adhérent", "N° étudiant", "Matricule", "N° de carte"},
		"valid":   {"Valable jusqu'au", "Validité"},
		"cc":      {"FRA", "F"},
	},
	langES: {
		"card":    {"DOCUMENTO NACIONAL DE IDENTIDAD", "REINO DE ESPAÑA · DOCUMENTO NACIONAL DE IDENTIDAD", "DNI"},
		"pass":    {"PASAPORTE", "PASAPORTE / PASSPORT"},
		"drive":   {"PERMISO DE CONDUCCIÓN", "Permiso de conducir"},
		"res":     {"TARJETA DE RESIDENCIA", "NIE · Tarjeta de identidad de extranjero"},
		"surname": {"APELLIDOS", "Apellidos", "Primer apellido"},
		"given":   {"NOMBRE", "Nombre"},
		"dob":     {"FECHA DE NACIMIENTO", "Fecha de nacimiento", "F. nacimiento"},
		"pob":     {"LUGAR DE NACIMIENTO", "Lugar de nacimiento"},
		"nat":     {"NACIONALIDAD ESP", "Nacionalidad: ESPAÑOLA", "NACIONALIDAD ESPAÑOLA"},
		"no":      {"DNI", "NÚM. SOPORTE", "Nº documento"},
		"exp":     {"VÁLIDO HASTA", "Fecha de caducidad", "Válido hasta"},
		"iss":     {"FECHA DE EXPEDICIÓN", "Expedido el"},
		"auth":    {"Expedido en %s", "Dirección General de la Policía · %s", "Equipo de %s"},
		"extra":   {"HIJO/A DE %s", "DOMICILIO", "EQUIPO %s", "Firma del titular", "CAN %s"},
		"sex":     {"SEXO", "Sexo"},
		"member":  {"Carné de socio", "Carné de estudiante", "Tarjeta de empleado", "Carné de biblioteca", "Tarjeta de afiliado"},
		"mno":     {"Nº socio", "Nº expediente", "Nº empleado", "Nº de carné"},
		"valid":   {"Válido hasta", "Caduca"},
		"cc":      {"ESP", "E"},
	},
	langNL: {
		"card":    {"IDENTITEITSKAART", "KONINKRIJK DER NEDERLANDEN · IDENTITEITSKAART", "Identiteitskaart / Identity card"},
		"pass":    {"PASPOORT", "PASPOORT / PASSPORT"},
		"drive":   {"RIJBEWIJS", "Rijbewijs / Driving licence"},
		"res":     {"VERBLIJFSDOCUMENT", "Verblijfsvergunning"},
		"surname": {"Naam", "Achternaam", "Naam/Surname"},
		"given":   {"Voornamen", "Voornaam", "Voornamen/Given names"},
		"dob":     {"Geboortedatum", "Geb. datum", "Geboortedatum/Date of birth"},
		"pob":     {"Geboorteplaats", "Geboorteplaats/Place of birth"},
		"nat":     {"Nationaliteit Nederlandse", "Nationaliteit: NLD", "Nederlandse"},
		"no":      {"Documentnummer", "Documentnr.", "Nummer"},
		"exp":     {"Geldig tot", "Vervaldatum", "Geldig tot/Date of expiry"},
		"iss":     {"Datum van afgifte", "Afgegeven op"},
		"auth":    {"Autoriteit: Burgemeester van %s", "Afgegeven door gemeente %s", "Gemeente %s"},
		"extra":   {"Burgerservicenummer %s", "Lengte 1,82 m", "Handtekening houder", "BSN %s", "Geslacht V"},
		"sex":     {"Geslacht", "Geslacht/Sex"},
		"member":  {"Ledenpas", "Studentenkaart", "Personeelspas", "Bibliotheekpas", "Lidmaatschapskaart"},
		"mno":     {"Lidnummer", "Studentnummer", "Personeelsnummer", "Pasnummer"},
		"valid":   {"Geldig tot", "Geldig t/m"},
		"cc":      {"NLD", "NL"},
	},
	langPT: {
		"card":    {"CARTÃO DE CIDADÃO", "REPÚBLICA PORTUGUESA · CARTÃO DE CIDADÃO", "Cartão de Cidadão / Citizen Card"},
		"pass":    {"PASSAPORTE", "PASSAPORTE / PASSPORT"},
		"drive":   {"CARTA DE CONDUÇÃO", "Carta de condução / Driving licence"},
		"res":     {"TÍTULO DE RESIDÊNCIA", "Autorização de residência"},
		"surname": {"Apelido(s)", "APELIDOS", "Apelido(s)/Surname"},
		"given":   {"Nome(s)", "NOME", "Nome(s)/Given names"},
		"dob":     {"Data de nascimento", "Data de nasc.", "Data de nascimento/Date of birth"},
		"pob":     {"Naturalidade", "Local de nascimento"},
		"nat":     {"Nacionalidade PRT", "Nacionalidade: PORTUGUESA", "PRT"},
		"no":      {"N.º documento de identificação civil", "N.º do documento", "Nº ID civil"},
		"exp":     {"Validade", "Data de validade", "Válido até"},
		"iss":     {"Data de emissão", "Emitido em"},
		"auth":    {"Emitido por: IRN · %s", "Conservatória do Registo Civil de %s", "Loja do Cidadão %s"},
		"extra":   {"NIF %s", "N.º Utente de Saúde %s", "NISS %s", "Altura 1,70", "Filiação"},
		"sex":     {"Sexo", "Sexo/Sex"},
		"member":  {"Cartão de sócio", "Cartão de estudante", "Cartão de colaborador", "Cartão de leitor", "Cartão de associado"},
		"mno":     {"N.º sócio", "N.º aluno", "N.º mecanográfico", "N.º cartão"},
		"valid":   {"Válido até", "Validade"},
		"cc":      {"PRT", "P"},
	},
	langIT: {
		"card":    {"CARTA D'IDENTITÀ", "REPUBBLICA ITALIANA · CARTA DI IDENTITÀ ELETTRONICA", "Carta d'identità / Identity card"},
		"pass":    {"PASSAPORTO", "PASSAPORTO / PASSPORT"},
		"drive":   {"PATENTE DI GUIDA", "Patente di guida / Driving licence"},
		"res":     {"PERMESSO DI SOGGIORNO", "Carta di soggiorno"},
		"surname": {"Cognome", "COGNOME", "Cognome/Surname"},
		"given":   {"Nome", "NOME", "Nome/Name"},
		"dob":     {"Data di nascita", "Nato il", "Luogo e data di nascita"},
		"pob":     {"Luogo di nascita", "Nato a"},
		"nat":     {"Cittadinanza ITALIANA", "Cittadinanza: ITA", "ITALIANA"},
		"no":      {"N. documento", "Numero carta", "N."},
		"exp":     {"Scadenza", "Valida fino al", "Data di scadenza"},
		"iss":     {"Emissione", "Data di rilascio", "Rilasciata il"},
		"auth":    {"Comune di %s", "Rilasciata dal Comune di %s", "Questura di %s"},
		"extra":   {"Codice fiscale %s", "Statura 175", "Firma del titolare", "Indirizzo di residenza", "Stato civile"},
		"sex":     {"Sesso", "Sesso/Sex"},
		"member":  {"Tessera socio", "Tesserino universitario", "Tesserino aziendale", "Tessera biblioteca", "Tessera associativa"},
		"mno":     {"N. tessera", "Matricola", "N. badge", "Codice socio"},
		"valid":   {"Valida fino al", "Scadenza"},
		"cc":      {"ITA", "I"},
	},
	langSV: {
		"card":    {"NATIONELLT ID-KORT", "SVERIGE · NATIONELLT IDENTITETSKORT", "Identitetskort / Identity card"},
		"pass":    {"PASS", "PASS / PASSPORT / PASSEPORT"},
		"drive":   {"KÖRKORT", "Körkort / Driving licence"},
		"res":     {"UPPEHÅLLSTILLSTÅNDSKORT", "Uppehållstillstånd"},
		"surname": {"Efternamn", "Efternamn/Surname", "Namn"},
		"given":   {"Förnamn", "Förnamn/Given names", "Tilltalsnamn"},
		"dob":     {"Födelsedatum", "Födelsedatum/Date of birth", "Född"},
		"pob":     {"Födelseort", "Födelseort/Place of birth"},
		"nat":     {"Medborgarskap SVENSK", "Nationalitet: SVENSK", "Nationality SWE"},
		"no":      {"Passnummer", "Kortnummer", "Dokumentnummer"},
		"exp":     {"Giltigt t.o.m.", "Sista giltighetsdag", "Giltig till"},
		"iss":     {"Utfärdandedatum", "Utfärdat"},
		"auth":    {"Utfärdande myndighet: Polismyndigheten %s", "Myndighet: Polisen i %s", "Transportstyrelsen"},
		"extra":   {"Personnummer %s", "Längd 178 cm", "Signatur", "Bilden föreställer innehavaren"},
		"sex":     {"Kön", "Kön/Sex"},
		"member":  {"Medlemskort", "Studentkort", "Personalkort", "Lånekort", "Passerkort"},
		"mno":     {"Medlemsnummer", "Studentnummer", "Anställningsnummer", "Kortnummer"},
		"valid":   {"Giltigt till", "giltigt t.o.m."},
		"cc":      {"S", "SE"},
	},
	langPL: {
		"card":    {"DOWÓD OSOBISTY", "RZECZPOSPOLITA POLSKA · DOWÓD OSOBISTY", "Dowód osobisty / Identity card"},
		"pass":    {"PASZPORT", "PASZPORT / PASSPORT / PASSEPORT"},
		"drive":   {"PRAWO JAZDY", "Prawo jazdy / Driving licence"},
		"res":     {"KARTA POBYTU", "Zezwolenie na pobyt czasowy"},
		"surname": {"Nazwisko", "Nazwisko/Surname", "Nazwisko rodowe"},
		"given":   {"Imiona", "Imię (imiona)", "Imiona/Given names"},
		"dob":     {"Data urodzenia", "Data urodzenia/Date of birth"},
		"pob":     {"Miejsce urodzenia", "Miejsce urodzenia/Place of birth"},
		"nat":     {"Obywatelstwo POLSKIE", "Obywatelstwo: POLSKIE", "Nationality POL"},
		"no":      {"Numer dowodu osobistego", "Seria i numer", "Nr dokumentu"},
		"exp":     {"Termin ważności", "Data ważności", "Ważny do"},
		"iss":     {"Data wydania", "Wydano dnia"},
		"auth":    {"Organ wydający: Prezydent Miasta %s", "Wydany przez: Urząd Miasta %s", "Starosta %s"},
		"extra":   {"Numer PESEL %s", "Numer CAN %s", "Nazwisko rodowe", "Podpis posiadacza"},
		"sex":     {"Płeć", "Płeć/Sex"},
		"member":  {"Legitymacja członkowska", "Legitymacja studencka", "Identyfikator pracowniczy", "Karta biblioteczna", "Legitymacja szkolna"},
		"mno":     {"Nr członkowski", "Nr albumu", "Nr ewidencyjny", "Nr karty"},
		"valid":   {"Ważna do", "ważna do"},
		"cc":      {"PL", "POL"},
	},
}

// dniLetter is the control letter of a Spanish DNI number.
func dniLetter(n int) string { return string("TRWAGMYFPDXBNJZSQVHLCKE"[n%23]) }

func mrzName(sur, given string) string {
	r := strings.NewReplacer(" ", "<", "Ü", "UE", "Ö", "OE", "Ä", "AE", "É", "E", "È", "E", "Ç", "C", "Ã", "A", "Á", "A", "Í", "I", "Ó", "O", "Ú", "U", "Ñ", "N", "Ê", "E", "Ô", "O", "'", "")
	return r.Replace(strings.ToUpper(sur)) + "<<" + r.Replace(strings.ToUpper(given))
}

// idL is a national identity card, passport, driving licence or residence
// permit as OCR reads it: labels, values, the machine-readable zone.
func idL(g g, l lang) []string {
	v := idWords[l]
	lc := locales[l]
	sur, given := strings.ToUpper(g.pick(lc.last...)), strings.ToUpper(g.pick(lc.first...))
	dob, iss := g.dob(), g.date()
	exp := iss.AddDate(10, 0, -1)
	no := g.letters(g.n(1, 3)) + g.digits(g.n(6, 8))
	if l == langES {
		n := g.n(10000000, 99999999)
		no = fmt.Sprintf("%d%s", n, dniLetter(n))
	}
	kind := g.pick("card", "card", "card", "pass", "res")
	cc := [...]string{"D<<", "FRA", "ESP", "NLD", "PRT", "ITA", "SWE", "POL"}[l]
	mrz := (mrzName(sur, given) + strings.Repeat("<", 40))[:30]
	extra := fillOne(g.w(v, "extra"), g.digits(g.n(9, 11)))
	out := lines(g.w(v, kind),
		g.kv(g.w(v, "surname"), sur), g.kv(g.w(v, "given"), given),
		g.kv(g.w(v, "dob"), lnumdate(l, dob)), g.pick("", g.kv(g.w(v, "pob"), strings.ToUpper(g.lcityName(l)))),
		g.kv(g.w(v, "sex"), g.pick("M", "F")), g.w(v, "nat"),
		g.kv(g.w(v, "no"), no), g.pick("", g.kv(g.w(v, "iss"), lnumdate(l, iss))), g.kv(g.w(v, "exp"), lnumdate(l, exp)),
		g.pick("", fillOne(g.w(v, "auth"), g.lcityName(l))), g.pick("", extra))
	if g.chance(0.6) {
		out = append(out, "", fmt.Sprintf("I<%s%s<%s<<<<<<<<<<<<<<", cc, no, g.digits(1)),
			fmt.Sprintf("%s%s%s%s%s%s<<<<<<<<<<<%s", dob.Format("060102"), g.digits(1), g.pick("M", "F"), exp.Format("060102"), g.digits(1), cc, g.digits(1)), mrz)
	}
	return out
}

// idShortL is a driving licence with numbered fields, a bare card, or a
// membership, student or staff card.
func idShortL(g g, l lang) []string {
	v := idWords[l]
	lc := locales[l]
	sur, given := strings.ToUpper(g.pick(lc.last...)), strings.ToUpper(g.pick(lc.first...))
	dob := g.dob()
	exp := g.date().AddDate(g.n(1, 9), 0, 0)
	switch g.r.IntN(3) {
	case 0:
		return lines(g.w(v, "drive"), g.w(v, "cc"), "1. "+sur, "2. "+given, "3. "+lnumdate(l, dob)+" "+strings.ToUpper(g.lcityName(l)),
			"4a. "+lnumdate(l, g.date())+"  4b. "+lnumdate(l, exp), "4c. "+fillOne(g.w(v, "auth"), g.lcityName(l)),
			"5. "+g.letters(2)+g.digits(7), g.pick("", "8. "+g.laddr(l)[0]), "9. "+g.pick("AM/B1/B", "B/BE", "A/B/C1", "B"))
	case 1:
		return lines(g.w(v, "card"), sur, given, lnumdate(l, dob), g.pick("M", "F"), g.w(v, "nat"), g.letters(3)+g.digits(6), g.w(v, "exp")+" "+lnumdate(l, exp))
	default:
		p := g.lp(l)
		k := g.r.IntN(len(v["member"]))
		issuer := []string{"Club " + g.lcityName(l), [...]string{"Universität", "Université", "Universidad", "Universiteit", "Universidade", "Università", "Universitet", "Uniwersytet"}[l] + " " + g.lcityName(l), g.lco(l)}[min(k, 2)]
		return lines(issuer, v["member"][k],
			g.pick(p, strings.ToUpper(p), g.kv(g.w(v, "surname"), p)), g.kv(v["mno"][k%len(v["mno"])], g.digits(g.n(5, 9))),
			g.kv(g.w(v, "valid"), exp.Format("01/2006")), g.pick("", g.kv(g.w(v, "dob"), lnumdate(l, dob))))
	}
}

var claimWords = [nLang]words{
	langDE: {
		"title":  {"Schadenmeldung", "Schadenanzeige", "Kfz-Schadenmeldung", "Schadenanzeige Hausratversicherung", "Leistungsantrag", "Schadenmeldung Haftpflicht"},
		"ins":    {"Allsicher Versicherung AG", "Rheinland Versicherungen", "Hanse Assekuranz", "Alpina Versicherung"},
		"holder": {"Versicherungsnehmer", "Versicherte Person", "VN"},
		"policy": {"Versicherungsschein-Nr.", "Vertragsnummer", "Versicherungsnummer"},
		"claim":  {"Schadennummer", "Schaden-Nr.", "Aktenzeichen"},
		"when":   {"Schadentag", "Datum des Schadens", "Schadendatum"},
		"where":  {"Schadenort", "Ort des Schadens"},
		"what":   {"Schadenhergang", "Schilderung des Hergangs", "Was ist passiert?"},
		"whatx":  {"Beim Ausparken wurde das Fahrzeug eines Dritten an der hinteren Stoßstange beschädigt.", "Durch einen Rohrbruch in der Küche entstand ein Wasserschaden an Boden und Wänden.", "Einbruch in die Wohnung; Laptop und Schmuck wurden entwendet.", "Sturmschaden am Dach, mehrere Ziegel abgedeckt.", "Mein Fahrrad wurde am Bahnhof gestohlen, obwohl es abgeschlossen war.", "Steinschlag auf der Autobahn, Windschutzscheibe gerissen."},
		"amount": {"Schadenhöhe (geschätzt)", "Geschätzte Schadenhöhe", "Forderungsbetrag"},
		"excess": {"Selbstbeteiligung", "Selbstbehalt"},
		"police": {"Polizeiliches Aktenzeichen", "Anzeige erstattet bei Polizeirevier"},
		"bank":   {"Bankverbindung für die Erstattung: IBAN", "Bitte überweisen Sie die Entschädigung auf IBAN"},
		"decl":   {"Ich versichere, dass ich die vorstehenden Angaben wahrheitsgemäß und vollständig gemacht habe.", "Wissentlich falsche Angaben können zum Verlust des Versicherungsschutzes führen."},
		"sign":   {"Ort, Datum, Unterschrift des Versicherungsnehmers ____________", "Unterschrift ____________"},
		"letter": {"hiermit melde ich Ihnen folgenden Schaden und bitte um Regulierung.", "ich möchte einen Schaden aus meiner Versicherung geltend machen."},
		"encl":   {"Anlagen: Fotos, Kostenvoranschlag, Rechnungen", "Anlage: Kopie der Anzeige bei der Polizei"},
	},
	langFR: {
		"title":  {"Déclaration de sinistre", "Déclaration de sinistre habitation", "Constat amiable d'accident automobile", "Demande de remboursement", "Déclaration de vol", "Déclaration de dégât des eaux"},
		"ins":    {"Mutuelle Assurances de l'Ouest", "Assurances Générales du Centre", "Prévoyance Atlantique", "Groupe Assurance Provence"},
		"holder": {"Assuré", "Souscripteur", "Nom de l'assuré"},
		"policy": {"N° de contrat", "N° de police", "Référence contrat"},
		"claim":  {"N° de sinistre", "Référence sinistre", "Dossier n°"},
		"when":   {"Date du sinistre", "Date de survenance", "Date de l'accident"},
		"where":  {"Lieu du sinistre", "Lieu de l'accident"},
		"what":   {"Circonstances", "Description des dommages", "Circonstances du sinistre"},
		"whatx":  {"Dégât des eaux dans la salle de bains suite à une fuite du chauffe-eau.", "Cambriolage : porte fracturée, ordinateur portable et bijoux volés.", "Accrochage sur un parking, pare-choc arrière endommagé.", "Bris de glace : pare-brise fissuré par un gravillon.", "Vol de mon vélo devant la gare malgré l'antivol.", "Tempête : tuiles arrachées et infiltration dans les combles."},
		"amount": {"Montant estimé des dommages", "Montant réclamé", "Estimation du préjudice"},
		"excess": {"Franchise", "Franchise contractuelle"},
		"police": {"Dépôt de plainte n°", "Récépissé de plainte du commissariat"},
		"bank":   {"Indemnisation à verser sur le compte IBAN", "RIB pour le remboursement : IBAN"},
		"decl":   {"Je certifie sur l'honneur l'exactitude des renseignements ci-dessus.", "Toute fausse déclaration intentionnelle entraîne la nullité du contrat."},
		"sign":   {"Fait à ______, le ______  Signature de l'assuré ____________", "Signature ____________"},
		"letter": {"je vous déclare par la présente le sinistre suivant et vous prie de bien vouloir ouvrir un dossier.", "je souhaite déclarer un sinistre survenu à mon domicile."},
		"encl":   {"Pièces jointes : photos, devis de réparation, factures", "PJ : copie du dépôt de plainte"},
	},
	langES: {
		"title":  {"Parte de siniestro", "Declaración de siniestro", "Parte amistoso de accidente", "Solicitud de reembolso de gastos", "Comunicación de siniestro hogar", "Declaración de robo"},
		"ins":    {"Seguros Mediterráneo", "Mutua Ibérica de Seguros", "Aseguradora del Norte", "Previsión Castellana"},
		"holder": {"Tomador", "Asegurado", "Tomador/Asegurado"},
		"policy": {"Nº de póliza", "Póliza número", "Número de póliza"},
		"claim":  {"Nº de siniestro", "Referencia del siniestro", "Expediente nº"},
		"when":   {"Fecha del siniestro", "Fecha de ocurrencia", "Fecha del accidente"},
		"where":  {"Lugar del siniestro", "Lugar de ocurrencia"},
		"what":   {"Descripción de los hechos", "Cómo ocurrió", "Daños sufridos"},
		"whatx":  {"Rotura de tubería en la cocina que ha causado daños por agua en suelo y paredes.", "Robo en la vivienda con forzamiento de la puerta; se llevaron un portátil y joyas.", "Colisión por alcance en un semáforo; daños en el paragolpes trasero.", "Rotura de la luna delantera por impacto de una piedra.", "Robo de bicicleta en la estación a pesar del candado.", "Temporal de viento con caída de tejas."},
		"amount": {"Importe reclamado", "Valoración de los daños", "Importe estimado"},
		"excess": {"Franquicia"},
		"police": {"Nº de denuncia", "Denuncia presentada en comisaría"},
		"bank":   {"Abonar la indemnización en la cuenta IBAN", "Cuenta para el reembolso: IBAN"},
		"decl":   {"Declaro que los datos facilitados son ciertos.", "La falsedad en la declaración puede dar lugar a la pérdida del derecho a la indemnización."},
		"sign":   {"Firma del asegurado ____________  Fecha ______", "Fdo.: ____________"},
		"letter": {"por medio de la presente les comunico el siguiente siniestro y solicito la apertura del expediente.", "les escribo para declarar un siniestro cubierto por mi póliza."},
		"encl":   {"Se adjuntan fotografías, presupuesto y facturas.", "Adjunto: copia de la denuncia"},
	},
	langNL: {
		"title":  {"Schadeformulier", "Schadeaangifte", "Europees schadeaangifteformulier", "Declaratieformulier", "Schademelding inboedel", "Aangifte diefstal"},
		"ins":    {"Polder Verzekeringen N.V.", "Noordzee Assuradeuren", "Zeeland Verzekeringen", "Oranje Schadeverzekering"},
		"holder": {"Verzekeringnemer", "Verzekerde", "Naam verzekerde"},
		"policy": {"Polisnummer", "Polisnr.", "Contractnummer"},
		"claim":  {"Schadenummer", "Dossiernummer", "Schadenr."},
		"when":   {"Schadedatum", "Datum van de schade", "Datum ongeval"},
		"where":  {"Plaats van de schade", "Plaats ongeval"},
		"what":   {"Toedracht", "Omschrijving van de schade", "Wat is er gebeurd?"},
		"whatx":  {"Waterschade door een lekkage in de badkamer; plafond van de benedenburen beschadigd.", "Inbraak: achterdeur geforceerd, laptop en sieraden gestolen.", "Aanrijding bij het achteruit rijden op een parkeerplaats.", "Ruitschade door steenslag op de snelweg.", "Fiets gestolen bij het station, hoewel deze op slot stond.", "Stormschade aan het dak."},
		"amount": {"Geschat schadebedrag", "Geclaimd bedrag", "Hoogte van de schade"},
		"excess": {"Eigen risico"},
		"police": {"Proces-verbaal nummer", "Aangifte gedaan bij politie, registratienummer"},
		"bank":   {"Uitkering overmaken op IBAN", "Rekeningnummer voor uitbetaling: IBAN"},
		"decl":   {"Ondergetekende verklaart dit formulier naar waarheid te hebben ingevuld.", "Het opzettelijk verstrekken van onjuiste gegevens kan leiden tot verlies van uw recht op uitkering."},
		"sign":   {"Handtekening verzekeringnemer ____________  Datum ______", "Handtekening ____________"},
		"letter": {"hierbij meld ik u de volgende schade en verzoek ik u deze in behandeling te nemen.", "graag wil ik schade melden onder mijn polis."},
		"encl":   {"Bijlagen: foto's, offerte herstel, aankoopbonnen", "Bijlage: kopie proces-verbaal"},
	},
	langPT: {
		"title":  {"Participação de sinistro", "Declaração Amigável de Acidente Automóvel", "Participação de sinistro – Multirriscos Habitação", "Pedido de reembolso de despesas", "Participação de furto", "Participação de danos por água"},
		"ins":    {"Seguradora Atlântica", "Lusitana Seguros", "Mútua do Norte", "Fidelis Seguros"},
		"holder": {"Tomador do seguro", "Segurado", "Pessoa segura"},
		"policy": {"N.º de apólice", "Apólice n.º", "Número da apólice"},
		"claim":  {"N.º de processo", "N.º de sinistro", "Processo n.º"},
		"when":   {"Data do sinistro", "Data da ocorrência", "Data do acidente"},
		"where":  {"Local do sinistro", "Local da ocorrência"},
		"what":   {"Descrição da ocorrência", "Como ocorreu", "Danos verificados"},
		"whatx":  {"Rotura de cano na cozinha causou danos por água no pavimento e paredes.", "Assalto à habitação com arrombamento da porta; furto de computador e joias.", "Colisão traseira num semáforo; para-choques danificado.", "Quebra de para-brisas por projeção de pedra.", "Furto de bicicleta na estação apesar do cadeado.", "Temporal com queda de telhas."},
		"amount": {"Valor estimado dos prejuízos", "Montante reclamado", "Valor dos danos"},
		"excess": {"Franquia"},
		"police": {"Auto de participação policial n.º", "Participação na PSP, processo"},
		"bank":   {"Indemnização a transferir para o IBAN", "IBAN para reembolso"},
		"decl":   {"Declaro que as informações prestadas são verdadeiras e completas.", "Falsas declarações implicam a perda do direito à indemnização."},
		"sign":   {"Assinatura do tomador ____________  Data ______", "Assinatura ____________"},
		"letter": {"venho por este meio participar o seguinte sinistro e solicitar a abertura do respetivo processo.", "pretendo participar um sinistro coberto pela minha apólice."},
		"encl":   {"Anexos: fotografias, orçamento de reparação, faturas", "Em anexo: cópia da participação policial"},
	},
	langIT: {
		"title":  {"Denuncia di sinistro", "Modulo di constatazione amichevole (CAI)", "Denuncia sinistro abitazione", "Richiesta di rimborso spese", "Denuncia di furto", "Denuncia danni da acqua"},
		"ins":    {"Assicurazioni Tirrene S.p.A.", "Mutua Lombarda Assicurazioni", "Previdenza Adriatica", "Compagnia Assicuratrice del Nord"},
		"holder": {"Contraente", "Assicurato", "Contraente/Assicurato"},
		"policy": {"N. polizza", "Polizza n.", "Numero di polizza"},
		"claim":  {"N. sinistro", "Numero pratica", "Rif. sinistro"},
		"when":   {"Data del sinistro", "Data dell'evento", "Data dell'incidente"},
		"where":  {"Luogo del sinistro", "Luogo dell'evento"},
		"what":   {"Descrizione dell'accaduto", "Dinamica del sinistro", "Danni riportati"},
		"whatx":  {"Perdita d'acqua dal bagno con danni al soffitto dell'appartamento sottostante.", "Furto in abitazione con scasso della porta d'ingresso; sottratti computer e gioielli.", "Tamponamento a un semaforo; danneggiato il paraurti posteriore.", "Rottura del parabrezza causata da un sasso.", "Furto di bicicletta alla stazione nonostante il lucchetto.", "Grandinata con danni alla carrozzeria."},
		"amount": {"Importo stimato del danno", "Importo richiesto", "Valore del danno"},
		"excess": {"Franchigia", "Scoperto"},
		"police": {"Denuncia presso i Carabinieri n.", "Verbale della Polizia n."},
		"bank":   {"Liquidazione sul conto IBAN", "IBAN per il rimborso"},
		"decl":   {"Dichiaro che le informazioni fornite sono veritiere e complete.", "Le dichiarazioni false possono comportare la perdita del diritto all'indennizzo."},
		"sign":   {"Firma dell'assicurato ____________  Data ______", "Firma ____________"},
		"letter": {"con la presente denuncio il seguente sinistro e chiedo l'apertura della pratica.", "desidero denunciare un sinistro coperto dalla mia polizza."},
		"encl":   {"Allegati: fotografie, preventivo di riparazione, fatture", "Allegato: copia della denuncia"},
	},
	langSV: {
		"title":  {"Skadeanmälan", "SKADEANMÄLAN", "Skadeanmälan motorfordon", "Skadeanmälan hemförsäkring", "Anmälan om stöld", "Ersättningsanspråk"},
		"ins":    {"Trygghet Försäkring AB", "Nordisk Sakförsäkring", "Länsförsäkringar Mitt", "Svea Försäkring"},
		"holder": {"Försäkringstagare", "Försäkrad", "Anmälare"},
		"policy": {"Försäkringsnummer", "Försäkringsnr", "Avtalsnummer"},
		"claim":  {"Skadenummer", "Skadenr", "Ärendenummer"},
		"when":   {"Skadedatum", "Datum för skadan", "När inträffade skadan"},
		"where":  {"Skadeplats", "Var inträffade skadan"},
		"what":   {"Skadehändelse", "Beskriv vad som hänt", "Händelseförlopp"},
		"whatx":  {"Vid backning skadades en annan bils stötfångare på parkeringen.", "Vattenläcka från diskmaskinen orsakade skador på köksgolvet.", "Inbrott i lägenheten; dator och smycken stals.", "Stormen slet loss takpannor och vatten trängde in på vinden.", "Min cykel stals utanför stationen trots att den var låst.", "Stenskott på motorvägen, vindrutan sprucken."},
		"amount": {"Uppskattat skadebelopp", "Begärd ersättning", "Skadans värde"},
		"excess": {"Självrisk", "Självrisk enligt villkor"},
		"police": {"Polisanmälan diarienummer", "Polisanmälan gjord, K-nummer"},
		"bank":   {"Ersättningen betalas till konto/IBAN", "Utbetalning till IBAN"},
		"decl":   {"Jag intygar att lämnade uppgifter är riktiga och fullständiga.", "Oriktiga uppgifter kan medföra att rätten till ersättning går förlorad."},
		"sign":   {"Ort, datum och underskrift ____________", "Underskrift ____________"},
		"letter": {"härmed anmäler jag följande skada och begär ersättning enligt min försäkring.", "jag vill anmäla en skada på min försäkring."},
		"encl":   {"Bilagor: foton, kostnadsförslag, kvitton", "Bilaga: kopia av polisanmälan"},
	},
	langPL: {
		"title":  {"Zgłoszenie szkody", "ZGŁOSZENIE SZKODY", "Zgłoszenie szkody komunikacyjnej OC/AC", "Zgłoszenie szkody majątkowej", "Wniosek o wypłatę odszkodowania", "Zgłoszenie kradzieży"},
		"ins":    {"Towarzystwo Ubezpieczeń Wisła S.A.", "Bałtyk Ubezpieczenia S.A.", "Mazowieckie TU", "Ubezpieczenia Tatry S.A."},
		"holder": {"Ubezpieczający", "Ubezpieczony", "Poszkodowany"},
		"policy": {"Nr polisy", "Numer polisy", "Polisa nr"},
		"claim":  {"Nr szkody", "Numer szkody", "Sygnatura sprawy"},
		"when":   {"Data zdarzenia", "Data szkody", "Data powstania szkody"},
		"where":  {"Miejsce zdarzenia", "Miejsce szkody"},
		"what":   {"Opis zdarzenia", "Okoliczności zdarzenia", "Przebieg zdarzenia"},
		"whatx":  {"Podczas wyjeżdżania z parkingu uszkodziłem tylny zderzak innego pojazdu.", "Pęknięcie rury w łazience spowodowało zalanie podłogi i ścian.", "Włamanie do mieszkania; skradziono laptop i biżuterię.", "Wichura zerwała część pokrycia dachowego.", "Mój rower został skradziony spod dworca mimo zapięcia.", "Odprysk kamienia na autostradzie, pęknięta przednia szyba."},
		"amount": {"Szacunkowa wartość szkody", "Wysokość roszczenia", "Kwota roszczenia"},
		"excess": {"Udział własny", "Franszyza redukcyjna"},
		"police": {"Sygnatura zgłoszenia na policji", "Zdarzenie zgłoszono na policji, nr"},
		"bank":   {"Odszkodowanie proszę przekazać na rachunek", "Nr rachunku do wypłaty odszkodowania"},
		"decl":   {"Oświadczam, że podane informacje są prawdziwe i zgodne ze stanem faktycznym.", "Podanie nieprawdziwych informacji może skutkować odmową wypłaty odszkodowania."},
		"sign":   {"Miejscowość, data, podpis ubezpieczonego ____________", "Podpis ____________"},
		"letter": {"niniejszym zgłaszam szkodę i wnoszę o wypłatę odszkodowania z polisy.", "zwracam się z prośbą o likwidację szkody z mojego ubezpieczenia."},
		"encl":   {"Załączniki: zdjęcia, kosztorys, faktury", "Załącznik: kopia zgłoszenia na policji"},
	},
}

// claimL is a claim form, short or long, or a letter reporting a loss.
func claimL(g g, l lang) []string {
	v, e := claimWords[l], g.euro(l)
	p := g.lp(l)
	d := g.date()
	fields := lines(
		g.kv(g.w(v, "policy"), g.letters(g.n(0, 3))+g.digits(g.n(7, 10))),
		g.pick("", g.kv(g.w(v, "claim"), g.digits(4)+"-"+g.digits(6))),
		g.kv(g.w(v, "holder"), p),
		g.kv(g.w(v, "when"), g.ldate(l, d)),
		g.pick("", g.kv(g.w(v, "where"), g.lcityName(l))),
		g.w(v, "what")+": "+g.w(v, "whatx"),
		g.kv(g.w(v, "amount"), e.f(g.amount(80, 15000))))
	switch g.r.IntN(3) {
	case 0: // letter
		return lines(p, g.laddr(l), "", g.w(v, "ins"), g.laddr(l), "", g.lplace(l, d.AddDate(0, 0, g.n(1, 10))), "",
			g.w(v, "title"), "", g.ldear(l), g.w(v, "letter"), "", fields, "", g.w(v, "bank")+" "+g.liban(l), "", g.lregards(l), p, "", g.w(v, "encl"))
	case 1: // short
		return lines(g.w(v, "title"), fields, g.w(v, "sign"))
	default:
		return lines(g.w(v, "ins"), g.w(v, "title"), "", fields,
			g.pick("", g.kv(g.w(v, "excess"), e.f(float64(g.n(1, 10))*50))),
			g.pick("", g.kv(g.w(v, "police"), g.digits(g.n(5, 9)))),
			g.pick("", g.w(v, "bank")+" "+g.liban(l)), "",
			g.w(v, "decl"), g.w(v, "sign"))
	}
}

var taxWords = [nLang]words{
	langDE: {
		"title":  {"Einkommensteuererklärung %d", "Anlage N %d – Einkünfte aus nichtselbständiger Arbeit", "Ausdruck der elektronischen Lohnsteuerbescheinigung für %d", "Bescheid für %d über Einkommensteuer und Solidaritätszuschlag", "Umsatzsteuer-Voranmeldung %d"},
		"office": {"Finanzamt %s", "Finanzamt %s-Mitte", "Finanzamt %s, Veranlagungsstelle"},
		"id":     {"Steuernummer", "Steuer-Identifikationsnummer", "IdNr."},
		"year":   {"Veranlagungszeitraum", "Kalenderjahr", "Steuerjahr"},
		"l1":     {"Bruttoarbeitslohn", "Einkünfte aus nichtselbständiger Arbeit", "Umsätze zum Steuersatz von 19 %"},
		"l2":     {"Einbehaltene Lohnsteuer", "Lohnsteuer", "Abziehbare Vorsteuerbeträge"},
		"l3":     {"Solidaritätszuschlag", "Kirchensteuer", "Werbungskosten", "Sonderausgaben"},
		"l4":     {"Zu versteuerndes Einkommen", "Festgesetzte Einkommensteuer", "Verbleibende Umsatzsteuer-Vorauszahlung"},
		"res":    {"Erstattung", "Nachzahlung", "Verbleibende Steuer"},
		"note":   {"Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Einspruch eingelegt werden.", "Die Erklärung wurde elektronisch über ELSTER übermittelt.", "Bitte zahlen Sie den Betrag bis zum Fälligkeitstag an die Finanzkasse.", "Ich versichere, die Angaben in dieser Steuererklärung wahrheitsgemäß nach bestem Wissen und Gewissen gemacht zu haben."},
		"who":    {"Steuerpflichtige Person", "Name", "Arbeitnehmer"},
	},
	langFR: {
		"title":  {"Déclaration des revenus %d – formulaire n° 2042", "Avis d'impôt %d sur les revenus", "Déclaration de TVA CA3 – %d", "Avis de taxe foncière %d", "Avis de situation déclarative à l'impôt sur le revenu %d"},
		"office": {"Centre des Finances Publiques de %s", "Service des impôts des particuliers de %s", "SIP %s"},
		"id":     {"Numéro fiscal", "Référence de l'avis", "N° FIP"},
		"year":   {"Revenus de l'année", "Année", "Période"},
		"l1":     {"Traitements et salaires", "Revenus d'activité", "Chiffre d'affaires taxable"},
		"l2":     {"Prélèvement à la source déjà versé", "Retenue à la source", "TVA déductible"},
		"l3":     {"Nombre de parts", "Revenu fiscal de référence", "Frais réels", "Réductions et crédits d'impôt"},
		"l4":     {"Revenu net imposable", "Impôt sur le revenu net", "TVA nette due"},
		"res":    {"Reste à payer", "Montant remboursé", "Solde à payer"},
		"note":   {"Vous pouvez contester cet avis en adressant une réclamation à votre service des impôts.", "Date limite de paiement : le 15 du mois suivant.", "Déclaration déposée en ligne sur impots.gouv.", "Je certifie exactes les informations portées sur cette déclaration."},
		"who":    {"Déclarant", "Contribuable", "Nom du déclarant"},
	},
	langES: {
		"title":  {"Modelo 100 – Declaración del IRPF ejercicio %d", "Modelo 303 – IVA Autoliquidación %d", "Certificado de retenciones e ingresos a cuenta del IRPF %d", "Borrador de la declaración de la renta %d", "Liquidación provisional IRPF %d"},
		"office": {"Agencia Tributaria – Delegación de %s", "AEAT, Administración de %s", "Agencia Estatal de Administración Tributaria (%s)"},
		"id":     {"NIF", "NIF del declarante", "Nº de justificante"},
		"year":   {"Ejercicio", "Periodo", "Año"},
		"l1":     {"Rendimientos íntegros del trabajo", "Rendimientos del trabajo", "Base imponible IVA devengado"},
		"l2":     {"Retenciones e ingresos a cuenta", "Retenciones", "IVA deducible"},
		"l3":     {"Base liquidable general", "Cuota íntegra", "Mínimo personal y familiar", "Deducciones"},
		"l4":     {"Cuota líquida", "Cuota diferencial", "Resultado de la autoliquidación"},
		"res":    {"Resultado de la declaración: a devolver", "Resultado: a ingresar", "Importe a devolver"},
		"note":   {"Podrá interponer recurso de reposición en el plazo de un mes.", "Presentación telemática a través de la Sede Electrónica.", "El ingreso deberá realizarse antes del fin del plazo voluntario.", "Declaro que son ciertos los datos consignados."},
		"who":    {"Declarante", "Contribuyente", "Apellidos y nombre"},
	},
	langNL: {
		"title":  {"Aangifte inkomstenbelasting %d", "Voorlopige aanslag inkomstenbelasting %d", "Definitieve aanslag inkomstenbelasting en premie volksverzekeringen %d", "Aangifte omzetbelasting %d", "Jaaropgaaf %d"},
		"office": {"Belastingdienst / kantoor %s", "Belastingdienst %s", "Belastingdienst Particulieren, %s"},
		"id":     {"Burgerservicenummer", "BSN", "Aanslagnummer"},
		"year":   {"Belastingjaar", "Tijdvak", "Jaar"},
		"l1":     {"Inkomen uit werk en woning (box 1)", "Loon uit dienstbetrekking", "Omzet belast met hoog tarief"},
		"l2":     {"Ingehouden loonheffing", "Loonheffing", "Voorbelasting"},
		"l3":     {"Heffingskortingen", "Aftrekposten", "Arbeidskorting", "Algemene heffingskorting"},
		"l4":     {"Verschuldigde inkomstenbelasting", "Belastbaar inkomen", "Te betalen omzetbelasting"},
		"res":    {"Te betalen", "Terug te ontvangen", "U krijgt terug"},
		"note":   {"Bent u het niet eens met deze aanslag? Dan kunt u binnen 6 weken bezwaar maken.", "U moet het bedrag betalen vóór de vervaldatum.", "Deze aangifte is elektronisch ingediend.", "Ik verklaar dat ik deze aangifte naar waarheid heb ingevuld."},
		"who":    {"Belastingplichtige", "Naam", "Aangever"},
	},
	langPT: {
		"title":  {"Declaração de IRS – Modelo 3 – Rendimentos de %d", "Nota de liquidação de IRS %d", "Declaração periódica de IVA %d", "Declaração de rendimentos (Categoria A) %d", "Demonstração de liquidação de IRS %d"},
		"office": {"Serviço de Finanças de %s", "Autoridade Tributária e Aduaneira – %s", "AT – Direção de Finanças de %s"},
		"id":     {"NIF", "N.º de identificação fiscal", "Identificação da declaração"},
		"year":   {"Ano dos rendimentos", "Período", "Ano"},
		"l1":     {"Rendimento bruto Categoria A", "Rendimentos do trabalho dependente", "Base tributável IVA liquidado"},
		"l2":     {"Retenções na fonte", "Retenções efetuadas", "IVA dedutível"},
		"l3":     {"Rendimento coletável", "Coleta total", "Deduções à coleta", "Quociente familiar"},
		"l4":     {"Coleta líquida", "Imposto apurado", "Imposto a entregar ao Estado"},
		"res":    {"Valor a reembolsar", "Valor a pagar", "Saldo apurado"},
		"note":   {"Pode reclamar ou impugnar a liquidação nos prazos legais.", "Declaração submetida no Portal das Finanças.", "O pagamento deve ser efetuado até à data limite indicada.", "Declaro que os dados constantes desta declaração são verdadeiros."},
		"who":    {"Sujeito passivo", "Contribuinte", "Nome"},
	},
	langIT: {
		"title":  {"Modello 730/%d – Dichiarazione dei redditi", "Certificazione Unica %d", "Modello Redditi PF %d", "Dichiarazione IVA %d", "Comunicazione di irregolarità (avviso bonario) – anno d'imposta %d"},
		"office": {"Agenzia delle Entrate – Direzione Provinciale di %s", "Agenzia delle Entrate, Ufficio territoriale di %s", "Agenzia delle Entrate (%s)"},
		"id":     {"Codice fiscale", "C.F.", "Protocollo telematico"},
		"year":   {"Periodo d'imposta", "Anno d'imposta", "Anno"},
		"l1":     {"Redditi di lavoro dipendente", "Reddito complessivo", "Operazioni attive imponibili"},
		"l2":     {"Ritenute IRPEF", "Ritenute d'acconto", "IVA detraibile"},
		"l3":     {"Addizionale regionale", "Addizionale comunale", "Detrazioni per lavoro dipendente", "Oneri deducibili"},
		"l4":     {"Reddito imponibile", "Imposta netta", "IVA a debito"},
		"res":    {"Credito d'imposta", "Importo a debito", "Saldo da versare con F24"},
		"note":   {"Entro 60 giorni è possibile presentare ricorso alla Corte di giustizia tributaria.", "Dichiarazione trasmessa telematicamente.", "Il versamento va effettuato con modello F24 entro la scadenza.", "Il sottoscritto dichiara che i dati indicati sono veritieri."},
		"who":    {"Contribuente", "Dichiarante", "Cognome e nome"},
	},
	langSV: {
		"title":  {"Inkomstdeklaration 1 – inkomstår %d", "Slutskattebesked för inkomstår %d", "Kontrolluppgift – inkomst av tjänst %d", "Momsdeklaration %d", "Preliminär skatt %d – beslut"},
		"office": {"Skatteverket", "Skatteverket, %s", "Skatteverket, skattekontoret i %s"},
		"id":     {"Personnummer", "Organisationsnummer", "Person-/org.nr"},
		"year":   {"Inkomstår", "Beskattningsår", "Redovisningsperiod"},
		"l1":     {"Lön, förmåner, sjukpenning m.m.", "Inkomst av tjänst", "Momspliktig försäljning"},
		"l2":     {"Avdragen preliminär skatt", "Preliminärskatt", "Ingående moms att dra av"},
		"l3":     {"Ränteutgifter", "Resor till och från arbetet", "Övriga utgifter", "ROT- och RUT-avdrag"},
		"l4":     {"Beskattningsbar förvärvsinkomst", "Slutlig skatt", "Moms att betala"},
		"res":    {"Du får tillbaka", "Att betala (kvarskatt)", "Belopp att betala eller få tillbaka"},
		"note":   {"Om du inte vill ändra något kan du godkänna deklarationen digitalt.", "Beslutet kan begäras omprövat inom sex år från utgången av beskattningsåret.", "Kvarskatt ska betalas in till ditt skattekonto senast på förfallodagen.", "Jag försäkrar att uppgifterna i deklarationen är riktiga och fullständiga."},
		"who":    {"Namn", "Den skattskyldige", "Deklarant"},
	},
	langPL: {
		"title":  {"PIT-37 Zeznanie o wysokości osiągniętego dochodu w roku %d", "PIT-11 Informacja o dochodach za rok %d", "Zeznanie podatkowe PIT-36 za %d", "Deklaracja VAT-7 za %d", "Decyzja w sprawie podatku od nieruchomości na rok %d"},
		"office": {"Urząd Skarbowy w mieście %s", "Naczelnik Urzędu Skarbowego %s", "Drugi Urząd Skarbowy %s"},
		"id":     {"PESEL", "Identyfikator podatkowy NIP/PESEL", "NIP"},
		"year":   {"Rok podatkowy", "Za rok", "Okres rozliczeniowy"},
		"l1":     {"Przychód ze stosunku pracy", "Dochód", "Sprzedaż opodatkowana"},
		"l2":     {"Zaliczka pobrana przez płatnika", "Zaliczki na podatek", "Podatek naliczony do odliczenia"},
		"l3":     {"Koszty uzyskania przychodu", "Składki na ubezpieczenia społeczne", "Ulga na dzieci", "Ulga termomodernizacyjna"},
		"l4":     {"Podstawa obliczenia podatku", "Podatek należny", "Kwota podatku do wpłaty"},
		"res":    {"Nadpłata", "Do zapłaty", "Kwota do zwrotu"},
		"note":   {"Zeznanie złożono elektronicznie w usłudze Twój e-PIT.", "Od niniejszej decyzji przysługuje odwołanie w terminie 14 dni od dnia jej doręczenia.", "Podatek należy wpłacić na indywidualny rachunek podatkowy do 30 kwietnia.", "Oświadczam, że dane zawarte w zeznaniu są zgodne z prawdą."},
		"who":    {"Podatnik", "Imię i nazwisko", "Dane podatnika"},
	},
}

// taxL is an income tax return, a notice of assessment or a VAT return.
func taxL(g g, l lang) []string {
	v, e := taxWords[l], g.euro(l)
	year := g.n(2021, 2025)
	gross := g.amount(18000, 120000)
	id := g.digits(11)
	switch l {
	case langDE:
		id = g.pick(g.digits(2)+" "+g.digits(3)+" "+g.digits(3)+" "+g.digits(3), g.digits(3)+"/"+g.digits(3)+"/"+g.digits(5))
	case langES:
		n := g.n(10000000, 99999999)
		id = fmt.Sprintf("%d%s", n, dniLetter(n))
	case langIT:
		id = strings.ToUpper(g.letters(6)) + g.digits(2) + g.letters(1) + g.digits(2) + g.letters(1) + g.digits(3) + g.letters(1)
	case langPT, langNL:
		id = g.digits(9)
	case langSV:
		id = g.dob().Format("060102") + "-" + g.digits(4)
	}
	rows := lines(
		g.kv(g.w(v, "l1"), e.num(gross)),
		g.kv(g.w(v, "l2"), e.num(gross*0.18)),
		g.pick("", g.kv(g.w(v, "l3"), e.num(g.amount(100, 9000)))),
		g.kv(g.w(v, "l4"), e.num(gross*0.2)),
		g.kv(g.w(v, "res"), e.f(g.amount(10, 4000))))
	if g.chance(0.4) {
		return lines(g.wf(v, "title", year), g.kv(g.w(v, "id"), id), g.kv(g.w(v, "who"), g.lp(l)), rows, g.pick("", g.w(v, "note")))
	}
	return lines(fillOne(g.w(v, "office"), g.lcityName(l)), g.laddr(l)[0], "", g.wf(v, "title", year), "",
		g.kv(g.w(v, "year"), fmt.Sprint(year)), g.kv(g.w(v, "id"), id),
		g.kv(g.w(v, "who"), g.lp(l)), strings.Join(g.laddr(l), ", "), "",
		rows, "", g.w(v, "note"), g.pick("", g.ldate(l, g.date())))
}

var bankWords = [nLang]words{
	langDE: {
		"title":  {"Kontoauszug", "Kontoauszug Nr. %d", "Girokonto – Kontoauszug", "Umsatzübersicht", "Kontoauszug %d/2024"},
		"bank":   {"Sparkasse %s", "Volksbank %s eG", "Stadtsparkasse %s", "Raiffeisenbank %s"},
		"holder": {"Kontoinhaber", "Inhaber"},
		"acct":   {"IBAN", "Konto-Nr.", "Kontonummer"},
		"open":   {"Alter Kontostand", "Kontostand am", "Anfangssaldo"},
		"close":  {"Neuer Kontostand", "Endsaldo", "Kontostand neu"},
		"head":   {"Buchungstag  Wertstellung  Verwendungszweck  Betrag", "Datum  Buchungstext  Soll  Haben", "Bu-Tag  Wert  Vorgang  Betrag EUR"},
		"in":     {"Gutschrift Gehalt %s", "Überweisung von %s", "Gutschrift", "Zinsgutschrift", "Bareinzahlung"},
		"out":    {"Lastschrift %s", "Kartenzahlung %s", "Dauerauftrag Miete", "Überweisung an %s", "Geldautomat", "Kontoführungsgebühr"},
		"note":   {"Bitte prüfen Sie die Buchungen. Einwendungen gegen den Rechnungsabschluss sind innerhalb von sechs Wochen zu erheben.", "Dispositionskredit: 2.000,00 EUR", "Guthaben sind im Rahmen der gesetzlichen Einlagensicherung geschützt."},
		"period": {"Zeitraum", "Auszugszeitraum"},
	},
	langFR: {
		"title":  {"Relevé de compte", "Relevé de compte courant n° %d", "Extrait de compte", "Relevé d'opérations", "Relevé n° %d"},
		"bank":   {"Banque Populaire de %s", "Crédit Régional de %s", "Caisse d'Épargne %s", "Banque du Centre %s"},
		"holder": {"Titulaire", "Titulaire du compte"},
		"acct":   {"IBAN", "N° de compte", "Compte n°"},
		"open":   {"Ancien solde", "Solde précédent", "Solde au début de période"},
		"close":  {"Nouveau solde", "Solde créditeur au", "Solde en fin de période"},
		"head":   {"Date  Libellé  Valeur  Débit  Crédit", "Date opé.  Libellé  Montant", "Date  Opération  Débit  Crédit"},
		"in":     {"Virement reçu %s", "Salaire %s", "Remise de chèque", "Virement de %s", "Remboursement"},
		"out":    {"Prélèvement %s", "Paiement CB %s", "Retrait DAB", "Virement permanent loyer", "Frais de tenue de compte", "Prélèvement SEPA %s"},
		"note":   {"Sauf erreur ou omission. Toute réclamation doit nous parvenir dans un délai de deux mois.", "Autorisation de découvert : 500,00 €", "Vos dépôts sont garantis par le Fonds de Garantie des Dépôts."},
		"period": {"Période", "Du"},
	},
	langES: {
		"title":  {"Extracto bancario", "Extracto de cuenta nº %d", "Extracto de movimientos", "Cuenta corriente – extracto", "Extracto mensual nº %d"},
		"bank":   {"Caja Rural de %s", "Banco Mediterráneo, oficina %s", "Caja de Ahorros de %s", "Banco del Norte %s"},
		"holder": {"Titular", "Titular de la cuenta"},
		"acct":   {"IBAN", "Nº de cuenta", "Cuenta"},
		"open":   {"Saldo anterior", "Saldo inicial"},
		"close":  {"Saldo final", "Saldo actual", "Nuevo saldo"},
		"head":   {"F. operación  F. valor  Concepto  Importe  Saldo", "Fecha  Concepto  Cargo  Abono  Saldo", "Fecha  Descripción  Importe"},
		"in":     {"Nómina %s", "Transferencia recibida de %s", "Abono", "Ingreso en efectivo", "Devolución"},
		"out":    {"Recibo %s", "Compra con tarjeta %s", "Reintegro cajero", "Transferencia a %s", "Comisión mantenimiento", "Recibo alquiler"},
		"note":   {"Compruebe los movimientos; dispone de 13 meses para reclamar cargos no autorizados.", "Sus depósitos están garantizados por el Fondo de Garantía de Depósitos.", "Límite de descubierto: 0,00 EUR"},
		"period": {"Periodo", "Del"},
	},
	langNL: {
		"title":  {"Rekeningafschrift", "Afschrift nr. %d", "Rekeningoverzicht", "Bij- en afschrijvingen", "Dagafschrift %d"},
		"bank":   {"Spaarbank %s", "Coöperatieve Bank %s", "Regiobank %s", "Noordbank %s"},
		"holder": {"Rekeninghouder", "Ten name van"},
		"acct":   {"IBAN", "Rekeningnummer", "Rekening"},
		"open":   {"Beginsaldo", "Vorig saldo", "Saldo vorig afschrift"},
		"close":  {"Eindsaldo", "Nieuw saldo", "Saldo per"},
		"head":   {"Datum  Omschrijving  Af  Bij", "Boekdatum  Omschrijving  Bedrag  Saldo", "Datum  Naam/Omschrijving  Af/Bij  Bedrag"},
		"in":     {"Salaris %s", "Overboeking van %s", "Bijschrijving", "Rente", "Teruggave"},
		"out":    {"Incasso %s", "Betaalautomaat %s", "Geldautomaat", "Overboeking naar %s", "Kosten betaalpakket", "iDEAL %s"},
		"note":   {"Controleer uw afschrijvingen. Een onterechte incasso kunt u binnen 56 dagen laten terugboeken.", "Uw tegoeden vallen onder het depositogarantiestelsel.", "Kredietlimiet: € 1.000,00"},
		"period": {"Periode", "Van"},
	},
	langPT: {
		"title":  {"Extrato bancário", "Extrato de conta n.º %d", "Extrato integrado", "Conta à ordem – extrato", "Extrato mensal n.º %d"},
		"bank":   {"Caixa de Crédito de %s", "Banco Atlântico, balcão de %s", "Caixa Económica de %s", "Banco do Minho %s"},
		"holder": {"Titular", "Primeiro titular"},
		"acct":   {"IBAN", "N.º de conta", "Conta"},
		"open":   {"Saldo inicial", "Saldo anterior"},
		"close":  {"Saldo final", "Saldo disponível", "Saldo contabilístico"},
		"head":   {"Data mov.  Data valor  Descritivo  Débito  Crédito  Saldo", "Data  Descrição  Montante  Saldo", "Data  Movimento  Débito  Crédito"},
		"in":     {"Vencimento %s", "Transferência de %s", "Depósito", "Juros", "Reembolso"},
		"out":    {"Débito direto %s", "Compra %s", "Levantamento ATM", "Transferência para %s", "Comissão de manutenção", "Pagamento de serviços"},
		"note":   {"Verifique os movimentos e comunique qualquer discrepância no prazo de 30 dias.", "Os depósitos estão cobertos pelo Fundo de Garantia de Depósitos.", "Imposto do selo incluído nas comissões."},
		"period": {"Período", "De"},
	},
	langIT: {
		"title":  {"Estratto conto", "Estratto conto corrente n. %d", "Lista movimenti", "Estratto conto trimestrale", "Estratto n. %d"},
		"bank":   {"Banca Popolare di %s", "Cassa di Risparmio di %s", "Banca di Credito Cooperativo di %s", "Banca Lombarda, filiale di %s"},
		"holder": {"Intestatario", "Intestato a"},
		"acct":   {"IBAN", "Conto corrente n.", "Numero conto"},
		"open":   {"Saldo iniziale", "Saldo precedente"},
		"close":  {"Saldo finale", "Saldo contabile", "Saldo disponibile"},
		"head":   {"Data contabile  Data valuta  Descrizione operazione  Dare  Avere", "Data  Descrizione  Addebiti  Accrediti", "Data  Operazione  Importo"},
		"in":     {"Stipendio %s", "Bonifico a vostro favore da %s", "Accredito", "Interessi", "Versamento contanti"},
		"out":    {"Addebito SDD %s", "Pagamento POS %s", "Prelievo Bancomat", "Bonifico a %s", "Canone conto", "Imposta di bollo"},
		"note":   {"In assenza di contestazioni entro 60 giorni l'estratto conto si intende approvato.", "I depositi sono tutelati dal Fondo Interbancario di Tutela dei Depositi.", "Fido accordato: 0,00 EUR"},
		"period": {"Periodo", "Dal"},
	},
	langSV: {
		"title":  {"Kontoutdrag", "Kontoutdrag nr %d", "Lönekonto – kontoutdrag", "Kontohändelser", "Årsbesked"},
		"bank":   {"Sparbanken %s", "Handelsbanken %s", "Nordbanken, kontor %s", "Länsbanken %s"},
		"holder": {"Kontohavare", "Innehavare"},
		"acct":   {"IBAN", "Kontonummer", "Clearingnr/konto"},
		"open":   {"Ingående saldo", "Saldo vid periodens början", "Tidigare saldo"},
		"close":  {"Utgående saldo", "Saldo vid periodens slut", "Nytt saldo"},
		"head":   {"Bokföringsdag  Valutadag  Text  Belopp", "Datum  Transaktion  Uttag  Insättning", "Datum  Specifikation  Belopp  Saldo"},
		"in":     {"Lön %s", "Insättning från %s", "Swish från %s", "Ränta", "Insättning"},
		"out":    {"Kortköp %s", "Autogiro %s", "Hyra", "Betalning till %s", "Uttag bankomat", "Månadsavgift bankkort"},
		"note":   {"Kontrollera kontoutdraget och meddela oss eventuella fel inom 30 dagar.", "Insättningsgarantin omfattar upp till 1 050 000 kr per person och institut.", "Kontokredit: 10 000 kr"},
		"period": {"Period", "Utdragsperiod"},
	},
	langPL: {
		"title":  {"Wyciąg z rachunku", "Wyciąg nr %d", "Wyciąg z rachunku bankowego", "Zestawienie operacji", "Wyciąg z konta osobistego nr %d"},
		"bank":   {"Bank Spółdzielczy w %s", "Bank Mazowiecki, oddział %s", "Polski Bank Regionalny, O/%s", "Bank Pocztowy %s"},
		"holder": {"Właściciel rachunku", "Posiadacz rachunku"},
		"acct":   {"Numer rachunku", "IBAN", "Nr konta"},
		"open":   {"Saldo początkowe", "Saldo otwarcia", "Saldo na początek okresu"},
		"close":  {"Saldo końcowe", "Saldo zamknięcia", "Saldo na koniec okresu"},
		"head":   {"Data księgowania  Data waluty  Opis operacji  Kwota", "Data  Tytuł  Obciążenia  Uznania", "Data  Opis  Kwota  Saldo"},
		"in":     {"Wynagrodzenie %s", "Przelew przychodzący od %s", "Uznanie", "Kapitalizacja odsetek", "Wpłata gotówkowa"},
		"out":    {"Płatność kartą %s", "Polecenie zapłaty %s", "Zlecenie stałe czynsz", "Przelew do %s", "Wypłata z bankomatu", "Opłata za prowadzenie rachunku"},
		"note":   {"Prosimy o sprawdzenie wyciągu; reklamacje można składać w ciągu 30 dni.", "Środki na rachunku objęte są gwarancjami Bankowego Funduszu Gwarancyjnego.", "Limit w rachunku: 2 000,00 PLN"},
		"period": {"Okres", "Za okres"},
	},
}

// bankStatementL is an account statement with its movements.
func bankStatementL(g g, l lang) []string {
	v, e := bankWords[l], g.euro(l)
	start := g.date()
	end := start.AddDate(0, 1, -1)
	bal := g.amount(3000, 25000)
	open := bal
	rows := lines(g.w(v, "head"))
	shops := []string{"REWE", "CARREFOUR", "MERCADONA", "ALBERT HEIJN", "CONTINENTE", "ESSELUNGA", "AMAZON", "SHELL", "IKEA"}
	for i := range g.n(3, 12) {
		amt := g.amount(3, 2500)
		day := start.AddDate(0, 0, i*2+g.n(0, 1))
		var desc string
		if g.chance(0.3) {
			desc = fillOne(g.w(v, "in"), g.pick(g.lco(l), g.lp(l)))
			bal += amt
			rows = append(rows, fmt.Sprintf("%s  %s  %s  %s", day.Format([...]string{"02.01.", "02/01", "02/01", "02-01", "02-01", "02/01", "01-02", "02.01"}[l]), desc, "+"+e.num(amt), e.num(bal)))
		} else {
			desc = fillOne(g.w(v, "out"), g.pick(shops...))
			bal -= amt
			rows = append(rows, fmt.Sprintf("%s  %s  %s  %s", day.Format([...]string{"02.01.", "02/01", "02/01", "02-01", "02-01", "02/01", "01-02", "02.01"}[l]), desc, "-"+e.num(amt), e.num(bal)))
		}
	}
	title := g.w(v, "title")
	if strings.Contains(title, "%d") {
		title = fmt.Sprintf(title, g.n(1, 24))
	}
	return lines(fillOne(g.w(v, "bank"), g.lcityName(l)), title, "",
		g.kv(g.w(v, "holder"), g.lp(l)), g.pick("", strings.Join(g.laddr(l), ", ")),
		g.kv(g.w(v, "acct"), g.liban(l)), g.pick("", "BIC "+g.letters(6)+g.digits(2)),
		g.kv(g.w(v, "period"), lnumdate(l, start)+" – "+lnumdate(l, end)), "",
		g.kv(g.w(v, "open"), e.f(open)), rows, g.kv(g.w(v, "close"), e.f(bal)), "",
		g.pick("", g.w(v, "note")))
}
