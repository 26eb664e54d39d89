package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// Review task errors.
var (
	ErrTaskNotFound = errors.New("review task not found")
	// ErrClaimed: another reviewer holds a live lease on the task.
	ErrClaimed = errors.New("review task is claimed by another reviewer")
	// ErrNotClaimed: the caller holds no live lease on the task.
	ErrNotClaimed = errors.New("review task is not claimed by this reviewer")
	// ErrDecided: the task was decided (or is being decided) otherwise, or
	// closed with its ended workflow.
	ErrDecided = errors.New("review task is already decided or closed")
)

// Task states as stored.
const (
	TaskOpen     = "open"
	TaskDecided  = "decided"
	TaskCanceled = "canceled"
	// TaskClosed: the workflow ended otherwise (completed, or discarded by
	// an operator) while the task was open.
	TaskClosed = "closed"
)

// Task is a review task as read.
type Task struct {
	ID          string
	Workflow    string
	Tenant      string
	State       string
	Reason      string
	Priority    int
	RequestedAt time.Time
	SLA         time.Time
	Escalated   bool
	// ClaimedBy and ClaimUntil are the lease; ClaimedBy is empty when the
	// task is free at the time it was read.
	ClaimedBy  string
	ClaimUntil time.Time
	Document   struct {
		URI, SHA256, MediaType string
		Size                   int64
	}
	Suggested  string
	Confidence float64
	// Model is name@version, empty for none.
	Model      string
	Candidates []projection.Candidate
	Flags      []projection.Flag
	// Rule is what sent the document to review, in words
	// (projection.RuleOf); a task stored before rules were gets the policy
	// flags' words.
	Rule string
	// Pending is the decision the Decide RPC produced (or is producing),
	// PendingAt when it was first made.
	Pending   Decision
	PendingAt time.Time
	// Decided is the projected decision; DecidedEvent its event id.
	Decided      Decision
	DecidedEvent string
}

// Decision is a reviewer's decision of a task.
type Decision struct {
	Reviewer, Outcome, DocumentType, Reason string
}

func parseTask(h map[string]string, now time.Time) Task {
	t := Task{
		ID: h["id"], Workflow: h["workflow"], Tenant: h["tenant"], State: h["state"], Reason: h["reason"],
		RequestedAt: msTime(h["requested"]), SLA: msTime(h["sla"]), Escalated: h["escalated"] == "1",
		Suggested: h["suggested"], Model: h["model"], DecidedEvent: h["decided_event"],
		Pending:   Decision{Reviewer: h["pending_by"], Outcome: h["pending_outcome"], DocumentType: h["pending_type"], Reason: h["pending_reason"]},
		PendingAt: msTime(h["pending_at"]),
		Decided:   Decision{Reviewer: h["decided_by"], Outcome: h["decided_outcome"], DocumentType: h["decided_type"]},
	}
	t.Priority, _ = strconv.Atoi(h["priority"])
	t.Confidence, _ = strconv.ParseFloat(h["confidence"], 64)
	t.Document.URI, t.Document.SHA256, t.Document.MediaType = h["uri"], h["sha256"], h["media_type"]
	t.Document.Size, _ = strconv.ParseInt(h["size"], 10, 64)
	_ = json.Unmarshal([]byte(h["candidates"]), &t.Candidates) // written by the projection; "" leaves none
	_ = json.Unmarshal([]byte(h["flags"]), &t.Flags)
	t.Rule = h["rule"]
	if _, stored := h["rule"]; !stored {
		t.Rule = projection.RuleOf("", t.Flags, nil)
	}
	if until := msTime(h["claim_until"]); h["claim_by"] != "" && until.After(now) {
		t.ClaimedBy, t.ClaimUntil = h["claim_by"], until
	}
	return t
}

// Task returns a review task as it stands at now.
func (s *Store) Task(ctx context.Context, id string, now time.Time) (Task, error) {
	h, err := s.rdb.HGetAll(ctx, s.prefix+"review:"+id).Result()
	if err != nil {
		return Task{}, fault.Wrap(fault.Transient, fmt.Errorf("read review task %s: %w", id, err))
	}
	if len(h) == 0 {
		return Task{}, ErrTaskNotFound
	}
	return parseTask(h, now), nil
}

// maxTaskScan bounds the tasks one Tasks call reads; a sparse filter
// returns a short page with a token to go on.
const maxTaskScan = 5000

// TaskFilter selects open tasks in Tasks.
type TaskFilter struct {
	// Tenant, when set, keeps that tenant's tasks only.
	Tenant string
	// Unclaimed keeps the tasks no one holds a live lease on.
	Unclaimed bool
}

