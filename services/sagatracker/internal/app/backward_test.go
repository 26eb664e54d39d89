package app

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/operations"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

func ledgerControl(wf, id, kind, reason string, sec int, details map[string]string) *events.WorkflowControl {
	actor := "carol"
	return &events.WorkflowControl{Meta: meta(wf, id, sec, "", "ledger"), Kind: kind, Reason: reason, Actor: &actor, Details: details}
}

// recordedFlow projects a workflow through to its ledger record: 4 events.
func (e *env) recordedFlow(wf string) {
	e.t.Helper()
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicExtracted, extracted(wf, 10), 2)
	e.step(events.TopicClassified, classified(wf, 20), 3)
	e.step(events.TopicRecorded, recorded(wf, wf+"-classified", 30), 4)
}

// controlEvents decodes the control events on the topic for wf.
func (e *env) controlEvents(wf string, want int) []*events.WorkflowControl {
	e.t.Helper()
	var out []*events.WorkflowControl
	for _, r := range e.kafka.ReadCommitted(e.t, events.TopicControl, want, 5*time.Second) {
		ev, err := e.codec.Decode(r.Value)
		if err != nil {
			e.t.Fatalf("decode control event: %v", err)
		}
		if c := ev.(*events.WorkflowControl); c.Meta.WorkflowID == wf {
			out = append(out, c)
		}
	}
	return out
}

