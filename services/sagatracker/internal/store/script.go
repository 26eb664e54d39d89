package store

import "github.com/redis/go-redis/v9"

// applyScript applies a batch of ops and stores the consumed offsets in one
// atomic step. ARGV[1] is the key prefix, ARGV[2] the ops (JSON array; an
// op's h and hr are the positions in ARGV of its history entry and of its
// redacted entry, wireOp),
// ARGV[3] the next offset of each topic partition (JSON object of decimal
// strings). An op whose offset is below the offset already stored for its
// partition was applied by an earlier batch (a replica that lost the
// partition, a redelivery) and is skipped; an op whose key the workflow has
// already applied is a duplicate event and only lands nowhere. Offsets only
// move forward. ARGV[4] holds the control settings (JSON); every applied op
// also goes through control (controlLua: review tasks, timers, cancel
// markers). The workflow hash keeps the running step's latest progress
// report (progress_step, _done, _total, _unit, _at) while the status it
// came with stands. ARGV[5] holds the read side's settings (JSON); rs_after
// (readSideLua) maintains its indexes, statistics and change stream from
// cur and nw, the workflow's fields before and after the op; rs_flush
// writes its counters. correct (eraseLua) keeps a workflow's corrections;
// an erased workflow (erased_at) gets the redacted history entry (hr) of
// each later op, and no file name or error. compensation (compensationLua)
// orchestrates a workflow that steps back, between control and rs_after.
// A workflow with several ops in the call has its fields read once and
// written once (known, pending) and its indexes updated once (rs_index);
// one with a single op straight away: either way a call applies the same
// as one call per op (TestApplyInOneBatchAsOneByOne).
// It returns {applied, duplicates, stale}.
var applyScript = redis.NewScript(applyLua)

