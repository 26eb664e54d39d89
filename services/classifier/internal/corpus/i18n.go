package corpus

import (
	"fmt"
	"strings"
	"time"
)

// The corpus was almost all English, and documents in the languages of
// the European customers were typed wrong or sent to review: a German
// Arztbrief read as other, a French facture as a letter. The templates of
// i18n_*.go write every type in German, French, Spanish, Dutch,
// Portuguese, Italian, Swedish and Polish with the words real documents of
// that kind use,
// and this file gives them local fields: names, addresses, dates with
// month names, amounts with decimal commas, IBANs, phone numbers.

// lang is one of the corpus's languages besides English.
type lang int

const (
	langDE lang = iota
	langFR
	langES
	langNL
	langPT
	langIT
	langSV
	langPL
	nLang // the number of languages
)

// languages are the non-English languages the generator writes.
var languages = []lang{langDE, langFR, langES, langNL, langPT, langIT, langSV, langPL}

func (l lang) String() string { return [...]string{"de", "fr", "es", "nl", "pt", "it", "sv", "pl"}[l] }

// locale holds one language's local fields.
type locale struct {
	first, last []string
	streets     []string
	// cities are city, postcode prefix and (Italy) province
	cities    [][3]string
	months    [12]string
	activity  []string // trades for company names
	names     []string // the other half of a company name
	forms     []string // legal forms
	ibanCC    string
	ibanBBAN  func(g g) string
	phone     func(g g) string
	dear      []string // salutations of a letter
	regards   []string // closings of a letter
	cityOf    string   // "in" before a city: "Berlin, den", "Fait à"
	countries []string
}

