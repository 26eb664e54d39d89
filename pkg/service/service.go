// Package service is the shared main of every Docket service: it loads the
// platform settings, builds the logger, the ops server (/metrics, /healthz,
// /readyz), the schema registry serde, the Redis idempotency store and the
// processing runtime, lets the service register its handlers, and runs until
// SIGTERM. A service's own main is its Spec and nothing else.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"
	"go.opentelemetry.io/otel/trace"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/jobs"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/telemetry"
)

// Spec describes a service.
type Spec struct {
	Name    string
	Version string
	// Consumes and Produces list the topics whose schemas the service
	// needs; its DLQ topic is added automatically.
	Consumes []string
	Produces []string
	// Setup registers the handlers on rt. It may start goroutines bound to
	// ctx (an HTTP API, timers); they must end when ctx ends, which is
	// once the runtime has stopped and drained its open batch.
	// It tunes the runtime for the service's work with rt.Configure.
	Setup func(ctx context.Context, d *Deps, rt *bus.Runtime) error
}

// Deps are the parts a service's Setup may use.
type Deps struct {
	Platform config.Platform
	Log      *slog.Logger
	Ops      *telemetry.Server
	Redis    *redis.Client
	Registry *sr.Client
	Serde    *serde.Serde
	Store    *idempotency.Store
	Kafka    []kgo.Opt
	// Tracer makes the spans of work that starts outside the runtime (an
	// HTTP request, an inbox file); nil makes none.
	Tracer trace.TracerProvider

	waits []func()
}

// WaitAtStop has Run call wait once the runtime has stopped and Setup's
// context has ended, before it closes the clients Deps holds (Redis): wait
// returns when what Setup started on them has ended, an HTTP API's
// requests in flight included (found from outside: an upload during a
// SIGTERM failed on a Redis client already closed).
func (d *Deps) WaitAtStop(wait func()) { d.waits = append(d.waits, wait) }

// Main runs spec as a process: settings from the environment, stop on
// SIGTERM or SIGINT, exit status 1 on failure.
func Main(spec Spec) {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	p, err := config.Load()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: configuration: %v\n", spec.Name, err)
		os.Exit(2)
	}
	log := telemetry.NewLogger(os.Stderr, spec.Name, p.LogLevel, p.LogFormat)
	telemetry.LogRedis(log)
	if err := Run(ctx, spec, p, log); err != nil {
		log.Error("service failed", "error", err)
		os.Exit(1)
	}
}

