// Package exception is the exception agent: it owns every failure. It
// consumes the dead-letter topic of every service but its own and decides
// each dead letter: a transient failure is redelivered to the service's
// retry topic after an exponential backoff with full jitter, from a durable
// schedule in Redis, at most MaxAttempts times per original record and
// MaxWorkflowAttempts times per workflow, within a per-service rate shared
// by every replica and while the service's circuit breaker is closed; a
// transient failure out of redeliveries is parked for an operator; a
// structural or semantic one is parked and put in front of a human (a
// review request with the dead letter's context). Every decision is a
// control event on docket.workflow.control, produced in the transaction
// that consumes the dead letter. A deadline_exceeded control event becomes
// a review request with the workflow's state. Operators list, show, replay
// and discard parked items through an HTTP JSON API (operators only,
// authenticated by pkg/auth); each action is a control event naming the
// caller's principal, and an audit event on docket.audit.
package exception

import (
	"context"
	"crypto/tls"
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

	"github.com/prometheus/client_golang/prometheus"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/bus"
	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/tlsconf"
	"github.com/docket-run/docket/pkg/trackerclient"
	"github.com/docket-run/docket/services/exception/internal/breaker"
	"github.com/docket-run/docket/services/exception/internal/deadline"
	"github.com/docket-run/docket/services/exception/internal/handler"
	"github.com/docket-run/docket/services/exception/internal/metrics"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/redeliver"
	"github.com/docket-run/docket/services/exception/internal/server"
	"github.com/docket-run/docket/services/exception/internal/settle"
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
	// TokensFile lists the API's principals (pkg/auth format), read again
	// when it changes; Tokens the same inline, "token=principal,..." (a
	// bare token is an operator named "operator"). Every route needs an
	// operator. With neither the API is open: allowed on loopback (the
	// embedded mode) or with DOCKET_INSECURE, refused elsewhere.
	TokensFile string `env:"DOCKET_EXCEPTION_TOKENS_FILE"`
	Tokens     string `env:"DOCKET_EXCEPTION_TOKENS"`
	// TLSCert and TLSKey (PEM, both or neither) serve the API over TLS;
	// TLSClientCA requires client certificates signed by it (mutual TLS),
	// mapped to principals by TokensFile's subjects. Read again on change.
	TLSCert     string `env:"DOCKET_EXCEPTION_TLS_CERT"`
	TLSKey      string `env:"DOCKET_EXCEPTION_TLS_KEY"`
	TLSClientCA string `env:"DOCKET_EXCEPTION_TLS_CLIENT_CA"`
	// Services whose dead-letter topics the agent drains. Default (empty)
	// every topic docket.<service>.dlq but its own, by pattern, so the
	// dead letters of a service added later are drained without a
	// restart.
	Services []string `env:"DOCKET_EXCEPTION_SERVICES" envSeparator:","`
	// MaxAttempts bounds the redeliveries of one original record; the
	// next transient failure parks it.
	MaxAttempts int `env:"DOCKET_EXCEPTION_MAX_ATTEMPTS" envDefault:"5"`
	// MaxWorkflowAttempts bounds the redeliveries of all records of one
	// workflow together; the next transient failure parks it.
	MaxWorkflowAttempts int `env:"DOCKET_EXCEPTION_MAX_WORKFLOW_ATTEMPTS" envDefault:"20"`
	// Rate is the redelivery rate per target service, shared by every
	// replica: "<per second>" for every service, and "<service>=<per
	// second>" entries for some, comma-separated, e.g. "20,ocr=5". The
	// burst is one second's worth (at least 1).
	Rate RateSpec `env:"DOCKET_EXCEPTION_RATE" envDefault:"50"`
	// BreakerThreshold redeliveries to one service that come back
	// dead-lettered within BreakerWindow open its circuit breaker for
	// BreakerCooldown; then one probe redelivery goes, and the breaker
	// closes when it does not come back within another cool-down.
	BreakerThreshold int           `env:"DOCKET_EXCEPTION_BREAKER_THRESHOLD" envDefault:"10"`
	BreakerWindow    time.Duration `env:"DOCKET_EXCEPTION_BREAKER_WINDOW" envDefault:"1m"`
	BreakerCooldown  time.Duration `env:"DOCKET_EXCEPTION_BREAKER_COOLDOWN" envDefault:"30s"`
	// ReviewSLA is how long a human has to decide a review the agent
	// requests (structural and semantic failures, deadline breaches).
	ReviewSLA time.Duration `env:"DOCKET_EXCEPTION_REVIEW_SLA" envDefault:"24h"`
	// Tracker is the saga tracker's API (DOCKET_TRACKER_*: address, token
	// or token file, TLS), read for a workflow's state when its deadline
	// passes; no address: the review request carries what the deadline
	// event says.
	Tracker trackerclient.Config
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

// Redis key prefixes of the shared rate budgets and circuit breakers.
const (
	ratePrefix    = "docket:exception:rate:"
	breakerPrefix = "docket:exception:breaker:"
)

// trackerTimeout bounds the handling of one control event, tracker reads
// included.
const trackerTimeout = 10 * time.Second

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
	err := platform.ParseEnv(&c, "")
	return c, errors.Join(err, c.Validate())
}

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_ADDR %q: %w", c.Addr, err))
	}
	if err := c.tls().Validate("DOCKET_EXCEPTION_"); err != nil {
		errs = append(errs, err)
	}
	if c.TLSClientCA != "" && c.TokensFile == "" {
		errs = append(errs, errors.New("DOCKET_EXCEPTION_TLS_CLIENT_CA needs DOCKET_EXCEPTION_TOKENS_FILE: its subjects map client certificates to principals"))
	}
	for _, s := range c.Services {
		if s = strings.TrimSpace(s); s == "" || s == Name || strings.ContainsAny(s, ". ") {
			errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_SERVICES: %q is not a service whose dead letters the agent can drain", s))
		}
	}
	if c.MaxAttempts < 1 || c.MaxAttempts > 100 {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_MAX_ATTEMPTS %d: want 1..100", c.MaxAttempts))
	}
	if c.MaxWorkflowAttempts < 1 || c.MaxWorkflowAttempts > 10000 {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_MAX_WORKFLOW_ATTEMPTS %d: want 1..10000", c.MaxWorkflowAttempts))
	}
	if err := c.Rate.Validate(); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_RATE: %w", err))
	}
	if err := c.breakerSettings().Validate(); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_BREAKER_*: %w", err))
	}
	if c.ReviewSLA < time.Minute {
		errs = append(errs, fmt.Errorf("DOCKET_EXCEPTION_REVIEW_SLA %s: must be at least 1m", c.ReviewSLA))
	}
	if err := c.Tracker.Validate(); err != nil {
		errs = append(errs, err)
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

func (c Config) tls() tlsconf.Server {
	return tlsconf.Server{CertFile: c.TLSCert, KeyFile: c.TLSKey, ClientCAFile: c.TLSClientCA}
}

func (c Config) breakerSettings() breaker.Settings {
	return breaker.Settings{Threshold: c.BreakerThreshold, Window: c.BreakerWindow, Cooldown: c.BreakerCooldown}
}

// Spec returns the service with its settings from the environment.
func Spec() service.Spec {
	s := spec()
	s.Setup = func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
		cfg, err := LoadConfig()
		if err != nil {
			return err
		}
		run, err := Setup(ctx, cfg, d, rt)
		if err != nil {
			return err
		}
		d.WaitAtStop(run.Wait)
		return nil
	}
	return s
}

