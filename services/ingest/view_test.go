package ingest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/trackerclient"
	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// newTrackedHarness runs ingest with a saga tracker configured: a fake
// one that has projected nothing, so every status read falls back to
// ingest's own record, as it does for a workflow the tracker has not
// projected yet.
func newTrackedHarness(t *testing.T) *harness {
	t.Helper()
	_, addr := startFakeTracker(t)
	return newHarness(t, func(c *app.Config) {
		c.Tracker = app.TrackerConfig{Client: trackerclient.Config{Addr: addr}, Timeout: 2 * time.Second}
	})
}

// newViewHarness runs ingest with a tracker when tracked, else without.
func newViewHarness(t *testing.T, tracked bool) *harness {
	t.Helper()
	if tracked {
		return newTrackedHarness(t)
	}
	return newHarness(t, nil)
}

func viewName(tracked bool) string {
	if tracked {
		return "tracked"
	}
	return "interim"
}

// eachView runs test once without a tracker (ingest's full interim view)
// and once with one (the view consumes only what ingest's side effects
// and APIs need).
func eachView(t *testing.T, test func(t *testing.T, h *harness)) {
	for _, tracked := range []bool{false, true} {
		t.Run(viewName(tracked), func(t *testing.T) { test(t, newViewHarness(t, tracked)) })
	}
}

// processed sums the records ingest's runtime consumed from topic.
func (h *harness) processed(topic string) float64 {
	h.t.Helper()
	mfs, err := h.rt.Registry.Gather()
	if err != nil {
		h.t.Fatal(err)
	}
	var n float64
	for _, mf := range mfs {
		if mf.GetName() != "docket_handler_processed_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "topic" && l.GetValue() == topic {
					n += m.GetCounter().GetValue()
				}
			}
		}
	}
	return n
}

// TestTrackedViewSkipsSubmitted: with a tracker, ingest's runtime neither
// subscribes to the submitted topic nor handles its records (the tracker
// projects progress, and the submission record is written at
// acceptance); the workflow still runs to its completion callback, and
// every status read answers from the record meanwhile. Without a tracker
// the view consumes it as before.
func TestTrackedViewSkipsSubmitted(t *testing.T) {
	for _, tracked := range []bool{false, true} {
		t.Run(viewName(tracked), func(t *testing.T) {
			h := newViewHarness(t, tracked)
			if got := slices.Contains(h.rt.Topics(), events.TopicSubmitted); got == tracked {
				t.Fatalf("runtime topics %v: submitted consumed %v, want %v", h.rt.Topics(), got, !tracked)
			}
			for _, topic := range []string{events.TopicExtracted, events.TopicClassified, events.TopicRecorded, events.TopicRejected, events.TopicControl, events.TopicSteps} {
				if !slices.Contains(h.rt.Topics(), topic) {
					t.Errorf("runtime topics %v lack %s", h.rt.Topics(), topic)
				}
			}
			rc := &receiver{}
			srv := httptest.NewServer(rc)
			defer srv.Close()
			wf, doc := submitWithCallback(t, h, "skip-1", "skip.pdf", srv.URL+"/hook")
			if _, st := h.get("/v1/documents/"+wf, acmeKey); st["filename"] != "skip.pdf" || st["view_source"] != "ingest-interim" {
				t.Fatalf("status before projection = %v, want the interim record with its file name", st)
			}
			text := h.putShared([]byte("a text"))
			h.produce(events.TopicExtracted, &events.DocumentExtracted{Meta: meta("skip-x", wf, "acme"), Document: doc, Text: text,
				Pages: []events.Page{}, Engine: events.Engine{Name: "t", Version: "1"}})
			h.produce(events.TopicClassified, &events.DocumentClassified{Meta: meta("skip-c", wf, "acme"), Document: doc, DocumentType: "invoice",
				Confidence: 0.9, Model: events.Model{Name: "m", Version: "1"}, Flags: []events.Flag{}})
			h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("skip-r", wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 3})
			st := h.waitStatus(wf, "completed")
			if st["filename"] != "skip.pdf" || st["result"].(map[string]any)["document_type"] != "invoice" {
				t.Errorf("status = %v", st)
			}
			waitFor(t, "the completion callback", func() bool { return callbackOf(h, wf)["state"] == "delivered" })
			if code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+"/text", acmeKey); code != http.StatusOK || string(b) != "a text" {
				t.Errorf("GET text = %d %s", code, b)
			}
			if tracked {
				// Published before the three others, which were handled.
				if n := h.processed(events.TopicSubmitted); n != 0 {
					t.Errorf("%v submitted records handled, want 0", n)
				}
			} else {
				waitFor(t, "the submitted record's handling", func() bool { return h.processed(events.TopicSubmitted) == 1 })
			}
			if n := h.processed(events.TopicRecorded); n != 1 {
				t.Errorf("%v recorded records handled, want 1", n)
			}
		})
	}
}

