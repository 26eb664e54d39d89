package bus

import (
	"context"
	"crypto/sha1"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/telemetry"
)

// item is one consumed record on its way through a batch.
type item struct {
	rec   *kgo.Record
	event events.Event // nil when decoding failed
	err   error        // decode failure
	route *route
	outs  []*kgo.Record
	done  bool // a duplicate: not handled, emits nothing
	ok    bool // handled successfully: marked processed before the commit
	// fatal aborts the batch: not even a dead letter could be built, or
	// the infrastructure the handler needs is unavailable.
	fatal error
	// accepted: a long step's record, recorded as a job; it is marked
	// processed and emits nothing in this batch.
	accepted bool
	// inline: a long step's quick record handled in the batch, as a
	// short step would be (longRunner.accept).
	inline bool
	// declined: a quick record whose handler answered ErrNotQuick in the
	// batch; its job runs in its priority's lane, not the quick one.
	declined bool
	// abandoned: a long job stopped because its replica lost it or shuts
	// down; it emits nothing here and is resumed by its next owner.
	abandoned bool
}

// processBatch handles a polled batch and passes each item to emit in
// batch order as soon as it and every item before it are finished, so the
// outputs of the first items go out while later ones are still handled.
// Items of a duplicate event are passed too, with nothing to emit. It
// returns an error only for infrastructure failures that must abort the
// whole batch (a handler's included, fault.Unavailable); once an item
// proves fatal, no later item is emitted.
func (rt *Runtime) processBatch(ctx context.Context, recs []*kgo.Record, emit func(*item)) error {
	// Records are decoded and screened in chunks, concurrently: the
	// round trips of one chunk overlap the decoding of the others.
	items := make([]*item, len(recs))
	chunks := (len(recs) + lookupChunk - 1) / lookupChunk
	errs := make([]error, chunks)
	var decoding sync.WaitGroup
	for c := range chunks {
		lo, hi := c*lookupChunk, min(len(recs), (c+1)*lookupChunk)
		decoding.Go(func() {
			for i := lo; i < hi; i++ {
				items[i] = rt.decode(recs[i])
			}
			errs[c] = rt.screen(ctx, items[lo:hi])
		})
	}
	decoding.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if long := rt.long.Load(); long != nil {
		if err := long.accept(ctx, items); err != nil {
			return err
		}
	}

	// Lanes run concurrently, each in order: by default one per record key
	// within a topic-partition (a key is a workflow, so a workflow's events
	// stay in order while a slow document does not hold up the others on
	// its partition), one per partition number with OrderAcrossTopics.
	lanes := map[string][]int{}
	var order []string
	handled := 0
	for i, it := range items {
		if it.done || it.accepted {
			continue
		}
		handled++
		k := rt.lane(it.rec)
		if _, ok := lanes[k]; !ok {
			order = append(order, k)
		}
		lanes[k] = append(lanes[k], i)
	}
	// At most concurrency workers per batch take whole lanes in batch
	// order: a goroutine per lane would be one per record when keys are
	// distinct, each growing its stack afresh.
	finished := make(chan int, len(items))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(rt.cfg.concurrency, len(order)) {
		wg.Go(func() {
			for l := next.Add(1) - 1; l < int64(len(order)); l = next.Add(1) - 1 {
				for _, i := range lanes[order[l]] {
					rt.handle(ctx, items[i])
					finished <- i
				}
			}
		})
	}

	ready := make([]bool, len(items))
	var fatal error
	emitted := 0
	advance := func() {
		for ; emitted < len(items) && fatal == nil && (ready[emitted] || items[emitted].done || items[emitted].accepted); emitted++ {
			if fatal = items[emitted].fatal; fatal == nil {
				emit(items[emitted])
			}
		}
	}
	advance()
	for range handled {
		ready[<-finished] = true
		advance()
	}
	wg.Wait()
	switch {
	case fault.IsUnavailable(fatal):
		return fmt.Errorf("handler: %w", fatal)
	case fatal != nil:
		return fmt.Errorf("%w: %w", errUnusable, fatal)
	}
	return nil
}