var locales = [nLang]locale{
	langDE: {
		first:    []string{"Anna", "Lukas", "Sabine", "Jürgen", "Katrin", "Stefan", "Monika", "Felix", "Ursula", "Tobias", "Lena", "Matthias", "Birgit", "Jan"},
		last:     []string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Schäfer", "Koch", "Richter", "Krüger", "Wolf"},
		streets:  []string{"Hauptstraße", "Bahnhofstraße", "Lindenallee", "Schillerstraße", "Goethestraße", "Gartenweg", "Kirchplatz", "Berliner Straße", "Am Markt", "Mozartstraße"},
		cities:   [][3]string{{"Berlin", "10"}, {"Hamburg", "20"}, {"München", "80"}, {"Köln", "50"}, {"Frankfurt am Main", "60"}, {"Stuttgart", "70"}, {"Leipzig", "04"}, {"Düsseldorf", "40"}, {"Dresden", "01"}, {"Hannover", "30"}},
		months:   [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
		activity: []string{"Haustechnik", "Logistik", "Bürobedarf", "Elektro", "Software", "Bau", "Druckerei", "Gebäudereinigung", "Steuerberatung"},
		names:    []string{"Nordlicht", "Rheintal", "Becker & Söhne", "Alpenblick", "Hansa", "Elbe", "Schwarzwald", "Weser"},
		forms:    []string{"GmbH", "AG", "GmbH & Co. KG", "e.K.", "KG"},
		ibanCC:   "DE", ibanBBAN: func(g g) string { return g.digits(18) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("+49 %d %s", g.n(30, 89), g.digits(7)), fmt.Sprintf("0%d %s %s", g.n(30, 89), g.digits(3), g.digits(4)), fmt.Sprintf("0%d/%s", g.n(201, 911), g.digits(6)))
		},
		dear:      []string{"Sehr geehrte Damen und Herren,", "Sehr geehrte Frau %s,", "Sehr geehrter Herr %s,", "Guten Tag,"},
		regards:   []string{"Mit freundlichen Grüßen", "Freundliche Grüße", "Beste Grüße", "Mit freundlichem Gruß"},
		cityOf:    "%s, den %s",
		countries: []string{"Deutschland", "DEUTSCHLAND"},
	},
	langFR: {
		first:    []string{"Camille", "Julien", "Nathalie", "Mathieu", "Sophie", "Nicolas", "Élodie", "Antoine", "Isabelle", "Théo", "Manon", "François", "Chantal", "Hugo"},
		last:     []string{"Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Lefèvre", "Girard", "Fournier", "Rousseau"},
		streets:  []string{"rue de la République", "avenue Jean Jaurès", "rue Victor Hugo", "boulevard Voltaire", "rue des Lilas", "place de la Mairie", "chemin des Vignes", "rue Pasteur", "allée des Tilleuls"},
		cities:   [][3]string{{"Paris", "750"}, {"Lyon", "690"}, {"Marseille", "130"}, {"Toulouse", "310"}, {"Nantes", "440"}, {"Bordeaux", "330"}, {"Lille", "590"}, {"Strasbourg", "670"}, {"Rennes", "350"}},
		months:   [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		activity: []string{"Transports", "Menuiserie", "Imprimerie", "Électricité", "Informatique", "Plomberie", "Boulangerie", "Conseil", "Nettoyage"},
		names:    []string{"Girard", "du Centre", "Leroy", "Moreau & Fils", "de l'Ouest", "Atlantique", "des Alpes", "Provence"},
		forms:    []string{"SARL", "SAS", "SA", "EURL", "SASU"},
		ibanCC:   "FR", ibanBBAN: func(g g) string { return g.digits(23) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("0%d %s %s %s %s", g.n(1, 9), g.digits(2), g.digits(2), g.digits(2), g.digits(2)), fmt.Sprintf("+33 %d %s %s %s %s", g.n(1, 9), g.digits(2), g.digits(2), g.digits(2), g.digits(2)))
		},
		dear:      []string{"Madame, Monsieur,", "Madame %s,", "Monsieur %s,", "Bonjour,"},
		regards:   []string{"Veuillez agréer, Madame, Monsieur, l'expression de nos salutations distinguées.", "Cordialement,", "Bien cordialement,", "Avec nos salutations distinguées,"},
		cityOf:    "%s, le %s",
		countries: []string{"France", "FRANCE"},
	},
	langES: {
		first:    []string{"Lucía", "Javier", "Carmen", "Alejandro", "María José", "Pablo", "Elena", "Sergio", "Marta", "Diego", "Rocío", "Álvaro", "Nuria", "Jorge"},
		last:     []string{"García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Ruiz", "Jiménez", "Navarro", "Moreno", "Romero"},
		streets:  []string{"Calle Mayor", "Avenida de la Constitución", "Calle Real", "Paseo de Gracia", "Calle de Alcalá", "Plaza de España", "Calle San Vicente", "Avenida del Puerto", "Calle del Carmen"},
		cities:   [][3]string{{"Madrid", "280"}, {"Barcelona", "080"}, {"Valencia", "460"}, {"Sevilla", "410"}, {"Zaragoza", "500"}, {"Málaga", "290"}, {"Bilbao", "480"}, {"Alicante", "030"}, {"Valladolid", "470"}},
		months:   [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
		activity: []string{"Construcciones", "Transportes", "Suministros", "Talleres", "Distribuciones", "Asesoría", "Reformas", "Limpiezas", "Informática"},
		names:    []string{"Hermanos García", "del Norte", "Levante", "Ibérica", "Martínez", "del Sur", "Castilla", "Mediterráneo"},
		forms:    []string{"S.L.", "S.A.", "S.L.U.", "S.Coop."},
		ibanCC:   "ES", ibanBBAN: func(g g) string { return g.digits(20) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("+34 9%s %s %s", g.digits(2), g.digits(3), g.digits(3)), fmt.Sprintf("9%s %s %s", g.digits(2), g.digits(3), g.digits(3)), fmt.Sprintf("6%s %s %s", g.digits(2), g.digits(3), g.digits(3)))
		},
		dear:      []string{"Estimados señores:", "Estimada Sra. %s:", "Estimado Sr. %s:", "Muy señores míos:"},
		regards:   []string{"Atentamente,", "Un cordial saludo,", "Reciba un cordial saludo.", "Saludos cordiales,"},
		cityOf:    "%s, a %s",
		countries: []string{"España", "ESPAÑA"},
	},
	langNL: {
		first:    []string{"Sanne", "Daan", "Femke", "Bram", "Lotte", "Thijs", "Anouk", "Ruben", "Marieke", "Joost", "Eva", "Pieter", "Ingrid", "Sem"},
		last:     []string{"de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "Bos", "Vermeulen", "Peeters"},
		streets:  []string{"Kerkstraat", "Dorpsstraat", "Stationsweg", "Prinsengracht", "Molenlaan", "Julianastraat", "Wilhelminaplein", "Schoolstraat", "Beukenlaan"},
		cities:   [][3]string{{"Amsterdam", "10"}, {"Rotterdam", "30"}, {"Utrecht", "35"}, {"Den Haag", "25"}, {"Eindhoven", "56"}, {"Groningen", "97"}, {"Haarlem", "20"}, {"Nijmegen", "65"}, {"Zwolle", "80"}},
		months:   [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		activity: []string{"Installatietechniek", "Transport", "Bouw", "Administratiekantoor", "ICT", "Schoonmaak", "Drukkerij", "Advies", "Groothandel"},
		names:    []string{"Bakker", "Van Dijk", "Noord", "Delta", "Polder", "De Wit", "Oranje", "Zuidwest"},
		forms:    []string{"B.V.", "V.O.F.", "N.V.", "B.V."},
		ibanCC:   "NL", ibanBBAN: func(g g) string { return g.pick("INGB", "ABNA", "RABO", "SNSB", "TRIO", "ASNB") + g.digits(10) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("0%d %s %s", g.n(10, 79), g.digits(3), g.digits(4)), fmt.Sprintf("+31 %d %s %s", g.n(10, 79), g.digits(3), g.digits(4)), "06-"+g.digits(8))
		},
		dear:      []string{"Geachte heer, mevrouw,", "Geachte mevrouw %s,", "Geachte heer %s,", "Geachte heer/mevrouw %s,"},
		regards:   []string{"Met vriendelijke groet,", "Hoogachtend,", "Met vriendelijke groeten,", "Vriendelijke groet,"},
		cityOf:    "%s, %s",
		countries: []string{"Nederland", "NEDERLAND"},
	},
	langPT: {
		first:    []string{"João", "Ana", "Tiago", "Inês", "Rui", "Mariana", "Pedro", "Beatriz", "Miguel", "Catarina", "Nuno", "Sofia", "Gonçalo", "Rita"},
		last:     []string{"Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Rodrigues", "Martins", "Sousa", "Fernandes", "Gonçalves", "Carvalho", "Lopes", "Marques"},
		streets:  []string{"Rua Augusta", "Avenida da Liberdade", "Rua do Comércio", "Rua de Santa Catarina", "Travessa do Carmo", "Largo do Rato", "Rua Direita", "Avenida dos Aliados", "Rua das Flores"},
		cities:   [][3]string{{"Lisboa", "1"}, {"Porto", "4"}, {"Braga", "4"}, {"Coimbra", "3"}, {"Faro", "8"}, {"Aveiro", "3"}, {"Setúbal", "2"}, {"Funchal", "9"}, {"Évora", "7"}},
		months:   [12]string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"},
		activity: []string{"Construções", "Transportes", "Distribuição", "Serviços", "Informática", "Contabilidade", "Limpezas", "Metalomecânica", "Comércio"},
		names:    []string{"Silva & Filhos", "do Norte", "Atlântico", "Lusitânia", "Ferreira", "do Minho", "Tejo", "Algarve"},
		forms:    []string{"Lda.", "S.A.", "Unipessoal Lda.", "Lda."},
		ibanCC:   "PT", ibanBBAN: func(g g) string { return g.digits(21) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("+351 2%s %s %s", g.digits(2), g.digits(3), g.digits(3)), fmt.Sprintf("2%s %s %s", g.digits(2), g.digits(3), g.digits(3)), fmt.Sprintf("9%d%s %s %s", g.n(1, 6), g.digits(1), g.digits(3), g.digits(3)))
		},
		dear:      []string{"Exmos. Senhores,", "Exma. Senhora %s,", "Exmo. Senhor %s,", "Caro(a) cliente,"},
		regards:   []string{"Com os melhores cumprimentos,", "Atenciosamente,", "Cumprimentos,", "Sem outro assunto de momento, subscrevemo-nos atenciosamente,"},
		cityOf:    "%s, %s",
		countries: []string{"Portugal", "PORTUGAL"},
	},
	langIT: {
		first:    []string{"Giulia", "Marco", "Francesca", "Alessandro", "Chiara", "Luca", "Valentina", "Matteo", "Federica", "Davide", "Sara", "Giorgio", "Elisa", "Paolo"},
		last:     []string{"Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca"},
		streets:  []string{"Via Roma", "Via Garibaldi", "Corso Vittorio Emanuele II", "Via Dante", "Piazza della Repubblica", "Viale Europa", "Via Mazzini", "Via Cavour", "Via XX Settembre"},
		cities:   [][3]string{{"Milano", "201", "MI"}, {"Roma", "001", "RM"}, {"Torino", "101", "TO"}, {"Napoli", "801", "NA"}, {"Bologna", "401", "BO"}, {"Firenze", "501", "FI"}, {"Genova", "161", "GE"}, {"Verona", "371", "VR"}, {"Bari", "701", "BA"}},
		months:   [12]string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
		activity: []string{"Costruzioni", "Trasporti", "Forniture", "Officina", "Studio", "Impianti Elettrici", "Informatica", "Tipografia", "Pulizie"},
		names:    []string{"Rossi", "Lombarda", "del Nord", "Adriatica", "Bianchi & Figli", "Tirrena", "Emiliana", "Veneta"},
		forms:    []string{"S.r.l.", "S.p.A.", "S.n.c.", "S.a.s.", "S.r.l.s."},
		ibanCC:   "IT", ibanBBAN: func(g g) string { return g.letters(1) + g.digits(22) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("+39 0%d %s %s", g.n(2, 99), g.digits(4), g.digits(4)), fmt.Sprintf("0%d %s", g.n(2, 99), g.digits(8)), fmt.Sprintf("3%s %s %s", g.digits(2), g.digits(3), g.digits(4)))
		},
		dear:      []string{"Spett.le Ditta,", "Gentile Sig.ra %s,", "Egregio Sig. %s,", "Gentili Signori,"},
		regards:   []string{"Distinti saluti", "Cordiali saluti", "In attesa di un Vostro riscontro, porgiamo distinti saluti.", "Con i migliori saluti"},
		cityOf:    "%s, %s",
		countries: []string{"Italia", "ITALIA"},
	},
	langSV: {
		first:    []string{"Anna", "Erik", "Karin", "Lars", "Maria", "Johan", "Elin", "Anders", "Ingrid", "Oskar", "Sofia", "Magnus", "Birgitta", "Nils"},
		last:     []string{"Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson", "Gustafsson", "Lindberg", "Bergström", "Lundqvist", "Holm"},
		streets:  []string{"Storgatan", "Drottninggatan", "Kungsgatan", "Vasagatan", "Skolgatan", "Kyrkvägen", "Ringvägen", "Björkvägen", "Stationsgatan", "Järnvägsgatan"},
		cities:   [][3]string{{"Stockholm", "11"}, {"Göteborg", "41"}, {"Malmö", "21"}, {"Uppsala", "75"}, {"Västerås", "72"}, {"Örebro", "70"}, {"Linköping", "58"}, {"Umeå", "90"}, {"Lund", "22"}},
		months:   [12]string{"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"},
		activity: []string{"Bygg", "Transport", "VVS", "El", "Data", "Redovisning", "Städ", "Tryckeri", "Konsult"},
		names:    []string{"Norrland", "Svea", "Mälardalens", "Skåne", "Lindqvist", "Berg & Son", "Västkust", "Fjäll"},
		forms:    []string{"AB", "AB", "HB", "KB"},
		ibanCC:   "SE", ibanBBAN: func(g g) string { return g.digits(20) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("08-%s %s %s", g.digits(3), g.digits(2), g.digits(2)), fmt.Sprintf("+46 %d %s %s %s", g.n(8, 90), g.digits(3), g.digits(2), g.digits(2)), fmt.Sprintf("07%d-%s %s %s", g.n(0, 9), g.digits(3), g.digits(2), g.digits(2)))
		},
		dear:      []string{"Hej!", "Hej %s,", "Till berörda,", "Bästa kund,"},
		regards:   []string{"Med vänliga hälsningar", "Vänliga hälsningar", "Hälsningar", "Med vänlig hälsning"},
		cityOf:    "%s den %s",
		countries: []string{"Sverige", "SVERIGE"},
	},
	langPL: {
		first:    []string{"Anna", "Piotr", "Katarzyna", "Tomasz", "Małgorzata", "Krzysztof", "Agnieszka", "Paweł", "Magdalena", "Marcin", "Joanna", "Michał", "Ewa", "Jakub"},
		last:     []string{"Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur"},
		streets:  []string{"ul. Długa", "ul. Marszałkowska", "ul. Piłsudskiego", "ul. Mickiewicza", "al. Jerozolimskie", "ul. Kościuszki", "ul. Słowackiego", "ul. Polna", "ul. Ogrodowa", "pl. Wolności"},
		cities:   [][3]string{{"Warszawa", "0"}, {"Kraków", "3"}, {"Łódź", "9"}, {"Wrocław", "5"}, {"Poznań", "6"}, {"Gdańsk", "8"}, {"Szczecin", "7"}, {"Lublin", "2"}, {"Katowice", "4"}},
		months:   [12]string{"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"},
		activity: []string{"Budownictwo", "Transport", "Instalacje", "Usługi Informatyczne", "Biuro Rachunkowe", "Hurtownia", "Drukarnia", "Elektro", "Serwis"},
		names:    []string{"Polbud", "Mazowsze", "Wisła", "Bałtyk", "Kowalski i Synowie", "Tatry", "Śląsk", "Warta"},
		forms:    []string{"Sp. z o.o.", "S.A.", "Sp. j.", "sp. k."},
		ibanCC:   "PL", ibanBBAN: func(g g) string { return g.digits(24) },
		phone: func(g g) string {
			return g.pick(fmt.Sprintf("+48 %s %s %s", g.digits(3), g.digits(3), g.digits(3)), fmt.Sprintf("%s %s %s", g.digits(3), g.digits(3), g.digits(3)), fmt.Sprintf("(%d) %s %s %s", g.n(12, 91), g.digits(3), g.digits(2), g.digits(2)))
		},
		dear:      []string{"Szanowni Państwo,", "Szanowna Pani %s,", "Szanowny Panie %s,", "Dzień dobry,"},
		regards:   []string{"Z poważaniem", "Z wyrazami szacunku", "Pozdrawiamy serdecznie", "Łączę pozdrowienia"},
		cityOf:    "%s, dnia %s",
		countries: []string{"Polska", "POLSKA"},
	},
}

