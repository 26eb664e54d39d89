// Package sagatracker is the saga tracker: it projects every Docket event
// into per-workflow state and history in Redis, exactly once, and serves
// them over gRPC (docket.tracker.v1.Tracker). It does not run on the
// transactional runtime: it produces nothing, and its consumed offsets live
// in Redis beside the state they produced.
package sagatracker

import (
	"context"
	"log/slog"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/services/sagatracker/internal/app"
)

// Name is the service name.
const Name = "sagatracker"

// Version is the build version.
var Version = "dev"

// Run runs the tracker with the platform settings p until ctx ends. Its own
// settings come from the environment:
//
//	DOCKET_SAGATRACKER_ADDR             gRPC address (127.0.0.1:9090)
//	DOCKET_SAGATRACKER_GROUP            consumer group (docket-sagatracker)
//	DOCKET_SAGATRACKER_REDIS_PREFIX     Redis key prefix (docket:sagatracker:)
//	DOCKET_SAGATRACKER_MAX_POLL_RECORDS records per batch (1000)
//	DOCKET_SAGATRACKER_WRITE_TIMEOUT    retries of one batch write (30s)
func Run(ctx context.Context, p config.Platform, log *slog.Logger) error {
	return app.Run(ctx, p, log.With("version", Version))
}
