// Package config holds the ocr service's own settings, read from
// DOCKET_OCR_* environment variables.
package config

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	platform "github.com/docket-run/docket/pkg/config"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// Engines of DOCKET_OCR_ENGINE.
const (
	EngineTesseract = "tesseract"
	EngineNoop      = "noop"
)

// Config is the ocr service's settings. The defaults are in the envDefault
// tags, in one place.
type Config struct {
	// Engine selects the extraction: "tesseract" (poppler and Tesseract,
	// the default) or "noop", which runs no tool and reads every document
	// as one fixed short page — for benchmarks of the platform only.
	Engine string `env:"DOCKET_OCR_ENGINE" envDefault:"tesseract"`
	// Timeout bounds the extraction of one document, engine runs included.
	Timeout time.Duration `env:"DOCKET_OCR_TIMEOUT" envDefault:"5m"`
	// MaxPages rejects longer PDFs (and multi-page TIFFs) as structural.
	MaxPages int `env:"DOCKET_OCR_MAX_PAGES" envDefault:"500"`
	// MaxPixels is the largest page image, in pixels, that is decoded or
	// rasterized; larger ones are rejected before any decoding.
	MaxPixels int64 `env:"DOCKET_OCR_MAX_PIXELS" envDefault:"100000000"`
	// TesseractBin, PdftoppmBin, PdftotextBin, PdfinfoBin and
	// PdfimagesBin name the engine binaries: a bare name is looked up on
	// PATH.
	TesseractBin string `env:"DOCKET_OCR_TESSERACT_BIN" envDefault:"tesseract"`
	PdftoppmBin  string `env:"DOCKET_OCR_PDFTOPPM_BIN" envDefault:"pdftoppm"`
	PdftotextBin string `env:"DOCKET_OCR_PDFTOTEXT_BIN" envDefault:"pdftotext"`
	PdfinfoBin   string `env:"DOCKET_OCR_PDFINFO_BIN" envDefault:"pdfinfo"`
	PdfimagesBin string `env:"DOCKET_OCR_PDFIMAGES_BIN" envDefault:"pdfimages"`
	// ToolMaxMemory and ToolMaxCPU are the hard limits of every engine
	// process (pdfinfo, pdftotext, pdftoppm, pdfimages, tesseract): its address
	// space in bytes (RLIMIT_AS) and its CPU time (RLIMIT_CPU, whole
	// seconds). Going over either is structural. Tesseract on a blank
	// page of DOCKET_OCR_MAX_PIXELS' default reserves about 1.1 GiB.
	ToolMaxMemory int64         `env:"DOCKET_OCR_TOOL_MAX_MEMORY" envDefault:"2147483648"`
	ToolMaxCPU    time.Duration `env:"DOCKET_OCR_TOOL_MAX_CPU" envDefault:"2m"`
	// PrlimitBin is util-linux's prlimit, which starts the engine
	// processes under those limits.
	PrlimitBin string `env:"DOCKET_OCR_PRLIMIT_BIN" envDefault:"prlimit"`
	// Language is Tesseract's -l argument, e.g. eng or deu+eng.
	Language string `env:"DOCKET_OCR_LANGUAGE" envDefault:"eng"`
	// DetectLanguages are the languages a page is read again in when its
	// first reading is in one of them (those Tesseract has data for: the
	// Debian packages tesseract-ocr-<code>); "none" turns detection off.
	DetectLanguages []string `env:"DOCKET_OCR_DETECT_LANGUAGES" envSeparator:"," envDefault:"deu,fra,spa,ita,nld,por,swe,dan,pol,nor,ces,slk,tur,fin,hun,ron,isl,hrv,lav,lit,est,cat,slv,vie"`
	// DPI is the resolution scanned PDF pages are rasterized at, and the
	// resolution assumed for images that do not state one.
	DPI int `env:"DOCKET_OCR_DPI" envDefault:"300"`
	// PageConcurrency bounds the pages of one document OCRed at once.
	PageConcurrency int `env:"DOCKET_OCR_PAGE_CONCURRENCY" envDefault:"1"`
	// Batch is how many submitted records one poll takes. Accepting a
	// document as a long-step job is cheap (the work runs outside the
	// transaction), so batches are large: fewer transactions, here and
	// downstream.
	Batch int `env:"DOCKET_OCR_BATCH" envDefault:"500"`
	// CheckpointTTL is how long a finished page's text is kept in Redis so
	// that a redelivered document resumes after it.
	CheckpointTTL time.Duration `env:"DOCKET_OCR_CHECKPOINT_TTL" envDefault:"24h"`
	// WorkDir holds temporary files (the document, rasterized pages);
	// empty means the system temporary directory.
	WorkDir string `env:"DOCKET_OCR_WORK_DIR"`
}

