package ledger_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/servicetest"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/ledger"
	"github.com/docket-run/docket/services/ledger/internal/handler"
	"github.com/docket-run/docket/services/ledger/internal/index"
	"github.com/docket-run/docket/services/ledger/internal/signing"
)

type harness struct {
	kafka  *dockettest.Kafka
	client *kgo.Client
	codec  *serde.Serde
	redis  string
	keyDir string
	export string // checkpoint export bucket URL
}

func newHarness(t *testing.T, partitions int32) *harness {
	t.Helper()
	topics := []string{events.TopicClassified, events.TopicReviewDecided, events.TopicLedger, events.TopicRecorded,
		events.TopicControl, events.TopicSteps, events.DLQTopic(ledger.Name), events.RetryTopic(ledger.Name), events.TopicLedgerCheckpoints}
	k := dockettest.NewKafka(t, partitions, topics)
	_, rc := dockettest.Registry(t)
	rs := dockettest.Redis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, []string{events.TopicClassified, events.TopicReviewDecided, events.TopicLedger, events.TopicRecorded, events.TopicControl, events.TopicSteps, events.DLQTopic(ledger.Name), events.TopicLedgerCheckpoints})
	if err != nil {
		t.Fatalf("register schemas: %v", err)
	}
	return &harness{kafka: k, client: k.Client(t), codec: codec, redis: rs.Addr(), keyDir: t.TempDir(), export: "file://" + t.TempDir()}
}

func (h *harness) kopts() []kgo.Opt {
	return []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)}
}

type instance struct {
	running *ledger.Running
	ops     *telemetry.Server
	stop    func()
}

// start runs the ledger in-process on a runtime of its own until stop or
// the end of the test.
func (h *harness) start(t *testing.T, txnID string) *instance {
	t.Helper()
	return h.startWith(t, txnID, func(*ledger.Config) {})
}

// startWith is start with settings changed by set.
func (h *harness) startWith(t *testing.T, txnID string, set func(*ledger.Config)) *instance {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelInfo})).With("instance", txnID)
	cfg := ledger.Config{DevKeyDir: h.keyDir, Addr: "127.0.0.1:0", SettleTimeout: 10 * time.Second,
		CheckpointEvery: 1, CheckpointInterval: 100 * time.Millisecond, CheckpointExport: h.export}
	set(&cfg)
	ops := telemetry.NewServer()
	var running *ledger.Running
	r := servicetest.Run(t, servicetest.Config{Service: ledger.Name, Kafka: h.kopts(), Codec: h.codec, Redis: rdb, TxnID: txnID,
		Options: []bus.Option{bus.Logger(log), bus.MaxPollRecords(7)}},
		func(ctx context.Context, rt *bus.Runtime) error {
			var err error
			running, err = ledger.Setup(ctx, cfg, &service.Deps{Log: log, Ops: ops, Redis: rdb, Serde: h.codec, Kafka: h.kopts()}, rt)
			return err
		})
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		r.Stop()
		_ = rdb.Close()
	}
	t.Cleanup(stop)
	return &instance{running: running, ops: ops, stop: stop}
}

func meta(n int, eventSuffix string) events.Meta {
	return events.Meta{
		EventID:    fmt.Sprintf("evt-%d-%s", n, eventSuffix),
		WorkflowID: fmt.Sprintf("wf-%05d", n),
		TenantID:   "acme",
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
		Producer:   events.Producer{Service: "test", Version: "test"},
	}
}

func doc(n int) events.BlobRef {
	sha := fmt.Sprintf("%064x", n)
	return events.BlobRef{URI: "docket-blob://sha256/" + sha, SHA256: sha, SizeBytes: int64(n + 1), MediaType: "application/pdf"}
}

func classified(n int) *events.DocumentClassified {
	return &events.DocumentClassified{
		Meta: meta(n, "classified"), Document: doc(n), DocumentType: "invoice", Confidence: 0.93,
		Candidates: []events.Candidate{{Type: "invoice", Score: 0.93}}, Flags: []events.Flag{{Kind: "pii.iban", Detail: "page 1"}},
		Model: events.Model{Name: "builtin", Version: "1.2"}, RulesFired: []string{}, Context: map[string]string{},
	}
}

func decided(n int) *events.ReviewDecided {
	return &events.ReviewDecided{
		Meta: meta(n, "decided"), Document: doc(n), Decision: events.Decision{DocumentType: "contract", Outcome: "approved"},
		Flags: []events.Flag{}, Reviewer: "alice", Reason: "looks right", DecidedAt: time.Now().UTC().Truncate(time.Millisecond),
		Confidence: 0.4, Model: &events.Model{Name: "builtin", Version: "1.2"},
	}
}

