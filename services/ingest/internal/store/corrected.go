package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// Correction is a correction of a completed workflow the ledger recorded:
// the corrected decision and the ledger record that holds it.
type Correction struct {
	DocumentType, Outcome string
	// Sequence, Partition and Hash (hex) name the correction's ledger
	// record; Partition is empty when unknown.
	Sequence  int64
	Partition string
	Hash      string
	At        time.Time
}

// correctScript: KEYS[1] status hash; ARGV: sequence, type, outcome,
// partition, hash, at. The view takes the correction when it is later in
// the ledger than the one it holds: the operator's type replaces the
// model's (whose confidence and own score no longer describe it), and the ledger
// reference names the correction's record (its offset unknown).
var correctScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cur = tonumber(redis.call('HGET', KEYS[1], 'corrected_sequence') or '-1')
if tonumber(ARGV[1]) <= cur then return 0 end
redis.call('HSET', KEYS[1], 'document_type', ARGV[2], 'corrected_at', ARGV[6], 'corrected_sequence', ARGV[1],
  'ledger_sequence', ARGV[1], 'ledger_offset', '-1')
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'review_outcome', ARGV[3]) end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'ledger_partition', ARGV[4]) end
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'ledger_hash', ARGV[5]) end
redis.call('HDEL', KEYS[1], 'confidence', 'model_score')
redis.call('HINCRBY', KEYS[1], 'version', 1)
return 1
`)

// Correct applies c to wf's status record, unless it holds that
// correction or a later one; applying again changes nothing.
func (s *Store) Correct(ctx context.Context, wf string, c Correction) error {
	err := correctScript.Run(ctx, s.rdb, []string{statusKey(wf)}, c.Sequence, c.DocumentType, c.Outcome, c.Partition, c.Hash,
		c.At.UTC().Format(time.RFC3339Nano)).Err()
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("correct status of %s: %w", wf, redisfault.Mark(err)))
	}
	return nil
}

// followUpsKey holds the follow-up callbacks of wf queued behind the one
// being delivered (JSON: status, document_type, sequence).
func followUpsKey(wf string) string { return statusKey(wf) + ":cbnext" }

// scheduleScript: KEYS[1] status hash, KEYS[2] callback schedule, KEYS[3]
// follow-ups; ARGV: now ms, status, document type, sequence. With a
// callback URL, the follow-up becomes the callback, due now — unless a
// correction's callback is still pending, which it then queues behind, so
// every correction is announced by its own callback. A pending completion
// callback is replaced: the follow-up is the later word. Returns 1 when
// scheduled or queued.
var scheduleScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'callback_url', 'cb_state', 'cb_status', 'workflow_id')
if not h[1] or h[1] == '' then return 0 end
if h[2] == 'pending' and h[3] == 'corrected' then
  redis.call('RPUSH', KEYS[3], cjson.encode({status = ARGV[2], document_type = ARGV[3], sequence = ARGV[4]}))
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then redis.call('PEXPIRE', KEYS[3], ttl) end
  return 1
end
redis.call('HSET', KEYS[1], 'cb_state', 'pending', 'cb_status', ARGV[2], 'cb_document_type', ARGV[3], 'cb_sequence', ARGV[4], 'cb_attempts', 0)
redis.call('HDEL', KEYS[1], 'cb_last_error', 'cb_next_at')
redis.call('ZADD', KEYS[2], ARGV[1], h[4])
return 1
`)

// ScheduleCallback schedules the callback announcing c (status corrected)
// and reports whether wf has a callback URL to send it to. A completion
// callback still pending is replaced by it; a correction's callback still
// pending is sent first, then this one.
func (s *Store) ScheduleCallback(ctx context.Context, wf string, c Correction, now time.Time) (bool, error) {
	n, err := scheduleScript.Run(ctx, s.rdb, []string{statusKey(wf), callbackSchedule, followUpsKey(wf)}, now.UnixMilli(), StatusCorrected,
		c.DocumentType, strconv.FormatInt(c.Sequence, 10)).Int()
	if err != nil {
		return false, fault.Wrap(fault.Transient, fmt.Errorf("schedule corrected callback of %s: %w", wf, redisfault.Mark(err)))
	}
	return n == 1, nil
}
