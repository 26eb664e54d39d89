package extract

import (
	"bytes"
	"mime"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/docket-run/docket/pkg/fault"
	"golang.org/x/text/encoding/charmap"
)

// Charsets DecodeText reports.
const (
	CharsetUTF8    = "utf-8"
	CharsetUTF16LE = "utf-16le"
	CharsetUTF16BE = "utf-16be"
	CharsetCP1252  = "windows-1252"
	CharsetCP1250  = "windows-1250"
	CharsetLatin2  = "iso-8859-2"
)

// maxControlRatio bounds the share of control characters (other than tab,
// newline, carriage return, form feed) in text: more means binary content.
const maxControlRatio = 0.01

// TextResult is a decoded plain-text document.
type TextResult struct {
	Text    string
	Charset string
	// Repaired counts invalid UTF-8 sequences replaced by U+FFFD.
	Repaired int
}

// DecodeText turns a plain-text document into UTF-8. The charset comes
// from, in order: a byte order mark (UTF-8, UTF-16LE/BE); the media type's
// charset parameter (an explicit UTF-8 is repaired: invalid sequences become
// U+FFFD); valid UTF-8; else a heuristic: text with at least as many valid
// multi-byte UTF-8 sequences as invalid ones is UTF-8 with a few bad bytes
// (Latin-1 text almost never forms valid multi-byte sequences by accident)
// and is repaired; anything else is read as Windows-1250 when its bytes
// say so (centralEuropean: Polish, Czech, Slovak, Hungarian, Slovenian and
// Croatian text saved by Windows), else as Windows-1252 (a superset of
// Latin-1's printable range). Binary content (NUL bytes, many control
// characters) is rejected as structural.
func DecodeText(b []byte, mediaType string) (TextResult, error) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return decodeUTF8(b[3:], true)
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		return decodeUTF16(b[2:], false)
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return decodeUTF16(b[2:], true)
	}
	if _, params, err := mime.ParseMediaType(mediaType); err == nil {
		switch cs := strings.ToLower(params["charset"]); cs {
		case "", "us-ascii", "ascii":
		case "utf-8", "utf8":
			if bytes.IndexByte(b, 0) >= 0 {
				return TextResult{}, fault.Structuralf("UTF-8 text holds NUL bytes: binary content, not text")
			}
			return decodeUTF8(b, true)
		case "utf-16le":
			return decodeUTF16(b, false)
		case "utf-16be", "utf-16":
			return decodeUTF16(b, true)
		case "iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252":
			return decodeCP1252(b)
		case "windows-1250", "cp1250":
			return decodeCharmap(b, charmap.Windows1250, CharsetCP1250)
		case "iso-8859-2", "latin2", "latin-2":
			return decodeCharmap(b, charmap.ISO8859_2, CharsetLatin2)
		default:
			return TextResult{}, fault.Structuralf("text charset %q is not supported: want UTF-8, UTF-16, Windows-1252/Latin-1 or Windows-1250/Latin-2", cs)
		}
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return TextResult{}, fault.Structuralf("plain text holds NUL bytes without a UTF-16 byte order mark: binary content, not text")
	}
	if utf8.Valid(b) {
		return decodeUTF8(b, false)
	}
	invalid, multibyte := scanUTF8(b)
	if multibyte > 0 && invalid <= multibyte {
		return decodeUTF8(b, true)
	}
	if centralEuropean(b) {
		if latin2(b) {
			return decodeCharmap(b, charmap.ISO8859_2, CharsetLatin2)
		}
		return decodeCharmap(b, charmap.Windows1250, CharsetCP1250)
	}
	return decodeCP1252(b)
}

