package server

// The document read API: what a person needs to look at a workflow's
// document — its pages as images and the text extracted from them — read
// from the blob store ingest owns, for the caller's own tenant only.
//
//	GET /v1/workflows/{id}/document     file name, media type, pages, classification, callback (JSON)
//	GET /v1/workflows/{id}/text         the extracted text (text/plain, pages split by form feeds)
//	GET /v1/workflows/{id}/pages/{n}    page n as an image (PNG or JPEG)
//
// A caller is a principal of DOCKET_INGEST_TOKENS_FILE/_TOKENS (the same
// tokens file as the tracker's and the exception agent's: tenant, reviewer,
// operator, service), or a tenant's API key. Another tenant's workflow, and
// one ingest does not know, is 404 alike, and so is every read of an
// erased workflow. Without a tenants file (the
// embedded mode, loopback only) a request without a credential reads as
// the local operator.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the page image's header, for its pixel count
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/image/tiff"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/sniff"
	"github.com/docket-run/docket/services/ingest/internal/handler"
	"github.com/docket-run/docket/services/ingest/internal/store"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Content limits.
const (
	// MaxTextBytes is the most extracted text one answer carries; longer
	// text is cut there and the answer says so (Docket-Truncated).
	MaxTextBytes = 4 << 20
	// MaxPageImageBytes caps a rendered or stored page image.
	MaxPageImageBytes = 16 << 20
	// MaxPageImagePixels caps the pixels of a stored page image served or
	// decoded here (an A4 page scanned at 600 dpi is 35 million). Past
	// it, a page image is refused rather than handed to the reviewer's
	// browser, or for a TIFF decoded here: a decompression bomb is a small
	// file (a 40,000 × 40,000 PNG of 1.6 MB was served whole; OCR had
	// refused it under its own pixel cap).
	MaxPageImagePixels = 40_000_000
	// maxPages is the highest page number rendered.
	maxPages = 10000
	// DefaultRenderTimeout bounds one page's rendering when the Content's
	// RenderTimeout is zero.
	DefaultRenderTimeout = 30 * time.Second
)

// Content serves the document read API.
type Content struct {
	Server *Server
	Blobs  blob.Store
	// Principals are the callers by token (nil: tenants' API keys only).
	Principals *auth.Set
	// Open lets a request without credentials read as the local operator
	// (the embedded mode: no tenants file, loopback only).
	Open bool
	// Pdftoppm renders PDF pages ("pdftoppm" when empty).
	Pdftoppm string
	// RenderTimeout bounds one PDF page's rendering (DefaultRenderTimeout
	// when zero).
	RenderTimeout time.Duration
	// renders bounds the page renderings running at once.
	renders chan struct{}
}

// Routes adds the API to mux.
func (c *Content) Routes(mux *http.ServeMux) {
	c.renders = make(chan struct{}, 2)
	mux.HandleFunc("GET /v1/workflows/{id}/document", c.document)
	mux.HandleFunc("GET /v1/workflows/{id}/text", c.text)
	mux.HandleFunc("GET /v1/workflows/{id}/pages/{n}", c.page)
}

// principal authenticates a reader: a principal's token, else a tenant's
// API key.
func (c *Content) principal(r *http.Request) (auth.Principal, error) {
	key := apiKey(r)
	if key == "" && c.Open {
		return auth.Anonymous, nil
	}
	if key != "" && c.Principals != nil {
		if p, ok := c.Principals.Token(key); ok {
			return p, nil
		}
	}
	tn, err := c.Server.authenticate(r)
	if err != nil {
		return auth.Principal{}, err
	}
	return auth.Principal{Name: tn.ID, Role: auth.RoleTenant, Tenant: tn.ID, Via: auth.ViaToken}, nil
}

// record returns the workflow's record when the caller may read it.
func (c *Content) record(w http.ResponseWriter, r *http.Request) (map[string]string, bool) {
	p, err := c.principal(r)
	if err != nil {
		writeReadError(w, err)
		return nil, false
	}
	id := r.PathValue("id")
	if id == "" || len(id) > 256 {
		writeReadError(w, submit.Errorf(http.StatusBadRequest, submit.CodeInvalidRequest, "workflow id must be 1 to 256 characters"))
		return nil, false
	}
	m, err := c.Server.Store.Status(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		m, err = nil, nil
	}
	if err != nil {
		writeReadError(w, submit.Errorf(http.StatusServiceUnavailable, submit.CodeUnavailable, "status store: %v", err))
		return nil, false
	}
	if len(m) == 0 || m["document_sha256"] == "" || !p.Sees(m["tenant_id"]) {
		writeReadError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "no document for workflow %s", id))
		return nil, false
	}
	if m["erased_at"] != "" {
		// Its document and text are deleted, and whatever the record
		// still says of them (pages, text size, media type) is no answer.
		writeReadError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "the content of workflow %s was erased", id))
		return nil, false
	}
	return m, true
}

