// Package handler turns a docket.document.submitted event into a
// docket.document.extracted event: it fetches the document from the blob
// store, extracts its text (once per document content, across workflows,
// redeliveries and replicas), stores the text as a blob and emits a
// reference to it.
package handler

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/sniff"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// TextMediaType is the media type of the stored text.
const TextMediaType = "text/plain; charset=utf-8"

// Claims is what the handler needs of the idempotency store.
type Claims interface {
	Claim(ctx context.Context, key idempotency.Key, owner string) (idempotency.Claim, error)
	Reclaim(ctx context.Context, key idempotency.Key, owner, stale string) (idempotency.Claim, error)
	Complete(ctx context.Context, key idempotency.Key, token int64, result []byte) error
	Release(ctx context.Context, key idempotency.Key, token int64) error
	Extend(ctx context.Context, key idempotency.Key, token int64, lease time.Duration) (time.Time, error)
}

// Extractor extracts a document file's text.
type Extractor interface {
	Extract(ctx context.Context, job extract.Job) (extract.Result, error)
}

// blind is an Extractor that can say it reads nothing of the document (the
// no-op engine): the handler then only checks that the document is stored
// and copies nothing to a file for it.
type blind interface {
	ReadsNothing() bool
}

var (
	_ Claims    = (*idempotency.Store)(nil)
	_ Extractor = (*extract.Extractor)(nil)
)

// Config configures a Handler.
type Config struct {
	// Service is the idempotency key's service, "ocr".
	Service string
	// Owner names this process in claims: the replica's name and, after a
	// '#', this incarnation's.
	Owner string
	// Replica is the replica's unique name (its static instance id), or
	// empty when replicas are not uniquely named. A claim held by an
	// earlier incarnation of a uniquely named replica — one that was
	// killed and restarted — is taken over at once instead of blocking the
	// document until its lease runs out.
	Replica string
	// Timeout bounds one document's extraction.
	Timeout time.Duration
	// Lease is how far each heartbeat extends the document's claim; the
	// heartbeat runs every Lease/3.
	Lease time.Duration
	// WorkDir holds the downloaded document; "" is the system temp dir.
	WorkDir string
	// Refs, when set, records which workflows use each document's
	// extraction, for the step's compensation (Undo).
	Refs *Refs
	// Degraded, when set, is called with the reason's kind (the text before
	// its first ':') of each document extracted in a degraded mode.
	Degraded func(kind string)
}

// Handler handles submitted documents.
type Handler struct {
	cfg    Config
	blobs  blob.Store
	claims Claims
	x      Extractor
	log    *slog.Logger
}

// New returns a Handler.
func New(cfg Config, blobs blob.Store, claims Claims, x Extractor, log *slog.Logger) *Handler {
	if cfg.Lease <= 0 {
		cfg.Lease = idempotency.DefaultLease
	}
	return &Handler{cfg: cfg, blobs: blobs, claims: claims, x: x, log: log}
}

// DocumentKey is the idempotency key under which a document's extraction
// is claimed and cached: one per document content.
func (h *Handler) DocumentKey(sha string) idempotency.Key {
	return idempotency.Key{Service: h.cfg.Service, ID: "doc/" + sha}
}

// cached is a document's extraction as stored in the idempotency store.
type cached struct {
	Text           events.BlobRef `json:"text"`
	Pages          []events.Page  `json:"pages"`
	Engine         events.Engine  `json:"engine"`
	MeanConfidence float32        `json:"mean_confidence"`
	// Degraded is extract.Result.Degraded: why the text is incomplete.
	Degraded string `json:"degraded,omitempty"`
}

