package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// watchRow lays a change out in fixed columns: a stream cannot wait for
// its rows to align them.
const watchRow = "%-22s  %-24s  %-36s  %-10s  %-14s  %-8s  %-20s  %s\n"

// workflowsWatch runs `docket workflows watch`: every change to the
// selected workflows as it happens, from now or from a cursor.
func workflowsWatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
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
	if !c.json() {
		fmt.Fprintf(stdout, watchRow, "CURSOR", "OCCURRED", "WORKFLOW", "TENANT", "STATUS", "STAGE", "EVENT", "SUMMARY")
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
		if c.json() {
			err = render.ProtoLine(stdout, ch)
		} else {
			_, err = fmt.Fprintf(stdout, watchRow, ch.GetCursor(), render.Time(ch.GetOccurredAt()), ch.GetWorkflowId(), render.OrDash(ch.GetTenant()),
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
