// Package idempotency is the Redis-backed store that guards side effects
// outside Kafka (an OCR engine call, a blob write, a ledger index entry)
// and caches their results, keyed by (service, id) — usually the event id.
//
// # Use
//
// A worker claims the key before the side effect and completes it with the
// result afterwards:
//
//	c, err := store.Claim(ctx, key, workerID)
//	switch c.State {
//	case idempotency.Completed: // done before: reuse c.Result
//	case idempotency.Held:      // someone else is at it: retry later
//	case idempotency.Acquired:  // ours: do the work, then
//		err = store.Complete(ctx, key, c.Token, result) // or Release on failure
//	}
//
// Claims are leases: a claimer that crashes loses its claim when the lease
// runs out, and the next Claim takes the key over. Every claim carries a
// fencing token that grows with each claim and takeover of the key; Complete,
// Release and Extend only act for the current token, so a claimer that was
// paused past its lease (a zombie) gets ErrFenced and cannot overwrite the
// result of the worker that took over. Side effects that can check a token
// themselves should be handed it.
//
// For a whole batch of events, ProcessedMany and MarkProcessed each take
// one round trip: MarkProcessed records "this event was processed from this
// source and produced these bytes" for every item at once and tells, per
// item, whether this call was first (see processed.go).
//
// # Redis layout
//
// One hash per key, named <prefix>:<service>:<id> (prefix "docket:idem" by
// default, e.g. docket:idem:ocr:01J9Z...). A service name may not contain
// ':', so names cannot collide. Fields:
//
//	st   state: held | free (released) | done (completed)
//	tok  fencing token of the current or last claim
//	own  owner of the current or last claim
//	lu   lease deadline, Unix ms on the Redis server's clock
//	nc   nonce of the last write, so that a call the client retried after a
//	     lost reply recognises its own write
//	res  result (done)
//	ca   completion time, Unix ms on the Redis server's clock (done)
//
// Expiry: a completed key lives for the TTL (7 days by default); a claimed
// key for lease + TTL, so an abandoned claim disappears too. The fencing
// token survives Release and lease expiry, but not the key's expiry: a key
// that expired starts again at token 1, which only a claimer paused for
// longer than the TTL could notice.
//
// Every operation touches a single key, so it runs unchanged on Redis
// Cluster, with no hash tags: a batch is a pipeline of single-key commands,
// which the cluster client splits by node (one round trip per node, in
// parallel); ProcessedMany sends one MGET instead only to a single server.
// No hash tag also means no hot slot per service. Lookup sends one keyless
// TIME along, which the cluster client routes to any node.
//
// # Errors
//
// Connection failures, timeouts and busy or loading servers are
// fault.Transient; error replies such as WRONGTYPE (the key holds something
// else) are fault.Structural, as are invalid keys (ErrInvalidKey). ErrFenced
// is a normal outcome for a stale claimer and carries no class.
package idempotency

