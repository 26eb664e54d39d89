package submit

import (
	"bytes"
	"mime"
	"net/http"
)

// Accepted media types: the allow-list of documents ingest takes.
const (
	MediaPDF   = "application/pdf"
	MediaPNG   = "image/png"
	MediaJPEG  = "image/jpeg"
	MediaTIFF  = "image/tiff"
	MediaText  = "text/plain"
	sniffBytes = 512
)

// Sniff returns the media type of a document judged from its first bytes,
// never from a name or a declared Content-Type, and whether it is on the
// allow-list (PDF, PNG, JPEG, TIFF, plain text). The type is returned
// without parameters, e.g. text/plain rather than text/plain; charset=utf-8.
func Sniff(head []byte) (string, bool) {
	if len(head) > sniffBytes {
		head = head[:sniffBytes]
	}
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return MediaPDF, true
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return MediaTIFF, true
	}
	detected := http.DetectContentType(head)
	mt, _, err := mime.ParseMediaType(detected)
	if err != nil {
		return detected, false
	}
	switch mt {
	case MediaPDF, MediaPNG, MediaJPEG, MediaText:
		return mt, true
	}
	return mt, false
}
