// Package submit is ingest's domain: what a valid submission is (media
// type sniffed from the bytes, size, metadata, tenant and quota), how an
// idempotency key maps to one workflow, and how a document becomes a
// durable docket.document.submitted event.
package submit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/quota"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/pkg/reqsign"
	"github.com/docket-run/docket/pkg/sniff"
)

// Sources of a submission (DocumentSubmitted.source).
const (
	SourceHTTP    = "http"
	SourceInbox   = "inbox"
	SourceRequest = "request"
)

// Reservation states.
const (
	StateReserved  = "reserved"  // key taken; the event may not be published yet
	StatePublished = "published" // Kafka acknowledged the submitted event
)

// Reservation is what the idempotency store keeps per (tenant, key).
type Reservation struct {
	WorkflowID  string
	Fingerprint string
	State       string
	CreatedAt   time.Time // first acceptance; the event's occurred_at
}

// Reservations is the idempotency store of submissions.
type Reservations interface {
	// Reserve stores want under (tenant, key) unless something is stored
	// there already, and returns what is stored.
	Reserve(ctx context.Context, tenant, key string, want Reservation) (Reservation, error)
	// MarkPublished records that the key's event is acknowledged.
	MarkPublished(ctx context.Context, tenant, key string) error
}

// Blobs is what submission needs of the blob store.
type Blobs interface {
	// Stage streams r to a temporary key while hashing it.
	Stage(ctx context.Context, r io.Reader, mediaType string) (*blob.Staged, error)
	Open(ctx context.Context, sha256hex string) (io.ReadCloser, error)
	// Adopt reads the drop area of a tenant that submits over Kafka
	// (blob.DroppedKey).
	Adopt(ctx context.Context, tenant, sha256hex string, o blob.AdoptOptions) (blob.Adopted, error)
	// Delete removes a stored blob (one that does not hash to its
	// address, before it is adopted again).
	Delete(ctx context.Context, sha256hex string) (bool, error)
}

// Publisher writes a submitted event to Kafka, in priority lane lane
// (events.PriorityInteractive, events.PriorityBulk), and returns once it is acknowledged by all
// in-sync replicas.
type Publisher interface {
	Publish(ctx context.Context, e *events.DocumentSubmitted, lane string) error
}

// Recorder notes an accepted workflow in the status view.
type Recorder interface {
	RecordSubmitted(ctx context.Context, e *events.DocumentSubmitted) error
}

// Config bounds submissions.
type Config struct {
	MaxBytes        int64
	DefaultDeadline time.Duration
	Version         string // producer version on events
	Now             func() time.Time
	// Limiter holds the tenants' rate budgets and Quotas their daily
	// quotas, both in Redis, shared by every replica.
	Limiter *ratelimit.Limiter
	Quotas  *quota.Store
	// RecordFirst records an accepted submission (Recorder) before its
	// event is published, and refuses it (unavailable, to be retried) when
	// it cannot: the view does not consume the submitted topic, so the
	// record is written here or nowhere. Unset, it is recorded after
	// publishing and a failure is ignored (the view learns it from the
	// topic).
	RecordFirst bool
	// UnsyncedAdopt leaves the documents Stored adopts unsynced
	// (blob.AdoptOptions.Unsynced): the runtime syncs the store once
	// before the batch's transaction commits (bus.BeforeCommit), so no
	// submitted event names a document that is not durable.
	UnsyncedAdopt bool
	// Tracer starts the span of a submission that arrives outside the
	// runtime (Trace); nil starts none.
	Tracer trace.Tracer
}

// Service accepts submissions.
type Service struct {
	cfg      Config
	tenants  *Tenants
	res      Reservations
	blobs    Blobs
	pub      Publisher
	recorder Recorder
}

// New returns a Service.
func New(cfg Config, tenants *Tenants, res Reservations, blobs Blobs, pub Publisher, rec Recorder) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Tracer == nil {
		cfg.Tracer = noop.NewTracerProvider().Tracer("")
	}
	return &Service{cfg: cfg, tenants: tenants, res: res, blobs: blobs, pub: pub, recorder: rec}
}

// Trace starts the span of a submission that arrives over HTTP or in the
// inbox, a child of the trace context ctx carries (a caller's
// traceparent) if any. The submitted event carries it (the publisher
// injects it), so the trace_id of the log line that accepts the document
// is the workflow's trace_id downstream.
func (s *Service) Trace(ctx context.Context, name string, kind trace.SpanKind) (context.Context, trace.Span) {
	return s.cfg.Tracer.Start(ctx, name, trace.WithSpanKind(kind))
}

