// Package app wires the tracker: the projection consumer, the gRPC API and
// the ops server (/metrics, /healthz, /readyz), until the context ends.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"

	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/consumer"
	"github.com/docket-run/docket/services/sagatracker/internal/emit"
	"github.com/docket-run/docket/services/sagatracker/internal/operations"
	"github.com/docket-run/docket/services/sagatracker/internal/server"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// Parts are what Start needs; Run builds them from the platform settings,
// tests from their own parts.
type Parts struct {
	Config config.Config
	Kafka  []kgo.Opt
	// InstanceID, when set, makes the projection consumer a static group
	// member (DOCKET_INSTANCE_ID): a restarted replica takes its place
	// back at once instead of waiting out its dead predecessor's session.
	InstanceID string
	Redis      *redis.Client
	Decoder    consumer.Decoder
	Log        *slog.Logger
	Ops        *telemetry.Server
	Listener   net.Listener
	// Encoder encodes the tracker's own events (review decisions, control
	// events); nil uses Decoder when it encodes too.
	Encoder emit.Encoder
	// Clock tells timers and leases the time; nil is the system clock.
	Clock clock.Clock
	// Auth identifies the callers of the Operations API; nil uses the
	// principal the server's token interceptors put in the context.
	Auth operations.Authenticate
}

// Run runs the tracker with the platform settings p and its own settings
// from the environment until ctx ends.
func Run(ctx context.Context, p platform.Platform, log *slog.Logger) error {
	parts, rc, err := connect(ctx, p, log)
	if err != nil {
		return err
	}
	defer parts.Redis.Close()
	cfg := parts.Config
	l, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen for gRPC on %s: %w", cfg.Addr, err)
	}
	ops := telemetry.NewServer()
	if p.Pprof {
		ops.EnableProfiling()
	}
	ops.Ready("schema_registry", func(ctx context.Context) error {
		_, err := rc.SupportedTypes(ctx)
		return err
	})
	opsAddr, err := ops.Start(p.OpsAddr)
	if err != nil {
		_ = l.Close()
		return err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := ops.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			log.Warn("ops server shutdown", "error", err)
		}
	}()
	log.Info("service starting", "grpc_addr", l.Addr().String(), "ops_addr", opsAddr)
	parts.Ops, parts.Listener = ops, l
	return Start(ctx, parts)
}

// connect loads the tracker's settings and opens what Run and Rebuild
// share: Kafka options, the schema registry and its decoder, Redis. The
// caller closes parts.Redis.
func connect(ctx context.Context, p platform.Platform, log *slog.Logger) (Parts, *sr.Client, error) {
	cfg, err := config.Load()
	if err != nil {
		return Parts{}, nil, err
	}
	kopts, err := p.KafkaOpts()
	if err != nil {
		return Parts{}, nil, err
	}
	kopts = append(kopts, kgo.WithLogger(telemetry.KafkaLogger(log)))
	codec, rc, err := serde.Connect(ctx, p, serde.ModeOf(p), []string{events.TopicReviewDecided, events.TopicControl, events.TopicAudit})
	if err != nil {
		return Parts{}, nil, err
	}
	rdb, err := p.RedisClient()
	if err != nil {
		return Parts{}, nil, err
	}
	return Parts{Config: cfg, Kafka: kopts, InstanceID: p.InstanceID, Redis: rdb, Decoder: codec, Log: log}, rc, nil
}

// Rebuild drops the projection under the configured prefix and rebuilds
// it from Kafka: every record of the tracker's topics from the start up to
// the last stable offsets listed when the replay begins, read_committed,
// through the same store script and offsets bookkeeping as the live
// consumer. Live replicas on the same prefix must be stopped meanwhile.
func Rebuild(ctx context.Context, p platform.Platform, log *slog.Logger) error {
	parts, _, err := connect(ctx, p, log)
	if err != nil {
		return err
	}
	defer parts.Redis.Close()
	return RebuildWith(ctx, parts)
}

