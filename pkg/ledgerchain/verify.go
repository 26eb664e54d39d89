package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// Kind names what is wrong with a ledger record.
type Kind string

// What Verify and Verifier report.
const (
	BadHash           Kind = "bad hash"           // Hash does not match the record's content
	BadSignature      Kind = "bad signature"      // Signature does not verify under the KeyID's key
	UnknownKey        Kind = "unknown key"        // no trusted public key has the record's KeyID
	KeyNotValid       Kind = "key not valid"      // recorded_at lies outside the validity window of the record's key
	BrokenLink        Kind = "broken link"        // PrevHash is not the Hash of the record before
	SequenceGap       Kind = "sequence gap"       // Sequence is not one more than the record before
	DuplicateWorkflow Kind = "duplicate workflow" // a second disposition for a workflow
	BadLineage        Kind = "bad lineage"        // a reversal, correction or erasure that does not refer to the record its lineage needs (see Lineage in the package documentation)
	Undecodable       Kind = "undecodable"        // the record value is not a LedgerRecord
	Replayed          Kind = "replayed"           // a signed record whose sequence the chain has passed already
	Backdated         Kind = "backdated"          // recorded_at is before the record before's
	HistoryCut        Kind = "history cut"        // records before the log start were deleted, or the chain ends before its checkpoint
	CheckpointDiffers Kind = "checkpoint differs" // the record at a checkpoint's sequence is not the one the checkpoint names
)

// Foreign reports whether a record with this problem is foreign: not a
// record the ledger wrote at this place of its chain, because it fails its
// own checks (undecodable, hash, key, signature, key validity window) or
// repeats a sequence the
// chain already has (a copy of an earlier record). Anyone with write access
// to the topic can produce such a record, so it is quarantined: reported,
// and skipped by the chain, whose next record links to the last verified
// one. The other kinds — a gap, a broken link or a second record of a
// workflow, under a trusted signature — break the chain: they need the
// signing key or a cut history, not just write access.
func (k Kind) Foreign() bool {
	switch k {
	case Undecodable, BadHash, UnknownKey, BadSignature, KeyNotValid, Replayed, Backdated:
		return true
	}
	return false
}

// Problem is a bad record: the first one of a broken chain, or a foreign
// record (Kind.Foreign). It is an error.
type Problem struct {
	Partition  int32
	Offset     int64
	Sequence   int64
	WorkflowID string
	Kind       Kind
	Detail     string
}

func (p *Problem) Error() string {
	return fmt.Sprintf("ledger record partition=%d offset=%d sequence=%d workflow=%q: %s: %s",
		p.Partition, p.Offset, p.Sequence, p.WorkflowID, p.Kind, p.Detail)
}

// Verify checks one record on its own: its Hash matches its content, its
// KeyID names a key in keys, its Signature verifies, and its RecordedAt
// (when it was signed) lies in the key's validity window — so a retired
// key, leaked, cannot sign records dated after its retirement. It returns
// the Kind and a detail of the first failure, or "" when the record is
// sound.
func Verify(r *events.LedgerRecord, keys PublicKeys) (Kind, string) {
	return verify(r, keys, nil)
}

// verify is Verify, except that a signature signed made itself over the
// record's hash is not checked again (Signed says why that is sound).
func verify(r *events.LedgerRecord, keys PublicKeys, signed *Signed) (Kind, string) {
	if h := Hash(r); !bytes.Equal(h, r.Hash) {
		return BadHash, fmt.Sprintf("stored %x, content hashes to %x", r.Hash, h)
	}
	pub, ok := keys[r.KeyID]
	if !ok {
		return UnknownKey, fmt.Sprintf("key id %q is not among the %d trusted keys", r.KeyID, len(keys))
	}
	if !signed.made(r.Hash, r.Signature) && !ed25519.Verify(pub.Key, r.Hash, r.Signature) {
		return BadSignature, fmt.Sprintf("signature does not verify under key %s", r.KeyID)
	}
	if !pub.ValidAt(r.RecordedAt) {
		return KeyNotValid, fmt.Sprintf("recorded at %s, outside the window %s of key %s", r.RecordedAt.UTC().Format(time.RFC3339Nano), pub.Window(), r.KeyID)
	}
	return "", ""
}

// Head is the last verified record of a chain.
type Head struct {
	Sequence int64
	Hash     []byte
	Offset   int64
	// Count is the number of data records of the partition up to and
	// including this one, foreign records included, counted from the
	// verifier's start (a resumed Head's Count).
	Count int64
	// RecordedAt is the record's recorded_at: the next record may not be
	// dated before it.
	RecordedAt time.Time
}

// Foreign reports whether p names a foreign record, which was quarantined,
// rather than the first record of a broken chain.
func (p *Problem) Foreign() bool { return p.Kind.Foreign() }

// maxForeignListed bounds how many foreign records a Verifier keeps for its
// Report; it counts them all.
const maxForeignListed = 1000

