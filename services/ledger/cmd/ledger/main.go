// Command ledger runs the ledger service.
package main

import (
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/ledger"
)

func main() { service.Main(ledger.Spec()) }
