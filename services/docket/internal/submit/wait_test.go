package submit

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// fakeTracker answers GetWorkflow from a script of states and
// WatchWorkflow from scripted streams (or Unimplemented when there are
// none).
type fakeTracker struct {
	trackerv1.TrackerClient
	mu      sync.Mutex
	gets    []*trackerv1.Workflow // nil entries answer NotFound
	streams [][]*trackerv1.WorkflowChange
	cursors []string // the cursor of each WatchWorkflow call
	final   *trackerv1.Workflow
}

func (f *fakeTracker) GetWorkflow(context.Context, *trackerv1.GetWorkflowRequest, ...grpc.CallOption) (*trackerv1.Workflow, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.final != nil {
		return f.final, nil
	}
	w := f.gets[0]
	if len(f.gets) > 1 {
		f.gets = f.gets[1:]
	}
	if w == nil {
		return nil, status.Error(codes.NotFound, "not yet")
	}
	return w, nil
}

func (f *fakeTracker) WatchWorkflow(_ context.Context, req *trackerv1.WatchWorkflowRequest, _ ...grpc.CallOption) (grpc.ServerStreamingClient[trackerv1.WorkflowChange], error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cursors = append(f.cursors, req.GetCursor())
	if len(f.streams) == 0 {
		return nil, status.Error(codes.Unimplemented, "no watch")
	}
	s := &fakeStream{changes: f.streams[0]}
	f.streams = f.streams[1:]
	return s, nil
}

// fakeStream sends its changes, then breaks with Unavailable.
type fakeStream struct {
	grpc.ClientStream
	changes []*trackerv1.WorkflowChange
}

func (s *fakeStream) Recv() (*trackerv1.WorkflowChange, error) {
	if len(s.changes) == 0 {
		return nil, status.Error(codes.Unavailable, "tracker restarting")
	}
	c := s.changes[0]
	s.changes = s.changes[1:]
	return c, nil
}

func (s *fakeStream) Header() (metadata.MD, error) { return nil, nil }
func (s *fakeStream) CloseSend() error             { return io.EOF }

func change(cursor string, st trackerv1.Status, stage string) *trackerv1.WorkflowChange {
	return &trackerv1.WorkflowChange{Cursor: cursor, WorkflowId: "wf-1", Status: st, Stage: stage}
}

func follow(t *testing.T, f *fakeTracker) ([]string, *trackerv1.Workflow, error) {
	t.Helper()
	var seen []string
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	w, err := (&Follower{Tracker: f, Poll: time.Millisecond}).Follow(ctx, "wf-1", func(w *trackerv1.Workflow) {
		seen = append(seen, render.Status(w.GetStatus())+"@"+w.GetStage())
	})
	return seen, w, err
}

func TestFollowResumesTheStreamFromItsCursor(t *testing.T) {
	done := &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_COMPLETED, Stage: "ledger", Ledger: &trackerv1.LedgerRef{Sequence: 9}}
	f := &fakeTracker{
		streams: [][]*trackerv1.WorkflowChange{
			{change("c1", trackerv1.Status_STATUS_QUEUED, "ocr"), change("c2", trackerv1.Status_STATUS_RUNNING, "classify")},
			{change("c2", trackerv1.Status_STATUS_RUNNING, "classify"), change("c3", trackerv1.Status_STATUS_COMPLETED, "ledger")},
		},
		final: done,
	}
	seen, w, err := follow(t, f)
	if err != nil || w != done {
		t.Fatalf("Follow = %v, %v; want the full final state", w, err)
	}
	if got := strings.Join(seen, ","); got != "queued@ocr,running@classify,completed@ledger" {
		t.Errorf("changes %s", got)
	}
	if got := strings.Join(f.cursors, ","); got != ",c2" {
		t.Errorf("watch cursors %q, want the first from now, the second from c2", got)
	}
	if got := Explain(w); got != "completed: recorded in the ledger, sequence 9" {
		t.Errorf("Explain = %q", got)
	}
}

