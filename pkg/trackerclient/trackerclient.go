// Package trackerclient dials the saga tracker's gRPC API the one way that
// ingest, the exception agent and the docket CLI share: its address, TLS or
// mutual TLS (pkg/tlsconf) and a bearer token, from a file that is read
// again when it changes (a rotated Secret) or from the environment. The
// connection is lazy: Dial does no I/O, and it reconnects by itself.
package trackerclient

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/docket-run/docket/pkg/filewatch"
	"github.com/docket-run/docket/pkg/tlsconf"
)

// Config says where the tracker is and how to prove who calls.
type Config struct {
	// Addr is the tracker's host:port.
	Addr string `env:"DOCKET_TRACKER_ADDR"`
	// Token is the caller's bearer token; TokenFile a file holding it
	// (a mounted Secret, 0440), read again when it changes. TokenFile
	// wins when both are set.
	Token     string `env:"DOCKET_TRACKER_TOKEN"`
	TokenFile string `env:"DOCKET_TRACKER_TOKEN_FILE"`
	// CAFile (PEM) makes the connection TLS, verified with it; CertFile
	// and KeyFile add the caller's client certificate (mutual TLS).
	CAFile   string `env:"DOCKET_TRACKER_CA_FILE"`
	CertFile string `env:"DOCKET_TRACKER_CERT_FILE"`
	KeyFile  string `env:"DOCKET_TRACKER_KEY_FILE"`
	// ServerName overrides the name checked in the tracker's certificate.
	ServerName string `env:"DOCKET_TRACKER_SERVER_NAME"`
}

// TLS returns the client TLS settings.
func (c Config) TLS() tlsconf.Client {
	return tlsconf.Client{CAFile: c.CAFile, CertFile: c.CertFile, KeyFile: c.KeyFile, ServerName: c.ServerName}
}

// Validate reports every bad field at once (an empty Addr is valid: no
// tracker).
func (c Config) Validate() error {
	var errs []error
	if c.Addr != "" {
		if _, _, err := net.SplitHostPort(c.Addr); err != nil {
			errs = append(errs, fmt.Errorf("DOCKET_TRACKER_ADDR %q: %w", c.Addr, err))
		}
	}
	if err := c.TLS().Validate("DOCKET_TRACKER_"); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// ErrNoAddr: Dial without an address.
var ErrNoAddr = errors.New("no saga tracker address (DOCKET_TRACKER_ADDR)")

// Dial returns a connection to the tracker. log reports reloaded files
// and a token sent without TLS off loopback; nil reports nothing.
func Dial(c Config, log *slog.Logger) (*grpc.ClientConn, error) {
	if c.Addr == "" {
		return nil, ErrNoAddr
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	tc, err := c.TLS().Config(log)
	if err != nil {
		return nil, fmt.Errorf("saga tracker TLS: %w", err)
	}
	creds := insecure.NewCredentials()
	if tc != nil {
		creds = credentials.NewTLS(tc)
	}
	opts := []grpc.DialOption{grpc.WithTransportCredentials(creds)}
	tok, err := c.token()
	if err != nil {
		return nil, err
	}
	if tok != nil {
		if tc == nil && !loopback(c.Addr) {
			log.Warn("the saga tracker token is sent without TLS: set DOCKET_TRACKER_CA_FILE unless the network is private", "tracker_addr", c.Addr)
		}
		opts = append(opts, grpc.WithPerRPCCredentials(bearer{token: tok, secure: tc != nil}))
	}
	cc, err := grpc.NewClient(c.Addr, opts...)
	if err != nil {
		return nil, fmt.Errorf("saga tracker address %q: %w", c.Addr, err)
	}
	return cc, nil
}

// token returns the token source: the file (watched), the value, or nil.
func (c Config) token() (func() string, error) {
	if c.TokenFile != "" {
		if err := filewatch.CheckSecret(c.TokenFile); err != nil {
			return nil, fmt.Errorf("DOCKET_TRACKER_TOKEN_FILE: %w", err)
		}
		w, err := filewatch.New(func() (string, error) {
			b, err := os.ReadFile(c.TokenFile)
			if err != nil {
				return "", fmt.Errorf("read tracker token: %w", err)
			}
			t := strings.TrimSpace(string(b))
			if t == "" {
				return "", fmt.Errorf("tracker token file %s is empty", c.TokenFile)
			}
			return t, nil
		}, []string{c.TokenFile})
		if err != nil {
			return nil, err
		}
		return w.Get, nil
	}
	if c.Token != "" {
		t := c.Token
		return func() string { return t }, nil
	}
	return nil, nil
}

func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// bearer sends "authorization: Bearer <token>" with every call.
type bearer struct {
	token  func() string
	secure bool
}

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token()}, nil
}

func (b bearer) RequireTransportSecurity() bool { return b.secure }
