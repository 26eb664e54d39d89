// Package server serves the tracker's gRPC API from the projection in
// Redis, with gRPC health checking and reflection.
package server

import (
	"context"
	"encoding/base64"
	"errors"
	"log/slog"
	"net"
	"strconv"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/fault"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
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
)

// Server implements trackerv1.TrackerServer over a store.
type Server struct {
	trackerv1.UnimplementedTrackerServer
	store *store.Store
	log   *slog.Logger
}

var _ trackerv1.TrackerServer = (*Server)(nil)

// New returns a server reading st.
func New(st *store.Store, log *slog.Logger) *Server {
	return &Server{store: st, log: log}
}

// Serve serves the API, health and reflection on l until ctx ends, then
// stops gracefully.
func Serve(ctx context.Context, l net.Listener, srv *Server) error {
	g := grpc.NewServer()
	trackerv1.RegisterTrackerServer(g, srv)
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(trackerv1.Tracker_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	healthpb.RegisterHealthServer(g, hs)
	reflection.Register(g)
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
		hs.Shutdown()
		g.GracefulStop()
	}()
	err := g.Serve(l)
	<-done
	if err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return err
	}
	return nil
}

// GetWorkflow returns one workflow.
func (s *Server) GetWorkflow(ctx context.Context, req *trackerv1.GetWorkflowRequest) (*trackerv1.Workflow, error) {
	if err := checkID(req.GetId()); err != nil {
		return nil, err
	}
	w, err := s.store.Get(ctx, req.GetId())
	if err != nil {
		return nil, s.status(err)
	}
	return toProto(w), nil
}

// ListWorkflows returns a page of workflows, newest first.
func (s *Server) ListWorkflows(ctx context.Context, req *trackerv1.ListWorkflowsRequest) (*trackerv1.ListWorkflowsResponse, error) {
	size, err := pageSize(req.GetPageSize(), defaultListPage, maxListPage)
	if err != nil {
		return nil, err
	}
	cursor, err := decodeToken(req.GetPageToken())
	if err != nil {
		return nil, err
	}
	f := store.Filter{Stage: req.GetStage(), Tenant: req.GetTenant()}
	if st := req.GetStatus(); st != trackerv1.Status_STATUS_UNSPECIFIED {
		name, ok := statusName[st]
		if !ok {
			return nil, status.Errorf(codes.InvalidArgument, "unknown status %d", st)
		}
		f.Status = name
	}
	ws, next, err := s.store.List(ctx, f, size, cursor)
	if err != nil {
		return nil, s.status(err)
	}
	resp := &trackerv1.ListWorkflowsResponse{Workflows: make([]*trackerv1.Workflow, len(ws))}
	for i, w := range ws {
		resp.Workflows[i] = toProto(w)
	}
	if next != "" {
		resp.NextPageToken = base64.RawURLEncoding.EncodeToString([]byte(next))
	}
	return resp, nil
}

// GetHistory returns a page of a workflow's history, oldest first.
func (s *Server) GetHistory(ctx context.Context, req *trackerv1.GetHistoryRequest) (*trackerv1.GetHistoryResponse, error) {
	if err := checkID(req.GetWorkflowId()); err != nil {
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
	case fault.ClassOf(err) == fault.Structural:
		return status.Error(codes.InvalidArgument, err.Error())
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
	if err != nil || len(b) == 0 || len(b) > maxIDLen {
		return "", status.Error(codes.InvalidArgument, "malformed page token")
	}
	return string(b), nil
}

var statusValue = map[string]trackerv1.Status{
	projection.StatusQueued:        trackerv1.Status_STATUS_QUEUED,
	projection.StatusRunning:       trackerv1.Status_STATUS_RUNNING,
	projection.StatusWaitingReview: trackerv1.Status_STATUS_WAITING_REVIEW,
	projection.StatusRetrying:      trackerv1.Status_STATUS_RETRYING,
	projection.StatusParked:        trackerv1.Status_STATUS_PARKED,
	projection.StatusCompleted:     trackerv1.Status_STATUS_COMPLETED,
	projection.StatusFailed:        trackerv1.Status_STATUS_FAILED,
	projection.StatusCanceled:      trackerv1.Status_STATUS_CANCELED,
	projection.StatusTimedOut:      trackerv1.Status_STATUS_TIMED_OUT,
}

var statusName = func() map[trackerv1.Status]string {
	m := make(map[trackerv1.Status]string, len(statusValue))
	for k, v := range statusValue {
		m[v] = k
	}
	return m
}()

func toProto(w store.Workflow) *trackerv1.Workflow {
	out := &trackerv1.Workflow{
		Id: w.ID, Tenant: w.Tenant, Stage: w.Stage, Status: statusValue[w.Status], LastError: w.LastError,
		CreatedAt: tsTime(w.CreatedAt), UpdatedAt: tsTime(w.UpdatedAt), Events: w.Events,
	}
	for _, st := range w.Steps {
		out.Steps = append(out.Steps, &trackerv1.Step{
			Name: st.Name, StartedAt: tsTime(st.StartedAt), FinishedAt: tsTime(st.FinishedAt), Attempts: int32(st.Attempts),
		})
	}
	if l := w.Ledger; l != nil {
		p, _ := strconv.ParseInt(l.Partition, 10, 32)
		o, _ := strconv.ParseInt(l.Offset, 10, 64)
		seq, _ := strconv.ParseInt(l.Sequence, 10, 64)
		out.Ledger = &trackerv1.LedgerRef{Topic: l.Topic, Partition: int32(p), Offset: o, Sequence: seq, RecordHash: l.Hash}
	}
	return out
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
