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

// Statuses of the interim view: a subset of the saga tracker's.
const (
	StatusQueued        = "queued"
	StatusRunning       = "running"
	StatusWaitingReview = "waiting_review"
	StatusParked        = "parked"
	StatusCompleted     = "completed"
	StatusFailed        = "failed"
	StatusCanceled      = "canceled"
	StatusTimedOut      = "timed_out"
	// StatusCorrected is not a status of the view but of a callback: the
	// ledger recorded a correction of the completed workflow.
	StatusCorrected = "corrected"
)

// RankTerminal is the rank of every terminal update.
const RankTerminal = 100

// Update is one change of a workflow's status record.
//
// Events of one workflow arrive on several topics, so the view may see
// them out of order; each update has a rank (its place in the workflow)
// and the record only moves forward: an update applies when its rank is
// higher than the record's, or equal and not terminal. Rank 0 is a note:
// its fields apply unless the workflow has ended, without moving it.
// Static fields (tenant, callback URL, ...) apply whatever the rank, when
// not empty. When the record is terminal and knows a callback URL, a
// callback delivery is scheduled, once.
type Update struct {
	WorkflowID string
	Rank       int
	Fields     map[string]string
	Static     map[string]string
	// Submission: the update is a submission's record, applied only when
	// the status record holds none yet (no submitted_at): recording the
	// same submission again, from a repeated request, changes nothing —
	// not even what an erasure dropped since.
	Submission bool
	// ReportErased asks Apply whether the record is marked erased
	// (Applied.Erased), read in the same script as the update's write.
	ReportErased bool
	// Fill: when a later event's rank already stands, the update's ranked
	// fields are still set where the record has none. Events of different
	// topics arrive in any order: a classification read after the
	// workflow's recorded event still gives it its document type.
	Fill bool
}

// applyScript: KEYS[1] status hash, KEYS[2] callback schedule.
// ARGV: rank, ttl ms, now ms, number of static pairs, options ("s":
// Submission, "e": ReportErased, "f": Fill, "-": none), pairs..., ranked
// pairs...
// Returns {applied, enqueued, erased}; erased is 0 unless asked.
//
// The record is read once (HMGET: what the rules look at, and with Fill
// the ranked fields) and written once (one HSET of every field the update
// sets, its version and callback state included): three commands an
// update instead of one a field and four reads.
var applyScript = redis.NewScript(`
local k, opts = KEYS[1], ARGV[5]
local fill = string.find(opts, 'f', 1, true)
local rank = tonumber(ARGV[1])
local ns = tonumber(ARGV[4])
local want = {'submitted_at', 'rank', 'callback_url', 'cb_state', 'erased_at', 'version'}
local ranked = 6 + 2 * ns
if fill then
  for i = ranked, #ARGV, 2 do want[#want + 1] = ARGV[i] end
end
local got = redis.call('HMGET', k, unpack(want))
if string.find(opts, 's', 1, true) and got[1] then return {0, 0, 0} end
local set, new = {}, {}
local function put(f, v)
  set[#set + 1] = f
  set[#set + 1] = v
  new[f] = v
end
local function val(i)
  local v = new[want[i]]
  if v == nil then v = got[i] end
  return v
end
for i = 6, ranked - 1, 2 do
  if ARGV[i + 1] ~= '' then put(ARGV[i], ARGV[i + 1]) end
end
local cur = tonumber(got[2] or '0')
local applied = 0
if (rank > 0 and (rank > cur or (rank == cur and cur < 100))) or (rank == 0 and cur < 100) then
  applied = 1
  for i = ranked, #ARGV, 2 do put(ARGV[i], ARGV[i + 1]) end
  if rank > 0 then put('rank', rank) end
elseif fill then
  local j = 7
  for i = ranked, #ARGV, 2 do
    if not got[j] and new[ARGV[i]] == nil then put(ARGV[i], ARGV[i + 1]) end
    j = j + 1
  end
end
local enqueued = 0
local cb = val(3)
if tonumber(val(2) or '0') >= 100 and cb and cb ~= '' and not val(4) then
  put('cb_state', 'pending')
  enqueued = 1
end
put('version', (tonumber(got[6]) or 0) + 1)
redis.call('HSET', k, unpack(set))
redis.call('PEXPIRE', k, ARGV[2])
if enqueued == 1 then redis.call('ZADD', KEYS[2], 'NX', ARGV[3], new['workflow_id']) end
local erased = 0
if string.find(opts, 'e', 1, true) and val(5) then erased = 1 end
return {applied, enqueued, erased}
`)

func statusKey(wf string) string { return prefix + "wf:" + wf }

const callbackSchedule = prefix + "callbacks"

// Applied is what Apply did, and what it saw.
type Applied struct {
	// Ranked: the update's ranked fields were applied.
	Ranked bool
	// Scheduled: a callback was scheduled.
	Scheduled bool
	// Erased: the record is marked erased (Erase), when ReportErased
	// asked: read in the same script as the update's write, so a caller
	// that wrote a content reference learns in the same round trip
	// whether an erasure came first and the content must go.
	Erased bool
}

