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

// correctCmd runs `docket correct --workflow ID --type T [--outcome O]
// --reason R`: a correction of a recorded workflow, which the ledger
// records as a signed reversal and a corrected record.
func correctCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := newOpCmd("correct", stderr, 30*time.Second)
	id := c.fs.String("workflow", "", "the recorded workflow to correct (required)")
	docType := c.fs.String("type", "", "the corrected document type (required)")
	outcome := c.fs.String("outcome", "", "the corrected outcome, approved or rejected (default: keep the recorded one)")
	reason := c.fs.String("reason", "", "why (required; recorded in the ledger and the workflow's history)")
	requestID := c.fs.String("request-id", "", "names this correction: the same id again is a retry (default: derived from the type, outcome and reason)")
	c.synopsis = "docket correct --workflow ID --type T [--outcome approved|rejected] --reason R [--request-id X] [flags]"
	pos, err := c.parse(args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 0:
		return c.usage(fmt.Errorf("%w: correct takes no arguments, got %q (name the workflow with --workflow)", errUsage, pos))
	case strings.TrimSpace(*id) == "":
		return c.usage(fmt.Errorf("%w: correct needs --workflow", errUsage))
	case strings.TrimSpace(*docType) == "":
		return c.usage(fmt.Errorf("%w: correct needs --type", errUsage))
	case *outcome != "" && *outcome != "approved" && *outcome != "rejected":
		return c.usage(fmt.Errorf("%w: --outcome %q: want approved or rejected", errUsage, *outcome))
	case strings.TrimSpace(*reason) == "":
		return c.usage(fmt.Errorf("%w: correct needs --reason", errUsage))
	}
	ctx, cc, done, err := c.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	resp, err := trackerv1.NewOperationsClient(cc).CorrectWorkflow(ctx, &trackerv1.CorrectWorkflowRequest{
		WorkflowId: *id, DocumentType: *docType, Outcome: *outcome, Reason: *reason, RequestId: *requestID,
	})
	if err != nil {
		return trackerError(*c.tracker.addr, "correct workflow "+*id, err)
	}
	if c.json() {
		return render.Proto(stdout, resp)
	}
	_, err = fmt.Fprintf(stdout, "correction of workflow %s to %s requested (event %s); the ledger records it, see docket workflows history %s\n",
		*id, *docType, resp.GetEventId(), *id)
	return err
}
