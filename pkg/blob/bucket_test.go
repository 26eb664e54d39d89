package blob

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gocloud.dev/blob"

	"github.com/docket-run/docket/pkg/fault"
)

// backend opens a fresh, empty Bucket with opts, and returns the bucket
// underneath it for the test to inspect and tamper with.
type backend func(t *testing.T, opts ...Option) (*Bucket, *blob.Bucket)

func fileBackend(t *testing.T, opts ...Option) (*Bucket, *blob.Bucket) {
	t.Helper()
	return openFile(t, t.TempDir(), opts...)
}

func openFile(t *testing.T, dir string, opts ...Option) (*Bucket, *blob.Bucket) {
	t.Helper()
	b, err := Open(ctx(t), (&url.URL{Scheme: "file", Path: dir}).String(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b, b.b
}

// s3Backend runs against the bucket named by DOCKET_TEST_S3_URL (for
// example "s3://docket-test?region=us-east-1&endpoint=http://127.0.0.1:9000&use_path_style=true"
// for a local MinIO), under a fresh prefix per test.
func s3Backend(t *testing.T, opts ...Option) (*Bucket, *blob.Bucket) {
	t.Helper()
	u, err := url.Parse(os.Getenv("DOCKET_TEST_S3_URL"))
	if err != nil {
		t.Fatalf("DOCKET_TEST_S3_URL: %v", err)
	}
	q := u.Query()
	q.Set("prefix", q.Get("prefix")+"docket-test/"+randomHex(t, 8)+"/")
	u.RawQuery = q.Encode()
	b, err := Open(ctx(t), u.String(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Leave the shared bucket as it was.
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, k := range keys(t, b.b) {
			_ = b.b.Delete(c, k)
		}
		_ = b.Close()
	})
	return b, b.b
}

func TestContractFile(t *testing.T) { testContract(t, fileBackend) }

// TestContractS3 runs the same contract on S3 when DOCKET_TEST_S3_URL names
// a bucket. There is no S3 stand-in: without the variable only the file
// backend is covered, and this test says so by skipping.
func TestContractS3(t *testing.T) {
	if os.Getenv("DOCKET_TEST_S3_URL") == "" {
		t.Skip("DOCKET_TEST_S3_URL is not set: the blob contract ran on the file backend only")
	}
	testContract(t, s3Backend)
}

// testContract is the behaviour every Store implementation owes services.
func testContract(t *testing.T, open backend) {
	t.Run("round trip", func(t *testing.T) {
		b, _ := open(t)
		data := []byte("%PDF-1.7 a document")
		ref, err := b.Put(ctx(t), bytes.NewReader(data), "application/pdf")
		if err != nil {
			t.Fatal(err)
		}
		want := Ref{URI: URI(sum(data)), SHA256: sum(data), Size: int64(len(data)), MediaType: "application/pdf"}
		if ref != want {
			t.Errorf("Put = %+v, want %+v", ref, want)
		}
		if got := read(t, b, ref.SHA256); !bytes.Equal(got, data) {
			t.Errorf("Open read %q, want %q", got, data)
		}
		st, err := b.Stat(ctx(t), strings.ToUpper(ref.SHA256))
		if err != nil {
			t.Fatal(err)
		}
		if st != want {
			t.Errorf("Stat = %+v, want %+v", st, want)
		}
		if k := keys(t, b.b); len(k) != 1 || k[0] != "sha256/"+ref.SHA256[:2]+"/"+ref.SHA256 {
			t.Errorf("stored keys = %v, want only the address", k)
		}
	})

	t.Run("empty blob and default media type", func(t *testing.T) {
		b, _ := open(t)
		ref, err := b.Put(ctx(t), strings.NewReader(""), "")
		if err != nil {
			t.Fatal(err)
		}
		if ref.Size != 0 || ref.SHA256 != sum(nil) || ref.MediaType != "application/octet-stream" {
			t.Errorf("Put(empty) = %+v", ref)
		}
		if got := read(t, b, ref.SHA256); len(got) != 0 {
			t.Errorf("read %d bytes, want 0", len(got))
		}
	})

	t.Run("dedupe", func(t *testing.T) {
		b, _ := open(t)
		data := []byte("same bytes")
		first, err := b.Put(ctx(t), bytes.NewReader(data), "text/plain")
		if err != nil {
			t.Fatal(err)
		}
		second, err := b.Put(ctx(t), bytes.NewReader(data), "application/octet-stream")
		if err != nil {
			t.Fatal(err)
		}
		if second != first {
			t.Errorf("second Put = %+v, want the first Ref %+v", second, first)
		}
		if k := keys(t, b.b); len(k) != 1 {
			t.Errorf("stored keys = %v, want one", k)
		}
	})

	t.Run("too large", func(t *testing.T) {
		b, _ := open(t, MaxSize(1024))
		if _, err := b.Put(ctx(t), bytes.NewReader(make([]byte, 1024)), "application/octet-stream"); err != nil {
			t.Fatalf("Put at the limit: %v", err)
		}
		_, err := b.Put(ctx(t), bytes.NewReader(bytes.Repeat([]byte{1}, 1025)), "application/octet-stream")
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("Put over the limit: %v, want ErrTooLarge", err)
		}
		if c := fault.ClassOf(err); c != fault.Structural {
			t.Errorf("class = %s, want structural", c)
		}
		if k := keys(t, b.b); len(k) != 1 {
			t.Errorf("stored keys = %v, want only the blob at the limit", k)
		}
	})

	t.Run("failing reader leaves nothing", func(t *testing.T) {
		b, _ := open(t)
		r := io.MultiReader(strings.NewReader("partial"), iotestErrReader{})
		if _, err := b.Put(ctx(t), r, "text/plain"); err == nil || !fault.IsTransient(err) {
			t.Fatalf("Put from a failing reader: %v, want a transient error", err)
		}
		if k := keys(t, b.b); len(k) != 0 {
			t.Errorf("stored keys = %v, want none", k)
		}
	})

	t.Run("missing blob", func(t *testing.T) {
		b, _ := open(t)
		missing := sum([]byte("never stored"))
		if _, err := b.Open(ctx(t), missing); !errors.Is(err, ErrNotFound) || fault.ClassOf(err) != fault.Structural {
			t.Errorf("Open(missing) = %v, want structural ErrNotFound", err)
		}
		if _, err := b.Stat(ctx(t), missing); !errors.Is(err, ErrNotFound) {
			t.Errorf("Stat(missing) = %v, want ErrNotFound", err)
		}
	})

	t.Run("invalid address", func(t *testing.T) {
		b, _ := open(t)
		for _, bad := range []string{"", "abc", strings.Repeat("g", 64), "../" + strings.Repeat("a", 61)} {
			if _, err := b.Open(ctx(t), bad); !errors.Is(err, ErrInvalidRef) {
				t.Errorf("Open(%q) = %v, want ErrInvalidRef", bad, err)
			}
			if _, err := b.Stat(ctx(t), bad); !errors.Is(err, ErrInvalidRef) {
				t.Errorf("Stat(%q) = %v, want ErrInvalidRef", bad, err)
			}
		}
		if _, err := b.Put(ctx(t), strings.NewReader("x"), "not a media type"); err == nil || fault.ClassOf(err) != fault.Structural {
			t.Errorf("Put with an invalid media type: %v, want a structural error", err)
		}
	})

	t.Run("tampered content is detected", func(t *testing.T) {
		b, raw := open(t)
		ref, err := b.Put(ctx(t), strings.NewReader("the original"), "text/plain")
		if err != nil {
			t.Fatal(err)
		}
		if err := raw.WriteAll(ctx(t), key(ref.SHA256), []byte("the forgery!"), nil); err != nil {
			t.Fatal(err)
		}
		expectIntegrityError(t, b, ref.SHA256)
	})

	t.Run("concurrent puts of the same content", func(t *testing.T) {
		b, _ := open(t)
		data := bytes.Repeat([]byte("docket "), 100_000)
		const n = 8
		refs := make([]Ref, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { refs[i], errs[i] = b.Put(ctx(t), bytes.NewReader(data), "text/plain") })
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("Put %d: %v", i, errs[i])
			}
			if refs[i] != refs[0] {
				t.Errorf("Put %d = %+v, want %+v", i, refs[i], refs[0])
			}
		}
		if got := read(t, b, refs[0].SHA256); !bytes.Equal(got, data) {
			t.Error("content differs after concurrent puts")
		}
		if k := keys(t, b.b); len(k) != 1 {
			t.Errorf("stored keys = %v, want one", k)
		}
	})

	t.Run("remove leftover temporary keys", func(t *testing.T) {
		b, raw := open(t)
		if err := raw.WriteAll(ctx(t), tempPrefix+"leftover", []byte("half a put"), nil); err != nil {
			t.Fatal(err)
		}
		ref, err := b.Put(ctx(t), strings.NewReader("kept"), "text/plain")
		if err != nil {
			t.Fatal(err)
		}
		if n, err := b.RemoveTemp(ctx(t), time.Now().Add(-time.Hour)); err != nil || n != 0 {
			t.Errorf("RemoveTemp(an hour ago) = %d, %v; want 0", n, err)
		}
		if n, err := b.RemoveTemp(ctx(t), time.Now().Add(time.Minute)); err != nil || n != 1 {
			t.Errorf("RemoveTemp(now) = %d, %v; want 1", n, err)
		}
		if k := keys(t, b.b); len(k) != 1 || k[0] != key(ref.SHA256) {
			t.Errorf("stored keys = %v, want only %s", k, key(ref.SHA256))
		}
	})
}