func TestFollowPollsWithoutAStream(t *testing.T) {
	running := &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr"}
	parked := &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_PARKED, Stage: "ocr", LastError: "structural: bad PDF"}
	f := &fakeTracker{gets: []*trackerv1.Workflow{nil, nil, running, running, parked}}
	seen, w, err := follow(t, f)
	if err != nil || w != parked {
		t.Fatalf("Follow = %v, %v; want the parked state", w, err)
	}
	if got := strings.Join(seen, ","); got != "running@ocr,parked@ocr" {
		t.Errorf("changes %s", got)
	}
	if got := Explain(w); got != "parked for an operator: stopped waiting (docket dlq list --workflow wf-1)" {
		t.Errorf("Explain = %q", got)
	}
}

func TestFollowGivesUpOnABrokenStream(t *testing.T) {
	var streams [][]*trackerv1.WorkflowChange
	for range maxStreamRetries + 1 {
		streams = append(streams, nil)
	}
	_, _, err := follow(t, &fakeTracker{streams: streams})
	if err == nil || !strings.Contains(err.Error(), "watch workflow wf-1 on the saga tracker") || status.Code(err) != codes.Unavailable {
		t.Errorf("err %v, want the stream's Unavailable after %d retries", err, maxStreamRetries)
	}
}

func TestEndingAndPosition(t *testing.T) {
	for _, tt := range []struct {
		st     trackerv1.Status
		stage  string
		ending Ending
		pos    int
	}{
		{trackerv1.Status_STATUS_QUEUED, "ocr", Running, 2},
		{trackerv1.Status_STATUS_RETRYING, "classify", Running, 3},
		{trackerv1.Status_STATUS_WAITING_REVIEW, "review", Paused, 4},
		{trackerv1.Status_STATUS_PARKED, "ledger", Paused, 5},
		{trackerv1.Status_STATUS_COMPLETED, "ledger", Succeeded, 5},
		{trackerv1.Status_STATUS_FAILED, "ingest", Failed, 1},
		{trackerv1.Status_STATUS_TIMED_OUT, "", Failed, 0},
		{trackerv1.Status_STATUS_CANCELED, "ocr", Canceled, 2},
		{trackerv1.Status_STATUS_COMPENSATING, "ocr", Running, 2},
		{trackerv1.Status_STATUS_COMPENSATED, "ocr", Failed, 2},
		{trackerv1.Status_STATUS_COMPENSATION_FAILED, "ocr", Paused, 2},
	} {
		w := &trackerv1.Workflow{Status: tt.st, Stage: tt.stage}
		if EndingOf(tt.st) != tt.ending || Position(w) != tt.pos {
			t.Errorf("%s at %q: ending %d position %d, want %d %d", tt.st, tt.stage, EndingOf(tt.st), Position(w), tt.ending, tt.pos)
		}
	}
}

func TestIdempotencyKey(t *testing.T) {
	a := IdempotencyKey([]byte("doc"), "a.pdf", "")
	// The content's SHA-256, then 12 hex digits of the name's and hint's.
	if want := "docket-cli/sha256:139d544b821b13ebea14f1b0fe18577222e415c2966e3a3511c4196055232202/"; !strings.HasPrefix(a, want) || len(a) != len(want)+12 {
		t.Errorf("key %q, want %s and 12 hex digits", a, want)
	}
	if a != IdempotencyKey([]byte("doc"), "a.pdf", "") {
		t.Error("the same file gives another key")
	}
	for _, other := range []string{IdempotencyKey([]byte("doc2"), "a.pdf", ""), IdempotencyKey([]byte("doc"), "b.pdf", ""), IdempotencyKey([]byte("doc"), "a.pdf", "invoice")} {
		if other == a {
			t.Errorf("another content, name or hint gives the same key %q", a)
		}
	}
}
