package extract

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/docket-run/docket/pkg/fault"
)

// ErrNoLanguageData is the engine missing the data of its language (a
// language pack not installed): Extract then completes degraded, from the
// text layer only (Result.Degraded), instead of failing the document.
var ErrNoLanguageData = errors.New("tesseract has no data for its language")

// NoLanguageDataError is ErrNoLanguageData for one language setting.
type NoLanguageDataError struct{ Language string }

func (e *NoLanguageDataError) Error() string {
	return fmt.Sprintf("tesseract has no data for language %q: install the Debian package tesseract-ocr-<lang> (e.g. tesseract-ocr-%s)",
		e.Language, strings.Split(e.Language, "+")[0])
}

// Is makes errors.Is(err, ErrNoLanguageData) hold.
func (e *NoLanguageDataError) Is(target error) bool { return target == ErrNoLanguageData }

// PageText is what an engine read from one page image.
type PageText struct {
	Text string
	// Confidence is the mean word confidence in [0, 1]; 0 when no word
	// was found.
	Confidence float64
	// Table says the page's layout looks like a table that automatic page
	// segmentation split into columns (see tableLike); Recognize reads
	// such a page again with TablePSM.
	Table bool
	// PSM is the Tesseract page segmentation mode the text comes from.
	PSM int
	// Language is the Tesseract language setting the text was read with.
	Language string
	// Recovered counts the bands of ink Tesseract's layout analysis
	// skipped that were read alone and added to Text (recoverSkipped).
	Recovered int

	// sure counts the letters and digits of the words read with a
	// confidence of sureWordConfidence or more: what a reading holds
	// beyond the noise of an image's edges and stains, read as letters at
	// a low confidence.
	sure int

	// rows are the vertical extents of the lines read, boxes the lines
	// themselves; starts where each line of Text begins, and its top.
	rows   []span
	boxes  []lineBox
	starts []lineStart
	// words are the words of Text, in its order, where Tesseract read
	// them (surerWords).
	words []wordBox
	// skew is the slope of the page's lines (skewOf), down to the right
	// positive.
	skew float64
}

// lineStart is where a line begins in a page's text, and its top row in
// the image.
type lineStart struct{ offset, top int }

