package bus_test

import (
	"log/slog"
	"os"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
)

// The real Kafka cluster the tests share is stopped when they end.
func TestMain(m *testing.M) { dockettest.Main(m) }

// testLogger logs to stderr at debug when BUS_TEST_LOG is set.
func testLogger() *slog.Logger {
	if os.Getenv("BUS_TEST_LOG") == "" {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