// lookupChunk is how many records are decoded and looked up together.
const lookupChunk = 128

// screen lets the duplicate events among a chunk's items go (skipKnown)
// and, with CancelCheck, ends the rest of canceled workflows'
// (skipCanceled). The two lookups are independent reads, so both round
// trips are in flight at once: the cancel check asks about every decoded
// item's workflow, duplicates included, and its answer is applied only to
// the items the duplicate lookup left.
func (rt *Runtime) screen(ctx context.Context, items []*item) error {
	ids := rt.cancelIDs(items)
	if len(ids) == 0 {
		return rt.skipKnown(ctx, items)
	}
	var canceled map[string]string
	var cerr error
	var checking sync.WaitGroup
	checking.Go(func() { canceled, cerr = rt.cfg.canceler.Canceled(ctx, ids) })
	err := rt.skipKnown(ctx, items)
	checking.Wait()
	if err != nil {
		return err
	}
	if cerr != nil {
		return fmt.Errorf("look up canceled workflows: %w", cerr)
	}
	return rt.skipCanceled(ctx, items, canceled)
}

// decode turns a record into an item with its event and route, or the
// reason it has none.
func (rt *Runtime) decode(r *kgo.Record) *item {
	it := &item{rec: r}
	it.event, it.err = rt.codec.Decode(r.Value)
	if it.err == nil {
		it.route = rt.routeFor(originOf(r).Topic)
		if it.route == nil {
			it.err = fault.Structuralf("no handler for topic %s", originOf(r).Topic)
		}
	}
	return it
}

// lane names the sequence a record is handled in: records of one lane are
// handled one after another, in batch order.
func (rt *Runtime) lane(r *kgo.Record) string {
	if rt.cfg.byPartitionNumber {
		return strconv.Itoa(int(r.Partition))
	}
	return r.Topic + "/" + strconv.Itoa(int(r.Partition)) + "/" + string(r.Key)
}

func (rt *Runtime) key(e events.Event) idempotency.Key {
	return idempotency.Key{Service: rt.service, ID: e.EventMeta().EventID}
}

