// Package console is Docket's web console for reviewers and operators: the
// workflows (live, from the saga tracker's watch stream), a workflow's
// timeline and document, the review queue, the dead letters and an
// overview. It holds no state of its own but its sign-in sessions: every
// read and action goes to the API that owns it — the tracker's gRPC
// Tracker and Operations services, the exception agent's HTTP API,
// ingest's document read API and the ledger's — under the signed-in
// person's own token, so each API checks the tenant and the role and
// audits the action under that person's name.
package console

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/health/grpc_health_v1"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/telemetry"
	"github.com/docket-run/docket/pkg/tlsconf"
	"github.com/docket-run/docket/pkg/trackerclient"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/console/internal/web"
)

// Name is the service name.
const Name = "console"

// Version is the build version.
var Version = "dev"

// Config is the console's settings, from DOCKET_CONSOLE_* (and the
// platform's DOCKET_OPS_ADDR, DOCKET_INSECURE, DOCKET_AUTH_KEY_FILE,
// DOCKET_LOG_*).
type Config struct {
	// Addr is where the console listens.
	Addr string `env:"ADDR" envDefault:"127.0.0.1:8088"`
	// TokensFile and Tokens are the principals who may sign in (pkg/auth:
	// the same tokens file as the tracker's, the exception agent's and
	// ingest's). None: the embedded mode, where the local user signs in
	// as the operator and the console answers loopback Host names only.
	TokensFile string `env:"TOKENS_FILE"`
	Tokens     string `env:"TOKENS"`
	// TLSCert and TLSKey serve the console over HTTPS (read again when
	// they change).
	TLSCert string `env:"TLS_CERT"`
	TLSKey  string `env:"TLS_KEY"`
	// TLSTerminated says a proxy in front terminates TLS (an ingress):
	// cookies are marked Secure and the console may listen in plain HTTP
	// off loopback.
	TLSTerminated bool `env:"TLS_TERMINATED"`
	// SessionTTL is how long a sign-in lasts without activity.
	SessionTTL time.Duration `env:"SESSION_TTL" envDefault:"8h"`

	// TrackerAddr is the saga tracker's gRPC address; TrackerCAFile makes
	// the connection TLS, TrackerCertFile and TrackerKeyFile add the
	// console's client certificate for a tracker that requires mutual TLS
	// (the person's own token still names the caller).
	TrackerAddr     string `env:"TRACKER_ADDR" envDefault:"127.0.0.1:9090"`
	TrackerCAFile   string `env:"TRACKER_CA_FILE"`
	TrackerCertFile string `env:"TRACKER_CERT_FILE"`
	TrackerKeyFile  string `env:"TRACKER_KEY_FILE"`
	// The HTTP APIs: ingest (documents), the exception agent (parked
	// items, breakers), the ledger (records). CAFile verifies them over
	// HTTPS.
	IngestURL    string `env:"INGEST_URL" envDefault:"http://127.0.0.1:8080"`
	ExceptionURL string `env:"EXCEPTION_URL" envDefault:"http://127.0.0.1:8084"`
	LedgerURL    string `env:"LEDGER_URL" envDefault:"http://127.0.0.1:8083"`
	CAFile       string `env:"CA_FILE"`
	// LedgerPublicKeys are the ledger's key ring files, comma-separated
	// (the same as DOCKET_LEDGER_PUBLIC_KEYS): with them the console
	// checks each record's Ed25519 signature and its key's validity
	// window; without them it says the signature was not checked.
	LedgerPublicKeys []string `env:"LEDGER_PUBLIC_KEYS" envSeparator:","`
	// Metrics lists the services' /metrics endpoints the overview reads:
	// service=url,… (docket run sets them; in a cluster, Prometheus and the
	// Grafana dashboard of charts/console are the overview).
	Metrics string `env:"METRICS"`

	// Platform settings (no prefix).
	OpsAddr     string `env:"-"`
	Insecure    bool   `env:"-"`
	AuthKeyFile string `env:"-"`
	LogLevel    string `env:"-"`
	LogFormat   string `env:"-"`
}

type platform struct {
	OpsAddr     string `env:"DOCKET_OPS_ADDR" envDefault:"127.0.0.1:0"`
	Insecure    bool   `env:"DOCKET_INSECURE"`
	AuthKeyFile string `env:"DOCKET_AUTH_KEY_FILE"`
	LogLevel    string `env:"DOCKET_LOG_LEVEL" envDefault:"info"`
	LogFormat   string `env:"DOCKET_LOG_FORMAT" envDefault:"json"`
}

