package bus_test

import (
	"context"
	"fmt"
	"github.com/twmb/franz-go/pkg/kgo"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
)

// runLong runs the pass-through service with its submitted topic as a long
// step, in-process, until the test ends.
func runLong(t testing.TB, h *harness, txnID string, opts ...bus.Option) (*bus.Runtime, *prometheus.Registry, *redis.Client) {
	t.Helper()
	return runSpec(t, h, passthrough.LongSpec(0), txnID, nil, opts...)
}

// outputOrder reads want extracted events and returns the event ids they
// answer, in the order they were output.
func outputOrder(t *testing.T, h *harness, want int) []string {
	t.Helper()
	var order []string
	for _, r := range h.kafka.ReadCommitted(t, events.TopicExtracted, want, 30*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode output: %v", err)
		}
		order = append(order, e.(*events.DocumentExtracted).Meta.CausationID)
	}
	return order
}

// submittedKeyed is a submitted event of workflow wf.
func submittedKeyed(i int, wf string, labels map[string]string) *events.DocumentSubmitted {
	e := dockettest.Submitted(i, labels)
	e.Meta.WorkflowID = wf
	return e
}

// controlKinds reads the control topic and counts kinds by workflow.
func controlKinds(t *testing.T, h *harness, want int, timeout time.Duration) map[string]map[string]int {
	t.Helper()
	got := map[string]map[string]int{}
	for _, r := range h.kafka.ReadCommitted(t, events.TopicSteps, want, timeout) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode control event: %v", err)
		}
		c := e.(*events.WorkflowControl)
		if got[c.Meta.WorkflowID] == nil {
			got[c.Meta.WorkflowID] = map[string]int{}
		}
		got[c.Meta.WorkflowID][c.Kind]++
	}
	return got
}

// TestLongStepsOutliveTheTransactionTimeout runs steps that take three
// times the transaction timeout beside quick workflows on the same
// partitions: the long ones complete exactly once with progress reported,
// the quick ones complete within seconds while the long ones run, no
// transaction stays open near the timeout, and no session is fenced.
func TestLongStepsOutliveTheTransactionTimeout(t *testing.T) {
	h := newHarness(t, 2)
	const txnTimeout = 2 * time.Second
	rt, reg, _ := runLong(t, h, "long-timeout", bus.TransactionTimeout(txnTimeout), bus.LongWorkers(4), bus.JobLease(3*time.Second))

	var slow []events.Event
	for i := range 2 {
		slow = append(slow, submittedKeyed(i, fmt.Sprintf("wf-slow-%d", i), map[string]string{"steps": "3", "step_delay": "2s"}))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, slow...)
	time.Sleep(500 * time.Millisecond) // the slow ones are running
	var quick []events.Event
	for i := 2; i < 42; i++ {
		quick = append(quick, submittedKeyed(i, fmt.Sprintf("wf-quick-%d", i), nil))
	}
	start := time.Now()
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, quick...)
	got := outputs(t, h, 40, 10*time.Second)
	if len(got) < 40 {
		t.Fatalf("quick workflows: %d of 40 completed within 10s while long steps ran", len(got))
	}
	quickDone := time.Since(start)
	if quickDone > 5*time.Second {
		t.Errorf("quick workflows took %s behind the long steps; want a few seconds at most", quickDone)
	}
	got = outputs(t, h, 42, 30*time.Second)
	for i := range 42 {
		id := fmt.Sprintf("evt-%08d", i)
		if got[id] != 1 {
			t.Errorf("event %s: %d outputs, want exactly 1", id, got[id])
		}
	}
	ctl := controlKinds(t, h, 6, 10*time.Second)
	for i := range 2 {
		wf := fmt.Sprintf("wf-slow-%d", i)
		if ctl[wf][events.KindStepStarted] != 1 || ctl[wf][events.KindStepProgress] < 2 {
			t.Errorf("workflow %s control events %v: want one step_started and progress", wf, ctl[wf])
		}
	}
	if open := rt.MaxTransactionOpen(); open >= txnTimeout/2 {
		t.Errorf("a transaction stayed open %s; want well under the %s timeout", open, txnTimeout)
	}
	if n := metricSum(t, reg, "docket_runtime_session_restarts_total"); n != 0 {
		t.Errorf("%v session restarts (fenced or failed ends), want 0", n)
	}
	t.Logf("quick workflows done in %s while long steps ran; longest transaction %s", quickDone.Round(time.Millisecond), rt.MaxTransactionOpen())
}

