package blob

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
)

// A tenant that submits over Kafka stores its document in its own drop
// area before it asks for it: the key DroppedKey names, under the bucket's
// prefix like every key. The operator lets each tenant's credentials write
// only its own area (an S3 policy on tenants/<tenant>/*, a directory per
// Unix user), so a document in acme's area was put there by acme. Ingest
// adopts a dropped document into the shared content address once it has
// checked the request: a tenant cannot start a workflow on a document it
// only knows the hash of.

// tenantPattern is what a tenant id may look like to name a drop area: one
// path segment, never "." or "..".
var tenantPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidTenant reports whether id can name a drop area (and is a tenant id
// at all: ingest refuses to load others).
func ValidTenant(id string) bool { return tenantPattern.MatchString(id) }

// DroppedKey returns the key, relative to the bucket's prefix, where tenant
// drops the document with the given SHA-256:
// tenants/<tenant>/sha256/<aa>/<hash>.
func DroppedKey(tenant, sha256hex string) (string, error) {
	if !ValidTenant(tenant) {
		return "", fmt.Errorf("blob: tenant %.70q cannot name a drop area: %w", tenant, ErrInvalidRef)
	}
	sum, err := normalize(sha256hex)
	if err != nil {
		return "", err
	}
	return "tenants/" + tenant + "/" + key(sum), nil
}

// StatDropped returns the size and media type of the document tenant
// dropped under sha256hex (its URI is the shared address it would be
// adopted at), or an error wrapping ErrNotFound.
func (b *Bucket) StatDropped(ctx context.Context, tenant, sha256hex string) (Ref, error) {
	k, err := DroppedKey(tenant, sha256hex)
	if err != nil {
		return Ref{}, err
	}
	sum, _ := normalize(sha256hex)
	attrs, err := b.b.Attributes(ctx, k)
	if err != nil {
		return Ref{}, classify("stat dropped", sum, err)
	}
	return Ref{URI: URI(sum), SHA256: sum, Size: attrs.Size, MediaType: attrs.ContentType}, nil
}

// Adopt stores the document tenant dropped under sha256hex at its shared
// address and returns its Ref. It reads the dropped bytes end to end
// whether or not the shared address holds them already: bytes that do not
// hash to sha256hex fail with ErrIntegrity and adopt nothing, so naming
// another tenant's document by its hash over garbage of one's own gets
// nothing. The dropped key is left for the tenant to delete.
//
// An adopted blob records no media type (its Ref and Stat say
// application/octet-stream, as for a Put without one): the tenant's is
// only a claim, which ingest checks against the bytes and carries in the
// event, and on the file backend recording it would cost a second file
// per document. Bytes stored already keep the media type they have.
func (b *Bucket) Adopt(ctx context.Context, tenant, sha256hex string) (Ref, error) {
	k, err := DroppedKey(tenant, sha256hex)
	if err != nil {
		return Ref{}, err
	}
	sum, _ := normalize(sha256hex)
	r, err := b.openDropped(ctx, k)
	if err != nil {
		return Ref{}, classify("adopt", sum, err)
	}
	defer r.Close()
	ref, err := b.put(ctx, r, "", sum)
	if err != nil {
		return Ref{}, fmt.Errorf("blob: adopt %s from tenant %s: %w", sum, tenant, err)
	}
	return ref, nil
}

// openDropped opens the dropped key k for reading. On the file backend it
// opens the file itself: the driver's reader would also stat it and look
// for attributes, which Adopt does not read.
func (b *Bucket) openDropped(ctx context.Context, k string) (io.ReadCloser, error) {
	if !b.durable {
		return b.b.NewReader(ctx, k, nil)
	}
	f, err := os.Open(b.filePath(k))
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || fi.IsDir() {
		_ = f.Close()
		if err == nil {
			err = &fs.PathError{Op: "open", Path: f.Name(), Err: fs.ErrNotExist} // a folder is no blob, as for the driver
		}
		return nil, err
	}
	return f, nil
}
