package exception_test

import (
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/exception/internal/server"
)

// A garbage record keyed with a live workflow's id is dead-lettered under
// that id: nothing else names a workflow. Its dead letter proves none (its
// original does not decode), so the agent parks it as a poison record and
// tells no workflow: no control event, no review, no redelivery, and the
// workflow's own parked items (which settle with it) do not include it.
// The same for a keyless one. A real failure of that workflow is still
// parked under it.
func TestPoisonDeadLetterChangesNoWorkflow(t *testing.T) {
	h := newHarness(t)
	a := startAgent(t, h, testConfig())
	victim := submittedRecord(t, h, 41)
	wf := string(victim.key)
	garbage := []byte("garbage, not an event")
	keyed := deadLetter("dl-poison-keyed", original{key: victim.key, value: garbage}, "structural", 50, 1)
	keyless := deadLetter("dl-poison-keyless", original{key: []byte("unkeyed-5d8e2b1f"), value: garbage}, "transient", 51, 1)
	proven := deadLetter("dl-real", victim, "structural", 52, 1)
	h.produceDLQ(t, keyed, keyless, proven)

	cs := h.controls(t, wf, 1, 30*time.Second)
	if len(cs) != 1 || cs[0].Kind != "parked" || cs[0].Details["dead_letter"] != "dl-real" {
		t.Fatalf("control events of %s: %+v, want one, parking dl-real", wf, cs)
	}
	// Outputs go out in the order of their dead letters: the poison ones
	// were handled before dl-real's control event was produced.
	if cs := h.controls(t, wf, 2, time.Second); len(cs) != 1 {
		t.Errorf("control events of %s: %+v, want only dl-real's", wf, cs)
	}
	if rs := h.reviews(t, wf, 2, time.Second); len(rs) != 1 || rs[0].Context["dead_letter"] != "dl-real" {
		t.Errorf("review requests of %s: %+v, want only dl-real's", wf, rs)
	}
	if cs := h.controls(t, "unkeyed-5d8e2b1f", 1, time.Second); len(cs) != 0 {
		t.Errorf("control events of the keyless record's key: %+v, want none", cs)
	}
	if rs := h.reviews(t, "unkeyed-5d8e2b1f", 1, time.Second); len(rs) != 0 {
		t.Errorf("review requests of the keyless record's key: %+v, want none", rs)
	}
	if recs := h.retries(t, events.ServiceOCR, 1, time.Second); len(recs) != 0 {
		t.Errorf("%d redeliveries, want none: a poison record is not retried", len(recs))
	}

	var list struct{ Items []server.Summary }
	if code := api(t, a, "GET", "/v1/parked?workflow="+wf, "", &list); code != 200 || len(list.Items) != 1 || list.Items[0].ID != "dl-real" {
		t.Errorf("parked items of %s: %d %+v, want only dl-real", wf, code, list.Items)
	}
	if code := api(t, a, "GET", "/v1/parked?service=ocr", "", &list); code != 200 {
		t.Fatalf("GET /v1/parked = %d", code)
	}
	poison := map[string]server.Summary{}
	for _, it := range list.Items {
		if it.Kind == "poison" {
			poison[it.ID] = it
		}
	}
	for _, id := range []string{"dl-poison-keyed", "dl-poison-keyless"} {
		it, ok := poison[id]
		if !ok || it.Workflow != "" {
			t.Errorf("parked %s: %+v (found %v), want a poison item of no workflow", id, it, ok)
		}
	}
}
