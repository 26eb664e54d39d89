package idempotency

import "github.com/redis/go-redis/v9"

// The scripts work on one key each (KEYS[1]), so they are safe in Redis
// Cluster; batches are pipelines of single-key scripts. Each replies with
// replyLen values: a code, then the record as stored after the script ran
// (st, tok, own, lu, res, ca) and the server's time in Unix ms. The
// result (res) is sent back only when the caller does not know it already:
// with the code "completed".
//
// Times come from the Redis server's clock (TIME), never from the clients',
// so leases do not depend on clock agreement between workers.

// prelude is shared by every script.
const prelude = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function int(n) return string.format('%d', n) end
local function load(key)
  local f = redis.call('HMGET', key, 'st', 'tok', 'own', 'lu', 'res', 'ca', 'nc')
  return {st = f[1] or '', tok = tonumber(f[2]) or 0, own = f[3] or '', lu = tonumber(f[4]) or 0,
          res = f[5] or '', ca = tonumber(f[6]) or 0, nc = f[7] or ''}
end
local function reply(code, r, now)
  local res = ''
  if code == 'completed' then res = r.res end
  return {code, r.st, r.tok, r.own, r.lu, res, r.ca, now}
end
`

// claimScript: ARGV owner, lease ms, ttl ms, nonce, stale owner (or "").
//
// A completed key returns its record. A live claim returns it as held,
// unless it was made by this very call (same nonce: the client retried after
// a lost reply) or is held by the stale owner named (Reclaim). Anything else
// (no record, released, lease expired) is claimed with the next token.
var claimScript = redis.NewScript(prelude + `
local r = load(KEYS[1])
local now = now_ms()
if r.st == 'done' then return reply('completed', r, now) end
local code = 'acquired'
if r.st == 'held' then
  if r.nc == ARGV[4] then return reply('acquired', r, now) end
  if r.lu > now and (ARGV[5] == '' or r.own ~= ARGV[5]) then return reply('held', r, now) end
  code = 'takeover'
end
r.st, r.tok, r.own, r.lu, r.nc = 'held', r.tok + 1, ARGV[1], now + tonumber(ARGV[2]), ARGV[4]
redis.call('HSET', KEYS[1], 'st', r.st, 'tok', int(r.tok), 'own', r.own, 'lu', int(r.lu), 'nc', r.nc)
redis.call('PEXPIRE', KEYS[1], int(tonumber(ARGV[2]) + tonumber(ARGV[3])))
return reply(code, r, now)
`)

// completeScript: ARGV token, result, ttl ms.
//
// Only the current claim (same token, still held) may complete; repeating
// the same completion (a retry) succeeds again.
var completeScript = redis.NewScript(prelude + `
local r = load(KEYS[1])
local now = now_ms()
if r.tok == tonumber(ARGV[1]) then
  if r.st == 'held' then
    r.st, r.res, r.ca, r.lu = 'done', ARGV[2], now, 0
    redis.call('HSET', KEYS[1], 'st', r.st, 'res', r.res, 'ca', int(r.ca), 'lu', '0')
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    return reply('ok', r, now)
  end
  if r.st == 'done' and r.res == ARGV[2] then return reply('ok', r, now) end
end
return reply('fenced', r, now)
`)

// releaseScript: ARGV token.
//
// The current claim becomes free at once, keeping its token so the next
// claim gets a larger one. Releasing a claim that is already released or was
// completed by the same token does nothing.
var releaseScript = redis.NewScript(prelude + `
local r = load(KEYS[1])
local now = now_ms()
if r.tok == tonumber(ARGV[1]) then
  if r.st == 'held' then
    r.st, r.lu = 'free', 0
    redis.call('HSET', KEYS[1], 'st', r.st, 'lu', '0')
    return reply('ok', r, now)
  end
  if r.st == 'free' or r.st == 'done' then return reply('ok', r, now) end
end
return reply('fenced', r, now)
`)

// extendScript: ARGV token, lease ms, ttl ms.
//
// The current claim's lease is set to now + lease, even if it had run out,
// as long as nobody took the key over.
var extendScript = redis.NewScript(prelude + `
local r = load(KEYS[1])
local now = now_ms()
if r.tok == tonumber(ARGV[1]) and r.st == 'held' then
  r.lu = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'lu', int(r.lu))
  redis.call('PEXPIRE', KEYS[1], int(tonumber(ARGV[2]) + tonumber(ARGV[3])))
  return reply('ok', r, now)
end
return reply('fenced', r, now)
`)

// replyLen is the length of every script's reply.
const replyLen = 8

// hashFields are the fields Lookup reads, in the order of a script reply
// after its code.
var hashFields = []string{"st", "tok", "own", "lu", "res", "ca"}