// LoadConfig reads the settings from the environment.
func LoadConfig() (Config, error) {
	var c Config
	errs := []error{config.ParseEnv(&c, "DOCKET_CONSOLE_")}
	var p platform
	errs = append(errs, config.ParseEnv(&p, ""))
	c.OpsAddr, c.Insecure, c.AuthKeyFile, c.LogLevel, c.LogFormat = p.OpsAddr, p.Insecure, p.AuthKeyFile, p.LogLevel, p.LogFormat
	errs = append(errs, c.Validate())
	return c, errors.Join(errs...)
}

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_CONSOLE_ADDR %q: %w", c.Addr, err))
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		errs = append(errs, errors.New("DOCKET_CONSOLE_TLS_CERT and DOCKET_CONSOLE_TLS_KEY go together"))
	}
	if c.SessionTTL < time.Minute {
		errs = append(errs, fmt.Errorf("DOCKET_CONSOLE_SESSION_TTL %s: want at least 1m", c.SessionTTL))
	}
	if _, _, err := net.SplitHostPort(c.TrackerAddr); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_CONSOLE_TRACKER_ADDR %q: %w", c.TrackerAddr, err))
	}
	for name, v := range map[string]string{"INGEST_URL": c.IngestURL, "EXCEPTION_URL": c.ExceptionURL, "LEDGER_URL": c.LedgerURL} {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("DOCKET_CONSOLE_%s %q: want http(s)://host:port", name, v))
		}
	}
	if _, err := web.ParseTargets(c.Metrics); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_CONSOLE_METRICS: %w", err))
	}
	return errors.Join(errs...)
}

// ErrCleartext refuses a console with sign-in that would send tokens and
// session cookies over plain HTTP off loopback.
var ErrCleartext = errors.New("refusing to serve sign-in over plain HTTP on a non-loopback address")

// Running is a started console.
type Running struct {
	// Addr is where it listens (host:port); URL its address for a browser.
	Addr, URL string
	// OpsAddr serves /metrics, /healthz and /readyz.
	OpsAddr string
	wg      sync.WaitGroup
	err     error
}

// Wait blocks until the console has stopped (its context ended).
func (r *Running) Wait() error { r.wg.Wait(); return r.err }

// Run serves the console until ctx ends.
func Run(ctx context.Context, c Config, log *slog.Logger) error {
	r, err := Start(ctx, c, log)
	if err != nil {
		return err
	}
	return r.Wait()
}

// Start listens and serves in the background until ctx ends.
func Start(ctx context.Context, c Config, log *slog.Logger) (*Running, error) {
	log = log.With("version", Version)
	principals, err := auth.Load(auth.Settings{File: c.TokensFile, Inline: c.Tokens, KeyFile: c.AuthKeyFile, Log: log})
	if err != nil {
		return nil, fmt.Errorf("console principals: %w", err)
	}
	tlsCfg, err := tlsconf.Server{CertFile: c.TLSCert, KeyFile: c.TLSKey}.Config(log)
	if err != nil {
		return nil, fmt.Errorf("console TLS: %w", err)
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return nil, fmt.Errorf("console: listen on %s: %w", c.Addr, err)
	}
	if err := checkExposure(log, c, ln.Addr(), principals != nil, tlsCfg != nil); err != nil {
		_ = ln.Close()
		return nil, err
	}
	conn, err := trackerclient.Dial(trackerclient.Config{Addr: c.TrackerAddr, CAFile: c.TrackerCAFile, CertFile: c.TrackerCertFile, KeyFile: c.TrackerKeyFile}, log)
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	httpc, err := apiClient(c.CAFile)
	if err != nil {
		_ = ln.Close()
		_ = conn.Close()
		return nil, err
	}
	ops := telemetry.NewServer()
	health := grpc_health_v1.NewHealthClient(conn)
	ops.Ready("tracker", func(ctx context.Context) error {
		res, err := health.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		if err != nil {
			return fmt.Errorf("saga tracker: %w", err)
		}
		if res.GetStatus() != grpc_health_v1.HealthCheckResponse_SERVING {
			return fmt.Errorf("saga tracker is %s", res.GetStatus())
		}
		return nil
	})
	ops.Live("http", func(context.Context) error { return nil })
	opsAddr, err := ops.Start(c.OpsAddr)
	if err != nil {
		_ = ln.Close()
		_ = conn.Close()
		return nil, err
	}
	targets, _ := web.ParseTargets(c.Metrics) // checked by Validate
	if len(c.LedgerPublicKeys) > 0 {
		if _, err := ledgerchain.LoadPublicKeys(c.LedgerPublicKeys...); err != nil {
			// Read again at every check: the embedded ledger writes its
			// key ring when it starts, and a rotation adds keys.
			log.Warn("the ledger's key ring cannot be read yet: signatures are reported unchecked until it can", "err", err)
		}
	}
	sessionKey, err := sessionKey(c.AuthKeyFile)
	if err != nil {
		_ = ln.Close()
		_ = conn.Close()
		return nil, err
	}
	srv, err := web.New(web.Options{
		Metrics: targets, LedgerKeyFiles: c.LedgerPublicKeys, SessionKey: sessionKey,
		Tracker: trackerv1.NewTrackerClient(conn), Operations: trackerv1.NewOperationsClient(conn),
		HTTP: httpc, IngestURL: c.IngestURL, ExceptionURL: c.ExceptionURL, LedgerURL: c.LedgerURL,
		Principals: principals, SecureCookies: tlsCfg != nil || c.TLSTerminated, SessionTTL: c.SessionTTL,
		Log: log, Registry: ops.Registry, Version: Version,
	})
	if err != nil {
		_ = ln.Close()
		_ = conn.Close()
		return nil, err
	}
	run := &Running{Addr: ln.Addr().String(), OpsAddr: opsAddr}
	scheme := "http"
	if tlsCfg != nil {
		scheme = "https"
		ln = tls.NewListener(ln, tlsCfg)
	}
	run.URL = scheme + "://" + dialable(run.Addr) + "/"
	// No WriteTimeout: the live updates are a long response (SSE).
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	run.wg.Go(func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			run.err = err
			log.Error("console stopped", "error", err)
		}
	})
	run.wg.Go(func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		srv.Close() // ends the live streams, which Shutdown would wait for
		_ = hs.Shutdown(sctx)
		_ = ops.Shutdown(sctx)
		_ = conn.Close()
	})
	log.Info("console listening", "url", run.URL, "ops_addr", opsAddr, "auth", principals != nil, "tls", tlsCfg != nil,
		"tracker", c.TrackerAddr, "ingest", c.IngestURL, "exception", c.ExceptionURL, "ledger", c.LedgerURL)
	return run, nil
}

