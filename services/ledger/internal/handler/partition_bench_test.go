package handler

import (
	"fmt"
	"testing"
)

// BenchmarkLedgerPartition: the partition of a ledger record, computed
// for every record the ledger appends.
func BenchmarkLedgerPartition(b *testing.B) {
	ids := make([]string, 1024)
	for i := range ids {
		ids[i] = fmt.Sprintf("wf-%08d", i)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		LedgerPartition(ids[i%len(ids)], 6)
	}
}