import (
	"context"
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Key names one guarded side effect: the service that performs it and an id
// unique within that service (usually the event id).
type Key struct {
	Service string
	ID      string
}

// String returns service/id, for logs and errors.
func (k Key) String() string { return k.Service + "/" + k.ID }

// State is the state of a key, as seen by Claim or Lookup.
type State uint8

const (
	// Absent: no record (Lookup's and ProcessedMany's answer for a key
	// never claimed, never marked, or expired).
	Absent State = iota
	// Acquired: Claim succeeded; the caller holds the key with Claim.Token
	// until Claim.LeaseUntil.
	Acquired
	// Held: another claimer holds a live lease on the key.
	Held
	// Completed: the side effect was done; Result holds its result.
	Completed
	// Released: the last claim was released; the next Claim gets the key.
	Released
	// Expired: the last claim's lease ran out without completion (its
	// claimer probably crashed); the next Claim takes the key over.
	Expired
)

var stateNames = [...]string{"absent", "acquired", "held", "completed", "released", "expired"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "State(" + strconv.Itoa(int(s)) + ")"
}

// Claim is the outcome of Store.Claim.
type Claim struct {
	// State is Acquired, Held or Completed.
	State State
	// Token is the fencing token of the current claim (Acquired, Held) or
	// of the claim that completed the key (Completed).
	Token int64
	// Owner is the owner of that claim: the caller when Acquired.
	Owner string
	// LeaseUntil is when the current claim's lease runs out, on the Redis
	// server's clock (Acquired, Held).
	LeaseUntil time.Time
	// TookOver is set when Acquired by taking over a claim whose lease had
	// run out: its claimer probably crashed half-way through the work.
	TookOver bool
	// Result and CompletedAt describe the completion (Completed).
	Result      []byte
	CompletedAt time.Time
}

// Record is a key's stored record, as returned by Lookup (a claim) and by
// ProcessedMany and MarkProcessed (a processed-event record).
type Record struct {
	Key   Key
	State State // Absent, Held, Completed, Released or Expired
	Token int64
	Owner string
	// LeaseUntil is the current claim's lease deadline (Held, Expired).
	LeaseUntil time.Time
	// Result and CompletedAt describe the completion (Completed);
	// CompletedAt is not kept for processed-event records.
	Result      []byte
	CompletedAt time.Time
	// Source is the input a processed-event record came from (set by
	// MarkProcessed); claims have none.
	Source string
	// Won is set by MarkProcessed when this call recorded the event; when
	// not set, the record is the one stored before (compare Source to tell
	// a redelivery of the same input from a true duplicate).
	Won bool
}

// Item is one entry of a MarkProcessed batch.
type Item struct {
	Key    Key
	Result []byte
	// Source identifies the input that produced Result (for example
	// topic/partition/offset), stored so that a later caller can tell a
	// redelivery of the same input from a different input with the same id.
	Source string
}

// Store is the idempotency store. It is safe for concurrent use.
type Store struct {
	c      redis.UniversalClient
	ttl    time.Duration
	lease  time.Duration
	prefix string
}

// Option configures New.
type Option func(*Store)

// TTL sets how long a completed record is kept (a claimed key is kept for
// its lease plus TTL). Default 7 days. Redis keeps millisecond precision.
func TTL(d time.Duration) Option { return func(s *Store) { s.ttl = d } }

// Lease sets how long a claim lasts before another claimer may take the key
// over; Extend renews it. Default 30s.
func Lease(d time.Duration) Option { return func(s *Store) { s.lease = d } }

// KeyPrefix sets the prefix of the Redis keys, without a trailing ':'.
// Default "docket:idem".
func KeyPrefix(p string) Option { return func(s *Store) { s.prefix = p } }

// Defaults.
const (
	DefaultTTL    = 7 * 24 * time.Hour
	DefaultLease  = 30 * time.Second
	DefaultPrefix = "docket:idem"
)

// New returns a store on c (a *redis.Client, *redis.ClusterClient, ...). It
// panics on a nil client or an invalid option (a duration under 1ms, an
// empty prefix): those are programming errors.
func New(c redis.UniversalClient, opts ...Option) *Store {
	s := &Store{c: c, ttl: DefaultTTL, lease: DefaultLease, prefix: DefaultPrefix}
	for _, o := range opts {
		o(s)
	}
	switch {
	case c == nil:
		panic("idempotency: nil redis client")
	case s.ttl < time.Millisecond:
		panic(fmt.Sprintf("idempotency: TTL %s under 1ms", s.ttl))
	case s.lease < time.Millisecond:
		panic(fmt.Sprintf("idempotency: lease %s under 1ms", s.lease))
	case s.prefix == "":
		panic("idempotency: empty key prefix")
	}
	return s
}

// Claim tries to take key for owner (a worker or instance id, kept for
// diagnostics; the token is what counts). Exactly one of many concurrent
// claimers gets Acquired; the others get Held, with the holder's owner,
// token and lease. A key whose holder's lease ran out is taken over with a
// larger token. A completed key returns Completed with its stored result.
func (s *Store) Claim(ctx context.Context, key Key, owner string) (Claim, error) {
	return s.claim(ctx, key, owner, rand.Text(), "")
}

// Reclaim is Claim that also takes over a live claim held by stale: an
// earlier incarnation of the caller, known dead (a restarted process whose
// instance identity is unique, as static group membership makes it), whose
// lease would otherwise block the key until it runs out. The takeover gets
// a larger token, so the stale holder, should it still run, is fenced.
func (s *Store) Reclaim(ctx context.Context, key Key, owner, stale string) (Claim, error) {
	if stale == "" || stale == owner {
		return Claim{}, opError("reclaim", key, fmt.Errorf("stale owner %q must be set and differ from the owner", stale))
	}
	return s.claim(ctx, key, owner, rand.Text(), stale)
}

func (s *Store) claim(ctx context.Context, key Key, owner, nonce, stale string) (Claim, error) {
	rk, err := s.redisKey(key)
	if err != nil {
		return Claim{}, opError("claim", key, err)
	}
	v, err := claimScript.Run(ctx, s.c, []string{rk}, owner, millis(s.lease), millis(s.ttl), nonce, stale).Result()
	if err != nil {
		return Claim{}, opError("claim", key, err)
	}
	rep, err := parseReply(v)
	if err != nil {
		return Claim{}, opError("claim", key, err)
	}
	rec := rep.record(key)
	c := Claim{
		Token:       rec.Token,
		Owner:       rec.Owner,
		LeaseUntil:  rec.LeaseUntil,
		Result:      rec.Result,
		CompletedAt: rec.CompletedAt,
	}
	switch rep.code {
	case "acquired":
		c.State = Acquired
	case "takeover":
		c.State, c.TookOver = Acquired, true
	case "held":
		c.State = Held
	case "completed":
		c.State = Completed
	default:
		return Claim{}, opError("claim", key, fmt.Errorf("%w: script replied %q", errBadReply, rep.code))
	}
	return c, nil
}

// Complete stores result for key and marks it completed, for the TTL, if
// token is still the current claim. A stale claimer (its lease ran out and
// the key was taken over, or the key was completed or released meanwhile)
// gets ErrFenced and changes nothing. Completing again with the same token
// and result succeeds (a retry).
func (s *Store) Complete(ctx context.Context, key Key, token int64, result []byte) error {
	_, err := s.fenced(ctx, "complete", completeScript, key, token, token, result, millis(s.ttl))
	return err
}

// Release gives up the claim with token after a failed side effect, so that
// a retry can claim the key at once instead of waiting for the lease to run
// out. It returns ErrFenced if token is not the current claim, and nil if
// the claim was already released or completed by the same token (so a
// deferred Release after Complete is harmless).
func (s *Store) Release(ctx context.Context, key Key, token int64) error {
	_, err := s.fenced(ctx, "release", releaseScript, key, token, token)
	return err
}

// Extend renews the lease of the claim with token to lease from now, during
// long work, and returns the new deadline (on the Redis server's clock). It
// returns ErrFenced if token is not the current claim. A claim whose lease
// ran out may still be extended while nobody has taken it over.
func (s *Store) Extend(ctx context.Context, key Key, token int64, lease time.Duration) (time.Time, error) {
	if lease < time.Millisecond {
		return time.Time{}, opError("extend", key, fmt.Errorf("lease %s under 1ms", lease))
	}
	rec, err := s.fenced(ctx, "extend", extendScript, key, token, token, millis(lease), millis(s.ttl))
	return rec.LeaseUntil, err
}

// fenced runs a script that acts only for the current token.
func (s *Store) fenced(ctx context.Context, op string, script *redis.Script, key Key, token int64, args ...any) (Record, error) {
	rk, err := s.redisKey(key)
	if err != nil {
		return Record{}, opError(op, key, err)
	}
	v, err := script.Run(ctx, s.c, []string{rk}, args...).Result()
	if err != nil {
		return Record{}, opError(op, key, err)
	}
	rep, err := parseReply(v)
	if err != nil {
		return Record{}, opError(op, key, err)
	}
	rec := rep.record(key)
	switch rep.code {
	case "ok":
		return rec, nil
	case "fenced":
		return rec, fmt.Errorf("idempotency: %s %s with token %d: the key is at token %d (%s): %w",
			op, key, token, rec.Token, rec.State, ErrFenced)
	default:
		return rec, opError(op, key, fmt.Errorf("%w: script replied %q", errBadReply, rep.code))
	}
}

// Lookup returns key's claim record, in one round trip; ok is false when
// there is none.
func (s *Store) Lookup(ctx context.Context, key Key) (rec Record, ok bool, err error) {
	rk, err := s.redisKey(key)
	if err != nil {
		return Record{}, false, opError("lookup", key, err)
	}
	pipe := s.c.Pipeline()
	now := pipe.Time(ctx)
	fields := pipe.HMGet(ctx, rk, hashFields...)
	if _, err := pipe.Exec(ctx); err != nil {
		return Record{}, false, opError("lookup", key, err)
	}
	rep, err := parseFields(fields.Val(), now.Val().UnixMilli())
	if err != nil {
		return Record{}, false, opError("lookup", key, err)
	}
	rec = rep.record(key)
	return rec, rec.State != Absent, nil
}

// redisKey returns the name of key's hash.
func (s *Store) redisKey(k Key) (string, error) {
	switch {
	case k.Service == "":
		return "", fmt.Errorf("%w: empty service", ErrInvalidKey)
	case strings.ContainsRune(k.Service, ':'):
		return "", fmt.Errorf("%w: service %q contains ':'", ErrInvalidKey, k.Service)
	case k.ID == "":
		return "", fmt.Errorf("%w: empty id", ErrInvalidKey)
	}
	return s.prefix + ":" + k.Service + ":" + k.ID, nil
}

// millis converts d to whole milliseconds, at least 1.
func millis(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
