package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// reviewPage is the tracker's largest page of review tasks.
const reviewPage = 500

// review runs `docket review list|claim|decide`, a client of the tracker's
// Operations service.
func review(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: review needs a command: list, claim or decide", errUsage)
	}
	c := newOpCmd("review "+args[0], stderr, 30*time.Second)
	// With a credential the tracker names the reviewer after it (and
	// refuses another name); without one it records the given name as
	// unauthenticated.
	reviewer := func() *string {
		return c.fs.String("reviewer", envOr("DOCKET_REVIEWER", ""), "who reviews: required without a credential (default $DOCKET_REVIEWER, else $USER), and decide must name who claimed; with a token or client certificate the tracker records its principal and refuses another name")
	}
	credential := func() bool {
		return *c.tracker.token != "" || *c.tracker.tokenFile != "" || *c.tracker.certFile != ""
	}
	// defaultReviewer names the reviewer of a call without a credential:
	// --reviewer, else $DOCKET_REVIEWER, else $USER; none is a usage error.
	defaultReviewer := func(cmd string, who *string) error {
		if *who != "" || credential() {
			return nil
		}
		if *who = os.Getenv("USER"); *who == "" {
			return fmt.Errorf("%w: %s needs --reviewer NAME without a token (the tracker cannot tell who you are; decide with the name that claimed)", errUsage, cmd)
		}
		return nil
	}
	switch args[0] {
	case "list":
		tenant := c.fs.String("tenant", "", "only tasks of this tenant")
		unclaimed := c.fs.Bool("unclaimed", false, "only tasks no one holds a live claim on")
		limit := c.fs.Int("limit", 50, fmt.Sprintf("at most this many tasks (1..%d)", maxListLimit))
		if err := noArgs(c, "review list", args[1:]); err != nil {
			return err
		}
		if *limit < 1 || *limit > maxListLimit {
			return fmt.Errorf("%w: --limit %d: want 1..%d", errUsage, *limit, maxListLimit)
		}
		ctx, cc, done, err := c.connect(ctx)
		if err != nil {
			return err
		}
		defer done()
		resp, err := listReviewTasks(ctx, trackerv1.NewOperationsClient(cc), &trackerv1.ListReviewTasksRequest{Tenant: *tenant, UnclaimedOnly: *unclaimed}, *limit)
		if err != nil {
			return trackerError(*c.tracker.addr, "list review tasks", err)
		}
		if c.json() {
			return render.Proto(stdout, resp)
		}
		return reviewTable(stdout, resp.GetTasks())
	case "claim":
		who := reviewer()
		lease := c.fs.Duration("lease", 0, "claim for this long (default: the tracker's, 15m; at most 24h)")
		pos, err := c.parse(args[1:])
		if err != nil {
			return err
		}
		id, err := oneID("review claim", pos)
		if err != nil {
			return err
		}
		if err := defaultReviewer("review claim", who); err != nil {
			return err
		}
		if *lease < 0 || *lease > 24*time.Hour || *lease%time.Second != 0 {
			return fmt.Errorf("%w: --lease %s: want whole seconds up to 24h", errUsage, *lease)
		}
		ctx, cc, done, err := c.connect(ctx)
		if err != nil {
			return err
		}
		defer done()
		t, err := trackerv1.NewOperationsClient(cc).ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: id, Reviewer: *who, LeaseSeconds: int32(lease.Seconds())})
		if err != nil {
			return trackerError(*c.tracker.addr, "claim review task "+id, err)
		}
		if c.json() {
			return render.Proto(stdout, t)
		}
		return reviewDetail(stdout, t)
	case "decide":
		who := reviewer()
		outcome := c.fs.String("outcome", "", "approved or rejected (required)")
		docType := c.fs.String("type", "", "final document type (default: the suggested one)")
		reason := c.fs.String("reason", "", "why (required)")
		pos, err := c.parse(args[1:])
		if err != nil {
			return err
		}
		id, err := oneID("review decide", pos)
		if err != nil {
			return err
		}
		if err := defaultReviewer("review decide", who); err != nil {
			return err
		}
		switch {
		case *outcome != "approved" && *outcome != "rejected":
			return fmt.Errorf("%w: --outcome %q: want approved or rejected", errUsage, *outcome)
		case strings.TrimSpace(*reason) == "":
			return fmt.Errorf("%w: review decide needs --reason", errUsage)
		}
		ctx, cc, done, err := c.connect(ctx)
		if err != nil {
			return err
		}
		defer done()
		resp, err := trackerv1.NewOperationsClient(cc).DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{
			TaskId: id, Reviewer: *who, Outcome: *outcome, DocumentType: *docType, Reason: *reason,
		})
		if err != nil {
			err = trackerError(*c.tracker.addr, "decide review task "+id, err)
			if !credential() && strings.Contains(err.Error(), "not claimed by this reviewer") {
				err = fmt.Errorf("%w; without a token decide with --reviewer set to the name that claimed it (this call decided as %q)", err, *who)
			}
			return err
		}
		if c.json() {
			return render.Proto(stdout, resp)
		}
		fmt.Fprintf(stdout, "decided %s: %s as %s (event %s)\n\n", id, *outcome, render.OrDash(firstNonEmpty(*docType, resp.GetTask().GetSuggestedType())), resp.GetEventId())
		return reviewDetail(stdout, resp.GetTask())
	}
	return fmt.Errorf("%w: unknown command \"review %s\"", errUsage, args[0])
}

