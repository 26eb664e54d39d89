package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/vbauerster/mpb/v8"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// watchRow lays a change out in fixed columns: a stream cannot wait for
// its rows to align them.
const watchRow = "%-22s  %-24s  %-36s  %-10s  %-14s  %-8s  %-20s  %s\n"

// workflowsWatch runs `docket workflows watch`: every change to the
// selected workflows as it happens, from now or from a cursor. On a
// terminal (tty), a running long step's progress reports draw a bar per
// workflow under the rows instead of a row each; elsewhere each report is a
// row whose summary says it ("ocr 3/20 pages").
func workflowsWatch(ctx context.Context, args []string, stdout, stderr io.Writer, tty bool) error {
	c := newOpCmd("workflows watch", stderr, 0)
	tenant := c.fs.String("tenant", "", "only workflows of this tenant")
	st := c.fs.String("status", "", "only changes that leave a workflow in this status")
	from := c.fs.String("from", "", "resume after this cursor (first column, or \"cursor\" in JSON); default: changes from now on")
	limit := c.fs.Int("limit", 0, "stop after this many changes (0: run until interrupted)")
	pos, err := c.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: workflows watch takes no arguments, got %q", errUsage, pos)
	}
	if *limit < 0 {
		return fmt.Errorf("%w: --limit %d: want 0 or more", errUsage, *limit)
	}
	s, err := parseStatus(*st)
	if err != nil {
		return err
	}
	ctx, cc, done, err := c.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	stream, err := trackerv1.NewTrackerClient(cc).WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Tenant: *tenant, Status: s, Cursor: *from})
	if err != nil {
		return trackerError(*c.tracker.addr, "watch workflows", err)
	}
	out := stdout
	if tty && !c.json() {
		bars := newWatchBars(ctx, stdout)
		defer bars.close()
		out = bars
	}
	if !c.json() {
		fmt.Fprintf(out, watchRow, "CURSOR", "OCCURRED", "WORKFLOW", "TENANT", "STATUS", "STAGE", "EVENT", "SUMMARY")
	}
	for n := 0; *limit == 0 || n < *limit; n++ {
		ch, err := stream.Recv()
		if err != nil {
			if errors.Is(err, io.EOF) || ctx.Err() != nil {
				return nil // interrupted, --timeout, or the tracker ended the stream
			}
			if status.Code(err) == codes.FailedPrecondition {
				return fmt.Errorf("watch workflows: cursor %q is older than the changes the tracker keeps; list the workflows and watch from now: %s", *from, status.Convert(err).Message())
			}
			return trackerError(*c.tracker.addr, "watch workflows", err)
		}
		if bars, ok := out.(*watchBars); ok && bars.change(ch) {
			continue
		}
		if c.json() {
			err = render.ProtoLine(stdout, ch)
		} else {
			_, err = fmt.Fprintf(out, watchRow, ch.GetCursor(), render.Time(ch.GetOccurredAt()), ch.GetWorkflowId(), render.OrDash(ch.GetTenant()),
				render.Status(ch.GetStatus()), render.OrDash(ch.GetStage()), changeKind(ch), render.OneLine(ch.GetSummary(), 120))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// changeKind is a change's event type, or "snapshot".
func changeKind(ch *trackerv1.WorkflowChange) string {
	if ch.GetSnapshot() {
		return "snapshot"
	}
	return render.OrDash(ch.GetEventType())
}

// watchBars draws the progress bars of `docket workflows watch` on a
// terminal, and writes the rows above them.
type watchBars struct {
	p     *mpb.Progress
	steps *stepBars
	next  int // the next bar's priority: bars in order of appearance
}

func newWatchBars(ctx context.Context, w io.Writer) *watchBars {
	p := mpb.NewWithContext(ctx, mpb.WithOutput(w), mpb.WithAutoRefresh(), mpb.WithWidth(160))
	return &watchBars{p: p, steps: newStepBars(p)}
}

// Write writes rows above the bars.
func (b *watchBars) Write(p []byte) (int, error) { return b.p.Write(p) }

// change shows ch's progress in its workflow's bar, or removes the bar
// when the workflow no longer runs with progress. It reports whether ch is
// the progress report itself, which the bar shows instead of a row.
func (b *watchBars) change(ch *trackerv1.WorkflowChange) bool {
	p := ch.GetProgress()
	if p == nil || ch.GetStatus() != trackerv1.Status_STATUS_RUNNING {
		b.steps.drop(ch.GetWorkflowId())
		return false
	}
	b.next++
	b.steps.show(ch.GetWorkflowId(), ch.GetWorkflowId(), b.next, p)
	return !ch.GetSnapshot() && proto.Equal(p.GetUpdatedAt(), ch.GetOccurredAt())
}

// close removes the bars and draws the last rows.
func (b *watchBars) close() {
	b.steps.dropAll()
	b.p.Wait()
}