// Verifier checks records fed to it in offset order, per partition. A
// foreign record (Kind.Foreign) is quarantined: listed, and skipped by the
// chain. Any other problem breaks its partition's chain: the verifier keeps
// the first one, and later records of that partition are counted but not
// checked. It also checks each workflow's lineage (the package
// documentation): one disposition at most, and reversals, corrections and
// erasures that refer to the records they must. It is not safe for
// concurrent use.
type Verifier struct {
	keys         PublicKeys
	heads        map[int32]Head
	counts       map[int32]int64
	problems     map[int32]*Problem
	workflows    map[string]*Lineage
	expect       map[int32]*events.LedgerCheckpoint
	foreign      []*Problem
	foreignCount int
	records      int
	kinds        map[string]int
	signed       *Signed
}

// NewVerifier returns a Verifier trusting keys.
func NewVerifier(keys PublicKeys) *Verifier {
	return &Verifier{keys: keys, heads: map[int32]Head{}, counts: map[int32]int64{}, problems: map[int32]*Problem{},
		workflows: map[string]*Lineage{}, expect: map[int32]*events.LedgerCheckpoint{}, kinds: map[string]int{}}
}

// Expect makes the verifier check partition c.LedgerPartition against the
// checkpoint c, whose signature the caller has verified: the chain must
// reach c's sequence, with the record there at c's offset, with c's hash,
// and c's count of records up to it. The partition must be read from its
// start. Report names a chain that ends before the checkpoint.
func (v *Verifier) Expect(c *events.LedgerCheckpoint) { v.expect[int32(c.LedgerPartition)] = c }

// TrustSigned makes the verifier take the signatures s made as checked
// (Signed): the ledger's follower reading its own process's records back.
// The hash, the key and its window are checked as for any record.
func (v *Verifier) TrustSigned(s *Signed) { v.signed = s }

// LogStart tells the verifier where partition's log starts. The ledger
// never deletes records: a start past offset 0 means records were deleted
// (DeleteRecords, a retention set by mistake), which breaks the chain.
func (v *Verifier) LogStart(partition int32, start int64) error {
	if start <= 0 || v.problems[partition] != nil {
		return nil
	}
	detail := fmt.Sprintf("the log starts at offset %d: the records before it were deleted", start)
	if c := v.expect[partition]; c != nil {
		detail += fmt.Sprintf(" (the checkpoint of %s has sequence %d at offset %d)", c.CheckpointedAt.UTC().Format(time.RFC3339), c.Sequence, c.LedgerOffset)
	}
	return v.problem(&Problem{Partition: partition, Offset: start, Kind: HistoryCut, Detail: detail})
}

// problem records p: quarantined when it is foreign, else as the first
// problem of its chain.
func (v *Verifier) problem(p *Problem) error {
	if p.Foreign() {
		v.foreignCount++
		if len(v.foreign) < maxForeignListed {
			v.foreign = append(v.foreign, p)
		}
		return p
	}
	v.problems[p.Partition] = p
	return p
}

// Resume starts partition's chain after a head verified earlier (a
// checkpoint), instead of at sequence 1; counts go on from h.Count.
// Workflows recorded before the head are not known to the verifier.
func (v *Verifier) Resume(partition int32, h Head) {
	v.heads[partition] = h
	v.counts[partition] = h.Count
}

// Add checks the record at partition/offset and returns its Problem, or nil
// when it is sound (or its chain broke earlier). A returned Problem that is
// Foreign did not break the chain.
func (v *Verifier) Add(partition int32, offset int64, r *events.LedgerRecord) error {
	v.records++
	if v.problems[partition] != nil {
		return nil
	}
	v.counts[partition]++
	fail := func(k Kind, detail string) error {
		return v.problem(&Problem{Partition: partition, Offset: offset, Sequence: r.Sequence, WorkflowID: r.WorkflowID, Kind: k, Detail: detail})
	}
	if k, detail := verify(r, v.keys, v.signed); k != "" {
		return fail(k, detail)
	}
	prev := v.heads[partition]
	if r.Sequence <= prev.Sequence {
		return fail(Replayed, fmt.Sprintf("sequence %d, the chain is at %d already", r.Sequence, prev.Sequence))
	}
	if r.RecordedAt.Before(prev.RecordedAt) {
		return fail(Backdated, fmt.Sprintf("recorded at %s, before the record it follows (%s)", r.RecordedAt.UTC().Format(time.RFC3339Nano), prev.RecordedAt.UTC().Format(time.RFC3339Nano)))
	}
	if r.Sequence != prev.Sequence+1 {
		return fail(SequenceGap, fmt.Sprintf("sequence %d follows %d", r.Sequence, prev.Sequence))
	}
	if !bytes.Equal(r.PrevHash, prev.Hash) {
		return fail(BrokenLink, fmt.Sprintf("prev_hash %x, the record before has hash %x", r.PrevHash, prev.Hash))
	}
	h := Head{Sequence: r.Sequence, Hash: r.Hash, Offset: offset, Count: v.counts[partition], RecordedAt: r.RecordedAt}
	l := v.workflows[r.WorkflowID]
	if l == nil {
		l = &Lineage{}
	}
	if k, detail := l.Check(r); k != "" {
		return fail(k, detail)
	}
	if c := v.expect[partition]; c != nil && c.Sequence == r.Sequence {
		if detail := checkHead(c, h); detail != "" {
			return fail(CheckpointDiffers, detail)
		}
	}
	v.heads[partition] = h
	v.kinds[KindOf(r)]++
	l.Add(r, offset)
	v.workflows[r.WorkflowID] = l
	return nil
}

