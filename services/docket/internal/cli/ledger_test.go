package cli

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/serde"
)

// ledgerWorld is a kfake broker with topics, a registry, a codec, and a
// signing key whose public key is in keyFile: what a ledger verify test
// writes records with and points the CLI at.
type ledgerWorld struct {
	ctx     context.Context
	kafka   *dockettest.Kafka
	url     string
	codec   *serde.Serde
	priv    ed25519.PrivateKey
	keyFile string
	client  *kgo.Client
}

func newLedgerWorld(t *testing.T, seed byte, topics ...string) *ledgerWorld {
	t.Helper()
	k := dockettest.NewKafka(t, 1, topics)
	url, rc := dockettest.Registry(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	codec, err := serde.New(ctx, rc, serde.Register, topics)
	if err != nil {
		t.Fatal(err)
	}
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, 32))
	pub, err := ledgerchain.MarshalPublicKey(ledgerchain.PublicKey{Key: priv.Public().(ed25519.PublicKey)})
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "ledger.pub")
	if err := os.WriteFile(keyFile, pub, 0o644); err != nil {
		t.Fatal(err)
	}
	return &ledgerWorld{ctx: ctx, kafka: k, url: url, codec: codec, priv: priv, keyFile: keyFile, client: k.Client(t)}
}

