// Package ingest is Docket's front door: the HTTP submission API, the
// docket.document.requested handler for producers that do not speak HTTP,
// a watched inbox folder, completion callbacks, and the interim status
// view. See README.md.
package ingest

import (
	"context"
	"fmt"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/handler"
)

// Name is the service name.
const Name = events.ServiceIngest

// Version is the build version stamped on ingest's events.
var Version = "dev"

// Spec returns the service. Setup reads DOCKET_INGEST_* from the
// environment.
func Spec() service.Spec {
	v := &handler.View{}
	return service.Spec{
		Name:     Name,
		Version:  Version,
		Consumes: append([]string{events.TopicRequested}, v.Topics()...),
		Produces: []string{events.TopicSubmitted, events.TopicRejected, events.TopicSteps},
		Setup: func(ctx context.Context, d *service.Deps, rt *bus.Runtime) error {
			cfg, err := app.LoadConfig()
			if err != nil {
				return fmt.Errorf("configuration: %w", err)
			}
			a, err := app.Start(ctx, cfg, d, rt, Version)
			if err != nil {
				return err
			}
			d.WaitAtStop(a.Wait)
			return nil
		},
	}
}