// Engine recognizes the text of a page image. It is the seam tests observe
// (a counting decorator) and the one place another OCR engine would plug in.
type Engine interface {
	// Recognize returns one PageText per page of the image file (a TIFF
	// may hold several). dpi is the image's resolution; 0 is the
	// engine's default (for images that do not state theirs). languages
	// are those the document's other pages were read in (PageText.Language
	// split at '+'), tried when the page's own words name none.
	Recognize(ctx context.Context, imagePath string, dpi int, languages []string) ([]PageText, error)
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
	// detect are the languages a page is read again in when its first
	// reading is in one of them (DetectLanguages).
	detect []string

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

// Page segmentation modes (tesseract --psm).
const (
	// AutoPSM is Tesseract's default: fully automatic page segmentation.
	AutoPSM = 3
	// TablePSM reads the page as one column of text of variable sizes:
	// each printed row stays one line, so a table keeps its rows.
	TablePSM = 4
)

// tableConfidenceSlack is how much lower TablePSM's mean word confidence
// may be than AutoPSM's for its reading to be kept.
const tableConfidenceSlack = 0.05

// Recognize runs Tesseract on imagePath with automatic page segmentation.
// When a page's layout looks like a table split into columns, the image
// is read again with TablePSM, which keeps each printed row on one line,
// and that reading is kept as rowsKept says: about as surely, or less
// surely where it puts back in order what the first reading listed
// column by column. When the text read is in one of the
// languages set by DetectLanguages, the image is read again with that
// language's model beside the base language's, and each page's second
// reading is kept unless its mean word confidence is more than
// languageConfidenceSlack lower: the base model drops the letters it
// lacks (å, ł, ß) and misreads the words around them. The kept reading
// takes the base reading's numbers where that one read them far more
// surely (surerNumbers) and its e-mail addresses' "@" where the language
// read a letter (withSigns). A weak first
// reading of a single page image is tried again from a copy turned
// upright when orientation detection says the page is turned (turned),
// and from a smoothed copy of it (denoised); a single page image in uneven
// light is read again with its light evened out (evened). The language
// and skipped-text readings then work on
// the image whose reading was kept. A page whose words name no language
// (a table, a total, a signature) is read again in the languages the
// document's other pages were read in, under the same rule: a Finnish
// claim's second page, its amounts and "Yhteensä", is Finnish too.
func (t *Tesseract) Recognize(ctx context.Context, imagePath string, dpi int, languages []string) ([]PageText, error) {
	if dpi <= 0 {
		dpi = t.dpi
	}
	pages, err := t.recognize(ctx, imagePath, dpi, t.language)
	if err != nil {
		return nil, err
	}
	// A weak reading is tried again upright, then smoothed, and a page in
	// uneven light with its light evened out, and a page whose lines
	// slope levelled; each returns the image its kept reading comes from,
	// a copy removed at the end.
	page := scanOf(imagePath)
	for _, again := range []func(context.Context, *scan, int, string, []PageText) (*scan, []PageText, error){t.turned, t.denoised, t.evened, t.levelled} {
		read, kept, err := again(ctx, page, dpi, t.language, pages)
		if err != nil {
			return nil, err
		}
		if pages = kept; read != page {
			defer os.Remove(read.path)
			page = read
		}
	}
	if len(t.detect) == 0 {
		return t.withSkipped(ctx, page, dpi, pages)
	}
	var all strings.Builder
	for _, p := range pages {
		all.WriteString(p.Text)
		all.WriteByte('\n')
	}
	langs := DetectLanguage(all.String(), t.detect)
	if langs == nil {
		langs = slices.DeleteFunc(slices.Clone(languages), func(l string) bool { return !slices.Contains(t.detect, l) })
	}
	if len(langs) == 0 {
		return t.withSkipped(ctx, page, dpi, pages)
	}
	// The English reading's "@" where the reading in the language read
	// another letter in its place (withSigns).
	english := make([]string, len(pages))
	for i, p := range pages {
		english[i] = p.Text
	}
	again, err := t.recognize(ctx, page.path, dpi, strings.Join(append(langs, t.language), "+"))
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	// A second reading that fails (the language's data damaged) leaves
	// the first one.
	kept := false
	for i, p := range pages {
		if err == nil && len(again) == len(pages) && again[i].Confidence >= p.Confidence-languageConfidenceSlack {
			pages[i] = surerNumbers(again[i], p)
			kept = true
		}
	}
	if kept && len(pages) == 1 {
		// The language's model beside English's still reads some of
		// the language's words as English spells them, without their
		// marks ("FACTURA FISCALA" under "FERIBOT DUNĂREA"); read
		// alone, it keeps them, but loses the signs only English's
		// knows (an e-mail's "@", "§"). The page read so lends its
		// marks to the words the two readings otherwise spell alike
		// (withMarks).
		alone, err := t.run(ctx, page.path, dpi, pages[0].PSM, strings.Join(langs, "+"))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err == nil && len(alone) == 1 {
			pages[0] = pages[0].retext(withMarks(pages[0].Text, alone[0].Text))
		}
	}
	pages, err = t.withSkipped(ctx, page, dpi, pages)
	if err == nil && len(pages) == len(english) {
		for i := range pages {
			pages[i].Text = withSigns(pages[i].Text, english[i])
		}
	}
	return pages, err
}

// withSkipped reads a single page image again in rows when its layout
// analysis skipped a column beside the lines it read (sideSkipped), and
// adds to its reading the text of the bands of ink it skipped
// (recoverSkipped).
func (t *Tesseract) withSkipped(ctx context.Context, page *scan, dpi int, pages []PageText) ([]PageText, error) {
	if len(pages) != 1 {
		return pages, nil
	}
	imagePath := page.path
	img, err := page.image()
	if err != nil {
		return pages, nil // not a PNG or JPEG (a TIFF): read as it is
	}
	p := pages[0]
	// A column of marks beside the lines read (markColumn) is read again
	// at the resolution Tesseract assumes for an image that declares
	// 72 dpi, as a PDF's embedded image extracted often does: it then
	// keeps small strokes it would drop as noise at the page's true
	// resolution (found from outside: a 200-dpi claim form's "1." to "9."
	// were lost at 200 dpi and read at 72, as raw Tesseract read them).
	// Kept when it reads about as much, more surely.
	//
	// A list whose numbers were dropped, leaving points or nothing at its
	// lines' starts (lostMarks), is read again so too, and that reading
	// kept when it reads two numbered lines more (numberedLines) about as
	// surely: the numbers were the reading's only difference, at a mean
	// confidence 0.0002 lower (the seventy-second trial's contract). A
	// page whose marks were a logo's and a table's (a Turkish invoice)
	// read its table worse at 72 dpi, and numbers no better.
	column, lost := markColumn(p.boxes), lostMarks(p.Text)
	if (column || lost) && dpi > unstatedDPI {
		low, err := t.run(ctx, imagePath, unstatedDPI, AutoPSM, p.Language)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		surer := err == nil && len(low) == 1 && (column && low[0].Confidence > p.Confidence || lost && numberedLines(low[0].Text) >= numberedLines(p.Text)+2 && low[0].Confidence >= p.Confidence-markConfidenceSlack)
		if surer && alnum(low[0].Text)*100 >= alnum(p.Text)*97 {
			low[0].Language = p.Language
			p = low[0]
		}
	}
	// Read in rows (psm 4), and when that too leaves the column beside,
	// as one block (psm 6): a tax notice's right-aligned sums at 200 dpi
	// were lost by psm 3 and 4 alike (found from outside). A reading in
	// rows that still holds a column of its own beside the lines (it read
	// the column, as a block apart: tableLike) is read as one block too:
	// a photographed receipt, skewed, had its prices read in rows but as
	// a list before its items (CER 0.128, raw Tesseract 0.086 without the
	// prices; as one block 0.013; found from outside).
	//
	// A reading (in rows or automatic) that still lists a column of sums
	// apart, lines of amounts alone after the lines they belong to
	// (amountLines), is read
	// as one block too, and that reading kept when it keeps more rows
	// whole, their words and their sums on one line, reading
	// about as much surely: a 150-dpi bank statement's amounts and
	// balances were listed after its descriptions in rows (CER 0.33, raw
	// Tesseract 0.29) and kept on their rows as one block (found from
	// outside, fifty-seventh trial).
	for _, psm := range []int{TablePSM, BlockPSM} {
		apart := psm == BlockPSM && p.PSM == TablePSM && tableLike(p.boxes)
		alone, before := amountLines(p.Text)
		split := psm == BlockPSM && (p.PSM == TablePSM || p.PSM == AutoPSM) && !apart && alone >= amountLinesMin
		skipped := !apart && (p.PSM == AutoPSM || p.PSM == TablePSM) && sideSkipped(img, p.boxes)
		if psm == TablePSM && alone >= amountLinesMin && (p.PSM == TablePSM || p.PSM == AutoPSM && !skipped) {
			continue // its sums apart, read in rows already or with no column skipped: as one block next
		}
		if p.PSM != AutoPSM && p.PSM != TablePSM || !apart && !split && !skipped {
			break
		}
		rows, err := t.run(ctx, imagePath, dpi, psm, p.Language)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// Kept when it reads more surely, about as surely on the whole:
		// more words read surely, or as many and more letters. A photo or
		// a logo beside the lines read as rows is noise at a low
		// confidence, and so is a dark edge of the scan read as one block
		// (a bank statement's block reading had more letters, fewer of
		// them sure, and was kept: CER 0.045 against 0.010); a claim
		// form's rows read as many letters as its automatic reading, more
		// of them surely, and kept a sentence whole (0.005 against
		// 0.069). Kept in place of a column read apart when it reads
		// about as much surely: it keeps each row's cells on their row.
		if err != nil || len(rows) != 1 || rows[0].Confidence < p.Confidence-tableConfidenceSlack {
			continue
		}
		more := rows[0].sure > p.sure || rows[0].sure == p.sure && alnum(rows[0].Text) > alnum(p.Text)
		share := rows[0].sure*100 >= p.sure*apartMinShare
		keep := (more || apart && share) && (apart || skipped)
		if _, after := amountLines(rows[0].Text); split && share && after > before {
			keep = true
		}
		if keep && worseOrder(rows[0], p) {
			keep = false
		}
		if keep {
			rows[0].Language, rows[0].Table = p.Language, true
			p = rows[0]
		}
	}
	p, err = t.recoverSkipped(ctx, img, imagePath, dpi, p)
	if err != nil {
		return nil, err
	}
	return []PageText{p}, nil
}

// amountLinesMin is how many lines of amounts alone make a reading in
// rows one that listed a column of sums apart.
const amountLinesMin = 3

var (
	// amountToken is a sum as a table prints it: "-6,418.98", "+11,207.33",
	// "84,212.40", its separators as OCR may space them ("-41,350, 00").
	amountToken = regexp.MustCompile(`^[-+−]?\d{1,3}(?:[,.' ]?\d{3})*[.,] ?\d{2}$`)
	// sideMark is what a statement prints beside a sum: credit or debit,
	// a currency.
	sideMark = regexp.MustCompile(`^(?i:cr|dr|db|[A-Z]{3}|[$€£])$`)
)

// amountLines counts the lines of text that hold sums and nothing else
// (alone) and those that hold a word beside a sum (rows: a table's rows
// read whole).
func amountLines(text string) (alone, rows int) {
	for line := range strings.Lines(text) {
		sums, words, other := 0, 0, 0
		for _, f := range strings.Fields(strings.ReplaceAll(line, ", ", ",")) {
			if amountToken.MatchString(f) {
				sums++
				continue
			}
			if !sideMark.MatchString(f) {
				other++
			}
			if utf8.RuneCountInString(f) >= 3 && strings.IndexFunc(f, unicode.IsLetter) >= 0 {
				words++
			}
		}
		if sums > 0 && other == 0 {
			alone++
		}
		if sums > 0 && words > 0 {
			rows++
		}
	}
	return alone, rows
}

// apartMinShare is the least share, in percent, of the words a reading
// in rows with a column read apart holds surely that its reading as one
// block must hold to replace it (the receipt above: 450 letters and
// digits against 464, the rows' own order lost).
const apartMinShare = 95

// unstatedDPI is the resolution an image declares when its maker stated
// none (PDF tools, screenshots): 72 dpi.
const unstatedDPI = 72

// markConfidenceSlack is how much lower the reading at 72 dpi of a page
// whose list numbers were lost (lostMarks) may be than the reading at its
// true resolution for it to be kept.
const markConfidenceSlack = 0.01

// languageConfidenceSlack is how much lower the detected language's mean
// word confidence may be than the base language's for its reading to be
// kept.
const languageConfidenceSlack = 0.05

// DetectLanguages sets the languages pages are read again in (see
// Recognize): those of wanted Tesseract has data for. It returns them and
// the ones it has none for.
func (t *Tesseract) DetectLanguages(ctx context.Context, wanted []string) (using, missing []string, err error) {
	out, err := t.tool.Run(ctx, "--list-langs")
	if err != nil {
		return nil, nil, fmt.Errorf("tesseract --list-langs: %w", err)
	}
	installed := map[string]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		installed[strings.TrimSpace(l)] = true
	}
	base := strings.Split(t.language, "+")
	for _, l := range wanted {
		switch {
		case slices.Contains(base, l):
		case installed[l]:
			using = append(using, l)
		default:
			missing = append(missing, l)
		}
	}
	t.detect = using
	return using, missing, nil
}

