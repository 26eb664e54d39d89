package bus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
)

// Message is what a handler knows about the record it handles besides the
// decoded event.
type Message struct {
	// Record is the consumed record. Handlers must not modify it.
	Record *kgo.Record
	// EventID is the consumed event's id.
	EventID string
	// Attempt counts deliveries of this event: 1 on the first, more after
	// in-process retries and redeliveries through the retry topic.
	Attempt int
	rt      *Runtime
	log     func() *slog.Logger
	job     *job // the long job, nil in a transaction's batch
	inline  bool // a long step's quick record handled in its batch
}

// Inline reports whether the record is a long step's quick record (Quick)
// handled in its batch's transaction. Its handler has one short try
// there; one that finds only then that the record's work is long (a PDF
// whose pages need OCR) returns ErrNotQuick before starting it, and the
// record becomes a job.
func (m *Message) Inline() bool { return m.inline }

// Log returns a logger carrying workflow_id, event_id, topic, partition and
// offset; log with the handler's context to add trace_id. It is built on
// first use, so records that log nothing pay nothing for it.
func (m *Message) Log() *slog.Logger { return m.log() }

// Once runs the external side effect fn at most once for this event and
// step, across redeliveries, duplicate events, replicas and crashes, and
// returns its result. A second call with the same event and step returns the
// stored result without running fn. The claim is keyed (service, event id,
// step) in the idempotency store; a claimer that crashed is taken over when
// its lease expires, and a stale claimer cannot overwrite a newer result.
//
// While another owner holds the claim, Once returns a fault.Unavailable
// error: the runtime aborts the batch and handles it again after a pause,
// until the holder completes or its lease runs out. When fn fails, the claim is released so a retry
// can take it at once.
func (m *Message) Once(ctx context.Context, step string, fn func(ctx context.Context) ([]byte, error)) ([]byte, error) {
	key := idempotency.Key{Service: m.rt.service, ID: m.EventID + "/" + step}
	claim, err := m.rt.store.Claim(ctx, key, m.rt.cfg.txnID)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("claim side effect %s: %w", step, err))
	}
	switch claim.State {
	case idempotency.Completed:
		m.rt.metrics.duplicates.WithLabelValues(m.Record.Topic).Inc()
		m.Log().DebugContext(ctx, "side effect already done; reusing its result", "step", step)
		return claim.Result, nil
	case idempotency.Held:
		// Another owner's lease: a replica running it, or one that died
		// running it (this one before a restart). Waiting is the only
		// cure, so the batch waits rather than the record being
		// dead-lettered after three quick tries.
		return nil, fault.Unavailable(fmt.Errorf("side effect %s of event %s is in progress elsewhere (lease until %s)", step, m.EventID, claim.LeaseUntil.Format(time.RFC3339)))
	}
	result, err := fn(ctx)
	if err != nil {
		if rerr := m.rt.store.Release(context.WithoutCancel(ctx), key, claim.Token); rerr != nil && !errors.Is(rerr, idempotency.ErrFenced) {
			m.Log().WarnContext(ctx, "release side-effect claim", "step", step, "error", rerr)
		}
		return nil, err
	}
	if err := m.rt.store.Complete(context.WithoutCancel(ctx), key, claim.Token, result); err != nil {
		if errors.Is(err, idempotency.ErrFenced) {
			// Our lease expired and another claimer took over; its result
			// wins. Retrying reads it.
			return nil, fault.Transientf("side effect %s of event %s: claim lost to another owner", step, m.EventID)
		}
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("record side effect %s: %w", step, err))
	}
	return result, nil
}
