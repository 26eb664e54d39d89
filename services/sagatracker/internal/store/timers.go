package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Timer kinds.
const (
	// TimerDeadline fires when a workflow's deadline passes; Target is the
	// workflow.
	TimerDeadline = "deadline"
	// TimerSLA fires when a review's SLA passes; Target is the task.
	TimerSLA = "sla"
	// TimerCancel fires when no agent ended a canceled workflow within the
	// cancel grace; Target is the workflow.
	TimerCancel = "cancel"
	// TimerCompensate fires at once when a compensating workflow's next
	// step is to be asked to undo its effects (compensationLua); Target is
	// the workflow.
	TimerCompensate = "compensate"
)

// Timer is a due timer claimed for firing.
type Timer struct {
	// Member is the timer's name, "<kind>:<target>".
	Member string
	Kind   string
	Target string
	Due    time.Time
	// Workflow and Tenant are those of the target.
	Workflow string
	Tenant   string
	// Priority is a review task's current priority (TimerSLA).
	Priority int
	// Reason is the cancel reason (TimerCancel).
	Reason string
	// Document is the workflow's document (TimerDeadline); empty for a
	// workflow projected before the tracker kept it.
	Document events.BlobRef
	// Step is the step to compensate, Cause why, and Effect what the
	// tracker knows of the step's effect (TimerCompensate).
	Step, Cause, Effect string
}

// claimDueScript claims due timers for firing. ARGV: prefix, now (ms),
// claim end (ms), limit, cancel prefix. A claimed timer moves from
// P timers to P timers:firing until the claim ends; one whose claim ended
// without an ack (its firer died) is claimed again, with its original due
// time, so it fires with the same event id. A timer whose target no longer
// needs it (the workflow ended, the task was decided or escalated) is
// dropped, as is a compensate timer of a workflow no longer compensating.
// Returns {member, due, workflow, tenant, extra, document uri, sha256,
// size, media type, cause, effect} per timer; the document is a
// deadline's, extra a review's priority, a cancel's reason or the step to
// compensate, cause and effect a compensation's.
var claimDueScript = redis.NewScript(`
local p, now, untilms, limit, cp = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), ARGV[5]
local tk, fk, dk = p .. 'timers', p .. 'timers:firing', p .. 'timers:due'
local terminal = {completed = true, failed = true, canceled = true, timed_out = true, compensating = true, compensated = true, compensation_failed = true}
local out = {}
local function take(member, due)
  local kind, target = string.match(member, '^(%a+):(.*)$')
  local wf, tenant, extra
  local doc = {'', '', '', ''}
  local cause, effect = '', ''
  if kind == 'deadline' or kind == 'cancel' then
    local h = redis.call('HMGET', p .. 'wf:' .. target, 'status', 'tenant', 'doc_uri', 'doc_sha256', 'doc_size', 'doc_media_type')
    if h[1] and not terminal[h[1]] then
      wf, tenant, extra = target, h[2] or '', ''
      if kind == 'cancel' then extra = redis.call('GET', cp .. target) or '' end
      if kind == 'deadline' then doc = {h[3] or '', h[4] or '', h[5] or '', h[6] or ''} end
    end
  elseif kind == 'compensate' then
    local h = redis.call('HMGET', p .. 'wf:' .. target, 'status', 'tenant', 'comp_step', 'comp_cause')
    if h[1] == 'compensating' and h[3] then
      wf, tenant, extra, cause = target, h[2] or '', h[3], h[4] or ''
      effect = redis.call('HGET', p .. 'wf:' .. target .. ':effects', h[3]) or ''
    end
  elseif kind == 'sla' then
    local h = redis.call('HMGET', p .. 'review:' .. target, 'state', 'workflow', 'tenant', 'priority', 'escalated')
    if h[1] == 'open' and h[5] ~= '1' then
      wf, tenant, extra = h[2], h[3] or '', h[4] or '0'
    end
  end
  redis.call('ZREM', tk, member)
  if not wf then
    redis.call('ZREM', fk, member)
    redis.call('HDEL', dk, member)
    return
  end
  redis.call('ZADD', fk, untilms, member)
  redis.call('HSET', dk, member, due)
  table.insert(out, {member, due, wf, tenant, extra, doc[1], doc[2], doc[3], doc[4], cause, effect})
end
for _, m in ipairs(redis.call('ZRANGEBYSCORE', fk, '-inf', now, 'LIMIT', 0, limit)) do
  take(m, redis.call('HGET', dk, m) or string.format('%.0f', now))
end
local left = limit - #out
if left > 0 then
  local due = redis.call('ZRANGEBYSCORE', tk, '-inf', now, 'WITHSCORES', 'LIMIT', 0, left)
  for i = 1, #due, 2 do
    take(due[i], due[i + 1])
  end
end
return out
`)

// ClaimDue claims up to limit timers due at now for firing, until
// now+claim; a timer is claimed by one caller at a time, across replicas.
// Fire each, then Ack it; one not acked by the end of its claim is claimed
// again (with the same due time).
func (s *Store) ClaimDue(ctx context.Context, now time.Time, claim time.Duration, limit int) ([]Timer, error) {
	res, err := claimDueScript.Run(ctx, s.rdb, nil, s.prefix, now.UnixMilli(), now.Add(claim).UnixMilli(), limit,
		s.settings.CancelPrefix).Slice()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("claim due timers: %w", err))
	}
	out := make([]Timer, 0, len(res))
	for _, r := range res {
		f, ok := r.([]any)
		if !ok || len(f) != 11 {
			return nil, fault.Structuralf("claim due timers: unexpected reply %v", r)
		}
		str := make([]string, len(f))
		for i, v := range f {
			str[i], _ = v.(string)
		}
		kind, target, _ := strings.Cut(str[0], ":")
		due, err := strconv.ParseFloat(str[1], 64)
		if err != nil {
			return nil, fault.Structuralf("timer %s due %q: %w", str[0], str[1], err)
		}
		t := Timer{Member: str[0], Kind: kind, Target: target, Due: time.UnixMilli(int64(due)).UTC(), Workflow: str[2], Tenant: str[3]}
		t.Document = events.BlobRef{URI: str[5], SHA256: str[6], MediaType: str[8]}
		t.Document.SizeBytes, _ = strconv.ParseInt(str[7], 10, 64)
		switch kind {
		case TimerSLA:
			t.Priority, _ = strconv.Atoi(str[4])
		case TimerCancel:
			t.Reason = str[4]
		case TimerCompensate:
			t.Step, t.Cause, t.Effect = str[4], str[9], str[10]
		}
		out = append(out, t)
	}
	return out, nil
}

// Ack forgets a fired timer.
func (s *Store) Ack(ctx context.Context, member string) error {
	pipe := s.rdb.TxPipeline()
	pipe.ZRem(ctx, s.prefix+"timers:firing", member)
	pipe.HDel(ctx, s.prefix+"timers:due", member)
	if _, err := pipe.Exec(ctx); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("ack timer %s: %w", member, err))
	}
	return nil
}

// Scheduled returns the scheduled (not yet claimed) timers and their due
// times.
func (s *Store) Scheduled(ctx context.Context) (map[string]time.Time, error) {
	zs, err := s.rdb.ZRangeWithScores(ctx, s.prefix+"timers", 0, -1).Result()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read timers: %w", err))
	}
	out := make(map[string]time.Time, len(zs))
	for _, z := range zs {
		m, _ := z.Member.(string)
		out[m] = time.UnixMilli(int64(z.Score)).UTC()
	}
	return out, nil
}
