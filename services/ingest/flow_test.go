package ingest_test

import (
	"bufio"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/handler"
	"github.com/docket-run/docket/services/ingest/internal/inbox"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

func meta(id, wf, tenant string) events.Meta {
	return events.Meta{EventID: id, WorkflowID: wf, TenantID: tenant, OccurredAt: time.Now().UTC().Truncate(time.Millisecond), Producer: events.Producer{Service: "test", Version: "test"}}
}

// drop puts b in tenant's drop area of the blob store, as a producer that
// submits over Kafka does.
func (h *harness) drop(tenant string, b []byte) events.BlobRef {
	h.t.Helper()
	return dockettest.DropBlob(h.t, h.blobDir, tenant, b, "application/pdf")
}

// putShared stores b at its shared address, as an upload over HTTP does.
func (h *harness) putShared(b []byte) events.BlobRef {
	h.t.Helper()
	bs, err := blob.Open(context.Background(), "file://"+h.blobDir)
	if err != nil {
		h.t.Fatal(err)
	}
	defer bs.Close()
	r, err := bs.Put(context.Background(), strings.NewReader(string(b)), "application/pdf")
	if err != nil {
		h.t.Fatal(err)
	}
	return events.BlobRef{URI: r.URI, SHA256: r.SHA256, SizeBytes: r.Size, MediaType: "application/pdf"}
}

// produceRequest produces req signed with secret ("" for unsigned).
func (h *harness) produceRequest(secret string, req *events.DocumentRequested) {
	h.t.Helper()
	dockettest.ProduceRequest(h.t, h.client, h.codec, secret, req)
}

func TestRequestedBecomesSubmittedOrRejected(t *testing.T) {
	h := newHarness(t, nil)
	good := h.drop("acme", pdfDoc)
	zip := h.drop("acme", []byte("PK\x03\x04 a zip archive, not a document"))
	missing := events.BlobRef{URI: blob.URI(sha([]byte("never stored"))), SHA256: sha([]byte("never stored")), SizeBytes: 12, MediaType: "application/pdf"}
	mismatch := good
	mismatch.SHA256 = sha([]byte("other"))
	wrongSize := good
	wrongSize.SizeBytes++
	// acme's document in the shared store (uploaded over HTTP, say) is not
	// in acme's drop area either: a request names what its tenant dropped.
	shared := h.putShared([]byte("%PDF-1.7 stored through the API\n"))
	deadline := time.Now().Add(72 * time.Hour).UTC().Truncate(time.Millisecond)
	cb := "http://127.0.0.1:1/cb"
	ok := &events.DocumentRequested{Meta: meta("req-ok", "corr-"+"req-ok", "acme"), Document: good, Filename: "r.pdf", IdempotencyKey: "rk-1",
		Priority: 2, Deadline: &deadline, Labels: map[string]string{"a": "b"}, CallbackURL: &cb}
	again := *ok
	again.Meta = meta("req-ok-again", "corr-"+"req-ok-again", "acme") // another request, same key and content
	conflict := *ok
	conflict.Meta = meta("req-conflict", "corr-"+"req-conflict", "acme")
	conflict.Filename = "other.pdf"
	type rej struct {
		req    *events.DocumentRequested
		secret string
		code   string
	}
	plain := func(id, tenant string, doc events.BlobRef) *events.DocumentRequested {
		return &events.DocumentRequested{Meta: meta(id, "corr-"+id, tenant), Document: doc, Labels: map[string]string{}}
	}
	// globex knows the hash of acme's document and drops bytes of its own
	// under it.
	garbage := []byte("%PDF-1.7 globex's own bytes\n")
	k, err := blob.DroppedKey("globex", good.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Join(h.blobDir, k)), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h.blobDir, k), garbage, 0o640); err != nil {
		t.Fatal(err)
	}
	forged := good
	forged.SizeBytes = int64(len(garbage))
	rejects := []rej{
		{&events.DocumentRequested{Meta: meta("req-missing", "corr-"+"req-missing", "acme"), Document: missing, IdempotencyKey: "rk-2", Labels: map[string]string{}}, acmeRequestSecret, "blob_missing"},
		{plain("req-mismatch", "acme", mismatch), acmeRequestSecret, "checksum_mismatch"},
		{plain("req-size", "acme", wrongSize), acmeRequestSecret, "checksum_mismatch"},
		{plain("req-zip", "acme", zip), acmeRequestSecret, "unsupported_media_type"},
		{plain("req-tenant", "nobody", good), acmeRequestSecret, "unauthorized"},
		{&conflict, acmeRequestSecret, "idempotency_conflict"},
		{plain("req-shared", "acme", shared), acmeRequestSecret, "blob_missing"},
		// Whoever can write the topic cannot speak for a tenant.
		{plain("req-unsigned", "acme", good), "", "unauthorized"},
		{plain("req-globex-as-acme", "acme", good), globexRequestSecret, "unauthorized"},
		{plain("req-no-secret", "slow", good), acmeRequestSecret, "unauthorized"},
		// globex, signing as itself, cannot reach acme's document by its hash.
		{plain("req-globex-hash", "globex", h.drop("acme", []byte("%PDF-1.7 acme only\n"))), globexRequestSecret, "blob_missing"},
		{plain("req-globex-forged", "globex", forged), globexRequestSecret, "checksum_mismatch"},
	}
	h.produceRequest(acmeRequestSecret, ok)
	evs, _ := h.read(events.TopicSubmitted, 1, 20*time.Second)
	if len(evs) != 1 {
		t.Fatalf("%d submitted, want 1", len(evs))
	}
	for _, r := range rejects {
		h.produceRequest(r.secret, r.req)
	}
	h.produceRequest(acmeRequestSecret, &again)

	evs, _ = h.read(events.TopicSubmitted, 2, 20*time.Second)
	wf := submit.WorkflowID("acme", "rk-1")
	if len(evs) != 2 {
		t.Fatalf("%d submitted, want 2 (the request and its repeat)", len(evs))
	}
	for i, ev := range evs {
		e := ev.(*events.DocumentSubmitted)
		if e.Meta.WorkflowID != wf || e.Meta.EventID != submit.SubmittedEventID(wf) || e.Meta.TenantID != "acme" ||
			e.Source != "request" || e.Filename != "r.pdf" || e.Priority != 2 || !e.Deadline.Equal(deadline) || e.Labels["a"] != "b" ||
			e.Document.SHA256 != good.SHA256 || e.Document.MediaType != "application/pdf" || *e.IdempotencyKey != "rk-1" || *e.CallbackURL != cb {
			t.Errorf("submitted %d: %+v", i, e)
		}
	}
	if evs[0].EventMeta().CausationID != "req-ok" || evs[1].EventMeta().CausationID != "req-ok-again" {
		t.Errorf("causation ids %s, %s", evs[0].EventMeta().CausationID, evs[1].EventMeta().CausationID)
	}
	rejected, _ := h.read(events.TopicRejected, len(rejects), 20*time.Second)
	if len(rejected) != len(rejects) {
		t.Fatalf("%d rejected, want %d", len(rejected), len(rejects))
	}
	got := map[string]*events.DocumentRejected{}
	for _, ev := range rejected {
		got[ev.EventMeta().CausationID] = ev.(*events.DocumentRejected)
	}
	for _, r := range rejects {
		e := got[r.req.Meta.EventID]
		if e == nil || e.ReasonCode != r.code || e.Message == "" {
			t.Errorf("%s: rejected %+v, want %s", r.req.Meta.EventID, e, r.code)
			continue
		}
		if wantTenant := r.req.Meta.TenantID; (r.code == "unauthorized") != (e.Meta.TenantID == handler.UnverifiedTenant) || (r.code != "unauthorized" && e.Meta.TenantID != wantTenant) {
			t.Errorf("%s: rejection's tenant %q; an unauthorized request's is %q, another's its own", r.req.Meta.EventID, e.Meta.TenantID, handler.UnverifiedTenant)
		}
		if e.Meta.WorkflowID != submit.RejectionID(r.req.Meta.TenantID, r.req.Meta.EventID) || e.Meta.WorkflowID == wf {
			t.Errorf("%s: rejection workflow %s", r.req.Meta.EventID, e.Meta.WorkflowID)
		}
		if (r.req.IdempotencyKey == "") != (e.IdempotencyKey == nil) {
			t.Errorf("%s: idempotency key %v", r.req.Meta.EventID, e.IdempotencyKey)
		}
	}
	// The conflicting request left the original workflow alone.
	st := h.waitStatus(wf, "queued")
	if st["source"] != "request" {
		t.Errorf("status %v", st)
	}
}