// TestQuickJobsRunBeforeQueuedOnes queues six slow jobs on one worker,
// then a quick one (bus.Quick): it runs as soon as the worker is free,
// not after the six.
func TestQuickJobsRunBeforeQueuedOnes(t *testing.T) {
	h := newHarness(t, 1)
	runLong(t, h, "long-quick", bus.LongWorkers(1))
	var slow []events.Event
	for i := range 6 {
		slow = append(slow, submittedKeyed(i, fmt.Sprintf("wf-slow-%d", i), map[string]string{"delay": "300ms"}))
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, slow...)
	time.Sleep(400 * time.Millisecond) // the first runs, the others wait
	// It fails its one try in the batch, so it is queued as a job.
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, submittedKeyed(6, "wf-quick", map[string]string{"quick": "true", "transient": "1"}))
	var order []string
	for _, r := range h.kafka.ReadCommitted(t, events.TopicExtracted, 7, 30*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode output: %v", err)
		}
		order = append(order, e.EventMeta().WorkflowID)
	}
	if len(order) != 7 {
		t.Fatalf("%d of 7 completed: %v", len(order), order)
	}
	at := slices.Index(order, "wf-quick")
	if at < 0 || at > 2 {
		t.Errorf("completion order %v: the quick job came %d of 7; want it right after the one or two slow jobs already running", order, at+1)
	}
}

// onceEach requires one output for each of evs within timeout, and none
// more after it.
func onceEach(t *testing.T, h *harness, evs []events.Event, timeout time.Duration) {
	t.Helper()
	got := outputs(t, h, len(evs), timeout)
	if late := outputs(t, h, len(evs)+1, 3*time.Second); len(late) != len(evs) {
		got = late
	}
	for _, e := range evs {
		if n := got[e.EventMeta().EventID]; n != 1 {
			t.Errorf("%s: %d outputs, want 1", e.EventMeta().EventID, n)
		}
	}
}

// jobOutcomes is docket_jobs_total{outcome=outcome}.
func jobOutcomes(t *testing.T, reg *prometheus.Registry, outcome string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	n := 0.0
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if mf.GetName() == "docket_jobs_total" && l.GetName() == "outcome" && l.GetValue() == outcome {
					n += m.GetCounter().GetValue()
				}
			}
		}
	}
	return n
}