// TestTrackedRequestRecordsSubmission: with a tracker, a request from
// Kafka has its submission recorded by the handler that accepts it, so
// its status answers before the tracker projects it; a repeat of the
// request (same key) after an erasure does not record the file name
// again.
func TestTrackedRequestRecordsSubmission(t *testing.T) {
	h := newTrackedHarness(t)
	good := h.drop("acme", pdfDoc)
	cb := "http://127.0.0.1:1/cb"
	req := &events.DocumentRequested{Meta: meta("trq-1", "corr-trq-1", "acme"), Document: good, Filename: "private.pdf", IdempotencyKey: "trk-1",
		Labels: map[string]string{}, CallbackURL: &cb}
	h.produceRequest(acmeRequestSecret, req)
	wf := submit.WorkflowID("acme", "trk-1")
	st := h.waitStatus(wf, "queued")
	if st["filename"] != "private.pdf" || st["source"] != "request" || st["view_source"] != "ingest-interim" {
		t.Fatalf("status before projection = %v", st)
	}

	actor := "carol"
	erasure := &events.WorkflowControl{Meta: meta("trq-erase", wf, "acme"), Kind: events.KindErasureRequested, Reason: "art. 17", Actor: &actor,
		Details: map[string]string{}}
	events.AddDocumentDetails(erasure.Details, good)
	h.produce(events.TopicControl, erasure)
	// Answered once the blobs are deleted.
	if evs, _ := h.read(events.TopicSteps, 1, 20*time.Second); len(evs) != 1 || evs[0].(*events.WorkflowControl).Kind != events.KindContentErased {
		t.Fatalf("steps after the erasure: %v, want content_erased", evs)
	}

	again := *req
	again.Meta = meta("trq-2", "corr-trq-2", "acme")
	// The blob was erased: drop it again, as the tenant repeating its
	// request would.
	h.drop("acme", pdfDoc)
	h.produceRequest(acmeRequestSecret, &again)
	if evs, _ := h.read(events.TopicSubmitted, 2, 20*time.Second); len(evs) != 2 {
		t.Fatalf("%d submitted, want 2 (the request and its repeat)", len(evs))
	}
	_, m := h.get("/v1/documents/"+wf, acmeKey)
	if m["filename"] != nil || m["erased_at"] == nil || m["status"] != "queued" {
		t.Fatalf("status after the repeat = %v, want still erased, without its file name", m)
	}
}