// applyLua is applyScript's source.
const applyLua = luaLocals + controlLua + readSideLua + compensationLua + `
local p = ARGV[1]
local cfg = cjson.decode(ARGV[4])
local rs = cjson.decode(ARGV[5])
local ops = cjson.decode(ARGV[2])
local offs = cjson.decode(ARGV[3])
local okey = p .. 'offsets'
-- the stored offsets, read in one HMGET and written in one HSET
local stored, tps = {}, {}
for tp, _ in pairs(offs) do tps[#tps + 1] = tp end
if #tps > 0 then
  local vs = redis.call('HMGET', okey, unpack(tps))
  for i, tp in ipairs(tps) do stored[tp] = vs[i] and tonumber(vs[i]) or -1 end
end
local terminal = {completed = true, failed = true, canceled = true, timed_out = true, compensating = true, compensated = true, compensation_failed = true}
local applied, dups, stale = 0, 0, 0
-- known: per workflow key, the hash fields this call read or wrote
-- (false: absent), so the next op of the same workflow reads only what
-- it does not know; all of them (all[wk]) for a workflow this call saw
-- new: only an applied op writes its hash, and every one sets created.
-- An op that writes the hash other than through hs (below) forgets its
-- workflow.
local known, all = {}, {}
-- fields calls f(a, b, ...) with the names of the fields the script reads
-- of a workflow (cur), for an op that starts step ssp and finishes step
-- sfp: redis.call('HMGET', wk, ...) reads them, pack lists them.
local function fields(f, a, b, ssp, sfp)
  return f(a, b, 'status', 'rank', 'created', 'updated', 'tenant', 'stage', 'events',
    ssp .. 'start', ssp .. 'attempts', sfp .. 'finish', sfp .. 'attempts', sfp .. 'start',
    'progress_step', 'progress_done', 'progress_total', 'progress_unit', 'progress_at', 'erased_at',
    'parked_flag', 'exceptions')
end
local function pack(_, _, ...) return {...} end
-- many: the workflows with more than one op in this call. Keeping what
-- the call read and wrote costs more than it saves for a workflow with
-- one op, as most are when events arrive live: those are read, written
-- and indexed straight away.
local many = {}
for _, op in ipairs(ops) do
  many[op.w] = many[op.w] ~= nil
end
-- pending: per workflow key, the fields the ops wrote through hs and not
-- yet to Redis (false: deleted), written by flush in one HSET (and HDEL):
-- a workflow's fields change with each of its events, and one call for
-- all of them costs less than one each. Only the script's own main loop
-- reads those fields (through known); anything that reads or writes
-- them otherwise (the erasure, a failed step's attempts, compensation's
-- status) runs after flush.
local pending = {}
local function flush(wk)
  local f = pending[wk]
  if not f then return end
  pending[wk] = nil
  local set, del = {}, {}
  for k, v in pairs(f) do
    if v then
      set[#set + 1], set[#set + 2] = k, v
    else
      del[#del + 1] = k
    end
  end
  if #set > 0 then redis.call('HSET', wk, unpack(set)) end
  if #del > 0 then redis.call('HDEL', wk, unpack(del)) end
end
local function forget(wk)
  flush(wk)
  known[wk], all[wk] = nil, nil
end
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
      -- cur is the workflow before the op, with the fields of the steps it
      -- starts (ssp) and finishes (sfp), and what rs_after reads (only
      -- rs_after writes parked_flag and exceptions).
      local ssp, sfp = 'step:' .. (op.ss or '') .. ':', 'step:' .. (op.sf or '') .. ':'
      local multi = many[op.w]
      local kn = known[wk]
      local cur, names
      if multi then names = fields(pack, nil, nil, ssp, sfp) end
      if kn then
        cur = {}
        local miss, at = {}, {}
        local whole = all[wk]
        for i, f in ipairs(names) do
          local v = kn[f]
          if v == nil and whole then v = false end
          if v == nil then
            miss[#miss + 1], at[#at + 1] = f, i
          else
            cur[i] = v
          end
        end
        if #miss > 0 then
          local got = redis.call('HMGET', wk, unpack(miss))
          for j, i in ipairs(at) do
            cur[i], kn[miss[j]] = got[j], got[j]
          end
        end
      elseif multi then
        cur = redis.call('HMGET', wk, unpack(names))
        kn = {}
        for i, f in ipairs(names) do kn[f] = cur[i] end
        known[wk], all[wk] = kn, not cur[3]
      else
        cur = fields(redis.call, 'HMGET', wk, ssp, sfp)
      end
      -- An erased workflow keeps no personal data, also of an event
      -- projected after its erasure (a rebuild reads the topics in
      -- another order than they were written).
      local erased = cur[18]
      -- An agent's canceled without a cancel requested changes nothing.
      if op.rc and redis.call('EXISTS', cfg.cancel_prefix .. op.w) == 0 then op.s = nil end
      local h = ARGV[op.h]
      if erased and op.hr then h = ARGV[op.hr] end
      -- hn: the entry's position in the history, for the change stream.
      op.hn = redis.call('RPUSH', wk .. ':history', h) - 1
      local at = tonumber(op.at)
      -- nw is the workflow after the op, for rs_after; the fields below are
      -- set in one HSET.
      local nw = {status = cur[1], stage = cur[6], tenant = cur[5], created = cur[3], updated = cur[4]}
      if cur[13] then
        nw.progress = {st = cur[13], dn = cur[14], tt = cur[15], un = cur[16], at = cur[17]}
      end
      local unprogress = false
      local hs = {'events', (tonumber(cur[7]) or 0) + 1}
      if not cur[3] then
        hs[#hs + 1], hs[#hs + 2] = 'id', op.w
      end
      if not cur[3] or at < tonumber(cur[3]) then
        hs[#hs + 1], hs[#hs + 2] = 'created', op.at
        nw.created = op.at
        redis.call('ZADD', p .. 'index', op.at, op.w)
      end
      if not cur[4] or at > tonumber(cur[4]) then
        hs[#hs + 1], hs[#hs + 2] = 'updated', op.at
        nw.updated = op.at
      end
      if op.t and op.t ~= '' and not cur[5] then
        hs[#hs + 1], hs[#hs + 2] = 'tenant', op.t
        nw.tenant = op.t
      end
      local rank = tonumber(cur[2]) or -1
      if op.s and not terminal[cur[1] or ''] and op.r >= rank then
        hs[#hs + 1], hs[#hs + 2], hs[#hs + 3], hs[#hs + 4] = 'status', op.s, 'rank', op.r
        nw.status = op.s
        if op.g then
          hs[#hs + 1], hs[#hs + 2] = 'stage', op.g
          nw.stage = op.g
        end
        -- A step's progress report replaces the stored one; any other
        -- status change (the step started again, finished or failed, the
        -- workflow moved on or ended) clears it.
        if op.pg then
          hs[#hs + 1], hs[#hs + 2], hs[#hs + 3], hs[#hs + 4] = 'progress_step', op.pg.st, 'progress_done', op.pg.dn
          hs[#hs + 1], hs[#hs + 2], hs[#hs + 3], hs[#hs + 4] = 'progress_total', op.pg.tt, 'progress_unit', op.pg.un
          hs[#hs + 1], hs[#hs + 2] = 'progress_at', op.at
          nw.progress = {st = op.pg.st, dn = op.pg.dn, tt = op.pg.tt, un = op.pg.un, at = op.at}
        elseif nw.progress then
          unprogress = true
          nw.progress = nil
        end
      end
      -- The started step's start and attempts and the finished step's
      -- finish and attempts, where they are not set yet.
      if op.ss and not cur[8] then hs[#hs + 1], hs[#hs + 2] = ssp .. 'start', op.at end
      if op.ss and not cur[9] then hs[#hs + 1], hs[#hs + 2] = ssp .. 'attempts', 1 end
      if op.sf and not cur[10] then
        hs[#hs + 1], hs[#hs + 2] = sfp .. 'finish', op.at
        nw.finished = true
        nw.finished_started = cur[12]
      end
      if op.sf and not cur[11] then hs[#hs + 1], hs[#hs + 2] = sfp .. 'attempts', 1 end
      if op.e and not erased then
        hs[#hs + 1], hs[#hs + 2] = 'last_error', op.e
      end
      if op.fn and op.fn ~= '' and not erased then
        hs[#hs + 1], hs[#hs + 2] = 'filename', op.fn
      end
      if op.l then
        hs[#hs + 1], hs[#hs + 2], hs[#hs + 3], hs[#hs + 4] = 'ledger_topic', op.l.topic, 'ledger_partition', op.l.partition
        hs[#hs + 1], hs[#hs + 2], hs[#hs + 3], hs[#hs + 4] = 'ledger_offset', op.l.offset, 'ledger_sequence', op.l.sequence
        hs[#hs + 1], hs[#hs + 2] = 'ledger_hash', op.l.hash
      end
      if multi then
        local pf = pending[wk]
        if not pf then
          pf = {}
          pending[wk] = pf
        end
        for i = 1, #hs, 2 do
          local v = tostring(hs[i + 1])
          pf[hs[i]], kn[hs[i]] = v, v
        end
        if unprogress then
          for _, f in ipairs({'progress_step', 'progress_done', 'progress_total', 'progress_unit', 'progress_at'}) do
            pf[f], kn[f] = false, false
          end
        end
      else
        redis.call('HSET', wk, unpack(hs))
        if unprogress then
          redis.call('HDEL', wk, 'progress_step', 'progress_done', 'progress_total', 'progress_unit', 'progress_at')
        end
      end
      if op.co then correct(wk, op, erased) end
      if op.fs then
        flush(wk)
        local ak = 'step:' .. op.fs .. ':attempts'
        local a = tonumber(redis.call('HGET', wk, ak) or '0')
        if op.a and op.a > a then
          redis.call('HSET', wk, ak, op.a)
        end
      end
      if op.c and op.c.er then flush(wk) end
      control(p, wk, op, cfg, nw.status or '')
      local st = nw.status
      if op.cp or cmp_from[st or ''] then flush(wk) end
      compensation(p, wk, op, nw)
      rs_after(p, wk, op, cur, nw, rs, multi)
      if op.co or op.fs or nw.status ~= st or (op.c and op.c.er) then
        forget(wk)
      end
    end
  end
end
for wk, _ in pairs(pending) do
  flush(wk)
end
rs_flush(p)
local moved = {}
for tp, n in pairs(offs) do
  if tonumber(n) > stored[tp] then
    moved[#moved + 1] = tp
    moved[#moved + 1] = n
  end
end
if #moved > 0 then redis.call('HSET', okey, unpack(moved)) end
return {applied, dups, stale}
`

// luaLocals makes the globals the apply script calls per event locals of
// its chunk: a local is a register or upvalue, a global a table lookup
// (two for redis.call) each time.
const luaLocals = `local redis, cjson, string, math, table = redis, cjson, string, math, table
local tonumber, pairs, ipairs, unpack = tonumber, pairs, ipairs, unpack
`
