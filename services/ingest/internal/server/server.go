// Package server is ingest's HTTP API: POST /v1/documents,
// GET /v1/documents/{id} and GET /v1/documents/{id}/events (SSE).
//
// Status comes from the saga tracker's projection when a Tracker is set,
// merged with what ingest itself knows of the submission (file name,
// deadline, callback); until the tracker has projected a just-accepted
// workflow, and without a tracker, ingest's interim view answers.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/telemetry"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/ingest/internal/store"
	"github.com/docket-run/docket/services/ingest/internal/submit"
	"github.com/docket-run/docket/services/ingest/internal/tracking"
)

// Tracker reads workflows from the saga tracker (tracking.Client).
type Tracker interface {
	// Workflow returns a workflow's state, or tracking.ErrNotFound.
	Workflow(ctx context.Context, id string) (*trackerv1.Workflow, error)
	// Watch calls changed after each change to the workflow until ctx
	// ends; tracking.ErrNoWatch when the tracker cannot stream.
	Watch(ctx context.Context, id string, retry time.Duration, changed func() error) error
}

// multipartOverhead is allowed on top of the document size for the
// multipart framing and form fields.
const multipartOverhead = 1 << 20

// Server serves the API.
type Server struct {
	Submit *submit.Service
	Store  *store.Store
	// Tracker, when set, is the source of status; nil serves the interim
	// view.
	Tracker Tracker
	Log     *slog.Logger
	// PublicURL prefixes status URLs, e.g. http://127.0.0.1:8080.
	PublicURL string
	// PollInterval is how often an event stream reads the status view
	// when it cannot follow the tracker's stream.
	PollInterval time.Duration
	// Uploads caps the bodies read at once, in total and per tenant.
	Uploads *Uploads
	// Logins throttles failed logins per client address.
	Logins *Logins
	// UploadTimeout bounds the time a submission's body takes to arrive
	// (the server's ReadTimeout would also end event streams); zero is
	// unbounded.
	UploadTimeout time.Duration
	// Content, when set, serves the document read API (content.go).
	Content *Content
	Now     func() time.Time
}

// Handler returns the API's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/documents", s.post)
	mux.HandleFunc("GET /v1/documents/{id}", s.get)
	mux.HandleFunc("GET /v1/documents/{id}/events", s.events)
	if s.Content != nil {
		s.Content.Server = s
		s.Content.Routes(mux)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		writeError(w, submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "no such endpoint"))
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		mux.ServeHTTP(w, r)
	})
}

// StatusURL is the status URL of a workflow.
func (s *Server) StatusURL(wf string) string {
	return strings.TrimSuffix(s.PublicURL, "/") + "/v1/documents/" + wf
}

// apiKey is the request's API key: Authorization's Bearer credentials (the
// scheme is case-insensitive, RFC 9110 §11.1), else X-API-Key.
func apiKey(r *http.Request) string {
	if scheme, k, ok := strings.Cut(r.Header.Get("Authorization"), " "); ok && strings.EqualFold(scheme, "Bearer") {
		return strings.TrimSpace(k)
	}
	return r.Header.Get("X-API-Key")
}