// latin2Letters are bytes ISO-8859-2 reads as letters where Windows-1250
// reads other letters or symbols: Ą Ś Š Ť Ź Ž ą ľ ś š ť ź ž (Windows-1250
// keeps most of them in 0x8A-0x9F, where ISO-8859-2 has only control
// characters).
var latin2Letters = [256]bool{0xA1: true, 0xA6: true, 0xA9: true, 0xAB: true, 0xAC: true, 0xAE: true, 0xB1: true, 0xB5: true, 0xB6: true, 0xB9: true, 0xBB: true, 0xBC: true, 0xBE: true}

// latin2 reports whether Central European text is ISO-8859-2 rather
// than Windows-1250: none of its bytes is in 0x80-0x9F (Windows-1250's
// š, ž, ś, ź, ť and their capitals; control characters in ISO-8859-2),
// and some are ISO-8859-2's own letters (found from outside: a Croatian
// statement saved as ISO-8859-2 read "Zavr¹no" for "Završno").
func latin2(b []byte) bool {
	own := false
	for _, c := range b {
		if c >= 0x80 && c <= 0x9F {
			return false
		}
		own = own || latin2Letters[c]
	}
	return own
}

// cp1250Letters are bytes that Windows-1250 reads as letters of Central
// European languages and Windows-1252 as symbols or nothing: ą ł ż Ą Ł Ż
// ľ Ľ ź Ź ť Ť (¹ ³ ¿ ¥ £ ¯ ¾ ¼ Ÿ and three undefined bytes in 1252).
// œ, æ, ê, ø and the like are left out: they are letters of Western
// languages too.
var cp1250Letters = [256]bool{0xB9: true, 0xB3: true, 0xBF: true, 0xA5: true, 0xA3: true, 0xAF: true, 0xBE: true, 0xBC: true, 0x9F: true, 0x8F: true, 0x9D: true, 0x8D: true}

// czechVowels are the bytes of ě, ů, Ě and Ů in Windows-1250, which
// Windows-1252 reads as ì, ù, Ì and Ù: letters Western languages put at
// the end of a word (Italian "più", "così", French "où"), Czech inside
// one ("děkujeme", "způsob", "Odběratel").
var czechVowels = [256]bool{0xEC: true, 0xF9: true, 0xCC: true, 0xD9: true}

// centralEuropean reports whether text that is not UTF-8 reads as
// Windows-1250 or ISO-8859-2: at least two of their own letters
// (cp1250Letters, latin2Letters, czechVowels) stand inside words ("by³o",
// "ka¿dy", "dìkujeme", letters on both sides), where a symbol or an
// accented vowel in Western text does not (a pound sign, "m³", a Spanish
// "¿", an Italian "più" are not inside words), or are bytes Windows-1252
// leaves undefined (ť, Ť, Ź), wherever they stand. Or it holds ć and č
// inside words (Croatian, Slovenian, Bosnian: "Jelaèiæa" in Windows-1252),
// or ő and ű twice beside letters with none of the Western letters that
// come with õ and û (Hungarian "összesítõ": Portuguese õ comes with ã or
// ç, Estonian with ä, French û with à, ç or è). Czech text with neither ě
// nor ů inside a word keeps letters both code pages share or spell alike
// (č, ř read as è, ø) and is not told from Western text: it is read as
// Windows-1252.
func centralEuropean(b []byte) bool {
	letter := func(c byte) bool {
		return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0xC0 && c != 0xD7 && c != 0xF7 ||
			c == 0x8A || c == 0x8C || c == 0x8E || c == 0x9A || c == 0x9C || c == 0x9E
	}
	inside := func(i int) bool { return i > 0 && i+1 < len(b) && letter(b[i-1]) && letter(b[i+1]) }
	beside := func(i int) bool { return i > 0 && letter(b[i-1]) || i+1 < len(b) && letter(b[i+1]) }
	n, hungarian := 0, 0
	var cacute, ccaron, western bool
	for i, c := range b {
		switch c | 0x20 {
		case 0xE6:
			cacute = cacute || inside(i)
		case 0xE8: // č, or a Western è
			ccaron, western = ccaron || inside(i), true
		case 0xF5, 0xFB:
			if beside(i) {
				hungarian++
			}
		case 0xE0, 0xE3, 0xE4, 0xE7:
			western = true
		}
		if !cp1250Letters[c] && !czechVowels[c] && !latin2Letters[c] {
			continue
		}
		undefined := c == 0x8D || c == 0x8F || c == 0x9D
		if undefined || inside(i) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return cacute && ccaron || hungarian >= 2 && !western
}

// decodeCharmap decodes single-byte text with cm.
func decodeCharmap(b []byte, cm *charmap.Charmap, charset string) (TextResult, error) {
	out, err := cm.NewDecoder().Bytes(b)
	if err != nil {
		return TextResult{}, fault.Structuralf("decode %s text: %v", charset, err)
	}
	res := TextResult{Text: string(out), Charset: charset}
	res.Repaired = strings.Count(res.Text, "\uFFFD")
	return res, checkControls(res)
}

// scanUTF8 counts invalid sequences and valid multi-byte runes.
func scanUTF8(b []byte) (invalid, multibyte int) {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && n == 1:
			invalid++
		case n > 1:
			multibyte++
		}
		b = b[n:]
	}
	return invalid, multibyte
}

