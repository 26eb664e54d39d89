package idempotency

import (
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// ErrFenced is returned by Complete, Release and Extend when the token is not
// the current claim of the key: the lease ran out and another claimer took
// the key over, or the key was released or completed meanwhile. The caller
// must not act as the key's owner any more; claiming again tells what
// became of the key.
var ErrFenced = errors.New("claim fenced off")

// ErrInvalidKey is returned (as fault.Structural) for a key with an empty
// service or id, or a service containing ':'.
var ErrInvalidKey = errors.New("invalid key")

// errBadReply marks a reply the store cannot read: a bug, or a key written
// by something else.
var errBadReply = errors.New("unexpected reply")

// classOf classifies a failure: a Redis outage (pkg/redisfault) and other
// connection errors and timeouts are transient; other error replies
// (WRONGTYPE, script errors), invalid keys and unreadable replies are
// structural.
func classOf(err error) fault.Class {
	if errors.Is(err, ErrInvalidKey) || errors.Is(err, errBadReply) {
		return fault.Structural
	}
	var rerr redis.Error
	if errors.As(err, &rerr) && !redisfault.Outage(err) {
		return fault.Structural
	}
	return fault.Transient
}

func opError(op string, key Key, err error) error {
	return fault.Wrap(classOf(err), fmt.Errorf("idempotency: %s %s: %w", op, key, redisfault.Mark(err)))
}

func batchError(op string, n int, err error) error {
	return fault.Wrap(classOf(err), fmt.Errorf("idempotency: %s batch of %d: %w", op, n, redisfault.Mark(err)))
}
