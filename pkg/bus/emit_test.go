package bus_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// completedJobs waits until the runtime counts want long jobs completed
// (counted after their transaction committed), or fails.
func completedJobs(t *testing.T, reg *prometheus.Registry, want int, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		var done float64
		for _, mf := range mfs {
			if mf.GetName() != "docket_jobs_total" {
				continue
			}
			for _, m := range mf.GetMetric() {
				for _, l := range m.GetLabel() {
					if l.GetName() == "outcome" && l.GetValue() == "completed" {
						done += m.GetCounter().GetValue()
					}
				}
			}
		}
		if int(done) >= want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v of %d long jobs completed in %s", done, want, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLongStepEmitsWhatFinishedTogether feeds a backlog of quick long jobs
// to two workers: the jobs that finish while others still run go out
// together, in a handful of transactions, not in one every few
// milliseconds (before, 120 jobs of 5 ms took 20-60 transactions, each a
// tiny batch for every hop downstream). Every output exists once.
func TestLongStepEmitsWhatFinishedTogether(t *testing.T) {
	h := newHarness(t, 2)
	_, reg, _ := runLong(t, h, "long-emit-together", bus.LongWorkers(2))
	const n = 120
	evs := make([]events.Event, n)
	for i := range evs {
		evs[i] = submittedKeyed(i, fmt.Sprintf("wf-emit-%d", i), map[string]string{"delay": "5ms"})
	}
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	got := outputs(t, h, n, 30*time.Second)
	if len(got) != n {
		t.Fatalf("%d of %d workflows have an output", len(got), n)
	}
	for id, c := range got {
		if c != 1 {
			t.Errorf("event %s has %d outputs, want 1", id, c)
		}
	}
	completedJobs(t, reg, n, 10*time.Second)
	txns := metricSum(t, reg, "docket_runtime_transactions_total")
	t.Logf("%d jobs in %.0f transactions", n, txns)
	// Accepting takes one or two polls; the work takes about 300 ms on two
	// workers, so within the 250 ms EmitWait it is emitted in at most a
	// few transactions, the last when no job runs any more.
	if txns > 10 {
		t.Errorf("%d finished jobs went out in %.0f transactions, want at most 10", n, txns)
	}
}

// TestLongStepEmitWaitIsBounded: while one job runs for seconds, the quick
// jobs beside it are emitted within EmitWait of finishing, not held until
// no job runs.
func TestLongStepEmitWaitIsBounded(t *testing.T) {
	h := newHarness(t, 2)
	// No step events (ReportAfter): they would carry the quick jobs' outputs
	// out with them.
	runLong(t, h, "long-emit-bounded", bus.LongWorkers(2), bus.ReportAfter(time.Hour), bus.EmitWait(100*time.Millisecond))
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, submittedKeyed(0, "wf-slow", map[string]string{"delay": "5s"}))
	time.Sleep(300 * time.Millisecond) // the slow one runs
	const n = 10
	evs := make([]events.Event, n)
	for i := range evs {
		evs[i] = submittedKeyed(i+1, fmt.Sprintf("wf-quick-%d", i), map[string]string{"delay": "1ms"})
	}
	start := time.Now()
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, evs...)
	got := outputs(t, h, n, 4*time.Second)
	if len(got) != n {
		t.Fatalf("%d of %d quick workflows have an output within 4s while a slow job runs", len(got), n)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the quick jobs' outputs took %s, want well under the slow job's 5s", d)
	}
}
