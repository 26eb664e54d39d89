// Package store keeps the exception agent's durable state in Redis: the
// schedule of redeliveries (a sorted set of due times, payloads in a hash),
// the redelivery count of every original record and of every workflow, and
// the parked items (a hash, indexed by time in a sorted set).
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/services/exception/internal/model"
)

const prefix = "docket:exception:"

// Keys of the agent's state.
const (
	KeyDue         = prefix + "due"          // zset: redelivery id -> due unix ms
	KeyRedeliver   = prefix + "redeliveries" // hash: redelivery id -> JSON model.Redelivery
	KeyParked      = prefix + "parked"       // hash: parked id -> JSON model.Parked
	KeyParkedIndex = prefix + "parked:index" // zset: parked id -> parked unix ms
	parkedOf       = prefix + "parked:wf:"   // set per workflow: its parked ids
	attemptsPrefix = prefix + "attempts:"    // string counter per original record
	wfAttempts     = prefix + "wf-attempts:" // string counter per workflow
	outcomePrefix  = prefix + "outcome:"     // redelivery number (or -1, parked) per dead letter
)

// attemptsTTL bounds how long a record's or a workflow's redelivery count
// is kept after its last redelivery.
const attemptsTTL = 30 * 24 * time.Hour

// ErrNotFound is returned for an unknown parked id.
var ErrNotFound = errors.New("no such parked item")

// ParkedOfKey is the set of a workflow's parked ids.
func ParkedOfKey(workflow string) string { return parkedOf + workflow }

// Store is the agent's Redis state.
type Store struct{ rdb redis.UniversalClient }

// New returns the store on rdb.
func New(rdb redis.UniversalClient) *Store { return &Store{rdb: rdb} }

// AttemptsKey is the redelivery counter of an original record.
func AttemptsKey(origin string) string { return attemptsPrefix + origin }

// WorkflowAttemptsKey is the redelivery counter of a workflow.
func WorkflowAttemptsKey(workflow string) string { return wfAttempts + workflow }

// scheduleScript counts one more redelivery of the original record and of
// its workflow and, while both counts are within their bounds, schedules it
// at the due time the caller drew for that count; past a bound it parks the
// item instead. All of it happens atomically, and once per dead letter: the
// outcome is kept under the dead letter's id, and running the script again
// for it (a claimer that crashed after it, taken over) returns that outcome.
//
// KEYS: attempts counter, due zset, redeliveries hash, parked hash, parked
// index, outcome of this dead letter, workflow attempts counter, the
// workflow's parked ids.
// ARGV: id, max, ttl seconds, parked JSON (message bound), parked ms,
// workflow max, parked JSON (workflow bound), then for n = 1..max: due ms
// of redelivery n and its JSON.
// Returns n, or -1 (parked, message bound) or -2 (parked, workflow bound).
var scheduleScript = redis.NewScript(`
local done = redis.call('GET', KEYS[6])
if done then return tonumber(done) end
local max = tonumber(ARGV[2])
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
local parked = nil
if n > max then
  parked = ARGV[4]
  n = -1
else
  local w = redis.call('INCR', KEYS[7])
  redis.call('EXPIRE', KEYS[7], ARGV[3])
  if w > tonumber(ARGV[6]) then
    parked = ARGV[7]
    n = -2
  end
end
if parked then
  redis.call('HSET', KEYS[4], ARGV[1], parked)
  redis.call('ZADD', KEYS[5], ARGV[5], ARGV[1])
  redis.call('SADD', KEYS[8], ARGV[1])
else
  redis.call('ZADD', KEYS[2], ARGV[6 + 2*n], ARGV[1])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[7 + 2*n])
end
redis.call('SET', KEYS[6], n, 'EX', ARGV[3])
return n
`)

// Bounds bound the redeliveries of one original record and of one
// workflow.
type Bounds struct {
	PerMessage  int
	PerWorkflow int
}

// Bound names the bound that parked an item.
type Bound string

// Bounds that park.
const (
	BoundMessage  Bound = "message"
	BoundWorkflow Bound = "workflow"
)

