package extract

import (
	"context"
	"image"
	"image/png"
	"os"

	"github.com/disintegration/imaging"
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
// digits — is read again from a smoothed copy, and the reading with more
// confident characters (mean confidence × letters and digits) is kept.

const (
	// denoiseBelowConfidence is the mean word confidence under which a
	// page is read again from a smoothed copy.
	denoiseBelowConfidence = 0.8
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

// confidentChars is a reading's mean confidence times its letters and
// digits: what two readings of one page are compared by.
func confidentChars(p PageText) float64 {
	return p.Confidence * float64(alnum(p.Text))
}

// denoiseSigma is the blur for an image read at dpi.
func denoiseSigma(dpi int) float64 {
	return min(denoiseMaxSigma, max(denoiseMinSigma, denoiseSigmaAt200*float64(dpi)/200))
}

// denoised reads a single page image again from a smoothed copy when its
// first reading (pages) is weak. It returns the image the page's text
// comes from — the copy, at denoisedPath(imagePath), when its reading is
// kept, which the caller removes — and that reading. It fails only when
// ctx ends: an image it cannot decode or smooth, or a copy that cannot be
// read, leaves the first reading.
func (t *Tesseract) denoised(ctx context.Context, imagePath string, dpi int, language string, pages []PageText) (string, []PageText, error) {
	if len(pages) != 1 || !weak(pages[0]) {
		return imagePath, pages, nil
	}
	img, err := decodeImage(imagePath)
	if err != nil {
		return imagePath, pages, nil // not a PNG or JPEG, or too large
	}
	path := denoisedPath(imagePath)
	if err := writeSmoothed(path, img, denoiseSigma(dpi)); err != nil {
		_ = os.Remove(path)
		return imagePath, pages, nil
	}
	again, err := t.recognize(ctx, path, dpi, language)
	if ctx.Err() != nil {
		_ = os.Remove(path)
		return imagePath, nil, ctx.Err()
	}
	if err != nil || len(again) != 1 || confidentChars(again[0]) <= confidentChars(pages[0]) {
		_ = os.Remove(path)
		return imagePath, pages, nil
	}
	return path, again, nil
}

// denoisedPath is where the smoothed copy of the image at imagePath is
// written, beside it in the job's work folder.
func denoisedPath(imagePath string) string {
	return imagePath + ".denoised.png"
}

// writeSmoothed writes img's grey levels blurred by sigma pixels as a grey
// PNG.
func writeSmoothed(path string, img image.Image, sigma float64) error {
	r := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := g.Pix[(y-r.Min.Y)*g.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			row[x-r.Min.X] = luma(img, x, y)
		}
	}
	blurred := imaging.Blur(g, sigma)
	for i := range g.Pix {
		g.Pix[i] = blurred.Pix[i*4] // grey in, so R = G = B
	}
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
