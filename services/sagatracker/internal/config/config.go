// Package config holds the tracker's own settings, DOCKET_SAGATRACKER_*.
package config

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	platform "github.com/docket-run/docket/pkg/config"
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
	StallAfter string `env:"DOCKET_SAGATRACKER_STALL_AFTER" envDefault:"ingest=2m,ocr=10m,classify=2m,ledger=2m"`
	// StallDefault is the expected duration of a stage StallAfter omits.
	StallDefault time.Duration `env:"DOCKET_SAGATRACKER_STALL_DEFAULT" envDefault:"5m"`
	// Retention is how long a finished workflow stays in the projection
	// after its latest event; 0 keeps it for ever.
	Retention time.Duration `env:"DOCKET_SAGATRACKER_RETENTION" envDefault:"168h"`
	// PurgeInterval is how often a replica purges expired workflows.
	PurgeInterval time.Duration `env:"DOCKET_SAGATRACKER_PURGE_INTERVAL" envDefault:"1m"`
	// ChangesMaxLen caps (approximately) the change stream watches resume from.
	ChangesMaxLen int64 `env:"DOCKET_SAGATRACKER_CHANGES_MAXLEN" envDefault:"100000"`
	// StatsRetention is how long per-minute statistics are kept: the
	// longest GetStats window.
	StatsRetention time.Duration `env:"DOCKET_SAGATRACKER_STATS_RETENTION" envDefault:"24h"`
	// TokensFile is a JSON object of bearer token to principal,
	// "tenant:<id>" or "operator"; Tokens the same as "token=principal,...".
	// With neither, the API is open (the embedded mode's default).
	TokensFile string `env:"DOCKET_SAGATRACKER_TOKENS_FILE"`
	Tokens     string `env:"DOCKET_SAGATRACKER_TOKENS"`
	// TLSCert and TLSKey (PEM files, both or neither) serve the API over TLS.
	TLSCert string `env:"DOCKET_SAGATRACKER_TLS_CERT"`
	TLSKey  string `env:"DOCKET_SAGATRACKER_TLS_KEY"`
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
	if c.StatsRetention < time.Minute {
		errs = append(errs, fmt.Errorf("DOCKET_SAGATRACKER_STATS_RETENTION %s: want at least 1m", c.StatsRetention))
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		errs = append(errs, errors.New("DOCKET_SAGATRACKER_TLS_CERT and DOCKET_SAGATRACKER_TLS_KEY: set both or neither"))
	}
	errs = append(errs, c.Control.validate()...)
	return errors.Join(errs...)
}
