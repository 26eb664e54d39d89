package app

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/operations"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
	"github.com/docket-run/docket/services/sagatracker/internal/timers"
)

// startAt starts a tracker whose timers and leases read clk, looking for
// due timers every 20ms.
func (e *env) startAt(clk clock.Clock) *tracker {
	e.t.Helper()
	return e.startWith(func(c *config.Config) {
		c.PurgeInterval = time.Minute
		c.Control = config.Control{
			Deadline: time.Hour, ReviewSLA: 10 * time.Minute, ReviewLease: time.Minute,
			CancelGrace: time.Minute, TimerInterval: 20 * time.Millisecond,
		}
	}, clk)
}

func (tr *tracker) operations(t *testing.T) trackerv1.OperationsClient {
	t.Helper()
	return trackerv1.NewOperationsClient(tr.conn(t))
}

// waitStatus waits until workflow id has status st.
func (e *env) waitStatus(id, st string) store.Workflow {
	e.t.Helper()
	var last store.Workflow
	err := poll(30*time.Second, func() (bool, error) {
		w, err := e.store.Get(context.Background(), id)
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		last = w
		return w.Status == st, err
	})
	if err != nil {
		e.t.Fatalf("workflow %s: want status %s, have %+v: %v", id, st, last, err)
	}
	return last
}

// scheduled returns the scheduled timers.
func (e *env) scheduled() map[string]time.Time {
	e.t.Helper()
	got, err := e.store.Scheduled(context.Background())
	if err != nil {
		e.t.Fatalf("timers: %v", err)
	}
	return got
}

// taskIDs lists the open review tasks' ids, most urgent first.
func taskIDs(t *testing.T, c trackerv1.OperationsClient, req *trackerv1.ListReviewTasksRequest) []string {
	t.Helper()
	resp, err := c.ListReviewTasks(context.Background(), req)
	if err != nil {
		t.Fatalf("ListReviewTasks: %v", err)
	}
	ids := []string{}
	for _, x := range resp.GetTasks() {
		ids = append(ids, x.GetId())
	}
	return ids
}

func wantCode(t *testing.T, what string, err error, want codes.Code) {
	t.Helper()
	if status.Code(err) != want {
		t.Fatalf("%s: got %v, want %s", what, err, want)
	}
}

const producerTracker = "sagatracker@dev"

