// Package breaker is a circuit breaker per target service whose state lives
// in Redis, so every replica of the exception agent sees one breaker per
// service.
//
// The agent learns that a redelivery failed only when the service
// dead-letters it again, asynchronously and maybe in another replica; it
// never learns of a success. So the breaker counts failures in a window
// rather than consecutive failures between successes:
//
//   - closed: redeliveries flow. Threshold failures within Window open it.
//   - open: no redelivery until Cooldown has passed since it opened.
//   - half-open: the first Allow after the cool-down admits one probe
//     redelivery and nothing else. A failure while half-open (the probe, or
//     a redelivery still in flight from before) opens it again for another
//     cool-down; no failure for a Cooldown after the probe closes it.
package breaker

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// States of a breaker.
const (
	Closed   = "closed"
	Open     = "open"
	HalfOpen = "half_open"
)

// Verdict is what Allow decided.
type Verdict int

// Verdicts.
const (
	// Deny: no redelivery to the service now; wait Decision.Wait.
	Deny Verdict = iota
	// Pass: redeliveries flow.
	Pass
	// Probe: exactly one redelivery, the half-open probe.
	Probe
)

// Settings of every breaker.
type Settings struct {
	// Threshold failures within Window open the breaker.
	Threshold int
	Window    time.Duration
	// Cooldown is how long it stays open, and how long a probe must go
	// without a failure to close it.
	Cooldown time.Duration
}

// Validate reports settings the breaker cannot work with.
func (s Settings) Validate() error {
	if s.Threshold < 1 {
		return fmt.Errorf("breaker threshold %d: want at least 1", s.Threshold)
	}
	if s.Window < time.Millisecond || s.Cooldown < time.Millisecond {
		return fmt.Errorf("breaker window %s and cool-down %s: want at least 1ms each", s.Window, s.Cooldown)
	}
	return nil
}

// Decision is the outcome of Allow.
type Decision struct {
	Verdict Verdict
	// State is the breaker's state after the call.
	State string
	// Wait is, on Deny, how long until the breaker may let a redelivery
	// through (the end of the cool-down or of the probe's window).
	Wait time.Duration
}

// Breakers are the breakers of every service, in Redis.
type Breakers struct {
	rdb      redis.Scripter
	prefix   string
	settings Settings
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// New returns the breakers under prefix on rdb.
func New(rdb redis.Scripter, prefix string, s Settings) *Breakers {
	return &Breakers{rdb: rdb, prefix: prefix, settings: s}
}

// Key returns the Redis key (a hash) of the breaker of service.
func (b *Breakers) Key(service string) string { return b.prefix + service }

func (b *Breakers) now() int64 {
	if b.Now != nil {
		return b.Now().UnixMilli()
	}
	return time.Now().UnixMilli()
}

// allowScript: ARGV now ms, cool-down ms. Returns {verdict, state, wait ms}.
// An open or half-open breaker expires two cool-downs after it was last
// touched: nobody asked to redeliver to the service meanwhile, and the next
// redelivery finds it closed.
var allowScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local cooldown = tonumber(ARGV[2])
local state = redis.call('HGET', KEYS[1], 'state') or 'closed'
if state == 'open' then
  local untl = tonumber(redis.call('HGET', KEYS[1], 'open_until') or '0')
  if now < untl then return {0, state, untl - now} end
  redis.call('HSET', KEYS[1], 'state', 'half_open', 'probe_at', now)
  redis.call('PEXPIRE', KEYS[1], 2 * cooldown)
  return {2, 'half_open', 0}
end
if state == 'half_open' then
  local probe = tonumber(redis.call('HGET', KEYS[1], 'probe_at') or '0')
  if now - probe < cooldown then return {0, state, probe + cooldown - now} end
  redis.call('DEL', KEYS[1])
  return {1, 'closed', 0}
end
return {1, 'closed', 0}
`)

// Allow reports whether redeliveries to service may go now.
func (b *Breakers) Allow(ctx context.Context, service string) (Decision, error) {
	res, err := allowScript.Run(ctx, b.rdb, []string{b.Key(service)}, b.now(), b.settings.Cooldown.Milliseconds()).Slice()
	if err != nil {
		return Decision{}, fmt.Errorf("breaker of %s: %w", service, err)
	}
	return decision(service, res)
}

// failureScript: ARGV now ms, threshold, window ms, cool-down ms. Returns
// {opened (0/1), state, failures in the window}.
var failureScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local threshold = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local cooldown = tonumber(ARGV[4])
local state = redis.call('HGET', KEYS[1], 'state') or 'closed'
if state == 'open' then
  return {0, state, tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')}
end
if state == 'half_open' then
  redis.call('HSET', KEYS[1], 'state', 'open', 'open_until', now + cooldown, 'failures', 1)
  redis.call('HDEL', KEYS[1], 'probe_at')
  redis.call('PEXPIRE', KEYS[1], 2 * cooldown)
  return {1, 'open', 1}
end
local since = tonumber(redis.call('HGET', KEYS[1], 'window_start') or '0')
local f = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
if now - since >= window then since = now; f = 0 end
f = f + 1
if f >= threshold then
  redis.call('HSET', KEYS[1], 'state', 'open', 'open_until', now + cooldown, 'failures', f)
  redis.call('HDEL', KEYS[1], 'window_start')
  redis.call('PEXPIRE', KEYS[1], 2 * cooldown)
  return {1, 'open', f}
end
redis.call('HSET', KEYS[1], 'state', 'closed', 'failures', f, 'window_start', since)
redis.call('PEXPIRE', KEYS[1], window)
return {0, 'closed', f}
`)

