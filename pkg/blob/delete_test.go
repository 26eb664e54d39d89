package blob_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/dockettest"
)

// TestDelete: a deleted blob is gone, deleting it again is harmless, and a
// tenant's dropped original goes the same way.
func TestDelete(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	b, err := blob.Open(ctx, "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ref, err := b.Put(ctx, bytes.NewReader([]byte("John Doe's payslip")), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, false} {
		if got, err := b.Delete(ctx, ref.SHA256); err != nil || got != want {
			t.Fatalf("Delete #%d = %v, %v; want %v", i+1, got, err, want)
		}
	}
	if _, err := b.Stat(ctx, ref.SHA256); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Stat after Delete = %v, want not found", err)
	}
	if _, err := b.Delete(ctx, "not-a-hash"); !errors.Is(err, blob.ErrInvalidRef) {
		t.Fatalf("Delete(not-a-hash) = %v, want invalid ref", err)
	}

	sum := dockettest.DropBlob(t, dir, "acme", []byte("%PDF-1.7 dropped"), "application/pdf").SHA256
	for i, want := range []bool{true, false} {
		if got, err := b.DeleteDropped(ctx, "acme", sum); err != nil || got != want {
			t.Fatalf("DeleteDropped #%d = %v, %v; want %v", i+1, got, err, want)
		}
	}
	if _, err := b.Adopt(ctx, "acme", sum, blob.AdoptOptions{}); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("Adopt after DeleteDropped = %v, want not found", err)
	}
}