// authenticate returns the request's tenant. A client whose keys failed
// too often is refused before its key is looked at, and every unknown key
// counts against its address (Logins).
func (s *Server) authenticate(r *http.Request) (submit.Tenant, error) {
	ctx := r.Context()
	if err := s.Logins.Locked(ctx, r); err != nil {
		return submit.Tenant{}, err
	}
	claimed := r.Header.Get("Docket-Tenant")
	if claimed == "" {
		claimed = r.URL.Query().Get("tenant")
	}
	key := apiKey(r)
	tn, err := s.Submit.Tenants().Authenticate(key, claimed)
	if e, ok := submit.AsError(err); ok && e.Status == http.StatusUnauthorized && key != "" {
		if ferr := s.Logins.Failed(ctx, r); ferr != nil {
			s.Log.WarnContext(ctx, "failed login not counted", "error", ferr)
		}
	}
	return tn, err
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	tn, err := s.authenticate(r)
	if err != nil {
		writeError(w, err)
		return
	}
	if err := s.Submit.Admit(r.Context(), tn); err != nil {
		writeError(w, err)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if r.ContentLength > s.Submit.MaxBytes()+multipartOverhead {
		writeError(w, submit.Errorf(http.StatusRequestEntityTooLarge, submit.CodeTooLarge, "document larger than %d bytes", s.Submit.MaxBytes()))
		return
	}
	release, err := s.Uploads.Acquire(tn.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	defer release()
	// The workflow's trace starts here, a child of the caller's
	// traceparent if it sent one.
	ctx, span := s.Submit.Trace(telemetry.Propagator.Extract(r.Context(), propagation.HeaderCarrier(r.Header)), "submit document", trace.SpanKindServer)
	defer span.End()
	if s.UploadTimeout > 0 {
		// Past the deadline the body's reads fail: the request is refused
		// and its connection closed.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.UploadTimeout))
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.Submit.MaxBytes()+multipartOverhead)
	var (
		doc *blob.Staged
		acc submit.Accepted
	)
	p, err := submit.ParseHTTP(r, s.Submit.MaxBytes(), func(body io.Reader) (err error) {
		doc, err = s.Submit.Store(ctx, body)
		return err
	})
	if doc != nil {
		defer doc.Discard(ctx) // refused after it was stored: nothing stays
	}
	if err != nil {
		// Refused from the first bytes, or failed while the body still
		// arrives: answer now, and close the connection rather than read
		// the rest of a body nobody wants.
		w.Header().Set("Connection", "close")
	} else {
		acc, err = s.Submit.Submit(ctx, tn, doc, p, key, submit.SourceHTTP)
	}
	if err != nil {
		if e, ok := submit.AsError(err); !ok || e.Code == submit.CodeUnavailable {
			s.Log.ErrorContext(ctx, "submission failed", "tenant", tn.ID, "error", err)
		}
		writeError(w, err)
		return
	}
	s.Log.InfoContext(ctx, "document accepted", "workflow_id", acc.WorkflowID, "tenant", tn.ID, "repeat", acc.Repeat, "bytes", doc.Size)
	w.Header().Set("Location", s.StatusURL(acc.WorkflowID))
	writeJSON(w, http.StatusAccepted, map[string]string{"workflow_id": acc.WorkflowID, "status_url": s.StatusURL(acc.WorkflowID)})
}

// view reads a workflow of the caller's tenant: another tenant's is not
// found.
func (s *Server) view(ctx context.Context, r *http.Request) (Status, error) {
	tn, err := s.authenticate(r)
	if err != nil {
		return Status{}, err
	}
	wf := r.PathValue("id")
	notFound := submit.Errorf(http.StatusNotFound, submit.CodeNotFound, "no workflow %.64q", wf)
	m, err := s.Store.Status(ctx, wf)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return Status{}, submit.Unavailable("read status", err)
	}
	if s.Tracker != nil {
		w, err := s.Tracker.Workflow(ctx, wf)
		switch {
		case err == nil && w.GetTenant() != tn.ID:
			return Status{}, notFound
		case err == nil:
			return trackedStatus(w, m, s.StatusURL(wf)), nil
		case !errors.Is(err, tracking.ErrNotFound):
			return Status{}, submit.Unavailable("read status from the saga tracker", err)
		}
		// Not projected yet: the interim view answers meanwhile.
	}
	if m == nil || m["tenant_id"] != tn.ID {
		return Status{}, notFound
	}
	return statusOf(m, s.StatusURL(wf)), nil
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	st, err := s.view(r.Context(), r)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// events streams a workflow's status as Server-Sent Events: one "status"
// event per change until the workflow ends or the client goes away. With a
// tracker, it follows the tracker's WatchWorkflow stream; without one (or
// when the tracker cannot stream) it reads the status every PollInterval.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	st, err := s.view(ctx, r)
	if err != nil {
		writeError(w, err)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, fmt.Errorf("streaming unsupported"))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	changes := make(chan struct{}, 1)
	var watchEnded chan error // nil (never ready) without a tracker
	if s.Tracker != nil {
		watchEnded = make(chan error, 1)
		go func() {
			watchEnded <- s.Tracker.Watch(ctx, r.PathValue("id"), s.PollInterval, func() error {
				select {
				case changes <- struct{}{}:
				default: // a change is already pending; the view reads the latest
				}
				return nil
			})
		}()
	}
	watching := s.Tracker != nil
	tick := time.NewTicker(s.PollInterval)
	defer tick.Stop()
	last := int64(-1)
	lastSent := s.Now()
	for {
		if st.Version != last {
			b, _ := json.Marshal(st)
			if _, err := fmt.Fprintf(w, "id: %d\nevent: status\ndata: %s\n\n", st.Version, b); err != nil {
				return
			}
			last, lastSent = st.Version, s.Now()
			if st.Terminal {
				fmt.Fprint(w, "event: end\ndata: {}\n\n")
				fl.Flush()
				return
			}
			fl.Flush()
		}
		select {
		case <-ctx.Done():
			return
		case <-changes:
		case err := <-watchEnded:
			s.Log.DebugContext(ctx, "following the saga tracker's stream ended; polling", "error", err)
			watching, watchEnded = false, nil
		case <-tick.C:
			if s.Now().Sub(lastSent) >= keepAlive {
				if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
					return
				}
				fl.Flush()
				lastSent = s.Now()
			}
			if watching {
				continue
			}
		}
		if st, err = s.view(ctx, r); err != nil {
			return
		}
	}
}

