package service

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// TestWarnProfiling: profiling served off loopback is said at start; on
// loopback it is not.
func TestWarnProfiling(t *testing.T) {
	for addr, want := range map[string]bool{"0.0.0.0:9101": true, "10.1.2.3:9101": true, "[::]:9101": true, "127.0.0.1:9101": false, "[::1]:9101": false} {
		var buf bytes.Buffer
		warnProfiling(slog.New(slog.NewTextHandler(&buf, nil)), addr)
		if got := strings.Contains(buf.String(), "/debug/pprof"); got != want {
			t.Errorf("%s: warned %v, want %v", addr, got, want)
		}
	}
}