// TestTrackedSubmitRecordsBeforePublishing: with a tracker, nothing else
// writes the submission record, so a submission whose record cannot be
// written is refused (503, to be retried) and publishes nothing; the
// retry records and publishes it.
func TestTrackedSubmitRecordsBeforePublishing(t *testing.T) {
	h := newTrackedHarness(t)
	wf := submit.WorkflowID("acme", "rec-1")
	// A value of the wrong type where the record goes: writing it fails.
	ctx := context.Background()
	if err := h.rdb.Set(ctx, "docket:ingest:wf:"+wf, "not a hash", time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	u := upload{apiKey: acmeKey, key: "rec-1", filename: "r.pdf", doc: pdfDoc}
	resp, body := h.postMultipart(u)
	if resp.StatusCode != http.StatusServiceUnavailable || errCode(body) != "unavailable" {
		t.Fatalf("POST with the record unwritable: %d %v, want 503 unavailable", resp.StatusCode, body)
	}
	if _, recs := h.read(events.TopicSubmitted, 0, time.Second); len(recs) != 0 {
		t.Fatalf("%d submitted events published without a record", len(recs))
	}
	if err := h.rdb.Del(ctx, "docket:ingest:wf:"+wf).Err(); err != nil {
		t.Fatal(err)
	}
	resp, body = h.postMultipart(u)
	if resp.StatusCode != http.StatusAccepted || body["workflow_id"] != wf {
		t.Fatalf("retry: %d %v, want 202 %s", resp.StatusCode, body, wf)
	}
	if _, recs := h.read(events.TopicSubmitted, 1, 10*time.Second); len(recs) != 1 {
		t.Fatalf("%d submitted events after the retry, want 1", len(recs))
	}
	if st := h.waitStatus(wf, "queued"); st["filename"] != "r.pdf" {
		t.Errorf("status = %v", st)
	}
}

// commandCalls returns how often Redis ran cmd (scripts' commands
// included).
func (h *harness) commandCalls(cmd string) int64 {
	h.t.Helper()
	return dockettest.CommandCalls(h.t, h.rdb)[cmd]
}

// TestExtractedReadsContentOnlyWhenErased: the extracted event's update
// tells whether the workflow was erased before its text arrived, so the
// view reads the record's content references (one more round trip, an
// HMGET of its own) only to delete a late text (TestErasureWhileOCRWorks).
// An update reads the record once, in its script: one HMGET.
func TestExtractedReadsContentOnlyWhenErased(t *testing.T) {
	h := newTrackedHarness(t)
	wf, doc := h.submitPDF("x-1", "x.pdf")
	h.waitStatus(wf, "queued")
	before := h.commandCalls("hmget")
	h.produce(events.TopicExtracted, &events.DocumentExtracted{Meta: meta("x-x", wf, "acme"), Document: doc, Text: h.putShared([]byte("x")),
		Pages: []events.Page{}, Engine: events.Engine{Name: "t", Version: "1"}})
	h.waitStatus(wf, "running")
	waitFor(t, "the extracted record's handling", func() bool { return h.processed(events.TopicExtracted) == 1 })
	if n := h.commandCalls("hmget") - before; n != 1 {
		t.Errorf("%d HMGET calls for the text of a workflow not erased, want 1 (the update's own read)", n)
	}
	// The other updates do not ask either.
	before = h.commandCalls("hmget")
	h.produce(events.TopicClassified, &events.DocumentClassified{Meta: meta("x-c", wf, "acme"), Document: doc, DocumentType: "invoice",
		Confidence: 0.9, Model: events.Model{Name: "m", Version: "1"}, Flags: []events.Flag{}})
	waitFor(t, "the classified record's handling", func() bool { return h.processed(events.TopicClassified) == 1 })
	if n := h.commandCalls("hmget") - before; n != 1 {
		t.Errorf("%d HMGET calls for a classified update, want 1 (the update's own read)", n)
	}
}

// TestClassificationReadAfterRecorded: the classified and recorded events
// travel on different topics, so the recorded one may be read first (from
// outside, 8 of 214 completed workflows showed no result). The document
// type and confidence still reach the status, in either view.
func TestClassificationReadAfterRecorded(t *testing.T) {
	eachView(t, func(t *testing.T, h *harness) {
		wf, doc := h.submitPDF("late-c", "late.pdf")
		h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta("late-r", wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 3})
		h.waitStatus(wf, "completed")
		h.produce(events.TopicClassified, &events.DocumentClassified{Meta: meta("late-cl", wf, "acme"), Document: doc, DocumentType: "invoice",
			Confidence: 0.93, Model: events.Model{Name: "m", Version: "1"}, Flags: []events.Flag{}})
		waitFor(t, "the classified record's handling", func() bool { return h.processed(events.TopicClassified) == 1 })
		m := h.waitStatus(wf, "completed")
		r, _ := m["result"].(map[string]any)
		if r["document_type"] != "invoice" || r["confidence"] != 0.93 {
			t.Errorf("result after a late classification: %v, want invoice at 0.93", m["result"])
		}
	})
}

// TestWaitingReviewShowsConfidence: a workflow waiting for review shows
// the model's confidence beside the suggested type (from outside, only
// the type and the reason were there).
func TestWaitingReviewShowsConfidence(t *testing.T) {
	eachView(t, func(t *testing.T, h *harness) {
		wf, doc := h.submitPDF("wr-1", "wr.pdf")
		suggested := "invoice"
		h.produce(events.TopicReviewRequested, &events.ReviewRequested{Meta: meta("wr-r", wf, "acme"), Document: doc, Reason: "low_confidence",
			Confidence: 0.61, SuggestedType: &suggested, Candidates: []events.Candidate{}, Flags: []events.Flag{}, Context: map[string]string{}})
		m := h.waitStatus(wf, "waiting_review")
		r, _ := m["result"].(map[string]any)
		if r["document_type"] != "invoice" || r["confidence"] != 0.61 || r["review_reason"] != "low_confidence" {
			t.Errorf("result while waiting for review: %v, want invoice at 0.61 for low_confidence", m["result"])
		}
	})
}