// lp is a local person: first name and surname (two surnames in Spain and
// Portugal, now and then).
func (g g) lp(l lang) string {
	lc := locales[l]
	first, last := g.pick(lc.first...), g.pick(lc.last...)
	if l == langPL && strings.HasSuffix(first, "a") {
		// a woman's surname in -ski, -cki takes the feminine ending
		for _, m := range []string{"ski", "cki", "dzki"} {
			if strings.HasSuffix(last, m) {
				last = strings.TrimSuffix(last, "i") + "a"
			}
		}
	}
	p := first + " " + last
	if (l == langES || l == langPT) && g.chance(0.5) {
		p += " " + g.pick(lc.last...)
	}
	return p
}

// lsur is a local surname.
func (g g) lsur(l lang) string { return g.pick(locales[l].last...) }

// lco is a local company name with its legal form.
func (g g) lco(l lang) string {
	lc := locales[l]
	if l == langDE || l == langNL {
		return g.pick(lc.names...) + " " + g.pick(lc.activity...) + " " + g.pick(lc.forms...)
	}
	return g.pick(lc.activity...) + " " + g.pick(lc.names...) + " " + g.pick(lc.forms...)
}

// lcity is a local city with its postcode, in the country's format.
func (g g) lcity(l lang) string {
	c := locales[l].cities[g.r.IntN(len(locales[l].cities))]
	switch l {
	case langNL:
		return fmt.Sprintf("%s%s %s  %s", c[1], g.digits(2), g.letters(2), strings.ToUpper(c[0]))
	case langPT:
		return fmt.Sprintf("%s%s-%s %s", c[1], g.digits(3), g.digits(3), c[0])
	case langIT:
		return fmt.Sprintf("%s%s %s (%s)", c[1], g.digits(5-len(c[1])), c[0], c[2])
	case langSV:
		return fmt.Sprintf("%s%s %s %s", c[1], g.digits(1), g.digits(2), g.pick(c[0], strings.ToUpper(c[0])))
	case langPL:
		return fmt.Sprintf("%s%s-%s %s", c[1], g.digits(1), g.digits(3), c[0])
	default:
		return fmt.Sprintf("%s%s %s", c[1], g.digits(5-len(c[1])), c[0])
	}
}