// recognize reads imagePath in language, in rows where a page is a table.
func (t *Tesseract) recognize(ctx context.Context, imagePath string, dpi int, language string) ([]PageText, error) {
	pages, err := t.run(ctx, imagePath, dpi, AutoPSM, language)
	if err != nil || !slices.ContainsFunc(pages, func(p PageText) bool { return p.Table }) {
		return pages, err
	}
	rows, err := t.run(ctx, imagePath, dpi, TablePSM, language)
	if err != nil {
		return nil, err
	}
	if len(rows) != len(pages) {
		return pages, nil
	}
	for i, p := range pages {
		if p.Table && rowsKept(p, rows[i]) {
			rows[i].Table = true
			pages[i] = surerWords(rows[i], p)
		}
	}
	return pages, nil
}

// rowsKept reports whether rows, the reading in rows of a page judged a
// table, is kept over p, its automatic reading: about as surely
// (tableConfidenceSlack) going back up the page no more often; or, less
// surely by tableOrderSlack at most, when it reads as much in fewer lines
// going back up the page less often: the automatic reading listed the
// table's columns one after another, and the rows' reading puts each
// cell back on its row. Tesseract is less sure of a row's words read
// across the gaps between its cells (found from outside, ninety-ninth
// trial: an Australian bank statement read column by column, its dates,
// then its descriptions, then its debits, credits and balances, 52 lines
// at a mean confidence of 0.956, CER 0.67; in rows 19 lines, every
// transaction on its line, at 0.859: CER 0.007).
//
// Never when the rows go back up the page more often than the automatic
// reading does: a cell the rows' reading lifted out of its line and listed
// after the page's end (found from outside, sixtieth trial: a
// photographed passport's "Passport No." and "Date of Expiry", read in
// their lines by raw Tesseract, stood after the bank's certification; CER
// 0.24 against 0.015).
func rowsKept(p, rows PageText) bool {
	switch back := backJumps(rows.boxes); {
	case back > backJumps(p.boxes):
		return false
	case rows.Confidence >= p.Confidence-tableConfidenceSlack:
		return true
	default:
		return back < backJumps(p.boxes) && len(rows.boxes) < len(p.boxes) && readsAsMuch(p, rows, tableOrderSlack)
	}
}

