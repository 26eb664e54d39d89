package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// Limits of the workflows commands.
const (
	maxListLimit    = 10000 // docket workflows list --limit
	trackerListPage = 500   // the tracker's largest list page
	historyPage     = 1000  // the tracker's largest history page
	maxHistory      = 100000
)

// workflows runs `docket workflows list|get|history`, a client of the saga
// tracker's gRPC API.
func workflows(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: workflows needs a command: list, get or history", errUsage)
	}
	fs := flag.NewFlagSet("workflows "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	tf := addTrackerFlags(fs, "token")
	addr := tf.addr
	out := outputFlag(fs)
	timeout := fs.Duration("timeout", 30*time.Second, "give up after this long")
	var st, stage, tenant, since, until *string
	var limit *int
	var stalled, oldest *bool
	switch args[0] {
	case "list":
		st = fs.String("status", "", "only workflows with this status (queued, running, waiting_review, retrying, parked, completed, failed, canceled, timed_out)")
		stage = fs.String("stage", "", "only workflows at this stage (ingest, ocr, classify, review, ledger)")
		tenant = fs.String("tenant", "", "only workflows of this tenant")
		limit = fs.Int("limit", 50, fmt.Sprintf("at most this many workflows (1..%d)", maxListLimit))
		since = fs.String("since", "", "only workflows created at or after this time: RFC 3339, or a duration ago (2h)")
		until = fs.String("until", "", "only workflows created before this time: RFC 3339, or a duration ago")
		stalled = fs.Bool("stalled", false, "only stalled workflows: queued or running with no event for longer than their stage's expected duration")
		oldest = fs.Bool("oldest-first", false, "oldest first (default newest first)")
	case "get", "history":
	default:
		return fmt.Errorf("%w: unknown command \"workflows %s\"", errUsage, args[0])
	}
	pos, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return err
	}
	if err := checkOutput(*out); err != nil {
		return err
	}
	cc, err := tf.dial()
	if err != nil {
		return err
	}
	defer cc.Close()
	cl := trackerv1.NewTrackerClient(cc)
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	switch args[0] {
	case "list":
		if len(pos) > 0 {
			return fmt.Errorf("%w: workflows list takes no arguments, got %q", errUsage, pos)
		}
		if *limit < 1 || *limit > maxListLimit {
			return fmt.Errorf("%w: --limit %d: want 1..%d", errUsage, *limit, maxListLimit)
		}
		s, err := parseStatus(*st)
		if err != nil {
			return err
		}
		req := &trackerv1.ListWorkflowsRequest{Status: s, Stage: *stage, Tenant: *tenant, Stalled: *stalled}
		if req.CreatedFrom, err = timeFlag("since", *since, time.Now()); err != nil {
			return err
		}
		if req.CreatedTo, err = timeFlag("until", *until, time.Now()); err != nil {
			return err
		}
		if *oldest {
			req.Order = trackerv1.Order_ORDER_OLDEST_FIRST
		}
		resp, err := listWorkflows(ctx, cl, req, *limit)
		if err != nil {
			return trackerError(*addr, "list workflows", err)
		}
		if *out == outJSON {
			return render.Proto(stdout, resp)
		}
		return workflowTable(stdout, resp.GetWorkflows())
	case "get":
		id, err := oneID("workflows get", pos)
		if err != nil {
			return err
		}
		w, err := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
		if err != nil {
			return trackerError(*addr, "get workflow "+id, err)
		}
		if *out == outJSON {
			return render.Proto(stdout, w)
		}
		return workflowDetail(stdout, w)
	default: // history
		id, err := oneID("workflows history", pos)
		if err != nil {
			return err
		}
		h, err := workflowHistory(ctx, cl, id)
		if err != nil {
			return trackerError(*addr, "history of workflow "+id, err)
		}
		if *out == outJSON {
			return render.Proto(stdout, h)
		}
		return historyTable(stdout, h.GetEntries())
	}
}

