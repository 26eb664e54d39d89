package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"sync"

	"github.com/docket-run/docket/pkg/events"
)

// Signed remembers the signatures one process made with Sign, so that the
// same process's follower of the ledger topic, reading its own records
// back, need not check each signature again: the check costs about twice
// the signing (ed25519), and it is the largest part of the ledger's CPU
// that is not the record's own work.
//
// Skipping it is sound only for an exact match: a record whose content
// hashes to a remembered hash and which carries the very signature made
// over that hash is, byte for byte, what the key signed, so its signature
// verifies by construction. A record with the same hash and any other
// signature, or with content that hashes elsewhere, is checked in full.
// Each entry answers one match (a follower reads a record once; after a
// restart it checks everything again) and the memo holds at most a fixed
// number of entries, the oldest dropped first, so a follower that falls
// behind costs a full check, never memory.
type Signed struct {
	mu    sync.Mutex
	sigs  map[string][]byte
	order []string // ring of the keys of sigs, oldest at next
	next  int
}

// NewSigned returns a memo of at most max signatures (max ≥ 1).
func NewSigned(max int) *Signed {
	return &Signed{sigs: make(map[string][]byte, max), order: make([]string, max)}
}

// Sign signs r as the package's Sign does and remembers the signature; a
// nil memo only signs.
func (s *Signed) Sign(r *events.LedgerRecord, priv ed25519.PrivateKey) {
	Sign(r, priv)
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := string(r.Hash)
	if _, ok := s.sigs[k]; ok {
		s.sigs[k] = r.Signature
		return
	}
	if old := s.order[s.next]; old != "" {
		delete(s.sigs, old)
	}
	s.order[s.next] = k
	s.next = (s.next + 1) % len(s.order)
	s.sigs[k] = r.Signature
}

// made reports whether this memo signed hash with exactly signature, and
// forgets it when it did.
func (s *Signed) made(hash, signature []byte) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sig, ok := s.sigs[string(hash)]
	if !ok || !bytes.Equal(sig, signature) {
		return false
	}
	delete(s.sigs, string(hash)) // its slot in order is reused in turn
	return true
}