// Run runs spec until ctx ends.
func Run(ctx context.Context, spec Spec, p config.Platform, log *slog.Logger) error {
	kopts, err := p.KafkaOpts()
	if err != nil {
		return err
	}
	kopts = append(kopts, kgo.WithLogger(telemetry.KafkaLogger(log)))
	topics := slices.Concat(spec.Consumes, spec.Produces, []string{events.DLQTopic(spec.Name)})
	codec, rc, err := serde.Connect(ctx, p, serde.ModeOf(p), topics)
	if err != nil {
		return err
	}

	rdb, err := p.RedisClient()
	if err != nil {
		return err
	}
	defer rdb.Close()
	store := idempotency.New(rdb)

	// No exporter is configured: spans carry ids through headers and logs
	// and record nothing (telemetry.NewTracerProvider).
	tp := telemetry.NewTracerProvider()
	defer func() { _ = tp.Shutdown(context.WithoutCancel(ctx)) }()

	ops := telemetry.NewServer()
	if p.Pprof {
		ops.EnableProfiling()
	}
	js, err := jobs.New(rdb, spec.Name)
	if err != nil {
		return err
	}
	opts, err := runtimeOptions(spec, p)
	if err != nil {
		return err
	}
	opts = append(opts,
		bus.Logger(log),
		bus.Registerer(ops.Registry),
		bus.TracerProvider(tp),
		bus.Jobs(js),
	)
	rt, err := bus.New(spec.Name, kopts, codec, store, opts...)
	if err != nil {
		return err
	}
	d := &Deps{Platform: p, Log: log, Ops: ops, Redis: rdb, Registry: rc, Serde: codec, Store: store, Kafka: kopts, Tracer: tp}
	// What Setup binds to its context (blob buckets, clients the handlers
	// use) must outlive the drain of the batch in flight: it ends once the
	// runtime has stopped, not when ctx does.
	runCtx, stopRun := context.WithCancel(context.WithoutCancel(ctx))
	defer stopRun()
	if err := spec.Setup(runCtx, d, rt); err != nil {
		return fmt.Errorf("set up %s: %w", spec.Name, err)
	}

	ops.Live("runtime", rt.Live)
	ops.Ready("consumer_group", rt.Ready)
	ops.Ready("redis", func(ctx context.Context) error { return rdb.Ping(ctx).Err() })
	ops.Ready("schema_registry", func(ctx context.Context) error {
		_, err := rc.SupportedTypes(ctx)
		return err
	})
	addr, err := ops.Start(p.OpsAddr)
	if err != nil {
		return err
	}
	if p.Pprof {
		warnProfiling(log, addr)
	}
	log.Info("service starting", "version", spec.Version, "ops_addr", addr, "schema_mode", p.SchemaMode)
	err = rt.Run(ctx)
	stopRun()
	for _, wait := range d.waits {
		wait()
	}
	shutdownCtx, cancelShutdown := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancelShutdown()
	if serr := ops.Shutdown(shutdownCtx); serr != nil && !errors.Is(serr, context.DeadlineExceeded) {
		log.Warn("ops server shutdown", "error", serr)
	}
	if err != nil {
		return err
	}
	log.Info("service stopped")
	return nil
}

// warnProfiling warns that the profiling endpoints, which show the
// process's memory, goroutines and command line, are served off loopback
// without authentication (found from outside: /debug/pprof answered a
// remote caller without a word in the log).
func warnProfiling(log *slog.Logger, addr string) {
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err == nil && ip != nil && ip.IsLoopback() {
		return
	}
	log.Warn("DOCKET_PPROF=true serves /debug/pprof (heap, goroutines, command line) without authentication on "+addr+
		": keep that address private (a loopback address, or a network only operators reach)", "ops_addr", addr)
}

// runtimeOptions turns the platform settings into the runtime's options.
func runtimeOptions(spec Spec, p config.Platform) ([]bus.Option, error) {
	opts := []bus.Option{
		bus.Version(spec.Version),
		bus.Concurrency(p.Concurrency),
		bus.DrainTimeout(p.DrainTimeout),
		bus.Produces(append(slices.Clone(spec.Produces), events.DLQTopic(spec.Name))...),
	}
	if p.InstanceID != "" {
		opts = append(opts, bus.TransactionalID("docket-"+spec.Name+"-"+p.InstanceID+p.TransactionalIDSuffix), bus.InstanceID(p.InstanceID))
	}
	if p.GroupProtocol == "consumer" {
		opts = append(opts, bus.ServerSideAssignment())
	}
	if p.TransactionTimeout > 0 {
		opts = append(opts, bus.TransactionTimeout(p.TransactionTimeout))
	}
	if p.LongWorkers > 0 {
		opts = append(opts, bus.LongWorkers(p.LongWorkers))
	}
	if p.LongQueue > 0 {
		opts = append(opts, bus.LongQueue(p.LongQueue))
	}
	if p.JobLease > 0 {
		opts = append(opts, bus.JobLease(p.JobLease))
	}
	shares, err := config.ParseShares(p.TenantShares)
	if err != nil {
		return nil, fmt.Errorf("DOCKET_TENANT_SHARES: %w", err)
	}
	if len(shares) > 0 {
		m := make(map[string]bus.Share, len(shares))
		for t, s := range shares {
			m[t] = bus.Share{Weight: s.Weight, MaxRunning: s.MaxRunning}
		}
		opts = append(opts, bus.TenantShares(m))
	}
	return opts, nil
}
