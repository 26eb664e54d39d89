package money

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkAmounts reads the amounts of the classifier's evaluation texts
// (realistic documents, one a call) and of 64 KiB of single digits
// parted by spaces, a text that is all numbers without a word: MB/s is
// the figure. The second took 17 µs a byte while every number ran the
// month names' patterns, and again 19 µs while every number ran
// currencyEnd (0.05 MB/s; 0.93-0.98 once mayEndInCurrency let most
// numbers pass it by; the documents 0.32 to 0.41-0.42). Reading the
// locale only when a rule asks took the documents from 0.36-0.40 to
// 0.43-0.47 MB/s and the digits from 0.95 to 3.9-4.1 (another suite ran
// beside both).
func BenchmarkAmounts(b *testing.B) {
	files, _ := filepath.Glob("../../services/classifier/eval/docs/*.txt")
	var texts []string
	size := 0
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, string(d))
		size += len(d)
	}
	b.Run("documents", func(b *testing.B) {
		if len(texts) == 0 {
			b.Skip("no evaluation texts")
		}
		b.SetBytes(int64(size / len(texts)))
		for i := 0; b.Loop(); i++ {
			Amounts(texts[i%len(texts)])
		}
	})
	b.Run("digits", func(b *testing.B) {
		digits := strings.Repeat("1 2 3 4 5 6 7 8 9 0 ", 64<<10/20)
		b.SetBytes(int64(len(digits)))
		for b.Loop() {
			Amounts(digits)
		}
	})
}
