package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tsvColumns is the header row of Tesseract's TSV.
const tsvColumns = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"

// tsv builds Tesseract TSV from lines: each is block, left, top and its
// words (one 40-pixel-wide box per word, 20 pixels tall).
func tsv(lines ...[]any) []byte {
	var b strings.Builder
	b.WriteString(tsvColumns)
	b.WriteString("1\t1\t0\t0\t0\t0\t0\t0\t2000\t2000\t-1\t\n")
	for i, l := range lines {
		block, left, top, ws := l[0].(int), l[1].(int), l[2].(int), strings.Fields(l[3].(string))
		fmt.Fprintf(&b, "4\t1\t%d\t1\t%d\t0\t%d\t%d\t%d\t20\t-1\t\n", block, i+1, left, top, 45*len(ws))
		for j, w := range ws {
			fmt.Fprintf(&b, "5\t1\t%d\t1\t%d\t%d\t%d\t%d\t40\t20\t90\t%s\n", block, i+1, j+1, left+45*j, top, w)
		}
	}
	return []byte(b.String())
}

func TestTableLike(t *testing.T) {
	var table, article, single, described, narrow, form [][]any
	labels := []string{"Surname:", "Forename(s):", "Nationality:", "Date of Birth:", "Place of Birth:", "Card number:"}
	values := []string{"O'SULLIVAN", "CIARA MAIRE", "IRISH", "3 April 1979", "CORK", "PC 8830417"}
	for i := range 6 {
		form = append(form, []any{1, 100, 100 + 40*i, labels[i]}, []any{2, 700, 100 + 40*i, values[i]})
	}
	narrowLeft := []string{"From the chair", "What a season! Despite", "the dry July, plot 14", "grew a pumpkin", "Seed swap", "Bring spare seed"}
	narrowRight := []string{"Plot inspections", "Walk-rounds resume", "in March. Plots", "left uncultivated", "Winter jobs", "Clean your tools"}
	for i := range 6 {
		y := 100 + 40*i
		narrow = append(narrow, []any{1, 100, y, narrowLeft[i]}, []any{2, 900, y, narrowRight[i]})
	}
	for i := range 6 {
		y := 100 + 40*i
		table = append(table, []any{1, 100, y, fmt.Sprintf("00%d Desk lamp", i)}, []any{2, 900, y, "4"}, []any{3, 1200, y, fmt.Sprintf("%d.00", i)})
		article = append(article, []any{1, 100, y, "the quick brown fox jumps over the lazy dog"}, []any{2, 1100, y, "and then the dog ran off into the woods again"})
		single = append(single, []any{1, 100, y, "one line of a letter with several words"})
		described = append(described, []any{1, 100, y, fmt.Sprintf("| Round tables with linen %d |", i)}, []any{2, 1000, y, fmt.Sprintf("24 | %d.00 |", i)})
	}
	// Two columns of a lease, numbered clauses and sums in running text
	// (found from outside).
	var lease [][]any
	leaseLeft := []string{"1. Vastgoed Utrecht Oost B.V., gevestigd te", "Utrecht, KvK 72814093, hierna: verhuurder;", "2. mevrouw Sanne de Vries, geboren op 11", "maart 1995 te Zwolle, tel. 06 2417 8830,", "e-mail s.devries95@gmail.com, hierna:", "huurder;"}
	leaseRight := []string{"3.1 De kale huurprijs bedraagt € 1.385,00 per", "maand.", "3.2 Het voorschot servicekosten bedraagt €", "95,00 per maand.", "3.3 Huurder betaalt totaal € 1.480,00 per", "maand, vóór de eerste van de maand, op IBAN"}
	for i := range 6 {
		y := 100 + 40*i
		lease = append(lease, []any{1, 100, y, leaseLeft[i]}, []any{2, 1100, y, leaseRight[i]})
	}
	// A table read in rows: one block, cells on the same lines.
	rows := [][]any{}
	for i := range 6 {
		rows = append(rows, []any{1, 100, 100 + 40*i, "001 Desk lamp 4 29.90"})
	}
	tests := []struct {
		name  string
		lines [][]any
		want  bool
	}{
		{"table split into column blocks", table, true},
		{"two columns of running text", article, false},
		{"two narrow columns of running text with headings", narrow, false},
		{"two columns of numbered clauses", lease, false},
		{"form of labels and values, few numbers", form, true},
		{"table with a long description column split from its numbers", described, true},
		{"one column", single, false},
		{"table read in rows", rows, false},
		{"too few lines", table[:3], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages, err := ParseTSV(tsv(tt.lines...))
			if err != nil {
				t.Fatal(err)
			}
			if pages[0].Table != tt.want {
				t.Errorf("Table = %v, want %v", pages[0].Table, tt.want)
			}
		})
	}
}

