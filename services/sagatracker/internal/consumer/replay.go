package consumer

import (
	"context"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// Replayed counts what a Replay did.
type Replayed struct {
	// Partitions holds the partitions read (those holding records).
	Partitions int
	// Records is the number of data records read.
	Records int
	store.Result
}

// Replay projects every record of the topics from the start of each
// partition up to its last stable offset as listed when Replay begins,
// read_committed, then returns. It uses no consumer group; batches of up
// to MaxPollRecords records go through the same store script, with the
// same offsets bookkeeping, as Run, so a consumer started afterwards
// resumes where Replay stopped. A topic that does not exist is skipped.
func (c *Consumer) Replay(ctx context.Context) (Replayed, error) {
	var out Replayed
	ends, err := c.endOffsets(ctx)
	if err != nil {
		return out, err
	}
	out.Partitions = len(ends)
	if len(ends) == 0 {
		c.log.Info("replay: no records to read")
		return out, nil
	}
	assign := make(map[string]map[int32]kgo.Offset)
	for tp := range ends {
		if assign[tp.topic] == nil {
			assign[tp.topic] = map[int32]kgo.Offset{}
		}
		assign[tp.topic][tp.partition] = kgo.NewOffset().AtStart()
	}
	opts := append([]kgo.Opt{}, c.kopts...)
	opts = append(opts,
		kgo.ConsumePartitions(assign),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		// Control records (transaction markers) are read only to see that
		// a partition reached its end; they are never projected.
		kgo.KeepControlRecords(),
	)
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return out, fmt.Errorf("kafka client: %w", err)
	}
	defer cl.Close()
	remaining := len(ends)
	for remaining > 0 {
		fs := cl.PollRecords(ctx, c.cfg.MaxPollRecords)
		if err := ctx.Err(); err != nil {
			return out, fmt.Errorf("replay stopped with %d partitions unread: %w", remaining, err)
		}
		if fs.IsClientClosed() {
			return out, errors.New("replay: kafka client closed")
		}
		var ferr error
		fs.EachError(func(topic string, p int32, err error) {
			c.log.Warn("fetch failed", "topic", topic, "partition", p, "error", err)
			if !kerr.IsRetriable(err) && ferr == nil {
				ferr = fault.Wrap(fault.Structural, fmt.Errorf("fetch %s/%d: %w", topic, p, err))
			}
		})
		if ferr != nil {
			return out, ferr
		}
		var recs []*kgo.Record
		finished := map[string][]int32{}
		fs.EachRecord(func(r *kgo.Record) {
			tp := topicPartition{r.Topic, r.Partition}
			end, ok := ends[tp]
			if !ok || r.Offset >= end {
				return // past the listed end: left to the live consumer
			}
			if !r.Attrs.IsControl() {
				recs = append(recs, r)
			}
			if r.Offset == end-1 {
				finished[r.Topic] = append(finished[r.Topic], r.Partition)
				delete(ends, tp)
				remaining--
			}
		})
		if len(finished) > 0 {
			cl.PauseFetchPartitions(finished)
		}
		out.Records += len(recs)
		res, err := c.projectRecords(ctx, recs)
		if err != nil {
			return out, err
		}
		out.Applied += res.Applied
		out.Duplicates += res.Duplicates
		out.Stale += res.Stale
	}
	return out, nil
}

type topicPartition struct {
	topic     string
	partition int32
}

// endOffsets lists, for every partition of the topics holding records,
// the offset Replay reads up to: its last stable offset.
func (c *Consumer) endOffsets(ctx context.Context) (map[topicPartition]int64, error) {
	cl, err := kgo.NewClient(c.kopts...)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	starts, err := adm.ListStartOffsets(ctx, c.cfg.Topics...)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("list start offsets: %w", err))
	}
	// ListCommittedOffsets lists the last stable offsets (read_committed).
	lsos, err := adm.ListCommittedOffsets(ctx, c.cfg.Topics...)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("list end offsets: %w", err))
	}
	out := map[topicPartition]int64{}
	var errs []error
	lsos.Each(func(o kadm.ListedOffset) {
		if errors.Is(o.Err, kerr.UnknownTopicOrPartition) {
			c.log.Warn("replay: topic does not exist, skipped", "topic", o.Topic)
			return
		}
		if o.Err != nil {
			errs = append(errs, fmt.Errorf("end offset of %s: %w", projection.TP(o.Topic, o.Partition), o.Err))
			return
		}
		s, ok := starts.Lookup(o.Topic, o.Partition)
		if !ok || s.Err != nil {
			errs = append(errs, fmt.Errorf("start offset of %s: %v", projection.TP(o.Topic, o.Partition), s.Err))
			return
		}
		if o.Offset > s.Offset {
			out[topicPartition{o.Topic, o.Partition}] = o.Offset
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, fault.Wrap(fault.Transient, err)
	}
	return out, nil
}