// TestReviewQueue drives a review through the queue: requested → listed
// (by priority, then age) → claimed → lease expired → claimed by another →
// decided (refused for the wrong reviewer, idempotent for a retry) → the
// decision projected and the task gone.
func TestReviewQueue(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(100))
	tr := e.startAt(clk)
	ops := tr.operations(t)
	ctx := context.Background()

	const wf, other = "wf-queue", "wf-queue-urgent"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	req := reviewRequested(wf, 10)
	req.SuggestedType = ptr("contract")
	req.Candidates = []events.Candidate{{Type: "contract", Score: 0.41}, {Type: "invoice", Score: 0.33}}
	req.Flags = []events.Flag{{Kind: "pii.iban", Detail: "IBAN on page 1"}}
	req.Model = &events.Model{Name: "builtin", Version: "3"}
	e.step(events.TopicReviewRequested, req, 2)
	e.step(events.TopicSubmitted, submitted(other, 20), 1)
	urgent := reviewRequested(other, 30)
	urgent.Priority = 5
	e.step(events.TopicReviewRequested, urgent, 2)
	task := wf + "-review-requested"

	if got, want := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{}), []string{other + "-review-requested", task}; !reflect.DeepEqual(got, want) {
		t.Fatalf("queue = %v, want %v (priority first)", got, want)
	}
	if got := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{Tenant: "globex"}); len(got) != 0 {
		t.Fatalf("queue of another tenant = %v, want none", got)
	}
	if got := e.scheduled(); !got["sla:"+task].Equal(at(610)) || !got["deadline:"+wf].Equal(at(3600)) {
		t.Fatalf("timers = %v, want sla:%s at %s and deadline:%s at %s", got, task, at(610), wf, at(3600))
	}

	// Ana claims it for a minute; Bob can neither claim nor decide it.
	claimed, err := ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "ana", LeaseSeconds: 60})
	if err != nil {
		t.Fatalf("ana claims: %v", err)
	}
	// Without authentication the typed names are kept, marked as such.
	if claimed.GetClaimedBy() != "unauthenticated:ana" || !claimed.GetClaimExpiresAt().AsTime().Equal(at(160)) {
		t.Fatalf("claim = %s until %v, want unauthenticated:ana until %s", claimed.GetClaimedBy(), claimed.GetClaimExpiresAt().AsTime(), at(160))
	}
	_, err = ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "bob"})
	wantCode(t, "bob claims ana's task", err, codes.FailedPrecondition)
	decide := &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "bob", Outcome: "approved", Reason: "signed on page 2"}
	_, err = ops.DecideReviewTask(ctx, decide)
	wantCode(t, "bob decides ana's task", err, codes.FailedPrecondition)
	if got := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{UnclaimedOnly: true}); !reflect.DeepEqual(got, []string{other + "-review-requested"}) {
		t.Fatalf("unclaimed queue = %v, want only the other task", got)
	}

	// Ana's lease expires: the task is back in the queue and Bob takes it.
	clk.Set(at(161))
	if got := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{UnclaimedOnly: true}); !reflect.DeepEqual(got, []string{other + "-review-requested", task}) {
		t.Fatalf("unclaimed queue after the lease = %v, want both", got)
	}
	if _, err := ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "bob"}); err != nil {
		t.Fatalf("bob claims the expired task: %v", err)
	}
	_, err = ops.DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "ana", Outcome: "approved"})
	wantCode(t, "ana decides after losing the lease", err, codes.FailedPrecondition)

	_, err = ops.DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "bob", Outcome: "approved", DocumentType: "spaceship"})
	wantCode(t, "bob decides a type the classifier does not know", err, codes.InvalidArgument)
	resp, err := ops.DecideReviewTask(ctx, decide)
	if err != nil {
		t.Fatalf("bob decides: %v", err)
	}
	eventID := operations.DecidedEventID(task)
	if resp.GetEventId() != eventID {
		t.Fatalf("event id = %s, want %s", resp.GetEventId(), eventID)
	}
	retry, err := ops.DecideReviewTask(ctx, decide)
	if err != nil || retry.GetEventId() != eventID {
		t.Fatalf("retried decide = %v, %v; want event %s", retry, err, eventID)
	}

	got := e.waitEvents(wf, 3)
	want := store.Workflow{
		ID: wf, Tenant: "acme", Stage: projection.StepLedger, Status: projection.StatusRunning, Filename: wf + ".pdf", DocumentType: "contract",
		Steps: []store.Step{
			{Name: "ingest", FinishedAt: at(0), Attempts: 1},
			{Name: "ocr", StartedAt: at(0), Attempts: 1},
			{Name: "classify", FinishedAt: at(10), Attempts: 1},
			{Name: "review", StartedAt: at(10), FinishedAt: at(161), Attempts: 1},
			{Name: "ledger", StartedAt: at(161), Attempts: 1},
		},
		CreatedAt: at(0), UpdatedAt: at(161), Events: 3,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("workflow:\n got %+v\nwant %+v", got, want)
	}
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{task, events.TopicReviewRequested, "ReviewRequested", "classifier@1.0.0", wf + "-extracted"},
		{eventID, events.TopicReviewDecided, "ReviewDecided", producerTracker, task},
	}
	if h := history(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}

	// The decided event carries the request's context.
	// The retry produced it again only if it came before the projection.
	recs := e.kafka.ReadCommitted(t, events.TopicReviewDecided, 2, 2*time.Second)
	if len(recs) < 1 || len(recs) > 2 {
		t.Fatalf("got %d review.decided records, want 1 or 2 (the call and maybe its retry, one event id)", len(recs))
	}
	for _, r := range recs {
		ev, err := e.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		d := ev.(*events.ReviewDecided)
		if d.Meta.EventID != eventID || d.Reviewer != "unauthenticated:bob" || d.Decision != (events.Decision{DocumentType: "contract", Outcome: "approved"}) ||
			d.Reason != "signed on page 2" || !d.DecidedAt.Equal(at(161)) || d.Document != doc(wf) || d.Confidence != 0.41 ||
			d.Model == nil || *d.Model != (events.Model{Name: "builtin", Version: "3"}) ||
			!reflect.DeepEqual(d.Flags, []events.Flag{{Kind: "pii.iban", Detail: "IBAN on page 1"}}) || string(r.Key) != wf {
			t.Fatalf("decided event = %+v key %s", d, r.Key)
		}
	}

	// The task left the queue, its SLA timer too; a retry still answers,
	// a different decision is refused.
	if got := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{}); !reflect.DeepEqual(got, []string{other + "-review-requested"}) {
		t.Fatalf("queue after the decision = %v, want only the other task", got)
	}
	if _, ok := e.scheduled()["sla:"+task]; ok {
		t.Fatalf("SLA timer of the decided task still scheduled")
	}
	again, err := ops.DecideReviewTask(ctx, decide)
	if err != nil || again.GetEventId() != eventID {
		t.Fatalf("decide after projection = %v, %v; want event %s", again, err, eventID)
	}
	_, err = ops.DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "bob", Outcome: "rejected"})
	wantCode(t, "a different decision", err, codes.FailedPrecondition)
	_, err = ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "ana"})
	wantCode(t, "claim a decided task", err, codes.FailedPrecondition)
	_, err = ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: "no-such-task", Reviewer: "ana"})
	wantCode(t, "claim an unknown task", err, codes.NotFound)

	// The urgent task suggests no type: approving it needs one, rejecting
	// it records the document as other (found from outside: rejecting an
	// unreadable scan's review asked for a type).
	urgentTask := other + "-review-requested"
	if _, err := ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: urgentTask, Reviewer: "ana"}); err != nil {
		t.Fatalf("ana claims the urgent task: %v", err)
	}
	_, err = ops.DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{TaskId: urgentTask, Reviewer: "ana", Outcome: "approved"})
	wantCode(t, "approve with no type", err, codes.InvalidArgument)
	if _, err := ops.DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{TaskId: urgentTask, Reviewer: "ana", Outcome: "rejected", Reason: "unreadable"}); err != nil {
		t.Fatalf("reject with no type: %v", err)
	}
	var rejection *events.ReviewDecided
	for _, r := range e.kafka.ReadCommitted(t, events.TopicReviewDecided, 3, 2*time.Second) {
		if d, err := e.codec.Decode(r.Value); err == nil && d.(*events.ReviewDecided).Meta.WorkflowID == other {
			rejection = d.(*events.ReviewDecided)
		}
	}
	if rejection == nil || rejection.Decision != (events.Decision{DocumentType: "other", Outcome: "rejected"}) {
		t.Fatalf("the rejection: %+v; want other, rejected", rejection)
	}
}

