package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// cancelCmd runs `docket cancel ID --reason R`: a cancel request the
// agents honour before their next side effect.
func cancelCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := newOpCmd("cancel", stderr, 30*time.Second)
	reason := c.fs.String("reason", "", "why (required; recorded in the workflow's history)")
	actor := c.fs.String("actor", envOr("DOCKET_REVIEWER", envOr("USER", "")), "who asks (default $DOCKET_REVIEWER, else $USER)")
	pos, err := c.parse(args)
	if err != nil {
		return err
	}
	id, err := oneID("cancel", pos)
	if err != nil {
		return err
	}
	if strings.TrimSpace(*reason) == "" {
		return fmt.Errorf("%w: cancel needs --reason", errUsage)
	}
	ctx, cc, done, err := c.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	resp, err := trackerv1.NewOperationsClient(cc).CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: id, Reason: *reason, Actor: *actor})
	if err != nil {
		return trackerError(*c.tracker.addr, "cancel workflow "+id, err)
	}
	if c.json() {
		return render.Proto(stdout, resp)
	}
	if resp.GetAlreadyCanceled() {
		_, err = fmt.Fprintf(stdout, "workflow %s is already canceled\n", id)
		return err
	}
	_, err = fmt.Fprintf(stdout, "cancel requested for workflow %s (event %s); it ends canceled before its next step, then compensated if a finished step left an effect to undo\n", id, resp.GetEventId())
	return err
}