func TestStatusViewAndEventStream(t *testing.T) {
	h := newHarness(t, nil)
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "s-1", filename: "s.pdf", doc: pdfDoc})
	if resp.StatusCode != 202 {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)
	h.waitStatus(wf, "queued")
	if code, m := h.get("/v1/documents/"+wf, submit.DevAPIKey); code != 401 {
		t.Errorf("GET with an unknown key: %d %v", code, m)
	}
	if code, m := h.get("/v1/documents/"+wf, slowKey); code != 404 {
		t.Errorf("GET of another tenant's workflow: %d %v, want 404", code, m)
	}

	// Follow the stream while the workflow progresses.
	req, _ := http.NewRequest(http.MethodGet, h.url+"/v1/documents/"+wf+"/events", nil)
	req.Header.Set("X-API-Key", acmeKey)
	sresp, err := http.DefaultClient.Do(req)
	if err != nil || sresp.StatusCode != 200 || sresp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %v %v", sresp, err)
	}
	defer sresp.Body.Close()
	statuses := make(chan []string, 1)
	go func() {
		var seen []string
		sc := bufio.NewScanner(sresp.Body)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "event: "); ok {
				event = v
			}
			if v, ok := strings.CutPrefix(line, "data: "); ok && event == "status" {
				var s map[string]any
				_ = json.Unmarshal([]byte(v), &s)
				if len(seen) == 0 || seen[len(seen)-1] != s["status"] {
					seen = append(seen, s["status"].(string))
				}
			}
			if event == "end" && strings.HasPrefix(line, "data: ") {
				break
			}
		}
		statuses <- seen
	}()

	m := func(id string) events.Meta { return meta(id, wf, "acme") }
	doc := events.BlobRef{URI: blob.URI(sha(pdfDoc)), SHA256: sha(pdfDoc), SizeBytes: int64(len(pdfDoc)), MediaType: "application/pdf"}
	h.produce(events.TopicExtracted, &events.DocumentExtracted{Meta: m("x-1"), Document: doc, Text: doc, Pages: []events.Page{}, Engine: events.Engine{Name: "t", Version: "1"}})
	h.waitStatus(wf, "running")
	h.produce(events.TopicReviewRequested, &events.ReviewRequested{Meta: m("r-1"), Document: doc, Reason: "low_confidence", Candidates: []events.Candidate{}, Flags: []events.Flag{}, Context: map[string]string{}})
	h.waitStatus(wf, "waiting_review")
	// A late extracted event does not move the workflow back.
	h.produce(events.TopicExtracted, &events.DocumentExtracted{Meta: m("x-2"), Document: doc, Text: doc, Pages: []events.Page{}, Engine: events.Engine{Name: "t", Version: "1"}})
	h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: m("rec-1"), LedgerTopic: events.TopicLedger, LedgerPartition: 1, LedgerOffset: 42, RecordHash: []byte{0xab, 0xcd}, Sequence: 7})
	st := h.waitStatus(wf, "completed")
	ledger, _ := st["ledger"].(map[string]any)
	if st["terminal"] != true || st["stage"] != "recorded" || ledger["topic"] != events.TopicLedger || ledger["offset"] != 42.0 || ledger["sequence"] != 7.0 || ledger["hash"] != "abcd" || ledger["partition"] != 1.0 {
		t.Errorf("completed status %v", st)
	}
	select {
	case seen := <-statuses:
		want := []string{"queued", "running", "waiting_review", "completed"}
		if strings.Join(seen, ",") != strings.Join(want, ",") {
			// The stream polls, so it may skip a state, but it must end
			// with completed having seen them in order.
			if len(seen) == 0 || seen[len(seen)-1] != "completed" || seen[0] != "queued" {
				t.Errorf("stream saw %v, want %v", seen, want)
			}
		}
	case <-time.After(20 * time.Second):
		t.Fatal("event stream did not end after the workflow completed")
	}

	// A structural dead letter of another workflow parks it: the exception
	// agent holds it for an operator, who may still replay it.
	resp, body = h.postMultipart(upload{apiKey: acmeKey, key: "s-2", doc: pdfDoc, filename: "s2.pdf"})
	wf2 := body["workflow_id"].(string)
	if resp.StatusCode != 202 {
		t.Fatal(resp.StatusCode)
	}
	h.produce(events.DLQTopic("ocr"), &events.DeadLetter{Meta: meta("dl-1", wf2, "acme"), Service: "ocr", SourceTopic: events.TopicSubmitted,
		OriginalValue: h.original(wf2), ErrorClass: "structural", ErrorMessage: "cannot parse PDF", Attempts: 1, AttemptHistory: []events.Attempt{}, OriginalHeaders: []events.Header{}})
	st = h.waitStatus(wf2, "parked")
	if e, _ := st["error"].(map[string]any); e["code"] != "structural" || e["message"] != "ocr: cannot parse PDF" || st["stage"] != "ocr" || st["terminal"] != false {
		t.Errorf("parked status %v", st)
	}
}

