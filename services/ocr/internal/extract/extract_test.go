package extract_test

import (
	"context"
	"errors"
	"golang.org/x/text/encoding/charmap"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/fault"

	"github.com/docket-run/docket/services/ocr/internal/checkpoint"
	"github.com/docket-run/docket/services/ocr/internal/extract"
)

const testdata = "../../testdata"

// toolLimits are the engine processes' limits in tests: the service's
// defaults, so every test runs the tools through prlimit as it does.
var toolLimits = extract.ProcessLimits{Memory: 2 << 30, CPU: 2 * time.Minute}

// countingEngine counts Recognize calls; with failAt > 0 the failAt-th
// call fails as if the process crashed there.
type countingEngine struct {
	extract.Engine
	calls  atomic.Int64
	failAt int64
	// lastDPI is the resolution the last call asked for.
	lastDPI atomic.Int64
}

var errCrash = errors.New("simulated crash")

func (c *countingEngine) Recognize(ctx context.Context, path string, dpi int, languages []string) ([]extract.PageText, error) {
	c.lastDPI.Store(int64(dpi))
	if n := c.calls.Add(1); c.failAt > 0 && n >= c.failAt {
		return nil, fault.Wrap(fault.Transient, errCrash)
	}
	return c.Engine.Recognize(ctx, path, dpi, languages)
}

type options struct {
	tesseract, pdftoppm string
	limits              extract.Limits
	tools               *extract.ProcessLimits
	checkpoints         extract.Checkpoints
	progress            extract.Progress
	quota               extract.Quota
	failAt              int64
	// detect are the languages pages are read again in (DetectLanguages).
	detect []string
}

func newExtractor(t *testing.T, o options) (*extract.Extractor, *countingEngine) {
	t.Helper()
	if o.tesseract == "" {
		o.tesseract = "tesseract"
	}
	if o.pdftoppm == "" {
		o.pdftoppm = "pdftoppm"
	}
	if o.limits == (extract.Limits{}) {
		o.limits = extract.Limits{MaxPages: 500, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}
	}
	if o.tools == nil {
		o.tools = &toolLimits
	}
	tess := extract.NewTesseract(o.tesseract, "eng", o.limits.DPI, *o.tools)
	if o.detect != nil {
		using, missing, err := tess.DetectLanguages(context.Background(), o.detect)
		if err != nil || len(missing) > 0 {
			t.Fatalf("Tesseract lacks language data (install tesseract-ocr-<code>): missing %q, using %q, %v", missing, using, err)
		}
	}
	eng := &countingEngine{Engine: tess, failAt: o.failAt}
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	x := extract.New(eng, extract.NewPoppler("pdfinfo", "pdftotext", o.pdftoppm, *o.tools), o.checkpoints, o.progress, o.quota, o.limits, t.TempDir(), log)
	return x, eng
}

func job(name, mediaType string) extract.Job {
	return extract.Job{Path: filepath.Join(testdata, name), SHA256: strings.Repeat("ab", 32), MediaType: mediaType, WorkflowID: "wf-test"}
}

// ctx bounds a test's extraction: a guard against a hung tool, not a
// measure of speed. Five minutes: a scanned page read first, in its
// language and levelled took two under a machine's other load (two
// outside trials' suites and a CI run beside the package's tests).
func ctx(t *testing.T) context.Context {
	t.Helper()
	c, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	return c
}