// Tenants returns the tenant registry.
func (s *Service) Tenants() *Tenants { return s.tenants }

// MaxBytes is the largest document accepted.
func (s *Service) MaxBytes() int64 { return s.cfg.MaxBytes }

// Accepted is the answer to a submission.
type Accepted struct {
	WorkflowID string
	Repeat     bool // the idempotency key was used before: nothing new was created
}

var workflowNamespace = uuid.MustParse("0b7f1d2e-8c4a-5e61-9a3b-4d2c6e8f1a57")

// WorkflowID derives the workflow id of an idempotency key: UUIDv5 of
// tenant and key, so a retry after a crash finds the same workflow.
func WorkflowID(tenant, key string) string {
	return uuid.NewSHA1(workflowNamespace, []byte(tenant+"\x00"+key)).String()
}

// SubmittedEventID is the event id of a workflow's submitted event, the
// same on every publication of it.
func SubmittedEventID(workflowID string) string {
	return uuid.NewSHA1(workflowNamespace, []byte(workflowID+"\x00submitted")).String()
}

// RejectionID is the workflow id of a refused submission request.
func RejectionID(tenant, requestEventID string) string {
	return uuid.NewSHA1(workflowNamespace, []byte(tenant+"\x00rejected\x00"+requestEventID)).String()
}

