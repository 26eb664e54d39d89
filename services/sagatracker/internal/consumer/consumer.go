// Package consumer feeds every Docket topic into the projection: a plain
// consumer group member (read_committed, no auto-commit, rebalances blocked
// while a batch is applied) that writes each polled batch, with its
// offsets, to Redis in one script. The offsets in Redis are the source of
// truth: when partitions are assigned, the consumer starts from them (from
// the start of a partition Redis has no offset for), whatever the group
// committed.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// Decoder decodes a record value into a Docket event.
type Decoder interface {
	Decode(b []byte) (events.Event, error)
}

// Config tunes a Consumer.
type Config struct {
	// Group is the consumer group.
	Group string
	// InstanceID, when set, is the consumer's static group membership id.
	InstanceID string
	// Topics are consumed.
	Topics []string
	// MaxPollRecords bounds a batch.
	MaxPollRecords int
	// WriteTimeout bounds the retries of one batch's write to Redis; past
	// it Run fails (the process is restarted and resumes from Redis).
	WriteTimeout time.Duration
	// PollWait bounds one poll, so the loop of an idle tracker still turns
	// and Live tells idle from stuck. Default 5s.
	PollWait time.Duration
}

// Consumer projects the consumed topics into a store.
type Consumer struct {
	cfg   Config
	kopts []kgo.Opt
	store *store.Store
	dec   Decoder
	log   *slog.Logger

	assigned atomic.Bool
	lastLoop atomic.Int64
	// abort ends the poll of Run when newly assigned partitions could not
	// be given their stored offsets.
	abort context.CancelCauseFunc

	applied, duplicates, stale, skipped, poison prometheus.Counter
	lag                                         *telemetry.ConsumerLag
}

// New returns a consumer; kopts are the Kafka connection options.
func New(cfg Config, kopts []kgo.Opt, st *store.Store, dec Decoder, log *slog.Logger, reg prometheus.Registerer) (*Consumer, error) {
	if cfg.Group == "" || len(cfg.Topics) == 0 {
		return nil, errors.New("consumer: group and topics are required")
	}
	if cfg.MaxPollRecords <= 0 {
		cfg.MaxPollRecords = 1000
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 30 * time.Second
	}
	if cfg.PollWait <= 0 {
		cfg.PollWait = 5 * time.Second
	}
	c := &Consumer{cfg: cfg, kopts: kopts, store: st, dec: dec, log: log}
	counter := func(name, help string) prometheus.Counter {
		m := prometheus.NewCounter(prometheus.CounterOpts{Namespace: "docket", Subsystem: "sagatracker", Name: name, Help: help})
		if reg != nil {
			reg.MustRegister(m)
		}
		return m
	}
	c.applied = counter("events_applied_total", "Events applied to the projection.")
	c.duplicates = counter("duplicates_suppressed_total", "Events already applied, changing nothing.")
	c.stale = counter("stale_records_total", "Records below the stored offset of their partition.")
	c.skipped = counter("records_skipped_total", "Records naming no workflow (a submission request, an event without a workflow id).")
	c.poison = counter("poison_records_total", "Records that prove no workflow, not projected: undecodable records and their dead letters.")
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	lag, err := telemetry.NewConsumerLag(reg, prometheus.Labels{"service": "sagatracker"})
	if err != nil {
		return nil, fmt.Errorf("consumer: %w", err)
	}
	c.lag = lag
	return c, nil
}

// Ready reports whether the consumer holds partitions.
func (c *Consumer) Ready(context.Context) error {
	if !c.assigned.Load() {
		return errors.New("no partitions assigned yet")
	}
	return nil
}

// Live fails when the poll loop has not turned for a while.
func (c *Consumer) Live(context.Context) error {
	last := c.lastLoop.Load()
	if last == 0 {
		return nil
	}
	if d := time.Since(time.Unix(0, last)); d > 2*c.cfg.WriteTimeout+time.Minute {
		return fmt.Errorf("poll loop stuck for %s", d.Round(time.Second))
	}
	return nil
}

