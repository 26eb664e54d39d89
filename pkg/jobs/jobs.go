// Package jobs is the durable record of long steps: work a service accepted
// in one short Kafka transaction and finishes outside any transaction.
//
// A job is accepted once per (service, event id), owned by one replica
// incarnation at a time, and carries a fencing token that grows with every
// change of owner. Ownership is a lease held per owner, not per job: an
// owner renews one liveness key every heartbeat, and every job it owns
// lives as long as that key does. When an owner's key runs out (the process
// died, or lost Redis for longer than its lease), any replica of the
// service takes its jobs over with new tokens and resumes them; the old
// owner can then no longer move them to `completing` or `done`, so it can
// never emit their outputs.
//
// # Redis layout
//
// Every key of a service shares the hash tag {docket:jobs:<service>}, so the
// scripts, which touch several keys, run on Redis Cluster too.
//
//	<p>:job:<id>       hash: state (queued | completing | done), owner,
//	                   token, tenant, prio, key, rec (the input record),
//	                   accepted (Unix ms), hold (completing: Unix ms until
//	                   which its owner may still commit), emitted (the
//	                   Kafka position, topic/partition/offset, of the
//	                   first output of the last transaction that was
//	                   completing it; kept across takeovers until the job
//	                   is done or completed again, so an owner that dies
//	                   before settling it leaves it to the next)
//	<p>:open           zset of open job ids, scored by acceptance time
//	<p>:owner:<owner>  set of the job ids an owner holds
//	<p>:owners         set of owners holding jobs
//	<p>:alive:<owner>  the owner's liveness lease (PX)
//
// A done job keeps its hash, without the record, for DoneTTL, so a record
// consumed again after its job finished is not accepted a second time.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// States of a job.
const (
	StateQueued     = "queued"
	StateCompleting = "completing"
	StateDone       = "done"
)

// DoneTTL is how long a finished job is remembered.
const DoneTTL = 7 * 24 * time.Hour

// Job is one accepted long step.
type Job struct {
	ID       string // the input event id, unique within the service
	Tenant   string
	Priority string
	Key      string // the record key: the workflow
	Record   []byte // the input record, encoded by the caller
	Accepted time.Time
	Owner    string
	Token    int64
	State    string
	// Emitted is the position (topic/partition/offset) of the first output
	// of a transaction that was completing the job; on a takeover, whether
	// that record is committed tells whether the job is done.
	Emitted string
}

// Ref names one job as held by its owner.
type Ref struct {
	ID    string
	Token int64
}

// Store keeps the jobs of one service in Redis.
type Store struct {
	rdb    redis.UniversalClient
	prefix string
}

// New returns the job store of service.
func New(rdb redis.UniversalClient, service string) (*Store, error) {
	if service == "" || strings.ContainsAny(service, "{}:") {
		return nil, fmt.Errorf("jobs: invalid service name %q", service)
	}
	return &Store{rdb: rdb, prefix: "{docket:jobs:" + service + "}"}, nil
}

var acceptScript = redis.NewScript(`
local p, owner, now, n = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local out, open, owned = {}, {}, {}
local i = 5
for j = 1, n do
  local id, tenant, prio, key, rec = ARGV[i], ARGV[i+1], ARGV[i+2], ARGV[i+3], ARGV[i+4]
  i = i + 5
  local k = p .. ':job:' .. id
  local st = redis.call('HMGET', k, 'state', 'owner', 'token')
  if st[1] then
    out[j] = {st[1], st[2], tonumber(st[3])}
  else
    redis.call('HSET', k, 'state', 'queued', 'owner', owner, 'token', 1, 'tenant', tenant,
      'prio', prio, 'key', key, 'rec', rec, 'accepted', now)
    open[#open + 1] = now
    open[#open + 1] = id
    owned[#owned + 1] = id
    out[j] = {'new', owner, 1}
  end
end
-- the new jobs' indexes, one command each for the whole call
if #owned > 0 then
  redis.call('ZADD', p .. ':open', unpack(open))
  redis.call('SADD', p .. ':owner:' .. owner, unpack(owned))
  redis.call('SADD', p .. ':owners', owner)
end
return out`)

// Accept records jobs as accepted and owned by owner, each unless a job of
// its id exists already. It returns, per job, whether it is new and, when
// not, its stored state, owner and token.
func (s *Store) Accept(ctx context.Context, owner string, js []Job) ([]Job, bool, error) {
	if len(js) == 0 {
		return nil, false, nil
	}
	args := make([]any, 0, 4+5*len(js))
	now := time.Now()
	args = append(args, s.prefix, owner, now.UnixMilli(), len(js))
	for _, j := range js {
		args = append(args, j.ID, j.Tenant, j.Priority, j.Key, j.Record)
	}
	res, err := acceptScript.Run(ctx, s.rdb, []string{s.prefix + ":open"}, args...).Slice()
	if err != nil {
		return nil, false, classify("accept jobs", err)
	}
	out := make([]Job, len(js))
	anyNew := false
	for i, r := range res {
		row, _ := r.([]any)
		if len(row) != 3 {
			return nil, false, fmt.Errorf("accept jobs: unexpected reply %v", r)
		}
		st, _ := row[0].(string)
		out[i] = js[i]
		out[i].Owner, _ = row[1].(string)
		out[i].Token, _ = row[2].(int64)
		out[i].State = st
		if st == "new" {
			out[i].State, out[i].Accepted = StateQueued, now.Truncate(time.Millisecond)
			anyNew = true
		}
	}
	return out, anyNew, nil
}