// TestReviewEscalation: a review whose SLA passes is escalated once: a
// review_escalated control event, projected into history, raises the
// task's priority.
func TestReviewEscalation(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(100))
	tr := e.startAt(clk)
	ops := tr.operations(t)
	const wf = "wf-escalate"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(wf, 10), 2)
	task := wf + "-review-requested"

	clk.Set(at(611)) // SLA at(610)
	got := e.waitEvents(wf, 3)
	if got.Status != projection.StatusWaitingReview || got.Stage != projection.StepReview {
		t.Fatalf("workflow = %+v, want still waiting for the review", got)
	}
	ev := timers.Event(store.Timer{Member: "sla:" + task, Kind: store.TimerSLA, Target: task, Due: at(610), Workflow: wf, Tenant: "acme", Priority: 1})
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{task, events.TopicReviewRequested, "ReviewRequested", "classifier@1.0.0", wf + "-extracted"},
		{ev.Meta.EventID, events.TopicControl, "WorkflowControl", producerTracker, task},
	}
	if h := history(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
	resp, err := ops.ListReviewTasks(context.Background(), &trackerv1.ListReviewTasksRequest{})
	if err != nil || len(resp.GetTasks()) != 1 {
		t.Fatalf("queue = %v, %v; want the one task", resp, err)
	}
	if x := resp.GetTasks()[0]; x.GetPriority() != 2 || !x.GetEscalated() || !x.GetSlaDeadline().AsTime().Equal(at(610)) {
		t.Fatalf("task = %+v, want priority 2, escalated", x)
	}
	if _, ok := e.scheduled()["sla:"+task]; ok {
		t.Fatal("SLA timer still scheduled after the escalation")
	}
	clk.Set(at(2000)) // no second escalation
	time.Sleep(200 * time.Millisecond)
	if w := e.waitEvents(wf, 3); w.Events != 3 {
		t.Fatalf("events = %d after the escalation, want 3", w.Events)
	}
}

