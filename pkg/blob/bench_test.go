package blob

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkPutSmall stores distinct 1 KiB blobs in a file bucket, the
// size of an extracted text or a small document; with -benchmem it shows
// what one Put allocates, and cpu-µs/op the process's CPU per Put.
func BenchmarkPutSmall(b *testing.B) {
	ctx := context.Background()
	bk, err := Open(ctx, "file://"+b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	body := bytes.Repeat([]byte("x"), 1024)
	n := 0
	cpu := cpuTime(b)
	for b.Loop() {
		copy(body, fmt.Sprintf("%016d", n))
		n++
		if _, err := bk.Put(ctx, bytes.NewReader(body), "text/plain"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
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

// BenchmarkAdopt adopts distinct 1 KiB documents a tenant dropped, as
// ingest does for every request on Kafka in the pipeline bench: each is
// new, so each is read, hashed, written at its address and made durable.
// The drops are written before the clock starts. cpu-µs/op is the
// process's user and system CPU per Adopt (fsync's kernel work included),
// which ns/op, a wall-clock figure, hides behind the disk's latency.
func BenchmarkAdopt(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	bk, err := Open(ctx, "file://"+dir)
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	body := bytes.Repeat([]byte("x"), 1024)
	sums := make([]string, b.N)
	for i := range sums {
		copy(body, fmt.Sprintf("%016d", i))
		sums[i] = dropForBench(b, dir, "acme", body)
	}
	cpu := cpuTime(b)
	b.ResetTimer()
	for _, sum := range sums {
		if _, err := bk.Adopt(ctx, "acme", sum, AdoptOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime(b)-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}

// dropForBench writes content to tenant's drop area under dir as the
// tenant would (a plain file, no attributes) and returns its SHA-256.
func dropForBench(b *testing.B, dir, tenant string, content []byte) string {
	h := sha256.Sum256(content)
	sum := hex.EncodeToString(h[:])
	k, err := DroppedKey(tenant, sum)
	if err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(dir, filepath.FromSlash(k))
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(p, content, 0o640); err != nil {
		b.Fatal(err)
	}
	return sum
}

// cpuTime returns the user and system CPU the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