// keepAlive is the longest an event stream stays silent.
const keepAlive = 15 * time.Second

// Status is the API's view of a workflow.
type Status struct {
	WorkflowID string     `json:"workflow_id"`
	TenantID   string     `json:"tenant_id"`
	Status     string     `json:"status"`
	Stage      string     `json:"stage"`
	Terminal   bool       `json:"terminal"`
	Filename   string     `json:"filename,omitempty"`
	Source     string     `json:"source,omitempty"`
	Submitted  string     `json:"submitted_at,omitempty"`
	Deadline   string     `json:"deadline,omitempty"`
	LastEvent  *LastEvent `json:"last_event,omitempty"`
	Result     *Result    `json:"result,omitempty"`
	Ledger     *Ledger    `json:"ledger,omitempty"`
	Error      *APIError  `json:"error,omitempty"`
	Callback   *Callback  `json:"callback,omitempty"`
	// ErasedAt is when an operator erased the workflow's content.
	ErasedAt string `json:"erased_at,omitempty"`
	// Steps, UpdatedAt and Progress come from the saga tracker.
	Steps     []Step `json:"steps,omitempty"`
	UpdatedAt string `json:"updated_at,omitempty"`
	// Progress is the running step's latest report (a long step such as
	// the OCR of a multi-page scan); absent when it reported nothing.
	Progress  *Progress `json:"progress,omitempty"`
	StatusURL string    `json:"status_url"`
	Version   int64     `json:"version"`
	// ViewSource says where the status comes from: "sagatracker", or
	// "ingest-interim" (no tracker configured, or it has not projected
	// the workflow yet).
	ViewSource string `json:"view_source"`
}

// Step is one processing step of a workflow, from the saga tracker.
type Step struct {
	Name       string `json:"name"`
	StartedAt  string `json:"started_at,omitempty"`
	FinishedAt string `json:"finished_at,omitempty"`
	Attempts   int    `json:"attempts"`
}

// Progress is a long step's latest progress report, from the saga tracker.
type Progress struct {
	Step string `json:"step"`
	Done int64  `json:"done"`
	// Total is 0 when the step does not know it yet.
	Total     int64  `json:"total"`
	Unit      string `json:"unit,omitempty"`
	UpdatedAt string `json:"updated_at,omitempty"`
}

// View sources.
const (
	SourceTracker = "sagatracker"
	SourceInterim = "ingest-interim"
)

// LastEvent is the last event the view applied.
type LastEvent struct {
	Topic   string `json:"topic"`
	EventID string `json:"event_id"`
	At      string `json:"at"`
}

// Result is what the workflow decided so far.
type Result struct {
	DocumentType string  `json:"document_type,omitempty"`
	Confidence   float64 `json:"confidence,omitempty"`
	ReviewReason string  `json:"review_reason,omitempty"`
	// ReviewOutcome is the reviewer's decision, approved or rejected.
	ReviewOutcome string `json:"review_outcome,omitempty"`
	// ModelScore is the model's own score for DocumentType where a rule
	// (a title) set Confidence; absent where the model's score is the
	// confidence.
	ModelScore *float64 `json:"model_score,omitempty"`
	// Suggestion is what the reviewer was offered, where the reviewer
	// decided another type: Confidence and ModelScore were the
	// suggestion's, and are given here, not beside a type they were never
	// the score of.
	Suggestion *Suggestion `json:"suggestion,omitempty"`
}

// Suggestion is the type a review was offered and its confidence.
type Suggestion struct {
	DocumentType string   `json:"document_type"`
	Confidence   float64  `json:"confidence"`
	ModelScore   *float64 `json:"model_score,omitempty"`
}

// Ledger references the workflow's ledger record. Offset is absent when
// unknown: the ledger produces the record and its confirmation in one
// transaction, so the confirmation cannot name the offset (partition and
// sequence, or the hash, name the record).
type Ledger struct {
	Topic     string `json:"topic"`
	Partition int    `json:"partition"`
	Offset    *int64 `json:"offset,omitempty"`
	Sequence  int64  `json:"sequence"`
	Hash      string `json:"hash"`
}

// ledgerOffset is o, or nil when it is unknown (negative).
func ledgerOffset(o int64) *int64 {
	if o < 0 {
		return nil
	}
	return &o
}

