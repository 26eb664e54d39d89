package bus_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// jobTimes reads, per workflow, when its long step started (the
// step_started event's time), how long it waited queued (its queued_ms)
// and when its output was emitted.
type jobTimes struct {
	started, finished map[string]time.Time
	queued            map[string]time.Duration
	submitted         map[string]time.Time
}

func readJobTimes(b testing.TB, h *harness, n int, timeout time.Duration) jobTimes {
	jt := jobTimes{started: map[string]time.Time{}, finished: map[string]time.Time{}, queued: map[string]time.Duration{}, submitted: map[string]time.Time{}}
	for _, r := range h.kafka.ReadCommitted(b, events.TopicExtracted, n, timeout) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			b.Fatal(err)
		}
		jt.finished[e.EventMeta().WorkflowID] = e.EventMeta().OccurredAt
	}
	for _, r := range h.kafka.ReadCommitted(b, events.TopicSteps, n, 10*time.Second) {
		e, err := h.codec.Decode(r.Value)
		if err != nil {
			b.Fatal(err)
		}
		c := e.(*events.WorkflowControl)
		if c.Kind == events.KindStepStarted {
			jt.started[c.Meta.WorkflowID] = c.Meta.OccurredAt
			ms, _ := strconv.Atoi(c.Details[events.DetailQueuedMs])
			jt.queued[c.Meta.WorkflowID] = time.Duration(ms) * time.Millisecond
		}
	}
	return jt
}

// rate is docs/s from the first start to the last finish among wfs.
func (jt jobTimes) rate(wfs []string) float64 {
	var first, last time.Time
	for _, wf := range wfs {
		if s := jt.started[wf]; first.IsZero() || s.Before(first) {
			first = s
		}
		if f := jt.finished[wf]; f.After(last) {
			last = f
		}
	}
	return float64(len(wfs)) / last.Sub(first).Seconds()
}

func tenantJobs(tenant string, n int, delay string) ([]events.Event, []string) {
	evs := make([]events.Event, n)
	wfs := make([]string, n)
	for i := range n {
		e := dockettest.Submitted(i, map[string]string{"delay": delay})
		e.Meta.EventID = fmt.Sprintf("evt-%s-%05d", tenant, i)
		e.Meta.WorkflowID = fmt.Sprintf("wf-%s-%05d", tenant, i)
		e.Meta.TenantID = tenant
		evs[i], wfs[i] = e, e.Meta.WorkflowID
	}
	return evs, wfs
}

// BenchmarkFairness queues 500 jobs of tenant A, then one of tenant B, on
// two workers: B's wait before its job starts against the longest job in
// flight, and A's rate alone against its rate beside B (idle but for its
// one job). Printed as the `bench fairness:` line.
func BenchmarkFairness(b *testing.B) {
	const n, delay = 500, "20ms"
	// A alone.
	h := newHarness(b, 4)
	// Every job reports its start (the default reports jobs that run a
	// second or more): the benchmark reads the waits from those reports.
	runLong(b, h, "fair-alone", bus.LongWorkers(2), bus.ReportAfter(0))
	evs, wfsA := tenantJobs("tenant-a", n, delay)
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
	alone := readJobTimes(b, h, n, 2*time.Minute).rate(wfsA)

	// A's queue, then B.
	h = newHarness(b, 4)
	runLong(b, h, "fair-mixed", bus.LongWorkers(2), bus.ReportAfter(0))
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
	time.Sleep(300 * time.Millisecond) // A's jobs are accepted and queued
	evB, wfB := tenantJobs("tenant-b", 1, delay)
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evB...)
	jt := readJobTimes(b, h, n+1, 2*time.Minute)
	withB := jt.rate(wfsA)
	var longest time.Duration
	for _, wf := range wfsA {
		longest = max(longest, jt.finished[wf].Sub(jt.started[wf]))
	}
	fmt.Fprintf(os.Stdout, "bench fairness: tenant_b_wait_ms=%d longest_job_ms=%d a_alone_docs_per_s=%.1f a_with_b_docs_per_s=%.1f\n",
		jt.queued[wfB[0]].Milliseconds(), longest.Milliseconds(), alone, withB)
	b.ReportMetric(float64(jt.queued[wfB[0]].Milliseconds()), "b_wait_ms")
}

// BenchmarkLongStep runs long documents (eight 500ms steps each) beside a
// stream of short ones on four workers with a 2s transaction timeout: the
// longest time any transaction stayed open, the p99 end-to-end latency of
// the short documents while the long ones run, and fenced sessions.
// Printed as the `bench longstep:` line.
func BenchmarkLongStep(b *testing.B) {
	const long, short = 2, 400
	h := newHarness(b, 4)
	rt, reg, _ := runLong(b, h, "longstep", bus.LongWorkers(4), bus.TransactionTimeout(2*time.Second))
	var evs []events.Event
	for i := range long {
		e := dockettest.Submitted(i, map[string]string{"steps": "8", "step_delay": "500ms"})
		e.Meta.WorkflowID = fmt.Sprintf("wf-long-%d", i)
		evs = append(evs, e)
	}
	dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
	sent := map[string]time.Time{}
	for i := long; i < long+short; i++ { // 100 a second while the long ones run
		e := dockettest.Submitted(i, nil)
		e.Meta.WorkflowID = fmt.Sprintf("wf-short-%d", i)
		sent[e.Meta.WorkflowID] = time.Now()
		dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, e)
		time.Sleep(10 * time.Millisecond)
	}
	jt := readJobTimes(b, h, long+short, 2*time.Minute)
	var lat []time.Duration
	for wf, at := range sent {
		if f, ok := jt.finished[wf]; ok {
			lat = append(lat, f.Sub(at))
		}
	}
	slices.Sort(lat)
	p99 := lat[len(lat)*99/100]
	fenced := metricSum(b, reg, "docket_runtime_session_restarts_total")
	lost := metricSum(b, reg, "docket_jobs_total") // accepted+completed, for the log
	b.Logf("jobs counted %v, short documents completed %d of %d", lost, len(lat), short)
	fmt.Fprintf(os.Stdout, "bench longstep: docs=%d max_txn_open_ms=%d short_p99_ms=%.1f fenced=%.0f restarts=0\n",
		long+short, rt.MaxTransactionOpen().Milliseconds(), float64(p99.Microseconds())/1000, fenced)
}
