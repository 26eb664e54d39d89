package textmodel_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// A document's words in a language the corpus lacks are read as the
// English words the model knows, whatever their accents, case and endings.
func TestGlossaryReadsOtherLanguagesAsEnglish(t *testing.T) {
	for text, want := range map[string]string{
		"Lasku nro 2026-118 eräpäivä":             "invoice nro <num> <num> due",     // Finnish, with an ending
		"LASKUN SUMMA":                            "invoice summa",                   // capitals and the genitive
		"Számlát kiállította":                     "invoice kiállította",             // Hungarian, accusative
		"ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ":             "invoice παροχησ υπηρεσιων",       // Greek capitals, no accents (Σ lowercases to σ)
		"Objednávka č. 4411 dodavatel":            "order <num> supplier",            // Czech
		"objednavka":                              "order",                           // the same without its accent, as OCR reads it
		"Indkøbsordre":                            "purchase order",                  // Danish, two English words
		"indkobsordre":                            "purchase order",                  // ø read as o
		"Příjmení Novák, příjmy":                  "surname novák income",            // the word wins over a longer stem's neighbour
		"Verotuspäätös tulovero":                  "tax income tax",                  // Finnish tax notice
		"Sözleşme taraflar":                       "agreement parties",               // Turkish
		"Kontoudtog saldo":                        "statement saldo",                 // Danish; saldo is a corpus word and stays
		"Rēķins PVN":                              "invoice vat",                     // Latvian
		"Vegabréf fæðingardagur":                  "passport birth",                  // Icelandic, ð and æ
		"Jogosítvány érvényes":                    "driving licence expiry",          // Hungarian driving licence
		"pojistná událost, pojišťovna, pojištěný": "claim událost insurance insured", // the longest stem wins
	} {
		if got := strings.Join(textmodel.Tokens(text), " "); got != want {
			t.Errorf("Tokens(%q) = %q, want %q", text, got, want)
		}
	}
}

// Words of the corpus's own languages and English, and words two
// languages spell alike with different meanings, are not glossed.
func TestGlossaryLeavesOtherWordsAlone(t *testing.T) {
	for _, w := range []string{
		"is", "invoice", "faktura", "rechnung", "factura", "fattura", "paciente", "pasaporte",
		"förfallodatum", "kön", "lön", "skatten", "avtalet", "najmu", "lekarz", "epikris",
		"dane", "placa", "maas", "kart", "police",
	} {
		if to := textmodel.Gloss(w); to != nil {
			t.Errorf("Gloss(%q) = %v, want nothing", w, to)
		}
	}
}

// The glossary names no word of the corpus's languages: no word of the
// generated corpus (English and eight others, clean and in imitated OCR
// noise) is glossed, so the model learns from them what it learnt before
// and only documents in other languages read differently.
func TestGlossaryLeavesCorpusLanguagesAlone(t *testing.T) {
	docs := load(t)
	seen := 0
	for _, d := range docs {
		if strings.HasPrefix(d.Name, textmodel.FieldPrefix) {
			continue // field documents hold other languages on purpose
		}
		seen++
		ws := textmodel.Words(d.Text)
		if got := textmodel.Tokens(d.Text); !reflect.DeepEqual(got, ws) {
			for _, w := range ws {
				if to := textmodel.Gloss(w); to != nil {
					t.Errorf("%s: %q glossed as %v", d.Name, w, to)
				}
			}
		}
	}
	if seen < 1000 {
		t.Fatalf("only %d corpus documents read", seen)
	}
}

// What the model knows of a text is measured on the text's own words: an
// invoice in Finnish, which the glossary reads as English, still knows
// none of its words, so the classifier calls it unfamiliar and a reviewer
// decides, however sure the glossary's reading makes the model.
func TestGlossedWordsAreNotKnownWords(t *testing.T) {
	m := committed(t)
	p := m.Predict("Lasku 2026-118\nEräpäivä 30.11.2026\nYhteensä 1 240,00 EUR\nALV 24 %", 5)
	if p.Scores[0].Class != "invoice" {
		t.Errorf("the glossed Finnish invoice reads as %s, want invoice", p.Scores[0].Class)
	}
	if p.Words != 5 || p.KnownWords != 1 {
		t.Errorf("words %d, known %d; want the text's own 5 words (lasku, eräpäivä, yhteensä, eur, alv), eur alone known", p.Words, p.KnownWords)
	}
}