// noArgs parses args of a command that takes only flags.
func noArgs(c *opCmd, cmd string, args []string) error {
	pos, err := c.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: %s takes no arguments, got %q", errUsage, cmd, pos)
	}
	return nil
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// listReviewTasks reads pages until limit tasks or the last page.
func listReviewTasks(ctx context.Context, cl trackerv1.OperationsClient, req *trackerv1.ListReviewTasksRequest, limit int) (*trackerv1.ListReviewTasksResponse, error) {
	all := &trackerv1.ListReviewTasksResponse{}
	for {
		req.PageSize = int32(min(limit-len(all.Tasks), reviewPage))
		resp, err := cl.ListReviewTasks(ctx, req)
		if err != nil {
			return nil, err
		}
		all.Tasks = append(all.Tasks, resp.GetTasks()...)
		all.NextPageToken = resp.GetNextPageToken()
		if all.NextPageToken == "" || len(all.Tasks) >= limit || len(resp.GetTasks()) == 0 {
			if len(all.Tasks) > limit {
				all.Tasks = all.Tasks[:limit]
			}
			return all, nil
		}
		req.PageToken = all.NextPageToken
	}
}

func reviewTable(w io.Writer, ts []*trackerv1.ReviewTask) error {
	t := render.NewTable(w, "TASK", "WORKFLOW", "TENANT", "PRIORITY", "REQUESTED", "SLA", "CLAIMED BY", "SUGGESTED", "CONFIDENCE", "REASON AND RULE")
	for _, x := range ts {
		sla := render.Time(x.GetSlaDeadline())
		if x.GetEscalated() {
			sla += " (escalated)"
		}
		t.Row(x.GetId(), x.GetWorkflowId(), render.OrDash(x.GetTenant()), strconv.Itoa(int(x.GetPriority())),
			render.Time(x.GetRequestedAt()), sla, render.OrDash(x.GetClaimedBy()), render.OrDash(x.GetSuggestedType()), confidence(x),
			render.OneLine(reasonAndRule(x), 160))
	}
	return t.Flush()
}

// reasonAndRule is why a task is in the queue: its reason and, when the
// tracker knows it, the rule in words.
func reasonAndRule(x *trackerv1.ReviewTask) string {
	if x.GetRule() == "" {
		return render.OrDash(x.GetReason())
	}
	return render.OrDash(x.GetReason()) + ": " + x.GetRule()
}

func confidence(x *trackerv1.ReviewTask) string {
	if x.GetSuggestedType() == "" {
		return "-"
	}
	return events.ScoreText(x.GetConfidence())
}

func reviewDetail(w io.Writer, x *trackerv1.ReviewTask) error {
	claim := "-"
	if x.GetClaimedBy() != "" {
		claim = x.GetClaimedBy() + " until " + render.Time(x.GetClaimExpiresAt())
	}
	var cands []string
	for _, c := range x.GetCandidates() {
		cands = append(cands, c.GetType()+" "+events.ScoreText(c.GetScore()))
	}
	// Each flag on a line of its own: joined and cut at one length, a
	// long first flag hid the model's doubt behind it (found from
	// outside, hundred-and-sixteenth trial).
	flags := [][2]string{{"Flags", "-"}}
	if len(x.GetFlags()) > 0 {
		flags = flags[:0]
	}
	for _, f := range x.GetFlags() {
		flags = append(flags, [2]string{"Flag", render.OneLine(f.GetKind()+": "+f.GetDetail(), 400)})
	}
	fields := [][2]string{
		{"Task", x.GetId()},
		{"Workflow", x.GetWorkflowId()},
		{"Tenant", render.OrDash(x.GetTenant())},
		{"Reason", render.OrDash(x.GetReason())},
		{"Rule", render.OrDash(x.GetRule())},
		{"Priority", strconv.Itoa(int(x.GetPriority()))},
		{"Requested", render.Time(x.GetRequestedAt())},
		{"SLA", render.Time(x.GetSlaDeadline())},
		{"Escalated", strconv.FormatBool(x.GetEscalated())},
		{"Claimed by", claim},
		{"Document", render.OrDash(x.GetDocumentUri()) + " (" + render.OrDash(x.GetMediaType()) + ")"},
		{"Suggested", render.OrDash(x.GetSuggestedType()) + " " + confidence(x)},
		{"Candidates", render.OrDash(strings.Join(cands, ", "))},
		{"Model", render.OrDash(x.GetModel())},
	}
	return render.Fields(w, append(fields, flags...)...)
}