// Run consumes until ctx ends (nil) or the projection cannot be written
// (an error).
func (c *Consumer) Run(ctx context.Context) error {
	opts := append([]kgo.Opt{}, c.kopts...)
	opts = append(opts,
		kgo.ConsumerGroup(c.cfg.Group),
		kgo.ConsumeTopics(c.cfg.Topics...),
		kgo.DisableAutoCommit(),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.BlockRebalanceOnPoll(),
		kgo.AdjustFetchOffsetsFn(c.adjust),
		kgo.OnPartitionsAssigned(func(context.Context, *kgo.Client, map[string][]int32) { c.assigned.Store(true) }),
		// A session ended in error (fenced by a replica with the same
		// instance id, expired) is not ready until it joins again.
		kgo.OnPartitionsLost(func(_ context.Context, _ *kgo.Client, lost map[string][]int32) {
			c.assigned.Store(false)
			c.lag.Forget(lost)
		}),
		kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, revoked map[string][]int32) { c.lag.Forget(revoked) }),
	)
	pollCtx, abort := context.WithCancelCause(ctx)
	defer abort(nil)
	c.abort = abort
	if c.cfg.InstanceID != "" {
		opts = append(opts, kgo.InstanceID(c.cfg.InstanceID))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return fmt.Errorf("kafka client: %w", err)
	}
	defer cl.Close()
	c.log.Info("projection consumer started", "group", c.cfg.Group, "topics", len(c.cfg.Topics))
	for {
		c.lastLoop.Store(time.Now().UnixNano())
		waitCtx, cancelWait := context.WithTimeout(pollCtx, c.cfg.PollWait)
		fs := cl.PollRecords(waitCtx, c.cfg.MaxPollRecords)
		cancelWait()
		c.lag.Observe(fs)
		if ctx.Err() == nil && pollCtx.Err() != nil {
			cl.AllowRebalance()
			return context.Cause(pollCtx)
		}
		if ctx.Err() != nil || fs.IsClientClosed() {
			cl.AllowRebalance()
			return nil
		}
		fs.EachError(func(topic string, p int32, err error) {
			if errors.Is(err, context.DeadlineExceeded) {
				return // the poll waited its time: nothing arrived
			}
			c.log.Warn("fetch failed", "topic", topic, "partition", p, "error", err)
		})
		err := c.project(ctx, fs)
		cl.AllowRebalance()
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// adjust replaces the group's offsets of newly assigned partitions with
// the ones stored in Redis, or the start of the partition. Redis being
// briefly away (a restart, its dataset loading) is retried for up to
// WriteTimeout: an error here ends the group session mid-assignment.
// Past that the consumer gives up the run, which fails, and the restarted
// process resumes from the offsets in Redis.
func (c *Consumer) adjust(ctx context.Context, in map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
	var tps []string
	for topic, ps := range in {
		for p := range ps {
			tps = append(tps, projection.TP(topic, p))
		}
	}
	stored, err := c.storedOffsets(ctx, tps)
	if err != nil {
		err = fmt.Errorf("read stored offsets of %d assigned partitions: %w", len(tps), err)
		if c.abort != nil {
			c.abort(err)
		}
		return nil, err
	}
	out := make(map[string]map[int32]kgo.Offset, len(in))
	for topic, ps := range in {
		m := make(map[int32]kgo.Offset, len(ps))
		for p := range ps {
			if o, ok := stored[projection.TP(topic, p)]; ok {
				m[p] = kgo.NewOffset().At(o)
			} else {
				m[p] = kgo.NewOffset().AtStart()
			}
		}
		out[topic] = m
	}
	c.log.Info("partitions assigned", "partitions", len(tps), "with_stored_offsets", len(stored))
	return out, nil
}

// storedOffsets reads the offsets stored with the projection, retrying
// failures with backoff for at most WriteTimeout.
func (c *Consumer) storedOffsets(ctx context.Context, tps []string) (map[string]int64, error) {
	deadline := time.Now().Add(c.cfg.WriteTimeout)
	backoff := 50 * time.Millisecond
	for {
		stored, err := c.store.Offsets(ctx, tps)
		if err == nil || ctx.Err() != nil || time.Now().After(deadline) {
			return stored, err
		}
		c.log.Warn("reading stored offsets failed, retrying", "partitions", len(tps), "error", err)
		if err := sleep(ctx, backoff/2+rand.N(backoff/2+1)); err != nil {
			return nil, err
		}
		backoff = min(backoff*2, 2*time.Second)
	}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// project writes one polled batch, retrying transient failures with
// backoff for at most WriteTimeout.
func (c *Consumer) project(ctx context.Context, fs kgo.Fetches) error {
	_, err := c.projectRecords(ctx, fs.Records())
	return err
}

// projectRecords writes the records of one batch and the next offset of
// each of their partitions in one script call, retrying transient failures
// with backoff for at most WriteTimeout. It returns what the store did.
func (c *Consumer) projectRecords(ctx context.Context, recs []*kgo.Record) (store.Result, error) {
	var ops []projection.Op
	next := map[string]int64{}
	for _, r := range recs {
		next[projection.TP(r.Topic, r.Partition)] = r.Offset + 1
		e, err := c.event(ctx, r)
		if err != nil {
			return store.Result{}, err
		}
		if e == nil {
			c.poison.Inc()
			continue
		}
		op, ok := projection.Build(record(r), e)
		if !ok {
			c.skipped.Inc()
			continue
		}
		ops = append(ops, op)
	}
	if len(next) == 0 {
		return store.Result{}, nil
	}
	deadline := time.Now().Add(c.cfg.WriteTimeout)
	backoff := 50 * time.Millisecond
	for {
		res, err := c.store.Apply(ctx, ops, next)
		if err == nil {
			c.applied.Add(float64(res.Applied))
			c.duplicates.Add(float64(res.Duplicates))
			c.stale.Add(float64(res.Stale))
			return res, nil
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			return store.Result{}, fmt.Errorf("project batch of %d records: %w", len(ops), err)
		}
		c.log.Warn("projection write failed, retrying", "records", len(ops), "error", err)
		if err := sleep(ctx, backoff/2+rand.N(backoff/2+1)); err != nil {
			return store.Result{}, err
		}
		backoff = min(backoff*2, 2*time.Second)
	}
}

// event decodes r for projection. It returns nil for a poison record,
// which changes no workflow: one that does not decode (only its key would
// name a workflow, and a key proves nothing) or a dead letter that proves
// no workflow (bus.ProvenWorkflow). The service that consumed it
// dead-letters it, and the exception agent parks it for an operator. A dead
// letter's meta names the workflow it proves. An error is a failure that
// is not the record's (the registry unreachable) and outlasted the retries.
func (c *Consumer) event(ctx context.Context, r *kgo.Record) (events.Event, error) {
	dec := decoderFunc(func(b []byte) (events.Event, error) { return c.decode(ctx, b) })
	e, err := dec.Decode(r.Value)
	switch {
	case fault.IsTransient(err):
		return nil, fmt.Errorf("decode %s@%d: %w", projection.TP(r.Topic, r.Partition), r.Offset, err)
	case err != nil:
		c.log.Warn("poison record not projected: it does not decode", "topic", r.Topic, "partition", r.Partition, "offset", r.Offset, "key", string(r.Key), "error", err)
		return nil, nil
	}
	dl, ok := e.(*events.DeadLetter)
	if !ok {
		return e, nil
	}
	wf, err := bus.ProvenWorkflow(dec, dl)
	if err != nil {
		return nil, fmt.Errorf("dead letter %s@%d: %w", projection.TP(r.Topic, r.Partition), r.Offset, err)
	}
	if wf == "" {
		c.log.Warn("poison dead letter not projected: its original record does not decode, so it proves no workflow",
			"topic", r.Topic, "partition", r.Partition, "offset", r.Offset, "key", string(r.Key), "event_id", dl.Meta.EventID)
		return nil, nil
	}
	dl.Meta.WorkflowID = wf
	return dl, nil
}

// decode decodes b, retrying with backoff for at most WriteTimeout while
// the failure is not the record's (fault.Transient: the registry
// unreachable).
func (c *Consumer) decode(ctx context.Context, b []byte) (events.Event, error) {
	deadline := time.Now().Add(c.cfg.WriteTimeout)
	backoff := 50 * time.Millisecond
	for {
		e, err := c.dec.Decode(b)
		if !fault.IsTransient(err) || ctx.Err() != nil || time.Now().After(deadline) {
			return e, err
		}
		c.log.Warn("decode failed, retrying", "error", err)
		if err := sleep(ctx, backoff/2+rand.N(backoff/2+1)); err != nil {
			return nil, err
		}
		backoff = min(backoff*2, 2*time.Second)
	}
}

// decoderFunc is a function that is a bus.Decoder.
type decoderFunc func(b []byte) (events.Event, error)

func (f decoderFunc) Decode(b []byte) (events.Event, error) { return f(b) }

func record(r *kgo.Record) projection.Record {
	out := projection.Record{Topic: r.Topic, Partition: r.Partition, Offset: r.Offset, Key: r.Key}
	for _, h := range r.Headers {
		if strings.HasPrefix(h.Key, "docket-") {
			if out.Headers == nil {
				out.Headers = map[string]string{}
			}
			out.Headers[h.Key] = string(h.Value)
		}
	}
	return out
}

// Topics returns every topic the tracker consumes: the event topics but
// the audit log (operator actions, which the tracker itself produces some
// of; they are no workflow's step), the ledger's checkpoints (about the
// ledger's chains, not about workflows) and the submission requests (a
// request names no workflow yet: ingest answers it with a submitted or a
// rejected event, which the tracker projects; reading the requests only
// cost a fetch, a decode and an offset write each), and the dead-letter
// and retry topic of every service.
func Topics() []string {
	ts := slices.DeleteFunc(events.Topics(), func(t string) bool {
		return t == events.TopicAudit || t == events.TopicLedgerCheckpoints || t == events.TopicRequested
	})
	for _, svc := range events.Services() {
		ts = append(ts, events.RetryTopic(svc))
	}
	return ts
}