// ledgerRecords reads the ledger topic until want records arrived, then
// keeps reading for settle to catch any extra one.
func (h *harness) ledgerRecords(t *testing.T, want int, settle time.Duration) []*events.LedgerRecord {
	t.Helper()
	var recs []*kgo.Record
	if settle > 0 {
		recs = h.kafka.ReadSettled(t, events.TopicLedger, want, 60*time.Second, settle)
	} else {
		recs = h.kafka.ReadCommitted(t, events.TopicLedger, want, 60*time.Second)
	}
	var out []*events.LedgerRecord
	for _, r := range recs {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode ledger record at %d/%d: %v", r.Partition, r.Offset, err)
		}
		out = append(out, e.(*events.LedgerRecord))
	}
	return out
}

func (h *harness) verify(t *testing.T) ledgerchain.Report {
	t.Helper()
	rep, err := h.verifyAgainst(t, h.checkpoints(t)...)
	if err != nil {
		t.Fatalf("verify ledger: %v", err)
	}
	return rep
}

func (h *harness) keys(t *testing.T) ledgerchain.PublicKeys {
	t.Helper()
	keys, err := ledgerchain.LoadPublicKeys(h.keyDir + "/" + signing.DevPublicFile)
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// verifyAgainst verifies the ledger topic against checkpoints.
func (h *harness) verifyAgainst(t *testing.T, checkpoints ...*events.LedgerCheckpoint) (ledgerchain.Report, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return ledgerchain.VerifyTopic(ctx, h.kopts(), h.codec, h.keys(t), checkpoints...)
}

// checkpoints returns the published checkpoints that verify: from the
// checkpoint topic and the export bucket.
func (h *harness) checkpoints(t *testing.T) []*events.LedgerCheckpoint {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	keys := h.keys(t)
	valid, rejected, err := ledgerchain.ReadCheckpoints(ctx, h.kopts(), h.codec, keys)
	if err != nil || len(rejected) > 0 {
		t.Fatalf("read checkpoints: %v, rejected %v", err, rejected)
	}
	export, err := ledgerchain.OpenExport(ctx, h.export)
	if err != nil {
		t.Fatal(err)
	}
	defer export.Close()
	exported, err := export.Latest(ctx, events.TopicLedger)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range exported {
		if err := ledgerchain.VerifyCheckpoint(c, keys); err != nil {
			t.Fatalf("exported checkpoint: %v", err)
		}
	}
	return append(valid, exported...)
}

// exactlyOne checks one record per workflow 0..n-1 and returns them by
// workflow.
func exactlyOne(t *testing.T, recs []*events.LedgerRecord, n int) map[string]*events.LedgerRecord {
	t.Helper()
	by := map[string]*events.LedgerRecord{}
	for _, r := range recs {
		if prev, dup := by[r.WorkflowID]; dup {
			t.Errorf("workflow %s recorded twice: sequences %d and %d", r.WorkflowID, prev.Sequence, r.Sequence)
		}
		by[r.WorkflowID] = r
	}
	if len(recs) != n || len(by) != n {
		t.Errorf("ledger has %d records for %d workflows, want %d and %d", len(recs), len(by), n, n)
	}
	for i := range n {
		if by[fmt.Sprintf("wf-%05d", i)] == nil {
			t.Errorf("workflow wf-%05d has no record", i)
		}
	}
	return by
}

// TestDuplicatesAndBothInputsRecordOnce delivers every classified event
// twice (same event id), a second copy with a new event id, and a later
// review decision for half of the workflows: each workflow gets exactly one
// record, the first decision's, and one recorded confirmation.
func TestDuplicatesAndBothInputsRecordOnce(t *testing.T) {
	const n = 40
	h := newHarness(t, 4)
	var cls, dup, dec []events.Event
	for i := range n {
		cls = append(cls, classified(i))
		again := classified(i)
		again.Meta.EventID += "-replayed"
		dup = append(dup, again)
		if i%2 == 0 {
			dec = append(dec, decided(i))
		}
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls...)
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls...)
	inst := h.start(t, "dup-0")
	// Kafka orders records within a topic partition, not across topics:
	// the review decisions are produced once the classifications are
	// recorded, so what is pinned is "the first recorded input wins", not
	// which topic a loaded machine happens to fetch first.
	h.ledgerRecords(t, n, 0)
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, dup...)
	dockettest.Produce(t, h.client, h.codec, events.TopicReviewDecided, dec...)

	by := exactlyOne(t, h.ledgerRecords(t, n, 3*time.Second), n)
	for id, r := range by {
		if r.Decision.Outcome != "accepted" || r.Reviewer != nil || r.Decision.DocumentType != "invoice" {
			t.Errorf("%s: decision %+v reviewer %v, want the classifier's accepted invoice", id, r.Decision, r.Reviewer)
		}
	}
	rep := h.verify(t)
	if rep.Records != n || rep.Partitions != 4 {
		t.Errorf("verify report: %d records in %d partitions, want %d in 4", rep.Records, rep.Partitions, n)
	}

	recorded := h.kafka.ReadSettled(t, events.TopicRecorded, n, 30*time.Second, 2*time.Second)
	if len(recorded) != n {
		t.Fatalf("%d recorded events, want %d", len(recorded), n)
	}
	for _, r := range recorded {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		rc := e.(*events.DocumentRecorded)
		lr := by[rc.Meta.WorkflowID]
		if lr == nil || rc.Sequence != lr.Sequence || string(rc.RecordHash) != string(lr.Hash) || rc.LedgerOffset != -1 ||
			rc.LedgerTopic != events.TopicLedger || int32(rc.LedgerPartition) != r.Partition {
			t.Errorf("recorded event %+v does not name the workflow's ledger record", rc)
		}
	}

	// Lookups through the HTTP API, once the index has caught up.
	target := by["wf-00003"]
	var entry index.Entry
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/workflows/wf-00003", http.StatusOK, &entry)
	if entry.Sequence != target.Sequence || entry.Offset < 0 || entry.Document.SHA256 != doc(3).SHA256 || entry.KeyID != target.KeyID {
		t.Errorf("API entry %+v does not match the record (sequence %d)", entry, target.Sequence)
	}
	var byDoc struct {
		Records []index.Entry `json:"records"`
	}
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/documents/"+doc(3).SHA256, http.StatusOK, &byDoc)
	if len(byDoc.Records) != 1 || byDoc.Records[0].WorkflowID != "wf-00003" {
		t.Errorf("document lookup = %+v, want wf-00003", byDoc.Records)
	}
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/workflows/wf-missing", http.StatusNotFound, nil)
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/documents/xyz", http.StatusBadRequest, nil)
}

