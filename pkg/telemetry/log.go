// Package telemetry holds what every Docket service exposes to operators:
// structured logs, Prometheus metrics, W3C trace context, and the /healthz
// and /readyz probes.
package telemetry

import (
	"context"
	"io"
	"log/slog"
	"strings"

	"go.opentelemetry.io/otel/trace"
)

// Fixed log keys, shared by every service so that logs can be joined.
const (
	KeyService    = "service"
	KeyWorkflowID = "workflow_id"
	KeyEventID    = "event_id"
	KeyTraceID    = "trace_id"
	KeyTopic      = "topic"
	KeyPartition  = "partition"
	KeyOffset     = "offset"
)

// NewLogger returns a JSON (or, with format "text", logfmt) logger writing to
// w at the named level (debug, info, warn, error; default info), tagged with
// the service name. Records logged with a context that carries a span get its
// trace_id.
func NewLogger(w io.Writer, service, level, format string) *slog.Logger {
	opts := &slog.HandlerOptions{Level: parseLevel(level)}
	var h slog.Handler
	if strings.EqualFold(format, "text") {
		h = slog.NewTextHandler(w, opts)
	} else {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(traceHandler{h}).With(KeyService, service)
}

func parseLevel(s string) slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return slog.LevelInfo
	}
	return l
}

// traceHandler adds the trace_id of the context's span to every record.
type traceHandler struct{ slog.Handler }

func (h traceHandler) Handle(ctx context.Context, r slog.Record) error {
	if sc := trace.SpanContextFromContext(ctx); sc.HasTraceID() {
		r.AddAttrs(slog.String(KeyTraceID, sc.TraceID().String()))
	}
	return h.Handler.Handle(ctx, r)
}

func (h traceHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return traceHandler{h.Handler.WithAttrs(as)}
}

func (h traceHandler) WithGroup(name string) slog.Handler {
	return traceHandler{h.Handler.WithGroup(name)}
}
