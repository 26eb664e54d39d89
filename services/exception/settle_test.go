package exception_test

import (
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/exception/internal/server"
)

func recorded(id, workflow string) *events.DocumentRecorded {
	d := &events.DocumentRecorded{LedgerTopic: events.TopicLedger, LedgerPartition: 0, LedgerOffset: 7, RecordHash: []byte{1, 2}, Sequence: 8}
	d.Meta = events.Meta{
		EventID: id, WorkflowID: workflow, TenantID: "acme", CausationID: "decision-" + id,
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond), Producer: events.Producer{Service: "ledger", Version: "test"},
	}
	return d
}

// Once the ledger recorded a workflow (here after a reviewer's decision),
// the agent removes its parked items, announces each as settled, and
// leaves other workflows' items alone. A duplicate event settles nothing
// twice.
func TestRecordedWorkflowSettlesParkedItems(t *testing.T) {
	h := newHarness(t)
	a := startAgent(t, h, testConfig())
	decided := submittedRecord(t, h, 51)
	other := submittedRecord(t, h, 52)
	h.produceDLQ(t,
		deadLetter("dl-s51", decided, "structural", 40, 1),
		deadLetter("dl-m51", decided, "semantic", 41, 1),
		deadLetter("dl-s52", other, "structural", 42, 1))
	wf, otherWF := string(decided.key), string(other.key)
	if cs := h.controls(t, wf, 2, 30*time.Second); len(cs) != 2 {
		t.Fatalf("%s: %d control events, want 2 parked", wf, len(cs))
	}
	if cs := h.controls(t, otherWF, 1, 30*time.Second); len(cs) != 1 {
		t.Fatalf("%s: %d control events, want 1 parked", otherWF, len(cs))
	}

	d := recorded("rec-51", wf)
	dockettest.Produce(t, h.client, h.codec, events.TopicRecorded, d, d, recorded("rec-53", "wf-nothing-parked"))
	cs := h.controls(t, wf, 4, 30*time.Second)
	settled := map[string]bool{}
	for _, c := range cs {
		if c.Kind != "settled" {
			continue
		}
		settled[c.Details["parked_id"]] = true
		wantEqual(t, "settled recorded_event", c.Details["recorded_event"], "rec-51")
		wantEqual(t, "settled service", c.Details["service"], events.ServiceOCR)
		wantEqual(t, "settled cause", c.Meta.CausationID, "rec-51")
	}
	if len(cs) != 4 || !settled["dl-s51"] || !settled["dl-m51"] {
		t.Fatalf("%s: control events %+v, want 2 parked and 2 settled (dl-s51, dl-m51)", wf, cs)
	}

	// The agent removes the items when it consumes its own settled events.
	var list struct{ Items []server.Summary }
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		code := api(t, a, "GET", "/v1/parked", "", &list)
		if code == 200 && len(list.Items) == 1 && list.Items[0].ID == "dl-s52" {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("GET /v1/parked = %d with %+v, want only dl-s52", code, list.Items)
		}
	}
	if code := api(t, a, "POST", "/v1/parked/dl-s51/replay", `{"actor":"ops"}`, nil); code != 404 {
		t.Errorf("replay of a settled item = %d, want 404", code)
	}
	// The duplicate and the event of a workflow with nothing parked
	// emitted nothing more.
	if cs := h.controls(t, wf, 5, 2*time.Second); len(cs) != 4 {
		t.Errorf("%s: %d control events after the duplicate, want 4", wf, len(cs))
	}
	if cs := h.controls(t, "wf-nothing-parked", 1, time.Second); len(cs) != 0 {
		t.Errorf("workflow without parked items: control events %+v, want none", cs)
	}
}
