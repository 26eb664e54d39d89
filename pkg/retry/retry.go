// Package retry runs an operation again after transient failures, with
// exponential backoff and full jitter, bounded in attempts.
//
// A Policy is set per handler and per external dependency: a local call and a
// slow third-party API should not share one.
package retry

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/docket-run/docket/pkg/fault"
)

// Policy bounds the retries of one operation.
type Policy struct {
	// Attempts is the total number of tries, the first included. Values
	// below 1 mean 1.
	Attempts int
	// Initial is the backoff before the second try.
	Initial time.Duration
	// Max caps a single backoff.
	Max time.Duration
	// Multiplier grows the backoff after each try; values below 1 mean 2.
	Multiplier float64
}

// Default is the policy for in-process retries of cheap local work: three
// tries within well under a second, so an open Kafka transaction is not held
// for long. Slow dependencies should define their own.
var Default = Policy{Attempts: 3, Initial: 50 * time.Millisecond, Max: 500 * time.Millisecond, Multiplier: 2}

// Backoff returns the jittered wait before try number next (2 for the first
// retry). It draws uniformly from [0, min(Max, Initial*Multiplier^(next-2))]
// ("full jitter"), so concurrent retries spread out instead of arriving in
// waves.
func (p Policy) Backoff(next int) time.Duration {
	ceiling := p.ceiling(next)
	if ceiling <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(ceiling) + 1))
}

func (p Policy) ceiling(next int) time.Duration {
	mult := p.Multiplier
	if mult < 1 {
		mult = 2
	}
	d := float64(p.Initial)
	for i := 2; i < next; i++ {
		d *= mult
		if p.Max > 0 && d >= float64(p.Max) {
			return p.Max
		}
	}
	if p.Max > 0 && d > float64(p.Max) {
		return p.Max
	}
	return time.Duration(d)
}

func (p Policy) attempts() int {
	if p.Attempts < 1 {
		return 1
	}
	return p.Attempts
}

// Do calls fn until it succeeds, returns a non-transient error, the policy's
// attempts are used up or ctx ends. onRetry, if not nil, is called before
// each wait with the try that failed and its error. Do returns the number of
// tries made and the last error.
func Do(ctx context.Context, p Policy, fn func(ctx context.Context, attempt int) error, onRetry func(attempt int, err error)) (int, error) {
	var err error
	n := p.attempts()
	for attempt := 1; ; attempt++ {
		err = fn(ctx, attempt)
		if err == nil || !fault.IsTransient(err) || attempt >= n {
			return attempt, err
		}
		if onRetry != nil {
			onRetry(attempt, err)
		}
		t := time.NewTimer(p.Backoff(attempt + 1))
		select {
		case <-ctx.Done():
			t.Stop()
			return attempt, err
		case <-t.C:
		}
	}
}
