package blob

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"mime"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets
	"gocloud.dev/gcerrors"

	"github.com/docket-run/docket/pkg/fault"
)

const (
	// DefaultMaxSize is the largest blob Put accepts unless MaxSize says
	// otherwise.
	DefaultMaxSize = 50 << 20

	// tempPrefix holds blobs being written. Put deletes its temporary key;
	// a crash between writing and deleting leaves one behind, which
	// RemoveTemp clears.
	tempPrefix = "tmp/"

	defaultMediaType = "application/octet-stream"

	// lockStripes bounds the mutexes that serialize, within one process,
	// moving the same content to its address.
	lockStripes = 64
)

// Option configures a Bucket.
type Option func(*config)

type config struct {
	maxSize int64
}

// MaxSize sets the largest blob, in bytes, that Put accepts; more fails
// with ErrTooLarge. Default DefaultMaxSize (50 MiB).
func MaxSize(n int64) Option { return func(c *config) { c.maxSize = n } }

// Bucket is a Store on a gocloud.dev bucket. It is safe for concurrent use.
type Bucket struct {
	b       *blob.Bucket
	maxSize int64
	// durable makes Put fsync the stored file and its directory; set for
	// file:// buckets, whose driver renames into place without fsync.
	durable bool
	// root is what a key of a file:// bucket is appended to for its file
	// (the folder, a separator and the prefix), and dirMode the mode its
	// folders are created with.
	root    string
	dirMode os.FileMode
	locks   [lockStripes]sync.Mutex
	// unsynced says an unsynced Put or Adopt was made since the last
	// Sync: a batch that adopted nothing (ingest's status events) syncs
	// nothing.
	unsynced atomic.Bool
}

var _ Store = (*Bucket)(nil)

// Open opens the bucket at rawURL: "file:///dir" (the directory is created
// if missing, and temporary files are kept next to the blobs so that the
// final rename never crosses file systems) or "s3://bucket?region=…"
// (endpoint=…, use_path_style=true and the other s3blob parameters for
// S3-compatible stores; credentials from the usual AWS environment). A
// prefix=… parameter keeps every key under that prefix.
func Open(ctx context.Context, rawURL string, opts ...Option) (*Bucket, error) {
	cfg := config{maxSize: DefaultMaxSize}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.maxSize <= 0 {
		return nil, fmt.Errorf("blob: MaxSize must be positive, got %d", cfg.maxSize)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("blob: bucket URL: %w", err)
	}
	durable := false
	var root string
	var dirMode os.FileMode
	switch u.Scheme {
	case "file":
		if root, dirMode, err = fileRoot(u); err != nil {
			return nil, fmt.Errorf("blob: bucket URL %s: %w", rawURL, err)
		}
		q := u.Query()
		if q.Get("create_dir") == "" {
			q.Set("create_dir", "true")
		}
		if q.Get("no_tmp_dir") == "" {
			q.Set("no_tmp_dir", "true")
		}
		u.RawQuery = q.Encode()
		durable = true
	case "s3":
	default:
		return nil, fmt.Errorf("blob: unsupported bucket URL scheme %q: want file or s3", u.Scheme)
	}
	b, err := blob.OpenBucket(ctx, u.String())
	if err != nil {
		return nil, fmt.Errorf("blob: open bucket %s: %w", rawURL, err)
	}
	return &Bucket{b: b, maxSize: cfg.maxSize, durable: durable, root: root, dirMode: dirMode}, nil
}

// Close releases the bucket.
func (b *Bucket) Close() error { return b.b.Close() }

// Put stores everything r yields under its SHA-256 and returns its Ref. An
// empty mediaType means application/octet-stream. If the bytes are already
// stored, nothing changes and the stored Ref, with the media type of the
// first Put, is returned. More than MaxSize bytes fail with ErrTooLarge and
// leave nothing behind.
func (b *Bucket) Put(ctx context.Context, r io.Reader, mediaType string) (Ref, error) {
	if mediaType == "" {
		mediaType = defaultMediaType
	}
	ref, _, err := b.put(ctx, r, mediaType, "", true)
	return ref, err
}

// PutUnsynced is Put leaving a small blob unsynced, as
// AdoptOptions.Unsynced does: the caller makes it durable with Sync
// before it relies on it.
func (b *Bucket) PutUnsynced(ctx context.Context, r io.Reader, mediaType string) (Ref, error) {
	if mediaType == "" {
		mediaType = defaultMediaType
	}
	ref, _, err := b.put(ctx, r, mediaType, "", false)
	return ref, err
}

