package extract

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // JPEG headers for image.DecodeConfig
	_ "image/png"  // PNG headers for image.DecodeConfig
	"io"
	"os"

	"github.com/docket-run/docket/pkg/fault"
)

// ImageInfo is what an image file's header claims.
type ImageInfo struct {
	Format string
	// Frames holds each page's size: one for PNG and JPEG, one per IFD for
	// a TIFF.
	Frames []image.Point
	// DPI is the resolution a PNG (pHYs) or JPEG (JFIF) declares, when it
	// is one Tesseract reads by (minDeclaredDPI..maxDeclaredDPI); 0 when
	// the image declares none (a TIFF's is left to the engine's default).
	DPI int
}

// InspectImage reads only the headers of the image at path (never its
// pixels) and checks every page against the limits: at most maxPages pages
// of at most maxPixels pixels each. A decompression bomb — a tiny file
// claiming a huge canvas — is rejected here as structural, before anything
// allocates its pixels.
func InspectImage(path string, maxPages int, maxPixels int64) (ImageInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return ImageInfo{}, fmt.Errorf("open image: %w", err)
	}
	defer f.Close()
	var info ImageInfo
	var magic [4]byte
	if _, err := f.ReadAt(magic[:], 0); err == nil && (string(magic[:]) == "II*\x00" || string(magic[:]) == "MM\x00*") {
		// A TIFF's sizes come from its own directory walk, for every page
		// (image.DecodeConfig reads the first only), and whatever the
		// page's sample layout: x/image/tiff refuses layouts Tesseract
		// reads, such as grayscale with an alpha channel.
		frames, err := tiffFrames(f, maxPages)
		if err != nil {
			return ImageInfo{}, err
		}
		info = ImageInfo{Format: "tiff", Frames: frames}
	} else {
		cfg, format, err := image.DecodeConfig(bufio.NewReader(f))
		if err != nil {
			return ImageInfo{}, fault.Structuralf("image header is unreadable: %w", err)
		}
		info = ImageInfo{Format: format, Frames: []image.Point{{cfg.Width, cfg.Height}}}
		info.DPI = declaredDPI(f, format)
	}
	format := info.Format
	if len(info.Frames) > maxPages {
		return ImageInfo{}, fault.Structuralf("%s image has %d pages, more than the limit of %d (DOCKET_OCR_MAX_PAGES)", format, len(info.Frames), maxPages)
	}
	for i, fr := range info.Frames {
		if err := checkPixels(fmt.Sprintf("%s image page %d", format, i+1), int64(fr.X), int64(fr.Y), maxPixels); err != nil {
			return ImageInfo{}, err
		}
	}
	return info, nil
}

func checkPixels(what string, w, h, maxPixels int64) error {
	if w <= 0 || h <= 0 {
		return fault.Structuralf("%s claims %dx%d pixels: empty or corrupt", what, w, h)
	}
	if w > maxPixels || h > maxPixels || w*h > maxPixels {
		return fault.Structuralf("%s claims %dx%d = %d pixels, more than the limit of %d (DOCKET_OCR_MAX_PIXELS): refusing to decode it", what, w, h, w*h, maxPixels)
	}
	return nil
}