// getJSON polls url until it answers want (the index follows the topic
// asynchronously) and decodes the body into v.
func getJSON(t *testing.T, url string, want int, v any) {
	t.Helper()
	getJSONAs(t, url, "", want, v)
}

// getJSONAs is getJSON with a bearer token (none when empty).
func getJSONAs(t *testing.T, url, token string, want int, v any) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == want {
			if v != nil {
				if err := json.Unmarshal(body, v); err != nil {
					t.Fatalf("decode %s: %v", body, err)
				}
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET %s = %d %s, want %d", url, resp.StatusCode, body, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestRestartAndRebalance runs waves of workflows through a ledger that is
// stopped and restarted mid-stream, then joined by a second replica (a
// rebalance) while more arrive, with duplicates in every wave: exactly one
// record per workflow and every chain verifies.
func TestRestartAndRebalance(t *testing.T) {
	if testing.Short() {
		t.Skip("restarts and rebalances four ledger replicas (about 10s); skipped with -short")
	}
	const wave = 30
	h := newHarness(t, 4)
	produceWave := func(from int) {
		var cls, dec []events.Event
		for i := from; i < from+wave; i++ {
			cls = append(cls, classified(i))
			if i%3 == 0 {
				dec = append(dec, decided(i))
			}
		}
		dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls...)
		dockettest.Produce(t, h.client, h.codec, events.TopicReviewDecided, dec...)
		dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls[:wave/2]...)
	}

	a := h.start(t, "ledger-a")
	produceWave(0)
	h.ledgerRecords(t, wave, 0)
	a.stop()
	produceWave(wave) // arrives while no ledger runs

	a2 := h.start(t, "ledger-a")
	h.ledgerRecords(t, 2*wave, 0)
	produceWave(2 * wave)
	h.start(t, "ledger-b") // rebalance while the third wave is handled
	produceWave(3 * wave)
	h.ledgerRecords(t, 4*wave, 0)
	a2.stop() // the second replica takes every partition over
	produceWave(4 * wave)

	recs := h.ledgerRecords(t, 5*wave, 3*time.Second)
	exactlyOne(t, recs, 5*wave)
	if t.Failed() {
		dumpLedger(t, h)
	}
	rep := h.verify(t)
	var total int64
	for _, hd := range rep.Heads {
		total += hd.Sequence
	}
	if rep.Records != 5*wave || total != 5*wave {
		t.Errorf("verify: %d records, chain lengths sum to %d; want %d", rep.Records, total, 5*wave)
	}
}

