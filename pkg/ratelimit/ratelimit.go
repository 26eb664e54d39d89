// Package ratelimit is a rate limiter whose budget lives in Redis, so every
// replica that shares the Redis shares one budget per key. It implements the
// generic cell rate algorithm (GCRA) in one Lua script: a key stores its
// theoretical arrival time (TAT); a request for n admissions takes as many
// as fit under the burst at once, in one round trip, and learns when the
// next one will fit.
//
// The caller's clock is used (Limiter.Now), not the Redis server's, so a
// test can drive it; replicas on NTP-synchronised hosts differ by
// milliseconds, which shifts the budget by as little.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Rate is a sustained rate with a burst.
type Rate struct {
	// PerSecond is the sustained rate of admissions.
	PerSecond float64
	// Burst is how many admissions may happen at once after a quiet
	// period; at least 1.
	Burst int
}

// Validate reports a rate the limiter cannot enforce.
func (r Rate) Validate() error {
	if !(r.PerSecond > 0) || r.PerSecond > 1e6 || math.IsInf(r.PerSecond, 0) {
		return fmt.Errorf("rate %v/s: want more than 0 and at most 1000000", r.PerSecond)
	}
	if r.Burst < 1 {
		return fmt.Errorf("burst %d: want at least 1", r.Burst)
	}
	return nil
}

// interval is the emission interval in microseconds, an integer so that
// the script's arithmetic on it is exact.
func (r Rate) interval() int64 { return max(1, int64(math.Round(1e6/r.PerSecond))) }

// Result is the outcome of Take.
type Result struct {
	// Admitted is how many of the requested admissions were granted.
	Admitted int
	// RetryAfter is how long until one more admission fits.
	RetryAfter time.Duration
}

// Limiter takes admissions from budgets in Redis.
type Limiter struct {
	rdb    redis.Scripter
	prefix string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// New returns a limiter on rdb whose keys start with prefix.
func New(rdb redis.Scripter, prefix string) *Limiter {
	return &Limiter{rdb: rdb, prefix: prefix}
}

// Key returns the Redis key of a budget.
func (l *Limiter) Key(key string) string { return l.prefix + key }

// takeScript takes up to ARGV[4] admissions at time ARGV[1] (µs) for an
// emission interval ARGV[2] (µs) and a burst ARGV[3]. It returns the number
// admitted and the µs until one more fits.
var takeScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local t = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local want = tonumber(ARGV[4])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local room = math.floor((now + burst * t - tat) / t)
local n = math.min(want, math.max(room, 0))
if n > 0 then
  tat = tat + n * t
  redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.floor((tat - now) / 1000) + 1)
end
local wait = tat + t - burst * t - now
if wait < 0 then wait = 0 end
return {n, string.format('%.0f', wait)}
`)

// Take asks for want admissions from the budget of key at rate r and
// returns how many were granted. Granted admissions are spent whether or
// not the caller uses them.
func (l *Limiter) Take(ctx context.Context, key string, r Rate, want int) (Result, error) {
	if err := r.Validate(); err != nil {
		return Result{}, err
	}
	if want < 1 {
		return Result{}, errors.New("ratelimit: want at least 1 admission")
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	res, err := takeScript.Run(ctx, l.rdb, []string{l.Key(key)}, now().UnixMicro(), r.interval(), r.Burst, want).Slice()
	if err != nil {
		return Result{}, fmt.Errorf("take %d from rate budget %s: %w", want, key, err)
	}
	if len(res) != 2 {
		return Result{}, fmt.Errorf("take from rate budget %s: unexpected reply %v", key, res)
	}
	n, ok := res[0].(int64)
	ws, ok2 := res[1].(string)
	if !ok || !ok2 {
		return Result{}, fmt.Errorf("take from rate budget %s: unexpected reply %v", key, res)
	}
	wait, err := strconv.ParseInt(ws, 10, 64)
	if err != nil {
		return Result{}, fmt.Errorf("take from rate budget %s: wait %q: %w", key, ws, err)
	}
	return Result{Admitted: int(n), RetryAfter: time.Duration(wait) * time.Microsecond}, nil
}