// Schedule counts a redelivery of env's original record and of its
// workflow and schedules it: the redelivery number n (1 for the first) is
// due at due(n). Past a bound it parks the item instead, as byMessage or
// byWorkflow. It returns the scheduled redelivery, or nil and the bound
// that parked the item.
func (s *Store) Schedule(ctx context.Context, env model.Envelope, b Bounds, due func(n int) time.Time, byMessage, byWorkflow model.Parked) (*model.Redelivery, Bound, error) {
	args := []any{env.EventID, b.PerMessage, int(attemptsTTL.Seconds())}
	pm, err := json.Marshal(byMessage)
	if err != nil {
		return nil, "", fmt.Errorf("encode parked item: %w", err)
	}
	pw, err := json.Marshal(byWorkflow)
	if err != nil {
		return nil, "", fmt.Errorf("encode parked item: %w", err)
	}
	args = append(args, pm, byMessage.ParkedAt.UnixMilli(), b.PerWorkflow, pw)
	plans := make([]model.Redelivery, b.PerMessage)
	for n := 1; n <= b.PerMessage; n++ {
		plans[n-1] = model.Redelivery{ID: env.EventID, Attempt: n, DueAt: due(n).UTC().Truncate(time.Millisecond), Envelope: env}
		rj, err := json.Marshal(plans[n-1])
		if err != nil {
			return nil, "", fmt.Errorf("encode redelivery: %w", err)
		}
		args = append(args, plans[n-1].DueAt.UnixMilli(), rj)
	}
	keys := []string{AttemptsKey(env.Origin()), KeyDue, KeyRedeliver, KeyParked, KeyParkedIndex, outcomePrefix + env.EventID, WorkflowAttemptsKey(env.WorkflowID), ParkedOfKey(env.WorkflowID)}
	n, err := scheduleScript.Run(ctx, s.rdb, keys, args...).Int()
	if err != nil {
		return nil, "", fmt.Errorf("schedule redelivery of %s: %w", env.EventID, err)
	}
	switch {
	case n == -1:
		return nil, BoundMessage, nil
	case n == -2:
		return nil, BoundWorkflow, nil
	case n < 1 || n > b.PerMessage:
		return nil, "", fmt.Errorf("schedule redelivery of %s: unexpected outcome %d", env.EventID, n)
	}
	return &plans[n-1], "", nil
}

// Park stores p for an operator.
func (s *Store) Park(ctx context.Context, p model.Parked) error {
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("encode parked item: %w", err)
	}
	_, err = s.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, KeyParked, p.ID, b)
		pipe.ZAdd(ctx, KeyParkedIndex, redis.Z{Score: float64(p.ParkedAt.UnixMilli()), Member: p.ID})
		if p.Workflow != "" {
			pipe.SAdd(ctx, ParkedOfKey(p.Workflow), p.ID)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("park %s: %w", p.ID, err)
	}
	return nil
}

// claimScript takes the redeliveries due by ARGV[1] (at most ARGV[3]) and
// pushes their due time to ARGV[2], the end of the claimer's lease: a
// claimer that dies before producing them leaves them to be taken again
// when the lease ends. It returns id, payload pairs.
var claimScript = redis.NewScript(`
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, id in ipairs(ids) do
  local p = redis.call('HGET', KEYS[2], id)
  if p then
    redis.call('ZADD', KEYS[1], ARGV[2], id)
    table.insert(out, id)
    table.insert(out, p)
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return out
`)

// ClaimDue returns up to limit redeliveries due by now, leased until
// now+lease.
func (s *Store) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]model.Redelivery, error) {
	res, err := claimScript.Run(ctx, s.rdb, []string{KeyDue, KeyRedeliver}, now.UnixMilli(), now.Add(lease).UnixMilli(), limit).StringSlice()
	if err != nil {
		return nil, fmt.Errorf("claim due redeliveries: %w", err)
	}
	out := make([]model.Redelivery, 0, len(res)/2)
	for i := 0; i+1 < len(res); i += 2 {
		var r model.Redelivery
		if err := json.Unmarshal([]byte(res[i+1]), &r); err != nil {
			return nil, fmt.Errorf("decode redelivery %s: %w", res[i], err)
		}
		out = append(out, r)
	}
	return out, nil
}

// Delivered removes produced redeliveries from the schedule.
func (s *Store) Delivered(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	members := make([]any, len(ids))
	for i, id := range ids {
		members[i] = id
	}
	_, err := s.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.ZRem(ctx, KeyDue, members...)
		pipe.HDel(ctx, KeyRedeliver, ids...)
		return nil
	})
	if err != nil {
		return fmt.Errorf("remove delivered redeliveries: %w", err)
	}
	return nil
}

// Defer moves claimed redeliveries to new due times: ones the rate limit or
// the circuit breaker held back. An id no longer scheduled is left alone.
func (s *Store) Defer(ctx context.Context, due map[string]time.Time) error {
	if len(due) == 0 {
		return nil
	}
	zs := make([]redis.Z, 0, len(due))
	for id, at := range due {
		zs = append(zs, redis.Z{Score: float64(at.UnixMilli()), Member: id})
	}
	if err := s.rdb.ZAddXX(ctx, KeyDue, zs...).Err(); err != nil {
		return fmt.Errorf("defer %d redeliveries: %w", len(zs), err)
	}
	return nil
}

