package extract

import (
	"context"
	"image"
	"os"
	"strconv"
	"strings"
)

// Pages scanned on their side. Tesseract reads a page turned by 90 or 180
// degrees as letters upside down or mirrored at a low confidence (found
// from outside: an identity card scanned on its side read
// "OLN3IWIDVN 30 VHD34" for "FECHA DE NACIMIENTO", at 0.32, and lost its
// number and date of birth). A weak reading of a single page image (see
// weak) asks Tesseract's orientation detection (--psm 0) how the page is
// turned; a page it says is turned is read again from a copy turned back
// (a quarter turn also the other way), and that reading is kept when it
// has denoiseMinGain times the first's confident characters, as a
// smoothed reading is.

// turned reads a single page image again from a copy turned upright when
// its first reading (pages) is weak and orientation detection says the
// page is turned. It returns the image the page's text comes from — the
// copy, at turnedPath(page.path), when its reading is kept, which the
// caller removes — and that reading. It fails only when ctx ends: a
// detection that fails (no osd data installed), an image it cannot decode
// or a copy that cannot be read leaves the first reading.
func (t *Tesseract) turned(ctx context.Context, page *scan, dpi int, language string, pages []PageText) (*scan, []PageText, error) {
	if len(pages) != 1 || !weak(pages[0]) {
		return page, pages, nil
	}
	out, err := t.tool.Run(ctx, page.path, "stdout", "--dpi", strconv.Itoa(dpi), "--psm", "0")
	if ctx.Err() != nil {
		return page, nil, ctx.Err()
	}
	deg, told := osdRotation(string(out))
	// Detection on a page of few words tells a side from its opposite
	// poorly (the same card said 90 as a PNG and 270 as a JPEG): a
	// quarter turn that reads no better is tried the other way too.
	turns := []int{deg}
	if deg != 180 {
		turns = append(turns, 360-deg)
	}
	if err != nil || deg == 0 {
		// A page the detection says is upright stays as it is: a
		// 150-dpi fax strewn with specks read next to nothing, and read
		// turned every way it gave a confident reading of garbage upside
		// down (found from outside), where despeckled it reads whole.
		if err == nil && told || alnum(pages[0].Text) >= skippedMinChars {
			return page, pages, nil
		}
		// A page that read next to nothing, on which the detection found
		// too few letters to tell ("Too few characters"), is tried every
		// way: a small identity card at 150 dpi, on its side, read "ee
		// AE" (found from outside); turned, it reads whole.
		turns = []int{90, 270, 180}
	}
	img, err := page.image()
	if err != nil {
		return page, pages, nil // not a PNG or JPEG, or too large
	}
	path := turnedPath(page.path)
	r := img.Bounds()
	gray := grayRows(img, r.Min.Y, r.Max.Y)
	var best []PageText
	bestTurn := 0
	for _, d := range turns {
		if err := writeGray(path, turnClockwise(gray, d)); err != nil {
			break
		}
		again, err := t.recognize(ctx, path, dpi, language)
		if ctx.Err() != nil {
			_ = os.Remove(path)
			return page, nil, ctx.Err()
		}
		if err == nil && len(again) == 1 && smoothedBetter(pages[0], again[0]) && (best == nil || confidentChars(again[0]) > confidentChars(best[0])) {
			best, bestTurn = again, d
			if deg != 0 {
				break // the detection's turn, or its opposite, reads: kept
			}
		}
	}
	if best == nil {
		_ = os.Remove(path)
		return page, pages, nil
	}
	upright := turnClockwise(gray, bestTurn)
	if err := writeGray(path, upright); err != nil {
		_ = os.Remove(path)
		return page, pages, nil
	}
	return scanFrom(path, upright), best, nil
}

// turnedPath is where the upright copy of the image at imagePath is
// written, beside it in the job's work folder.
func turnedPath(imagePath string) string {
	return imagePath + ".turned.png"
}

// osdRotation reads the clockwise turn, in degrees, that Tesseract's
// orientation detection says sets a page upright: its "Rotate: 90"
// line; 0 when it says none or cannot tell, and told whether it said
// (a "Rotate:" line, "Rotate: 0" for an upright page).
func osdRotation(out string) (deg int, told bool) {
	for l := range strings.Lines(out) {
		v, ok := strings.CutPrefix(strings.TrimSpace(l), "Rotate:")
		if !ok {
			continue
		}
		switch d, _ := strconv.Atoi(strings.TrimSpace(v)); d {
		case 90, 180, 270:
			return d, true
		}
		return 0, true
	}
	return 0, false
}

// turnClockwise returns g turned clockwise by deg degrees (90, 180 or
// 270).
func turnClockwise(g *image.Gray, deg int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var out *image.Gray
	if deg == 180 {
		out = image.NewGray(image.Rect(0, 0, w, h))
	} else {
		out = image.NewGray(image.Rect(0, 0, h, w))
	}
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			switch deg {
			case 90:
				out.Pix[x*out.Stride+(h-1-y)] = v
			case 180:
				out.Pix[(h-1-y)*out.Stride+(w-1-x)] = v
			case 270:
				out.Pix[(w-1-x)*out.Stride+y] = v
			}
		}
	}
	return out
}
