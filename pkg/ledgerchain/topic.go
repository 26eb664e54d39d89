package ledgerchain

import (
	"context"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
)

// Decoder decodes a record value in the schema registry wire format.
type Decoder interface {
	Decode(b []byte) (events.Event, error)
}

// FromStart, as a start offset for ReadCommitted, means the partition's log
// start.
const FromStart int64 = -1

// ReadCommitted reads the given partitions of topic, read_committed, each
// from its start offset (or FromStart) up to its last stable offset as
// listed when the call begins, and calls fn for every committed data record
// in offset order per partition. It returns the end offset it read each
// partition up to: a later read resumes there. kafkaOpts are the
// connection options (seed brokers, TLS, SASL); ReadCommitted opens and
// closes its own client.
func ReadCommitted(ctx context.Context, kafkaOpts []kgo.Opt, topic string, from map[int32]int64, fn func(*kgo.Record) error) (map[int32]int64, error) {
	admCl, err := kgo.NewClient(kafkaOpts...)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	adm := kadm.NewClient(admCl)
	defer adm.Close()
	ends, err := listed(adm.ListCommittedOffsets(ctx, topic))
	if err != nil {
		return nil, fmt.Errorf("list last stable offsets of %s: %w", topic, err)
	}
	starts, err := listed(adm.ListStartOffsets(ctx, topic))
	if err != nil {
		return nil, fmt.Errorf("list start offsets of %s: %w", topic, err)
	}
	consume := map[int32]kgo.Offset{}
	pos := map[int32]int64{}
	out := map[int32]int64{}
	for p, f := range from {
		end, ok := ends[p]
		if !ok {
			return nil, fmt.Errorf("%s has no partition %d", topic, p)
		}
		out[p] = end
		f = max(f, starts[p])
		if f >= end {
			continue
		}
		consume[p] = kgo.NewOffset().At(f)
		pos[p] = f
	}
	if len(consume) == 0 {
		return out, nil
	}
	cl, err := kgo.NewClient(append(append([]kgo.Opt{}, kafkaOpts...),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{topic: consume}),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		// Control records (transaction markers) advance the position too,
		// and the record before a last stable offset is always one of
		// them or a committed data record: so the end is always reached.
		kgo.KeepControlRecords(),
	)...)
	if err != nil {
		return nil, fmt.Errorf("kafka consumer: %w", err)
	}
	defer cl.Close()
	for len(pos) > 0 {
		fs := cl.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("read %s: %d partitions not read to the end: %w", topic, len(pos), err)
		}
		var ferr error
		fs.EachError(func(t string, p int32, err error) {
			ferr = errors.Join(ferr, fmt.Errorf("fetch %s/%d: %w", t, p, err))
		})
		if ferr != nil {
			return nil, ferr
		}
		var herr error
		fs.EachRecord(func(r *kgo.Record) {
			cur, reading := pos[r.Partition]
			if herr != nil || !reading || r.Offset < cur {
				return
			}
			if r.Offset >= out[r.Partition] {
				delete(pos, r.Partition)
				return
			}
			if !r.Attrs.IsControl() {
				if err := fn(r); err != nil {
					herr = err
					return
				}
			}
			pos[r.Partition] = r.Offset + 1
			if r.Offset+1 >= out[r.Partition] {
				delete(pos, r.Partition)
			}
		})
		if herr != nil {
			return nil, herr
		}
	}
	return out, nil
}

func listed(l kadm.ListedOffsets, err error) (map[int32]int64, error) {
	if err != nil {
		return nil, err
	}
	if err := l.Error(); err != nil {
		return nil, err
	}
	out := map[int32]int64{}
	l.Each(func(o kadm.ListedOffset) { out[o.Partition] = o.Offset })
	if len(out) == 0 {
		return nil, errors.New("topic not found or has no partitions")
	}
	return out, nil
}

// VerifyTopic re-reads docket.ledger from the start, read_committed, up to
// the last stable offsets at the time of the call, and verifies every
// chain with keys, and against the latest of checkpoints of each partition
// (Verifier.Expect; verify their signatures first). A partition whose log
// no longer starts at offset 0 had records deleted (Verifier.LogStart). The
// returned error is non-nil when the topic could not be read, or when a
// chain is broken: then it wraps ErrTampered and the first bad record's
// *Problem, and the Report lists the first bad record of every broken
// chain.
func VerifyTopic(ctx context.Context, kafkaOpts []kgo.Opt, codec Decoder, keys PublicKeys, checkpoints ...*events.LedgerCheckpoint) (Report, error) {
	return VerifyTopicNamed(ctx, kafkaOpts, events.TopicLedger, codec, keys, checkpoints...)
}

