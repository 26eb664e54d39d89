package bus

import (
	"context"
	"fmt"
	"maps"
	"strconv"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/retry"
)

// CompensationRequest is a compensation_requested control event addressed
// to a step: undo the step's effects on the workflow.
type CompensationRequest struct {
	// Meta is the request's envelope: its event id names what the
	// compensation appends, so asking again appends nothing.
	Meta     events.Meta
	Workflow string
	Tenant   string
	Step     string
	// Cause is why the workflow steps back (details "cause").
	Cause string
	// Actor is who asked (the saga tracker).
	Actor string
	// Details are all the request's details: what the requester knows of
	// the step's effects besides step and cause.
	Details map[string]string
}

// Compensated is what a compensation undid.
type Compensated struct {
	// Details describe what was undone; the runtime adds them to the
	// compensated event's details, with "step". Set nothing_to_undo
	// (events.DetailNothingToUndo) "true" when the step had no effect left.
	Details map[string]string
	// Outputs are further events emitted in the same transaction as the
	// compensated event, before it (a ledger's reversal record).
	Outputs []Output
}

// Compensator undoes a step's effects on one workflow. It runs like a
// handler: in the consuming transaction, retried in process on transient
// errors with the policy of the handler it is declared on, and an external
// side effect goes through Message.Once. It must be idempotent for the
// workflow: it may run again after an aborted transaction.
type Compensator func(ctx context.Context, m *Message, req CompensationRequest) (Compensated, error)

// compensation is a step's declared compensation.
type compensation struct {
	step string
	fn   Compensator
}

// Compensation declares, beside a step's handler, what undoes that step's
// effects. The runtime then consumes docket.workflow.control as well (after
// the service's own handler of that topic, if it has one) and runs fn for
// every compensation_requested event whose details "step" is step: once per
// event, under the same transaction and duplicate guard as every handler.
// It emits, on docket.workflow.steps, compensated (details "step" and what
// fn returned) or, when fn failed for good (a structural or semantic error,
// or a transient one past the retries), compensation_failed (details
// "step", "error", "error_class"); such a request is never dead-lettered.
// The service must list events.TopicSteps among the topics it produces.
// Declare a step's compensation on one of its handlers only.
func Compensation(step string, fn Compensator) HandlerOption {
	return func(r *route) { r.comp = &compensation{step: step, fn: fn} }
}

// addRoute registers r for topic and takes the compensation declared on it.
func (rt *Runtime) addRoute(topic string, r *route) {
	rt.routes[topic] = r
	if c := r.comp; c != nil {
		if rt.comps == nil {
			rt.comps = map[string]*compensation{}
		}
		if _, dup := rt.comps[c.step]; dup {
			rt.dupComps = append(rt.dupComps, c.step)
		}
		rt.comps[c.step] = c
		if rt.compPolicy == nil {
			rt.compPolicy = r
		}
	}
}

// controlRoute returns the route of docket.workflow.control: the
// service's own handler, wrapped to take the compensation requests of its
// steps first when it declared compensations.
func (rt *Runtime) controlRoute() *route {
	own := rt.routes[events.TopicControl]
	if len(rt.comps) == 0 {
		return own
	}
	base := rt.compPolicy
	if own != nil {
		base = own
	}
	r := &route{topic: events.TopicControl, policy: base.policy, timeout: base.timeout}
	if base.policy.Attempts == 0 {
		r.policy = retry.Default
	}
	r.invoke = func(ctx context.Context, m *Message, e events.Event) ([]Output, error) {
		if c, req, ok := rt.compensationOf(e); ok {
			return rt.compensate(ctx, m, c, req)
		}
		if own == nil {
			return nil, nil // a control event for others
		}
		return own.invoke(ctx, m, e)
	}
	r.fallback = func(ctx context.Context, m *Message, e events.Event, err error) ([]Output, bool) {
		c, req, ok := rt.compensationOf(e)
		if !ok {
			return nil, false
		}
		rt.metrics.compensations.WithLabelValues(c.step, events.KindCompensationFailed).Inc()
		m.Log().WarnContext(ctx, "step compensation failed; a person has to look", "step", c.step, "cause", req.Cause, "error", err)
		details := map[string]string{events.DetailStep: c.step, events.DetailError: err.Error(), events.DetailErrorClass: string(fault.ClassOf(err))}
		return []Output{{Topic: events.TopicSteps, Event: rt.compensationEvent(req, events.KindCompensationFailed, details)}}, true
	}
	return r
}

// compensationOf returns the compensation an event requests of this
// service, if it is one.
func (rt *Runtime) compensationOf(e events.Event) (*compensation, CompensationRequest, bool) {
	ev, ok := e.(*events.WorkflowControl)
	if !ok || ev.Kind != events.KindCompensationRequested {
		return nil, CompensationRequest{}, false
	}
	c := rt.comps[ev.Details[events.DetailStep]]
	if c == nil {
		return nil, CompensationRequest{}, false
	}
	req := CompensationRequest{
		Meta: ev.Meta, Workflow: ev.Meta.WorkflowID, Tenant: ev.Meta.TenantID, Step: c.step,
		Cause: ev.Details[events.DetailCause], Details: ev.Details,
	}
	if ev.Actor != nil {
		req.Actor = *ev.Actor
	}
	return c, req, true
}

// compensate runs a compensation and returns its outputs followed by the
// compensated event.
func (rt *Runtime) compensate(ctx context.Context, m *Message, c *compensation, req CompensationRequest) ([]Output, error) {
	done, err := c.fn(ctx, m, req)
	if err != nil {
		return nil, fmt.Errorf("compensate %s of workflow %s: %w", c.step, req.Workflow, err)
	}
	details := map[string]string{}
	maps.Copy(details, done.Details)
	details[events.DetailStep] = c.step
	rt.metrics.compensations.WithLabelValues(c.step, compensationOutcome(details)).Inc()
	m.Log().InfoContext(ctx, "step compensated", "step", c.step, "cause", req.Cause, "details", details)
	return append(done.Outputs, Output{Topic: events.TopicSteps, Event: rt.compensationEvent(req, events.KindCompensated, details)}), nil
}

func compensationOutcome(details map[string]string) string {
	if undo, _ := strconv.ParseBool(details[events.DetailNothingToUndo]); undo {
		return "nothing_to_undo"
	}
	return "compensated"
}

// compensationEvent builds a compensated or compensation_failed event; the
// runtime fills its envelope from the request (a deterministic id, the
// request as causation).
func (rt *Runtime) compensationEvent(req CompensationRequest, kind string, details map[string]string) *events.WorkflowControl {
	actor := rt.service
	return &events.WorkflowControl{Kind: kind, Reason: req.Cause, Actor: &actor, Details: details}
}