// lcityName is a local city without postcode.
func (g g) lcityName(l lang) string {
	return locales[l].cities[g.r.IntN(len(locales[l].cities))][0]
}

// laddr is a local postal address over two or three lines.
func (g g) laddr(l lang) []string {
	st, n := g.pick(locales[l].streets...), g.n(1, 180)
	var line string
	switch l {
	case langFR:
		line = fmt.Sprintf("%d%s %s", n, g.pick("", "", " bis"), st)
	case langES:
		line = fmt.Sprintf("%s, %d%s", st, n, g.pick("", ", 2º B", ", 1º izda.", ", bajo", ", 4º 3ª"))
	case langPT:
		line = fmt.Sprintf("%s, %d%s", st, n, g.pick("", ", 2.º Esq.", ", 1.º Dto.", ", r/c"))
	case langIT:
		line = fmt.Sprintf("%s, %d", st, n)
	case langPL:
		line = fmt.Sprintf("%s %d%s", st, n, g.pick("", "", fmt.Sprintf("/%d", g.n(1, 60)), fmt.Sprintf(" m. %d", g.n(1, 40))))
	case langSV:
		line = fmt.Sprintf("%s %d%s", st, n, g.pick("", "", " A", " B", fmt.Sprintf(", lgh %d", g.n(1001, 1405))))
	default:
		line = fmt.Sprintf("%s %d", st, n)
		if l == langNL && g.chance(0.3) {
			line += g.pick("-A", " bis", "-2")
		}
	}
	out := []string{line, g.lcity(l)}
	if g.chance(0.2) {
		out = append(out, g.pick(locales[l].countries...))
	}
	return out
}

