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

// Adopted is what Adopt stored and read.
type Adopted struct {
	Ref
	// Head is the document's first bytes, at most AdoptOptions.Head.
	Head []byte
	// Wrote says Adopt wrote the bytes at the shared address. When false
	// the address held a blob of their size already, which Adopt did not
	// read: a caller that must know it is intact reads it through Open.
	Wrote bool
}

// AdoptOptions say what Adopt checks before it reads a dropped document
// and what it returns of its bytes.
type AdoptOptions struct {
	// Check, when set, is called with the dropped document's size before
	// any of its bytes is read; an error from it ends Adopt, returned as
	// it is.
	Check func(size int64) error
	// Head is how many of the document's first bytes Adopted.Head holds.
	Head int
	// Unsynced leaves the stored bytes unsynced: the caller makes them
	// durable with Sync before it relies on them (before the transaction
	// that names them commits), one sync for all the documents of a batch
	// instead of two fsyncs each. A document over smallBlob bytes is
	// synced anyway.
	Unsynced bool
}

// Adopt stores the document tenant dropped under sha256hex at its shared
// address. It opens the dropped document once: Check sees its size, then
// its bytes are read end to end whether or not the shared address holds
// them already: bytes that do not hash to sha256hex fail with ErrIntegrity
// and adopt nothing, so naming another tenant's document by its hash over
// garbage of one's own gets nothing. A document that is not there fails
// with ErrNotFound. The dropped key is left for the tenant to delete.
//
// An adopted blob records no media type (its Ref and Stat say
// application/octet-stream, as for a Put without one): the tenant's is
// only a claim, which ingest checks against the bytes and carries in the
// event, and on the file backend recording it would cost a second file
// per document. Bytes stored already keep the media type they have.
func (b *Bucket) Adopt(ctx context.Context, tenant, sha256hex string, o AdoptOptions) (Adopted, error) {
	k, err := DroppedKey(tenant, sha256hex)
	if err != nil {
		return Adopted{}, err
	}
	sum, _ := normalize(sha256hex)
	r, size, err := b.openDropped(ctx, k)
	if err != nil {
		return Adopted{}, classify("adopt", sum, err)
	}
	defer r.Close()
	if o.Check != nil {
		if err := o.Check(size); err != nil {
			return Adopted{}, err
		}
	}
	head := &headReader{r: r, head: make([]byte, 0, max(0, o.Head))}
	ref, wrote, err := b.put(ctx, head, "", sum, !o.Unsynced)
	if err != nil {
		return Adopted{}, fmt.Errorf("blob: adopt %s from tenant %s: %w", sum, tenant, err)
	}
	return Adopted{Ref: ref, Head: head.head, Wrote: wrote}, nil
}

// headReader keeps a copy of the first cap(head) bytes read through it.
type headReader struct {
	r    io.Reader
	head []byte
}

func (h *headReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if room := cap(h.head) - len(h.head); room > 0 {
		h.head = append(h.head, p[:min(n, room)]...)
	}
	return n, err
}

// openDropped opens the dropped key k for reading and returns its size.
// On the file backend it opens the file itself: the driver's reader would
// also look for attributes, which Adopt does not read.
func (b *Bucket) openDropped(ctx context.Context, k string) (io.ReadCloser, int64, error) {
	if !b.durable {
		r, err := b.b.NewReader(ctx, k, nil)
		if err != nil {
			return nil, 0, err
		}
		return r, r.Size(), nil
	}
	f, err := os.Open(b.filePath(k))
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		_ = f.Close()
		if err == nil {
			err = &fs.PathError{Op: "open", Path: f.Name(), Err: fs.ErrNotExist} // a folder is no blob, as for the driver
		}
		return nil, 0, err
	}
	return f, fi.Size(), nil
}
