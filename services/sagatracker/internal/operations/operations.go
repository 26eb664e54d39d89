// Package operations serves the tracker's operator API
// (docket.tracker.v1.Operations): the review queue, cancellation,
// corrections and erasure. It writes no workflow state: a decision becomes
// a review.decided event, a cancel a cancel_requested control event, a
// correction a correction_requested and an erasure an erasure_requested
// one, which the tracker projects like any other; only a task's lease (the
// claim) is written directly.
//
// Access: claiming and deciding need the reviewer or operator role (a
// reviewer scoped to a tenant sees that tenant's tasks only); cancelling
// needs the operator role or the workflow's tenant; correcting and erasing
// need the operator role; a tenant may list its own review tasks. Who acts
// is the caller's principal (pkg/auth.Actor), never a name the request
// types: it is the reviewer on the decision, hence on the ledger record,
// and the actor of a cancel, a correction or an erasure. Every claim,
// decision, cancel, correction and erasure is an audit event on
// docket.audit.
package operations

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/audit"
	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/emit"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// Limits.
const (
	defaultPage  = 50
	maxPage      = 500
	maxIDLen     = 256
	maxTextLen   = 2000
	maxLease     = 24 * time.Hour
	DefaultLease = 15 * time.Minute
)

// Outcomes a reviewer may decide.
var outcomes = map[string]bool{"approved": true, "rejected": true}

// Store is what the server needs of the projection store.
type Store interface {
	Get(ctx context.Context, id string) (store.Workflow, error)
	Document(ctx context.Context, id string) (events.BlobRef, error)
	Task(ctx context.Context, id string, now time.Time) (store.Task, error)
	Tasks(ctx context.Context, f store.TaskFilter, now time.Time, limit int, cursor string) ([]store.Task, string, error)
	Claim(ctx context.Context, id, reviewer string, now time.Time, lease time.Duration) (store.Task, error)
	Decide(ctx context.Context, id string, d store.Decision, now time.Time) (store.Task, bool, error)
	BindRequest(ctx context.Context, key, fingerprint string) (string, error)
	// BoundRequest reads the fingerprint a request was bound to, if any.
	BoundRequest(ctx context.Context, key string) (string, bool, error)
}

// Emitter produces events.
type Emitter interface {
	Emit(ctx context.Context, topic string, e events.Event) error
}

// Authenticate returns the caller's principal, or an error with a gRPC
// status (UNAUTHENTICATED).
type Authenticate func(ctx context.Context) (auth.Principal, error)

// AllowAll treats every caller as auth.Anonymous: the API without
// authentication.
func AllowAll(context.Context) (auth.Principal, error) { return auth.Anonymous, nil }

var (
	_ Store   = (*store.Store)(nil)
	_ Emitter = (*emit.Emitter)(nil)
)

// Config tunes a Server.
type Config struct {
	// Lease is the default claim lease. Default DefaultLease.
	Lease time.Duration
	// Auth identifies callers. Default AllowAll.
	Auth Authenticate
	// DocumentTypes are the types a correction or a review decision may
	// name. Default events.DocumentTypes.
	DocumentTypes []string
}

// Server implements trackerv1.OperationsServer.
type Server struct {
	trackerv1.UnimplementedOperationsServer
	cfg   Config
	store Store
	emit  Emitter
	clock clock.Clock
	log   *slog.Logger
}

var _ trackerv1.OperationsServer = (*Server)(nil)

// New returns a server.
func New(cfg Config, st Store, em Emitter, c clock.Clock, log *slog.Logger) *Server {
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Auth == nil {
		cfg.Auth = AllowAll
	}
	if len(cfg.DocumentTypes) == 0 {
		cfg.DocumentTypes = events.DocumentTypes
	}
	return &Server{cfg: cfg, store: st, emit: em, clock: c, log: log}
}

// ListReviewTasks returns a page of open tasks, most urgent first.
func (s *Server) ListReviewTasks(ctx context.Context, req *trackerv1.ListReviewTasksRequest) (*trackerv1.ListReviewTasksResponse, error) {
	who, err := s.cfg.Auth(ctx)
	if err != nil {
		return nil, err
	}
	f := store.TaskFilter{Tenant: req.GetTenant(), Unclaimed: req.GetUnclaimedOnly()}
	if !who.AllTenants() {
		if f.Tenant != "" && f.Tenant != who.Tenant {
			return nil, status.Error(codes.PermissionDenied, "a tenant's principal lists its own tenant's tasks only")
		}
		f.Tenant = who.Tenant
	}
	size := int(req.GetPageSize())
	switch {
	case size < 0:
		return nil, status.Error(codes.InvalidArgument, "page_size must not be negative")
	case size == 0:
		size = defaultPage
	case size > maxPage:
		size = maxPage
	}
	var cursor string
	if tok := req.GetPageToken(); tok != "" {
		b, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil || len(b) == 0 || len(b) > maxIDLen {
			return nil, status.Error(codes.InvalidArgument, "malformed page token")
		}
		cursor = string(b)
	}
	ts, next, err := s.store.Tasks(ctx, f, s.clock.Now(), size, cursor)
	if err != nil {
		return nil, s.status(err)
	}
	resp := &trackerv1.ListReviewTasksResponse{Tasks: make([]*trackerv1.ReviewTask, len(ts))}
	for i, t := range ts {
		resp.Tasks[i] = toProto(t)
	}
	if next != "" {
		resp.NextPageToken = base64.RawURLEncoding.EncodeToString([]byte(next))
	}
	return resp, nil
}

