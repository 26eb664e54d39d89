// Package extract is the ocr service's domain logic: it turns a document
// file into per-page text. PDF pages with a text layer are read with
// pdftotext; scanned pages are rasterized with pdftoppm and recognized by an
// Engine (Tesseract); PNG, JPEG and TIFF images go to the Engine directly;
// plain text is decoded to UTF-8. Every engine run is bounded (hard
// address-space and CPU limits, the context's deadline kills the process
// group, the service's death kills the process) and every image is checked
// against the page and pixel limits from its header before it is decoded;
// a PDF page is rendered at the size that was checked. A tenant's pages and
// engine CPU are charged to its daily quota. Pages recognized by the engine
// are checkpointed one by one, so a redelivered document resumes after its
// last finished page.
package extract

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/quota"
	"github.com/docket-run/docket/pkg/sniff"
)

// WorkPrefix begins the name of every temporary file and folder the
// service makes in its work dir (page images here, the downloaded document
// in the handler), so that what a killed process left is recognised.
const WorkPrefix = "docket-ocr-"

// Profile names the way pages are read, for checkpoints: a page
// checkpointed by a build that read it another way is read again. v2:
// scans at their own resolution, tables in rows, partial text layers
// completed by the engine (issue 17); v3: text the layout analysis
// skipped is read.
const Profile = "read.v3"

// Methods, as in events.Page.Method.
const (
	MethodTextLayer   = "text_layer"
	MethodOCR         = "ocr"
	MethodPassthrough = "passthrough"
)

// TextDecoder names the engine of passthrough text in events.
const (
	TextDecoderName    = "docket-text"
	TextDecoderVersion = "1"
)

// minTextLayerChars is the fewest non-space characters a PDF page's text
// layer must have to be taken as is; a page with fewer (none, or a stray
// page number over a scan) is rasterized and recognized.
const minTextLayerChars = 16

// Page is one page's result.
type Page struct {
	Number     int     `json:"n"`
	Text       string  `json:"t"`
	Confidence float64 `json:"c"`
	Method     string  `json:"m"`
	// Languages are the Tesseract languages an OCR'd page was read in
	// ("fin+eng"): checkpointed with it, so that a resumed document's
	// later pages are read in them as an uninterrupted run reads them.
	Languages string `json:"l,omitempty"`
}

// Result is a document's extraction.
type Result struct {
	Pages []Page
	// EngineName and EngineVersion name what produced the text:
	// tesseract, pdftotext, both joined by '+', or docket-text.
	EngineName, EngineVersion string
	// Charset and Repaired describe a plain-text document.
	Charset  string
	Repaired int
	// Degraded says why the engine read none of the pages it should have
	// (ErrNoLanguageData): the text is the text layer alone, empty for a
	// scan, and a person has to read the document. Empty otherwise.
	Degraded string
}

// Text joins the pages' text with form feeds, as pdftotext does.
func (r Result) Text() string {
	parts := make([]string, len(r.Pages))
	for i, p := range r.Pages {
		parts[i] = p.Text
	}
	return strings.Join(parts, "\f")
}

// MeanConfidence is the mean page confidence weighted by characters (the
// plain mean when no page has any).
func (r Result) MeanConfidence() float64 {
	var sum, chars, plain float64
	for _, p := range r.Pages {
		n := float64(utf8.RuneCountInString(p.Text))
		sum += p.Confidence * n
		chars += n
		plain += p.Confidence
	}
	switch {
	case chars > 0:
		return sum / chars
	case len(r.Pages) > 0:
		return plain / float64(len(r.Pages))
	}
	return 0
}

// Checkpoints keeps finished pages of a document (keyed by its SHA-256)
// across attempts.
type Checkpoints interface {
	LoadPages(ctx context.Context, doc string, pages []int) (map[int]Page, error)
	SavePage(ctx context.Context, doc string, p Page) error
}

// Progress publishes how far a workflow's document is.
type Progress interface {
	SetProgress(ctx context.Context, workflowID string, done, total int) error
}

// Quota is the tenants' daily budget of pages and engine CPU
// (quota.Store): exceeding it returns a *quota.ExceededError.
type Quota interface {
	ChargePages(ctx context.Context, tenant, doc string, n int64) error
	ChargeCPU(ctx context.Context, tenant string, d time.Duration) error
}

