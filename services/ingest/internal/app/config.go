// Package app wires ingest: its settings, the HTTP API, the handlers on the
// runtime, the inbox and the callback deliverer.
package app

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"time"

	platform "github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/ratelimit"
	"github.com/docket-run/docket/pkg/tlsconf"
	"github.com/docket-run/docket/pkg/trackerclient"
)

// Config holds ingest's own settings (DOCKET_INGEST_*).
type Config struct {
	Addr      string `env:"ADDR" envDefault:"127.0.0.1:8080"`
	PublicURL string `env:"PUBLIC_URL"` // default http(s)://<Addr>
	MaxBytes  int64  `env:"MAX_BYTES" envDefault:"52428800"`
	// UploadTimeout bounds how long a submission's body may take to
	// arrive: a client sending it slowly, or never ending it, is cut off.
	UploadTimeout time.Duration `env:"UPLOAD_TIMEOUT" envDefault:"5m"`
	// MaxUploads and MaxTenantUploads cap the submission bodies one
	// replica reads at once, in total (a 503 past it) and per tenant (a
	// 429), both with Retry-After. Bodies stream to the blob store, so a
	// slot costs about 40 KiB of buffers, not the document's size.
	MaxUploads       int `env:"MAX_UPLOADS" envDefault:"128"`
	MaxTenantUploads int `env:"MAX_TENANT_UPLOADS" envDefault:"64"`
	// LoginFailures unknown API keys from one client address are allowed
	// at once, and as many again every LoginFailureWindow; past that the
	// address is refused (429 with Retry-After) until its budget refills.
	LoginFailures      int           `env:"LOGIN_FAILURES" envDefault:"10"`
	LoginFailureWindow time.Duration `env:"LOGIN_FAILURE_WINDOW" envDefault:"1m"`
	// TenantsFile lists the tenants, read again when it changes; empty
	// runs the dev tenant "demo" (the embedded mode: allowed on loopback
	// or with DOCKET_INSECURE, refused elsewhere).
	TenantsFile string `env:"TENANTS_FILE"`
	// TokensFile and Tokens name the principals (pkg/auth: tenant,
	// reviewer, operator, service) that may read documents through the
	// document read API beside the tenants' API keys: the same tokens
	// as the tracker's and the exception agent's, for the web console.
	TokensFile string `env:"TOKENS_FILE"`
	Tokens     string `env:"TOKENS"`
	// PdftoppmBin renders PDF pages for the document read API.
	PdftoppmBin string `env:"PDFTOPPM_BIN" envDefault:"pdftoppm"`
	// RenderTimeout bounds one PDF page's rendering for the read API.
	RenderTimeout time.Duration `env:"RENDER_TIMEOUT" envDefault:"30s"`
	// TLSCert and TLSKey (PEM, both or neither) serve the API over TLS;
	// TLSClientCA requires client certificates signed by it. Read again
	// when they change.
	TLSCert         string        `env:"TLS_CERT"`
	TLSKey          string        `env:"TLS_KEY"`
	TLSClientCA     string        `env:"TLS_CLIENT_CA"`
	DefaultDeadline time.Duration `env:"DEFAULT_DEADLINE" envDefault:"24h"`
	PublishTimeout  time.Duration `env:"PUBLISH_TIMEOUT" envDefault:"10s"`
	IdempotencyTTL  time.Duration `env:"IDEMPOTENCY_TTL" envDefault:"168h"`
	StatusTTL       time.Duration `env:"STATUS_TTL" envDefault:"720h"`
	EventsPoll      time.Duration `env:"EVENTS_POLL" envDefault:"500ms"`

	InboxDir    string        `env:"INBOX_DIR"`
	InboxTenant string        `env:"INBOX_TENANT" envDefault:"demo"`
	InboxPoll   time.Duration `env:"INBOX_POLL" envDefault:"1s"`

	CallbackPoll        time.Duration `env:"CALLBACK_POLL" envDefault:"1s"`
	CallbackBackoff     time.Duration `env:"CALLBACK_BACKOFF" envDefault:"5s"`
	CallbackMaxBackoff  time.Duration `env:"CALLBACK_MAX_BACKOFF" envDefault:"1h"`
	CallbackMaxAttempts int           `env:"CALLBACK_MAX_ATTEMPTS" envDefault:"10"`
	// CallbackAllowNets are the CIDR prefixes callbacks may reach besides
	// public addresses; empty blocks loopback, private, link-local and
	// reserved ranges (the embedded runner allows loopback).
	CallbackAllowNets []string `env:"CALLBACK_ALLOW_NETS" envSeparator:","`

	// Tracker is where status is read; read from DOCKET_TRACKER_*.
	Tracker TrackerConfig `env:"-"`
}

