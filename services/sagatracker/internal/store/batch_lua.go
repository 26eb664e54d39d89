package store

// batchLua defines how the apply script reads and writes what many events
// of one batch touch, so that a batch costs Redis commands per workflow and
// per key rather than per event (issue 18; BenchmarkTracker: 11.1 commands
// per event before, 3.6 after).
//
//   - A workflow's hash (P wf:<id>) is read once (HGETALL) on its first use
//     and kept in wf_cache; wf_get, wf_set, wf_del and wf_incr read and
//     change the copy, and wf_flush writes each changed hash with one HSET
//     and one HDEL at the end. Every access to a workflow hash in the apply
//     script goes through them: a direct redis.call on the hash would read
//     a stale value or be overwritten by the flush.
//   - The events applied (P wf:<id>:applied) are checked for every event of
//     the workflow in the batch with one SMISMEMBER (applied_check) and
//     added with one SADD, its history entries appended with one RPUSH
//     (history_push).
//   - ZADD and ZREM of the indexes nothing in the script reads (P index,
//     idx:tenant:*, idx:status:*, live:*, finished) are buffered by zset_add
//     and zset_rem: each member's last change wins, and each key gets at
//     most one ZADD and one ZREM per batch. The other sorted sets (timers,
//     reviews) mix in ZADD NX and stay direct.
//   - Whether a workflow has parked items (EXISTS P wf:<id>:parked) is asked
//     once, until park or unpark changes them (parked_exists,
//     parked_changed).
//
// Nothing else runs between the commands of a script, so the state after
// the flush is the one the event-by-event writes left.
const batchLua = `
local batch_max = 1000
local function call_chunked(cmd, key, args, step)
  for i = 1, #args, step do
    redis.call(cmd, key, unpack(args, i, math.min(i + step - 1, #args)))
  end
end

local wf_cache, wf_dirty = {}, {}
local function wf_load(wk)
  local h = wf_cache[wk]
  if not h then
    h = {}
    local kv = redis.call('HGETALL', wk)
    for i = 1, #kv, 2 do
      h[kv[i]] = kv[i + 1]
    end
    wf_cache[wk] = h
    wf_dirty[wk] = {}
  end
  return h
end
-- wf_get returns the field's value, false when it has none (as HGET).
local function wf_get(wk, f)
  local v = wf_load(wk)[f]
  if v == nil then return false end
  return v
end
-- wf_set sets field, value pairs (as HSET).
local function wf_set(wk, ...)
  local h, d = wf_load(wk), wf_dirty[wk]
  local kv = {...}
  for i = 1, #kv, 2 do
    h[kv[i]] = tostring(kv[i + 1])
    d[kv[i]] = true
  end
end
local function wf_del(wk, ...)
  local h, d = wf_load(wk), wf_dirty[wk]
  for _, f in ipairs({...}) do
    h[f] = nil
    d[f] = true
  end
end
local function wf_incr(wk, f, n)
  wf_set(wk, f, (tonumber(wf_get(wk, f)) or 0) + n)
end
local function wf_flush()
  for wk, d in pairs(wf_dirty) do
    local h, set, del = wf_cache[wk], {}, {}
    for f, _ in pairs(d) do
      if h[f] == nil then
        del[#del + 1] = f
      else
        set[#set + 1], set[#set + 2] = f, h[f]
      end
    end
    call_chunked('HSET', wk, set, 2 * batch_max)
    call_chunked('HDEL', wk, del, batch_max)
  end
end

-- applied_keys[wk] lists the keys of the batch's events of the workflow
-- that are not stale; the apply script fills it before applying.
local applied_keys, applied_seen, applied_new = {}, {}, {}
-- applied_check returns whether the workflow applied event key k already,
-- and counts it as applied from now on.
local function applied_check(wk, k)
  local seen = applied_seen[wk]
  if not seen then
    seen = {}
    local ks = applied_keys[wk]
    for i = 1, #ks, batch_max do
      local part = {unpack(ks, i, math.min(i + batch_max - 1, #ks))}
      local in_set = redis.call('SMISMEMBER', wk .. ':applied', unpack(part))
      for j, k in ipairs(part) do
        if in_set[j] == 1 then seen[k] = true end
      end
    end
    applied_seen[wk] = seen
    applied_new[wk] = {}
  end
  if seen[k] then return true end
  seen[k] = true
  local new = applied_new[wk]
  new[#new + 1] = k
  return false
end

local history_new = {}
local function history_push(wk, entry)
  local l = history_new[wk]
  if not l then
    l = {}
    history_new[wk] = l
  end
  l[#l + 1] = entry
end

local zset_buf = {}
local function zset_member(key, member, score)
  local b = zset_buf[key]
  if not b then
    b = {}
    zset_buf[key] = b
  end
  b[member] = score
end
local function zset_add(key, score, member) zset_member(key, member, tostring(score)) end
local function zset_rem(key, member) zset_member(key, member, false) end

local parked_cache = {}
local function parked_exists(wk)
  local v = parked_cache[wk]
  if v == nil then
    v = redis.call('EXISTS', wk .. ':parked') == 1
    parked_cache[wk] = v
  end
  return v
end
local function parked_changed(wk) parked_cache[wk] = nil end

local function batch_flush()
  wf_flush()
  for wk, new in pairs(applied_new) do
    call_chunked('SADD', wk .. ':applied', new, batch_max)
  end
  for wk, l in pairs(history_new) do
    call_chunked('RPUSH', wk .. ':history', l, batch_max)
  end
  for key, b in pairs(zset_buf) do
    local add, rem = {}, {}
    for m, score in pairs(b) do
      if score then
        add[#add + 1], add[#add + 2] = score, m
      else
        rem[#rem + 1] = m
      end
    end
    call_chunked('ZADD', key, add, 2 * batch_max)
    call_chunked('ZREM', key, rem, batch_max)
  end
end
`
