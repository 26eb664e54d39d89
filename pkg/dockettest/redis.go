package dockettest

import (
	"context"
	"errors"
	"log/slog"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/redislocal"
)

// redisMissing is the message a test fails with when redis-server is missing.
const redisMissing = "redis-server not found on PATH: apt-get install redis-server"

// redisStartTimeout bounds the start of a test's redis-server.
const redisStartTimeout = 30 * time.Second

// Redis starts a real redis-server for the test in a temporary folder, on a
// free 127.0.0.1 port, with its append-only file on, and stops it when the
// test ends. The server can be restarted (data kept) or killed for fault
// tests. A missing redis-server fails the test.
func Redis(t testing.TB) *redislocal.Server {
	t.Helper()
	if _, err := exec.LookPath(redislocal.DefaultBinary); err != nil {
		t.Fatal(redisMissing)
	}
	dir := t.TempDir() // removed after the server is stopped (cleanups run last-in first-out)
	ctx, cancel := context.WithTimeout(context.Background(), redisStartTimeout)
	defer cancel()
	srv, err := redislocal.Start(ctx, dir,
		redislocal.AllowMiniredis(false),
		redislocal.Logger(slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))),
	)
	if errors.Is(err, redislocal.ErrNotInstalled) {
		t.Fatal(redisMissing)
	}
	if err != nil {
		t.Fatalf("dockettest: start redis-server: %v", err)
	}
	t.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			t.Errorf("dockettest: stop redis-server: %v", err)
		}
	})
	return srv
}

// RedisClient returns a client for srv, closed when the test ends. It sends
// no CLIENT SETINFO on connect (older servers reject it).
func RedisClient(t testing.TB, srv *redislocal.Server) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: srv.Addr(), DisableIdentity: true})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// CommandCalls returns how many times redis-server ran each command (the
// commands scripts ran included) since it started or since CONFIG
// RESETSTAT, from INFO commandstats: "hset", "evalsha", "config|resetstat".
func CommandCalls(t testing.TB, rdb redis.UniversalClient) map[string]int64 {
	t.Helper()
	info, err := rdb.Info(context.Background(), "commandstats").Result()
	if err != nil {
		t.Fatalf("dockettest: INFO commandstats: %v", err)
	}
	calls := map[string]int64{}
	for line := range strings.SplitSeq(info, "\n") {
		name, rest, ok := strings.Cut(strings.TrimSpace(line), ":calls=")
		if !ok || !strings.HasPrefix(name, "cmdstat_") {
			continue
		}
		n, err := strconv.ParseInt(rest[:strings.IndexByte(rest+",", ',')], 10, 64)
		if err != nil {
			t.Fatalf("dockettest: INFO commandstats line %q: %v", line, err)
		}
		calls[strings.TrimPrefix(name, "cmdstat_")] = n
	}
	return calls
}
