package operations

import (
	"context"
	"regexp"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/audit"
	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/emit"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// typePattern is what a document type looks like (the classifier's types:
// invoice, bank_statement, ...). The tracker does not know the classifier's
// model; the ledger records the type an operator gives.
var typePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

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
	if !typePattern.MatchString(req.GetDocumentType()) {
		return nil, status.Errorf(codes.InvalidArgument, "document_type %.70q: want a document type such as invoice (lowercase letters, digits and _)", req.GetDocumentType())
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
	switch {
	case !w.ErasedAt.IsZero():
		return nil, status.Errorf(codes.FailedPrecondition, "workflow %s was erased: there is nothing left to correct", w.ID)
	case w.Ledger == nil || w.Status != projection.StatusCompleted:
		return nil, status.Errorf(codes.FailedPrecondition, "workflow %s is %s, not recorded: only a recorded workflow can be corrected", w.ID, w.Status)
	}
	actor, err := auth.Actor(who, "")
	if err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	rid := req.GetRequestId()
	if rid == "" {
		// The same correction asked again (a retried call) is the same
		// request.
		rid = emit.EventID(req.GetDocumentType(), req.GetOutcome(), req.GetReason())
	}
	id := CorrectionEventID(w.ID, rid)
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
