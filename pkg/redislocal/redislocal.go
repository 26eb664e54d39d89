// Package redislocal starts a Redis server on this machine for Docket's
// embedded stack and for tests.
//
// When redis-server is installed, Start runs it as a child process bound to
// 127.0.0.1 on a free port (or the one given with Port), with the append-only
// file on (appendfsync no: written before every reply, flushed to disk by
// the OS) in the given data folder and RDB snapshots
// off. The child is not daemonized and is put in its own process group; on
// Linux it also gets a parent-death signal, so it goes away with the process
// that started it even when that process is killed with SIGKILL, and a Ctrl-C
// in the terminal reaches only the parent, which then shuts Redis down
// gracefully.
//
// Durability: a write acknowledged by Redis survives a Redis crash or
// SIGKILL (it is in the file, in the OS page cache, before the reply); the
// writes of the last half minute or so can be lost if the machine itself
// loses power. (With appendfsync everysec Redis postpones writing the file
// while a slow background fsync runs but still answers: on a loaded machine
// a SIGKILL lost acknowledged writes.) Production Redis is configured by
// its operator.
//
// When redis-server is missing, Start falls back to the in-memory miniredis
// stand-in (unless AllowMiniredis(false)), logging a loud warning: data kept
// there, idempotency records included, is lost when the process exits.
package redislocal

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/alicebob/miniredis/v2"
)

// ErrNotInstalled is returned by Start when redis-server is not installed and
// the miniredis fallback is not allowed.
var ErrNotInstalled = errors.New("redis-server not found on PATH: apt-get install redis-server")

// errAddrInUse marks a start that failed because the port was taken.
var errAddrInUse = errors.New("address already in use")

// systemRedisPort is never picked automatically: a system Redis may run there.
const systemRedisPort = 6379

// maxStartAttempts bounds the retries when a port is taken between the moment
// it was found free and the moment redis-server binds it.
const maxStartAttempts = 5

// Server is a Redis server started by Start. Its methods are safe for
// concurrent use.
type Server struct {
	cfg config
	dir string
	bin string // resolved redis-server path; empty for the miniredis stand-in

	// pickPort returns a port that was free a moment ago; a field so that
	// tests can provoke a bind race.
	pickPort func() (int, error)

	mu   sync.Mutex
	port int
	proc *process             // the running redis-server; nil when stopped
	mini *miniredis.Miniredis // the stand-in; nil when redis-server runs
	// asked counts Stop, Kill and Restart: a recovery from a crash gives
	// way to any of them (recoverFrom).
	asked int
}

// Start starts a Redis server keeping its data in dir (created if needed) and
// returns once it answers PING. ctx bounds the start only, not the server's
// life: call Stop when done.
func Start(ctx context.Context, dir string, opts ...Option) (*Server, error) {
	cfg := defaults()
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}

	bin, lookErr := exec.LookPath(cfg.binary)
	if lookErr != nil {
		notInstalled := fmt.Errorf("redislocal: %w", ErrNotInstalled)
		if cfg.binary != DefaultBinary {
			notInstalled = fmt.Errorf("redislocal: %s: %w", cfg.binary, ErrNotInstalled)
		}
		if !cfg.allowMiniredis {
			return nil, notInstalled
		}
		return startMiniredis(cfg, dir)
	}

	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("redislocal: data folder %q: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, fmt.Errorf("redislocal: create data folder: %w", err)
	}
	s := newServer(cfg, abs, bin)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.startLocked(ctx, cfg.port == 0); err != nil {
		return nil, err
	}
	return s, nil
}

func newServer(cfg config, dir, bin string) *Server {
	return &Server{cfg: cfg, dir: dir, bin: bin, pickPort: freePort, port: cfg.port}
}

func (c *config) validate() error {
	switch {
	case c.port < 0 || c.port > 65535:
		return fmt.Errorf("redislocal: port %d out of range", c.port)
	case c.logger == nil:
		return errors.New("redislocal: nil logger")
	case c.binary == "":
		return errors.New("redislocal: empty binary name")
	case c.startTimeout <= 0 || c.stopTimeout <= 0:
		return errors.New("redislocal: timeouts must be positive")
	}
	return nil
}

// Addr returns the server's address, host:port on 127.0.0.1. It stays the
// same across Restart.
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
}

// Durable reports whether the server keeps its data across restarts of the
// server and of this process: true for redis-server with its append-only
// file, false for the in-memory miniredis stand-in.
func (s *Server) Durable() bool { return s.mini == nil }

// Dir returns the data folder (the append-only file lives in it).
func (s *Server) Dir() string { return s.dir }

// Stop shuts the server down gracefully (SHUTDOWN, which flushes the
// append-only file) and kills it if it has not exited within the stop
// timeout. Stopping a stopped or killed server does nothing.
func (s *Server) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopLocked()
}

// Restart stops the server and starts it again on the same port with the same
// data folder; the append-only file brings back its data. It also starts a
// server that was stopped or killed.
func (s *Server) Restart(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.stopLocked(); err != nil {
		return fmt.Errorf("redislocal: restart: %w", err)
	}
	if s.mini != nil {
		if err := s.mini.Restart(); err != nil {
			return fmt.Errorf("redislocal: restart miniredis on port %d: %w", s.port, err)
		}
		return nil
	}
	return s.startLocked(ctx, false)
}

// Kill ends the server abruptly (SIGKILL to its process group), as a crash
// would, and waits until it is gone. For fault tests; Restart brings it back.
// Writes acknowledged before Kill are in the append-only file and survive.
// The miniredis stand-in just closes its listener and keeps its data.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mini != nil {
		s.mini.Close()
		return
	}
	s.asked++
	if p := s.proc; p != nil {
		s.proc = nil
		p.expected.Store(true)
		p.kill()
		<-p.done
	}
}

// pid returns the process id of the running redis-server, or 0.
func (s *Server) pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return 0
	}
	return s.proc.cmd.Process.Pid
}

// startLocked starts redis-server on s.port, or on a fresh free port when
// pick is set, retrying when the port turns out to be taken.
func (s *Server) startLocked(ctx context.Context, pick bool) error {
	var lastErr error
	for attempt := 1; attempt <= maxStartAttempts; attempt++ {
		port := s.port
		if pick {
			p, err := s.pickPort()
			if err != nil {
				return fmt.Errorf("redislocal: find a free port: %w", err)
			}
			port = p
		}
		p, err := s.spawn(ctx, port)
		if err == nil {
			s.port, s.proc = port, p
			return nil
		}
		lastErr = err
		if !errors.Is(err, errAddrInUse) || ctx.Err() != nil {
			return err
		}
		s.cfg.logger.Debug("redis-server port taken, retrying", "port", port, "attempt", attempt)
		if !pick {
			// The fixed port may be held for a moment (a probe, a process
			// still exiting); wait a little before trying it again.
			if err := sleepCtx(ctx, retryPause); err != nil {
				return lastErr
			}
		}
	}
	return lastErr
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago,
// never the system Redis port.
func freePort() (int, error) {
	for range 10 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		if err := l.Close(); err != nil {
			return 0, err
		}
		if port != systemRedisPort {
			return port, nil
		}
	}
	return 0, errors.New("no free port other than 6379")
}
