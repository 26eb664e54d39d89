package extract

import (
	"context"
	"image"
)

// Uneven light. A page photographed rather than scanned has paper bright
// on one side and grey on the other, and often the table it lay on around
// it; Tesseract's one threshold for the whole page then loses the part in
// shadow (found from outside: a photographed invoice, JPEG at 150 dpi,
// read only its bottom third, its title, customer and item lines lost, at
// a mean confidence of 0.88 — no weak reading — and was recorded as a
// receipt at 0.99; raw Tesseract read the same). A single page image whose
// paper differs by unevenLightSpread grey levels or more between its parts
// (lightSpread; every scan in the test data and the trials' scans differ
// by 5 or less, the photo by 102) is read again from a copy divided by its
// paper's level around each pixel (flattened), and that reading is kept
// when evenedBetter says so. The photo then read all of its text.
const unevenLightSpread = 40

// evened reads a single page image again from a copy with its light
// evened out when its paper's level varies across it. It returns the image
// the page's text comes from — the copy, at evenedPath(page.path), when
// its reading is kept, which the caller removes — and that reading. It
// fails only when ctx ends: an image it cannot decode or a copy that
// cannot be written or read leaves the first reading.
func (t *Tesseract) evened(ctx context.Context, page *scan, dpi int, language string, pages []PageText) (*scan, []PageText, error) {
	if len(pages) != 1 {
		return page, pages, nil
	}
	img, err := page.image()
	if err != nil || lightSpread(img) < unevenLightSpread {
		return page, pages, nil
	}
	return t.readCopyBy(ctx, page, evenedPath(page.path), dpi, language, pages, func() (*image.Gray, error) {
		return flattened(img, max(16, dpi/5)), nil
	}, evenedBetter)
}

// evenedBetter reports whether a page's reading from its evened copy is
// kept over its first: as a smoothed reading is (smoothedBetter), or
// reading nearly as many characters (evenedMinShare of them) more surely
// (evenedMinSurer above the first's mean confidence). A page in uneven
// light that Tesseract read but for the ends of a few lines in the shade
// loses little of its characters' count, and that little mattered (found
// from outside, hundred-and-twenty-eighth trial: a French claim's
// "Montant estimé des dommages : 10 450,00 €" read "Montant estimé des
// dommages |" at 0.84, raw Tesseract alike; evened it read whole at 0.94,
// CER 0.085 → 0.004, and a Hungarian identity card 0.048 → 0.015).
func evenedBetter(first, evened PageText) bool {
	return smoothedBetter(first, evened) ||
		float64(alnum(evened.Text)) >= evenedMinShare*float64(alnum(first.Text)) && evened.Confidence >= first.Confidence+evenedMinSurer
}

// evenedMinShare and evenedMinSurer: see evenedBetter.
const (
	evenedMinShare = 0.95
	evenedMinSurer = 0.03
)

// evenedPath is where the copy of the image at imagePath with its light
// evened out is written, beside it in the job's work folder.
func evenedPath(imagePath string) string {
	return imagePath + ".evened.png"
}

// lightingTiles is how many tiles a page is cut into, each way, to find
// its paper's level in each part.
const lightingTiles = 6

// lightSpread returns how many grey levels lie between the paper of a
// page's brightest tile and that of its darkest: each tile's paper is the
// level nine tenths of its pixels are darker than or equal to.
func lightSpread(img image.Image) int {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	if w < lightingTiles*8 || h < lightingTiles*8 {
		return 0
	}
	lo, hi := 255, 0
	for ty := range lightingTiles {
		for tx := range lightingTiles {
			var hist [256]int
			n := 0
			for y := r.Min.Y + ty*h/lightingTiles; y < r.Min.Y+(ty+1)*h/lightingTiles; y += 3 {
				for x := r.Min.X + tx*w/lightingTiles; x < r.Min.X+(tx+1)*w/lightingTiles; x += 3 {
					hist[luma(img, x, y)]++
					n++
				}
			}
			p := int(percentile(&hist, n, 0.9))
			lo, hi = min(lo, p), max(hi, p)
		}
	}
	return hi - lo
}

// flattened returns img's grey levels divided by the paper's level around
// each pixel, so that the paper is white everywhere: the paper's level is
// each block's (block pixels square) nine-tenths percentile, interpolated
// between the blocks' centres.
func flattened(img image.Image, block int) *image.Gray {
	r := img.Bounds()
	g := grayRows(img, r.Min.Y, r.Max.Y)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	bw, bh := (w+block-1)/block, (h+block-1)/block
	paper := make([]float64, bw*bh)
	for by := range bh {
		for bx := range bw {
			var hist [256]int
			n := 0
			for y := by * block; y < min(h, (by+1)*block); y += 2 {
				for x := bx * block; x < min(w, (bx+1)*block); x += 2 {
					hist[g.Pix[y*g.Stride+x]]++
					n++
				}
			}
			paper[by*bw+bx] = float64(max(percentile(&hist, n, 0.9), 1))
		}
	}
	at := func(bx, by int) float64 {
		return paper[min(max(by, 0), bh-1)*bw+min(max(bx, 0), bw-1)]
	}
	for y := range h {
		by, dy := blockAt(y, block)
		for x := range w {
			bx, dx := blockAt(x, block)
			p := (at(bx, by)*(1-dx)+at(bx+1, by)*dx)*(1-dy) + (at(bx, by+1)*(1-dx)+at(bx+1, by+1)*dx)*dy
			v := float64(g.Pix[y*g.Stride+x]) * 255 / p
			g.Pix[y*g.Stride+x] = uint8(min(v, 255))
		}
	}
	return g
}

// blockAt returns the block whose centre is at or before pixel v (-1
// before the first centre) and how far v lies towards the next centre, in
// [0, 1).
func blockAt(v, block int) (int, float64) {
	f := (float64(v)+0.5)/float64(block) - 0.5
	b := int(f)
	if f < 0 {
		b = -1
	}
	return b, f - float64(b)
}
