package submit

import (
	"context"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/quota"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/pkg/reqsign"
)

// statCounter is the blob store with its Stat calls counted.
type statCounter struct {
	*blob.Bucket
	stats int
}

func (c *statCounter) Stat(ctx context.Context, sha256hex string) (blob.Ref, error) {
	c.stats++
	return c.Bucket.Stat(ctx, sha256hex)
}

// A request's document is described by the Ref Adopt returns: the shared
// address is not stat'ed again, and the event carries the size and the
// sniffed media type (the store records none for an adopted blob).
func TestStoredTakesTheRefFromAdopt(t *testing.T) {
	ctx := context.Background()
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	dir := t.TempDir()
	bk, err := blob.Open(ctx, "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	const secret = "acme-request-secret-0123456789"
	key := []byte("server key")
	tenants, err := NewTenants([]Tenant{{ID: "acme", APIKeyHMACs: []string{auth.HashToken(key, "acme-api-key")}, RatePerS: 100, Burst: 100,
		RequestSecrets: []string{secret}}}, key)
	if err != nil {
		t.Fatal(err)
	}
	blobs := &statCounter{Bucket: bk}
	s := New(Config{MaxBytes: 1 << 20, DefaultDeadline: time.Hour, Version: "test",
		Limiter: ratelimit.New(rdb, "test:ratelimit:"), Quotas: quota.New(rdb, quota.Table{})}, tenants, nil, blobs, nil, nil)

	doc := []byte("%PDF-1.7 an invoice requested over Kafka\n")
	ref := dockettest.DropBlob(t, dir, "acme", doc, "text/plain") // the tenant's claim is not what counts
	signed := []byte("the request record")
	ev, err := s.Stored(ctx, Request{Tenant: "acme", Document: ref, Params: Params{Labels: map[string]string{}},
		CausedBy: "req-1", Signed: signed, Signature: reqsign.Sign(secret, signed)})
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
