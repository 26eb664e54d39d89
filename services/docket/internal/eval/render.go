package eval

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-fonts/liberation/liberationserifregular"
	"github.com/go-pdf/fpdf"
	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// A4 in points, and the page margin.
const (
	pageW, pageH = 595.28, 841.89
	margin       = 54.0
	maxFontSize  = 10.5
	// paper is the grey of the page under the print.
	paper = 250
)

// Scan is how a scanned variant's pages were printed and scanned: chosen
// from the variant's file name, so every run renders the same bytes.
type Scan struct {
	DPI   int
	Angle float64 // skew, degrees
	Blur  int     // box blur radius, pixels
	Ink   uint8   // grey of the print: 0 is black, higher is fainter
	// Quality is the JPEG quality the page went through.
	Quality int
	// Speckle is the fraction of pixels flipped by dust and noise.
	Speckle float64
	Serif   bool
}

func (s Scan) String() string {
	return fmt.Sprintf("%d dpi, skew %.1f°, blur %d px, ink %d, JPEG q%d", s.DPI, s.Angle, s.Blur, s.Ink, s.Quality)
}

// ScanOf returns the scan defects of a variant.
func ScanOf(v Variant) Scan {
	h := fnv.New64a()
	h.Write([]byte(v.File()))
	r := rand.New(rand.NewPCG(h.Sum64(), 17))
	s := Scan{DPI: []int{150, 200, 300}[r.IntN(3)], Angle: (r.Float64()*2 - 1) * 2.5, Ink: uint8(r.IntN(120)),
		Quality: 30 + r.IntN(46), Speckle: r.Float64() * 0.003, Serif: r.IntN(2) == 0}
	s.Blur = r.IntN(2)
	if s.DPI == 300 {
		s.Blur += r.IntN(2)
	}
	return s
}

// Rendered is a variant's file.
type Rendered struct {
	Body []byte
	// Pages are the page images as submitted (scanned variants).
	Pages []image.Image
	Scan  Scan
}

// Render renders a variant's file.
func Render(v Variant) (Rendered, error) {
	switch v.Format {
	case FormatText:
		return Rendered{Body: []byte(v.Doc.Text + "\n")}, nil
	case FormatTextPDF:
		b, err := textPDF(layout(v.Doc))
		return Rendered{Body: b}, err
	case FormatPNG, FormatScanPDF:
		return scanned(v)
	}
	return Rendered{}, fmt.Errorf("eval variant %s: unknown format %q", v.File(), v.Format)
}

// segment is a run of text that starts at a column of its line: table
// cells (runs split by two or more spaces) keep their columns on the page.
type segment struct {
	col  int
	text string
}

// line is a line of a page: its segments, or a drawn rule.
type line struct {
	segs []segment
	rule bool
}

// page is a laid-out document: its pages, the font size and line height
// (points) and the width of one source column (points).
type pages struct {
	lines             [][]line
	size, lineH, colW float64
}

// layout places a document on A4 pages: the font as large as the widest
// line allows, source columns kept.
func layout(d *Doc) pages {
	var p pages
	widest, longest := 1, 1
	for _, src := range d.Pages() {
		var ls []line
		for _, l := range strings.Split(src, "\n") {
			widest = max(widest, utf8.RuneCountInString(l))
			if isRule(strings.TrimSpace(l)) {
				ls = append(ls, line{rule: true})
				continue
			}
			ls = append(ls, line{segs: segments(l)})
		}
		longest = max(longest, len(ls))
		p.lines = append(p.lines, ls)
	}
	p.colW = min(maxFontSize*0.6, (pageW-2*margin)/float64(widest))
	p.size = p.colW / 0.6
	p.lineH = min(p.size*1.45, (pageH-2*margin)/float64(longest))
	return p
}

// segments splits a line at runs of two or more spaces.
func segments(l string) []segment {
	var out []segment
	rs := []rune(l)
	for i := 0; i < len(rs); {
		if rs[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(rs) && (rs[j] != ' ' || (j+1 < len(rs) && rs[j+1] != ' ')) {
			j++
		}
		out = append(out, segment{col: i, text: string(rs[i:j])})
		i = j
	}
	return out
}

// fixedDate keeps the PDFs' bytes the same from run to run.
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newPDF() *fpdf.Fpdf {
	pdf := fpdf.New("P", "pt", "A4", "")
	pdf.SetCreationDate(fixedDate)
	pdf.SetModificationDate(fixedDate)
	pdf.SetCatalogSort(true)
	return pdf
}

func textPDF(p pages) ([]byte, error) {
	pdf := newPDF()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	for _, ls := range p.lines {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "", p.size)
		for i, l := range ls {
			y := margin + float64(i+1)*p.lineH
			if l.rule {
				pdf.Line(margin, y-p.size/3, pageW-margin, y-p.size/3)
			}
			for _, s := range l.segs {
				pdf.Text(margin+float64(s.col)*p.colW, y, tr(s.text))
			}
		}
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("render text pdf: %w", err)
	}
	return b.Bytes(), nil
}

