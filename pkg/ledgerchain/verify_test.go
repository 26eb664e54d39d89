package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func testKey(t *testing.T, seed byte) ed25519.PrivateKey {
	t.Helper()
	return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, ed25519.SeedSize))
}

// record returns an unsigned record for workflow n, with every field set.
func record(n int) *events.LedgerRecord {
	at := time.Date(2026, 3, 1, 12, 0, n, 0, time.UTC)
	reviewer := "alice"
	return &events.LedgerRecord{
		Meta: events.Meta{
			EventID: fmt.Sprintf("evt-%d", n), WorkflowID: fmt.Sprintf("wf-%d", n), TenantID: "acme",
			OccurredAt: at, CausationID: fmt.Sprintf("cause-%d", n), Producer: events.Producer{Service: "ledger", Version: "1.0.0"},
		},
		WorkflowID: fmt.Sprintf("wf-%d", n),
		Document:   events.BlobRef{URI: "docket-blob://sha256/ab", SHA256: "ab", SizeBytes: int64(100 + n), MediaType: "application/pdf"},
		Decision:   events.Decision{DocumentType: "invoice", Outcome: "approved"},
		Flags:      []events.Flag{{Kind: "pii.iban", Detail: "IBAN on page 1"}},
		Model:      &events.Model{Name: "builtin", Version: "3"},
		Confidence: 0.75,
		Reviewer:   &reviewer,
		DecidedAt:  at,
		RecordedAt: at.Add(time.Second),
	}
}

// chain signs n records into one chain; keyFor picks the key of record i.
func chain(n int, keyFor func(i int) ed25519.PrivateKey) []*events.LedgerRecord {
	var out []*events.LedgerRecord
	var prev []byte
	for i := range n {
		r := record(i)
		r.Sequence = int64(i + 1)
		r.PrevHash = prev
		Sign(r, keyFor(i))
		prev = r.Hash
		out = append(out, r)
	}
	return out
}

// verifyAll feeds recs as offsets 0.. of partition 3.
func verifyAll(keys PublicKeys, recs []*events.LedgerRecord) error {
	return report(keys, recs).Err()
}

// report feeds recs as offsets 0.. of partition 3 and returns the report.
func report(keys PublicKeys, recs []*events.LedgerRecord) Report {
	v := NewVerifier(keys)
	for i, r := range recs {
		_ = v.Add(3, int64(i), r)
	}
	return v.Report(1)
}

// problemAt returns the problem the report names at offset, foreign or
// breaking, or nil.
func problemAt(rep Report, offset int64) *Problem {
	for _, p := range append(slices.Clone(rep.Foreign), rep.Problems...) {
		if p.Offset == offset {
			return p
		}
	}
	return nil
}

func TestSoundChainVerifies(t *testing.T) {
	k := testKey(t, 1)
	keys := PublicKeys{}
	keys.Add(k.Public().(ed25519.PublicKey))
	recs := chain(5, func(int) ed25519.PrivateKey { return k })
	v := NewVerifier(keys)
	for i, r := range recs {
		if err := v.Add(3, int64(i), r); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
	}
	rep := v.Report(4)
	if err := rep.Err(); err != nil {
		t.Fatal(err)
	}
	if rep.Records != 5 || rep.Partitions != 4 || rep.Heads[3].Sequence != 5 || !bytes.Equal(rep.Heads[3].Hash, recs[4].Hash) || rep.Heads[3].Offset != 4 {
		t.Errorf("report = %+v, want 5 records, 4 partitions, head seq 5 at offset 4", rep)
	}
	if len(recs[0].PrevHash) != 0 || !bytes.Equal(recs[1].PrevHash, recs[0].Hash) {
		t.Error("chain links are not prev_hash = hash of the record before")
	}
}