// tableOrderSlack is how much lower the rows' reading's mean word
// confidence may be when it puts back in order a table the automatic
// reading listed column by column (rowsKept).
const tableOrderSlack = 0.12

// worseOrder reports whether rows reads the same text as p, as many
// letters and digits surely, in a worse order: it goes back up the page
// more often, a cell lifted out of its line (see recognize; found from
// outside, sixtieth trial: a photographed passport's number and expiry,
// CER 0.24). The text is compared by the letters of the words read
// surely: the passport's rows read a smudge as "<cccdcccs" at a low
// confidence, 1.7% more letters than the automatic reading, a few
// letters short of passing for more text.
func worseOrder(rows, p PageText) bool {
	return rows.sure*100 <= p.sure*102 && backJumps(rows.boxes) > backJumps(p.boxes)
}

// backJumps counts the times a reading's lines, in their order, go back
// up the page: a line that starts above the one before it by more than
// that line's height, a block read apart from the lines beside it.
func backJumps(lines []lineBox) int {
	n := 0
	for i := 1; i < len(lines); i++ {
		prev := lines[i-1]
		if lines[i].top < prev.top-(prev.bottom-prev.top) {
			n++
		}
	}
	return n
}

// run runs Tesseract once with a page segmentation mode.
func (t *Tesseract) run(ctx context.Context, imagePath string, dpi, psm int, language string) ([]PageText, error) {
	out, err := t.tool.Run(ctx, imagePath, "stdout", "-l", language, "--dpi", strconv.Itoa(dpi), "--psm", strconv.Itoa(psm), "tsv")
	if err != nil {
		if fault.ClassOf(err) == fault.Structural && strings.Contains(err.Error(), "Failed loading language") {
			// Tesseract's own words (temporary paths, TESSDATA hints) stay
			// out: the error becomes a degraded reason in events.
			return nil, fault.Wrap(fault.Structural, &NoLanguageDataError{Language: language})
		}
		return nil, fmt.Errorf("tesseract %s: %w", imagePath, err)
	}
	pages, err := ParseTSV(out)
	if err != nil {
		return nil, fmt.Errorf("tesseract %s: %w", imagePath, err)
	}
	for i := range pages {
		pages[i].PSM = psm
		pages[i].Language = language
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
// that appears without words gets empty text and confidence 0. The line
// rows (level 4) give the layout that tells a table read in columns.
func ParseTSV(b []byte) ([]PageText, error) {
	var pages []*tsvPage
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
			pages = append(pages, &tsvPage{lines: map[[3]int]*lineBox{}})
		}
		if err := pages[page-1].add(level, f); err != nil {
			return nil, fault.Structuralf("tesseract TSV row %d: %w", row, err)
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
		boxes := p.boxes()
		out[i].Table = tableLike(boxes)
		out[i].boxes = boxes
		for _, b := range boxes {
			out[i].rows = append(out[i].rows, span{b.top, b.bottom})
		}
		out[i].starts = p.starts
		out[i].words = p.boxed
		out[i].sure = p.sure
		out[i].skew = skewOf(boxes)
	}
	return out, nil
}

// tsvPage accumulates one page of TSV rows.
type tsvPage struct {
	text       strings.Builder
	confSum    float64
	words      int
	sure       int
	block, par int
	line       int
	started    bool
	lines      map[[3]int]*lineBox
	// order holds the lines' keys in the order Tesseract read them: the
	// boxes' order is the reading's (backJumps).
	order  [][3]int
	starts []lineStart
	boxed  []wordBox
}

// lineBox is a text line Tesseract found: its block, its box in pixels,
// how many words it holds, how many of them are numbers (numeric), and
// whether its first word starts with a lowercase letter (the middle of a
// sentence).
type lineBox struct {
	block                    int
	left, top, right, bottom int
	words, numbers           int
	lower                    bool
	// fit sums the words' centres and bottoms, for the line's slope.
	fit slopeFit
}

// add takes one TSV row (its fields, split at tabs) of the page.
func (p *tsvPage) add(level int, f []string) error {
	if level != 4 && level != 5 {
		return nil
	}
	var n [8]int // block, par, line, word, left, top, width, height
	for i := range n {
		v, err := strconv.Atoi(f[2+i])
		if err != nil {
			return fmt.Errorf("field %d %q: %w", 3+i, f[2+i], err)
		}
		n[i] = v
	}
	key := [3]int{n[0], n[1], n[2]}
	lb := p.lines[key]
	if lb == nil {
		lb = &lineBox{block: n[0]}
		p.lines[key] = lb
		p.order = append(p.order, key)
	}
	if level == 4 {
		lb.left, lb.top, lb.right, lb.bottom = n[4], n[5], n[4]+n[6], n[5]+n[7]
		return nil
	}
	if len(f) < 12 {
		return nil
	}
	word := strings.TrimSpace(f[11])
	if word == "" || word == "_" || word == "__" {
		// A table's ruling read as a lone underscore between a row's
		// cells, "15-07-2026 _ Termijn 28", is no text (found from
		// outside, eighty-fourth trial: raw Tesseract read that page
		// without them, and Docket's reading was the worse); a form's
		// blank, "________", is.
		return nil
	}
	conf, err := strconv.ParseFloat(f[10], 64)
	if err != nil {
		return fmt.Errorf("confidence %q: %w", f[10], err)
	}
	if strings.IndexFunc(word, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
		if lb.words == 0 {
			r, _ := utf8.DecodeRuneInString(word)
			lb.lower = unicode.IsLower(r)
		}
		lb.words++ // a drawn rule read as '|' or ']' is no word of a cell
		if numeric(word) {
			lb.numbers++
		}
		lb.fit.add(float64(n[4])+float64(n[6])/2, float64(n[5]+n[7]))
	}
	block, par, ln := n[0], n[1], n[2]
	newLine := true
	switch {
	case !p.started:
	case block != p.block || par != p.par:
		p.text.WriteString("\n\n")
	case ln != p.line:
		p.text.WriteByte('\n')
	default:
		p.text.WriteByte(' ')
		newLine = false
	}
	if newLine {
		p.starts = append(p.starts, lineStart{offset: p.text.Len(), top: lb.top})
	}
	p.started, p.block, p.par, p.line = true, block, par, ln
	p.boxed = append(p.boxed, wordBox{start: p.text.Len(), end: p.text.Len() + len(word),
		left: n[4], top: n[5], right: n[4] + n[6], bottom: n[5] + n[7], conf: conf})
	p.text.WriteString(word)
	if conf >= 0 {
		p.confSum += min(conf, 100)
		p.words++
	}
	if conf >= sureWordConfidence {
		p.sure += alnum(word)
	}
	return nil
}

// sureWordConfidence is the least confidence (0..100) of a word counted
// as read (PageText.sure): the noise a block reading makes of a scan's
// dark edge ("F ae fp hee eae") is read at 0 to 42, a table's cells at 60
// and more.
const sureWordConfidence = 50

// boxes returns the page's lines that hold words, in the order read.
func (p *tsvPage) boxes() []lineBox {
	var out []lineBox
	for _, key := range p.order {
		if lb := p.lines[key]; lb.words > 0 && lb.bottom > lb.top {
			out = append(out, *lb)
		}
	}
	return out
}

// Table detection. Tesseract's automatic segmentation (psm 3) cuts a table
// whose columns are far apart into one block per column and reads the
// blocks one after the other: a row's cells end up pages apart. On such a
// page many lines have a line of another block beside them, at the same
// height, and those lines are short (a cell: one to three words). Two
// columns of running text also sit side by side, but their lines are long:
// reading them as rows would mix two texts, so they are left alone. A
// row's cells are judged by the shortest line beside it: a table whose
// description column (five or six words with its rules) was cut away from
// its numbers is still a table. Narrow columns of running text in large
// type have short lines too (a newsletter: lines of two to six words,
// two-word headings beside them); they read as prose — many lines go on
// with a sentence, starting in lowercase — and few of their rows hold a
// number, while a table's cells start with a capital or a digit, or its
// rows hold numbers (amounts, quantities, dates, codes). Measured on the
// pages judged tables before this rule (the evaluation set, the fixtures,
// the fifth and sixth outside trials): the newsletter had 38% of its
// lines beside another block starting in lowercase and 42% of its rows
// with a number, a two-column recipe 22% and 44%; of the tables and forms
// only a claim form's schedule (43%, its "yes"/"no" column, and 86% with
// numbers) and a purchase order (17%) started as many in lowercase, and
// a passport's label/value page had numbers in only 45% of its rows but
// no line in lowercase. A form's labels and their values in two columns
// are a table too, whatever their words: where every row beside another
// block's holds a number and no line of them starts in lowercase (found
// from outside, ninety-eighth trial: a passport copy's "Date of
// issue/Dáta eisiúna" beside "12 JUN / MEI 2021", four words each, its
// number eleven lines under its label; CER 0.302 against 0.063 in rows).
const (
	// tableMinLines is the fewest lines a table needs.
	tableMinLines = 4
	// tableSideShare is the least share of lines with a line of another
	// block beside them.
	tableSideShare = 0.3
	// tableMaxCellWords is the most words the median row may hold in its
	// shortest line.
	tableMaxCellWords = 3
	// proseLowerShare: at least this share of the lines beside another
	// block's line starting in lowercase reads as prose...
	proseLowerShare = 0.2
	// proseNumberShare: ...when fewer than this share of them are in a
	// row (the line and those beside it) holding a number.
	proseNumberShare = 0.6
	// proseMinWords: a line of words, most of them no numbers, beside
	// lines of as many words or more is a line of running text; when half
	// the lines beside another block's are, the page is two columns of
	// text, whatever their clause numbers and sums (found from outside: a
	// Dutch lease in two columns, "3.1 De kale huurprijs bedraagt €
	// 1.385,00 per" beside "1. Vastgoed Utrecht Oost B.V., gevestigd te",
	// read in rows across both: CER 0.679 against raw Tesseract's 0.008).
	proseMinWords = 3
)

// tableLike reports whether lines, one page's, look like a table that the
// segmentation split into columns.
func tableLike(lines []lineBox) bool {
	if len(lines) < tableMinLines {
		return false
	}
	// For each line beside a line of another block, the shorter of the
	// two: a row of a table has a short cell beside it even where its
	// description column is long; two columns of running text do not.
	var words []int
	withNumbers, lower, long := 0, 0, 0
	for i, a := range lines {
		shortest, number := -1, a.numbers > 0
		for j, b := range lines {
			if i != j && a.block != b.block && beside(a, b) {
				if shortest < 0 || min(a.words, b.words) < shortest {
					shortest = min(a.words, b.words)
				}
				number = number || b.numbers > 0
			}
		}
		if shortest >= 0 {
			words = append(words, shortest)
			if number {
				withNumbers++
			}
			if a.lower {
				lower++
			}
			if shortest >= proseMinWords && 2*a.numbers < a.words {
				long++
			}
		}
	}
	if float64(len(words)) < tableSideShare*float64(len(lines)) {
		return false
	}
	if 2*long >= len(words) {
		return false // two columns of text, side by side
	}
	if float64(lower) >= proseLowerShare*float64(len(words)) && float64(withNumbers) < proseNumberShare*float64(len(words)) {
		return false
	}
	slices.Sort(words)
	return words[len(words)/2] <= tableMaxCellWords || withNumbers == len(words) && lower == 0
}

// numeric reports whether word is a number: at least half of its letters
// and digits are digits ("1,250.00", "£612", "2026-03-04", "0761/12345").
func numeric(word string) bool {
	var alnum, digits int
	for _, r := range word {
		switch {
		case unicode.IsDigit(r):
			alnum++
			digits++
		case unicode.IsLetter(r):
			alnum++
		}
	}
	return digits > 0 && 2*digits >= alnum
}

// beside reports whether two lines are on the same row: apart
// horizontally, and overlapping vertically by at least half the lower one.
func beside(a, b lineBox) bool {
	if a.right > b.left && b.right > a.left {
		return false
	}
	overlap := min(a.bottom, b.bottom) - max(a.top, b.top)
	return 2*overlap >= min(a.bottom-a.top, b.bottom-b.top)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// retext returns p with text, p.Text with words changed within its lines
// (as many lines, in the same order), as its Text: each line's start moves
// with the words before it, which a skipped band's text is inserted at
// (recoverSkipped; a mark's letter is a byte longer than the letter
// without it, so the old offsets fell inside the line before, or inside
// a letter). Its word boxes are dropped: they were of the text Tesseract
// wrote.
func (p PageText) retext(text string) PageText {
	before, after := lineOffsets(p.Text), lineOffsets(text)
	if len(before) != len(after) {
		return p
	}
	starts := make([]lineStart, len(p.starts))
	for i, s := range p.starts {
		starts[i] = s
		if j, ok := slices.BinarySearch(before, s.offset); ok {
			starts[i].offset = after[j]
		}
	}
	p.Text, p.starts, p.words = text, starts, nil
	return p
}

// lineOffsets are where s's lines begin.
func lineOffsets(s string) []int {
	out := []int{0}
	for i := range len(s) {
		if s[i] == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// withMarks returns a, a page's reading, with each word that b, another
// reading of it, spells with more diacritical marks and otherwise alike
// ("FACTURĂ" for "FACTURA", "številka" for "Stevilka", its case too), or
// otherwise better as spelledBetter says, taken from b, line
// by line where the two readings hold as many lines and a line as many
// words. Nothing else of b is taken: a word b reads otherwise, a sign
// b lost, a line b splits or joins.
func withMarks(a, b string) string { return wordwise(a, b, spelledBetter) }

// withSigns returns a, a page's reading beside English, with each word
// that eng, its reading in English alone, spells with an "@" where a has
// another letter, and otherwise alike, taken from eng: the language's
// model beside English's read an e-mail's "@" as a letter,
// "zaopatrzenieQgopr-beskidy.pl", "ingrid.solbergegmail.com", where
// English's alone read it (found from outside, hundred-and-twentieth
// trial: both addresses were lost to the PII scan). Words are matched by
// their letters, not their place: the two readings may part lines
// otherwise. Only a letter of one byte is taken for the sign, so no
// offset into a moves.
func withSigns(a, eng string) string {
	for _, b := range wordSpans.FindAllString(eng, -1) {
		if !strings.Contains(b, "@") {
			continue
		}
		for _, w := range wordSpans.FindAllStringIndex(a, -1) {
			if word := a[w[0]:w[1]]; signLost(word, b) {
				a = a[:w[0]] + b + a[w[1]:]
			}
		}
	}
	return a
}

// signLost reports whether word is b with a letter of one byte in place
// of each of b's "@", and otherwise alike.
func signLost(word, b string) bool {
	if len(word) != len(b) || strings.Contains(word, "@") {
		return false
	}
	for i := range len(word) {
		if word[i] != b[i] && (b[i] != '@' || word[i] >= 0x80) {
			return false
		}
	}
	return true
}

// wordwise returns a with each word that better says b spells better
// taken from b, line by line where the two readings hold as many lines
// and a line as many words; the spaces are a's.
func wordwise(a, b string, better func(word, other string) bool) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(al) != len(bl) {
		return a
	}
	for i, line := range al {
		aw, bw := wordSpans.FindAllStringIndex(line, -1), wordSpans.FindAllString(bl[i], -1)
		if len(aw) != len(bw) || len(aw) == 0 {
			continue
		}
		var out strings.Builder
		last := 0
		for j, w := range aw {
			word := line[w[0]:w[1]]
			if b := bw[j]; b != word && better(word, b) {
				word = b
			}
			out.WriteString(line[last:w[0]])
			out.WriteString(word)
			last = w[1]
		}
		out.WriteString(line[last:])
		al[i] = out.String()
	}
	return strings.Join(al, "\n")
}

// spelledBetter reports whether b is word as the language's model spells
// it and English's does not: alike letter by letter but for b's
// diacritical marks (more of them), its "ß" where word has a "B"
// ("Dorfstraße" for "DorfstraBe"), and its "l" or "I" where word has a
// "|" ("l.berard@…" for "|.berard@…"; found from outside,
// hundred-and-fifteenth trial: a German and a French scan read worse than
// their language alone read them); case aside.
func spelledBetter(word, b string) bool {
	wBase, wMarks := unmarked(word)
	bBase, bMarks := unmarked(b)
	wr, br := []rune(wBase), []rune(bBase)
	if len(wr) != len(br) {
		return false
	}
	gained := bMarks > wMarks
	for i, r := range wr {
		switch o := br[i]; {
		case unicode.ToLower(r) == unicode.ToLower(o):
		case r == 'B' && o == 'ß', r == '|' && (o == 'l' || o == 'I') && len(wr) > 1: // a lone bar is a table's rule
			gained = true
		default:
			return false
		}
	}
	return gained && bMarks >= wMarks
}

// wordSpans are a line's words, as spaces part them.
var wordSpans = regexp.MustCompile(`\S+`)

// unmarked is s without its diacritical marks (decomposed, the combining
// marks dropped), and how many it had.
func unmarked(s string) (string, int) {
	var b strings.Builder
	n := 0
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			n++
			continue
		}
		b.WriteRune(r)
	}
	return b.String(), n
}
