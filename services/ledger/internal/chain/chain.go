// Package chain keeps the ledger's hash chains in memory, one per ledger
// partition, as the ledger topic says they are: a partition's chain head and
// the workflows recorded in it are loaded from the topic (from the index
// checkpoint on) the first time a record of that partition is handled after
// the partition was assigned; a record the handler appends is staged, and
// becomes part of the chain only when the batch's Kafka transaction commits.
package chain

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/redisfault"
	"github.com/docket-run/docket/services/ledger/internal/index"
)

// Index is what the chains need of the ledger index.
type Index interface {
	Checkpoint(ctx context.Context, partition int32) (index.Checkpoint, bool, error)
	Lineage(ctx context.Context, workflowID string) ([]index.Entry, error)
}

// Topic is what the chains need of the ledger topic.
type Topic interface {
	// Settled returns nil when no transaction is open on partition (its
	// last stable offset equals its high watermark).
	Settled(ctx context.Context, partition int32) error
	// Offsets returns partition's log start and end offsets.
	Offsets(ctx context.Context, partition int32) (start, end int64, err error)
	// Read calls fn for every committed record of partition from offset
	// from (or ledgerchain.FromStart) to its last stable offset.
	Read(ctx context.Context, partition int32, from int64, fn func(*kgo.Record) error) error
	// LatestCheckpoint returns the published checkpoint of partition's
	// chain with the highest sequence that verifies under keys, or nil.
	LatestCheckpoint(ctx context.Context, partition int32, keys ledgerchain.PublicKeys) (*events.LedgerCheckpoint, error)
}

// pruneAt is how many workflows a partition keeps in memory before it drops
// those the index already holds.
const pruneAt = 50_000

// Chains are the chain heads of the partitions this replica owns.
type Chains struct {
	idx    Index
	topic  Topic
	codec  ledgerchain.Decoder
	keys   ledgerchain.PublicKeys
	log    *slog.Logger
	settle time.Duration
	// refused counts the loads that refused a partition, by partition and
	// reason (broken, history_cut).
	refused *prometheus.CounterVec

	mu      sync.Mutex
	parts   map[int32]*partition
	appends map[int32]*sync.Mutex // one Append at a time per partition
}

type partition struct {
	head ledgerchain.Head
	tail map[string]*ledgerchain.Lineage // workflow → its records past the index checkpoint
	// entries are the records of tail by sequence, as the index will
	// hold them: a reversal copies the content of the record it reverses,
	// which may not be indexed yet (corrections in a quick row).
	entries map[int64]index.Entry
	staged  []staged // appended in the open batch, in order
}

type staged struct {
	workflow string
	head     ledgerchain.Head
	ref      ledgerchain.Ref
	entry    index.Entry
}

// History is what the ledger holds of a workflow when a record of it is
// appended: its lineage, from the index, the records past the index
// checkpoint and those staged in the open batch; and their entries by
// sequence.
type History struct {
	Lineage ledgerchain.Lineage
	Entries map[int64]index.Entry
}

// New returns empty chains. keys verify what is loaded from the topic;
// settle bounds the wait for an open transaction on a partition to end
// before loading it; refused counts the partitions a load refused (labels
// partition and reason).
func New(idx Index, topic Topic, codec ledgerchain.Decoder, keys ledgerchain.PublicKeys, refused *prometheus.CounterVec, log *slog.Logger, settle time.Duration) *Chains {
	return &Chains{idx: idx, topic: topic, codec: codec, keys: keys, refused: refused, log: log, settle: settle, parts: map[int32]*partition{}, appends: map[int32]*sync.Mutex{}}
}

// Link is where a new record goes in its chain.
type Link struct {
	Sequence int64
	PrevHash []byte
	// NotBefore is the record before's recorded_at: the new record may not
	// be dated before it (zero when unknown or none).
	NotBefore time.Time
}

// ErrRecorded is returned by Append when the record is in the ledger
// already.
var ErrRecorded = errors.New("already recorded")