// Store streams a document into the blob store's temporary area and
// returns it staged: hashed, not yet at its address. The document is never
// held in memory: its first bytes (sniff.HeadSize) decide its media type
// by the rule OCR also reads it by, so a refused type is answered before
// the rest arrives; the rest is hashed and written as it passes, at most
// MaxBytes. Refusals are *Error (empty, too large, unsupported type, a
// body that broke or stopped arriving); a store failure is
// CodeUnavailable. Submit commits or discards what Store staged.
func (s *Service) Store(ctx context.Context, r io.Reader) (*blob.Staged, error) {
	doc := &documentReader{r: r, max: s.cfg.MaxBytes}
	head := make([]byte, sniff.HeadSize)
	n, err := io.ReadFull(doc, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if n == 0 {
		return nil, Errorf(http.StatusBadRequest, CodeEmpty, "the document is empty")
	}
	head = head[:n]
	mt, ok := sniff.MediaType(head)
	if !ok {
		return nil, unsupportedMedia(mt, head)
	}
	staged, err := s.blobs.Stage(ctx, io.MultiReader(bytes.NewReader(head), doc), mt)
	if e, ok := AsError(err); ok {
		return nil, e // the document's own failure, not the store's
	}
	if err != nil {
		return nil, Unavailable("store document", err)
	}
	return staged, nil
}

// Submit accepts a document Store staged, for tenant: it validates the
// submission, reserves the idempotency key (if any), moves the document to
// its address and publishes the submitted event, returning only when Kafka
// acknowledged it. A refusal discards the staged document, so it creates
// nothing. A repeat of a key whose event is published returns the same
// workflow and creates nothing; a repeat of a key whose first attempt died
// before publishing publishes the same event (same id) again.
func (s *Service) Submit(ctx context.Context, tn Tenant, doc *blob.Staged, p Params, key, source string) (Accepted, error) {
	defer doc.Discard(ctx)
	now := s.cfg.Now()
	if err := s.check(tn, p, key, now); err != nil {
		return Accepted{}, err
	}
	wf, created, repeat, err := s.reserve(ctx, tn.ID, key, p.Fingerprint(doc.SHA256), now)
	if err != nil || repeat {
		return Accepted{WorkflowID: wf, Repeat: repeat}, err
	}
	ref, err := doc.Commit(ctx)
	if err != nil {
		return Accepted{}, Unavailable("store document", err)
	}
	ev, err := s.Event(tn.ID, wf, created, toBlobRef(ref, doc.MediaType), p, key, source)
	if err != nil {
		return Accepted{}, err
	}
	if s.cfg.RecordFirst && s.recorder != nil {
		// Never published without its record: a status read before the
		// tracker projects the workflow, and its callback, depend on it.
		if err := s.recorder.RecordSubmitted(ctx, ev); err != nil {
			return Accepted{}, Unavailable("record submission", err)
		}
	}
	if err := s.pub.Publish(ctx, ev, LaneOr(p.Lane)); err != nil {
		return Accepted{}, Unavailable("publish submitted event", err)
	}
	if key != "" {
		if err := s.res.MarkPublished(ctx, tn.ID, key); err != nil {
			// The event is out; a repeat publishes the same event again,
			// which downstream deduplication absorbs.
			return Accepted{WorkflowID: wf}, nil
		}
	}
	if s.recorder != nil && !s.cfg.RecordFirst {
		_ = s.recorder.RecordSubmitted(ctx, ev) // the view also learns it from the topic
	}
	return Accepted{WorkflowID: wf}, nil
}

// Admit takes one submission from tenant's rate budget and checks its
// daily quota of pages and OCR CPU; both live in Redis, so they hold
// across replicas. Either spent is a 429 with Retry-After. The quota's
// read does not wait for the rate budget's answer: both round trips are
// in flight at once, and the quota's answer counts only for a submission
// the rate budget admitted.
func (s *Service) Admit(ctx context.Context, tn Tenant) error {
	var qerr error
	var reading sync.WaitGroup
	reading.Go(func() { qerr = s.cfg.Quotas.Check(ctx, tn.ID) })
	res, err := s.cfg.Limiter.Take(ctx, "ingest:"+tn.ID, tn.Rate(), 1)
	reading.Wait()
	if err != nil {
		return Unavailable("take from the tenant's rate budget", err)
	}
	if res.Admitted == 0 {
		return &Error{Status: http.StatusTooManyRequests, Code: CodeQuotaExceeded, Message: fmt.Sprintf("rate limit of tenant %s exceeded", tn.ID), RetryAfter: max(res.RetryAfter, time.Millisecond)}
	}
	err = qerr
	if e, ok := quota.AsExceeded(err); ok {
		return &Error{Status: http.StatusTooManyRequests, Code: CodeQuotaExceeded, Message: e.Error(), RetryAfter: e.RetryAfter}
	}
	if err != nil {
		return Unavailable("read the tenant's quota", err)
	}
	return nil
}

// check validates the tenant-level rules and the metadata.
func (s *Service) check(tn Tenant, p Params, key string, now time.Time) error {
	if p.Tenant != "" && p.Tenant != tn.ID {
		return Errorf(http.StatusForbidden, CodeForbidden, "API key does not belong to tenant %q", p.Tenant)
	}
	if err := ValidateKey(key); err != nil {
		return err
	}
	if err := p.Validate(now, s.cfg.DefaultDeadline); err != nil {
		return err
	}
	if p.CallbackURL != "" && len(tn.Secrets()) == 0 {
		return invalid("tenant %s has no callback secret configured, so callbacks cannot be signed", tn.ID)
	}
	return nil
}

// checkContent checks a document's size and sniffs its media type from
// its first bytes, by the rule OCR also reads documents by (pkg/sniff).
func (s *Service) checkContent(head []byte, size int64) (string, error) {
	switch {
	case size == 0:
		return "", Errorf(http.StatusBadRequest, CodeEmpty, "the document is empty")
	case size > s.cfg.MaxBytes:
		return "", tooLargeError(s.cfg.MaxBytes)
	}
	mt, ok := sniff.MediaType(head)
	if !ok {
		return "", unsupportedMedia(mt, head)
	}
	return mt, nil
}

// unsupportedMedia refuses a document of type mt, which its first bytes
// head were sniffed as. UTF-16 text without a byte order mark, and text
// with a NUL or another control byte, sniff as binary; the refusal says
// what it looks like and how to send it.
func unsupportedMedia(mt string, head []byte) *Error {
	if sniff.UTF16WithoutBOM(head) {
		return Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "the document looks like UTF-16 text without a byte order mark: send plain text as UTF-8, or UTF-16 that starts with its byte order mark")
	}
	if at, c, ok := sniff.ControlInText(head); ok {
		return Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "the document looks like plain text but holds the control byte 0x%02X at byte %d, which makes it binary: send plain text as UTF-8 without NUL or control characters (tab, line feed, form feed and carriage return are fine)", c, at)
	}
	return Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "media type %s is not accepted: send PDF, PNG, JPEG, TIFF or plain text", mt)
}

