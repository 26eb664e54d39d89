// Package config holds the tracker's own settings, DOCKET_SAGATRACKER_*.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/auth"
	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/tlsconf"
)

// Config is the tracker's settings.
type Config struct {
	// Addr is the gRPC listen address.
	Addr string `env:"DOCKET_SAGATRACKER_ADDR" envDefault:"127.0.0.1:9090"`
	// Group is the projection's consumer group.
	Group string `env:"DOCKET_SAGATRACKER_GROUP" envDefault:"docket-sagatracker"`
	// Prefix prefixes every Redis key of the projection.
	Prefix string `env:"DOCKET_SAGATRACKER_REDIS_PREFIX" envDefault:"docket:sagatracker:"`
	// MaxPollRecords bounds one batch (one Redis script call).
	MaxPollRecords int `env:"DOCKET_SAGATRACKER_MAX_POLL_RECORDS" envDefault:"1000"`
	// WriteTimeout bounds the retries of one batch's write to Redis.
	WriteTimeout time.Duration `env:"DOCKET_SAGATRACKER_WRITE_TIMEOUT" envDefault:"30s"`
	// StallAfter is each stage's expected duration, "stage=duration,...":
	// a queued or running workflow with no event for longer is stalled.
	StallAfter string `env:"DOCKET_SAGATRACKER_STALL_AFTER" envDefault:"ingest=2m,ocr=10m,classify=5m,ledger=2m"`
	// StallDefault is the expected duration of a stage StallAfter omits.
	StallDefault time.Duration `env:"DOCKET_SAGATRACKER_STALL_DEFAULT" envDefault:"5m"`
	// Retention is how long a finished workflow stays in the projection
	// after its latest event; 0 keeps it for ever.
	Retention time.Duration `env:"DOCKET_SAGATRACKER_RETENTION" envDefault:"168h"`
	// PurgeInterval is how often a replica purges expired workflows.
	PurgeInterval time.Duration `env:"DOCKET_SAGATRACKER_PURGE_INTERVAL" envDefault:"1m"`
	// ChangesMaxLen caps (approximately) the change stream watches resume from.
	ChangesMaxLen int64 `env:"DOCKET_SAGATRACKER_CHANGES_MAXLEN" envDefault:"100000"`
	// ChangesIdle is how long the change stream is still written after the
	// last watch ended (a watch resumed within it misses nothing); 0
	// writes it always.
	ChangesIdle time.Duration `env:"DOCKET_SAGATRACKER_CHANGES_IDLE" envDefault:"10m"`
	// StatsRetention is how long per-minute statistics are kept: the
	// longest GetStats window.
	StatsRetention time.Duration `env:"DOCKET_SAGATRACKER_STATS_RETENTION" envDefault:"24h"`
	// DocumentTypes are the types an operator's correction and a
	// reviewer's decision may name, comma-separated; empty for the
	// built-in model's (events.DocumentTypes).
	DocumentTypes []string `env:"DOCKET_SAGATRACKER_DOCUMENT_TYPES" envSeparator:","`
	// TokensFile is the API's principals (pkg/auth: {"principals": [...]},
	// or the earlier object of token to "tenant:<id>" | "operator"), read
	// again when it changes; Tokens the same inline, "token=principal,...".
	// With neither, the API is open: allowed on loopback (the embedded
	// mode) or with Insecure, refused elsewhere.
	TokensFile string `env:"DOCKET_SAGATRACKER_TOKENS_FILE"`
	Tokens     string `env:"DOCKET_SAGATRACKER_TOKENS"`
	// AuthKeyFile is the server key tokens are kept under (HMAC-SHA256);
	// needed for token_hmacs in TokensFile.
	AuthKeyFile string `env:"DOCKET_AUTH_KEY_FILE"`
	// Insecure lets the API run without authentication on a non-loopback
	// address, with an error-level warning at every start.
	Insecure bool `env:"DOCKET_INSECURE"`
	// TLSCert and TLSKey (PEM files, both or neither) serve the API over
	// TLS; TLSClientCA (PEM) requires client certificates signed by it
	// (mutual TLS), whose common names TokensFile maps to principals.
	// Every file is read again when it changes.
	TLSCert     string `env:"DOCKET_SAGATRACKER_TLS_CERT"`
	TLSKey      string `env:"DOCKET_SAGATRACKER_TLS_KEY"`
	TLSClientCA string `env:"DOCKET_SAGATRACKER_TLS_CLIENT_CA"`
	// Control holds the review queue, timer and cancel settings.
	Control Control
}