// VerifyTopicNamed is VerifyTopic for a ledger topic of another name.
func VerifyTopicNamed(ctx context.Context, kafkaOpts []kgo.Opt, topic string, codec Decoder, keys PublicKeys, checkpoints ...*events.LedgerCheckpoint) (Report, error) {
	partitions, err := Partitions(ctx, kafkaOpts, topic)
	if err != nil {
		return Report{}, err
	}
	starts, err := StartOffsets(ctx, kafkaOpts, topic)
	if err != nil {
		return Report{}, err
	}
	v := NewVerifier(keys)
	for _, c := range Latest(topic, checkpoints...) {
		v.Expect(c)
	}
	from := map[int32]int64{}
	for p := range int32(partitions) {
		from[p] = FromStart
		// A cut history is a finding of the report, not an error of the read.
		_ = v.LogStart(p, starts[p])
	}
	_, err = ReadCommitted(ctx, kafkaOpts, topic, from, func(r *kgo.Record) error {
		// A bad record is a finding of the report, not an error of the read.
		_, _ = v.AddValue(codec, r.Partition, r.Offset, r.Value)
		return nil
	})
	if err != nil {
		return Report{}, fmt.Errorf("read ledger: %w", err)
	}
	rep := v.Report(partitions)
	return rep, rep.Err()
}

// StartOffsets returns the log start offset of every partition of topic.
func StartOffsets(ctx context.Context, kafkaOpts []kgo.Opt, topic string) (map[int32]int64, error) {
	cl, err := kgo.NewClient(kafkaOpts...)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	adm := kadm.NewClient(cl)
	defer adm.Close()
	starts, err := listed(adm.ListStartOffsets(ctx, topic))
	if err != nil {
		return nil, fmt.Errorf("list start offsets of %s: %w", topic, err)
	}
	return starts, nil
}

// ReadCheckpoints reads every committed checkpoint of the checkpoint topic
// (events.TopicLedgerCheckpoints) and returns those that verify under keys,
// and an error for each that does not (a forgery, or a value that is not a
// checkpoint). A missing topic holds no checkpoints.
func ReadCheckpoints(ctx context.Context, kafkaOpts []kgo.Opt, codec Decoder, keys PublicKeys) ([]*events.LedgerCheckpoint, []error, error) {
	topic := events.TopicLedgerCheckpoints
	partitions, err := Partitions(ctx, kafkaOpts, topic)
	if errors.Is(err, kerr.UnknownTopicOrPartition) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	from := map[int32]int64{}
	for p := range int32(partitions) {
		from[p] = FromStart
	}
	var valid []*events.LedgerCheckpoint
	var rejected []error
	_, err = ReadCommitted(ctx, kafkaOpts, topic, from, func(r *kgo.Record) error {
		e, err := codec.Decode(r.Value)
		if err != nil {
			rejected = append(rejected, fmt.Errorf("%s/%d@%d: %w", topic, r.Partition, r.Offset, err))
			return nil
		}
		c, ok := e.(*events.LedgerCheckpoint)
		if !ok {
			rejected = append(rejected, fmt.Errorf("%s/%d@%d: value is %T, want a checkpoint", topic, r.Partition, r.Offset, e))
			return nil
		}
		if err := VerifyCheckpoint(c, keys); err != nil {
			rejected = append(rejected, fmt.Errorf("%s/%d@%d: %w", topic, r.Partition, r.Offset, err))
			return nil
		}
		valid = append(valid, c)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read checkpoints: %w", err)
	}
	return valid, rejected, nil
}

// Partitions returns the number of partitions of topic.
func Partitions(ctx context.Context, kafkaOpts []kgo.Opt, topic string) (int, error) {
	cl, err := kgo.NewClient(kafkaOpts...)
	if err != nil {
		return 0, fmt.Errorf("kafka client: %w", err)
	}
	adm := kadm.NewClient(cl)
	defer adm.Close()
	td, err := adm.ListTopics(ctx, topic)
	if err != nil {
		return 0, fmt.Errorf("describe %s: %w", topic, err)
	}
	t, ok := td[topic]
	if !ok {
		return 0, fmt.Errorf("describe %s: %w", topic, kerr.UnknownTopicOrPartition)
	}
	if t.Err != nil {
		return 0, fmt.Errorf("describe %s: %w", topic, t.Err)
	}
	return len(t.Partitions), nil
}
