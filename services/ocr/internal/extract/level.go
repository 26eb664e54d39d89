package extract

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// Pages scanned askew. Tesseract's layout analysis finds the lines of a
// page turned by a degree or two, but not always all of them: a Belgian
// lease scanned at 200 dpi turned by about 1.5° lost two lines whole, its
// tenant's name with them, to Docket and raw Tesseract alike (found from
// outside, seventy-third trial); levelled, the page reads them. The slope
// of a page's lines is measured on its first reading (the words' bottoms
// along each long line, skewOf); a page that slopes by levelMinSkew or
// more is read again from a copy turned level, and that reading kept when
// it reads more (levelMinGain) about as surely (levelConfidenceSlack), or
// about as much more surely (levelBetter).

const (
	// levelMinSkew is the least slope (the tangent of the angle) a page's
	// lines need for a levelled copy to be read: about 2.3°. Over the
	// seventy-second and seventy-third trials' 40 scans, turned by 0.5°
	// to 3°, the four pages whose levelled copy read more sloped by 0.042
	// to 0.052 (CER 0.135 → 0.016, 0.067 → 0.002, 0.023 → 0.008, 0.064 →
	// 0.001); the 27 sloping by less read the same levelled, two letters
	// more or fewer: a second reading of each would have cost OCR's time
	// for nothing.
	levelMinSkew = 0.04
	// levelOrderSkew is the least slope, about 1.7°, at which a page whose
	// first reading goes back up the page (backJumps) is read levelled
	// too, and that reading kept when it reads as much in order
	// (levelOrdered): at a slope under levelMinSkew Tesseract finds every
	// line, but a two-column head's rows may part, the right-hand cells
	// read after the lines below them (found from outside, ninety-sixth
	// trial: a delivery note turned 2.0° read "Delivery note no:
	// DN-55081" and its date after the address under them, CER 0.168
	// against raw Tesseract's 0.014). Not every such page: an Italian
	// contract sloping as much read its clause numbers only as first read
	// (TestClauseNumbersKeptAt250dpi), and went back up the page as often
	// levelled.
	levelOrderSkew = 0.03
	// levelMaxSkew is the most: a page sloping by more than about 6° is
	// no page turned askew on a scanner's glass but a photograph or a
	// misread.
	levelMaxSkew = 0.1
	// levelMinLineWords and levelMinLines: the slope is measured on
	// lines of levelMinLineWords words or more, levelMinLines of them at
	// least.
	levelMinLineWords = 4
	levelMinLines     = 3
	// levelMinGain is how many more letters and digits, as a share of the
	// first reading's, the levelled copy must read to be kept.
	levelMinGain = 0.02
	// levelConfidenceSlack is how much lower its mean word confidence may
	// be.
	levelConfidenceSlack = 0.02
)

// slopeFit sums points for a least-squares line through them.
type slopeFit struct{ n, sx, sy, sxx, sxy float64 }

func (f *slopeFit) add(x, y float64) {
	f.n++
	f.sx += x
	f.sy += y
	f.sxx += x * x
	f.sxy += x * y
}

// slope returns the fitted line's slope, and false when the points do not
// spread along x.
func (f slopeFit) slope() (float64, bool) {
	d := f.n*f.sxx - f.sx*f.sx
	if f.n < 2 || d <= 0 {
		return 0, false
	}
	return (f.n*f.sxy - f.sx*f.sy) / d, true
}

// skewOf returns the median slope of the page's lines of
// levelMinLineWords words or more, the words' bottoms fitted along each
// line (a descender moves one word's bottom, not the line's slope), or
// 0 with fewer than levelMinLines such lines.
func skewOf(boxes []lineBox) float64 {
	var slopes []float64
	for _, b := range boxes {
		if b.words < levelMinLineWords {
			continue
		}
		if m, ok := b.fit.slope(); ok {
			slopes = append(slopes, m)
		}
	}
	if len(slopes) < levelMinLines {
		return 0
	}
	slices.Sort(slopes)
	return slopes[len(slopes)/2]
}

// levelled reads a single page image again from a copy turned level when
// its lines slope by levelMinSkew to levelMaxSkew, or from
// levelOrderSkew when its reading goes back up the page. It returns the image
// the page's text comes from — the copy, at levelledPath(page.path), when
// its reading is kept, which the caller removes — and that reading. It
// fails only when ctx ends.
func (t *Tesseract) levelled(ctx context.Context, page *scan, dpi int, language string, pages []PageText) (*scan, []PageText, error) {
	if len(pages) != 1 {
		return page, pages, nil
	}
	p := pages[0]
	better := levelBetter
	switch m := math.Abs(p.skew); {
	case m < levelOrderSkew || m > levelMaxSkew:
		return page, pages, nil
	case m < levelMinSkew:
		if backJumps(p.boxes) == 0 {
			return page, pages, nil
		}
		better = levelOrdered
	}
	img, err := page.image()
	if err != nil {
		return page, pages, nil // not a PNG or JPEG, or too large
	}
	return t.readCopyBy(ctx, page, levelledPath(page.path), dpi, language, pages, func() (*image.Gray, error) {
		return turnedLevel(img, p.skew), nil
	}, better)
}

