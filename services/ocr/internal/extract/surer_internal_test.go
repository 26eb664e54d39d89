package extract

import (
	"fmt"
	"strings"
	"testing"
)

// tsvOf writes a page's TSV from lines of words: each word its text, box
// (left, top, width, height) and confidence.
func tsvOf(lines ...[]tsvWord) []byte {
	var b strings.Builder
	b.WriteString(tsvColumns)
	for i, l := range lines {
		for j, w := range l {
			fmt.Fprintf(&b, "5\t1\t1\t1\t%d\t%d\t%d\t%d\t%d\t%d\t%g\t%s\n", i+1, j+1, w.left, w.top, w.width, w.height, w.conf, w.text)
		}
	}
	return []byte(b.String())
}

type tsvWord struct {
	text                     string
	left, top, width, height int
	conf                     float64
}

func TestSurerWords(t *testing.T) {
	// The hundred-and-fourteenth trial's statement: in rows a date and the
	// closing balance misread, unsure; the automatic reading has them
	// right, surely, in the same boxes (drawn lower in rows), and lists
	// the dates apart.
	rows := tsvOf(
		[]tsvWord{{"89717:", 140, 675, 106, 40, 30.8}, {"Lastschrift", 300, 679, 160, 25, 96}, {"-1.236,00", 1160, 679, 170, 25, 95}},
		[]tsvWord{{"Neuer", 300, 846, 90, 28, 96}, {"Kontostand", 400, 846, 170, 28, 96}, {"37350,95", 1183, 846, 150, 28, 45.6}},
		[]tsvWord{{"Fragen?", 140, 900, 110, 25, 60}, {"Telefon", 260, 900, 110, 25, 93}},
	)
	auto := tsvOf(
		[]tsvWord{{"09.11.", 140, 679, 106, 25, 96.7}},
		[]tsvWord{{"Lastschrift", 300, 679, 160, 25, 95}, {"-1.236,00", 1160, 679, 170, 25, 96}},
		[]tsvWord{{"Neuer", 300, 846, 90, 28, 96}, {"Kontostand", 400, 846, 170, 28, 96}, {"3.350,95", 1183, 846, 150, 28, 96.3}},
		// read as surely as in rows, though not alike: rows' word stays
		[]tsvWord{{"Fragen:", 140, 900, 110, 25, 80}, {"Telefon", 260, 900, 110, 25, 93}},
	)
	r, err := ParseTSV(rows)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseTSV(auto)
	if err != nil {
		t.Fatal(err)
	}
	got := surerWords(r[0], a[0])
	want := "09.11. Lastschrift -1.236,00\nNeuer Kontostand 3.350,95\nFragen? Telefon"
	if got.Text != want {
		t.Fatalf("text = %q, want %q", got.Text, want)
	}
	for _, w := range got.words {
		if s := got.Text[w.start:w.end]; strings.ContainsAny(s, " \n") || s == "" {
			t.Errorf("word at %d:%d is %q, not one word", w.start, w.end, s)
		}
	}
	for i, s := range got.starts {
		if s.offset != 0 && got.Text[s.offset-1] != '\n' {
			t.Errorf("line %d starts at %d, not after a line's end: %q", i, s.offset, got.Text[s.offset:])
		}
	}
	if len(got.starts) != 3 {
		t.Errorf("%d lines, want 3", len(got.starts))
	}
	if wantConf := (96.7 + 96 + 95 + 96 + 96 + 96.3 + 60 + 93) / 8 / 100; got.Confidence < wantConf-1e-9 || got.Confidence > wantConf+1e-9 {
		t.Errorf("confidence %.4f, want %.4f (the words taken at their confidence)", got.Confidence, wantConf)
	}
	if want := alnum("09.11.Lastschrift-1.236,00NeuerKontostand3.350,95FragenTelefon"); got.sure != want {
		t.Errorf("sure = %d, want %d", got.sure, want)
	}
	if r[0].Text == got.Text {
		t.Error("the reading given was changed in place")
	}
	// Nothing to take: the reading comes back as it was.
	if same := surerWords(a[0], a[0]); same.Text != a[0].Text {
		t.Errorf("a reading against itself: %q", same.Text)
	}
}

// TestSurerNumbers: a page read in its language takes English's reading
// of a number read in the same place far more surely (found from outside,
// hundred-and-twentieth trial: a German statement's closing balance
// "27.077,12" read "21.077,12" at 66 by deu+eng, at 87 by English alone),
// never a word of letters, whose marks are the language's.
func TestSurerNumbers(t *testing.T) {
	read, err := ParseTSV(tsvOf(
		[]tsvWord{{"Neuer", 300, 1208, 90, 40, 95}, {"Kontostand", 400, 1208, 170, 40, 94}, {"21.077,12", 1244, 1208, 222, 40, 66.2}},
		[]tsvWord{{"Kontoführung", 300, 1260, 200, 40, 60}, {"4,50", 1244, 1260, 80, 40, 80}},
	))
	if err != nil {
		t.Fatal(err)
	}
	english, err := ParseTSV(tsvOf(
		[]tsvWord{{"Neuer", 300, 1208, 90, 40, 95}, {"Kontostand", 400, 1208, 170, 40, 94}, {"27.077,12", 1244, 1208, 222, 40, 86.9}},
		// English's surer reading of a word without its mark is not
		// taken, nor a number read only a little more surely.
		[]tsvWord{{"Kontofuhrung", 300, 1260, 200, 40, 96}, {"4,60", 1244, 1260, 80, 40, 90}},
	))
	if err != nil {
		t.Fatal(err)
	}
	got := surerNumbers(read[0], english[0])
	if want := "Neuer Kontostand 27.077,12\nKontoführung 4,50"; got.Text != want {
		t.Errorf("text = %q, want %q", got.Text, want)
	}
}