// ClaimReviewTask leases a task to a reviewer.
func (s *Server) ClaimReviewTask(ctx context.Context, req *trackerv1.ClaimReviewTaskRequest) (*trackerv1.ReviewTask, error) {
	if err := checkID("task_id", req.GetTaskId()); err != nil {
		return nil, err
	}
	who, reviewer, err := s.reviewer(ctx, req.GetTaskId(), req.GetReviewer())
	if err != nil {
		return nil, err
	}
	lease := time.Duration(req.GetLeaseSeconds()) * time.Second
	switch {
	case lease < 0 || lease > maxLease:
		return nil, status.Errorf(codes.InvalidArgument, "lease_seconds must be 0 (default) to %d", int(maxLease.Seconds()))
	case lease == 0:
		lease = s.cfg.Lease
	}
	now := s.clock.Now()
	t, err := s.store.Claim(ctx, req.GetTaskId(), reviewer, now, lease)
	if err != nil {
		return nil, s.status(err)
	}
	if err := s.audit(ctx, who, audit.Action{
		Name: audit.ReviewClaim, Actor: reviewer, Target: t.ID, Workflow: t.Workflow, Tenant: t.Tenant, At: now,
		Details: map[string]string{"claim_until": t.ClaimUntil.UTC().Format(time.RFC3339)},
	}); err != nil {
		return nil, err
	}
	s.log.Info("review task claimed", "task", t.ID, "workflow_id", t.Workflow, "reviewer", t.ClaimedBy, "until", t.ClaimUntil)
	return toProto(t), nil
}

// DecideReviewTask produces the lease holder's decision as a review.decided
// event.
func (s *Server) DecideReviewTask(ctx context.Context, req *trackerv1.DecideReviewTaskRequest) (*trackerv1.DecideReviewTaskResponse, error) {
	if err := checkID("task_id", req.GetTaskId()); err != nil {
		return nil, err
	}
	who, reviewer, err := s.reviewer(ctx, req.GetTaskId(), req.GetReviewer())
	if err != nil {
		return nil, err
	}
	if !outcomes[req.GetOutcome()] {
		return nil, status.Errorf(codes.InvalidArgument, "outcome %q: want approved or rejected", req.GetOutcome())
	}
	if len(req.GetReason()) > maxTextLen || len(req.GetDocumentType()) > maxIDLen {
		return nil, status.Errorf(codes.InvalidArgument, "reason (at most %d bytes) or document_type (at most %d) too long", maxTextLen, maxIDLen)
	}
	now := s.clock.Now()
	cur, err := s.store.Task(ctx, req.GetTaskId(), now)
	if err != nil {
		return nil, s.status(err)
	}
	if cur.Document.URI == "" {
		// The exception agent raised it for a record it could not decode:
		// there is no document to decide, and no workflow to record.
		return nil, status.Errorf(codes.FailedPrecondition,
			"review task %s names no document (a record Docket could not read was parked): settle it with `docket dlq list --workflow %s`, then replay or discard the item", cur.ID, cur.Workflow)
	}
	docType := req.GetDocumentType()
	if docType != "" {
		// As a correction's type is (found from outside: "--type
		// spaceship" was signed into the ledger and counted in the stats).
		if err := s.knownType(docType); err != nil {
			return nil, err
		}
	}
	if docType == "" {
		docType = cur.Suggested
	}
	if docType == "" && req.GetOutcome() == "rejected" {
		// A rejection of a document no one typed (a structural failure's
		// review: an unreadable scan) records it as other (found from
		// outside: rejecting one asked for a type).
		docType = "other"
	}
	if docType == "" {
		return nil, status.Error(codes.InvalidArgument, "document_type is required to approve: the task suggests none (docket review decide --type T)")
	}
	d := store.Decision{Reviewer: reviewer, Outcome: req.GetOutcome(), DocumentType: docType, Reason: req.GetReason()}
	t, again, err := s.store.Decide(ctx, req.GetTaskId(), d, now)
	if err != nil {
		return nil, s.status(err)
	}
	if t.State == store.TaskDecided {
		// Projected already: a retry after success.
		return &trackerv1.DecideReviewTaskResponse{EventId: t.DecidedEvent, Task: toProto(t)}, nil
	}
	// A retry before the projection produces the same event again (same
	// id, same time): its consumers suppress the copy.
	ev := decidedEvent(t, t.PendingAt)
	if err := s.emit.Emit(ctx, events.TopicReviewDecided, ev); err != nil {
		return nil, s.status(err)
	}
	if err := s.audit(ctx, who, audit.Action{
		Name: audit.ReviewDecide, Actor: reviewer, Target: t.ID, Workflow: t.Workflow, Tenant: t.Tenant, Causation: ev.Meta.EventID,
		Reason: d.Reason, At: now, Details: map[string]string{"outcome": d.Outcome, "document_type": d.DocumentType, "decided_event": ev.Meta.EventID},
	}); err != nil {
		return nil, err
	}
	s.log.Info("review decided", "task", t.ID, "workflow_id", t.Workflow, "reviewer", d.Reviewer, "outcome", d.Outcome,
		"document_type", d.DocumentType, "event_id", ev.Meta.EventID, "retry", again)
	return &trackerv1.DecideReviewTaskResponse{EventId: ev.Meta.EventID, Task: toProto(t)}, nil
}

