package devstack

import (
	"context"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
)

// TestCrashedTransactionAfterRestart pins why the embedded runner gives
// each start its own transactional ids (config.Platform's
// TransactionalIDSuffix): the embedded broker, started again from its data
// folder as it was when a process crashed in the middle of a transaction,
// no longer knows that transaction was open. A producer that comes back
// under the same transactional id has every later record of its own on
// that partition hidden from read-committed consumers, committed or not
// (found from outside: an operator's SIGKILL in the middle of a burst left
// one workflow at classify, its extraction emitted again and never
// delivered). Under a new id the crashed transaction reads as aborted and
// the new records are delivered.
func TestCrashedTransactionAfterRestart(t *testing.T) {
	for _, c := range []struct {
		name, txnID string
		want        []string
	}{
		{"the same transactional id", "docket-ocr-embedded", []string{"before"}},
		{"a new transactional id", "docket-ocr-embedded-2", []string{"before", "again", "next"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr := crashedInTransaction(t)
			p, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.TransactionalID(c.txnID), kgo.DefaultProduceTopic("t"))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			produceIn(t, p, "again", true)
			produceIn(t, p, "next", true)
			if got := readCommitted(t, addr); !slices.Equal(got, c.want) {
				t.Errorf("read committed %q, want %q", got, c.want)
			}
		})
	}
}

// crashedInTransaction starts a broker on a copy of the data folder of
// another taken while its producer, "docket-ocr-embedded", had committed
// one record ("before") and left a second in an open transaction, and
// returns its address.
func crashedInTransaction(t *testing.T) string {
	t.Helper()
	dir, copied := t.TempDir(), t.TempDir()
	first, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.DataDir(dir), kfake.SeedTopics(1, "t"), kfake.SyncWrites())
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	p, err := kgo.NewClient(kgo.SeedBrokers(first.ListenAddrs()...), kgo.TransactionalID("docket-ocr-embedded"), kgo.DefaultProduceTopic("t"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	produceIn(t, p, "before", true)
	produceIn(t, p, "open at the crash", false)
	if out, err := exec.Command("cp", "-a", dir+"/.", copied).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v: %s", err, out)
	}
	again, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.DataDir(copied), kfake.SyncWrites())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(again.Close)
	return again.ListenAddrs()[0]
}

// readCommitted returns the values topic t delivers to a read-committed
// consumer within two seconds.
func readCommitted(t *testing.T, addr string) []string {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.ConsumeTopics("t"), kgo.FetchIsolationLevel(kgo.ReadCommitted()), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var got []string
	for ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { got = append(got, string(r.Value)) })
	}
	return got
}

// produceIn produces value in a transaction of p, and commits it if
// commit.
func produceIn(t *testing.T, p *kgo.Client, value string, commit bool) {
	t.Helper()
	ctx := context.Background()
	if err := p.BeginTransaction(); err != nil {
		t.Fatal(err)
	}
	if err := p.ProduceSync(ctx, kgo.StringRecord(value)).FirstErr(); err != nil {
		t.Fatal(err)
	}
	if commit {
		if err := p.EndTransaction(ctx, kgo.TryCommit); err != nil {
			t.Fatal(err)
		}
	}
}
