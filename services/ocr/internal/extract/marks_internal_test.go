package extract

import (
	"strings"
	"testing"
)

// TestWithMarks: a reading beside English takes the marks the language's
// model alone reads on words spelled otherwise alike (found from outside,
// hundred-and-thirteenth trial: a Romanian invoice's "FACTURĂ FISCALĂ"
// read "FACTURA FISCALA" by ron+eng, CER 0.057; by ron alone 0.006, which
// loses an e-mail's "@"); nothing else of that reading.
func TestWithMarks(t *testing.T) {
	for _, tt := range []struct{ name, a, b, want string }{
		{"marks taken", "FACTURA FISCALA\nTOTAL DE PLATA  1.623,16 lei", "FACTURĂ FISCALĂ\nTOTAL DE PLATĂ  1.623,16 lei", "FACTURĂ FISCALĂ\nTOTAL DE PLATĂ  1.623,16 lei"},
		{"a sign the language alone loses is kept", "e-mail: facturi@feribotdunarea.ro", "e-mail: facturieferibotdunarea.ro", "e-mail: facturi@feribotdunarea.ro"},
		{"a mark the language alone drops is kept", "José Müller", "Jose Muller", "José Müller"},
		{"a word read otherwise is kept", "Davéna Stevilka", "Davčna številka", "Davéna številka"},
		{"lines that differ in count are left", "FACTURA\nFISCALA", "FACTURĂ FISCALĂ", "FACTURA\nFISCALA"},
		{"a line that differs in words is left, the others taken", "Plata in contul\nTOTAL DE PLATA", "Plata în\ncontul TOTAL DE PLATĂ", "Plata in contul\nTOTAL DE PLATA"},
		{"spacing kept", "Cumparator:   Popescu", "Cumpărător: Popescu", "Cumpărător:   Popescu"},
		// Found from outside (hundred-and-fifteenth trial): a German
		// scan's ß and a French scan's l, read by the language alone.
		{"a sharp s for a capital b", "Dorfstraße 14 und DorfstraBe 14", "Dorfstraße 14 und Dorfstraße 14", "Dorfstraße 14 und Dorfstraße 14"},
		{"an l for a bar", "Courriel : |.berard@chalet-aiguilles.fr", "Courriel : l.berard@chalet-aiguilles.fr", "Courriel : l.berard@chalet-aiguilles.fr"},
		{"a capital b kept where the language reads no sharp s", "BBQ Bestellung", "BBQ Beßtellung", "BBQ Bestellung"},
		{"a bar kept against a digit", "Kennzahl | 060", "Kennzahl 1 060", "Kennzahl | 060"},
		{"a lone bar is no letter", "Kennzahl | 060", "Kennzahl I 060", "Kennzahl | 060"},
		{"a one-letter word's mark", "Paiement a 30 jours", "Paiement à 30 jours", "Paiement à 30 jours"},
	} {
		if got := withMarks(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: withMarks(%q, %q) = %q, want %q", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
}

// TestRetextMovesLineStarts: a word given its marks is longer in bytes;
// the lines after it start later, where a skipped band's text goes
// (recoverSkipped inserts at a line's start).
func TestRetextMovesLineStarts(t *testing.T) {
	p := PageText{Text: "FACTURA FISCALA\nNr. 7\n\nTotal 5", starts: []lineStart{{0, 10}, {16, 40}, {23, 90}}}
	got := p.retext(withMarks(p.Text, "FACTURĂ FISCALĂ\nNr. 7\n\nTotal 5"))
	if got.Text != "FACTURĂ FISCALĂ\nNr. 7\n\nTotal 5" {
		t.Fatalf("text %q", got.Text)
	}
	for i, want := range []string{"FACTURĂ", "Nr. 7", "Total 5"} {
		if s := got.starts[i]; !strings.HasPrefix(got.Text[s.offset:], want) || s.top != p.starts[i].top {
			t.Errorf("line %d starts at %d (%q), want before %q", i, s.offset, got.Text[s.offset:], want)
		}
	}
	if p.starts[1].offset != 16 {
		t.Error("the page given was changed in place")
	}
}

// TestWithSigns: a reading beside English takes English's "@" where it
// read a letter in its place (found from outside, hundred-and-twentieth
// trial: a Polish and a Norwegian scan's e-mail addresses), wherever
// the readings part their lines; nothing else.
func TestWithSigns(t *testing.T) {
	for _, tt := range []struct{ name, a, eng, want string }{
		{"an at sign read as Q", "e-mail: zaopatrzenieQgopr-beskidy.pl", "e-mail: zaopatrzenie@gopr-beskidy.pl", "e-mail: zaopatrzenie@gopr-beskidy.pl"},
		{"an at sign read as e", "e-post: ingrid.solbergegmail.com\nTelefon: 22 33", "e-post: ingrid.solberg@gmail.com\nTelefon: 22 33", "e-post: ingrid.solberg@gmail.com\nTelefon: 22 33"},
		{"English's other letters are not taken", "Kontakt: Łukasz Nowak", "Kontakt: Lukasz Nowak", "Kontakt: Łukasz Nowak"},
		{"a word read otherwise besides the sign is kept", "biuroQfirma.pl", "biur0@firma.pl", "biuroQfirma.pl"},
		{"lines parted otherwise", "a\nbiuroQfirma.pl", "a biuro@firma.pl", "a\nbiuro@firma.pl"},
		{"a letter of two bytes is no sign lost", "biuro©firma.pl", "biuro@firma.pl", "biuro©firma.pl"},
	} {
		if got := withSigns(tt.a, tt.eng); got != tt.want {
			t.Errorf("%s: withSigns(%q, %q) = %q, want %q", tt.name, tt.a, tt.eng, got, tt.want)
		}
	}
}