// Quick tells the documents whose extraction may take milliseconds: plain
// text of at most QuickMaxBytes, decoded and never rendered, and PDFs of
// at most QuickPDFBytes, whose text layer is as fast to read. The runtime
// handles them in their batch's transaction, as short steps, or runs
// their jobs before the scans queued on the replica (bus.Quick). Whether
// a PDF has a text layer on every page is known only once it is opened:
// in its batch, one that has pages to recognize is declined
// (bus.ErrNotQuick) before any is rendered, and waits as a job in its
// priority's lane like any scan.
func Quick(in *events.DocumentSubmitted) bool {
	mt, _, err := mime.ParseMediaType(in.Document.MediaType)
	if err != nil {
		return false
	}
	return mt == sniff.Text && in.Document.SizeBytes <= QuickMaxBytes || mt == sniff.PDF && in.Document.SizeBytes <= QuickPDFBytes
}

// QuickMaxBytes bounds a quick text document: a megabyte of text is read
// and decoded in a few milliseconds, while a batch's transaction is open.
const QuickMaxBytes = 1 << 20

// QuickPDFBytes bounds a quick PDF: poppler lists the pages, text layer
// and images of a few megabytes in well under the second a quick try in
// a batch may take.
const QuickPDFBytes = 4 << 20

// Handle is the bus handler for docket.document.submitted.
func (h *Handler) Handle(ctx context.Context, m *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
	sha, err := documentSHA(in.Document)
	if err != nil {
		return nil, err
	}
	if h.cfg.Refs != nil {
		// Before the extraction: a compensation of another workflow of the
		// same document that runs meanwhile sees this one and keeps the text.
		if err := h.cfg.Refs.Add(ctx, in.Meta.WorkflowID, sha); err != nil {
			return nil, err
		}
	}
	res, reused, err := h.extractOnce(ctx, m, in, sha)
	if err != nil {
		return nil, err
	}
	m.Log().InfoContext(ctx, "document extracted", "document", sha, "pages", len(res.Pages),
		"engine", res.Engine.Name, "mean_confidence", res.MeanConfidence, "cached", reused, "text_bytes", res.Text.SizeBytes)
	if res.Degraded != "" && !reused {
		m.Log().WarnContext(ctx, "document extracted degraded", "document", sha, "reason", res.Degraded)
		if h.cfg.Degraded != nil {
			kind, _, _ := strings.Cut(res.Degraded, ":")
			h.cfg.Degraded(kind)
		}
	}
	return []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{
		Document:       in.Document,
		Degraded:       res.Degraded,
		Text:           res.Text,
		Pages:          res.Pages,
		Engine:         res.Engine,
		MeanConfidence: res.MeanConfidence,
	}}}, nil
}

// documentSHA returns the document's content hash, checking that its URI,
// when it is a blob store URI, names the same content.
func documentSHA(ref events.BlobRef) (string, error) {
	sha := strings.ToLower(ref.SHA256)
	if len(sha) != 64 || strings.Trim(sha, "0123456789abcdef") != "" {
		return "", fault.Structuralf("document sha256 %q is not 64 hex digits", ref.SHA256)
	}
	if strings.HasPrefix(ref.URI, "docket-blob://") {
		u, err := blob.ParseURI(ref.URI)
		if err != nil {
			return "", fmt.Errorf("document uri: %w", err)
		}
		if u != sha {
			return "", fault.Structuralf("document uri %s does not name its sha256 %s", ref.URI, sha)
		}
	}
	return sha, nil
}