// TestCorrectWorkflow: only an operator corrects, with a reason, a valid
// type and outcome, a workflow that is recorded; the request is one
// correction_requested event (the same id when retried) and an audit
// event; the ledger's corrected event then sets the workflow's type and
// its correction, and a refusal is history.
func TestCorrectWorkflow(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) {
		c.Tokens = acmeToken + "=tenant:acme," + operatorToken + "=operator"
	}, clock.NewManual(at(100)))
	ops := tr.operations(t)
	op := bearer(operatorToken)
	const wf, running = "wf-correct", "wf-correct-running"
	e.recordedFlow(wf)
	e.step(events.TopicSubmitted, submitted(running, 0), 1)

	ok := &trackerv1.CorrectWorkflowRequest{WorkflowId: wf, DocumentType: "contract", Outcome: "rejected", Reason: "signed contract, not an invoice"}
	with := func(f func(r *trackerv1.CorrectWorkflowRequest)) *trackerv1.CorrectWorkflowRequest {
		r := &trackerv1.CorrectWorkflowRequest{WorkflowId: ok.WorkflowId, DocumentType: ok.DocumentType, Outcome: ok.Outcome, Reason: ok.Reason}
		f(r)
		return r
	}
	for _, c := range []struct {
		name string
		ctx  context.Context
		req  *trackerv1.CorrectWorkflowRequest
		code codes.Code
	}{
		{"no token", context.Background(), ok, codes.Unauthenticated},
		{"tenant", bearer(acmeToken), ok, codes.PermissionDenied},
		{"no reason", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.Reason = "" }), codes.InvalidArgument},
		{"no type", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.DocumentType = "" }), codes.InvalidArgument},
		{"bad type", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.DocumentType = "Invoice; drop" }), codes.InvalidArgument},
		{"bad outcome", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.Outcome = "maybe" }), codes.InvalidArgument},
		{"a type the classifier does not know", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.DocumentType = "invoce" }), codes.InvalidArgument},
		{"the type it has already", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.DocumentType, r.Outcome = "invoice", "" }), codes.FailedPrecondition},
		{"long request id", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.RequestId = strings.Repeat("x", 257) }), codes.InvalidArgument},
		{"unknown workflow", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.WorkflowId = "wf-unknown" }), codes.NotFound},
		{"not recorded", op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.WorkflowId = running }), codes.FailedPrecondition},
	} {
		_, err := ops.CorrectWorkflow(c.ctx, c.req)
		wantCode(t, c.name, err, c.code)
	}

	resp, err := ops.CorrectWorkflow(op, ok)
	if err != nil {
		t.Fatalf("CorrectWorkflow: %v", err)
	}
	again, err := ops.CorrectWorkflow(op, ok)
	if err != nil || again.GetEventId() != resp.GetEventId() {
		t.Fatalf("retried correction = %v, %v; want event %s again", again, err, resp.GetEventId())
	}
	other, err := ops.CorrectWorkflow(op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.RequestId = "ticket-7" }))
	if err != nil || other.GetEventId() != operations.CorrectionEventID(wf, "ticket-7") || other.GetEventId() == resp.GetEventId() {
		t.Fatalf("correction ticket-7 = %v, %v; want its own event id", other, err)
	}
	_, err = ops.CorrectWorkflow(op, with(func(r *trackerv1.CorrectWorkflowRequest) { r.RequestId, r.DocumentType = "ticket-7", "receipt" }))
	wantCode(t, "a request id used again for another correction", err, codes.AlreadyExists)
	got := e.controlEvents(wf, 3)
	if len(got) != 3 {
		t.Fatalf("got %d control events, want 3 (a retry produces the same event again)", len(got))
	}
	c := got[0]
	wantDetails := map[string]string{"document_type": "contract", "outcome": "rejected", "request_id": c.Details["request_id"]}
	if c.Kind != events.KindCorrectionRequested || c.Meta.EventID != resp.GetEventId() || c.Reason != ok.Reason ||
		c.Actor == nil || *c.Actor != "operator" || c.Details["request_id"] == "" || !reflect.DeepEqual(c.Details, wantDetails) ||
		c.Meta.EventID != operations.CorrectionEventID(wf, c.Details["request_id"]) {
		t.Fatalf("correction_requested = %+v", c)
	}
	audits := e.kafka.ReadCommitted(t, events.TopicAudit, 3, 5*time.Second)
	if len(audits) != 3 {
		t.Fatalf("got %d audit events, want 3", len(audits))
	}
	ev, err := e.codec.Decode(audits[0].Value)
	if a := ev.(*events.AuditEvent); err != nil || a.Action != "workflow.correct" || a.Target != wf || a.Reason != ok.Reason {
		t.Fatalf("audit = %+v, %v", ev, err)
	}

	// The ledger answers; the tracker projects the answers. The request
	// events themselves are history (5 and 6: two distinct requests).
	e.waitEvents(wf, 6)
	e.step(events.TopicControl, ledgerControl(wf, wf+"-corrected", events.KindCorrected, ok.Reason, 110, map[string]string{
		"document_type": "contract", "outcome": "rejected", "previous_type": "invoice", "previous_outcome": "approved",
		"reversal_sequence": "43", "sequence": "44", "ledger_partition": "1", "record_hash": "beef",
	}), 7)
	e.step(events.TopicControl, ledgerControl(wf, wf+"-refused", events.KindCorrectionRefused, "the workflow's record was reversed", 120, map[string]string{}), 8)
	w, err := e.store.Get(context.Background(), wf)
	if err != nil {
		t.Fatal(err)
	}
	want := &store.Correction{DocumentType: "contract", Outcome: "rejected", PreviousType: "invoice", Actor: "carol", Reason: ok.Reason,
		Sequence: 44, RecordHash: "beef", At: at(110)}
	if w.DocumentType != "contract" || w.Corrections != 1 || !reflect.DeepEqual(w.Correction, want) || w.Status != projection.StatusCompleted {
		t.Fatalf("workflow = %+v, correction %+v; want type contract, 1 correction %+v", w, w.Correction, want)
	}
	es, _, err := e.store.History(context.Background(), wf, 6, 10)
	if err != nil || len(es) != 2 {
		t.Fatalf("history = %+v, %v", es, err)
	}
	if s := es[0].Summary; s != "corrected invoice to contract (rejected) by carol, ledger sequence 44: "+ok.Reason {
		t.Errorf("corrected entry = %q", s)
	}
	if s := es[1].Summary; s != "control correction_refused: the workflow's record was reversed" {
		t.Errorf("refused entry = %q", s)
	}
	got1, err := tr.client(t).GetWorkflow(op, &trackerv1.GetWorkflowRequest{Id: wf})
	if err != nil || got1.GetCorrections() != 1 || got1.GetDocumentType() != "contract" || got1.GetLastCorrection().GetSequence() != 44 ||
		got1.GetLastCorrection().GetActor() != "carol" {
		t.Fatalf("GetWorkflow = %v, %v", got1, err)
	}
}