// Tasks returns up to limit open tasks matching f, most urgent first
// (highest priority, then oldest request), after the task named by cursor
// (empty for the first page), and the cursor of the next page (empty at
// the end). Leases are judged at now.
func (s *Store) Tasks(ctx context.Context, f TaskFilter, now time.Time, limit int, cursor string) ([]Task, string, error) {
	idx := s.prefix + "reviews"
	var start int64
	if cursor != "" {
		r, err := s.rdb.ZRank(ctx, idx, cursor).Result()
		if errors.Is(err, redis.Nil) {
			return nil, "", fault.Structuralf("page token names no open review task")
		}
		if err != nil {
			return nil, "", fault.Wrap(fault.Transient, fmt.Errorf("read review queue: %w", err))
		}
		start = r + 1
	}
	chunk := int64(max(limit*2, 100))
	var (
		out  []Task
		last string
	)
	for pos := start; pos-start < maxTaskScan; pos += chunk {
		ids, err := s.rdb.ZRange(ctx, idx, pos, pos+chunk-1).Result()
		if err != nil {
			return nil, "", fault.Wrap(fault.Transient, fmt.Errorf("read review queue: %w", err))
		}
		if len(ids) == 0 {
			return out, "", nil
		}
		pipe := s.rdb.Pipeline()
		cmds := make([]*redis.MapStringStringCmd, len(ids))
		for i, id := range ids {
			cmds[i] = pipe.HGetAll(ctx, s.prefix+"review:"+id)
		}
		if _, err := pipe.Exec(ctx); err != nil {
			return nil, "", fault.Wrap(fault.Transient, fmt.Errorf("read review tasks: %w", err))
		}
		last = ids[len(ids)-1]
		for i, c := range cmds {
			h := c.Val()
			if len(h) == 0 {
				continue
			}
			t := parseTask(h, now)
			if t.State == TaskOpen && (f.Tenant == "" || t.Tenant == f.Tenant) && (!f.Unclaimed || t.ClaimedBy == "") {
				out = append(out, t)
			}
			if len(out) == limit {
				if more, _ := s.rdb.ZCard(ctx, idx).Result(); pos+int64(i)+1 < more {
					return out, ids[i], nil
				}
				return out, "", nil
			}
		}
		if int64(len(ids)) < chunk {
			return out, "", nil
		}
	}
	return out, last, nil
}

// claimScript leases an open task. KEYS[1] is the task. ARGV: reviewer,
// now (ms), lease end (ms). Returns "ok", "missing", "closed" (decided,
// being decided or canceled) or "claimed" (another reviewer's live lease).
var claimScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'state', 'claim_by', 'claim_until', 'pending_by')
if not h[1] then return 'missing' end
if h[1] ~= 'open' or h[4] then return 'closed' end
if h[2] and h[2] ~= ARGV[1] and tonumber(h[3]) > tonumber(ARGV[2]) then return 'claimed' end
redis.call('HSET', KEYS[1], 'claim_by', ARGV[1], 'claim_until', ARGV[3])
return 'ok'
`)

// Claim leases task id to reviewer until now+lease; the holder may claim
// again to extend it. ErrTaskNotFound, ErrDecided or ErrClaimed otherwise.
func (s *Store) Claim(ctx context.Context, id, reviewer string, now time.Time, lease time.Duration) (Task, error) {
	until := now.Add(lease)
	res, err := claimScript.Run(ctx, s.rdb, []string{s.prefix + "review:" + id}, reviewer,
		now.UnixMilli(), until.UnixMilli()).Text()
	if err != nil {
		return Task{}, fault.Wrap(fault.Transient, fmt.Errorf("claim review task %s: %w", id, err))
	}
	if err := scriptErr(res); err != nil {
		return Task{}, err
	}
	return s.Task(ctx, id, now)
}

// decideScript records a pending decision of the lease holder. KEYS[1] is
// the task. ARGV: reviewer, now (ms), outcome, document type, reason.
// Returns "new" (recorded), "again" (the same decision was recorded or
// projected before: a retry), "missing", "closed" (decided otherwise or
// canceled) or "unclaimed".
var decideScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'state', 'claim_by', 'claim_until', 'pending_by', 'pending_outcome',
  'pending_type', 'pending_reason')
if not h[1] then return 'missing' end
if h[4] then
  if h[4] == ARGV[1] and h[5] == ARGV[3] and h[6] == ARGV[4] and h[7] == ARGV[5] then return 'again' end
  return 'closed'
end
if h[1] ~= 'open' then return 'closed' end
if h[2] ~= ARGV[1] or tonumber(h[3]) <= tonumber(ARGV[2]) then return 'unclaimed' end
redis.call('HSET', KEYS[1], 'pending_by', ARGV[1], 'pending_outcome', ARGV[3], 'pending_type', ARGV[4],
  'pending_reason', ARGV[5], 'pending_at', ARGV[2])
return 'new'
`)

// Decide records d as the task's pending decision when d.Reviewer holds a
// live lease on it. again is true when the same decision was recorded
// before (a retried call). ErrTaskNotFound, ErrDecided or ErrNotClaimed
// otherwise. The decision lands in the projection only once its
// review.decided event is projected.
func (s *Store) Decide(ctx context.Context, id string, d Decision, now time.Time) (t Task, again bool, err error) {
	res, err := decideScript.Run(ctx, s.rdb, []string{s.prefix + "review:" + id}, d.Reviewer,
		now.UnixMilli(), d.Outcome, d.DocumentType, d.Reason).Text()
	if err != nil {
		return Task{}, false, fault.Wrap(fault.Transient, fmt.Errorf("decide review task %s: %w", id, err))
	}
	if res != "new" && res != "again" {
		return Task{}, false, scriptErr(res)
	}
	t, err = s.Task(ctx, id, now)
	return t, res == "again", err
}

func scriptErr(res string) error {
	switch res {
	case "ok", "new", "again":
		return nil
	case "missing":
		return ErrTaskNotFound
	case "closed":
		return ErrDecided
	case "claimed":
		return ErrClaimed
	case "unclaimed":
		return ErrNotClaimed
	}
	return fault.Structuralf("review script returned %q", res)
}
