package telemetry

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"sort"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/docket-run/docket/pkg/auth"
)

// Check reports whether one dependency is usable; nil means yes.
type Check func(ctx context.Context) error

// Server serves /metrics, /healthz and /readyz.
//
// /healthz answers 200 while the process is alive and its liveness checks
// pass (a wedged processing loop fails it, so an orchestrator restarts the
// process). /readyz answers 200 only when every readiness check passes (the
// consumer group has joined, the schema registry and Redis answer), 503 with
// the failing checks otherwise.
type Server struct {
	Registry *prometheus.Registry

	mu        sync.Mutex
	profiling bool
	liveness  map[string]Check
	readiness map[string]Check
	extra     map[string]http.Handler
	srv       *http.Server
}

// NewServer returns a server with a fresh Prometheus registry holding the Go
// runtime and process collectors.
func NewServer() *Server {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return &Server{Registry: reg, liveness: map[string]Check{}, readiness: map[string]Check{}}
}

// Live adds a liveness check.
func (s *Server) Live(name string, c Check) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.liveness[name] = c
}

// Ready adds a readiness check.
func (s *Server) Ready(name string, c Check) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.readiness[name] = c
}

// EnableProfiling adds net/http/pprof's endpoints under /debug/pprof/ to
// the handler (call it before Start).
func (s *Server) EnableProfiling() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.profiling = true
}

// Handle adds a service's own endpoint to the server, e.g. an operator
// API (call it before Start). The service guards it: the ops server
// authenticates no one.
func (s *Server) Handle(pattern string, h http.Handler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.extra == nil {
		s.extra = map[string]http.Handler{}
	}
	s.extra[pattern] = h
}

// Handler returns the HTTP handler with the three endpoints, the
// profiling ones when enabled, and those added by Handle.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.mu.Lock()
	if s.profiling {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	}
	for pattern, h := range s.extra {
		mux.Handle(pattern, h)
	}
	s.mu.Unlock()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.Registry, promhttp.HandlerOpts{Registry: s.Registry}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { s.probe(w, r, s.liveness) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) { s.probe(w, r, s.readiness) })
	return mux
}

func (s *Server) probe(w http.ResponseWriter, r *http.Request, checks map[string]Check) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	s.mu.Lock()
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	fns := make([]Check, len(names))
	sort.Strings(names)
	for i, n := range names {
		fns[i] = checks[n]
	}
	s.mu.Unlock()

	status := map[string]string{}
	ok := true
	for i, n := range names {
		if err := fns[i](ctx); err != nil {
			status[n] = err.Error()
			ok = false
		} else {
			status[n] = "ok"
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if !ok {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": ok, "checks": status})
}

// Start listens on addr (host:port; port 0 picks a free one) and serves in
// the background. It returns the address it listens on. An address from
// Reserve is served on the listener held for it.
func (s *Server) Start(addr string) (string, error) {
	l, err := listen(addr)
	if err != nil {
		return "", fmt.Errorf("listen for metrics and probes on %s: %w", addr, err)
	}
	h := s.Handler()
	if ta, ok := l.Addr().(*net.TCPAddr); ok && ta.IP.IsLoopback() {
		// On loopback (the embedded mode) only loopback Host names, as
		// the suite's other open APIs: a page that rebinds its DNS name
		// to 127.0.0.1 reads no metrics (found from outside). Off
		// loopback Prometheus scrapes by the pod's address.
		h = auth.LoopbackOnly(h)
	}
	s.srv = &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	srv := s.srv
	// Serve returns only on Shutdown or a broken listener; either way the
	// probes stop answering, which an orchestrator sees and acts on.
	go func() { _ = srv.Serve(l) }()
	return l.Addr().String(), nil
}

// Shutdown stops serving, waiting for open requests until ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	if s.srv == nil {
		return nil
	}
	return s.srv.Shutdown(ctx)
}