// knownType refuses a document type the classifier does not know, which a
// correction or a review decision names.
func (s *Server) knownType(t string) error {
	if !slices.Contains(s.cfg.DocumentTypes, t) {
		return status.Errorf(codes.InvalidArgument, "document_type %.70q is not a document type the classifier knows: want one of %s (DOCKET_SAGATRACKER_DOCUMENT_TYPES)",
			t, strings.Join(s.cfg.DocumentTypes, ", "))
	}
	return nil
}

// DecidedEventID is the event id of a task's review.decided event.
func DecidedEventID(task string) string { return emit.EventID("review_decided", task) }

func decidedEvent(t store.Task, at time.Time) *events.ReviewDecided {
	d := t.Pending
	ev := &events.ReviewDecided{
		Meta:     emit.Meta(DecidedEventID(t.ID), t.Workflow, t.Tenant, t.ID, at),
		Document: events.BlobRef{URI: t.Document.URI, SHA256: t.Document.SHA256, SizeBytes: t.Document.Size, MediaType: t.Document.MediaType},
		Decision: events.Decision{DocumentType: d.DocumentType, Outcome: d.Outcome},
		Flags:    make([]events.Flag, len(t.Flags)),
		Reviewer: d.Reviewer, Reason: d.Reason, DecidedAt: at.UTC().Truncate(time.Millisecond), Confidence: t.Confidence,
	}
	for i, f := range t.Flags {
		ev.Flags[i] = events.Flag{Kind: f.Kind, Detail: f.Detail}
	}
	if name, version, ok := strings.Cut(t.Model, "@"); ok {
		ev.Model = &events.Model{Name: name, Version: version}
	}
	return ev
}

// CancelWorkflow produces a cancel_requested control event.
func (s *Server) CancelWorkflow(ctx context.Context, req *trackerv1.CancelWorkflowRequest) (*trackerv1.CancelWorkflowResponse, error) {
	who, err := s.cfg.Auth(ctx)
	if err != nil {
		return nil, err
	}
	if who.Role != auth.RoleOperator && who.Role != auth.RoleTenant {
		return nil, status.Errorf(codes.PermissionDenied, "cancel needs the operator role or the workflow's tenant (%s)", who.Role)
	}
	if err := checkID("workflow_id", req.GetWorkflowId()); err != nil {
		return nil, err
	}
	if len(req.GetReason()) > maxTextLen || len(req.GetActor()) > maxIDLen {
		return nil, status.Errorf(codes.InvalidArgument, "reason (at most %d bytes) or actor (at most %d) too long", maxTextLen, maxIDLen)
	}
	w, err := s.store.Get(ctx, req.GetWorkflowId())
	if err != nil {
		return nil, s.status(err)
	}
	if !who.Sees(w.Tenant) {
		// Not found rather than denied: a tenant learns nothing of
		// another tenant's workflows.
		return nil, status.Errorf(codes.NotFound, "workflow %s not found", w.ID)
	}
	id := cancel.RequestedEventID(w.ID)
	switch {
	case w.Status == projection.StatusCanceled:
		return &trackerv1.CancelWorkflowResponse{EventId: id, AlreadyCanceled: true}, nil
	case projection.Terminal(w.Status):
		return nil, status.Errorf(codes.FailedPrecondition, "workflow %s already ended %s", w.ID, w.Status)
	}
	actor, err := auth.Actor(who, req.GetActor())
	if err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	reason := req.GetReason()
	if reason == "" {
		reason = "canceled by " + actor
	}
	ev := &events.WorkflowControl{
		Meta: emit.Meta(id, w.ID, w.Tenant, "", s.clock.Now()), Kind: projection.KindCancelRequested,
		Reason: reason, Actor: &actor, Details: map[string]string{},
	}
	if err := s.emit.Emit(ctx, events.TopicControl, ev); err != nil {
		return nil, s.status(err)
	}
	if err := s.audit(ctx, who, audit.Action{
		Name: audit.WorkflowCancel, Actor: actor, Target: w.ID, Workflow: w.ID, Tenant: w.Tenant, Causation: id, Reason: reason, At: s.clock.Now(),
	}); err != nil {
		return nil, err
	}
	s.log.Info("cancel requested", "workflow_id", w.ID, "actor", actor, "event_id", id)
	return &trackerv1.CancelWorkflowResponse{EventId: id}, nil
}

