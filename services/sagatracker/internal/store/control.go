package store

import (
	"encoding/json"
	"time"

	"github.com/docket-run/docket/pkg/cancel"
)

// Control keys (prefix P): P review:<task> (hash, one per review request),
// P reviews (sorted set of open task ids, most urgent first), P wf:<id>:reviews
// (set of the workflow's open task ids), P timers (sorted set, member
// "<kind>:<target>", score = due time in ms; kinds deadline, sla, cancel),
// P timers:firing (timers claimed by a timer loop, score = end of the claim)
// and P timers:due (hash member → original due time). Cancel markers live
// outside the prefix, under cancel.DefaultPrefix, where the agents read them.

// Settings are the defaults the apply script uses for control effects.
type Settings struct {
	// Deadline is a workflow's deadline after its submission when the
	// submitted event carries none.
	Deadline time.Duration
	// ReviewSLA is a review's SLA after its request when the request
	// carries none.
	ReviewSLA time.Duration
	// CancelGrace is how long after a cancel request the tracker itself
	// ends a workflow that no agent canceled (one waiting for a review, a
	// retry or an operator).
	CancelGrace time.Duration
	// CancelPrefix prefixes the cancel markers the agents read.
	CancelPrefix string
	// CancelTTL is how long a cancel marker is kept, and a deadline marker.
	CancelTTL time.Duration
	// DeadlinePrefix prefixes the deadline markers long steps read.
	DeadlinePrefix string
	// DecidedTTL is how long a decided task is kept, so a retried decide
	// gets its answer.
	DecidedTTL time.Duration
}

// DefaultSettings are the defaults of Settings.
var DefaultSettings = Settings{
	Deadline:       24 * time.Hour,
	ReviewSLA:      4 * time.Hour,
	CancelGrace:    time.Minute,
	CancelPrefix:   cancel.DefaultPrefix,
	CancelTTL:      30 * 24 * time.Hour,
	DeadlinePrefix: cancel.DefaultDeadlinePrefix,
	DecidedTTL:     7 * 24 * time.Hour,
}

// Option configures a Store.
type Option func(*Store)

// WithSettings sets the control defaults. Default DefaultSettings.
func WithSettings(s Settings) Option { return func(st *Store) { st.settings = s } }

// Settings returns the store's control defaults.
func (s *Store) Settings() Settings { return s.settings }

func (s *Store) settingsJSON() string {
	b, _ := json.Marshal(map[string]any{ // numbers and a string: cannot fail
		"deadline_ms":     s.settings.Deadline.Milliseconds(),
		"sla_ms":          s.settings.ReviewSLA.Milliseconds(),
		"grace_ms":        s.settings.CancelGrace.Milliseconds(),
		"cancel_prefix":   s.settings.CancelPrefix,
		"deadline_prefix": s.settings.DeadlinePrefix,
		"cancel_ttl_s":    int64(s.settings.CancelTTL.Seconds()),
		"decided_ttl_s":   int64(s.settings.DecidedTTL.Seconds()),
	})
	return string(b)
}

// reviewScoreLua defines review_score, which orders the open tasks: highest priority first (clamped to
// ±800 so the score keeps every digit), then oldest request, and ms, which formats a time in ms with every digit.
const reviewScoreLua = `
local function review_score(prio, requested)
  prio = tonumber(prio) or 0
  if prio > 800 then prio = 800 elseif prio < -800 then prio = -800 end
  return string.format('%.0f', tonumber(requested) - prio * 10000000000000)
end
local function ms(n)
  return string.format('%.0f', n)
end
`

