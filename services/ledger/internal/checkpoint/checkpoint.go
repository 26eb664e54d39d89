// Package checkpoint publishes signed checkpoints of the ledger's chains
// (ledgerchain's events.LedgerCheckpoint): the head of a partition's
// verified chain, every so many records and at least every interval while
// it moves, to docket.ledger.checkpoints and to an export bucket the ledger
// topic's writers cannot rewrite. `docket ledger verify` checks the topic
// against the latest one, so a history cut from the front shows.
//
// The index follower offers every head it verified; a replica publishes the
// partitions it owns (the ones it appends to), so one replica publishes
// each partition (two for a moment during a rebalance: both checkpoints
// are true).
package checkpoint

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

// Encoder encodes an event for a topic.
type Encoder interface {
	Encode(topic string, e events.Event) ([]byte, error)
}

// Exporter stores a checkpoint outside Kafka (ledgerchain.Export).
type Exporter interface {
	Put(ctx context.Context, c *events.LedgerCheckpoint) error
}

// Config is how often checkpoints are published.
type Config struct {
	Every    int64         // publish once a partition's head moved this many records
	Interval time.Duration // publish a head that moved, at least this often
}

// Publisher publishes checkpoints. It is safe for concurrent use.
type Publisher struct {
	topic   string
	cfg     Config
	key     ed25519.PrivateKey
	codec   Encoder
	kafka   *kgo.Client
	export  Exporter // nil: the topic only
	service string
	version string
	log     *slog.Logger

	mu        sync.Mutex
	owned     map[int32]bool
	pending   map[int32]ledgerchain.Head // offered, not yet published
	published map[int32]int64            // sequence last published
}

// New returns a Publisher of the checkpoints of ledger topic, signed with
// key, produced with the connection options kafka; export may be nil.
// Close it when done.
func New(topic string, cfg Config, key ed25519.PrivateKey, codec Encoder, kafka []kgo.Opt, export Exporter, service, version string, log *slog.Logger) (*Publisher, error) {
	if cfg.Every <= 0 || cfg.Interval <= 0 {
		return nil, fmt.Errorf("checkpoint every %d records and %s: both must be positive", cfg.Every, cfg.Interval)
	}
	cl, err := kgo.NewClient(append(append([]kgo.Opt{}, kafka...),
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.RequiredAcks(kgo.AllISRAcks()),
	)...)
	if err != nil {
		return nil, fmt.Errorf("checkpoint producer: %w", err)
	}
	return &Publisher{topic: topic, cfg: cfg, key: key, codec: codec, kafka: cl, export: export, service: service, version: version, log: log,
		owned: map[int32]bool{}, pending: map[int32]ledgerchain.Head{}, published: map[int32]int64{}}, nil
}

// Close closes the producer.
func (p *Publisher) Close() { p.kafka.Close() }

// Own sets whether this replica owns partitions (appends to them).
func (p *Publisher) Own(partitions []int32, owned bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, part := range partitions {
		if owned {
			p.owned[part] = true
		} else {
			delete(p.owned, part)
			delete(p.pending, part)
		}
	}
}

// Offer hands over the verified head of partition; it is published at
// once when it moved Every records past the last checkpoint, else by the
// next Flush.
func (p *Publisher) Offer(ctx context.Context, partition int32, h ledgerchain.Head) {
	p.mu.Lock()
	if !p.owned[partition] || h.Sequence <= p.published[partition] {
		p.mu.Unlock()
		return
	}
	p.pending[partition] = h
	due := h.Sequence-p.published[partition] >= p.cfg.Every
	p.mu.Unlock()
	if due {
		p.publish(ctx, partition)
	}
}

// Run flushes pending heads every Interval until ctx ends.
func (p *Publisher) Run(ctx context.Context) {
	t := time.NewTicker(p.cfg.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.Flush(ctx)
		}
	}
}

// Flush publishes every pending head.
func (p *Publisher) Flush(ctx context.Context) {
	p.mu.Lock()
	var parts []int32
	for part := range p.pending {
		parts = append(parts, part)
	}
	p.mu.Unlock()
	for _, part := range parts {
		p.publish(ctx, part)
	}
}

// publish signs and publishes partition's pending head. A failure is
// logged and the head stays pending: the next Offer or Flush retries it.
func (p *Publisher) publish(ctx context.Context, partition int32) {
	p.mu.Lock()
	h, ok := p.pending[partition]
	p.mu.Unlock()
	if !ok {
		return
	}
	c := ledgerchain.NewCheckpoint(p.topic, partition, h, time.Now(), p.key, p.service, p.version)
	if err := p.send(ctx, c); err != nil {
		p.log.Warn("ledger checkpoint not published; retried with the next one", "partition", partition, "sequence", h.Sequence, "error", err)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if cur, ok := p.pending[partition]; ok && cur.Sequence == h.Sequence {
		delete(p.pending, partition)
	}
	p.published[partition] = max(p.published[partition], h.Sequence)
	p.log.Debug("ledger checkpoint published", "partition", partition, "sequence", h.Sequence, "offset", h.Offset)
}

func (p *Publisher) send(ctx context.Context, c *events.LedgerCheckpoint) error {
	v, err := p.codec.Encode(events.TopicLedgerCheckpoints, c)
	if err != nil {
		return fmt.Errorf("encode checkpoint: %w", err)
	}
	rec := &kgo.Record{Topic: events.TopicLedgerCheckpoints, Partition: int32(c.LedgerPartition), Key: []byte(c.Meta.WorkflowID), Value: v}
	if err := p.kafka.ProduceSync(ctx, rec).FirstErr(); err != nil {
		return fmt.Errorf("produce checkpoint to %s/%d: %w", events.TopicLedgerCheckpoints, c.LedgerPartition, err)
	}
	if p.export != nil {
		if err := p.export.Put(ctx, c); err != nil {
			return err
		}
	}
	return nil
}
