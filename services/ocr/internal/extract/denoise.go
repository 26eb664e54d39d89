package extract

import (
	"context"
	"image"
	"math"
	"os"
)

// Noisy scans. Tesseract makes a page black and white with one threshold
// for the whole page; on a scan whose grey print sits in grain (sensor
// noise, a faint photocopy) that threshold cuts the letters into dust. A
// 200-dpi claim form, ink about 120 on paper about 233, read nothing at
// all, raw Tesseract alike; a boxed order form read 96 letters and digits
// of 430 (CER 0.76) and a tax form 0.44. Smoothed by a Gaussian blur of
// about one pixel at 200 dpi, the same pages read at CER 0.004-0.09. On a
// clean page the blur costs letters (an ID card read at 0.91 lost two
// thirds of its text), so only a weak reading — a mean word confidence
// under denoiseBelowConfidence, or fewer than skippedMinChars letters and
// digits — is read again from a smoothed copy, and the smoothed reading is
// kept when it has a quarter more confident characters (mean confidence ×
// letters and digits) than the first. The score does not see the reading
// order: a 150-dpi table read in rows at 0.76 was read again smoothed in
// columns at 0.785, 4% more confident characters and CER 0.370 against
// 0.077; the pages smoothing rescued gained 40% to all of their text.

const (
	// denoiseBelowConfidence is the mean word confidence under which a
	// page is read again from a smoothed copy.
	denoiseBelowConfidence = 0.8
	// denoiseMinGain is how many times the first reading's confident
	// characters the smoothed reading must have to be kept.
	denoiseMinGain = 1.25
	// denoiseSigmaAt200 is the blur's standard deviation in pixels at 200
	// dpi; it scales with the resolution, within denoiseMinSigma and
	// denoiseMaxSigma.
	denoiseSigmaAt200 = 1.0
	denoiseMinSigma   = 0.7
	denoiseMaxSigma   = 2.0
)

// weak says a page's reading is worth trying again from a smoothed copy.
func weak(p PageText) bool {
	return p.Confidence < denoiseBelowConfidence || alnum(p.Text) < skippedMinChars
}

// sparseCharsPerMegapixel: a reading of fewer letters and digits than
// this for each million pixels of its page image read next to nothing of
// a page, however sure of those few (found from outside: a 150-dpi fax
// strewn with specks read three dates, 28 letters and digits at a high
// confidence, of an A4 invoice of about 900).
const sparseCharsPerMegapixel = 30

// sparse reports whether p, the reading of the page image at path, holds
// fewer than sparseCharsPerMegapixel letters and digits for the image's
// size (read from its header).
func sparse(p PageText, path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil {
		return false
	}
	return float64(alnum(p.Text)) < sparseCharsPerMegapixel*float64(cfg.Width)*float64(cfg.Height)/1e6
}

// confidentChars is a reading's mean confidence times its letters and
// digits: what two readings of one page are compared by.
func confidentChars(p PageText) float64 {
	return p.Confidence * float64(alnum(p.Text))
}

// smoothedBetter reports whether a page's smoothed reading is kept over its
// first: denoiseMinGain times its confident characters, or more.
func smoothedBetter(first, smoothed PageText) bool {
	return confidentChars(smoothed) >= denoiseMinGain*max(confidentChars(first), 1)
}

// denoiseSigma is the blur for an image read at dpi.
func denoiseSigma(dpi int) float64 {
	return min(denoiseMaxSigma, max(denoiseMinSigma, denoiseSigmaAt200*float64(dpi)/200))
}

