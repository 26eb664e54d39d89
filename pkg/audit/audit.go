// Package audit builds the records of docket.audit, the append-only log of
// operator actions: who (the principal bound to the credential, see
// pkg/auth), what, on which workflow, when and from where. The services
// that take operator actions (the tracker: review claims and decisions,
// cancellations, corrections and erasures; the exception agent: replays and discards) produce one
// per action beside the action's own events.
package audit

import (
	"time"

	"github.com/google/uuid"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/events"
)

// Actions.
const (
	ReviewClaim     = "review.claim"
	ReviewDecide    = "review.decide"
	WorkflowCancel  = "workflow.cancel"
	WorkflowCorrect = "workflow.correct"
	WorkflowErase   = "workflow.erase"
	ParkedReplay    = "parked.replay"
	ParkedDiscard   = "parked.discard"
)

// Action is one operator action.
type Action struct {
	// Name is what was done: ReviewClaim, ReviewDecide, ...
	Name string
	// Actor is who did it as recorded elsewhere (auth.Actor of the
	// principal and the name the request gave).
	Actor string
	// Target is what it was done to: a task id, a parked item id, the
	// workflow id.
	Target string
	// Workflow and Tenant are the workflow acted on (the record key) and
	// its tenant.
	Workflow, Tenant string
	// Causation is the event the action produced or acted on, if any.
	Causation string
	// RemoteAddr is the caller's address.
	RemoteAddr string
	Reason     string
	Details    map[string]string
	At         time.Time
}

// Event returns the audit event of a by principal p, produced by producer.
// Every call is a new event: an action retried is audited again.
func Event(p auth.Principal, a Action, producer events.Producer) *events.AuditEvent {
	details := a.Details
	if details == nil {
		details = map[string]string{}
	}
	return &events.AuditEvent{
		Meta: events.Meta{
			EventID: uuid.NewString(), WorkflowID: a.Workflow, TenantID: a.Tenant,
			OccurredAt: a.At.UTC().Truncate(time.Millisecond), CausationID: a.Causation, Producer: producer,
		},
		Action: a.Name, Principal: a.Actor, Role: string(p.Role), PrincipalTenant: p.Tenant,
		AuthenticatedBy: p.Via, Target: a.Target, RemoteAddr: a.RemoteAddr, Reason: a.Reason, Details: details,
	}
}