// skipKnown looks the batch's events up in the idempotency store in one
// round trip. An event already processed from another record is a
// duplicate and emits nothing. One processed from this very record was
// handled before by a transaction that then aborted: it is handled again,
// which yields the same output event ids, while its side effects were
// guarded by Message.Once.
func (rt *Runtime) skipKnown(ctx context.Context, items []*item) error {
	var keys []idempotency.Key
	var idx []int
	for i, it := range items {
		if it.event != nil {
			keys = append(keys, rt.key(it.event))
			idx = append(idx, i)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	found, err := rt.store.ProcessedMany(ctx, keys)
	if err != nil {
		return fmt.Errorf("look up processed events: %w", err)
	}
	for j, rec := range found {
		it := items[idx[j]]
		if rec.State == idempotency.Completed && rec.Source != markSource(it) {
			rt.suppress(it)
		}
	}
	return nil
}

// suppress drops the outputs of a duplicate event.
func (rt *Runtime) suppress(it *item) {
	it.done, it.ok, it.outs = true, false, nil
	rt.metrics.duplicates.WithLabelValues(it.rec.Topic).Inc()
	rt.metrics.processed.WithLabelValues(it.rec.Topic, outcomeDuplicate).Inc()
}

// record marks the successfully handled events among items as processed,
// in one round trip before the transaction commits. Where another record
// of the same event was marked first (a concurrent duplicate), that one
// wins: record returns errLostMark, and the batch, whose outputs are
// already in flight, is aborted and consumed again, when the lookup
// suppresses the copy.
func (rt *Runtime) record(ctx context.Context, items []*item) error {
	var marks []idempotency.Item
	var idx []int
	for i, it := range items {
		if it.ok {
			marks = append(marks, idempotency.Item{Key: rt.key(it.event), Source: markSource(it)})
			idx = append(idx, i)
		}
	}
	if len(marks) == 0 {
		return nil
	}
	stored, err := rt.store.MarkProcessed(ctx, marks)
	if err != nil {
		return fmt.Errorf("record processed events: %w", err)
	}
	for j, rec := range stored {
		if !rec.Won && rec.Source != marks[j].Source {
			return fmt.Errorf("%w: event %s", errLostMark, items[idx[j]].event.EventMeta().EventID)
		}
	}
	return nil
}

// errLostMark aborts a batch in which a concurrent duplicate was marked
// processed first.
var errLostMark = errors.New("another record of the event was processed first")

// handle runs one record through its handler, with retries, and fills its
// outputs: the handler's events, or a dead letter.
func (rt *Runtime) handle(ctx context.Context, it *item) { rt.handleJob(ctx, it, nil) }

// handleJob is handle for a long job j (nil for a record handled in its
// batch's transaction). A job whose context was canceled with a cause ends
// by it: canceled workflow, lost or abandoned job (see endByCause).
func (rt *Runtime) handleJob(ctx context.Context, it *item, j *job) {
	r := it.rec
	// The record's logger is built only when something is logged: With
	// formats its attributes eagerly, which would cost every record.
	var logger *slog.Logger
	log := func() *slog.Logger {
		if logger == nil {
			logger = rt.log.With(telemetry.KeyTopic, r.Topic, telemetry.KeyPartition, r.Partition, telemetry.KeyOffset, r.Offset)
			// A record names the workflow it proves, never merely its key,
			// which is whatever its producer chose (found from outside:
			// garbage keyed with a finished workflow's id was logged, and
			// shown by the runner, under that workflow).
			if wf := loggedWorkflow(rt.codec, it.event); wf != "" {
				logger = logger.With(telemetry.KeyWorkflowID, wf)
			} else {
				logger = logger.With("key", string(r.Key))
			}
			if it.event != nil {
				logger = logger.With(telemetry.KeyEventID, it.event.EventMeta().EventID)
			}
		}
		return logger
	}
	ctx = telemetry.Propagator.Extract(ctx, recordCarrier{r})
	ctx, span := rt.tracer.Start(ctx, "handle "+originOf(r).Topic, trace.WithSpanKind(trace.SpanKindConsumer))
	defer span.End()

	prior := int(headerInt(r, HeaderAttempt))
	if it.err != nil {
		rt.deadLetter(ctx, log, it, prior, []attemptFailure{{at: time.Now(), err: it.err}})
		span.SetStatus(codes.Error, it.err.Error())
		return
	}
	policy, timeout := it.route.policy, it.route.timeout
	inline := j == nil && it.inline
	if inline {
		// One short try: the transaction is open. Whatever fails goes to
		// the job queue, where the step's own retries apply.
		policy, timeout = retry.Policy{Attempts: 1}, min(timeout, inlineTimeout)
	}
	tm := rt.metrics.topic(r.Topic)
	meta := it.event.EventMeta()
	if !meta.OccurredAt.IsZero() {
		tm.queueAge.Observe(time.Since(meta.OccurredAt).Seconds())
	}
	m := &Message{Record: r, EventID: meta.EventID, rt: rt, log: log, job: j, inline: inline}

	var failures []attemptFailure
	var outs []Output
	start := time.Now()
	_, err := retry.Do(ctx, policy, func(ctx context.Context, attempt int) error {
		m.Attempt = prior + attempt
		actx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		var err error
		outs, err = it.route.invoke(actx, m, it.event)
		if err != nil {
			failures = append(failures, attemptFailure{at: time.Now(), err: err})
		}
		return err
	}, func(attempt int, err error) {
		rt.metrics.retries.WithLabelValues(r.Topic).Inc()
		log().WarnContext(ctx, "transient failure; retrying", "attempt", prior+attempt, "error", err)
		if l := rt.long.Load(); j != nil && l != nil {
			l.retrying(j, attempt, policy.Attempts, err)
		}
	})
	tm.duration.Observe(time.Since(start).Seconds())
	rt.lastPoll.Store(time.Now().UnixNano()) // progress, for Live
	if j != nil && rt.endByCause(ctx, it) {
		return
	}
	if errors.Is(err, ErrCanceled) {
		rt.endCanceled(ctx, log, it, err)
		return
	}
	if inline && err != nil && !fault.IsUnavailable(err) {
		rt.requeue(ctx, log, it, err)
		return
	}
	if errors.Is(err, ErrNotQuick) {
		err = fault.Structuralf("%w, outside a batch: the handler must return it only when Message.Inline", err)
	}
	if fault.IsUnavailable(err) {
		// Redis down is not the record's fault: abort the batch and
		// consume it again, rather than dead-letter every record in
		// flight (a dead letter of the exception agent's own would
		// never be drained).
		span.SetStatus(codes.Error, err.Error())
		it.fatal = err
		return
	}
	if err != nil && it.route.fallback != nil {
		if fb, ok := it.route.fallback(ctx, m, it.event, err); ok {
			span.SetStatus(codes.Error, err.Error())
			outs, err = fb, nil
		}
	}
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
		rt.deadLetter(ctx, log, it, prior, failures)
		return
	}
	it.outs = make([]*kgo.Record, 0, len(outs))
	for i, o := range outs {
		rec, err := rt.outputRecord(ctx, r, it.event, i, o)
		if err != nil {
			// An output that cannot be encoded is a bug in the handler or
			// a schema mismatch: dead-letter the input, emit nothing.
			it.outs = nil
			rt.deadLetter(ctx, log, it, prior, append(failures, attemptFailure{at: time.Now(), err: fault.Wrap(fault.Structural, err)}))
			return
		}
		it.outs = append(it.outs, rec)
	}
	it.ok = true
	tm.ok.Inc()
}

// inlineTimeout bounds the one try of a quick long-step record handled
// in its batch's transaction (see longRunner.accept).
const inlineTimeout = 2 * time.Second

// requeue makes a quick record whose inline try failed a job, accepted in
// the same transaction; a store that cannot take it aborts the batch.
func (rt *Runtime) requeue(ctx context.Context, log func() *slog.Logger, it *item, cause error) {
	if errors.Is(cause, ErrNotQuick) {
		it.declined = true
		rt.metrics.jobs.WithLabelValues("declined").Inc()
		log().DebugContext(ctx, "quick step is long after all; queued as a job", "reason", cause)
	} else {
		log().InfoContext(ctx, "quick step failed in its batch; queued as a job", "error", cause)
	}
	if err := rt.long.Load().requeue(ctx, it); err != nil {
		it.fatal = fault.Unavailable(err)
	}
}

var outputNamespace = uuid.MustParse("6f1c1f4e-6a51-4c55-9d0c-3b0f4f8a2d10")

// outputID is the UUIDv5 of "<input event id>\x00<topic>\x00<i>" in
// outputNamespace: uuid.NewSHA1's result, hashed from a stack buffer
// instead of a hash object and a concatenated string per output.
func outputID(in, topic string, i int) string {
	var buf [128]byte
	name := append(buf[:0], outputNamespace[:]...)
	name = append(append(append(append(name, in...), 0), topic...), 0)
	name = strconv.AppendInt(name, int64(i), 10)
	sum := sha1.Sum(name)
	var id uuid.UUID
	copy(id[:], sum[:])
	id[6] = id[6]&0x0f | 0x50 // version 5
	id[8] = id[8]&0x3f | 0x80 // RFC 4122 variant
	return id.String()
}

// endByCause ends a long job whose context was canceled with a cause: a
// canceled workflow emits its canceled event, a timed-out one a
// step_stopped event; a job lost to another replica
// or left at shutdown emits nothing (abandoned). It reports whether the
// cause ended the job.
func (rt *Runtime) endByCause(ctx context.Context, it *item) bool {
	cause := context.Cause(ctx)
	if cause == nil {
		return false
	}
	var ce *CanceledError
	var te *TimedOutError
	switch {
	case errors.As(cause, &ce) && it.event != nil:
		it.err = nil
		rt.endCanceled(ctx, func() *slog.Logger { return rt.log.With(telemetry.KeyWorkflowID, ce.Workflow) }, it, cause)
	case errors.As(cause, &te) && it.event != nil:
		it.err = nil
		if err := rt.stopItem(ctx, it, te.Reason); err != nil {
			it.fatal = err
			break
		}
		rt.log.InfoContext(ctx, "workflow's deadline passed; long step stopped", telemetry.KeyWorkflowID, te.Workflow, "reason", te.Reason)
	case errors.Is(cause, errJobLost), errors.Is(cause, errJobAbandoned):
		it.abandoned = true
	default:
		return false
	}
	return true
}

// outputRecord fills an output's metadata and encodes it; src is the
// consumed record it derives from, whose priority header it carries on.
func (rt *Runtime) outputRecord(ctx context.Context, src *kgo.Record, in events.Event, i int, o Output) (*kgo.Record, error) {
	im, om := in.EventMeta(), o.Event.EventMeta()
	if om.EventID == "" {
		om.EventID = outputID(im.EventID, o.Topic, i)
	}
	if om.WorkflowID == "" {
		om.WorkflowID = im.WorkflowID
	}
	if om.TenantID == "" {
		om.TenantID = im.TenantID
	}
	if om.CausationID == "" {
		om.CausationID = im.EventID
	}
	if om.OccurredAt.IsZero() {
		om.OccurredAt = time.Now().UTC().Truncate(time.Millisecond)
	}
	if om.Producer.Service == "" {
		om.Producer.Service, om.Producer.Version = rt.service, rt.cfg.version
	}
	v, err := rt.codec.Encode(o.Topic, o.Event)
	if err != nil {
		return nil, fmt.Errorf("encode output %d for %s: %w", i, o.Topic, err)
	}
	rec := &kgo.Record{Topic: o.Topic, Key: []byte(om.WorkflowID), Value: v}
	if p := header(src, events.HeaderPriority); p != "" {
		rec.Headers = append(rec.Headers, kgo.RecordHeader{Key: events.HeaderPriority, Value: []byte(p)})
	}
	InjectTrace(ctx, rec)
	return rec, nil
}

// loggedWorkflow is the workflow a log line about e names: its meta's, or
// for a dead letter the one its original record proves; "" for a record
// that did not decode (e nil) and a dead letter that proves none (its key
// and meta repeat what a poison record's producer chose).
func loggedWorkflow(dec Decoder, e events.Event) string {
	dl, ok := e.(*events.DeadLetter)
	switch {
	case e == nil:
		return ""
	case !ok:
		return e.EventMeta().WorkflowID
	}
	wf, _ := ProvenWorkflow(dec, dl) // unproven while the registry is out: "" too
	return wf
}

type attemptFailure struct {
	at  time.Time
	err error
}

// deadLetter replaces the item's outputs with one DLQ envelope.
func (rt *Runtime) deadLetter(ctx context.Context, log func() *slog.Logger, it *item, prior int, failures []attemptFailure) {
	last := failures[len(failures)-1]
	class := fault.ClassOf(last.err)
	rec, err := rt.envelope(ctx, it, prior, failures)
	if err != nil {
		// The envelope schema itself is unusable, so nothing can be
		// dead-lettered: abort the batch rather than drop the record.
		it.fatal = err
		return
	}
	it.outs = []*kgo.Record{rec}
	rt.metrics.dlq.WithLabelValues(it.rec.Topic, string(class)).Inc()
	rt.metrics.processed.WithLabelValues(it.rec.Topic, outcomeDLQ).Inc()
	log().WarnContext(ctx, "dead-lettered", "class", class, "attempts", prior+len(failures), "error", last.err)
}
