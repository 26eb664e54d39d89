// Package config holds the tracker's own settings, DOCKET_SAGATRACKER_*.
package config

import (
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/caarlos0/env/v11"
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
}

// Load reads the settings from the environment and validates them.
func Load() (Config, error) {
	var c Config
	if err := env.Parse(&c); err != nil {
		return c, fmt.Errorf("read DOCKET_SAGATRACKER_* settings: %w", err)
	}
	return c, c.Validate()
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
	return errors.Join(errs...)
}