// StallDurations parses StallAfter.
func (c Config) StallDurations() (map[string]time.Duration, error) {
	out := map[string]time.Duration{}
	for _, part := range strings.Split(c.StallAfter, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		stage, d, ok := strings.Cut(part, "=")
		if !ok || strings.TrimSpace(stage) == "" {
			return nil, fmt.Errorf("%q: want stage=duration", part)
		}
		dur, err := time.ParseDuration(strings.TrimSpace(d))
		if err != nil || dur <= 0 {
			return nil, fmt.Errorf("%q: want a positive duration", part)
		}
		out[strings.TrimSpace(stage)] = dur
	}
	return out, nil
}

// TLS returns the API's TLS settings.
func (c Config) TLS() tlsconf.Server {
	return tlsconf.Server{CertFile: c.TLSCert, KeyFile: c.TLSKey, ClientCAFile: c.TLSClientCA}
}

// Auth returns where the API's principals come from.
func (c Config) Auth(log *slog.Logger) auth.Settings {
	return auth.Settings{File: c.TokensFile, Inline: c.Tokens, KeyFile: c.AuthKeyFile, Log: log}
}

// Load reads the settings from the environment and validates them.
func Load() (Config, error) {
	var c Config
	err := platform.ParseEnv(&c, "")
	return c, errors.Join(err, c.Validate())
}

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_ADDR %q: %w", c.Addr, err))
	}
	if c.Group == "" {
		errs = append(errs, errors.New("DOCKET_SAGATRACKER_GROUP is empty"))
	}
	if c.Prefix == "" {
		errs = append(errs, errors.New("DOCKET_SAGATRACKER_REDIS_PREFIX is empty"))
	}
	if c.MaxPollRecords < 1 || c.MaxPollRecords > 10000 {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_MAX_POLL_RECORDS %d: want 1 to 10000", c.MaxPollRecords))
	}
	if c.WriteTimeout <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_WRITE_TIMEOUT %s: want a positive duration", c.WriteTimeout))
	}
	if _, err := c.StallDurations(); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_STALL_AFTER %w", err))
	}
	if c.StallDefault <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_STALL_DEFAULT %s: want a positive duration", c.StallDefault))
	}
	if c.Retention < 0 {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_RETENTION %s: want 0 (keep) or a positive duration", c.Retention))
	}
	if c.PurgeInterval <= 0 {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_PURGE_INTERVAL %s: want a positive duration", c.PurgeInterval))
	}
	if c.ChangesMaxLen < 100 {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_CHANGES_MAXLEN %d: want at least 100", c.ChangesMaxLen))
	}
	if c.ChangesIdle < 0 || c.ChangesIdle > 0 && c.ChangesIdle < 10*time.Second {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_CHANGES_IDLE %s: want 0 (always written) or at least 10s", c.ChangesIdle))
	}
	if c.StatsRetention < time.Minute {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_STATS_RETENTION %s: want at least 1m", c.StatsRetention))
	}
	if err := c.TLS().Validate("DOCKET_SAGATRACKER_"); err != nil {
		errs = append(errs, err)
	}
	if c.TLSClientCA != "" && c.TokensFile == "" {
		errs = append(errs, errors.New("DOCKET_SAGATRACKER_TLS_CLIENT_CA needs DOCKET_SAGATRACKER_TOKENS_FILE: its subjects map client certificates to principals"))
	}
	errs = append(errs, c.Control.validate()...)
	return errors.Join(errs...)
}