// ldate formats t the way the language writes dates: numeric with its
// separator or with the month's name.
func (g g) ldate(l lang, t time.Time) string {
	d, m, y := t.Day(), t.Month(), t.Year()
	month := locales[l].months[m-1]
	switch l {
	case langDE:
		return g.pick(t.Format("02.01.2006"), t.Format("02.01.2006"), fmt.Sprintf("%d.%d.%d", d, m, y), fmt.Sprintf("%d. %s %d", d, month, y), t.Format("02.01.06"))
	case langFR:
		return g.pick(t.Format("02/01/2006"), t.Format("02/01/2006"), fmt.Sprintf("%d %s %d", d, month, y), t.Format("02.01.2006"))
	case langES:
		return g.pick(t.Format("02/01/2006"), t.Format("02/01/2006"), fmt.Sprintf("%d de %s de %d", d, month, y), t.Format("02-01-2006"))
	case langNL:
		return g.pick(t.Format("02-01-2006"), t.Format("02-01-2006"), fmt.Sprintf("%d %s %d", d, month, y), t.Format("2-1-2006"))
	case langPT:
		return g.pick(t.Format("02/01/2006"), t.Format("02-01-2006"), fmt.Sprintf("%d de %s de %d", d, month, y), t.Format("2006-01-02"))
	case langSV:
		return g.pick(t.Format("2006-01-02"), t.Format("2006-01-02"), fmt.Sprintf("%d %s %d", d, month, y), t.Format("06-01-02"))
	case langPL:
		return g.pick(t.Format("02.01.2006"), t.Format("02.01.2006"), fmt.Sprintf("%d %s %d r.", d, month, y), t.Format("2006-01-02"))
	default:
		return g.pick(t.Format("02/01/2006"), t.Format("02/01/2006"), fmt.Sprintf("%d %s %d", d, month, y), t.Format("02.01.2006"))
	}
}

