package store

// readSideLua maintains, in the apply script, what the read side needs
// beside the state: the list indexes, the per-stage sets of live workflows
// (stalled detection, queue age), the status counts, the per-minute
// statistics and the change stream. The apply script calls rs_after once an
// op has changed its workflow, with cur, the workflow's status, rank,
// created, updated, tenant and stage, parked flag (cur[19]) and exceptions
// count (cur[20]) before the op, and nw, its status,
// stage, tenant, created and updated after it (finished_started: the start
// of the step the op finished, when it did; progress: the running step's
// progress report, when there is one; ended_as: canceled or failed, when
// compensation took the workflow on to compensating), and rs_flush once at
// the end.
// rs_after counts the op's statistics and writes its change; the indexes,
// counts and parked flag depend only on a workflow's state before the
// call and after it, and nothing in the script reads them, so for a
// workflow with several ops in the call (multi) rs_flush brings them up
// to date once (rs_index), after its last. Writes are only of
// what changed; counters are summed over the script call and written by
// rs_flush, one HINCRBY per field, and each statistics key gets its
// expiry there.
//
// Keys under the prefix P: idx:tenant:<tenant> and, for the sparse
// statuses (indexedStatus), idx:status:<status> (by creation), live:<stage> (queued or running workflows by latest event) and
// live:stages, finished (terminal workflows by latest event, for
// retention), counts (hash "<tenant>|<status>" → workflows now; "<tenant>|@parked"
// → workflows with a parked item, kept by controlLua), idx:parked (the
// workflows "@parked" counts, by creation),
// stats:<minute> (hash "<tenant>|<figure>" → count, expiring; figures:
// started, a terminal status, ended_exc, dlq, reviews, p:<step>:<ms>
// processing times, f:<step> steps finished untimed, auto:<type>|<model> and reviewed:<type>|<model>
// decisions), changes (stream: workflow, tenant, status, stage, position of
// the op's entry in the workflow's history and progress report after each
// applied op; the entry itself is read from the history, so it is written
// once and an erasure's redaction reaches the stream too). Figures are kept per tenant ("-" for none)
// only: the totals are their sums.
//
// The change stream is written only while changes:watched exists (a lease
// KeepChanges sets while a watch is open and for the read side's idle
// setting after; rs.idle 0: always): a script that applies a change
// without writing it sets changes:unwritten, and KeepChanges turns that
// into a gap entry, so a cursor from before it expires (changes.go).
const readSideLua = `
local rs_terminal = {completed = true, failed = true, canceled = true, timed_out = true, compensated = true, compensation_failed = true}
local rs_live = {queued = true, running = true}
local rs_indexed = {waiting_review = true, retrying = true, parked = true, failed = true, canceled = true, timed_out = true,
  compensating = true, compensated = true, compensation_failed = true}
local rs_expiring, rs_stages, rs_acc = {}, {}, {}
-- rs_wfs: per workflow key the call changed, its id, its fields before the
-- first op (cur) and after the latest (nw), and whether an op parked or
-- unparked an item (pk); rs_order: the keys in the order first changed.
local rs_wfs, rs_order = {}, {}
-- rs_written: whether this call writes the change stream (nil until the
-- first applied op asks); rs_unwritten: it applied a change it did not.
local rs_written, rs_unwritten = nil, false
local function rs_writes(p, rs)
  if rs_written == nil then
    rs_written = rs.idle == 0 or redis.call('EXISTS', p .. 'changes:watched') == 1
    if not rs_written then
      rs_unwritten = p .. 'changes:unwritten'
    end
  end
  return rs_written
end

local function rs_add(key, field, n)
  local h = rs_acc[key]
  if not h then
    h = {}
    rs_acc[key] = h
  end
  h[field] = (h[field] or 0) + n
end

local function rs_q(d)
  local m = 1
  while d >= 100 * m do
    m = m * 10
  end
  return string.format('%d', math.floor(d / m) * m)
end

-- rs_index brings the indexes, counts and parked flag of workflow id (key
-- wk) from cur, its fields before the call's first op of it, to nw, after
-- its last (pk: one of them parked or unparked an item). Nothing in the
-- script reads them, so rs_flush runs it once per workflow and call.
local function rs_index(p, wk, id, cur, nw, pk)
  local st, sg, tn, cr, up = nw.status or '', nw.stage or '', nw.tenant or '', nw.created, nw.updated
  local ost, otn, olive = cur[1] or '', cur[5] or '', ''
  if rs_live[ost] then olive = cur[6] or '' end
  local moved, touched = cr ~= cur[3], up ~= cur[4]
  if tn ~= '' and (moved or tn ~= otn) then
    redis.call('ZADD', p .. 'idx:tenant:' .. tn, cr, id)
  end
  if ost ~= st and rs_indexed[ost] then
    redis.call('ZREM', p .. 'idx:status:' .. ost, id)
  end
  if rs_indexed[st] and (moved or ost ~= st) then
    redis.call('ZADD', p .. 'idx:status:' .. st, cr, id)
  end
  local ts = tn
  if ts == '' then ts = '-' end
  if ost ~= st or otn ~= tn then
    local ck = p .. 'counts'
    if otn == '' then otn = '-' end
    if ost ~= '' then rs_add(ck, otn .. '|' .. ost, -1) end
    if st ~= '' then rs_add(ck, ts .. '|' .. st, 1) end
  end
  -- A workflow is parked while its status says so or while it has an
  -- item parked at the exception agent (a structural failure also waits
  -- for review): the "@parked" count and the workflow's parked flag.
  -- Items are parked only by an op that parks (op.c.pk), and such an op
  -- sets the flag: without the flag or one, the workflow has none.
  if ost ~= st or otn ~= tn or pk then
    local was = cur[19]
    local is = st == 'parked' or st == 'compensation_failed' or
      ((was or pk) and redis.call('EXISTS', wk .. ':parked') == 1)
    local ck = p .. 'counts'
    if was and (not is or was ~= ts) then
      rs_add(ck, was .. '|@parked', -1)
      redis.call('HDEL', wk, 'parked_flag')
    end
    if is and was ~= ts then
      rs_add(ck, ts .. '|@parked', 1)
      redis.call('HSET', wk, 'parked_flag', ts)
    end
    -- idx:parked lists them, by creation, for a list of the parked.
    if is and (not was or moved) then
      redis.call('ZADD', p .. 'idx:parked', cr, id)
    elseif was and not is then
      redis.call('ZREM', p .. 'idx:parked', id)
    end
  elseif moved and cur[19] then
    redis.call('ZADD', p .. 'idx:parked', cr, id)
  end
  local live = ''
  if rs_live[st] then live = sg end
  if live ~= olive and olive ~= '' then
    redis.call('ZREM', p .. 'live:' .. olive, id)
  end
  if live ~= '' then
    if live ~= olive or touched then
      redis.call('ZADD', p .. 'live:' .. live, up, id)
    end
    if not rs_stages[live] then
      rs_stages[live] = true
      redis.call('SADD', p .. 'live:stages', live)
    end
  end
  if rs_terminal[st] and (ost ~= st or touched) then
    redis.call('ZADD', p .. 'finished', up, id)
  end
end

local function rs_flush(p)
  for _, wk in ipairs(rs_order) do
    local wf = rs_wfs[wk]
    rs_index(p, wk, wf.id, wf.cur, wf.nw, wf.pk)
  end
  for key, h in pairs(rs_acc) do
    for f, n in pairs(h) do
      if n ~= 0 then redis.call('HINCRBY', key, f, n) end
    end
  end
  for key, at in pairs(rs_expiring) do
    redis.call('EXPIREAT', key, at)
  end
  if rs_unwritten then
    redis.call('SET', rs_unwritten, '1')
  end
end


local function rs_after(p, wk, op, cur, nw, rs, multi)
  local pk = op.c and (op.c.pk or op.c.up)
  if multi then
    local wf = rs_wfs[wk]
    if not wf then
      wf = {id = op.w, cur = cur}
      rs_wfs[wk] = wf
      rs_order[#rs_order + 1] = wk
    end
    wf.nw = nw
    if pk then wf.pk = true end
  else
    rs_index(p, wk, op.w, cur, nw, pk)
  end
  local id, st, sg, tn, ost = op.w, nw.status or '', nw.stage or '', nw.tenant or '', cur[1] or ''
  local ts = tn
  if ts == '' then ts = '-' end
  local at = tonumber(op.at)
  local minute = math.floor(at / 60000)
  local sk = p .. 'stats:' .. string.format('%d', minute)
  local function count(f)
    rs_add(sk, ts .. '|' .. f, 1)
  end
  if not cur[3] then count('started') end
  -- A workflow ends once: when it first reaches a terminal status, or
  -- compensating, which it reaches canceled or failed (nw.ended_as, the
  -- figure it counts under; found from outside: a canceled workflow that
  -- stepped back was counted nowhere). Compensated and
  -- compensation_failed after it are no second end.
  local ended
  if ost ~= st and not rs_terminal[ost] and ost ~= 'compensating' then
    if nw.ended_as then
      ended = nw.ended_as
    elseif rs_terminal[st] then
      ended = st
    end
  end
  if ended then
    count(ended)
    if cur[20] then count('ended_exc') end
  end
  if op.fs then
    count('dlq')
    redis.call('HINCRBY', wk, 'exceptions', 1)
  end
  -- Only the event that finished a step (set its finish) counts; a step
  -- whose start the tracker never saw (ingest's: submission requests are
  -- not projected) counts as finished untimed.
  if op.sf and nw.finished then
    local d = -1
    if nw.finished_started then d = at - tonumber(nw.finished_started) end
    if d >= 0 then
      count('p:' .. op.sf .. ':' .. rs_q(d))
    else
      count('f:' .. op.sf)
    end
  end
  local d = op.d
  if d then
    if d.rq then
      count('reviews')
      if d.mv then redis.call('HSET', wk, 'model', d.mv) end
    end
    if d.dt then redis.call('HSET', wk, 'doc_type', d.dt) end
    if d.st then redis.call('HSETNX', wk, 'doc_type', d.st) end
    if d.dt and d.au then
      count('auto:' .. d.dt .. '|' .. (d.mv or ''))
    elseif d.dt then
      count('reviewed:' .. d.dt .. '|' .. (redis.call('HGET', wk, 'model') or ''))
    end
  end
  rs_expiring[sk] = string.format('%d', (minute + 1) * 60 + rs.ttl)
  if rs_writes(p, rs) then
    local pg = ''
    if nw.progress then pg = cjson.encode(nw.progress) end
    redis.call('XADD', p .. 'changes', 'MAXLEN', '~', string.format('%d', rs.maxlen), '*',
      'w', id, 't', tn, 's', st, 'g', sg, 'i', string.format('%d', op.hn), 'p', pg)
  end
end
`