// Limits bound the work on one document.
type Limits struct {
	MaxPages  int
	MaxPixels int64
	// DPI is the resolution scanned PDF pages are rasterized at.
	DPI int
	// PageConcurrency bounds the pages recognized at once.
	PageConcurrency int
}

// Extractor extracts text from documents. It is safe for concurrent use.
type Extractor struct {
	engine      Engine
	poppler     *Poppler
	checkpoints Checkpoints
	progress    Progress
	quota       Quota
	limits      Limits
	workDir     string
	log         *slog.Logger
}

// New returns an Extractor. checkpoints, progress and quota may be nil (no
// resumption, no progress reports, no tenant budget); workDir "" is the
// system temp dir.
func New(engine Engine, poppler *Poppler, checkpoints Checkpoints, progress Progress, quota Quota, limits Limits, workDir string, log *slog.Logger) *Extractor {
	if log == nil {
		log = slog.Default()
	}
	limits.PageConcurrency = max(1, limits.PageConcurrency)
	return &Extractor{engine: engine, poppler: poppler, checkpoints: checkpoints, progress: progress, quota: quota, limits: limits, workDir: workDir, log: log}
}

// Job is one document to extract.
type Job struct {
	// Path is the document file.
	Path string
	// SHA256 identifies the document (checkpoint key).
	SHA256 string
	// MediaType is the declared media type: the content decides the kind
	// (and must not contradict it); for text it may name the charset.
	MediaType string
	// WorkflowID is where progress is reported.
	WorkflowID string
	// Tenant is whose budget the document's pages and engine CPU are
	// charged to.
	Tenant string
	// Continue, when set, is called before each page is recognized; an
	// error stops the extraction with that error (a canceled workflow).
	Continue func(ctx context.Context) error
	// Progress, when set, is told the pages done of the total as they
	// finish (besides the Progress store given to New).
	Progress func(done, total int)
	// TextOnly extracts only a document that needs no recognition (text,
	// a PDF whose every page has a text layer covering it): any other
	// fails with ErrNeedsRecognition before a page is rendered or read.
	TextOnly bool
}

// ErrNeedsRecognition is a TextOnly job's document that has pages to
// recognize: an image, or a PDF with a scanned page or image regions.
var ErrNeedsRecognition = errors.New("the document has pages to recognize")

// Kind is what a document is, by content.
type Kind string

// Kinds of document.
const (
	KindPDF   Kind = "pdf"
	KindImage Kind = "image"
	KindText  Kind = "text"
)

// Sniff tells the document's kind from its first bytes by the rule ingest
// accepted it by (pkg/sniff: every signature at byte 0, text by content).
// The declared media type only adds a text's charset; a declared type the
// content contradicts, and content that is none of the supported kinds,
// are structural.
func Sniff(head []byte, mediaType string) (Kind, error) {
	mt, ok := sniff.MediaType(head)
	if !ok {
		return "", fault.Structuralf("unsupported media type: the content is %s (declared %q); want PDF, PNG, JPEG, TIFF or plain text", mt, mediaType)
	}
	kind := KindImage
	switch mt {
	case sniff.PDF:
		kind = KindPDF
	case sniff.Text:
		kind = KindText
	}
	base, _, err := mime.ParseMediaType(mediaType)
	switch {
	case mediaType == "", base == "application/octet-stream", base == mt:
	case err != nil:
		return "", fault.Structuralf("media type %q: %w", mediaType, err)
	case kind == KindText && strings.HasPrefix(base, "text/"):
	default:
		return "", fault.Structuralf("document declared %s, but its content is %s", base, mt)
	}
	return kind, nil
}

// Extract extracts the document's text. The caller bounds ctx (the
// document's timeout). With a Quota, the document's pages are charged to
// its tenant before any page is read, and the engine processes' CPU time
// as it is spent: a document over either budget is structural (parked; it
// can be replayed once the budget renews).
func (x *Extractor) Extract(ctx context.Context, job Job) (Result, error) {
	head, err := readHead(job.Path, sniff.HeadSize)
	if err != nil {
		return Result{}, err
	}
	kind, err := Sniff(head, job.MediaType)
	if err != nil {
		return Result{}, err
	}
	var m *cpuMeter
	if x.quota != nil {
		m = &cpuMeter{}
		ctx = withCPUMeter(ctx, m)
		defer func() {
			// The last runs' CPU: the work is done whatever the budget
			// says now; ingest refuses the tenant's next document.
			err := x.chargeCPU(context.WithoutCancel(ctx), job, m)
			if _, over := quota.AsExceeded(err); err != nil && !over {
				x.log.WarnContext(ctx, "charge OCR CPU", "workflow_id", job.WorkflowID, "tenant", job.Tenant, "error", err)
			}
		}()
	}
	switch kind {
	case KindPDF:
		return x.extractPDF(ctx, job, m)
	case KindImage:
		if job.TextOnly {
			return Result{}, ErrNeedsRecognition
		}
		return x.extractImage(ctx, job)
	default:
		if err := x.chargePages(ctx, job, 1); err != nil {
			return Result{}, err
		}
		return x.extractText(job)
	}
}