// reviewer authorizes a claim or decision of task id and returns the
// caller and the reviewer's name: the principal's (auth.Actor). A caller
// who may not review, or whose tenant scope does not cover the task, is
// refused; another tenant's task is NOT_FOUND.
func (s *Server) reviewer(ctx context.Context, id, claimed string) (auth.Principal, string, error) {
	who, err := s.cfg.Auth(ctx)
	if err != nil {
		return who, "", err
	}
	if !who.Reviewer() {
		return who, "", status.Error(codes.PermissionDenied, "claiming and deciding reviews need the reviewer or operator role")
	}
	if len(claimed) > maxIDLen {
		return who, "", status.Errorf(codes.InvalidArgument, "reviewer has more than %d bytes", maxIDLen)
	}
	name, err := auth.Actor(who, claimed)
	if err != nil {
		return who, "", status.Error(codes.PermissionDenied, err.Error())
	}
	if !who.AllTenants() {
		t, err := s.store.Task(ctx, id, s.clock.Now())
		if err != nil {
			return who, "", s.status(err)
		}
		if !who.Sees(t.Tenant) {
			return who, "", status.Errorf(codes.NotFound, "review task %s not found", id)
		}
	}
	return who, name, nil
}

// audit produces the audit event of an action by who. A failure fails the
// call (UNAVAILABLE): a retry repeats the action, which is idempotent, and
// audits it again.
func (s *Server) audit(ctx context.Context, who auth.Principal, a audit.Action) error {
	a.RemoteAddr = auth.RemoteAddr(ctx)
	ev := audit.Event(who, a, emit.Producer())
	if err := s.emit.Emit(ctx, events.TopicAudit, ev); err != nil {
		return s.status(fmt.Errorf("audit %s: %w", a.Name, err))
	}
	return nil
}

func (s *Server) status(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrTaskNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, store.ErrClaimed), errors.Is(err, store.ErrNotClaimed), errors.Is(err, store.ErrDecided):
		return status.Error(codes.FailedPrecondition, err.Error())
	case fault.ClassOf(err) == fault.Structural:
		return status.Error(codes.InvalidArgument, err.Error())
	}
	s.log.Warn("operation failed", "error", err)
	return status.Error(codes.Unavailable, err.Error())
}

func checkID(field, v string) error {
	if v == "" || len(v) > maxIDLen {
		return status.Errorf(codes.InvalidArgument, "%s must have 1 to %d bytes", field, maxIDLen)
	}
	return nil
}

func toProto(t store.Task) *trackerv1.ReviewTask {
	out := &trackerv1.ReviewTask{
		Id: t.ID, WorkflowId: t.Workflow, Tenant: t.Tenant, Reason: t.Reason, Priority: int32(t.Priority),
		RequestedAt: ts(t.RequestedAt), SlaDeadline: ts(t.SLA), Escalated: t.Escalated,
		ClaimedBy: t.ClaimedBy, ClaimExpiresAt: ts(t.ClaimUntil),
		DocumentUri: t.Document.URI, MediaType: t.Document.MediaType, SuggestedType: t.Suggested,
		Confidence: t.Confidence, Model: t.Model, Rule: t.Rule,
	}
	for _, c := range t.Candidates {
		out.Candidates = append(out.Candidates, &trackerv1.ReviewCandidate{Type: c.Type, Score: c.Score})
	}
	for _, f := range t.Flags {
		out.Flags = append(out.Flags, &trackerv1.ReviewFlag{Kind: f.Kind, Detail: f.Detail})
	}
	return out
}

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}
