package store

import "github.com/redis/go-redis/v9"

// applyScript applies a batch of ops and stores the consumed offsets in one
// atomic step. ARGV[1] is the key prefix, ARGV[2] the ops (JSON array),
// ARGV[3] the next offset of each topic partition (JSON object of decimal
// strings). An op whose offset is below the offset already stored for its
// partition was applied by an earlier batch (a replica that lost the
// partition, a redelivery) and is skipped; an op whose key the workflow has
// already applied is a duplicate event and only lands nowhere. Offsets only
// move forward. It returns {applied, duplicates, stale}.
var applyScript = redis.NewScript(`
local p = ARGV[1]
local ops = cjson.decode(ARGV[2])
local offs = cjson.decode(ARGV[3])
local okey = p .. 'offsets'
local stored = {}
for tp, _ in pairs(offs) do
  local v = redis.call('HGET', okey, tp)
  stored[tp] = v and tonumber(v) or -1
end
local terminal = {completed = true, failed = true, canceled = true, timed_out = true}
local applied, dups, stale = 0, 0, 0
for _, op in ipairs(ops) do
  local from = stored[op.tp] or -1
  if op.o < from then
    stale = stale + 1
  else
    local wk = p .. 'wf:' .. op.w
    if redis.call('SADD', wk .. ':applied', op.k) == 0 then
      dups = dups + 1
    else
      applied = applied + 1
      redis.call('RPUSH', wk .. ':history', op.h)
      local cur = redis.call('HMGET', wk, 'status', 'rank', 'created', 'updated', 'tenant')
      local at = tonumber(op.at)
      redis.call('HSET', wk, 'id', op.w)
      redis.call('HINCRBY', wk, 'events', 1)
      if not cur[3] or at < tonumber(cur[3]) then
        redis.call('HSET', wk, 'created', op.at)
        redis.call('ZADD', p .. 'index', op.at, op.w)
      end
      if not cur[4] or at > tonumber(cur[4]) then
        redis.call('HSET', wk, 'updated', op.at)
      end
      if op.t and op.t ~= '' and not cur[5] then
        redis.call('HSET', wk, 'tenant', op.t)
      end
      local rank = tonumber(cur[2]) or -1
      if op.s and not terminal[cur[1] or ''] and op.r >= rank then
        redis.call('HSET', wk, 'status', op.s, 'rank', op.r)
        if op.g then
          redis.call('HSET', wk, 'stage', op.g)
        end
      end
      if op.ss then
        local sp = 'step:' .. op.ss .. ':'
        redis.call('HSETNX', wk, sp .. 'start', op.at)
        redis.call('HSETNX', wk, sp .. 'attempts', 1)
      end
      if op.sf then
        local sp = 'step:' .. op.sf .. ':'
        redis.call('HSETNX', wk, sp .. 'finish', op.at)
        redis.call('HSETNX', wk, sp .. 'attempts', 1)
      end
      if op.fs then
        local ak = 'step:' .. op.fs .. ':attempts'
        local a = tonumber(redis.call('HGET', wk, ak) or '0')
        if op.a and op.a > a then
          redis.call('HSET', wk, ak, op.a)
        end
      end
      if op.e then
        redis.call('HSET', wk, 'last_error', op.e)
      end
      if op.l then
        redis.call('HSET', wk, 'ledger_topic', op.l.topic, 'ledger_partition', op.l.partition,
          'ledger_offset', op.l.offset, 'ledger_sequence', op.l.sequence, 'ledger_hash', op.l.hash)
      end
    end
  end
end
for tp, n in pairs(offs) do
  local next = tonumber(n)
  if next > stored[tp] then
    redis.call('HSET', okey, tp, n)
  end
end
return {applied, dups, stale}
`)
