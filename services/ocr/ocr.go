// Package ocr is Docket's text extraction service. It consumes
// docket.document.submitted and emits docket.document.extracted: PDF text
// layers are read directly (pdftotext), scanned PDF pages are rasterized
// (pdftoppm) and recognized by Tesseract, PNG/JPEG/TIFF images go to
// Tesseract, plain text is decoded to UTF-8. The text is stored in the blob
// store and referenced from the event, with per-page method and confidence
// and the engine's name and version.
//
// Each document content is extracted once (claimed and cached in the
// idempotency store under ocr/doc/<sha256>), finished OCR pages are
// checkpointed in Redis so a crash resumes after the last one, and
// progress is published in the Redis hash docket:ocr:progress:<workflow id>.
// See README.md beside this file for the settings.
package ocr

//go:generate go run ./internal/fixtures -out testdata

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/quota"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/service"

	"github.com/docket-run/docket/services/ocr/internal/checkpoint"
	"github.com/docket-run/docket/services/ocr/internal/config"
	"github.com/docket-run/docket/services/ocr/internal/extract"
	"github.com/docket-run/docket/services/ocr/internal/handler"
)

// Name is the service name.
const Name = events.ServiceOCR

// Version is the service version stamped on its events.
const Version = "0.1.0"

// handlerSlack is added to the document timeout for the handler attempt:
// time for the download, the text blob write and the claim bookkeeping.
const handlerSlack = time.Minute

// Spec returns the service.
func Spec() service.Spec {
	return service.Spec{
		Name:     Name,
		Version:  Version,
		Consumes: []string{events.TopicSubmitted, events.TopicControl},
		Produces: []string{events.TopicExtracted, events.TopicSteps},
		Setup:    setup,
	}
}

func setup(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	blobs, err := blob.Open(ctx, d.Platform.BlobURL)
	if err != nil {
		return fmt.Errorf("open blob store: %w", err)
	}
	context.AfterFunc(ctx, func() { _ = blobs.Close() })

	// A canceled workflow is skipped before the download and stopped
	// between pages (extract.Job.Continue).
	if err := rt.Configure(bus.CancelCheck(cancel.New(d.Redis)), bus.MaxPollRecords(cfg.Batch)); err != nil {
		return err
	}
	// A process killed mid-document leaves its copy of the document and
	// its page images behind. Twice the longest attempt is old enough that
	// no live attempt of a replica sharing the folder still uses them; the
	// folder is swept at start and then once per attempt length, so what a
	// killed replica left goes even while this one keeps running.
	maxAge := 2 * (cfg.Timeout + handlerSlack)
	sweep := func() {
		if n, err := handler.SweepWorkDir(cfg.WorkDir, maxAge, time.Now()); err != nil {
			d.Log.WarnContext(ctx, "remove stale temporary files", "dir", cfg.WorkDir, "error", err)
		} else if n > 0 {
			d.Log.InfoContext(ctx, "removed stale temporary files", "dir", cfg.WorkDir, "count", n)
		}
	}
	sweep()
	go func() {
		t := time.NewTicker(maxAge / 2)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				sweep()
			}
		}
	}()
	quotas, err := quota.Parse(d.Platform.TenantQuotas)
	if err != nil {
		return fmt.Errorf("DOCKET_TENANT_QUOTAS: %w", err)
	}
	x := extractor(ctx, cfg, d, quotas)
	replica := d.Platform.InstanceID
	name := replica
	if name == "" {
		name, _ = os.Hostname()
	}
	owner := name + "#" + rand.Text()[:8]
	reg := prometheus.NewRegistry()
	if d.Ops != nil {
		reg = d.Ops.Registry
	}
	degraded := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "docket_ocr_degraded_total",
		Help: "Documents extracted in a degraded mode, by reason: ocr_language_missing (no data for DOCKET_OCR_LANGUAGE: text layer only, or no text for a person to read).",
	}, []string{"reason"})
	if err := reg.Register(degraded); err != nil {
		return fmt.Errorf("register OCR metrics: %w", err)
	}
	refs := handler.NewRefs(d.Redis, refsTTL)
	h := handler.New(handler.Config{Service: Name, Owner: owner, Replica: replica, Timeout: cfg.Timeout, WorkDir: cfg.WorkDir, Refs: refs,
		Degraded: func(kind string) { degraded.WithLabelValues(kind).Inc() }}, blobs, d.Store, x, d.Log)
	// A workflow that steps back (canceled or failed for good) has its
	// text artefacts deleted, unless another workflow of the document
	// still uses them.
	undo := &handler.Undo{Refs: refs, Cache: d.Store, Texts: blobs, Key: h.DocumentKey}
	// OCR is a long step: a document is accepted in a short transaction,
	// extracted on the runtime's worker pool outside any transaction, and
	// its extracted event emitted in a later one. Plain text, which takes
	// milliseconds, runs before the scans queued on the replica.
	bus.HandleLong(rt, events.TopicSubmitted, h.Handle,
		bus.Timeout(cfg.Timeout+handlerSlack),
		bus.Retry(retry.Policy{Attempts: 3, Initial: 200 * time.Millisecond, Max: 2 * time.Second, Multiplier: 2}),
		bus.Compensation(events.StepOCR, undo.Compensate),
		bus.Quick(handler.Quick))
	// An erasure drops the pages' text OCR keeps for a resumption.
	bus.Handle(rt, events.TopicControl, handler.Erased(checkpoint.New(d.Redis, cfg.CheckpointTTL, ""), cfg.MaxPages))
	return nil
}

