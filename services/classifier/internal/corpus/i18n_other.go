package corpus

import "fmt"

// Documents of type other in German, French, Spanish, Dutch, Portuguese,
// Italian, Swedish and Polish: letters, newsletters, internal memos, menus,
// minutes, job adverts, shipping notices, invitations, notices to a
// building's residents, letters from a school, club or town hall. Several
// are letters, as the medical letters and contract cover letters of their
// own types are: the salutation and the closing tell nothing about the
// type.

var otherWords = [nLang]words{
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
	langSV: {
		"from":    {"Från"},
		"resto":   {"Krog", "Restaurang"},
		"subj":    {"Ändrade öppettider", "Inbjudan till öppet hus", "Vi flyttar vårt kontor", "Angående er förfrågan", "Vi firar 25 år"},
		"body":    {"vi vill informera om att vårt kontor flyttar till nya lokaler från och med nästa månad.", "tack för din förfrågan. Vi skickar gärna vår nya katalog.", "med anledning av vårt 25-årsjubileum bjuder vi in dig till mingel.", "från och med nu har vi öppet måndag till fredag kl. 8–18."},
		"body2":   {"Hör gärna av dig om du har frågor.", "Vi ser fram emot ditt besök.", "Notera gärna vår nya adress."},
		"news":    {"Nyhetsbrev", "Föreningsblad", "Medlemsinformation", "Information till vårdnadshavare"},
		"newsx":   {"Sommarfesten blev mycket lyckad, stort tack till alla som hjälpte till!", "Årsmötet hålls på torsdag kl. 19 i klubbstugan.", "Sporthallen är stängd för renovering till slutet av månaden.", "Nya kurser: yoga för nybörjare och teater från oktober."},
		"memo":    {"Intern information", "Meddelande till alla medarbetare", "Personalinformation", "PM"},
		"memox":   {"På fredag utförs service på värmesystemet; håll fönstren stängda.", "Från den 1:a gäller nya lösenordsregler med minst 14 tecken.", "Personalmatsalen är stängd veckan efter påsk.", "Lägg in din semester i systemet senast i slutet av mars."},
		"menu":    {"Meny", "Dagens lunch", "Veckans meny", "Vinlista"},
		"dishes":  {"Köttbullar med potatismos och lingon", "Pytt i panna", "Laxfilé med dillsås", "Ärtsoppa och pannkakor", "Räksmörgås", "Kanelbulle", "Skagenröra"},
		"minutes": {"Protokoll fört vid styrelsemöte", "Mötesanteckningar", "Protokoll från årsmöte"},
		"present": {"Närvarande", "Deltagare"},
		"tops":    {"§ 1 Mötets öppnande", "§ 2 Val av justerare", "§ 3 Planering av sommarfesten", "§ 4 Övriga frågor", "Beslut: enhälligt bifallet"},
		"job":     {"Lediga jobb", "Vi söker dig!", "Platsannons"},
		"jobx":    {"Vi söker en administratör på heltid med start snarast.", "Till vårt lager söker vi en lagerarbetare på deltid.", "Arbetsuppgifter: kundkontakt, offerter och planering.", "Vi erbjuder: flexibla arbetstider, friskvårdsbidrag och kollektivavtal."},
		"apply":   {"Skicka din ansökan med CV till", "Ansökan skickas till"},
		"ship":    {"Leveransavisering", "Ditt paket är på väg", "Avisering"},
		"shipx":   {"Kollinummer", "Beräknad leverans", "Transportör"},
		"invite":  {"Inbjudan", "Välkommen på fest!", "Spara datumet"},
		"invitex": {"till vårt bröllop", "till %s 60-årsfest", "till invigningen av vår nya butik", "till grannskapets sommarfest"},
		"when":    {"När", "Datum"},
		"where":   {"Var", "Plats"},
		"rsvp":    {"OSA senast", "Svara gärna senast"},
	},
	langPL: {
		"from":    {"Od"},
		"resto":   {"Restauracja", "Bistro"},
		"subj":    {"Dotyczy: zmiana godzin otwarcia", "Dotyczy: zaproszenie na dzień otwarty", "Dotyczy: przeprowadzka biura", "Dotyczy: Państwa zapytanie", "Dotyczy: jubileusz firmy"},
		"body":    {"uprzejmie informujemy, że od przyszłego miesiąca nasze biuro przenosi się do nowej siedziby.", "dziękujemy za zapytanie. W załączeniu przesyłamy aktualny katalog.", "z okazji 25-lecia firmy mamy przyjemność zaprosić Państwa na uroczyste spotkanie.", "od teraz jesteśmy do Państwa dyspozycji od poniedziałku do piątku w godz. 8–18."},
		"body2":   {"W razie pytań pozostajemy do dyspozycji.", "Serdecznie zapraszamy.", "Prosimy o zanotowanie naszego nowego adresu."},
		"news":    {"Newsletter", "Biuletyn informacyjny", "Wiadomości stowarzyszenia", "List do rodziców"},
		"newsx":   {"Festyn letni okazał się wielkim sukcesem, dziękujemy wszystkim wolontariuszom!", "Walne zebranie członków odbędzie się w czwartek o godz. 19 w świetlicy.", "Hala sportowa będzie zamknięta z powodu remontu do końca miesiąca.", "Nowe zajęcia: joga dla początkujących i teatr od października."},
		"memo":    {"Komunikat wewnętrzny", "Informacja dla pracowników", "Okólnik", "Notatka służbowa"},
		"memox":   {"W piątek odbędzie się przegląd instalacji grzewczej; prosimy o zamknięcie okien.", "Od 1. dnia miesiąca hasła muszą mieć co najmniej 14 znaków.", "Stołówka będzie nieczynna w tygodniu po Wielkanocy.", "Prosimy o zgłaszanie urlopów letnich do końca marca."},
		"menu":    {"Menu", "Karta dań", "Zestaw dnia", "Karta win"},
		"dishes":  {"Żurek w chlebie", "Pierogi ruskie", "Schabowy z ziemniakami", "Bigos", "Gołąbki", "Sernik", "Rosół z makaronem"},
		"minutes": {"Protokół z posiedzenia", "Notatka ze spotkania zespołu", "Protokół z walnego zebrania"},
		"present": {"Obecni", "Uczestnicy"},
		"tops":    {"1. Otwarcie zebrania i stwierdzenie kworum", "2. Sprawozdanie zarządu", "3. Organizacja festynu", "4. Wolne wnioski", "Uchwała: przyjęta jednogłośnie"},
		"job":     {"Oferta pracy", "Szukamy pracownika!", "Zatrudnimy"},
		"jobx":    {"Poszukujemy osoby na stanowisko asystenta biura w pełnym wymiarze godzin.", "Do naszego magazynu zatrudnimy magazyniera na pół etatu.", "Zakres obowiązków: obsługa klienta, przygotowywanie ofert, planowanie.", "Oferujemy: elastyczne godziny pracy, pakiet medyczny, szkolenia."},
		"apply":   {"CV prosimy przesyłać na adres", "Zgłoszenia prosimy kierować na adres"},
		"ship":    {"Awizo przesyłki", "Twoja paczka jest w drodze", "Potwierdzenie nadania"},
		"shipx":   {"Numer przesyłki", "Przewidywana dostawa", "Przewoźnik"},
		"invite":  {"Zaproszenie", "Zapraszamy!", "Zarezerwuj datę"},
		"invitex": {"na nasz ślub", "na 60. urodziny %s", "na otwarcie naszego nowego sklepu", "na piknik sąsiedzki"},
		"when":    {"Kiedy", "Data"},
		"where":   {"Gdzie", "Miejsce"},
		"rsvp":    {"Prosimy o potwierdzenie obecności do", "Daj znać do"},
	},
}