func decodeUTF8(b []byte, repair bool) (TextResult, error) {
	res := TextResult{Charset: CharsetUTF8}
	if utf8.Valid(b) {
		res.Text = string(b)
	} else if !repair {
		return TextResult{}, fault.Structuralf("text is not valid UTF-8")
	} else {
		var sb strings.Builder
		sb.Grow(len(b))
		for len(b) > 0 {
			r, n := utf8.DecodeRune(b)
			if r == utf8.RuneError && n == 1 {
				res.Repaired++
			}
			sb.WriteRune(r)
			b = b[n:]
		}
		res.Text = sb.String()
	}
	return res, checkControls(res)
}

func decodeUTF16(b []byte, bigEndian bool) (TextResult, error) {
	cs := CharsetUTF16LE
	if bigEndian {
		cs = CharsetUTF16BE
	}
	if len(b)%2 != 0 {
		return TextResult{}, fault.Structuralf("%s text has an odd number of bytes (%d): truncated or not UTF-16", cs, len(b))
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	runes := utf16.Decode(u) // unpaired surrogates become U+FFFD
	res := TextResult{Text: string(runes), Charset: cs}
	for _, r := range runes {
		if r == utf8.RuneError {
			res.Repaired++
		}
	}
	return res, checkControls(res)
}

// cp1252 maps bytes 0x80..0x9F; the rest of Windows-1252 is Latin-1. The
// five undefined bytes map to U+FFFD.
var cp1252 = [32]rune{
	'€', '\uFFFD', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\uFFFD', 'Ž', '\uFFFD',
	'\uFFFD', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\uFFFD', 'ž', 'Ÿ',
}

func decodeCP1252(b []byte) (TextResult, error) {
	res := TextResult{Charset: CharsetCP1252}
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for _, c := range b {
		switch {
		case c < 0x80:
			sb.WriteByte(c)
		case c < 0xA0:
			r := cp1252[c-0x80]
			if r == utf8.RuneError {
				res.Repaired++
			}
			sb.WriteRune(r)
		default:
			sb.WriteRune(rune(c))
		}
	}
	res.Text = sb.String()
	return res, checkControls(res)
}

func checkControls(res TextResult) error {
	controls, total := 0, 0
	for _, r := range res.Text {
		total++
		if r == 0 || (r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f') || r == 0x7F {
			controls++
		}
	}
	if total > 0 && float64(controls) > maxControlRatio*float64(total) {
		return fault.Structuralf("%s text is %d%% control characters: binary content, not text", res.Charset, controls*100/total)
	}
	if total > 0 && float64(res.Repaired) > 0.1*float64(total) {
		return fault.Structuralf("%s text has %d invalid sequences in %d characters: not text in a supported charset", res.Charset, res.Repaired, total)
	}
	return nil
}
