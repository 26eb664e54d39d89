package ledger_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/ledger"
	"github.com/docket-run/docket/services/ledger/internal/index"
	"github.com/docket-run/docket/services/ledger/internal/signing"
)

type harness struct {
	kafka  *dockettest.Kafka
	client *kgo.Client
	codec  *serde.Serde
	redis  string
	keyDir string
}

func newHarness(t *testing.T, partitions int32) *harness {
	t.Helper()
	topics := []string{events.TopicClassified, events.TopicReviewDecided, events.TopicLedger, events.TopicRecorded,
		events.TopicControl, events.DLQTopic(ledger.Name), events.RetryTopic(ledger.Name)}
	k := dockettest.NewKafka(t, partitions, topics)
	_, rc := dockettest.Registry(t)
	rs := dockettest.Redis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, []string{events.TopicClassified, events.TopicReviewDecided, events.TopicLedger, events.TopicRecorded, events.TopicControl, events.DLQTopic(ledger.Name)})
	if err != nil {
		t.Fatalf("register schemas: %v", err)
	}
	return &harness{kafka: k, client: k.Client(t), codec: codec, redis: rs.Addr(), keyDir: t.TempDir()}
}

func (h *harness) kopts() []kgo.Opt {
	return []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)}
}

type instance struct {
	running *ledger.Running
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
	rt, err := bus.New(ledger.Name, h.kopts(), h.codec, idempotency.New(rdb),
		bus.TransactionalID(txnID), bus.SessionTimeout(2*time.Second), bus.Registerer(prometheus.NewRegistry()), bus.Logger(log), bus.MaxPollRecords(7))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cfg := ledger.Config{DevKeyDir: h.keyDir, Addr: "127.0.0.1:0", SettleTimeout: 10 * time.Second}
	set(&cfg)
	running, err := ledger.Setup(ctx, cfg, &service.Deps{Log: log, Redis: rdb, Serde: h.codec, Kafka: h.kopts()}, rt)
	if err != nil {
		cancel()
		t.Fatalf("set up ledger: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Run(ctx) }()
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ledger runtime %s: %v", txnID, err)
		}
		_ = rdb.Close()
	}
	t.Cleanup(stop)
	return &instance{running: running, stop: stop}
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
	recs := h.kafka.ReadCommitted(t, events.TopicLedger, want, 60*time.Second)
	if settle > 0 {
		recs = h.kafka.ReadCommitted(t, events.TopicLedger, want+1, settle)
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
	keys, err := ledgerchain.LoadPublicKeys(h.keyDir + "/" + signing.DevPublicFile)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := ledgerchain.VerifyTopic(ctx, h.kopts(), h.codec, keys)
	if err != nil {
		t.Fatalf("verify ledger: %v", err)
	}
	return rep
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

	recorded := h.kafka.ReadCommitted(t, events.TopicRecorded, n+1, 2*time.Second)
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

// TestTamperedRecordFailsVerification writes a forged record straight to
// the ledger topic after real ones: VerifyTopic names it, and the ledger
// refuses to extend that partition's chain.
func TestTamperedRecordFailsVerification(t *testing.T) {
	const n = 8
	h := newHarness(t, 1)
	var cls []events.Event
	for i := range n {
		cls = append(cls, classified(i))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, cls...)
	inst := h.start(t, "tamper-0")
	recs := h.ledgerRecords(t, n, 0)
	inst.stop()

	forged := *recs[n-1]
	forged.Meta.EventID, forged.WorkflowID, forged.Meta.WorkflowID = "evt-forged", "wf-forged", "wf-forged"
	forged.Sequence, forged.PrevHash = recs[n-1].Sequence+1, recs[n-1].Hash
	forged.Decision.Outcome = "approved" // signature copied from another record
	v, err := h.codec.Encode(events.TopicLedger, &forged)
	if err != nil {
		t.Fatal(err)
	}
	res := h.client.ProduceSync(context.Background(), &kgo.Record{Topic: events.TopicLedger, Key: []byte("wf-forged"), Value: v})
	if err := res.FirstErr(); err != nil {
		t.Fatal(err)
	}
	forgedOffset := res[0].Record.Offset

	keys, err := ledgerchain.LoadPublicKeys(h.keyDir + "/" + signing.DevPublicFile)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ledgerchain.VerifyTopic(context.Background(), h.kopts(), h.codec, keys)
	var p *ledgerchain.Problem
	if !errors.As(err, &p) {
		t.Fatalf("verify = %v, want the forged record named", err)
	}
	if p.Offset != forgedOffset || p.WorkflowID != "wf-forged" || p.Kind != ledgerchain.BadHash {
		t.Errorf("problem = %v, want bad hash at offset %d (wf-forged)", p, forgedOffset)
	}

	// A restarted ledger will not chain a new record onto the forgery.
	h.start(t, "tamper-1")
	dockettest.Produce(t, h.client, h.codec, events.TopicClassified, classified(100))
	dl := h.kafka.ReadCommitted(t, events.DLQTopic(ledger.Name), 1, 60*time.Second)
	if len(dl) != 1 {
		t.Fatalf("%d dead letters, want the new workflow's", len(dl))
	}
	e, err := h.codec.Decode(dl[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	if d := e.(*events.DeadLetter); d.Meta.WorkflowID != "wf-00100" || d.ErrorClass != "transient" {
		t.Errorf("dead letter for %s class %s (%s), want wf-00100 transient", d.Meta.WorkflowID, d.ErrorClass, d.ErrorMessage)
	}
	if got := h.kafka.ReadCommitted(t, events.TopicLedger, n+2, 2*time.Second); len(got) != n+1 {
		t.Errorf("ledger has %d records, want the %d real ones and the forgery only", len(got), n+1)
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
