// Package store keeps ingest's state in Redis: idempotency reservations of
// submissions, the interim per-workflow status view, and the schedule of
// callback deliveries.
package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

const prefix = "docket:ingest:"

// Store is ingest's Redis state.
type Store struct {
	rdb       *redis.Client
	keyTTL    time.Duration
	statusTTL time.Duration
}

// New returns a Store. Reservations live keyTTL, status records statusTTL
// after their last change.
func New(rdb *redis.Client, keyTTL, statusTTL time.Duration) *Store {
	return &Store{rdb: rdb, keyTTL: keyTTL, statusTTL: statusTTL}
}

var _ submit.Reservations = (*Store)(nil)

func reservationKey(tenant, key string) string {
	h := sha256.Sum256([]byte(key))
	return prefix + "idem:" + tenant + ":" + hex.EncodeToString(h[:])
}

// reserve stores the reservation unless one exists, and returns the stored
// one: workflow id, fingerprint, state, created (unix ms).
var reserveScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'wf', ARGV[1], 'fp', ARGV[2], 'state', ARGV[3], 'created', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return redis.call('HMGET', KEYS[1], 'wf', 'fp', 'state', 'created')
`)

// Reserve implements submit.Reservations.
func (s *Store) Reserve(ctx context.Context, tenant, key string, want submit.Reservation) (submit.Reservation, error) {
	v, err := reserveScript.Run(ctx, s.rdb, []string{reservationKey(tenant, key)},
		want.WorkflowID, want.Fingerprint, want.State, want.CreatedAt.UnixMilli(), s.keyTTL.Milliseconds()).Slice()
	if err != nil {
		return submit.Reservation{}, fault.Wrap(fault.Transient, fmt.Errorf("reserve idempotency key: %w", redisfault.Mark(err)))
	}
	if len(v) != 4 {
		return submit.Reservation{}, fault.Transientf("reserve idempotency key: unexpected reply %v", v)
	}
	str := func(i int) string { s, _ := v[i].(string); return s }
	ms, err := strconv.ParseInt(str(3), 10, 64)
	if err != nil {
		return submit.Reservation{}, fault.Transientf("reserve idempotency key: bad created %q", str(3))
	}
	return submit.Reservation{WorkflowID: str(0), Fingerprint: str(1), State: str(2), CreatedAt: time.UnixMilli(ms).UTC()}, nil
}

// MarkPublished implements submit.Reservations.
func (s *Store) MarkPublished(ctx context.Context, tenant, key string) error {
	if err := s.rdb.HSet(ctx, reservationKey(tenant, key), "state", submit.StatePublished).Err(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("mark key published: %w", redisfault.Mark(err)))
	}
	return nil
}

// SetReservationState overwrites a reservation's state. Operators do not
// need it; tests use it to recreate a crash after publishing.
func (s *Store) SetReservationState(ctx context.Context, tenant, key, state string) error {
	return s.rdb.HSet(ctx, reservationKey(tenant, key), "state", state).Err()
}

// ErrNotFound: no such workflow in the status view.
var ErrNotFound = errors.New("workflow not found")