// denoised reads a single page image again from a smoothed copy when its
// first reading (pages) is weak, and from a despeckled copy when the
// smoothed one's reading is not kept either. It returns the image the
// page's text comes from — a copy, at denoisedPath or despeckledPath of
// imagePath, when its reading is kept, which the caller removes — and
// that reading. It fails only when
// ctx ends: an image it cannot decode or smooth, or a copy that cannot be
// read, leaves the first reading.
func (t *Tesseract) denoised(ctx context.Context, page *scan, dpi int, language string, pages []PageText) (*scan, []PageText, error) {
	if len(pages) != 1 || !weak(pages[0]) && !sparse(pages[0], page.path) {
		return page, pages, nil
	}
	img, err := page.image()
	if err != nil {
		return page, pages, nil // not a PNG or JPEG, or too large
	}
	smooth, read, err := t.readCopy(ctx, page, denoisedPath(page.path), dpi, language, pages, func() (*image.Gray, error) {
		return smoothed(img, denoiseSigma(dpi)), nil
	})
	if err != nil {
		return page, nil, err
	}
	// The despeckled copy must beat the better of the two readings: a
	// blurred fax read three dates where the first reading read nothing,
	// and its specks despeckled read the whole invoice (found from
	// outside).
	desp, again, err := t.readCopy(ctx, page, despeckledPath(page.path), dpi, language, read, func() (*image.Gray, error) {
		return despeckled(img), nil
	})
	if err != nil || desp != page {
		if smooth != page {
			_ = os.Remove(smooth.path)
		}
		return desp, again, err
	}
	return smooth, read, nil
}

// Specks. A fax's noise is black and white dots scattered over the page,
// not grain: blurred, each dot becomes a grey blot the threshold keeps.
// Each pixel replaced by the median of its 3×3 neighbourhood, the dots go
// and the strokes stay (found from outside: four 150-dpi fax pages read
// at CER 0.54-0.95, raw Tesseract alike; a Norwegian payslip's 0.81
// reads at 0.06). A weak page the blur did not rescue is read again so.

// despeckledPath is where the despeckled copy of the image at imagePath is
// written, beside it in the job's work folder.
func despeckledPath(imagePath string) string {
	return imagePath + ".despeckled.png"
}

// despeckled returns img's grey levels, stretched as smoothed stretches
// them, each the median of its 3×3 neighbourhood (edges repeat their
// pixel).
func despeckled(img image.Image) *image.Gray {
	return median3(stretchedGray(img))
}

// median3 returns g with each pixel the median of its 3×3 neighbourhood.
func median3(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	var win [9]uint8
	for y := range h {
		for x := range w {
			n := 0
			for dy := -1; dy <= 1; dy++ {
				yy := min(max(y+dy, 0), h-1)
				row := g.Pix[yy*g.Stride:]
				for dx := -1; dx <= 1; dx++ {
					win[n] = row[min(max(x+dx, 0), w-1)]
					n++
				}
			}
			out.Pix[y*out.Stride+x] = median9(win)
		}
	}
	return out
}

// median9 returns the fifth smallest of nine values: an insertion sort
// of nine bytes, on the stack.
func median9(v [9]uint8) uint8 {
	for i := 1; i < 9; i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
	return v[4]
}

// readCopy writes a copy of the single page image page, made by render, to
// path and reads it; the copy's reading is kept when it has
// denoiseMinGain times the first reading's (pages) confident characters.
// It returns the image the page's text comes from — the copy, which the
// caller removes, when its reading is kept — and that reading. It fails
// only when ctx ends: a copy that cannot be made, written or read leaves
// the first reading.
func (t *Tesseract) readCopy(ctx context.Context, page *scan, path string, dpi int, language string, pages []PageText, render func() (*image.Gray, error)) (*scan, []PageText, error) {
	return t.readCopyBy(ctx, page, path, dpi, language, pages, render, smoothedBetter)
}

// readCopyBy is readCopy keeping the copy's reading when better says it
// beats the first.
func (t *Tesseract) readCopyBy(ctx context.Context, page *scan, path string, dpi int, language string, pages []PageText, render func() (*image.Gray, error), better func(first, copy PageText) bool) (*scan, []PageText, error) {
	g, err := render()
	if err == nil {
		err = writeGray(path, g)
	}
	if err != nil {
		_ = os.Remove(path)
		return page, pages, nil
	}
	again, err := t.recognize(ctx, path, dpi, language)
	if ctx.Err() != nil {
		_ = os.Remove(path)
		return page, nil, ctx.Err()
	}
	if err != nil || len(again) != 1 || !better(pages[0], again[0]) {
		_ = os.Remove(path)
		return page, pages, nil
	}
	return scanFrom(path, g), again, nil
}

