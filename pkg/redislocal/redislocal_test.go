package redislocal

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		runChild(dir) // never returns
	}
	goleak.VerifyTestMain(m)
}

// requireRedisServer fails (never skips) when redis-server is missing.
func requireRedisServer(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath(DefaultBinary)
	if err != nil {
		t.Fatalf("redis-server not found on PATH: apt-get install redis-server")
	}
	return bin
}

func startReal(t *testing.T, opts ...Option) *Server {
	t.Helper()
	requireRedisServer(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	opts = append([]Option{AllowMiniredis(false), Logger(discardLogger())}, opts...)
	s, err := Start(ctx, t.TempDir(), opts...)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Stop(); err != nil {
			t.Errorf("Stop: %v", err)
		}
	})
	return s
}

func client(t *testing.T, s *Server) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: s.Addr(), DisableIdentity: true, MaxRetries: -1})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// syncBuffer is a bytes.Buffer safe for the logger and the test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func TestStartRedisServer(t *testing.T) {
	s := startReal(t)
	if !s.Durable() {
		t.Errorf("Durable() = false, want true for redis-server")
	}
	host, port, err := net.SplitHostPort(s.Addr())
	if err != nil {
		t.Fatalf("Addr() = %q: %v", s.Addr(), err)
	}
	if host != "127.0.0.1" || port == "6379" || port == "0" {
		t.Errorf("Addr() = %q, want 127.0.0.1 on a free port other than 6379", s.Addr())
	}
	c := client(t, s)
	ctx := t.Context()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("PING: %v", err)
	}
	for param, want := range map[string]string{
		"appendonly":     "yes",
		"appendfsync":    "no",
		"save":           "",
		"bind":           "127.0.0.1",
		"protected-mode": "no",
		"dir":            s.Dir(),
		"daemonize":      "no",
	} {
		got, err := c.ConfigGet(ctx, param).Result()
		if err != nil {
			t.Fatalf("CONFIG GET %s: %v", param, err)
		}
		if got[param] != want {
			t.Errorf("CONFIG GET %s = %q, want %q", param, got[param], want)
		}
	}
}

func TestRestartKeepsAddressAndData(t *testing.T) {
	s := startReal(t)
	c := client(t, s)
	ctx := t.Context()
	addr := s.Addr()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}
	if err := s.Restart(ctx); err != nil {
		t.Fatalf("Restart: %v", err)
	}
	if s.Addr() != addr {
		t.Errorf("Addr() after Restart = %q, want %q", s.Addr(), addr)
	}
	if got, err := c.Get(ctx, "k").Result(); err != nil || got != "v" {
		t.Errorf("GET k after Restart = %q, %v; want \"v\"", got, err)
	}
}

func TestKillThenRestartKeepsAcknowledgedWrites(t *testing.T) {
	s := startReal(t)
	c := client(t, s)
	ctx := t.Context()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}
	pid := s.pid()
	s.Kill()
	if processAlive(pid) {
		t.Fatalf("redis-server pid %d still alive after Kill", pid)
	}
	if err := c.Ping(ctx).Err(); err == nil {
		t.Fatalf("PING after Kill succeeded, want an error")
	}
	if err := s.Stop(); err != nil {
		t.Errorf("Stop after Kill: %v", err)
	}
	if err := s.Restart(ctx); err != nil {
		t.Fatalf("Restart after Kill: %v", err)
	}
	if got, err := c.Get(ctx, "k").Result(); err != nil || got != "v" {
		t.Errorf("GET k after Kill+Restart = %q, %v; want \"v\"", got, err)
	}
}

func TestStopTwice(t *testing.T) {
	s := startReal(t)
	pid := s.pid()
	if err := s.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if processAlive(pid) {
		t.Errorf("redis-server pid %d alive after Stop", pid)
	}
	if err := s.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
}

func TestFixedPort(t *testing.T) {
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	s := startReal(t, Port(port))
	if want := "127.0.0.1:" + strconv.Itoa(port); s.Addr() != want {
		t.Errorf("Addr() = %q, want %q", s.Addr(), want)
	}
}