// DetectLanguages are the languages OCR reads a page again in when its
// first reading is in one of them (DOCKET_OCR_DETECT_LANGUAGES' default),
// as Tesseract names them: its packages are tesseract-ocr-<code>.
func DetectLanguages() []string { return extract.DetectableLanguages() }

// refsTTL is how long the record of a workflow's document outlives its
// last use: longer than any workflow may wait to be compensated.
const refsTTL = 30 * 24 * time.Hour

// extractor builds the extraction DOCKET_OCR_ENGINE selects, charging
// the tenants' daily quotas.
func extractor(ctx context.Context, cfg config.Config, d *service.Deps, quotas quota.Table) handler.Extractor {
	if cfg.Engine == config.EngineNoop {
		d.Log.WarnContext(ctx, "DOCKET_OCR_ENGINE=noop: no text is extracted, every document reads as one fixed page (benchmarks only)")
		return extract.Noop{}
	}
	limits := extract.ProcessLimits{Memory: cfg.ToolMaxMemory, CPU: cfg.ToolMaxCPU, Prlimit: cfg.PrlimitBin}
	engine := extract.NewTesseract(cfg.TesseractBin, cfg.Language, cfg.DPI, limits)
	poppler := extract.NewPoppler(cfg.PdfinfoBin, cfg.PdftotextBin, cfg.PdftoppmBin, limits, extract.WithPdfimages(cfg.PdfimagesBin))
	// A missing engine does not stop the service (plain text and the
	// embedded stack work without it); documents that need it fail as
	// structural, naming the package to install.
	if name, v, err := engine.Identity(ctx); err != nil {
		d.Log.WarnContext(ctx, "OCR engine unavailable: images and scanned PDFs will be dead-lettered", "error", err)
	} else {
		d.Log.InfoContext(ctx, "OCR engine", "engine", name, "version", v, "language", cfg.Language, "dpi", cfg.DPI)
		using, missing, err := engine.DetectLanguages(ctx, cfg.DetectLanguages)
		switch {
		case err != nil:
			d.Log.WarnContext(ctx, "OCR language detection off: the installed languages cannot be listed", "error", err)
		case len(missing) > 0:
			d.Log.WarnContext(ctx, "OCR: no data for some languages of DOCKET_OCR_DETECT_LANGUAGES; their pages are read with the base language only (install tesseract-ocr-<code>)",
				"missing", strings.Join(missing, ","), "detecting", strings.Join(using, ","))
		default:
			d.Log.InfoContext(ctx, "OCR language detection", "detecting", strings.Join(using, ","))
		}
	}
	if _, err := poppler.Version(ctx); err != nil {
		d.Log.WarnContext(ctx, "PDF tools unavailable: PDFs will be dead-lettered", "error", err)
	}

	// The profile names what a page's text depends on; pages read before
	// scans were read at their own resolution and tables in rows
	// (extract.Profile) are redone.
	cp := checkpoint.New(d.Redis, cfg.CheckpointTTL, fmt.Sprintf("%s(%s)@%ddpi+%s", cfg.Language, strings.Join(cfg.DetectLanguages, ","), cfg.DPI, extract.Profile))
	return extract.New(engine, poppler, cp, cp, quota.New(d.Redis, quotas), extract.Limits{
		MaxPages: cfg.MaxPages, MaxPixels: cfg.MaxPixels, DPI: cfg.DPI, PageConcurrency: cfg.PageConcurrency,
	}, cfg.WorkDir, d.Log)
}
