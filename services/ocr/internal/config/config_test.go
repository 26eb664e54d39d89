package config

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

func TestLoadDefaults(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Engine: "tesseract", Timeout: 5 * time.Minute, MaxPages: 500, MaxPixels: 100_000_000, TesseractBin: "tesseract",
		PdftoppmBin: "pdftoppm", PdftotextBin: "pdftotext", PdfinfoBin: "pdfinfo", PdfimagesBin: "pdfimages", Language: "eng", DPI: 300,
		PageConcurrency: 1, Batch: 500, CheckpointTTL: 24 * time.Hour,
		ToolMaxMemory: 2 << 30, ToolMaxCPU: 2 * time.Minute, PrlimitBin: "prlimit",
		DetectLanguages: extract.DetectableLanguages()}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("defaults = %+v, want %+v", c, want)
	}
}

func TestValidateReportsEveryField(t *testing.T) {
	t.Setenv("DOCKET_OCR_ENGINE", "paddle")
	t.Setenv("DOCKET_OCR_TIMEOUT", "0s")
	t.Setenv("DOCKET_OCR_MAX_PIXELS", "0")
	t.Setenv("DOCKET_OCR_LANGUAGE", "eng; rm -rf /")
	t.Setenv("DOCKET_OCR_PAGE_CONCURRENCY", "0")
	t.Setenv("DOCKET_OCR_BATCH", "0")
	t.Setenv("DOCKET_OCR_TOOL_MAX_MEMORY", "1000")
	t.Setenv("DOCKET_OCR_TOOL_MAX_CPU", "0s")
	t.Setenv("DOCKET_OCR_DETECT_LANGUAGES", "deu,klingon")
	_, err := Load()
	if err == nil {
		t.Fatal("Load accepted bad settings")
	}
	for _, name := range []string{"DOCKET_OCR_ENGINE", "DOCKET_OCR_TIMEOUT", "DOCKET_OCR_MAX_PIXELS", "DOCKET_OCR_LANGUAGE", "DOCKET_OCR_PAGE_CONCURRENCY", "DOCKET_OCR_BATCH", "DOCKET_OCR_TOOL_MAX_MEMORY", "DOCKET_OCR_TOOL_MAX_CPU", "DOCKET_OCR_DETECT_LANGUAGES"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name %s", err, name)
		}
	}
}

func TestValidateEmptyBinary(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	c.PdftoppmBin = ""
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "DOCKET_OCR_PDFTOPPM_BIN is empty") {
		t.Errorf("Validate = %v, want the empty binary named", err)
	}
}

func TestDetectLanguagesNoneTurnsDetectionOff(t *testing.T) {
	t.Setenv("DOCKET_OCR_DETECT_LANGUAGES", "none")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.DetectLanguages) != 0 {
		t.Errorf("DetectLanguages = %q, want none", c.DetectLanguages)
	}
}