// Lineage returns what the verifier saw of workflow id's lineage, or nil.
func (v *Verifier) Lineage(id string) *Lineage { return v.workflows[id] }

// AddUndecodable quarantines a record whose value could not be decoded as a
// LedgerRecord: it is foreign.
func (v *Verifier) AddUndecodable(partition int32, offset int64, err error) error {
	v.records++
	if v.problems[partition] != nil {
		return nil
	}
	v.counts[partition]++
	return v.problem(&Problem{Partition: partition, Offset: offset, Kind: Undecodable, Detail: err.Error()})
}

// AddValue decodes one raw value of the ledger topic with codec and checks
// it like Add; an undecodable value, or one that is not a ledger record, is
// quarantined like AddUndecodable. It returns the record when the value
// decoded to one, whether or not the chain accepted it.
func (v *Verifier) AddValue(codec Decoder, partition int32, offset int64, value []byte) (*events.LedgerRecord, error) {
	e, err := codec.Decode(value)
	if err != nil {
		return nil, v.AddUndecodable(partition, offset, err)
	}
	rec, ok := e.(*events.LedgerRecord)
	if !ok {
		return nil, v.AddUndecodable(partition, offset, fmt.Errorf("value is %T, want *events.LedgerRecord", e))
	}
	return rec, v.Add(partition, offset, rec)
}

// Head returns the last sound record of partition's chain.
func (v *Verifier) Head(partition int32) Head { return v.heads[partition] }

// Report summarises what the verifier saw.
func (v *Verifier) Report(partitions int) Report {
	rep := Report{Records: v.records, Partitions: partitions, Heads: map[int32]Head{}, Kinds: maps.Clone(v.kinds), lineages: v.workflows}
	for p, h := range v.heads {
		rep.Heads[p] = h
	}
	for _, p := range v.problems {
		rep.Problems = append(rep.Problems, p)
	}
	for p, c := range v.expect {
		if h := v.heads[p]; v.problems[p] == nil && h.Sequence < c.Sequence {
			rep.Problems = append(rep.Problems, &Problem{Partition: p, Offset: h.Offset, Sequence: h.Sequence, Kind: HistoryCut,
				Detail: fmt.Sprintf("the chain ends at sequence %d, the checkpoint of %s has sequence %d at offset %d: records were deleted or the topic was re-created",
					h.Sequence, c.CheckpointedAt.UTC().Format(time.RFC3339), c.Sequence, c.LedgerOffset)})
		}
	}
	slices.SortFunc(rep.Problems, func(a, b *Problem) int { return int(a.Partition - b.Partition) })
	rep.Foreign = slices.Clone(v.foreign)
	slices.SortStableFunc(rep.Foreign, func(a, b *Problem) int { return int(a.Partition - b.Partition) })
	rep.ForeignCount = v.foreignCount
	return rep
}

// Report is the result of verifying a ledger. Foreign records do not make
// it fail: they were quarantined, and the chains went on without them. A
// chain that ends before its checkpoint (Verifier.Expect) is broken.
type Report struct {
	Records      int            // records read, sound or not
	Partitions   int            // partitions of the topic
	Heads        map[int32]Head // last sound record of each chain
	Problems     []*Problem     // first bad record of each broken chain, by partition
	Foreign      []*Problem     // quarantined foreign records by partition and offset, the first 1000
	ForeignCount int            // quarantined foreign records in all
	Kinds        map[string]int // sound records by kind (disposition, reversal, correction, erasure)
	lineages     map[string]*Lineage
}

// Lineage returns the lineage of workflow id as verified, or nil when the
// ledger holds no sound record of it.
func (r Report) Lineage(id string) *Lineage { return r.lineages[id] }

// ErrTampered is wrapped by Report.Err when a chain is broken.
var ErrTampered = errors.New("ledger verification failed")

// Err returns nil when every chain is sound, else an error wrapping
// ErrTampered and the first Problem (the lowest partition's).
func (r Report) Err() error {
	if len(r.Problems) == 0 {
		return nil
	}
	return fmt.Errorf("%w (%d broken chains): %w", ErrTampered, len(r.Problems), r.Problems[0])
}
