package pii

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkMatches finds the personal data of the classifier's evaluation
// texts (realistic documents, services/classifier/eval/docs), one text a
// call; MB/s is the figure. BenchmarkMatchesDigits reads 64 KiB of single
// digits parted by spaces, lines of numbers without a word.
func BenchmarkMatches(b *testing.B) {
	files, err := filepath.Glob("../../services/classifier/eval/docs/*.txt")
	if err != nil || len(files) == 0 {
		b.Skip("no evaluation texts")
	}
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
	b.SetBytes(int64(size / len(texts)))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Matches(texts[i%len(texts)])
	}
}

func BenchmarkMatchesDigits(b *testing.B) {
	digits := strings.Repeat("1 2 3 4 5 6 7 8 9 0\n", 64<<10/20)
	b.SetBytes(int64(len(digits)))
	for b.Loop() {
		Matches(digits)
	}
}
