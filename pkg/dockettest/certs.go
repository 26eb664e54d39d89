package dockettest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// PKI is a test certificate authority writing PEM files (mode 0440) into a
// test's temporary folder.
type PKI struct {
	t      *testing.T
	dir    string
	key    *ecdsa.PrivateKey
	cert   *x509.Certificate
	CAFile string
	serial int64
}

// NewPKI makes a CA.
func NewPKI(t *testing.T) *PKI {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "docket test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	p := &PKI{t: t, dir: t.TempDir(), key: key, cert: cert, serial: 1}
	p.CAFile = p.write("ca.crt", "CERTIFICATE", der)
	return p
}

// Server issues a certificate for localhost and 127.0.0.1 and returns its
// certificate and key files.
func (p *PKI) Server(name string) (certFile, keyFile string) {
	return p.issue(name, x509.ExtKeyUsageServerAuth, []string{"localhost"}, []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback})
}

// Client issues a client certificate with common name cn.
func (p *PKI) Client(cn string) (certFile, keyFile string) {
	return p.issue(cn, x509.ExtKeyUsageClientAuth, nil, nil)
}

func (p *PKI) issue(cn string, usage x509.ExtKeyUsage, dns []string, ips []net.IP) (string, string) {
	p.t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	p.serial++
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(p.serial), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{usage}, DNSNames: dns, IPAddresses: ips,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.cert, &key.PublicKey, p.key)
	if err != nil {
		p.t.Fatal(err)
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		p.t.Fatal(err)
	}
	name := cn + "-" + big.NewInt(p.serial).String()
	return p.write(name+".crt", "CERTIFICATE", der), p.write(name+".key", "PRIVATE KEY", kder)
}

func (p *PKI) write(name, typ string, der []byte) string {
	p.t.Helper()
	path := filepath.Join(p.dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o440); err != nil {
		p.t.Fatal(err)
	}
	return path
}

// SecretFile writes body to a new file of mode 0440 and returns its path.
func SecretFile(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o440); err != nil {
		t.Fatal(err)
	}
	return path
}
