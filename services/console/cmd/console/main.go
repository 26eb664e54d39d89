// Command console serves Docket's web console (DOCKET_CONSOLE_ADDR,
// default 127.0.0.1:8088) until SIGTERM.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/services/console"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	cfg, err := console.LoadConfig()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: configuration: %v\n", console.Name, err)
		os.Exit(2)
	}
	log := telemetry.NewLogger(os.Stderr, console.Name, cfg.LogLevel, cfg.LogFormat)
	if err := console.Run(ctx, cfg, log); err != nil {
		log.Error("service failed", "error", err)
		stop()
		os.Exit(1)
	}
}
