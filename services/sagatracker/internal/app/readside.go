package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/server"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// readSide returns the store option of the read side's settings: the
// change stream's length and idle time and the statistics' retention. A
// zero idle time (a test's Config) writes the stream always.
func readSide(c config.Config) store.Option {
	return func(s *store.Store) {
		store.WithChangesIdle(c.ChangesIdle)(s)
		if c.ChangesMaxLen > 0 {
			store.WithChangesMaxLen(c.ChangesMaxLen)(s)
		}
		if c.StatsRetention > 0 {
			store.WithStatsRetention(c.StatsRetention)(s)
		}
	}
}

// newServer builds the Tracker API on st: stall durations, tokens, TLS.
// Zero settings (a test's Config) leave the server's defaults.
func newServer(p Parts, st *store.Store, clk clock.Clock) (*server.Server, error) {
	c := p.Config
	opts := []server.Option{server.WithClock(clk)}
	if c.StallAfter != "" || c.StallDefault > 0 {
		by, err := c.StallDurations()
		if err != nil {
			return nil, fmt.Errorf("DOCKET_SAGATRACKER_STALL_AFTER: %w", err)
		}
		opts = append(opts, server.WithStall(store.Stall{ByStage: by, Default: max(c.StallDefault, time.Minute)}))
	}
	tokens, err := auth.Load(c.Auth(p.Log))
	if err != nil {
		return nil, fmt.Errorf("tracker principals: %w", err)
	}
	if tokens != nil {
		opts = append(opts, server.WithTokens(tokens))
	}
	tc, err := c.TLS().Config(p.Log)
	if err != nil {
		return nil, fmt.Errorf("tracker TLS: %w", err)
	}
	if tc != nil {
		opts = append(opts, server.WithTLS(tc))
	}
	if err := auth.CheckExposure(p.Log, "the saga tracker's gRPC API", p.Listener.Addr(), tokens != nil, c.Insecure,
		"set DOCKET_SAGATRACKER_TOKENS_FILE (or _TOKENS)"); err != nil {
		return nil, err
	}
	auth.WarnCleartext(p.Log, "the saga tracker's gRPC API", p.Listener.Addr(), tokens != nil, tc != nil, "set DOCKET_SAGATRACKER_TLS_CERT and _TLS_KEY")
	p.Log.Info("tracker API", "auth", tokens != nil, "tls", tc != nil, "mtls", c.TLSClientCA != "")
	return server.New(st, p.Log, opts...), nil
}

// callerOf identifies an Operations caller by the principal the
// interceptors put in ctx (auth.Anonymous when authentication is off).
func callerOf(ctx context.Context) (auth.Principal, error) {
	p, ok := auth.FromContext(ctx)
	if !ok {
		return auth.Principal{}, status.Error(codes.Unauthenticated, "no principal")
	}
	return p, nil
}

// purge deletes, every interval, the finished workflows older than
// retention, until ctx ends; retention 0 keeps them (and only waits for
// ctx). Several replicas may
// purge at once (the purge script is atomic per workflow).
func purge(ctx context.Context, st *store.Store, retention, interval time.Duration, clk clock.Clock, log *slog.Logger) error {
	if retention <= 0 {
		<-ctx.Done()
		return nil
	}
	if interval <= 0 {
		interval = time.Minute
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		n, err := st.Purge(ctx, clk.Now().Add(-retention))
		switch {
		case err != nil && ctx.Err() == nil:
			log.Warn("purge finished workflows", "error", err)
		case n > 0:
			log.Info("purged finished workflows", "workflows", n, "retention", retention)
		}
	}
}
