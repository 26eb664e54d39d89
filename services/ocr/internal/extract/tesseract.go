package extract

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/docket-run/docket/pkg/fault"
)

// PageText is what an engine read from one page image.
type PageText struct {
	Text string
	// Confidence is the mean word confidence in [0, 1]; 0 when no word
	// was found.
	Confidence float64
}

// Engine recognizes the text of a page image. It is the seam tests observe
// (a counting decorator) and the one place another OCR engine would plug in.
type Engine interface {
	// Recognize returns one PageText per page of the image file (a TIFF
	// may hold several).
	Recognize(ctx context.Context, imagePath string) ([]PageText, error)
	// Identity returns the engine's name and version.
	Identity(ctx context.Context) (name, version string, err error)
}

// Tesseract is the Tesseract CLI as an Engine: `tesseract IMAGE stdout -l
// LANG --dpi DPI tsv`, whose word rows give both the text and the word
// confidences.
type Tesseract struct {
	tool     Tool
	language string
	dpi      int

	mu      sync.Mutex
	version string
}

var _ Engine = (*Tesseract)(nil)

// NewTesseract returns the engine running bin (a bare name is looked up on
// PATH) with the language (e.g. eng) and the resolution assumed for images
// that do not state theirs, each run under limits.
func NewTesseract(bin, language string, dpi int, limits ProcessLimits) *Tesseract {
	return &Tesseract{tool: Tool{Bin: bin, Package: "tesseract-ocr", Limits: limits}, language: language, dpi: dpi}
}

// Recognize runs Tesseract on imagePath.
func (t *Tesseract) Recognize(ctx context.Context, imagePath string) ([]PageText, error) {
	out, err := t.tool.Run(ctx, imagePath, "stdout", "-l", t.language, "--dpi", strconv.Itoa(t.dpi), "tsv")
	if err != nil {
		if fault.ClassOf(err) == fault.Structural && strings.Contains(err.Error(), "Failed loading language") {
			return nil, fault.Structuralf("tesseract has no data for language %q: install the Debian package tesseract-ocr-<lang> (e.g. tesseract-ocr-%s): %w", t.language, strings.Split(t.language, "+")[0], err)
		}
		return nil, fmt.Errorf("tesseract %s: %w", imagePath, err)
	}
	pages, err := ParseTSV(out)
	if err != nil {
		return nil, fmt.Errorf("tesseract %s: %w", imagePath, err)
	}
	return pages, nil
}

// Identity returns "tesseract" and the version `tesseract --version` prints.
func (t *Tesseract) Identity(ctx context.Context) (string, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.version == "" {
		v, err := t.tool.version(ctx, "tesseract ", "--version")
		if err != nil {
			return "", "", err
		}
		t.version = v
	}
	return "tesseract", t.version, nil
}

// ParseTSV reads Tesseract's TSV output: it rebuilds each page's text from
// the word rows (level 5) — words of a line joined by spaces, lines by
// newlines, paragraphs and blocks by a blank line — and averages the word
// confidences (0..100) into [0, 1]. Pages are numbered by page_num; a page
// that appears without words gets empty text and confidence 0.
func ParseTSV(b []byte) ([]PageText, error) {
	type acc struct {
		text       strings.Builder
		confSum    float64
		words      int
		block, par int
		line       int
		started    bool
	}
	var pages []*acc
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	row := 0
	for sc.Scan() {
		row++
		line := sc.Text()
		if row == 1 {
			if !strings.HasPrefix(line, "level\t") {
				return nil, fault.Structuralf("tesseract TSV: header %q, want level\\tpage_num...", truncate(line, 80))
			}
			continue
		}
		if line == "" {
			continue
		}
		f := strings.SplitN(line, "\t", 12)
		if len(f) < 11 {
			return nil, fault.Structuralf("tesseract TSV row %d: %d fields, want 12", row, len(f))
		}
		level, err1 := strconv.Atoi(f[0])
		page, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || page < 1 {
			return nil, fault.Structuralf("tesseract TSV row %d: bad level or page %q %q", row, f[0], f[1])
		}
		for len(pages) < page {
			pages = append(pages, &acc{})
		}
		p := pages[page-1]
		if level != 5 || len(f) < 12 {
			continue
		}
		word := strings.TrimSpace(f[11])
		if word == "" {
			continue
		}
		block, _ := strconv.Atoi(f[2])
		par, _ := strconv.Atoi(f[3])
		ln, _ := strconv.Atoi(f[4])
		conf, err := strconv.ParseFloat(f[10], 64)
		if err != nil {
			return nil, fault.Structuralf("tesseract TSV row %d: confidence %q: %w", row, f[10], err)
		}
		switch {
		case !p.started:
		case block != p.block || par != p.par:
			p.text.WriteString("\n\n")
		case ln != p.line:
			p.text.WriteByte('\n')
		default:
			p.text.WriteByte(' ')
		}
		p.started, p.block, p.par, p.line = true, block, par, ln
		p.text.WriteString(word)
		if conf >= 0 {
			p.confSum += min(conf, 100)
			p.words++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fault.Structuralf("tesseract TSV: %w", err)
	}
	if row == 0 {
		return nil, fault.Structuralf("tesseract TSV: empty output")
	}
	out := make([]PageText, len(pages))
	for i, p := range pages {
		out[i].Text = p.text.String()
		if p.words > 0 {
			out[i].Confidence = p.confSum / float64(p.words) / 100
		}
	}
	return out, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
