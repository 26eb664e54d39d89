package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Logins throttles failed logins per client address, in Redis so that the
// budget holds across replicas: a client may fail Rate.Burst times at once
// and then Rate.PerSecond times a second; once its budget is spent, every
// request from it is refused with 429 and Retry-After until a failure
// fits again, valid key or not (so guessing learns nothing while locked
// out).
type Logins struct {
	Limiter *ratelimit.Limiter
	Redis   redis.Cmdable
	Rate    ratelimit.Rate
}

// client is the address a request comes from. (Behind a proxy, all of
// its clients share the proxy's budget.)
func client(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (l *Logins) lockKey(addr string) string { return l.Limiter.Key("lock:" + addr) }

// Locked refuses a client that failed too often.
func (l *Logins) Locked(ctx context.Context, r *http.Request) error {
	ttl, err := l.Redis.PTTL(ctx, l.lockKey(client(r))).Result()
	if err != nil {
		return submit.Unavailable("read the login throttle", err)
	}
	if ttl > 0 {
		return lockedError(ttl)
	}
	return nil
}

// Failed counts a failed login of the request's client and locks it out
// when its budget is spent.
func (l *Logins) Failed(ctx context.Context, r *http.Request) error {
	addr := client(r)
	res, err := l.Limiter.Take(ctx, "fail:"+addr, l.Rate, 1)
	if err != nil {
		return fmt.Errorf("count a failed login of %s: %w", addr, err)
	}
	// The budget is spent when the next failure would not fit: lock the
	// address out until it would.
	if res.RetryAfter > 0 {
		wait := max(res.RetryAfter, time.Second)
		if err := l.Redis.Set(ctx, l.lockKey(addr), "1", wait).Err(); err != nil {
			return fmt.Errorf("lock out %s: %w", addr, err)
		}
	}
	return nil
}

func lockedError(wait time.Duration) error {
	return &submit.Error{Status: http.StatusTooManyRequests, Code: submit.CodeLoginThrottled, RetryAfter: wait,
		Message: "too many failed logins from this address (DOCKET_INGEST_LOGIN_FAILURES)"}
}