// extractOnce returns the document's extraction: the cached one when any
// workflow extracted the same content before, else a fresh one, which it
// caches. Concurrent claimers of the same content wait for the first.
func (h *Handler) extractOnce(ctx context.Context, m *bus.Message, in *events.DocumentSubmitted, sha string) (cached, bool, error) {
	key := h.DocumentKey(sha)
	claim, err := h.claims.Claim(ctx, key, h.cfg.Owner)
	if err == nil && claim.State == idempotency.Held {
		claim, err = h.awaitHolder(ctx, key, claim)
	}
	if err != nil {
		return cached{}, false, fault.Wrap(fault.Transient, fmt.Errorf("claim document %s: %w", sha, err))
	}
	switch claim.State {
	case idempotency.Completed:
		var c cached
		if err := json.Unmarshal(claim.Result, &c); err != nil {
			return cached{}, false, fault.Structuralf("cached extraction of %s is unreadable: %w", sha, err)
		}
		return c, true, nil
	}
	if claim.TookOver {
		m.Log().InfoContext(ctx, "taking over an abandoned extraction; resuming from its checkpoints", "document", sha)
	}

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := h.heartbeat(ctx, cancel, key, claim.Token, m.Log())
	c, err := h.extract(ctx, in, sha, m)
	stop()
	if err != nil {
		if cause := context.Cause(ctx); errors.Is(cause, idempotency.ErrFenced) {
			err = fault.Transientf("extraction of %s lost its claim to another replica: %w", sha, cause)
		}
		if rerr := h.claims.Release(context.WithoutCancel(ctx), key, claim.Token); rerr != nil && !errors.Is(rerr, idempotency.ErrFenced) {
			m.Log().WarnContext(ctx, "release document claim", "document", sha, "error", rerr)
		}
		return cached{}, false, err
	}
	b, err := json.Marshal(c)
	if err != nil {
		return cached{}, false, fmt.Errorf("encode extraction: %w", err)
	}
	if err := h.claims.Complete(context.WithoutCancel(ctx), key, claim.Token, b); err != nil {
		if errors.Is(err, idempotency.ErrFenced) {
			return cached{}, false, fault.Transientf("extraction of %s: claim lost to another replica; its result wins", sha)
		}
		return cached{}, false, fault.Wrap(fault.Transient, fmt.Errorf("cache extraction of %s: %w", sha, err))
	}
	return c, false, nil
}

// holderPoll is how often a document held by another extraction is
// claimed again while waiting for it.
const holderPoll = 250 * time.Millisecond

// awaitHolder waits while another live claim holds the document — the same
// content submitted in another workflow, extracted by a concurrent handler
// or replica — since that extraction will be this one's cache hit. It
// returns the claim once the holder completed (Completed), or released it
// or let its lease run out (Acquired here); a claim of an earlier
// incarnation of this replica is taken over at once. It gives up, with a
// transient error, when ctx ends.
func (h *Handler) awaitHolder(ctx context.Context, key idempotency.Key, claim idempotency.Claim) (idempotency.Claim, error) {
	t := time.NewTicker(holderPoll)
	defer t.Stop()
	for claim.State == idempotency.Held {
		if h.earlierSelf(claim.Owner) {
			return h.claims.Reclaim(ctx, key, h.cfg.Owner, claim.Owner)
		}
		select {
		case <-ctx.Done():
			return claim, fmt.Errorf("document is being extracted by %s (lease until %s): %w", claim.Owner, claim.LeaseUntil.Format(time.RFC3339), context.Cause(ctx))
		case <-t.C:
		}
		var err error
		if claim, err = h.claims.Claim(ctx, key, h.cfg.Owner); err != nil {
			return claim, err
		}
	}
	return claim, nil
}

// earlierSelf reports whether a claim's owner is an earlier incarnation of
// this replica.
func (h *Handler) earlierSelf(owner string) bool {
	return h.cfg.Replica != "" && owner != h.cfg.Owner && strings.HasPrefix(owner, h.cfg.Replica+"#")
}

// heartbeat extends the claim every Lease/3 until stop is called; a
// fenced claim cancels ctx with idempotency.ErrFenced.
func (h *Handler) heartbeat(ctx context.Context, cancel context.CancelCauseFunc, key idempotency.Key, token int64, log *slog.Logger) (stop func()) {
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		t := time.NewTicker(h.cfg.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				if _, err := h.claims.Extend(ctx, key, token, h.cfg.Lease); errors.Is(err, idempotency.ErrFenced) {
					cancel(err)
					return
				} else if err != nil {
					log.WarnContext(ctx, "extend document claim", "key", key.String(), "error", err)
				}
			}
		}
	}()
	return func() { close(done); <-exited }
}