// TrackerConfig points ingest's status endpoints at the saga tracker's
// API (DOCKET_TRACKER_*, pkg/trackerclient). Without an address they serve
// ingest's interim view.
type TrackerConfig struct {
	// Client is the address, the token (a service principal's: ingest
	// reads every tenant's workflows and answers each tenant only its
	// own), or the file holding it, and TLS.
	Client  trackerclient.Config
	Timeout time.Duration `env:"DOCKET_TRACKER_TIMEOUT" envDefault:"5s"`
}

// LoginRate is the budget of failed logins of one client address.
func (c Config) LoginRate() ratelimit.Rate {
	return ratelimit.Rate{PerSecond: float64(c.LoginFailures) / c.LoginFailureWindow.Seconds(), Burst: c.LoginFailures}
}

// CallbackAllowPrefixes parses CallbackAllowNets.
func (c Config) CallbackAllowPrefixes() ([]netip.Prefix, error) {
	var ps []netip.Prefix
	for _, n := range c.CallbackAllowNets {
		if n = strings.TrimSpace(n); n == "" {
			continue
		}
		p, err := netip.ParsePrefix(n)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR prefix such as 10.1.0.0/16", n)
		}
		ps = append(ps, p.Masked())
	}
	return ps, nil
}

// TLS returns the API's TLS settings.
func (c Config) TLS() tlsconf.Server {
	return tlsconf.Server{CertFile: c.TLSCert, KeyFile: c.TLSKey, ClientCAFile: c.TLSClientCA}
}

// LoadConfig reads DOCKET_INGEST_* and validates it.
func LoadConfig() (Config, error) {
	var c Config
	err := platform.ParseEnv(&c, "DOCKET_INGEST_")
	trackerErr := platform.ParseEnv(&c.Tracker, "")
	return c, errors.Join(err, trackerErr, c.Validate())
}

// Validate reports every bad field at once.
func (c Config) Validate() error {
	var errs []error
	bad := func(name, format string, args ...any) {
		errs = append(errs, fmt.Errorf("DOCKET_INGEST_"+name+": "+format, args...))
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		bad("ADDR", "%q: %v", c.Addr, err)
	}
	if c.PublicURL != "" {
		if u, err := url.Parse(c.PublicURL); err != nil || u.Scheme == "" || u.Host == "" {
			bad("PUBLIC_URL", "%q is not an absolute URL", c.PublicURL)
		}
	}
	if err := c.TLS().Validate("DOCKET_INGEST_"); err != nil {
		errs = append(errs, err)
	}
	if c.MaxBytes < 1 {
		bad("MAX_BYTES", "%d: want at least 1", c.MaxBytes)
	}
	if c.MaxUploads < 1 {
		bad("MAX_UPLOADS", "%d: want at least 1", c.MaxUploads)
	}
	if c.MaxTenantUploads < 1 {
		bad("MAX_TENANT_UPLOADS", "%d: want at least 1", c.MaxTenantUploads)
	}
	if c.LoginFailures < 1 {
		bad("LOGIN_FAILURES", "%d: want at least 1", c.LoginFailures)
	}
	for name, d := range map[string]time.Duration{
		"UPLOAD_TIMEOUT": c.UploadTimeout, "DEFAULT_DEADLINE": c.DefaultDeadline, "PUBLISH_TIMEOUT": c.PublishTimeout, "IDEMPOTENCY_TTL": c.IdempotencyTTL,
		"STATUS_TTL": c.StatusTTL, "EVENTS_POLL": c.EventsPoll, "INBOX_POLL": c.InboxPoll, "LOGIN_FAILURE_WINDOW": c.LoginFailureWindow, "CALLBACK_POLL": c.CallbackPoll,
		"CALLBACK_BACKOFF": c.CallbackBackoff, "CALLBACK_MAX_BACKOFF": c.CallbackMaxBackoff,
	} {
		if d <= 0 {
			bad(name, "%s: want a positive duration", d)
		}
	}
	if c.CallbackMaxBackoff < c.CallbackBackoff {
		bad("CALLBACK_MAX_BACKOFF", "%s is below DOCKET_INGEST_CALLBACK_BACKOFF %s", c.CallbackMaxBackoff, c.CallbackBackoff)
	}
	if c.CallbackMaxAttempts < 1 {
		bad("CALLBACK_MAX_ATTEMPTS", "%d: want at least 1", c.CallbackMaxAttempts)
	}
	if _, err := c.CallbackAllowPrefixes(); err != nil {
		bad("CALLBACK_ALLOW_NETS", "%v", err)
	}
	if c.InboxDir != "" && c.InboxTenant == "" {
		bad("INBOX_TENANT", "empty while DOCKET_INGEST_INBOX_DIR is set")
	}
	if err := c.Tracker.Client.Validate(); err != nil {
		errs = append(errs, err)
	}
	if c.Tracker.Client.Addr != "" {
		if c.Tracker.Timeout <= 0 {
			errs = append(errs, fmt.Errorf("DOCKET_TRACKER_TIMEOUT: %s: want a positive duration", c.Tracker.Timeout))
		}
	}
	return errors.Join(errs...)
}
