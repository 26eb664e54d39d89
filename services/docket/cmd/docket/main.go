// Command docket is the operator CLI and the all-in-one runner of the
// embedded stack.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/docket-run/docket/services/docket/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	code := cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
