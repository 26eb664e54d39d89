package ledgerchain

import (
	"context"
	"crypto/ed25519"
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// TestCheckpoints checks a chain against a signed checkpoint of its third
// record: whole, it verifies; cut from the front, ended early, or with
// another record at the checkpoint's place, it is broken.
func TestCheckpoints(t *testing.T) {
	k := testKey(t, 1)
	keys := PublicKeys{}
	keys.Add(k.Public().(ed25519.PublicKey))
	recs := chain(5, func(int) ed25519.PrivateKey { return k })
	at := time.Date(2026, 3, 1, 13, 0, 0, 0, time.UTC)
	ck := NewCheckpoint(events.TopicLedger, 3, Head{Sequence: 3, Hash: recs[2].Hash, Offset: 2, Count: 3}, at, k, "ledger", "test")
	if err := VerifyCheckpoint(ck, keys); err != nil {
		t.Fatalf("verify checkpoint: %v", err)
	}
	if ck.Meta.WorkflowID != "docket.ledger/3" {
		t.Errorf("checkpoint names chain %q, want docket.ledger/3", ck.Meta.WorkflowID)
	}
	forged := *ck
	forged.Sequence = 2
	if err := VerifyCheckpoint(&forged, keys); err == nil {
		t.Error("a checkpoint changed after signing verified")
	}
	retired := PublicKeys{}
	retired.AddKey(PublicKey{Key: k.Public().(ed25519.PublicKey), NotAfter: at.Add(-time.Second)})
	if err := VerifyCheckpoint(ck, retired); err == nil {
		t.Error("a checkpoint signed after its key's window verified")
	}

	other := NewCheckpoint(events.TopicLedger, 3, Head{Sequence: 3, Hash: recs[1].Hash, Offset: 2, Count: 3}, at.Add(-time.Minute), k, "ledger", "test")
	tests := []struct {
		name  string
		ck    *events.LedgerCheckpoint
		start int64
		recs  []*events.LedgerRecord
		want  Kind // "" means sound
	}{
		{"whole chain", ck, 0, recs, ""},
		{"chain ends at the checkpoint", ck, 0, recs[:3], ""},
		{"chain ends before the checkpoint", ck, 0, recs[:2], HistoryCut},
		{"empty partition", ck, 0, nil, HistoryCut},
		{"records deleted from the front", ck, 5, nil, HistoryCut},
		{"another record at the checkpoint", other, 0, recs, CheckpointDiffers},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := NewVerifier(keys)
			v.Expect(tc.ck)
			_ = v.LogStart(3, tc.start)
			for i, r := range tc.recs {
				_ = v.Add(3, int64(i), r)
			}
			err := v.Report(1).Err()
			var p *Problem
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("verify = %v, want sound", err)
			case tc.want != "" && (!errors.As(err, &p) || p.Kind != tc.want || p.Partition != 3):
				t.Errorf("verify = %v, want %s in partition 3", err, tc.want)
			}
		})
	}
	if got := Latest(events.TopicLedger, other, ck, NewCheckpoint("elsewhere", 3, Head{Sequence: 9}, at, k, "ledger", "test")); len(got) != 1 || got[3] != ck {
		t.Errorf("Latest = %v, want the later of the two checkpoints of partition 3", got)
	}
}

// TestExport writes checkpoints to a file bucket and reads the latest of
// each partition back, signatures intact; a checkpoint is never
// overwritten.
func TestExport(t *testing.T) {
	ctx := context.Background()
	k := testKey(t, 1)
	keys := PublicKeys{}
	keys.Add(k.Public().(ed25519.PublicKey))
	e, err := OpenExport(ctx, "file://"+t.TempDir()+"/checkpoints")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	at := time.Date(2026, 3, 1, 13, 0, 0, 0, time.UTC)
	for _, c := range []*events.LedgerCheckpoint{
		NewCheckpoint(events.TopicLedger, 0, Head{Sequence: 9, Hash: []byte{9}, Offset: 10, Count: 9}, at, k, "ledger", "test"),
		NewCheckpoint(events.TopicLedger, 0, Head{Sequence: 12, Hash: []byte{12}, Offset: 14, Count: 12}, at, k, "ledger", "test"),
		NewCheckpoint(events.TopicLedger, 1, Head{Sequence: 3, Hash: []byte{3}, Offset: 3, Count: 3}, at, k, "ledger", "test"),
		NewCheckpoint(events.TopicLedger, 0, Head{Sequence: 12, Hash: []byte{99}, Offset: 14, Count: 12}, at.Add(time.Hour), k, "ledger", "test"),
	} {
		if err := e.Put(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	got, err := e.Latest(ctx, events.TopicLedger)
	if err != nil {
		t.Fatal(err)
	}
	latest := Latest(events.TopicLedger, got...)
	if len(got) != 2 || latest[0].Sequence != 12 || latest[0].HeadHash[0] != 12 || latest[1].Sequence != 3 {
		t.Fatalf("exported latest = %+v, want sequence 12 (the first written) of partition 0 and 3 of partition 1", latest)
	}
	for _, c := range got {
		if err := VerifyCheckpoint(c, keys); err != nil {
			t.Errorf("exported checkpoint does not verify: %v", err)
		}
	}
	if _, err := OpenExport(ctx, "ftp://example.com/x"); err == nil {
		t.Error("an ftp export URL was accepted")
	}
}

// TestExportWithTempDirOnAnotherFileSystem: a file export whose temp
// directory (TMPDIR) is on another file system still exports: a
// checkpoint is staged beside its file, not renamed across devices.
func TestExportWithTempDirOnAnotherFileSystem(t *testing.T) {
	dir := t.TempDir()
	other, err := os.MkdirTemp("/dev/shm", "docket-tmp")
	if err != nil {
		t.Skipf("no second file system for TMPDIR: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(other) })
	var a, b syscall.Stat_t
	if syscall.Stat(dir, &a) != nil || syscall.Stat(other, &b) != nil || a.Dev == b.Dev {
		t.Skip("/dev/shm is on the same file system as the test's directory")
	}
	t.Setenv("TMPDIR", other)
	ctx := context.Background()
	k := testKey(t, 1)
	e, err := OpenExport(ctx, "file://"+dir+"/checkpoints")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	c := NewCheckpoint(events.TopicLedger, 0, Head{Sequence: 9, Hash: []byte{9}, Offset: 10, Count: 9}, time.Date(2026, 3, 1, 13, 0, 0, 0, time.UTC), k, "ledger", "test")
	if err := e.Put(ctx, c); err != nil {
		t.Fatalf("Put with TMPDIR on another file system: %v", err)
	}
	if got, err := e.Latest(ctx, events.TopicLedger); err != nil || len(got) != 1 {
		t.Fatalf("Latest = %d checkpoints, %v; want 1", len(got), err)
	}
}