// Failure counts one failed redelivery to service and reports whether it
// opened the breaker, and the breaker's state after it.
func (b *Breakers) Failure(ctx context.Context, service string) (opened bool, state string, err error) {
	s := b.settings
	res, err := failureScript.Run(ctx, b.rdb, []string{b.Key(service)}, b.now(), s.Threshold, s.Window.Milliseconds(), s.Cooldown.Milliseconds()).Slice()
	if err != nil {
		return false, "", fmt.Errorf("count failure in breaker of %s: %w", service, err)
	}
	if len(res) != 3 {
		return false, "", fmt.Errorf("breaker of %s: unexpected reply %v", service, res)
	}
	o, ok1 := res[0].(int64)
	st, ok2 := res[1].(string)
	if !ok1 || !ok2 {
		return false, "", fmt.Errorf("breaker of %s: unexpected reply %v", service, res)
	}
	return o == 1, st, nil
}

func decision(service string, res []any) (Decision, error) {
	if len(res) != 3 {
		return Decision{}, fmt.Errorf("breaker of %s: unexpected reply %v", service, res)
	}
	v, ok1 := res[0].(int64)
	st, ok2 := res[1].(string)
	w, ok3 := res[2].(int64)
	if !ok1 || !ok2 || !ok3 {
		return Decision{}, fmt.Errorf("breaker of %s: unexpected reply %v", service, res)
	}
	return Decision{Verdict: Verdict(v), State: st, Wait: time.Duration(w) * time.Millisecond}, nil
}

// Status is a breaker's state as operators read it.
type Status struct {
	Service string `json:"service"`
	// State is closed, open or half_open.
	State string `json:"state"`
	// OpenUntil is when an open breaker lets a probe through; zero otherwise.
	OpenUntil time.Time `json:"open_until,omitzero"`
}

// Read returns the breaker of service as it stands, changing nothing (no
// Redis key: closed).
func (b *Breakers) Read(ctx context.Context, rdb redis.Cmdable, service string) (Status, error) {
	v, err := rdb.HMGet(ctx, b.Key(service), "state", "open_until").Result()
	if err != nil {
		return Status{}, fmt.Errorf("breaker of %s: %w", service, err)
	}
	st := Status{Service: service, State: Closed}
	if s, ok := v[0].(string); ok && s != "" {
		st.State = s
	}
	if s, ok := v[1].(string); ok && st.State == Open {
		var ms int64
		if _, err := fmt.Sscan(s, &ms); err == nil {
			st.OpenUntil = time.UnixMilli(ms).UTC()
		}
	}
	return st, nil
}
