package server

import (
	"context"
	"errors"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// changeBatch bounds the changes one read of the stream returns.
const changeBatch = 500

// notifier wakes the watches when the change stream grows: one goroutine
// (tail) blocks on the stream, so a watch holds no Redis connection while
// it waits. The tail reads the stream only while a watch is open: reading
// it decodes every change, a sixth of the tracker's CPU under load, for
// nobody when nobody watches.
type notifier struct {
	mu       sync.Mutex
	ch       chan struct{}
	watchers int
	active   chan struct{} // closed while watchers > 0
}

func newNotifier() *notifier {
	return &notifier{ch: make(chan struct{}), active: make(chan struct{})}
}

// wait returns a channel closed at the next broadcast.
func (n *notifier) wait() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.ch
}

func (n *notifier) broadcast() {
	n.mu.Lock()
	defer n.mu.Unlock()
	close(n.ch)
	n.ch = make(chan struct{})
}

// join counts a watch in until the returned leave is called.
func (n *notifier) join() (leave func()) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.watchers++; n.watchers == 1 {
		close(n.active)
	}
	return func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.watchers--; n.watchers == 0 {
			n.active = make(chan struct{})
		}
	}
}

// watched returns a channel closed while at least one watch is open.
func (n *notifier) watched() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.active
}

// idle reports whether no watch is open.
func (n *notifier) idle() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.watchers == 0
}

// tail blocks on the change stream and wakes the watches at every growth,
// while any watch is open, until ctx ends. Each time watching starts it
// takes the stream's last cursor and wakes the watches once, so a watch
// that read the stream just before misses nothing. While watches are open
// it keeps the stream written (store.KeepChanges) every quarter of the
// store's idle setting.
func (s *Server) tail(ctx context.Context) {
	cursor := ""
	var kept time.Time
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
			return
		case <-s.changes.watched():
		}
		var err error
		if idle := s.store.ChangesIdle(); idle > 0 && time.Since(kept) >= idle/4 {
			if err = s.store.KeepChanges(ctx); err == nil {
				kept = time.Now()
			}
		}
		switch {
		case err != nil:
		case cursor == "":
			if cursor, err = s.store.LastCursor(ctx); err == nil {
				s.changes.broadcast()
			}
		default:
			var next string
			next, err = s.store.WaitChange(ctx, cursor, time.Second)
			if err == nil && next != cursor {
				cursor = next
				s.changes.broadcast()
			}
		}
		if err != nil && ctx.Err() == nil {
			s.log.Warn("tail change stream", "error", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
		if s.changes.idle() {
			cursor = "" // nobody to wake: stop reading until a watch opens
		}
	}
}

// WatchWorkflows streams the changes the filter selects.
func (s *Server) WatchWorkflows(req *trackerv1.WatchWorkflowsRequest, stream grpc.ServerStreamingServer[trackerv1.WorkflowChange]) error {
	ctx := stream.Context()
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	tenant, err := scope(p, req.GetTenant())
	if err != nil {
		return err
	}
	want := ""
	if st := req.GetStatus(); st != trackerv1.Status_STATUS_UNSPECIFIED {
		var ok bool
		if want, ok = statusName[st]; !ok {
			return status.Errorf(codes.InvalidArgument, "unknown status %d", st)
		}
	}
	cursor, err := s.startCursor(ctx, req.GetCursor())
	if err != nil {
		return err
	}
	return s.watch(ctx, stream, cursor, func(c store.Change) bool {
		return (tenant == "" || c.Tenant == tenant) && (want == "" || c.Status == want)
	})
}

// WatchWorkflow streams the changes to one workflow.
func (s *Server) WatchWorkflow(req *trackerv1.WatchWorkflowRequest, stream grpc.ServerStreamingServer[trackerv1.WorkflowChange]) error {
	ctx := stream.Context()
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	id := req.GetId()
	if err := checkID(id); err != nil {
		return err
	}
	// A workflow not seen yet may be watched (its first events are on the
	// way); one of another tenant is not found.
	w, err := s.visible(ctx, p, id)
	exists := err == nil
	if err != nil && status.Code(err) != codes.NotFound {
		return err
	}
	if !exists && w.ID != "" {
		return err
	}
	cursor, err := s.startCursor(ctx, req.GetCursor())
	if err != nil {
		return err
	}
	if req.GetCursor() == "" {
		// The state read after the cursor includes every change up to it;
		// changes after it may show again in the stream, which is harmless.
		if w, err = s.store.Get(ctx, id); err == nil && p.Sees(w.Tenant) {
			snap := &trackerv1.WorkflowChange{
				Cursor: cursor, WorkflowId: w.ID, Tenant: w.Tenant, Status: statusValue[w.Status], Stage: w.Stage,
				OccurredAt: tsTime(w.UpdatedAt), Snapshot: true, Progress: progressProto(w.Progress),
			}
			if err := stream.Send(snap); err != nil {
				return err
			}
		} else if err != nil && !errors.Is(err, store.ErrNotFound) {
			return s.status(err)
		}
	}
	return s.watch(ctx, stream, cursor, func(c store.Change) bool {
		return c.Workflow == id && p.Sees(c.Tenant)
	})
}

// startCursor checks a client's cursor, or returns the latest change's.
// It first keeps the change stream written (store.KeepChanges), so every
// change after the cursor it returns reaches the stream.
func (s *Server) startCursor(ctx context.Context, cursor string) (string, error) {
	if err := s.store.KeepChanges(ctx); err != nil {
		return "", s.status(err)
	}
	if cursor == "" {
		c, err := s.store.LastCursor(ctx)
		if err != nil {
			return "", s.status(err)
		}
		return c, nil
	}
	if err := s.store.CheckCursor(ctx, cursor); err != nil {
		return "", s.status(err)
	}
	return cursor, nil
}

// watch sends the changes after cursor that keep selects, then waits for
// more, until the client goes or the server stops.
func (s *Server) watch(ctx context.Context, stream grpc.ServerStreamingServer[trackerv1.WorkflowChange], cursor string, keep func(store.Change) bool) error {
	defer s.changes.join()()
	for {
		wake := s.changes.wait()
		if err := s.store.CheckCursor(ctx, cursor); err != nil {
			return s.status(err)
		}
		cs, err := s.store.Changes(ctx, cursor, changeBatch)
		if err != nil {
			if ctx.Err() != nil {
				return status.FromContextError(ctx.Err()).Err()
			}
			return s.status(err)
		}
		for _, c := range cs {
			cursor = c.Cursor
			if !keep(c) {
				continue
			}
			if err := stream.Send(changeProto(c)); err != nil {
				return err
			}
		}
		if len(cs) == changeBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return status.FromContextError(ctx.Err()).Err()
		case <-s.stopping:
			return status.Error(codes.Unavailable, "tracker stopping: watch again from the last cursor")
		case <-wake:
		case <-time.After(s.watchPoll):
		}
	}
}

func changeProto(c store.Change) *trackerv1.WorkflowChange {
	return &trackerv1.WorkflowChange{
		Cursor: c.Cursor, WorkflowId: c.Workflow, Tenant: c.Tenant, Status: statusValue[c.Status], Stage: c.Stage,
		EventId: c.Entry.EventID, EventType: c.Entry.Type, OccurredAt: ts(c.Entry.OccurredMs), Summary: c.Entry.Summary,
		Progress: progressProto(c.Progress),
	}
}