// TestCorrectionRetriedAfterItWasApplied: a correction retried (its
// request id, or the same request again) after the ledger applied it
// answers as the first call did; another asking for the type the
// workflow has now is refused (found from outside: the retry was refused,
// "is receipt already: nothing to correct").
func TestCorrectionRetriedAfterItWasApplied(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) { c.Tokens = operatorToken + "=operator" }, clock.NewManual(at(100)))
	ops := tr.operations(t)
	op := bearer(operatorToken)
	const wf = "wf-retried"
	e.recordedFlow(wf)
	e.waitEvents(wf, 4)
	byID := &trackerv1.CorrectWorkflowRequest{WorkflowId: wf, DocumentType: "receipt", Reason: "a till receipt", RequestId: "ticket-8"}
	same := &trackerv1.CorrectWorkflowRequest{WorkflowId: wf, DocumentType: "receipt", Reason: "a till receipt, really"}
	first, err := ops.CorrectWorkflow(op, byID)
	if err != nil {
		t.Fatal(err)
	}
	firstSame, err := ops.CorrectWorkflow(op, same)
	if err != nil {
		t.Fatal(err)
	}
	e.waitEvents(wf, 6)
	e.step(events.TopicControl, ledgerControl(wf, wf+"-corrected", events.KindCorrected, byID.Reason, 110, map[string]string{
		"document_type": "receipt", "previous_type": "invoice", "previous_outcome": "approved",
		"reversal_sequence": "43", "sequence": "44", "ledger_partition": "1", "record_hash": "beef",
	}), 7)
	if w, err := e.store.Get(context.Background(), wf); err != nil || w.DocumentType != "receipt" {
		t.Fatalf("workflow = %+v, %v; want it corrected to receipt", w, err)
	}
	for _, c := range []struct {
		req  *trackerv1.CorrectWorkflowRequest
		want string
	}{{byID, first.GetEventId()}, {same, firstSame.GetEventId()}} {
		again, err := ops.CorrectWorkflow(op, c.req)
		if err != nil || again.GetEventId() != c.want {
			t.Errorf("%+v retried after it was applied = %v, %v; want event %s again", c.req, again, err, c.want)
		}
	}
	_, err = ops.CorrectWorkflow(op, &trackerv1.CorrectWorkflowRequest{WorkflowId: wf, DocumentType: "receipt", Reason: "another", RequestId: "ticket-9"})
	wantCode(t, "a new correction to the type it has", err, codes.FailedPrecondition)
}

