// Command sagatracker runs the saga tracker.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/sagatracker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	p, err := config.Load()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: configuration: %v\n", sagatracker.Name, err)
		os.Exit(2)
	}
	log := telemetry.NewLogger(os.Stderr, sagatracker.Name, p.LogLevel, p.LogFormat)
	if err := sagatracker.Run(ctx, p, log); err != nil {
		log.Error("service failed", "error", err)
		stop()
		os.Exit(1)
	}
}