// lnumdate is the numeric form alone, as forms and cards print it.
func lnumdate(l lang, t time.Time) string {
	switch l {
	case langDE, langPL:
		return t.Format("02.01.2006")
	case langNL:
		return t.Format("02-01-2006")
	case langSV:
		return t.Format("2006-01-02")
	default:
		return t.Format("02/01/2006")
	}
}

// eur formats euro amounts one way for a whole document: decimal comma,
// thousands by points or spaces, the symbol or code before or after;
// Swedish and Polish documents write kronor and złoty the same way.
type eur struct {
	space  bool   // thousands separated by a space
	before bool   // € 1.234,56
	code   bool   // EUR instead of €
	sym    string // the currency's symbol when it is not the euro ("kr", "zł")
	iso    string // its code ("SEK", "PLN")
}

func (g g) euro(l lang) eur {
	e := eur{code: g.chance(0.2)}
	switch l {
	case langFR:
		e.space = g.chance(0.8)
	case langPT:
		e.space = g.chance(0.4)
	case langNL:
		e.before = g.chance(0.8)
	case langIT:
		e.before = g.chance(0.5)
	case langSV:
		e.space, e.sym, e.iso = g.chance(0.7), "kr", "SEK"
	case langPL:
		e.space, e.sym, e.iso = g.chance(0.8), "zł", "PLN"
	}
	return e
}