// Scheduled returns the due time of a scheduled redelivery, and whether
// one is scheduled.
func (s *Store) Scheduled(ctx context.Context, id string) (time.Time, bool, error) {
	ms, err := s.rdb.ZScore(ctx, KeyDue, id).Result()
	if errors.Is(err, redis.Nil) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("look up redelivery %s: %w", id, err)
	}
	return time.UnixMilli(int64(ms)).UTC(), true, nil
}

// Filter selects parked items.
type Filter struct {
	Service  string
	Workflow string
	Limit    int
}

// scanPage is how many index entries List reads per round trip.
const scanPage = 200

// List returns parked items matching f, newest first. With a workflow it
// reads that workflow's set; otherwise it walks the time index.
func (s *Store) List(ctx context.Context, f Filter) ([]model.Parked, error) {
	if f.Limit <= 0 {
		f.Limit = 100
	}
	keep := func(p model.Parked) bool { return f.Service == "" || p.Service == f.Service }
	if f.Workflow != "" {
		items, err := s.ParkedOf(ctx, f.Workflow)
		if err != nil {
			return nil, err
		}
		items = slices.DeleteFunc(items, func(p model.Parked) bool { return !keep(p) })
		slices.SortFunc(items, func(a, b model.Parked) int { return b.ParkedAt.Compare(a.ParkedAt) })
		return items[:min(len(items), f.Limit)], nil
	}
	out := []model.Parked{}
	for start := int64(0); len(out) < f.Limit; start += scanPage {
		ids, err := s.rdb.ZRevRange(ctx, KeyParkedIndex, start, start+scanPage-1).Result()
		if err != nil {
			return nil, fmt.Errorf("list parked items: %w", err)
		}
		if len(ids) == 0 {
			break
		}
		page, err := s.load(ctx, ids)
		if err != nil {
			return nil, err
		}
		for _, p := range page {
			if keep(p) && len(out) < f.Limit {
				out = append(out, p)
			}
		}
	}
	return out, nil
}

// load reads the parked items ids name, in their order, skipping those
// removed since the ids were read.
func (s *Store) load(ctx context.Context, ids []string) ([]model.Parked, error) {
	out := []model.Parked{}
	if len(ids) == 0 {
		return out, nil
	}
	vals, err := s.rdb.HMGet(ctx, KeyParked, ids...).Result()
	if err != nil {
		return nil, fmt.Errorf("load parked items: %w", err)
	}
	for i, v := range vals {
		str, ok := v.(string)
		if !ok {
			continue // removed between the two reads
		}
		var p model.Parked
		if err := json.Unmarshal([]byte(str), &p); err != nil {
			return nil, fmt.Errorf("decode parked item %s: %w", ids[i], err)
		}
		out = append(out, p)
	}
	return out, nil
}

// Get returns one parked item.
func (s *Store) Get(ctx context.Context, id string) (model.Parked, error) {
	var p model.Parked
	b, err := s.rdb.HGet(ctx, KeyParked, id).Bytes()
	if errors.Is(err, redis.Nil) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, fmt.Errorf("load parked item %s: %w", id, err)
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("decode parked item %s: %w", id, err)
	}
	return p, nil
}

// ParkedOf returns the items parked for workflow.
func (s *Store) ParkedOf(ctx context.Context, workflow string) ([]model.Parked, error) {
	ids, err := s.rdb.SMembers(ctx, ParkedOfKey(workflow)).Result()
	if err != nil {
		return nil, fmt.Errorf("list parked items of workflow %s: %w", workflow, err)
	}
	return s.load(ctx, ids)
}

// Unpark removes a parked item; with resetAttempts it also forgets how
// often its original record and its workflow were redelivered, so a replay
// after a fix gets the full bounds again. It reports whether the item was still parked.
func (s *Store) Unpark(ctx context.Context, p model.Parked, resetAttempts bool) (bool, error) {
	var del *redis.IntCmd
	_, err := s.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		del = pipe.HDel(ctx, KeyParked, p.ID)
		pipe.ZRem(ctx, KeyParkedIndex, p.ID)
		if p.Workflow != "" {
			pipe.SRem(ctx, ParkedOfKey(p.Workflow), p.ID)
		}
		if resetAttempts {
			pipe.Del(ctx, AttemptsKey(p.Envelope.Origin()))
			if p.Workflow != "" {
				pipe.Del(ctx, WorkflowAttemptsKey(p.Workflow))
			}
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("unpark %s: %w", p.ID, err)
	}
	return del.Val() == 1, nil
}

// Attempts returns how often the original record was redelivered.
func (s *Store) Attempts(ctx context.Context, origin string) (int, error) {
	v, err := s.rdb.Get(ctx, AttemptsKey(origin)).Result()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read attempts of %s: %w", origin, err)
	}
	return strconv.Atoi(v)
}
