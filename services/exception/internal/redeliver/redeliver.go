// Package redeliver produces the agent's records: scheduled redeliveries to
// the retry topics and operator actions, each batch in one Kafka
// transaction.
//
// A redelivery is produced, then removed from the schedule. A crash between
// the two leaves it claimed in the schedule until its lease ends; it is
// then produced once more. The target service's runtime suppresses the
// second copy (the event id was processed from another record), so the
// worst case is one duplicate delivery that emits nothing.
//
// Due redeliveries go per target service through its circuit breaker and
// its shared rate budget; those held back are pushed to later due times
// with jitter, so a backlog drains at the rate instead of in waves.
package redeliver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/services/exception/internal/breaker"
	"github.com/docket-run/docket/services/exception/internal/metrics"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// Producer writes batches of records atomically.
type Producer struct {
	mu sync.Mutex
	cl *kgo.Client
}

// NewProducer returns a transactional producer with id txnID. The id must
// be stable per replica: a restarted replica fences its predecessor.
func NewProducer(kafka []kgo.Opt, txnID string) (*Producer, error) {
	cl, err := kgo.NewClient(append(append([]kgo.Opt{}, kafka...),
		kgo.TransactionalID(txnID),
		kgo.TransactionTimeout(30*time.Second),
		kgo.RecordPartitioner(kgo.StickyKeyPartitioner(nil)),
	)...)
	if err != nil {
		return nil, fmt.Errorf("redelivery producer: %w", err)
	}
	return &Producer{cl: cl}, nil
}

// Close closes the producer.
func (p *Producer) Close() { p.cl.Close() }

// Send produces recs in one transaction: all of them or none.
func (p *Producer) Send(ctx context.Context, recs ...*kgo.Record) error {
	if len(recs) == 0 {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.cl.BeginTransaction(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("begin transaction: %w", err))
	}
	var (
		emu   sync.Mutex
		first error
	)
	for _, r := range recs {
		p.cl.Produce(ctx, r, func(_ *kgo.Record, err error) {
			if err != nil {
				emu.Lock()
				if first == nil {
					first = err
				}
				emu.Unlock()
			}
		})
	}
	ferr := p.cl.Flush(ctx)
	emu.Lock()
	perr := first
	emu.Unlock()
	commit := kgo.TryCommit
	if ferr != nil || perr != nil {
		commit = kgo.TryAbort
		if ferr != nil {
			// Records still buffered must go before the abort.
			_ = p.cl.AbortBufferedRecords(context.WithoutCancel(ctx))
		}
	}
	endCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	eerr := p.cl.EndTransaction(endCtx, commit)
	if err := errors.Join(ferr, perr); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("produce %d records: %w", len(recs), errors.Join(err, eerr)))
	}
	if eerr != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("commit %d records: %w", len(recs), eerr))
	}
	return nil
}

// Limiter takes admissions from shared per-service rate budgets.
type Limiter interface {
	Take(ctx context.Context, key string, r ratelimit.Rate, want int) (ratelimit.Result, error)
}

// Breakers tell whether redeliveries to a service may go.
type Breakers interface {
	Allow(ctx context.Context, service string) (breaker.Decision, error)
}

// Rates are the redelivery rates per target service.
type Rates struct {
	Default    ratelimit.Rate
	PerService map[string]ratelimit.Rate
}

// For returns the rate of service.
func (r Rates) For(service string) ratelimit.Rate {
	if v, ok := r.PerService[service]; ok {
		return v
	}
	return r.Default
}