// TestQuickRecordsAreHandledInTheirBatch: quick records of workflows with
// nothing else long on the replica are handled in their batch's
// transaction, as short steps, and never become jobs.
func TestQuickRecordsAreHandledInTheirBatch(t *testing.T) {
	h := newHarness(t, 2)
	_, reg, rdb := runLong(t, h, "long-inline")
	evs := make([]events.Event, 200)
	for i := range evs {
		evs[i] = dockettest.Submitted(i, map[string]string{"quick": "true"})
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	onceEach(t, h, evs, 30*time.Second)
	if n := jobOutcomes(t, reg, "inline"); n != float64(len(evs)) {
		t.Errorf("%v records handled inline, want %d", n, len(evs))
	}
	if n := jobOutcomes(t, reg, "accepted"); n != 0 {
		t.Errorf("%v jobs accepted, want none", n)
	}
	if keys, err := rdb.Keys(context.Background(), "{docket:jobs:*}:job:*").Result(); err != nil || len(keys) != 0 {
		t.Errorf("job store keys %v (%v), want none", keys, err)
	}
}

// TestQuickRecordFailingInTheBatchBecomesAJob: a quick record whose one
// try in the batch fails, or runs past its bound, is queued as a job
// instead of being dead-lettered or holding the transaction open: it is
// handled once, by the job, with the step's retries.
func TestQuickRecordFailingInTheBatchBecomesAJob(t *testing.T) {
	h := newHarness(t, 1)
	rt, reg, _ := runLong(t, h, "long-inline-fail")
	evs := []events.Event{
		dockettest.Submitted(0, map[string]string{"quick": "true", "transient": "1"}),
		dockettest.Submitted(1, map[string]string{"quick": "true", "delay": "5s"}),
		dockettest.Submitted(2, map[string]string{"quick": "true"}),
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	onceEach(t, h, evs, 30*time.Second)
	if n := jobOutcomes(t, reg, "accepted"); n != 2 {
		t.Errorf("%v jobs accepted, want the 2 that failed in the batch", n)
	}
	// Any dead letter was written before the last output.
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, 2*time.Second); len(dls) != 0 {
		t.Errorf("%d dead letters, want none", len(dls))
	}
	if open := rt.MaxTransactionOpen(); open > 4500*time.Millisecond {
		t.Errorf("a transaction stayed open %v: the 5 s record was not cut off", open)
	}
}

// TestDeclinedQuickRecordWaitsInItsLane: a quick record whose handler
// finds in its batch that the work is long (ErrNotQuick) becomes a job
// of its priority's lane, behind the jobs queued before it, not ahead of
// them as a quick job; it is output once, with no dead letter.
func TestDeclinedQuickRecordWaitsInItsLane(t *testing.T) {
	h := newHarness(t, 1)
	_, reg, _ := runLong(t, h, "long-inline-declined", bus.LongWorkers(1))
	running := submittedKeyed(0, "wf-running", map[string]string{"delay": "800ms"})
	queued := submittedKeyed(1, "wf-queued", map[string]string{"delay": "10ms"})
	declined := submittedKeyed(2, "wf-declined", map[string]string{"quick": "true", "declines": "1"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, running)
	time.Sleep(300 * time.Millisecond) // running on the one worker
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, queued)
	time.Sleep(200 * time.Millisecond) // queued behind it
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, declined)
	order := outputOrder(t, h, 3)
	if want := []string{running.Meta.EventID, queued.Meta.EventID, declined.Meta.EventID}; !slices.Equal(order, want) {
		t.Errorf("outputs of %v, want %v: the declined record jumped the queue", order, want)
	}
	if n := jobOutcomes(t, reg, "declined"); n != 1 {
		t.Errorf("%v records declined, want 1", n)
	}
	// Any dead letter was written before the last output.
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, 2*time.Second); len(dls) != 0 {
		t.Errorf("%d dead letters, want none", len(dls))
	}
}