// checkExposure is the start-up rule of every Docket API (auth.CheckExposure)
// and one more for a page people sign in to: off loopback, tokens and
// session cookies travel only over TLS (the console's own, or a proxy's
// in front: DOCKET_CONSOLE_TLS_TERMINATED), unless DOCKET_INSECURE.
func checkExposure(log *slog.Logger, c Config, addr net.Addr, authenticated, tlsOn bool) error {
	if err := auth.CheckExposure(log, "the web console", addr, authenticated, c.Insecure, "set DOCKET_CONSOLE_TOKENS_FILE (or _TOKENS)"); err != nil {
		return err
	}
	ta, ok := addr.(*net.TCPAddr)
	if !authenticated || tlsOn || c.TLSTerminated || (ok && ta.IP.IsLoopback()) {
		return nil
	}
	if c.Insecure {
		log.Error("INSECURE: the web console takes tokens and sets session cookies over plain HTTP on "+addr.String()+" (DOCKET_INSECURE=true)", "addr", addr.String())
		return nil
	}
	return fmt.Errorf("the web console on %s: %w: set DOCKET_CONSOLE_TLS_CERT and _TLS_KEY, or DOCKET_CONSOLE_TLS_TERMINATED=true behind a TLS proxy, or DOCKET_INSECURE=true", addr, ErrCleartext)
}

func apiClient(caFile string) (*http.Client, error) {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 32
	if caFile != "" {
		pool, err := tlsconf.LoadPool(caFile)
		if err != nil {
			return nil, fmt.Errorf("DOCKET_CONSOLE_CA_FILE: %w", err)
		}
		tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	}
	return &http.Client{Transport: tr, Timeout: 60 * time.Second}, nil
}

func dialable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(strings.Trim(host, "[]"), port)
}

// sessionKey derives the key that seals session cookies from the platform's
// auth key (DOCKET_AUTH_KEY_FILE), so replicas given the same key share the
// sessions; nil without one (each process then makes its own).
func sessionKey(authKeyFile string) ([]byte, error) {
	if authKeyFile == "" {
		return nil, nil
	}
	raw, err := os.ReadFile(authKeyFile)
	if err != nil {
		return nil, fmt.Errorf("DOCKET_AUTH_KEY_FILE: %w", err)
	}
	mac := hmac.New(sha256.New, bytes.TrimSpace(raw))
	mac.Write([]byte("docket console session cookies v1"))
	return mac.Sum(nil), nil
}
