package serde

import (
	"context"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/config"
)

// startTimeout bounds the registry round trips of Connect.
const startTimeout = 30 * time.Second

// Connect builds the registry client of the platform settings p and a
// Serde for topics in mode, with the registry calls bounded by 30 seconds.
// It is what every process does at start-up before it reads or writes an
// event.
func Connect(ctx context.Context, p config.Platform, mode Mode, topics []string) (*Serde, *sr.Client, error) {
	rc, err := p.RegistryClient()
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	s, err := New(ctx, rc, mode, topics)
	if err != nil {
		return nil, nil, fmt.Errorf("schemas: %w", err)
	}
	return s, rc, nil
}

// ModeOf returns the mode the platform settings ask for: Register for
// DOCKET_SCHEMA_MODE=register (embedded mode), Verify otherwise.
func ModeOf(p config.Platform) Mode {
	if p.SchemaMode == config.SchemaRegister {
		return Register
	}
	return Verify
}
