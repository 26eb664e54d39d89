package blob

import (
	"context"
	"strconv"

	"gocloud.dev/gcerrors"

	"github.com/docket-run/docket/pkg/fault"
)

// Delete removes the blob with the given SHA-256 and reports whether there
// was one: deleting a blob that is not there (deleted already) is no error.
// The address names the bytes, not a workflow: every workflow whose
// document or text has the same bytes loses them too. Deleting is for an
// erasure, never for saving space.
func (b *Bucket) Delete(ctx context.Context, sha256hex string) (bool, error) {
	sum, err := normalize(sha256hex)
	if err != nil {
		return false, err
	}
	first, _ := strconv.ParseUint(sum[:2], 16, 8)
	mu := &b.locks[first%lockStripes] // not while a Put promotes the same bytes
	mu.Lock()
	defer mu.Unlock()
	return b.delete(ctx, key(sum), sum)
}

// DeleteDropped removes the document tenant dropped under sha256hex (see
// DroppedKey) and reports whether there was one.
func (b *Bucket) DeleteDropped(ctx context.Context, tenant, sha256hex string) (bool, error) {
	k, err := DroppedKey(tenant, sha256hex)
	if err != nil {
		return false, err
	}
	sum, _ := normalize(sha256hex)
	return b.delete(ctx, k, sum)
}

func (b *Bucket) delete(ctx context.Context, k, sum string) (bool, error) {
	err := b.b.Delete(ctx, k)
	switch {
	case err == nil:
		return true, nil
	case gcerrors.Code(err) == gcerrors.NotFound:
		return false, nil
	}
	return false, fault.Transientf("blob: delete %s: %w", sum, err)
}
