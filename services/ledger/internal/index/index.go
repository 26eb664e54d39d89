// Package index keeps the ledger's Redis index: every ledger record by
// workflow id (its first record, and its whole lineage) and by document
// hash, and per partition an "indexed up to"
// checkpoint with the chain head there. The index is derived from the
// ledger topic only (Follower writes it), so it is a cache of the topic,
// never an authority of its own: when it is lost it is rebuilt by reading
// the topic again.
package index

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

const prefix = "docket:ledger:"

func workflowKey(id string) string   { return prefix + "wf:" + id }
func lineageKey(id string) string    { return prefix + "lin:" + id }
func lineageField(seq int64) string  { return fmt.Sprintf("%020d", seq) }
func documentKey(sha string) string  { return prefix + "doc:" + sha }
func checkpointKey(p int32) string   { return prefix + "ckpt:" + strconv.Itoa(int(p)) }
func hexOrEmpty(b []byte) string     { return hex.EncodeToString(b) }
func unhex(s string) ([]byte, error) { return hex.DecodeString(s) }
func isMissing(err error) bool       { return errors.Is(err, redis.Nil) }
func itoa(v int64) string            { return strconv.FormatInt(v, 10) }
func atoi(s string) (int64, error)   { return strconv.ParseInt(s, 10, 64) }

// Entry is one ledger record as the index and the HTTP API show it.
type Entry struct {
	WorkflowID string          `json:"workflow_id"`
	TenantID   string          `json:"tenant_id"`
	Topic      string          `json:"ledger_topic"`
	Partition  int32           `json:"ledger_partition"`
	Offset     int64           `json:"ledger_offset"`
	Sequence   int64           `json:"sequence"`
	Hash       string          `json:"hash"`
	PrevHash   string          `json:"prev_hash"`
	Signature  string          `json:"signature"`
	KeyID      string          `json:"key_id"`
	EventID    string          `json:"event_id"`
	Causation  string          `json:"causation_id"`
	Document   events.BlobRef  `json:"document"`
	Decision   events.Decision `json:"decision"`
	Flags      []events.Flag   `json:"flags"`
	Model      *events.Model   `json:"model,omitempty"`
	Confidence float64         `json:"confidence"`
	Reviewer   *string         `json:"reviewer,omitempty"`
	DecidedAt  time.Time       `json:"decided_at"`
	RecordedAt time.Time       `json:"recorded_at"`
	// Lineage fields of ledger_record version 2; a disposition has none
	// but its kind.
	Kind             string `json:"kind"`
	RefersTo         string `json:"refers_to,omitempty"`
	RefersToSequence int64  `json:"refers_to_sequence,omitempty"`
	Reason           string `json:"reason,omitempty"`
	Degraded         string `json:"degraded,omitempty"`
}

// Ref is the entry as a link of its workflow's lineage.
func (e Entry) Ref() (ledgerchain.Ref, error) {
	h, err := unhex(e.Hash)
	if err != nil {
		return ledgerchain.Ref{}, fmt.Errorf("ledger index entry of %s at sequence %d: hash: %w", e.WorkflowID, e.Sequence, err)
	}
	kind := e.Kind
	if kind == "" {
		kind = ledgerchain.KindDisposition
	}
	return ledgerchain.Ref{Kind: kind, Sequence: e.Sequence, Offset: e.Offset, Hash: h, EventID: e.EventID}, nil
}

// NewEntry describes r, read at partition/offset of topic.
func NewEntry(topic string, partition int32, offset int64, r *events.LedgerRecord) Entry {
	flags := r.Flags
	if flags == nil {
		flags = []events.Flag{}
	}
	return Entry{
		WorkflowID: r.WorkflowID, TenantID: r.Meta.TenantID,
		Topic: topic, Partition: partition, Offset: offset, Sequence: r.Sequence,
		Hash: hexOrEmpty(r.Hash), PrevHash: hexOrEmpty(r.PrevHash), Signature: hexOrEmpty(r.Signature), KeyID: r.KeyID,
		EventID: r.Meta.EventID, Causation: r.Meta.CausationID,
		Document: r.Document, Decision: r.Decision, Flags: flags, Model: r.Model,
		Confidence: r.Confidence, Reviewer: r.Reviewer, DecidedAt: r.DecidedAt.UTC(), RecordedAt: r.RecordedAt.UTC(),
		Kind: ledgerchain.KindOf(r), RefersTo: hexOrEmpty(r.RefersTo), RefersToSequence: r.RefersToSequence, Reason: r.Reason, Degraded: r.Degraded,
	}
}

// foreignKey is the hash of the quarantined foreign records, by
// foreignField.
const foreignKey = prefix + "foreign"

// foreignField orders fields by partition, then offset.
func foreignField(f Foreign) string { return fmt.Sprintf("%010d:%020d", f.Partition, f.Offset) }

