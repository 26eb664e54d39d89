package submit

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// Steps are the workflow's steps in order; a bar's position is the index
// of the workflow's stage among them, plus one.
var Steps = []string{"ingest", "ocr", "classify", "review", "ledger"}

// Position is how far a workflow is along Steps (1..len(Steps)); a
// completed workflow is at the end.
func Position(w *trackerv1.Workflow) int {
	if w.GetStatus() == trackerv1.Status_STATUS_COMPLETED {
		return len(Steps)
	}
	for i, s := range Steps {
		if s == w.GetStage() {
			return i + 1
		}
	}
	return 0
}

// Ending is why `docket submit --wait` stopped waiting for a workflow.
type Ending int

// Endings.
const (
	// Running: not ended yet.
	Running Ending = iota
	// Succeeded: completed.
	Succeeded
	// Failed: failed or timed out; the command exits non-zero.
	Failed
	// Canceled by an operator.
	Canceled
	// Paused: parked or waiting for review; a person acts next, so the
	// command stops waiting.
	Paused
)

// EndingOf classifies a workflow's status.
func EndingOf(s trackerv1.Status) Ending {
	switch s {
	case trackerv1.Status_STATUS_COMPLETED:
		return Succeeded
	case trackerv1.Status_STATUS_FAILED, trackerv1.Status_STATUS_TIMED_OUT, trackerv1.Status_STATUS_COMPENSATED:
		return Failed
	case trackerv1.Status_STATUS_CANCELED:
		return Canceled
	case trackerv1.Status_STATUS_PARKED, trackerv1.Status_STATUS_WAITING_REVIEW, trackerv1.Status_STATUS_COMPENSATION_FAILED:
		return Paused
	default:
		return Running
	}
}

// Explain says in words where a workflow stands once waiting stops.
func Explain(w *trackerv1.Workflow) string {
	switch w.GetStatus() {
	case trackerv1.Status_STATUS_COMPLETED:
		if l := w.GetLedger(); l != nil {
			return fmt.Sprintf("completed: recorded in the ledger, sequence %d", l.GetSequence())
		}
		return "completed"
	case trackerv1.Status_STATUS_WAITING_REVIEW:
		return "waiting for review: stopped waiting (docket review list)"
	case trackerv1.Status_STATUS_PARKED:
		return "parked for an operator: stopped waiting (docket dlq list --workflow " + w.GetId() + ")"
	}
	s := render.Status(w.GetStatus())
	if w.GetLastError() != "" {
		s += ": " + w.GetLastError()
	}
	return s
}

// Follower reads a workflow's state from the saga tracker as it changes.
type Follower struct {
	Tracker trackerv1.TrackerClient
	// Poll is how often GetWorkflow is asked when the tracker cannot
	// stream (no WatchWorkflow), and the pause before resuming a broken
	// stream.
	Poll time.Duration
}

// maxStreamRetries bounds the resumptions of a watch that keeps breaking.
const maxStreamRetries = 5

// Follow calls onChange with each new state of workflow id (status, stage
// or progress; the tracker may not know it yet right after submission) until it ends (see
// EndingOf), and returns its full final state. It follows the tracker's
// WatchWorkflow stream, resuming from its cursor when it breaks, and polls
// GetWorkflow when the tracker does not implement the stream.
func (f *Follower) Follow(ctx context.Context, id string, onChange func(*trackerv1.Workflow)) (*trackerv1.Workflow, error) {
	cursor := ""
	var last *trackerv1.Workflow
	for failures := 0; ; {
		st, err := f.Tracker.WatchWorkflow(ctx, &trackerv1.WatchWorkflowRequest{Id: id, Cursor: cursor})
		for err == nil {
			var ch *trackerv1.WorkflowChange
			if ch, err = st.Recv(); err != nil {
				break
			}
			failures = 0
			cursor = ch.GetCursor()
			w := &trackerv1.Workflow{Id: ch.GetWorkflowId(), Tenant: ch.GetTenant(), Status: ch.GetStatus(), Stage: ch.GetStage(), Progress: ch.GetProgress()}
			if changed(last, w) {
				last = w
				onChange(w)
			}
			if EndingOf(w.GetStatus()) != Running {
				return f.final(ctx, w)
			}
		}
		switch {
		case status.Code(err) == codes.Unimplemented:
			return f.poll(ctx, id, last, onChange)
		case ctx.Err() != nil:
			return last, ctx.Err()
		case status.Code(err) == codes.FailedPrecondition:
			cursor = "" // the cursor is too old: start again from a snapshot
		}
		if failures++; failures > maxStreamRetries {
			return last, fmt.Errorf("watch workflow %s on the saga tracker: %w", id, err)
		}
		select {
		case <-ctx.Done():
			return last, ctx.Err()
		case <-time.After(f.Poll):
		}
	}
}

// changed reports whether w differs from last in what a follower shows:
// status, stage or the running step's progress.
func changed(last, w *trackerv1.Workflow) bool {
	return last == nil || w.GetStatus() != last.GetStatus() || w.GetStage() != last.GetStage() ||
		!proto.Equal(w.GetProgress(), last.GetProgress())
}

// final reads the full state of a workflow that ended (the stream's
// changes carry no error or ledger reference).
func (f *Follower) final(ctx context.Context, w *trackerv1.Workflow) (*trackerv1.Workflow, error) {
	full, err := f.Tracker.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: w.GetId()})
	if err != nil {
		return w, fmt.Errorf("read workflow %s from the saga tracker: %w", w.GetId(), err)
	}
	return full, nil
}

// poll asks GetWorkflow every Poll.
func (f *Follower) poll(ctx context.Context, id string, last *trackerv1.Workflow, onChange func(*trackerv1.Workflow)) (*trackerv1.Workflow, error) {
	t := time.NewTicker(f.Poll)
	defer t.Stop()
	for {
		w, err := f.Tracker.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
		switch {
		case status.Code(err) == codes.NotFound:
		case err != nil:
			return last, fmt.Errorf("read workflow %s from the saga tracker: %w", id, err)
		default:
			if changed(last, w) {
				last = w
				onChange(w)
			}
			if EndingOf(w.GetStatus()) != Running {
				return w, nil
			}
		}
		select {
		case <-ctx.Done():
			return last, ctx.Err()
		case <-t.C:
		}
	}
}