// put stores everything r yields, as Put does, except that an empty
// mediaType records none (the driver reads application/octet-stream then;
// the file backend writes no attributes file for a small blob). want, when
// set, is the SHA-256 the bytes must hash to: others fail with
// ErrIntegrity and store nothing. A blob of at most smallBlob bytes is
// hashed in memory first, so that bytes already stored are not written at
// all and new ones are written once, straight to their address; a larger
// one is staged. It reports whether it wrote the bytes (false: the address
// held a blob of their size already).
func (b *Bucket) put(ctx context.Context, r io.Reader, mediaType, want string, sync bool) (Ref, bool, error) {
	recorded := mediaType
	if mediaType == "" {
		mediaType = defaultMediaType
	}
	if _, _, err := mime.ParseMediaType(mediaType); err != nil {
		return Ref{}, false, fault.Structuralf("blob: put: invalid media type %q: %w", mediaType, err)
	}
	buf := smallBuffers.Get().(*[]byte)
	defer smallBuffers.Put(buf)
	n, err := io.ReadFull(r, *buf)
	switch {
	case err == nil: // the buffer is full: more may follow
		s, err := b.Stage(ctx, io.MultiReader(bytes.NewReader((*buf)[:n]), r), mediaType)
		if err != nil {
			return Ref{}, false, err
		}
		defer s.Discard(ctx)
		if want != "" && s.SHA256 != want {
			return Ref{}, false, fmt.Errorf("blob: content hashes to %s, not %s: %w", s.SHA256, want, ErrIntegrity)
		}
		return s.commit(ctx)
	case !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF):
		return Ref{}, false, fault.Transientf("blob: put: %w", err)
	case int64(n) > b.maxSize:
		return Ref{}, false, fmt.Errorf("blob: put: more than %d bytes: %w", b.maxSize, ErrTooLarge)
	}
	data := (*buf)[:n]
	h := sha256.Sum256(data)
	sum := hex.EncodeToString(h[:])
	if want != "" && sum != want {
		return Ref{}, false, fmt.Errorf("blob: content hashes to %s, not %s: %w", sum, want, ErrIntegrity)
	}
	if b.durable {
		if !sync {
			// Also when the bytes are there already: a batch that
			// aborted, or a process that died, may have left them
			// unsynced.
			b.unsynced.Store(true)
		}
		return b.store(ctx, sum, int64(n), mediaType, false, func(k string) error {
			return b.writeFile(k, data, recorded, sync)
		})
	}
	return b.store(ctx, sum, int64(n), mediaType, false, func(k string) error {
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		w, err := b.b.NewWriter(wctx, k, &blob.WriterOptions{ContentType: mediaType})
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			cancel() // aborts the write: Close discards it
			_ = w.Close()
			return err
		}
		return w.Close()
	})
}

// smallBlob is the largest blob put holds in memory to learn its address
// before writing it.
const smallBlob = 256 << 10

// smallBuffers are the buffers put reads small blobs into.
var smallBuffers = sync.Pool{New: func() any { b := make([]byte, smallBlob); return &b }}

// Staged is a blob written to a temporary key and hashed but not at its
// address yet: the caller decides from its SHA-256 whether to keep it.
// Commit moves it to its address, Discard drops it; once one of them is
// called the other does nothing, so a caller may defer Discard (a crash
// before either leaves a temporary key for RemoveTemp). Not for
// concurrent use.
type Staged struct {
	b         *Bucket
	tmp       string
	done      bool
	SHA256    string
	Size      int64
	MediaType string
}

// Stage streams everything r yields to a temporary key while hashing it,
// as Put does, and returns it staged. Nothing reads the bytes into memory.
func (b *Bucket) Stage(ctx context.Context, r io.Reader, mediaType string) (*Staged, error) {
	if mediaType == "" {
		mediaType = defaultMediaType
	}
	if _, _, err := mime.ParseMediaType(mediaType); err != nil {
		return nil, fault.Structuralf("blob: put: invalid media type %q: %w", mediaType, err)
	}
	tmp, err := tempKey()
	if err != nil {
		return nil, err
	}
	sum, size, err := b.writeTemp(ctx, tmp, r, mediaType)
	if err != nil {
		return nil, err
	}
	return &Staged{b: b, tmp: tmp, SHA256: sum, Size: size, MediaType: mediaType}, nil
}

// Commit stores the staged bytes at their address (unchanged if they are
// there already) and returns their Ref.
func (s *Staged) Commit(ctx context.Context) (Ref, error) {
	ref, _, err := s.commit(ctx)
	return ref, err
}

// commit is Commit, also reporting whether it moved the bytes to their
// address (false: a blob of their size was there already).
func (s *Staged) commit(ctx context.Context) (Ref, bool, error) {
	if s.done {
		return Ref{}, false, fmt.Errorf("blob: commit %s: already committed or discarded", s.SHA256)
	}
	defer s.Discard(ctx)
	return s.b.promote(ctx, s.tmp, s.SHA256, s.Size, s.MediaType)
}

