package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"testing"
)

// FuzzVerifier tampers with the middle record of a sound three-record chain
// in the ways an attacker controls — its text fields, numbers, hashes and
// signature — and checks that the verifier never panics and never accepts
// a chain whose middle record differs from the one that was signed.
func FuzzVerifier(f *testing.F) {
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
	keys := PublicKeys{}
	keys.Add(key.Public().(ed25519.PublicKey))
	sound := chain(3, func(int) ed25519.PrivateKey { return key })
	mid := sound[1]
	f.Add(mid.WorkflowID, mid.Decision.DocumentType, mid.Sequence, mid.Confidence, mid.PrevHash, mid.Hash, mid.Signature, mid.KeyID)
	f.Add("wf-x", "receipt", int64(2), 0.75, mid.PrevHash, mid.Hash, mid.Signature, mid.KeyID)
	f.Add(mid.WorkflowID, mid.Decision.DocumentType, int64(9), mid.Confidence, []byte{}, []byte{1}, []byte{}, "")
	f.Fuzz(func(t *testing.T, workflow, docType string, seq int64, confidence float64, prev, hash, sig []byte, keyID string) {
		recs := chain(3, func(int) ed25519.PrivateKey { return key })
		r := recs[1]
		r.WorkflowID, r.Decision.DocumentType, r.Sequence, r.Confidence = workflow, docType, seq, confidence
		r.PrevHash, r.Hash, r.Signature, r.KeyID = prev, hash, sig, keyID
		unchanged := workflow == mid.WorkflowID && docType == mid.Decision.DocumentType && seq == mid.Sequence &&
			(confidence == mid.Confidence) && bytes.Equal(prev, mid.PrevHash) && bytes.Equal(hash, mid.Hash) &&
			bytes.Equal(sig, mid.Signature) && keyID == mid.KeyID
		err := verifyAll(keys, recs)
		if unchanged && err != nil {
			t.Fatalf("sound chain rejected: %v", err)
		}
		if !unchanged && err == nil {
			t.Fatalf("tampered record accepted: workflow=%q type=%q seq=%d conf=%v", workflow, docType, seq, confidence)
		}
	})
}