// Load reads the settings from the environment and validates them.
func Load() (Config, error) {
	var c Config
	err := platform.ParseEnv(&c, "")
	if slices.Equal(c.DetectLanguages, []string{"none"}) {
		c.DetectLanguages = nil
	}
	return c, errors.Join(err, c.Validate())
}

var languageRe = regexp.MustCompile(`^[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*$`)

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	if c.Engine != EngineTesseract && c.Engine != EngineNoop {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_ENGINE %q: want %s or %s", c.Engine, EngineTesseract, EngineNoop))
	}
	if c.Timeout <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_TIMEOUT %s: want a positive duration", c.Timeout))
	}
	if c.MaxPages < 1 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_MAX_PAGES %d: want at least 1", c.MaxPages))
	}
	if c.MaxPixels < 1 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_MAX_PIXELS %d: want at least 1", c.MaxPixels))
	}
	for name, v := range map[string]string{
		"DOCKET_OCR_TESSERACT_BIN": c.TesseractBin, "DOCKET_OCR_PDFTOPPM_BIN": c.PdftoppmBin,
		"DOCKET_OCR_PDFTOTEXT_BIN": c.PdftotextBin, "DOCKET_OCR_PDFINFO_BIN": c.PdfinfoBin,
		"DOCKET_OCR_PDFIMAGES_BIN": c.PdfimagesBin, "DOCKET_OCR_PRLIMIT_BIN": c.PrlimitBin,
	} {
		if v == "" {
			errs = append(errs, fmt.Errorf("%s is empty", name))
		}
	}
	if c.ToolMaxMemory < 64<<20 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_TOOL_MAX_MEMORY %d: want at least 67108864 (64 MiB)", c.ToolMaxMemory))
	}
	if c.ToolMaxCPU < time.Second {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_TOOL_MAX_CPU %s: want at least 1s", c.ToolMaxCPU))
	}
	if !languageRe.MatchString(c.Language) {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_LANGUAGE %q: want tesseract language codes joined by +, e.g. eng or deu+eng", c.Language))
	}
	for _, l := range c.DetectLanguages {
		if !slices.Contains(extract.DetectableLanguages(), l) {
			errs = append(errs, fmt.Errorf("DOCKET_OCR_DETECT_LANGUAGES %q: want some of %s", l, strings.Join(extract.DetectableLanguages(), ",")))
		}
	}
	if c.DPI < 50 || c.DPI > 1200 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_DPI %d: want 50..1200", c.DPI))
	}
	if c.Batch < 1 || c.Batch > 1000 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_BATCH %d: want 1..1000", c.Batch))
	}
	if c.PageConcurrency < 1 || c.PageConcurrency > 64 {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_PAGE_CONCURRENCY %d: want 1..64", c.PageConcurrency))
	}
	if c.CheckpointTTL < time.Second {
		errs = append(errs, fmt.Errorf("DOCKET_OCR_CHECKPOINT_TTL %s: want at least 1s", c.CheckpointTTL))
	}
	return errors.Join(errs...)
}
