// Package web serves the console: its embedded page (assets/), a JSON API
// under /api/ that the page calls, and a Server-Sent Events stream of
// workflow changes. Every /api/ call needs a session (a sign-in with a
// token of the principals file); every call that changes something also
// needs the session's CSRF token in X-CSRF-Token, a same-origin request
// and a JSON body.
package web

import (
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc/metadata"

	"github.com/docket-run/docket/pkg/auth"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

//go:embed assets
var assets embed.FS

// Options configure the server.
type Options struct {
	Tracker    trackerv1.TrackerClient
	Operations trackerv1.OperationsClient
	HTTP       *http.Client
	// Base URLs of the HTTP APIs.
	IngestURL, ExceptionURL, LedgerURL string
	// Principals who may sign in; nil: the embedded mode (the local
	// operator, loopback Host names only).
	Principals    *auth.Set
	SecureCookies bool
	SessionTTL    time.Duration
	Log           *slog.Logger
	Registry      prometheus.Registerer
	Version       string
	// SessionKey seals the session cookies (AES-256-GCM); replicas that
	// share it share the sessions. Empty: a random key of this process,
	// so a session lives on this replica only.
	SessionKey []byte
	// LedgerKeyFiles are the ledger's key ring files, read at every
	// check (a rotation adds keys); none: signatures are not checked, and
	// the page says so.
	LedgerKeyFiles []string
	// Metrics are the services' /metrics endpoints the overview reads
	// (operators and all-tenant reviewers only: they are not per tenant).
	Metrics []Target
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Server is the console's HTTP handler.
type Server struct {
	o        Options
	sessions *sessions
	logins   *throttle
	static   http.Handler
	docs     *docCache
	closing  chan struct{}
	once     sync.Once
	requests *prometheus.CounterVec
	signIns  *prometheus.CounterVec
	streams  prometheus.Gauge
	// backendsChecked: every API behind the console refused a call
	// without a credential (checkBackends).
	backendsChecked atomic.Bool
	// backendsProbed is when checkBackends last found an API unreachable
	// (Unix ns).
	backendsProbed atomic.Int64
}

// cookieName is the session cookie's name.
const cookieName = "docket_console"

// New returns the server.
func New(o Options) (*Server, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, err
	}
	ss, err := newSessions(o.SessionKey, o.SessionTTL, o.Now)
	if err != nil {
		return nil, err
	}
	s := &Server{
		sessions: ss,
		o:        o, logins: newThrottle(10, time.Minute, o.Now),
		static: http.FileServerFS(sub), docs: newDocCache(20000), closing: make(chan struct{}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_console_requests_total", Help: "Console API requests by route and status code."}, []string{"route", "code"}),
		signIns:  prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_console_sign_ins_total", Help: "Sign-in attempts by result."}, []string{"result"}),
		streams:  prometheus.NewGauge(prometheus.GaugeOpts{Name: "docket_console_live_streams", Help: "Open live-update streams."}),
	}
	if o.Registry != nil {
		for _, c := range []prometheus.Collector{s.requests, s.signIns, s.streams} {
			if err := o.Registry.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// Close ends the open live streams.
func (s *Server) Close() { s.once.Do(func() { close(s.closing) }) }

// Handler returns the console's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", s.static))
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /api/session", s.me)
	mux.HandleFunc("POST /api/session", s.signIn)
	mux.HandleFunc("POST /api/session/end", s.session(s.signOut))
	s.routes(mux)
	var h http.Handler = mux
	if s.o.Principals == nil {
		h = auth.LoopbackOnly(h)
	}
	return headers(h)
}

// headers sets the security headers of every answer: the page loads only
// its own scripts and styles, is never framed, and sends no referrer.
func headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	b, err := assets.ReadFile("assets/index.html")
	if err != nil {
		http.Error(w, "index missing", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// throttle counts failed sign-ins per client address.
type throttle struct {
	mu     sync.Mutex
	max    int
	window time.Duration
	now    func() time.Time
	m      map[string][]time.Time
}

func newThrottle(max int, window time.Duration, now func() time.Time) *throttle {
	return &throttle{max: max, window: window, now: now, m: map[string][]time.Time{}}
}

func (t *throttle) recent(addr string) []time.Time {
	cut := t.now().Add(-t.window)
	ts := t.m[addr]
	for len(ts) > 0 && ts[0].Before(cut) {
		ts = ts[1:]
	}
	t.m[addr] = ts
	return ts
}

func (t *throttle) locked(addr string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.recent(addr)) >= t.max
}

func (t *throttle) failed(addr string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[addr] = append(t.recent(addr), t.now())
}

func clientAddr(r *http.Request) string {
	h, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return h
}

// Who is the signed-in person as the page sees them.
type Who struct {
	Name   string `json:"name"`
	Role   string `json:"role"`
	Tenant string `json:"tenant,omitempty"`
	CSRF   string `json:"csrf"`
	// Actor is the name the tracker records for this person's claims and
	// decisions: the name, or "unauthenticated:<name>" in the embedded
	// mode (found from outside: the page compared a claim's holder with
	// the name, and the local operator could never decide a task it had
	// claimed).
	Actor string `json:"actor"`
	// Open: the embedded mode, no token needed.
	Open    bool   `json:"open"`
	Version string `json:"version"`
}

func (s *Server) who(x *session) Who {
	actor, err := auth.Actor(x.principal, x.principal.Name)
	if err != nil {
		actor = x.principal.Name
	}
	return Who{Name: x.principal.Name, Role: string(x.principal.Role), Tenant: x.principal.Tenant, CSRF: x.csrf,
		Actor: actor, Open: s.o.Principals == nil, Version: s.o.Version}
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	if x, ok := s.current(r); ok {
		s.extend(w, x)
		writeJSON(w, http.StatusOK, s.who(x))
		return
	}
	writeJSON(w, http.StatusUnauthorized, map[string]any{"error": "sign in", "open": s.o.Principals == nil})
}

// current returns the request's session: its cookie opened, not expired
// nor signed out, and its token still naming a principal who may sign in
// (a token taken out of the principals file ends its sessions at once).
func (s *Server) current(r *http.Request) (*session, bool) {
	c, err := r.Cookie(cookieName)
	if err != nil {
		return nil, false
	}
	x, ok := s.sessions.open(c.Value)
	if !ok {
		return nil, false
	}
	if s.o.Principals != nil {
		p, ok := s.o.Principals.Token(x.token)
		if !ok || p.Role == auth.RoleService {
			return nil, false
		}
		x.principal = p
	}
	return x, true
}

// extend sends x with a new expiry when the request is the first in a
// while: activity keeps a session alive.
func (s *Server) extend(w http.ResponseWriter, x *session) {
	if s.sessions.stale(x) {
		s.setCookie(w, s.sessions.extend(x))
	}
}

// setCookie sends x's cookie, sealed, valid for the session's lifetime.
func (s *Server) setCookie(w http.ResponseWriter, x *session) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: s.sessions.seal(x), Path: "/", HttpOnly: true, Secure: s.o.SecureCookies,
		SameSite: http.SameSiteStrictMode, MaxAge: int(s.o.SessionTTL.Seconds())})
}

var crossOrigin = http.NewCrossOriginProtection()

// guardWrite refuses a state-changing request that is cross-origin or not
// JSON.
func guardWrite(w http.ResponseWriter, r *http.Request) bool {
	if err := crossOrigin.Check(r); err != nil {
		writeError(w, http.StatusForbidden, "cross-origin request refused")
		return false
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send the body as application/json")
		return false
	}
	return true
}

func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	if !guardWrite(w, r) {
		return
	}
	addr := clientAddr(r)
	if s.logins.locked(addr) {
		s.signIns.WithLabelValues("throttled").Inc()
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusTooManyRequests, "too many failed sign-ins from this address: wait a minute")
		return
	}
	var req struct {
		Token string `json:"token"`
	}
	r.Body = http.MaxBytesReader(w, r.Body, 8<<10)
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "body: "+err.Error())
		return
	}
	p := auth.Anonymous
	token := strings.TrimSpace(req.Token)
	if s.o.Principals != nil {
		var ok bool
		if p, ok = s.o.Principals.Token(token); !ok {
			s.logins.failed(addr)
			s.signIns.WithLabelValues("unknown").Inc()
			s.o.Log.Warn("console sign-in refused", "remote_addr", addr)
			writeError(w, http.StatusUnauthorized, "unknown token")
			return
		}
		if p.Role == auth.RoleService {
			s.signIns.WithLabelValues("service").Inc()
			writeError(w, http.StatusForbidden, "a service's token does not sign in to the console")
			return
		}
		if err := s.checkBackends(r.Context()); err != nil {
			s.signIns.WithLabelValues("backends_open").Inc()
			s.o.Log.Error("console sign-in refused: the APIs behind the console must check credentials", "err", err)
			writeError(w, http.StatusServiceUnavailable, "sign-in is off: "+err.Error())
			return
		}
	} else {
		token = ""
	}
	x := s.sessions.create(p, token)
	s.setCookie(w, x)
	s.signIns.WithLabelValues("ok").Inc()
	s.o.Log.Info("console sign-in", "principal", p.String(), "remote_addr", addr)
	writeJSON(w, http.StatusOK, s.who(x))
}

