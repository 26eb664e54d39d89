package dockettest

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/redis/go-redis/v9"
)

func TestRedis(t *testing.T) {
	var addr string
	t.Run("running", func(t *testing.T) {
		srv := Redis(t)
		addr = srv.Addr()
		if !srv.Durable() {
			t.Errorf("Durable() = false: the test kit must run a real redis-server")
		}
		c := RedisClient(t, srv)
		if err := c.Set(t.Context(), "k", "v", 0).Err(); err != nil {
			t.Fatalf("SET: %v", err)
		}
		if err := srv.Restart(t.Context()); err != nil {
			t.Fatalf("Restart: %v", err)
		}
		if got, err := c.Get(t.Context(), "k").Result(); err != nil || got != "v" {
			t.Errorf("GET after Restart = %q, %v; want \"v\"", got, err)
		}
	})
	t.Run("stopped after the test", func(t *testing.T) {
		if addr == "" {
			t.Skip("no server was started")
		}
		c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DisableIdentity: true})
		defer c.Close()
		if err := c.Ping(t.Context()).Err(); err == nil {
			t.Errorf("redis-server on %s still answers after its test ended", addr)
		}
	})
}

func TestCommandCalls(t *testing.T) {
	c := RedisClient(t, Redis(t))
	if err := c.ConfigResetStat(t.Context()).Err(); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		c.Set(t.Context(), "k", "v", 0)
	}
	c.Eval(t.Context(), "redis.call('HSET', KEYS[1], 'f', 1) return redis.call('HGET', KEYS[1], 'f')", []string{"h"})
	calls := CommandCalls(t, c)
	for cmd, want := range map[string]int64{"set": 3, "eval": 1, "hset": 1, "hget": 1, "config|resetstat": 1} {
		if calls[cmd] != want {
			t.Errorf("%s: %d calls, want %d (all: %v)", cmd, calls[cmd], want, calls)
		}
	}
}

// A missing redis-server fails the test with a message saying what to
// install: no skip, no fallback.
func TestRedisMissingBinaryFails(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	rec := &recordingTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv := Redis(rec)
		_ = srv.Stop()
		rec.returned = true
	}()
	<-done
	switch {
	case rec.skipped:
		t.Errorf("Redis skipped the test, want it to fail")
	case rec.returned:
		t.Errorf("Redis returned a server, want the test to fail")
	case rec.fatal != "redis-server not found on PATH: apt-get install redis-server":
		t.Errorf("Redis failed with %q, want %q", rec.fatal, "redis-server not found on PATH: apt-get install redis-server")
	}
}

// recordingTB records how a helper ends the test instead of ending it.
type recordingTB struct {
	testing.TB
	fatal    string
	skipped  bool
	returned bool
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Fatal(args ...any) { r.fatal = fmt.Sprint(args...); runtime.Goexit() }

func (r *recordingTB) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recordingTB) FailNow() { r.fatal = "FailNow"; runtime.Goexit() }

func (r *recordingTB) Skip(...any) { r.skipped = true; runtime.Goexit() }

func (r *recordingTB) Skipf(string, ...any) { r.skipped = true; runtime.Goexit() }

func (r *recordingTB) SkipNow() { r.skipped = true; runtime.Goexit() }