// TestQuickRecordOfABusyWorkflowWaitsItsTurn: a quick record of a
// workflow whose slow job runs on the replica is queued behind it, not
// handled in its batch ahead of it: a workflow's long records keep their
// order.
func TestQuickRecordOfABusyWorkflowWaitsItsTurn(t *testing.T) {
	h := newHarness(t, 1)
	runLong(t, h, "long-inline-busy")
	slow := submittedKeyed(0, "wf-busy", map[string]string{"delay": "1s"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, slow)
	time.Sleep(300 * time.Millisecond) // accepted and running
	quick := submittedKeyed(1, "wf-busy", map[string]string{"quick": "true"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, quick)
	order := outputOrder(t, h, 2)
	if want := []string{slow.Meta.EventID, quick.Meta.EventID}; !slices.Equal(order, want) {
		t.Errorf("outputs of %v, want %v (the workflow's order)", order, want)
	}
}

// TestHandlerPanicIsDeadLettered panics on one record of 1,000, in a batch's
// transaction and as a long step: that record is dead-lettered as
// structural with the panic and a stack, the other 999 are handled, and the
// runtime keeps running.
func TestHandlerPanicIsDeadLettered(t *testing.T) {
	for _, long := range []bool{false, true} {
		t.Run(map[bool]string{false: "short", true: "long"}[long], func(t *testing.T) {
			h := newHarness(t, 4)
			if long {
				runLong(t, h, "panic-long", bus.LongWorkers(4))
			} else {
				startRuntime(t, h, "panic-short")
			}
			evs := make([]events.Event, 1000)
			for i := range evs {
				var labels map[string]string
				if i == 500 {
					labels = map[string]string{"panic": "1"}
				}
				evs[i] = dockettest.Submitted(i, labels)
			}
			dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
			got := outputs(t, h, 999, 60*time.Second)
			if len(got) != 999 || got["evt-00000500"] != 0 {
				t.Fatalf("%d outputs (panicking event: %d), want the 999 others", len(got), got["evt-00000500"])
			}
			dls := deadLetters(t, h, 1)
			if len(dls) != 1 {
				t.Fatalf("%d dead letters, want 1", len(dls))
			}
			dl := dls[0]
			if dl.ErrorClass != "structural" || !strings.Contains(dl.ErrorMessage, "handler panicked: simulated panic") || !strings.Contains(dl.ErrorMessage, "passthrough") {
				t.Errorf("dead letter class %s message %q: want structural with the panic and its stack", dl.ErrorClass, dl.ErrorMessage)
			}
			// Still running: one more event goes through.
			dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, dockettest.Submitted(1000, nil))
			if got := outputs(t, h, 1000, 30*time.Second); got["evt-00001000"] != 1 {
				t.Errorf("after the panic, a new event got %d outputs, want 1", got["evt-00001000"])
			}
		})
	}
}

// TestCancelReachesARunningJobWithinAHeartbeat cancels a workflow whose
// long step sleeps far longer than a heartbeat: the job stops within one
// heartbeat and the workflow ends canceled, with no output.
func TestCancelReachesARunningJobWithinAHeartbeat(t *testing.T) {
	h := newHarness(t, 2)
	const lease = 1500 * time.Millisecond // heartbeat every 500ms
	_, _, rdb := runLong(t, h, "long-cancel", bus.JobLease(lease), bus.CancelCheck(cancel.New(redis.NewClient(&redis.Options{Addr: h.redis}))))
	ev := submittedKeyed(0, "wf-cancel", map[string]string{"steps": "2", "step_delay": "60s"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, ev)
	if c := controlKinds(t, h, 1, 20*time.Second); c["wf-cancel"][events.KindStepStarted] != 1 {
		t.Fatalf("job did not start: %v", c)
	}
	time.Sleep(200 * time.Millisecond)
	markers := cancel.New(rdb)
	if err := rdb.Set(context.Background(), markers.Key("wf-cancel"), "operator asked", time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for {
		c := controlKinds(t, h, 1, time.Second)
		if c["wf-cancel"]["canceled"] == 1 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("no canceled event 10s after the cancel: %v", c)
		}
	}
	if took := time.Since(start); took > lease {
		t.Errorf("cancel reached the running job after %s; want within one heartbeat (%s)", took, lease/3)
	}
	if got := outputs(t, h, 1, 2*time.Second); len(got) != 0 {
		t.Errorf("canceled workflow emitted %v", got)
	}
}

// TestDeadlineReachesARunningJobWithinAHeartbeat marks a workflow's
// deadline passed while its long step sleeps: the job stops within one
// heartbeat with a step_stopped event and no output, and a job of a
// workflow already past its deadline when it leaves the queue never starts.
func TestDeadlineReachesARunningJobWithinAHeartbeat(t *testing.T) {
	h := newHarness(t, 2)
	const lease = 1500 * time.Millisecond // heartbeat every 500ms
	_, _, rdb := runLong(t, h, "long-deadline", bus.JobLease(lease), bus.LongWorkers(1),
		bus.CancelCheck(cancel.New(redis.NewClient(&redis.Options{Addr: h.redis}))))
	markers := cancel.New(rdb)
	// Already late when it is picked up: stopped before any work.
	if err := rdb.Set(context.Background(), markers.DeadlineKey("wf-late"), "deadline passed before it started", time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted,
		submittedKeyed(0, "wf-deadline", map[string]string{"steps": "2", "step_delay": "60s"}))
	if c := controlKinds(t, h, 1, 20*time.Second); c["wf-deadline"][events.KindStepStarted] != 1 {
		t.Fatalf("job did not start: %v", c)
	}
	time.Sleep(200 * time.Millisecond)
	if err := rdb.Set(context.Background(), markers.DeadlineKey("wf-deadline"), "deadline 2026-12-01T12:00:00Z passed", time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for {
		c := controlKinds(t, h, 2, time.Second)
		if c["wf-deadline"][events.KindStepStopped] == 1 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("no step_stopped event 10s after the deadline marker: %v", c)
		}
	}
	if took := time.Since(start); took > lease {
		t.Errorf("the deadline reached the running job after %s; want within one heartbeat (%s)", took, lease/3)
	}
	// The single worker is free again: the late workflow's job is ended
	// as soon as it leaves the queue.
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted,
		submittedKeyed(1, "wf-late", map[string]string{"steps": "2", "step_delay": "60s"}))
	deadline := time.Now().Add(20 * time.Second)
	var c map[string]map[string]int
	for time.Now().Before(deadline) {
		if c = controlKinds(t, h, 3, time.Second); c["wf-late"][events.KindStepStopped] == 1 {
			break
		}
	}
	if c["wf-late"][events.KindStepStopped] != 1 || c["wf-late"][events.KindStepProgress] != 0 {
		t.Errorf("late workflow's steps = %v; want stopped before any progress", c["wf-late"])
	}
	if c["wf-deadline"]["canceled"] != 0 || c["wf-late"]["canceled"] != 0 {
		t.Errorf("a deadline is not a cancel: %v", c)
	}
	if got := outputs(t, h, 1, 2*time.Second); len(got) != 0 {
		t.Errorf("timed-out workflows emitted %v", got)
	}
}

// TestLongStepRedeliveredAfterDeadLetter fails a long job transiently until
// it is dead-lettered, then redelivers it through the retry topic as the
// exception agent does: the redelivery is a new job that completes, once,
// and the same redelivery consumed twice does not run twice. (Before, the
// accept's processed mark made the redelivery pass for a duplicate: the
// workflow was lost, found by the full-size chaos run on Apache Kafka.)
func TestLongStepRedeliveredAfterDeadLetter(t *testing.T) {
	h := newHarness(t, 2)
	runLong(t, h, "long-redeliver")
	in := submittedKeyed(0, "wf-redeliver", map[string]string{"transient": "5"}) // the job's 4 attempts fail
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)
	dls := deadLetters(t, h, 1)
	if len(dls) != 1 || dls[0].ErrorClass != "transient" {
		t.Fatalf("dead letters = %+v, want one transient", dls)
	}
	dl := dls[0]
	redelivery := func() *kgo.Record {
		return &kgo.Record{Topic: events.RetryTopic(passthrough.Name), Key: dl.OriginalKey, Value: dl.OriginalValue, Headers: []kgo.RecordHeader{
			{Key: bus.HeaderOriginTopic, Value: []byte(dl.SourceTopic)},
			{Key: bus.HeaderOriginPartition, Value: []byte(strconv.Itoa(dl.SourcePartition))},
			{Key: bus.HeaderOriginOffset, Value: []byte(strconv.FormatInt(dl.SourceOffset, 10))},
			{Key: bus.HeaderAttempt, Value: []byte(strconv.Itoa(dl.Attempts))},
		}}
	}
	produceRaw(t, h, redelivery())
	if got := outputs(t, h, 1, 30*time.Second); got[in.Meta.EventID] != 1 {
		t.Fatalf("after the redelivery: outputs %v, want one for %s", got, in.Meta.EventID)
	}
	// The exception agent, restarted mid-batch, produces the same
	// redelivery again: it is the same job, done already.
	produceRaw(t, h, redelivery())
	if got := outputs(t, h, 2, 3*time.Second); got[in.Meta.EventID] != 1 {
		t.Errorf("the same redelivery twice: outputs %v, want still one", got)
	}
}

