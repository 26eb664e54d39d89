package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
	"github.com/docket-run/docket/services/docket/internal/submit"
)

// errFailedWorkflows makes `docket submit --wait` exit non-zero.
var errFailedWorkflows = errors.New("workflows failed")

// submitted is one file of `docket submit`: its acceptance and, with
// --wait, where its workflow stood when waiting stopped.
type submitted struct {
	submit.Accepted
	Status string `json:"status,omitempty"`
	Stage  string `json:"stage,omitempty"`
	Result string `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
	ending submit.Ending
}

// submitCmd runs `docket submit FILE...`.
func submitCmd(ctx context.Context, args []string, stdout, stderr io.Writer, tty bool) error {
	fs := flag.NewFlagSet("submit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wait := fs.Bool("wait", false, "follow each document until it ends (completed, failed, canceled, timed_out) or waits for a person (parked, waiting_review)")
	tenant := fs.String("tenant", "", "tenant to submit as; must be the API key's (default: the key's tenant)")
	typeHint := fs.String("type", "", "document type hint, sent as the label "+submit.TypeHintLabel)
	priority := fs.String("priority", "", "priority lane: interactive (someone waits; ingest's default) or bulk (batch work, scheduled after interactive)")
	ingestURL := fs.String("ingest", envOr("DOCKET_INGEST_URL", "http://127.0.0.1:8080"), "ingest's base URL (default $DOCKET_INGEST_URL, else http://127.0.0.1:8080)")
	apiKey := fs.String("token", envOr("DOCKET_INGEST_API_KEY", "demo-key"), "ingest API key (default $DOCKET_INGEST_API_KEY, else the embedded runner's demo-key)")
	tf := addTrackerFlags(fs, "tracker-token")
	out := outputFlag(fs)
	timeout := fs.Duration("timeout", 30*time.Minute, "with --wait, give up waiting after this long")
	poll := fs.Duration("poll", 500*time.Millisecond, "with --wait, how often to ask the tracker when it cannot stream")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := checkOutput(*out); err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%w: submit needs at least one FILE", errUsage)
	}
	if *poll <= 0 || *timeout <= 0 {
		return fmt.Errorf("%w: --poll and --timeout must be positive", errUsage)
	}
	switch *priority {
	case "", events.PriorityInteractive, events.PriorityBulk:
	default:
		return fmt.Errorf("%w: --priority %q: want %s or %s", errUsage, *priority, events.PriorityInteractive, events.PriorityBulk)
	}
	cl := &submit.Client{BaseURL: *ingestURL, APIKey: *apiKey, Tenant: *tenant, TypeHint: *typeHint, Priority: *priority, HTTP: &http.Client{Timeout: 2 * time.Minute}}

	var results []*submitted
	var uploadErr error
	for _, f := range files {
		a, err := cl.File(ctx, f)
		if err != nil {
			uploadErr = errors.Join(uploadErr, err)
			fmt.Fprintf(stderr, "docket: %s: %v\n", f, err)
			continue
		}
		results = append(results, &submitted{Accepted: a})
		if *out == outTable && *wait && !tty {
			fmt.Fprintf(stdout, "%s: accepted, workflow %s\n", filepath.Base(f), a.WorkflowID)
		}
	}
	if *wait && len(results) > 0 {
		cc, err := tf.dial()
		if err != nil {
			return err
		}
		defer cc.Close()
		wctx, cancel := context.WithTimeout(ctx, *timeout)
		defer cancel()
		f := &submit.Follower{Tracker: trackerv1.NewTrackerClient(cc), Poll: *poll}
		switch {
		case *out == outJSON:
			waitAll(wctx, f, results, nil)
		case tty:
			bars := newBarDisplay(wctx, stdout, results)
			waitAll(wctx, f, results, bars)
			bars.wait()
		default:
			waitAll(wctx, f, results, &lineDisplay{w: stdout})
		}
	}
	if *out == outJSON {
		if results == nil {
			results = []*submitted{}
		}
		if err := render.JSON(stdout, results); err != nil {
			return err
		}
	} else if err := submittedTable(stdout, results, *wait); err != nil {
		return err
	}
	if uploadErr != nil {
		return fmt.Errorf("%d of %d files not accepted", len(files)-len(results), len(files))
	}
	for _, r := range results {
		if r.Error != "" {
			return fmt.Errorf("%w: %s", errFailedWorkflows, r.Error)
		}
		if r.ending == submit.Failed {
			return fmt.Errorf("%w: %s ended %s", errFailedWorkflows, r.WorkflowID, r.Status)
		}
	}
	return nil
}

// waitAll follows every workflow at once until each ends or ctx does.
func waitAll(ctx context.Context, f *submit.Follower, results []*submitted, d display) {
	var wg sync.WaitGroup
	for i, r := range results {
		wg.Go(func() {
			w, err := f.Follow(ctx, r.WorkflowID, func(w *trackerv1.Workflow) {
				if d != nil {
					d.update(i, r, w)
				}
			})
			if w != nil {
				r.Status, r.Stage, r.Result, r.ending = render.Status(w.GetStatus()), w.GetStage(), submit.Explain(w), submit.EndingOf(w.GetStatus())
			}
			if err != nil {
				r.Error = fmt.Sprintf("%s: %v", r.WorkflowID, err)
				if errors.Is(err, context.DeadlineExceeded) {
					r.Error = fmt.Sprintf("%s: still %s after --timeout", r.WorkflowID, render.OrDash(r.Status))
				}
			}
			if d != nil {
				d.end(i, r, w)
			}
		})
	}
	wg.Wait()
}

func submittedTable(w io.Writer, results []*submitted, waited bool) error {
	if !waited {
		t := render.NewTable(w, "FILE", "WORKFLOW")
		for _, r := range results {
			t.Row(r.File, r.WorkflowID)
		}
		return t.Flush()
	}
	t := render.NewTable(w, "FILE", "WORKFLOW", "STATUS", "STAGE", "RESULT")
	for _, r := range results {
		res := r.Result
		if r.Error != "" {
			res = r.Error
		}
		t.Row(r.File, r.WorkflowID, render.OrDash(r.Status), render.OrDash(r.Stage), render.OneLine(res, 160))
	}
	return t.Flush()
}

// display shows the documents' progress while --wait follows them.
type display interface {
	// update shows a new state of document i.
	update(i int, r *submitted, w *trackerv1.Workflow)
	// end shows that waiting for document i stopped, at w (nil when the
	// tracker never answered for it).
	end(i int, r *submitted, w *trackerv1.Workflow)
}

// lineDisplay prints a line per change: for logs and CI, without a TTY.
type lineDisplay struct {
	mu sync.Mutex
	w  io.Writer
}

func (d *lineDisplay) update(_ int, r *submitted, w *trackerv1.Workflow) {
	if p := w.GetProgress(); p != nil && w.GetStatus() == trackerv1.Status_STATUS_RUNNING {
		d.printf("%s: %s\n", filepath.Base(r.File), render.Progress(p))
		return
	}
	d.printf("%s: %s at %s\n", filepath.Base(r.File), render.Status(w.GetStatus()), render.OrDash(w.GetStage()))
}

func (d *lineDisplay) end(_ int, r *submitted, w *trackerv1.Workflow) {
	if r.Error != "" {
		d.printf("%s: %s\n", filepath.Base(r.File), r.Error)
		return
	}
	d.printf("%s: %s\n", filepath.Base(r.File), submit.Explain(w))
}

func (d *lineDisplay) printf(format string, args ...any) {
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintf(d.w, format, args...)
}
