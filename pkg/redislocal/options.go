package redislocal

import (
	"log/slog"
	"time"
)

// DefaultBinary is the executable Start looks for on PATH.
const DefaultBinary = "redis-server"

// Option configures Start.
type Option func(*config)

type config struct {
	port           int
	allowMiniredis bool
	logger         *slog.Logger
	binary         string
	startTimeout   time.Duration
	stopTimeout    time.Duration
	restartOnCrash bool
}

// defaults holds every default in one place.
func defaults() config {
	return config{
		allowMiniredis: true,
		logger:         slog.Default(),
		binary:         DefaultBinary,
		startTimeout:   15 * time.Second,
		stopTimeout:    10 * time.Second,
	}
}

// Port fixes the TCP port the server listens on (on 127.0.0.1), so that a
// stack restarted from the same data folder keeps the same address.
// Default: a free port chosen at Start (never 6379) and kept by Restart.
func Port(p int) Option { return func(c *config) { c.port = p } }

// AllowMiniredis says whether Start may fall back to the in-memory miniredis
// stand-in when redis-server is not installed. The stand-in is not durable:
// its data is lost when the process exits. With false, Start fails with
// ErrNotInstalled instead. Default true (what the embedded stack wants; the
// test kit turns it off).
func AllowMiniredis(allow bool) Option { return func(c *config) { c.allowMiniredis = allow } }

// Logger sets the logger for the server's lifecycle events (warnings at
// Warn, redis-server's own output at Debug). Default slog.Default().
func Logger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// Binary names the redis-server executable: a name looked up on PATH or a
// path. Default DefaultBinary ("redis-server").
func Binary(name string) Option { return func(c *config) { c.binary = name } }

// StartTimeout bounds how long Start and Restart wait for the server to
// answer PING (loading a large append-only file takes a while). Default 15s.
func StartTimeout(d time.Duration) Option { return func(c *config) { c.startTimeout = d } }

// StopTimeout bounds how long Stop waits for a graceful SHUTDOWN before it
// kills the server. Default 10s.
func StopTimeout(d time.Duration) Option { return func(c *config) { c.stopTimeout = d } }

// RestartOnCrash restarts redis-server, on the same port and data folder,
// when it exits without Stop, Kill or Restart asking it to (a crash, an OOM
// kill, a stray kill -9), so that clients reconnect to it. Default off:
// the test kit's fault tests keep a crashed server down.
func RestartOnCrash() Option { return func(c *config) { c.restartOnCrash = true } }
