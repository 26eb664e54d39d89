package store

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// StatusReversed is the status of a completed workflow whose completion
// was undone (the saga stepped back after recording it): its tenant gets a
// reversed callback.
const StatusReversed = "reversed"

// Outcomes of ReverseCallback.
const (
	// ReverseNone: no completion callback was sent or scheduled (no
	// callback URL, or the workflow never completed in the view).
	ReverseNone = "none"
	// ReverseScheduled: the reversed callback is scheduled now.
	ReverseScheduled = "scheduled"
	// ReverseDone: the workflow was reversed before (a compensation run
	// again); nothing changed.
	ReverseDone = "done"
)

// reverseScript: KEYS[1] status hash, KEYS[2] callback schedule, KEYS[3]
// the follow-ups queued (dropped: reversed is the last word); ARGV[1]
// now ms, ARGV[2] now RFC 3339. A completed workflow whose completion
// callback was sent or scheduled becomes reversed, and its callback is
// scheduled again (a pending completion callback is sent as reversed: the
// tenant learns the final word once).
var reverseScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'status', 'callback_url', 'cb_state', 'workflow_id')
if h[1] == 'reversed' then return 'done' end
if h[1] ~= 'completed' or not h[2] or h[2] == '' or not h[3] then return 'none' end
redis.call('HSET', KEYS[1], 'status', 'reversed', 'reversed_at', ARGV[2], 'cb_state', 'pending', 'cb_status', 'reversed', 'cb_attempts', 0, 'cb_last_error', '')
redis.call('HDEL', KEYS[1], 'cb_document_type', 'cb_sequence')
redis.call('DEL', KEYS[3])
redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('ZADD', KEYS[2], ARGV[1], h[4])
return 'scheduled'
`)

// ReverseCallback marks a completed workflow reversed and schedules its
// reversed callback when a completion callback was sent or scheduled, and
// returns what it did (ReverseNone, ReverseScheduled, ReverseDone).
func (s *Store) ReverseCallback(ctx context.Context, wf string, now time.Time) (string, error) {
	out, err := reverseScript.Run(ctx, s.rdb, []string{statusKey(wf), callbackSchedule, followUpsKey(wf)}, now.UnixMilli(), now.UTC().Format(time.RFC3339Nano)).Text()
	if err != nil {
		return "", fault.Wrap(fault.Transient, fmt.Errorf("reverse the callback of %s: %w", wf, redisfault.Mark(err)))
	}
	return out, nil
}