// A garbage record keyed with a live workflow's id is dead-lettered under
// that id, since nothing else names a workflow. Its dead letter proves
// none, so the status view of that workflow does not change. The dead
// letter after it on the same partition, of another workflow, shows it was
// handled.
func TestPoisonDeadLetterLeavesStatus(t *testing.T) {
	h := newHarness(t, nil)
	post := func(key string) string {
		resp, body := h.postMultipart(upload{apiKey: acmeKey, key: key, filename: key + ".pdf", doc: pdfDoc})
		if resp.StatusCode != 202 {
			t.Fatalf("POST %d %v", resp.StatusCode, body)
		}
		wf := body["workflow_id"].(string)
		h.waitStatus(wf, "queued")
		return wf
	}
	victim, other := post("p-1"), post("p-2")
	dl := func(id, wf string, original []byte) *events.DeadLetter {
		return &events.DeadLetter{Meta: meta(id, wf, "acme"), Service: "ocr", SourceTopic: events.TopicSubmitted,
			OriginalKey: []byte(victim), OriginalValue: original, ErrorClass: "structural",
			ErrorMessage: "cannot read it", Attempts: 1, AttemptHistory: []events.Attempt{}, OriginalHeaders: []events.Header{}}
	}
	var recs []*kgo.Record
	for _, d := range []*events.DeadLetter{dl("dl-poison", victim, []byte("garbage, not an event")), dl("dl-other", other, h.original(other))} {
		v, err := h.codec.Encode(events.DLQTopic("ocr"), d)
		if err != nil {
			t.Fatal(err)
		}
		// Both keyed with the victim's id: one partition, in this order.
		recs = append(recs, &kgo.Record{Topic: events.DLQTopic("ocr"), Key: []byte(victim), Value: v})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := h.client.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		t.Fatal(err)
	}
	h.waitStatus(other, "parked")
	if code, st := h.get("/v1/documents/"+victim, acmeKey); code != 200 || st["status"] != "queued" || st["error"] != nil {
		t.Errorf("status after a poison dead letter keyed with the workflow: %d %v, want queued without error", code, st)
	}
}

