package ingest_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// TestReversedCallback: the notify step's compensation sends a workflow
// whose completion callback went out a follow-up callback with status
// reversed, once however often it is asked, and answers compensated; a
// workflow without a callback has nothing to undo.
func TestReversedCallback(t *testing.T) { eachView(t, testReversedCallback) }

func testReversedCallback(t *testing.T, h *harness) {
	rc := &receiver{}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "rev-1", doc: pdfDoc, filename: "rev.pdf", fields: [][2]string{{"callback_url", srv.URL + "/hook"}}})
	if resp.StatusCode != 202 {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)
	resp, body = h.postMultipart(upload{apiKey: acmeKey, key: "rev-2", doc: pdfDoc, filename: "quiet.pdf"})
	if resp.StatusCode != 202 {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	quiet := body["workflow_id"].(string)
	h.waitStatus(wf, "queued")
	h.waitStatus(quiet, "queued")
	h.produce(events.TopicRecorded,
		&events.DocumentRecorded{Meta: meta("rev-rec-1", wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: 1},
		&events.DocumentRecorded{Meta: meta("rev-rec-2", quiet, "acme"), LedgerTopic: events.TopicLedger, Sequence: 2})
	waitFor(t, "completion callback", func() bool { return callbackOf(h, wf)["state"] == "delivered" })

	request := func(id, wf string) *events.WorkflowControl {
		return &events.WorkflowControl{Meta: meta(id, wf, "acme"), Kind: events.KindCompensationRequested,
			Details: map[string]string{events.DetailStep: events.StepNotify, events.DetailCause: "canceled: by the test"}}
	}
	again := request("rev-comp-1", wf)
	again.Meta.EventID = "rev-comp-1-again" // a second request of the same step, under another id
	h.produce(events.TopicControl, request("rev-comp-1", wf), request("rev-comp-2", quiet), again)
	evs, _ := h.read(events.TopicSteps, 3, 30*time.Second)
	answers := map[string]string{}
	for _, e := range evs {
		c, ok := e.(*events.WorkflowControl)
		if !ok || c.Kind != events.KindCompensated || c.Details[events.DetailStep] != events.StepNotify {
			t.Fatalf("step event %+v, want compensated of notify", e)
		}
		answers[c.Meta.CausationID] = c.Details["callback"] + c.Details[events.DetailNothingToUndo]
	}
	if answers["rev-comp-1"] != "reversed" || answers["rev-comp-2"] != "true" || answers["rev-comp-1-again"] != "reversed" {
		t.Fatalf("answers by request = %v, want the reversed callback, nothing to undo, and the reversed callback again", answers)
	}
	// Every request was answered before the reversed callback was
	// delivered: a second scheduling would show as another delivery.
	waitFor(t, "reversed callback", func() bool {
		rc.mu.Lock()
		defer rc.mu.Unlock()
		return len(rc.payloads) >= 2 && callbackOf(h, wf)["state"] == "delivered"
	})
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.payloads) != 2 || rc.payloads[0]["status"] != "completed" || rc.payloads[1]["status"] != "reversed" || rc.payloads[1]["workflow_id"] != wf {
		t.Fatalf("callbacks %v, want completed then reversed, once each", rc.payloads)
	}
}
