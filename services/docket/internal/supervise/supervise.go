// Package supervise keeps the services of the all-in-one runner (`docket
// run`) running: a service whose Run fails, or panics, while the suite is not
// stopping is started again after a backoff, instead of taking the whole
// suite down with it.
//
// Each failure prints one line on the supervisor's output:
//
//	docket: ocr stopped: <error>; restarting in 2s (restart 3)
//
// The wait starts at 1s and doubles with each failure in a row up to 30s; a
// run that lasted at least a minute counts as healthy and starts the backoff
// over. The restart number counts every restart of that service since the
// supervisor started it.
//
// Only a panic on the goroutine that calls the service's Run can be
// recovered; one on a goroutine the service starts itself still ends the
// process, as Go gives no way to catch it from outside.
package supervise

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"time"
)

// Defaults of the backoff.
const (
	DefaultInitial = time.Second
	DefaultMax     = 30 * time.Second
	DefaultHealthy = time.Minute
)

// Supervisor restarts failed services. It is safe for concurrent use: one
// Supervisor runs every service of a suite, each on its own goroutine.
type Supervisor struct {
	initial, max, healthy time.Duration
	stacks                io.Writer

	mu  sync.Mutex // serialises the lines written to out
	out io.Writer
}

// Option configures New.
type Option func(*Supervisor)

// Backoff sets the first wait before a restart and its cap; the wait doubles
// with each failure in a row. Defaults DefaultInitial and DefaultMax.
func Backoff(initial, max time.Duration) Option {
	return func(s *Supervisor) { s.initial, s.max = initial, max }
}

// HealthyAfter sets how long a run must last for the next failure to start
// the backoff over from its first wait. Default DefaultHealthy.
func HealthyAfter(d time.Duration) Option { return func(s *Supervisor) { s.healthy = d } }

// PanicStacks sets where the stack of a recovered panic is written, so that
// the one-line restart notice stays one line. Default: nowhere.
func PanicStacks(w io.Writer) Option { return func(s *Supervisor) { s.stacks = w } }

// New returns a supervisor that writes its restart notices to out. It
// panics on a nil out or an invalid backoff (a wait not above zero, a cap
// under the first wait): those are programming errors.
func New(out io.Writer, opts ...Option) *Supervisor {
	s := &Supervisor{out: out, initial: DefaultInitial, max: DefaultMax, healthy: DefaultHealthy}
	for _, o := range opts {
		o(s)
	}
	switch {
	case out == nil:
		panic("supervise: nil output")
	case s.initial <= 0 || s.max < s.initial:
		panic(fmt.Sprintf("supervise: invalid backoff %s..%s", s.initial, s.max))
	case s.healthy <= 0:
		panic(fmt.Sprintf("supervise: invalid healthy run %s", s.healthy))
	}
	return s
}

// Run runs the service named name by calling run, and calls it again after
// a backoff each time it returns or panics while ctx is live. Once ctx ends
// it returns: nil, or the error the service's last run ended with (named
// after the service) if that run failed for another reason than the
// cancellation.
func (s *Supervisor) Run(ctx context.Context, name string, run func(context.Context) error) error {
	delay := s.initial
	for restarts := 1; ; restarts++ {
		start := time.Now()
		err := s.runOnce(ctx, name, run)
		if ctx.Err() != nil {
			if err != nil && !errors.Is(err, context.Canceled) {
				return fmt.Errorf("%s: %w", name, err)
			}
			return nil
		}
		if err == nil {
			err = errReturned
		}
		if time.Since(start) >= s.healthy {
			delay = s.initial
		}
		s.printf("docket: %s stopped: %v; restarting in %s (restart %d)\n", name, err, delay, restarts)
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		delay = min(2*delay, s.max)
	}
}

// errReturned is the failure of a service whose Run returned nil although
// nobody asked it to stop.
var errReturned = errors.New("returned while the suite is running")

// PanicError is a panic recovered from a service's Run.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// runOnce calls run, turning a panic into a *PanicError.
func (s *Supervisor) runOnce(ctx context.Context, name string, run func(context.Context) error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			pe := &PanicError{Value: v, Stack: debug.Stack()}
			if s.stacks != nil {
				s.mu.Lock()
				fmt.Fprintf(s.stacks, "docket: %s %v\n%s", name, pe, pe.Stack)
				s.mu.Unlock()
			}
			err = pe
		}
	}()
	return run(ctx)
}

func (s *Supervisor) printf(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	s.mu.Lock()
	defer s.mu.Unlock()
	_, _ = io.WriteString(s.out, line)
}