// TestLedgerVerify writes a signed chain to a ledger topic, runs `docket
// ledger verify` against it (ok, exit 0), then appends a forged record
// (quarantined: named as foreign, exit 0) and a record that skips a
// sequence (exit 1, the record named).
func TestLedgerVerify(t *testing.T) {
	w := newLedgerWorld(t, 3, events.TopicLedger)
	ctx, k, url, codec, priv, keyFile, cl := w.ctx, w.kafka, w.url, w.codec, w.priv, w.keyFile, w.client
	var prev []byte
	write := func(n int, tamper bool) {
		t.Helper()
		at := time.Now().UTC().Truncate(time.Millisecond)
		r := &events.LedgerRecord{
			Meta:       events.Meta{EventID: fmt.Sprintf("e%d", n), WorkflowID: fmt.Sprintf("wf-%d", n), OccurredAt: at},
			WorkflowID: fmt.Sprintf("wf-%d", n),
			Decision:   events.Decision{DocumentType: "invoice", Outcome: "accepted"},
			DecidedAt:  at, RecordedAt: at, Sequence: int64(n), PrevHash: prev,
		}
		ledgerchain.Sign(r, priv)
		prev = r.Hash
		if tamper {
			r.Decision.Outcome = "rejected"
		}
		dockettest.Produce(t, cl, codec, events.TopicLedger, r)
	}
	for n := 1; n <= 5; n++ {
		write(n, false)
	}
	args := []string{"ledger", "verify", "--brokers", k.Addrs[0], "--registry", url, "--public-keys", keyFile}
	var out, errOut bytes.Buffer
	if code := Main(ctx, args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stdout %q stderr %q", code, out.String(), errOut.String())
	}
	if got := strings.TrimSpace(out.String()); got != "ledger verify: records=5 partitions=1 ok" {
		t.Errorf("stdout = %q", got)
	}

	write(6, true)
	out.Reset()
	errOut.Reset()
	if code := Main(ctx, args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d with a foreign record, want 0; stdout %q stderr %q", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "FOREIGN partition=0 offset=5 sequence=6 workflow=wf-6: bad hash") ||
		!strings.Contains(out.String(), "ledger verify: records=6 partitions=1 foreign=1 (quarantined) ok") {
		t.Errorf("output does not name the forged record: stdout %q", out.String())
	}

	write(8, false) // sequence 8 after the chain's 5
	out.Reset()
	errOut.Reset()
	if code := Main(ctx, args, &out, &errOut); code != 1 {
		t.Fatalf("exit %d after a gap, want 1; stdout %q", code, out.String())
	}
	if !strings.Contains(out.String(), "BROKEN partition=0 offset=6 sequence=8 workflow=wf-8: sequence gap") ||
		!strings.Contains(errOut.String(), "offset=6") {
		t.Errorf("failure output does not name the record after the gap: stdout %q stderr %q", out.String(), errOut.String())
	}

	out.Reset()
	if code := Main(ctx, []string{"ledger", "verify", "--brokers", k.Addrs[0], "--registry", url, "--public-keys", filepath.Join(t.TempDir(), "none")}, &out, &errOut); code == 0 {
		t.Error("a missing key file was accepted")
	}
}

// TestLedgerKeysRotate (issue 15, point 14): `docket ledger keys rotate`
// replaces the signing key and ends the old key's validity in the key ring;
// records the retired key signs afterwards — a leaked key — are foreign to
// `docket ledger verify`, dated after its retirement or backdated into its
// window, while records of the new key chain on.
func TestLedgerKeysRotate(t *testing.T) {
	k := dockettest.NewKafka(t, 1, []string{events.TopicLedger})
	url, rc := dockettest.Registry(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, []string{events.TopicLedger})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	keyFile, ringFile := filepath.Join(dir, "ledger.key"), filepath.Join(dir, "ledger.pub")
	old := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{5}, 32))
	pemKey, err := ledgerchain.MarshalPrivateKey(old)
	if err != nil {
		t.Fatal(err)
	}
	pemPub, err := ledgerchain.MarshalPublicKey(ledgerchain.PublicKey{Key: old.Public().(ed25519.PublicKey)})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pemKey, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ringFile, pemPub, 0o644); err != nil {
		t.Fatal(err)
	}
	cl := k.Client(t)
	write := func(n int, seq int64, prev []byte, at time.Time, priv ed25519.PrivateKey) *events.LedgerRecord {
		t.Helper()
		at = at.UTC().Truncate(time.Millisecond)
		r := &events.LedgerRecord{
			Meta:       events.Meta{EventID: fmt.Sprintf("e%d", n), WorkflowID: fmt.Sprintf("wf-%d", n), OccurredAt: at},
			WorkflowID: fmt.Sprintf("wf-%d", n),
			Decision:   events.Decision{DocumentType: "invoice", Outcome: "accepted"},
			DecidedAt:  at, RecordedAt: at, Sequence: seq, PrevHash: prev,
		}
		ledgerchain.Sign(r, priv)
		dockettest.Produce(t, cl, codec, events.TopicLedger, r)
		return r
	}
	first := write(1, 1, nil, time.Now(), old)

	var out, errOut bytes.Buffer
	if code := Main(ctx, []string{"ledger", "keys", "rotate", "--key", keyFile, "--public-keys", ringFile, "--overlap", "0s"}, &out, &errOut); code != 0 {
		t.Fatalf("rotate: exit %d, stdout %q stderr %q", code, out.String(), errOut.String())
	}
	rotated, err := ledgerchain.LoadPrivateKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	newID := ledgerchain.KeyID(rotated.Public().(ed25519.PublicKey))
	if bytes.Equal(rotated, old) || !strings.Contains(out.String(), "new key "+newID) {
		t.Fatalf("rotate kept the old key or did not name the new one: %q", out.String())
	}
	if fi, err := os.Stat(keyFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("new key file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}

	second := write(2, 2, first.Hash, time.Now(), rotated)
	// The retired key, leaked, signs new records: dated now, and dated
	// back into its window.
	write(3, 3, second.Hash, time.Now().Add(time.Second), old)
	write(5, 3, second.Hash, first.RecordedAt, old)
	write(4, 3, second.Hash, time.Now(), rotated)

	out.Reset()
	errOut.Reset()
	args := []string{"ledger", "verify", "--brokers", k.Addrs[0], "--registry", url, "--public-keys", ringFile}
	if code := Main(ctx, args, &out, &errOut); code != 0 {
		t.Fatalf("verify: exit %d, stdout %q stderr %q", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "FOREIGN partition=0 offset=2 sequence=3 workflow=wf-3: key not valid") ||
		!strings.Contains(out.String(), "FOREIGN partition=0 offset=3 sequence=3 workflow=wf-5: backdated") ||
		!strings.Contains(out.String(), "ledger verify: records=5 partitions=1 foreign=2 (quarantined) ok") {
		t.Errorf("verify does not quarantine the retired key's record: stdout %q", out.String())
	}

	out.Reset()
	if code := Main(ctx, []string{"ledger", "keys", "list", "--public-keys", ringFile}, &out, &errOut); code != 0 {
		t.Fatalf("keys list: exit %d, stderr %q", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], ledgerchain.KeyID(old.Public().(ed25519.PublicKey))) || !strings.HasSuffix(lines[1], "false") ||
		!strings.HasPrefix(lines[2], newID) || !strings.HasSuffix(lines[2], "true") {
		t.Errorf("keys list = %q, want the retired key (not valid now), then the new one", out.String())
	}
}

// TestLedgerVerifyHistoryCut: `docket ledger verify` checks the topic
// against the latest signed checkpoint, read from the checkpoint topic or
// the export bucket, and fails naming a history cut when the partition's
// records were deleted (it said ok).
func TestLedgerVerifyHistoryCut(t *testing.T) {
	w := newLedgerWorld(t, 8, events.TopicLedger, events.TopicLedgerCheckpoints)
	ctx, k, url, codec, priv, keyFile, cl := w.ctx, w.kafka, w.url, w.codec, w.priv, w.keyFile, w.client
	var prev []byte
	for n := 1; n <= 3; n++ {
		at := time.Now().UTC().Truncate(time.Millisecond)
		r := &events.LedgerRecord{
			Meta:       events.Meta{EventID: fmt.Sprintf("e%d", n), WorkflowID: fmt.Sprintf("wf-%d", n), OccurredAt: at},
			WorkflowID: fmt.Sprintf("wf-%d", n),
			Decision:   events.Decision{DocumentType: "invoice", Outcome: "accepted"},
			DecidedAt:  at, RecordedAt: at, Sequence: int64(n), PrevHash: prev,
		}
		ledgerchain.Sign(r, priv)
		prev = r.Hash
		dockettest.Produce(t, cl, codec, events.TopicLedger, r)
	}
	head := ledgerchain.Head{Sequence: 3, Hash: prev, Offset: 2, Count: 3}
	ck := ledgerchain.NewCheckpoint(events.TopicLedger, 0, head, time.Now(), priv, "ledger", "test")
	exportDir := t.TempDir()
	export, err := ledgerchain.OpenExport(ctx, "file://"+exportDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := export.Put(ctx, ck); err != nil {
		t.Fatal(err)
	}
	export.Close()
	dockettest.Produce(t, cl, codec, events.TopicLedgerCheckpoints, ck)

	base := []string{"ledger", "verify", "--brokers", k.Addrs[0], "--registry", url, "--public-keys", keyFile}
	var out, errOut bytes.Buffer
	if code := Main(ctx, append(base, "--checkpoints", "file://"+exportDir), &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), "ledger verify: records=3 partitions=1 checkpoints=1 ok") {
		t.Fatalf("exit %d, stdout %q stderr %q; want ok against the checkpoint", code, out.String(), errOut.String())
	}

	adm := kadm.NewClient(cl)
	del := kadm.Offsets{}
	del.Add(kadm.Offset{Topic: events.TopicLedger, Partition: 0, At: 3})
	if res, err := adm.DeleteRecords(ctx, del); err != nil || res.Error() != nil {
		t.Fatalf("delete records: %v %v", err, res.Error())
	}
	for _, checkpoints := range []string{"none", "file://" + exportDir} {
		out.Reset()
		errOut.Reset()
		if code := Main(ctx, append(base, "--checkpoints", checkpoints), &out, &errOut); code != 1 ||
			!strings.Contains(out.String(), "BROKEN partition=0 offset=3 sequence=0 workflow=: history cut: the log starts at offset 3") {
			t.Errorf("--checkpoints %s: exit %d, stdout %q stderr %q; want the history cut named", checkpoints, code, out.String(), errOut.String())
		}
	}
}

// TestLedgerVerifyShowsLineage: `docket ledger verify --workflow ID` prints
// a corrected workflow's records in order, each naming the record it
// refers to, and its net dispositions; a correction that does not follow
// a reversal breaks the chain (exit 1, named).
func TestLedgerVerifyShowsLineage(t *testing.T) {
	w := newLedgerWorld(t, 4, events.TopicLedger)
	ctx, k, url, codec, priv, keyFile, cl := w.ctx, w.kafka, w.url, w.codec, w.priv, w.keyFile, w.client
	var prev *events.LedgerRecord
	write := func(wf, kind, typ string, refersTo *events.LedgerRecord) *events.LedgerRecord {
		t.Helper()
		at := time.Now().UTC().Truncate(time.Millisecond)
		r := &events.LedgerRecord{
			Meta:       events.Meta{EventID: fmt.Sprintf("e-%s-%s-%d", wf, kind, at.UnixNano()), WorkflowID: wf, OccurredAt: at},
			WorkflowID: wf, Kind: kind,
			Decision:  events.Decision{DocumentType: typ, Outcome: "accepted"},
			DecidedAt: at, RecordedAt: at, Sequence: 1,
		}
		if prev != nil {
			r.Sequence, r.PrevHash = prev.Sequence+1, prev.Hash
		}
		if refersTo != nil {
			r.RefersTo, r.RefersToSequence, r.Reason = refersTo.Hash, refersTo.Sequence, "a receipt, not an invoice"
		}
		ledgerchain.Sign(r, priv)
		prev = r
		dockettest.Produce(t, cl, codec, events.TopicLedger, r)
		return r
	}
	d := write("wf-1", "disposition", "invoice", nil)
	write("wf-2", "disposition", "invoice", nil)
	rev := write("wf-1", "reversal", "invoice", d)
	write("wf-1", "correction", "receipt", rev)

	args := []string{"ledger", "verify", "--brokers", k.Addrs[0], "--registry", url, "--public-keys", keyFile, "--workflow", "wf-1"}
	var out, errOut bytes.Buffer
	if code := Main(ctx, args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stdout %q stderr %q", code, out.String(), errOut.String())
	}
	for _, want := range []string{
		"LINEAGE workflow=wf-1 partition=0 offset=0 sequence=1 kind=disposition decision=invoice/accepted",
		"LINEAGE workflow=wf-1 partition=0 offset=2 sequence=3 kind=reversal refers_to=1 decision=invoice/accepted reason=\"a receipt, not an invoice\"",
		"LINEAGE workflow=wf-1 partition=0 offset=3 sequence=4 kind=correction refers_to=3 decision=receipt/accepted",
		"LINEAGE workflow=wf-1 records=3 net_dispositions=1 erased=false",
		"ledger lineage: dispositions=2 reversals=1 corrections=1 erasures=0",
		"ledger verify: records=4 partitions=1 ok",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "wf-2 ") {
		t.Errorf("another workflow's records printed:\n%s", out.String())
	}

	write("wf-2", "correction", "receipt", d) // no reversal before it
	out.Reset()
	if code := Main(ctx, args, &out, &errOut); code != 1 {
		t.Fatalf("exit %d after a correction without reversal, want 1; stdout %q", code, out.String())
	}
	if !strings.Contains(out.String(), "BROKEN partition=0 offset=4 sequence=5 workflow=wf-2: bad lineage") {
		t.Errorf("the bad record is not named: %q", out.String())
	}
}