// original is wf's submitted event encoded: the original record of a dead
// letter of wf, which proves its workflow.
func (h *harness) original(wf string) []byte {
	h.t.Helper()
	v, err := h.codec.Encode(events.TopicSubmitted, &events.DocumentSubmitted{Meta: meta(wf+"-submitted", wf, "acme"),
		Document: events.BlobRef{URI: blob.URI(sha(pdfDoc)), SHA256: sha(pdfDoc), SizeBytes: int64(len(pdfDoc)), MediaType: "application/pdf"},
		Labels:   map[string]string{}, Source: "http"})
	if err != nil {
		h.t.Fatalf("encode the original of a dead letter: %v", err)
	}
	return v
}

// TestCallbackWhenWorkflowEnds: the callback names the workflow's end — not
// a structural dead letter, which the exception agent parks and an
// operator may replay, but the ledger record after it, a cancel, a
// deadline or a discard.
func TestCallbackWhenWorkflowEnds(t *testing.T) {
	dl := func(id, wf string) events.Event {
		return &events.DeadLetter{Meta: meta(id, wf, "acme"), Service: "ocr", SourceTopic: events.TopicSubmitted,
			ErrorClass: "structural", ErrorMessage: "cannot parse PDF", Attempts: 1, AttemptHistory: []events.Attempt{}, OriginalHeaders: []events.Header{}}
	}
	control := func(id, wf, kind string) events.Event {
		return &events.WorkflowControl{Meta: meta(id, wf, "acme"), Kind: kind, Reason: "by the test", Details: map[string]string{"service": "ocr"}}
	}
	recorded := func(id, wf string) events.Event {
		return &events.DocumentRecorded{Meta: meta(id, wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 1}
	}
	tests := []struct {
		name       string
		steps      func(wf string) []events.Event // each on its own topic, in order
		wantStatus string
		wantCode   string
	}{
		{"parked then replayed and recorded", func(wf string) []events.Event { return []events.Event{dl("dl", wf), recorded("rec", wf)} }, "completed", ""},
		{"canceled", func(wf string) []events.Event { return []events.Event{control("c", wf, "canceled")} }, "canceled", ""},
		{"deadline exceeded", func(wf string) []events.Event { return []events.Event{control("d", wf, "deadline_exceeded")} }, "timed_out", "deadline_exceeded"},
		{"parked then discarded", func(wf string) []events.Event { return []events.Event{dl("dl", wf), control("x", wf, "discarded")} }, "failed", "discarded"},
	}
	for _, tracked := range []bool{false, true} {
		for i, tt := range tests {
			t.Run(viewName(tracked)+"/"+tt.name, func(t *testing.T) {
				callbackWhenWorkflowEnds(t, newViewHarness(t, tracked), fmt.Sprintf("end-%d", i), tt.steps, tt.wantStatus, tt.wantCode)
			})
		}
	}
}

// callbackWhenWorkflowEnds submits a workflow with a callback, takes it
// through steps and checks its one callback.
func callbackWhenWorkflowEnds(t *testing.T, h *harness, key string, steps func(wf string) []events.Event, wantStatus, wantCode string) {
	rc := &receiver{}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: key, doc: pdfDoc, filename: key + ".pdf", fields: [][2]string{{"callback_url", srv.URL + "/" + key}}})
	if resp.StatusCode != 202 {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)
	h.waitStatus(wf, "queued")
	for j, e := range steps(wf) {
		topic := events.TopicRecorded
		switch e := e.(type) {
		case *events.DeadLetter:
			topic = events.DLQTopic("ocr")
			e.OriginalValue = h.original(wf)
		case *events.WorkflowControl:
			topic = events.TopicControl
		}
		e.EventMeta().EventID = fmt.Sprintf("%s-%d-%s", key, j, e.EventMeta().EventID)
		h.produce(topic, e)
		if j == 0 && len(steps(wf)) > 1 {
			h.waitStatus(wf, "parked")
		}
	}
	st := h.waitStatus(wf, wantStatus)
	if st["terminal"] != true {
		t.Errorf("status %v: want terminal", st)
	}
	waitFor(t, "callback", func() bool { c := callbackOf(h, wf); return c["state"] == "delivered" })
	rc.mu.Lock()
	defer rc.mu.Unlock()
	var got []map[string]any
	for _, p := range rc.payloads {
		if p["workflow_id"] == wf {
			got = append(got, p)
		}
	}
	if len(got) != 1 || got[0]["status"] != wantStatus || (got[0]["error_code"] != nil && got[0]["error_code"] != wantCode) || (wantCode != "" && got[0]["error_code"] != wantCode) {
		t.Errorf("callbacks %v: want one with status %s, error_code %q", got, wantStatus, wantCode)
	}
}

