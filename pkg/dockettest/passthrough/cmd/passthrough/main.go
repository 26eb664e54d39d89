// Command passthrough runs the one-hop test service as its own process.
// Settings come from the DOCKET_* environment; PASSTHROUGH_DELAY adds a
// delay to every event; PASSTHROUGH_LONG=1 runs it as a long step.
package main

import (
	"os"
	"time"

	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/service"
)

func main() {
	delay, _ := time.ParseDuration(os.Getenv("PASSTHROUGH_DELAY"))
	spec := passthrough.Spec(delay)
	if os.Getenv("PASSTHROUGH_LONG") == "1" {
		spec = passthrough.LongSpec(delay)
	}
	service.Main(spec)
}