// TestDeadlineBreach: the deadline timer lives in Redis, so it fires after
// the trackers restarted, and with two replicas' timer loops it fires
// once: the workflow is timed_out, with one deadline_exceeded in history
// and on the topic.
func TestDeadlineBreach(t *testing.T) {
	if testing.Short() {
		t.Skip("stops a tracker and starts two replicas (about 10s); skipped with -short")
	}
	e := newEnv(t)
	clk := clock.NewManual(at(100))
	first := e.startAt(clk)
	const wf, def = "wf-deadline", "wf-deadline-default"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicExtracted, extracted(wf, 5), 2)
	noDeadline := submitted(def, 0)
	noDeadline.Deadline = time.Time{}
	e.step(events.TopicSubmitted, noDeadline, 1)
	wantTimers := map[string]time.Time{"deadline:" + wf: at(3600), "deadline:" + def: at(3600)} // DEADLINE 1h after submission
	if got := e.scheduled(); !reflect.DeepEqual(got, wantTimers) {
		t.Fatalf("timers = %v, want %v", got, wantTimers)
	}
	first.stop(t)

	// Both deadlines pass while no tracker runs; two replicas start.
	clk.Set(at(3601))
	e.startAt(clk)
	e.startAt(clk)
	got := e.waitStatus(wf, projection.StatusTimedOut)
	e.waitStatus(def, projection.StatusTimedOut)
	ev := timers.Event(store.Timer{Member: "deadline:" + wf, Kind: store.TimerDeadline, Target: wf, Due: at(3600), Workflow: wf, Tenant: "acme"})
	want := store.Workflow{
		ID: wf, Tenant: "acme", Stage: projection.StepClassify, Status: projection.StatusTimedOut, LastError: "deadline exceeded", Filename: wf + ".pdf",
		Steps: []store.Step{
			{Name: "ingest", FinishedAt: at(0), Attempts: 1},
			{Name: "ocr", StartedAt: at(0), FinishedAt: at(5), Attempts: 1},
			{Name: "classify", StartedAt: at(5), Attempts: 1},
		},
		CreatedAt: at(0), UpdatedAt: at(3600), Events: 3,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("workflow:\n got %+v\nwant %+v", got, want)
	}
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{wf + "-extracted", events.TopicExtracted, "DocumentExtracted", "ocr@1.0.0", wf + "-submitted"},
		{ev.Meta.EventID, events.TopicControl, "WorkflowControl", producerTracker, ""},
	}
	if h := history(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
	// The deadline marker stops a long step still working on either
	// workflow; neither is marked canceled.
	marks := cancel.New(e.redis)
	late, err := marks.TimedOut(context.Background(), []string{wf, def, "wf-other"})
	if err != nil || len(late) != 2 || !strings.Contains(late[wf], "deadline") || late["wf-other"] != "" {
		t.Fatalf("deadline markers = %v, %v; want both workflows", late, err)
	}
	if c, err := marks.Canceled(context.Background(), []string{wf, def}); err != nil || len(c) != 0 {
		t.Fatalf("cancel markers = %v, %v; want none", c, err)
	}
	// Let both loops turn a few more times: nothing fires again.
	time.Sleep(300 * time.Millisecond)
	recs := e.kafka.ReadCommitted(t, events.TopicControl, 3, 3*time.Second)
	if len(recs) != 2 {
		t.Fatalf("got %d control records, want 2 (one deadline_exceeded per workflow)", len(recs))
	}
	for _, r := range recs {
		ev, err := e.codec.Decode(r.Value)
		if err != nil {
			t.Fatal(err)
		}
		c := ev.(*events.WorkflowControl)
		if c.Kind != projection.KindDeadlineExceeded || !c.Meta.OccurredAt.Equal(at(3600)) {
			t.Fatalf("control event = %+v, want deadline_exceeded at %s", c, at(3600))
		}
		// The breach names the document, so the review the exception
		// agent opens for it can be decided.
		d := doc(c.Meta.WorkflowID)
		for k, want := range map[string]string{
			"document_uri": d.URI, "document_sha256": d.SHA256,
			"document_size_bytes": strconv.FormatInt(d.SizeBytes, 10), "document_media_type": d.MediaType,
		} {
			if got := c.Details[k]; got != want {
				t.Errorf("%s: details[%s] = %q, want %q", c.Meta.WorkflowID, k, got, want)
			}
		}
	}
	if got := e.scheduled(); len(got) != 0 {
		t.Fatalf("timers left = %v, want none", got)
	}
}

