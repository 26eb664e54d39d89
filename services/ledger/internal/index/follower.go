package index

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/ledgerchain"
)

// Follower reads the ledger topic, read_committed, from the index
// checkpoints on, verifies each chain as it goes and writes the records to
// the index. A foreign record (ledgerchain.Kind.Foreign) is quarantined:
// logged at error, counted in foreign and listed in the index, never
// indexed as a record. A partition whose chain fails verification is no
// longer indexed (an error is logged): the index never holds what the
// verifier would reject.
type Follower struct {
	heads   Heads
	store   *Store
	kafka   []kgo.Opt
	topic   string
	codec   ledgerchain.Decoder
	keys    ledgerchain.PublicKeys
	log     *slog.Logger
	foreign *prometheus.CounterVec
	mu      sync.Mutex
	warm    bool
	broken  map[int32]*ledgerchain.Problem
	signed  *ledgerchain.Signed
}

// Heads takes the verified chain heads the follower indexed up to (the
// checkpoint publisher).
type Heads interface {
	Offer(ctx context.Context, partition int32, h ledgerchain.Head)
}

// NewFollower returns a follower of topic writing to store and offering
// each partition's head to heads once indexed. foreign counts the foreign
// records it finds, by partition (label "partition").
func NewFollower(store *Store, kafka []kgo.Opt, topic string, codec ledgerchain.Decoder, keys ledgerchain.PublicKeys, heads Heads, foreign *prometheus.CounterVec, log *slog.Logger) *Follower {
	return &Follower{store: store, kafka: kafka, topic: topic, codec: codec, keys: keys, heads: heads, foreign: foreign, log: log, broken: map[int32]*ledgerchain.Problem{}}
}

// TrustSigned makes the follower take the signatures s made as checked: s
// is the memo of the same process's signing handler. Call it before Run.
func (f *Follower) TrustSigned(s *ledgerchain.Signed) { f.signed = s }

// Warm reports whether the index has caught up with the topic as it was
// when the follower started.
func (f *Follower) Warm() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.warm
}

// Run follows the topic until ctx ends, restarting after failures.
func (f *Follower) Run(ctx context.Context) {
	for ctx.Err() == nil {
		err := f.follow(ctx)
		if ctx.Err() != nil {
			return
		}
		f.log.Warn("ledger index follower failed; restarting", "error", err)
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

func (f *Follower) follow(ctx context.Context) error {
	admCl, err := kgo.NewClient(f.kafka...)
	if err != nil {
		return fmt.Errorf("kafka client: %w", err)
	}
	adm := kadm.NewClient(admCl)
	ends, err := adm.ListCommittedOffsets(ctx, f.topic)
	if err == nil {
		err = ends.Error()
	}
	if err != nil {
		adm.Close()
		return fmt.Errorf("list last stable offsets of %s: %w", f.topic, err)
	}
	starts, err := adm.ListStartOffsets(ctx, f.topic)
	adm.Close()
	if err == nil {
		err = starts.Error()
	}
	if err != nil {
		return fmt.Errorf("list start offsets of %s: %w", f.topic, err)
	}
	target := map[int32]int64{}
	ends.Each(func(o kadm.ListedOffset) { target[o.Partition] = o.Offset })
	if len(target) == 0 {
		return fmt.Errorf("topic %s not found", f.topic)
	}

	v := ledgerchain.NewVerifier(f.keys)
	v.TrustSigned(f.signed)
	pos := map[int32]int64{}
	consume := map[int32]kgo.Offset{}
	for p := range target {
		c, ok, err := f.store.Checkpoint(ctx, p)
		if err != nil {
			return err
		}
		if ok {
			v.Resume(p, c.Head)
			pos[p] = c.Next
			consume[p] = kgo.NewOffset().At(c.Next)
		} else {
			consume[p] = kgo.NewOffset().AtStart()
		}
		if s, ok := starts.Lookup(f.topic, p); ok {
			var problem *ledgerchain.Problem
			if errors.As(v.LogStart(p, s.Offset), &problem) {
				f.markBroken(p, problem)
			}
		}
	}
	cl, err := kgo.NewClient(append(append([]kgo.Opt{}, f.kafka...),
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{f.topic: consume}),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.KeepControlRecords(),
	)...)
	if err != nil {
		return fmt.Errorf("kafka consumer: %w", err)
	}
	defer cl.Close()
	f.checkWarm(pos, target)
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			return nil
		}
		var ferr error
		fs.EachError(func(t string, p int32, err error) { ferr = errors.Join(ferr, fmt.Errorf("fetch %s/%d: %w", t, p, err)) })
		if ferr != nil {
			return ferr
		}
		var werr error
		fs.EachPartition(func(fp kgo.FetchTopicPartition) {
			if werr != nil || len(fp.Records) == 0 {
				return
			}
			werr = f.index(ctx, v, fp.Partition, fp.Records)
			pos[fp.Partition] = fp.Records[len(fp.Records)-1].Offset + 1
		})
		if werr != nil {
			return werr
		}
		f.checkWarm(pos, target)
	}
}

// index verifies and writes one fetched run of a partition's records.
func (f *Follower) index(ctx context.Context, v *ledgerchain.Verifier, p int32, recs []*kgo.Record) error {
	f.mu.Lock()
	broken := f.broken[p] != nil
	f.mu.Unlock()
	if broken {
		return nil
	}
	var entries []Entry
	var foreign []Foreign
	last := recs[len(recs)-1].Offset
	for _, r := range recs {
		if r.Attrs.IsControl() {
			continue
		}
		rec, perr := v.AddValue(f.codec, p, r.Offset, r.Value)
		var problem *ledgerchain.Problem
		if errors.As(perr, &problem) && problem.Foreign() {
			f.log.Error("FOREIGN RECORD ON THE LEDGER TOPIC: quarantined, not chained nor indexed; see GET /v1/ledger/foreign", "partition", p, "offset", r.Offset, "problem", problem.Error())
			f.foreign.WithLabelValues(strconv.Itoa(int(p))).Inc()
			foreign = append(foreign, NewForeign(f.topic, problem, time.Now()))
			continue
		}
		if problem != nil {
			f.markBroken(p, problem)
			last = r.Offset - 1
			break
		}
		entries = append(entries, NewEntry(f.topic, p, r.Offset, rec))
	}
	if err := f.store.Put(ctx, p, entries, foreign, Checkpoint{Next: last + 1, Head: v.Head(p)}); err != nil {
		return err
	}
	if h := v.Head(p); h.Sequence > 0 {
		f.heads.Offer(ctx, p, h)
	}
	return nil
}

// markBroken stops indexing partition p.
func (f *Follower) markBroken(p int32, problem *ledgerchain.Problem) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.broken[p] != nil {
		return
	}
	f.broken[p] = problem
	f.log.Error("LEDGER CHAIN BROKEN: partition no longer indexed; run `docket ledger verify`", "partition", p, "offset", problem.Offset, "problem", problem.Error())
}

func (f *Follower) checkWarm(pos, target map[int32]int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.warm {
		return
	}
	for p, end := range target {
		// A broken partition is not indexed any further: nothing to wait for.
		if end > 0 && pos[p] < end && f.broken[p] == nil {
			return
		}
	}
	f.warm = true
	f.log.Info("ledger index caught up with the topic")
}