var heartbeatScript = redis.NewScript(`
local p, owner, lease = ARGV[1], ARGV[2], ARGV[3]
redis.call('SET', p .. ':alive:' .. owner, '1', 'PX', lease)
redis.call('SADD', p .. ':owners', owner)
local out = {}
for i = 4, #ARGV, 2 do
  local h = redis.call('HMGET', p .. ':job:' .. ARGV[i], 'owner', 'token')
  if h[1] == owner and h[2] == ARGV[i+1] then out[#out+1] = 1 else out[#out+1] = 0 end
end
return out`)

// Heartbeat renews owner's lease for lease and reports, per job in held,
// whether owner still holds it with that token: a job taken over by
// another replica reports false.
func (s *Store) Heartbeat(ctx context.Context, owner string, lease time.Duration, held []Ref) ([]bool, error) {
	return s.fenced(ctx, heartbeatScript, "job heartbeat", owner, lease.Milliseconds(), held)
}

// Release ends owner's lease at once, so that the jobs it still holds (it
// is shutting down) are taken over by the next replica that looks.
func (s *Store) Release(ctx context.Context, owner string) error {
	if err := s.rdb.Del(ctx, s.prefix+":alive:"+owner).Err(); err != nil {
		return classify("release job lease", err)
	}
	return nil
}

var takeoverScript = redis.NewScript(`
local p, me, stale, limit, now = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
local taken = {}
for _, o in ipairs(redis.call('SMEMBERS', p .. ':owners')) do
  if #taken >= limit then break end
  if o ~= me then
    local dead = redis.call('EXISTS', p .. ':alive:' .. o) == 0 or (stale ~= '' and string.sub(o, 1, #stale) == stale)
    if dead then
      local set = p .. ':owner:' .. o
      for _, id in ipairs(redis.call('SMEMBERS', set)) do
        if #taken >= limit then break end
        local k = p .. ':job:' .. id
        local h = redis.call('HMGET', k, 'state', 'hold')
        if not h[1] or h[1] == 'done' then
          redis.call('SREM', set, id)
        elseif not (h[1] == 'completing' and tonumber(h[2]) > now) then
          local tok = redis.call('HINCRBY', k, 'token', 1)
          redis.call('HSET', k, 'owner', me, 'state', 'queued')
          redis.call('SREM', set, id)
          redis.call('SADD', p .. ':owner:' .. me, id)
          local f = redis.call('HMGET', k, 'tenant', 'prio', 'key', 'rec', 'accepted', 'emitted')
          redis.call('HDEL', k, 'hold')
          taken[#taken+1] = {id, tok, f[1], f[2], f[3], f[4], f[5], f[6] or ''}
        end
      end
      if redis.call('SCARD', set) == 0 then
        redis.call('SREM', p .. ':owners', o)
        redis.call('DEL', set)
      end
    end
  end
end
if #taken > 0 then redis.call('SADD', p .. ':owners', me) end
return taken`)

// TakeOver moves to owner at most limit jobs of owners whose lease ran
// out, or whose name starts with stale (an earlier incarnation of the same
// replica, known dead), with new tokens, and returns them. A job some owner
// is completing is left to it until its hold passes: its transaction may
// still commit until then.
func (s *Store) TakeOver(ctx context.Context, owner, stale string, limit int) ([]Job, error) {
	if limit <= 0 {
		return nil, nil
	}
	res, err := takeoverScript.Run(ctx, s.rdb, []string{s.prefix + ":owners"},
		s.prefix, owner, stale, limit, time.Now().UnixMilli()).Slice()
	if err != nil {
		return nil, classify("take over jobs", err)
	}
	out := make([]Job, 0, len(res))
	for _, r := range res {
		row, _ := r.([]any)
		if len(row) != 8 {
			return nil, fmt.Errorf("take over jobs: unexpected reply %v", r)
		}
		j := Job{Owner: owner, State: StateQueued}
		j.ID, _ = row[0].(string)
		j.Token, _ = row[1].(int64)
		j.Tenant, _ = row[2].(string)
		j.Priority, _ = row[3].(string)
		j.Key, _ = row[4].(string)
		rec, _ := row[5].(string)
		j.Record = []byte(rec)
		if ms, err := strconv.ParseInt(fmt.Sprint(row[6]), 10, 64); err == nil {
			j.Accepted = time.UnixMilli(ms)
		}
		j.Emitted, _ = row[7].(string)
		out = append(out, j)
	}
	return out, nil
}