// chargePages charges the document's n pages to its tenant.
func (x *Extractor) chargePages(ctx context.Context, job Job, n int) error {
	if x.quota == nil {
		return nil
	}
	return quotaError(x.quota.ChargePages(ctx, job.Tenant, job.SHA256, int64(n)))
}

// chargeCPU charges the CPU the engine processes spent since the last
// charge to the document's tenant.
func (x *Extractor) chargeCPU(ctx context.Context, job Job, m *cpuMeter) error {
	if d := m.take(); d > 0 {
		return quotaError(x.quota.ChargeCPU(ctx, job.Tenant, d))
	}
	return nil
}

// quotaError classifies a quota failure: over the budget is structural,
// a failure to reach the store transient.
func quotaError(err error) error {
	if e, ok := quota.AsExceeded(err); ok {
		return fault.Structuralf("quota: %w", e)
	}
	if err != nil {
		return fault.Transientf("quota: %w", err)
	}
	return nil
}

func readHead(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open document: %w", err)
	}
	defer f.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read document: %w", err)
	}
	return b[:k], nil
}

func (x *Extractor) extractText(job Job) (Result, error) {
	b, err := os.ReadFile(job.Path)
	if err != nil {
		return Result{}, fmt.Errorf("read document: %w", err)
	}
	t, err := DecodeText(b, job.MediaType)
	if err != nil {
		return Result{}, err
	}
	return Result{
		Pages:      []Page{{Number: 1, Text: t.Text, Confidence: 1, Method: MethodPassthrough}},
		EngineName: TextDecoderName, EngineVersion: TextDecoderVersion,
		Charset: t.Charset, Repaired: t.Repaired,
	}, nil
}

func (x *Extractor) extractImage(ctx context.Context, job Job) (Result, error) {
	info, err := InspectImage(job.Path, x.limits.MaxPages, x.limits.MaxPixels)
	if err != nil {
		return Result{}, err
	}
	if err := x.chargePages(ctx, job, len(info.Frames)); err != nil {
		return Result{}, err
	}
	x.report(ctx, job, 0, len(info.Frames))
	// At the resolution the image declares (0: the engine's default), as
	// Tesseract reads an image on its own: read as 300 dpi, a 150-dpi
	// table was read column by column.
	texts, err := x.engine.Recognize(ctx, job.Path, info.DPI, nil)
	if errors.Is(err, ErrNoLanguageData) {
		// Degraded: no text at all, left to the reviewer who reads it.
		return x.unread(ctx, job, len(info.Frames), degradedReason(err, "no text layer: a person reads the document"))
	}
	if err != nil {
		if fault.ClassOf(err) == fault.Structural && cutShort(job.Path, info.Format) {
			// The engine's own words name its image library's routine and
			// a temporary path: the log keeps them, the reason says why.
			x.log.InfoContext(ctx, "image cut short", "workflow_id", job.WorkflowID, "format", info.Format, "error", err)
			return Result{}, fault.Structuralf("the %s image is damaged or cut short: it lacks its end marker, so its pixels cannot be read whole", strings.ToUpper(info.Format))
		}
		return Result{}, fmt.Errorf("recognize %s image: %w", info.Format, err)
	}
	if len(texts) == 0 { // no page row at all: a blank image
		texts = []PageText{{}}
	}
	res := Result{Pages: make([]Page, len(texts))}
	for i, t := range texts {
		res.Pages[i] = Page{Number: i + 1, Text: strings.TrimRightFunc(t.Text, unicode.IsSpace), Confidence: t.Confidence, Method: MethodOCR}
	}
	x.report(ctx, job, len(res.Pages), len(res.Pages))
	res.EngineName, res.EngineVersion, err = x.engine.Identity(ctx)
	return res, err
}

