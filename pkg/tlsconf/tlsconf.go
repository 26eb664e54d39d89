// Package tlsconf builds TLS configurations for Docket's APIs and their
// clients from PEM files: server TLS, mutual TLS (a CA that client
// certificates must chain to) and client certificates. Certificates and CA
// bundles are read again when their files change (filewatch), so a renewed
// certificate is served on the next handshake, without a restart.
package tlsconf

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/docket-run/docket/pkg/filewatch"
)

// Server is an API's TLS settings.
type Server struct {
	// CertFile and KeyFile (PEM) are the server's certificate and key;
	// both or neither.
	CertFile string
	KeyFile  string
	// ClientCAFile (PEM), when set, turns on mutual TLS: every client must
	// present a certificate that chains to one of these CAs. The
	// certificate's subject common name then names the caller (see
	// auth.Set's subjects).
	ClientCAFile string
}

// Enabled reports whether the API is served over TLS.
func (s Server) Enabled() bool { return s.CertFile != "" }

// Mutual reports whether client certificates are required.
func (s Server) Mutual() bool { return s.ClientCAFile != "" }

// Validate reports inconsistent settings; names prefixes the variables'
// names in errors (e.g. "DOCKET_SAGATRACKER_").
func (s Server) Validate(prefix string) error {
	var errs []error
	if (s.CertFile == "") != (s.KeyFile == "") {
		errs = append(errs, fmt.Errorf("%sTLS_CERT and %sTLS_KEY: set both or neither", prefix, prefix))
	}
	if s.ClientCAFile != "" && s.CertFile == "" {
		errs = append(errs, fmt.Errorf("%sTLS_CLIENT_CA needs %sTLS_CERT and %sTLS_KEY: mutual TLS is TLS", prefix, prefix, prefix))
	}
	return errors.Join(errs...)
}

// Config returns the server's TLS configuration, or nil when TLS is off.
// The certificate and the client CAs are loaded now (an error is
// returned) and again after their files change (a failure is logged and
// the previous ones stay).
func (s Server) Config(log *slog.Logger) (*tls.Config, error) {
	if !s.Enabled() {
		return nil, nil
	}
	cert, err := filewatch.New(func() (*tls.Certificate, error) {
		c, err := tls.LoadX509KeyPair(s.CertFile, s.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("TLS certificate %s: %w", s.CertFile, err)
		}
		return &c, nil
	}, []string{s.CertFile, s.KeyFile}, filewatch.OnReload(reloaded(log, "TLS certificate", s.CertFile)))
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{
		MinVersion:     tls.VersionTLS12,
		GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return cert.Get(), nil },
	}
	if !s.Mutual() {
		return cfg, nil
	}
	cas, err := filewatch.New(func() (*x509.CertPool, error) { return LoadPool(s.ClientCAFile) },
		[]string{s.ClientCAFile}, filewatch.OnReload(reloaded(log, "TLS client CA", s.ClientCAFile)))
	if err != nil {
		return nil, err
	}
	cfg.ClientAuth = tls.RequireAndVerifyClientCert
	cfg.ClientCAs = cas.Get()
	base := cfg.Clone()
	// Every handshake takes the CA pool as it is now.
	cfg.GetConfigForClient = func(*tls.ClientHelloInfo) (*tls.Config, error) {
		c := base.Clone()
		c.ClientCAs = cas.Get()
		return c, nil
	}
	return cfg, nil
}

// Client is a client's TLS settings towards a Docket API.
type Client struct {
	// CAFile (PEM) verifies the server; empty uses the system roots.
	CAFile string
	// CertFile and KeyFile (PEM) are the client's certificate for mutual
	// TLS; both or neither.
	CertFile string
	KeyFile  string
	// ServerName overrides the name verified in the server's certificate
	// (default: the host dialed).
	ServerName string
}

// Enabled reports whether the client talks TLS: a CA or a client
// certificate is set.
func (c Client) Enabled() bool { return c.CAFile != "" || c.CertFile != "" }

// Validate reports inconsistent settings; prefix as in Server.Validate.
func (c Client) Validate(prefix string) error {
	if (c.CertFile == "") != (c.KeyFile == "") {
		return fmt.Errorf("%sCERT_FILE and %sKEY_FILE: set both or neither", prefix, prefix)
	}
	return nil
}

// Config returns the client's TLS configuration, or nil when TLS is off.
// The client certificate is read again after its files change.
func (c Client) Config(log *slog.Logger) (*tls.Config, error) {
	if !c.Enabled() {
		return nil, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: c.ServerName}
	if c.CAFile != "" {
		pool, err := LoadPool(c.CAFile)
		if err != nil {
			return nil, err
		}
		cfg.RootCAs = pool
	}
	if c.CertFile != "" {
		cert, err := filewatch.New(func() (*tls.Certificate, error) {
			k, err := tls.LoadX509KeyPair(c.CertFile, c.KeyFile)
			if err != nil {
				return nil, fmt.Errorf("TLS client certificate %s: %w", c.CertFile, err)
			}
			return &k, nil
		}, []string{c.CertFile, c.KeyFile}, filewatch.OnReload(reloaded(log, "TLS client certificate", c.CertFile)))
		if err != nil {
			return nil, err
		}
		cfg.GetClientCertificate = func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return cert.Get(), nil }
	}
	return cfg, nil
}

// LoadPool reads a PEM bundle of CA certificates.
func LoadPool(file string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read CA bundle: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("CA bundle %s holds no PEM certificate", file)
	}
	return pool, nil
}

// Subject returns the common name of a verified peer certificate chain's
// leaf, "" when there is none.
func Subject(state *tls.ConnectionState) string {
	if state == nil || len(state.VerifiedChains) == 0 || len(state.VerifiedChains[0]) == 0 {
		return ""
	}
	return state.VerifiedChains[0][0].Subject.CommonName
}

func reloaded(log *slog.Logger, what, file string) func(error) {
	return func(err error) {
		if log == nil {
			return
		}
		if err != nil {
			log.Error(what+" changed but could not be loaded: the previous one stays in use", "file", file, "error", err)
			return
		}
		log.Info(what+" reloaded", "file", file)
	}
}
