package extract

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/docket-run/docket/pkg/fault"
)

// Poppler runs the poppler-utils binaries: pdfinfo for the page count and
// sizes, pdftotext for the text layer, pdftoppm to rasterize scanned pages.
type Poppler struct {
	Info, ToText, ToPPM Tool

	mu      sync.Mutex
	version string
}

// NewPoppler returns the poppler tools at the given binaries (bare names are
// looked up on PATH), each run under limits.
func NewPoppler(pdfinfo, pdftotext, pdftoppm string, limits ProcessLimits) *Poppler {
	const pkg = "poppler-utils"
	return &Poppler{Info: Tool{pdfinfo, pkg, limits}, ToText: Tool{pdftotext, pkg, limits}, ToPPM: Tool{pdftoppm, pkg, limits}}
}

// PageSize is a page's crop box size in PDF points (1/72 inch): what
// pdfinfo reports as the page size, and what Rasterize renders. The media
// box can be far larger (a 500-byte PDF can declare 6000x6000 pt behind a
// small crop box), which is why rendering it is never asked for.
type PageSize struct{ W, H float64 }

// Pixels is the page's pixel count when rendered at dpi.
func (s PageSize) Pixels(dpi int) (w, h int64) {
	return int64(math.Ceil(s.W / 72 * float64(dpi))), int64(math.Ceil(s.H / 72 * float64(dpi)))
}

var (
	pagesRe    = regexp.MustCompile(`(?m)^Pages:\s+(\d+)\s*$`)
	pageSizeRe = regexp.MustCompile(`(?m)^Page\s+(\d+)\s+size:\s+([0-9.]+)\s+x\s+([0-9.]+)\s+pts`)
)

// Pages returns the size of every page of the PDF at path. A PDF with more
// than maxPages pages is rejected as structural before any page is read.
func (p *Poppler) Pages(ctx context.Context, path string, maxPages int) ([]PageSize, error) {
	// One run: pdfinfo clamps -l to the page count, and asking for one
	// page more than the limit is enough to tell a PDF over it.
	out, err := p.Info.Run(ctx, "-f", "1", "-l", strconv.Itoa(maxPages+1), path)
	if err != nil {
		return nil, fmt.Errorf("read PDF info: %w", err)
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
		sizes[i-1] = PageSize{W: w, H: h}
		seen++
	}
	if seen != n {
		return nil, fault.Structuralf("pdfinfo: sizes for %d of %d pages", seen, n)
	}
	// pdfinfo reports the crop box (clipped to the media box) unrotated; a
	// rotated page's pixel count is the same, so rotation does not matter
	// for the limits.
	return sizes, nil
}

// TextLayer returns the text layer of each of the PDF's n pages, from one
// `pdftotext -layout` run whose pages are separated by form feeds.
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