// TestForeignRecordIsQuarantined (issue 15, point 12): records forged
// straight onto the ledger topic — one with content changed after signing
// and one that is not a ledger record at all, both claiming the partition's
// next sequence and the workflow that arrives next — halted the partition
// for good. Now they are quarantined: the restarted ledger records the
// workflow, chained to the last verified record; verification passes and
// names them; the metric counts them and the operator endpoint lists them.
func TestForeignRecordIsQuarantined(t *testing.T) {
	const n = 8
	h := newHarness(t, 1)
	var cls []events.Event
	for i := range n {
		cls = append(cls, classified(i))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls...)
	inst := h.start(t, "foreign-0")
	recs := h.ledgerRecords(t, n, 0)
	inst.stop()

	last := recs[n-1]
	forged := *last
	forged.Meta.EventID, forged.WorkflowID, forged.Meta.WorkflowID = "evt-forged", "wf-00100", "wf-00100"
	forged.Sequence, forged.PrevHash = last.Sequence+1, last.Hash
	forged.Decision.Outcome = "approved" // signature copied from another record
	v, err := h.codec.Encode(events.TopicLedger, &forged)
	if err != nil {
		t.Fatal(err)
	}
	res := h.client.ProduceSync(context.Background(),
		&kgo.Record{Topic: events.TopicLedger, Key: []byte("wf-00100"), Value: v},
		&kgo.Record{Topic: events.TopicLedger, Key: []byte("wf-00100"), Value: []byte("not a ledger record")})
	if err := res.FirstErr(); err != nil {
		t.Fatal(err)
	}
	forgedOffsets := []int64{res[0].Record.Offset, res[1].Record.Offset}

	// A restarted ledger records the workflow the forgery claimed, chained
	// to the last verified record.
	inst = h.start(t, "foreign-1")
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(100))
	var got *events.LedgerRecord
	for _, r := range h.kafka.ReadCommitted(t, events.TopicLedger, n+3, 60*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			continue
		}
		if lr := e.(*events.LedgerRecord); lr.Meta.EventID != "evt-forged" && lr.WorkflowID == "wf-00100" {
			got = lr
		}
	}
	if got == nil {
		dumpLedger(t, h)
		t.Fatal("the workflow the forgery claimed was not recorded")
	}
	if got.Sequence != last.Sequence+1 || string(got.PrevHash) != string(last.Hash) || got.Decision.Outcome != "accepted" {
		t.Errorf("wf-00100 recorded at sequence %d linking to %x (%s), want sequence %d linking to the last verified record %x",
			got.Sequence, got.PrevHash, got.Decision.Outcome, last.Sequence+1, last.Hash)
	}
	if dl := h.kafka.ReadCommitted(t, events.DLQTopic(ledger.Name), 1, time.Second); len(dl) != 0 {
		t.Errorf("%d dead letters, want none", len(dl))
	}

	rep := h.verify(t)
	if rep.ForeignCount != 2 || len(rep.Foreign) != 2 || rep.Heads[0].Sequence != n+1 {
		t.Fatalf("verify: foreign %v, head %+v; want the two forged records and the chain at sequence %d", rep.Foreign, rep.Heads[0], n+1)
	}
	for i, f := range rep.Foreign {
		if f.Offset != forgedOffsets[i] || !f.Foreign() {
			t.Errorf("foreign record %d = %v, want offset %d", i, f, forgedOffsets[i])
		}
	}

	// The operator view and the metric, once the index follower read them.
	var view struct {
		Count   int             `json:"count"`
		Records []index.Foreign `json:"records"`
	}
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/workflows/wf-00100", http.StatusOK, nil)
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/foreign", http.StatusOK, &view)
	if view.Count != 2 || len(view.Records) != 2 || view.Records[0].Offset != forgedOffsets[0] || view.Records[0].Kind != string(ledgerchain.BadHash) ||
		view.Records[1].Offset != forgedOffsets[1] || view.Records[1].Kind != string(ledgerchain.Undecodable) {
		t.Errorf("GET /v1/ledger/foreign = %+v, want the bad hash at %d and the undecodable record at %d", view, forgedOffsets[0], forgedOffsets[1])
	}
	var entry index.Entry
	getJSON(t, "http://"+inst.running.APIAddr+"/v1/ledger/workflows/wf-00100", http.StatusOK, &entry)
	if entry.EventID == "evt-forged" || entry.Sequence != last.Sequence+1 {
		t.Errorf("index holds %+v for wf-00100, want the ledger's record", entry)
	}
	if c := metricSum(t, inst.ops, "docket_ledger_foreign_records_total", nil); c != 2 {
		t.Errorf("docket_ledger_foreign_records_total = %v, want 2", c)
	}
}