// Scheduler produces due redeliveries, each target service's within its
// shared rate and while its circuit breaker lets them through.
type Scheduler struct {
	Store    *store.Store
	Producer *Producer
	Limiter  Limiter
	Rates    Rates
	Breakers Breakers
	// BreakerJitter spreads the redeliveries an open breaker held back
	// over this long after it may close, so they do not come back as one
	// wave.
	BreakerJitter time.Duration
	Metrics       *metrics.Metrics
	Log           *slog.Logger
	// Interval is how often the schedule is read.
	Interval time.Duration
	// Lease is how long a claimed redelivery stays hidden from other
	// schedulers before it is taken again.
	Lease time.Duration
	// Batch bounds the redeliveries produced per transaction.
	Batch int
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Run produces due redeliveries until ctx ends.
func (s *Scheduler) Run(ctx context.Context) {
	t := time.NewTicker(s.Interval)
	defer t.Stop()
	for {
		for {
			n, err := s.Tick(ctx)
			if err != nil {
				if ctx.Err() == nil {
					s.Log.Warn("redelivery failed; the schedule keeps it for another try", "error", err)
				}
				break
			}
			if n < s.Batch {
				break // caught up
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Tick claims one batch of due redeliveries, produces those the target
// services' breakers and rate budgets admit, and pushes the others back. It
// returns how many it claimed.
func (s *Scheduler) Tick(ctx context.Context) (int, error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	at := now()
	due, err := s.Store.ClaimDue(ctx, at, s.Lease, s.Batch)
	if err != nil || len(due) == 0 {
		return 0, err
	}
	var order []string
	bySvc := map[string][]model.Redelivery{}
	for _, r := range due {
		svc := r.Envelope.Service
		if _, ok := bySvc[svc]; !ok {
			order = append(order, svc)
		}
		bySvc[svc] = append(bySvc[svc], r)
	}
	var admitted []model.Redelivery
	later := map[string]time.Time{}
	for _, svc := range order {
		rs := bySvc[svc]
		ok, err := s.admit(ctx, at, svc, rs, later)
		if err != nil {
			// Claimed and not produced: due again after the lease.
			return 0, err
		}
		admitted = append(admitted, rs[:ok]...)
	}
	if err := s.Store.Defer(ctx, later); err != nil {
		return 0, err
	}
	if len(admitted) == 0 {
		return len(due), nil
	}
	recs := make([]*kgo.Record, len(admitted))
	ids := make([]string, len(admitted))
	for i, r := range admitted {
		recs[i] = r.Envelope.RetryRecord()
		ids[i] = r.ID
	}
	if err := s.Producer.Send(ctx, recs...); err != nil {
		return 0, err
	}
	if err := s.Store.Delivered(context.WithoutCancel(ctx), ids...); err != nil {
		// Produced but still scheduled: produced again after the lease,
		// and suppressed as a duplicate by the target's runtime.
		return 0, err
	}
	for _, r := range admitted {
		s.Metrics.Redelivered.WithLabelValues(r.Envelope.Service).Inc()
		s.Log.Info("redelivered", "id", r.ID, "service", r.Envelope.Service, "workflow_id", r.Envelope.WorkflowID, "attempt", r.Attempt)
	}
	return len(due), nil
}

// admit decides which of service's due redeliveries rs go now: the first
// ok of them. The others get a new due time in later: after the breaker's
// wait, or, held back by the rate, at the time each would fit in the
// budget; both with jitter.
func (s *Scheduler) admit(ctx context.Context, at time.Time, svc string, rs []model.Redelivery, later map[string]time.Time) (ok int, err error) {
	d, err := s.Breakers.Allow(ctx, svc)
	if err != nil {
		return 0, err
	}
	s.Metrics.SetBreakerState(svc, d.State)
	allow := len(rs)
	switch d.Verdict {
	case breaker.Deny:
		allow = 0
	case breaker.Probe:
		allow = 1
		s.Log.Info("circuit breaker half-open: one probe redelivery", "service", svc, "id", rs[0].ID)
	}
	if allow > 0 {
		rate := s.Rates.For(svc)
		res, err := s.Limiter.Take(ctx, svc, rate, allow)
		if err != nil {
			return 0, err
		}
		ok = res.Admitted
		step := time.Duration(float64(time.Second) / rate.PerSecond)
		for i, r := range rs[ok:allow] {
			later[r.ID] = at.Add(res.RetryAfter + time.Duration(i)*step + jitter(step))
		}
		if held := allow - ok; held > 0 {
			s.Metrics.RateLimited.WithLabelValues(svc).Add(float64(held))
		}
	}
	if rest := rs[allow:]; len(rest) > 0 {
		wait := d.Wait
		if d.Verdict == breaker.Probe {
			wait = s.BreakerJitter // the probe's window
		}
		for _, r := range rest {
			later[r.ID] = at.Add(wait + jitter(s.BreakerJitter))
		}
		s.Metrics.BreakerDeferred.WithLabelValues(svc).Add(float64(len(rest)))
	}
	return ok, nil
}

// jitter draws uniformly from [0, d).
func jitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(d)))
}