// Append stages a record of workflow in partition's chain: build gets the
// record's link and the workflow's history, and returns the signed record
// (or an error, and nothing is staged). eventID is the record's event id,
// derived from what it records: Append returns ErrRecorded when a record
// with that id is in the ledger or staged already.
//
// Records of one partition must be appended one at a time, in the order
// they will be produced (the runtime's OrderAcrossTopics): a second Append
// on a partition while one runs is refused, since its record could be
// produced out of chain order.
func (c *Chains) Append(ctx context.Context, p int32, workflow, eventID string, build func(Link, *History) (*events.LedgerRecord, error)) (*events.LedgerRecord, error) {
	c.mu.Lock()
	lock, ok := c.appends[p]
	if !ok {
		lock = &sync.Mutex{}
		c.appends[p] = lock
	}
	c.mu.Unlock()
	if !lock.TryLock() {
		return nil, fmt.Errorf("concurrent append to ledger partition %d: the runtime must hand one partition number to one goroutine (bus.OrderAcrossTopics)", p)
	}
	defer lock.Unlock()
	part, err := c.partition(ctx, p)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	recent, recentEntries := part.recent(workflow)
	link := part.next()
	c.mu.Unlock()
	if recentHas(recent, eventID) {
		return nil, ErrRecorded
	}
	entries, err := c.idx.Lineage(ctx, workflow)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	hist := &History{Entries: make(map[int64]index.Entry, len(entries))}
	var indexed int64
	for _, e := range entries {
		ref, err := e.Ref()
		if err != nil {
			return nil, fault.Wrap(fault.Transient, err)
		}
		hist.Lineage.Push(ref)
		hist.Entries[e.Sequence] = e
		indexed = max(indexed, e.Sequence)
	}
	for i, ref := range recent {
		if ref.Sequence > indexed {
			hist.Lineage.Push(ref)
			hist.Entries[ref.Sequence] = recentEntries[i]
		}
	}
	if hist.Lineage.Has(eventID) {
		return nil, ErrRecorded
	}
	rec, err := build(link, hist)
	if err != nil {
		return nil, err
	}
	if rec.Meta.EventID != eventID {
		return nil, fmt.Errorf("built record has event id %s, want %s", rec.Meta.EventID, eventID)
	}
	// Never stage a record the verifier would reject: it would break the
	// chain for good.
	if k, detail := hist.Lineage.Check(rec); k != "" {
		return nil, fault.Structuralf("ledger record of workflow %s would break its lineage (%s): %s", workflow, k, detail)
	}
	if rec.Sequence != link.Sequence || !bytes.Equal(rec.PrevHash, link.PrevHash) {
		return nil, fmt.Errorf("built record does not take its link (sequence %d, want %d)", rec.Sequence, link.Sequence)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.parts[p] != part {
		// Revoked or reset while building: the batch is aborting.
		return nil, fault.Transientf("ledger partition %d was revoked while appending", p)
	}
	part.staged = append(part.staged, staged{workflow: workflow, head: ledgerchain.Head{Sequence: rec.Sequence, Hash: rec.Hash, Offset: -1, RecordedAt: rec.RecordedAt},
		ref: ledgerchain.RefOf(rec, -1), entry: index.NewEntry(events.TopicLedger, p, -1, rec)})
	return rec, nil
}

// recent returns the workflow's records in memory, past the index
// checkpoint then staged, and their entries.
func (p *partition) recent(workflow string) ([]ledgerchain.Ref, []index.Entry) {
	var refs []ledgerchain.Ref
	var entries []index.Entry
	if l := p.tail[workflow]; l != nil {
		for _, r := range l.Records {
			refs = append(refs, r)
			entries = append(entries, p.entries[r.Sequence])
		}
	}
	for _, s := range p.staged {
		if s.workflow == workflow {
			refs = append(refs, s.ref)
			entries = append(entries, s.entry)
		}
	}
	return refs, entries
}

func recentHas(refs []ledgerchain.Ref, eventID string) bool {
	for _, r := range refs {
		if r.EventID == eventID {
			return true
		}
	}
	return false
}

func (p *partition) next() Link {
	h := p.head
	if n := len(p.staged); n > 0 {
		h = p.staged[n-1].head
	}
	return Link{Sequence: h.Sequence + 1, PrevHash: h.Hash, NotBefore: h.RecordedAt}
}

// BatchEnd ends the open batch: on commit the staged records join their
// chains; on abort they are dropped, and each chain is as the topic holds it
// (the committed part of the chains is never reloaded on abort: the topic
// has exactly what earlier committed batches wrote).
func (c *Chains) BatchEnd(committed bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, part := range c.parts {
		if committed {
			for _, s := range part.staged {
				l := part.tail[s.workflow]
				if l == nil {
					l = &ledgerchain.Lineage{}
					part.tail[s.workflow] = l
				}
				l.Push(s.ref)
				part.entries[s.ref.Sequence] = s.entry
				part.head = s.head
			}
		}
		part.staged = nil
	}
}

// Drop forgets partitions: they were revoked, lost or newly assigned, and
// are loaded from the topic again on their next record.
func (c *Chains) Drop(partitions []int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range partitions {
		delete(c.parts, p)
	}
}

// Head returns partition's committed chain head, and whether it is loaded.
func (c *Chains) Head(p int32) (ledgerchain.Head, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	part, ok := c.parts[p]
	if !ok {
		return ledgerchain.Head{}, false
	}
	return part.head, true
}

// partition returns p's chain, loading it when needed.
func (c *Chains) partition(ctx context.Context, p int32) (*partition, error) {
	c.mu.Lock()
	part, ok := c.parts[p]
	c.mu.Unlock()
	if ok {
		if len(part.tail) > pruneAt {
			c.prune(ctx, p, part)
		}
		return part, nil
	}
	part, err := c.load(ctx, p)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.parts[p]; ok {
		return cur, nil
	}
	c.parts[p] = part
	return part, nil
}

// load reads partition p of the ledger topic from the index checkpoint to
// its end, verifying every record, and against the latest published
// checkpoint of its chain: a chain that ends before it was cut (a topic
// re-created while the index was lost too).
func (c *Chains) load(ctx context.Context, p int32) (*partition, error) {
	start := time.Now()
	if err := c.waitSettled(ctx, p); err != nil {
		return nil, err
	}
	ck, ok, err := c.idx.Checkpoint(ctx, p)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, redisfault.Mark(err))
	}
	if err := c.checkHistory(ctx, p, ck, ok); err != nil {
		return nil, err
	}
	published, err := c.topic.LatestCheckpoint(ctx, p, c.keys)
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("ledger partition %d: %w", p, err))
	}
	v := ledgerchain.NewVerifier(c.keys)
	if published != nil {
		v.Expect(published)
	}
	from := ledgerchain.FromStart
	if ok {
		v.Resume(p, ck.Head)
		from = ck.Next
	}
	tail := map[string]*ledgerchain.Lineage{}
	entries := map[int64]index.Entry{}
	var broken *ledgerchain.Problem
	foreign := 0
	err = c.topic.Read(ctx, p, from, func(r *kgo.Record) error {
		rec, perr := v.AddValue(c.codec, p, r.Offset, r.Value)
		var problem *ledgerchain.Problem
		switch {
		case errors.As(perr, &problem) && problem.Foreign():
			// Not the ledger's: the chain goes on past it. The index
			// follower counts and lists it.
			foreign++
		case problem != nil:
			if broken == nil {
				broken = problem
			}
		case rec != nil && broken == nil:
			l := tail[rec.WorkflowID]
			if l == nil {
				l = &ledgerchain.Lineage{}
				tail[rec.WorkflowID] = l
			}
			l.Add(rec, r.Offset)
			entries[rec.Sequence] = index.NewEntry(r.Topic, p, r.Offset, rec)
		}
		return nil
	})
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("load ledger partition %d: %w", p, err))
	}
	if broken != nil {
		// Never extend a chain the verifier rejects. Not the input's
		// fault: transient, so it waits in the exception agent's retries
		// while an operator looks.
		c.refused.WithLabelValues(strconv.Itoa(int(p)), "broken").Inc()
		return nil, fault.Transientf("ledger partition %d is broken, refusing to append: %v", p, broken)
	}
	if head := v.Head(p); published != nil && head.Sequence < published.Sequence {
		cut := fmt.Sprintf("its chain ends at sequence %d, its checkpoint of %s has sequence %d at offset %d: the topic was re-created or records were deleted",
			head.Sequence, published.CheckpointedAt.UTC().Format(time.RFC3339), published.Sequence, published.LedgerOffset)
		c.refused.WithLabelValues(strconv.Itoa(int(p)), "history_cut").Inc()
		c.log.Error("LEDGER HISTORY CUT: refusing to append to the partition; see the repair procedure in the ledger README", "partition", p, "reason", cut)
		return nil, fault.Transientf("ledger partition %d history was cut, refusing to append: %s", p, cut)
	}
	if foreign > 0 {
		c.log.Error("LEDGER TOPIC HOLDS FOREIGN RECORDS: quarantined, the chain goes on past them; see GET /v1/ledger/foreign and `docket ledger verify`", "partition", p, "from_offset", from, "foreign_records", foreign)
	}
	head := v.Head(p)
	c.log.Info("ledger chain loaded", "partition", p, "from_offset", from, "tail_records", len(tail), "sequence", head.Sequence, "took", time.Since(start).Round(time.Millisecond))
	return &partition{head: head, tail: tail, entries: entries}, nil
}

