// Package devstack starts Docket's embedded stack in one process: an
// in-process Kafka broker (kfake) persisted in a data folder, a
// Confluent-compatible schema registry whose subjects, versions and ids
// survive restarts, and Redis — a local redis-server with AOF when one is
// installed, otherwise an in-memory stand-in with a loud warning. The same
// service binaries run against it as against a production cluster.
package devstack

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/redislocal"
	"github.com/docket-run/docket/pkg/registry"
)

// ErrDataDirInUse is returned by Start when another stack runs on the same
// data folder.
var ErrDataDirInUse = errors.New("devstack: data folder in use by another embedded stack")

// Config says where the stack keeps its data and listens.
type Config struct {
	// DataDir holds kafka/, registry/, redis/ and devstack.lock, which
	// keeps a second stack off it. Required.
	DataDir string
	// KafkaAddr is the broker's listen address. Default 127.0.0.1:9092.
	KafkaAddr string
	// RegistryAddr is the schema registry's. Default 127.0.0.1:8081.
	RegistryAddr string
	// RedisPort fixes Redis's port; 0 picks a free one (never 6379).
	RedisPort int
	// Partitions per topic. Default 6.
	Partitions int32
	// SyncWrites fsyncs every produced batch (slower, survives power loss).
	SyncWrites bool
	Logger     *slog.Logger
}

// Stack is the running embedded stack.
type Stack struct {
	Kafka    *kfake.Cluster
	Registry *registry.Registry
	Redis    *redislocal.Server

	KafkaAddr   string
	RegistryURL string
	RedisURL    string

	httpSrv *http.Server
	lock    *os.File // held for the stack's life: one stack per data folder
	log     *slog.Logger
}