// RebuildWith is Rebuild on parts built by the caller (Ops and Listener are
// not used).
func RebuildWith(ctx context.Context, p Parts) error {
	st := store.New(p.Redis, p.Config.Prefix, store.WithSettings(storeSettings(p.Config.Control)), readSide(p.Config))
	c, err := consumer.New(consumer.Config{
		Group:          p.Config.Group,
		Topics:         consumer.Topics(),
		MaxPollRecords: p.Config.MaxPollRecords,
		WriteTimeout:   p.Config.WriteTimeout,
	}, p.Kafka, st, p.Decoder, p.Log, nil)
	if err != nil {
		return err
	}
	begun := time.Now()
	dropped, err := st.Drop(ctx)
	if err != nil {
		return fmt.Errorf("drop projection: %w", err)
	}
	p.Log.Info("projection dropped", "prefix", p.Config.Prefix, "keys", dropped)
	r, err := c.Replay(ctx)
	if err != nil {
		return fmt.Errorf("rebuild projection: %w", err)
	}
	p.Log.Info("projection rebuilt", "prefix", p.Config.Prefix, "partitions", r.Partitions, "records", r.Records,
		"applied", r.Applied, "duplicates", r.Duplicates, "stale", r.Stale, "took", time.Since(begun).Round(time.Millisecond))
	return nil
}

// Start runs the consumer and the gRPC server on p.Listener until ctx ends
// or one of them fails; it returns once both stopped.
func Start(ctx context.Context, p Parts) error {
	st := store.New(p.Redis, p.Config.Prefix, store.WithSettings(storeSettings(p.Config.Control)), readSide(p.Config))
	c, err := consumer.New(consumer.Config{
		Group:          p.Config.Group,
		InstanceID:     p.InstanceID,
		Topics:         consumer.Topics(),
		MaxPollRecords: p.Config.MaxPollRecords,
		WriteTimeout:   p.Config.WriteTimeout,
	}, p.Kafka, st, p.Decoder, p.Log, registerer(p.Ops))
	if err != nil {
		_ = p.Listener.Close()
		return err
	}
	if p.Ops != nil {
		p.Ops.Live("projection", c.Live)
		p.Ops.Ready("partitions", c.Ready)
		p.Ops.Ready("redis", func(ctx context.Context) error { return p.Redis.Ping(ctx).Err() })
	}
	clk := p.Clock
	if clk == nil {
		clk = clock.Real{}
	}
	srv, err := newServer(p, st, clk)
	if err != nil {
		_ = p.Listener.Close()
		return err
	}
	if p.Auth == nil {
		p.Auth = callerOf
	}
	ctl, err := newControl(p, st)
	if err != nil {
		_ = p.Listener.Close()
		return err
	}
	defer ctl.close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, 4)
	go func() {
		err := c.Run(ctx)
		if err != nil {
			err = fmt.Errorf("projection: %w", err)
		}
		errs <- err
	}()
	go func() {
		err := server.Serve(ctx, p.Listener, srv, ctl.service())
		if err != nil {
			err = fmt.Errorf("grpc server: %w", err)
		}
		errs <- err
	}()
	go func() {
		err := ctl.run(ctx)
		if err != nil {
			err = fmt.Errorf("timers: %w", err)
		}
		errs <- err
	}()
	go func() {
		errs <- purge(ctx, st, p.Config.Retention, p.Config.PurgeInterval, clk, p.Log)
	}()
	first := <-errs
	cancel()
	second, third, fourth := <-errs, <-errs, <-errs
	if err := errors.Join(first, second, third, fourth); err != nil {
		return err
	}
	p.Log.Info("service stopped")
	return nil
}

func registerer(ops *telemetry.Server) prometheus.Registerer {
	if ops == nil {
		return nil
	}
	return ops.Registry
}
