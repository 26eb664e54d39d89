package ingest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// TestCorrectionAndErasure: a correction the ledger recorded sends the
// workflow's callback URL a second callback, status corrected, and the
// view takes the corrected type; an erasure deletes the document and its
// text, drops the file name and the classification from the view, and is
// answered with content_erased; erasing again deletes nothing and is no
// error.
func TestCorrectionAndErasure(t *testing.T) { eachView(t, testCorrectionAndErasure) }

func testCorrectionAndErasure(t *testing.T, h *harness) {
	hook := newHookRecorder(t)
	statuses := func() []string {
		var out []string
		for _, c := range hook.received() {
			out = append(out, c.Status)
		}
		return out
	}
	wf, doc := submitWithCallback(t, h, "erase-1", "john-doe-payslip.pdf", hook.url)
	text := h.putShared([]byte("John Doe, payslip for May"))
	h.produce(events.TopicExtracted, &events.DocumentExtracted{Meta: meta("erase-x", wf, "acme"), Document: doc, Text: text,
		Pages: []events.Page{}, Engine: events.Engine{Name: "t", Version: "1"}})
	h.produce(events.TopicClassified, &events.DocumentClassified{Meta: meta("erase-c", wf, "acme"), Document: doc, DocumentType: "invoice",
		Confidence: 0.9, Model: events.Model{Name: "m", Version: "1"}, Flags: []events.Flag{{Kind: "pii.name", Detail: "John Doe"}}})
	h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("erase-r", wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 7})
	h.waitStatus(wf, "completed")
	waitFor(t, "the completion callback", func() bool { return len(statuses()) == 1 })
	if n := h.blobCount(); n != 2 {
		t.Fatalf("%d blobs before the erasure, want 2 (document and text)", n)
	}

	actor := "carol"
	h.produce(events.TopicSteps, &events.WorkflowControl{Meta: meta("erase-corrected", wf, "acme"), Kind: events.KindCorrected,
		Reason: "a contract", Actor: &actor, Details: map[string]string{"document_type": "contract", "outcome": "approved", "previous_type": "invoice", "sequence": "9"}})
	waitFor(t, "the corrected callback", func() bool { return len(statuses()) == 2 })
	if s := statuses(); s[0] != "completed" || s[1] != "corrected" {
		t.Fatalf("callbacks = %v, want completed then corrected", s)
	}
	if _, m := h.get("/v1/documents/"+wf, acmeKey); m["result"].(map[string]any)["document_type"] != "contract" {
		t.Fatalf("status after the correction = %v, want document type contract", m)
	}

	erasure := &events.WorkflowControl{Meta: meta("erase-requested", wf, "acme"), Kind: events.KindErasureRequested, Reason: "art. 17", Actor: &actor,
		Details: map[string]string{}}
	events.AddDocumentDetails(erasure.Details, doc)
	h.produce(events.TopicControl, erasure)
	h.produce(events.TopicControl, erasure) // a duplicate
	again := *erasure
	again.Meta = meta("erase-requested-again", wf, "acme")
	h.produce(events.TopicControl, &again)
	var answers []string
	evs, _ := h.read(events.TopicSteps, 3, 30*time.Second) // the correction, and two answers
	for _, e := range evs {
		if c := e.(*events.WorkflowControl); c.Kind == events.KindContentErased && c.Meta.WorkflowID == wf {
			answers = append(answers, c.Details["deleted"]+" after "+c.Meta.CausationID)
		}
	}
	if want := []string{"2 after erase-requested", "0 after erase-requested-again"}; len(answers) != 2 || answers[0] != want[0] || answers[1] != want[1] {
		t.Fatalf("content_erased = %v, want %v", answers, want)
	}
	if n := h.blobCount(); n != 0 {
		t.Fatalf("%d blobs after the erasure, want 0", n)
	}
	_, m := h.get("/v1/documents/"+wf, acmeKey)
	if m["filename"] != nil || m["status"] != "completed" || m["erased_at"] == nil {
		t.Fatalf("status after the erasure = %v, want no file name and erased_at", m)
	}
	for _, path := range []string{"/document", "/text", "/pages/1"} {
		if code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+path, acmeKey); code != http.StatusNotFound {
			t.Errorf("GET %s after the erasure = %d %s, want 404", path, code, b)
		}
	}
	if len(statuses()) != 2 {
		t.Fatalf("callbacks = %v: an erasure sends none", statuses())
	}
}

// TestErasureWhileOCRWorks: a workflow erased while OCR still works on it
// gets its text after the erasure; ingest deletes that text too, and
// every read of its content answers 404 while its status says when it was
// erased.
func TestErasureWhileOCRWorks(t *testing.T) { eachView(t, testErasureWhileOCRWorks) }