func (x *Extractor) extractPDF(ctx context.Context, job Job, m *cpuMeter) (Result, error) {
	sizes, err := x.poppler.Pages(ctx, job.Path, x.limits.MaxPages)
	if err != nil {
		return Result{}, err
	}
	n := len(sizes)
	if err := x.chargePages(ctx, job, n); err != nil {
		return Result{}, err
	}
	layer, err := x.poppler.TextLayer(ctx, job.Path, n)
	if err != nil {
		return Result{}, err
	}
	images, err := x.poppler.ListImages(ctx, job.Path, n)
	if err != nil {
		return Result{}, err
	}
	res := Result{Pages: make([]Page, n)}
	var plans []pagePlan
	textPages := 0
	for i, t := range layer {
		t = strings.TrimRightFunc(t, unicode.IsSpace)
		plan := pagePlan{n: i + 1, size: sizes[i], scan: pageScan(sizes[i], images[i])}
		if nonSpace(t) >= minTextLayerChars {
			res.Pages[i] = Page{Number: i + 1, Text: t, Confidence: 1, Method: MethodTextLayer}
			textPages++
			if imageShare(sizes[i], images[i]) < minImageShare {
				continue
			}
			// The text layer covers part of the page (a fax header over
			// a scan): the images are read too, and what they add to the
			// text layer is appended to it.
			plan.layer = t
		}
		if s := plan.scan; s != nil {
			if err := checkPixels(fmt.Sprintf("PDF page %d's image", i+1), s.Width, s.Height, x.limits.MaxPixels); err != nil {
				return Result{}, err
			}
		} else {
			w, h := sizes[i].Pixels(x.limits.DPI)
			if err := checkPixels(fmt.Sprintf("PDF page %d at %d dpi", i+1, x.limits.DPI), w, h, x.limits.MaxPixels); err != nil {
				return Result{}, err
			}
		}
		plans = append(plans, plan)
	}
	if len(plans) > 0 && job.TextOnly {
		return Result{}, fmt.Errorf("%w: %d of %d pages", ErrNeedsRecognition, len(plans), n)
	}
	if len(plans) > 0 {
		err := x.ocrPages(ctx, job, res.Pages, plans, m)
		if errors.Is(err, ErrNoLanguageData) {
			// Degraded: the pages the engine should have read keep
			// whatever text layer they have.
			res.Degraded = degradedReason(err, "text layer only")
			for _, p := range plans {
				t := strings.TrimRightFunc(layer[p.n-1], unicode.IsSpace)
				res.Pages[p.n-1] = Page{Number: p.n, Text: t, Confidence: textLayerConfidence(t), Method: MethodTextLayer}
			}
			x.report(ctx, job, n, n)
			res.EngineName, res.EngineVersion, err = x.identity(ctx, n, 0)
			return res, err
		}
		if err != nil {
			return Result{}, err
		}
	} else {
		x.report(ctx, job, n, n)
	}
	ocrPages := 0
	for _, p := range res.Pages {
		if p.Method == MethodOCR {
			ocrPages++
		}
	}
	res.EngineName, res.EngineVersion, err = x.identity(ctx, textPages, ocrPages)
	return res, err
}

// degradedReason is Result.Degraded for an engine that cannot read.
func degradedReason(err error, what string) string {
	reason := ErrNoLanguageData.Error()
	var nl *NoLanguageDataError
	if errors.As(err, &nl) {
		reason = nl.Error()
	}
	return "ocr_language_missing: " + reason + "; " + what
}

// textLayerConfidence is a text layer's confidence: exact when there is
// text, none when there is not.
func textLayerConfidence(t string) float64 {
	if nonSpace(t) == 0 {
		return 0
	}
	return 1
}

// unread completes an image document of frames pages that the engine
// could not read: one empty page each, degraded for reason.
func (x *Extractor) unread(ctx context.Context, job Job, frames int, reason string) (Result, error) {
	res := Result{Pages: make([]Page, frames), Degraded: reason}
	for i := range res.Pages {
		res.Pages[i] = Page{Number: i + 1, Method: MethodOCR}
	}
	x.report(ctx, job, len(res.Pages), len(res.Pages))
	var err error
	res.EngineName, res.EngineVersion, err = x.engine.Identity(ctx)
	return res, err
}

