package bus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Canceler tells which workflows are canceled: the reason of each canceled
// one among ids (absent when not canceled), in one round trip.
// cancel.Markers is the implementation on Redis.
type Canceler interface {
	Canceled(ctx context.Context, ids []string) (map[string]string, error)
}

var _ Canceler = (*cancel.Markers)(nil)

// DeadlineChecker tells which workflows ran past their deadline: the reason
// of each among ids (absent when not), in one round trip. A CancelCheck
// Canceler that also implements it (cancel.Markers does) stops running
// long jobs of timed-out workflows at the next heartbeat, and queued ones
// before they start. Short steps do not look: a timed-out workflow goes to
// a reviewer, and the services after the long step must still handle that
// decision.
type DeadlineChecker interface {
	TimedOut(ctx context.Context, ids []string) (map[string]string, error)
}

var _ DeadlineChecker = (*cancel.Markers)(nil)

// EndChecker answers both questions in one round trip: which workflows
// are canceled and which ran past their deadline.
type EndChecker interface {
	Ended(ctx context.Context, ids []string) (canceled, timedOut map[string]string, err error)
}

var _ EndChecker = (*cancel.Markers)(nil)

// ended returns the canceled workflows among ids and, when c is also a
// DeadlineChecker, those past their deadline: in one round trip when c
// is an EndChecker. A failed deadline read leaves timedOut empty.
func ended(ctx context.Context, c Canceler, ids []string) (canceled, timedOut map[string]string, err error) {
	if ec, ok := c.(EndChecker); ok {
		return ec.Ended(ctx, ids)
	}
	if canceled, err = c.Canceled(ctx, ids); err != nil {
		return nil, nil, err
	}
	if dc, ok := c.(DeadlineChecker); ok {
		if timedOut, err = dc.TimedOut(ctx, ids); err != nil {
			return canceled, nil, fmt.Errorf("deadlines: %w", err)
		}
	}
	return canceled, timedOut, nil
}

// TimedOutError ends a long job whose workflow's deadline passed while it
// ran or waited: the runtime emits a step_stopped event
// (docket.workflow.steps) instead of the handler's outputs, and the job is
// done.
type TimedOutError struct {
	Workflow string
	Reason   string
}

func (e *TimedOutError) Error() string {
	return "workflow " + e.Workflow + " timed out: " + e.Reason
}

// outcomeStopped counts the long jobs stopped by their workflow's deadline.
const outcomeStopped = "stopped"

// ErrCanceled is returned by Message.CheckCanceled for a canceled
// workflow. A handler that returns it (wrapped or not) ends the workflow:
// the runtime emits a canceled event (docket.workflow.steps) instead of the handler's
// outputs or a dead letter. It is not retried.
var ErrCanceled = fault.Wrap(fault.Structural, errors.New("workflow canceled"))

// ErrNotQuick is what a handler returns, wrapped or not, when Inline
// reports true and the record's work turns out long: the record becomes
// a job in the same transaction, run in its priority's lane, without a
// failed attempt counted. Returned outside a batch it is a structural
// failure.
var ErrNotQuick = errors.New("not a quick record after all")

// CanceledError is what Message.CheckCanceled returns for a canceled
// workflow; it wraps ErrCanceled.
type CanceledError struct {
	Workflow string
	Reason   string
}

func (e *CanceledError) Error() string {
	return "workflow " + e.Workflow + " canceled: " + e.Reason
}

// Unwrap returns ErrCanceled.
func (e *CanceledError) Unwrap() error { return ErrCanceled }

// outcomeCanceled counts the records of canceled workflows.
const outcomeCanceled = "canceled"

// CancelCheck makes the runtime check, before calling handlers, whether
// the workflows of a polled batch were canceled (one Canceler call per
// batch). For a record of a canceled workflow it calls no handler and emits
// a canceled event on docket.workflow.steps instead, with an
// event id derived from the workflow alone (cancel.CanceledEventID), so
// whichever service ends the workflow, its history shows it once. The
// service must list events.TopicSteps among the topics it produces.
// Handlers may also call Message.CheckCanceled between long steps. Default
// none: the runtime does not look at cancellations. Control events
// (docket.workflow.control) are always handled.
func CancelCheck(c Canceler) Option { return func(cfg *config) { cfg.canceler = c } }