// levelOrdered reports whether the levelled copy's reading b, of a page
// sloping by less than levelMinSkew, reads in a better order what a
// reads: it goes back up the page less often, in no more lines, reading
// as much (levelMinGain less at most) about as surely.
func levelOrdered(a, b PageText) bool {
	return backJumps(b.boxes) < backJumps(a.boxes) && len(b.boxes) <= len(a.boxes) && readsAsMuch(a, b, levelConfidenceSlack)
}

// readsAsMuch reports whether the reading b reads as many letters and
// digits as a (levelMinGain less at most) at a mean word confidence at
// most slack lower.
func readsAsMuch(a, b PageText, slack float64) bool {
	return float64(alnum(b.Text)) >= float64(alnum(a.Text))*(1-levelMinGain) && b.Confidence >= a.Confidence-slack
}

// levelBetter reports whether the levelled copy's reading b reads
// levelMinGain more than a about as surely, or about as much (levelMinGain
// less at most) at least as surely. A page turned askew loses lines, but
// also the order of what it reads: a parents' statement turned 2.8° read
// its last paragraph in fragments out of order, every letter there, and
// its levelled copy read it whole and more surely (CER 0.323 → 0.009;
// found from outside, seventy-sixth trial), as did a receipt whose column
// of sums had come out after the page (0.240 → 0.007). Over 54 pages of
// the sixty-third to seventy-sixth trials' scans sloping 2.3° or more
// (each read in English, first and levelled), the second half of the rule
// kept 27 levelled readings more: 20 read closer to the truth, 4 the same,
// 3 a little further (a Polish order's page by 10 edits in some 700
// characters).
//
// Not a copy that parts the rows the first reading kept: as much read in
// levelSplitLines more lines (found from outside, eighty-ninth trial: a
// Czech order turned 2.75° read its two-column head and its table's rows
// whole, 20 lines; levelled, Tesseract's layout analysis took each column
// apart, 30 lines, every letter there and more surely, CER 0.35 against
// raw Tesseract's 0.09). A copy that reads lines the first lost reads
// their letters too: a New Zealand claim's levelled copy read 17 lines
// for 11 and 779 letters and digits for 435 (seventy-fifth trial).
//
// But a copy that reads about as much in fewer lines, going back up the
// page no more often, about as surely: the rows the slope had carried
// into the next line's height, which the first reading parted, are whole
// (found from outside, ninety-fourth trial: a Toronto order turned 2.9°
// read "dock, rear lane, weekdays 8-11 a.m." before "Deliver to loading"
// and its total's sum before "Total", 22 lines; levelled, 19, every row
// whole, at a mean confidence of 0.921 against 0.935: CER 0.117 against
// raw Tesseract's 0.033 before).
func levelBetter(a, b PageText) bool {
	first, copied := float64(alnum(a.Text)), float64(alnum(b.Text))
	if float64(len(b.boxes)) > float64(len(a.boxes))*(1+levelSplitLines) && copied < first*(1+levelSplitLines) {
		return false
	}
	joined := len(b.boxes) < len(a.boxes) && backJumps(b.boxes) <= backJumps(a.boxes)
	return copied >= first*(1+levelMinGain) && b.Confidence >= a.Confidence-levelConfidenceSlack ||
		copied >= first*(1-levelMinGain) && b.Confidence >= a.Confidence || joined && readsAsMuch(a, b, levelConfidenceSlack)
}

// levelSplitLines is how many more lines, as a share of the first
// reading's, a levelled copy reading about as much may have: more, and it
// has parted rows.
const levelSplitLines = 0.25

// levelledPath is where the levelled copy of the image at imagePath is
// written, beside it in the job's work folder.
func levelledPath(imagePath string) string {
	return imagePath + ".levelled.png"
}

// turnedLevel returns img's grey levels turned about its centre so that
// lines of the given slope lie level, the corners the turn uncovers
// filled with the page's paper.
func turnedLevel(img image.Image, slope float64) *image.Gray {
	r := img.Bounds()
	src := grayRows(img, r.Min.Y, r.Max.Y)
	paper, _ := pageLevels(img)
	dst := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(dst, dst.Rect, &image.Uniform{C: color.Gray{Y: paper}}, image.Point{}, draw.Src)
	a := -math.Atan(slope)
	c, s := math.Cos(a), math.Sin(a)
	cx, cy := float64(r.Dx())/2, float64(r.Dy())/2
	// dst = R·(src − centre) + centre.
	m := f64.Aff3{c, -s, cx - c*cx + s*cy, s, c, cy - s*cx - c*cy}
	xdraw.BiLinear.Transform(dst, m, src, src.Rect, xdraw.Over, nil)
	return dst
}
