// Package server serves the tracker's gRPC API from the projection in
// Redis, with gRPC health checking and reflection. Callers authenticate by
// bearer token or client certificate (pkg/auth) when principals are
// configured; a tenant reads only its own workflows, and another tenant's
// workflow is NOT_FOUND.
package server

import (
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/fault"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// Page sizes.
const (
	defaultListPage    = 50
	maxListPage        = 500
	defaultHistoryPage = 100
	maxHistoryPage     = 1000
	maxIDLen           = 256
	maxTokenLen        = maxIDLen + 32
)

// Server implements trackerv1.TrackerServer over a store.
type Server struct {
	trackerv1.UnimplementedTrackerServer
	store  *store.Store
	log    *slog.Logger
	clock  clock.Clock
	stall  store.Stall
	tokens *auth.Set
	tls    *tls.Config

	changes *notifier
	// stopping is closed when Serve begins to stop: open watches end.
	stopping  chan struct{}
	stopOnce  sync.Once
	watchPoll time.Duration
}

var _ trackerv1.TrackerServer = (*Server)(nil)

// Option configures a Server.
type Option func(*Server)

// WithClock sets the clock that decides what is stalled and ends stats
// windows. Default the system clock.
func WithClock(c clock.Clock) Option { return func(s *Server) { s.clock = c } }

// WithStall sets the stages' expected durations. Default 5m for every stage.
func WithStall(st store.Stall) Option { return func(s *Server) { s.stall = st } }

// WithTokens turns authentication on with the principals of t. Default
// off: every caller is auth.Anonymous, an operator.
func WithTokens(t *auth.Set) Option { return func(s *Server) { s.tokens = t } }

// WithTLS serves over TLS. Default plaintext.
func WithTLS(c *tls.Config) Option { return func(s *Server) { s.tls = c } }

// New returns a server reading st.
func New(st *store.Store, log *slog.Logger, opts ...Option) *Server {
	s := &Server{
		store: st, log: log, clock: clock.Real{}, stall: store.Stall{Default: 5 * time.Minute},
		stopping: make(chan struct{}), watchPoll: 5 * time.Second,
	}
	s.changes = newNotifier()
	for _, o := range opts {
		o(s)
	}
	return s
}

// Service is another gRPC service served beside Tracker.
type Service struct {
	Desc *grpc.ServiceDesc
	Impl any
}

// Serve serves the API (and more), health and reflection on l until ctx
// ends, then stops gracefully: open watches end with UNAVAILABLE.
func Serve(ctx context.Context, l net.Listener, srv *Server, more ...Service) error {
	opts := []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(srv.tokens.UnaryInterceptor()),
		grpc.ChainStreamInterceptor(srv.tokens.StreamInterceptor()),
	}
	if srv.tls != nil {
		opts = append(opts, grpc.Creds(credentials.NewTLS(srv.tls)))
	}
	g := grpc.NewServer(opts...)
	trackerv1.RegisterTrackerServer(g, srv)
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(trackerv1.Tracker_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	for _, m := range more {
		g.RegisterService(m.Desc, m.Impl)
		hs.SetServingStatus(m.Desc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	}
	healthpb.RegisterHealthServer(g, hs)
	reflection.Register(g)
	tctx, stopTail := context.WithCancel(ctx)
	tailed := make(chan struct{})
	go func() {
		defer close(tailed)
		srv.tail(tctx)
	}()
	done, served := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-ctx.Done():
		case <-served: // Serve failed
		}
		hs.Shutdown()
		srv.stopOnce.Do(func() { close(srv.stopping) })
		g.GracefulStop()
	}()
	err := g.Serve(l)
	close(served)
	<-done
	stopTail()
	<-tailed
	if err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return err
	}
	return nil
}

// principal returns the caller's principal; the interceptors always set
// one.
func principal(ctx context.Context) (auth.Principal, error) {
	p, ok := auth.FromContext(ctx)
	if !ok {
		return auth.Principal{}, status.Error(codes.Unauthenticated, "no principal")
	}
	return p, nil
}

