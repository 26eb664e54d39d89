package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
)

// purgeScript deletes up to ARGV[3] terminal workflows whose latest event
// occurred before ARGV[2] (Unix ms): state, history, applied set, set of
// review tasks, index entries and status counts, each workflow in one atomic step. Several
// replicas may run it at once: a workflow is deleted once, and one that a
// late event made newer goes back to the finished set with its new time.
// It returns {read, purged}.
var purgeScript = redis.NewScript(`
local p, cutoff = ARGV[1], tonumber(ARGV[2])
local terminal = {completed = true, failed = true, canceled = true, timed_out = true, compensated = true, compensation_failed = true}
local ids = redis.call('ZRANGEBYSCORE', p .. 'finished', '-inf', '(' .. ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
local purged = 0
for _, id in ipairs(ids) do
  local wk = p .. 'wf:' .. id
  local a = redis.call('HMGET', wk, 'status', 'stage', 'tenant', 'updated', 'parked_flag')
  local st, sg, tn = a[1] or '', a[2] or '', a[3] or ''
  redis.call('ZREM', p .. 'finished', id)
  if terminal[st] and a[4] and tonumber(a[4]) >= cutoff then
    redis.call('ZADD', p .. 'finished', a[4], id)
  elseif terminal[st] then
    redis.call('DEL', wk, wk .. ':history', wk .. ':applied', wk .. ':reviews')
    redis.call('ZREM', p .. 'index', id)
    redis.call('ZREM', p .. 'idx:status:' .. st, id)
    redis.call('ZREM', p .. 'live:' .. sg, id)
    if tn ~= '' then
      redis.call('ZREM', p .. 'idx:tenant:' .. tn, id)
    else
      tn = '-'
    end
    redis.call('HINCRBY', p .. 'counts', tn .. '|' .. st, -1)
    if a[5] then
      redis.call('HINCRBY', p .. 'counts', a[5] .. '|@parked', -1)
      redis.call('ZREM', p .. 'idx:parked', id)
    end
    redis.call('DEL', wk .. ':parked')
    purged = purged + 1
  end
end
return {#ids, purged}
`)

// purgeBatch bounds the workflows one purge script call deletes.
const purgeBatch = 200

// Purge deletes the terminal workflows whose latest event occurred before
// cutoff, in batches, and returns how many it deleted. Their history stays
// reconstructible from Kafka while the topics retain it.
func (s *Store) Purge(ctx context.Context, cutoff time.Time) (int, error) {
	total := 0
	for {
		res, err := purgeScript.Run(ctx, s.rdb, nil, s.prefix, strconv.FormatInt(cutoff.UnixMilli(), 10), purgeBatch).Int64Slice()
		if err != nil {
			return total, fault.Wrap(fault.Transient, fmt.Errorf("purge workflows finished before %s: %w", cutoff.Format(time.RFC3339), err))
		}
		total += int(res[1])
		if res[0] < purgeBatch {
			return total, nil
		}
	}
}
