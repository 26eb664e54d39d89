package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
	"github.com/docket-run/docket/services/docket/internal/submit"
)

// isTerminal reports whether w is a terminal a person watches: not in CI
// (CI=true) and not a pipe or a file.
func isTerminal(w io.Writer) bool {
	if os.Getenv("CI") == "true" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// barDisplay draws a progress bar per document: the steps it passed, its
// stage and status, and why waiting stopped.
type barDisplay struct {
	p    *mpb.Progress
	bars []*mpb.Bar
	mu   sync.Mutex
	text []string // per bar: the status shown after it
}

// newBarDisplay starts the bars on w, a terminal: its width bounds the
// lines (160 columns when w is not a terminal, as in tests).
func newBarDisplay(ctx context.Context, w io.Writer, results []*submitted) *barDisplay {
	d := &barDisplay{p: mpb.NewWithContext(ctx, mpb.WithOutput(w), mpb.WithAutoRefresh(), mpb.WithWidth(160)), text: make([]string, len(results))}
	for i, r := range results {
		d.text[i] = "submitted"
		bar := d.p.AddBar(int64(len(submit.Steps)), mpb.BarWidth(30),
			mpb.PrependDecorators(
				decor.Name(filepath.Base(r.File), decor.WCSyncSpaceR),
				decor.Name(r.WorkflowID, decor.WCSyncSpaceR),
			),
			mpb.AppendDecorators(decor.Any(func(decor.Statistics) string {
				d.mu.Lock()
				defer d.mu.Unlock()
				return d.text[i]
			})),
		)
		d.bars = append(d.bars, bar)
	}
	return d
}

func (d *barDisplay) setText(i int, s string) {
	d.mu.Lock()
	d.text[i] = s
	d.mu.Unlock()
}

func (d *barDisplay) update(i int, _ *submitted, w *trackerv1.Workflow) {
	d.setText(i, render.Status(w.GetStatus())+" at "+render.OrDash(w.GetStage()))
	d.bars[i].SetCurrent(int64(min(submit.Position(w), len(submit.Steps)-1)))
}

func (d *barDisplay) end(i int, r *submitted, w *trackerv1.Workflow) {
	if r.Error != "" {
		d.setText(i, r.Error)
		d.bars[i].Abort(false)
		return
	}
	d.setText(i, submit.Explain(w))
	if w.GetStatus() == trackerv1.Status_STATUS_COMPLETED {
		d.bars[i].SetTotal(-1, true)
		return
	}
	d.bars[i].Abort(false)
}

// wait returns once every bar is drawn in its final state.
func (d *barDisplay) wait() { d.p.Wait() }