// pagePlan is a PDF page to read with the engine.
type pagePlan struct {
	n    int
	size PageSize
	// scan is the page's one image when the page is nothing but that
	// image (a scanner's page): it is read at its own resolution.
	scan *PDFImage
	// layer is the page's text layer when it covers only part of the
	// page; the engine's lines that it lacks are appended to it.
	layer string
}

// A page is one scan when a single image, drawn upright at the same
// resolution across and down, covers at least minScanShare of it. The
// engine then reads the image's own pixels at the image's resolution:
// rendering the page at DOCKET_OCR_DPI resamples a 200-dpi scan to 300
// dpi, and Tesseract's page segmentation then cut a table into columns
// (issue 17: CER 0.495 against 0.014 at the native resolution).
const (
	minScanShare = 0.8
	minScanPPI   = 50
	maxScanPPI   = 1200
	// maxPPISkew is the largest relative difference between the image's
	// horizontal and vertical resolution (a fax at 204x98 dpi is
	// rendered instead: it needs resampling to square pixels).
	maxPPISkew = 0.02
)

// minImageShare is the share of a page that images must cover for a page
// with a text layer to be read by the engine as well.
const minImageShare = 0.25

// pageScan returns the page's image when the page is one scan, else nil.
func pageScan(size PageSize, images []PDFImage) *PDFImage {
	if len(images) != 1 || size.Rotate != 0 {
		return nil
	}
	im := images[0]
	switch {
	case im.Type != "image",
		im.XPPI < minScanPPI || im.XPPI > maxScanPPI || im.YPPI < minScanPPI || im.YPPI > maxScanPPI,
		math.Abs(im.XPPI-im.YPPI) > maxPPISkew*im.XPPI:
		return nil
	}
	// Drawn upright and inside the page: its sides fit the page's.
	w, h := float64(im.Width)/im.XPPI*72, float64(im.Height)/im.YPPI*72
	if w > size.W*1.05 || h > size.H*1.05 || w*h < minScanShare*size.W*size.H {
		return nil
	}
	return &im
}

// imageShare is the share of the page that its images cover (at most 1;
// overlapping images count twice).
func imageShare(size PageSize, images []PDFImage) float64 {
	area := size.W * size.H
	if area <= 0 {
		return 0
	}
	var covered float64
	for _, im := range images {
		if im.Type == "image" {
			covered += im.CoveredPt()
		}
	}
	return min(1, covered/area)
}

// identity names the engines that produced a PDF's text.
func (x *Extractor) identity(ctx context.Context, textPages, ocrPages int) (string, string, error) {
	var names, versions []string
	if ocrPages > 0 {
		name, v, err := x.engine.Identity(ctx)
		if err != nil {
			return "", "", err
		}
		names, versions = append(names, name), append(versions, v)
	}
	if textPages > 0 {
		v, err := x.poppler.Version(ctx)
		if err != nil {
			return "", "", err
		}
		names, versions = append(names, "pdftotext"), append(versions, v)
	}
	return strings.Join(names, "+"), strings.Join(versions, "+"), nil
}

