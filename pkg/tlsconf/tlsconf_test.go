package tlsconf_test

import (
	"crypto/tls"
	"crypto/x509"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/tlsconf"
)

// copyTo copies src over dst (mode 0600) and moves its time forward so a
// watcher sees a change.
func copyTo(t *testing.T, src, dst string, at time.Time) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(dst, at, at); err != nil {
		t.Fatal(err)
	}
}

// TestMutualTLSAndReload (issue 15, finding 15): a server on mutual TLS
// refuses a client without a certificate, names a client by its
// certificate's common name, and serves a renewed certificate on the next
// handshake after its files change, without a restart.
func TestMutualTLSAndReload(t *testing.T) {
	pki := dockettest.NewPKI(t)
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key")
	c1, k1 := pki.Server("docket-one")
	copyTo(t, c1, certFile, time.Now())
	copyTo(t, k1, keyFile, time.Now())
	srvCfg, err := tlsconf.Server{CertFile: certFile, KeyFile: keyFile, ClientCAFile: pki.CAFile}.Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := tls.Listen("tcp", "127.0.0.1:0", srvCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	subjects := make(chan string, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			tc := c.(*tls.Conn)
			if err := tc.Handshake(); err == nil {
				st := tc.ConnectionState()
				select {
				case subjects <- tlsconf.Subject(&st):
				default:
				}
			}
			_, _ = io.WriteString(tc, "ok")
			_ = tc.Close()
		}
	}()

	aliceCert, aliceKey := pki.Client("alice")
	client, err := tlsconf.Client{CAFile: pki.CAFile, CertFile: aliceCert, KeyFile: aliceKey, ServerName: "localhost"}.Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	served := func(cfg *tls.Config) (string, error) {
		c, err := tls.Dial("tcp", ln.Addr().String(), cfg)
		if err != nil {
			return "", err
		}
		defer c.Close()
		if _, err := io.ReadAll(c); err != nil {
			return "", err
		}
		return c.ConnectionState().PeerCertificates[0].Subject.CommonName, nil
	}
	if cn, err := served(client); err != nil || cn != "docket-one" {
		t.Fatalf("first handshake: server %q, %v", cn, err)
	}
	if got := <-subjects; got != "alice" {
		t.Fatalf("client subject = %q, want alice", got)
	}

	pool := x509.NewCertPool()
	ca, _ := os.ReadFile(pki.CAFile)
	pool.AppendCertsFromPEM(ca)
	if _, err := served(&tls.Config{RootCAs: pool, ServerName: "localhost", MinVersion: tls.VersionTLS12}); err == nil {
		t.Error("a client without a certificate was served")
	}

	c2, k2 := pki.Server("docket-two")
	later := time.Now().Add(time.Minute)
	copyTo(t, c2, certFile, later)
	copyTo(t, k2, keyFile, later)
	deadline := time.Now().Add(5 * time.Second)
	for {
		cn, err := served(client)
		if err == nil && cn == "docket-two" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after renewal the server still presents %q (%v)", cn, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
