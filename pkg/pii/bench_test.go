package pii

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkMatches finds the personal data of the classifier's evaluation
// texts (realistic documents, services/classifier/eval/docs), one text a
// call; MB/s is the figure.
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