// TestCancelWaitingWorkflow: a cancel is a cancel_requested event; its
// projection writes the marker the agents read. A workflow waiting for a
// review has no agent to end it, so the tracker does after the grace: the
// workflow ends canceled and its review task leaves the queue.
func TestCancelWaitingWorkflow(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(100))
	tr := e.startAt(clk)
	ops := tr.operations(t)
	ctx := context.Background()
	const wf = "wf-cancel-waiting"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(wf, 10), 2)

	resp, err := ops.CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: wf, Reason: "customer withdrew", Actor: "ana"})
	if err != nil || resp.GetEventId() != cancel.RequestedEventID(wf) || resp.GetAlreadyCanceled() {
		t.Fatalf("cancel = %v, %v", resp, err)
	}
	e.waitEvents(wf, 3)
	marks, err := cancel.New(e.redis).Canceled(ctx, []string{wf, "wf-other"})
	if err != nil || !reflect.DeepEqual(marks, map[string]string{wf: "customer withdrew"}) {
		t.Fatalf("cancel markers = %v, %v", marks, err)
	}
	if got := e.scheduled()["cancel:"+wf]; !got.Equal(at(160)) { // requested at(100), grace 1m
		t.Fatalf("cancel timer at %v, want %s", got, at(160))
	}
	again, err := ops.CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: wf})
	if err != nil || again.GetEventId() != resp.GetEventId() {
		t.Fatalf("second cancel = %v, %v; want the same event", again, err)
	}

	clk.Set(at(161))
	got := e.waitStatus(wf, projection.StatusCanceled)
	if got.Events != 4 || got.Stage != projection.StepReview {
		t.Fatalf("workflow = %+v, want canceled at review after 4 events", got)
	}
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{wf + "-review-requested", events.TopicReviewRequested, "ReviewRequested", "classifier@1.0.0", wf + "-extracted"},
		{cancel.RequestedEventID(wf), events.TopicControl, "WorkflowControl", producerTracker, ""},
		{cancel.CanceledEventID(wf), events.TopicControl, "WorkflowControl", producerTracker, cancel.RequestedEventID(wf)},
	}
	if h := history(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
	if ids := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{}); len(ids) != 0 {
		t.Fatalf("queue = %v, want empty: the canceled workflow's task is closed", ids)
	}
	if got := e.scheduled(); len(got) != 0 {
		t.Fatalf("timers left = %v, want none", got)
	}
	done, err := ops.CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: wf})
	if err != nil || !done.GetAlreadyCanceled() {
		t.Fatalf("cancel of a canceled workflow = %v, %v; want already_canceled", done, err)
	}
	_, err = ops.CancelWorkflow(ctx, &trackerv1.CancelWorkflowRequest{WorkflowId: "wf-unknown"})
	wantCode(t, "cancel an unknown workflow", err, codes.NotFound)
}