func (s *Server) signOut(w http.ResponseWriter, _ *http.Request, x *session) {
	s.sessions.end(x)
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true, Secure: s.o.SecureCookies,
		SameSite: http.SameSiteStrictMode, MaxAge: -1})
	writeJSON(w, http.StatusOK, map[string]string{"status": "signed out"})
}

// session wraps an API handler: a signed-in caller, and for a write its
// CSRF token, same origin and JSON.
func (s *Server) session(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		x, ok := s.current(r)
		if !ok {
			writeError(w, http.StatusUnauthorized, "sign in first")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if !guardWrite(w, r) {
				return
			}
			if subtle.ConstantTimeCompare([]byte(r.Header.Get("X-CSRF-Token")), []byte(x.csrf)) != 1 {
				writeError(w, http.StatusForbidden, "missing or wrong X-CSRF-Token")
				return
			}
		}
		if err := s.checkBackends(r.Context()); err != nil {
			s.o.Log.Error("console request refused: the APIs behind the console must check credentials", "err", err)
			writeError(w, http.StatusServiceUnavailable, "the console is off: "+err.Error())
			return
		}
		s.extend(w, x)
		h(w, r, x)
	}
}

// outgoing returns ctx carrying the person's token for the tracker.
func outgoing(ctx context.Context, x *session) context.Context {
	if x.token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+x.token)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
