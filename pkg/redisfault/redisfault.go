// Package redisfault tells a Redis outage from a failed command: a
// connection refused, reset or timed out, a closed client, an exhausted
// pool, or a server that is loading its data, failing over or out of
// memory is the infrastructure unavailable (fault.Unavailable), which the
// processing runtime waits out instead of dead-lettering the record; any
// other error is left as it is, for its caller to classify.
package redisfault

import (
	"context"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
)

// passingReplies are the prefixes of Redis error replies of a server that
// cannot serve for a while: loading its dataset after a restart, busy with
// a script, failing over, out of memory or of client slots.
var passingReplies = []string{
	"LOADING", "BUSY", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN", "READONLY",
	"OOM", "NOREPLICAS", "MOVED", "ASK", "max number of clients",
}

// Mark returns err classified fault.Unavailable when it is a Redis outage
// (Outage), and err itself otherwise. It returns nil for a nil err.
func Mark(err error) error {
	if Outage(err) {
		return fault.Unavailable(err)
	}
	return err
}

// Outage reports whether err is a Redis outage rather than the failure of
// one command. A context's end is neither: the caller's time ran out.
func Outage(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var reply redis.Error
	if errors.As(err, &reply) {
		for _, p := range passingReplies {
			if redis.HasErrorPrefix(err, p) {
				return true
			}
		}
		return false
	}
	return isConnError(err)
}

// isConnError reports a failure to reach the server or to read its reply.
func isConnError(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, redis.ErrClosed) || errors.Is(err, redis.ErrPoolTimeout)
}
