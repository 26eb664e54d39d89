// Package ledger is the ledger service: it appends one hash-chained,
// Ed25519-signed disposition record per workflow to docket.ledger (the
// system of record) from the workflow's final decision
// (docket.document.classified, docket.review.decided, or a discarded
// control event on docket.workflow.control), confirms it on
// docket.document.recorded, and serves lookups by workflow id and document
// hash. See README.md for how exactly-one-record-per-workflow is kept.
package ledger

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/tlsconf"
	"github.com/docket-run/docket/services/ledger/internal/chain"
	"github.com/docket-run/docket/services/ledger/internal/checkpoint"
	"github.com/docket-run/docket/services/ledger/internal/handler"
	"github.com/docket-run/docket/services/ledger/internal/index"
	"github.com/docket-run/docket/services/ledger/internal/server"
	"github.com/docket-run/docket/services/ledger/internal/signing"
)

// Name is the service name.
const Name = events.ServiceLedger

// Version is the service version stamped on its events.
const Version = "0.1.0"

// signedMemo bounds how many of its own signatures the ledger remembers
// for its index follower (ledgerchain.Signed): about 1 MiB, several
// seconds of records at full speed; a follower further behind checks
// signatures in full.
const signedMemo = 8192

// Config holds the ledger's own settings.
type Config struct {
	// KeyFile holds the Ed25519 private key (PEM PKCS #8, or base64 of
	// the seed): a mounted secret in production.
	KeyFile string `env:"DOCKET_LEDGER_KEY_FILE"`
	// DevKeyDir is where, with KeyFile unset, a development key is
	// generated once and kept (ledger.key) beside its public key
	// (ledger.pub).
	DevKeyDir string `env:"DOCKET_LEDGER_DEV_KEY_DIR" envDefault:"./data/ledger"`
	// PublicKeys are key ring files of further trusted public keys
	// (earlier keys after a rotation) and validity windows, used to verify
	// the chain the ledger extends. With KeyFile unset, the development
	// key ring (DevKeyDir/ledger.pub) is trusted too.
	PublicKeys []string `env:"DOCKET_LEDGER_PUBLIC_KEYS" envSeparator:","`
	// Addr is where the read-only HTTP API listens.
	Addr string `env:"DOCKET_LEDGER_ADDR" envDefault:"127.0.0.1:8083"`
	// TokensFile lists the API's principals (pkg/auth format), read again
	// when it changes; Tokens the same inline ("token=tenant:acme,..."). A
	// tenant principal reads its own tenant's records only; operators,
	// reviewers and services read every tenant's. With neither the API is
	// open: allowed on loopback (the embedded mode) or with DOCKET_INSECURE,
	// refused elsewhere.
	TokensFile string `env:"DOCKET_LEDGER_TOKENS_FILE"`
	Tokens     string `env:"DOCKET_LEDGER_TOKENS"`
	// TLSCert and TLSKey (PEM, both or neither) serve the API over TLS;
	// TLSClientCA requires client certificates signed by it (mutual TLS).
	TLSCert     string `env:"DOCKET_LEDGER_TLS_CERT"`
	TLSKey      string `env:"DOCKET_LEDGER_TLS_KEY"`
	TLSClientCA string `env:"DOCKET_LEDGER_TLS_CLIENT_CA"`
	// SettleTimeout bounds the wait for an open transaction on a ledger
	// partition to end before its chain is loaded.
	SettleTimeout time.Duration `env:"DOCKET_LEDGER_SETTLE_TIMEOUT" envDefault:"10s"`
	// CheckpointEvery publishes a partition's checkpoint once its chain
	// grew this many records.
	CheckpointEvery int64 `env:"DOCKET_LEDGER_CHECKPOINT_EVERY" envDefault:"100"`
	// CheckpointInterval publishes the checkpoint of a chain that grew at
	// least this often.
	CheckpointInterval time.Duration `env:"DOCKET_LEDGER_CHECKPOINT_INTERVAL" envDefault:"1m"`
	// CheckpointExport is the bucket checkpoints are exported to besides
	// docket.ledger.checkpoints: file:///dir or s3://bucket?region=… (S3
	// with Object Lock in production). Empty: the topic only.
	CheckpointExport string `env:"DOCKET_LEDGER_CHECKPOINT_EXPORT"`
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
	if c.KeyFile != "" {
		if _, err := os.Stat(c.KeyFile); err != nil {
			errs = append(errs, fmt.Errorf("DOCKET_LEDGER_KEY_FILE: %w", err))
		}
	} else if c.DevKeyDir == "" {
		errs = append(errs, errors.New("DOCKET_LEDGER_KEY_FILE or DOCKET_LEDGER_DEV_KEY_DIR must be set"))
	}
	for _, p := range c.PublicKeys {
		if _, err := os.Stat(strings.TrimSpace(p)); err != nil {
			errs = append(errs, fmt.Errorf("DOCKET_LEDGER_PUBLIC_KEYS: %w", err))
		}
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_LEDGER_ADDR %q: %w", c.Addr, err))
	}
	if err := c.tls().Validate("DOCKET_LEDGER_"); err != nil {
		errs = append(errs, err)
	}
	if c.TLSClientCA != "" && c.TokensFile == "" {
		errs = append(errs, errors.New("DOCKET_LEDGER_TLS_CLIENT_CA needs DOCKET_LEDGER_TOKENS_FILE: its subjects map client certificates to principals"))
	}
	if c.SettleTimeout <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_LEDGER_SETTLE_TIMEOUT %s: must be positive", c.SettleTimeout))
	}
	if c.CheckpointEvery <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_LEDGER_CHECKPOINT_EVERY %d: must be positive", c.CheckpointEvery))
	}
	if c.CheckpointInterval <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_LEDGER_CHECKPOINT_INTERVAL %s: must be positive", c.CheckpointInterval))
	}
	return errors.Join(errs...)
}