// Discard deletes the staged bytes. Best effort: a leftover is cleared by
// RemoveTemp.
func (s *Staged) Discard(ctx context.Context) {
	if s.done {
		return
	}
	s.done = true
	_ = s.b.b.Delete(context.WithoutCancel(ctx), s.tmp)
}

// writeTemp streams r to tmp, hashing it, and returns its SHA-256 and size.
// On any failure the write is aborted, so tmp does not exist.
func (b *Bucket) writeTemp(ctx context.Context, tmp string, r io.Reader, mediaType string) (string, int64, error) {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := b.b.NewWriter(wctx, tmp, &blob.WriterOptions{ContentType: mediaType})
	if err != nil {
		return "", 0, fault.Transientf("blob: put: %w", err)
	}
	h := sha256.New()
	buf := copyBuffers.Get().(*[]byte)
	// writerOnly hides the blob writer's ReadFrom, which allocates and
	// clears a 1 MiB buffer per call: most blobs are a few KiB.
	n, err := io.CopyBuffer(writerOnly{w}, io.TeeReader(io.LimitReader(r, b.maxSize+1), h), *buf)
	copyBuffers.Put(buf)
	if err == nil && n > b.maxSize {
		err = fmt.Errorf("blob: put: more than %d bytes: %w", b.maxSize, ErrTooLarge)
	}
	if err != nil {
		cancel() // aborts the write: Close discards it
		_ = w.Close()
		if !errors.Is(err, ErrTooLarge) {
			err = fault.Transientf("blob: put: %w", err)
		}
		return "", 0, err
	}
	if err := w.Close(); err != nil {
		return "", 0, fault.Transientf("blob: put: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// copyBuffers are the buffers writeTemp copies through.
var copyBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// writerOnly is an io.Writer and nothing else, so that io.CopyBuffer uses
// the buffer it is given.
type writerOnly struct{ io.Writer }

// promote moves tmp to the address of sum unless a blob of the right size
// is there already (a wrong size means a damaged blob, which is replaced):
// on the file backend it renames the file and its attributes into place,
// elsewhere it copies. It reports whether it moved them.
func (b *Bucket) promote(ctx context.Context, tmp, sum string, size int64, mediaType string) (Ref, bool, error) {
	return b.store(ctx, sum, size, mediaType, b.durable, func(k string) error {
		if b.durable {
			return b.rename(ctx, tmp, k)
		}
		return b.b.Copy(ctx, k, tmp, nil)
	})
}

// rename moves the file behind key from, and its attributes file, to key
// to, creating to's folder as the file driver does (mode 0777 before the
// umask). The attributes go first: a crash between the two renames leaves
// to without its file, which reads as not found, and from without
// attributes, which RemoveTemp clears.
func (b *Bucket) rename(ctx context.Context, from, to string) error {
	src, err := b.path(ctx, from)
	if err != nil {
		return err
	}
	root, ok := strings.CutSuffix(src, filepath.FromSlash(from))
	if !ok {
		return fmt.Errorf("file %q is not at key %s", src, from)
	}
	dst := root + filepath.FromSlash(to)
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		return err
	}
	if err := os.Rename(src+".attrs", dst+".attrs"); err != nil {
		return err
	}
	return os.Rename(src, dst)
}

// path returns the file behind k on the file backend.
func (b *Bucket) path(ctx context.Context, k string) (string, error) {
	var f *os.File
	r, err := b.b.NewReader(ctx, k, &blob.ReaderOptions{BeforeRead: func(as func(any) bool) error {
		as(&f)
		return nil
	}})
	if err != nil {
		return "", err
	}
	defer r.Close()
	if f == nil {
		return "", errors.New("not a file")
	}
	return f.Name(), nil
}

// store calls write with the address of sum unless a blob of the right
// size is there already (a wrong size means a damaged blob, which is
// replaced), then, if sync is set, fsyncs what it wrote. It reports
// whether it called write.
func (b *Bucket) store(ctx context.Context, sum string, size int64, mediaType string, sync bool, write func(key string) error) (Ref, bool, error) {
	first, _ := strconv.ParseUint(sum[:2], 16, 8)
	mu := &b.locks[first%lockStripes]
	mu.Lock()
	defer mu.Unlock()
	ref, err := b.stat(ctx, sum)
	switch {
	case err == nil && ref.Size == size:
		return ref, false, nil
	case err != nil && !errors.Is(err, ErrNotFound):
		return Ref{}, false, err
	}
	if err := write(key(sum)); err != nil {
		return Ref{}, false, fault.Transientf("blob: put %s: %w", sum, err)
	}
	if sync {
		if err := b.sync(ctx, key(sum)); err != nil {
			return Ref{}, false, fault.Transientf("blob: put %s: %w", sum, err)
		}
	}
	return Ref{URI: URI(sum), SHA256: sum, Size: size, MediaType: mediaType}, true, nil
}

// sync fsyncs the file behind k, its attributes file and its directory, so
// that a stored blob survives a power loss.
func (b *Bucket) sync(ctx context.Context, k string) error {
	var f *os.File
	r, err := b.b.NewReader(ctx, k, &blob.ReaderOptions{BeforeRead: func(as func(any) bool) error {
		as(&f)
		return nil
	}})
	if err != nil {
		return err
	}
	defer r.Close()
	if f == nil {
		return nil
	}
	return errors.Join(f.Sync(), syncPath(f.Name()+".attrs"), syncPath(filepath.Dir(f.Name())))
}

func syncPath(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}

// Open returns the blob with the given SHA-256, or an error wrapping
// ErrNotFound. The reader returns ErrIntegrity instead of io.EOF if the
// bytes do not hash to sha256hex.
func (b *Bucket) Open(ctx context.Context, sha256hex string) (io.ReadCloser, error) {
	sum, err := normalize(sha256hex)
	if err != nil {
		return nil, err
	}
	r, err := b.b.NewReader(ctx, key(sum), nil)
	if err != nil {
		return nil, classify("open", sum, err)
	}
	return &verifier{r: r, h: sha256.New(), want: sum}, nil
}

// Stat returns the Ref of the blob with the given SHA-256, or an error
// wrapping ErrNotFound.
func (b *Bucket) Stat(ctx context.Context, sha256hex string) (Ref, error) {
	sum, err := normalize(sha256hex)
	if err != nil {
		return Ref{}, err
	}
	return b.stat(ctx, sum)
}

func (b *Bucket) stat(ctx context.Context, sum string) (Ref, error) {
	attrs, err := b.b.Attributes(ctx, key(sum))
	if err != nil {
		return Ref{}, classify("stat", sum, err)
	}
	return Ref{URI: URI(sum), SHA256: sum, Size: attrs.Size, MediaType: attrs.ContentType}, nil
}

// RemoveTemp deletes temporary keys last modified before before: leftovers
// of Puts that crashed between writing and cleaning up. Pass a time well in
// the past (an hour ago, say) so that Puts in progress are left alone. It
// returns how many it deleted. (On the file backend a crash in the middle of
// the driver's own write can also leave a "<key>.<n>.tmp" file next to a
// blob; no address ever names it, and it is not removed here.)
func (b *Bucket) RemoveTemp(ctx context.Context, before time.Time) (int, error) {
	it := b.b.List(&blob.ListOptions{Prefix: tempPrefix})
	removed := 0
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			return removed, nil
		}
		if err != nil {
			return removed, fault.Transientf("blob: list temporary keys: %w", err)
		}
		if obj.IsDir || !obj.ModTime.Before(before) {
			continue
		}
		if err := b.b.Delete(ctx, obj.Key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return removed, fault.Transientf("blob: delete %s: %w", obj.Key, err)
		}
		removed++
	}
}

