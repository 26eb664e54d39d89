package blob

import (
	"context"
	"errors"
)

// Delete removes the blob with the given SHA-256 and reports whether it
// was there; deleting a blob that is not there is no error, so a retried
// delete succeeds. The address names content, not a workflow: the caller
// deletes only bytes it knows no one else still needs.
func (b *Bucket) Delete(ctx context.Context, sha256hex string) (bool, error) {
	sum, err := normalize(sha256hex)
	if err != nil {
		return false, err
	}
	if err := b.b.Delete(ctx, key(sum)); err != nil {
		err = classify("delete", sum, err)
		if errors.Is(err, ErrNotFound) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}
