package blob

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// BenchmarkPutSmall stores distinct 1 KiB blobs in a file bucket, the
// size of an extracted text or a small document; with -benchmem it shows
// what one Put allocates.
func BenchmarkPutSmall(b *testing.B) {
	ctx := context.Background()
	bk, err := Open(ctx, "file://"+b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	body := bytes.Repeat([]byte("x"), 1024)
	n := 0
	for b.Loop() {
		copy(body, fmt.Sprintf("%016d", n))
		n++
		if _, err := bk.Put(ctx, bytes.NewReader(body), "text/plain"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPutExisting stores the same 1 KiB blob again and again: a
// document or a text already stored (a redelivery, the same content in
// another workflow).
func BenchmarkPutExisting(b *testing.B) {
	ctx := context.Background()
	bk, err := Open(ctx, "file://"+b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	body := bytes.Repeat([]byte("x"), 1024)
	for b.Loop() {
		if _, err := bk.Put(ctx, bytes.NewReader(body), "text/plain"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPutLarge stores distinct 1 MiB blobs, too large to be hashed in
// memory first: they are staged, then moved to their address.
func BenchmarkPutLarge(b *testing.B) {
	ctx := context.Background()
	bk, err := Open(ctx, "file://"+b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	body := bytes.Repeat([]byte("x"), 1<<20)
	n := 0
	for b.Loop() {
		copy(body, fmt.Sprintf("%016d", n))
		n++
		if _, err := bk.Put(ctx, bytes.NewReader(body), "application/pdf"); err != nil {
			b.Fatal(err)
		}
	}
}