// otherL is a document of type other: a letter, newsletter, memo, menu,
// minutes, job advert, shipping notice or invitation (a notice to a
// building's residents is noticeL).
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

// noticeWords are notices to the residents of a building or a street: a
// cut in the water, work on the lift, the owners' meeting, the stairwell
// cleaning rota. A Spanish aviso a los vecinos was read as a contract: it
// names owners, dates, obligations and a community, as a lease does, but
// binds no one.
var noticeWords = [nLang]words{
	langDE: {
		"head":   {"Aushang", "Mitteilung an alle Hausbewohner", "Information für die Bewohner", "Liebe Nachbarinnen und Nachbarn,", "Hinweis für das Haus"},
		"notice": {"Am Dienstag wird zwischen 8 und 14 Uhr das Wasser im ganzen Haus abgestellt.", "Der Aufzug wird in der kommenden Woche gewartet und ist drei Tage außer Betrieb.", "Die Eigentümerversammlung findet am %s um 18 Uhr im Gemeinschaftsraum statt.", "Bitte stellen Sie keine Fahrräder und Kinderwagen im Treppenhaus ab.", "Der Schornsteinfeger kommt am %s; bitte seien Sie vormittags zu Hause.", "Die Mülltonnen werden ab sofort dienstags geleert.", "Im Keller wird eine Schädlingsbekämpfung durchgeführt."},
		"thanks": {"Vielen Dank für Ihr Verständnis.", "Danke für Ihre Rücksichtnahme!", "Wir bitten um Verständnis für die Unannehmlichkeiten."},
		"sign":   {"Ihre Hausverwaltung", "Der Hausmeister", "Der Verwaltungsbeirat", "Hausverwaltung %s"},
	},
	langFR: {
		"head":   {"Avis aux résidents", "Information aux copropriétaires", "Note aux habitants de la résidence", "Chers voisins,", "Communiqué du syndic"},
		"notice": {"Une coupure d'eau aura lieu mardi de 8 h à 14 h dans tout l'immeuble.", "L'ascenseur sera en maintenance la semaine prochaine et hors service pendant trois jours.", "L'assemblée générale des copropriétaires se tiendra le %s à 18 h dans la salle commune.", "Merci de ne pas laisser de vélos ni de poussettes dans le hall.", "Le ramonage des conduits aura lieu le %s ; merci d'être présents le matin.", "Les poubelles seront désormais sorties le mardi soir.", "Une dératisation des caves est prévue."},
		"thanks": {"Merci de votre compréhension.", "Merci pour votre collaboration.", "Nous vous prions de nous excuser pour la gêne occasionnée."},
		"sign":   {"Le syndic", "Le gardien", "Le conseil syndical", "Cabinet %s, syndic de copropriété"},
	},
	langES: {
		"head":   {"AVISO", "Comunicado a los vecinos", "Comunidad de Propietarios", "Estimados vecinos:", "Nota informativa de la administración de fincas"},
		"notice": {"El próximo martes se cortará el suministro de agua de 8:00 a 14:00 por reparación de la bajante.", "El ascensor estará fuera de servicio tres días por la revisión anual.", "Se convoca Junta General Ordinaria de propietarios el %s a las 19:00 en el portal.", "Se ruega no dejar bicicletas ni carritos en el rellano ni en la escalera.", "El %s se realizará la limpieza de la fachada; mantengan las persianas bajadas.", "Los cubos de basura se sacarán a partir de ahora a las 21:00.", "Se procederá a la desinsectación del garaje y los trasteros."},
		"thanks": {"Gracias por vuestra colaboración.", "Rogamos disculpen las molestias.", "Agradecemos su comprensión."},
		"sign":   {"La Presidenta de la Comunidad", "El Administrador", "La Junta de Gobierno", "Administración de Fincas %s"},
	},
	langNL: {
		"head":   {"Mededeling aan de bewoners", "Bericht van de VvE", "Beste buren,", "Informatie voor bewoners", "Let op!"},
		"notice": {"Dinsdag is het water van 8.00 tot 14.00 uur in het hele gebouw afgesloten.", "De lift krijgt volgende week onderhoud en is drie dagen buiten gebruik.", "De ledenvergadering van de VvE is op %s om 19.30 uur in de gemeenschappelijke ruimte.", "Wilt u geen fietsen of kinderwagens in het trappenhuis plaatsen?", "Op %s worden de ramen van de galerij gewassen.", "De containers worden voortaan op dinsdag geleegd.", "In de bergingen wordt ongedierte bestreden."},
		"thanks": {"Dank voor uw begrip.", "Onze excuses voor het ongemak.", "Bedankt voor uw medewerking!"},
		"sign":   {"Het bestuur van de VvE", "De beheerder", "De huismeester", "Beheer %s"},
	},
	langPT: {
		"head":   {"AVISO", "Aviso aos condóminos", "Informação aos moradores", "Caros vizinhos,", "Comunicado da administração do condomínio"},
		"notice": {"Na terça-feira o abastecimento de água será interrompido das 8h às 14h em todo o prédio.", "O elevador estará parado três dias para a manutenção anual.", "A assembleia de condóminos realiza-se no dia %s às 19h na arrecadação comum.", "Pede-se que não deixem bicicletas nem carrinhos no patamar.", "No dia %s será feita a limpeza da fachada; mantenham as janelas fechadas.", "O lixo passa a ser recolhido às terças-feiras.", "Será feita a desinfestação da garagem e das arrecadações."},
		"thanks": {"Obrigado pela compreensão.", "Pedimos desculpa pelo incómodo.", "Agradecemos a colaboração de todos."},
		"sign":   {"A Administração do Condomínio", "O administrador", "A porteira", "Gestão de Condomínios %s"},
	},
	langIT: {
		"head":   {"AVVISO", "Avviso ai condomini", "Comunicazione ai residenti", "Cari vicini,", "Comunicazione dell'amministratore"},
		"notice": {"Martedì l'acqua sarà sospesa dalle 8 alle 14 in tutto lo stabile.", "L'ascensore resterà fermo tre giorni per la manutenzione annuale.", "L'assemblea condominiale ordinaria è convocata il %s alle ore 18 nell'androne.", "Si prega di non lasciare biciclette e passeggini sul pianerottolo.", "Il %s si terrà la pulizia della facciata; tenere chiuse le finestre.", "I bidoni della raccolta differenziata vanno esposti il martedì sera.", "Sarà effettuata la derattizzazione delle cantine."},
		"thanks": {"Grazie per la collaborazione.", "Ci scusiamo per il disagio.", "Si ringrazia per la comprensione."},
		"sign":   {"L'Amministratore", "Il portiere", "Il consiglio di condominio", "Studio %s, amministrazione condomini"},
	},
	langSV: {
		"head":   {"Information till de boende", "Meddelande från styrelsen", "Hej grannar!", "Till alla i huset", "OBS!"},
		"notice": {"På tisdag stängs vattnet av mellan kl. 8 och 14 i hela huset.", "Hissen servas nästa vecka och är ur drift i tre dagar.", "Föreningsstämman hålls %s kl. 19 i föreningslokalen.", "Ställ inte cyklar och barnvagnar i trapphuset.", "Den %s är det städdag på gården; alla är välkomna.", "Soptunnorna töms från och med nu på tisdagar.", "Sanering mot skadedjur görs i källarförråden."},
		"thanks": {"Tack för visad hänsyn!", "Vi ber om ursäkt för besväret.", "Tack för att ni hjälper till."},
		"sign":   {"Styrelsen", "Fastighetsskötaren", "Bostadsrättsföreningen %s", "Förvaltaren"},
	},
	langPL: {
		"head":   {"OGŁOSZENIE", "Ogłoszenie dla mieszkańców", "Szanowni Mieszkańcy,", "Komunikat zarządcy", "Informacja dla mieszkańców bloku"},
		"notice": {"We wtorek w godz. 8–14 nastąpi przerwa w dostawie wody w całym budynku.", "Winda będzie wyłączona z eksploatacji przez trzy dni z powodu przeglądu.", "Zebranie właścicieli lokali odbędzie się %s o godz. 18 w świetlicy.", "Prosimy nie zostawiać rowerów ani wózków na klatce schodowej.", "Dnia %s odbędzie się mycie elewacji; prosimy o zamknięcie okien.", "Odbiór odpadów odbywa się od teraz we wtorki.", "W piwnicach zostanie przeprowadzona deratyzacja."},
		"thanks": {"Dziękujemy za wyrozumiałość.", "Przepraszamy za utrudnienia.", "Dziękujemy za współpracę."},
		"sign":   {"Zarząd Wspólnoty Mieszkaniowej", "Administrator budynku", "Zarządca nieruchomości %s", "Gospodarz domu"},
	},
}

