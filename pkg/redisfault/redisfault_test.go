package redisfault_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// reply is a Redis error reply as go-redis returns one.
type reply string

func (r reply) Error() string { return string(r) }
func (reply) RedisError()     {}

func TestOutage(t *testing.T) {
	ctx := context.Background()
	srv := dockettest.Redis(t)
	rdb := dockettest.RedisClient(t, srv)

	if err := rdb.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	wrongType := rdb.LPush(ctx, "k", "x").Err()
	if wrongType == nil || redisfault.Outage(wrongType) {
		t.Errorf("WRONGTYPE reply %v: Outage = true or no error; a failed command is not an outage", wrongType)
	}
	short, cancel := context.WithTimeout(ctx, time.Nanosecond)
	defer cancel()
	<-short.Done()
	if err := rdb.Get(short, "k").Err(); err == nil || redisfault.Outage(err) {
		t.Errorf("caller's deadline %v: Outage = true or no error; the caller's time ran out", err)
	}

	srv.Kill()
	down := rdb.Get(ctx, "k").Err()
	if !redisfault.Outage(down) {
		t.Errorf("server killed: %v: Outage = false", down)
	}
	marked := fault.Wrap(fault.Transient, fmt.Errorf("claim: %w", redisfault.Mark(down)))
	if !fault.IsUnavailable(marked) || !errors.Is(marked, down) {
		t.Errorf("Mark(%v) wrapped: IsUnavailable %v, chain kept %v", down, fault.IsUnavailable(marked), errors.Is(marked, down))
	}

	for _, tt := range []struct {
		err  error
		want bool
	}{
		{reply("LOADING Redis is loading the dataset in memory"), true},
		{fmt.Errorf("eval: %w", reply("READONLY You can't write against a read only replica.")), true},
		{reply("OOM command not allowed when used memory > 'maxmemory'."), true},
		{reply("ERR Error running script (call to f_x): user_script:1: bad argument"), false},
		{errors.New("decode stored decision: unexpected end of JSON input"), false},
		{nil, false},
	} {
		if got := redisfault.Outage(tt.err); got != tt.want {
			t.Errorf("Outage(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
	if redisfault.Mark(nil) != nil {
		t.Error("Mark(nil) must be nil")
	}
}
