package extract

import (
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // scans as JPEG
	"image/png"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Text Tesseract skipped. Tesseract's page layout analysis sometimes finds
// no block where a paragraph is printed (a 200-dpi letter lost three lines
// of its body, a phone number and an e-mail address among them, with
// `--psm 3` and `--psm 4` alike, raw Tesseract included), and the page's
// mean confidence does not show it. After a page is read, the rows of the
// image that hold ink are compared with the lines Tesseract read; a band of
// ink as tall as a line of text that no line covers is cut out and read
// alone as one block (`--psm 6`), and what it reads with confidence, and
// the page does not hold already, is put in the page's text before the
// first line read below it, as a paragraph of its own.

// span is a band of image rows, [top, bottom).
type span struct{ top, bottom int }

const (
	// skippedMinLineShare is the least height of an uncovered band of ink,
	// as a share of the median line height: drawn rules and underlines
	// are thinner.
	skippedMinLineShare = 0.7
	// skippedMaxBands bounds the bands read again on one page.
	skippedMaxBands = 6
	// skippedMinChars and skippedMinConfidence are what a band's reading
	// must reach to be kept (below, it is a logo, a photo or a stamp).
	skippedMinChars      = 16
	skippedMinConfidence = 0.6
	// skippedMinInk is the least share of a row's pixels that are ink
	// strokes for the row to count as printed.
	skippedMinInk = 1.0 / 200
	// skippedMaxPixels bounds the images decoded here (an A4 page at 600
	// dpi has 35 million pixels); larger ones are read as they are.
	skippedMaxPixels = 40_000_000
)

// recoverSkipped reads the bands of the single page image at imagePath that
// hold ink no line of page covers, and adds what they read to page. It
// fails only when ctx ends: a band that cannot be cut out or read adds
// nothing.
func (t *Tesseract) recoverSkipped(ctx context.Context, img image.Image, imagePath string, dpi int, page PageText) (PageText, error) {
	if len(page.rows) == 0 {
		return page, nil
	}
	bands, lineH := inkBands(img, page.rows)
	type insert struct {
		offset int
		text   string
	}
	var inserts []insert
	chars := float64(alnum(page.Text))
	conf := page.Confidence * chars
	for i, b := range bands {
		crop := bandPath(imagePath, i)
		if err := writeBand(crop, img, b, lineH/4); err != nil {
			_ = os.Remove(crop)
			return page, nil // the page as Tesseract read it
		}
		got, err := t.run(ctx, crop, dpi, BlockPSM, page.Language)
		_ = os.Remove(crop)
		if ctx.Err() != nil {
			return page, ctx.Err()
		}
		if err != nil || len(got) != 1 {
			// A band Tesseract cannot read adds nothing; the page stands.
			continue
		}
		// Lines of the neighbours the band's margin cut into are read
		// already.
		text := newLines(page.Text, got[0].Text)
		n := alnum(text)
		if n < skippedMinChars || got[0].Confidence < skippedMinConfidence {
			continue
		}
		inserts = append(inserts, insert{offsetBelow(page, b.top), text})
		chars += float64(n)
		conf += got[0].Confidence * float64(n)
	}
	if len(inserts) == 0 {
		return page, nil
	}
	// From the last place to the first, so the offsets stay true.
	slices.SortStableFunc(inserts, func(a, b insert) int { return b.offset - a.offset })
	for _, in := range inserts {
		if in.offset >= len(page.Text) {
			page.Text = strings.TrimRight(page.Text, "\n") + "\n\n" + in.text
			continue
		}
		page.Text = page.Text[:in.offset] + in.text + "\n\n" + page.Text[in.offset:]
	}
	page.Confidence = conf / chars
	page.Recovered = len(inserts)
	return page, nil
}

// offsetBelow is where in page's text the first line read below row top
// begins; the text's end when there is none.
func offsetBelow(page PageText, top int) int {
	for _, s := range page.starts {
		if s.top > top {
			return s.offset
		}
	}
	return len(page.Text)
}

// BlockPSM reads an image as one uniform block of text (tesseract --psm 6):
// a band cut out of a page.
const BlockPSM = 6

// bandPath is where band i of the image at imagePath is written, beside it
// in the job's work folder.
func bandPath(imagePath string, i int) string {
	return fmt.Sprintf("%s.band%d.png", imagePath, i)
}

// decodeImage decodes the PNG or JPEG at path, unless it has more than
// skippedMaxPixels pixels.
func decodeImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil {
		return nil, err
	}
	if cfg.Width*cfg.Height > skippedMaxPixels {
		return nil, fmt.Errorf("%d x %d pixels: too large to look for skipped text", cfg.Width, cfg.Height)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	img, _, err := image.Decode(f)
	return img, err
}

// writeBand writes rows b of img, with a margin of pad rows, as a grey PNG.
func writeBand(path string, img image.Image, b span, pad int) error {
	r := img.Bounds()
	return writeGray(path, grayRows(img, max(r.Min.Y, b.top-pad), min(r.Max.Y, b.bottom+pad)))
}

// grayRows copies rows [top, bottom) of img as grey levels.
func grayRows(img image.Image, top, bottom int) *image.Gray {
	r := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, r.Dx(), bottom-top))
	for y := top; y < bottom; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.Pix[(y-top)*g.Stride+(x-r.Min.X)] = luma(img, x, y)
		}
	}
	return g
}

