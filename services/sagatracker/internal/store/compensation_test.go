package store

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// compFeed builds ops from real events, as the consumer does, each on its
// own offset of its topic.
type compFeed struct {
	t    *testing.T
	s    *Store
	offs map[string]int64
	sec  int
}

func (f *compFeed) meta(wf, id, producer string) events.Meta {
	f.sec++
	return events.Meta{EventID: id, WorkflowID: wf, TenantID: "acme", OccurredAt: t0.Add(time.Duration(f.sec) * time.Second),
		Producer: events.Producer{Service: producer, Version: "test"}}
}

// apply projects e from topic; the same event applied again is a
// redelivery on a new offset.
func (f *compFeed) apply(topic string, e events.Event) {
	f.t.Helper()
	tp := projection.TP(topic, 0)
	o, ok := projection.Build(projection.Record{Topic: topic, Offset: f.offs[tp], Key: []byte(e.EventMeta().WorkflowID)}, e)
	if !ok {
		f.t.Fatalf("%T built no op", e)
	}
	f.offs[tp]++
	if _, err := f.s.Apply(context.Background(), []projection.Op{o}, map[string]int64{tp: f.offs[tp]}); err != nil {
		f.t.Fatal(err)
	}
}

func (f *compFeed) control(topic, wf, id, producer, kind, reason string, details map[string]string) *events.WorkflowControl {
	ev := &events.WorkflowControl{Meta: f.meta(wf, id, producer), Kind: kind, Reason: reason, Details: details}
	f.apply(topic, ev)
	return ev
}

func (f *compFeed) extracted(wf, text string) {
	f.apply(events.TopicExtracted, &events.DocumentExtracted{Meta: f.meta(wf, wf+"-extracted", events.ServiceOCR),
		Text: events.BlobRef{URI: "docket-blob://sha256/" + text, SHA256: text}, Pages: []events.Page{}})
}

// recorded projects the ledger's record of wf with outcome, and the
// recorded event.
func (f *compFeed) recorded(wf, outcome string) {
	f.apply(events.TopicLedger, &events.LedgerRecord{Meta: f.meta(wf, wf+"-record", events.ServiceLedger), WorkflowID: wf, Sequence: 7,
		Kind: "disposition", Decision: events.Decision{Outcome: outcome}})
	f.apply(events.TopicRecorded, &events.DocumentRecorded{Meta: f.meta(wf, wf+"-recorded", events.ServiceLedger), LedgerTopic: events.TopicLedger, Sequence: 7})
}

func (f *compFeed) answer(wf, producer, step string, ok bool) {
	kind, details := events.KindCompensated, map[string]string{events.DetailStep: step}
	if !ok {
		kind, details[events.DetailError] = events.KindCompensationFailed, "bucket refuses deletes"
	}
	f.control(events.TopicSteps, wf, wf+"-"+kind+"-"+step+"-"+producer, producer, kind, "", details)
}

// status returns the workflow's status.
func (f *compFeed) status(wf string) Workflow {
	f.t.Helper()
	w, err := f.s.Get(context.Background(), wf)
	if err != nil {
		f.t.Fatal(err)
	}
	return w
}

// due claims and acks the due compensate timers, as the timer loop fires
// them, and returns them by workflow.
func (f *compFeed) due() map[string]Timer {
	f.t.Helper()
	got, err := f.s.ClaimDue(context.Background(), time.Now().Add(time.Hour), 30*time.Second, 100)
	if err != nil {
		f.t.Fatal(err)
	}
	out := map[string]Timer{}
	for _, tm := range got {
		if tm.Kind != TimerCompensate {
			continue
		}
		out[tm.Workflow] = tm
		if err := f.s.Ack(context.Background(), tm.Member); err != nil {
			f.t.Fatal(err)
		}
	}
	return out
}