// cancelIDs returns the workflows of items the cancel check asks about:
// none without CancelCheck, else each decoded item's but a control
// event's, once.
func (rt *Runtime) cancelIDs(items []*item) []string {
	if rt.cfg.canceler == nil {
		return nil
	}
	seen := map[string]bool{}
	var ids []string
	for _, it := range items {
		if !cancelable(it) {
			continue
		}
		if wf := it.event.EventMeta().WorkflowID; wf != "" && !seen[wf] {
			seen[wf] = true
			ids = append(ids, wf)
		}
	}
	return ids
}

// skipCanceled replaces the handling of every record whose workflow is
// among canceled (workflow → reason) by a canceled event.
func (rt *Runtime) skipCanceled(ctx context.Context, items []*item, canceled map[string]string) error {
	for _, it := range items {
		if !cancelable(it) {
			continue
		}
		reason, ok := canceled[it.event.EventMeta().WorkflowID]
		if !ok {
			continue
		}
		if err := rt.cancelItem(ctx, it, reason); err != nil {
			return err
		}
		it.done = true // not handled
	}
	return nil
}

// cancelable reports whether an item is subject to the cancel check:
// decoded, not a duplicate, and not a control event (those are never
// suppressed: the ledger records discarded workflows from them).
func cancelable(it *item) bool {
	return !it.done && it.event != nil && originOf(it.rec).Topic != events.TopicControl
}

// cancelItem sets the item's output to the workflow's canceled event.
func (rt *Runtime) cancelItem(ctx context.Context, it *item, reason string) error {
	wf := it.event.EventMeta().WorkflowID
	actor := rt.service
	ev := &events.WorkflowControl{
		Meta:    events.Meta{EventID: cancel.CanceledEventID(wf), CausationID: cancel.RequestedEventID(wf)},
		Kind:    "canceled",
		Reason:  reason,
		Actor:   &actor,
		Details: map[string]string{"skipped_event": it.event.EventMeta().EventID},
	}
	rec, err := rt.outputRecord(ctx, it.rec, it.event, 0, Output{Topic: events.TopicSteps, Event: ev})
	if err != nil {
		return fmt.Errorf("%w: canceled event of %s: %w", errUnusable, wf, err)
	}
	it.outs, it.ok = []*kgo.Record{rec}, true
	rt.metrics.processed.WithLabelValues(it.rec.Topic, outcomeCanceled).Inc()
	return nil
}

// stopItem sets a long job's output to a step_stopped event: the step gave
// up on a workflow whose deadline passed. Its id derives from the input
// event's, like any output, so a job stopped twice (a takeover) emits one.
func (rt *Runtime) stopItem(ctx context.Context, it *item, reason string) error {
	wf := it.event.EventMeta().WorkflowID
	actor := rt.service
	ev := &events.WorkflowControl{
		Kind:    events.KindStepStopped,
		Reason:  reason,
		Actor:   &actor,
		Details: map[string]string{events.DetailStep: rt.service, "skipped_event": it.event.EventMeta().EventID},
	}
	rec, err := rt.outputRecord(ctx, it.rec, it.event, 0, Output{Topic: events.TopicSteps, Event: ev})
	if err != nil {
		return fmt.Errorf("%w: step_stopped event of %s: %w", errUnusable, wf, err)
	}
	it.outs, it.ok = []*kgo.Record{rec}, true
	rt.metrics.processed.WithLabelValues(it.rec.Topic, outcomeStopped).Inc()
	return nil
}

// endCanceled ends an item whose handler returned ErrCanceled.
func (rt *Runtime) endCanceled(ctx context.Context, log func() *slog.Logger, it *item, err error) {
	reason := "canceled"
	var ce *CanceledError
	if errors.As(err, &ce) {
		reason = ce.Reason
	}
	if cerr := rt.cancelItem(ctx, it, reason); cerr != nil {
		it.fatal = cerr
		return
	}
	log().InfoContext(ctx, "workflow canceled; handler stopped", "reason", reason)
}

// CheckCanceled returns a *CanceledError (wrapping ErrCanceled) when the message's
// workflow was canceled, nil otherwise (or when the runtime has no
// CancelCheck). A handler calls it between long steps (OCR between pages)
// and returns the error to stop: the runtime ends the workflow canceled.
// Failing to read the marker is a transient error.
func (m *Message) CheckCanceled(ctx context.Context) error {
	c := m.rt.cfg.canceler
	if c == nil {
		return nil
	}
	wf := string(m.Record.Key)
	got, err := c.Canceled(ctx, []string{wf})
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("check cancel of %s: %w", wf, err))
	}
	if reason, ok := got[wf]; ok {
		return &CanceledError{Workflow: wf, Reason: reason}
	}
	return nil
}