func (e eur) num(v float64) string {
	if v < 0 {
		return "-" + e.num(-v)
	}
	cents := int64(v*100 + 0.5)
	whole, frac := cents/100, cents%100
	s := fmt.Sprint(whole)
	var groups []string
	for len(s) > 3 {
		groups = append([]string{s[len(s)-3:]}, groups...)
		s = s[:len(s)-3]
	}
	groups = append([]string{s}, groups...)
	sep := "."
	if e.space {
		sep = " "
	}
	return fmt.Sprintf("%s,%02d", strings.Join(groups, sep), frac)
}

func (e eur) f(v float64) string {
	sym := "€"
	switch {
	case e.sym != "" && e.code:
		sym = e.iso
	case e.sym != "":
		sym = e.sym
	case e.code:
		sym = "EUR"
	}
	if e.before {
		return sym + " " + e.num(v)
	}
	return e.num(v) + " " + sym
}

// liban is a valid IBAN of the language's country, grouped by four or
// compact.
func (g g) liban(l lang) string {
	lc := locales[l]
	bban := lc.ibanBBAN(g)
	check := 98 - mod97(bban+lc.ibanCC+"00")
	raw := fmt.Sprintf("%s%02d%s", lc.ibanCC, check, bban)
	if g.chance(0.2) {
		return raw
	}
	var out []string
	for i := 0; i < len(raw); i += 4 {
		out = append(out, raw[i:min(i+4, len(raw))])
	}
	return strings.Join(out, " ")
}

// lphone is a local phone number.
func (g g) lphone(l lang) string { return locales[l].phone(g) }

// lemail is an e-mail address at a local-looking domain.
func (g g) lemail(l lang, name string) string {
	user := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r
		case r == ' ':
			return '.'
		}
		return -1
	}, strings.ToLower(name))
	tld := l.String()
	if l == langSV {
		tld = "se"
	}
	return user + "@" + g.pick("example", "mail.example", "post.example") + "." + tld
}

// ldear opens a letter, naming a surname when the salutation has room for one.
func (g g) ldear(l lang) string {
	s := g.pick(locales[l].dear...)
	if strings.Contains(s, "%s") {
		return fmt.Sprintf(s, g.lsur(l))
	}
	return s
}

// lregards closes a letter.
func (g g) lregards(l lang) string { return g.pick(locales[l].regards...) }

// lplace is the place and date line of a letter.
func (g g) lplace(l lang, t time.Time) string {
	return fmt.Sprintf(locales[l].cityOf, g.lcityName(l), g.ldate(l, t))
}

// vatID is a VAT or tax number as the country writes it.
func (g g) vatID(l lang) string {
	switch l {
	case langDE:
		return g.pick("DE"+g.digits(9), fmt.Sprintf("%s/%s/%s", g.digits(2), g.digits(3), g.digits(5)))
	case langFR:
		return g.pick("FR"+g.digits(11), g.digits(3)+" "+g.digits(3)+" "+g.digits(3)+" "+g.digits(5))
	case langES:
		return g.pick("ES"+g.letters(1)+g.digits(8), g.letters(1)+g.digits(8))
	case langNL:
		return g.pick("NL"+g.digits(9)+"B01", g.digits(8))
	case langPT:
		return g.pick("PT"+g.digits(9), g.digits(9))
	case langSV:
		return g.pick("SE"+g.digits(10)+"01", g.digits(6)+"-"+g.digits(4))
	case langPL:
		return g.pick("PL"+g.digits(10), g.digits(3)+"-"+g.digits(3)+"-"+g.digits(2)+"-"+g.digits(2), g.digits(10))
	default:
		return g.pick("IT"+g.digits(11), g.digits(11))
	}
}

// words is a template's vocabulary in one language, so each language lists
// its own wordings. A key that is another key and an "x" ("newsx",
// "memox", "histx") holds the body sentences under the heading or field
// of that key ("news", "memo", "hist"), several of which a template picks
// (g.distinct); they are vocabulary, not placeholders.
type words map[string][]string

// w picks one of the words listed under key.

func (g g) w(v words, key string) string {
	xs, ok := v[key]
	if !ok || len(xs) == 0 {
		panic("corpus: no words for " + key)
	}
	return g.pick(xs...)
}

// wf picks a format under key and fills it.
func (g g) wf(v words, key string, args ...any) string { return fmt.Sprintf(g.w(v, key), args...) }