// TestTamperingNamesTheRecord changes each field of the third record of a
// chain in turn; verification must name that record (offset 2) and why, and
// fail: a foreign record is quarantined, and the real record it replaced is
// missing from the chain.
func TestTamperingNamesTheRecord(t *testing.T) {
	k := testKey(t, 1)
	other := testKey(t, 2)
	keys := PublicKeys{}
	keys.Add(k.Public().(ed25519.PublicKey))
	tests := []struct {
		name   string
		tamper func(r *events.LedgerRecord)
		want   Kind
	}{
		{"meta.event_id", func(r *events.LedgerRecord) { r.Meta.EventID += "x" }, BadHash},
		{"meta.workflow_id", func(r *events.LedgerRecord) { r.Meta.WorkflowID += "x" }, BadHash},
		{"meta.tenant_id", func(r *events.LedgerRecord) { r.Meta.TenantID = "evil" }, BadHash},
		{"meta.occurred_at", func(r *events.LedgerRecord) { r.Meta.OccurredAt = r.Meta.OccurredAt.Add(time.Millisecond) }, BadHash},
		{"meta.causation_id", func(r *events.LedgerRecord) { r.Meta.CausationID = "" }, BadHash},
		{"meta.producer.service", func(r *events.LedgerRecord) { r.Meta.Producer.Service = "mallory" }, BadHash},
		{"meta.producer.version", func(r *events.LedgerRecord) { r.Meta.Producer.Version = "9" }, BadHash},
		{"workflow_id", func(r *events.LedgerRecord) { r.WorkflowID = "wf-other" }, BadHash},
		{"document.uri", func(r *events.LedgerRecord) { r.Document.URI += "x" }, BadHash},
		{"document.sha256", func(r *events.LedgerRecord) { r.Document.SHA256 = "cd" }, BadHash},
		{"document.size_bytes", func(r *events.LedgerRecord) { r.Document.SizeBytes++ }, BadHash},
		{"document.media_type", func(r *events.LedgerRecord) { r.Document.MediaType = "image/png" }, BadHash},
		{"decision.document_type", func(r *events.LedgerRecord) { r.Decision.DocumentType = "contract" }, BadHash},
		{"decision.outcome", func(r *events.LedgerRecord) { r.Decision.Outcome = "rejected" }, BadHash},
		{"flags removed", func(r *events.LedgerRecord) { r.Flags = nil }, BadHash},
		{"flag detail", func(r *events.LedgerRecord) { r.Flags[0].Detail = "nothing" }, BadHash},
		{"model removed", func(r *events.LedgerRecord) { r.Model = nil }, BadHash},
		{"model version", func(r *events.LedgerRecord) { r.Model.Version = "4" }, BadHash},
		{"confidence", func(r *events.LedgerRecord) { r.Confidence = 0.99 }, BadHash},
		{"reviewer removed", func(r *events.LedgerRecord) { r.Reviewer = nil }, BadHash},
		{"reviewer", func(r *events.LedgerRecord) { s := "bob"; r.Reviewer = &s }, BadHash},
		{"decided_at", func(r *events.LedgerRecord) { r.DecidedAt = r.DecidedAt.Add(-time.Hour) }, BadHash},
		{"recorded_at", func(r *events.LedgerRecord) { r.RecordedAt = r.RecordedAt.Add(time.Hour) }, BadHash},
		{"sequence", func(r *events.LedgerRecord) { r.Sequence = 7 }, BadHash},
		{"prev_hash", func(r *events.LedgerRecord) { r.PrevHash = bytes.Repeat([]byte{1}, 32) }, BadHash},
		{"key_id", func(r *events.LedgerRecord) { r.KeyID = KeyID(other.Public().(ed25519.PublicKey)) }, BadHash},
		{"hash", func(r *events.LedgerRecord) { r.Hash = bytes.Clone(r.Hash); r.Hash[0] ^= 1 }, BadHash},
		{"signature", func(r *events.LedgerRecord) { r.Signature[5] ^= 1 }, BadSignature},
		{"content with hash recomputed", func(r *events.LedgerRecord) { r.Decision.Outcome = "rejected"; r.Hash = Hash(r) }, BadSignature},
		{"re-signed with an unknown key", func(r *events.LedgerRecord) { r.Decision.Outcome = "rejected"; Sign(r, other) }, UnknownKey},
		{"prev_hash re-signed with the key", func(r *events.LedgerRecord) { r.PrevHash = bytes.Repeat([]byte{1}, 32); Sign(r, k) }, BrokenLink},
		{"sequence re-signed with the key", func(r *events.LedgerRecord) { r.Sequence = 4; Sign(r, k) }, SequenceGap},
		{"workflow of record 1 re-signed", func(r *events.LedgerRecord) { r.WorkflowID = "wf-1"; Sign(r, k) }, DuplicateWorkflow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := chain(4, func(int) ed25519.PrivateKey { return k })
			tc.tamper(recs[2])
			rep := report(keys, recs)
			if err := rep.Err(); !errors.Is(err, ErrTampered) {
				t.Fatalf("verify = %v, want ErrTampered", err)
			}
			p := problemAt(rep, 2)
			if p == nil || p.Partition != 3 || p.Kind != tc.want {
				t.Fatalf("problem at offset 2 = %v, want %s in partition 3 (foreign %v, broken %v)", p, tc.want, rep.Foreign, rep.Problems)
			}
			if p.Foreign() != tc.want.Foreign() || (p.Foreign() && rep.ForeignCount != 1) {
				t.Errorf("problem %v: foreign = %v, %d foreign records; want %v", p, p.Foreign(), rep.ForeignCount, tc.want.Foreign())
			}
		})
	}
}