// checkHistory refuses a partition whose history was cut: its log no longer
// starts at offset 0 (records were deleted: the ledger never deletes), or
// it ends before the index checkpoint (the topic was re-created). The chain
// would restart or go on from records that are gone. Transient, like a
// broken chain: the workflows wait in the exception agent's retries while
// an operator repairs the partition; the other partitions go on.
func (c *Chains) checkHistory(ctx context.Context, p int32, ck index.Checkpoint, checkpointed bool) error {
	start, end, err := c.topic.Offsets(ctx, p)
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("ledger partition %d: %w", p, err))
	}
	var cut string
	switch {
	case start > 0:
		cut = fmt.Sprintf("its log starts at offset %d: the records before were deleted", start)
	case checkpointed && end < ck.Next:
		cut = fmt.Sprintf("its log ends at offset %d, before the index checkpoint (offset %d, sequence %d): the topic was re-created or truncated", end, ck.Next, ck.Head.Sequence)
	default:
		return nil
	}
	c.refused.WithLabelValues(strconv.Itoa(int(p)), "history_cut").Inc()
	c.log.Error("LEDGER HISTORY CUT: refusing to append to the partition; see the repair procedure in the ledger README", "partition", p, "log_start", start, "log_end", end, "reason", cut)
	return fault.Transientf("ledger partition %d history was cut, refusing to append: %s", p, cut)
}

func (c *Chains) waitSettled(ctx context.Context, p int32) error {
	deadline := time.Now().Add(c.settle)
	for {
		err := c.topic.Settled(ctx, p)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fault.Wrap(fault.Transient, fmt.Errorf("ledger partition %d: %w", p, err))
		}
		t := time.NewTimer(100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return fault.Wrap(fault.Transient, ctx.Err())
		case <-t.C:
		}
	}
}

// prune drops from memory the workflows the index holds (at or below its
// checkpoint): Append finds them there.
func (c *Chains) prune(ctx context.Context, p int32, part *partition) {
	ck, ok, err := c.idx.Checkpoint(ctx, p)
	if err != nil || !ok {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for wf, l := range part.tail {
		if last, ok := l.Last(); !ok || last.Sequence <= ck.Head.Sequence {
			delete(part.tail, wf)
		}
	}
	for seq := range part.entries {
		if seq <= ck.Head.Sequence {
			delete(part.entries, seq)
		}
	}
}
