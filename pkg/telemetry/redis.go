package telemetry

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/redis/go-redis/v9"
)

// LogRedis sends the Redis client library's own messages (a refused
// connection, a pool that cannot dial) to log as warnings tagged
// component=redis, instead of the unstructured lines it prints on stderr
// by default. The library has one logger per process: call it once, in
// main, with the process's logger.
func LogRedis(log *slog.Logger) { redis.SetLogger(redisLogger{log.With("component", "redis")}) }

type redisLogger struct{ log *slog.Logger }

func (l redisLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, strings.TrimSpace(fmt.Sprintf(format, v...)))
}