func TestOrderGapsAndKeys(t *testing.T) {
	a, b := testKey(t, 1), testKey(t, 2)
	pubA, pubB := a.Public().(ed25519.PublicKey), b.Public().(ed25519.PublicKey)
	rotated := func(i int) ed25519.PrivateKey {
		if i < 2 {
			return a
		}
		return b
	}
	onlyA := func(int) ed25519.PrivateKey { return a }
	tests := []struct {
		name       string
		recs       func() []*events.LedgerRecord
		keys       []ed25519.PublicKey
		wantKind   Kind // "" means sound
		wantOffset int64
	}{
		{"rotation with both keys", func() []*events.LedgerRecord { return chain(4, rotated) }, []ed25519.PublicKey{pubA, pubB}, "", 0},
		{"rotation missing the new key", func() []*events.LedgerRecord { return chain(4, rotated) }, []ed25519.PublicKey{pubA}, UnknownKey, 2},
		{"rotation missing the old key", func() []*events.LedgerRecord { return chain(4, rotated) }, []ed25519.PublicKey{pubB}, UnknownKey, 0},
		{"wrong key", func() []*events.LedgerRecord { return chain(3, onlyA) }, []ed25519.PublicKey{pubB}, UnknownKey, 0},
		{"reordered", func() []*events.LedgerRecord {
			r := chain(4, onlyA)
			r[1], r[2] = r[2], r[1]
			return r
		}, []ed25519.PublicKey{pubA}, SequenceGap, 1},
		{"record removed", func() []*events.LedgerRecord {
			r := chain(4, onlyA)
			return append(r[:2], r[3])
		}, []ed25519.PublicKey{pubA}, SequenceGap, 2},
		{"record repeated", func() []*events.LedgerRecord {
			r := chain(3, onlyA)
			return append(r, r[2])
		}, []ed25519.PublicKey{pubA}, Replayed, 3},
		{"first record missing", func() []*events.LedgerRecord { return chain(3, onlyA)[1:] }, []ed25519.PublicKey{pubA}, SequenceGap, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			keys := PublicKeys{}
			for _, k := range tc.keys {
				keys.Add(k)
			}
			rep := report(keys, tc.recs())
			err := rep.Err()
			if tc.wantKind == "" {
				if err != nil || rep.ForeignCount != 0 {
					t.Fatalf("verify = %v with %d foreign records, want sound", err, rep.ForeignCount)
				}
				return
			}
			p := problemAt(rep, tc.wantOffset)
			if p == nil || p.Kind != tc.wantKind {
				t.Fatalf("problem at offset %d = %v, want %s (foreign %v, broken %v)", tc.wantOffset, p, tc.wantKind, rep.Foreign, rep.Problems)
			}
		})
	}
}

