package sniff

import (
	"bytes"
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
	})
}
