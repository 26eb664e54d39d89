package samples

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"path/filepath"
	"strings"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/tiff"
)

// Render returns the bytes of s in the format its file extension names. A
// name ending in -scan.pdf is a scanned PDF: a page image with no text
// layer, which only OCR can read.
func Render(s Sample) ([]byte, error) {
	switch ext := strings.ToLower(filepath.Ext(s.File)); {
	case ext == ".txt":
		return []byte(s.Text + "\n"), nil
	case strings.HasSuffix(s.File, "-scan.pdf"):
		return scannedPDF(s.Text)
	case ext == ".pdf":
		return textPDF(s.Text)
	case ext == ".png":
		var b bytes.Buffer
		err := png.Encode(&b, Raster(s.Text))
		return b.Bytes(), err
	case ext == ".jpg" || ext == ".jpeg":
		var b bytes.Buffer
		err := jpeg.Encode(&b, Raster(s.Text), &jpeg.Options{Quality: 90})
		return b.Bytes(), err
	case ext == ".tif" || ext == ".tiff":
		var b bytes.Buffer
		err := tiff.Encode(&b, Raster(s.Text), &tiff.Options{Compression: tiff.Deflate})
		return b.Bytes(), err
	default:
		return nil, fmt.Errorf("sample %s: unknown format %q", s.File, ext)
	}
}

// scale is how much the 7x13 bitmap font is enlarged: at 4x the glyphs are
// about 50 px high, what a 300 dpi scan of 12 pt text looks like.
const scale = 4

// Raster draws text as a greyscale page image, as a scanner would deliver
// it.
func Raster(text string) *image.Gray {
	lines := strings.Split(text, "\n")
	width := 0
	for _, l := range lines {
		width = max(width, len(l))
	}
	face := basicfont.Face7x13
	const margin, lineHeight = 24, 16
	small := image.NewGray(image.Rect(0, 0, width*face.Advance+2*margin, len(lines)*lineHeight+2*margin))
	draw.Draw(small, small.Bounds(), image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: small, Src: image.NewUniform(color.Black), Face: face}
	for i, l := range lines {
		d.Dot = fixed.P(margin, margin+(i+1)*lineHeight-3)
		d.DrawString(l)
	}
	big := image.NewGray(image.Rect(0, 0, small.Bounds().Dx()*scale, small.Bounds().Dy()*scale))
	draw.CatmullRom.Scale(big, big.Bounds(), small, small.Bounds(), draw.Src, nil)
	return big
}

func textPDF(text string) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle("Docket sample", true)
	pdf.AddPage()
	pdf.SetFont("Courier", "", 10)
	for _, l := range strings.Split(text, "\n") {
		pdf.CellFormat(0, 5, l, "", 1, "L", false, 0, "")
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("render pdf: %w", err)
	}
	return b.Bytes(), nil
}

func scannedPDF(text string) ([]byte, error) {
	var img bytes.Buffer
	if err := png.Encode(&img, Raster(text)); err != nil {
		return nil, err
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	opts := fpdf.ImageOptions{ImageType: "PNG"}
	info := pdf.RegisterImageOptionsReader("scan", opts, &img)
	w := 190.0
	h := w * info.Height() / info.Width()
	pdf.ImageOptions("scan", 10, 10, w, h, false, opts, 0, "")
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("render scanned pdf: %w", err)
	}
	return b.Bytes(), nil
}
