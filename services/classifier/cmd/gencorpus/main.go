// Command gencorpus writes the labeled training corpus, deterministic by
// seed:
//
//	go run ./cmd/gencorpus -seed 1 -n 420 -out corpus
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/docket-run/docket/services/classifier/internal/corpus"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	n := flag.Int("n", 420, "documents per type")
	out := flag.String("out", "corpus", "output folder")
	flag.Parse()
	docs := corpus.Generate(*seed, *n)
	if err := corpus.Write(*out, docs); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
	fmt.Printf("gencorpus: wrote %d documents to %s\n", len(docs), *out)
}