// GetWorkflow returns one workflow.
func (s *Server) GetWorkflow(ctx context.Context, req *trackerv1.GetWorkflowRequest) (*trackerv1.Workflow, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkID(req.GetId()); err != nil {
		return nil, err
	}
	w, err := s.visible(ctx, p, req.GetId())
	if err != nil {
		return nil, err
	}
	ws := []store.Workflow{w}
	if err := s.store.Waits(ctx, ws); err != nil {
		return nil, s.status(err)
	}
	return s.toProto(ws[0], s.clock.Now()), nil
}

// visible returns workflow id when p may see it, NOT_FOUND otherwise.
func (s *Server) visible(ctx context.Context, p auth.Principal, id string) (store.Workflow, error) {
	w, err := s.store.Get(ctx, id)
	if err != nil {
		return w, s.status(err)
	}
	if !p.Sees(w.Tenant) {
		return w, s.status(store.ErrNotFound)
	}
	return w, nil
}

// ListWorkflows returns a page of workflows by creation time.
func (s *Server) ListWorkflows(ctx context.Context, req *trackerv1.ListWorkflowsRequest) (*trackerv1.ListWorkflowsResponse, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	size, err := pageSize(req.GetPageSize(), defaultListPage, maxListPage)
	if err != nil {
		return nil, err
	}
	cursor, err := decodeToken(req.GetPageToken())
	if err != nil {
		return nil, err
	}
	tenant, err := scope(p, req.GetTenant())
	if err != nil {
		return nil, err
	}
	if len(req.GetSearch()) > maxSearch || len(req.GetDocumentType()) > maxSearch {
		return nil, status.Errorf(codes.InvalidArgument, "search and document_type: at most %d bytes", maxSearch)
	}
	now := s.clock.Now()
	q := store.Query{
		Filter: store.Filter{
			Stage: req.GetStage(), Tenant: tenant, Stalled: req.GetStalled(),
			DocumentType: req.GetDocumentType(), Search: strings.TrimSpace(req.GetSearch()),
			CreatedFrom: tsOpt(req.GetCreatedFrom()), CreatedTo: tsOpt(req.GetCreatedTo()),
			UpdatedFrom: tsOpt(req.GetUpdatedFrom()), UpdatedTo: tsOpt(req.GetUpdatedTo()),
		},
		OldestFirst: req.GetOrder() == trackerv1.Order_ORDER_OLDEST_FIRST,
		Limit:       size, Cursor: cursor, Now: now, Stall: s.stall,
	}
	if st := req.GetStatus(); st != trackerv1.Status_STATUS_UNSPECIFIED {
		name, ok := statusName[st]
		if !ok {
			return nil, status.Errorf(codes.InvalidArgument, "unknown status %d", st)
		}
		q.Status = name
	}
	if _, ok := trackerv1.Order_name[int32(req.GetOrder())]; !ok {
		return nil, status.Errorf(codes.InvalidArgument, "unknown order %d", req.GetOrder())
	}
	ws, next, err := s.store.List(ctx, q)
	if err != nil {
		return nil, s.status(err)
	}
	if err := s.store.Waits(ctx, ws); err != nil {
		return nil, s.status(err)
	}
	resp := &trackerv1.ListWorkflowsResponse{Workflows: make([]*trackerv1.Workflow, len(ws))}
	for i, w := range ws {
		resp.Workflows[i] = s.toProto(w, now)
	}
	if next != "" {
		resp.NextPageToken = base64.RawURLEncoding.EncodeToString([]byte(next))
	}
	return resp, nil
}

// scope returns the tenant a request may read: a tenant's own whatever it
// asked (PERMISSION_DENIED for another's), the requested one for an
// operator, reviewer or service of every tenant.
func scope(p auth.Principal, requested string) (string, error) {
	if p.AllTenants() {
		return requested, nil
	}
	if requested != "" && requested != p.Tenant {
		return "", status.Error(codes.PermissionDenied, "a tenant reads only its own workflows")
	}
	return p.Tenant, nil
}

func tsOpt(t *timestamppb.Timestamp) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.AsTime()
}

