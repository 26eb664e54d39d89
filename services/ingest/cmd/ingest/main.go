// Command ingest runs Docket's ingest service.
package main

import (
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/ingest"
)

func main() { service.Main(ingest.Spec()) }