func TestExtractFixtures(t *testing.T) {
	type page struct {
		method  string
		words   []string
		minConf float64
	}
	imageWords := []string{"DOCKET", "INVOICE", "4711", "TOTAL", "AMOUNT", "1234", "EUR"}
	ocrPage := func(words ...string) page { return page{extract.MethodOCR, words, 0.80} }
	tests := []struct {
		name, file, mediaType string
		engine                string
		ocrCalls              int64
		pages                 []page
	}{
		{"png", "invoice.png", "image/png", "tesseract", 1, []page{ocrPage(imageWords...)}},
		{"jpeg", "invoice.jpg", "image/jpeg", "tesseract", 1, []page{ocrPage(imageWords...)}},
		{"tiff", "invoice.tif", "image/tiff", "tesseract", 1, []page{ocrPage(imageWords...)}},
		{"text layer pdf", "textlayer.pdf", "application/pdf", "pdftotext", 0, []page{
			{extract.MethodTextLayer, []string{"Docket text layer invoice 4711, total amount 1234 EUR."}, 1},
			{extract.MethodTextLayer, []string{"Second page: payment terms thirty days, thank you."}, 1},
		}},
		{"scanned pdf", "scanned.pdf", "application/pdf", "tesseract", 3, []page{
			ocrPage("FIRST PAGE ALPHA", "ORDER 1001"),
			ocrPage("SECOND PAGE DELTA", "ORDER 2002"),
			ocrPage("THIRD PAGE CHARLIE", "ORDER 3003"),
		}},
		{"mixed pdf", "mixed.pdf", "application/pdf", "tesseract+pdftotext", 1, []page{
			{extract.MethodTextLayer, []string{"Docket text layer invoice 4711"}, 1},
			ocrPage("SECOND PAGE DELTA", "ORDER 2002"),
		}},
		{"pdf declared as octet-stream", "textlayer.pdf", "application/octet-stream", "pdftotext", 0, []page{
			{extract.MethodTextLayer, []string{"invoice 4711"}, 1},
			{extract.MethodTextLayer, []string{"thirty days"}, 1},
		}},
		{"utf-8 text", "utf8.txt", "text/plain", "docket-text", 0, []page{
			{extract.MethodPassthrough, []string{"Grüße aus Köln: invoice 4711, total 1234 €."}, 1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, eng := newExtractor(t, options{})
			res, err := x.Extract(ctx(t), job(tt.file, tt.mediaType))
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			if res.EngineName != tt.engine || res.EngineVersion == "" {
				t.Errorf("engine = %q %q, want %q and a version", res.EngineName, res.EngineVersion, tt.engine)
			}
			if strings.Contains(tt.engine, "tesseract") && !strings.HasPrefix(res.EngineVersion, "5.") {
				t.Errorf("engine version %q, want tesseract 5.x first", res.EngineVersion)
			}
			if got := eng.calls.Load(); got != tt.ocrCalls {
				t.Errorf("engine ran %d times, want %d", got, tt.ocrCalls)
			}
			if len(res.Pages) != len(tt.pages) {
				t.Fatalf("got %d pages, want %d: %+v", len(res.Pages), len(tt.pages), res.Pages)
			}
			for i, want := range tt.pages {
				p := res.Pages[i]
				if p.Number != i+1 || p.Method != want.method {
					t.Errorf("page %d: number %d method %s, want %d %s", i+1, p.Number, p.Method, i+1, want.method)
				}
				if p.Confidence < want.minConf || p.Confidence > 1 {
					t.Errorf("page %d: confidence %.3f, want %.2f..1", i+1, p.Confidence, want.minConf)
				}
				for _, w := range want.words {
					if !strings.Contains(p.Text, w) {
						t.Errorf("page %d text %q lacks %q", i+1, p.Text, w)
					}
				}
			}
			if m := res.MeanConfidence(); m < 0.8 || m > 1 {
				t.Errorf("mean confidence %.3f, want 0.8..1", m)
			}
			if got, want := strings.Count(res.Text(), "\f"), len(tt.pages)-1; got != want {
				t.Errorf("document text has %d form feeds, want %d", got, want)
			}
		})
	}
}

func TestTextCharsets(t *testing.T) {
	tests := []struct {
		file, mediaType, charset, want string
		repaired                       int
	}{
		{"utf8.txt", "text/plain", extract.CharsetUTF8, "Grüße aus Köln: invoice 4711, total 1234 €.\n", 0},
		{"utf16le.txt", "text/plain", extract.CharsetUTF16LE, "Grüße aus Köln: invoice 4711, total 1234 €.\n", 0},
		{"cp1252.txt", "text/plain", extract.CharsetCP1252, "Café crème € 12, “quoted” invoice 4711\n", 0},
		{"repair.txt", "text/plain", extract.CharsetUTF8, "Grüße aus Köln \uFFFD\uFFFD invoice 4711 with a stray byte pair, total 1234 € and some more words to read.\n", 2},
		{"cp1252.txt", "text/plain; charset=ISO-8859-1", extract.CharsetCP1252, "Café crème € 12, “quoted” invoice 4711\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.file+" "+tt.mediaType, func(t *testing.T) {
			x, _ := newExtractor(t, options{})
			res, err := x.Extract(ctx(t), job(tt.file, tt.mediaType))
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			if len(res.Pages) != 1 || res.Pages[0].Method != extract.MethodPassthrough || res.Pages[0].Confidence != 1 {
				t.Fatalf("pages = %+v, want one passthrough page with confidence 1", res.Pages)
			}
			if res.Pages[0].Text != tt.want || res.Charset != tt.charset || res.Repaired != tt.repaired {
				t.Errorf("got %q (%s, %d repaired), want %q (%s, %d repaired)", res.Pages[0].Text, res.Charset, res.Repaired, tt.want, tt.charset, tt.repaired)
			}
		})
	}
}

