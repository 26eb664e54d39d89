package telemetry

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// Without an exporter the provider records no span, yet every span has
// ids, continues the trace it was handed and passes it on.
func TestTracerProviderKeepsIDsWithoutRecording(t *testing.T) {
	tp := NewTracerProvider()
	parent := propagation.MapCarrier{"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}
	ctx := Propagator.Extract(context.Background(), parent)
	ctx, span := tp.Tracer("test").Start(ctx, "handle")
	defer span.End()
	if span.IsRecording() {
		t.Error("span is recording, want no recording without an exporter")
	}
	if got, want := TraceID(ctx), "4bf92f3577b34da6a3ce929d0e0e4736"; got != want {
		t.Errorf("trace id = %q, want the parent's %q", got, want)
	}
	out := propagation.MapCarrier{}
	Propagator.Inject(ctx, out)
	sc := trace.SpanContextFromContext(ctx)
	if !sc.HasSpanID() || sc.SpanID().String() == "00f067aa0ba902b7" || out["traceparent"] == "" {
		t.Errorf("span id %s, traceparent %q: want a new span id passed on", sc.SpanID(), out["traceparent"])
	}

	_, root := tp.Tracer("test").Start(context.Background(), "root")
	defer root.End()
	if !root.SpanContext().HasTraceID() {
		t.Error("a span without a parent has no trace id, want a new one")
	}
}

// BenchmarkSpan measures what the runtime does per record for tracing:
// extract the context from the headers, start and end a span, inject the
// context into an output's headers. "always" is the sampler the services
// used before (every span recorded, no exporter), "default" today's.
func BenchmarkSpan(b *testing.B) {
	in := propagation.MapCarrier{"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}
	for _, tc := range []struct {
		name string
		tp   *sdktrace.TracerProvider
	}{
		{"always", NewTracerProvider(sdktrace.WithSampler(sdktrace.AlwaysSample()))},
		{"default", NewTracerProvider()},
	} {
		b.Run(tc.name, func(b *testing.B) {
			tr := tc.tp.Tracer("bench")
			b.ReportAllocs()
			for b.Loop() {
				ctx := Propagator.Extract(context.Background(), in)
				ctx, span := tr.Start(ctx, "handle docket.document.submitted", trace.WithSpanKind(trace.SpanKindConsumer))
				Propagator.Inject(ctx, propagation.MapCarrier{})
				span.End()
			}
		})
	}
}
