package store

// compensationLua defines compensation(p, wk, op, nw), which the apply
// script calls for every applied op after the state change, before
// control and rs_after. It orchestrates a workflow that steps back:
//
//   - it keeps the effects the op proves (op.fx, step → detail) in the hash
//     wk:effects (an OCR text artefact's SHA-256s, comma-separated);
//   - once the workflow is canceled or failed for good (or was already
//     compensating or compensated, when a late event proves one more
//     effect), it picks the last step in workflow order (CompensationOrder)
//     with an effect and no compensation yet, marks it requested in the
//     hash wk:comp (step → requested, compensated or failed), moves the
//     workflow to compensating and schedules the timer "compensate:<id>"
//     due at once, which the timer loop fires as the compensation_requested
//     event (ClaimDue reads comp_step, comp_cause and the step's effect); one
//     step at a time: nothing is picked while one is requested;
//   - a step's answer (op.cp) marks the step compensated, then the next is
//     picked, or the workflow is compensated when none is left; or marks it
//     failed and parks the workflow: compensation_failed, until a person acts.
//
// All of it happens in the script's atomic step with the event that caused
// it, so a redelivered event, applied once, requests nothing twice, and the
// requests' ids derive from the workflow and the step alone.
const compensationLua = `
local cmp_order = {'ocr', 'ledger', 'notify'}
local cmp_from = {canceled = true, failed = true, compensating = true, compensated = true}
local function compensation(p, wk, op, nw)
  local fk, ck = wk .. ':effects', wk .. ':comp'
  if op.fx then
    for step, detail in pairs(op.fx) do
      -- A step's first effect is one call; a later one is added to its list.
      if redis.call('HSETNX', fk, step, detail) == 0 and detail ~= '' then
        local old = redis.call('HGET', fk, step)
        if not string.find(',' .. old .. ',', ',' .. detail .. ',', 1, true) then
          redis.call('HSET', fk, step, old .. ',' .. detail)
        end
      end
    end
  end
  if op.cz and op.cz ~= '' and nw.status == op.s then
    redis.call('HSETNX', wk, 'comp_cause', op.cz)
  end
  if op.cp then
    if redis.call('HGET', ck, op.cp.st) ~= 'requested' then return end
    if op.cp.ok then
      redis.call('HSET', ck, op.cp.st, 'compensated')
    else
      redis.call('HSET', ck, op.cp.st, 'failed')
      redis.call('HSET', wk, 'status', 'compensation_failed')
      redis.call('HDEL', wk, 'comp_step')
      nw.status = 'compensation_failed'
      return
    end
  end
  if not cmp_from[nw.status or ''] then return end
  local state = {}
  local h = redis.call('HGETALL', ck)
  for i = 1, #h, 2 do
    if h[i + 1] ~= 'compensated' then return end -- one at a time; a failed one waits for a person
    state[h[i]] = h[i + 1]
  end
  for i = #cmp_order, 1, -1 do
    local step = cmp_order[i]
    if not state[step] and redis.call('HEXISTS', fk, step) == 1 then
      redis.call('HSET', ck, step, 'requested')
      redis.call('HSET', wk, 'status', 'compensating', 'comp_step', step)
      redis.call('HSETNX', wk, 'comp_cause', nw.status)
      -- The workflow ends here, canceled or failed, though it shows
      -- compensating: rs_after counts the end by its cause.
      if nw.status == 'canceled' or nw.status == 'failed' then nw.ended_as = nw.status end
      nw.status = 'compensating'
      redis.call('ZADD', p .. 'timers', op.at, 'compensate:' .. op.w)
      return
    end
  end
  if nw.status == 'compensating' then
    redis.call('HSET', wk, 'status', 'compensated')
    redis.call('HDEL', wk, 'comp_step')
    nw.status = 'compensated'
  end
end
`
