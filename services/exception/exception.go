// Package exception is the exception agent: it owns every failure. It
// consumes the dead-letter topic of every service and decides each dead
// letter: a transient failure is redelivered to the service's retry topic
// after an exponential backoff with full jitter, from a durable schedule in
// Redis, at most MaxRedeliveries times per original record; a structural
// failure, or a transient one out of redeliveries, is parked for an
// operator; a semantic one is parked for review. Every decision is a
// control event on docket.workflow.control, produced in the transaction
// that consumes the dead letter. Operators list, show, replay and discard
// parked items through an HTTP JSON API; each action is a control event too.
package exception

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/caarlos0/env/v11"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/exception/internal/handler"
	"github.com/docket-run/docket/services/exception/internal/redeliver"
	"github.com/docket-run/docket/services/exception/internal/server"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// Name is the service name.
const Name = events.ServiceException

// Version is the service version stamped on its events.
const Version = "0.1.0"

// Config holds the agent's own settings.
type Config struct {
	// Addr is where the operators' HTTP API listens.
	Addr string `env:"DOCKET_EXCEPTION_ADDR" envDefault:"127.0.0.1:8084"`
	// Services whose dead-letter topics the agent drains. Default (empty)
	// every topic docket.<service>.dlq but its own, by pattern, so the
	// dead letters of a service added later are drained without a
	// restart.
	Services []string `env:"DOCKET_EXCEPTION_SERVICES" envSeparator:","`
	// MaxRedeliveries bounds the redeliveries of one original record;
	// the next transient failure parks it.
	MaxRedeliveries int `env:"DOCKET_EXCEPTION_MAX_REDELIVERIES" envDefault:"5"`
	// BackoffInitial and BackoffMax bound the delay before a redelivery:
	// drawn uniformly from [0, min(max, initial*2^(n-1))] for redelivery n.
	BackoffInitial time.Duration `env:"DOCKET_EXCEPTION_BACKOFF_INITIAL" envDefault:"1s"`
	BackoffMax     time.Duration `env:"DOCKET_EXCEPTION_BACKOFF_MAX" envDefault:"5m"`
	// Scheduler runs the redelivery loop in this replica. A replica with
	// it off only decides and serves the API.
	Scheduler bool `env:"DOCKET_EXCEPTION_SCHEDULER" envDefault:"true"`
	// PollInterval is how often the schedule is read for due redeliveries.
	PollInterval time.Duration `env:"DOCKET_EXCEPTION_POLL_INTERVAL" envDefault:"250ms"`
	// ClaimLease is how long a claimed redelivery is hidden from other
	// schedulers; a scheduler that dies leaves it due again after it.
	ClaimLease time.Duration `env:"DOCKET_EXCEPTION_CLAIM_LEASE" envDefault:"30s"`
	// Batch bounds the redeliveries produced per transaction.
	Batch int `env:"DOCKET_EXCEPTION_BATCH" envDefault:"100"`
	// TransactionalID of the producer of redeliveries and operator
	// actions; stable per replica. Default
	// docket-exception-producer-<DOCKET_INSTANCE_ID or hostname>.
	TransactionalID string `env:"DOCKET_EXCEPTION_TRANSACTIONAL_ID"`
}

// DLQPattern matches every dead-letter topic, docket.<service>.dlq.
var DLQPattern = regexp.MustCompile(`docket\.[^.]+\.dlq`)

// DefaultServices returns the Docket services known at build time but the
// agent itself: the dead-letter schemas the agent checks at start-up. It
// drains every DLQ by pattern regardless.
func DefaultServices() []string {
	return slices.DeleteFunc(events.Services(), func(s string) bool { return s == Name })
}

// LoadConfig reads Config from the environment and validates it.
func LoadConfig() (Config, error) {
	var c Config
	if err := env.Parse(&c); err != nil {
		return c, fmt.Errorf("read exception environment: %w", err)
	}
	return c, c.Validate()
}

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_ADDR %q: %w", c.Addr, err))
	}
	for _, s := range c.Services {
		if s = strings.TrimSpace(s); s == "" || s == Name || strings.ContainsAny(s, ". ") {
			errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_SERVICES: %q is not a service whose dead letters the agent can drain", s))
		}
	}
	if c.MaxRedeliveries < 1 || c.MaxRedeliveries > 100 {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_MAX_REDELIVERIES %d: want 1..100", c.MaxRedeliveries))
	}
	if c.BackoffInitial <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_BACKOFF_INITIAL %s: must be positive", c.BackoffInitial))
	}
	if c.BackoffMax < c.BackoffInitial {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_BACKOFF_MAX %s: must be at least the initial backoff %s", c.BackoffMax, c.BackoffInitial))
	}
	if c.PollInterval <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_POLL_INTERVAL %s: must be positive", c.PollInterval))
	}
	if c.ClaimLease < time.Second {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_CLAIM_LEASE %s: must be at least 1s", c.ClaimLease))
	}
	if c.Batch < 1 || c.Batch > 10000 {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_BATCH %d: want 1..10000", c.Batch))
	}
	return errors.Join(errs...)
}

