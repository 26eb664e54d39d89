package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// BenchmarkTracker measures the projection's throughput, applying batches
// of 1,000 events (four per workflow, built by projection.Build from real
// events) to a real redis-server on loopback, with nothing watching (the
// change stream not written) and with a watch open, and GetWorkflow's p99
// under a fixed 1,000 requests/s over gRPC on loopback. Run it once:
// go test -run '^$' -bench BenchmarkTracker -benchtime 1x ./internal/server/
func BenchmarkTracker(b *testing.B) {
	const (
		workflows = 12500
		rate      = 1000
		requests  = 3 * rate
	)
	rdb := dockettest.RedisClient(b, dockettest.Redis(b))
	st := store.New(rdb, "bench:")
	ops := benchOps(workflows)
	b.ResetTimer()
	var idle, watched benchApply
	for range b.N {
		idle.add(b, rdb, st, ops, false)
		watched.add(b, rdb, st, ops, true)
	}
	b.StopTimer()
	perS := idle.perS()

	p99 := getP99(b, st, workflows, rate, requests)
	b.ReportMetric(perS, "events/s")
	b.ReportMetric(float64(p99.Microseconds())/1000, "get_p99_ms")
	fmt.Printf("bench tracker: events_per_s=%.0f get_p99_ms=%.2f\n", perS, float64(p99.Microseconds())/1000)
	// On a shared machine the wall clock depends on the neighbours: the
	// events per CPU second of redis-server and the tracker together is what
	// one replica on its own cores would reach.
	fmt.Printf("bench tracker: events_per_cpu_s=%.0f (CPU during the apply: redis-server %s, tracker %s)\n",
		idle.perCPUS(), idle.redisCPU.Round(time.Millisecond), idle.selfCPU.Round(time.Millisecond))
	// Redis commands, those the apply script runs included.
	fmt.Printf("bench tracker: redis_cmds_per_event=%.2f\n", idle.cmdsPerEvent())
	// The same with a watch open: the change stream written too.
	fmt.Printf("bench tracker: watched events_per_s=%.0f events_per_cpu_s=%.0f redis_cmds_per_event=%.2f (CPU: redis-server %s, tracker %s)\n",
		watched.perS(), watched.perCPUS(), watched.cmdsPerEvent(),
		watched.redisCPU.Round(time.Millisecond), watched.selfCPU.Round(time.Millisecond))
}

// benchApply sums the runs of one kind of apply.
type benchApply struct {
	events                  int
	took, redisCPU, selfCPU time.Duration
	cmds                    int64
}

// add applies ops in batches of 1,000 to an empty projection, with a watch
// open (the store's change stream kept written) or none.
func (a *benchApply) add(b *testing.B, rdb *redis.Client, st *store.Store, ops []projection.Op, watched bool) {
	const batch = 1000
	ctx := context.Background()
	if err := rdb.FlushDB(ctx).Err(); err != nil {
		b.Fatal(err)
	}
	if watched {
		if err := st.KeepChanges(ctx); err != nil {
			b.Fatal(err)
		}
	}
	redis0, self0 := benchCPU(b, rdb)
	cmds0 := benchCommands(b, rdb)
	begun := time.Now()
	for i := 0; i < len(ops); i += batch {
		part := ops[i:min(i+batch, len(ops))]
		next := map[string]int64{}
		for _, o := range part {
			next[o.TP] = o.Offset + 1
		}
		if _, err := st.Apply(ctx, part, next); err != nil {
			b.Fatal(err)
		}
	}
	a.took += time.Since(begun)
	a.cmds += benchCommands(b, rdb) - cmds0 - 1 // the INFO before
	redis1, self1 := benchCPU(b, rdb)
	a.redisCPU += redis1 - redis0
	a.selfCPU += self1 - self0
	a.events += len(ops)
}

func (a *benchApply) perS() float64 { return float64(a.events) / a.took.Seconds() }
func (a *benchApply) perCPUS() float64 {
	return float64(a.events) / (a.redisCPU + a.selfCPU).Seconds()
}
func (a *benchApply) cmdsPerEvent() float64 { return float64(a.cmds) / float64(a.events) }

// benchCommands returns the commands redis-server has processed so far
// (total_commands_processed: the commands scripts run included).
func benchCommands(b *testing.B, rdb *redis.Client) int64 {
	info, err := rdb.Info(context.Background(), "stats").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "total_commands_processed:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				b.Fatalf("redis total_commands_processed %q: %v", v, err)
			}
			return n
		}
	}
	b.Fatal("redis INFO stats has no total_commands_processed")
	return 0
}

