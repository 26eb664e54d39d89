// Command gen generates the Go code of package events from the Avro schemas.
//
// Run it from the pkg folder:
//
//	go run ./events/internal/gen -schemas ../schemas -out ./events
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/docket-run/docket/pkg/events/internal/schemagen"
)

func main() {
	schemas := flag.String("schemas", "../schemas", "folder holding <event>/v<N>.avsc")
	out := flag.String("out", "./events", "folder of package events")
	flag.Parse()
	if err := schemagen.Generate(*schemas, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