// writeGray writes g as a PNG at path, readable by its owner only.
func writeGray(path string, g *image.Gray) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := png.Encode(f, g); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// luma is the grey level of a pixel, read without allocating for the
// image types scans decode to.
func luma(img image.Image, x, y int) uint8 {
	switch m := img.(type) {
	case *image.Gray:
		return m.Pix[m.PixOffset(x, y)]
	case *image.YCbCr:
		return m.Y[m.YOffset(x, y)]
	case *image.RGBA:
		i := m.PixOffset(x, y)
		return uint8((299*int(m.Pix[i]) + 587*int(m.Pix[i+1]) + 114*int(m.Pix[i+2])) / 1000)
	case *image.NRGBA:
		i := m.PixOffset(x, y)
		return uint8((299*int(m.Pix[i]) + 587*int(m.Pix[i+1]) + 114*int(m.Pix[i+2])) / 1000)
	}
	r, g, b, _ := img.At(x, y).RGBA()
	return uint8((299*(r>>8) + 587*(g>>8) + 114*(b>>8)) / 1000)
}

// inkBands returns the bands of img's rows that hold ink strokes, are at
// least skippedMinLineShare of the median line as tall, and that no line
// of read (widened by a quarter of the median line height) covers, at most
// skippedMaxBands, tallest first; and the median line height.
func inkBands(img image.Image, read []span) ([]span, int) {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	if w < 2 || h < 2 || len(read) == 0 {
		return nil, 0
	}
	heights := make([]int, 0, len(read))
	for _, s := range read {
		heights = append(heights, s.bottom-s.top)
	}
	slices.Sort(heights)
	lineH := heights[len(heights)/2]
	if lineH <= 0 {
		return nil, 0
	}
	covered := make([]bool, h)
	for _, s := range read {
		for y := max(0, s.top-r.Min.Y-lineH/4); y < min(h, s.bottom-r.Min.Y+lineH/4); y++ {
			covered[y] = true
		}
	}
	stroke := strokes(img)
	inked := make([]bool, h)
	minInk := max(4, int(float64(w)*skippedMinInk))
	for y := 0; y < h-1; y++ {
		if covered[y] {
			continue
		}
		n := 0
		for x := 0; x < w-1 && n < minInk; x++ {
			if stroke(r.Min.X+x, r.Min.Y+y) {
				n++
			}
		}
		inked[y] = n >= minInk
	}
	// Runs of printed, uncovered rows; runs closer than a line apart are
	// one band (the gaps between the lines of a paragraph).
	var bands []span
	margin := h / 100 // the scanner's edges
	for y := margin; y < h-margin; y++ {
		if !inked[y] {
			continue
		}
		start := y
		for y < h-margin && inked[y] {
			y++
		}
		if n := len(bands); n > 0 && start-bands[n-1].bottom < lineH {
			bands[n-1].bottom = y
		} else {
			bands = append(bands, span{start, y})
		}
	}
	bands = slices.DeleteFunc(bands, func(b span) bool {
		return float64(b.bottom-b.top) < skippedMinLineShare*float64(lineH)
	})
	slices.SortStableFunc(bands, func(a, b span) int { return (b.bottom - b.top) - (a.bottom - a.top) })
	if len(bands) > skippedMaxBands {
		bands = bands[:skippedMaxBands]
	}
	for i := range bands {
		bands[i].top += r.Min.Y
		bands[i].bottom += r.Min.Y
	}
	return bands, lineH
}

// strokes returns the test of a pixel being part of a stroke of ink. Ink
// is darker than the paper by a third of the range, or, for faint print,
// than halfway between the paper and the page's darkest ink (a grey print
// on a grey scan, whose strokes were lighter than two thirds of the paper:
// found from outside, a block Tesseract skipped and the test did not see);
// a stroke is ink with ink beside or below it, so dust and sensor noise
// (single pixels) are none. The pixel right of it and the one below must
// be in the image.
func strokes(img image.Image) func(x, y int) bool {
	paper, ink := pageLevels(img)
	threshold := int(paper) * 2 / 3
	if int(paper)-int(ink) >= minInkContrast {
		// Not on a page with too little ink for its darkest pixels to be
		// strokes: there they are the paper's own noise.
		threshold = max(threshold, (int(paper)+int(ink))/2)
	}
	dark := func(x, y int) bool { return int(luma(img, x, y)) < threshold }
	return func(x, y int) bool { return dark(x, y) && (dark(x+1, y) || dark(x, y+1)) }
}

