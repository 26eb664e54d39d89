package corpus

import "fmt"

// Documents of type other in German, French, Spanish, Dutch, Portuguese and
// Italian: letters, newsletters, internal memos, menus, minutes, job
// adverts, shipping notices, invitations. Several are letters, as the
// medical letters and contract cover letters of their own types are: the
// salutation and the closing tell nothing about the type.

var otherWords = [6]words{
	langDE: {
		"from":    {"Von"},
		"resto":   {"Gasthaus", "Restaurant"},
		"subj":    {"Betreff: Änderung unserer Öffnungszeiten", "Betreff: Einladung zum Tag der offenen Tür", "Betreff: Umzug unseres Büros", "Betreff: Ihre Anfrage vom letzten Monat", "Betreff: Jubiläum"},
		"body":    {"wir möchten Sie darüber informieren, dass unser Büro ab dem kommenden Monat in neue Räume umzieht.", "vielen Dank für Ihre Anfrage. Gerne senden wir Ihnen unseren aktuellen Katalog zu.", "zu unserem 25-jährigen Firmenjubiläum laden wir Sie herzlich zu einem Empfang ein.", "ab sofort sind wir montags bis freitags von 8 bis 18 Uhr für Sie erreichbar."},
		"body2":   {"Für Rückfragen stehen wir Ihnen gerne zur Verfügung.", "Wir freuen uns auf Ihren Besuch.", "Bitte notieren Sie sich unsere neue Anschrift."},
		"news":    {"Newsletter", "Vereinsnachrichten", "Mitteilungsblatt", "Elternbrief"},
		"newsx":   {"Das Sommerfest war ein voller Erfolg, herzlichen Dank an alle Helferinnen und Helfer!", "Die Mitgliederversammlung findet am Donnerstag um 19 Uhr im Vereinsheim statt.", "Die Turnhalle bleibt wegen Renovierung bis Ende des Monats geschlossen.", "Neue Kurse: Yoga für Anfänger und Rückenfit ab Oktober."},
		"memo":    {"Hausmitteilung", "Interne Mitteilung", "Rundschreiben an alle Mitarbeitenden", "Aushang"},
		"memox":   {"Am Freitag wird die Heizungsanlage gewartet; bitte Fenster geschlossen halten.", "Ab dem 1. des Monats gilt die neue Passwortrichtlinie mit mindestens 14 Zeichen.", "Die Kantine bleibt in der Woche nach Ostern geschlossen.", "Bitte tragen Sie Ihren Urlaub bis Ende März in den Urlaubsplaner ein."},
		"menu":    {"Speisekarte", "Mittagstisch", "Wochenkarte", "Getränkekarte"},
		"dishes":  {"Tagessuppe", "Wiener Schnitzel mit Kartoffelsalat", "Käsespätzle", "Rinderroulade mit Rotkohl", "Apfelstrudel mit Vanillesoße", "Flammkuchen", "Gemischter Salat"},
		"minutes": {"Protokoll der Sitzung", "Besprechungsprotokoll", "Protokoll der Mitgliederversammlung"},
		"present": {"Anwesend", "Teilnehmer"},
		"tops":    {"TOP 1: Begrüßung und Feststellung der Beschlussfähigkeit", "TOP 2: Bericht des Vorstands", "TOP 3: Planung des Sommerfests", "TOP 4: Verschiedenes", "Beschluss: einstimmig angenommen"},
		"job":     {"Stellenanzeige", "Wir suchen Verstärkung!", "Stellenangebot"},
		"jobx":    {"Wir suchen zum nächstmöglichen Zeitpunkt eine/n Sachbearbeiter/in (m/w/d) in Vollzeit.", "Für unser Team suchen wir eine/n Lagerist/in (m/w/d) in Teilzeit.", "Ihre Aufgaben: Kundenberatung, Angebotserstellung, Terminplanung.", "Wir bieten: flexible Arbeitszeiten, 30 Tage Urlaub, Jobticket."},
		"apply":   {"Bewerbungen bitte per E-Mail an", "Ihre Bewerbungsunterlagen senden Sie bitte an"},
		"ship":    {"Versandbestätigung", "Ihr Paket ist unterwegs", "Lieferavis"},
		"shipx":   {"Sendungsnummer", "Voraussichtliche Zustellung", "Versanddienstleister"},
		"invite":  {"Einladung", "Herzliche Einladung", "Save the Date"},
		"invitex": {"zu unserer Hochzeit", "zum 60. Geburtstag von %s", "zur Eröffnung unserer neuen Filiale", "zum Sommerfest der Nachbarschaft"},
		"when":    {"Wann", "Datum"},
		"where":   {"Wo", "Ort"},
		"rsvp":    {"Um Antwort wird gebeten bis", "Bitte gebt bis spätestens Bescheid:"},
	},
	langFR: {
		"from":    {"De"},
		"resto":   {"Brasserie", "Restaurant"},
		"subj":    {"Objet : changement de nos horaires d'ouverture", "Objet : invitation à notre journée portes ouvertes", "Objet : déménagement de nos bureaux", "Objet : votre demande du mois dernier", "Objet : anniversaire de l'entreprise"},
		"body":    {"nous avons le plaisir de vous informer que nos bureaux déménagent à compter du mois prochain.", "nous vous remercions de votre demande et vous adressons ci-joint notre catalogue.", "à l'occasion de nos 25 ans, nous avons le plaisir de vous convier à une réception.", "désormais, nous sommes à votre disposition du lundi au vendredi de 8 h à 18 h."},
		"body2":   {"Nous restons à votre disposition pour toute question.", "Au plaisir de vous accueillir.", "Merci de noter notre nouvelle adresse."},
		"news":    {"Lettre d'information", "Bulletin municipal", "La lettre de l'association", "Mot aux parents"},
		"newsx":   {"La fête de l'été a été un grand succès, merci à tous les bénévoles !", "L'assemblée générale aura lieu jeudi à 19 h à la salle des fêtes.", "Le gymnase restera fermé pour travaux jusqu'à la fin du mois.", "Nouveaux ateliers : yoga débutants et théâtre à partir d'octobre."},
		"memo":    {"Note de service", "Note interne", "Circulaire à l'ensemble du personnel", "Avis au personnel"},
		"memox":   {"Vendredi, la chaudière sera en maintenance ; merci de garder les fenêtres fermées.", "À partir du 1er du mois, les mots de passe devront comporter au moins 14 caractères.", "La cantine sera fermée la semaine suivant Pâques.", "Merci de saisir vos congés d'été avant la fin mars."},
		"menu":    {"Menu", "Carte", "Menu du jour", "Carte des vins"},
		"dishes":  {"Soupe à l'oignon", "Bœuf bourguignon", "Quiche lorraine", "Magret de canard", "Tarte Tatin", "Crème brûlée", "Salade niçoise"},
		"minutes": {"Procès-verbal de réunion", "Compte rendu de la réunion d'équipe", "Procès-verbal de l'assemblée générale"},
		"present": {"Présents", "Participants"},
		"tops":    {"1. Ouverture de la séance et vérification du quorum", "2. Rapport moral du président", "3. Organisation de la fête de fin d'année", "4. Questions diverses", "Décision : adoptée à l'unanimité"},
		"job":     {"Offre d'emploi", "Nous recrutons !", "Poste à pourvoir"},
		"jobx":    {"Nous recherchons un(e) assistant(e) administratif(ve) en CDI à temps plein.", "Pour renforcer notre équipe, nous recrutons un(e) magasinier(ère) à temps partiel.", "Missions : accueil des clients, établissement des devis, planning.", "Nous offrons : horaires flexibles, tickets restaurant, mutuelle."},
		"apply":   {"Candidatures (CV et lettre de motivation) à envoyer à", "Merci d'adresser votre candidature à"},
		"ship":    {"Avis d'expédition", "Votre colis est en route", "Confirmation d'expédition"},
		"shipx":   {"Numéro de suivi", "Livraison prévue", "Transporteur"},
		"invite":  {"Invitation", "Vous êtes invités !", "Save the date"},
		"invitex": {"à notre mariage", "aux 60 ans de %s", "à l'inauguration de notre nouvelle boutique", "à la fête des voisins"},
		"when":    {"Quand", "Date"},
		"where":   {"Où", "Lieu"},
		"rsvp":    {"Merci de confirmer votre présence avant le", "Réponse souhaitée avant le"},
	},
	langES: {
		"from":    {"De"},
		"resto":   {"Restaurante", "Restaurant"},
		"subj":    {"Asunto: cambio de horario de atención", "Asunto: invitación a nuestra jornada de puertas abiertas", "Asunto: traslado de nuestras oficinas", "Asunto: su consulta del mes pasado", "Asunto: aniversario de la empresa"},
		"body":    {"nos complace informarle de que a partir del próximo mes nuestras oficinas se trasladan.", "le agradecemos su consulta y le adjuntamos nuestro catálogo actualizado.", "con motivo de nuestro 25 aniversario, tenemos el placer de invitarle a una recepción.", "a partir de ahora le atendemos de lunes a viernes de 8:00 a 18:00."},
		"body2":   {"Quedamos a su disposición para cualquier consulta.", "Esperamos contar con su presencia.", "Le rogamos tome nota de nuestra nueva dirección."},
		"news":    {"Boletín informativo", "Hoja informativa del AMPA", "Noticias de la asociación", "Circular a las familias"},
		"newsx":   {"La fiesta de verano fue todo un éxito, ¡gracias a todos los voluntarios!", "La asamblea general se celebrará el jueves a las 19:00 en el local social.", "El polideportivo permanecerá cerrado por obras hasta final de mes.", "Nuevos talleres: yoga para principiantes y teatro a partir de octubre."},
		"memo":    {"Circular interna", "Comunicado interno", "Nota informativa para el personal", "Aviso"},
		"memox":   {"El viernes se realizará el mantenimiento de la calefacción; mantengan las ventanas cerradas.", "A partir del día 1, las contraseñas deberán tener al menos 14 caracteres.", "El comedor permanecerá cerrado la semana después de Semana Santa.", "Rogamos soliciten sus vacaciones de verano antes de finales de marzo."},
		"menu":    {"Carta", "Menú del día", "Menú degustación", "Carta de vinos"},
		"dishes":  {"Gazpacho andaluz", "Paella valenciana", "Tortilla de patatas", "Croquetas caseras", "Merluza a la vasca", "Crema catalana", "Flan de huevo"},
		"minutes": {"Acta de la reunión", "Acta de la asamblea general", "Resumen de la reunión de equipo"},
		"present": {"Asistentes", "Presentes"},
		"tops":    {"1. Apertura de la sesión y comprobación del quórum", "2. Informe de la presidencia", "3. Organización de la fiesta anual", "4. Ruegos y preguntas", "Acuerdo: aprobado por unanimidad"},
		"job":     {"Oferta de empleo", "¡Buscamos personal!", "Se busca"},
		"jobx":    {"Buscamos auxiliar administrativo/a con contrato indefinido a jornada completa.", "Para ampliar nuestro equipo buscamos mozo/a de almacén a media jornada.", "Funciones: atención al cliente, elaboración de presupuestos, agenda.", "Ofrecemos: horario flexible, formación continua, buen ambiente de trabajo."},
		"apply":   {"Interesados enviar CV a", "Envíe su candidatura a"},
		"ship":    {"Aviso de envío", "Tu pedido está en camino", "Confirmación de envío"},
		"shipx":   {"Número de seguimiento", "Entrega estimada", "Transportista"},
		"invite":  {"Invitación", "¡Estás invitado!", "Reserva la fecha"},
		"invitex": {"a nuestra boda", "al 60 cumpleaños de %s", "a la inauguración de nuestra nueva tienda", "a la fiesta del barrio"},
		"when":    {"Cuándo", "Fecha"},
		"where":   {"Dónde", "Lugar"},
		"rsvp":    {"Se ruega confirmación antes del", "Confirmad asistencia antes del"},
	},
	langNL: {
		"from":    {"Van"},
		"resto":   {"Eetcafé", "Restaurant"},
		"subj":    {"Betreft: gewijzigde openingstijden", "Betreft: uitnodiging open dag", "Betreft: verhuizing van ons kantoor", "Betreft: uw vraag van vorige maand", "Onderwerp: jubileum"},
		"body":    {"graag informeren wij u dat ons kantoor per volgende maand verhuist naar een nieuw pand.", "hartelijk dank voor uw aanvraag. Bijgaand ontvangt u onze nieuwe catalogus.", "ter gelegenheid van ons 25-jarig bestaan nodigen wij u van harte uit voor een receptie.", "voortaan zijn wij van maandag tot en met vrijdag van 8.00 tot 18.00 uur bereikbaar."},
		"body2":   {"Voor vragen kunt u altijd contact met ons opnemen.", "Wij hopen u te mogen begroeten.", "Wilt u ons nieuwe adres noteren?"},
		"news":    {"Nieuwsbrief", "Clubblad", "Wijkkrant", "Ouderbrief"},
		"newsx":   {"Het zomerfeest was een groot succes, dank aan alle vrijwilligers!", "De algemene ledenvergadering is donderdag om 19.30 uur in het clubhuis.", "De sporthal is tot het einde van de maand gesloten wegens renovatie.", "Nieuwe cursussen: yoga voor beginners en toneel vanaf oktober."},
		"memo":    {"Interne memo", "Mededeling aan alle medewerkers", "Personeelsbericht", "Memo"},
		"memox":   {"Vrijdag vindt onderhoud aan de verwarming plaats; houd de ramen gesloten.", "Vanaf de 1e van de maand moeten wachtwoorden minimaal 14 tekens bevatten.", "Het bedrijfsrestaurant is de week na Pasen gesloten.", "Graag uw zomervakantie vóór eind maart in het verlofsysteem invoeren."},
		"menu":    {"Menukaart", "Lunchkaart", "Dagmenu", "Wijnkaart"},
		"dishes":  {"Erwtensoep", "Stamppot boerenkool met rookworst", "Kroketten met brood", "Kibbeling", "Poffertjes", "Appeltaart met slagroom", "Uitsmijter ham kaas"},
		"minutes": {"Notulen van de vergadering", "Verslag teamoverleg", "Notulen algemene ledenvergadering"},
		"present": {"Aanwezig", "Deelnemers"},
		"tops":    {"1. Opening en vaststellen agenda", "2. Jaarverslag van het bestuur", "3. Organisatie van het zomerfeest", "4. Rondvraag en sluiting", "Besluit: unaniem aangenomen"},
		"job":     {"Vacature", "Wij zoeken versterking!", "Gevraagd"},
		"jobx":    {"Wij zoeken per direct een administratief medewerker (m/v) voor 32-40 uur per week.", "Voor ons team zoeken wij een magazijnmedewerker voor 20 uur per week.", "Taken: klantcontact, offertes opstellen, planning.", "Wij bieden: flexibele werktijden, 25 vakantiedagen, reiskostenvergoeding."},
		"apply":   {"Solliciteren? Stuur je cv en motivatie naar", "Reacties graag per e-mail naar"},
		"ship":    {"Verzendbevestiging", "Je pakket is onderweg", "Verzendbericht"},
		"shipx":   {"Track & trace-code", "Verwachte bezorging", "Vervoerder"},
		"invite":  {"Uitnodiging", "Je bent uitgenodigd!", "Save the date"},
		"invitex": {"voor onze bruiloft", "voor de 60e verjaardag van %s", "voor de opening van onze nieuwe winkel", "voor de straatbarbecue"},
		"when":    {"Wanneer", "Datum"},
		"where":   {"Waar", "Locatie"},
		"rsvp":    {"Graag aanmelden voor", "Laat je vóór deze datum weten of je komt:"},
	},
	langPT: {
		"from":    {"De"},
		"resto":   {"Restaurante", "Restaurant"},
		"subj":    {"Assunto: alteração do horário de funcionamento", "Assunto: convite para o nosso dia aberto", "Assunto: mudança de instalações", "Assunto: o seu pedido do mês passado", "Assunto: aniversário da empresa"},
		"body":    {"informamos que, a partir do próximo mês, os nossos escritórios mudam para novas instalações.", "agradecemos o seu pedido e enviamos em anexo o nosso catálogo atualizado.", "por ocasião do nosso 25.º aniversário, temos o prazer de o convidar para uma receção.", "a partir de agora estamos disponíveis de segunda a sexta, das 9h às 18h."},
		"body2":   {"Estamos ao dispor para qualquer esclarecimento.", "Contamos com a sua presença.", "Agradecemos que tome nota da nova morada."},
		"news":    {"Newsletter", "Boletim informativo", "Notícias da associação", "Circular aos encarregados de educação"},
		"newsx":   {"A festa de verão foi um sucesso, obrigado a todos os voluntários!", "A assembleia geral realiza-se na quinta-feira às 19h na sede.", "O pavilhão desportivo estará encerrado para obras até ao fim do mês.", "Novas atividades: ioga para principiantes e teatro a partir de outubro."},
		"memo":    {"Comunicado interno", "Circular interna", "Nota de serviço", "Aviso aos colaboradores"},
		"memox":   {"Na sexta-feira será feita a manutenção do aquecimento; mantenham as janelas fechadas.", "A partir do dia 1, as palavras-passe devem ter pelo menos 14 caracteres.", "A cantina estará encerrada na semana a seguir à Páscoa.", "Por favor marquem as férias de verão até ao final de março."},
		"menu":    {"Ementa", "Menu do dia", "Carta de vinhos", "Pratos do dia"},
		"dishes":  {"Caldo verde", "Bacalhau à Brás", "Francesinha", "Arroz de pato", "Pastel de nata", "Arroz doce", "Sardinhas assadas"},
		"minutes": {"Ata da reunião", "Ata da assembleia geral", "Resumo da reunião de equipa"},
		"present": {"Presentes", "Participantes"},
		"tops":    {"1. Abertura da sessão e verificação do quórum", "2. Relatório da direção", "3. Organização da festa anual", "4. Outros assuntos", "Deliberação: aprovada por unanimidade"},
		"job":     {"Oferta de emprego", "Estamos a recrutar!", "Precisa-se"},
		"jobx":    {"Procuramos assistente administrativo(a) a tempo inteiro, com contrato sem termo.", "Para reforçar a equipa, procuramos operador(a) de armazém em part-time.", "Funções: atendimento a clientes, elaboração de orçamentos, agenda.", "Oferecemos: horário flexível, subsídio de alimentação, formação."},
		"apply":   {"Envie o seu CV para", "Candidaturas para"},
		"ship":    {"Aviso de expedição", "A sua encomenda foi enviada", "Confirmação de envio"},
		"shipx":   {"Número de seguimento", "Entrega prevista", "Transportadora"},
		"invite":  {"Convite", "Está convidado!", "Reserve a data"},
		"invitex": {"para o nosso casamento", "para os 60 anos de %s", "para a inauguração da nossa nova loja", "para o arraial do bairro"},
		"when":    {"Quando", "Data"},
		"where":   {"Onde", "Local"},
		"rsvp":    {"Agradecemos confirmação até", "Confirmem presença até"},
	},
	langIT: {
		"from":    {"Da"},
		"resto":   {"Trattoria", "Restaurant"},
		"subj":    {"Oggetto: variazione orari di apertura", "Oggetto: invito alla giornata porte aperte", "Oggetto: trasferimento dei nostri uffici", "Oggetto: Vostra richiesta del mese scorso", "Oggetto: anniversario aziendale"},
		"body":    {"siamo lieti di informarVi che dal prossimo mese i nostri uffici si trasferiranno in una nuova sede.", "La ringraziamo per la richiesta e Le inviamo in allegato il nostro catalogo aggiornato.", "in occasione dei nostri 25 anni di attività, abbiamo il piacere di invitarVi a un rinfresco.", "da oggi siamo a Vostra disposizione dal lunedì al venerdì dalle 8 alle 18."},
		"body2":   {"Restiamo a disposizione per qualsiasi chiarimento.", "Contiamo sulla Vostra presenza.", "Vi preghiamo di prendere nota del nuovo indirizzo."},
		"news":    {"Newsletter", "Notiziario", "Bollettino dell'associazione", "Comunicazione alle famiglie"},
		"newsx":   {"La festa d'estate è stata un grande successo, grazie a tutti i volontari!", "L'assemblea dei soci si terrà giovedì alle 19 presso la sede.", "La palestra resterà chiusa per lavori fino a fine mese.", "Nuovi corsi: yoga per principianti e teatro da ottobre."},
		"memo":    {"Circolare interna", "Comunicazione interna", "Avviso al personale", "Nota di servizio"},
		"memox":   {"Venerdì è prevista la manutenzione dell'impianto di riscaldamento; tenere le finestre chiuse.", "Dal giorno 1 le password dovranno contenere almeno 14 caratteri.", "La mensa resterà chiusa la settimana dopo Pasqua.", "Si prega di comunicare le ferie estive entro fine marzo."},
		"menu":    {"Menù", "Menù del giorno", "Carta dei vini", "Menù degustazione"},
		"dishes":  {"Antipasto misto", "Tagliatelle al ragù", "Risotto alla milanese", "Cotoletta alla milanese", "Tiramisù", "Panna cotta", "Insalata caprese"},
		"minutes": {"Verbale di riunione", "Verbale dell'assemblea dei soci", "Resoconto della riunione di reparto"},
		"present": {"Presenti", "Partecipanti"},
		"tops":    {"1. Apertura della seduta e verifica del numero legale", "2. Relazione del presidente", "3. Organizzazione della festa annuale", "4. Varie ed eventuali", "Delibera: approvata all'unanimità"},
		"job":     {"Offerta di lavoro", "Cerchiamo personale!", "Posizione aperta"},
		"jobx":    {"Cerchiamo un/a impiegato/a amministrativo/a a tempo pieno e indeterminato.", "Per ampliare il nostro team cerchiamo un/a magazziniere part-time.", "Mansioni: accoglienza clienti, preparazione preventivi, agenda.", "Offriamo: orario flessibile, buoni pasto, formazione continua."},
		"apply":   {"Inviare il CV a", "Candidature all'indirizzo"},
		"ship":    {"Avviso di spedizione", "Il tuo pacco è in viaggio", "Conferma di spedizione"},
		"shipx":   {"Numero di tracciamento", "Consegna prevista", "Corriere"},
		"invite":  {"Invito", "Sei invitato!", "Save the date"},
		"invitex": {"al nostro matrimonio", "ai 60 anni di %s", "all'inaugurazione del nostro nuovo negozio", "alla festa di quartiere"},
		"when":    {"Quando", "Data"},
		"where":   {"Dove", "Luogo"},
		"rsvp":    {"Si prega di confermare entro il", "Conferma la tua presenza entro il"},
	},
}