func TestWithTextLayer(t *testing.T) {
	const header = "FROM: NORTHWIND CLINIC FAX +1 212 555 0188 P.001"
	tests := []struct {
		name, layer, ocr string
		conf             float64
		wantMethod       string
		wantText         string
	}{
		{"body added after the header", header, "Northwind Clinic - Referral\n\nPatient: Maria Ellison", 0.9, MethodOCR,
			header + "\n\nNorthwind Clinic - Referral\n\nPatient: Maria Ellison"},
		{"lines the layer holds are dropped", "Patient: Maria Ellison\nDate of birth: 1984-07-19", "Patient: Maria Ellisan\nDate of birth: 1984-07-19\nPhone: 1-800-555-0146 ext 12", 0.9, MethodOCR,
			"Patient: Maria Ellison\nDate of birth: 1984-07-19\n\nPhone: 1-800-555-0146 ext 12"},
		{"nothing new", "Patient: Maria Ellison", "Patient: Maria Ellison", 0.9, MethodTextLayer, "Patient: Maria Ellison"},
		{"too little new", header, "x7 ~", 0.9, MethodTextLayer, header},
		{"engine unsure: a photo", header, "Il1 |||| oO0 rnm wvw sss zzz kkk", 0.3, MethodTextLayer, header},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := withTextLayer(tt.layer, Page{Number: 2, Text: tt.ocr, Confidence: tt.conf, Method: MethodOCR})
			if p.Number != 2 || p.Method != tt.wantMethod || p.Text != tt.wantText {
				t.Errorf("got %d %s %q, want 2 %s %q", p.Number, p.Method, p.Text, tt.wantMethod, tt.wantText)
			}
			if p.Method == MethodOCR && (p.Confidence <= tt.conf || p.Confidence >= 1) {
				t.Errorf("confidence %v, want between %v and 1", p.Confidence, tt.conf)
			}
		})
	}
}

func TestPageScan(t *testing.T) {
	letter := PageSize{W: 612, H: 792}
	scan := PDFImage{Page: 1, Type: "image", Width: 1700, Height: 2200, XPPI: 200, YPPI: 200}
	with := func(f func(*PDFImage)) []PDFImage { im := scan; f(&im); return []PDFImage{im} }
	tests := []struct {
		name   string
		size   PageSize
		images []PDFImage
		want   bool
	}{
		{"a 200-dpi scan", letter, []PDFImage{scan}, true},
		{"no image", letter, nil, false},
		{"scan with a soft mask", letter, []PDFImage{scan, {Page: 1, Type: "smask", Width: 1700, Height: 2200, XPPI: 200, YPPI: 200}}, false},
		{"two images", letter, []PDFImage{scan, scan}, false},
		{"rotated page", PageSize{W: 612, H: 792, Rotate: 90}, []PDFImage{scan}, false},
		{"fax resolution 204x98", letter, with(func(im *PDFImage) { im.Width, im.Height, im.XPPI, im.YPPI = 1734, 1078, 204, 98 }), false},
		{"stencil mask", letter, with(func(im *PDFImage) { im.Type = "stencil" }), false},
		{"logo on a page", letter, with(func(im *PDFImage) { im.Width, im.Height = 400, 200 }), false},
		{"drawn turned (wider than the page)", letter, with(func(im *PDFImage) { im.Width, im.Height = 2200, 1700 }), false},
		{"resolution too low", letter, with(func(im *PDFImage) { im.Width, im.Height, im.XPPI, im.YPPI = 340, 440, 40, 40 }), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pageScan(tt.size, tt.images) != nil; got != tt.want {
				t.Errorf("pageScan = %v, want %v", got, tt.want)
			}
		})
	}
	if s := imageShare(letter, []PDFImage{with(func(im *PDFImage) { im.Height = 1100 })[0]}); s < 0.49 || s > 0.51 {
		t.Errorf("imageShare of a half-page image = %v, want 0.5", s)
	}
}