// Columns Tesseract skipped. Its automatic segmentation can also leave out
// a column of a table whose other cells it reads (found from outside: a
// Québec claim's amounts, "95,00 $" to "427,50 $", raw Tesseract
// included): no band of rows is uncovered then, but ink stands beside the
// lines read, in their rows, where no line read reaches.
const (
	// sideMinLines is the fewest lines with uncovered ink beside them
	// that make a skipped column.
	sideMinLines = 3
	// sideMinInk is the least width of uncovered ink beside a line, in
	// columns of pixels that hold a stroke, as a multiple of the line's
	// height: two characters' strokes or more ("95,00 $" has about one
	// and a half); a drawn rule is narrower.
	sideMinInk = 1
)

// sideSkipped reports whether at least sideMinLines of the lines read
// have uncovered ink to their right: in the middle half of their rows,
// beyond every line read that shares those rows (and a line's height of
// margin), and inside the page's margins.
func sideSkipped(img image.Image, boxes []lineBox) bool {
	if len(boxes) < sideMinLines {
		return false
	}
	r := img.Bounds()
	margin := r.Dx() / 100
	stroke := strokes(img)
	n := 0
	for _, b := range boxes {
		h := b.bottom - b.top
		top, bottom := max(r.Min.Y, b.top+h/4), min(r.Max.Y-1, b.bottom-h/4)
		var covered [][2]int
		for _, o := range boxes {
			if o.top < bottom && o.bottom > top {
				covered = append(covered, [2]int{o.left - h, o.right + h})
			}
		}
		ink := 0
		for x := b.right + h; x < r.Max.X-margin-1 && ink < sideMinInk*h; x++ {
			if slices.ContainsFunc(covered, func(c [2]int) bool { return x >= c[0] && x < c[1] }) {
				continue
			}
			for y := top; y < bottom; y++ {
				if stroke(x, y) {
					ink++
					break
				}
			}
		}
		if ink >= sideMinInk*h {
			if n++; n >= sideMinLines {
				return true
			}
		}
	}
	return false
}

// pageLevels is the grey of the paper, the 90th percentile of a sample of
// the image's pixels, and of its darkest ink, the inkPercentile-th.
func pageLevels(img image.Image) (paper, ink uint8) {
	r := img.Bounds()
	var hist [256]int
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y += 7 {
		for x := r.Min.X; x < r.Max.X; x += 7 {
			hist[luma(img, x, y)]++
			n++
		}
	}
	return percentile(&hist, n, 0.9), percentile(&hist, n, inkPercentile)
}

// inkPercentile is the share of a page's pixels taken as its darkest ink:
// a page of text has a few percent of ink pixels, so the darkest two in a
// thousand are strokes, not paper.
const inkPercentile = 0.002

// minInkContrast is how much darker than the paper a page's darkest ink
// must be to be taken as print, not noise (the faint print found from
// outside was 72 levels darker).
const minInkContrast = 48

// percentile is the grey level below which the share p of the n values
// counted in hist lie.
func percentile(hist *[256]int, n int, p float64) uint8 {
	seen := 0
	for v := range 256 {
		seen += hist[v]
		if float64(seen) >= p*float64(n) {
			return uint8(v)
		}
	}
	return 255
}

// alnum counts the letters and digits of s.
func alnum(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// lostMarks reports whether a reading's lines start with a mark alone
// before a capitalised word, ". Le ferie e i permessi …", twice or more: a
// numbered list whose numbers Tesseract dropped as noise at the page's
// true resolution, keeping a point or nothing (found from outside,
// seventy-second trial: a 250-dpi contract's clauses "2." to "6.", CER
// 0.053 against raw Tesseract's 0.042 at the 72 dpi its image declares).
func lostMarks(text string) bool {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && len(f[0]) == 1 && strings.ContainsAny(f[0], ".,_") {
			if r := []rune(f[1])[0]; unicode.IsUpper(r) {
				n++
			}
		}
	}
	return n >= 2
}

// numberedLine is a list's line: its number, a point or a parenthesis,
// and a capitalised word.
var numberedLine = regexp.MustCompile(`(?m)^[ \t]*\d{1,2}[.)][ \t]+\p{Lu}`)

// numberedLines counts text's numberedLine lines.
func numberedLines(text string) int {
	return len(numberedLine.FindAllStringIndex(text, -1))
}

// markColumn reports whether the layout analysis made a block of a narrow
// column that it read as marks, a word for fewer than half of its lines:
// a list's numbers, "1." to "9.", read as "." and "_" apart from their
// lines (found from outside: a 200-dpi claim form; raw Tesseract, guessing
// the resolution, read them on their lines). Such a column is as tall as
// three lines or more and no wider than two.
func markColumn(boxes []lineBox) bool {
	var heights []int
	for _, b := range boxes {
		if b.words > 0 {
			heights = append(heights, b.bottom-b.top)
		}
	}
	if len(heights) < sideMinLines {
		return false
	}
	slices.Sort(heights)
	line := heights[len(heights)/2]
	return slices.ContainsFunc(boxes, func(b lineBox) bool {
		h := b.bottom - b.top
		return h >= 3*line && b.right-b.left <= 2*line && b.words*line*2 < h
	})
}