// The file backend, tampered with directly on disk as an operator or a
// failing disk would.
func TestFileCorruptionOnDisk(t *testing.T) {
	dir := t.TempDir()
	b, _ := openFile(t, dir)
	data := []byte("a scanned invoice")
	ref, err := b.Put(ctx(t), bytes.NewReader(data), "image/png")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "sha256", ref.SHA256[:2], ref.SHA256)
	flipped := bytes.Clone(data)
	flipped[3] ^= 0x01
	if err := os.WriteFile(path, flipped, 0o644); err != nil {
		t.Fatalf("tamper with %s: %v", path, err)
	}
	expectIntegrityError(t, b, ref.SHA256)

	// A truncated file is damaged too; putting the bytes again repairs it.
	if err := os.WriteFile(path, data[:5], 0o644); err != nil {
		t.Fatal(err)
	}
	expectIntegrityError(t, b, ref.SHA256)
	if _, err := b.Put(ctx(t), bytes.NewReader(data), "image/png"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, b, ref.SHA256); !bytes.Equal(got, data) {
		t.Errorf("after repair read %q, want %q", got, data)
	}
}

// Too large leaves no file at all on disk, temporary ones included.
func TestFileTooLargeLeavesNoFiles(t *testing.T) {
	dir := t.TempDir()
	b, _ := openFile(t, dir, MaxSize(10))
	if _, err := b.Put(ctx(t), strings.NewReader("eleven byte"), "text/plain"); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Put = %v, want ErrTooLarge", err)
	}
	if files := regularFiles(t, dir); len(files) != 0 {
		t.Errorf("files left behind: %v", files)
	}
}

