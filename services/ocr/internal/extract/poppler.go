package extract

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/docket-run/docket/pkg/fault"
)

// Poppler runs the poppler-utils binaries: pdfinfo for the page count and
// sizes, pdftotext for the text layer, pdftoppm to rasterize scanned pages,
// pdfimages to list a document's images and extract a page scan at its own
// resolution.
type Poppler struct {
	Info, ToText, ToPPM, ToImages Tool

	mu      sync.Mutex
	version string
}

// PopplerOption changes a Poppler that NewPoppler makes.
type PopplerOption func(*Poppler)

// WithPdfimages sets the pdfimages binary (default "pdfimages", looked up
// on PATH).
func WithPdfimages(bin string) PopplerOption {
	return func(p *Poppler) { p.ToImages.Bin = bin }
}

// NewPoppler returns the poppler tools at the given binaries (bare names are
// looked up on PATH), each run under limits.
func NewPoppler(pdfinfo, pdftotext, pdftoppm string, limits ProcessLimits, opts ...PopplerOption) *Poppler {
	const pkg = "poppler-utils"
	p := &Poppler{Info: Tool{pdfinfo, pkg, limits}, ToText: Tool{pdftotext, pkg, limits}, ToPPM: Tool{pdftoppm, pkg, limits}, ToImages: Tool{"pdfimages", pkg, limits}}
	for _, o := range opts {
		o(p)
	}
	return p
}

// PageSize is a page's crop box size in PDF points (1/72 inch): what
// pdfinfo reports as the page size, and what Rasterize renders. The media
// box can be far larger (a 500-byte PDF can declare 6000x6000 pt behind a
// small crop box), which is why rendering it is never asked for.
type PageSize struct {
	W, H float64
	// Rotate is the page's /Rotate in degrees (0, 90, 180, 270).
	Rotate int
}

// Pixels is the page's pixel count when rendered at dpi.
func (s PageSize) Pixels(dpi int) (w, h int64) {
	return int64(math.Ceil(s.W / 72 * float64(dpi))), int64(math.Ceil(s.H / 72 * float64(dpi)))
}

var (
	pagesRe    = regexp.MustCompile(`(?m)^Pages:\s+(\d+)\s*$`)
	pageSizeRe = regexp.MustCompile(`(?m)^Page\s+(\d+)\s+size:\s+([0-9.]+)\s+x\s+([0-9.]+)\s+pts`)
	pageRotRe  = regexp.MustCompile(`(?m)^Page\s+(\d+)\s+rot:\s+(-?\d+)\s*$`)
)

// Pages returns the size of every page of the PDF at path. A PDF with more
// than maxPages pages is rejected as structural before any page is read.
func (p *Poppler) Pages(ctx context.Context, path string, maxPages int) ([]PageSize, error) {
	// One run: pdfinfo clamps -l to the page count, and asking for one
	// page more than the limit is enough to tell a PDF over it.
	out, err := p.Info.Run(ctx, "-f", "1", "-l", strconv.Itoa(maxPages+1), path)
	if err != nil {
		return nil, pdfError("read PDF info", err)
	}
	m := pagesRe.FindSubmatch(out)
	if m == nil {
		return nil, fault.Structuralf("pdfinfo: no page count in its output")
	}
	n, err := strconv.Atoi(string(m[1]))
	if err != nil || n < 1 {
		return nil, fault.Structuralf("pdfinfo: page count %q: the PDF has no pages", m[1])
	}
	if n > maxPages {
		return nil, fault.Structuralf("PDF has %d pages, more than the limit of %d (DOCKET_OCR_MAX_PAGES)", n, maxPages)
	}
	sizes := make([]PageSize, n)
	seen := 0
	for _, m := range pageSizeRe.FindAllSubmatch(out, -1) {
		i, _ := strconv.Atoi(string(m[1]))
		w, errW := strconv.ParseFloat(string(m[2]), 64)
		h, errH := strconv.ParseFloat(string(m[3]), 64)
		if i < 1 || i > n || errW != nil || errH != nil || w <= 0 || h <= 0 {
			return nil, fault.Structuralf("pdfinfo: bad page size line %q", m[0])
		}
		sizes[i-1].W, sizes[i-1].H = w, h
		seen++
	}
	for _, m := range pageRotRe.FindAllSubmatch(out, -1) {
		i, _ := strconv.Atoi(string(m[1]))
		r, err := strconv.Atoi(string(m[2]))
		if i >= 1 && i <= n && err == nil {
			sizes[i-1].Rotate = ((r % 360) + 360) % 360
		}
	}
	if seen != n {
		return nil, fault.Structuralf("pdfinfo: sizes for %d of %d pages", seen, n)
	}
	// pdfinfo reports the crop box (clipped to the media box) unrotated; a
	// rotated page's pixel count is the same, so rotation does not matter
	// for the limits.
	return sizes, nil
}