// cp1250 encodes s as Windows-1250.
func cp1250(s string) []byte {
	b, err := charmap.Windows1250.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

// latin2 encodes s as ISO-8859-2.
func latin2(s string) []byte {
	b, err := charmap.ISO8859_2.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

// cp1252 encodes s as Windows-1252.
func cp1252(s string) []byte {
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

func TestDecodeText(t *testing.T) {
	tests := []struct {
		name      string
		in        []byte
		mediaType string
		want      string
		wantErr   string // substring of a structural error
	}{
		{"utf-8 bom", []byte("\xEF\xBB\xBFhello"), "text/plain", "hello", ""},
		{"utf-16be bom", []byte("\xFE\xFF\x00h\x00i"), "text/plain", "hi", ""},
		{"utf-16 odd length", []byte("\xFF\xFEh\x00i"), "text/plain", "", "odd number of bytes"},
		{"unpaired surrogate repaired", []byte("\xFF\xFE\x00\xD8a\x00b\x00c\x00d\x00e\x00f\x00g\x00h\x00i\x00j\x00"), "text/plain", "\uFFFDabcdefghij", ""},
		{"mostly invalid utf-16", []byte("\xFF\xFE\x00\xD8\x00\xD8a\x00"), "text/plain", "", "invalid sequences"},
		{"latin-1 without multibyte", []byte("na\xefve r\xe9sum\xe9"), "text/plain", "naïve résumé", ""},
		{"nul bytes are binary", []byte("abc\x00def"), "text/plain", "", "binary content"},
		{"control characters are binary", []byte("\x01\x02\x03\x04abc\x05\x06"), "text/plain", "", "control characters"},
		{"explicit utf-8 invalid", []byte("ok then \xff fine"), "text/plain; charset=utf-8", "ok then \uFFFD fine", ""},
		{"unknown charset", []byte("x"), "text/plain; charset=ebcdic", "", "not supported"},
		// Found from outside (eighteenth trial): Polish saved by Windows
		// was read as Latin-1, "By³o to ka¿dego dnia".
		{"windows-1250 polish", cp1250("Było to każdego dnia, płatność w złotych."), "text/plain", "Było to każdego dnia, płatność w złotych.", ""},
		{"windows-1250 czech", cp1250("Dodavatel: Šťastná s.r.o., splatnost faktury 14 dní, zaťažené účtem."), "text/plain", "Dodavatel: Šťastná s.r.o., splatnost faktury 14 dní, zaťažené účtem.", ""},
		// Czech with neither ľ, ť nor ź: its ě and ů inside words.
		{"windows-1250 czech by its vowels", cp1250("Odběratel: Jan Novák, způsob platby převodem, děkujeme."), "text/plain", "Odběratel: Jan Novák, způsob platby převodem, děkujeme.", ""},
		{"windows-1252 italian", []byte("Perché più così? Così è la città, però."), "text/plain", "Perché più così? Così è la città, però.", ""},
		{"windows-1252 with symbols out of words", []byte("\xbfC\xf3mo? 12 m\xb3 at \xa35.00, n\xba 7, na\xefve"), "text/plain", "¿Cómo? 12 m³ at £5.00, nº 7, naïve", ""},
		{"windows-1252 french", []byte("le c\x9cur, la s\x9cur, \x80 12"), "text/plain", "le cœur, la sœur, € 12", ""},
		{"explicit windows-1250", cp1250("ł"), "text/plain; charset=windows-1250", "ł", ""},
		// Found from outside (thirtieth trial): Croatian and Hungarian
		// saved as ISO-8859-2 were read as Windows-1252, "Jelaèiæa",
		// "Zavr¹no", "ÖSSZESÍTÕ".
		{"iso-8859-2 croatian", latin2("Trg bana Jelačića 5, Zagreb. Završno stanje računa."), "text/plain", "Trg bana Jelačića 5, Zagreb. Završno stanje računa.", ""},
		{"iso-8859-2 hungarian", latin2("SZEMÉLYIJÖVEDELEMADÓ-BEVALLÁS - ÖSSZESÍTŐ\nÖsszeg: 7 842 000 Ft, az első félévre, fizetendő adó."), "text/plain", "SZEMÉLYIJÖVEDELEMADÓ-BEVALLÁS - ÖSSZESÍTŐ\nÖsszeg: 7 842 000 Ft, az első félévre, fizetendő adó.", ""},
		{"iso-8859-2 slovak", latin2("Dodávateľ: Služby s.r.o., Košice. Odberateľ zaplatí faktúru do štrnástich dní."), "text/plain", "Dodávateľ: Služby s.r.o., Košice. Odberateľ zaplatí faktúru do štrnástich dní.", ""},
		{"windows-1252 portuguese with õ", cp1252("Informações sobre as opções e condições de adesão."), "text/plain", "Informações sobre as opções e condições de adesão.", ""},
		{"windows-1252 estonian with õ", cp1252("Õigus on tõesti väga tähtis, mõõdetud ja sõnastatud."), "text/plain", "Õigus on tõesti väga tähtis, mõõdetud ja sõnastatud.", ""},
		{"windows-1252 french with û", cp1252("Le coût total dû en août, à régler sûrement."), "text/plain", "Le coût total dû en août, à régler sûrement.", ""},
		{"windows-1252 danish", cp1252("Kære kunde, vi sender dig en kvittering for købet på 250 kr."), "text/plain", "Kære kunde, vi sender dig en kvittering for købet på 250 kr.", ""},

		{"explicit iso-8859-2", []byte("\xb1\xb3"), "text/plain; charset=ISO-8859-2", "ął", ""},
		{"empty", nil, "text/plain", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := extract.DecodeText(tt.in, tt.mediaType)
			if tt.wantErr != "" {
				if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want a structural error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got.Text != tt.want {
				t.Fatalf("got %q, %v; want %q", got.Text, err, tt.want)
			}
		})
	}
}

func TestRejectsStructural(t *testing.T) {
	small := extract.Limits{MaxPages: 1, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}
	tests := []struct {
		name, file, mediaType string
		limits                extract.Limits
		wantErr               string
	}{
		{"png decompression bomb", "bomb.png", "image/png", extract.Limits{}, "100000x100000"},
		{"pdf page too large to rasterize", "bomb.pdf", "application/pdf", extract.Limits{}, "60000x60000"},
		{"too many pdf pages", "textlayer.pdf", "application/pdf", small, "2 pages, more than the limit of 1"},
		{"binary declared as text", "binary.txt", "text/plain", extract.Limits{}, "content is application/octet-stream"},
		{"unsupported type", "binary.txt", "application/zip", extract.Limits{}, "unsupported media type"},
		{"declared pdf, content not", "utf8.txt", "application/pdf", extract.Limits{}, "declared application/pdf, but its content is text/plain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, eng := newExtractor(t, options{limits: tt.limits})
			_, err := x.Extract(ctx(t), job(tt.file, tt.mediaType))
			if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want a structural error containing %q", err, tt.wantErr)
			}
			if n := eng.calls.Load(); n != 0 {
				t.Errorf("engine ran %d times on a rejected document, want 0", n)
			}
		})
	}
}

func TestMissingBinaryIsStructural(t *testing.T) {
	tests := []struct {
		name, file string
		opts       options
		wantPkg    string
	}{
		{"tesseract", "invoice.png", options{tesseract: "docket-no-such-tesseract"}, "apt-get install tesseract-ocr"},
		{"tesseract absolute path", "invoice.png", options{tesseract: "/nonexistent/tesseract"}, "apt-get install tesseract-ocr"},
		{"pdftoppm", "scanned.pdf", options{pdftoppm: "docket-no-such-pdftoppm"}, "apt-get install poppler-utils"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, _ := newExtractor(t, tt.opts)
			_, err := x.Extract(ctx(t), job(tt.file, ""))
			if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), tt.wantPkg) {
				t.Fatalf("err = %v, want a structural error naming %q", err, tt.wantPkg)
			}
		})
	}
}

