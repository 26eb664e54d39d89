package bench

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/docket-run/docket/pkg/events"
)

// costWindow is a run being measured: every process's CPU, redis-server's
// counters and the services' metrics at its start.
type costWindow struct {
	s       *stack
	cpu     map[string]Usage
	redis   RedisStats
	metrics Metrics
	after   Metrics // at the end, once ended
}

// beginCost starts measuring a run.
func (s *stack) beginCost(ctx context.Context) *costWindow {
	return &costWindow{s: s, cpu: s.usage(), redis: s.redisStats(ctx), metrics: s.metrics(ctx)}
}

// end returns the cost of the run since beginCost, for workflows
// workflows: CPU and Redis from every process, transactions and records
// from the services' metrics (none when no service runs).
func (w *costWindow) end(ctx context.Context, workflows int) Cost {
	return w.endWithout(ctx, workflows, nil)
}

// endWithout is end with the CPU of the processes named in skip left out
// (Docket's services idling beside the reference).
func (w *costWindow) endWithout(ctx context.Context, workflows int, skip []string) Cost {
	cpu, rs, m := w.s.usage(), w.s.redisStats(ctx), w.s.metrics(ctx)
	c := Cost{Workflows: workflows, CPUByProcess: map[string]float64{}}
	for name, u := range cpu {
		if !slices.Contains(skip, name) {
			d := u.CPUSeconds - w.cpu[name].CPUSeconds
			c.CPUSeconds += d
			c.CPUByProcess[name] = d
		}
	}
	c.redisBetween(w.redis, rs)
	diff := func(name string) float64 { return m.Sum(name, nil) - w.metrics.Sum(name, nil) }
	c.Transactions = diff("docket_runtime_transactions_total")
	c.Records = diff("docket_kafka_produce_records_total")
	c.Delivered = diff("docket_kafka_fetch_records_total")
	w.after = m
	return c
}

// batches describes, per service, the transactions and the polled batches
// of the run that ended last: how many of each and the records a batch
// held on average (a transaction that only emits long jobs' outputs polls
// no batch).
func (w *costWindow) batches() string {
	var b strings.Builder
	for _, svc := range services {
		want := map[string]string{"service": svc}
		d := func(name string) float64 { return w.after.Sum(name, want) - w.metrics.Sum(name, want) }
		txns, n, recs := d("docket_runtime_transactions_total"), d("docket_runtime_batch_records_count"), d("docket_runtime_batch_records_sum")
		if txns == 0 && n == 0 {
			continue
		}
		done := map[string]string{"service": svc, "outcome": "completed"}
		jobs := w.after.Sum("docket_jobs_total", done) - w.metrics.Sum("docket_jobs_total", done)
		fmt.Fprintf(&b, " %s: txns=%.0f batches=%.0f records_per_batch=%.1f jobs_completed=%.0f;", svc, txns, n, recs/max(1, n), jobs)
	}
	return strings.TrimSuffix(strings.TrimSpace(b.String()), ";")
}

// redisStats reads redis-server's INFO stats and commandstats.
func (s *stack) redisStats(ctx context.Context) RedisStats {
	info, err := s.redis.Info(ctx, "stats", "commandstats").Result()
	if err != nil {
		s.b.Fatalf("redis INFO: %v", err)
	}
	st, err := ParseRedisInfo(info)
	if err != nil {
		s.b.Fatal(err)
	}
	return st
}

// metrics reads every running service's /metrics.
func (s *stack) metrics(ctx context.Context) Metrics {
	var all Metrics
	for _, svc := range services {
		if _, ok := s.procs[svc]; !ok {
			continue
		}
		code, body := httpGet(ctx, "http://"+s.ops[svc]+"/metrics")
		if code != http.StatusOK {
			s.b.Fatalf("%s /metrics: HTTP %d", svc, code)
		}
		m, err := ParseMetrics(bytes.NewReader(body))
		if err != nil {
			s.b.Fatalf("%s /metrics: %v", svc, err)
		}
		all = append(all, m...)
	}
	return all
}

// splitOf are the steps whose time the services' histograms split: the
// service and the input topic of each.
var splitOf = []struct{ stage, service, topic string }{
	{"ingest", events.ServiceIngest, events.TopicRequested},
	{"ocr", events.ServiceOCR, events.TopicSubmitted},
	{"classifier", events.ServiceClassifier, events.TopicExtracted},
	{"ledger", events.ServiceLedger, events.TopicClassified},
}

// splits returns each step's queue age and processing observed between
// the metrics before and after.
func splits(before, after Metrics) []StageSplit {
	var out []StageSplit
	msq := func(h Histogram, q float64) float64 {
		v := h.Quantile(q)
		if math.IsNaN(v) {
			return 0
		}
		return 1000 * v
	}
	for _, st := range splitOf {
		labels := map[string]string{"service": st.service, "topic": st.topic}
		queue := after.Histogram("docket_handler_queue_age_seconds", labels).Sub(before.Histogram("docket_handler_queue_age_seconds", labels))
		proc := after.Histogram("docket_handler_duration_seconds", labels).Sub(before.Histogram("docket_handler_duration_seconds", labels))
		if proc.Count() == 0 {
			continue
		}
		out = append(out, StageSplit{Name: st.stage, Service: st.service, Topic: st.topic,
			QueueP50: msq(queue, 0.5), QueueP99: msq(queue, 0.99), ProcP50: msq(proc, 0.5), ProcP99: msq(proc, 0.99), N: int(proc.Count())})
	}
	return out
}
