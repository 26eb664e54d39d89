package store

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"
)

// Content is what the status view references of a workflow's content,
// and whether it was erased.
type Content struct {
	Tenant, DocumentSHA256, TextSHA256 string
	Erased                             bool
}

// Content returns the content references of wf's status record; the zero
// Content when there is none (never submitted here, or expired).
func (s *Store) Content(ctx context.Context, wf string) (Content, error) {
	v, err := s.rdb.HMGet(ctx, statusKey(wf), "tenant_id", "document_sha256", "text_sha256", "erased_at").Result()
	if err != nil {
		return Content{}, fault.Wrap(fault.Transient, fmt.Errorf("read content of %s: %w", wf, redisfault.Mark(err)))
	}
	str := func(i int) string { s, _ := v[i].(string); return s }
	return Content{Tenant: str(0), DocumentSHA256: str(1), TextSHA256: str(2), Erased: str(3) != ""}, nil
}

// erasedFields are the fields of a status record an erasure drops: the
// file name, the classification (its flags' details and the review reason
// in words), error messages. The hashes, types, statuses, the outcome and
// the ledger reference stay.
var erasedFields = []any{"filename", "classification", "review_reason", "error", "cb_last_error"}

// eraseScript drops erasedFields from KEYS[1] and marks it erased at
// ARGV[1] (the first erasure's time), when the record exists.
var eraseScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[1], unpack(ARGV, 2))
redis.call('HSETNX', KEYS[1], 'erased_at', ARGV[1])
return 1
`)

// Erase drops the personal data of wf's status record and marks it erased.
// Erasing again changes nothing.
func (s *Store) Erase(ctx context.Context, wf string, at time.Time) error {
	args := append([]any{at.UTC().Format(time.RFC3339Nano)}, erasedFields...)
	if err := eraseScript.Run(ctx, s.rdb, []string{statusKey(wf)}, args...).Err(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("erase status of %s: %w", wf, redisfault.Mark(err)))
	}
	return nil
}
