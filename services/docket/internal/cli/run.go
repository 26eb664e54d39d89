package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/telemetry"
)

// suite lists the services the all-in-one runner starts.
var suite []service.Spec

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	data := fs.String("data", "./data", "data folder of the embedded stack (Kafka log, registry, Redis AOF, blobs)")
	kafkaAddr := fs.String("kafka", "127.0.0.1:9092", "embedded Kafka listen address")
	registryAddr := fs.String("registry", "127.0.0.1:8081", "embedded schema registry listen address")
	logLevel := fs.String("log-level", "info", "log level: debug, info, warn, error")
	if err := fs.Parse(args); err != nil {
		return err
	}
	log := telemetry.NewLogger(stderr, "docket", *logLevel, "text")
	stack, err := devstack.Start(ctx, devstack.Config{DataDir: *data, KafkaAddr: *kafkaAddr, RegistryAddr: *registryAddr, Logger: log})
	if err != nil {
		return err
	}
	defer stack.Close()
	if !stack.Redis.Durable() {
		log.Warn("redis-server is not installed: idempotency records live in memory and are lost on exit; install it (apt-get install redis-server) for durable runs")
	}

	p, err := config.Load()
	if err != nil {
		return err
	}
	p.KafkaBrokers = []string{stack.KafkaAddr}
	p.RegistryURL = stack.RegistryURL
	p.RedisURL = stack.RedisURL
	p.SchemaMode = config.SchemaRegister

	rc, err := p.RegistryClient()
	if err != nil {
		return err
	}
	applyCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	applied, err := serde.Apply(applyCtx, rc)
	cancel()
	if err != nil {
		return fmt.Errorf("register schemas: %w", err)
	}
	fmt.Fprintf(stdout, "docket: embedded stack ready\n  kafka            %s\n  schema registry  %s (%d schema versions applied)\n  redis            %s (durable: %v)\n  data             %s\n",
		stack.KafkaAddr, stack.RegistryURL, len(applied), stack.RedisURL, stack.Redis.Durable(), *data)

	g, gctx := errgroup.WithContext(ctx)
	for _, spec := range suite {
		svcLog := log.With(telemetry.KeyService, spec.Name)
		g.Go(func() error { return service.Run(gctx, spec, p, svcLog) })
	}
	fmt.Fprintln(stdout, "docket: running; press Ctrl-C to stop")
	<-gctx.Done()
	err = g.Wait()
	fmt.Fprintln(stdout, "docket: stopped")
	return err
}
