package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/emit"
	"github.com/docket-run/docket/services/sagatracker/internal/operations"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/server"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
	"github.com/docket-run/docket/services/sagatracker/internal/timers"
)

// storeSettings returns the projection's control settings; zero fields
// keep the defaults.
func storeSettings(c config.Control) store.Settings {
	s := store.DefaultSettings
	if c.Deadline > 0 {
		s.Deadline = c.Deadline
	}
	if c.ReviewSLA > 0 {
		s.ReviewSLA = c.ReviewSLA
	}
	if c.CancelGrace > 0 {
		s.CancelGrace = c.CancelGrace
	}
	return s
}

// control is the tracker's write side: the Operations API and the timer
// loop, which produce events through one Kafka client.
type control struct {
	cl    *kgo.Client
	ops   *operations.Server
	timer *timers.Loop
}

// newControl builds the write side on p and the projection store st.
func newControl(p Parts, st *store.Store) (*control, error) {
	enc := p.Encoder
	if enc == nil {
		e, ok := p.Decoder.(emit.Encoder)
		if !ok {
			return nil, errors.New("no encoder for the tracker's own events")
		}
		enc = e
	}
	cl, err := kgo.NewClient(p.Kafka...)
	if err != nil {
		return nil, fmt.Errorf("kafka producer: %w", err)
	}
	clk := p.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	em := emit.New(cl, enc)
	loop := timers.New(timers.Config{Interval: p.Config.Control.TimerInterval}, st, em, clk, p.Log)
	if reg := registerer(p.Ops); reg != nil {
		// Review SLA breaches (review_escalated) and deadline breaches as
		// Prometheus sees them: the console's overview and the alert rules.
		fired := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_sagatracker_timers_fired_total",
			Help: "Durable timers fired, by the control event they produced (review_escalated: a review SLA passed; deadline_exceeded)."}, []string{"kind"})
		if err := reg.Register(fired); err != nil {
			cl.Close()
			return nil, fmt.Errorf("timer metrics: %w", err)
		}
		for _, kind := range []string{projection.KindReviewEscalated, projection.KindDeadlineExceeded} {
			fired.WithLabelValues(kind) // a series from the start: increase() sees the first one
		}
		loop.Fired = func(kind string) { fired.WithLabelValues(kind).Inc() }
	}
	return &control{
		cl:    cl,
		ops:   operations.New(operations.Config{Lease: p.Config.Control.ReviewLease, Auth: p.Auth, DocumentTypes: p.Config.DocumentTypes}, st, em, clk, p.Log),
		timer: loop,
	}, nil
}

// service is the Operations API, served beside Tracker.
func (c *control) service() server.Service {
	return server.Service{Desc: &trackerv1.Operations_ServiceDesc, Impl: c.ops}
}

// run fires timers until ctx ends.
func (c *control) run(ctx context.Context) error { return c.timer.Run(ctx) }

func (c *control) close() { c.cl.Close() }