func TestFileBlobsSurviveReopen(t *testing.T) {
	dir := t.TempDir()
	b, _ := openFile(t, dir)
	ref, err := b.Put(ctx(t), strings.NewReader("durable"), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	b2, _ := openFile(t, dir)
	st, err := b2.Stat(ctx(t), ref.SHA256)
	if err != nil || st != ref {
		t.Errorf("Stat after reopen = %+v, %v; want %+v", st, err, ref)
	}
	if files := regularFiles(t, dir); len(files) != 2 { // the blob and its .attrs
		t.Errorf("files = %v, want the blob and its attributes", files)
	}
}

func TestOpenRejectsOtherSchemesAndBadOptions(t *testing.T) {
	for _, u := range []string{"mem://", "gs://bucket", "/just/a/path", "::"} {
		if b, err := Open(ctx(t), u); err == nil {
			_ = b.Close()
			t.Errorf("Open(%q) succeeded", u)
		}
	}
	if b, err := Open(ctx(t), "file://"+t.TempDir(), MaxSize(0)); err == nil {
		_ = b.Close()
		t.Error("Open with MaxSize(0) succeeded")
	}
}

func expectIntegrityError(t *testing.T, b *Bucket, sha string) {
	t.Helper()
	r, err := b.Open(ctx(t), sha)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = io.ReadAll(r)
	if !errors.Is(err, ErrIntegrity) || fault.ClassOf(err) != fault.Structural {
		t.Errorf("reading tampered content: %v, want structural ErrIntegrity", err)
	}
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, ErrIntegrity) {
		t.Errorf("read after the integrity error: %v, want it again", err)
	}
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return c
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func randomHex(t *testing.T, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func read(t *testing.T, b *Bucket, sha string) []byte {
	t.Helper()
	r, err := b.Open(ctx(t), sha)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read %s: %v", sha, err)
	}
	return got
}

// keys lists every key in the bucket.
func keys(t *testing.T, b *blob.Bucket) []string {
	t.Helper()
	var out []string
	it := b.List(nil)
	for {
		obj, err := it.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, obj.Key)
	}
}

func regularFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type iotestErrReader struct{}

func (iotestErrReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// A staged blob is hashed but not at its address until Commit; Discard
// leaves nothing behind.
func TestFileStageCommitDiscard(t *testing.T) {
	b, raw := fileBackend(t)
	data := []byte("staged document")
	sum := sha256.Sum256(data)
	want := hex.EncodeToString(sum[:])
	s, err := b.Stage(ctx(t), bytes.NewReader(data), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	if s.SHA256 != want || s.Size != int64(len(data)) {
		t.Fatalf("staged %s %d, want %s %d", s.SHA256, s.Size, want, len(data))
	}
	if _, err := b.Stat(ctx(t), want); !errors.Is(err, ErrNotFound) {
		t.Fatalf("staged blob at its address before Commit: %v", err)
	}
	s.Discard(ctx(t))
	if got := keys(t, raw); len(got) != 0 {
		t.Fatalf("keys after Discard: %v", got)
	}
	s, err = b.Stage(ctx(t), bytes.NewReader(data), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := s.Commit(ctx(t))
	if err != nil || ref.SHA256 != want {
		t.Fatalf("Commit = %+v, %v", ref, err)
	}
	if got := keys(t, raw); len(got) != 1 || got[0] != key(want) {
		t.Fatalf("keys after Commit: %v, want only %s", got, key(want))
	}
}

// Committing a staged blob on the file backend moves its file into place,
// into the address's folder whether it exists or not: the blob reads back
// whole, with its media type, and no temporary file is left.
func TestFileCommitMovesOrCopies(t *testing.T) {
	for _, tc := range []struct {
		name      string
		folderFor bool
	}{{"folder exists", true}, {"new folder", false}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			b, raw := openFile(t, dir, MaxSize(4<<20))
			data := bytes.Repeat([]byte("a large staged document "), 20_000) // staged, not held in memory
			want := sum(data)
			if tc.folderFor {
				if err := os.MkdirAll(filepath.Join(dir, "sha256", want[:2]), 0o750); err != nil {
					t.Fatal(err)
				}
			}
			ref, err := b.Put(ctx(t), bytes.NewReader(data), "text/plain")
			if err != nil || ref.SHA256 != want || ref.MediaType != "text/plain" {
				t.Fatalf("Put = %+v, %v", ref, err)
			}
			if got := read(t, b, want); !bytes.Equal(got, data) {
				t.Error("the blob does not read back whole")
			}
			if st, err := b.Stat(ctx(t), want); err != nil || st != ref {
				t.Errorf("Stat = %+v, %v; want %+v", st, err, ref)
			}
			if got := keys(t, raw); len(got) != 1 || got[0] != key(want) {
				t.Errorf("keys %v, want only %s", got, key(want))
			}
			left, _ := filepath.Glob(filepath.Join(dir, "tmp", "*"))
			if len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}
