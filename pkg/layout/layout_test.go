package layout

import (
	"strings"
	"testing"
)

func TestCells(t *testing.T) {
	tests := []struct {
		name string
		line string
		want []string
	}{
		{"two-space gaps", "Description     Qty   Unit price    Amount", []string{"Description", "Qty", "Unit price", "Amount"}},
		{"single spaces stay in a cell", "Total due: $12.00", []string{"Total due: $12.00"}},
		{"tabs", "Date\tDetails\tBalance", []string{"Date", "Details", "Balance"}},
		{"pipes", "| Date | Amount |", []string{"Date", "Amount"}},
		{"leading indentation", "    Net   1,033.50", []string{"Net", "1,033.50"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range New(tt.line).Cells(0) {
				got = append(got, c.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("Cells(%q) = %q, want %q", tt.line, got, tt.want)
			}
		})
	}
}

func TestHeaderAbove(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		value string
		want  string // "" for none
	}{
		{"right-aligned under its header", "Description          Qty    Amount\nChairs                12  2,220.00", "2,220.00", "Amount"},
		{"quantity column", "Description          Qty    Amount\nChairs                12  2,220.00", "12", "Qty"},
		{"several rows down", "Date    Details     Balance\n01 Oct  Opening     100.00\n02 Oct  Wire        250.00", "250.00", "Balance"},
		{"rule line between", "Item    Price\n-------------\nTea     3.50", "3.50", "Price"},
		{"pipe table by cell index", "| Name | DOB | Ward |\n|---|---|---|\n| Ann Lee | 02.11.1958 | 4B |", "02.11.1958", "DOB"},
		{"value inside running text", "Name     Date of birth\nSeen on 02/03/2024 by Dr Lee", "02/03/2024", ""},
		{"prose line stops the search", "Item    Amount\nThe following amounts were paid in full last month.\n        12.00", "12.00", ""},
		{"two blank lines end the table", "Item    Amount\n\n\n        12.00", "12.00", ""},
		{"a row is not a header", "Subtotal    100.00\nTotal       120.00", "120.00", ""},
		// Found from outside (sixty-ninth trial): a W-2's boxes, each
		// label after its number, over the amounts; a header above them
		// (the employee's address) does not reach past them.
		{"a form's numbered boxes", "f  Employee's address and ZIP code\n   7342 BLUE QUAIL DR\n\n1  Wages, tips, other compensation        2  Federal income tax withheld\n   61,482.17                                  7,214.60", "61,482.17", "Wages, tips, other compensation"},
		{"an item row's quantity is no box number", "Item   Description\n10  box  Printer paper A4\n       4,293.50", "4,293.50", "Description"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lt := New(tt.text)
			i := strings.LastIndex(tt.text, tt.value)
			c, _, ok := lt.HeaderAbove(i, i+len(tt.value))
			got := ""
			if ok {
				got = c.Text
			}
			if got != tt.want {
				t.Errorf("HeaderAbove(%q) = %q, want %q", tt.value, got, tt.want)
			}
		})
	}
}

func TestLineAbove(t *testing.T) {
	lt := New("Date of birth:\n\n17/09/1973\n\n\n01/01/2000")
	if got, ok := lt.LineAbove(strings.Index(lt.String(), "17/")); !ok || got != "Date of birth:" {
		t.Errorf("LineAbove over one blank = %q, %v; want the label", got, ok)
	}
	if got, ok := lt.LineAbove(strings.Index(lt.String(), "01/01")); ok {
		t.Errorf("LineAbove over two blanks = %q, want none", got)
	}
}

// TestLongLinesAreCut checks that a hostile line of megabytes becomes
// lines of at most MaxLineBytes that still cover the text byte for byte,
// cut after a space where there is one and never inside a rune (a run of
// bytes that are no UTF-8 at all is cut anyway, once hung New): the rules
// walk a value's whole line, so an uncut line made them quadratic (a 64 KB
// line of "@ 1.2" took the amount rule 57 s).
func TestLongLinesAreCut(t *testing.T) {
	text := "short\n" + strings.Repeat("@ 1.2", 5000) + "\n" + strings.Repeat("€", 2000) + "\n" + strings.Repeat("\x8b", 3000) + "\nend"
	lt := New(text)
	next := 0
	for i, l := range lt.Lines() {
		if l.End-l.Start > MaxLineBytes {
			t.Fatalf("line %d is %d bytes", i, l.End-l.Start)
		}
		if l.Start != next && text[next:l.Start] != "\n" {
			t.Fatalf("line %d starts at %d, want %d (or after a line break)", i, l.Start, next)
		}
		if l.Start < len(text) && !strings.HasPrefix(text[l.Start:], "€") && strings.Contains(lt.LineText(i), "€") {
			t.Fatalf("line %d starts inside a rune", i)
		}
		next = l.End
	}
	if next != len(text) {
		t.Fatalf("lines end at %d of %d bytes", next, len(text))
	}
	for i, l := range lt.Lines() {
		if s := lt.LineText(i); strings.HasPrefix(s, "@") && i > 1 && text[l.Start-1] != ' ' && text[l.Start-1] != '\n' {
			t.Fatalf("line %d was cut inside a word: %q", i, s[:8])
		}
	}
	if got := lt.LineText(len(lt.Lines()) - 1); got != "end" {
		t.Fatalf("last line %q", got)
	}
}

// The rules read at most MaxRuleBytes, cut where no number or rune is
// split: at a line's end, else after a space, else at a rune's start.
func TestRulePrefix(t *testing.T) {
	short := strings.Repeat("Total 12.50 EUR\n", 100)
	if got, cut := RulePrefix(short); got != short || cut {
		t.Fatalf("short text: cut=%v, %d of %d bytes", cut, len(got), len(short))
	}
	for name, tc := range map[string]struct {
		text string
		ends string
	}{
		"lines":      {strings.Repeat("Invoice line 12.50 EUR total 12.50\n", 20000), "\n"},
		"one line":   {strings.Repeat("widget 12.50 EUR ", 40000), " "},
		"no spaces":  {strings.Repeat("€", 200000), "€"},
		"page break": {strings.Repeat(strings.Repeat("x", 2000)+"\f", 300), "\f"},
	} {
		got, cut := RulePrefix(tc.text)
		if !cut || len(got) > MaxRuleBytes || len(got) < MaxRuleBytes/2 {
			t.Fatalf("%s: cut=%v at %d bytes, want ≤ %d", name, cut, len(got), MaxRuleBytes)
		}
		if !strings.HasSuffix(got, tc.ends) || !strings.HasPrefix(tc.text, got) {
			t.Fatalf("%s: prefix ends %q, want %q", name, got[len(got)-8:], tc.ends)
		}
	}
}

// TestTail: the last n bytes, never from the middle of a rune.
func TestTail(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"Social Insurance Number", 6, "Number"},
		{"short", 48, "short"},
		{"Zürich", 5, "rich"}, // the ü's second byte is no rune's start
	} {
		if got := Tail(c.s, c.n); got != c.want {
			t.Errorf("Tail(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