// TestUnconfirmedEmissionIsSettledByItsMarker makes the broker answer the
// first transaction commits with UNKNOWN_SERVER_ERROR, which leaves a
// commit unconfirmed (the client retries it as an abort): the jobs of such
// an emission are settled by their transaction's marker instead of being
// emitted again blindly, and every output still exists exactly once.
func TestUnconfirmedEmissionIsSettledByItsMarker(t *testing.T) {
	h := newHarness(t, 2)
	if h.kafka.Cluster == nil {
		t.Skip("needs kfake's request control")
	}
	var failed atomic.Int32
	h.kafka.Cluster.ControlKey(int16(kmsg.EndTxn), func(req kmsg.Request) (kmsg.Response, error, bool) {
		h.kafka.Cluster.KeepControl()
		r := req.(*kmsg.EndTxnRequest)
		if !r.Commit || failed.Load() >= 3 {
			return nil, nil, false
		}
		failed.Add(1)
		resp := r.ResponseKind().(*kmsg.EndTxnResponse)
		resp.ErrorCode = kerr.UnknownServerError.Code
		return resp, nil, true
	})
	_, reg, _ := runLong(t, h, "long-unconfirmed", bus.ReportAfter(0))
	evs := make([]events.Event, 20)
	for i := range evs {
		evs[i] = dockettest.Submitted(i, nil)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	onceEach(t, h, evs, 60*time.Second)
	unconfirmed := jobOutcomes(t, reg, "unconfirmed")
	if unconfirmed == 0 {
		t.Fatalf("%d commits failed, none of them an emission's; the test proves nothing", failed.Load())
	}
	t.Logf("%d commits left unconfirmed; %v jobs settled by their markers", failed.Load(), unconfirmed)
}

// TestFullJobQueuePausesFetching gives a replica room for 4 jobs and one
// worker: fetching pauses instead of piling records up, the replica never
// holds more than its room plus one poll, and everything completes.
func TestFullJobQueuePausesFetching(t *testing.T) {
	h := newHarness(t, 2)
	_, reg, _ := runLong(t, h, "long-pressure", bus.LongQueue(4), bus.LongWorkers(1), bus.MaxPollRecords(4))
	evs := make([]events.Event, 40)
	for i := range evs {
		evs[i] = dockettest.Submitted(i, map[string]string{"delay": "50ms"})
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	maxHeld, paused := 0.0, false
	// Two seconds of work in ten rounds of the queue: fetching resumes
	// within a fetch's wait each round (it waited up to 5 s, and the 40
	// jobs took 45 s).
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		held := metricSum(t, reg, "docket_jobs_queued") + metricSum(t, reg, "docket_jobs_running")
		maxHeld = max(maxHeld, held)
		if metricSum(t, reg, "docket_jobs_fetch_paused") == 1 {
			paused = true
		}
		if metricSum(t, reg, "docket_jobs_total") >= 80 { // 40 accepted + 40 completed
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := metricSum(t, reg, "docket_jobs_total"); n < 80 {
		t.Fatalf("%v of 40 jobs' acceptances and completions within 20 s", n)
	}
	if got := outputs(t, h, 40, 10*time.Second); len(got) != 40 {
		t.Fatalf("%d of 40 completed", len(got))
	}
	if !paused {
		t.Error("fetching never paused with a full job queue")
	}
	if maxHeld > 8 {
		t.Errorf("held up to %v jobs; want at most the queue (4) plus one poll (4)", maxHeld)
	}
}

// TestLongJobResumesFromCheckpointAfterSIGKILL kills the service in the
// middle of a 20-step job: the restarted process takes the job back at
// once, resumes after the last checkpoint (steps finished before the kill
// do not run again), and the output exists exactly once.
func TestLongJobResumesFromCheckpointAfterSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs separate processes; skipped with -short")
	}
	h := newHarness(t, 2)
	bin := dockettest.Build(t, "../dockettest/passthrough/cmd/passthrough")
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	ev := submittedKeyed(0, "wf-kill", map[string]string{"steps": "20", "step_delay": "150ms"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, ev)
	proc := dockettest.StartProcess(t, bin, t.TempDir()+"/p.log", append(h.env("p0"), "PASSTHROUGH_LONG=1")...)

	ctx := context.Background()
	ckpt := "docket:test:ckpt:" + ev.Meta.EventID
	deadline := time.Now().Add(30 * time.Second)
	done := 0
	for done < 8 && time.Now().Before(deadline) {
		done, _ = rdb.Get(ctx, ckpt).Int()
		time.Sleep(20 * time.Millisecond)
	}
	proc.Kill()
	atKill, _ := rdb.Get(ctx, ckpt).Int()
	if atKill < 8 || atKill >= 20 {
		t.Fatalf("killed at checkpoint %d; want the middle of the job", atKill)
	}
	proc.Start()
	got := outputs(t, h, 1, 60*time.Second)
	if got[ev.Meta.EventID] != 1 {
		t.Fatalf("outputs %v, want exactly one", got)
	}
	time.Sleep(time.Second)
	if got := outputs(t, h, 2, 2*time.Second); got[ev.Meta.EventID] != 1 {
		t.Fatalf("outputs after settling %v, want exactly one", got)
	}
	runs := 0
	for i := range 20 {
		n, _ := rdb.Get(ctx, passthrough.StepKey(ev.Meta.EventID, i)).Int()
		runs += n
		if i < atKill && n != 1 {
			t.Errorf("step %d (checkpointed before the kill) ran %d times, want 1", i, n)
		}
		if n < 1 {
			t.Errorf("step %d never ran", i)
		}
	}
	if runs > 21 {
		t.Errorf("%d step runs for 20 steps and one kill; want at most 21 (the step in flight)", runs)
	}
	t.Logf("killed after step %d of 20; %d step runs in all", atKill, runs)
}

// TestFencedProducerRestartsTheSession fails one EndTxn of the runtime with
// PRODUCER_FENCED: the runtime starts a new session instead of ending, the
// batch is consumed again, and every event has exactly one output.
func TestFencedProducerRestartsTheSession(t *testing.T) {
	h := newHarness(t, 2)
	fault := h.kafka.Cluster.Fault(kfake.Fault{Keys: []kmsg.Key{kmsg.EndTxn}, TxnID: "fence-0", Err: kerr.ProducerFenced, Count: 1})
	_, reg := runPassthrough(t, h, "fence-0", nil)
	evs := make([]events.Event, 20)
	for i := range evs {
		evs[i] = dockettest.Submitted(i, nil)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	got := outputs(t, h, 20, 60*time.Second)
	if fault.Hits() != 1 {
		t.Fatalf("EndTxn faulted %d times, want 1", fault.Hits())
	}
	for i := range 20 {
		if id := fmt.Sprintf("evt-%08d", i); got[id] != 1 {
			t.Errorf("event %s: %d outputs, want exactly 1", id, got[id])
		}
	}
	if n := metricSum(t, reg, "docket_runtime_session_restarts_total"); n < 1 {
		t.Errorf("session restarts %v, want at least 1", n)
	}
	time.Sleep(time.Second)
	if n := len(h.kafka.ReadSettled(t, events.TopicExtracted, 20, 30*time.Second, 2*time.Second)); n != 20 {
		t.Errorf("after settling: %d outputs, want 20", n)
	}
}

// TestJobRetriesAreReported fails a job's first two tries with a transient
// error: each failed try is reported on the steps topic (step_retrying,
// with the try, the policy's tries and the error), after the job's
// step_started, and the job's output is still written once.
func TestJobRetriesAreReported(t *testing.T) {
	h := newHarness(t, 1)
	runLong(t, h, "long-retries", bus.ReportAfter(time.Hour))
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, submittedKeyed(0, "wf-retries", map[string]string{"transient": "2"}))

	if got := outputs(t, h, 1, 20*time.Second); got["evt-00000000"] != 1 {
		t.Fatalf("outputs %v, want evt-00000000 once", got)
	}
	var kinds, tries []string
	for _, r := range h.kafka.ReadCommitted(t, events.TopicSteps, 3, 10*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			t.Fatalf("decode control event: %v", err)
		}
		c := e.(*events.WorkflowControl)
		if c.Meta.WorkflowID != "wf-retries" {
			t.Errorf("control event of workflow %q", c.Meta.WorkflowID)
		}
		kinds = append(kinds, c.Kind)
		if c.Kind != events.KindStepRetrying {
			continue
		}
		tries = append(tries, c.Details[events.DetailTry]+"/"+c.Details[events.DetailTries])
		if !strings.Contains(c.Reason, "simulated transient failure") || strings.HasPrefix(c.Reason, "transient:") {
			t.Errorf("step_retrying reason %q: want the error without its class", c.Reason)
		}
		if c.Details[events.DetailStep] == "" {
			t.Errorf("step_retrying details %v: want the step", c.Details)
		}
	}
	if want := []string{events.KindStepStarted, events.KindStepRetrying, events.KindStepRetrying}; !slices.Equal(kinds, want) {
		t.Errorf("control kinds %v, want %v (the job announced before its retries, though it reports after an hour)", kinds, want)
	}
	if want := []string{"1/4", "2/4"}; !slices.Equal(tries, want) {
		t.Errorf("tries reported %v, want %v", tries, want)
	}
}

// TestLongJobWaitsOutASideEffectHeldByADeadOwner: a long job whose side
// effect is claimed under a dead replica's lease spends its tries at once;
// the job stays with its live replica, runs again after pauses, and emits
// once the lease has run out. Before, it was dropped to wait for a
// takeover that never comes while its replica lives: the workflow stalled
// (the chaos suite lost workflows at OCR so, after killing a replica that
// was running their extraction).
func TestLongJobWaitsOutASideEffectHeldByADeadOwner(t *testing.T) {
	h := newHarness(t, 1)
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	defer rdb.Close()
	store := idempotency.New(rdb, idempotency.Lease(3*time.Second))
	in := submittedKeyed(5, "wf-held-effect", map[string]string{"effect": "1"})
	key := idempotency.Key{Service: passthrough.Name, ID: in.Meta.EventID + "/effect"}
	ctx := context.Background()
	if c, err := store.Claim(ctx, key, "died-0"); err != nil || c.State != idempotency.Acquired {
		t.Fatalf("claim for the dead owner: %+v, %v", c, err)
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)
	_, reg, _ := runSpec(t, h, passthrough.LongSpec(0), "long-heir-0", store)

	got := outputs(t, h, 1, 60*time.Second)
	if got[in.Meta.EventID] != 1 {
		t.Fatalf("outputs = %v, want exactly one for %s", got, in.Meta.EventID)
	}
	if n := jobOutcomes(t, reg, "set_back"); n < 1 {
		t.Errorf("jobs set back %v, want at least 1: the held effect never failed a run, so this test proved nothing", n)
	}
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, time.Second); len(dls) != 0 {
		t.Errorf("got %d dead letters, want none: a held side effect is waited for", len(dls))
	}
	if n, err := rdb.Get(ctx, passthrough.EffectKey(in.Meta.EventID)).Int(); err != nil || n != 1 {
		t.Errorf("side effect ran %d times (%v), want once", n, err)
	}
}

