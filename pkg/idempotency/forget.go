package idempotency

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// forgetScript deletes a completed key (st done) and reports 1; a key that
// is held or released stays, 0.
var forgetScript = redis.NewScript(`
if redis.call('HGET', KEYS[1], 'st') == 'done' then
  return redis.call('DEL', KEYS[1])
end
return 0
`)

// Forget drops key's completed result, so that the next Claim runs the
// side effect again: a step that undid its effect (a compensation deleting
// the artefact a result names) must not hand out the stale result. A key
// that is held stays: its claimer completes it. It reports whether a
// result was dropped.
func (s *Store) Forget(ctx context.Context, key Key) (bool, error) {
	rk, err := s.redisKey(key)
	if err != nil {
		return false, opError("forget", key, err)
	}
	n, err := forgetScript.Run(ctx, s.c, []string{rk}).Int()
	if err != nil {
		return false, opError("forget", key, err)
	}
	return n == 1, nil
}
