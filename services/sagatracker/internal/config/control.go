package config

import (
	"fmt"
	"time"
)

// Control holds the settings of the review queue, the durable timers and
// cancellation.
type Control struct {
	// Deadline is a workflow's deadline after its submission when the
	// submitted event carries none.
	Deadline time.Duration `env:"DOCKET_SAGATRACKER_DEADLINE" envDefault:"24h"`
	// ReviewSLA is a review's SLA after its request when the request
	// carries none.
	ReviewSLA time.Duration `env:"DOCKET_SAGATRACKER_REVIEW_SLA" envDefault:"4h"`
	// ReviewLease is the default lease of a claimed review task.
	ReviewLease time.Duration `env:"DOCKET_SAGATRACKER_REVIEW_LEASE" envDefault:"15m"`
	// CancelGrace is how long after a cancel request the tracker itself
	// ends a workflow no agent canceled (one waiting for a review, a
	// retry or an operator).
	CancelGrace time.Duration `env:"DOCKET_SAGATRACKER_CANCEL_GRACE" envDefault:"1m"`
	// TimerInterval is how often each replica looks for due timers.
	TimerInterval time.Duration `env:"DOCKET_SAGATRACKER_TIMER_INTERVAL" envDefault:"1s"`
}

func (c Control) validate() []error {
	var errs []error
	for _, d := range []struct {
		name string
		v    time.Duration
	}{
		{"DOCKET_SAGATRACKER_DEADLINE", c.Deadline},
		{"DOCKET_SAGATRACKER_REVIEW_SLA", c.ReviewSLA},
		{"DOCKET_SAGATRACKER_REVIEW_LEASE", c.ReviewLease},
		{"DOCKET_SAGATRACKER_CANCEL_GRACE", c.CancelGrace},
		{"DOCKET_SAGATRACKER_TIMER_INTERVAL", c.TimerInterval},
	} {
		if d.v <= 0 {
			errs = append(errs, fmt.Errorf("%s %s: want a positive duration", d.name, d.v))
		}
	}
	if c.ReviewLease > 24*time.Hour {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_REVIEW_LEASE %s: want at most 24h", c.ReviewLease))
	}
	return errs
}