// TestRowsInAWorseOrderAreNotKept: the photographed passport's reading in
// rows (psm 4) lists "Passport No." and "Date of Expiry" after the page's
// last line, which the automatic reading (psm 3) keeps on their lines.
// It is the same text in a worse order whatever noise the rows add at a
// low confidence (they read a smudge as "<cccdcccs"; a little more of it
// and a comparison of all letters took it for more text); a reading in
// rows that reads more surely is not.
func TestRowsInAWorseOrderAreNotKept(t *testing.T) {
	read := func(name string, extra ...string) PageText {
		t.Helper()
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		pages, err := ParseTSV(append(b, strings.Join(extra, "")...))
		if err != nil || len(pages) != 1 {
			t.Fatalf("ParseTSV(%s): %d pages, %v", name, len(pages), err)
		}
		return pages[0]
	}
	auto := read("passportphoto200.psm3.tsv")
	line := func(block int, conf float64, word string) string {
		return fmt.Sprintf("4\t1\t%d\t1\t1\t0\t300\t2500\t900\t40\t-1\t\n5\t1\t%[1]d\t1\t1\t1\t300\t2500\t900\t40\t%f\t%s\n", block, conf, word)
	}
	for _, c := range []struct {
		name  string
		rows  PageText
		worse bool
	}{
		{"the rows as read", read("passportphoto200.psm4.tsv"), true},
		{"with a smudge's noise", read("passportphoto200.psm4.tsv", line(9, 21, "<cccdcccsccccc"), line(10, 30, "ceecce")), true},
		{"with a line more read surely", read("passportphoto200.psm4.tsv", line(9, 91, "Observations/Remarks:NoneEndorsed")), false},
	} {
		if got := worseOrder(c.rows, auto); got != c.worse {
			t.Errorf("%s: worseOrder = %v, want %v (rows: %d back jumps, %d sure of %d; automatic: %d, %d of %d)", c.name, got, c.worse,
				backJumps(c.rows.boxes), c.rows.sure, alnum(c.rows.Text), backJumps(auto.boxes), auto.sure, alnum(auto.Text))
		}
	}
}

// TestBoxesInTheOrderRead: a reading's lines come in the order Tesseract
// read them, whatever their number: back jumps are counted in that order
// (they were counted in a map's order, so the same reading had one, three
// or four, and a passport's rows were kept on one run and not another).
func TestBoxesInTheOrderRead(t *testing.T) {
	var lines [][]any
	for i := range 30 {
		lines = append(lines, []any{1 + i/10, 100, 100 + 40*i, fmt.Sprintf("Line %d of the page", i)})
	}
	lines = append(lines, []any{9, 1200, 140, "lifted cell"})
	pages, err := ParseTSV(tsv(lines...))
	if err != nil {
		t.Fatal(err)
	}
	boxes := pages[0].boxes
	if len(boxes) != 31 {
		t.Fatalf("%d boxes, want 31", len(boxes))
	}
	for i, b := range boxes[:30] {
		if b.top != 100+40*i {
			t.Fatalf("box %d at top %d, want %d: the boxes are not in the order read", i, b.top, 100+40*i)
		}
	}
	if n := backJumps(boxes); n != 1 {
		t.Errorf("backJumps = %d, want 1 (the cell read after the page's last line)", n)
	}
}