var completingScript = redis.NewScript(`
local p, owner, hold = ARGV[1], ARGV[2], ARGV[3]
local out = {}
for i = 4, #ARGV, 2 do
  local k = p .. ':job:' .. ARGV[i]
  local h = redis.call('HMGET', k, 'owner', 'token', 'state')
  if h[1] == owner and h[2] == ARGV[i+1] and h[3] ~= 'done' then
    redis.call('HSET', k, 'state', 'completing', 'hold', hold)
    out[#out+1] = 1
  else
    out[#out+1] = 0
  end
end
return out`)

// Completing moves the jobs owner holds with these tokens to completing,
// held until hold has passed: no replica takes them over before, so the
// transaction that emits their outputs can commit. It reports, per job,
// whether owner still held it; a job it lost must not be emitted.
func (s *Store) Completing(ctx context.Context, owner string, refs []Ref, hold time.Duration) ([]bool, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	return s.fenced(ctx, completingScript, "complete jobs", owner, time.Now().Add(hold).UnixMilli(), refs)
}

var emittedScript = redis.NewScript(`
local p, owner = ARGV[1], ARGV[2]
local out = {}
for i = 4, #ARGV, 3 do
  local k = p .. ':job:' .. ARGV[i]
  local h = redis.call('HMGET', k, 'owner', 'token')
  if h[1] == owner and h[2] == ARGV[i+1] then
    redis.call('HSET', k, 'emitted', ARGV[i+2])
    out[#out+1] = 1
  else
    out[#out+1] = 0
  end
end
return out`)

// Emitted records, per completing job, where the first output of the
// transaction about to commit it was written (positions[i] for refs[i]).
func (s *Store) Emitted(ctx context.Context, owner string, refs []Ref, positions []string) ([]bool, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	args := make([]any, 0, 3+3*len(refs))
	args = append(args, s.prefix, owner, 0)
	for i, r := range refs {
		args = append(args, r.ID, r.Token, positions[i])
	}
	return s.flags(ctx, emittedScript, "record job outputs", s.prefix+":open", args)
}

var doneScript = redis.NewScript(`
local p, owner, ttl = ARGV[1], ARGV[2], ARGV[3]
local out = {}
for i = 4, #ARGV, 2 do
  local id = ARGV[i]
  local k = p .. ':job:' .. id
  local h = redis.call('HMGET', k, 'owner', 'token')
  if h[1] == owner and h[2] == ARGV[i+1] then
    redis.call('HSET', k, 'state', 'done')
    redis.call('HDEL', k, 'rec', 'hold', 'emitted')
    redis.call('PEXPIRE', k, ttl)
    redis.call('ZREM', p .. ':open', id)
    redis.call('SREM', p .. ':owner:' .. owner, id)
    out[#out+1] = 1
  else
    out[#out+1] = 0
  end
end
return out`)

// Done marks the jobs finished: their outputs are committed.
func (s *Store) Done(ctx context.Context, owner string, refs []Ref) ([]bool, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	return s.fenced(ctx, doneScript, "finish jobs", owner, DoneTTL.Milliseconds(), refs)
}

// fenced runs a script over owner's jobs refs (with one argument before
// them) that answers, per job, whether owner holds it with that token.
func (s *Store) fenced(ctx context.Context, script *redis.Script, op, owner string, arg int64, refs []Ref) ([]bool, error) {
	args := make([]any, 0, 3+2*len(refs))
	args = append(args, s.prefix, owner, arg)
	for _, r := range refs {
		args = append(args, r.ID, r.Token)
	}
	return s.flags(ctx, script, op, s.prefix+":open", args)
}

// flags runs a script that answers 1 or 0 per job.
func (s *Store) flags(ctx context.Context, script *redis.Script, op, key string, args []any) ([]bool, error) {
	res, err := script.Run(ctx, s.rdb, []string{key}, args...).Int64Slice()
	if err != nil {
		return nil, classify(op, err)
	}
	out := make([]bool, len(res))
	for i, v := range res {
		out[i] = v == 1
	}
	return out, nil
}

// Open counts the jobs accepted and not yet done, across replicas.
func (s *Store) Open(ctx context.Context) (int64, error) {
	n, err := s.rdb.ZCard(ctx, s.prefix+":open").Result()
	if err != nil {
		return 0, classify("count open jobs", err)
	}
	return n, nil
}

// classify marks Redis failures: error replies are structural (a script or
// a key of the wrong type), an outage (connection, loading, failover)
// transient and unavailable (pkg/redisfault), anything else transient.
func classify(op string, err error) error {
	var rerr redis.Error
	if errors.As(err, &rerr) && !redisfault.Outage(err) {
		return fault.Wrap(fault.Structural, fmt.Errorf("%s: %w", op, err))
	}
	return fault.Wrap(fault.Transient, fmt.Errorf("%s: %w", op, redisfault.Mark(err)))
}
