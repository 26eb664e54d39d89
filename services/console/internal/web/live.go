package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"google.golang.org/grpc"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// Change is one workflow change as the live stream sends it.
type Change struct {
	Cursor     string    `json:"cursor"`
	WorkflowID string    `json:"workflow_id"`
	Tenant     string    `json:"tenant"`
	Status     string    `json:"status"`
	Stage      string    `json:"stage"`
	EventType  string    `json:"event_type"`
	At         time.Time `json:"at"`
	Summary    string    `json:"summary"`
	Snapshot   bool      `json:"snapshot"`
	Progress   *Progress `json:"progress,omitempty"`
}

func changeOf(c *trackerv1.WorkflowChange) Change {
	return Change{Cursor: c.GetCursor(), WorkflowID: c.GetWorkflowId(), Tenant: c.GetTenant(), Status: statusName(c.GetStatus()),
		Stage: c.GetStage(), EventType: c.GetEventType(), At: ts(c.GetOccurredAt()), Summary: c.GetSummary(), Snapshot: c.GetSnapshot(),
		Progress: progressOf(c.GetProgress())}
}

// heartbeat keeps idle streams open through proxies.
const heartbeat = 15 * time.Second

// watchWorkflows streams every change the person may see (the tracker
// scopes a tenant's token to its tenant) as Server-Sent Events, from the
// Last-Event-ID cursor when the browser reconnects.
func (s *Server) watchWorkflows(w http.ResponseWriter, r *http.Request, x *session) {
	req := &trackerv1.WatchWorkflowsRequest{Tenant: r.URL.Query().Get("tenant"), Cursor: r.Header.Get("Last-Event-ID")}
	s.stream(w, r, func(ctx context.Context) (recv, error) {
		st, err := s.o.Tracker.WatchWorkflows(outgoing(ctx, x), req)
		return st, err
	})
}

// watchWorkflow streams one workflow's changes.
func (s *Server) watchWorkflow(w http.ResponseWriter, r *http.Request, x *session) {
	req := &trackerv1.WatchWorkflowRequest{Id: r.PathValue("id"), Cursor: r.Header.Get("Last-Event-ID")}
	s.stream(w, r, func(ctx context.Context) (recv, error) {
		st, err := s.o.Tracker.WatchWorkflow(outgoing(ctx, x), req)
		return st, err
	})
}

type recv interface {
	Recv() (*trackerv1.WorkflowChange, error)
}

var _ recv = (grpc.ServerStreamingClient[trackerv1.WorkflowChange])(nil)

func (s *Server) stream(w http.ResponseWriter, r *http.Request, open func(context.Context) (recv, error)) {
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	go func() {
		select {
		case <-s.closing:
			cancel()
		case <-ctx.Done():
		}
	}()
	st, err := open(ctx)
	if err != nil {
		grpcError(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 2000\n: live\n\n")
	fl.Flush()
	s.streams.Inc()
	defer s.streams.Dec()
	changes := make(chan *trackerv1.WorkflowChange, 64)
	errc := make(chan error, 1)
	go func() {
		for {
			c, err := st.Recv()
			if err != nil {
				errc <- err
				return
			}
			select {
			case changes <- c:
			case <-ctx.Done():
				return
			}
		}
	}()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case err := <-errc:
			// The browser reconnects by itself (retry:); a cursor too old
			// to resume makes it list again (event "reset").
			b, _ := json.Marshal(map[string]string{"error": err.Error()})
			fmt.Fprintf(w, "event: reset\ndata: %s\n\n", b)
			fl.Flush()
			return
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			fl.Flush()
		case c := <-changes:
			b, err := json.Marshal(changeOf(c))
			if err != nil {
				continue
			}
			fmt.Fprintf(w, "id: %s\nevent: change\ndata: %s\n\n", c.GetCursor(), b)
			// Send what arrived together in one flush.
			for n := len(changes); n > 0; n-- {
				c := <-changes
				if b, err := json.Marshal(changeOf(c)); err == nil {
					fmt.Fprintf(w, "id: %s\nevent: change\ndata: %s\n\n", c.GetCursor(), b)
				}
			}
			fl.Flush()
		}
	}
}
