// Command sagatracker runs the saga tracker; `sagatracker rebuild` drops
// its projection and rebuilds it from Kafka (stop the live replicas first).
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
	run := sagatracker.Run
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "rebuild":
			run = sagatracker.Rebuild
		default:
			fmt.Fprintf(os.Stderr, "usage: %s [rebuild]\n", sagatracker.Name)
			os.Exit(2)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	p, err := config.Load()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: configuration: %v\n", sagatracker.Name, err)
		os.Exit(2)
	}
	log := telemetry.NewLogger(os.Stderr, sagatracker.Name, p.LogLevel, p.LogFormat)
	telemetry.LogRedis(log)
	if err := run(ctx, p, log); err != nil {
		log.Error("service failed", "error", err)
		stop()
		os.Exit(1)
	}
}