// timeFlag reads a time flag: RFC 3339, or a duration before now; nil
// when empty.
func timeFlag(name, v string, now time.Time) (*timestamppb.Timestamp, error) {
	if v == "" {
		return nil, nil
	}
	if d, err := time.ParseDuration(v); err == nil && d >= 0 {
		return timestamppb.New(now.Add(-d)), nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return nil, fmt.Errorf("%w: --%s %q: want an RFC 3339 time or a duration ago such as 2h", errUsage, name, v)
	}
	return timestamppb.New(t), nil
}

// parseStatus accepts a status as "parked", "PARKED" or "STATUS_PARKED";
// empty means any.
func parseStatus(s string) (trackerv1.Status, error) {
	if s == "" {
		return trackerv1.Status_STATUS_UNSPECIFIED, nil
	}
	name := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), "-", "_"))
	if !strings.HasPrefix(name, "STATUS_") {
		name = "STATUS_" + name
	}
	v, ok := trackerv1.Status_value[name]
	if !ok || v == int32(trackerv1.Status_STATUS_UNSPECIFIED) {
		var names []string
		for i := int32(1); i < int32(len(trackerv1.Status_name)); i++ {
			names = append(names, render.Status(trackerv1.Status(i)))
		}
		return 0, fmt.Errorf("%w: --status %q: want one of %s", errUsage, s, strings.Join(names, ", "))
	}
	return trackerv1.Status(v), nil
}

// listWorkflows reads pages until limit workflows or the last page.
func listWorkflows(ctx context.Context, cl trackerv1.TrackerClient, req *trackerv1.ListWorkflowsRequest, limit int) (*trackerv1.ListWorkflowsResponse, error) {
	all := &trackerv1.ListWorkflowsResponse{}
	for {
		req.PageSize = int32(min(limit-len(all.Workflows), trackerListPage))
		resp, err := cl.ListWorkflows(ctx, req)
		if err != nil {
			return nil, err
		}
		all.Workflows = append(all.Workflows, resp.GetWorkflows()...)
		all.NextPageToken = resp.GetNextPageToken()
		if all.NextPageToken == "" || len(all.Workflows) >= limit || len(resp.GetWorkflows()) == 0 {
			if len(all.Workflows) > limit {
				all.Workflows = all.Workflows[:limit]
			}
			return all, nil
		}
		req.PageToken = all.NextPageToken
	}
}

// workflowHistory reads every page of a workflow's history.
func workflowHistory(ctx context.Context, cl trackerv1.TrackerClient, id string) (*trackerv1.GetHistoryResponse, error) {
	all := &trackerv1.GetHistoryResponse{}
	req := &trackerv1.GetHistoryRequest{WorkflowId: id, PageSize: historyPage}
	for {
		resp, err := cl.GetHistory(ctx, req)
		if err != nil {
			return nil, err
		}
		all.Entries = append(all.Entries, resp.GetEntries()...)
		if resp.GetNextPageToken() == "" || len(resp.GetEntries()) == 0 {
			return all, nil
		}
		if len(all.Entries) >= maxHistory {
			return nil, fmt.Errorf("history of %s has more than %d entries", id, maxHistory)
		}
		req.PageToken = resp.GetNextPageToken()
	}
}

// trackerError words a failed call for an operator.
func trackerError(addr, what string, err error) error {
	st, _ := status.FromError(err)
	switch st.Code() {
	case codes.NotFound:
		return fmt.Errorf("%s: not found: %s", what, st.Message())
	case codes.Unavailable:
		return fmt.Errorf("%s: saga tracker at %s unavailable: %s", what, addr, st.Message())
	case codes.DeadlineExceeded:
		return fmt.Errorf("%s: saga tracker at %s did not answer in time", what, addr)
	default:
		return fmt.Errorf("%s: %s: %s", what, st.Code(), st.Message())
	}
}

func workflowTable(w io.Writer, ws []*trackerv1.Workflow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tFILE\tTENANT\tSTAGE\tSTATUS\tCREATED\tUPDATED\tEVENTS\tWAITING ON / LAST ERROR")
	for _, x := range ws {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", x.GetId(), render.OrDash(render.OneLine(x.GetFilename(), 40)), render.OrDash(x.GetTenant()),
			render.OrDash(x.GetStage()), render.Status(x.GetStatus()), render.Time(x.GetCreatedAt()), render.Time(x.GetUpdatedAt()), x.GetEvents(),
			render.OrDash(render.OneLine(firstNonEmpty(x.GetWaitingReason(), x.GetLastError()), 240)))
	}
	return tw.Flush()
}