func testErasureWhileOCRWorks(t *testing.T, h *harness) {
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "erase-early", doc: pdfDoc, filename: "jane-roe.pdf"})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)
	subs, _ := h.read(events.TopicSubmitted, 1, 10*time.Second)
	doc := subs[0].(*events.DocumentSubmitted).Document
	h.waitStatus(wf, "queued")

	actor := "carol"
	erasure := &events.WorkflowControl{Meta: meta("erase-early-requested", wf, "acme"), Kind: events.KindErasureRequested, Reason: "art. 17",
		Actor: &actor, Details: map[string]string{}}
	events.AddDocumentDetails(erasure.Details, doc)
	h.produce(events.TopicControl, erasure)
	waitFor(t, "the document's deletion", func() bool { return h.blobCount() == 0 })

	// OCR finishes the page it was reading and stores the text.
	text := h.putShared([]byte("Jane Roe, payslip for June"))
	h.produce(events.TopicExtracted, &events.DocumentExtracted{Meta: meta("erase-early-x", wf, "acme"), Document: doc, Text: text,
		Pages: []events.Page{{Number: 1, Chars: 26, Confidence: 0.9, Method: "ocr"}}, Engine: events.Engine{Name: "t", Version: "1"}})
	waitFor(t, "the late text's deletion", func() bool { return h.blobCount() == 0 })
	for _, path := range []string{"/document", "/text", "/pages/1"} {
		if code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+path, acmeKey); code != http.StatusNotFound {
			t.Errorf("GET %s after the erasure = %d %s, want 404", path, code, b)
		}
	}
	if _, m := h.get("/v1/documents/"+wf, acmeKey); m["erased_at"] == nil || m["filename"] != nil {
		t.Fatalf("status after the erasure = %v, want erased_at and no file name", m)
	}
}

// TestCorrectionsCloseTogether: two corrections recorded a moment apart
// are two corrected callbacks, each naming its type and its ledger
// record's sequence (the first is not replaced by the second); the status
// then counts the callbacks delivered, names the latest, and points at the
// latest correction's ledger record without the model's confidence.
func TestCorrectionsCloseTogether(t *testing.T) { eachView(t, testCorrectionsCloseTogether) }

func testCorrectionsCloseTogether(t *testing.T, h *harness) {
	hook := newHookRecorder(t)
	callbacks := hook.received
	wf, doc := submitWithCallback(t, h, "correct-twice", "a.pdf", hook.url)
	h.produce(events.TopicClassified, &events.DocumentClassified{Meta: meta("twice-c", wf, "acme"), Document: doc, DocumentType: "invoice",
		Confidence: 0.9, Model: events.Model{Name: "m", Version: "1"}})
	h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("twice-r", wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 7, LedgerPartition: 2})
	h.waitStatus(wf, "completed")
	waitFor(t, "the completion callback", func() bool { return len(callbacks()) == 1 })

	actor := "carol"
	correction := func(id, typ, seq string) *events.WorkflowControl {
		return &events.WorkflowControl{Meta: meta(id, wf, "acme"), Kind: events.KindCorrected, Reason: "wrong type", Actor: &actor,
			Details: map[string]string{"document_type": typ, "outcome": "approved", "sequence": seq, "ledger_partition": "2", "record_hash": "beef" + seq}}
	}
	h.produce(events.TopicSteps, correction("twice-1", "contract", "9"), correction("twice-2", "receipt", "11"))
	waitFor(t, "two corrected callbacks", func() bool { return len(callbacks()) == 3 })
	want := []hookPayload{{"completed", "", 0}, {"corrected", "contract", 9}, {"corrected", "receipt", 11}}
	if c := callbacks(); !reflect.DeepEqual(c, want) {
		t.Fatalf("callbacks = %+v, want %+v", c, want)
	}
	var m map[string]any
	waitFor(t, "the last callback's state", func() bool {
		_, m = h.get("/v1/documents/"+wf, acmeKey)
		cb, _ := m["callback"].(map[string]any)
		return cb["state"] == "delivered" && cb["delivered"] == 3.0
	})
	cb := m["callback"].(map[string]any)
	if cb["status"] != "corrected" || cb["attempts"] != 1.0 {
		t.Errorf("callback = %v, want the corrected one, delivered at the first attempt", cb)
	}
	if l := m["ledger"].(map[string]any); l["sequence"] != 11.0 || l["hash"] != "beef11" || l["partition"] != 2.0 || l["offset"] != nil {
		t.Errorf("ledger = %v, want the second correction's record", l)
	}
	if r := m["result"].(map[string]any); r["document_type"] != "receipt" || r["confidence"] != nil {
		t.Errorf("result = %v, want the corrected type without the model's confidence", r)
	}
}

// hookPayload is what a callback receiver reads of a callback.
type hookPayload struct {
	Status       string `json:"status"`
	DocumentType string `json:"document_type"`
	Sequence     int64  `json:"sequence"`
}

// hookRecorder is a callback receiver that keeps what it received.
type hookRecorder struct {
	url string
	mu  sync.Mutex
	got []hookPayload
}

func newHookRecorder(t *testing.T) *hookRecorder {
	t.Helper()
	rec := &hookRecorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p hookPayload
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &p)
		rec.mu.Lock()
		rec.got = append(rec.got, p)
		rec.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	rec.url = srv.URL + "/hook"
	return rec
}

// received returns the callbacks received so far, in order.
func (r *hookRecorder) received() []hookPayload {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]hookPayload(nil), r.got...)
}

// submitWithCallback uploads the test PDF as filename under idempotency
// key with a callback to hook, and returns its workflow and document once
// ingest's status has it queued.
func submitWithCallback(t *testing.T, h *harness, key, filename, hook string) (string, events.BlobRef) {
	t.Helper()
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: key, doc: pdfDoc, filename: filename,
		fields: [][2]string{{"callback_url", hook}}})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)
	subs, _ := h.read(events.TopicSubmitted, 1, 10*time.Second)
	doc := subs[0].(*events.DocumentSubmitted).Document
	h.waitStatus(wf, "queued")
	return wf, doc
}
