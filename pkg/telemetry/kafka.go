package telemetry

import (
	"context"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"
)

// KafkaLogger returns a kgo.Logger that writes the Kafka client's warnings
// and errors (an unreachable broker, a failed group join) to log, tagged
// component=kafka; without it the client retries in silence.
func KafkaLogger(log *slog.Logger) kgo.Logger {
	return kafkaLogger{log.With("component", "kafka")}
}

type kafkaLogger struct{ log *slog.Logger }

func (kafkaLogger) Level() kgo.LogLevel { return kgo.LogLevelWarn }

func (l kafkaLogger) Log(level kgo.LogLevel, msg string, keyvals ...any) {
	var sl slog.Level
	switch level {
	case kgo.LogLevelError:
		sl = slog.LevelError
	case kgo.LogLevelWarn:
		sl = slog.LevelWarn
	default:
		return
	}
	l.log.Log(context.Background(), sl, msg, keyvals...)
}
