// Package servicetest runs a service's runtime in-process in a test, wired
// as the service's main wires it (pkg/service): the one way the tests of
// every service and of the runtime start one. (It is apart from dockettest,
// which the runtime's own internal tests import.)
package servicetest

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/jobs"
	"github.com/docket-run/docket/pkg/service"
)

// Runtime is a service's runtime a test runs in-process.
type Runtime struct {
	*bus.Runtime
	// Registry holds the runtime's metrics.
	Registry *prometheus.Registry
	stop     func()
}

// Stop stops the runtime and waits for it; the test fails if Run returned
// an error. It is called at the end of the test too; calling it again
// does nothing.
func (r *Runtime) Stop() { r.stop() }

// Config is what Run wires a runtime to.
type Config struct {
	// Service names the runtime (its consumer group docket-<service>).
	Service string
	// Kafka are the client options: the broker's seeds at least.
	Kafka []kgo.Opt
	Codec bus.Codec
	// Redis holds the processed-event marks (unless Store is set) and the
	// long-step job store, as pkg/service wires them.
	Redis *redis.Client
	// Store replaces the idempotency store on Redis.
	Store bus.Store
	// TxnID is the transactional id: one per runtime of a test.
	TxnID string
	// Options are added to the kit's: the transactional id, a 2s session
	// timeout, a registry of its own, the job store.
	Options []bus.Option
}

// Run builds the runtime cfg describes, lets setup register its
// handlers (a Spec's Setup, or a service's own with its configuration),
// and runs it until Stop or the end of the test. It is the one way tests
// run a service in-process, so every harness wires the runtime as the
// service's main does (pkg/service).
func Run(t testing.TB, cfg Config, setup func(ctx context.Context, rt *bus.Runtime) error) *Runtime {
	t.Helper()
	store := cfg.Store
	if store == nil {
		store = idempotency.New(cfg.Redis)
	}
	js, err := jobs.New(cfg.Redis, cfg.Service)
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	opts := append([]bus.Option{bus.TransactionalID(cfg.TxnID), bus.SessionTimeout(2 * time.Second),
		bus.Registerer(reg), bus.Jobs(js)}, cfg.Options...)
	rt, err := bus.New(cfg.Service, cfg.Kafka, cfg.Codec, store, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := setup(ctx, rt); err != nil {
		cancel()
		t.Fatalf("set up %s: %v", cfg.Service, err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Run(ctx) }()
	stopped := false
	r := &Runtime{Runtime: rt, Registry: reg}
	r.stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("runtime %s (%s): %v", cfg.Service, cfg.TxnID, err)
		}
	}
	t.Cleanup(r.stop)
	return r
}

// RunSpec runs spec in-process as Run does, its Setup given deps
// (deps.Redis when cfg.Redis is nil).
func RunSpec(t testing.TB, spec service.Spec, deps *service.Deps, cfg Config) *Runtime {
	t.Helper()
	if cfg.Service == "" {
		cfg.Service = spec.Name
	}
	if cfg.Redis == nil {
		cfg.Redis = deps.Redis
	}
	cfg.Options = append([]bus.Option{bus.Produces(spec.Produces...)}, cfg.Options...)
	return Run(t, cfg, func(ctx context.Context, rt *bus.Runtime) error { return spec.Setup(ctx, deps, rt) })
}