// denoisedPath is where the smoothed copy of the image at imagePath is
// written, beside it in the job's work folder.
func denoisedPath(imagePath string) string {
	return imagePath + ".denoised.png"
}

// smoothed returns img's grey levels blurred by sigma pixels, their range
// first stretched from the page's darkest ink to its paper when the two
// are close (stretchBelowContrast).
func smoothed(img image.Image, sigma float64) *image.Gray {
	g := stretchedGray(img)
	gaussianBlur(g, sigma)
	return g
}

// stretchedGray returns img's grey levels, their range stretched from the
// page's darkest ink to its paper when the two are close
// (stretchBelowContrast).
func stretchedGray(img image.Image) *image.Gray {
	r := img.Bounds()
	g := grayRows(img, r.Min.Y, r.Max.Y)
	if paper, ink := pageLevels(img); int(paper)-int(ink) < stretchBelowContrast && int(paper)-int(ink) >= minStretchContrast {
		stretch(g, ink, paper)
	}
	return g
}

// Low contrast. A fax-like scan printed grey on grey (found from outside:
// ink about 120 on paper about 175 at 150 dpi) reads nothing at all, raw
// Tesseract alike ("Empty page!!"): its one threshold finds no print.
// Stretched so that its darkest ink is black and its paper white, it
// reads whole. The smoothed copy of a weak page is stretched when its
// ink is less than stretchBelowContrast levels darker than its paper, and
// at least minStretchContrast (less is a blank page's noise).
const (
	stretchBelowContrast = 96
	minStretchContrast   = 24
)

// stretch maps g's grey levels from [ink, paper] onto [0, 255].
func stretch(g *image.Gray, ink, paper uint8) {
	span := int(paper) - int(ink)
	for i, v := range g.Pix {
		switch {
		case v <= ink:
			g.Pix[i] = 0
		case v >= paper:
			g.Pix[i] = 255
		default:
			g.Pix[i] = uint8((int(v) - int(ink)) * 255 / span)
		}
	}
}

// gaussianBlur blurs g in place by a Gaussian of sigma pixels, in two
// passes (rows, then columns) over one byte a pixel: an image library's
// blur works on four bytes a pixel and allocated 80 MB for a 300-dpi A4
// page, this one the page's 8.7 MB once more. Edges repeat their pixel.
func gaussianBlur(g *image.Gray, sigma float64) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w == 0 || h == 0 || sigma <= 0 {
		return
	}
	radius := int(math.Ceil(3 * sigma))
	// Weights in 16.16 fixed point, summing to 1<<16.
	weights := make([]int32, 2*radius+1)
	var sum float64
	fw := make([]float64, len(weights))
	for i := range fw {
		d := float64(i - radius)
		fw[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += fw[i]
	}
	var total int32
	for i := range fw {
		weights[i] = int32(math.Round(fw[i] / sum * (1 << 16)))
		total += weights[i]
	}
	weights[radius] += 1<<16 - total
	tmp := make([]uint8, w*h)
	line := make([]uint8, max(w, h))
	blur := func(src []uint8, n int, at func(i int) int, set func(i int, v uint8)) {
		for i := range n {
			line[i] = src[at(i)]
		}
		for i := range n {
			var acc int32
			for k, wt := range weights {
				j := min(max(i+k-radius, 0), n-1)
				acc += wt * int32(line[j])
			}
			set(i, uint8((acc+1<<15)>>16))
		}
	}
	for y := range h {
		row := y * g.Stride
		blur(g.Pix, w, func(i int) int { return row + i }, func(i int, v uint8) { tmp[y*w+i] = v })
	}
	for x := range w {
		blur(tmp, h, func(i int) int { return i*w + x }, func(i int, v uint8) { g.Pix[i*g.Stride+x] = v })
	}
}
