// Package cancel reads the cancel markers of workflows. The saga tracker
// writes a marker when it projects a cancel_requested control event (in the
// same atomic step as the projection); the agents read the markers before
// their side effects, one round trip per batch, and end a canceled
// workflow with a canceled control event instead of working on it.
//
// A marker is the Redis string <prefix><workflow id> whose value is the
// cancel reason; the default prefix is DefaultPrefix, on the Redis the
// platform settings name (DOCKET_REDIS_URL), which the tracker and the
// agents share.
//
// A deadline marker (DefaultDeadlinePrefix) is written the same way when
// the tracker projects a workflow's deadline_exceeded event. Only long
// steps read it, to stop a running job that no longer has a reason to
// run: the workflow is timed out and a reviewer takes it over, whose
// decision the classifier and the ledger must still handle, so a deadline
// is not a cancel.
package cancel

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// DefaultPrefix prefixes every cancel marker.
const DefaultPrefix = "docket:cancel:"

// DefaultDeadlinePrefix prefixes every deadline marker.
const DefaultDeadlinePrefix = "docket:deadline:"

// Markers reads cancel and deadline markers. It is safe for concurrent use.
type Markers struct {
	rdb            redis.UniversalClient
	prefix         string
	deadlinePrefix string
}

// Option configures Markers.
type Option func(*Markers)

// Prefix sets the key prefix of the markers. Default DefaultPrefix.
func Prefix(p string) Option { return func(m *Markers) { m.prefix = p } }

// DeadlinePrefix sets the key prefix of the deadline markers. Default
// DefaultDeadlinePrefix.
func DeadlinePrefix(p string) Option { return func(m *Markers) { m.deadlinePrefix = p } }

// New returns the markers on rdb.
func New(rdb redis.UniversalClient, opts ...Option) *Markers {
	m := &Markers{rdb: rdb, prefix: DefaultPrefix, deadlinePrefix: DefaultDeadlinePrefix}
	for _, o := range opts {
		o(m)
	}
	return m
}

// Key returns the Redis key of a workflow's marker.
func (m *Markers) Key(workflowID string) string { return m.prefix + workflowID }

// DeadlineKey returns the Redis key of a workflow's deadline marker.
func (m *Markers) DeadlineKey(workflowID string) string { return m.deadlinePrefix + workflowID }

// Canceled returns the reason of every canceled workflow among ids, in one
// round trip; workflows that are not canceled are absent. Redis failures
// are transient.
func (m *Markers) Canceled(ctx context.Context, ids []string) (map[string]string, error) {
	return m.read(ctx, "cancel", m.prefix, ids)
}

// TimedOut returns the reason of every workflow among ids whose deadline
// passed, in one round trip; the others are absent. Redis failures are
// transient.
func (m *Markers) TimedOut(ctx context.Context, ids []string) (map[string]string, error) {
	return m.read(ctx, "deadline", m.deadlinePrefix, ids)
}

// Ended returns, in one round trip, the reasons of the canceled workflows
// among ids and of those whose deadline passed; the others are absent
// from both. Redis failures are transient.
func (m *Markers) Ended(ctx context.Context, ids []string) (canceled, timedOut map[string]string, err error) {
	canceled, timedOut = map[string]string{}, map[string]string{}
	if len(ids) == 0 {
		return canceled, timedOut, nil
	}
	keys := make([]string, 0, 2*len(ids))
	for _, id := range ids {
		keys = append(keys, m.prefix+id, m.deadlinePrefix+id)
	}
	vals, err := m.rdb.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, nil, fault.Wrap(fault.Transient, fmt.Errorf("read cancel and deadline markers of %d workflows: %w", len(ids), redisfault.Mark(err)))
	}
	for i, id := range ids {
		if s, ok := vals[2*i].(string); ok {
			canceled[id] = s
		}
		if s, ok := vals[2*i+1].(string); ok {
			timedOut[id] = s
		}
	}
	return canceled, timedOut, nil
}

func (m *Markers) read(ctx context.Context, kind, prefix string, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = prefix + id
	}
	vals, err := m.rdb.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read %s markers of %d workflows: %w", kind, len(ids), redisfault.Mark(err)))
	}
	for i, v := range vals {
		if s, ok := v.(string); ok {
			out[ids[i]] = s
		}
	}
	return out, nil
}

var namespace = uuid.MustParse("0b8f7f55-1f0e-4c61-9f3a-5d0f6a8f6c21")

// RequestedEventID is the event id of a workflow's cancel_requested control
// event: one per workflow, so a repeated cancel is a duplicate.
func RequestedEventID(workflowID string) string {
	return uuid.NewSHA1(namespace, []byte("cancel_requested\x00"+workflowID)).String()
}

// CanceledEventID is the event id of a workflow's canceled control event:
// the same whichever agent (or the tracker) ends the workflow, so the
// workflow's history shows it once.
func CanceledEventID(workflowID string) string {
	return uuid.NewSHA1(namespace, []byte("canceled\x00"+workflowID)).String()
}
