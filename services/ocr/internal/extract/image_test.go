package extract_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/fault"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

func TestInspectImage(t *testing.T) {
	for _, name := range []string{"invoice.png", "invoice.jpg", "invoice.tif"} {
		info, err := extract.InspectImage(filepath.Join(testdata, name), 1, 1_000_000)
		if err != nil || len(info.Frames) != 1 || info.Frames[0].X != 501 || info.Frames[0].Y != 156 {
			t.Errorf("%s: %+v, %v; want one 501x156 frame", name, info, err)
		}
	}
	if _, err := extract.InspectImage(filepath.Join(testdata, "invoice.png"), 1, 501*156-1); err == nil || fault.ClassOf(err) != fault.Structural {
		t.Errorf("one pixel over the limit: err = %v, want structural", err)
	}
}

// TestTIFFLaterPageBomb appends a second page claiming 100000x100000
// pixels to the TIFF fixture: image.DecodeConfig sees only the first page,
// the directory walk must catch the second.
func TestTIFFLaterPageBomb(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testdata, "invoice.tif"))
	if err != nil {
		t.Fatal(err)
	}
	var bo interface {
		binary.ByteOrder
		binary.AppendByteOrder
	} = binary.LittleEndian
	if string(b[:2]) == "MM" {
		bo = binary.BigEndian
	}
	first := bo.Uint32(b[4:])
	n := uint32(bo.Uint16(b[first:]))
	nextAt := first + 2 + n*12
	ifd := uint32(len(b))
	bo.PutUint32(b[nextAt:], ifd)
	entry := func(tag uint16, v uint32) []byte {
		e := make([]byte, 12)
		bo.PutUint16(e, tag)
		bo.PutUint16(e[2:], 4) // LONG
		bo.PutUint32(e[4:], 1)
		bo.PutUint32(e[8:], v)
		return e
	}
	b = bo.AppendUint16(b, 2)
	b = append(b, entry(256, 100000)...)
	b = append(b, entry(257, 100000)...)
	b = bo.AppendUint32(b, 0)
	path := filepath.Join(t.TempDir(), "bomb.tif")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = extract.InspectImage(path, 10, 100_000_000)
	if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), "page 2 claims 100000x100000") {
		t.Fatalf("err = %v, want a structural rejection of page 2", err)
	}
	if _, err := extract.InspectImage(path, 1, 100_000_000); err == nil || !strings.Contains(err.Error(), "2 pages, more than the limit of 1") {
		t.Fatalf("err = %v, want too many pages", err)
	}
}

// TestTIFFGrayWithAlpha: an 8-bit grayscale TIFF with an alpha channel
// (ExtraSamples), which ImageMagick writes and Tesseract reads, is measured
// from its directory instead of being refused as unreadable (x/image/tiff
// does not support extra samples).
func TestTIFFGrayWithAlpha(t *testing.T) {
	bo := binary.LittleEndian
	const w, h = 1200, 600
	b := []byte("II*\x00")
	b = bo.AppendUint32(b, 8)
	tags := [][4]uint32{ // tag, type, count, value (two SHORTs: 8 and 8)
		{256, 4, 1, w}, {257, 4, 1, h}, {258, 3, 2, 8 | 8<<16}, {259, 3, 1, 1}, {262, 3, 1, 1},
		{273, 4, 1, 0}, {277, 3, 1, 2}, {278, 4, 1, h}, {279, 4, 1, w * h * 2}, {338, 3, 1, 2},
	}
	b = bo.AppendUint16(b, uint16(len(tags)))
	for _, tg := range tags {
		b = bo.AppendUint16(b, uint16(tg[0]))
		b = bo.AppendUint16(b, uint16(tg[1]))
		b = bo.AppendUint32(b, tg[2])
		b = bo.AppendUint32(b, tg[3])
	}
	b = bo.AppendUint32(b, 0)
	path := filepath.Join(t.TempDir(), "gray-alpha.tif")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := extract.InspectImage(path, 1, 100_000_000)
	if err != nil || info.Format != "tiff" || len(info.Frames) != 1 || info.Frames[0].X != w || info.Frames[0].Y != h {
		t.Fatalf("InspectImage = %+v, %v; want one %dx%d tiff page", info, err, w, h)
	}
}
