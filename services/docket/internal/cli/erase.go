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

// eraseCmd runs `docket erase --workflow ID --reason R`: the workflow's
// document and text are deleted and the personal data the services hold
// of it dropped; the ledger appends a signed erasure record.
func eraseCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := newOpCmd("erase", stderr, 30*time.Second)
	id := c.fs.String("workflow", "", "the workflow to erase (required)")
	reason := c.fs.String("reason", "", "why (required; recorded in the erasure record and the audit log)")
	c.synopsis = "docket erase --workflow ID --reason R [flags]"
	pos, err := c.parse(args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 0:
		return c.usage(fmt.Errorf("%w: erase takes no arguments, got %q (name the workflow with --workflow)", errUsage, pos))
	case strings.TrimSpace(*id) == "":
		return c.usage(fmt.Errorf("%w: erase needs --workflow", errUsage))
	case strings.TrimSpace(*reason) == "":
		return c.usage(fmt.Errorf("%w: erase needs --reason", errUsage))
	}
	ctx, cc, done, err := c.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	resp, err := trackerv1.NewOperationsClient(cc).EraseWorkflow(ctx, &trackerv1.EraseWorkflowRequest{WorkflowId: *id, Reason: *reason})
	if err != nil {
		return trackerError(*c.tracker.addr, "erase workflow "+*id, err)
	}
	if c.json() {
		return render.Proto(stdout, resp)
	}
	if resp.GetAlreadyErased() {
		_, err = fmt.Fprintf(stdout, "workflow %s is already erased\n", *id)
		return err
	}
	_, err = fmt.Fprintf(stdout, "erasure of workflow %s requested (event %s); its document and text are deleted, the ledger keeps hashes and decisions\n",
		*id, resp.GetEventId())
	return err
}