// receiver is a callback endpoint that verifies signatures and fails the
// first `fail` deliveries.
type receiver struct {
	mu       sync.Mutex
	fail     int
	calls    int
	bad      []string
	payloads []map[string]any
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.calls++
	sig := r.Header.Get("Docket-Signature")
	var ts, v1 string
	for _, part := range strings.Split(sig, ",") {
		if v, ok := strings.CutPrefix(part, "t="); ok {
			ts = v
		}
		if v, ok := strings.CutPrefix(part, "v1="); ok {
			v1 = v
		}
	}
	mac := hmac.New(sha256.New, []byte(acmeSecret))
	mac.Write([]byte(ts + "." + string(body)))
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(v1)) || time.Since(time.Unix(unix, 0)) > time.Minute {
		rc.bad = append(rc.bad, sig)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if rc.calls <= rc.fail {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	var p map[string]any
	_ = json.Unmarshal(body, &p)
	rc.payloads = append(rc.payloads, p)
	w.WriteHeader(http.StatusNoContent)
}

func TestCallbacksAreSignedAndRetried(t *testing.T) {
	h := newHarness(t, nil)
	flaky := &receiver{fail: 2}
	dead := &receiver{fail: 1 << 30}
	fs, ds := httptest.NewServer(flaky), httptest.NewServer(dead)
	defer fs.Close()
	defer ds.Close()
	submitWith := func(key, url string) string {
		resp, body := h.postMultipart(upload{apiKey: acmeKey, key: key, doc: pdfDoc, filename: key + ".pdf", fields: [][2]string{{"callback_url", url}}})
		if resp.StatusCode != 202 {
			t.Fatalf("POST %d %v", resp.StatusCode, body)
		}
		return body["workflow_id"].(string)
	}
	wf1, wf2 := submitWith("cb-1", fs.URL+"/hook"), submitWith("cb-2", ds.URL+"/hook")
	h.read(events.TopicSubmitted, 2, 10*time.Second)
	h.waitStatus(wf1, "queued")
	h.waitStatus(wf2, "queued")
	for i, wf := range []string{wf1, wf2} {
		h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta(fmt.Sprintf("rec-%d", i), wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: int64(i + 1)})
	}
	waitFor(t, "callback states", func() bool {
		a, b := callbackOf(h, wf1), callbackOf(h, wf2)
		return a["state"] == "delivered" && b["state"] == "failed"
	})
	a, b := callbackOf(h, wf1), callbackOf(h, wf2)
	if a["attempts"] != 3.0 || b["attempts"] != 4.0 || b["last_error"] == "" {
		t.Errorf("callbacks: flaky %v, dead %v; want 3 attempts delivered, 4 attempts failed", a, b)
	}
	flaky.mu.Lock()
	defer flaky.mu.Unlock()
	if flaky.calls != 3 || len(flaky.bad) != 0 || len(flaky.payloads) != 1 {
		t.Fatalf("flaky receiver: %d calls, bad signatures %v, %d accepted", flaky.calls, flaky.bad, len(flaky.payloads))
	}
	p := flaky.payloads[0]
	if p["workflow_id"] != wf1 || p["status"] != "completed" || p["result_url"] != h.url+"/v1/documents/"+wf1 || p["tenant_id"] != "acme" {
		t.Errorf("payload %v", p)
	}
	for k := range p {
		switch k {
		case "workflow_id", "tenant_id", "status", "stage", "result_url", "sent_at":
		default:
			t.Errorf("payload carries %q", k)
		}
	}
	// A failing callback never changes the result.
	if st := h.waitStatus(wf2, "completed"); st["terminal"] != true {
		t.Errorf("status %v", st)
	}
	if n, _ := h.app.Store.PendingCallbacks(context.Background()); n != 0 {
		t.Errorf("%d callbacks still scheduled", n)
	}
}

