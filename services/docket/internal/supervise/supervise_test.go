package supervise_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/services/docket/internal/supervise"
)

// lines is an io.Writer that keeps what it is given, safe for concurrent use.
type lines struct{ dockettest.SyncBuffer }

func (l *lines) get() []string {
	return strings.Split(strings.TrimSuffix(l.String(), "\n"), "\n")
}

// step is what one run of the fake service does: run for d (on the
// bubble's fake clock), then fail with err, panic with panicValue, or, when
// both are unset and d is zero, run until it is canceled.
type step struct {
	d          time.Duration
	err        error
	panicValue any
}

// fake is a service that follows its steps, one per run, and records when
// each run started.
type fake struct {
	steps   []step
	starts  []time.Time
	running chan struct{} // closed when the last step starts
}

func newFake(steps ...step) *fake { return &fake{steps: steps, running: make(chan struct{})} }

func (f *fake) run(ctx context.Context) error {
	f.starts = append(f.starts, time.Now()) // runs never overlap
	st := f.steps[len(f.starts)-1]
	if len(f.starts) == len(f.steps) {
		close(f.running)
	}
	if st.err == nil && st.panicValue == nil && st.d == 0 {
		<-ctx.Done()
		return ctx.Err()
	}
	select {
	case <-time.After(st.d):
	case <-ctx.Done():
		return ctx.Err()
	}
	if st.panicValue != nil {
		panic(st.panicValue)
	}
	return st.err
}

// gaps returns the time between the end of each run and the start of the
// next, given how long each run lasted.
func (f *fake) gaps() []time.Duration {
	var out []time.Duration
	for i := 1; i < len(f.starts); i++ {
		out = append(out, f.starts[i].Sub(f.starts[i-1])-f.steps[i-1].d)
	}
	return out
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A service that fails twice and then runs is restarted twice, after 1s and
// 2s, with one line per restart; cancel stops it and Run returns nil.
func TestRestartsAFailingServiceThenStopsOnCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out lines
		f := newFake(step{err: errors.New("broker unreachable")}, step{err: errors.New("fetch: EOF")}, step{})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- supervise.New(&out).Run(ctx, "ocr", f.run) }()

		<-f.running
		want := []string{
			"docket: ocr stopped: broker unreachable; restarting in 1s (restart 1)",
			"docket: ocr stopped: fetch: EOF; restarting in 2s (restart 2)",
		}
		if got := out.get(); !equal(got, want) {
			t.Errorf("output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if got, want := f.gaps(), []time.Duration{time.Second, 2 * time.Second}; !equal(got, want) {
			t.Errorf("waits before the restarts = %v, want %v", got, want)
		}

		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run after cancel = %v, want nil", err)
		}
		if n := len(f.starts); n != 3 {
			t.Errorf("service started %d times, want 3", n)
		}
	})
}

// The wait doubles up to its cap; a run that lasted the healthy time starts
// it over, a shorter one does not.
func TestBackoffDoublesToItsCapAndResetsAfterAHealthyRun(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		boom := errors.New("boom")
		steps := make([]step, 0, 12)
		for range 7 {
			steps = append(steps, step{err: boom})
		}
		steps = append(steps,
			step{d: time.Minute, err: boom},      // healthy: the next wait is 1s
			step{err: boom},                      // 2s
			step{d: 59 * time.Second, err: boom}, // not healthy: 4s
			step{err: boom},                      // 8s
			step{})
		f := newFake(steps...)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go func() { _ = supervise.New(&lines{}).Run(ctx, "ledger", f.run) }()
		<-f.running
		s := time.Second
		want := []time.Duration{1 * s, 2 * s, 4 * s, 8 * s, 16 * s, 30 * s, 30 * s, 1 * s, 2 * s, 4 * s, 8 * s}
		if got := f.gaps(); !equal(got, want) {
			t.Errorf("waits before the restarts = %v, want %v", got, want)
		}
	})
}

// A panic in the service's Run is recovered and restarts it like an error;
// its stack goes to the stack writer, not the one-line notice.
func TestRecoversAPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out, stacks lines
		f := newFake(step{panicValue: "assignment to entry in nil map"}, step{})
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go func() { _ = supervise.New(&out, supervise.PanicStacks(&stacks)).Run(ctx, "classifier", f.run) }()
		<-f.running
		want := []string{"docket: classifier stopped: panic: assignment to entry in nil map; restarting in 1s (restart 1)"}
		if got := out.get(); !equal(got, want) {
			t.Errorf("output = %q, want %q", got, want)
		}
		if s := strings.Join(stacks.get(), "\n"); !strings.Contains(s, "goroutine") || !strings.Contains(s, "supervise_test") {
			t.Errorf("panic stack = %q, want the goroutine's stack", s)
		}
	})
}

// A service that returns nil while the suite runs is restarted too.
func TestRestartsAServiceThatReturns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out lines
		runs := 0
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		started := make(chan struct{})
		go func() {
			_ = supervise.New(&out).Run(ctx, "tracker", func(ctx context.Context) error {
				if runs++; runs == 2 {
					close(started)
					<-ctx.Done()
				}
				return nil
			})
		}()
		<-started
		want := []string{"docket: tracker stopped: returned while the suite is running; restarting in 1s (restart 1)"}
		if got := out.get(); !equal(got, want) {
			t.Errorf("output = %q, want %q", got, want)
		}
	})
}

// Cancel during the wait before a restart stops at once, without starting
// the service again; a run that fails for another reason than the
// cancellation while stopping is reported under the service's name.
func TestCancel(t *testing.T) {
	t.Run("during the backoff", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			f := newFake(step{err: errors.New("boom")}, step{})
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan error, 1)
			go func() {
				done <- supervise.New(&lines{}, supervise.Backoff(time.Hour, time.Hour)).Run(ctx, "ingest", f.run)
			}()
			synctest.Wait() // failed, now waiting an hour
			start := time.Now()
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run = %v, want nil", err)
			}
			if d := time.Since(start); d != 0 {
				t.Errorf("Run returned %s after cancel, want at once", d)
			}
			if n := len(f.starts); n != 1 {
				t.Errorf("service started %d times, want 1", n)
			}
		})
	})
	t.Run("shutdown error", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan error, 1)
			go func() {
				done <- supervise.New(&lines{}).Run(ctx, "exception", func(ctx context.Context) error {
					<-ctx.Done()
					return fmt.Errorf("abort transaction: %w", errors.New("broker gone"))
				})
			}()
			synctest.Wait()
			cancel()
			if err := <-done; err == nil || err.Error() != "exception: abort transaction: broker gone" {
				t.Errorf("Run = %v, want the shutdown error under the service's name", err)
			}
		})
	})
}

func TestNewPanicsOnInvalidOptions(t *testing.T) {
	for name, f := range map[string]func(){
		"nil output":    func() { supervise.New(nil) },
		"zero backoff":  func() { supervise.New(&lines{}, supervise.Backoff(0, time.Second)) },
		"cap too small": func() { supervise.New(&lines{}, supervise.Backoff(time.Second, time.Millisecond)) },
		"zero healthy":  func() { supervise.New(&lines{}, supervise.HealthyAfter(0)) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("New did not panic")
				}
			}()
			f()
		})
	}
}
