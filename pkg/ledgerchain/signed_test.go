package ledgerchain

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// signedChain is chain signed through memo (ed25519 signs the same hash
// to the same signature, so signing again only fills the memo).
func signedChain(t *testing.T, n int, memo *Signed) ([]*events.LedgerRecord, PublicKeys) {
	t.Helper()
	key := testKey(t, 7)
	recs := chain(n, func(int) ed25519.PrivateKey { return key })
	for _, r := range recs {
		memo.Sign(r, key)
	}
	return recs, trust(key)
}

func TestVerifierTakesItsOwnSignaturesAsChecked(t *testing.T) {
	memo := NewSigned(16)
	recs, keys := signedChain(t, 5, memo)
	if memo.size() != 5 {
		t.Fatalf("memo holds %d signatures, want 5", memo.size())
	}
	v := NewVerifier(keys)
	v.TrustSigned(memo)
	for i, r := range recs {
		if err := v.Add(3, int64(i), r); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
	}
	// Each remembered signature answered its record, once.
	if memo.size() != 0 {
		t.Fatalf("memo still holds %d signatures after the follower read them all", memo.size())
	}
}

func TestTrustSignedChecksAnythingElseInFull(t *testing.T) {
	cases := map[string]struct {
		alter func(r *events.LedgerRecord)
		keys  func(PublicKeys) PublicKeys
		want  Kind
	}{
		"another signature over the same hash": {
			alter: func(r *events.LedgerRecord) { r.Signature = append([]byte(nil), r.Signature...); r.Signature[0] ^= 1 },
			want:  BadSignature,
		},
		"content changed after signing": {
			alter: func(r *events.LedgerRecord) { r.Decision.DocumentType = "receipt" },
			want:  BadHash,
		},
		"key no longer trusted": {
			keys: func(PublicKeys) PublicKeys { return trust(testKey(t, 9)) },
			want: UnknownKey,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			memo := NewSigned(16)
			recs, keys := signedChain(t, 1, memo)
			if c.alter != nil {
				c.alter(recs[0])
			}
			if c.keys != nil {
				keys = c.keys(keys)
			}
			v := NewVerifier(keys)
			v.TrustSigned(memo)
			var p *Problem
			if err := v.Add(3, 0, recs[0]); !errors.As(err, &p) || p.Kind != c.want {
				t.Fatalf("Add = %v, want a %s problem", err, c.want)
			}
		})
	}
}

func TestSignedHoldsAtMostItsSize(t *testing.T) {
	memo := NewSigned(2)
	recs, keys := signedChain(t, 3, memo)
	if memo.size() != 2 {
		t.Fatalf("memo holds %d signatures, want 2", memo.size())
	}
	if memo.made(recs[0].Hash, recs[0].Signature) {
		t.Fatal("the oldest signature is still remembered past the memo's size")
	}
	// The forgotten one is checked in full, and still verifies.
	if k, d := verify(recs[0], keys, memo); k != "" {
		t.Fatalf("verify = %s: %s", k, d)
	}
	var nilMemo *Signed
	r := record(9)
	nilMemo.Sign(r, testKey(t, 7))
	if k, d := Verify(r, keys); k != "" {
		t.Fatalf("a nil memo's Sign: %s: %s", k, d)
	}
}

// BenchmarkVerifierAdd is the ledger follower's check of one record: in
// full, and for a record its own process signed (TrustSigned).
func BenchmarkVerifierAdd(b *testing.B) {
	key := testKey(&testing.T{}, 7)
	keys := trust(key)
	for _, own := range []bool{false, true} {
		name := "foreign-process"
		if own {
			name = "own-process"
		}
		b.Run(name, func(b *testing.B) {
			memo := NewSigned(b.N + 1)
			recs := make([]*events.LedgerRecord, b.N)
			var prev []byte
			for i := range b.N {
				r := record(0)
				r.WorkflowID = fmt.Sprintf("wf-bench-%d", i)
				r.RecordedAt = r.RecordedAt.Add(time.Duration(i) * time.Millisecond)
				r.Sequence = int64(i + 1)
				r.PrevHash = prev
				memo.Sign(r, key)
				prev = r.Hash
				recs[i] = r
			}
			v := NewVerifier(keys)
			if own {
				v.TrustSigned(memo)
			}
			b.ResetTimer()
			for i, r := range recs {
				if err := v.Add(0, int64(i), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// trust returns the keys trusting priv's public key.
func trust(priv ed25519.PrivateKey) PublicKeys {
	keys := PublicKeys{}
	keys.Add(priv.Public().(ed25519.PublicKey))
	return keys
}

// size returns how many signatures the memo holds.
func (s *Signed) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sigs)
}
