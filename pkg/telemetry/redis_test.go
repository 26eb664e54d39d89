package telemetry

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestRedisLogger checks that the Redis library's messages reach the log as
// structured warnings.
func TestRedisLogger(t *testing.T) {
	var buf bytes.Buffer
	l := redisLogger{NewLogger(&buf, "svc", "info", "text").With("component", "redis")}
	l.Printf(context.Background(), "redis: connection pool: failed to dial after %d attempts: %s\n", 5, "connection refused")
	want := `level=WARN msg="redis: connection pool: failed to dial after 5 attempts: connection refused" service=svc component=redis`
	if got := buf.String(); !strings.Contains(got, want) {
		t.Errorf("logged %q, want it to contain %q", got, want)
	}
}