// Document is the answer of GET /v1/workflows/{id}/document.
type Document struct {
	WorkflowID     string          `json:"workflow_id"`
	Tenant         string          `json:"tenant"`
	Filename       string          `json:"filename"`
	MediaType      string          `json:"media_type"`
	SHA256         string          `json:"sha256"`
	Size           int64           `json:"size"`
	Pages          []handler.Page  `json:"pages"`
	PageImages     bool            `json:"page_images"`
	Text           bool            `json:"text"`
	TextSize       int64           `json:"text_size"`
	DocumentType   string          `json:"document_type,omitempty"`
	Classification json.RawMessage `json:"classification,omitempty"`
	Callback       *Callback       `json:"callback,omitempty"`
	CallbackURL    bool            `json:"callback_configured"`
}

func (c *Content) document(w http.ResponseWriter, r *http.Request) {
	m, ok := c.record(w, r)
	if !ok {
		return
	}
	d := Document{
		WorkflowID: r.PathValue("id"), Tenant: m["tenant_id"], Filename: m["filename"], MediaType: m["media_type"],
		SHA256: m["document_sha256"], Text: m["text_sha256"] != "", DocumentType: m["document_type"],
		Callback: callbackOf(m), CallbackURL: m["callback_url"] != "", Pages: []handler.Page{},
	}
	d.TextSize, _ = strconv.ParseInt(m["text_size"], 10, 64)
	if ref, err := c.Blobs.Stat(r.Context(), d.SHA256); err == nil {
		d.Size = ref.Size
	}
	if v := m["pages"]; v != "" {
		_ = json.Unmarshal([]byte(v), &d.Pages)
	}
	if v := m["classification"]; v != "" && json.Valid([]byte(v)) {
		d.Classification = json.RawMessage(v)
	}
	switch d.MediaType {
	case sniff.PDF, sniff.PNG, sniff.JPEG, sniff.TIFF:
		d.PageImages = true
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, d)
}

func (c *Content) text(w http.ResponseWriter, r *http.Request) {
	m, ok := c.record(w, r)
	if !ok {
		return
	}
	sha := m["text_sha256"]
	if sha == "" {
		writeReadError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "no extracted text yet"))
		return
	}
	rc, err := c.Blobs.Open(r.Context(), sha)
	if err != nil {
		writeReadError(w, blobError(err))
		return
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxTextBytes+1))
	if err != nil && !errors.Is(err, blob.ErrIntegrity) {
		writeReadError(w, blobError(err))
		return
	}
	if len(b) > MaxTextBytes {
		b = b[:MaxTextBytes]
		w.Header().Set("Docket-Truncated", "true")
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "private, max-age=300")
	_, _ = w.Write(b)
}

func (c *Content) page(w http.ResponseWriter, r *http.Request) {
	m, ok := c.record(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 || n > maxPages {
		writeReadError(w, submit.Errorf(http.StatusBadRequest, submit.CodeInvalidRequest, "page must be a number from 1 to %d", maxPages))
		return
	}
	var img []byte
	var mt string
	switch m["media_type"] {
	case sniff.PNG, sniff.JPEG:
		if n != 1 {
			writeReadError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "an image has one page"))
			return
		}
		img, err = c.read(r.Context(), m["document_sha256"])
		if err == nil {
			err = checkPixels(img)
		}
		mt = m["media_type"]
	case sniff.TIFF:
		if n != 1 {
			writeReadError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "only the first page of a TIFF is shown"))
			return
		}
		img, err = c.tiffPage(r.Context(), m["document_sha256"])
		mt = sniff.PNG
	case sniff.PDF:
		img, err = c.pdfPage(r.Context(), m["document_sha256"], n)
		mt = sniff.PNG
	default:
		writeReadError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "a %s document has no page images", m["media_type"]))
		return
	}
	if err != nil {
		writeReadError(w, err)
		return
	}
	w.Header().Set("Content-Type", mt)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	w.Header().Set("Cache-Control", "private, max-age=300")
	_, _ = w.Write(img)
}

// read returns a blob of at most MaxPageImageBytes.
func (c *Content) read(ctx context.Context, sha string) ([]byte, error) {
	rc, err := c.Blobs.Open(ctx, sha)
	if err != nil {
		return nil, blobError(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxPageImageBytes+1))
	if err != nil {
		return nil, blobError(err)
	}
	if len(b) > MaxPageImageBytes {
		return nil, submit.Errorf(http.StatusRequestEntityTooLarge, submit.CodeTooLarge, "page image larger than %d bytes", MaxPageImageBytes)
	}
	return b, nil
}

func (c *Content) tiffPage(ctx context.Context, sha string) ([]byte, error) {
	b, err := c.read(ctx, sha)
	if err != nil {
		return nil, err
	}
	if err := checkPixels(b); err != nil {
		return nil, err
	}
	release, err := c.renderSlot(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	im, err := tiff.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, submit.Errorf(http.StatusUnprocessableEntity, submit.CodeInvalidRequest, "TIFF page: %v", err)
	}
	var out bytes.Buffer
	if err := png.Encode(&out, im); err != nil {
		return nil, fmt.Errorf("encode TIFF page: %w", err)
	}
	return out.Bytes(), nil
}

