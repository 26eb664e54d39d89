package timers

import (
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// TestCompensationRequestEvent: a compensate timer fires the step's
// compensation_requested event, whose id derives from the workflow and the
// step alone (a timer fired again, at another due time, is a duplicate),
// with the step, the cause and, for OCR, the text artefacts to delete.
func TestCompensationRequestEvent(t *testing.T) {
	tm := store.Timer{Member: "compensate:wf", Kind: store.TimerCompensate, Target: "wf", Workflow: "wf", Tenant: "acme",
		Due: time.UnixMilli(1000).UTC(), Step: events.StepOCR, Cause: "canceled: withdrawn", Effect: "t1,t2"}
	ev := Event(tm)
	later := tm
	later.Due = tm.Due.Add(time.Minute)
	if ev == nil || ev.Kind != events.KindCompensationRequested || ev.Meta.EventID != Event(later).Meta.EventID ||
		ev.Meta.EventID != CompensationEventID("wf", events.StepOCR) {
		t.Fatalf("event = %+v, want compensation_requested with the id of wf's ocr step", ev)
	}
	want := map[string]string{events.DetailStep: events.StepOCR, events.DetailCause: "canceled: withdrawn", projection.DetailTextSHA256: "t1,t2"}
	for k, v := range want {
		if ev.Details[k] != v {
			t.Errorf("details[%s] = %q, want %q", k, ev.Details[k], v)
		}
	}
	tm.Step = events.StepLedger
	if got := Event(tm); got.Meta.EventID == ev.Meta.EventID || got.Details[projection.DetailTextSHA256] != "" {
		t.Errorf("ledger's request = %+v: want its own id and no text", got)
	}
}
