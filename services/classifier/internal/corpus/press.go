package corpus

// Press releases and news items of type other: a heading, a headline, two
// or three paragraphs of narrative sentences, a quote, a contact. The
// corpus's long prose in these languages was contracts' (other's letters
// and notices hold one sentence each), so an outside trial's Swedish press
// release of a town hall was recorded as a contract at 0.98. The sentences
// tell what happened, will happen or was decided, and bind no one.
// "%s" in a headline or sentence is a place; in a quote's attribution, a
// person.

var pressWords = [nLang]words{
	langDE: {
		"head":  {"Pressemitteilung", "Presseinformation", "Aktuelle Meldung", "Mitteilung für die Medien"},
		"title": {"Neue Stadtteilbibliothek in %s öffnet im Frühjahr", "Radweg entlang des Flusses wird verlängert", "Rekordbesuch beim Stadtfest in %s", "Museum zeigt Fotografien aus hundert Jahren Hafengeschichte", "Grundschule erhält neuen Schulgarten"},
		"sents": {"Nach knapp zwei Jahren Bauzeit wurde das Gebäude am Samstag feierlich eröffnet.", "Rund 400 Kinder haben künftig einen kürzeren und sichereren Schulweg.", "Die Arbeiten liegen im Zeitplan und sollen im Herbst abgeschlossen sein.", "Über das Wochenende kamen nach Schätzungen der Veranstalter mehr als 12 000 Besucherinnen und Besucher.", "Die Ausstellung ist bis Ende Januar dienstags bis sonntags von 10 bis 18 Uhr geöffnet.", "Das Projekt wurde zur Hälfte aus Mitteln des Landes gefördert.", "Schülerinnen und Schüler der vierten Klassen haben die Beete selbst geplant und bepflanzt.", "Der Eintritt ist frei, für Kaffee und Kuchen sorgt der Förderverein.", "Im Anschluss an die Eröffnung spielte die Musikschule auf dem Vorplatz.", "Die Stadt dankt allen Anwohnerinnen und Anwohnern für ihre Geduld während der Bauarbeiten."},
		"quote": {"„Wir haben lange auf diesen Tag gewartet“, sagt %s.", "„Das ist ein schöner Erfolg für die ganze Stadt“, erklärt %s.", "„Ohne die vielen Ehrenamtlichen wäre das nicht möglich gewesen“, so %s."},
		"role":  {"Bürgermeisterin", "Bürgermeister", "Leiterin des Kulturamts", "Schulleiter"},
		"more":  {"Weitere Informationen und Pressefotos:", "Pressekontakt:", "Für Rückfragen:"},
	},
	langFR: {
		"head":  {"Communiqué de presse", "Information presse", "Actualité", "Pour diffusion immédiate"},
		"title": {"La nouvelle médiathèque de %s ouvrira au printemps", "La piste cyclable le long du canal sera prolongée", "Affluence record pour la fête de la ville de %s", "Le musée expose un siècle de photographies du port", "L'école élémentaire inaugure son jardin pédagogique"},
		"sents": {"Après près de deux ans de travaux, le bâtiment a été inauguré samedi en présence des habitants.", "Environ 400 enfants bénéficieront désormais d'un trajet plus court et plus sûr vers l'école.", "Le chantier respecte le calendrier prévu et doit s'achever à l'automne.", "Selon les organisateurs, plus de 12 000 visiteurs se sont rendus sur place au cours du week-end.", "L'exposition est ouverte jusqu'à fin janvier, du mardi au dimanche de 10 h à 18 h.", "Le projet a été financé pour moitié par la région.", "Les élèves de CM1 ont eux-mêmes dessiné et planté les parterres.", "L'entrée est libre et l'association des parents tiendra une buvette.", "L'inauguration s'est poursuivie par un concert de l'école de musique sur le parvis.", "La commune remercie les riverains pour leur patience pendant les travaux."},
		"quote": {"« Nous attendions ce jour depuis longtemps », confie %s.", "« C'est une belle réussite pour toute la commune », souligne %s.", "« Rien n'aurait été possible sans les nombreux bénévoles », rappelle %s."},
		"role":  {"maire", "adjointe à la culture", "directeur de l'école", "présidente de l'association"},
		"more":  {"Contact presse :", "Pour plus d'informations :", "Renseignements :"},
	},
	langES: {
		"head":  {"Nota de prensa", "Comunicado de prensa", "Noticia", "Gabinete de comunicación"},
		"title": {"La nueva biblioteca de %s abrirá en primavera", "El carril bici junto al río se ampliará", "Récord de asistencia en las fiestas de %s", "El museo muestra cien años de fotografías del puerto", "El colegio estrena un huerto escolar"},
		"sents": {"Tras casi dos años de obras, el edificio se inauguró el sábado con la presencia de numerosos vecinos.", "Unos 400 niños y niñas tendrán a partir de ahora un camino más corto y seguro al colegio.", "Los trabajos avanzan según lo previsto y deberían terminar en otoño.", "Según la organización, más de 12 000 personas pasaron por el recinto durante el fin de semana.", "La exposición puede visitarse hasta finales de enero, de martes a domingo de 10:00 a 18:00.", "El proyecto ha contado con una subvención de la comunidad autónoma que cubre la mitad del coste.", "El alumnado de cuarto de primaria ha diseñado y plantado los bancales.", "La entrada es libre y la asociación de madres y padres servirá un refrigerio.", "Tras la inauguración, la banda municipal ofreció un concierto en la plaza.", "El ayuntamiento agradece a los vecinos su paciencia durante las obras."},
		"quote": {"«Llevábamos mucho tiempo esperando este día», ha señalado %s.", "«Es un gran logro para todo el municipio», ha destacado %s.", "«Sin el trabajo de tantos voluntarios no habría sido posible», ha recordado %s."},
		"role":  {"la alcaldesa", "el alcalde", "la concejala de Cultura", "el director del centro"},
		"more":  {"Contacto de prensa:", "Más información:", "Gabinete de prensa:"},
	},
	langNL: {
		"head":  {"Persbericht", "Nieuwsbericht", "Bericht aan de media", "Persinformatie"},
		"title": {"Nieuwe bibliotheek in %s opent in het voorjaar", "Fietspad langs de rivier wordt verlengd", "Recordaantal bezoekers bij stadsfeest in %s", "Museum toont honderd jaar havenfoto's", "Basisschool opent eigen schooltuin"},
		"sents": {"Na bijna twee jaar bouwen is het gebouw zaterdag feestelijk geopend.", "Zo'n 400 kinderen hebben voortaan een kortere en veiligere schoolroute.", "Het werk ligt op schema en moet in het najaar klaar zijn.", "Volgens de organisatie kwamen er het hele weekend meer dan 12.000 bezoekers.", "De tentoonstelling is tot eind januari te zien, van dinsdag tot en met zondag van 10.00 tot 18.00 uur.", "De provincie betaalt de helft van de kosten van het project.", "Leerlingen van groep 6 hebben de bedden zelf ontworpen en beplant.", "De toegang is gratis en de ouderraad zorgt voor koffie en thee.", "Na de opening speelde de muziekschool op het plein.", "De gemeente bedankt de buurtbewoners voor hun geduld tijdens de werkzaamheden."},
		"quote": {"‘We hebben lang naar deze dag uitgekeken’, zegt %s.", "‘Dit is een mooi succes voor de hele stad’, aldus %s.", "‘Zonder de vele vrijwilligers was dit niet gelukt’, vertelt %s."},
		"role":  {"burgemeester", "wethouder cultuur", "directeur van de school", "voorzitter van de stichting"},
		"more":  {"Noot voor de redactie:", "Meer informatie:", "Contact voor de pers:"},
	},
	langPT: {
		"head":  {"Comunicado de imprensa", "Nota de imprensa", "Notícia", "Informação à comunicação social"},
		"title": {"Nova biblioteca de %s abre na primavera", "Ciclovia junto ao rio vai ser prolongada", "Festas de %s batem recorde de visitantes", "Museu mostra cem anos de fotografias do porto", "Escola básica inaugura horta pedagógica"},
		"sents": {"Depois de quase dois anos de obras, o edifício foi inaugurado no sábado perante muitos moradores.", "Cerca de 400 crianças passam a ter um caminho mais curto e mais seguro para a escola.", "Os trabalhos decorrem dentro do prazo e deverão estar concluídos no outono.", "Segundo a organização, mais de 12 000 pessoas passaram pelo recinto durante o fim de semana.", "A exposição pode ser visitada até ao final de janeiro, de terça a domingo, das 10h às 18h.", "O projeto foi financiado em metade por fundos europeus.", "Os alunos do 4.º ano desenharam e plantaram os canteiros.", "A entrada é livre e a associação de pais terá um bar de apoio.", "Após a inauguração, a banda filarmónica atuou no largo.", "A autarquia agradece a paciência dos moradores durante as obras."},
		"quote": {"«Esperávamos por este dia há muito tempo», afirmou %s.", "«É uma grande conquista para todo o concelho», sublinhou %s.", "«Sem os muitos voluntários nada disto teria sido possível», lembrou %s."},
		"role":  {"a presidente da câmara", "o presidente da junta", "a vereadora da cultura", "o diretor do agrupamento"},
		"more":  {"Contacto para a imprensa:", "Mais informações:", "Gabinete de comunicação:"},
	},
	langIT: {
		"head":  {"Comunicato stampa", "Nota stampa", "Notizie dal Comune", "Per la stampa"},
		"title": {"La nuova biblioteca di %s aprirà in primavera", "Sarà prolungata la pista ciclabile lungo il fiume", "Record di presenze alla festa patronale di %s", "Il museo espone cento anni di fotografie del porto", "La scuola primaria inaugura il suo orto didattico"},
		"sents": {"Dopo quasi due anni di lavori, l'edificio è stato inaugurato sabato alla presenza di molti cittadini.", "Circa 400 bambini avranno d'ora in poi un percorso più breve e sicuro per andare a scuola.", "I lavori procedono secondo il cronoprogramma e dovrebbero concludersi in autunno.", "Secondo gli organizzatori, nel fine settimana sono arrivati oltre 12.000 visitatori.", "La mostra è aperta fino a fine gennaio, dal martedì alla domenica dalle 10 alle 18.", "Il progetto è stato finanziato per metà dalla Regione.", "Gli alunni delle classi quarte hanno progettato e piantato le aiuole.", "L'ingresso è libero e il comitato genitori offrirà un rinfresco.", "Dopo l'inaugurazione la banda cittadina ha suonato in piazza.", "Il Comune ringrazia i residenti per la pazienza dimostrata durante i lavori."},
		"quote": {"«Aspettavamo questo giorno da tanto tempo», dichiara %s.", "«È un bel successo per tutta la città», sottolinea %s.", "«Senza i tanti volontari non sarebbe stato possibile», ricorda %s."},
		"role":  {"la sindaca", "il sindaco", "l'assessora alla cultura", "il dirigente scolastico"},
		"more":  {"Ufficio stampa:", "Per informazioni:", "Contatti:"},
	},
	langSV: {
		"head":  {"Pressmeddelande", "Nyhet", "Information till media", "Pressinformation"},
		"title": {"Nytt bibliotek i %s öppnar i vår", "Cykelvägen längs ån förlängs", "Rekordmånga besökare på stadsfesten i %s", "Museet visar hundra år av hamnbilder", "Skolan inviger egen skolträdgård"},
		"sents": {"Efter nästan två års byggtid invigdes huset i lördags inför många av de boende.", "Omkring 400 barn får nu en kortare och säkrare skolväg.", "Arbetet går enligt plan och ska vara klart till hösten.", "Enligt arrangörerna kom över 12 000 besökare under helgen.", "Utställningen visas till slutet av januari, tisdag till söndag kl. 10–18.", "Projektet har till hälften finansierats av regionen.", "Eleverna i årskurs 4 har själva planerat och planterat odlingsbäddarna.", "Det är fri entré och föräldraföreningen säljer kaffe och bullar.", "Efter invigningen spelade kulturskolan på torget.", "Kommunen tackar de boende för deras tålamod under byggtiden."},
		"quote": {"– Vi har väntat länge på den här dagen, säger %s.", "– Det är en fin framgång för hela kommunen, säger %s.", "– Utan alla frivilliga hade det inte gått, säger %s."},
		"role":  {"kommunstyrelsens ordförande", "kulturchefen", "rektorn", "föreningens ordförande"},
		"more":  {"För mer information, kontakta:", "Presskontakt:", "Frågor besvaras av:"},
	},
	langPL: {
		"head":  {"Informacja prasowa", "Komunikat prasowy", "Aktualności", "Komunikat dla mediów"},
		"title": {"Nowa biblioteka w %s zostanie otwarta wiosną", "Ścieżka rowerowa wzdłuż rzeki zostanie przedłużona", "Rekordowa frekwencja na Dniach %s", "Muzeum pokazuje sto lat fotografii portu", "Szkoła podstawowa otwiera ogród dydaktyczny"},
		"sents": {"Po niemal dwóch latach budowy budynek został uroczyście otwarty w sobotę.", "Około 400 dzieci będzie miało teraz krótszą i bezpieczniejszą drogę do szkoły.", "Prace przebiegają zgodnie z harmonogramem i mają zakończyć się jesienią.", "Według organizatorów przez weekend imprezę odwiedziło ponad 12 000 osób.", "Wystawę można oglądać do końca stycznia, od wtorku do niedzieli w godz. 10–18.", "Połowę kosztów projektu pokrył samorząd województwa.", "Uczniowie klas czwartych sami zaprojektowali i obsadzili grządki.", "Wstęp jest wolny, a rada rodziców przygotuje poczęstunek.", "Po otwarciu na placu wystąpiła orkiestra szkoły muzycznej.", "Urząd dziękuje mieszkańcom za cierpliwość w czasie prac."},
		"quote": {"– Długo czekaliśmy na ten dzień – mówi %s.", "– To wielki sukces całej gminy – podkreśla %s.", "– Bez wielu wolontariuszy nie byłoby to możliwe – przypomina %s."},
		"role":  {"burmistrz", "wójt gminy", "dyrektor szkoły", "prezes stowarzyszenia"},
		"more":  {"Kontakt dla mediów:", "Więcej informacji:", "Rzecznik prasowy:"},
	},
}

