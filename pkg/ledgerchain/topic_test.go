package ledgerchain_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/serde"
)

func signed(t *testing.T, priv ed25519.PrivateKey, n int, seq int64, prev []byte) *events.LedgerRecord {
	t.Helper()
	at := time.Now().UTC().Truncate(time.Millisecond)
	r := &events.LedgerRecord{
		Meta:       events.Meta{EventID: fmt.Sprintf("evt-%d", n), WorkflowID: fmt.Sprintf("wf-%d", n), TenantID: "acme", OccurredAt: at, Producer: events.Producer{Service: "ledger", Version: "test"}},
		WorkflowID: fmt.Sprintf("wf-%d", n),
		Document:   events.BlobRef{URI: "docket-blob://sha256/00", SHA256: "00", SizeBytes: 1, MediaType: "text/plain"},
		Decision:   events.Decision{DocumentType: "invoice", Outcome: "accepted"},
		Flags:      []events.Flag{},
		Model:      &events.Model{Name: "builtin", Version: "1"},
		Confidence: 0.9,
		DecidedAt:  at,
		RecordedAt: at,
		Sequence:   seq,
		PrevHash:   prev,
	}
	ledgerchain.Sign(r, priv)
	return r
}

// TestVerifyTopic writes two sound chains to a two-partition ledger topic
// through the Avro serde, with an aborted transaction in between, checks
// VerifyTopic passes; then appends a forged record and checks it is named
// as foreign, and that a sound record after it keeps the chain going.
func TestVerifyTopic(t *testing.T) {
	k := dockettest.NewKafka(t, 2, []string{events.TopicLedger})
	_, rc := dockettest.Registry(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, []string{events.TopicLedger})
	if err != nil {
		t.Fatal(err)
	}
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
	keys := ledgerchain.PublicKeys{}
	keys.Add(priv.Public().(ed25519.PublicKey))
	kopts := []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}

	txn := k.Client(t, kgo.TransactionalID("verify-test"), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	write := func(commit bool, p int32, recs ...*events.LedgerRecord) {
		t.Helper()
		if err := txn.BeginTransaction(); err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			v, err := codec.Encode(events.TopicLedger, r)
			if err != nil {
				t.Fatal(err)
			}
			if err := txn.ProduceSync(ctx, &kgo.Record{Topic: events.TopicLedger, Partition: p, Key: []byte(r.WorkflowID), Value: v}).FirstErr(); err != nil {
				t.Fatal(err)
			}
		}
		if err := txn.EndTransaction(ctx, kgo.TransactionEndTry(commit)); err != nil {
			t.Fatal(err)
		}
	}
	heads := map[int32]*events.LedgerRecord{}
	n := 0
	for round := range 3 {
		for p := range int32(2) {
			var prev []byte
			var seq int64
			if h := heads[p]; h != nil {
				prev, seq = h.Hash, h.Sequence
			}
			a := signed(t, priv, n, seq+1, prev)
			b := signed(t, priv, n+1, seq+2, a.Hash)
			n += 2
			write(true, p, a, b)
			heads[p] = b
			if round == 1 {
				// An aborted forgery never counts.
				write(false, p, signed(t, priv, 9999, 1, nil))
			}
		}
	}
	rep, err := ledgerchain.VerifyTopic(ctx, kopts, codec, keys)
	if err != nil {
		t.Fatalf("verify sound ledger: %v", err)
	}
	if rep.Records != 12 || rep.Partitions != 2 || rep.Heads[0].Sequence != 6 || rep.Heads[1].Sequence != 6 {
		t.Fatalf("report = %+v, want 12 records in 2 chains of 6", rep)
	}

	// A forged record produced straight to the topic: content changed
	// after signing.
	forged := signed(t, priv, 500, heads[1].Sequence+1, heads[1].Hash)
	forged.Decision.Outcome = "rejected"
	write(true, 1, forged)
	next := signed(t, priv, 501, heads[1].Sequence+1, heads[1].Hash)
	write(true, 1, next)
	rep, err = ledgerchain.VerifyTopic(ctx, kopts, codec, keys)
	if err != nil {
		t.Fatalf("verify a ledger with a foreign record = %v, want the chain sound past it", err)
	}
	if len(rep.Foreign) != 1 || rep.ForeignCount != 1 {
		t.Fatalf("foreign records %v, want the forged one", rep.Foreign)
	}
	p := rep.Foreign[0]
	if p.Partition != 1 || p.WorkflowID != "wf-500" || p.Kind != ledgerchain.BadHash || p.Sequence != 7 {
		t.Errorf("foreign record = %v, want bad hash of wf-500 sequence 7 in partition 1", p)
	}
	// Find the forged record's offset independently.
	recs := k.ReadCommitted(t, events.TopicLedger, 14, 30*time.Second)
	var want int64 = -1
	for _, r := range recs {
		if string(r.Key) == "wf-500" {
			want = r.Offset
		}
	}
	if p.Offset != want {
		t.Errorf("foreign record named at offset %d, the forged record is at %d", p.Offset, want)
	}
	if rep.Records != 14 || len(rep.Problems) != 0 || rep.Heads[1].Sequence != 7 || !bytes.Equal(rep.Heads[1].Hash, next.Hash) {
		t.Errorf("report: %d records, %d problems, head %+v; want 14, none, and sequence 7 = wf-501", rep.Records, len(rep.Problems), rep.Heads[1])
	}

	// Resuming from a head reads only the tail.
	var tail []int64
	ends, err := ledgerchain.ReadCommitted(ctx, kopts, events.TopicLedger, map[int32]int64{0: rep.Heads[0].Offset + 1, 1: ledgerchain.FromStart}, func(r *kgo.Record) error {
		if r.Partition == 0 {
			tail = append(tail, r.Offset)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(tail) != 0 || ends[0] <= rep.Heads[0].Offset {
		t.Errorf("tail after the head of partition 0 = %v, end %d; want nothing past offset %d", tail, ends[0], rep.Heads[0].Offset)
	}
}
