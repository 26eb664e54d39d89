// Package sagatracker is the saga tracker: it projects every Docket event
// into per-workflow state and history in Redis, exactly once, and serves
// them over gRPC (docket.tracker.v1.Tracker). It does not run on the
// transactional runtime: it produces nothing, and its consumed offsets live
// in Redis beside the state they produced.
//
// Rebuild (the command's "rebuild" mode, `sagatracker rebuild`) drops the
// projection and rebuilds it from Kafka. Every live replica using the same
// DOCKET_SAGATRACKER_REDIS_PREFIX must be stopped while it runs, or they and
// the rebuild write the same keys; to rebuild without downtime, rebuild into
// a different DOCKET_SAGATRACKER_REDIS_PREFIX, start replicas on it (they
// resume from the offsets the rebuild stored) and switch readers over.
package sagatracker

import (
	"context"
	"log/slog"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/services/sagatracker/internal/app"
	"github.com/docket-run/docket/services/sagatracker/internal/consumer"
)

// Name is the service name.
const Name = "sagatracker"

// Version is the build version.
var Version = "dev"

// Topics are the topics the tracker reads (its Kafka principal's read
// grants).
func Topics() []string { return consumer.Topics() }

// Run runs the tracker with the platform settings p until ctx ends. Its own
// settings come from the environment:
//
//	DOCKET_SAGATRACKER_ADDR             gRPC address (127.0.0.1:9090)
//	DOCKET_SAGATRACKER_GROUP            consumer group (docket-sagatracker)
//	DOCKET_SAGATRACKER_REDIS_PREFIX     Redis key prefix (docket:sagatracker:)
//	DOCKET_SAGATRACKER_MAX_POLL_RECORDS records per batch (1000)
//	DOCKET_SAGATRACKER_WRITE_TIMEOUT    retries of one batch write (30s)
//	DOCKET_SAGATRACKER_DEADLINE         workflow deadline when submitted carries none (24h)
//	DOCKET_SAGATRACKER_REVIEW_SLA       review SLA when the request carries none (4h)
//	DOCKET_SAGATRACKER_REVIEW_LEASE     default claim lease of a review task (15m)
//	DOCKET_SAGATRACKER_CANCEL_GRACE     wait before the tracker itself ends a canceled workflow (1m)
//	DOCKET_SAGATRACKER_TIMER_INTERVAL   how often each replica fires due timers (1s)
//	DOCKET_SAGATRACKER_STALL_AFTER      expected duration per stage (ingest=2m,ocr=10m,classify=5m,ledger=2m)
//	DOCKET_SAGATRACKER_STALL_DEFAULT    expected duration of other stages (5m)
//	DOCKET_SAGATRACKER_RETENTION        finished workflows kept after their latest event (168h; 0 keeps)
//	DOCKET_SAGATRACKER_PURGE_INTERVAL   how often each replica purges expired workflows (1m)
//	DOCKET_SAGATRACKER_CHANGES_MAXLEN   changes kept for watches to resume from (100000)
//	DOCKET_SAGATRACKER_CHANGES_IDLE     changes still written after the last watch ended (10m; 0: always)
//	DOCKET_SAGATRACKER_STATS_RETENTION  per-minute statistics kept, the longest stats window (24h)
//	DOCKET_SAGATRACKER_TOKENS_FILE      JSON token → "tenant:<id>" | "operator"; none: API open
//	DOCKET_SAGATRACKER_TOKENS           the same inline, token=principal,...
//	DOCKET_SAGATRACKER_TLS_CERT / _KEY  PEM files: serve gRPC over TLS
func Run(ctx context.Context, p config.Platform, log *slog.Logger) error {
	return app.Run(ctx, p, log.With("version", Version))
}

// Rebuild deletes every key under the tracker's Redis prefix (SCAN and
// UNLINK in batches, never FLUSHDB), then reads every Docket topic from the
// start, read_committed, up to the end offsets listed when it begins, and
// applies the records in batches through the live consumer's store script,
// storing the consumed offsets with them, so a tracker started afterwards
// resumes from there. Its settings are Run's (ADDR is not used). Live
// replicas on the same prefix must be stopped during a rebuild.
func Rebuild(ctx context.Context, p config.Platform, log *slog.Logger) error {
	return app.Rebuild(ctx, p, log.With("version", Version, "mode", "rebuild"))
}