// TestEraseWorkflow: an operator erases a workflow with a reason; the
// tracker then keeps no personal data of it — no file name (nor a search
// by it), no error or reason in words in its state, history, review task
// or parked item — but keeps its ids, hashes, types, statuses and
// decisions, marks it erased, and keeps it so for events projected later.
func TestEraseWorkflow(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) {
		c.Tokens = acmeToken + "=tenant:acme," + operatorToken + "=operator"
	}, clock.NewManual(at(100)))
	ops := tr.operations(t)
	op := bearer(operatorToken)
	ctx := context.Background()
	const wf = "wf-erase"
	const personal = "John Doe"
	task := wf + "-review-requested"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicExtracted, extracted(wf, 10), 2)
	rr := reviewRequested(wf, 20)
	rr.Reason = "amount on " + personal + "'s invoice"
	rr.Flags = []events.Flag{{Kind: "policy.amount_over_threshold", Detail: "largest amount 9000 for " + personal}}
	rr.Candidates = []events.Candidate{{Type: "invoice", Score: 0.6}}
	rr.SuggestedType = ptr("invoice")
	e.step(events.TopicReviewRequested, rr, 3)
	e.step(events.TopicControl, &events.WorkflowControl{Meta: meta(wf, wf+"-parked", 25, "", "exception"), Kind: "parked",
		Reason: "cannot read " + personal + "'s page", Details: map[string]string{"parked_id": "p-1"}}, 4)
	dl := e.deadLetter(wf, "ocr", "transient", 1, 26)
	dl.ErrorMessage = "cannot read " + personal + "'s page"
	e.step(events.DLQTopic(events.ServiceOCR), dl, 5)
	e.step(events.TopicReviewDecided, reviewDecided(wf, 30), 6)
	e.step(events.TopicRecorded, recorded(wf, wf+"-review-decided", 40), 7)
	e.step(events.TopicControl, ledgerControl(wf, wf+"-corrected", events.KindCorrected, personal+" phoned", 50,
		map[string]string{"document_type": "invoice", "previous_type": "contract", "sequence": "44", "record_hash": "beef"}), 8)
	before, err := e.store.Get(ctx, wf)
	if err != nil || before.Filename != wf+".pdf" || before.LastError == "" {
		t.Fatalf("before erasure: %+v, %v", before, err)
	}

	_, err = ops.EraseWorkflow(bearer(acmeToken), &trackerv1.EraseWorkflowRequest{WorkflowId: wf, Reason: "art. 17"})
	wantCode(t, "tenant erases", err, codes.PermissionDenied)
	_, err = ops.EraseWorkflow(op, &trackerv1.EraseWorkflowRequest{WorkflowId: wf})
	wantCode(t, "erase without a reason", err, codes.InvalidArgument)
	_, err = ops.EraseWorkflow(op, &trackerv1.EraseWorkflowRequest{WorkflowId: "wf-unknown", Reason: "art. 17"})
	wantCode(t, "erase an unknown workflow", err, codes.NotFound)
	resp, err := ops.EraseWorkflow(op, &trackerv1.EraseWorkflowRequest{WorkflowId: wf, Reason: "art. 17"})
	if err != nil || resp.GetEventId() != operations.ErasureEventID(wf) || resp.GetAlreadyErased() {
		t.Fatalf("EraseWorkflow = %v, %v", resp, err)
	}
	w := e.waitEvents(wf, 9)
	if w.ErasedAt != at(100) || w.Filename != "" || w.LastError != "" || w.Correction == nil || w.Correction.Reason != "" ||
		w.DocumentType != "invoice" || w.Status != projection.StatusCompleted || w.Ledger == nil ||
		*w.Ledger != (projection.Ledger{Topic: events.TopicLedger, Partition: "1", Offset: "-1", Sequence: "44", Hash: "beef"}) {
		t.Fatalf("erased workflow = %+v (correction %+v)", w, w.Correction)
	}
	again, err := ops.EraseWorkflow(op, &trackerv1.EraseWorkflowRequest{WorkflowId: wf, Reason: "again"})
	if err != nil || !again.GetAlreadyErased() || again.GetEventId() != resp.GetEventId() {
		t.Fatalf("second erase = %v, %v; want already_erased", again, err)
	}
	_, err = ops.CorrectWorkflow(op, &trackerv1.CorrectWorkflowRequest{WorkflowId: wf, DocumentType: "contract", Reason: "late"})
	wantCode(t, "correct an erased workflow", err, codes.FailedPrecondition)
	var erasures []*events.WorkflowControl
	for _, c := range e.controlEvents(wf, 3) { // parked, corrected, erasure_requested
		if c.Meta.Producer.Service == events.ServiceSagaTracker {
			erasures = append(erasures, c)
		}
	}
	if len(erasures) != 1 || erasures[0].Kind != events.KindErasureRequested || erasures[0].Reason != "art. 17" || *erasures[0].Actor != "operator" ||
		events.DocumentFromDetails(erasures[0].Details) != doc(wf) {
		t.Fatalf("tracker's control events = %+v, want one erasure_requested", erasures)
	}

	// Later events: the ledger's and ingest's answers, and a late dead
	// letter, carry no personal data into the projection either.
	e.step(events.TopicControl, ledgerControl(wf, wf+"-erased", events.KindErased, "art. 17", 110, map[string]string{"sequence": "45"}), 10)
	e.step(events.TopicControl, &events.WorkflowControl{Meta: meta(wf, wf+"-content-erased", 111, operations.ErasureEventID(wf), "ingest"),
		Kind: events.KindContentErased, Details: map[string]string{"deleted": "2"}}, 11)
	late := e.deadLetter(wf, "ocr", "transient", 2, 112)
	late.ErrorMessage = "cannot read " + personal + "'s page again"
	w = e.step(events.DLQTopic(events.ServiceOCR), late, 12)
	if w.LastError != "" || w.Filename != "" {
		t.Fatalf("after a late dead letter: %+v", w)
	}

	es, _, err := e.store.History(ctx, wf, 0, 100)
	if err != nil || len(es) != 12 {
		t.Fatalf("history: %d entries, %v", len(es), err)
	}
	var summaries []string
	for _, en := range es {
		if strings.Contains(en.Summary, personal) || strings.Contains(en.Summary, ".pdf") || en.Redacted != "" || en.EventID == "" {
			t.Errorf("history entry after erasure: %+v", en)
		}
		summaries = append(summaries, en.Summary)
	}
	for i, want := range map[int]string{
		0: "submitted (application/pdf, 2048 bytes) via http", 2: "review requested, priority 1",
		5: "review decided: approved contract by ana", 7: "corrected contract to invoice by carol, ledger sequence 44",
		8: "control erasure_requested", 9: "control erased", 10: "control content_erased",
	} {
		if summaries[i] != want {
			t.Errorf("history entry %d = %q, want %q", i, summaries[i], want)
		}
	}
	tk, err := e.store.Task(ctx, task, at(100))
	if err != nil || tk.Reason != "" || tk.Rule != "" || tk.Suggested != "invoice" ||
		!reflect.DeepEqual(tk.Flags, []projection.Flag{{Kind: "policy.amount_over_threshold"}}) ||
		!reflect.DeepEqual(tk.Candidates, []projection.Candidate{{Type: "invoice", Score: 0.6}}) || tk.Document.SHA256 != wf {
		t.Fatalf("review task after erasure = %+v, %v", tk, err)
	}
	ws := []store.Workflow{w}
	if err := e.store.Waits(ctx, ws); err != nil || len(ws[0].Parked) != 1 || ws[0].Parked[0] != (store.Wait{ID: "p-1"}) {
		t.Fatalf("parked items after erasure = %+v, %v", ws[0].Parked, err)
	}
	found, _, err := e.store.List(ctx, store.Query{Filter: store.Filter{Search: "erase.pdf"}, Limit: 10, Now: at(100)})
	if err != nil || len(found) != 0 {
		t.Fatalf("search by the erased file name found %+v, %v", found, err)
	}
	pw, err := tr.client(t).GetWorkflow(op, &trackerv1.GetWorkflowRequest{Id: wf})
	if err != nil || !pw.GetErasedAt().AsTime().Equal(at(100)) || pw.GetFilename() != "" {
		t.Fatalf("GetWorkflow = %v, %v", pw, err)
	}
}

