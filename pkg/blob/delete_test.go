package blob

import (
	"bytes"
	"errors"
	"testing"
)

// TestDelete: Delete removes a blob (Open then finds nothing) and reports
// it; deleting it again is no error and reports nothing deleted.
func TestDelete(t *testing.T) {
	b, _ := fileBackend(t)
	ref, err := b.Put(ctx(t), bytes.NewReader([]byte("extracted text")), "text/plain")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, false} {
		if got, err := b.Delete(ctx(t), ref.SHA256); err != nil || got != want {
			t.Fatalf("Delete #%d = %v, %v; want %v", i+1, got, err, want)
		}
	}
	if _, err := b.Open(ctx(t), ref.SHA256); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Open after Delete: %v, want ErrNotFound", err)
	}
	if _, err := b.Delete(ctx(t), "not-a-hash"); !errors.Is(err, ErrInvalidRef) {
		t.Fatalf("Delete of a malformed address: %v, want ErrInvalidRef", err)
	}
}