// TestLongJobOutlivesARedisOutage: Redis dies while a long job runs and
// stays down past the job's tries. The job is not the record's fault and
// its replica lives on: it runs again once Redis is back, one output, the
// side effect once, no dead letter.
func TestLongJobOutlivesARedisOutage(t *testing.T) {
	h := newHarness(t, 1)
	_, reg, rdb := runLong(t, h, "long-outage-0")
	in := submittedKeyed(6, "wf-outage", map[string]string{"effect": "1", "delay": "2s"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)

	// The job is in its delay when Redis dies; its Once then fails.
	deadline := time.Now().Add(30 * time.Second)
	for jobOutcomes(t, reg, "accepted") == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the job was never accepted")
		}
		time.Sleep(20 * time.Millisecond)
	}
	h.redisSrv.Kill()
	// Each try waits out the client's dials (about 3.5 s), so the four
	// tries end within some 15 s; the job is set back then (before, it was
	// dropped: waiting 25 s tells the two apart).
	for killed := time.Now(); jobOutcomes(t, reg, "set_back") == 0 && time.Since(killed) < 25*time.Second; {
		time.Sleep(50 * time.Millisecond)
	}
	if n := metricSum(t, reg, "docket_handler_retries_total"); n < 3 {
		t.Fatalf("handler retries %v, want the job's tries spent while Redis was down", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := h.redisSrv.Restart(ctx); err != nil {
		t.Fatalf("restart redis-server: %v", err)
	}

	got := outputs(t, h, 1, 90*time.Second)
	if got[in.Meta.EventID] != 1 {
		t.Fatalf("outputs = %v, want exactly one for %s", got, in.Meta.EventID)
	}
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 1, time.Second); len(dls) != 0 {
		t.Errorf("got %d dead letters, want none: an outage is not the record's fault", len(dls))
	}
	if n, err := rdb.Get(ctx, passthrough.EffectKey(in.Meta.EventID)).Int(); err != nil || n != 1 {
		t.Errorf("side effect ran %d times (%v), want once", n, err)
	}
}