// extract downloads the document, extracts it within the timeout and
// stores the text; m is asked before each OCR page whether to go on, and
// told the pages done.
func (h *Handler) extract(parent context.Context, in *events.DocumentSubmitted, sha string, m *bus.Message) (cached, error) {
	ctx, cancel := context.WithTimeout(parent, h.cfg.Timeout)
	defer cancel()
	path, err := h.document(ctx, sha)
	if err != nil {
		return cached{}, err
	}
	if path != "" {
		defer os.Remove(path)
	}
	res, err := h.x.Extract(ctx, extract.Job{
		Path: path, SHA256: sha, MediaType: in.Document.MediaType, WorkflowID: in.Meta.WorkflowID, Tenant: in.Meta.TenantID,
		Continue: m.CheckCanceled,
		Progress: func(done, total int) { m.Progress(done, total, "pages") },
		TextOnly: m.Inline(),
	})
	if errors.Is(err, extract.ErrNeedsRecognition) {
		return cached{}, fmt.Errorf("%w: %w", bus.ErrNotQuick, err)
	}
	if err != nil {
		if parent.Err() != nil && fault.ClassOf(err) != fault.Structural {
			// Stopped from outside (a shutdown, a lost lease), not timed
			// out (found from outside: a stop said "gave up after 5m0s"
			// four seconds into a page).
			return cached{}, fault.Transientf("extract %s: stopped: %w", sha, err)
		}
		if ctx.Err() != nil && fault.ClassOf(err) != fault.Structural {
			return cached{}, fault.Transientf("extract %s: gave up after %s (DOCKET_OCR_TIMEOUT): %w", sha, h.cfg.Timeout, err)
		}
		return cached{}, fmt.Errorf("extract %s: %w", sha, err)
	}
	text := res.Text()
	if h.cfg.Refs != nil {
		// Before the text is stored: a compensation of a workflow of
		// another document with the same text that runs meanwhile keeps it.
		sum := sha256.Sum256([]byte(text))
		if ts := hex.EncodeToString(sum[:]); ts != sha {
			if err := h.cfg.Refs.AddText(ctx, sha, ts); err != nil {
				return cached{}, err
			}
		}
	}
	ref, err := h.blobs.Put(ctx, strings.NewReader(text), TextMediaType)
	if err != nil {
		return cached{}, fmt.Errorf("store extracted text: %w", err)
	}
	c := cached{
		Text:           events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: ref.Size, MediaType: TextMediaType},
		Pages:          make([]events.Page, len(res.Pages)),
		Engine:         events.Engine{Name: res.EngineName, Version: res.EngineVersion},
		MeanConfidence: float32(res.MeanConfidence()),
		Degraded:       res.Degraded,
	}
	for i, p := range res.Pages {
		c.Pages[i] = events.Page{Number: p.Number, Chars: utf8.RuneCountInString(p.Text), Confidence: float32(p.Confidence), Method: p.Method}
	}
	return c, nil
}

// document returns the path of a temporary copy of the document blob, or
// "" for an extractor that reads nothing once the blob is known to be
// stored.
func (h *Handler) document(ctx context.Context, sha string) (string, error) {
	if b, ok := h.x.(blind); ok && b.ReadsNothing() {
		if _, err := h.blobs.Stat(ctx, sha); err != nil {
			return "", fmt.Errorf("stat document blob: %w", err)
		}
		return "", nil
	}
	return h.download(ctx, sha)
}

// download copies the document blob into a temporary file; the blob
// store verifies its hash while it is read.
func (h *Handler) download(ctx context.Context, sha string) (string, error) {
	r, err := h.blobs.Open(ctx, sha)
	if err != nil {
		return "", fmt.Errorf("open document blob: %w", err)
	}
	defer r.Close()
	f, err := os.CreateTemp(h.cfg.WorkDir, extract.WorkPrefix+"doc-*")
	if err != nil {
		return "", fmt.Errorf("make temporary document file: %w", err)
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("download document blob %s: %w", sha, err)
	}
	return f.Name(), nil
}