// TestCallbacksNeverReachPrivateAddresses: a tenant's callback_url cannot
// make ingest POST to loopback, private or link-local addresses — directly,
// through a name that resolves to one, or through a redirect — unless the
// operator allowed the range; such a callback is given up at once.
func TestCallbacksNeverReachPrivateAddresses(t *testing.T) {
	inside := &receiver{}
	is := httptest.NewServer(inside)
	defer is.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(is.URL, "http://"))
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://0.0.0.0:"+port+"/redirected", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	tests := []struct {
		name  string
		allow []string
		url   string
	}{
		{"loopback", nil, is.URL + "/hook"},
		{"name resolving to loopback", nil, "http://localhost:" + port + "/hook"},
		{"link-local metadata", nil, "http://169.254.169.254/latest/meta-data/"},
		{"private", nil, "http://10.255.255.1/hook"},
		{"redirect to an unspecified address", []string{"127.0.0.0/8"}, redirect.URL + "/hook"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, func(c *app.Config) { c.CallbackAllowNets = tt.allow })
			resp, body := h.postMultipart(upload{apiKey: acmeKey, doc: pdfDoc, filename: "a.pdf", fields: [][2]string{{"callback_url", tt.url}}})
			if resp.StatusCode != 202 {
				t.Fatalf("POST %d %v", resp.StatusCode, body)
			}
			wf := body["workflow_id"].(string)
			h.waitStatus(wf, "queued")
			h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta(fmt.Sprintf("rec-private-%d", i), wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 1})
			waitFor(t, "callback given up", func() bool { return callbackOf(h, wf)["state"] == "failed" })
			c := callbackOf(h, wf)
			if c["attempts"] != 1.0 || !strings.Contains(fmt.Sprint(c["last_error"]), "not public") {
				t.Errorf("callback %v: want given up after 1 attempt as not public", c)
			}
		})
	}
	inside.mu.Lock()
	defer inside.mu.Unlock()
	if inside.calls != 0 {
		t.Errorf("the loopback receiver got %d callbacks, want 0", inside.calls)
	}
}

