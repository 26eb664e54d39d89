// Package timers fires the tracker's durable timers. The timers live in
// Redis, scheduled and cleared by the projection script as events are
// projected (a workflow's deadline, a review's SLA, the grace after a
// cancel request), so they survive restarts; a Loop on every replica
// claims due timers atomically (one replica fires each) and produces a
// control event for each:
//
//	deadline → deadline_exceeded (the workflow becomes timed_out)
//	sla      → review_escalated, priority raised by one
//	cancel   → canceled, for a canceled workflow no agent ended
//	compensate → compensation_requested of a stepping-back workflow's next step
//
// The event id is derived from the timer and its due time (a compensation
// request's from the workflow and the step alone), so a timer
// fired again after a crash between producing and acknowledging yields a
// duplicate its consumers suppress, never a second event.
package timers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/emit"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// Store is what the loop needs of the projection store.
type Store interface {
	ClaimDue(ctx context.Context, now time.Time, claim time.Duration, limit int) ([]store.Timer, error)
	Ack(ctx context.Context, member string) error
}

// Emitter produces events.
type Emitter interface {
	Emit(ctx context.Context, topic string, e events.Event) error
}

var (
	_ Store   = (*store.Store)(nil)
	_ Emitter = (*emit.Emitter)(nil)
)

// Config tunes a Loop.
type Config struct {
	// Interval is how often the loop looks for due timers. Default 1s.
	Interval time.Duration
	// Claim is how long a claimed timer is reserved for its firer before
	// another replica may fire it again. Default 30s.
	Claim time.Duration
	// Batch bounds the timers claimed at once. Default 100.
	Batch int
}

// Loop fires due timers.
type Loop struct {
	cfg   Config
	store Store
	emit  Emitter
	clock clock.Clock
	log   *slog.Logger
	// Fired, when set, is told the kind of every control event a timer
	// fired (deadline_exceeded, review_escalated, canceled): the metrics.
	Fired func(kind string)
}

// New returns a loop.
func New(cfg Config, st Store, em Emitter, c clock.Clock, log *slog.Logger) *Loop {
	if cfg.Interval <= 0 {
		cfg.Interval = time.Second
	}
	if cfg.Claim <= 0 {
		cfg.Claim = 30 * time.Second
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 100
	}
	return &Loop{cfg: cfg, store: st, emit: em, clock: c, log: log}
}

// Run fires due timers every interval until ctx ends. Failures are logged
// and retried on the next turn (an unacknowledged timer fires again once
// its claim ends).
func (l *Loop) Run(ctx context.Context) error {
	t := time.NewTicker(l.cfg.Interval)
	defer t.Stop()
	for {
		if _, err := l.Fire(ctx); err != nil && ctx.Err() == nil {
			l.log.Warn("firing timers failed; retrying", "error", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Fire fires the timers due now, and returns how many it fired.
func (l *Loop) Fire(ctx context.Context) (int, error) {
	fired := 0
	for {
		due, err := l.store.ClaimDue(ctx, l.clock.Now(), l.cfg.Claim, l.cfg.Batch)
		if err != nil {
			return fired, err
		}
		var errs []error
		for _, tm := range due {
			if err := l.fire(ctx, tm); err != nil {
				errs = append(errs, err)
				continue
			}
			fired++
		}
		if err := errors.Join(errs...); err != nil {
			return fired, err
		}
		if len(due) < l.cfg.Batch {
			return fired, nil
		}
	}
}

func (l *Loop) fire(ctx context.Context, tm store.Timer) error {
	ev := Event(tm)
	if ev == nil {
		return l.store.Ack(ctx, tm.Member) // a kind this version does not know
	}
	if err := l.emit.Emit(ctx, events.TopicControl, ev); err != nil {
		return fmt.Errorf("fire timer %s: %w", tm.Member, err)
	}
	l.log.Info("timer fired", "timer", tm.Member, "workflow_id", tm.Workflow, "kind", ev.Kind, "event_id", ev.Meta.EventID, "due", tm.Due)
	if l.Fired != nil {
		l.Fired(ev.Kind)
	}
	return l.store.Ack(ctx, tm.Member)
}

// Event returns the control event a timer fires, nil for an unknown kind.
// It occurs at the timer's due time and its id derives from the timer and
// the due time.
func Event(tm store.Timer) *events.WorkflowControl {
	due := strconv.FormatInt(tm.Due.UnixMilli(), 10)
	id := emit.EventID("timer", tm.Member, due)
	actor := events.ServiceSagaTracker
	switch tm.Kind {
	case store.TimerDeadline:
		details := map[string]string{"deadline": tm.Due.Format(time.RFC3339Nano)}
		if d := tm.Document; d.URI != "" {
			// The exception agent's deadline review names the document
			// from these, so a reviewer can decide it.
			events.AddDocumentDetails(details, d)
		}
		return &events.WorkflowControl{
			Meta: emit.Meta(id, tm.Workflow, tm.Tenant, "", tm.Due), Kind: projection.KindDeadlineExceeded,
			Reason: "deadline " + tm.Due.Format(time.RFC3339) + " passed", Actor: &actor, Details: details,
		}
	case store.TimerSLA:
		return &events.WorkflowControl{
			Meta: emit.Meta(id, tm.Workflow, tm.Tenant, tm.Target, tm.Due), Kind: projection.KindReviewEscalated,
			Reason: "review SLA " + tm.Due.Format(time.RFC3339) + " passed", Actor: &actor,
			Details: map[string]string{
				projection.DetailTaskID: tm.Target, projection.DetailPriority: strconv.Itoa(tm.Priority + 1),
				"sla": tm.Due.Format(time.RFC3339Nano),
			},
		}
	case store.TimerCompensate:
		return compensationRequest(tm)
	case store.TimerCancel:
		return &events.WorkflowControl{
			Meta: emit.Meta(cancel.CanceledEventID(tm.Workflow), tm.Workflow, tm.Tenant, cancel.RequestedEventID(tm.Workflow), tm.Due),
			Kind: projection.KindCanceled, Reason: tm.Reason, Actor: &actor,
			Details: map[string]string{"ended_by": "tracker: no agent ended the workflow within the cancel grace"},
		}
	}
	return nil
}

// compensationRequest is the compensation_requested event of a compensate
// timer: its id derives from the workflow and the step, so the step is
// asked once however often the timer fires.
func compensationRequest(tm store.Timer) *events.WorkflowControl {
	actor := events.ServiceSagaTracker
	details := map[string]string{events.DetailStep: tm.Step, events.DetailCause: tm.Cause}
	if tm.Step == events.StepOCR && tm.Effect != "" {
		details[projection.DetailTextSHA256] = tm.Effect
	}
	return &events.WorkflowControl{
		Meta: emit.Meta(CompensationEventID(tm.Workflow, tm.Step), tm.Workflow, tm.Tenant, "", tm.Due),
		Kind: events.KindCompensationRequested, Reason: "compensation of " + tm.Step + ": " + tm.Cause, Actor: &actor, Details: details,
	}
}

// CompensationEventID is the id of the request to compensate step of
// workflow wf.
func CompensationEventID(wf, step string) string {
	return emit.EventID(events.KindCompensationRequested, wf, step)
}