func classify(op, sum string, err error) error {
	if gcerrors.Code(err) == gcerrors.NotFound || errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob: %s %s: %w", op, sum, ErrNotFound)
	}
	return fault.Transientf("blob: %s %s: %w", op, sum, err)
}

func tempKey() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fault.Transientf("blob: temporary key: %w", err)
	}
	return tempPrefix + hex.EncodeToString(b[:]), nil
}

// verifier hashes what it reads and, at the end, fails with ErrIntegrity
// instead of io.EOF if the hash is not the expected one.
type verifier struct {
	r    io.ReadCloser
	h    hash.Hash
	want string
	err  error // sticky end result
}

func (v *verifier) Read(p []byte) (int, error) {
	if v.err != nil {
		return 0, v.err
	}
	n, err := v.r.Read(p)
	v.h.Write(p[:n])
	switch {
	case err == nil:
		return n, nil
	case errors.Is(err, io.EOF):
		if got := hex.EncodeToString(v.h.Sum(nil)); got != v.want {
			v.err = fmt.Errorf("blob: read %s: content hashes to %s: %w", v.want, got, ErrIntegrity)
		} else {
			v.err = io.EOF
		}
	default:
		v.err = fault.Transientf("blob: read %s: %w", v.want, err)
	}
	return n, v.err
}

func (v *verifier) Close() error { return v.r.Close() }
