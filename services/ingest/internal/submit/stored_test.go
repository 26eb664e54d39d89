package submit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/quota"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/pkg/reqsign"
)

// statCounter is the blob store with its Stat and Open calls counted.
type statCounter struct {
	*blob.Bucket
	stats, opens int
}

func (c *statCounter) Stat(ctx context.Context, sha256hex string) (blob.Ref, error) {
	c.stats++
	return c.Bucket.Stat(ctx, sha256hex)
}

func (c *statCounter) Open(ctx context.Context, sha256hex string) (io.ReadCloser, error) {
	c.opens++
	return c.Bucket.Open(ctx, sha256hex)
}

// storedService is a submission service on a file blob store in a
// temporary folder, with one tenant, acme, that signs its requests with
// storedSecret.
func storedService(t testing.TB) (*Service, *statCounter, string) {
	t.Helper()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	dir := t.TempDir()
	bk, err := blob.Open(context.Background(), "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bk.Close() })
	key := []byte("server key")
	tenants, err := NewTenants([]Tenant{{ID: "acme", APIKeyHMACs: []string{auth.HashToken(key, "acme-api-key")}, RatePerS: 1e6, Burst: 1e6, // room for BenchmarkStored
		RequestSecrets: []string{storedSecret}}}, key)
	if err != nil {
		t.Fatal(err)
	}
	blobs := &statCounter{Bucket: bk}
	s := New(Config{MaxBytes: 1 << 20, DefaultDeadline: time.Hour, Version: "test",
		Limiter: ratelimit.New(rdb, "test:ratelimit:"), Quotas: quota.New(rdb, quota.Table{})}, tenants, nil, blobs, nil, nil)
	return s, blobs, dir
}

const storedSecret = "acme-request-secret-0123456789"

// storedRequest is acme's signed request name for ref, without an
// idempotency key (the service has no reservation store).
func storedRequest(ref events.BlobRef, name string) Request {
	signed := []byte("the request record " + name)
	return Request{Tenant: "acme", Document: ref, Params: Params{Labels: map[string]string{}},
		CausedBy: "req-" + name, Signed: signed, Signature: reqsign.Sign(storedSecret, signed)}
}

// A request's document is described by the Ref Adopt returns: the shared
// address is not stat'ed again, and the event carries the size and the
// sniffed media type (the store records none for an adopted blob).
func TestStoredTakesTheRefFromAdopt(t *testing.T) {
	ctx := context.Background()
	s, blobs, dir := storedService(t)
	doc := []byte("%PDF-1.7 an invoice requested over Kafka\n")
	ref := dockettest.DropBlob(t, dir, "acme", doc, "text/plain") // the tenant's claim is not what counts
	ev, err := s.Stored(ctx, storedRequest(ref, ""))
	if err != nil {
		t.Fatal(err)
	}
	want := events.BlobRef{URI: ref.URI, SHA256: ref.SHA256, SizeBytes: int64(len(doc)), MediaType: "application/pdf"}
	if ev.Document != want {
		t.Errorf("document %+v, want %+v", ev.Document, want)
	}
	if blobs.stats != 0 {
		t.Errorf("%d Stat calls after Adopt, want none", blobs.stats)
	}
}

// A new document is read once, as it is adopted: not opened again at its
// shared address to be checked and sniffed. A copy stored before is read
// to its end, and one that does not hash to its address (a write a power
// loss cut short before its batch synced, a failing disk) is replaced by
// the dropped bytes, which hashed right.
func TestStoredReadsANewDocumentOnce(t *testing.T) {
	ctx := context.Background()
	s, blobs, dir := storedService(t)
	doc := []byte("%PDF-1.7 a claim dropped once, requested three times\n")
	ref := dockettest.DropBlob(t, dir, "acme", doc, "application/pdf")
	if _, err := s.Stored(ctx, storedRequest(ref, "first")); err != nil {
		t.Fatal(err)
	}
	if blobs.opens != 0 {
		t.Errorf("%d Open calls for a new document, want none", blobs.opens)
	}
	ev, err := s.Stored(ctx, storedRequest(ref, "second"))
	if err != nil {
		t.Fatal(err)
	}
	if blobs.opens != 1 || ev.Document.MediaType != "application/pdf" {
		t.Errorf("stored already: %d Open calls, media type %s; want 1, application/pdf", blobs.opens, ev.Document.MediaType)
	}
	// The shared copy rots (same size, other bytes): the tenant's dropped
	// copy is intact, but the stored one is what the workflow would read.
	damaged := bytes.ToUpper(doc)
	if err := os.WriteFile(filepath.Join(dir, "sha256", ref.SHA256[:2], ref.SHA256), damaged, 0o640); err != nil {
		t.Fatal(err)
	}
	if _, err = s.Stored(ctx, storedRequest(ref, "third")); err != nil {
		t.Fatalf("a damaged stored copy: %v, want it replaced", err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "sha256", ref.SHA256[:2], ref.SHA256)); err != nil || !bytes.Equal(got, doc) {
		t.Errorf("stored copy after the request: %q, %v; want the dropped bytes", got, err)
	}
	// A dropped copy that is damaged too is still refused.
	dropped, err := blob.DroppedKey("acme", ref.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(dir, filepath.FromSlash(dropped)), filepath.Join(dir, "sha256", ref.SHA256[:2], ref.SHA256)} {
		if err := os.WriteFile(p, damaged, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	_, err = s.Stored(ctx, storedRequest(ref, "fourth"))
	var se *Error
	if !errors.As(err, &se) || se.Code != CodeChecksumMismatch {
		t.Errorf("both copies damaged: %v, want %s", err, CodeChecksumMismatch)
	}
}

// meetingHook holds the first rate-limit script and the first quota read
// each until the other is in flight too, for at most three seconds, and
// notes whether it came.
type meetingHook struct {
	once [2]sync.Once
	here [2]chan struct{}
	met  [2]bool
}

func (h *meetingHook) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h *meetingHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

func (h *meetingHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		side := -1
		switch cmd.Name() {
		case "evalsha", "eval":
			side = 0
		case "mget":
			side = 1
		}
		if side >= 0 {
			h.once[side].Do(func() {
				close(h.here[side])
				select {
				case <-h.here[1-side]:
					h.met[side] = true
				case <-time.After(3 * time.Second):
				}
			})
		}
		return next(ctx, cmd)
	}
}

// TestAdmitReadsTheQuotaBesideTheRateBudget: a submission's rate-budget
// script and its quota read are in flight at once (each waits here for
// the other; one after the other, the first would wait in vain), and a
// spent quota still refuses it.
func TestAdmitReadsTheQuotaBesideTheRateBudget(t *testing.T) {
	ctx := context.Background()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	hook := &meetingHook{here: [2]chan struct{}{make(chan struct{}), make(chan struct{})}}
	rdb.AddHook(hook)
	table, err := quota.Parse("*=10/4h")
	if err != nil {
		t.Fatal(err)
	}
	tenants, err := NewTenants([]Tenant{{ID: "acme", APIKeyHMACs: []string{auth.HashToken([]byte("k"), "acme-api-key")}, RatePerS: 100, Burst: 100}}, []byte("k"))
	if err != nil {
		t.Fatal(err)
	}
	quotas := quota.New(rdb, table)
	s := New(Config{MaxBytes: 1 << 20, DefaultDeadline: time.Hour, Version: "test",
		Limiter: ratelimit.New(rdb, "test:ratelimit:"), Quotas: quotas}, tenants, nil, nil, nil, nil)
	tn, _ := tenants.Get("acme")
	if err := s.Admit(ctx, tn); err != nil {
		t.Fatalf("Admit: %v", err)
	}
	if !hook.met[0] || !hook.met[1] {
		t.Errorf("the rate budget's script met the quota's read: %v, the read met the script: %v; want both in flight at once", hook.met[0], hook.met[1])
	}
	if err := quotas.ChargePages(ctx, "acme", "doc-1", 10); err != nil {
		t.Fatal(err)
	}
	if serr, ok := AsError(s.Admit(ctx, tn)); !ok || serr.Code != CodeQuotaExceeded || serr.Status != http.StatusTooManyRequests {
		t.Errorf("Admit with the day's pages spent: %v, want a 429 quota_exceeded", serr)
	}
}
