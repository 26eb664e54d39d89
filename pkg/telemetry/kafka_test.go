package telemetry

import (
	"bytes"
	"strings"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"
)

// TestKafkaLogger checks that the Kafka client's warnings and errors reach
// the service log with their key-value pairs, and that its chatter does not.
func TestKafkaLogger(t *testing.T) {
	tests := []struct {
		name  string
		level kgo.LogLevel
		want  string // empty: nothing logged
	}{
		{"error", kgo.LogLevelError, `level=ERROR msg="join group failed" service=svc component=kafka broker=seed_0`},
		{"warn", kgo.LogLevelWarn, `level=WARN msg="join group failed" service=svc component=kafka broker=seed_0`},
		{"info", kgo.LogLevelInfo, ""},
		{"debug", kgo.LogLevelDebug, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			l := KafkaLogger(NewLogger(&buf, "svc", "debug", "text"))
			if l.Level() != kgo.LogLevelWarn {
				t.Errorf("Level() = %v, want warn", l.Level())
			}
			l.Log(tt.level, "join group failed", "broker", "seed_0")
			got := buf.String()
			if tt.want == "" && got != "" {
				t.Errorf("logged %q, want nothing", got)
			}
			if tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("logged %q, want it to contain %q", got, tt.want)
			}
		})
	}
}