// TestCompensationOrchestration: a workflow canceled or failed for good
// after some steps had effects steps back: the steps with effects are asked
// one at a time, last step first (a late event's effect joins the plan),
// each once however often the event that caused it is redelivered; the
// workflow ends compensated, or parked for a person (compensation_failed)
// when a step cannot undo its effect. The ledger's record of a discarded
// workflow is its failure on record, not an effect to undo. A workflow without effects stays
// canceled, and a report about a step its producer does not own changes
// nothing.
func TestCompensationOrchestration(t *testing.T) {
	f := &compFeed{t: t, s: newStore(t), offs: map[string]int64{}}

	// a: canceled after OCR stored its text.
	f.extracted("a", "t1")
	f.control(events.TopicControl, "a", "a-cancel-requested", events.ServiceSagaTracker, projection.KindCancelRequested, "customer withdrew", nil)
	cancelA := f.control(events.TopicSteps, "a", "a-canceled", events.ServiceClassifier, projection.KindCanceled, "customer withdrew", nil)
	if w := f.status("a"); w.Status != projection.StatusCompensating {
		t.Fatalf("a after cancel: %s, want compensating", w.Status)
	}
	due := f.due()
	if tm := due["a"]; tm.Step != events.StepOCR || tm.Effect != "t1" || tm.Cause != "canceled: customer withdrew" {
		t.Fatalf("a's request = %+v, want ocr of text t1 caused by the cancel", tm)
	}
	f.apply(events.TopicSteps, cancelA) // redelivered
	if got := f.due(); len(got) != 0 {
		t.Fatalf("a redelivered cancel requested %v again", got)
	}
	f.answer("a", events.ServiceClassifier, events.StepOCR, true) // not its step
	if w := f.status("a"); w.Status != projection.StatusCompensating {
		t.Fatalf("a after a report from a service that does not own ocr: %s, want compensating", w.Status)
	}
	f.answer("a", events.ServiceOCR, events.StepOCR, true)
	if w := f.status("a"); w.Status != projection.StatusCompensated {
		t.Fatalf("a after ocr compensated: %s, want compensated", w.Status)
	}
	if got := f.due(); len(got) != 0 {
		t.Fatalf("a compensated still requests %v", got)
	}

	// b: canceled while the ledger recorded it: the late recording's
	// effects (ledger, and ingest's callback) join, undone last step first.
	f.extracted("b", "t2")
	f.control(events.TopicControl, "b", "b-canceled", events.ServiceSagaTracker, projection.KindCanceled, "operator", nil)
	if tm := f.due()["b"]; tm.Step != events.StepOCR {
		t.Fatalf("b's first request = %+v, want ocr", tm)
	}
	f.recorded("b", "approved")
	if got := f.due(); len(got) != 0 {
		t.Fatalf("b requested %v while ocr's compensation is open", got)
	}
	f.answer("b", events.ServiceOCR, events.StepOCR, true)
	for _, step := range []string{events.StepNotify, events.StepLedger} {
		tm := f.due()["b"]
		if tm.Step != step || tm.Cause != "canceled: operator" {
			t.Fatalf("b's next request = %+v, want %s", tm, step)
		}
		if w := f.status("b"); w.Status != projection.StatusCompensating {
			t.Fatalf("b while %s compensates: %s", step, w.Status)
		}
		owner := map[string]string{events.StepNotify: events.ServiceIngest, events.StepLedger: events.ServiceLedger}[step]
		f.answer("b", owner, step, true)
	}
	if w := f.status("b"); w.Status != projection.StatusCompensated {
		t.Fatalf("b: %s, want compensated", w.Status)
	}

	// c: failed for good (an operator discarded its parked item) after
	// OCR; the ledger's record of the discard, which arrives meanwhile, is
	// the failure on record and stays; ingest's callback joins the plan.
	f.extracted("c", "t3")
	f.control(events.TopicControl, "c", "c-discarded", events.ServiceException, projection.KindDiscarded, "bad scan",
		map[string]string{"service": events.ServiceClassifier, "source_topic": events.TopicExtracted})
	f.recorded("c", "discarded")
	for _, step := range []string{events.StepOCR, events.StepNotify} {
		tm := f.due()["c"]
		if tm.Step != step || tm.Cause != "discarded: bad scan" {
			t.Fatalf("c's request = %+v, want %s caused by the discard", tm, step)
		}
		owner := map[string]string{events.StepOCR: events.ServiceOCR, events.StepNotify: events.ServiceIngest}[step]
		f.answer("c", owner, step, true)
	}
	if w := f.status("c"); w.Status != projection.StatusCompensated {
		t.Fatalf("c: %s, want compensated without the ledger's discard record undone", w.Status)
	}

	// e: OCR cannot delete: parked for a person.
	f.extracted("e", "t4")
	f.control(events.TopicControl, "e", "e-discarded", events.ServiceException, projection.KindDiscarded, "bad scan",
		map[string]string{"service": events.ServiceClassifier, "source_topic": events.TopicExtracted})
	if tm := f.due()["e"]; tm.Step != events.StepOCR {
		t.Fatalf("e's request = %+v, want ocr", tm)
	}
	f.answer("e", events.ServiceOCR, events.StepOCR, false)
	w := f.status("e")
	if w.Status != projection.StatusCompensationFailed || w.LastError != "compensation of ocr failed: bucket refuses deletes" {
		t.Fatalf("e: %s (%q), want compensation_failed with the step's error", w.Status, w.LastError)
	}
	if got := f.due(); len(got) != 0 {
		t.Fatalf("e parked still requests %v", got)
	}

	// d: canceled before any step had an effect.
	f.control(events.TopicControl, "d", "d-canceled", events.ServiceSagaTracker, projection.KindCanceled, "early", nil)
	if w := f.status("d"); w.Status != projection.StatusCanceled {
		t.Fatalf("d: %s, want canceled", w.Status)
	}

	// Each ended once, counted by what ended it: compensation is no
	// second end (found from outside: a canceled workflow that stepped
	// back was counted nowhere).
	st, err := f.s.Stats(context.Background(), "", t0.Add(30*time.Minute), time.Hour, false)
	if err != nil {
		t.Fatal(err)
	}
	if st.Canceled != 3 || st.Failed != 2 || st.Ended != 5 {
		t.Fatalf("stats: canceled %d, failed %d, ended %d; want 3 (a b d), 2 (c e), 5", st.Canceled, st.Failed, st.Ended)
	}
}