// pressL is a press release or news item in language l.
func pressL(g g, l lang) []string {
	v := pressWords[l]
	d := g.date()
	city := g.lcityName(l)
	body := g.distinct(v["sents"], g.n(4, 7))
	paras := g.paragraphs(body, 2, 3)
	who := g.lp(l) + ", " + g.w(v, "role")
	contact := g.lp(l)
	return lines(g.w(v, "head"), g.pick(g.ldate(l, d), g.lplace(l, d)), "", fillOne(g.w(v, "title"), city), "",
		paras, fillOne(g.w(v, "quote"), who), "",
		g.w(v, "more"), contact, g.pick(g.lphone(l), g.lemail(l, contact)))
}

// otherPress is an English press release or news item.
func otherPress(g g) []string {
	city := g.pick("Harrogate", "Galway", "Dunedin", "Halifax", "Ballarat", "Kendal", "Boise", "Truro")
	body := g.some(4, 7,
		"After almost two years of building work the centre opened its doors on Saturday morning.",
		"Around 400 pupils will now have a shorter and safer walk to school.",
		"The work is on schedule and is expected to finish in the autumn.",
		"Organisers estimate that more than 12,000 people came over the weekend.",
		"The exhibition runs until the end of January, Tuesday to Sunday, 10am to 6pm.",
		"Half of the cost was met by a grant from the regional development fund.",
		"Year 4 pupils designed and planted the raised beds themselves.",
		"Admission is free and the parents' association will run a cake stall.",
		"The opening was followed by a concert from the town's youth band.",
		"The council thanks residents for their patience while the road was closed.")
	paras := g.paragraphs(body, 2, 3)
	who := g.person()
	return lines(g.pick("PRESS RELEASE", "News release", "For immediate release", "Media statement"), g.fmtDate(g.date()), "",
		g.pick("New library for "+city+" opens in spring", "Riverside cycle path to be extended", "Record crowds at the "+city+" summer festival",
			"Museum shows a century of harbour photographs", "Primary school opens its own garden"), "",
		paras, "\""+g.pick("We have waited a long time for this day", "This is a real success for the whole town", "None of this would have happened without our volunteers")+",\" said "+who+", "+
			g.pick("the mayor", "head of culture", "the head teacher", "chair of the trust")+".", "",
		g.pick("Notes to editors", "Media contact", "For more information contact")+":", g.person(), g.pick(g.phone(), g.email(who)), g.pick("", "ENDS", "###"))
}