// TestForeignRecordsAreQuarantined (issue 15, point 12): records anyone
// with write access to the topic can produce — garbage, content changed
// after signing, a key nobody trusts, a copy of an earlier record — are
// listed as foreign, and the chain goes on past them: the next record
// linking to the last verified one keeps the chain sound.
func TestForeignRecordsAreQuarantined(t *testing.T) {
	k, mallory := testKey(t, 1), testKey(t, 2)
	keys := PublicKeys{}
	keys.Add(k.Public().(ed25519.PublicKey))
	recs := chain(4, func(int) ed25519.PrivateKey { return k })
	forged := *recs[1]
	forged.Decision.Outcome = "rejected"
	unknown := *recs[1]
	unknown.WorkflowID = "wf-mallory"
	Sign(&unknown, mallory)
	v := NewVerifier(keys)
	feed := []struct {
		rec  *events.LedgerRecord
		want Kind
	}{
		{recs[0], ""},
		{&forged, BadHash},
		{&unknown, UnknownKey},
		{recs[0], Replayed},
		{recs[1], ""},
		{nil, Undecodable},
		{recs[2], ""},
		{recs[3], ""},
	}
	for off, f := range feed {
		var err error
		if f.rec == nil {
			err = v.AddUndecodable(3, int64(off), errors.New("not Avro"))
		} else {
			err = v.Add(3, int64(off), f.rec)
		}
		var p *Problem
		switch {
		case f.want == "" && err != nil:
			t.Errorf("offset %d: %v, want sound", off, err)
		case f.want != "" && (!errors.As(err, &p) || p.Kind != f.want || !p.Foreign()):
			t.Errorf("offset %d: %v, want a foreign record (%s)", off, err, f.want)
		}
	}
	rep := v.Report(1)
	if err := rep.Err(); err != nil {
		t.Fatalf("verify = %v, want the chain sound past its foreign records", err)
	}
	if rep.Heads[3].Sequence != 4 || rep.Heads[3].Offset != 7 || rep.ForeignCount != 4 || len(rep.Foreign) != 4 || rep.Records != 8 {
		t.Errorf("report = %+v, want head sequence 4 at offset 7, 4 foreign records, 8 read", rep)
	}
	for i, off := range []int64{1, 2, 3, 5} {
		if rep.Foreign[i].Offset != off {
			t.Errorf("foreign record %d at offset %d, want %d", i, rep.Foreign[i].Offset, off)
		}
	}
}

// TestCanonicalEncodingIsFixed pins the encoding: a record built from fixed
// values hashes to the same bytes forever (a change here breaks every
// ledger written before it), and field boundaries are unambiguous.
func TestCanonicalEncodingIsFixed(t *testing.T) {
	r := record(1)
	r.Sequence, r.PrevHash, r.KeyID = 2, []byte{0xaa, 0xbb}, "0011223344556677"
	// Cross-checked with an independent implementation of the encoding.
	const want = "b2428b3bac47301634019d35e05aee9610eef8a32c575e06793f44c13385b5e2"
	if got := hex.EncodeToString(Hash(r)); got != want {
		t.Errorf("hash = %s, want %s", got, want)
	}
	shifted := record(1)
	shifted.Sequence, shifted.PrevHash, shifted.KeyID = 2, []byte{0xaa, 0xbb}, "0011223344556677"
	shifted.Meta.EventID, shifted.Meta.WorkflowID = r.Meta.EventID+"w", r.Meta.WorkflowID[1:]
	if bytes.Equal(Hash(shifted), Hash(r)) {
		t.Error("moving a byte across a field boundary kept the hash")
	}
	// Sub-millisecond time differences are below the schema's precision.
	fine := record(1)
	fine.Sequence, fine.PrevHash, fine.KeyID = 2, []byte{0xaa, 0xbb}, "0011223344556677"
	fine.RecordedAt = fine.RecordedAt.Add(300 * time.Microsecond)
	if !bytes.Equal(Hash(fine), Hash(r)) {
		t.Error("a sub-millisecond difference changed the hash; times must hash at millisecond precision")
	}
}

func TestKeyID(t *testing.T) {
	pub := testKey(t, 1).Public().(ed25519.PublicKey)
	id := KeyID(pub)
	if len(id) != 16 {
		t.Fatalf("key id %q has %d characters, want 16", id, len(id))
	}
	if id == KeyID(testKey(t, 2).Public().(ed25519.PublicKey)) {
		t.Error("two keys share a key id")
	}
}

// BenchmarkCanonical is the encoding hashed and signed for every ledger
// record, of a record with a dozen flags (a decision's PII and policy
// flags), as the ledger writes them.
func BenchmarkCanonical(b *testing.B) {
	r := record(1)
	r.Sequence, r.PrevHash = 7, make([]byte, 32)
	for i := range 12 {
		r.Flags = append(r.Flags, events.Flag{Kind: "pii.phone", Detail: fmt.Sprintf("%d occurrence(s), first at byte %d", i+1, 100*i)})
	}
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(Canonical(r))
	}
	b.ReportMetric(float64(n), "bytes/record")
}
