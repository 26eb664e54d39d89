// Command gen renders the bundled sample documents into docs/. The output is
// committed; run it again (go run ./internal/samples/gen) after changing a
// sample.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/docket-run/docket/services/docket/internal/samples"
)

func main() {
	out := flag.String("out", "internal/samples/docs", "output folder")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, s := range samples.Catalog {
		b, err := samples.Render(s)
		if err == nil {
			err = os.WriteFile(filepath.Join(*out, s.File), b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", s.File, err)
			os.Exit(1)
		}
		fmt.Printf("%-28s %7d bytes  %s\n", s.File, len(b), s.Expect)
	}
}
