package sniff

import (
	"bytes"
	"strings"
	"testing"
)

func TestMediaType(t *testing.T) {
	cases := []struct {
		name string
		head []byte
		want string
		ok   bool
	}{
		{"pdf", []byte("%PDF-1.4\n..."), PDF, true},
		{"tiff little endian", []byte("II*\x00\x08\x00\x00\x00"), TIFF, true},
		{"tiff big endian", []byte("MM\x00*\x00\x00\x00\x08"), TIFF, true},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), PNG, true},
		{"jpeg", []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), JPEG, true},
		{"text", []byte("Invoice 42\nTotal: 10 EUR\n"), Text, true},
		{"html", []byte("<!DOCTYPE html><html></html>"), "text/html", false},
		{"zip", []byte("PK\x03\x04\x14\x00"), "application/zip", false},
		{"gif", []byte("GIF89a\x01\x00"), "image/gif", false},
		{"binary", []byte{0, 1, 2, 3, 0xfe, 0xff}, "application/octet-stream", false},
		{"pdf marker not at start", []byte(" %PDF-1.4"), Text, true},
		{"pdf marker after a line of text", []byte("Notes on file formats:\n%PDF-1.7 begins a PDF\n"), Text, true},
		{"png marker not at start", []byte("x\x89PNG\r\n\x1a\n"), "application/octet-stream", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := MediaType(c.head)
			if got != c.want || ok != c.ok {
				t.Errorf("MediaType = %q, %v; want %q, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestUTF16WithoutBOM(t *testing.T) {
	le := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), 0)
		}
		return b
	}
	be := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, 0, byte(r))
		}
		return b
	}
	cases := []struct {
		name string
		head []byte
		want bool
	}{
		{"little endian", le("Invoice 42\r\nTotal: 10 EUR\r\n"), true},
		{"big endian", be("Rechnung 42\nSumme: 10 EUR\n"), true},
		{"utf-8 text", []byte("Invoice 42\nTotal: 10 EUR\n"), false},
		{"binary", []byte{0, 1, 2, 3, 0xfe, 0xff, 0, 0, 7, 0}, false},
		{"too short", le("ab"), false},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := UTF16WithoutBOM(c.head); got != c.want {
				t.Errorf("UTF16WithoutBOM = %v, want %v", got, c.want)
			}
			if c.want {
				if mt, ok := MediaType(c.head); ok {
					t.Errorf("MediaType = %q accepted; UTF-16 without a byte order mark is refused", mt)
				}
			}
		})
	}
}

func TestControlInText(t *testing.T) {
	cases := []struct {
		name string
		head string
		at   int
		ok   bool
	}{
		{"nul in text", "Invoice 42\nTotal:\x00 10 EUR\n", 17, true},
		{"bell in utf-8 text", "Rechnung Nr. 42 für Müller\x07\n", 28, true},
		{"plain text", "Invoice 42\tTotal: 10 EUR\f\x1b[0m\r\n", 0, false},
		{"binary", "\x00\x01\x02\x03\xfe\xff\x00\x00\x07\x00", 0, false},
		{"invalid utf-8", "Invoice \xff\xfe 42\x00 total", 0, false},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 0, false},
		{"utf-16", "I\x00n\x00v\x00o\x00i\x00c\x00e\x00 \x004\x002\x00", 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			at, _, ok := ControlInText([]byte(c.head))
			if ok != c.ok || at != c.at {
				t.Errorf("ControlInText = %d, %v; want %d, %v", at, ok, c.at, c.ok)
			}
			if ok {
				if mt, accepted := MediaType([]byte(c.head)); accepted {
					t.Errorf("MediaType = %q accepted; text with a control byte sniffs as binary", mt)
				}
			}
		})
	}
	// A rune cut by the head's end is still text.
	head := []byte(strings.Repeat("é", HeadSize/2-1) + "\x00ü")
	if at, _, ok := ControlInText(head); !ok || at != HeadSize-2 {
		t.Errorf("head cut inside a rune: ControlInText = %d, %v", at, ok)
	}
}

// FuzzMediaType checks that MediaType never panics, that it only accepts
// the allow-list, and that the explicit magic numbers win.
func FuzzMediaType(f *testing.F) {
	for _, s := range []string{"%PDF-1.7", "II*\x00", "MM\x00*", "\x89PNG\r\n\x1a\n", "\xff\xd8\xff", "plain text", "<html>", "PK\x03\x04", "", "text %PDF-1.7"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		mt, ok := MediaType(b)
		if ok {
			switch mt {
			case PDF, PNG, JPEG, TIFF, Text:
			default:
				t.Fatalf("accepted %q", mt)
			}
		}
		if bytes.HasPrefix(b, []byte("%PDF-")) != (mt == PDF) {
			t.Fatalf("%q sniffed as %q: PDF exactly when it starts with %%PDF-", b[:min(len(b), 16)], mt)
		}
		if (bytes.HasPrefix(b, []byte("II*\x00")) || bytes.HasPrefix(b, []byte("MM\x00*"))) && mt != TIFF {
			t.Fatalf("TIFF magic sniffed as %q", mt)
		}
		if at, c, found := ControlInText(b); found && (ok || !binaryControl(c) || b[at] != c) {
			t.Fatalf("ControlInText(%q) = %d, %#x on a document sniffed as %q (accepted %v)", b[:min(len(b), 16)], at, c, mt, ok)
		}
	})
}
