package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// TestRun runs the tracker as the runner and the command do: platform
// settings, its own settings from the environment, then a workflow read
// over gRPC.
func TestRun(t *testing.T) {
	e := newEnv(t)
	regURL, rc := dockettest.Registry(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // Run listens on it itself
	t.Setenv("DOCKET_SAGATRACKER_ADDR", addr)
	t.Setenv("DOCKET_SAGATRACKER_REDIS_PREFIX", e.prefix)
	p := platform.Platform{
		KafkaBrokers: e.kafka.Addrs, RegistryURL: regURL, SchemaMode: platform.SchemaVerify,
		RedisURL: "redis://" + e.redis.Options().Addr + "/0", OpsAddr: "127.0.0.1:0", Concurrency: 1,
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(runCtx, p, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})))
	}()

	e.produce(events.TopicSubmitted, submitted("wf-run", 0))
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	cl := trackerv1.NewTrackerClient(cc)
	var (
		w       *trackerv1.Workflow
		lastErr error
	)
	if err := poll(30*time.Second, func() (bool, error) {
		w, lastErr = cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-run"})
		return lastErr == nil, nil
	}); err != nil {
		t.Fatalf("GetWorkflow through Run: %v (last error %v)", err, lastErr)
	}
	if w.GetStatus() != trackerv1.Status_STATUS_QUEUED || w.GetStage() != projection.StepOCR {
		t.Fatalf("workflow %v", w)
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run ended with %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not stop within 30s")
	}
}

// TestReplicasShareThePartitions runs two trackers in one group: every
// event is applied exactly once across them, and either answers reads.
func TestReplicasShareThePartitions(t *testing.T) {
	e := newEnv(t)
	a, b := e.start(), e.start()
	const n = 20
	for i := range n {
		wf := fmt.Sprintf("wf-rep-%02d", i)
		e.produce(events.TopicSubmitted, submitted(wf, i))
		e.produce(events.TopicExtracted, extracted(wf, i+30))
	}
	for i := range n {
		e.waitEvents(fmt.Sprintf("wf-rep-%02d", i), 2)
	}
	const applied = "docket_sagatracker_events_applied_total"
	// Counters move right after the batch's script returned.
	_ = poll(10*time.Second, func() (bool, error) {
		return a.counter(t, applied)+b.counter(t, applied) >= 2*n, nil
	})
	if got := a.counter(t, applied) + b.counter(t, applied); got != 2*n {
		t.Fatalf("events applied by both replicas: %v, want %d", got, 2*n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, tr := range []*tracker{a, b} {
		resp, err := tr.client(t).ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{Stage: projection.StepClassify, PageSize: 500})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.GetWorkflows()) != n || !strings.HasSuffix(resp.GetWorkflows()[0].GetId(), fmt.Sprint(n-1)) {
			t.Fatalf("replica at %s lists %d workflows, want %d newest first", tr.addr, len(resp.GetWorkflows()), n)
		}
	}
}
