// Package deadline puts a workflow whose deadline passed in front of a
// human: every deadline_exceeded control event becomes a review request
// carrying the workflow's full state, read from the saga tracker when one is
// configured, else what the control event says. A failure to build it is an
// error the runtime retries and, past its retries, dead-letters to the
// agent's own DLQ: a breach is never dropped.
package deadline

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/retry"
)

// KindDeadlineExceeded is the control event kind of a deadline breach.
const KindDeadlineExceeded = "deadline_exceeded"

// ReviewReason is the reason of the review requests this package produces.
const ReviewReason = "deadline_exceeded"

// Limits on what is copied into a review request's context.
const (
	historyPage    = 1000
	maxHistoryRows = 200
	maxHistoryText = 32 << 10
)

// Tracker is the part of the tracker's read API used here.
type Tracker interface {
	GetWorkflow(ctx context.Context, in *trackerv1.GetWorkflowRequest, opts ...grpc.CallOption) (*trackerv1.Workflow, error)
	GetHistory(ctx context.Context, in *trackerv1.GetHistoryRequest, opts ...grpc.CallOption) (*trackerv1.GetHistoryResponse, error)
}

// Handler turns deadline breaches into review requests.
type Handler struct {
	// Tracker is read for the workflow's state; nil when none is
	// configured.
	Tracker Tracker
	// ReviewSLA is how long the human has to decide.
	ReviewSLA time.Duration
	// Requested counts the review requests produced.
	Requested func()
}

// Handle handles one control event; kinds other than deadline_exceeded
// are not this handler's business.
func (h *Handler) Handle(ctx context.Context, m *bus.Message, c *events.WorkflowControl) ([]bus.Output, error) {
	if c.Kind != KindDeadlineExceeded {
		return nil, nil
	}
	wf := c.Meta.WorkflowID
	if wf == "" {
		return nil, fault.Structuralf("deadline_exceeded event %s names no workflow", c.Meta.EventID)
	}
	r := &events.ReviewRequested{
		Reason:      ReviewReason,
		Priority:    2,
		SLADeadline: c.Meta.OccurredAt.Add(h.ReviewSLA),
		Candidates:  []events.Candidate{},
		Flags:       []events.Flag{},
		Context: map[string]string{
			"deadline_event":  c.Meta.EventID,
			"deadline_reason": c.Reason,
			"breached_at":     c.Meta.OccurredAt.UTC().Format(time.RFC3339Nano),
			"state_source":    "control_event",
		},
	}
	r.Meta.WorkflowID = wf
	for k, v := range c.Details {
		r.Context["control."+k] = v
	}
	r.Document = events.DocumentFromDetails(c.Details)
	if h.Tracker != nil {
		// A breach is an alarm: it is raised with the control event's state
		// when the tracker cannot be read, rather than dead-lettered to the
		// agent's own DLQ, which no one drains.
		_, err := retry.Do(ctx, TrackerRetry, func(ctx context.Context, _ int) error {
			return h.addTrackerState(ctx, wf, r.Context)
		}, nil)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fault.Wrap(fault.Transient, err)
			}
			r.Context["state_source"] = "control_event (tracker unreadable)"
			r.Context["tracker_error"] = err.Error()
			m.Log().WarnContext(ctx, "tracker unreadable: review requested with the control event's state", "error", err)
		}
	}
	m.Log().WarnContext(ctx, "workflow deadline exceeded; review requested", "state_source", r.Context["state_source"])
	if h.Requested != nil {
		h.Requested()
	}
	return []bus.Output{{Topic: events.TopicReviewRequested, Event: r}}, nil
}

// TrackerRetry bounds the reads of the tracker for one breach: about
// three seconds of tries before the review is requested without its state.
var TrackerRetry = retry.Policy{Attempts: 4, Initial: 250 * time.Millisecond, Max: 2 * time.Second, Multiplier: 3}

// addTrackerState copies the tracker's view of workflow wf into ctx: its
// status, stage, steps, last error and history. A workflow the tracker
// never saw is noted as such; any other failure is transient.
func (h *Handler) addTrackerState(ctx context.Context, wf string, out map[string]string) error {
	w, err := h.Tracker.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: wf})
	if status.Code(err) == codes.NotFound {
		out["state_source"] = "control_event (tracker has no such workflow)"
		return nil
	}
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("tracker GetWorkflow %s: %w", wf, err))
	}
	hist, err := h.history(ctx, wf)
	if err != nil {
		return fault.Wrap(fault.Transient, err)
	}
	state := map[string]string{
		"state_source":        "tracker",
		"workflow.status":     strings.ToLower(strings.TrimPrefix(w.GetStatus().String(), "STATUS_")),
		"workflow.stage":      w.GetStage(),
		"workflow.tenant":     w.GetTenant(),
		"workflow.last_error": w.GetLastError(),
		"workflow.events":     strconv.FormatInt(w.GetEvents(), 10),
		"workflow.created_at": ts(w.GetCreatedAt()),
		"workflow.updated_at": ts(w.GetUpdatedAt()),
		"workflow.history":    hist,
	}
	for _, s := range w.GetSteps() {
		state["workflow.step."+s.GetName()] = fmt.Sprintf("started=%s finished=%s attempts=%d", ts(s.GetStartedAt()), ts(s.GetFinishedAt()), s.GetAttempts())
	}
	if l := w.GetLedger(); l != nil {
		state["workflow.ledger"] = fmt.Sprintf("%s/%d sequence %d hash %s", l.GetTopic(), l.GetPartition(), l.GetSequence(), l.GetRecordHash())
	}
	maps.Copy(out, state)
	return nil
}

// history returns the workflow's history, oldest first, one line per
// entry, at most maxHistoryRows of the latest entries and maxHistoryText
// bytes.
func (h *Handler) history(ctx context.Context, wf string) (string, error) {
	var rows []string
	token := ""
	for {
		resp, err := h.Tracker.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: wf, PageSize: historyPage, PageToken: token})
		if err != nil {
			return "", fmt.Errorf("tracker GetHistory %s: %w", wf, err)
		}
		for _, e := range resp.GetEntries() {
			rows = append(rows, fmt.Sprintf("%s %s %s (%s): %s", ts(e.GetOccurredAt()), e.GetTopic(), e.GetType(), e.GetProducer(), e.GetSummary()))
		}
		if len(rows) > maxHistoryRows {
			rows = rows[len(rows)-maxHistoryRows:]
		}
		token = resp.GetNextPageToken()
		if token == "" {
			break
		}
	}
	text := strings.Join(rows, "\n")
	for len(text) > maxHistoryText && len(rows) > 1 {
		rows = rows[1:]
		text = strings.Join(rows, "\n")
	}
	return text, nil
}

func ts(t *timestamppb.Timestamp) string {
	if t == nil {
		return ""
	}
	return t.AsTime().UTC().Format(time.RFC3339Nano)
}
