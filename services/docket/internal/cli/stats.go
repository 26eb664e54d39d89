package cli

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// statsCmd runs `docket stats`: the tracker's operational figures over a
// recent window.
func statsCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := newOpCmd("stats", stderr, 30*time.Second)
	window := c.fs.Duration("window", time.Hour, "the window ending now, in whole minutes (at most the tracker's stats retention, 24h by default)")
	tenant := c.fs.String("tenant", "", "operators: only this tenant's figures")
	if err := noArgs(c, "stats", args); err != nil {
		return err
	}
	if *window < time.Minute || *window%time.Minute != 0 {
		return fmt.Errorf("%w: --window %s: want whole minutes, at least 1m", errUsage, *window)
	}
	ctx, cc, done, err := c.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	s, err := trackerv1.NewTrackerClient(cc).GetStats(ctx, &trackerv1.GetStatsRequest{Window: durationpb.New(*window), Tenant: *tenant})
	if err != nil {
		return trackerError(*c.tracker.addr, "stats", err)
	}
	if c.json() {
		return render.Proto(stdout, s)
	}
	return statsReport(stdout, s)
}

func statsReport(w io.Writer, s *trackerv1.Stats) error {
	n := func(v int64) string { return strconv.FormatInt(v, 10) }
	pct := func(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) + "%" }
	if err := render.Fields(w,
		[2]string{"Window", render.Time(s.GetFrom()) + " to " + render.Time(s.GetTo())},
		[2]string{"Active now", n(s.GetActive())},
		[2]string{"Started", n(s.GetStarted())},
		[2]string{"Completed", n(s.GetCompleted())},
		[2]string{"Failed", n(s.GetFailed())},
		[2]string{"Canceled", n(s.GetCanceled())},
		[2]string{"Timed out", n(s.GetTimedOut())},
		// Of the workflows that ended in the window: a dead letter whose
		// workflow waits for review or for its retries counts once it ends.
		[2]string{"Exception rate of ended", pct(s.GetExceptionRate())},
		[2]string{"Dead letters", n(s.GetDeadLetters())},
		[2]string{"Parked now", n(s.GetParked())},
		[2]string{"Retrying now", n(s.GetRetrying())},
		[2]string{"Waiting review now", n(s.GetWaitingReview())},
		[2]string{"Reviews", n(s.GetReviews()) + " (review rate " + pct(s.GetReviewRate()) + ")"},
	); err != nil {
		return err
	}
	fmt.Fprintln(w)
	t := render.NewTable(w, "STEP", "FINISHED", "P50", "P95", "P99", "WAITING", "AGE P50", "AGE P95", "AGE P99")
	for _, x := range s.GetSteps() {
		t.Row(x.GetStep(), n(x.GetFinished()), render.Duration(x.GetProcessingP50()), render.Duration(x.GetProcessingP95()), render.Duration(x.GetProcessingP99()),
			n(x.GetWaiting()), render.Duration(x.GetQueueAgeP50()), render.Duration(x.GetQueueAgeP95()), render.Duration(x.GetQueueAgeP99()))
	}
	if err := t.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	t = render.NewTable(w, "DOCUMENT TYPE", "MODEL", "DECISIONS")
	for _, d := range s.GetDecisions() {
		t.Row(d.GetDocumentType(), render.OrDash(d.GetModelVersion()), n(d.GetCount()))
	}
	return t.Flush()
}
