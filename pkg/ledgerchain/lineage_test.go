package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"testing"

	"github.com/docket-run/docket/pkg/events"
)

// lineageChain signs records of one workflow (wf-0) into one chain: each
// step builds a record from record(0) with the lineage fields it sets.
type lineageChain struct {
	key  ed25519.PrivateKey
	recs []*events.LedgerRecord
}

func (c *lineageChain) add(kind string, refersTo *events.LedgerRecord, tweak func(*events.LedgerRecord)) *events.LedgerRecord {
	r := record(0)
	r.Meta.EventID = kind + "-" + string(rune('a'+len(c.recs)))
	r.Kind = kind
	if refersTo != nil {
		r.RefersTo, r.RefersToSequence = refersTo.Hash, refersTo.Sequence
	}
	if tweak != nil {
		tweak(r)
	}
	r.Sequence = int64(len(c.recs) + 1)
	if n := len(c.recs); n > 0 {
		r.PrevHash = c.recs[n-1].Hash
	}
	Sign(r, c.key)
	c.recs = append(c.recs, r)
	return r
}

func TestLineageOfACorrectedAndErasedWorkflowVerifies(t *testing.T) {
	key := testKey(t, 7)
	keys := PublicKeys{}
	keys.Add(key.Public().(ed25519.PublicKey))
	c := &lineageChain{key: key}
	d := c.add(KindDisposition, nil, nil)
	rev := c.add(KindReversal, d, func(r *events.LedgerRecord) { r.Reason = "wrong type" })
	cor := c.add(KindCorrection, rev, func(r *events.LedgerRecord) {
		r.Decision.DocumentType, r.Reason = "receipt", "wrong type"
	})
	rev2 := c.add(KindReversal, cor, func(r *events.LedgerRecord) { r.Reason = "compensation: canceled" })
	c.add(KindErasure, rev2, func(r *events.LedgerRecord) { r.Reason = "data subject request" })
	v := NewVerifier(keys)
	for i, r := range c.recs {
		if err := v.Add(0, int64(i), r); err != nil {
			t.Fatalf("record %d (%s): %v", i, r.Kind, err)
		}
	}
	l := v.Lineage("wf-0")
	if l == nil || len(l.Records) != 5 || !l.Erased() || l.Net() != 0 {
		t.Fatalf("lineage = %+v, want 5 records, erased, net 0", l)
	}
	if _, ok := l.Current(); ok {
		t.Error("a reversed workflow has a current record")
	}
}

func TestBadLineageBreaksTheChain(t *testing.T) {
	key := testKey(t, 7)
	keys := PublicKeys{}
	keys.Add(key.Public().(ed25519.PublicKey))
	for _, tc := range []struct {
		name  string
		build func(c *lineageChain)
		want  Kind
	}{
		{"second disposition", func(c *lineageChain) {
			c.add(KindDisposition, nil, nil)
			c.add(KindDisposition, nil, nil)
		}, DuplicateWorkflow},
		{"correction without reversal", func(c *lineageChain) {
			d := c.add(KindDisposition, nil, nil)
			c.add(KindCorrection, d, nil)
		}, BadLineage},
		{"reversal of another record", func(c *lineageChain) {
			d := c.add(KindDisposition, nil, nil)
			c.add(KindReversal, d, nil)
			c.add(KindReversal, d, nil)
		}, BadLineage},
		{"reversal refers to a wrong hash", func(c *lineageChain) {
			c.add(KindDisposition, nil, nil)
			c.add(KindReversal, &events.LedgerRecord{Hash: bytes.Repeat([]byte{1}, 32), Sequence: 1}, nil)
		}, BadLineage},
		{"a disposition after a correction", func(c *lineageChain) {
			d := c.add(KindDisposition, nil, nil)
			rev := c.add(KindReversal, d, nil)
			c.add(KindCorrection, rev, nil)
			c.add(KindDisposition, nil, nil)
		}, DuplicateWorkflow},
		{"a record after the erasure", func(c *lineageChain) {
			d := c.add(KindDisposition, nil, nil)
			c.add(KindErasure, d, nil)
			c.add(KindReversal, d, nil)
		}, BadLineage},
		{"unknown kind", func(c *lineageChain) {
			c.add("rewrite", nil, nil)
		}, BadLineage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &lineageChain{key: key}
			tc.build(c)
			err := verifyAll(keys, c.recs)
			var p *Problem
			if !errors.As(err, &p) || p.Kind != tc.want || p.Offset != int64(len(c.recs)-1) {
				t.Fatalf("verify = %v, want %q at the last record (offset %d)", err, tc.want, len(c.recs)-1)
			}
			if p.Foreign() {
				t.Error("a lineage problem under a trusted signature must break the chain, not be quarantined")
			}
		})
	}
}

// A record of schema version 1 hashes as before version 2 whether its kind
// is empty or "disposition"; any lineage field moves it to version 2, and
// changing it changes the hash.
func TestLineageFieldsAreSigned(t *testing.T) {
	r := record(1)
	before := Hash(r)
	r.Kind = KindDisposition
	if !bytes.Equal(Hash(r), before) {
		t.Fatal("an explicit disposition kind changed a version-1 hash")
	}
	for name, set := range map[string]func(*events.LedgerRecord){
		"kind":               func(r *events.LedgerRecord) { r.Kind = KindReversal },
		"refers_to":          func(r *events.LedgerRecord) { r.RefersTo = []byte{1} },
		"refers_to_sequence": func(r *events.LedgerRecord) { r.RefersToSequence = 4 },
		"reason":             func(r *events.LedgerRecord) { r.Reason = "x" },
		"degraded":           func(r *events.LedgerRecord) { r.Degraded = "llm unavailable" },
	} {
		x := record(1)
		set(x)
		if bytes.Equal(Hash(x), before) {
			t.Errorf("setting %s kept the hash", name)
		}
		if !bytes.HasPrefix(Canonical(x)[4:], []byte(DomainV2)) {
			t.Errorf("setting %s: canonical encoding does not open with %s", name, DomainV2)
		}
	}
}