// TestStatusShowsTheModelsOwnScore: where a title set the confidence,
// the status shows the model's own score beside it (found from outside,
// seventy-seventh trial: 0.944, the title rule's precision, shown where
// the model had said 0.29, nothing else saying so); where the model's
// score is the confidence, none.
func TestStatusShowsTheModelsOwnScore(t *testing.T) {
	eachView(t, func(t *testing.T, h *harness) {
		wf, doc := h.submitPDF("ms-1", "ms.pdf")
		suggested := "invoice"
		h.produce(events.TopicReviewRequested, &events.ReviewRequested{Meta: meta("ms-r", wf, "acme"), Document: doc, Reason: "rule_required",
			Confidence: 0.944, SuggestedType: &suggested, Candidates: []events.Candidate{}, Flags: []events.Flag{}, Context: map[string]string{"model.score": "invoice 0.2907"}})
		m := h.waitStatus(wf, "waiting_review")
		r, _ := m["result"].(map[string]any)
		if r["confidence"] != 0.944 || r["model_score"] != 0.2907 {
			t.Errorf("result: %v, want confidence 0.944 and the model's own 0.2907", m["result"])
		}
		wf2, doc2 := h.submitPDF("ms-2", "ms2.pdf")
		h.produce(events.TopicReviewRequested, &events.ReviewRequested{Meta: meta("ms-r2", wf2, "acme"), Document: doc2, Reason: "low_confidence",
			Confidence: 0.61, SuggestedType: &suggested, Candidates: []events.Candidate{}, Flags: []events.Flag{}, Context: map[string]string{}})
		m = h.waitStatus(wf2, "waiting_review")
		if r, _ := m["result"].(map[string]any); r["model_score"] != nil {
			t.Errorf("result: %v, want no model_score where the model's score is the confidence", m["result"])
		}
	})
}

// submitPDF submits pdfDoc for acme under key and returns its workflow id
// and its document as the submitted event names it.
func (h *harness) submitPDF(key, filename string) (string, events.BlobRef) {
	h.t.Helper()
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: key, doc: pdfDoc, filename: filename})
	if resp.StatusCode != http.StatusAccepted {
		h.t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	subs, _ := h.read(events.TopicSubmitted, 1, 10*time.Second)
	return body["workflow_id"].(string), subs[0].(*events.DocumentSubmitted).Document
}

// TestDocumentShowsDecisionFigures: the document read API shows the
// figures the decision was made on (found from outside: no API showed the
// largest amount or the thresholds it was held against), and not the
// text's own words behind the model's score.
func TestDocumentShowsDecisionFigures(t *testing.T) {
	eachView(t, func(t *testing.T, h *harness) {
		wf, doc := h.submitPDF("ctx-1", "ctx.pdf")
		h.produce(events.TopicClassified, &events.DocumentClassified{Meta: meta("ctx-c", wf, "acme"), Document: doc, DocumentType: "invoice",
			Confidence: 0.97, Model: events.Model{Name: "m", Version: "1"}, Flags: []events.Flag{},
			Context: map[string]string{"amount.max": "12500.00 BDT", "amount.basis": "currency", "policy.amount_thresholds": "BDT=1200000", "model.top_features": "karim,rahman", "model.titled": "INVOICE for Karim Rahman"}})
		var got struct {
			Classification struct {
				Context map[string]string `json:"context"`
			} `json:"classification"`
		}
		waitFor(t, "the classification in the document", func() bool {
			code, _, b := readAs(t, h.url+"/v1/workflows/"+wf+"/document", acmeKey)
			return code == http.StatusOK && json.Unmarshal(b, &got) == nil && got.Classification.Context != nil
		})
		c := got.Classification.Context
		if c["amount.max"] != "12500.00 BDT" || c["amount.basis"] != "currency" || c["policy.amount_thresholds"] != "BDT=1200000" {
			t.Errorf("context %v: want the amount and its thresholds", c)
		}
		if _, ok := c["model.top_features"]; ok {
			t.Errorf("context %v shows the text's words", c)
		}
		if _, ok := c["model.titled"]; ok {
			t.Errorf("context %v shows the title line", c)
		}
	})
}