// GetHistory returns a page of a workflow's history, oldest first.
func (s *Server) GetHistory(ctx context.Context, req *trackerv1.GetHistoryRequest) (*trackerv1.GetHistoryResponse, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkID(req.GetWorkflowId()); err != nil {
		return nil, err
	}
	if _, err := s.visible(ctx, p, req.GetWorkflowId()); err != nil {
		return nil, err
	}
	size, err := pageSize(req.GetPageSize(), defaultHistoryPage, maxHistoryPage)
	if err != nil {
		return nil, err
	}
	var from int64
	if tok := req.GetPageToken(); tok != "" {
		raw, err := decodeToken(tok)
		if err == nil {
			from, err = strconv.ParseInt(raw, 10, 64)
		}
		if err != nil || from < 0 {
			return nil, status.Error(codes.InvalidArgument, "malformed page token")
		}
	}
	es, next, err := s.store.History(ctx, req.GetWorkflowId(), from, int64(size))
	if err != nil {
		return nil, s.status(err)
	}
	resp := &trackerv1.GetHistoryResponse{Entries: make([]*trackerv1.HistoryEntry, len(es))}
	for i, e := range es {
		resp.Entries[i] = &trackerv1.HistoryEntry{
			EventId: e.EventID, Topic: e.Topic, Type: e.Type, OccurredAt: ts(e.OccurredMs),
			Producer: e.Producer, CausationId: e.CausationID, Summary: e.Summary,
			Partition: e.Partition, Offset: e.Offset,
		}
	}
	if next >= 0 {
		resp.NextPageToken = base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(next, 10)))
	}
	return resp, nil
}

func (s *Server) status(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, store.ErrCursorExpired):
		return status.Error(codes.FailedPrecondition, err.Error())
	case fault.ClassOf(err) == fault.Structural:
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, context.Canceled):
		// The caller went away (a watch or a request it gave up on):
		// nothing failed here, and nothing is logged.
		return status.Error(codes.Canceled, err.Error())
	}
	s.log.Warn("tracker read failed", "error", err)
	return status.Error(codes.Unavailable, err.Error())
}

func checkID(id string) error {
	if id == "" || len(id) > maxIDLen {
		return status.Errorf(codes.InvalidArgument, "workflow id must have 1 to %d bytes", maxIDLen)
	}
	return nil
}

// maxSearch bounds ListWorkflows' search and document type filters.
const maxSearch = 256

func pageSize(n, def, limit int32) (int, error) {
	switch {
	case n < 0:
		return 0, status.Error(codes.InvalidArgument, "page_size must not be negative")
	case n == 0:
		return int(def), nil
	case n > limit:
		return int(limit), nil
	}
	return int(n), nil
}

func decodeToken(tok string) (string, error) {
	if tok == "" {
		return "", nil
	}
	b, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil || len(b) == 0 || len(b) > maxTokenLen {
		return "", status.Error(codes.InvalidArgument, "malformed page token")
	}
	return string(b), nil
}

var statusValue = map[string]trackerv1.Status{
	projection.StatusQueued:             trackerv1.Status_STATUS_QUEUED,
	projection.StatusRunning:            trackerv1.Status_STATUS_RUNNING,
	projection.StatusWaitingReview:      trackerv1.Status_STATUS_WAITING_REVIEW,
	projection.StatusRetrying:           trackerv1.Status_STATUS_RETRYING,
	projection.StatusParked:             trackerv1.Status_STATUS_PARKED,
	projection.StatusCompleted:          trackerv1.Status_STATUS_COMPLETED,
	projection.StatusFailed:             trackerv1.Status_STATUS_FAILED,
	projection.StatusCanceled:           trackerv1.Status_STATUS_CANCELED,
	projection.StatusTimedOut:           trackerv1.Status_STATUS_TIMED_OUT,
	projection.StatusCompensating:       trackerv1.Status_STATUS_COMPENSATING,
	projection.StatusCompensated:        trackerv1.Status_STATUS_COMPENSATED,
	projection.StatusCompensationFailed: trackerv1.Status_STATUS_COMPENSATION_FAILED,
}

var statusName = func() map[trackerv1.Status]string {
	m := make(map[trackerv1.Status]string, len(statusValue))
	for k, v := range statusValue {
		m[v] = k
	}
	return m
}()