// Callback is the state of the workflow's latest callback: the completion
// callback (Status empty), or a follow-up (Status corrected or reversed).
// Attempts are that callback's delivery attempts; Delivered counts every
// callback of the workflow delivered so far.
type Callback struct {
	Status    string `json:"status,omitempty"`
	State     string `json:"state"`
	Attempts  int    `json:"attempts"`
	Delivered int    `json:"delivered,omitempty"`
	LastError string `json:"last_error,omitempty"`
	NextAt    string `json:"next_at,omitempty"`
}

// APIError is the body of every error answer, under "error".
type APIError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func statusOf(m map[string]string, url string) Status {
	atoi := func(k string) int64 { n, _ := strconv.ParseInt(m[k], 10, 64); return n }
	rank := atoi("rank")
	st := Status{
		WorkflowID: m["workflow_id"], TenantID: m["tenant_id"], Status: m["status"], Stage: m["stage"],
		Terminal: rank >= store.RankTerminal, Filename: m["filename"], Source: m["source"],
		Submitted: m["submitted_at"], Deadline: m["deadline"], ErasedAt: m["erased_at"], StatusURL: url, Version: atoi("version"),
		ViewSource: SourceInterim,
	}
	if st.Status == "" {
		st.Status = store.StatusQueued
	}
	if m["last_event"] != "" {
		st.LastEvent = &LastEvent{Topic: m["last_event"], EventID: m["last_event_id"], At: m["updated_at"]}
	}
	st.Result = resultOf(m)
	if m["ledger_topic"] != "" {
		st.Ledger = &Ledger{Topic: m["ledger_topic"], Partition: int(atoi("ledger_partition")), Offset: ledgerOffset(atoi("ledger_offset")), Sequence: atoi("ledger_sequence"), Hash: m["ledger_hash"]}
	}
	if m["error_code"] != "" {
		st.Error = &APIError{Code: m["error_code"], Message: m["error"]}
	}
	st.Callback = callbackOf(m)
	return st
}

// resultOf is the classification the interim view recorded; nil when none.
func resultOf(m map[string]string) *Result {
	if m["document_type"] == "" && m["review_reason"] == "" {
		return nil
	}
	c, _ := strconv.ParseFloat(m["confidence"], 64)
	if math.IsNaN(c) || math.IsInf(c, 0) {
		c = 0
	}
	r := &Result{DocumentType: m["document_type"], Confidence: c, ReviewReason: m["review_reason"], ReviewOutcome: m["review_outcome"]}
	if s, err := strconv.ParseFloat(m["model_score"], 64); err == nil && !math.IsNaN(s) && !math.IsInf(s, 0) {
		r.ModelScore = &s
	}
	if sug := m["suggested_type"]; r.ReviewOutcome != "" && sug != "" && sug != r.DocumentType {
		// A reviewer's type other than the suggestion has no model's
		// confidence (found from outside, hundred-and-sixteenth trial: a
		// VAT return a reviewer typed tax_form showed 0.5475, the model's
		// score for the invoice it had suggested).
		r.Suggestion = &Suggestion{DocumentType: sug, Confidence: r.Confidence, ModelScore: r.ModelScore}
		r.Confidence, r.ModelScore = 0, nil
	}
	return r
}

// callbackOf is the state of the latest callback; nil when none.
func callbackOf(m map[string]string) *Callback {
	if m["cb_state"] == "" {
		return nil
	}
	n, _ := strconv.Atoi(m["cb_attempts"])
	delivered, _ := strconv.Atoi(m["cb_delivered"])
	return &Callback{Status: m["cb_status"], State: m["cb_state"], Attempts: n, Delivered: delivered, LastError: m["cb_last_error"], NextAt: m["cb_next_at"]}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers a submission's error; one on our side (unavailable)
// says how to retry it without a second workflow.
func writeError(w http.ResponseWriter, err error) {
	writeErrorHint(w, err, "; retry with the same Idempotency-Key")
}

// writeReadError answers a read's error: a read is retried as it is.
func writeReadError(w http.ResponseWriter, err error) { writeErrorHint(w, err, "") }

func writeErrorHint(w http.ResponseWriter, err error, unavailableHint string) {
	e, ok := submit.AsError(err)
	if !ok {
		e = &submit.Error{Status: http.StatusInternalServerError, Code: "internal", Message: "internal error"}
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	msg := e.Message
	if e.Code == submit.CodeUnavailable {
		msg += unavailableHint
	}
	writeJSON(w, e.Status, map[string]APIError{"error": {Code: e.Code, Message: msg}})
}