// Foreign is a record of the ledger topic that is not the ledger's
// (ledgerchain.Kind.Foreign): quarantined, never indexed nor chained.
type Foreign struct {
	Topic      string    `json:"ledger_topic"`
	Partition  int32     `json:"ledger_partition"`
	Offset     int64     `json:"ledger_offset"`
	Sequence   int64     `json:"sequence"`
	WorkflowID string    `json:"workflow_id"`
	Kind       string    `json:"kind"`
	Detail     string    `json:"detail"`
	FoundAt    time.Time `json:"found_at"`
}

// NewForeign describes the foreign record p names, read from topic.
func NewForeign(topic string, p *ledgerchain.Problem, at time.Time) Foreign {
	return Foreign{Topic: topic, Partition: p.Partition, Offset: p.Offset, Sequence: p.Sequence, WorkflowID: p.WorkflowID, Kind: string(p.Kind), Detail: p.Detail, FoundAt: at.UTC()}
}

// maxForeignListed bounds how many foreign records ForeignRecords returns.
const maxForeignListed = 1000

// ForeignRecords returns the quarantined foreign records by partition and
// offset (at most 1000), and how many there are in all.
func (s *Store) ForeignRecords(ctx context.Context) ([]Foreign, int, error) {
	m, err := s.rdb.HGetAll(ctx, foreignKey).Result()
	if err != nil {
		return nil, 0, fmt.Errorf("read the ledger's foreign records: %w", err)
	}
	fields := slices.Sorted(maps.Keys(m))
	out := []Foreign{}
	for _, k := range fields[:min(len(fields), maxForeignListed)] {
		var f Foreign
		if err := json.Unmarshal([]byte(m[k]), &f); err != nil {
			return nil, 0, fmt.Errorf("decode foreign record %s: %w", k, err)
		}
		out = append(out, f)
	}
	return out, len(m), nil
}

// Checkpoint says the index holds every record of a partition below Next,
// and the chain head there.
type Checkpoint struct {
	Next int64
	Head ledgerchain.Head
}

// Store reads and writes the index in Redis.
type Store struct{ rdb redis.UniversalClient }

// New returns a Store on rdb.
func New(rdb redis.UniversalClient) *Store { return &Store{rdb: rdb} }

// ErrNotFound is returned for a workflow or document the index does not
// hold.
var ErrNotFound = errors.New("not in the ledger index")

// Workflow returns the entry of workflow id's first record: its
// disposition, or the erasure of a workflow erased before it was recorded.
func (s *Store) Workflow(ctx context.Context, id string) (Entry, error) {
	b, err := s.rdb.Get(ctx, workflowKey(id)).Bytes()
	if isMissing(err) {
		return Entry{}, ErrNotFound
	}
	if err != nil {
		return Entry{}, fmt.Errorf("read ledger index of workflow %s: %w", id, err)
	}
	var e Entry
	if err := json.Unmarshal(b, &e); err != nil {
		return Entry{}, fmt.Errorf("decode ledger index of workflow %s: %w", id, err)
	}
	return e, nil
}

// maxDocumentEntries bounds how many workflows of one document a lookup
// returns.
const maxDocumentEntries = 100