// pdfError says what poppler's refusal of a PDF means to its sender (found
// from outside: a password-protected PDF was parked with "pdfinfo -f: exit
// status 1: Command Line Error: Incorrect password").
func pdfError(what string, err error) error {
	switch msg := err.Error(); {
	case strings.Contains(msg, "Incorrect password"):
		return fault.Structuralf("the PDF is protected by a password: send it without the protection (%s: %w)", what, err)
	case strings.Contains(msg, "Couldn't find trailer dictionary"), strings.Contains(msg, "Couldn't read xref table"):
		return fault.Structuralf("the PDF is damaged or cut short: send the whole file (%s: %w)", what, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// TextLayer returns the text layer of each of the PDF's n pages, from one
// `pdftotext -layout` run whose pages are separated by form feeds; two
// columns of running text are read one after the other (readColumns).
func (p *Poppler) TextLayer(ctx context.Context, path string, n int) ([]string, error) {
	out, err := p.ToText.Run(ctx, "-layout", "-enc", "UTF-8", "-f", "1", "-l", strconv.Itoa(n), path, "-")
	if err != nil {
		return nil, fmt.Errorf("read PDF text layer: %w", err)
	}
	parts := strings.Split(string(out), "\f")
	// pdftotext ends every page with a form feed, so the last part is empty.
	if len(parts) > 0 && strings.TrimSpace(parts[len(parts)-1]) == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) != n {
		return nil, fault.Structuralf("pdftotext: %d pages of text for %d pages", len(parts), n)
	}
	for i := range parts {
		parts[i] = readColumns(parts[i])
	}
	return parts, nil
}

// Rasterize renders page (from 1) of the PDF at dpi into a PNG in dir and
// returns its path. It renders the crop box, the size Pages reports and
// the limits were checked on; pdftoppm's default, the media box, is
// neither.
func (p *Poppler) Rasterize(ctx context.Context, path string, page, dpi int, dir string) (string, error) {
	prefix := filepath.Join(dir, "page-"+strconv.Itoa(page))
	pg := strconv.Itoa(page)
	if _, err := p.ToPPM.Run(ctx, "-cropbox", "-r", strconv.Itoa(dpi), "-png", "-f", pg, "-l", pg, "-singlefile", path, prefix); err != nil {
		return "", fmt.Errorf("rasterize page %d: %w", page, err)
	}
	out := prefix + ".png"
	if _, err := os.Stat(out); err != nil {
		return "", fault.Structuralf("rasterize page %d: pdftoppm wrote no image: %w", page, err)
	}
	return out, nil
}

// Version returns the version `pdftotext -v` prints.
func (p *Poppler) Version(ctx context.Context) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.version == "" {
		v, err := p.ToText.version(ctx, "pdftotext version ", "-v")
		if err != nil {
			return "", err
		}
		p.version = v
	}
	return p.version, nil
}

// PDFImage is one image drawn on a PDF page, as `pdfimages -list` reports
// it: its pixel size and the resolution it is drawn at (pixels per inch of
// the page), which give the area of the page it covers.
type PDFImage struct {
	Page          int
	Type          string // image, mask, smask or stencil
	Width, Height int64
	XPPI, YPPI    float64
}

// CoveredPt is the area the image covers on the page, in square points.
func (im PDFImage) CoveredPt() float64 {
	if im.XPPI <= 0 || im.YPPI <= 0 {
		return 0
	}
	return float64(im.Width) / im.XPPI * 72 * float64(im.Height) / im.YPPI * 72
}

// ListImages lists the images drawn on each of the PDF's n pages, from one
// `pdfimages -list` run (which reads the page content, never decodes an
// image). An image drawn twice is listed twice.
func (p *Poppler) ListImages(ctx context.Context, path string, n int) ([][]PDFImage, error) {
	out, err := p.ToImages.Run(ctx, "-list", "-f", "1", "-l", strconv.Itoa(n), path)
	if err != nil {
		return nil, fmt.Errorf("list PDF images: %w", err)
	}
	return ParseImageList(out, n)
}

// ParseImageList reads `pdfimages -list` output for a PDF of n pages: a
// header, a dashed rule, then one row per image drawn — page, num, type,
// width, height, color, comp, bpc, enc, interp, object, ID, x-ppi, y-ppi,
// size, ratio.
func ParseImageList(out []byte, n int) ([][]PDFImage, error) {
	pages := make([][]PDFImage, n)
	for i, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if i < 2 || len(f) == 0 {
			continue
		}
		if len(f) < 14 {
			return nil, fault.Structuralf("pdfimages -list: row %q has %d fields, want 16", line, len(f))
		}
		page, err1 := strconv.Atoi(f[0])
		w, err2 := strconv.ParseInt(f[3], 10, 64)
		h, err3 := strconv.ParseInt(f[4], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || page < 1 || page > n {
			return nil, fault.Structuralf("pdfimages -list: bad row %q", line)
		}
		// The resolutions are 0 or garbage for an image drawn with a
		// degenerate matrix; such an image covers nothing usable.
		xppi, _ := strconv.ParseFloat(f[12], 64)
		yppi, _ := strconv.ParseFloat(f[13], 64)
		pages[page-1] = append(pages[page-1], PDFImage{Page: page, Type: f[2], Width: w, Height: h, XPPI: xppi, YPPI: yppi})
	}
	return pages, nil
}

// ExtractImage writes the images of page (from 1) as PNG files into dir
// with `pdfimages -png -f page -l page` and returns their paths in the
// order pdfimages numbers them. Their pixels are what the PDF holds, at
// the scan's own resolution: nothing is resampled.
func (p *Poppler) ExtractImage(ctx context.Context, path string, page int, dir string) ([]string, error) {
	prefix := filepath.Join(dir, "image-"+strconv.Itoa(page))
	pg := strconv.Itoa(page)
	if _, err := p.ToImages.Run(ctx, "-png", "-f", pg, "-l", pg, path, prefix); err != nil {
		return nil, fmt.Errorf("extract the image of page %d: %w", page, err)
	}
	files, err := filepath.Glob(prefix + "-*.png")
	if err != nil {
		return nil, fmt.Errorf("extract the image of page %d: %w", page, err)
	}
	sort.Strings(files)
	return files, nil
}