func TestMissingLanguageIsStructural(t *testing.T) {
	eng := extract.NewTesseract("tesseract", "docketnosuchlang", 300, toolLimits)
	_, err := eng.Recognize(ctx(t), filepath.Join(testdata, "invoice.png"), 0, nil)
	if err == nil || fault.ClassOf(err) != fault.Structural || !strings.Contains(err.Error(), "tesseract-ocr-docketnosuchlang") {
		t.Fatalf("err = %v, want a structural error naming the language package", err)
	}
}

// TestMissingLanguageCompletesDegraded is issue 19 point 3's OCR fallback:
// with no data for its language the engine reads nothing, and the document
// completes from its text layer alone (empty for a scan, left to a person),
// marked degraded with the reason, instead of being dead-lettered.
func TestMissingLanguageCompletesDegraded(t *testing.T) {
	dir := t.TempDir()
	x := extract.New(extract.NewTesseract("tesseract", "docketnosuchlang", 300, toolLimits), extract.NewPoppler("pdfinfo", "pdftotext", "pdftoppm", toolLimits),
		nil, nil, nil, extract.Limits{MaxPages: 500, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 1}, dir, nil)
	for _, tt := range []struct {
		file, mediaType, what string
		text                  bool
		method                string
	}{
		{"faxmixed.pdf", "application/pdf", "text layer only", true, extract.MethodTextLayer},
		{"scanned.pdf", "application/pdf", "text layer only", false, extract.MethodTextLayer},
		{"invoice.png", "image/png", "no text layer: a person reads the document", false, extract.MethodOCR},
	} {
		t.Run(tt.file, func(t *testing.T) {
			res, err := x.Extract(ctx(t), job(tt.file, tt.mediaType))
			if err != nil {
				t.Fatalf("Extract: %v, want a degraded result", err)
			}
			want := `ocr_language_missing: tesseract has no data for language "docketnosuchlang": install the Debian package tesseract-ocr-<lang> (e.g. tesseract-ocr-docketnosuchlang); ` + tt.what
			if res.Degraded != want {
				t.Errorf("degraded %q, want %q (the reason in Docket's words: no temporary path, no tesseract output)", res.Degraded, want)
			}
			if got := strings.TrimSpace(res.Text()) != ""; got != tt.text {
				t.Errorf("text %q: want some text %v", res.Text(), tt.text)
			}
			for _, p := range res.Pages {
				if p.Method != tt.method {
					t.Errorf("page %d read by %s, want %s", p.Number, p.Method, tt.method)
				}
			}
		})
	}
}