// Spec returns the service with its settings from the environment.
func Spec() service.Spec {
	s := spec()
	s.Setup = func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
		cfg, err := LoadConfig()
		if err != nil {
			return err
		}
		_, err = Setup(ctx, cfg, d, rt)
		return err
	}
	return s
}

// SpecWith returns the service with the settings cfg (tests, embedding).
func SpecWith(cfg Config) service.Spec {
	s := spec()
	if len(cfg.Services) > 0 {
		s.Consumes = dlqTopics(cfg.Services)
	}
	s.Setup = func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
		_, err := Setup(ctx, cfg, d, rt)
		return err
	}
	return s
}

func spec() service.Spec {
	return service.Spec{
		Name:     Name,
		Version:  Version,
		Consumes: dlqTopics(DefaultServices()),
		Produces: []string{events.TopicControl},
	}
}

func dlqTopics(services []string) []string {
	ts := make([]string, len(services))
	for i, s := range services {
		ts[i] = events.DLQTopic(strings.TrimSpace(s))
	}
	return ts
}

// Running is what Setup started.
type Running struct {
	// APIAddr is the address the API listens on.
	APIAddr string
	wg      sync.WaitGroup
}

// Wait blocks until the scheduler, the API and the producer have stopped
// after the Setup context ended.
func (r *Running) Wait() { r.wg.Wait() }

// Setup registers the dead-letter handler, for every DLQ by pattern or for
// the configured services' DLQs, and starts the redelivery scheduler and the operators' API; they
// stop when ctx ends.
func Setup(ctx context.Context, cfg Config, d *service.Deps, rt *bus.Runtime) (*Running, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	log := d.Log.With("component", "exception")
	txnID := cfg.TransactionalID
	if txnID == "" {
		id := d.Platform.InstanceID
		if id == "" {
			id, _ = os.Hostname()
		}
		if id == "" {
			id = "local"
		}
		txnID = "docket-exception-producer-" + id
	}
	st := store.New(d.Redis)
	prod, err := redeliver.NewProducer(d.Kafka, txnID)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		prod.Close()
		return nil, fmt.Errorf("exception API: listen on %s: %w", cfg.Addr, err)
	}

	h := &handler.Handler{
		Store:           st,
		Backoff:         retry.Policy{Initial: cfg.BackoffInitial, Max: cfg.BackoffMax, Multiplier: 2},
		MaxRedeliveries: cfg.MaxRedeliveries,
	}
	drains := []string{DLQPattern.String() + " (all but " + events.DLQTopic(Name) + ")"}
	if len(cfg.Services) == 0 {
		bus.HandlePattern(rt, DLQPattern, nil, h.Handle)
	} else {
		drains = dlqTopics(cfg.Services)
		for _, t := range drains {
			bus.Handle(rt, t, h.Handle)
		}
	}

	run := &Running{APIAddr: ln.Addr().String()}
	var workers sync.WaitGroup
	if cfg.Scheduler {
		sched := &redeliver.Scheduler{Store: st, Producer: prod, Log: log, Interval: cfg.PollInterval, Lease: cfg.ClaimLease, Batch: cfg.Batch}
		workers.Go(func() { sched.Run(ctx) })
	}
	api := &server.Server{Store: st, Producer: prod, Codec: d.Serde, Log: log, Service: Name, Version: Version}
	srv := &http.Server{Handler: api.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: time.Minute}
	workers.Go(func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("exception API stopped", "error", err)
		}
	})
	run.wg.Go(func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		workers.Wait()
		prod.Close()
	})
	log.Info("exception agent set up", "drains", drains, "api_addr", run.APIAddr, "scheduler", cfg.Scheduler, "max_redeliveries", cfg.MaxRedeliveries)
	return run, nil
}