func workflowDetail(w io.Writer, x *trackerv1.Workflow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "ID:\t%s\n", x.GetId())
	fmt.Fprintf(tw, "File:\t%s\n", render.OrDash(x.GetFilename()))
	fmt.Fprintf(tw, "Tenant:\t%s\n", render.OrDash(x.GetTenant()))
	fmt.Fprintf(tw, "Stage:\t%s\n", render.OrDash(x.GetStage()))
	fmt.Fprintf(tw, "Status:\t%s\n", render.Status(x.GetStatus()))
	fmt.Fprintf(tw, "Waiting on:\t%s\n", render.OrDash(render.OneLine(x.GetWaitingReason(), 500)))
	if ids := x.GetReviewTaskIds(); len(ids) > 0 {
		fmt.Fprintf(tw, "Review tasks:\t%s (docket review claim TASK)\n", strings.Join(ids, ", "))
	}
	if ids := x.GetParkedIds(); len(ids) > 0 {
		fmt.Fprintf(tw, "Parked items:\t%s (docket dlq show ID)\n", strings.Join(ids, ", "))
	}
	fmt.Fprintf(tw, "Created:\t%s\n", render.Time(x.GetCreatedAt()))
	fmt.Fprintf(tw, "Updated:\t%s\n", render.Time(x.GetUpdatedAt()))
	fmt.Fprintf(tw, "Events:\t%d\n", x.GetEvents())
	fmt.Fprintf(tw, "Last error:\t%s\n", render.OrDash(render.OneLine(x.GetLastError(), 500)))
	fmt.Fprintf(tw, "Ledger:\t%s\n", ledgerRef(x.GetLedger()))
	if c := x.GetLastCorrection(); c != nil {
		fmt.Fprintf(tw, "Corrections:\t%d, latest %s → %s by %s at %s (ledger sequence %d)\n", x.GetCorrections(), render.OrDash(c.GetPreviousType()),
			c.GetDocumentType(), render.OrDash(c.GetActor()), render.Time(c.GetCorrectedAt()), c.GetSequence())
	}
	if x.GetErasedAt() != nil {
		fmt.Fprintf(tw, "Erased:\t%s (document and text deleted)\n", render.Time(x.GetErasedAt()))
	}
	if p := x.GetProgress(); p != nil {
		fmt.Fprintf(tw, "Progress:\t%s (reported %s)\n", render.Progress(p), render.Time(p.GetUpdatedAt()))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STEP\tSTARTED\tFINISHED\tATTEMPTS")
	for _, s := range x.GetSteps() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", s.GetName(), render.Time(s.GetStartedAt()), render.Time(s.GetFinishedAt()), s.GetAttempts())
	}
	return tw.Flush()
}

func historyTable(w io.Writer, es []*trackerv1.HistoryEntry) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OCCURRED\tTYPE\tTOPIC\tPOSITION\tPRODUCER\tEVENT ID\tCAUSED BY\tSUMMARY")
	for _, e := range es {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d@%d\t%s\t%s\t%s\t%s\n", render.Time(e.GetOccurredAt()), e.GetType(), e.GetTopic(), e.GetPartition(), e.GetOffset(),
			render.OrDash(e.GetProducer()), e.GetEventId(), render.OrDash(e.GetCausationId()), render.OneLine(e.GetSummary(), 120))
	}
	return tw.Flush()
}

// ledgerRef names a workflow's ledger record: topic/partition@offset, or
// without the offset when it is unknown (-1: the ledger's own confirmation
// is produced in the transaction that writes the record, before its offset
// exists).
func ledgerRef(l *trackerv1.LedgerRef) string {
	if l == nil {
		return "-"
	}
	at := ""
	if l.GetOffset() >= 0 {
		at = fmt.Sprintf("@%d", l.GetOffset())
	}
	return fmt.Sprintf("%s/%d%s sequence=%d hash=%s", l.GetTopic(), l.GetPartition(), at, l.GetSequence(), l.GetRecordHash())
}
