// Package redeliver produces the agent's records: scheduled redeliveries to
// the retry topics and operator actions, each batch in one Kafka
// transaction.
//
// A redelivery is produced, then removed from the schedule. A crash between
// the two leaves it claimed in the schedule until its lease ends; it is
// then produced once more. The target service's runtime suppresses the
// second copy (the event id was processed from another record), so the
// worst case is one duplicate delivery that emits nothing.
package redeliver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/fault"
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

// Scheduler produces due redeliveries.
type Scheduler struct {
	Store    *store.Store
	Producer *Producer
	Log      *slog.Logger
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

// Tick produces one batch of due redeliveries and returns how many.
func (s *Scheduler) Tick(ctx context.Context) (int, error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	due, err := s.Store.ClaimDue(ctx, now(), s.Lease, s.Batch)
	if err != nil || len(due) == 0 {
		return 0, err
	}
	recs := make([]*kgo.Record, len(due))
	ids := make([]string, len(due))
	for i, r := range due {
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
	for _, r := range due {
		s.Log.Info("redelivered", "id", r.ID, "service", r.Envelope.Service, "workflow_id", r.Envelope.WorkflowID, "attempt", r.Attempt)
	}
	return len(due), nil
}
