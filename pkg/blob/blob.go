// Package blob is Docket's content-addressed blob store: documents and
// extracted text live here, and events carry a Ref to them.
//
// A blob's address is the SHA-256 of its bytes, in lowercase hex. The one
// implementation, Bucket, stores a blob under the key sha256/<aa>/<hash>
// (aa being the first two hex digits) in a gocloud.dev bucket: a directory
// ("file:///var/lib/docket/blobs") or S3 ("s3://bucket?region=eu-west-1",
// with endpoint=…&use_path_style=true for S3-compatible stores).
//
// Put streams the bytes to a temporary key while hashing them, then copies
// them to their address and deletes the temporary key; storing bytes that
// are already there leaves the store unchanged. Stage does the first half
// only, for a caller that decides from the hash whether to keep the bytes
// (Staged.Commit) or not (Staged.Discard). Open checks the bytes it
// returns against their address.
//
// A Ref's URI is docket-blob://sha256/<hash>: it names the content, not a
// place, so events written today still resolve after the blobs move from a
// directory to S3 or from one bucket to another. Events keep records for
// ever (the ledger topic has infinite retention), so this matters more than
// a URL that a browser could open. URI and ParseURI convert.
package blob

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/docket-run/docket/pkg/fault"
)

// Ref references a stored blob.
type Ref struct {
	URI       string `json:"uri"`        // docket-blob://sha256/<hash>
	SHA256    string `json:"sha256"`     // lowercase hex
	Size      int64  `json:"size"`       // bytes
	MediaType string `json:"media_type"` // as given to the first Put of these bytes
}

// Store is the blob store as services use it.
type Store interface {
	// Put stores everything r yields and returns its Ref. Storing bytes that
	// are already stored changes nothing and returns the stored Ref.
	Put(ctx context.Context, r io.Reader, mediaType string) (Ref, error)
	// Open returns the blob with the given SHA-256. The reader fails with
	// ErrIntegrity at the end if the bytes do not hash to that address.
	Open(ctx context.Context, sha256hex string) (io.ReadCloser, error)
	// Stat returns the Ref of the blob with the given SHA-256.
	Stat(ctx context.Context, sha256hex string) (Ref, error)
}

// Errors. Each is classified fault.Structural: trying again does not help.
var (
	// ErrTooLarge: Put was given more bytes than the store's MaxSize.
	ErrTooLarge = fault.Wrap(fault.Structural, errors.New("blob too large"))
	// ErrNotFound: no blob has that address.
	ErrNotFound = fault.Wrap(fault.Structural, errors.New("blob not found"))
	// ErrIntegrity: the stored bytes do not hash to their address.
	ErrIntegrity = fault.Wrap(fault.Structural, errors.New("blob content does not match its address"))
	// ErrInvalidRef: a malformed SHA-256 or URI.
	ErrInvalidRef = fault.Wrap(fault.Structural, errors.New("invalid blob reference"))
)

// uriPrefix starts every Ref URI.
const uriPrefix = "docket-blob://sha256/"

// URI returns the URI of the blob with the given SHA-256 (hex, either case).
func URI(sha256hex string) string { return uriPrefix + strings.ToLower(sha256hex) }

// ParseURI returns the SHA-256 (lowercase hex) that uri names, or an error
// wrapping ErrInvalidRef.
func ParseURI(uri string) (string, error) {
	rest, ok := strings.CutPrefix(uri, uriPrefix)
	if !ok {
		return "", fmt.Errorf("blob: URI %q does not start with %s: %w", uri, uriPrefix, ErrInvalidRef)
	}
	return normalize(rest)
}

// normalize validates a hex SHA-256 and returns it in lowercase.
func normalize(sha256hex string) (string, error) {
	if len(sha256hex) != 64 {
		return "", fmt.Errorf("blob: SHA-256 %q is not 64 hex digits: %w", sha256hex, ErrInvalidRef)
	}
	if _, err := hex.DecodeString(sha256hex); err != nil {
		return "", fmt.Errorf("blob: SHA-256 %q is not hex: %w", sha256hex, ErrInvalidRef)
	}
	return strings.ToLower(sha256hex), nil
}

// key is where the blob with the given normalized SHA-256 is stored.
func key(sum string) string { return "sha256/" + sum[:2] + "/" + sum }