func scanned(v Variant) (Rendered, error) {
	sc := ScanOf(v)
	p := layout(v.Doc)
	if v.Format == FormatPNG && len(p.lines) > 1 {
		return Rendered{}, fmt.Errorf("eval variant %s: a PNG holds one page, the document has %d", v.File(), len(p.lines))
	}
	ttf := liberationsansregular.TTF
	if sc.Serif {
		ttf = liberationserifregular.TTF
	}
	f, err := opentype.Parse(ttf)
	if err != nil {
		return Rendered{}, fmt.Errorf("parse font: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: p.size, DPI: float64(sc.DPI), Hinting: font.HintingFull})
	if err != nil {
		return Rendered{}, fmt.Errorf("font face: %w", err)
	}
	defer face.Close()
	r := rand.New(rand.NewPCG(uint64(sc.DPI), uint64(sc.Quality)))
	out := Rendered{Scan: sc}
	var jpegs [][]byte
	for _, ls := range p.lines {
		img := degrade(printPage(ls, p, sc, face), sc, r)
		var j bytes.Buffer
		if err := jpeg.Encode(&j, img, &jpeg.Options{Quality: sc.Quality}); err != nil {
			return Rendered{}, fmt.Errorf("encode scan: %w", err)
		}
		scan, err := jpeg.Decode(bytes.NewReader(j.Bytes()))
		if err != nil {
			return Rendered{}, fmt.Errorf("decode scan: %w", err)
		}
		jpegs = append(jpegs, j.Bytes())
		out.Pages = append(out.Pages, scan)
	}
	if v.Format == FormatPNG {
		var b bytes.Buffer
		if err := png.Encode(&b, out.Pages[0]); err != nil {
			return Rendered{}, fmt.Errorf("encode png: %w", err)
		}
		out.Body = withDPI(b.Bytes(), sc.DPI)
		return out, nil
	}
	pdf := newPDF()
	for i, j := range jpegs {
		pdf.AddPage()
		name := fmt.Sprintf("page%d", i+1)
		opts := fpdf.ImageOptions{ImageType: "JPG"}
		pdf.RegisterImageOptionsReader(name, opts, bytes.NewReader(j))
		pdf.ImageOptions(name, 0, 0, pageW, pageH, false, opts, 0, "")
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return Rendered{}, fmt.Errorf("render scanned pdf: %w", err)
	}
	out.Body = b.Bytes()
	return out, nil
}

// withDPI adds a pHYs chunk after a PNG's header, as a scanner writes its
// resolution (Go's encoder writes none).
func withDPI(p []byte, dpi int) []byte {
	const ihdrEnd = 8 + 25 // signature, IHDR's length, type, 13 bytes of data and CRC
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	chunk := binary.BigEndian.AppendUint32(nil, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // unit: metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return slices.Concat(p[:ihdrEnd], chunk, p[ihdrEnd:])
}

// printPage draws one page at the scan's resolution.
func printPage(ls []line, p pages, sc Scan, face font.Face) *image.Gray {
	px := float64(sc.DPI) / 72
	img := image.NewGray(image.Rect(0, 0, int(pageW*px), int(pageH*px)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.Gray{Y: paper}), image.Point{}, draw.Src)
	ink := image.NewUniform(color.Gray{Y: sc.Ink})
	d := font.Drawer{Dst: img, Src: ink, Face: face}
	for i, l := range ls {
		y := (margin + float64(i+1)*p.lineH) * px
		if l.rule {
			top := int(y - p.size/3*px)
			draw.Draw(img, image.Rect(int(margin*px), top, int((pageW-margin)*px), top+max(1, int(px))), ink, image.Point{}, draw.Src)
		}
		for _, s := range l.segs {
			d.Dot = fixed.P(int((margin+float64(s.col)*p.colW)*px), int(y))
			d.DrawString(s.text)
		}
	}
	return img
}

// degrade skews, blurs and speckles a printed page as a scanner would.
func degrade(img *image.Gray, sc Scan, r *rand.Rand) *image.Gray {
	out := boxBlur(rotate(img, sc.Angle), sc.Blur)
	for i := range out.Pix {
		if r.Float64() < sc.Speckle {
			out.Pix[i] = 255 - out.Pix[i]/2
		}
	}
	return out
}

// rotate turns a page by deg degrees about its centre, bilinearly; what
// comes in from outside the page is paper.
func rotate(img *image.Gray, deg float64) *image.Gray {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	out := image.NewGray(img.Bounds())
	sin, cos := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(w)/2, float64(h)/2
	at := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return paper
		}
		return float64(img.Pix[y*img.Stride+x])
	}
	for y := range h {
		for x := range w {
			// the source point that lands on (x, y)
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cos*dx+sin*dy+cx, -sin*dx+cos*dy+cy
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			v := (at(x0, y0)*(1-fx)+at(x0+1, y0)*fx)*(1-fy) + (at(x0, y0+1)*(1-fx)+at(x0+1, y0+1)*fx)*fy
			out.Pix[y*out.Stride+x] = uint8(v + 0.5)
		}
	}
	return out
}

// boxBlur blurs with a (2r+1)² box, in two passes of running sums.
func boxBlur(img *image.Gray, r int) *image.Gray {
	if r == 0 {
		return img
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	// pass blurs n rows of length m; at(i, j) is the index of row i's j-th pixel.
	pass := func(src *image.Gray, n, m int, at func(i, j int) int) *image.Gray {
		dst := image.NewGray(src.Bounds())
		for i := range n {
			sum, cnt := 0, 0
			for j := 0; j < min(r, m); j++ {
				sum += int(src.Pix[at(i, j)])
				cnt++
			}
			for j := range m {
				if k := j + r; k < m {
					sum += int(src.Pix[at(i, k)])
					cnt++
				}
				if k := j - r - 1; k >= 0 {
					sum -= int(src.Pix[at(i, k)])
					cnt--
				}
				dst.Pix[at(i, j)] = uint8(sum / cnt)
			}
		}
		return dst
	}
	s := img.Stride
	rows := pass(img, h, w, func(y, x int) int { return y*s + x })
	return pass(rows, w, h, func(x, y int) int { return y*s + x })
}