// reserve maps the key to its workflow. Without a key every submission is
// a new workflow.
func (s *Service) reserve(ctx context.Context, tenant, key, fp string, now time.Time) (wf string, created time.Time, repeat bool, err error) {
	now = now.UTC().Truncate(time.Millisecond)
	if key == "" {
		return uuid.NewString(), now, false, nil
	}
	want := Reservation{WorkflowID: WorkflowID(tenant, key), Fingerprint: fp, State: StateReserved, CreatedAt: now}
	got, err := s.res.Reserve(ctx, tenant, key, want)
	if err != nil {
		return "", time.Time{}, false, Unavailable("reserve idempotency key", err)
	}
	if got.Fingerprint != fp {
		return "", time.Time{}, false, Errorf(http.StatusUnprocessableEntity, CodeIdempotencyConflict,
			"Idempotency-Key was already used with a different request")
	}
	return got.WorkflowID, got.CreatedAt, got.State == StatePublished, nil
}

// Event builds a workflow's submitted event. It depends only on its
// arguments, so a republication after a crash is the same event.
func (s *Service) Event(tenant, wf string, created time.Time, doc events.BlobRef, p Params, key, source string) (*events.DocumentSubmitted, error) {
	deadline, err := ResolveDeadline(p.Deadline, created, s.cfg.DefaultDeadline)
	if err != nil {
		return nil, err
	}
	labels := p.Labels
	if labels == nil {
		labels = map[string]string{}
	}
	e := &events.DocumentSubmitted{
		Meta: events.Meta{
			EventID:    SubmittedEventID(wf),
			WorkflowID: wf,
			TenantID:   tenant,
			OccurredAt: created.UTC().Truncate(time.Millisecond),
			Producer:   events.Producer{Service: "ingest", Version: s.cfg.Version},
		},
		Document: doc,
		Filename: p.Filename,
		Priority: p.Priority,
		Deadline: deadline,
		Labels:   labels,
		Source:   source,
	}
	if p.CallbackURL != "" {
		e.CallbackURL = &p.CallbackURL
	}
	if key != "" {
		e.IdempotencyKey = &key
	}
	return e, nil
}

func toBlobRef(r blob.Ref, mt string) events.BlobRef {
	return events.BlobRef{URI: r.URI, SHA256: r.SHA256, SizeBytes: r.Size, MediaType: mt}
}

// Request is a submission from a producer that does not speak HTTP: the
// document is already in the tenant's drop area of the blob store.
type Request struct {
	Tenant   string
	Document events.BlobRef
	Params   Params
	Key      string
	CausedBy string // the request's event id
	// Signed is the record value the producer signed and Signature the
	// signature header's value (package reqsign).
	Signed    []byte
	Signature string
}

// Stored validates a request whose document the tenant dropped in the blob
// store: tenant and signature, quota, the reference (URI and SHA-256 agree,
// the tenant's drop area holds the blob with the declared size, and it
// hashes to its address), size, media type (sniffed) and metadata; then it
// adopts the document into the shared store and reserves the key. It
// returns the submitted event to emit, or an *Error saying why the request
// is refused. The signature comes before anything that costs the tenant
// (its quota) or reads its documents.
func (s *Service) Stored(ctx context.Context, r Request) (*events.DocumentSubmitted, error) {
	tn, ok := s.tenants.Get(r.Tenant)
	if !ok {
		return nil, Errorf(http.StatusUnauthorized, CodeUnauthorized, "unknown tenant %q", r.Tenant)
	}
	if len(tn.RequestSecrets) == 0 {
		return nil, Errorf(http.StatusUnauthorized, CodeUnauthorized, "tenant %q has no request_secrets: its Kafka requests cannot be verified and are refused", r.Tenant)
	}
	if err := reqsign.Verify(tn.RequestSecrets, r.Signed, r.Signature); err != nil {
		return nil, Errorf(http.StatusUnauthorized, CodeUnauthorized, "tenant %q: %v", r.Tenant, err)
	}
	now := s.cfg.Now()
	if err := s.check(tn, r.Params, r.Key, now); err != nil {
		return nil, err
	}
	if err := s.Admit(ctx, tn); err != nil {
		return nil, err
	}
	sum, err := blob.ParseURI(r.Document.URI)
	if err != nil {
		return nil, invalid("document.uri %.80q is not a docket-blob URI", r.Document.URI)
	}
	if declared, err := blob.ParseURI(blob.URI(r.Document.SHA256)); err != nil || declared != sum {
		return nil, Errorf(http.StatusBadRequest, CodeChecksumMismatch, "document.sha256 %.70q does not match document.uri", r.Document.SHA256)
	}
	// The dropped document is opened once: its size is checked before
	// its bytes are read, which Adopt hashes as it stores them.
	ad, err := s.adopt(ctx, tn.ID, sum, r.Document.SizeBytes)
	if err != nil {
		return nil, err
	}
	// Adopt's Ref is the stored blob's, as a Stat would read it. Bytes it
	// wrote are the ones it hashed; a copy that was stored already is read
	// through to its end, which checks it against its address.
	ref, head := ad.Ref, ad.Head
	if !ad.Wrote {
		head, err = s.verify(ctx, sum)
		if serr, ok := AsError(err); ok && serr.Code == CodeChecksumMismatch {
			// The stored copy is damaged (a power loss cut a write short
			// before its batch synced, a failing disk), while the dropped
			// bytes hashed to their address: they replace it.
			if _, derr := s.blobs.Delete(ctx, sum); derr != nil {
				return nil, Unavailable("replace a damaged stored document", derr)
			}
			if ad, err = s.adopt(ctx, tn.ID, sum, r.Document.SizeBytes); err != nil {
				return nil, err
			}
			ref, head = ad.Ref, ad.Head
		} else if err != nil {
			return nil, err
		}
	}
	mt, err := s.checkContent(head, ref.Size)
	if err != nil {
		return nil, err
	}
	key := r.Key
	wf, created, _, err := s.reserve(ctx, tn.ID, key, r.Params.Fingerprint(sum), now)
	if err != nil {
		return nil, err
	}
	ev, err := s.Event(tn.ID, wf, created, toBlobRef(ref, mt), r.Params, key, SourceRequest)
	if err != nil {
		return nil, err
	}
	ev.Meta.CausationID = r.CausedBy
	return ev, nil
}