// TestAgentsCanceledNeedsARequest: a canceled event on the steps topic,
// which every agent's principal may write, ends a workflow only after a
// cancel was requested (found from outside: one OCR's principal wrote
// ended a workflow waiting for review and closed its task).
func TestAgentsCanceledNeedsARequest(t *testing.T) {
	f := &compFeed{t: t, s: newStore(t), offs: map[string]int64{}}
	f.extracted("x", "t9")
	f.apply(events.TopicReviewRequested, &events.ReviewRequested{Meta: f.meta("x", "x-review", events.ServiceClassifier), Reason: "low_confidence",
		Priority: 1, SLADeadline: t0.Add(time.Hour), Document: events.BlobRef{URI: "docket-blob://sha256/ab", SHA256: "ab"}})
	f.control(events.TopicSteps, "x", "x-forged", events.ServiceOCR, projection.KindCanceled, "forged", nil)
	w := f.status("x")
	if w.Status != projection.StatusWaitingReview || w.ReviewTask == "" {
		t.Fatalf("x after a canceled no one requested: %s, task %q; want waiting_review with its task", w.Status, w.ReviewTask)
	}
	f.control(events.TopicControl, "x", "x-cancel-requested", events.ServiceSagaTracker, projection.KindCancelRequested, "customer withdrew", nil)
	f.control(events.TopicSteps, "x", "x-canceled", events.ServiceOCR, projection.KindCanceled, "customer withdrew", nil)
	if w := f.status("x"); w.Status != projection.StatusCompensating {
		t.Fatalf("x after a requested cancel obeyed: %s, want compensating (its text to undo)", w.Status)
	}
}
