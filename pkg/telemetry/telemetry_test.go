package telemetry

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

func TestProbes(t *testing.T) {
	s := NewServer()
	ready := errors.New("consumer group not joined yet")
	s.Live("loop", func(context.Context) error { return nil })
	s.Ready("group", func(context.Context) error { return ready })
	s.Ready("redis", func(context.Context) error { return nil })
	addr, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())

	get := func(path string) (int, map[string]any) {
		t.Helper()
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		if strings.HasSuffix(path, "z") {
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		} else {
			_, _ = io.Copy(io.Discard, resp.Body)
		}
		return resp.StatusCode, body
	}
	if code, _ := get("/healthz"); code != http.StatusOK {
		t.Errorf("/healthz = %d, want 200", code)
	}
	code, body := get("/readyz")
	if code != http.StatusServiceUnavailable {
		t.Errorf("/readyz = %d, want 503 while a check fails", code)
	}
	checks := body["checks"].(map[string]any)
	if checks["group"] != ready.Error() || checks["redis"] != "ok" {
		t.Errorf("/readyz checks = %v", checks)
	}
	ready = nil
	if code, _ := get("/readyz"); code != http.StatusOK {
		t.Errorf("/readyz = %d, want 200 once every check passes", code)
	}
	if code, _ := get("/metrics"); code != http.StatusOK {
		t.Errorf("/metrics = %d, want 200", code)
	}
}

func TestLoggerAddsTraceID(t *testing.T) {
	var buf bytes.Buffer
	log := NewLogger(&buf, "ocr", "debug", "json")
	tp := NewTracerProvider(sdktrace.WithSampler(sdktrace.AlwaysSample()))
	ctx, span := tp.Tracer("test").Start(context.Background(), "op")
	log.InfoContext(ctx, "hello", KeyWorkflowID, "wf-1")
	span.End()
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec[KeyTraceID] != TraceID(ctx) || rec[KeyTraceID] == "" || rec[KeyService] != "ocr" || rec[KeyWorkflowID] != "wf-1" {
		t.Errorf("log record = %v, want service, workflow_id and the span's trace_id", rec)
	}
}

// Profiling endpoints are served only when enabled.
func TestProfiling(t *testing.T) {
	for _, tc := range []struct {
		name   string
		enable bool
		want   int
	}{
		{"off by default", false, http.StatusNotFound},
		{"enabled", true, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewServer()
			if tc.enable {
				s.EnableProfiling()
			}
			addr, err := s.Start("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer s.Shutdown(context.Background())
			resp, err := http.Get("http://" + addr + "/debug/pprof/heap?debug=1")
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("/debug/pprof/heap = %d, want %d", resp.StatusCode, tc.want)
			}
		})
	}
}

// TestLoopbackServerAnswersLoopbackHostsOnly: on loopback the metrics and
// probes answer only loopback Host names, as the embedded suite's other
// open APIs (found from outside: a rebound name read every /metrics).
func TestLoopbackServerAnswersLoopbackHostsOnly(t *testing.T) {
	s := NewServer()
	addr, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	for host, want := range map[string]int{addr: http.StatusOK, "localhost": http.StatusOK, "evil.example": http.StatusMisdirectedRequest} {
		req, err := http.NewRequest(http.MethodGet, "http://"+addr+"/metrics", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}
