package service_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
)

// TestSetupContextOutlivesDrain stops a service (its context canceled, as
// SIGTERM does) while a handler works: what Setup bound to its context (a
// blob bucket closed when it ends, say) must stay usable until the runtime
// has drained the open batch, or the record in flight fails and is
// dead-lettered by a clean stop.
// stack starts a broker, a registry with the schemas applied and a Redis,
// and returns the broker, the registry's client and the platform settings
// a service runs on them with.
func stack(t *testing.T, ctx context.Context) (*dockettest.Kafka, *sr.Client, config.Platform) {
	t.Helper()
	k := dockettest.NewKafka(t, 1, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	redisSrv := dockettest.Redis(t)
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	return k, rc, config.Platform{
		KafkaBrokers: k.Addrs, RegistryURL: regURL, SchemaMode: config.SchemaVerify,
		RedisURL: "redis://" + redisSrv.Addr() + "/0", OpsAddr: "127.0.0.1:0", Concurrency: 1, DrainTimeout: 10 * time.Second,
	}
}

func TestSetupContextOutlivesDrain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k, rc, p := stack(t, ctx)
	codec, err := serde.New(ctx, rc, serde.Verify, []string{events.TopicSubmitted})
	if err != nil {
		t.Fatal(err)
	}

	runCtx, stop := context.WithCancel(context.Background())
	defer stop()
	started := make(chan struct{})
	setupDoneInHandler := make(chan bool, 1)
	spec := service.Spec{
		Name:     events.ServiceOCR,
		Version:  "test",
		Consumes: []string{events.TopicSubmitted},
		Setup: func(setupCtx context.Context, _ *service.Deps, rt *bus.Runtime) error {
			var once bool
			bus.Handle(rt, events.TopicSubmitted, func(hctx context.Context, _ *bus.Message, _ *events.DocumentSubmitted) ([]bus.Output, error) {
				if !once {
					once = true
					close(started)
				}
				<-runCtx.Done() // the service is being stopped
				setupDoneInHandler <- setupCtx.Err() != nil
				return nil, nil
			})
			return nil
		},
	}
	done := make(chan error, 1)
	go func() { done <- service.Run(runCtx, spec, p, slog.New(slog.NewTextHandler(t.Output(), nil))) }()
	dockettest.Produce(t, k.Client(t), codec, events.TopicSubmitted, dockettest.Submitted(1, nil))

	select {
	case <-started:
	case <-ctx.Done():
		t.Fatal("the handler was not called within a minute")
	}
	// Stop the service while the handler works: the runtime drains.
	stop()
	if closed := <-setupDoneInHandler; closed {
		t.Error("Setup's context ended while the runtime was draining the batch in flight")
	}
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// TestClientsOutliveWhatSetupStarted stops a service while something
// Setup started (an HTTP API's request in flight) still uses Redis: Run
// must wait for it before it closes the client (found from outside: an
// upload during a SIGTERM failed with "redis: client is closed").
func TestClientsOutliveWhatSetupStarted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, _, p := stack(t, ctx)
	runCtx, stop := context.WithCancel(context.Background())
	defer stop()
	pinged := make(chan error, 1)
	setUp := make(chan struct{})
	spec := service.Spec{
		Name:     events.ServiceOCR,
		Version:  "test",
		Consumes: []string{events.TopicSubmitted},
		Setup: func(setupCtx context.Context, d *service.Deps, rt *bus.Runtime) error {
			bus.Handle(rt, events.TopicSubmitted, func(context.Context, *bus.Message, *events.DocumentSubmitted) ([]bus.Output, error) {
				return nil, nil
			})
			var wg sync.WaitGroup
			wg.Go(func() {
				<-setupCtx.Done()
				time.Sleep(300 * time.Millisecond) // a request finishing
				pinged <- d.Redis.Ping(context.Background()).Err()
			})
			d.WaitAtStop(wg.Wait)
			close(setUp)
			return nil
		},
	}
	done := make(chan error, 1)
	go func() { done <- service.Run(runCtx, spec, p, slog.New(slog.NewTextHandler(t.Output(), nil))) }()
	select {
	case <-setUp:
	case <-ctx.Done():
		t.Fatal("Setup was not called within a minute")
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("Run did not return within a minute of its stop")
	}
	if err := <-pinged; err != nil {
		t.Errorf("Redis closed under what Setup started: %v", err)
	}
}
