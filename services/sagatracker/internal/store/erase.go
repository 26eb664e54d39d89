package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// eraseLua defines what the apply script does for corrections and
// erasures.
//
// correct(wk, op, erased) keeps a corrected event's correction on the
// workflow hash: corrections (how many) and corrected_type, _outcome,
// _previous, _by, _reason (not once erased), _sequence, _hash, _partition
// and _at of the latest. The corrected type is the workflow's document type from then
// on (parse reads it before doc_type, whatever order a rebuild projects the
// decisions and corrections in).
//
// erase(p, wk, op) drops the personal data the projection holds of an
// erased workflow and marks it (erased_at, the first erasure's time): its
// file name (hence the list search by file name), last error and
// correction reason; in its history, every entry's summary that holds a
// file name, an error message or a reason in words is replaced by the
// entry's redacted form; its review tasks (named by the history's
// ReviewRequested entries) lose their reason, rule, flag details and a
// pending decision's reason; its parked items their reasons. Ids, hashes,
// document types, statuses, decisions and times stay. The change stream
// (capped by WithChangesMaxLen) is not rewritten: its entries age out.
// control (controlLua) also cancels a workflow that has not ended: the
// cancel marker (reason "erased") and the cancel timer, as for a
// cancel_requested.
const eraseLua = `
local function erase_review(rk)
  if redis.call('EXISTS', rk) == 0 then return end
  redis.call('HSET', rk, 'reason', '', 'rule', '')
  redis.call('HDEL', rk, 'pending_reason')
  local fl = redis.call('HGET', rk, 'flags')
  if fl and fl ~= '' and fl ~= '[]' then
    local flags = cjson.decode(fl)
    for _, f in ipairs(flags) do f.detail = '' end
    redis.call('HSET', rk, 'flags', cjson.encode(flags))
  end
end
local function erase(p, wk, op)
  redis.call('HSETNX', wk, 'erased_at', op.at)
  redis.call('HDEL', wk, 'filename', 'last_error', 'corrected_reason')
  local hk = wk .. ':history'
  local entries = redis.call('LRANGE', hk, 0, -1)
  for i, raw in ipairs(entries) do
    local redacted = string.find(raw, '"redacted":', 1, true)
    local review = string.find(raw, '"type":"ReviewRequested"', 1, true)
    if redacted or review then
      local e = cjson.decode(raw)
      if review then erase_review(p .. 'review:' .. e.event_id) end
      if e.redacted then
        e.summary = e.redacted
        e.redacted = nil
        redis.call('LSET', hk, i - 1, cjson.encode(e))
      end
    end
  end
  local pk = wk .. ':parked'
  for _, id in ipairs(redis.call('HKEYS', pk)) do
    redis.call('HSET', pk, id, '')
  end
end
local function correct(wk, op, erased)
  local co = op.co
  redis.call('HINCRBY', wk, 'corrections', 1)
  local last = tonumber(redis.call('HGET', wk, 'corrected_at') or '-1')
  if tonumber(op.at) >= last then
    redis.call('HSET', wk, 'corrected_type', co.dt, 'corrected_outcome', co.out, 'corrected_previous', co.pt,
      'corrected_by', co.by, 'corrected_sequence', co.seq, 'corrected_hash', co.hash, 'corrected_partition', co.part or '',
      'corrected_at', op.at)
    if erased or co.re == '' then
      redis.call('HDEL', wk, 'corrected_reason')
    else
      redis.call('HSET', wk, 'corrected_reason', co.re)
    end
  end
end
`

// Document returns the workflow's document as its submitted event named
// it; the zero BlobRef when the projection has none.
func (s *Store) Document(ctx context.Context, id string) (events.BlobRef, error) {
	v, err := s.rdb.HMGet(ctx, s.prefix+"wf:"+id, "doc_uri", "doc_sha256", "doc_size", "doc_media_type").Result()
	if err != nil {
		return events.BlobRef{}, fault.Wrap(fault.Transient, fmt.Errorf("read document of %s: %w", id, err))
	}
	str := func(i int) string { s, _ := v[i].(string); return s }
	size, _ := strconv.ParseInt(str(2), 10, 64)
	return events.BlobRef{URI: str(0), SHA256: str(1), SizeBytes: size, MediaType: str(3)}, nil
}

// requestTTL is how long the tracker remembers an operator request's
// parameters under its request id.
const requestTTL = 30 * 24 * time.Hour

// BoundRequest returns the fingerprint a request key was bound to
// (BindRequest), and whether it was; it binds nothing.
func (s *Store) BoundRequest(ctx context.Context, key string) (string, bool, error) {
	bound, err := s.rdb.Get(ctx, s.prefix+"req:"+key).Result()
	if errors.Is(err, redis.Nil) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read request %s: %w", key, err)
	}
	return bound, true, nil
}

// BindRequest binds request id key to its parameters fingerprint, the first
// time it is used, and returns the fingerprint it is bound to: fingerprint
// itself, or the one of an earlier request with the same id.
func (s *Store) BindRequest(ctx context.Context, key, fingerprint string) (string, error) {
	k := s.prefix + "req:" + key
	ok, err := s.rdb.SetNX(ctx, k, fingerprint, requestTTL).Result()
	if err != nil {
		return "", fmt.Errorf("bind request %s: %w", key, err)
	}
	if ok {
		return fingerprint, nil
	}
	bound, err := s.rdb.Get(ctx, k).Result()
	if err != nil {
		return "", fmt.Errorf("read request %s: %w", key, err)
	}
	return bound, nil
}
