// Command exception runs the exception agent.
package main

import (
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/exception"
)

func main() { service.Main(exception.Spec()) }
