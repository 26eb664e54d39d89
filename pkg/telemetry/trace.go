package telemetry

import (
	"context"

	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// Propagator carries W3C trace context (traceparent, tracestate).
var Propagator propagation.TextMapPropagator = propagation.TraceContext{}

// NewTracerProvider returns a tracer provider that creates real span and
// trace ids, so that trace context propagates through Kafka headers and logs
// even when no exporter is configured. By default it samples nothing: spans
// keep their ids but record nothing, since without an exporter a recorded
// span is work for nobody (it cost 3-10% of each service's CPU). A caller
// that adds an exporter with sdktrace options (for example an OTLP batcher)
// adds a sampler beside it (sdktrace.WithSampler), which overrides the
// default.
func NewTracerProvider(opts ...sdktrace.TracerProviderOption) *sdktrace.TracerProvider {
	return sdktrace.NewTracerProvider(append([]sdktrace.TracerProviderOption{sdktrace.WithSampler(sdktrace.NeverSample())}, opts...)...)
}

// TraceID returns the hex trace id of the span in ctx, or "".
func TraceID(ctx context.Context) string {
	if sc := trace.SpanContextFromContext(ctx); sc.HasTraceID() {
		return sc.TraceID().String()
	}
	return ""
}