// Start starts the stack and creates every Docket topic that does not exist
// yet. Stop it with Close.
func Start(ctx context.Context, cfg Config) (_ *Stack, err error) {
	if cfg.DataDir == "" {
		return nil, errors.New("devstack: a data folder is required")
	}
	if cfg.KafkaAddr == "" {
		cfg.KafkaAddr = "127.0.0.1:9092"
	}
	if cfg.RegistryAddr == "" {
		cfg.RegistryAddr = "127.0.0.1:8081"
	}
	if cfg.Partitions <= 0 {
		cfg.Partitions = 6
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	s := &Stack{log: cfg.Logger}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()

	// Lock the data folder before anything opens it: a second broker on the
	// same Kafka files would rewrite the running one's state when it stops.
	if s.lock, err = lockDataDir(cfg.DataDir); err != nil {
		return nil, err
	}

	host, portStr, err := net.SplitHostPort(cfg.KafkaAddr)
	if err != nil {
		return nil, fmt.Errorf("devstack: kafka address %q: %w", cfg.KafkaAddr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, fmt.Errorf("devstack: kafka port %q: %w", portStr, err)
	}
	kopts := []kfake.Opt{
		kfake.NumBrokers(1),
		kfake.Ports(port),
		kfake.ListenFn(func(network, _ string) (net.Listener, error) {
			return net.Listen(network, net.JoinHostPort(host, strconv.Itoa(port)))
		}),
		kfake.DataDir(filepath.Join(cfg.DataDir, "kafka")),
		kfake.DefaultNumPartitions(int(cfg.Partitions)),
		kfake.BrokerConfigs(map[string]string{"log.cleaner.backoff.ms": "30000"}),
	}
	if cfg.SyncWrites {
		kopts = append(kopts, kfake.SyncWrites())
	}
	if s.Kafka, err = kfake.NewCluster(kopts...); err != nil {
		return nil, fmt.Errorf("devstack: start kafka on %s: %w", cfg.KafkaAddr, err)
	}
	s.KafkaAddr = s.Kafka.ListenAddrs()[0]
	if err := s.createTopics(cfg.Partitions); err != nil {
		return nil, err
	}

	// DESIGN.md asks for BACKWARD_TRANSITIVE at least, on every subject;
	// serde sets FULL_TRANSITIVE where outsiders write (CompatibilityOf).
	if s.Registry, err = registry.New(filepath.Join(cfg.DataDir, "registry"), registry.WithLogger(cfg.Logger),
		registry.DefaultCompatibility(sr.CompatBackwardTransitive)); err != nil {
		return nil, fmt.Errorf("devstack: schema registry: %w", err)
	}
	l, err := net.Listen("tcp", cfg.RegistryAddr)
	if err != nil {
		return nil, fmt.Errorf("devstack: schema registry listen on %s: %w", cfg.RegistryAddr, err)
	}
	s.RegistryURL = "http://" + l.Addr().String()
	// The registry has no authentication: like the suite's other open
	// APIs it answers only loopback Host names (a page that rebinds its
	// DNS name to 127.0.0.1 must not change subjects) and JSON calls that
	// are not cross-site (found from outside: a foreign Host's text/plain
	// POST registered a schema, its DELETE removed a subject).
	s.httpSrv = &http.Server{Handler: auth.LoopbackOnly(auth.StateChanging(s.Registry.Handler())), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = s.httpSrv.Serve(l) }()

	// A crashed redis-server is started again on its port: the services
	// keep their Redis URL and reconnect.
	ropts := []redislocal.Option{redislocal.Logger(cfg.Logger), redislocal.AllowMiniredis(true), redislocal.RestartOnCrash()}
	if cfg.RedisPort != 0 {
		ropts = append(ropts, redislocal.Port(cfg.RedisPort))
	}
	if s.Redis, err = redislocal.Start(ctx, filepath.Join(cfg.DataDir, "redis"), ropts...); err != nil {
		return nil, fmt.Errorf("devstack: redis: %w", err)
	}
	s.RedisURL = "redis://" + s.Redis.Addr() + "/0"
	cfg.Logger.Info("embedded stack up", "kafka", s.KafkaAddr, "schema_registry", s.RegistryURL, "redis", s.RedisURL, "redis_durable", s.Redis.Durable(), "data", cfg.DataDir)
	return s, nil
}

// lockDataDir creates the data folder if needed and locks it.
func lockDataDir(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("devstack: create data folder: %w", err)
	}
	path := filepath.Join(dir, "devstack.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("devstack: open %s: %w", path, err)
	}
	if err := lockFile(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("%w: %s is locked (is another `docket run` using it?): %v", ErrDataDirInUse, dir, err)
	}
	return f, nil
}

// Topics returns every topic the embedded stack creates: the event topics,
// and a dead-letter and a retry topic per service.
func Topics() []string {
	ts := events.Topics()
	for _, svc := range events.Services() {
		ts = append(ts, events.RetryTopic(svc))
	}
	return ts
}

func (s *Stack) createTopics(partitions int32) error {
	for _, t := range Topics() {
		var cfg map[string]string
		if t == events.TopicLedger || t == events.TopicLedgerCheckpoints || t == events.TopicAudit {
			// The ledger is the system of record, its checkpoints and the
			// audit log its companions: keep them forever.
			cfg = map[string]string{"retention.ms": "-1", "retention.bytes": "-1"}
		}
		if err := s.Kafka.CreateTopic(t, partitions, cfg); err != nil && !errors.Is(err, kerr.TopicAlreadyExists) {
			return fmt.Errorf("devstack: create topic %s: %w", t, err)
		}
	}
	return nil
}

// Close stops Redis, the registry and the broker, in that order, then
// unlocks the data folder. Data stays in the data folder.
func (s *Stack) Close() {
	if s.Redis != nil {
		if err := s.Redis.Stop(); err != nil {
			s.log.Warn("stop redis", "error", err)
		}
	}
	if s.httpSrv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_ = s.httpSrv.Shutdown(ctx)
		cancel()
	}
	if s.Registry != nil {
		if err := s.Registry.Close(); err != nil {
			s.log.Warn("close schema registry", "error", err)
		}
	}
	if s.Kafka != nil {
		s.Kafka.Close()
	}
	if s.lock != nil {
		_ = s.lock.Close()
	}
}