// metricSum sums the counter name over its series whose labels include
// labels.
func metricSum(t *testing.T, ops *telemetry.Server, name string, labels map[string]string) float64 {
	t.Helper()
	mfs, err := ops.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	series:
		for _, m := range mf.GetMetric() {
			for k, v := range labels {
				if !slices.ContainsFunc(m.GetLabel(), func(l *dto.LabelPair) bool { return l.GetName() == k && l.GetValue() == v }) {
					continue series
				}
			}
			sum += m.GetCounter().GetValue()
		}
	}
	return sum
}

// TestHistoryCutIsDetected (issue 15, point 13): the ledger publishes
// signed checkpoints to the checkpoint topic and the export bucket. After
// DeleteRecords removes every record of a ledger partition, verification
// fails naming the cut partition (it said ok), and a restarted ledger,
// whose Redis checkpoint still covers the deleted records, refuses to
// append to that partition while the other goes on. A ledger topic
// re-created empty fails verification against the checkpoints too.
func TestHistoryCutIsDetected(t *testing.T) {
	const n = 10
	h := newHarness(t, 2)
	var cls []events.Event
	for i := range n {
		cls = append(cls, classified(i))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls...)
	inst := h.start(t, "cut-0")
	heads := map[int32]int64{}
	for _, r := range h.ledgerRecords(t, n, 0) {
		p := handler.LedgerPartition(r.WorkflowID, 2)
		heads[p] = max(heads[p], r.Sequence)
	}
	if len(heads) != 2 {
		t.Fatalf("chain heads %v, want records in both partitions", heads)
	}
	// Both partitions' heads get checkpointed, on the topic and exported.
	var latest map[int32]*events.LedgerCheckpoint
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		latest = ledgerchain.Latest(events.TopicLedger, h.checkpoints(t)...)
		if latest[0] != nil && latest[1] != nil && latest[0].Sequence == heads[0] && latest[1].Sequence == heads[1] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("checkpoints %v, want the heads %v", latest, heads)
		}
	}
	inst.stop()
	if rep := h.verify(t); rep.Heads[0].Count != latest[0].Count || rep.Heads[0].Sequence != heads[0] {
		t.Fatalf("verify before the cut: head %+v, checkpoint count %d", rep.Heads[0], latest[0].Count)
	}

	// Delete every record of partition 0.
	adm := kadm.NewClient(h.client)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ends, err := adm.ListEndOffsets(ctx, events.TopicLedger)
	if err != nil {
		t.Fatal(err)
	}
	end, _ := ends.Lookup(events.TopicLedger, 0)
	del := kadm.Offsets{}
	del.Add(kadm.Offset{Topic: events.TopicLedger, Partition: 0, At: end.Offset})
	if res, err := adm.DeleteRecords(ctx, del); err != nil || res.Error() != nil {
		t.Fatalf("delete records: %v %v", err, res.Error())
	}

	_, err = h.verifyAgainst(t, h.checkpoints(t)...)
	var p *ledgerchain.Problem
	if !errors.As(err, &p) || p.Partition != 0 || p.Kind != ledgerchain.HistoryCut {
		t.Fatalf("verify after deleting partition 0 = %v, want a history cut in partition 0", err)
	}

	// The restarted ledger refuses partition 0 and records on partition 1.
	var cut, fine int
	for i := 100; cut == 0 || fine == 0; i++ {
		if handler.LedgerPartition(fmt.Sprintf("wf-%05d", i), 2) == 0 {
			cut = i
		} else {
			fine = i
		}
	}
	restarted := h.start(t, "cut-1")
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(cut), classified(fine))
	dl := h.kafka.ReadCommitted(t, events.DLQTopic(ledger.Name), 1, 60*time.Second)
	if len(dl) != 1 {
		t.Fatalf("%d dead letters, want the workflow of the cut partition", len(dl))
	}
	e, err := h.codec.Decode(dl[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	if d := e.(*events.DeadLetter); d.Meta.WorkflowID != fmt.Sprintf("wf-%05d", cut) || d.ErrorClass != "transient" || !strings.Contains(d.ErrorMessage, "history was cut") {
		t.Errorf("dead letter for %s class %s (%s), want wf-%05d, transient, history cut", d.Meta.WorkflowID, d.ErrorClass, d.ErrorMessage, cut)
	}
	var recorded []string
	for _, r := range h.kafka.ReadCommitted(t, events.TopicLedger, n+2, 5*time.Second) {
		if r.Partition == 0 {
			t.Errorf("a record was appended to the cut partition at offset %d", r.Offset)
		}
		recorded = append(recorded, string(r.Key))
	}
	if !slices.Contains(recorded, fmt.Sprintf("wf-%05d", fine)) {
		t.Errorf("partition 1 holds %v, want wf-%05d recorded", recorded, fine)
	}
	if n := metricSum(t, restarted.ops, "docket_ledger_appends_refused_total", map[string]string{"partition": "0", "reason": "history_cut"}); n < 1 {
		t.Errorf("docket_ledger_appends_refused_total{partition=0,reason=history_cut} = %v, want at least 1", n)
	}

	// A ledger topic re-created empty: only the checkpoints know.
	restarted.stop()
	if _, err := adm.DeleteTopics(ctx, events.TopicLedger); err != nil {
		t.Fatal(err)
	}
	checkpoints := h.checkpoints(t)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if _, err := adm.CreateTopic(ctx, 2, 1, nil, events.TopicLedger); err == nil {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("re-create the ledger topic: %v", err)
		}
	}
	rep, err := h.verifyAgainst(t, checkpoints...)
	if !errors.Is(err, ledgerchain.ErrTampered) || len(rep.Problems) != 2 || rep.Problems[1].Kind != ledgerchain.HistoryCut {
		t.Errorf("verify of an empty re-created topic = %v (%v), want a history cut in both partitions", err, rep.Problems)
	}
	if rep, err := h.verifyAgainst(t); err != nil || rep.Records != 0 {
		t.Errorf("without checkpoints the empty topic verifies (%v, %d records): only the checkpoints show the loss", err, rep.Records)
	}

	// And the ledger, its Redis index lost too, does not start the chain
	// again at sequence 1: the published checkpoint stops it.
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	defer rdb.Close()
	stale, err := rdb.Keys(ctx, "docket:ledger:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if err := rdb.Del(ctx, stale...).Err(); err != nil {
		t.Fatal(err)
	}
	h.start(t, "cut-2")
	again := fine + 1
	for handler.LedgerPartition(fmt.Sprintf("wf-%05d", again), 2) != 1 {
		again++
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(again))
	dl = h.kafka.ReadCommitted(t, events.DLQTopic(ledger.Name), 2, 60*time.Second)
	if len(dl) != 2 {
		t.Fatalf("%d dead letters, want a second one, for wf-%05d", len(dl), again)
	}
	var refusal *events.DeadLetter
	for _, r := range dl {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		if d := e.(*events.DeadLetter); d.Meta.WorkflowID == fmt.Sprintf("wf-%05d", again) {
			refusal = d
		}
	}
	if refusal == nil || !strings.Contains(refusal.ErrorMessage, "history was cut") {
		t.Errorf("dead letter for wf-%05d = %+v, want it refused for a history cut", again, refusal)
	}
	if got := h.kafka.ReadCommitted(t, events.TopicLedger, 1, 2*time.Second); len(got) != 0 {
		t.Errorf("the re-created ledger topic holds %d records, want none", len(got))
	}
}

// dumpLedger logs every committed ledger record, to diagnose a failure.
func dumpLedger(t *testing.T, h *harness) {
	for _, r := range h.kafka.ReadCommitted(t, events.TopicLedger, 1000, 2*time.Second) {
		e, _ := h.codec.Decode(r.Value)
		lr := e.(*events.LedgerRecord)
		t.Logf("p=%d off=%d seq=%d wf=%s cause=%s pid=%d epoch=%d ts=%s", r.Partition, r.Offset, lr.Sequence, lr.WorkflowID, lr.Meta.CausationID, r.ProducerID, r.ProducerEpoch, r.Timestamp.Format("05.000"))
	}
}