// otherL is a document of type other: a letter, newsletter, memo, menu,
// minutes, job advert, shipping notice or invitation.
func otherL(g g, l lang) []string {
	v := otherWords[l]
	d := g.date()
	p := g.lp(l)
	switch g.r.IntN(8) {
	case 0, 1:
		co := g.lco(l)
		return lines(co, g.laddr(l), "", g.lp(l), g.laddr(l), "", g.lplace(l, d), "",
			g.w(v, "subj"), "", g.ldear(l), g.w(v, "body"), g.w(v, "body2"), "", g.lregards(l), p, co)
	case 2:
		return lines(g.w(v, "news"), g.pick("", g.ldate(l, d)), g.distinct(v["newsx"], g.n(2, 3)), g.lregards(l), p)
	case 3:
		return lines(g.w(v, "memo"), g.kv(g.w(v, "from"), p), g.ldate(l, d), "", g.distinct(v["memox"], g.n(1, 2)), g.pick("", p))
	case 4:
		e := g.euro(l)
		ds := v["dishes"]
		var rows []string
		for _, i := range g.r.Perm(len(ds))[:g.n(3, 6)] {
			rows = append(rows, fmt.Sprintf("%s  %s", ds[i], e.num(g.amount(4, 28))))
		}
		return lines(g.w(v, "resto")+" "+g.lsur(l), g.w(v, "menu"), rows, g.pick("", g.lphone(l)))
	case 5:
		return lines(g.w(v, "minutes"), g.lco(l), g.ldate(l, d), g.kv(g.w(v, "present"), p+", "+g.lp(l)+", "+g.lp(l)), "",
			g.distinct(v["tops"], g.n(2, 4)), g.pick("", p))
	case 6:
		if g.chance(0.5) {
			return lines(g.w(v, "job"), g.lco(l), g.distinct(v["jobx"], 2), g.w(v, "apply")+" "+g.lemail(l, p))
		}
		return lines(g.w(v, "ship"), g.kv(v["shipx"][0], g.letters(2)+g.digits(9)), g.kv(v["shipx"][1], g.ldate(l, d)), g.kv(v["shipx"][2], g.pick("DHL", "DPD", "GLS", "UPS", "PostNL", "Correos", "CTT", "BRT", "Colissimo")), p, g.laddr(l))
	default:
		return lines(g.w(v, "invite"), fillOne(g.w(v, "invitex"), g.pick(locales[l].first...)),
			g.kv(g.w(v, "when"), g.ldate(l, d)+g.pick("", fmt.Sprintf(", %d:00", g.n(11, 20)))), g.kv(g.w(v, "where"), g.lcityName(l)),
			g.pick("", g.w(v, "rsvp")+" "+g.ldate(l, d.AddDate(0, 0, -14))))
	}
}

// distinct returns k of xs, none twice, in a random order.
func (g g) distinct(xs []string, k int) []string {
	var out []string
	for _, i := range g.r.Perm(len(xs))[:min(k, len(xs))] {
		out = append(out, xs[i])
	}
	return out
}