func (c Config) tls() tlsconf.Server {
	return tlsconf.Server{CertFile: c.TLSCert, KeyFile: c.TLSKey, ClientCAFile: c.TLSClientCA}
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
	s.Setup = func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
		if err := cfg.Validate(); err != nil {
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

func spec() service.Spec {
	return service.Spec{
		Name:     Name,
		Version:  Version,
		Consumes: []string{events.TopicClassified, events.TopicReviewDecided, events.TopicControl},
		Produces: []string{events.TopicLedger, events.TopicRecorded, events.TopicControl, events.TopicSteps, events.TopicLedgerCheckpoints},
	}
}

// Running is what Setup started.
type Running struct {
	APIAddr   string
	PublicKey ed25519.PublicKey
	Follower  *index.Follower
	Chains    *chain.Chains
	// Wait returns once the API has shut down, after Setup's context
	// ended.
	Wait func()
}

// Setup loads the key, checks the topics are co-partitioned, starts the
// index follower and the HTTP API, and registers the handlers on rt with
// the hooks that keep the chains in step with the transactions.
func Setup(ctx context.Context, cfg Config, d *service.Deps, rt *bus.Runtime) (*Running, error) {
	log := d.Log.With("component", "ledger")
	principals, err := auth.Load(auth.Settings{File: cfg.TokensFile, Inline: cfg.Tokens, KeyFile: d.Platform.AuthKeyFile, Log: log})
	if err != nil {
		return nil, fmt.Errorf("ledger API principals: %w", err)
	}
	tlsCfg, err := cfg.tls().Config(log)
	if err != nil {
		return nil, fmt.Errorf("ledger API TLS: %w", err)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("ledger API: listen on %s: %w", cfg.Addr, err)
	}
	if err := auth.CheckExposure(log, "the ledger's HTTP API", ln.Addr(), principals != nil, d.Platform.Insecure,
		"set DOCKET_LEDGER_TOKENS_FILE (or _TOKENS)"); err != nil {
		_ = ln.Close()
		return nil, err
	}
	auth.WarnCleartext(log, "the ledger's HTTP API", ln.Addr(), principals != nil, tlsCfg != nil, "set DOCKET_LEDGER_TLS_CERT and _TLS_KEY")
	listening := false
	defer func() {
		if !listening {
			_ = ln.Close()
		}
	}()
	key, err := signing.Load(cfg.KeyFile, cfg.DevKeyDir, log)
	if err != nil {
		return nil, err
	}
	pub := key.Public().(ed25519.PublicKey)
	keys := ledgerchain.PublicKeys{}
	keys.Add(pub)
	rings := cfg.PublicKeys
	if cfg.KeyFile == "" {
		rings = append(slices.Clone(rings), filepath.Join(cfg.DevKeyDir, signing.DevPublicFile))
	}
	if len(rings) > 0 {
		more, err := ledgerchain.LoadPublicKeys(rings...)
		if err != nil {
			return nil, err
		}
		for _, k := range more {
			keys.AddKey(k)
		}
	}
	if signer := keys[ledgerchain.KeyID(pub)]; !signer.ValidAt(time.Now()) {
		// Not fatal: appends fail (transient) until the key is rotated.
		log.Error("LEDGER SIGNING KEY IS OUTSIDE ITS VALIDITY WINDOW: records it would sign are foreign, appends are refused; rotate it (`docket ledger keys rotate`)",
			"key_id", signer.ID(), "window", signer.Window())
	}

	topic, err := chain.NewKafkaTopic(events.TopicLedger, d.Kafka, d.Serde)
	if err != nil {
		return nil, err
	}
	context.AfterFunc(ctx, topic.Close)
	inputs := []string{events.TopicLedger, events.TopicClassified, events.TopicReviewDecided, events.TopicControl, events.RetryTopic(Name)}
	counts, err := topic.Partitions(ctx, inputs...)
	if err != nil {
		return nil, fmt.Errorf("ledger topics: %w", err)
	}
	n := counts[events.TopicLedger]
	for _, t := range inputs {
		if counts[t] != n {
			return nil, fmt.Errorf("topic %s has %d partitions and %s has %d: the ledger needs its input topics co-partitioned with it (equal partition counts)", t, counts[t], events.TopicLedger, n)
		}
	}

	reg := prometheus.NewRegistry()
	if d.Ops != nil {
		reg = d.Ops.Registry
	}
	foreign := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "docket_ledger_foreign_records_total",
		Help: "Records on the ledger topic that are not the ledger's (bad hash or signature, unknown or expired key, undecodable, replayed), quarantined by the index follower, by partition.",
	}, []string{"partition"})
	refused := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "docket_ledger_appends_refused_total",
		Help: "Loads of a ledger partition's chain that refused to append to it, by partition and reason: broken (a problem under a trusted signature) or history_cut (records deleted, topic re-created).",
	}, []string{"partition", "reason"})
	for _, c := range []prometheus.Collector{foreign, refused} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("register ledger metrics: %w", err)
		}
	}
	var export checkpoint.Exporter
	if cfg.CheckpointExport != "" {
		e, err := ledgerchain.OpenExport(ctx, cfg.CheckpointExport)
		if err != nil {
			return nil, err
		}
		context.AfterFunc(ctx, func() { _ = e.Close() })
		export = e
	} else {
		log.Warn("ledger checkpoints go to the checkpoint topic only: set DOCKET_LEDGER_CHECKPOINT_EXPORT to a bucket the ledger topic's writers cannot rewrite", "topic", events.TopicLedgerCheckpoints)
	}
	publisher, err := checkpoint.New(events.TopicLedger, checkpoint.Config{Every: cfg.CheckpointEvery, Interval: cfg.CheckpointInterval}, key, d.Serde, d.Kafka, export, Name, Version, log)
	if err != nil {
		return nil, err
	}
	context.AfterFunc(ctx, publisher.Close)
	go publisher.Run(ctx)

	store := index.New(d.Redis)
	follower := index.NewFollower(store, d.Kafka, events.TopicLedger, d.Serde, keys, publisher, foreign, log)
	signed := ledgerchain.NewSigned(signedMemo)
	follower.TrustSigned(signed)
	go follower.Run(ctx)

	chains := chain.New(store, topic, d.Serde, keys, refused, log, cfg.SettleTimeout)
	h := &handler.Handler{Service: Name, Version: Version, Chains: chains, Key: key, KeyWindow: keys[ledgerchain.KeyID(pub)], Signed: signed, Codec: d.Serde, Partitions: n, Now: time.Now}
	drop := func(what string, owned bool) func(context.Context, map[string][]int32) {
		return func(_ context.Context, ps map[string][]int32) {
			log.Info("partitions "+what+"; their chains are reloaded from the topic on next use", "partitions", ps)
			for _, p := range ps {
				chains.Drop(p)
				publisher.Own(p, owned)
			}
		}
	}
	if err := rt.Configure(
		// Partition p of every input topic to one replica: it alone
		// writes ledger partition p.
		bus.Balancers(kgo.RangeBalancer()),
		// One goroutine per partition number, whatever the topic, so
		// the chain of partition p is appended to in production order.
		bus.OrderAcrossTopics(),
		bus.OnAssigned(drop("assigned", true)),
		bus.OnRevoked(drop("revoked", false)),
		bus.OnBatchEnd(func(_ context.Context, committed bool) { chains.BatchEnd(committed) }),
		// A canceled workflow gets no disposition: it ends canceled.
		bus.CancelCheck(cancel.New(d.Redis)),
	); err != nil {
		return nil, err
	}
	policy := retry.Policy{Attempts: 4, Initial: 50 * time.Millisecond, Max: time.Second}
	bus.Handle(rt, events.TopicClassified, h.Classified, bus.Retry(policy), bus.Timeout(cfg.SettleTimeout+20*time.Second),
		bus.Compensation(events.StepLedger, compensation(h)))
	bus.Handle(rt, events.TopicReviewDecided, h.ReviewDecided, bus.Retry(policy), bus.Timeout(cfg.SettleTimeout+20*time.Second))
	bus.Handle(rt, events.TopicControl, h.Control, bus.Retry(policy), bus.Timeout(cfg.SettleTimeout+20*time.Second))

	addr, wait := server.Serve(ctx, ln, tlsCfg, principals.HTTP("docket-ledger", server.Handler(store, follower, log)), log)
	listening = true
	log.Info("ledger ready", "api_addr", addr, "api_auth", principals != nil, "api_tls", tlsCfg != nil, "key_id", ledgerchain.KeyID(pub), "trusted_keys", len(keys), "partitions", n)
	return &Running{APIAddr: addr, PublicKey: pub, Follower: follower, Chains: chains, Wait: wait}, nil
}