func TestTimeoutIsTransient(t *testing.T) {
	t.Run("real tesseract", func(t *testing.T) {
		x, _ := newExtractor(t, options{})
		c, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		defer cancel()
		_, err := x.Extract(c, job("scanned.pdf", "application/pdf"))
		if err == nil || fault.ClassOf(err) != fault.Transient {
			t.Fatalf("err = %v, want transient", err)
		}
	})
	t.Run("process group is killed", func(t *testing.T) {
		// An engine that hangs and whose child holds its output open: only
		// killing the whole process group ends the run before WaitDelay.
		bin := filepath.Join(t.TempDir(), "hanging-tesseract")
		if err := os.WriteFile(bin, []byte("#!/bin/sh\nsleep 60 &\nsleep 60\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		x, _ := newExtractor(t, options{tesseract: bin})
		c, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := x.Extract(c, job("invoice.png", "image/png"))
		if err == nil || fault.ClassOf(err) != fault.Transient || !strings.Contains(err.Error(), "time ran out") {
			t.Fatalf("err = %v, want a transient timeout", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("run took %s after the timeout: the process group was not killed", d)
		}
	})
}

func TestCheckpointResume(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	cp := checkpoint.New(rdb, time.Hour, "eng@300dpi")
	j := job("scanned.pdf", "application/pdf")

	// First run: the engine "crashes" on its second page.
	x, eng := newExtractor(t, options{checkpoints: cp, progress: cp, failAt: 2})
	_, err := x.Extract(ctx(t), j)
	if !errors.Is(err, errCrash) {
		t.Fatalf("first run: err = %v, want the simulated crash", err)
	}
	if n := eng.calls.Load(); n != 2 {
		t.Fatalf("first run: %d engine calls, want 2", n)
	}
	done, total, ok, err := cp.Progress(ctx(t), j.WorkflowID)
	if err != nil || !ok || done != 1 || total != 3 {
		t.Fatalf("progress after crash = %d/%d (%v, %v), want 1/3", done, total, ok, err)
	}

	// Second run resumes: only pages 2 and 3 are recognized.
	x, eng = newExtractor(t, options{checkpoints: cp, progress: cp})
	res, err := x.Extract(ctx(t), j)
	if err != nil {
		t.Fatalf("second run: %v", err)
	}
	if n := eng.calls.Load(); n != 2 {
		t.Errorf("second run: %d engine calls, want 2 (pages 2 and 3)", n)
	}
	for i, w := range []string{"FIRST PAGE ALPHA", "SECOND PAGE DELTA", "THIRD PAGE CHARLIE"} {
		if !strings.Contains(res.Pages[i].Text, w) || res.Pages[i].Method != extract.MethodOCR {
			t.Errorf("page %d = %+v, want OCR text with %q", i+1, res.Pages[i], w)
		}
	}
	done, total, ok, err = cp.Progress(ctx(t), j.WorkflowID)
	if err != nil || !ok || done != 3 || total != 3 {
		t.Errorf("progress = %d/%d (%v, %v), want 3/3", done, total, ok, err)
	}
	if ttl := rdb.TTL(ctx(t), checkpoint.PageKey(j.SHA256, 1)).Val(); ttl <= 0 || ttl > time.Hour {
		t.Errorf("checkpoint TTL = %s, want (0, 1h]", ttl)
	}

	// Third run, other settings: the checkpoints are not reused.
	other := checkpoint.New(rdb, time.Hour, "deu@300dpi")
	x, eng = newExtractor(t, options{checkpoints: other})
	if _, err := x.Extract(ctx(t), j); err != nil {
		t.Fatal(err)
	}
	if n := eng.calls.Load(); n != 3 {
		t.Errorf("run with another profile: %d engine calls, want 3", n)
	}
}

func TestPageConcurrency(t *testing.T) {
	x, eng := newExtractor(t, options{limits: extract.Limits{MaxPages: 10, MaxPixels: 100_000_000, DPI: 300, PageConcurrency: 3}})
	res, err := x.Extract(ctx(t), job("scanned.pdf", "application/pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if eng.calls.Load() != 3 || len(res.Pages) != 3 {
		t.Fatalf("%d calls, %d pages; want 3, 3", eng.calls.Load(), len(res.Pages))
	}
	for i, w := range []string{"ALPHA", "DELTA", "CHARLIE"} {
		if res.Pages[i].Number != i+1 || !strings.Contains(res.Pages[i].Text, w) {
			t.Errorf("page %d = %+v, want %q in page order", i+1, res.Pages[i], w)
		}
	}
}

// TestTextOnlyDeclinesPagesToRecognize: a TextOnly job extracts text and
// a PDF whose pages all have a text layer, and declines, without running
// the engine, an image, a scanned PDF and a PDF whose text layer covers
// only part of a page (a fax header over a scan).
func TestTextOnlyDeclinesPagesToRecognize(t *testing.T) {
	x, eng := newExtractor(t, options{})
	for _, c := range []struct {
		file, mediaType string
		declined        bool
	}{
		{"utf8.txt", "text/plain", false},
		{"textlayer.pdf", "application/pdf", false},
		{"invoice.png", "image/png", true},
		{"scanned.pdf", "application/pdf", true},
		{"faxmixed.pdf", "application/pdf", true},
	} {
		j := job(c.file, c.mediaType)
		j.TextOnly = true
		res, err := x.Extract(ctx(t), j)
		if got := errors.Is(err, extract.ErrNeedsRecognition); got != c.declined {
			t.Errorf("%s: declined %v (error %v), want %v", c.file, got, err, c.declined)
		}
		if !c.declined && (err != nil || strings.TrimSpace(res.Text()) == "") {
			t.Errorf("%s: %q, %v; want its text", c.file, res.Text(), err)
		}
	}
	if n := eng.calls.Load(); n != 0 {
		t.Errorf("the engine ran %d times for TextOnly jobs, want 0", n)
	}
}

// TestUnreadablePDFsSayWhy: a password-protected PDF and one cut short
// are structural failures whose message says what to send instead (found
// from outside: poppler's own words were all the sender got).
func TestUnreadablePDFsSayWhy(t *testing.T) {
	x, _ := newExtractor(t, options{})
	whole, err := os.ReadFile(filepath.Join(testdata, "textlayer.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(t.TempDir(), "cut.pdf")
	if err := os.WriteFile(cut, whole[:len(whole)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		j    extract.Job
		want string
	}{
		{job("encrypted.pdf", "application/pdf"), "protected by a password"},
		{extract.Job{Path: cut, SHA256: strings.Repeat("cd", 32), MediaType: "application/pdf", WorkflowID: "wf-test"}, "damaged or cut short"},
	} {
		_, err := x.Extract(ctx(t), c.j)
		if err == nil || !strings.Contains(err.Error(), c.want) || fault.ClassOf(err) != fault.Structural {
			t.Errorf("%s: %v (class %v), want a structural failure saying %q", filepath.Base(c.j.Path), err, fault.ClassOf(err), c.want)
		}
	}
}

// TestCutImagesSayWhy: a JPEG or PNG cut short (the burst probe's
// truncated JPEG ended in Tesseract's own words, "Error in
// pixReadStreamJpeg") is refused as structural, saying it is damaged or
// cut short; the whole image still reads.
func TestCutImagesSayWhy(t *testing.T) {
	x, _ := newExtractor(t, options{})
	for _, c := range []struct{ file, mediaType string }{{"invoice.jpg", "image/jpeg"}, {"invoice.png", "image/png"}} {
		whole, err := os.ReadFile(filepath.Join(testdata, c.file))
		if err != nil {
			t.Fatal(err)
		}
		cut := filepath.Join(t.TempDir(), "cut-"+c.file)
		if err := os.WriteFile(cut, whole[:len(whole)/2], 0o600); err != nil {
			t.Fatal(err)
		}
		_, err = x.Extract(ctx(t), extract.Job{Path: cut, SHA256: strings.Repeat("cd", 32), MediaType: c.mediaType, WorkflowID: "wf-test"})
		if err == nil || !strings.Contains(err.Error(), "damaged or cut short") || fault.ClassOf(err) != fault.Structural {
			t.Errorf("%s cut in half: %v (class %v), want a structural failure saying it is damaged or cut short", c.file, err, fault.ClassOf(err))
		}
	}
}
