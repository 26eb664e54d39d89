// Package sniff is the one rule by which Docket tells what a document is:
// ingest decides from it what it accepts and the media type it records,
// and OCR decides from it which engine reads a document. Both must agree,
// or a document accepted as one thing is parsed as another (issue 15: OCR
// took any file with %PDF- in its first 1024 bytes for a PDF while ingest
// required it at byte 0, so text accepted as text reached poppler).
package sniff

import (
	"bytes"
	"mime"
	"net/http"
	"unicode/utf8"
)

// The media types Docket accepts.
const (
	PDF  = "application/pdf"
	PNG  = "image/png"
	JPEG = "image/jpeg"
	TIFF = "image/tiff"
	Text = "text/plain"
)

// HeadSize is how many leading bytes MediaType reads; it ignores the rest.
const HeadSize = 512

// MediaType returns the media type of a document judged from its first
// bytes, never from a name or a declared Content-Type, and whether it is
// one Docket accepts (PDF, PNG, JPEG, TIFF, plain text). Every signature
// is matched at byte 0 only. The type is returned without parameters,
// e.g. text/plain rather than text/plain; charset=utf-8.
func MediaType(head []byte) (string, bool) {
	if len(head) > HeadSize {
		head = head[:HeadSize]
	}
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return PDF, true
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return TIFF, true
	}
	detected := http.DetectContentType(head)
	mt, _, err := mime.ParseMediaType(detected)
	if err != nil {
		return detected, false
	}
	switch mt {
	case PDF, PNG, JPEG, Text:
		return mt, true
	}
	return mt, false
}

// UTF16WithoutBOM reports whether head reads as UTF-16 text that has no
// byte order mark: mostly letters in one byte of each pair and zeros in
// the other. Such a file sniffs as binary (its zero bytes), so the
// refusal can say what it is and how to send it instead.
func UTF16WithoutBOM(head []byte) bool {
	if len(head) > HeadSize {
		head = head[:HeadSize]
	}
	pairs := len(head) / 2
	if pairs < 4 {
		return false
	}
	var le, be int
	for i := 0; i+1 < len(head); i += 2 {
		a, b := head[i], head[i+1]
		switch {
		case a != 0 && b == 0 && printable(a):
			le++
		case a == 0 && b != 0 && printable(b):
			be++
		}
	}
	return le*10 >= pairs*9 || be*10 >= pairs*9
}

// ControlInText reports where text holds a byte that makes it binary (a
// NUL or another control character but tab, line feed, form feed,
// carriage return and escape), when head is otherwise text: valid UTF-8,
// no other signature, and nine bytes in ten printable. Such a file sniffs
// as binary, so the refusal can say which byte and where.
func ControlInText(head []byte) (at int, c byte, ok bool) {
	if len(head) > HeadSize {
		head = head[:HeadSize]
	}
	at = bytes.IndexFunc(head, func(r rune) bool { return r < 0x20 && binaryControl(byte(r)) })
	if _, accepted := MediaType(head); accepted || at < 0 || !validUTF8Head(head) {
		return 0, 0, false
	}
	n := 0
	for _, b := range head {
		if printable(b) {
			n++
		}
	}
	if n*10 < len(head)*9 || UTF16WithoutBOM(head) {
		return 0, 0, false
	}
	return at, head[at], true
}

// validUTF8Head reports whether head is valid UTF-8 but for a rune cut
// at its end.
func validUTF8Head(head []byte) bool {
	for cut := 0; cut < utf8.UTFMax && cut <= len(head); cut++ {
		if utf8.Valid(head[:len(head)-cut]) {
			return true
		}
	}
	return false
}

// binaryControl is a control byte that, as http.DetectContentType
// reads it, makes a file binary.
func binaryControl(c byte) bool {
	return c <= 0x08 || c == 0x0B || (c >= 0x0E && c <= 0x1A) || (c >= 0x1C && c <= 0x1F)
}

func printable(c byte) bool { return c >= 0x20 || c == '\n' || c == '\r' || c == '\t' }