// noticeL is a notice to a building's residents: a heading, one to three
// announcements, thanks for the residents' patience, the date, who posted
// it.
func noticeL(g g, l lang) []string {
	v := noticeWords[l]
	d := g.date()
	var body []string
	for _, x := range g.distinct(v["notice"], g.n(1, 3)) {
		body = append(body, fillOne(x, g.ldate(l, d.AddDate(0, 0, g.n(3, 20)))))
	}
	return lines(g.pick("", g.laddr(l)[0]), g.w(v, "head"), "", body, g.pick("", g.w(v, "thanks")), "",
		g.pick(g.ldate(l, d), g.lplace(l, d), ""), fillOne(g.w(v, "sign"), g.lsur(l)))
}

// letterWords are everyday letters that bind no one: from a school, a
// club, the town hall, a library, a neighbour. Most foreign prose of the
// corpus was contracts and their cover letters, and letters of type other
// were read as contracts.
var letterWords = [nLang]words{
	langDE: {
		"from":  {"Grundschule am Stadtpark", "TSV %s e.V.", "Stadtbibliothek", "Gemeinde %s – Bürgerbüro", "Elternbeirat der Kita Regenbogen", "Kirchengemeinde St. Martin"},
		"hello": {"Liebe Eltern,", "Liebe Mitglieder,", "Liebe Bürgerinnen und Bürger,", "Hallo zusammen,"},
		"news":  {"der Elternabend der Klasse 3b findet am Mittwoch um 19 Uhr im Klassenzimmer statt.", "wegen Bauarbeiten ist die Brückenstraße ab Montag für zwei Wochen gesperrt; die Buslinie 4 fährt eine Umleitung.", "das Training der Jugendmannschaft beginnt ab nächster Woche bereits um 17 Uhr.", "in der Bibliothek sind ab sofort auch E-Books und Hörbücher ausleihbar.", "vielen Dank für die zahlreichen Spenden für den Flohmarkt, es kamen über 400 Bücher zusammen.", "im Fundbüro liegen noch mehrere Jacken und eine Brille; bitte holen Sie sie bis Monatsende ab.", "bitte denken Sie daran, Ihr Kind bei Krankheit vor 8 Uhr telefonisch abzumelden.", "wir suchen noch Freiwillige, die beim Kuchenverkauf helfen."},
		"bye":   {"Viele Grüße", "Herzliche Grüße", "Ihr Team der Stadtbibliothek", "Bis bald!"},
	},
	langFR: {
		"from":  {"École primaire Les Tilleuls", "Association sportive de %s", "Médiathèque municipale", "Mairie de %s", "Comité des fêtes", "Paroisse Saint-Pierre"},
		"hello": {"Chers parents,", "Chers adhérents,", "Chers habitants,", "Bonjour à tous,"},
		"news":  {"la réunion parents-professeurs de la classe de CE2 aura lieu mercredi à 18 h 30.", "en raison de travaux, la rue du Moulin sera fermée à la circulation pendant deux semaines ; le bus 4 sera dévié.", "l'entraînement des juniors commencera désormais à 17 h.", "la médiathèque propose maintenant le prêt de livres numériques et de livres audio.", "merci pour vos nombreux dons pour la brocante : plus de 400 livres ont été collectés.", "plusieurs vestes et une paire de lunettes attendent leurs propriétaires aux objets trouvés.", "en cas d'absence de votre enfant, merci de prévenir l'école avant 8 h 30.", "nous cherchons encore des bénévoles pour tenir la buvette."},
		"bye":   {"Bien à vous", "À bientôt", "L'équipe de la médiathèque", "Amicalement"},
	},
	langES: {
		"from":  {"CEIP Miguel Hernández", "Club Deportivo %s", "Biblioteca Municipal", "Ayuntamiento de %s", "AMPA del colegio", "Parroquia de San José"},
		"hello": {"Queridas familias:", "Estimados socios:", "Estimados vecinos y vecinas:", "Hola a todos:"},
		"news":  {"la reunión de padres del grupo de 3º B será el miércoles a las 17:30 en el aula.", "por obras, la calle del Molino estará cortada al tráfico durante dos semanas y la línea 4 del autobús cambia su recorrido.", "a partir de la próxima semana, el entrenamiento del equipo infantil empieza a las 17:00.", "la biblioteca ya presta libros electrónicos y audiolibros.", "gracias por las donaciones para el mercadillo solidario: hemos reunido más de 400 libros.", "en objetos perdidos quedan varias chaquetas y unas gafas; pasad a recogerlas antes de fin de mes.", "si vuestro hijo o hija falta a clase, avisad por teléfono antes de las 9:00.", "todavía buscamos voluntarios para atender la barra de la fiesta."},
		"bye":   {"Un saludo", "Saludos cordiales", "El equipo de la biblioteca", "¡Hasta pronto!"},
	},
	langNL: {
		"from":  {"Basisschool De Regenboog", "Voetbalvereniging %s", "Openbare Bibliotheek", "Gemeente %s", "Oudercommissie", "Buurtvereniging Oost"},
		"hello": {"Beste ouders,", "Beste leden,", "Beste inwoners,", "Hallo allemaal,"},
		"news":  {"de ouderavond van groep 5 is woensdag om 19.00 uur in het klaslokaal.", "vanwege werkzaamheden is de Molenstraat twee weken afgesloten; buslijn 4 rijdt een omleiding.", "de training van de jeugd begint vanaf volgende week om 17.00 uur.", "in de bibliotheek kunt u nu ook e-books en luisterboeken lenen.", "bedankt voor alle giften voor de rommelmarkt, er zijn meer dan 400 boeken ingeleverd.", "bij de gevonden voorwerpen liggen nog jassen en een bril; haal ze op vóór het einde van de maand.", "wilt u bij ziekte uw kind vóór 8.15 uur telefonisch afmelden?", "we zoeken nog vrijwilligers voor de bar tijdens het toernooi."},
		"bye":   {"Met vriendelijke groet", "Groetjes", "Het team van de bibliotheek", "Tot ziens!"},
	},
	langPT: {
		"from":  {"Escola Básica do Castelo", "Clube Desportivo de %s", "Biblioteca Municipal", "Junta de Freguesia de %s", "Associação de Pais", "Paróquia de Santo António"},
		"hello": {"Caros pais e encarregados de educação,", "Caros sócios,", "Caros fregueses,", "Olá a todos,"},
		"news":  {"a reunião de pais da turma do 3.º B realiza-se na quarta-feira às 18h30.", "devido a obras, a Rua do Moinho estará cortada ao trânsito durante duas semanas e o autocarro 4 fará um desvio.", "a partir da próxima semana, o treino dos juniores começa às 17h.", "a biblioteca passa a emprestar livros digitais e audiolivros.", "obrigado pelos donativos para a feira solidária: juntámos mais de 400 livros.", "nos perdidos e achados há vários casacos e uns óculos à espera dos donos.", "em caso de falta, pedimos que avisem a escola antes das 9h.", "ainda procuramos voluntários para o bar do torneio."},
		"bye":   {"Com os melhores cumprimentos", "Um abraço", "A equipa da biblioteca", "Até breve!"},
	},
	langIT: {
		"from":  {"Scuola primaria G. Rodari", "A.S.D. %s Calcio", "Biblioteca civica", "Comune di %s – Ufficio relazioni con il pubblico", "Comitato genitori", "Parrocchia di San Marco"},
		"hello": {"Cari genitori,", "Cari soci,", "Gentili cittadini,", "Ciao a tutti,"},
		"news":  {"il colloquio con i genitori della classe 3ª B si terrà mercoledì alle 17.30 in aula.", "per lavori, via del Mulino sarà chiusa al traffico per due settimane e la linea 4 dell'autobus sarà deviata.", "dalla prossima settimana l'allenamento dei giovanissimi inizierà alle 17.", "in biblioteca è ora possibile prendere in prestito e-book e audiolibri.", "grazie per le tante donazioni per il mercatino: abbiamo raccolto più di 400 libri.", "tra gli oggetti smarriti ci sono ancora giacche e un paio di occhiali.", "in caso di assenza, vi preghiamo di avvisare la segreteria entro le 8.30.", "cerchiamo ancora volontari per il banco dei dolci."},
		"bye":   {"Un caro saluto", "Cordiali saluti", "Lo staff della biblioteca", "A presto!"},
	},
	langSV: {
		"from":  {"Ekbackens skola", "IFK %s", "Stadsbiblioteket", "%s kommun", "Föräldraföreningen", "Svenska kyrkan, %s församling"},
		"hello": {"Hej alla föräldrar!", "Hej alla medlemmar!", "Till dig som bor i kommunen", "Hej på er!"},
		"news":  {"föräldramötet för klass 3B är på onsdag kl. 18.30 i klassrummet.", "på grund av vägarbete är Kvarngatan avstängd i två veckor och buss 4 kör en annan väg.", "från och med nästa vecka börjar ungdomsträningen redan kl. 17.", "nu kan du även låna e-böcker och ljudböcker på biblioteket.", "tack för alla gåvor till loppisen, vi fick in över 400 böcker.", "i hittegodset finns flera jackor och ett par glasögon; hämta dem före månadsskiftet.", "ring gärna och sjukanmäl ditt barn före kl. 8.", "vi behöver fler frivilliga som kan hjälpa till i kiosken."},
		"bye":   {"Hälsningar", "Vänliga hälsningar", "Personalen på biblioteket", "Vi ses!"},
	},
	langPL: {
		"from":  {"Szkoła Podstawowa nr 12", "Klub Sportowy %s", "Miejska Biblioteka Publiczna", "Urząd Gminy %s", "Rada Rodziców", "Parafia św. Józefa"},
		"hello": {"Drodzy Rodzice,", "Drodzy Członkowie Klubu,", "Szanowni Mieszkańcy Gminy,", "Cześć wszystkim,"},
		"news":  {"zebranie z rodzicami klasy 3b odbędzie się w środę o godz. 17:30 w sali lekcyjnej.", "z powodu remontu ulica Młyńska będzie zamknięta przez dwa tygodnie, a autobus linii 4 pojedzie objazdem.", "od przyszłego tygodnia trening juniorów zaczyna się o godz. 17.", "w bibliotece można teraz wypożyczać także e-booki i audiobooki.", "dziękujemy za dary na kiermasz – zebraliśmy ponad 400 książek.", "w rzeczach znalezionych czekają kurtki i okulary; prosimy o odbiór do końca miesiąca.", "w razie choroby dziecka prosimy o telefon do sekretariatu przed godz. 8.", "szukamy jeszcze wolontariuszy do pomocy przy festynie."},
		"bye":   {"Pozdrawiamy", "Serdeczne pozdrowienia", "Zespół biblioteki", "Do zobaczenia!"},
	},
}

// letterL is an everyday letter of type other: a school, club, library or
// town hall writing to its parents, members or residents.
func letterL(g g, l lang) []string {
	v := letterWords[l]
	d := g.date()
	return lines(fillOne(g.w(v, "from"), g.lcityName(l)), g.pick("", g.laddr(l)[0]), g.pick("", g.lplace(l, d), g.ldate(l, d)), "",
		g.w(v, "hello"), "", g.distinct(v["news"], g.n(2, 4)), "", g.w(v, "bye"), g.pick("", g.lp(l)))
}