// renderTimeout is one rendering's bound.
func (c *Content) renderTimeout() time.Duration {
	if c.RenderTimeout > 0 {
		return c.RenderTimeout
	}
	return DefaultRenderTimeout
}

// renderSlot takes one of the renderings that may run at once, waiting
// for one at most half a rendering's time: past it the answer is 503 with
// Retry-After. Requests queued without a bound behind slow pages answered
// one by one, the last after minutes (found from outside: eight requests
// for one slow PDF, the last answered after 112 s).
func (c *Content) renderSlot(ctx context.Context) (release func(), err error) {
	wait := time.NewTimer(c.renderTimeout() / 2)
	defer wait.Stop()
	select {
	case c.renders <- struct{}{}:
		return func() { <-c.renders }, nil
	case <-wait.C:
		e := submit.Errorf(http.StatusServiceUnavailable, submit.CodeUnavailable, "every page renderer is busy; try again shortly")
		e.RetryAfter = c.renderTimeout() / 2
		return nil, e
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// pdfPage renders page n of a PDF with poppler's pdftoppm, at most two at
// once, each within RenderTimeout.
// pastLastPage is pdftoppm's complaint about a page after the last, with
// the number of the last.
var pastLastPage = regexp.MustCompile(`can ?not be after the last page \((\d+)\)`)

func (c *Content) pdfPage(ctx context.Context, sha string, n int) ([]byte, error) {
	release, err := c.renderSlot(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	dir, err := os.MkdirTemp("", "docket-page-")
	if err != nil {
		return nil, fmt.Errorf("page work folder: %w", err)
	}
	defer os.RemoveAll(dir)
	rc, err := c.Blobs.Open(ctx, sha)
	if err != nil {
		return nil, blobError(err)
	}
	f, err := os.Create(filepath.Join(dir, "in.pdf"))
	if err == nil {
		_, err = io.Copy(f, rc)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	_ = rc.Close()
	if err != nil {
		return nil, blobError(err)
	}
	bin := c.Pdftoppm
	if bin == "" {
		bin = "pdftoppm"
	}
	timeout := c.renderTimeout()
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	page := strconv.Itoa(n)
	cmd := exec.CommandContext(rctx, bin, "-png", "-r", "100", "-scale-to", "1600", "-f", page, "-l", page, "-singlefile",
		filepath.Join(dir, "in.pdf"), filepath.Join(dir, "page"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, submit.Errorf(http.StatusNotImplemented, "unavailable", "PDF pages need poppler-utils (pdftoppm) on ingest's machine")
		}
		if ctx.Err() != nil {
			return nil, ctx.Err() // the reader went away
		}
		if errors.Is(rctx.Err(), context.DeadlineExceeded) {
			// Not the caller's fault, nor proof the page is bad: a busy
			// machine renders slowly too.
			return nil, submit.Errorf(http.StatusServiceUnavailable, submit.CodeUnavailable, "page %d took longer than %s to render; its text is at /text", n, timeout)
		}
		msg := strings.TrimSpace(stderr.String())
		if m := pastLastPage.FindStringSubmatch(msg); m != nil {
			// Poppler's "Wrong page range given: the first page (99) can
			// not be after the last page (1)." (found from outside: a 422
			// with the tool's words for a page that is not there).
			pages := m[1] + " pages"
			if m[1] == "1" {
				pages = "1 page"
			}
			return nil, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "no page %d: the document has %s", n, pages)
		}
		if msg == "" {
			msg = err.Error()
		}
		if len(msg) > 200 {
			msg = msg[:200]
		}
		return nil, submit.Errorf(http.StatusUnprocessableEntity, submit.CodeInvalidRequest, "page %d could not be rendered: %s", n, msg)
	}
	b, err := os.ReadFile(filepath.Join(dir, "page.png"))
	if err != nil {
		return nil, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "no page %d", n)
	}
	if len(b) > MaxPageImageBytes {
		return nil, submit.Errorf(http.StatusRequestEntityTooLarge, submit.CodeTooLarge, "page image larger than %d bytes", MaxPageImageBytes)
	}
	return b, nil
}

// checkPixels refuses an image whose header names more than
// MaxPageImagePixels pixels, or that has no header an image decoder
// reads; only the header is read.
func checkPixels(b []byte) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return submit.Errorf(http.StatusUnprocessableEntity, submit.CodeInvalidRequest, "page image: %v", err)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxPageImagePixels {
		return submit.Errorf(http.StatusUnprocessableEntity, submit.CodeTooLarge, "page image of %d × %d pixels is over the %d-pixel cap of page images; its text is at /text", cfg.Width, cfg.Height, MaxPageImagePixels)
	}
	return nil
}

func blobError(err error) error {
	if errors.Is(err, blob.ErrNotFound) {
		return submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "the document is no longer in the blob store")
	}
	return submit.Errorf(http.StatusServiceUnavailable, submit.CodeUnavailable, "blob store: %v", err)
}