// benchCPU returns the CPU time used so far by redis-server and by this
// process.
func benchCPU(b *testing.B, rdb *redis.Client) (redisCPU, self time.Duration) {
	info, err := rdb.Info(context.Background(), "cpu").Result()
	if err != nil {
		b.Fatal(err)
	}
	var secs float64
	for _, line := range strings.Split(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if ok && (k == "used_cpu_sys" || k == "used_cpu_user") {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				b.Fatalf("redis %s %q: %v", k, v, err)
			}
			secs += f
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(secs * float64(time.Second)), time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchOps returns the ops of n workflows' happy paths, in the order a
// consumer of four topics might apply them.
func benchOps(n int) []projection.Op {
	base := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	var out []projection.Op
	offsets := map[string]int64{}
	add := func(topic string, e events.Event) {
		tp := topic + "/0"
		op, ok := projection.Build(projection.Record{Topic: topic, Offset: offsets[tp]}, e)
		if !ok {
			panic("no op for " + topic)
		}
		offsets[tp]++
		out = append(out, op)
	}
	for i := range n {
		wf := fmt.Sprintf("wf-%06d", i)
		at := base.Add(time.Duration(i) * time.Millisecond)
		meta := func(id string, d time.Duration) events.Meta {
			return events.Meta{
				EventID: wf + "-" + id, WorkflowID: wf, TenantID: fmt.Sprintf("tenant-%d", i%8), OccurredAt: at.Add(d),
				Producer: events.Producer{Service: "bench", Version: "1"},
			}
		}
		doc := events.BlobRef{URI: "docket-blob://sha256/" + wf, SHA256: wf, SizeBytes: 2048, MediaType: "application/pdf"}
		add(events.TopicSubmitted, &events.DocumentSubmitted{
			Meta: meta("submitted", 0), Document: doc, Filename: wf + ".pdf", Deadline: at.Add(time.Hour),
			Labels: map[string]string{}, Source: "http",
		})
		add(events.TopicExtracted, &events.DocumentExtracted{
			Meta: meta("extracted", 3*time.Second), Document: doc, Text: doc,
			Pages: []events.Page{{Number: 1, Chars: 900, Confidence: 1, Method: "text_layer"}}, Engine: events.Engine{Name: "pdftotext", Version: "22.12"}, MeanConfidence: 1,
		})
		add(events.TopicClassified, &events.DocumentClassified{
			Meta: meta("classified", 4*time.Second), Document: doc, DocumentType: "invoice", Confidence: 0.97,
			Model: events.Model{Name: "builtin", Version: "3"}, Context: map[string]string{},
		})
		add(events.TopicRecorded, &events.DocumentRecorded{
			Meta: meta("recorded", 5*time.Second), LedgerTopic: events.TopicLedger, LedgerOffset: int64(i), RecordHash: []byte{1, 2}, Sequence: int64(i),
		})
	}
	return out
}

// getP99 serves st on loopback and sends GetWorkflow at a fixed rate (an
// open loop: each request leaves on schedule, whatever the others do), and
// returns the 99th percentile latency.
func getP99(b *testing.B, st *store.Store, workflows, rate, requests int) time.Duration {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, l, New(st, slog.New(slog.NewTextHandler(io.Discard, nil)))) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			b.Error(err)
		}
	}()
	cc, err := grpc.NewClient(l.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		b.Fatal(err)
	}
	defer cc.Close()
	cl := trackerv1.NewTrackerClient(cc)
	get := func(i int) (time.Duration, error) {
		begun := time.Now()
		_, err := cl.GetWorkflow(context.Background(), &trackerv1.GetWorkflowRequest{Id: fmt.Sprintf("wf-%06d", i%workflows)})
		return time.Since(begun), err
	}
	for i := range 200 { // warm up the connection and the pools
		if _, err := get(i); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, requests)
	var wg sync.WaitGroup
	var failed error
	var mu sync.Mutex
	start := time.Now()
	interval := time.Second / time.Duration(rate)
	for i := range requests {
		time.Sleep(time.Until(start.Add(time.Duration(i) * interval)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := get(i * 7919)
			if err != nil {
				mu.Lock()
				failed = err
				mu.Unlock()
			}
			lat[i] = d
		}()
	}
	wg.Wait()
	if failed != nil {
		b.Fatalf("GetWorkflow: %v", failed)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return lat[(len(lat)*99+99)/100-1]
}