// adopt adopts the document tenant dropped under sum (Blobs.Adopt),
// checking its size against the request's and the limit before reading
// it, and turns Adopt's failures into refusals.
func (s *Service) adopt(ctx context.Context, tenant, sum string, declared int64) (blob.Adopted, error) {
	ad, err := s.blobs.Adopt(ctx, tenant, sum, blob.AdoptOptions{Head: sniff.HeadSize, Unsynced: s.cfg.UnsyncedAdopt, Check: func(size int64) error {
		if size != declared {
			return Errorf(http.StatusBadRequest, CodeChecksumMismatch, "document.size_bytes %d, but the dropped blob has %d bytes", declared, size)
		}
		if size > s.cfg.MaxBytes {
			return tooLargeError(s.cfg.MaxBytes)
		}
		return nil
	}})
	if err == nil {
		return ad, nil
	}
	var refused *Error
	switch {
	case errors.As(err, &refused):
		return blob.Adopted{}, refused
	case errors.Is(err, blob.ErrNotFound):
		k, _ := blob.DroppedKey(tenant, sum)
		return blob.Adopted{}, Errorf(http.StatusBadRequest, CodeBlobMissing, "no blob %s in tenant %s's drop area of the blob store (%s)", sum, tenant, k)
	case errors.Is(err, blob.ErrIntegrity):
		return blob.Adopted{}, Errorf(http.StatusBadRequest, CodeChecksumMismatch, "dropped blob %s does not hash to its address", sum)
	case errors.Is(err, blob.ErrTooLarge):
		return blob.Adopted{}, tooLargeError(s.cfg.MaxBytes)
	}
	return blob.Adopted{}, Unavailable("adopt document", err)
}

// verify reads a stored blob to its end, which checks it against its
// address, and returns its first bytes.
func (s *Service) verify(ctx context.Context, sum string) ([]byte, error) {
	rc, err := s.blobs.Open(ctx, sum)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, Errorf(http.StatusBadRequest, CodeBlobMissing, "no blob %s in the blob store", sum)
	}
	if err != nil {
		return nil, Unavailable("open document", err)
	}
	defer rc.Close()
	head := make([]byte, sniff.HeadSize)
	n, err := io.ReadFull(rc, head)
	if err == nil {
		_, err = io.Copy(io.Discard, io.LimitReader(rc, s.cfg.MaxBytes))
	} else if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	if errors.Is(err, blob.ErrIntegrity) {
		return nil, Errorf(http.StatusBadRequest, CodeChecksumMismatch, "stored blob %s does not hash to its address", sum)
	}
	if err != nil {
		return nil, Unavailable("read document", fmt.Errorf("blob %s: %w", sum, err))
	}
	return head[:n], nil
}