// TestEraseUnfinishedWorkflow: erasing a workflow that waits for a review
// cancels it too: after the cancel grace the tracker ends it (no agent
// works on it to end it), it steps back (OCR's text) to compensated, and
// its review task leaves the queue and can no longer be claimed or
// decided.
func TestEraseUnfinishedWorkflow(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(100))
	tr := e.startAt(clk)
	ops := tr.operations(t)
	op := context.Background()
	const wf = "wf-erase-waiting"
	task := wf + "-review-requested"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicExtracted, extracted(wf, 10), 2)
	e.step(events.TopicReviewRequested, reviewRequested(wf, 20), 3)
	if ids := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{}); len(ids) != 1 {
		t.Fatalf("queue before the erasure = %v, want the task", ids)
	}
	if _, err := ops.EraseWorkflow(op, &trackerv1.EraseWorkflowRequest{WorkflowId: wf, Reason: "art. 17"}); err != nil {
		t.Fatalf("EraseWorkflow: %v", err)
	}
	e.waitEvents(wf, 4)
	clk.Set(at(161)) // past the cancel grace (1m)
	// OCR stored the text: the canceled workflow steps back.
	e.waitStatus(wf, projection.StatusCompensating)
	e.produce(events.TopicSteps, &events.WorkflowControl{Meta: meta(wf, wf+"-ocr-compensated", 162, "", events.ServiceOCR),
		Kind: events.KindCompensated, Details: map[string]string{events.DetailStep: events.StepOCR}})
	got := e.waitStatus(wf, projection.StatusCompensated)
	if got.ErasedAt != at(100) {
		t.Fatalf("workflow = %+v, want erased at %s", got, at(100))
	}
	if ids := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{}); len(ids) != 0 {
		t.Fatalf("queue after the erasure = %v, want empty", ids)
	}
	_, err := ops.ClaimReviewTask(op, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "ana"})
	wantCode(t, "claim the erased workflow's task", err, codes.FailedPrecondition)
	_, err = ops.DecideReviewTask(op, &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "ana", DocumentType: "invoice", Outcome: "approved"})
	wantCode(t, "decide the erased workflow's task", err, codes.FailedPrecondition)
}