// controlLua defines control(p, wk, op, cfg), which the apply script calls
// for every applied op after the state change: it opens, escalates and
// closes review tasks, schedules and clears timers and records cancel
// markers. Timers of a workflow that ended are cleared, and its open tasks
// closed (a timed-out one keeps them: its deadline review is still to be
// decided, until the ledger records the workflow). It is given the
// workflow's status after the op (status), so it reads no more than its
// effects need.
const controlLua = reviewScoreLua + eraseLua + `
local ctl_terminal = {completed = true, failed = true, canceled = true, timed_out = true, compensating = true, compensated = true, compensation_failed = true}
-- show_first keeps, in the workflow hash's field f, one member of the
-- workflow's set (or hash) key k for lists to show: id when given, else the
-- one shown unless it left k, else the smallest left (nothing when k is empty).
local function show_first(wk, f, k, id)
  if id then
    redis.call('HSET', wk, f, id)
    return
  end
  local shown = redis.call('HGET', wk, f)
  local members
  if redis.call('TYPE', k).ok == 'hash' then
    if shown and redis.call('HEXISTS', k, shown) == 1 then return end
    members = redis.call('HKEYS', k)
  else
    if shown and redis.call('SISMEMBER', k, shown) == 1 then return end
    members = redis.call('SMEMBERS', k)
  end
  table.sort(members)
  if members[1] then
    redis.call('HSET', wk, f, members[1])
  else
    redis.call('HDEL', wk, f)
  end
end
local function close_review(p, id, state)
  local rk = p .. 'review:' .. id
  local wf = redis.call('HGET', rk, 'workflow')
  redis.call('ZREM', p .. 'reviews', id)
  redis.call('ZREM', p .. 'timers', 'sla:' .. id)
  redis.call('ZREM', p .. 'timers:firing', 'sla:' .. id)
  redis.call('HDEL', p .. 'timers:due', 'sla:' .. id)
  if wf then
    local wk = p .. 'wf:' .. wf
    redis.call('SREM', wk .. ':reviews', id)
    show_first(wk, 'review_task', wk .. ':reviews', nil)
  end
  redis.call('HSET', rk, 'state', state)
end
-- park and unpark keep a workflow's items parked at the exception agent
-- (hash wk:parked, id -> reason); rs_after counts the workflows with any.
local function park(p, wk, id, reason)
  if redis.call('HEXISTS', wk, 'erased_at') == 1 then reason = '' end
  if redis.call('HSET', wk .. ':parked', id, reason) == 1 then
    show_first(wk, 'parked_id', wk .. ':parked', id)
  end
end
local function unpark(p, wk, id)
  if redis.call('HDEL', wk .. ':parked', id) == 1 then
    show_first(wk, 'parked_id', wk .. ':parked', nil)
  end
end
local function control(p, wk, op, cfg, status)
  local c = op.c
  local w = op.w
  local tk = p .. 'timers'
  if c then
    local at = tonumber(op.at)
    if c.dl and not ctl_terminal[status] then
      local due = tonumber(c.dl)
      if due <= 0 then due = at + cfg.deadline_ms end
      redis.call('ZADD', tk, 'NX', ms(due), 'deadline:' .. w)
    end
    if c.doc then
      redis.call('HSET', wk, 'doc_uri', c.doc.uri, 'doc_sha256', c.doc.sha, 'doc_size', c.doc.sz, 'doc_media_type', c.doc.mt)
    end
    if c.rv then
      local id = op.k
      local rk = p .. 'review:' .. id
      if redis.call('EXISTS', rk) == 0 then
        local rv = c.rv
        local sla = tonumber(rv.sla)
        if sla <= 0 then sla = at + cfg.sla_ms end
        redis.call('HSET', rk, 'id', id, 'workflow', w, 'tenant', op.t or '', 'state', 'open',
          'reason', rv.re, 'priority', rv.pr, 'requested', op.at, 'sla', ms(sla),
          'escalated', '0', 'uri', rv.uri, 'sha256', rv.sha, 'size', rv.sz, 'media_type', rv.mt,
          'suggested', rv.su, 'confidence', rv.cf, 'model', rv.mo, 'candidates', rv.ca, 'flags', rv.fl, 'rule', rv.ru or '',
          'parked', rv.pk or '')
        if status == 'completed' or status == 'failed' or status == 'canceled' then
          -- The workflow ended before its request was projected (a
          -- rebuild reads the topics in another order than they were
          -- written): nothing is left to review.
          redis.call('HSET', rk, 'state', 'closed')
        else
          redis.call('ZADD', p .. 'reviews', review_score(rv.pr, at), id)
          redis.call('SADD', wk .. ':reviews', id)
          show_first(wk, 'review_task', wk .. ':reviews', id)
          redis.call('ZADD', tk, ms(sla), 'sla:' .. id)
        end
        if redis.call('HEXISTS', wk, 'erased_at') == 1 then erase_review(rk) end
      end
    end
    if c.rd then
      local ids
      if c.rd.task ~= '' and redis.call('HGET', p .. 'review:' .. c.rd.task, 'state') == 'open' then
        ids = {c.rd.task}
      else
        ids = redis.call('SMEMBERS', wk .. ':reviews')
      end
      for _, id in ipairs(ids) do
        local rk = p .. 'review:' .. id
        close_review(p, id, 'decided')
        redis.call('HSET', rk, 'decided_event', op.k, 'decided_by', c.rd.by, 'decided_outcome', c.rd.out,
          'decided_type', c.rd.dt, 'decided_at', op.at)
        redis.call('EXPIRE', rk, cfg.decided_ttl_s)
      end
    end
    if c.es then
      local rk = p .. 'review:' .. c.es.task
      local h = redis.call('HMGET', rk, 'state', 'escalated', 'requested')
      if h[1] == 'open' and h[2] ~= '1' then
        redis.call('HSET', rk, 'priority', c.es.pr, 'escalated', '1')
        redis.call('ZADD', p .. 'reviews', review_score(c.es.pr, h[3]), c.es.task)
        redis.call('ZREM', tk, 'sla:' .. c.es.task)
      end
    end
    if c.to then
      local reason = c.tr
      if not reason or reason == '' then reason = 'deadline exceeded' end
      redis.call('SET', cfg.deadline_prefix .. w, reason, 'EX', cfg.cancel_ttl_s)
    end
    if c.pk then park(p, wk, c.pk.id, c.pk.re or '') end
    if c.up then
      unpark(p, wk, c.up)
      -- The review of the item, if any, has nothing left to decide: a
      -- replay that fails again parks a new item with a review of its
      -- own (found from outside: a workflow had two open tasks, the
      -- older naming an item no longer parked).
      for _, id in ipairs(redis.call('SMEMBERS', wk .. ':reviews')) do
        if redis.call('HGET', p .. 'review:' .. id, 'parked') == c.up then
          close_review(p, id, 'closed')
        end
      end
    end
    if c.er then
      erase(p, wk, op)
      -- A workflow still running is canceled too: its document is gone,
      -- and a step that went on would store its text again.
      if not ctl_terminal[status] then
        redis.call('SET', cfg.cancel_prefix .. w, 'erased', 'EX', cfg.cancel_ttl_s)
        redis.call('ZADD', tk, 'NX', ms(at + cfg.grace_ms), 'cancel:' .. w)
      end
    end
    if c.cx then
      local reason = c.cr
      if not reason or reason == '' then reason = 'canceled' end
      redis.call('SET', cfg.cancel_prefix .. w, reason, 'EX', cfg.cancel_ttl_s)
      if not ctl_terminal[status] then
        redis.call('ZADD', tk, 'NX', ms(at + cfg.grace_ms), 'cancel:' .. w)
      end
    end
  end
  -- An event that ends the workflow (or would, had it not ended before)
  -- clears its timers; clearing twice changes nothing.
  if op.s and ctl_terminal[op.s] then
    redis.call('ZREM', tk, 'deadline:' .. w, 'cancel:' .. w)
    redis.call('ZREM', tk .. ':firing', 'deadline:' .. w, 'cancel:' .. w)
    -- A workflow that ended (canceled, completed, or failed for good
    -- when an operator discarded it) leaves nothing to review; nor does
    -- a timed-out one the ledger then recorded (a late decision).
    if op.s ~= 'timed_out' and (status == op.s or (op.l and status == 'timed_out')) then
      local state = 'closed'
      if op.s == 'canceled' then state = 'canceled' end
      for _, id in ipairs(redis.call('SMEMBERS', wk .. ':reviews')) do
        close_review(p, id, state)
      end
    end
  end
end
`