// SpecWith returns the service with the settings cfg (tests, embedding).
func SpecWith(cfg Config) service.Spec {
	s := spec()
	if len(cfg.Services) > 0 {
		s.Consumes = append(dlqTopics(cfg.Services), events.TopicControl, events.TopicRecorded)
	}
	s.Setup = func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
		run, err := Setup(ctx, cfg, d, rt)
		if err != nil {
			return err
		}
		d.WaitAtStop(run.Wait)
		return nil
	}
	return s
}

func spec() service.Spec {
	return service.Spec{
		Name:     Name,
		Version:  Version,
		Consumes: append(dlqTopics(DefaultServices()), events.TopicControl, events.TopicRecorded),
		Produces: []string{events.TopicControl, events.TopicReviewRequested, events.TopicAudit},
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
// the configured services' DLQs, the deadline handler on
// docket.workflow.control and the settle handler on docket.document.recorded,
// and starts the redelivery scheduler and the
// operators' API; they stop when ctx ends.
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
		txnID = "docket-exception-producer-" + id + d.Platform.TransactionalIDSuffix
	}
	reg := prometheus.NewRegistry()
	if d.Ops != nil {
		reg = d.Ops.Registry
	}
	met, err := metrics.New(reg)
	if err != nil {
		return nil, err
	}
	principals, err := auth.Load(auth.Settings{File: cfg.TokensFile, Inline: cfg.Tokens, KeyFile: d.Platform.AuthKeyFile, Log: log})
	if err != nil {
		return nil, fmt.Errorf("exception API principals: %w", err)
	}
	tlsCfg, err := cfg.tls().Config(log)
	if err != nil {
		return nil, fmt.Errorf("exception API TLS: %w", err)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("exception API: listen on %s: %w", cfg.Addr, err)
	}
	if err := auth.CheckExposure(log, "the exception agent's operator API", ln.Addr(), principals != nil, d.Platform.Insecure,
		"set DOCKET_EXCEPTION_TOKENS_FILE (or _TOKENS)"); err != nil {
		_ = ln.Close()
		return nil, err
	}
	auth.WarnCleartext(log, "the exception agent's operator API", ln.Addr(), principals != nil, tlsCfg != nil, "set DOCKET_EXCEPTION_TLS_CERT and _TLS_KEY")
	var tracker deadline.Tracker
	if cfg.Tracker.Addr != "" {
		conn, err := trackerclient.Dial(cfg.Tracker, log)
		if err != nil {
			_ = ln.Close()
			return nil, err
		}
		context.AfterFunc(ctx, func() { _ = conn.Close() })
		tracker = trackerv1.NewTrackerClient(conn)
	}
	st := store.New(d.Redis)
	breakers := breaker.New(d.Redis, breakerPrefix, cfg.breakerSettings())
	prod, err := redeliver.NewProducer(d.Kafka, txnID)
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	apiAddr := ln.Addr().String()
	if tlsCfg != nil {
		ln = tls.NewListener(ln, tlsCfg)
	}

	h := &handler.Handler{
		Store:     st,
		Backoff:   retry.Policy{Initial: cfg.BackoffInitial, Max: cfg.BackoffMax, Multiplier: 2},
		Bounds:    store.Bounds{PerMessage: cfg.MaxAttempts, PerWorkflow: cfg.MaxWorkflowAttempts},
		Breakers:  breakers,
		Decoder:   d.Serde,
		ReviewSLA: cfg.ReviewSLA,
		Metrics:   met,
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
	dh := &deadline.Handler{Tracker: tracker, ReviewSLA: cfg.ReviewSLA, Requested: met.Reviews.WithLabelValues(deadline.ReviewReason).Inc}
	sh := &settle.Handler{Store: st, Settled: func(svc string) { met.Settled.WithLabelValues(svc).Inc() }}
	bus.Handle(rt, events.TopicControl, func(ctx context.Context, m *bus.Message, c *events.WorkflowControl) ([]bus.Output, error) {
		if c.Kind == model.ControlSettled {
			return sh.Control(ctx, m, c)
		}
		return dh.Handle(ctx, m, c)
	}, bus.Timeout(trackerTimeout))
	bus.Handle(rt, events.TopicRecorded, sh.Recorded)

	run := &Running{APIAddr: apiAddr}
	var workers sync.WaitGroup
	if cfg.Scheduler {
		sched := &redeliver.Scheduler{
			Store: st, Producer: prod, Log: log, Interval: cfg.PollInterval, Lease: cfg.ClaimLease, Batch: cfg.Batch,
			Limiter: ratelimit.New(d.Redis, ratePrefix), Rates: cfg.Rate.rates(),
			Breakers: breakers, BreakerJitter: cfg.BreakerCooldown, Metrics: met,
		}
		workers.Go(func() { sched.Run(ctx) })
	}
	api := &server.Server{Store: st, Producer: prod, Codec: d.Serde, Log: log, Service: Name, Version: Version, Auth: principals,
		Breakers: breakers, BreakerReader: d.Redis, BreakerServices: breakerServices(cfg.Services)}
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
	log.Info("exception agent set up", "drains", drains, "api_addr", run.APIAddr, "scheduler", cfg.Scheduler,
		"max_attempts", cfg.MaxAttempts, "max_workflow_attempts", cfg.MaxWorkflowAttempts, "tracker", cfg.Tracker.Addr,
		"api_auth", principals != nil, "api_tls", tlsCfg != nil)
	return run, nil
}

// breakerServices are the services whose redelivery breakers the API
// shows: the drained ones, or every service but the exception agent.
func breakerServices(drained []string) []string {
	if len(drained) > 0 {
		return drained
	}
	var out []string
	for _, svc := range events.Services() {
		if svc != Name {
			out = append(out, svc)
		}
	}
	return out
}