// ocrPages fills pages[n-1] for every planned page n: from a checkpoint
// when an earlier attempt finished it, else by extracting its scan or
// rasterizing it and recognizing that, then checkpointing it. Before each
// page, the CPU spent so far is charged (m, with a Quota): a tenant over
// its budget stops there. Up to PageConcurrency pages run at once; the
// first failure stops the rest.
func (x *Extractor) ocrPages(ctx context.Context, job Job, pages []Page, plans []pagePlan, m *cpuMeter) error {
	total := len(pages)
	var done atomic.Int64
	done.Store(int64(total - len(plans)))
	pending := plans
	// The languages the pages were read in, in page order: a page whose
	// words name none is read again in them (Engine.Recognize).
	read := &readIn{}
	if x.checkpoints != nil {
		numbers := make([]int, len(plans))
		for i, p := range plans {
			numbers[i] = p.n
		}
		saved, err := x.checkpoints.LoadPages(ctx, job.SHA256, numbers)
		if err != nil {
			return err
		}
		pending = pending[:0:0]
		for _, p := range plans {
			if sp, ok := saved[p.n]; ok {
				pages[p.n-1] = sp
				read.add(sp.Languages)
				done.Add(1)
				continue
			}
			pending = append(pending, p)
		}
		if len(saved) > 0 {
			x.log.InfoContext(ctx, "resuming document from checkpoints", "workflow_id", job.WorkflowID, "document", job.SHA256, "pages_checkpointed", len(saved), "pages_left", len(pending))
		}
	}
	x.report(ctx, job, int(done.Load()), total)
	if len(pending) == 0 {
		return nil
	}
	dir, err := os.MkdirTemp(x.workDir, WorkPrefix+"*")
	if err != nil {
		return fmt.Errorf("make work dir: %w", err)
	}
	defer os.RemoveAll(dir)

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var (
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
	)
	fail := func(err error) { errOnce.Do(func() { firstErr = err; cancel(err) }) }
	// One goroutine rasterizes pages ahead of the recognizers (pdftoppm
	// for page n+1 overlaps Tesseract on page n); the buffer bounds the
	// page images waiting on disk.
	rasters := make(chan raster, x.limits.PageConcurrency)
	wg.Go(func() {
		defer close(rasters)
		for _, p := range pending {
			img, dpi, err := x.pageImage(ctx, job, dir, p)
			select {
			case rasters <- raster{p, img, dpi, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	})
	for range min(x.limits.PageConcurrency, len(pending)) {
		wg.Go(func() {
			for r := range rasters {
				if r.err != nil {
					fail(r.err)
					continue
				}
				if ctx.Err() != nil {
					continue // drain after a failure
				}
				if job.Continue != nil {
					if err := job.Continue(ctx); err != nil {
						fail(err)
						continue
					}
				}
				if m != nil {
					if err := x.chargeCPU(ctx, job, m); err != nil {
						fail(fmt.Errorf("before page %d: %w", r.n(), err))
						continue
					}
				}
				p, err := x.recognize(ctx, r, read)
				if err == nil && x.checkpoints != nil {
					err = x.checkpoints.SavePage(ctx, job.SHA256, p)
				}
				if err != nil {
					fail(err)
					continue
				}
				pages[p.Number-1] = p
				d := int(done.Add(1))
				x.log.InfoContext(ctx, "page recognized", "workflow_id", job.WorkflowID, "page", p.Number, "dpi", r.dpi, "pages_done", d, "pages_total", total, "chars", utf8.RuneCountInString(p.Text), "confidence", p.Confidence)
				x.report(ctx, job, d, total)
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// readIn collects the languages a document's pages were read in
// (PageText.Language), for the pages after them.
type readIn struct {
	mu    sync.Mutex
	langs []string
}

func (r *readIn) add(language string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range strings.Split(language, "+") {
		if l != "" && !slices.Contains(r.langs, l) {
			r.langs = append(r.langs, l)
		}
	}
}

func (r *readIn) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.langs)
}

// raster is a page image ready for the engine (the page's scan or its
// rendering, at dpi), or the failure to make it.
type raster struct {
	plan pagePlan
	img  string
	dpi  int
	err  error
}

func (r raster) n() int { return r.plan.n }

// pageImage returns the image the engine reads for the planned page and
// its resolution: the page's scan as the PDF holds it, or else the page
// rendered at DOCKET_OCR_DPI. A scan that pdfimages cannot extract as
// listed (an image type it writes otherwise, a size other than the one
// checked) is rendered instead; a transient failure (the document's time
// ran out) stops the page, and so does pdfimages killed over its CPU or
// memory limit: rendering what it could not decode within them (a
// decompression bomb) only spends the document's time for nothing.
func (x *Extractor) pageImage(ctx context.Context, job Job, dir string, p pagePlan) (string, int, error) {
	if p.scan != nil {
		img, err := x.scanImage(ctx, job, dir, p)
		if err == nil || fault.ClassOf(err) != fault.Structural || errors.Is(err, ErrOverLimit) {
			return img, int(math.Round(p.scan.XPPI)), err
		}
		x.log.WarnContext(ctx, "page scan not usable as is: rendering the page", "workflow_id", job.WorkflowID, "page", p.n, "error", err)
	}
	// Checked before planning for a page without a scan; a scan was
	// checked at its own size.
	w, h := p.size.Pixels(x.limits.DPI)
	if err := checkPixels(fmt.Sprintf("PDF page %d at %d dpi", p.n, x.limits.DPI), w, h, x.limits.MaxPixels); err != nil {
		return "", 0, err
	}
	img, err := x.rasterize(ctx, job, dir, p.n, p.size)
	return img, x.limits.DPI, err
}

// scanImage extracts the page's one image with pdfimages and checks its
// header against the size listed (and checked against the pixel limit).
func (x *Extractor) scanImage(ctx context.Context, job Job, dir string, p pagePlan) (string, error) {
	files, err := x.poppler.ExtractImage(ctx, job.Path, p.n, dir)
	if err != nil {
		return "", err
	}
	if len(files) != 1 {
		for _, f := range files {
			os.Remove(f)
		}
		return "", fault.Structuralf("extracted page %d's image: pdfimages wrote %d files, want 1", p.n, len(files))
	}
	img := files[0]
	info, err := InspectImage(img, 1, x.limits.MaxPixels)
	if err == nil {
		gw, gh := int64(info.Frames[0].X), int64(info.Frames[0].Y)
		if gw != p.scan.Width || gh != p.scan.Height {
			err = fault.Structuralf("extracted %dx%d pixels, but the image was listed and checked at %dx%d", gw, gh, p.scan.Width, p.scan.Height)
		}
	}
	if err != nil {
		os.Remove(img)
		return "", fmt.Errorf("extracted page %d's image: %w", p.n, err)
	}
	return img, nil
}

// rasterize renders page n to a PNG and checks its header: within the
// pixel limit, and the size that was checked before rendering (size at
// the DPI, either orientation, a pixel of rounding either way). Anything
// else is structural: a renderer that drew another box than the one
// checked, or one that ran out of memory and wrote a stub.
func (x *Extractor) rasterize(ctx context.Context, job Job, dir string, n int, size PageSize) (string, error) {
	img, err := x.poppler.Rasterize(ctx, job.Path, n, x.limits.DPI, dir)
	if err != nil {
		return "", err
	}
	info, err := InspectImage(img, 1, x.limits.MaxPixels)
	if err == nil {
		w, h := size.Pixels(x.limits.DPI)
		gw, gh := int64(info.Frames[0].X), int64(info.Frames[0].Y)
		straight, turned := near(gw, w) && near(gh, h), near(gw, h) && near(gh, w)
		if !straight && !turned {
			err = fault.Structuralf("rendered %dx%d pixels, but the page was checked at %dx%d", gw, gh, w, h)
		}
	}
	if err != nil {
		os.Remove(img)
		return "", fmt.Errorf("rasterized page %d: %w", n, err)
	}
	return img, nil
}

// near reports whether a rendered side is b pixels, give or take one.
func near(a, b int64) bool { return a >= b-1 && a <= b+1 }

// recognize runs the engine on a page image and removes the image. A page
// with a partial text layer gets the engine's lines that the text layer
// lacks appended to it. The languages the page was read in are added to
// read, which gives the engine those of the pages read before.
func (x *Extractor) recognize(ctx context.Context, r raster, read *readIn) (Page, error) {
	defer os.Remove(r.img)
	texts, err := x.engine.Recognize(ctx, r.img, r.dpi, read.list())
	if err != nil {
		return Page{}, fmt.Errorf("recognize page %d: %w", r.n(), err)
	}
	p := Page{Number: r.n(), Method: MethodOCR}
	var own readIn // this page's languages, as read collects the document's
	for _, t := range texts {
		read.add(t.Language)
		own.add(t.Language)
	}
	p.Languages = strings.Join(own.list(), "+")
	for i, t := range texts { // one page image gives one page; join defensively
		if i > 0 {
			p.Text += "\n"
		}
		p.Text += strings.TrimRightFunc(t.Text, unicode.IsSpace)
		p.Confidence += t.Confidence / float64(len(texts))
	}
	if r.plan.layer != "" {
		return withTextLayer(r.plan.layer, p), nil
	}
	return p, nil
}

// report publishes progress; a failure to publish it is logged, never
// fatal to the document.
func (x *Extractor) report(ctx context.Context, job Job, done, total int) {
	if job.Progress != nil {
		job.Progress(done, total)
	}
	if x.progress == nil || job.WorkflowID == "" {
		return
	}
	if err := x.progress.SetProgress(ctx, job.WorkflowID, done, total); err != nil {
		x.log.WarnContext(ctx, "publish OCR progress", "workflow_id", job.WorkflowID, "error", err)
	}
}

func nonSpace(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}