func TestFixedPortTaken(t *testing.T) {
	requireRedisServer(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	_, err = Start(t.Context(), t.TempDir(), Port(port), AllowMiniredis(false), Logger(discardLogger()))
	if !errors.Is(err, errAddrInUse) {
		t.Fatalf("Start on a taken port: err = %v, want errAddrInUse", err)
	}
	if !strings.Contains(err.Error(), strconv.Itoa(port)) {
		t.Errorf("error %q does not name port %d", err, port)
	}
}

// A port that is taken between the moment it was found free and the moment
// redis-server binds it is replaced by another.
func TestBindRaceRetriesOnAnotherPort(t *testing.T) {
	bin := requireRedisServer(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	taken := l.Addr().(*net.TCPAddr).Port

	cfg := defaults()
	cfg.logger = discardLogger()
	s := newServer(cfg, t.TempDir(), bin)
	var picks []int
	s.pickPort = func() (int, error) {
		if len(picks) == 0 {
			picks = append(picks, taken)
			return taken, nil
		}
		p, err := freePort()
		picks = append(picks, p)
		return p, err
	}
	s.mu.Lock()
	err = s.startLocked(t.Context(), true)
	s.mu.Unlock()
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	defer func() {
		if err := s.Stop(); err != nil {
			t.Errorf("Stop: %v", err)
		}
	}()
	if len(picks) != 2 {
		t.Fatalf("ports picked = %v, want the taken one then one more", picks)
	}
	if want := "127.0.0.1:" + strconv.Itoa(picks[1]); s.Addr() != want {
		t.Errorf("Addr() = %q, want %q", s.Addr(), want)
	}
}

func TestMissingBinary(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-redis-server")
	tests := []struct {
		name    string
		opts    []Option
		path    string // PATH to set, if any
		wantErr string
	}{
		{
			name:    "default binary on an empty PATH",
			path:    t.TempDir(),
			wantErr: "redislocal: redis-server not found on PATH: apt-get install redis-server",
		},
		{
			name:    "explicit binary",
			opts:    []Option{Binary(missing)},
			wantErr: "redislocal: " + missing + ": redis-server not found on PATH: apt-get install redis-server",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.path != "" {
				t.Setenv("PATH", tt.path)
			}
			opts := append([]Option{AllowMiniredis(false), Logger(discardLogger())}, tt.opts...)
			s, err := Start(t.Context(), t.TempDir(), opts...)
			if err == nil {
				_ = s.Stop()
				t.Fatalf("Start succeeded, want ErrNotInstalled")
			}
			if !errors.Is(err, ErrNotInstalled) {
				t.Errorf("err = %v, want ErrNotInstalled", err)
			}
			if err.Error() != tt.wantErr {
				t.Errorf("err = %q, want %q", err, tt.wantErr)
			}
		})
	}
}

func TestMiniredisFallback(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	s, err := Start(t.Context(), t.TempDir(), Binary(filepath.Join(t.TempDir(), "redis-server")), Logger(logger))
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = s.Stop() })
	if s.Durable() {
		t.Errorf("Durable() = true, want false for miniredis")
	}
	for _, want := range []string{"level=WARN", "NOT durable", "apt-get install redis-server"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log %q lacks %q", logs.String(), want)
		}
	}
	c := client(t, s)
	ctx := t.Context()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}
	addr := s.Addr()
	if err := s.Restart(ctx); err != nil {
		t.Fatalf("Restart: %v", err)
	}
	if s.Addr() != addr {
		t.Errorf("Addr() after Restart = %q, want %q", s.Addr(), addr)
	}
	if got, err := c.Get(ctx, "k").Result(); err != nil || got != "v" {
		t.Errorf("GET after Restart = %q, %v; want \"v\"", got, err)
	}
	// TTLs run on the wall clock, as on a real server.
	if err := c.Set(ctx, "short", "v", 50*time.Millisecond).Err(); err != nil {
		t.Fatalf("SET PX: %v", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for c.Exists(ctx, "short").Val() == 1 {
		if time.Now().After(deadline) {
			t.Fatalf("a key with a 50ms TTL still exists after 5s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.Kill()
	if err := c.Ping(ctx).Err(); err == nil {
		t.Errorf("PING after Kill succeeded, want an error")
	}
	if err := s.Restart(ctx); err != nil {
		t.Fatalf("Restart after Kill: %v", err)
	}
	if err := c.Ping(ctx).Err(); err != nil {
		t.Errorf("PING after Restart: %v", err)
	}
}

func TestMiniredisFallbackFixedPort(t *testing.T) {
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(t.Context(), t.TempDir(), Port(port), Binary(filepath.Join(t.TempDir(), "x")), Logger(discardLogger()))
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer s.Stop()
	if want := "127.0.0.1:" + strconv.Itoa(port); s.Addr() != want {
		t.Errorf("Addr() = %q, want %q", s.Addr(), want)
	}
}

func TestUnexpectedExitIsLogged(t *testing.T) {
	var logs syncBuffer
	s := startReal(t, Logger(slog.New(slog.NewTextHandler(&logs, nil))))
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.done
	if !strings.Contains(logs.String(), "redis-server exited unexpectedly") {
		t.Errorf("log %q lacks the unexpected-exit warning", logs.String())
	}
	if err := s.Restart(t.Context()); err != nil {
		t.Fatalf("Restart after crash: %v", err)
	}
}

func TestInvalidOptions(t *testing.T) {
	for name, opt := range map[string]Option{
		"negative port": Port(-1),
		"huge port":     Port(70000),
		"nil logger":    Logger(nil),
		"empty binary":  Binary(""),
		"zero start":    StartTimeout(0),
		"negative stop": StopTimeout(-time.Second),
	} {
		t.Run(name, func(t *testing.T) {
			if s, err := Start(t.Context(), t.TempDir(), opt); err == nil {
				_ = s.Stop()
				t.Errorf("Start succeeded, want an error")
			}
		})
	}
}

func TestTailWriterKeepsLastLines(t *testing.T) {
	w := newTailWriter(discardLogger())
	for i := range tailLines + 5 {
		_, _ = w.Write([]byte("line " + strconv.Itoa(i) + "\r\n"))
	}
	_, _ = w.Write([]byte("partial"))
	lines := strings.Split(w.tail(), "\n")
	if len(lines) != tailLines+1 {
		t.Fatalf("tail has %d lines, want %d", len(lines), tailLines+1)
	}
	if lines[0] != "line 5" || lines[len(lines)-1] != "partial" {
		t.Errorf("tail = %q ... %q, want \"line 5\" ... \"partial\"", lines[0], lines[len(lines)-1])
	}
}

// When another Redis answers on the fixed port, Start must not mistake it
// for its own server.
func TestFixedPortHeldByAnotherRedis(t *testing.T) {
	other := startReal(t)
	_, port, _ := net.SplitHostPort(other.Addr())
	p, _ := strconv.Atoi(port)
	_, err := Start(t.Context(), t.TempDir(), Port(p), AllowMiniredis(false), Logger(discardLogger()))
	if !errors.Is(err, errAddrInUse) {
		t.Fatalf("Start on a port held by another redis-server: err = %v, want errAddrInUse", err)
	}
}
