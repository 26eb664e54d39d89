package operations

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/audit"
	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/emit"
)

// CorrectionEventID is the event id of a workflow's correction_requested
// event for a request id.
func CorrectionEventID(workflow, requestID string) string {
	return emit.EventID(events.KindCorrectionRequested, workflow+"\x00"+requestID)
}

// ErasureEventID is the event id of a workflow's erasure_requested event.
func ErasureEventID(workflow string) string {
	return emit.EventID(events.KindErasureRequested, workflow)
}

// CorrectWorkflow produces a correction_requested control event for a
// recorded workflow.
func (s *Server) CorrectWorkflow(ctx context.Context, req *trackerv1.CorrectWorkflowRequest) (*trackerv1.CorrectWorkflowResponse, error) {
	who, err := s.operator(ctx, "correct")
	if err != nil {
		return nil, err
	}
	if err := checkID("workflow_id", req.GetWorkflowId()); err != nil {
		return nil, err
	}
	if err := s.knownType(req.GetDocumentType()); err != nil {
		return nil, err
	}
	if o := req.GetOutcome(); o != "" && !outcomes[o] {
		return nil, status.Errorf(codes.InvalidArgument, "outcome %q: want approved, rejected or empty (keep the current one)", o)
	}
	if err := checkReason(req.GetReason()); err != nil {
		return nil, err
	}
	if len(req.GetRequestId()) > maxIDLen {
		return nil, status.Errorf(codes.InvalidArgument, "request_id has more than %d bytes", maxIDLen)
	}
	w, err := s.store.Get(ctx, req.GetWorkflowId())
	if err != nil {
		return nil, s.status(err)
	}
	fingerprint := emit.EventID(req.GetDocumentType(), req.GetOutcome(), req.GetReason())
	rid := req.GetRequestId()
	if rid == "" {
		// The same correction asked again (a retried call) is the same
		// request.
		rid = fingerprint
	}
	id := CorrectionEventID(w.ID, rid)
	switch {
	case !w.ErasedAt.IsZero():
		return nil, status.Errorf(codes.FailedPrecondition, "workflow %s was erased: there is nothing left to correct", w.ID)
	case w.DocumentType == req.GetDocumentType() && req.GetOutcome() == "":
		// A retry of the correction that made it so answers as the first
		// call did (found from outside: the retry of a correction already
		// applied was refused, "nothing to correct").
		if bound, ok, err := s.store.BoundRequest(ctx, id); err != nil {
			return nil, s.status(err)
		} else if ok && bound == fingerprint {
			return &trackerv1.CorrectWorkflowResponse{EventId: id}, nil
		}
		return nil, status.Errorf(codes.FailedPrecondition, "workflow %s is %s already: nothing to correct", w.ID, w.DocumentType)
	case w.Ledger == nil:
		// Recorded is what counts, not the status: a workflow that timed
		// out and was decided late is recorded too.
		return nil, status.Errorf(codes.FailedPrecondition, "workflow %s is %s, not recorded: only a recorded workflow can be corrected", w.ID, w.Status)
	}
	actor, err := auth.Actor(who, "")
	if err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	// A request id names one correction: used again with other
	// parameters, it is a mistake, not a retry.
	bound, err := s.store.BindRequest(ctx, id, fingerprint)
	if err != nil {
		return nil, s.status(err)
	}
	if bound != fingerprint {
		return nil, status.Errorf(codes.AlreadyExists, "request id %q of workflow %s names another correction already (another type, outcome or reason): use a new request id", rid, w.ID)
	}
	ev := &events.WorkflowControl{
		Meta: emit.Meta(id, w.ID, w.Tenant, "", s.clock.Now()), Kind: events.KindCorrectionRequested,
		Reason: req.GetReason(), Actor: &actor, Details: map[string]string{
			events.DetailDocumentType: req.GetDocumentType(), events.DetailOutcome: req.GetOutcome(), events.DetailRequestID: rid,
		},
	}
	if err := s.emit.Emit(ctx, events.TopicControl, ev); err != nil {
		return nil, s.status(err)
	}
	if err := s.audit(ctx, who, audit.Action{
		Name: audit.WorkflowCorrect, Actor: actor, Target: w.ID, Workflow: w.ID, Tenant: w.Tenant, Causation: id, Reason: req.GetReason(), At: s.clock.Now(),
		Details: map[string]string{"document_type": req.GetDocumentType(), "outcome": req.GetOutcome(), "previous_type": w.DocumentType, "request_id": rid},
	}); err != nil {
		return nil, err
	}
	s.log.Info("correction requested", "workflow_id", w.ID, "actor", actor, "document_type", req.GetDocumentType(),
		"outcome", req.GetOutcome(), "event_id", id)
	return &trackerv1.CorrectWorkflowResponse{EventId: id}, nil
}

// EraseWorkflow produces an erasure_requested control event.
func (s *Server) EraseWorkflow(ctx context.Context, req *trackerv1.EraseWorkflowRequest) (*trackerv1.EraseWorkflowResponse, error) {
	who, err := s.operator(ctx, "erase")
	if err != nil {
		return nil, err
	}
	if err := checkID("workflow_id", req.GetWorkflowId()); err != nil {
		return nil, err
	}
	if err := checkReason(req.GetReason()); err != nil {
		return nil, err
	}
	w, err := s.store.Get(ctx, req.GetWorkflowId())
	if err != nil {
		return nil, s.status(err)
	}
	id := ErasureEventID(w.ID)
	if !w.ErasedAt.IsZero() {
		return &trackerv1.EraseWorkflowResponse{EventId: id, AlreadyErased: true}, nil
	}
	actor, err := auth.Actor(who, "")
	if err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	doc, err := s.store.Document(ctx, w.ID)
	if err != nil {
		return nil, s.status(err)
	}
	// The document's reference (a hash, not content) lets ingest delete it
	// after its own view of the workflow expired.
	details := map[string]string{}
	if doc.SHA256 != "" {
		events.AddDocumentDetails(details, doc)
	}
	ev := &events.WorkflowControl{
		Meta: emit.Meta(id, w.ID, w.Tenant, "", s.clock.Now()), Kind: events.KindErasureRequested,
		Reason: req.GetReason(), Actor: &actor, Details: details,
	}
	if err := s.emit.Emit(ctx, events.TopicControl, ev); err != nil {
		return nil, s.status(err)
	}
	if err := s.audit(ctx, who, audit.Action{
		Name: audit.WorkflowErase, Actor: actor, Target: w.ID, Workflow: w.ID, Tenant: w.Tenant, Causation: id, Reason: req.GetReason(), At: s.clock.Now(),
	}); err != nil {
		return nil, err
	}
	s.log.Info("erasure requested", "workflow_id", w.ID, "actor", actor, "event_id", id)
	return &trackerv1.EraseWorkflowResponse{EventId: id}, nil
}

// operator returns the caller when it has the operator role.
func (s *Server) operator(ctx context.Context, action string) (auth.Principal, error) {
	who, err := s.cfg.Auth(ctx)
	if err != nil {
		return who, err
	}
	if who.Role != auth.RoleOperator {
		return who, status.Errorf(codes.PermissionDenied, "%s needs the operator role (%s)", action, who.Role)
	}
	return who, nil
}

func checkReason(r string) error {
	if r == "" || len(r) > maxTextLen {
		return status.Errorf(codes.InvalidArgument, "reason is required, at most %d bytes", maxTextLen)
	}
	return nil
}