// Document returns the entries of the workflows that recorded a document
// with this SHA-256, at most 100, by workflow id.
func (s *Store) Document(ctx context.Context, sha string) ([]Entry, error) {
	ids, err := s.rdb.SMembers(ctx, documentKey(sha)).Result()
	if err != nil {
		return nil, fmt.Errorf("read ledger index of document %s: %w", sha, err)
	}
	if len(ids) == 0 {
		return nil, ErrNotFound
	}
	// A set's members come in no order of their own (above 128 of them,
	// Redis's hash order): sorted, the first hundred are the same ones
	// on every call.
	slices.Sort(ids)
	if len(ids) > maxDocumentEntries {
		ids = ids[:maxDocumentEntries]
	}
	var out []Entry
	for _, id := range ids {
		e, err := s.Workflow(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// maxLineage bounds how many records of one workflow Lineage returns; a
// workflow corrected that often is refused more corrections (the ledger
// handler checks it).
const maxLineage = 1000

// Lineage returns every record of workflow id the index holds, in chain
// order (none when it holds none). A workflow indexed before lineages
// were kept has its one record.
func (s *Store) Lineage(ctx context.Context, id string) ([]Entry, error) {
	var lin *redis.MapStringStringCmd
	var first *redis.StringCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		lin = p.HGetAll(ctx, lineageKey(id))
		first = p.Get(ctx, workflowKey(id))
		return nil
	})
	if err != nil && !isMissing(err) {
		return nil, fmt.Errorf("read the ledger lineage of workflow %s: %w", id, err)
	}
	m := lin.Val()
	if m == nil {
		m = map[string]string{}
	}
	if b, err := first.Bytes(); err == nil {
		// The first record, which an index written before lineages were
		// kept holds only here.
		var e Entry
		if err := json.Unmarshal(b, &e); err != nil {
			return nil, fmt.Errorf("decode ledger index of workflow %s: %w", id, err)
		}
		if _, ok := m[lineageField(e.Sequence)]; !ok {
			m[lineageField(e.Sequence)] = string(b)
		}
	} else if !isMissing(err) {
		return nil, fmt.Errorf("read ledger index of workflow %s: %w", id, err)
	}
	if len(m) == 0 {
		return nil, nil
	}
	fields := slices.Sorted(maps.Keys(m))
	if len(fields) > maxLineage {
		fields = fields[len(fields)-maxLineage:]
	}
	out := make([]Entry, 0, len(fields))
	for _, f := range fields {
		var e Entry
		if err := json.Unmarshal([]byte(m[f]), &e); err != nil {
			return nil, fmt.Errorf("decode ledger lineage of workflow %s: %w", id, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// Checkpoint returns partition's checkpoint; ok is false when the index
// holds nothing of it yet, or a checkpoint written before checkpoints held
// a count and a time (then the partition is indexed again from its start).
func (s *Store) Checkpoint(ctx context.Context, partition int32) (c Checkpoint, ok bool, err error) {
	m, err := s.rdb.HGetAll(ctx, checkpointKey(partition)).Result()
	if err != nil {
		return c, false, fmt.Errorf("read ledger index checkpoint of partition %d: %w", partition, err)
	}
	if len(m) == 0 || m["count"] == "" || m["recorded_at"] == "" {
		return c, false, nil
	}
	next, err1 := atoi(m["next"])
	seq, err2 := atoi(m["sequence"])
	off, err3 := atoi(m["offset"])
	hash, err4 := unhex(m["hash"])
	count, err5 := atoi(m["count"])
	at, err6 := atoi(m["recorded_at"])
	if err := errors.Join(err1, err2, err3, err4, err5, err6); err != nil {
		return c, false, fmt.Errorf("ledger index checkpoint of partition %d is malformed: %w", partition, err)
	}
	var recordedAt time.Time
	if at != 0 {
		recordedAt = time.UnixMilli(at).UTC()
	}
	return Checkpoint{Next: next, Head: ledgerchain.Head{Sequence: seq, Hash: hash, Offset: off, Count: count, RecordedAt: recordedAt}}, true, nil
}

// advance sets a checkpoint only forward: two replicas indexing the same
// topic may write in any order. A checkpoint without a time (written
// before checkpoints held a count and a time) is replaced.
var advance = redis.NewScript(`
local cur = redis.call('HGET', KEYS[1], 'next')
local current = redis.call('HEXISTS', KEYS[1], 'recorded_at')
if cur and current == 1 and tonumber(cur) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'next', ARGV[1], 'sequence', ARGV[2], 'offset', ARGV[3], 'hash', ARGV[4], 'count', ARGV[5], 'recorded_at', ARGV[6])
return 1
`)

// unixMilli is t in Unix milliseconds, 0 for the zero time.
func unixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// Put writes entries and the foreign records found among them and, after
// them in the same MULTI, partition's checkpoint.
func (s *Store) Put(ctx context.Context, partition int32, entries []Entry, foreign []Foreign, c Checkpoint) error {
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		for _, f := range foreign {
			b, err := json.Marshal(f)
			if err != nil {
				return fmt.Errorf("encode foreign record at offset %d: %w", f.Offset, err)
			}
			p.HSetNX(ctx, foreignKey, foreignField(f), b)
		}
		for _, e := range entries {
			b, err := json.Marshal(e)
			if err != nil {
				return fmt.Errorf("encode index entry of %s: %w", e.WorkflowID, err)
			}
			if e.Kind == ledgerchain.KindDisposition {
				p.Set(ctx, workflowKey(e.WorkflowID), b, 0)
			} else {
				p.SetNX(ctx, workflowKey(e.WorkflowID), b, 0)
			}
			p.HSet(ctx, lineageKey(e.WorkflowID), lineageField(e.Sequence), b)
			p.SAdd(ctx, documentKey(e.Document.SHA256), e.WorkflowID)
		}
		advance.Eval(ctx, p, []string{checkpointKey(partition)}, itoa(c.Next), itoa(c.Head.Sequence), itoa(c.Head.Offset), hexOrEmpty(c.Head.Hash), itoa(c.Head.Count), itoa(unixMilli(c.Head.RecordedAt)))
		return nil
	})
	if err != nil {
		return fmt.Errorf("write ledger index of partition %d: %w", partition, err)
	}
	return nil
}