// tiffFrames walks a TIFF's chain of image file directories and returns
// each one's width and height, reading at most maxPages+1 directories.
func tiffFrames(r io.ReaderAt, maxPages int) ([]image.Point, error) {
	hdr := make([]byte, 8)
	if _, err := r.ReadAt(hdr, 0); err != nil {
		return nil, fault.Structuralf("TIFF header: %w", err)
	}
	var bo binary.ByteOrder
	switch string(hdr[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return nil, fault.Structuralf("TIFF header: not a classic TIFF")
	}
	var frames []image.Point
	seen := map[uint32]bool{}
	for off := bo.Uint32(hdr[4:]); off != 0; {
		if seen[off] {
			return nil, fault.Structuralf("TIFF: directory chain loops at offset %d", off)
		}
		seen[off] = true
		if len(frames) > maxPages {
			break // the caller reports too many pages
		}
		var cnt [2]byte
		if _, err := r.ReadAt(cnt[:], int64(off)); err != nil {
			return nil, fault.Structuralf("TIFF directory at %d: %w", off, err)
		}
		n := int(bo.Uint16(cnt[:]))
		buf := make([]byte, n*12+4)
		if _, err := r.ReadAt(buf, int64(off)+2); err != nil && !errors.Is(err, io.EOF) {
			return nil, fault.Structuralf("TIFF directory at %d: %w", off, err)
		} else if err != nil {
			return nil, fault.Structuralf("TIFF directory at %d: truncated", off)
		}
		var fr image.Point
		for i := range n {
			e := buf[i*12 : i*12+12]
			tag, typ := bo.Uint16(e), bo.Uint16(e[2:])
			var v int
			switch typ {
			case 3: // SHORT
				v = int(bo.Uint16(e[8:]))
			case 4: // LONG
				v = int(bo.Uint32(e[8:]))
			default:
				continue
			}
			switch tag {
			case 256:
				fr.X = v
			case 257:
				fr.Y = v
			}
		}
		frames = append(frames, fr)
		off = bo.Uint32(buf[n*12:])
	}
	if len(frames) == 0 {
		return nil, fault.Structuralf("TIFF has no image directory")
	}
	return frames, nil
}

// The declared resolutions taken at their word: Tesseract refuses less
// than 70 dpi, and DOCKET_OCR_DPI allows at most 1200.
const (
	minDeclaredDPI = 70
	maxDeclaredDPI = 1200
)

// declaredDPI returns the horizontal resolution the header of a PNG (its
// pHYs chunk, in pixels per metre) or a JPEG (its JFIF segment, per inch
// or per centimetre) declares, or 0 when it declares none or one outside
// minDeclaredDPI..maxDeclaredDPI. Only the first 64 KiB are read.
func declaredDPI(r io.ReaderAt, format string) int {
	head := make([]byte, 64<<10)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	var dpi float64
	switch format {
	case "png":
		// Chunks after the 8-byte signature: length, type, data, CRC.
		for i := 8; i+8 <= len(head); {
			size := int(binary.BigEndian.Uint32(head[i:]))
			typ := string(head[i+4 : i+8])
			if typ == "IDAT" || size > len(head) {
				break
			}
			if typ == "pHYs" && size == 9 && i+17 <= len(head) && head[i+16] == 1 { // unit 1: the metre
				dpi = float64(binary.BigEndian.Uint32(head[i+8:])) * 0.0254
				break
			}
			i += 12 + size
		}
	case "jpeg":
		// APP0 right after SOI: FFD8 FFE0 len "JFIF\0" version units xdensity.
		if len(head) >= 16 && head[2] == 0xFF && head[3] == 0xE0 && string(head[6:11]) == "JFIF\x00" {
			x := float64(binary.BigEndian.Uint16(head[14:]))
			switch head[13] {
			case 1:
				dpi = x
			case 2:
				dpi = x * 2.54
			}
		}
	}
	d := int(dpi + 0.5)
	if d < minDeclaredDPI || d > maxDeclaredDPI {
		return 0
	}
	return d
}

// cutShort reports whether the JPEG or PNG image at path lacks the marker
// that ends it within its last KiB: a JPEG's end of image (FF D9, which
// its coded data never holds) or a PNG's IEND chunk. A file cut short in
// transfer or storage lacks it. Other formats, and a file that cannot be
// read, report false.
func cutShort(path, format string) bool {
	var end []byte
	switch format {
	case "jpeg":
		end = []byte{0xFF, 0xD9}
	case "png":
		end = []byte("IEND")
	default:
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false
	}
	n := min(st.Size(), 1024)
	tail := make([]byte, n)
	if _, err := f.ReadAt(tail, st.Size()-n); err != nil {
		return false
	}
	return !bytes.Contains(tail, end)
}
