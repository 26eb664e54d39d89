package submit

import (
	"bytes"
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
)

// BenchmarkStored accepts requests for distinct 1 KiB documents, each
// dropped beforehand, on the file blob store: what ingest does per request
// fed on docket.document.requested (the pipeline benchmark's bulk feed),
// without Kafka. cpu-µs/op is this process's CPU (the blob store's system
// calls included; redis-server's is not).
func BenchmarkStored(b *testing.B) {
	ctx := context.Background()
	s, _, dir := storedService(b)
	doc := bytes.Repeat([]byte("x"), 1024)
	refs := make([]events.BlobRef, b.N)
	for i := range refs {
		copy(doc, fmt.Sprintf("%%PDF-1.7 %016d", i))
		refs[i] = dockettest.DropBlob(b, dir, "acme", doc, "application/pdf")
	}
	cpu := processCPU(b)
	b.ResetTimer()
	for i, ref := range refs {
		if _, err := s.Stored(ctx, storedRequest(ref, fmt.Sprint(i))); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((processCPU(b)-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}

func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
