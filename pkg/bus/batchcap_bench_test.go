package bus_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/service"
)

// noteSpec is a one-hop short step after the long one: every extracted
// event becomes a control event, in the runtime's transactions, as the
// classifier does after OCR.
func noteSpec() service.Spec {
	return service.Spec{
		Name:     "noter",
		Version:  "test",
		Consumes: []string{events.TopicExtracted},
		Produces: []string{events.TopicControl},
		Setup: func(_ context.Context, _ *service.Deps, rt *bus.Runtime) error {
			bus.Handle(rt, events.TopicExtracted, func(_ context.Context, _ *bus.Message, in *events.DocumentExtracted) ([]bus.Output, error) {
				return []bus.Output{{Topic: events.TopicControl, Event: &events.WorkflowControl{Kind: "noted", Details: map[string]string{}}}}, nil
			})
			return nil
		},
	}
}

// cpuSeconds is this process's CPU (the runtimes, kfake and the feeder)
// plus redis-server's, read from its INFO.
func cpuSeconds(b *testing.B, rdb *redis.Client) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	self := float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
	info, err := rdb.Info(context.Background(), "cpu").Result()
	if err != nil {
		b.Fatal(err)
	}
	var rs float64
	for _, line := range strings.Split(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if ok && (k == "used_cpu_sys" || k == "used_cpu_user") {
			f, _ := strconv.ParseFloat(v, 64)
			rs += f
		}
	}
	return self + rs
}

// BenchmarkBatchCap shows what the per-poll cap of a long step costs
// downstream: a long step (the pass-through in long mode, as OCR) feeding
// a short transactional hop (as the classifier), with the long step's
// consumer polling 8 records at a time (OCR's cap before long steps, when
// a batch's work ran inside its transaction) and then 500 (today's: accepting
// is cheap). Every process's CPU is counted (this one, with kfake and both
// runtimes, and redis-server), and the transactions of both hops. Printed
// as the `bench batchcap:` line.
func BenchmarkBatchCap(b *testing.B) {
	const n = 3000
	type run struct {
		cpuMsPerWf, txnsPerWf float64
	}
	measure := func(limit int) run {
		h := newHarness(b, 4)
		_, regLong, rdb := runLong(b, h, fmt.Sprintf("cap-long-%d", limit), bus.MaxPollRecords(limit), bus.LongWorkers(8), bus.LongQueue(2*limit))
		_, regNote, _ := runSpec(b, h, noteSpec(), fmt.Sprintf("cap-note-%d", limit), nil)
		evs := make([]events.Event, n)
		for i := range evs {
			evs[i] = dockettest.Submitted(i, nil)
		}
		before := cpuSeconds(b, rdb)
		dockettest.Produce(b, h.client, h.codec, events.TopicSubmitted, evs...)
		if got := len(h.kafka.ReadCommitted(b, events.TopicControl, n, 5*time.Minute)); got != n {
			b.Fatalf("batch %d: %d of %d workflows went through both hops", limit, got, n)
		}
		used := cpuSeconds(b, rdb) - before
		txns := metricSum(b, regLong, "docket_runtime_transactions_total") + metricSum(b, regNote, "docket_runtime_transactions_total")
		return run{cpuMsPerWf: used * 1000 / n, txnsPerWf: txns / n}
	}
	for range b.N {
		old, now := measure(8), measure(500)
		fmt.Fprintf(os.Stdout, "bench batchcap: docs=%d batch8_cpu_ms_per_wf=%.3f batch500_cpu_ms_per_wf=%.3f cpu_drop=%.0f%% batch8_txns_per_wf=%.3f batch500_txns_per_wf=%.3f\n",
			n, old.cpuMsPerWf, now.cpuMsPerWf, 100*(1-now.cpuMsPerWf/old.cpuMsPerWf), old.txnsPerWf, now.txnsPerWf)
		b.ReportMetric(now.cpuMsPerWf, "cpu_ms/wf")
	}
}