func callbackOf(h *harness, wf string) map[string]any {
	_, m := h.get("/v1/documents/"+wf, acmeKey)
	c, _ := m["callback"].(map[string]any)
	return c
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestInboxSubmitsOnceAndSortsFiles(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, func(c *app.Config) { c.InboxDir = dir })
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("letter.txt", []byte("Dear Sir, please find the invoice.\n"))
	write("archive.pdf", []byte("PK\x03\x04 not a pdf"))
	waitFor(t, "files moved", func() bool {
		_, e1 := os.Stat(filepath.Join(dir, inbox.Processed, "letter.txt"))
		_, e2 := os.Stat(filepath.Join(dir, inbox.Rejected, "archive.pdf.reason.txt"))
		return e1 == nil && e2 == nil
	})
	reason, _ := os.ReadFile(filepath.Join(dir, inbox.Rejected, "archive.pdf.reason.txt"))
	if !strings.Contains(string(reason), "code: unsupported_media_type") {
		t.Errorf("reason file %q", reason)
	}
	if _, err := os.Stat(filepath.Join(dir, inbox.Rejected, "archive.pdf")); err != nil {
		t.Errorf("rejected file not moved: %v", err)
	}
	// The same file dropped again is the same submission.
	write("letter.txt", []byte("Dear Sir, please find the invoice.\n"))
	waitFor(t, "second copy moved", func() bool {
		_, err := os.Stat(filepath.Join(dir, inbox.Processed, "letter.1.txt"))
		return err == nil
	})
	evs, recs := h.read(events.TopicSubmitted, 2, 3*time.Second)
	if len(evs) != 1 {
		t.Fatalf("%d submitted events, want 1", len(evs))
	}
	// The inbox is batch work: the bulk lane.
	if lane, _ := header(recs[0], events.HeaderPriority); lane != events.PriorityBulk {
		t.Errorf("inbox submission in lane %q, want %q", lane, events.PriorityBulk)
	}
	e := evs[0].(*events.DocumentSubmitted)
	key := sha([]byte("Dear Sir, please find the invoice.\n")) + ":letter.txt"
	if e.Source != "inbox" || e.Filename != "letter.txt" || e.Meta.TenantID != "acme" || e.Document.MediaType != "text/plain" ||
		e.IdempotencyKey == nil || *e.IdempotencyKey != key || e.Meta.WorkflowID != submit.WorkflowID("acme", key) {
		t.Errorf("submitted %+v", e)
	}
	// Beside each processed file, the workflow it became: the second drop
	// names the same one, as a repeat.
	for _, tt := range []struct{ name, repeat string }{{"letter.txt", "false"}, {"letter.1.txt", "true"}} {
		note, err := os.ReadFile(filepath.Join(dir, inbox.Processed, tt.name+inbox.WorkflowSuffix))
		t.Logf("%s%s:\n%s", tt.name, inbox.WorkflowSuffix, note)
		if err != nil || !strings.HasPrefix(string(note), "workflow_id: "+e.Meta.WorkflowID+"\ntenant: acme\nrepeat: "+tt.repeat+"\nsubmitted_at: ") {
			t.Errorf("workflow note of %s: %q, %v; want workflow %s, repeat %s", tt.name, note, err, e.Meta.WorkflowID, tt.repeat)
		}
	}
}

// A file still being written is left alone until its size holds still.
func TestInboxWaitsForStableFiles(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, nil)
	ib := &inbox.Inbox{Dir: dir, Tenant: submit.Tenant{ID: "acme"}, Submit: h.app.Submit, Log: discardLog()}
	path := filepath.Join(dir, "growing.txt")
	if err := os.WriteFile(path, []byte("part one\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{inbox.Processed, inbox.Rejected} {
		_ = os.MkdirAll(filepath.Join(dir, d), 0o750)
	}
	ctx := context.Background()
	if err := ib.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	_, _ = f.WriteString("part two\n")
	_ = f.Close()
	if err := ib.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("a growing file was taken: %v", err)
	}
	if err := ib.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, inbox.Processed, "growing.txt")); err != nil {
		t.Fatalf("a stable file was not taken: %v", err)
	}
	evs, _ := h.read(events.TopicSubmitted, 1, 10*time.Second)
	if len(evs) != 1 || evs[0].(*events.DocumentSubmitted).Document.SizeBytes != int64(len("part one\npart two\n")) {
		t.Fatalf("submitted %v", evs)
	}
}