func ptr[T any](v T) *T { return &v }

// TestOperationsAccess: claim and decide need the operator role; a tenant
// token lists its own tenant's tasks and cancels its own workflows only.
func TestOperationsAccess(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) {
		c.Tokens = acmeToken + "=tenant:acme," + betaToken + "=tenant:beta," + operatorToken + "=operator"
	}, clock.NewManual(at(60)))
	const wf = "wf-access"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(wf, 10), 2)
	task := wf + "-review-requested"
	ops := tr.operations(t)
	acme, beta, op := bearer(acmeToken), bearer(betaToken), bearer(operatorToken)

	list := func(ctx context.Context, tenant string) ([]string, codes.Code) {
		resp, err := ops.ListReviewTasks(ctx, &trackerv1.ListReviewTasksRequest{Tenant: tenant})
		ids := []string{}
		for _, x := range resp.GetTasks() {
			ids = append(ids, x.GetId())
		}
		return ids, status.Code(err)
	}
	for _, c := range []struct {
		name   string
		ctx    context.Context
		tenant string
		want   []string
		code   codes.Code
	}{
		{"no token", context.Background(), "", []string{}, codes.Unauthenticated},
		{"own tenant", acme, "", []string{task}, codes.OK},
		{"other tenant's queue", acme, "beta", []string{}, codes.PermissionDenied},
		{"tenant without tasks", beta, "", []string{}, codes.OK},
		{"operator", op, "", []string{task}, codes.OK},
	} {
		if got, code := list(c.ctx, c.tenant); code != c.code || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: list = %v, %s; want %v, %s", c.name, got, code, c.want, c.code)
		}
	}
	_, err := ops.ClaimReviewTask(acme, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "ana"})
	wantCode(t, "tenant claims", err, codes.PermissionDenied)
	_, err = ops.DecideReviewTask(acme, &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "ana", Outcome: "approved"})
	wantCode(t, "tenant decides", err, codes.PermissionDenied)
	if _, err := ops.ClaimReviewTask(op, &trackerv1.ClaimReviewTaskRequest{TaskId: task}); err != nil {
		t.Fatalf("operator claims: %v", err)
	}
	_, err = ops.CancelWorkflow(beta, &trackerv1.CancelWorkflowRequest{WorkflowId: wf})
	wantCode(t, "another tenant cancels", err, codes.NotFound)
	if _, err := ops.CancelWorkflow(acme, &trackerv1.CancelWorkflowRequest{WorkflowId: wf, Reason: "duplicate upload"}); err != nil {
		t.Fatalf("owner cancels: %v", err)
	}
}