func (s *Server) toProto(w store.Workflow, now time.Time) *trackerv1.Workflow {
	out := &trackerv1.Workflow{
		Id: w.ID, Tenant: w.Tenant, Stage: w.Stage, Status: statusValue[w.Status], LastError: w.LastError,
		CreatedAt: tsTime(w.CreatedAt), UpdatedAt: tsTime(w.UpdatedAt), Events: w.Events,
		Stalled: s.stall.Stalled(w, now), Progress: progressProto(w.Progress),
		Filename: w.Filename, DocumentType: w.DocumentType, WaitingReason: s.waitingReason(w, now),
	}
	for _, r := range w.Reviews {
		out.ReviewTaskIds = append(out.ReviewTaskIds, r.ID)
	}
	for _, it := range w.Parked {
		out.ParkedIds = append(out.ParkedIds, it.ID)
	}
	for _, st := range w.Steps {
		out.Steps = append(out.Steps, &trackerv1.Step{
			Name: st.Name, StartedAt: tsTime(st.StartedAt), FinishedAt: tsTime(st.FinishedAt), Attempts: int32(st.Attempts),
		})
	}
	out.Corrections = int32(w.Corrections)
	out.ErasedAt = tsTime(w.ErasedAt)
	if c := w.Correction; c != nil {
		out.LastCorrection = &trackerv1.Correction{
			DocumentType: c.DocumentType, Outcome: c.Outcome, PreviousType: c.PreviousType, Actor: c.Actor, Reason: c.Reason,
			Sequence: c.Sequence, RecordHash: c.RecordHash, CorrectedAt: tsTime(c.At),
		}
	}
	if l := w.Ledger; l != nil {
		p, _ := strconv.ParseInt(l.Partition, 10, 32)
		o, _ := strconv.ParseInt(l.Offset, 10, 64)
		seq, _ := strconv.ParseInt(l.Sequence, 10, 64)
		out.Ledger = &trackerv1.LedgerRef{Topic: l.Topic, Partition: int32(p), Offset: o, Sequence: seq, RecordHash: l.Hash}
	}
	return out
}

// waitingReason says in words why w does not move: the review task it
// waits on (id, reason and rule), the item parked for an operator, the
// scheduled retry, or how long it has been stalled; empty when it is moving
// or ended.
func (s *Server) waitingReason(w store.Workflow, now time.Time) string {
	var parts []string
	switch w.Status {
	case projection.StatusWaitingReview:
		if len(w.Reviews) == 0 {
			parts = append(parts, "waiting for a review")
		}
		for i, r := range w.Reviews {
			if i == 2 {
				parts = append(parts, fmt.Sprintf("and %d more review tasks", len(w.Reviews)-i))
				break
			}
			words := "waiting for review task " + r.ID
			if r.Reason != "" {
				words += ": " + r.Reason
			}
			if r.Rule != "" {
				words += ": " + r.Rule
			}
			parts = append(parts, words)
		}
	case projection.StatusParked:
		if len(w.Parked) == 0 {
			words := "parked for an operator (replay or discard it)"
			if w.LastError != "" {
				words += ": " + w.LastError
			}
			parts = append(parts, words)
		}
	case projection.StatusRetrying:
		words := "retry scheduled by the exception agent"
		if w.LastError != "" {
			words += " after: " + w.LastError
		}
		parts = append(parts, words)
	default:
		if s.stall.Stalled(w, now) {
			parts = append(parts, fmt.Sprintf("stalled: no event at %s for %s (expected within %s)",
				w.Stage, now.Sub(w.UpdatedAt).Round(time.Second), s.stall.After(w.Stage)))
		}
	}
	said := map[string]bool{} // a review of a parked item repeats its reason as its rule
	for _, r := range w.Reviews {
		said[r.Rule] = true
	}
	if !projection.Terminal(w.Status) || w.Status == projection.StatusFailed {
		for i, it := range w.Parked {
			if i == 2 {
				parts = append(parts, fmt.Sprintf("and %d more parked items", len(w.Parked)-i))
				break
			}
			words := "parked item " + it.ID + " (replay or discard it)"
			if it.Reason != "" && !said[it.Reason] {
				words += ": " + it.Reason
			}
			parts = append(parts, words)
		}
	}
	return strings.Join(parts, "; ")
}

func progressProto(p *store.Progress) *trackerv1.Progress {
	if p == nil {
		return nil
	}
	return &trackerv1.Progress{Step: p.Step, Done: p.Done, Total: p.Total, Unit: p.Unit, UpdatedAt: tsTime(p.UpdatedAt)}
}

func ts(ms int64) *timestamppb.Timestamp {
	if ms == 0 {
		return nil
	}
	return timestamppb.New(time.UnixMilli(ms))
}

func tsTime(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}
