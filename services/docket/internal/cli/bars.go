package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"

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
// stage and status, and why waiting stopped; under it, while a long step
// reports its progress, a bar of that step's work.
type barDisplay struct {
	p     *mpb.Progress
	bars  []*mpb.Bar
	steps *stepBars
	mu    sync.Mutex
	text  []string // per bar: the status shown after it
}

// newBarDisplay starts the bars on w, a terminal: its width bounds the
// lines (160 columns when w is not a terminal, as in tests).
func newBarDisplay(ctx context.Context, w io.Writer, results []*submitted) *barDisplay {
	d := &barDisplay{p: mpb.NewWithContext(ctx, mpb.WithOutput(w), mpb.WithAutoRefresh(), mpb.WithWidth(160)), text: make([]string, len(results))}
	d.steps = newStepBars(d.p)
	for i, r := range results {
		d.text[i] = "submitted"
		// Even priorities for the documents, odd ones for their steps' bars
		// right under them.
		bar := d.p.AddBar(int64(len(submit.Steps)), mpb.BarWidth(30), mpb.BarPriority(2*i),
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
	key := strconv.Itoa(i)
	if p := w.GetProgress(); p != nil && w.GetStatus() == trackerv1.Status_STATUS_RUNNING {
		d.steps.show(key, "  "+p.GetStep(), 2*i+1, p)
	} else {
		d.steps.drop(key)
	}
}

func (d *barDisplay) end(i int, r *submitted, w *trackerv1.Workflow) {
	d.steps.drop(strconv.Itoa(i))
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
func (d *barDisplay) wait() {
	d.steps.dropAll()
	d.p.Wait()
}

// stepBars draws, on p, a bar per running long step: the units of work it
// reported done out of its total (a total it does not know yet shows the
// count, the bar never full). A step's bar goes once its work is all done
// or it is dropped.
type stepBars struct {
	p    *mpb.Progress
	mu   sync.Mutex
	bars map[string]*stepBar
}

type stepBar struct {
	bar *mpb.Bar
	// text is read by the bar's decorator while it draws, so not under
	// stepBars.mu, which is held while calling the bar.
	text atomic.Pointer[string]
}

func newStepBars(p *mpb.Progress) *stepBars {
	return &stepBars{p: p, bars: map[string]*stepBar{}}
}

// show draws progress p in key's bar, adding it (named label, placed by
// priority) when there is none.
func (s *stepBars) show(key, label string, priority int, p *trackerv1.Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	total := p.GetTotal()
	if total <= 0 || p.GetDone() > total {
		total = p.GetDone() + 1 // unknown: never full
	}
	b := s.bars[key]
	if b == nil || b.bar.Completed() {
		b = &stepBar{}
		b.bar = s.p.AddBar(total, mpb.BarWidth(30), mpb.BarPriority(priority), mpb.BarRemoveOnComplete(),
			mpb.PrependDecorators(decor.Name(label, decor.WCSyncSpaceR)),
			mpb.AppendDecorators(decor.Any(func(decor.Statistics) string {
				if t := b.text.Load(); t != nil {
					return *t
				}
				return ""
			})),
		)
		s.bars[key] = b
	}
	text := render.Progress(p)
	b.text.Store(&text)
	b.bar.SetTotal(total, false)
	b.bar.SetCurrent(p.GetDone())
}

// drop removes key's bar, if any.
func (s *stepBars) drop(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if b := s.bars[key]; b != nil {
		b.bar.Abort(true)
		delete(s.bars, key)
	}
}

// dropAll removes every bar.
func (s *stepBars) dropAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, b := range s.bars {
		b.bar.Abort(true)
		delete(s.bars, k)
	}
}