// TestEndedWorkflowClosesReviewTasks: a workflow an operator discarded, or
// one that completed while a task was still open, leaves nothing to review:
// its tasks leave the queue and cannot be decided. A task that names no
// document (the exception agent parked a record it could not read) cannot
// be decided as a document either: deciding it would record a workflow
// that does not exist.
func TestEndedWorkflowClosesReviewTasks(t *testing.T) {
	e := newEnv(t)
	tr := e.startAt(clock.NewManual(at(100)))
	ops := tr.operations(t)
	ctx := context.Background()

	const discarded, completed, unreadable = "wf-discarded", "wf-completed-open-task", "wf-unreadable"
	e.step(events.TopicSubmitted, submitted(discarded, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(discarded, 10), 2)
	e.step(events.TopicControl, &events.WorkflowControl{
		Meta: meta(discarded, discarded+"-discarded", 20, "dl-1", "exception"), Kind: "discarded", Reason: "junk",
		Details: map[string]string{"service": "classifier", "source_topic": events.TopicExtracted},
	}, 3)
	e.waitStatus(discarded, projection.StatusFailed)

	e.step(events.TopicSubmitted, submitted(completed, 0), 1)
	e.step(events.TopicReviewRequested, reviewRequested(completed, 10), 2)
	e.step(events.TopicClassified, classified(completed, 15), 3)
	e.step(events.TopicRecorded, recorded(completed, completed+"-classified", 20), 4)
	e.waitStatus(completed, projection.StatusCompleted)

	e.step(events.TopicSubmitted, submitted(unreadable, 0), 1)
	junk := reviewRequested(unreadable, 10)
	junk.Document = events.BlobRef{}
	junk.Reason = "structural_failure"
	e.step(events.TopicReviewRequested, junk, 2)

	// Two workflows time out waiting for a review; each gets the
	// exception agent's deadline review. One's first review is decided
	// late and the ledger records it: nothing is left to review. The
	// other's tasks stay: its deadline review is still to be decided.
	const late, waiting = "wf-timed-out-recorded", "wf-timed-out-waiting"
	for _, wf := range []string{late, waiting} {
		e.step(events.TopicSubmitted, submitted(wf, 0), 1)
		e.step(events.TopicReviewRequested, reviewRequested(wf, 10), 2)
		e.step(events.TopicControl, &events.WorkflowControl{
			Meta: meta(wf, wf+"-deadline", 20, "", "sagatracker"), Kind: projection.KindDeadlineExceeded, Reason: "deadline passed",
		}, 3)
		e.waitStatus(wf, projection.StatusTimedOut)
		breach := reviewRequested(wf, 21)
		breach.Meta = meta(wf, wf+"-deadline-review", 21, wf+"-deadline", "exception")
		breach.Reason, breach.Priority = "deadline_exceeded", 2
		e.step(events.TopicReviewRequested, breach, 4)
	}
	e.step(events.TopicReviewDecided, reviewDecided(late, 30), 5)
	e.step(events.TopicRecorded, recorded(late, late+"-review-decided", 31), 6)

	want := []string{waiting + "-deadline-review", waiting + "-review-requested", unreadable + "-review-requested"}
	if got := taskIDs(t, ops, &trackerv1.ListReviewTasksRequest{}); !reflect.DeepEqual(got, want) {
		t.Fatalf("queue = %v, want %v: the recorded workflow's deadline review closed", got, want)
	}
	_, err := ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: late + "-deadline-review", Reviewer: "ana"})
	wantCode(t, "claim the deadline review of a recorded workflow", err, codes.FailedPrecondition)
	for _, wf := range []string{discarded, completed} {
		_, err := ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: wf + "-review-requested", Reviewer: "ana"})
		wantCode(t, "claim the task of "+wf, err, codes.FailedPrecondition)
	}
	task := unreadable + "-review-requested"
	if _, err := ops.ClaimReviewTask(ctx, &trackerv1.ClaimReviewTaskRequest{TaskId: task, Reviewer: "ana"}); err != nil {
		t.Fatalf("claim the unreadable record's task: %v", err)
	}
	_, err = ops.DecideReviewTask(ctx, &trackerv1.DecideReviewTaskRequest{TaskId: task, Reviewer: "ana", Outcome: "approved", DocumentType: "invoice"})
	wantCode(t, "decide a task without a document", err, codes.FailedPrecondition)
	if st, _ := status.FromError(err); !strings.Contains(st.Message(), "docket dlq list --workflow "+unreadable) {
		t.Errorf("decide error %q does not say how to settle the item", st.Message())
	}
}
