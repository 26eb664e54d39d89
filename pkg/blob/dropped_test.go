package blob_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/dockettest"
)

// TestAdoptDropped runs with a small document, which Adopt hashes in
// memory, and with one too large for that, which it stages.
func TestAdoptDropped(t *testing.T) {
	for _, size := range []int{0, 1 << 20} {
		t.Run(fmt.Sprintf("padded to %d bytes", size), func(t *testing.T) { testAdoptDropped(t, size) })
	}
}

func testAdoptDropped(t *testing.T, size int) {
	ctx := context.Background()
	dir := t.TempDir()
	b, err := blob.Open(ctx, "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	doc := []byte("%PDF-1.7 acme's invoice")
	doc = append(doc, bytes.Repeat([]byte{' '}, max(0, size-len(doc)))...)
	sum := dockettest.DropBlob(t, dir, "acme", doc, "application/pdf").SHA256
	if k, _ := blob.DroppedKey("acme", sum); k != "tenants/acme/sha256/"+sum[:2]+"/"+sum {
		t.Fatalf("DroppedKey = %s", k)
	}

	// Not at the shared address until adopted.
	if _, err := b.Stat(ctx, sum); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Stat before Adopt = %v, want not found", err)
	}
	// Another tenant has nothing under that hash.
	if _, err := b.Adopt(ctx, "globex", sum, blob.AdoptOptions{}); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Adopt(globex) = %v, want not found", err)
	}
	// Check sees the dropped size before anything is read or stored.
	refused := errors.New("too large for this test")
	var checked int64 = -1
	_, err = b.Adopt(ctx, "acme", sum, blob.AdoptOptions{Check: func(n int64) error { checked = n; return refused }})
	if !errors.Is(err, refused) || checked != int64(len(doc)) {
		t.Fatalf("Adopt with a refusing check = %v (checked %d), want the check's error after %d", err, checked, len(doc))
	}
	if _, err := b.Stat(ctx, sum); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Stat after a refused Adopt = %v, want not found", err)
	}

	ad, err := b.Adopt(ctx, "acme", sum, blob.AdoptOptions{Check: func(int64) error { return nil }, Head: 8})
	ref := ad.Ref
	if err != nil || ref.SHA256 != sum || ref.URI != blob.URI(sum) || ref.Size != int64(len(doc)) || ref.MediaType != "application/octet-stream" {
		t.Fatalf("Adopt = %+v, %v", ad, err)
	}
	if !ad.Wrote || string(ad.Head) != "%PDF-1.7" {
		t.Fatalf("Adopt wrote %v, head %q; want written, %q", ad.Wrote, ad.Head, "%PDF-1.7")
	}
	// No media type is recorded: the tenant's is a claim ingest checks.
	if st, err := b.Stat(ctx, sum); err != nil || st != ref {
		t.Fatalf("Stat after Adopt = %+v, %v; want %+v", st, err, ref)
	}
	rc, err := b.Open(ctx, sum)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(rc)
	rc.Close()
	if err != nil || !bytes.Equal(got, doc) {
		t.Fatalf("adopted blob = %q, %v", got, err)
	}

	// globex knows the hash and drops garbage under it: the shared address
	// holds acme's document, but globex adopts nothing.
	k, _ := blob.DroppedKey("globex", sum)
	p := filepath.Join(dir, filepath.FromSlash(k))
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append([]byte("not acme's invoice"), doc...), 0o640); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Adopt(ctx, "globex", sum, blob.AdoptOptions{}); !errors.Is(err, blob.ErrIntegrity) {
		t.Fatalf("Adopt(globex, garbage) = %v, want ErrIntegrity", err)
	}
	// Adopting again is harmless, and says the bytes were there already.
	if ad, err := b.Adopt(ctx, "acme", sum, blob.AdoptOptions{Head: 1 << 21}); err != nil || ad.Wrote || ad.Ref != ref || !bytes.Equal(ad.Head, doc) {
		t.Fatalf("second Adopt = wrote %v, %+v, %d bytes of head, %v; want not written, %+v, the whole document", ad.Wrote, ad.Ref, len(ad.Head), err, ref)
	}
}

func TestDroppedKeyRefusesPathTricks(t *testing.T) {
	sum := hex.EncodeToString(make([]byte, 32))
	for _, tenant := range []string{"", ".", "..", "../acme", "acme/x", "a b", "-acme", "acme\x00"} {
		if _, err := blob.DroppedKey(tenant, sum); !errors.Is(err, blob.ErrInvalidRef) {
			t.Errorf("DroppedKey(%q) = %v, want ErrInvalidRef", tenant, err)
		}
	}
	if _, err := blob.DroppedKey("acme", "zz"); !errors.Is(err, blob.ErrInvalidRef) {
		t.Errorf("DroppedKey(bad hash) = %v, want ErrInvalidRef", err)
	}
}