// Apply applies u and reports what it did.
func (s *Store) Apply(ctx context.Context, u Update, now time.Time) (Applied, error) {
	opts := ""
	if u.Submission {
		opts += "s"
	}
	if u.ReportErased {
		opts += "e"
	}
	if u.Fill {
		opts += "f"
	}
	if opts == "" {
		opts = "-"
	}
	args := []any{u.Rank, s.statusTTL.Milliseconds(), now.UnixMilli(), len(u.Static) + 1, opts, "workflow_id", u.WorkflowID}
	for k, v := range u.Static {
		args = append(args, k, v)
	}
	for k, v := range u.Fields {
		args = append(args, k, v)
	}
	res, err := applyScript.Run(ctx, s.rdb, []string{statusKey(u.WorkflowID), callbackSchedule}, args...).Int64Slice()
	if err != nil {
		return Applied{}, fault.Wrap(fault.Transient, fmt.Errorf("update status of %s: %w", u.WorkflowID, redisfault.Mark(err)))
	}
	if len(res) != 3 {
		return Applied{}, fault.Transientf("update status of %s: unexpected reply %v", u.WorkflowID, res)
	}
	return Applied{Ranked: res[0] == 1, Scheduled: res[1] == 1, Erased: res[2] == 1}, nil
}

// Status returns a workflow's status record, or ErrNotFound.
func (s *Store) Status(ctx context.Context, wf string) (map[string]string, error) {
	m, err := s.rdb.HGetAll(ctx, statusKey(wf)).Result()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read status of %s: %w", wf, redisfault.Mark(err)))
	}
	if len(m) == 0 || m["rank"] == "" && m["status"] == "" {
		return nil, ErrNotFound
	}
	return m, nil
}

// claimScript takes up to ARGV[3] deliveries due at ARGV[1] and pushes
// them to ARGV[2] (a lease), so no other replica takes them meanwhile.
var claimScript = redis.NewScript(`
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, m in ipairs(due) do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], m) end
return due
`)

// ClaimDue returns up to limit workflows whose callback is due at now and
// leases them until now+lease.
func (s *Store) ClaimDue(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]string, error) {
	ids, err := claimScript.Run(ctx, s.rdb, []string{callbackSchedule}, now.UnixMilli(), now.Add(lease).UnixMilli(), limit).StringSlice()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("claim due callbacks: %w", redisfault.Mark(err)))
	}
	return ids, nil
}

// CallbackAttempt counts one more delivery attempt and returns the count.
func (s *Store) CallbackAttempt(ctx context.Context, wf string) (int, error) {
	n, err := s.rdb.HIncrBy(ctx, statusKey(wf), "cb_attempts", 1).Result()
	if err != nil {
		return 0, fault.Wrap(fault.Transient, fmt.Errorf("count callback attempt: %w", redisfault.Mark(err)))
	}
	return int(n), nil
}

// RescheduleCallback sets when the workflow's callback is next due.
func (s *Store) RescheduleCallback(ctx context.Context, wf, lastErr string, at time.Time) error {
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.ZAddXX(ctx, callbackSchedule, redis.Z{Score: float64(at.UnixMilli()), Member: wf})
		p.HSet(ctx, statusKey(wf), "cb_last_error", lastErr, "cb_next_at", at.UTC().Format(time.RFC3339Nano))
		return nil
	})
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("reschedule callback: %w", redisfault.Mark(err)))
	}
	return nil
}

// finishScript: KEYS[1] status hash, KEYS[2] callback schedule, KEYS[3]
// the follow-ups queued behind the callback; ARGV[1] state, ARGV[2] last
// error, ARGV[3] now ms, ARGV[4] workflow id. The callback ends with its
// state; the next queued follow-up, if any, becomes the callback, due now.
var finishScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('ZREM', KEYS[2], ARGV[4])
  redis.call('DEL', KEYS[3])
  return 0
end
if ARGV[1] == 'delivered' then redis.call('HINCRBY', KEYS[1], 'cb_delivered', 1) end
local nxt = redis.call('LPOP', KEYS[3])
if nxt then
  local f = cjson.decode(nxt)
  redis.call('HSET', KEYS[1], 'cb_state', 'pending', 'cb_status', f.status, 'cb_document_type', f.document_type,
    'cb_sequence', f.sequence, 'cb_attempts', 0)
  redis.call('HDEL', KEYS[1], 'cb_last_error', 'cb_next_at')
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
  return 1
end
redis.call('ZREM', KEYS[2], ARGV[4])
redis.call('HSET', KEYS[1], 'cb_state', ARGV[1], 'cb_last_error', ARGV[2])
redis.call('HDEL', KEYS[1], 'cb_next_at')
return 0
`)

// FinishCallback ends the workflow's current callback with state
// delivered or failed; a follow-up queued behind it (a correction's
// callback) is due at now.
func (s *Store) FinishCallback(ctx context.Context, wf, state, lastErr string, now time.Time) error {
	err := finishScript.Run(ctx, s.rdb, []string{statusKey(wf), callbackSchedule, followUpsKey(wf)}, state, lastErr, now.UnixMilli(), wf).Err()
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("finish callback of %s: %w", wf, redisfault.Mark(err)))
	}
	return nil
}

// PendingCallbacks counts scheduled deliveries.
func (s *Store) PendingCallbacks(ctx context.Context) (int64, error) {
	return s.rdb.ZCard(ctx, callbackSchedule).Result()
}

// Itoa is strconv.Itoa, for callers building Fields.
func Itoa(n int64) string { return strconv.FormatInt(n, 10) }
