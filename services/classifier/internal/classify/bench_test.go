package classify_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/corpus"
	"github.com/docket-run/docket/services/classifier/internal/policy"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// BenchmarkClassifier decides every held-out document of the corpus with
// the built-in model, the personal-data detectors and the default policy,
// one at a time, and prints
//
//	bench classifier: docs_per_s=<n> p99_ms=<x>
//
// Run with -benchtime 1x: one iteration is one full measurement (three
// passes over the held-out split, the first discarded as warm-up).
func BenchmarkClassifier(b *testing.B) {
	clf := builtIn(b)
	docs, err := corpus.Load("../../corpus")
	if err != nil {
		b.Fatal(err)
	}
	var held []string
	for _, d := range docs {
		if textmodel.Split(d.Name) == textmodel.SplitTest {
			held = append(held, d.Text)
		}
	}
	e := classify.NewEngine(clf, policy.Default(), "builtin")
	ctx := context.Background()
	for range b.N {
		var lat []float64
		var busy time.Duration
		for pass := range 3 {
			for _, text := range held {
				t0 := time.Now()
				if _, err := e.Decide(ctx, "acme", classify.Text{Body: text, Bytes: int64(len(text))}); err != nil {
					b.Fatal(err)
				}
				d := time.Since(t0)
				if pass > 0 {
					lat = append(lat, float64(d)/1e6)
					busy += d
				}
			}
		}
		slices.Sort(lat)
		rate := float64(len(lat)) / busy.Seconds()
		p99 := lat[len(lat)*99/100]
		fmt.Printf("bench classifier: docs_per_s=%.0f p99_ms=%.3f\n", rate, p99)
		b.ReportMetric(rate, "docs/s")
		b.ReportMetric(p99, "p99_ms")
	}
}
