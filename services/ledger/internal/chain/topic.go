package chain

import (
	"context"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

// KafkaTopic is the ledger topic on a Kafka cluster, and its checkpoints
// on events.TopicLedgerCheckpoints.
type KafkaTopic struct {
	name  string
	kafka []kgo.Opt
	adm   *kadm.Client
	codec ledgerchain.Decoder
}

// NewKafkaTopic returns the topic name reached with the connection options
// kafka; codec decodes its checkpoints. Close it when done.
func NewKafkaTopic(name string, kafka []kgo.Opt, codec ledgerchain.Decoder) (*KafkaTopic, error) {
	cl, err := kgo.NewClient(kafka...)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	return &KafkaTopic{name: name, kafka: kafka, adm: kadm.NewClient(cl), codec: codec}, nil
}

// Close closes the admin client.
func (t *KafkaTopic) Close() { t.adm.Close() }

// Settled implements Topic.
func (t *KafkaTopic) Settled(ctx context.Context, p int32) error {
	stable, err := t.adm.ListCommittedOffsets(ctx, t.name)
	if err == nil {
		err = stable.Error()
	}
	if err != nil {
		return fmt.Errorf("list last stable offsets: %w", err)
	}
	end, err := t.adm.ListEndOffsets(ctx, t.name)
	if err == nil {
		err = end.Error()
	}
	if err != nil {
		return fmt.Errorf("list end offsets: %w", err)
	}
	s, ok1 := stable.Lookup(t.name, p)
	e, ok2 := end.Lookup(t.name, p)
	if !ok1 || !ok2 {
		return fmt.Errorf("%s has no partition %d", t.name, p)
	}
	if s.Offset < e.Offset {
		return fmt.Errorf("a transaction is open on %s/%d (last stable offset %d, end %d)", t.name, p, s.Offset, e.Offset)
	}
	return nil
}

// Offsets implements Topic.
func (t *KafkaTopic) Offsets(ctx context.Context, p int32) (start, end int64, err error) {
	starts, err := t.adm.ListStartOffsets(ctx, t.name)
	if err == nil {
		err = starts.Error()
	}
	if err != nil {
		return 0, 0, fmt.Errorf("list start offsets: %w", err)
	}
	ends, err := t.adm.ListEndOffsets(ctx, t.name)
	if err == nil {
		err = ends.Error()
	}
	if err != nil {
		return 0, 0, fmt.Errorf("list end offsets: %w", err)
	}
	s, ok1 := starts.Lookup(t.name, p)
	e, ok2 := ends.Lookup(t.name, p)
	if !ok1 || !ok2 {
		return 0, 0, fmt.Errorf("%s has no partition %d", t.name, p)
	}
	return s.Offset, e.Offset, nil
}

// Read implements Topic.
func (t *KafkaTopic) Read(ctx context.Context, p int32, from int64, fn func(*kgo.Record) error) error {
	_, err := ledgerchain.ReadCommitted(ctx, t.kafka, t.name, map[int32]int64{p: from}, fn)
	return err
}

// LatestCheckpoint implements Topic: it reads partition p of the
// checkpoint topic (none when the topic or partition does not exist).
// Checkpoints that do not verify are skipped: the follower and `docket
// ledger verify` report them.
func (t *KafkaTopic) LatestCheckpoint(ctx context.Context, p int32, keys ledgerchain.PublicKeys) (*events.LedgerCheckpoint, error) {
	n, err := ledgerchain.Partitions(ctx, t.kafka, events.TopicLedgerCheckpoints)
	if errors.Is(err, kerr.UnknownTopicOrPartition) || (err == nil && int(p) >= n) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var valid []*events.LedgerCheckpoint
	_, err = ledgerchain.ReadCommitted(ctx, t.kafka, events.TopicLedgerCheckpoints, map[int32]int64{p: ledgerchain.FromStart}, func(r *kgo.Record) error {
		e, err := t.codec.Decode(r.Value)
		if err != nil {
			return nil
		}
		if c, ok := e.(*events.LedgerCheckpoint); ok && ledgerchain.VerifyCheckpoint(c, keys) == nil {
			valid = append(valid, c)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read checkpoints of %s/%d: %w", t.name, p, err)
	}
	return ledgerchain.Latest(t.name, valid...)[p], nil
}

// Partitions returns the partition count of each topic.
func (t *KafkaTopic) Partitions(ctx context.Context, topics ...string) (map[string]int, error) {
	td, err := t.adm.ListTopics(ctx, topics...)
	if err != nil {
		return nil, fmt.Errorf("describe topics: %w", err)
	}
	out := map[string]int{}
	for _, name := range topics {
		d, ok := td[name]
		if !ok || d.Err != nil {
			return nil, fmt.Errorf("topic %s not found (%v)", name, d.Err)
		}
		out[name] = len(d.Partitions)
	}
	return out, nil
}
