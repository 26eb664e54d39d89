package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// # Checkpoints
//
// A checkpoint (events.LedgerCheckpoint) is a signed statement of one
// chain's head: its sequence, hash and offset, and Count, the data records
// of the partition up to and including the head (foreign ones included).
// The ledger publishes them to docket.ledger.checkpoints and exports them
// as objects (Export) where the ledger topic's writers cannot rewrite them;
// a verifier given the latest checkpoint of a partition proves that the
// topic still holds that chain up to it, so records deleted from the front
// (DeleteRecords) or a topic re-created empty no longer go unnoticed.
//
// Its signature is Ed25519 over SHA-256 of CanonicalCheckpoint: the
// encoding of records (see the package documentation) of, in this order,
// "docket.ledger.checkpoint.v1", ledger_topic, ledger_partition (as an
// int64), sequence, count, ledger_offset, head_hash, checkpointed_at,
// key_id. Meta is not signed.

// CheckpointDomain opens the canonical encoding of a checkpoint.
const CheckpointDomain = "docket.ledger.checkpoint.v1"

// CanonicalCheckpoint returns the signed encoding of c.
func CanonicalCheckpoint(c *events.LedgerCheckpoint) []byte {
	var e encoder
	e.str(CheckpointDomain)
	e.str(c.LedgerTopic)
	e.int(int64(c.LedgerPartition))
	e.int(c.Sequence)
	e.int(c.Count)
	e.int(c.LedgerOffset)
	e.bytes(c.HeadHash)
	e.time(c.CheckpointedAt)
	e.str(c.KeyID)
	return e.b
}

// ChainID names the chain of partition of a ledger topic, e.g.
// docket.ledger/3: a checkpoint's meta.workflow_id and record key.
func ChainID(topic string, partition int32) string { return fmt.Sprintf("%s/%d", topic, partition) }

// NewCheckpoint returns the signed checkpoint of head, the head of
// partition of topic, taken at at by service/version.
func NewCheckpoint(topic string, partition int32, head Head, at time.Time, priv ed25519.PrivateKey, service, version string) *events.LedgerCheckpoint {
	at = at.UTC().Truncate(time.Millisecond)
	c := &events.LedgerCheckpoint{
		Meta: events.Meta{
			EventID:    fmt.Sprintf("checkpoint:%s/%d/%d", topic, partition, head.Sequence),
			WorkflowID: ChainID(topic, partition),
			OccurredAt: at,
			Producer:   events.Producer{Service: service, Version: version},
		},
		LedgerTopic:     topic,
		LedgerPartition: int(partition),
		Sequence:        head.Sequence,
		Count:           head.Count,
		LedgerOffset:    head.Offset,
		HeadHash:        head.Hash,
		CheckpointedAt:  at,
		KeyID:           KeyID(priv.Public().(ed25519.PublicKey)),
	}
	sum := sha256.Sum256(CanonicalCheckpoint(c))
	c.Signature = ed25519.Sign(priv, sum[:])
	return c
}

// VerifyCheckpoint checks c's signature under keys, and that its key was
// valid when it was taken.
func VerifyCheckpoint(c *events.LedgerCheckpoint, keys PublicKeys) error {
	pub, ok := keys[c.KeyID]
	if !ok {
		return fmt.Errorf("checkpoint of %s/%d sequence %d: key id %q is not among the %d trusted keys", c.LedgerTopic, c.LedgerPartition, c.Sequence, c.KeyID, len(keys))
	}
	sum := sha256.Sum256(CanonicalCheckpoint(c))
	if !ed25519.Verify(pub.Key, sum[:], c.Signature) {
		return fmt.Errorf("checkpoint of %s/%d sequence %d: signature does not verify under key %s", c.LedgerTopic, c.LedgerPartition, c.Sequence, c.KeyID)
	}
	if !pub.ValidAt(c.CheckpointedAt) {
		return fmt.Errorf("checkpoint of %s/%d sequence %d: taken at %s, outside the window %s of key %s", c.LedgerTopic, c.LedgerPartition, c.Sequence, c.CheckpointedAt.UTC().Format(time.RFC3339), pub.Window(), c.KeyID)
	}
	return nil
}

// Latest returns, per partition of topic, the checkpoint with the highest
// sequence among cs (the latest one taken, on a tie). Checkpoints of other
// topics are left out. Verify them first.
func Latest(topic string, cs ...*events.LedgerCheckpoint) map[int32]*events.LedgerCheckpoint {
	out := map[int32]*events.LedgerCheckpoint{}
	for _, c := range cs {
		if c.LedgerTopic != topic {
			continue
		}
		p := int32(c.LedgerPartition)
		cur, ok := out[p]
		if !ok || c.Sequence > cur.Sequence || (c.Sequence == cur.Sequence && c.CheckpointedAt.After(cur.CheckpointedAt)) {
			out[p] = c
		}
	}
	return out
}

// checkHead compares the head h of a chain, at the checkpoint's sequence,
// with the checkpoint: it returns a detail when they differ.
func checkHead(c *events.LedgerCheckpoint, h Head) string {
	switch {
	case !bytes.Equal(h.Hash, c.HeadHash):
		return fmt.Sprintf("hash %x, the checkpoint of %s says %x", h.Hash, c.CheckpointedAt.UTC().Format(time.RFC3339), c.HeadHash)
	case h.Offset != c.LedgerOffset:
		return fmt.Sprintf("at offset %d, the checkpoint of %s says %d", h.Offset, c.CheckpointedAt.UTC().Format(time.RFC3339), c.LedgerOffset)
	case h.Count != c.Count:
		return fmt.Sprintf("%d records read up to it, the checkpoint of %s says %d", h.Count, c.CheckpointedAt.UTC().Format(time.RFC3339), c.Count)
	}
	return ""
}
