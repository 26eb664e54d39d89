package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/docket-run/docket/pkg/events"
)

// maxKeyFile bounds the size of a key file read.
const maxKeyFile = 64 << 10

// KeyID returns the id of a public key: the first 8 bytes of its SHA-256,
// lowercase hex.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// PublicKeys are the keys a verifier trusts, by KeyID. Several keys make
// key rotation work: records signed before and after a rotation verify as
// long as both public keys are known.
type PublicKeys map[string]ed25519.PublicKey

// Add adds pub under its KeyID.
func (k PublicKeys) Add(pub ed25519.PublicKey) { k[KeyID(pub)] = pub }

// LoadPublicKeys reads public key files: PEM "PUBLIC KEY" blocks (PKIX,
// several per file allowed) or base64 of the 32 raw key bytes, one per
// line.
func LoadPublicKeys(paths ...string) (PublicKeys, error) {
	keys := PublicKeys{}
	for _, p := range paths {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		b, err := readKeyFile(p)
		if err != nil {
			return nil, err
		}
		pubs, err := ParsePublicKeys(b)
		if err != nil {
			return nil, fmt.Errorf("public key file %s: %w", p, err)
		}
		for _, pub := range pubs {
			keys.Add(pub)
		}
	}
	if len(keys) == 0 {
		return nil, errors.New("no public keys given")
	}
	return keys, nil
}

// ParsePublicKeys parses every public key in b: PEM "PUBLIC KEY" blocks or
// base64 lines of 32 raw bytes.
func ParsePublicKeys(b []byte) ([]ed25519.PublicKey, error) {
	var out []ed25519.PublicKey
	if bytes.Contains(b, []byte("-----BEGIN")) {
		for {
			var blk *pem.Block
			blk, b = pem.Decode(b)
			if blk == nil {
				break
			}
			if blk.Type != "PUBLIC KEY" {
				continue
			}
			k, err := x509.ParsePKIXPublicKey(blk.Bytes)
			if err != nil {
				return nil, fmt.Errorf("parse PEM public key: %w", err)
			}
			pub, ok := k.(ed25519.PublicKey)
			if !ok {
				return nil, fmt.Errorf("PEM public key is %T, want Ed25519", k)
			}
			out = append(out, pub)
		}
	} else {
		for line := range strings.Lines(string(b)) {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(line)
			if err != nil {
				return nil, fmt.Errorf("decode base64 public key: %w", err)
			}
			if len(raw) != ed25519.PublicKeySize {
				return nil, fmt.Errorf("base64 public key has %d bytes, want %d", len(raw), ed25519.PublicKeySize)
			}
			out = append(out, ed25519.PublicKey(raw))
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no Ed25519 public key found")
	}
	return out, nil
}

// LoadPrivateKey reads a private key file; see ParsePrivateKey.
func LoadPrivateKey(path string) (ed25519.PrivateKey, error) {
	b, err := readKeyFile(path)
	if err != nil {
		return nil, err
	}
	k, err := ParsePrivateKey(b)
	if err != nil {
		return nil, fmt.Errorf("private key file %s: %w", path, err)
	}
	return k, nil
}

// ParsePrivateKey parses an Ed25519 private key: a PEM "PRIVATE KEY" block
// (PKCS #8, as `openssl genpkey -algorithm ed25519` writes) or base64 of the
// 32-byte seed or the 64-byte private key.
func ParsePrivateKey(b []byte) (ed25519.PrivateKey, error) {
	if blk, _ := pem.Decode(b); blk != nil {
		if blk.Type != "PRIVATE KEY" {
			return nil, fmt.Errorf("PEM block %q, want PRIVATE KEY", blk.Type)
		}
		k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parse PKCS #8 private key: %w", err)
		}
		priv, ok := k.(ed25519.PrivateKey)
		if !ok {
			return nil, fmt.Errorf("private key is %T, want Ed25519", k)
		}
		return priv, nil
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("private key is neither PEM nor base64: %w", err)
	}
	switch len(raw) {
	case ed25519.SeedSize:
		return ed25519.NewKeyFromSeed(raw), nil
	case ed25519.PrivateKeySize:
		priv := ed25519.NewKeyFromSeed(raw[:ed25519.SeedSize])
		if !bytes.Equal(priv, raw) {
			return nil, errors.New("64-byte private key does not match its seed")
		}
		return priv, nil
	}
	return nil, fmt.Errorf("base64 private key has %d bytes, want %d or %d", len(raw), ed25519.SeedSize, ed25519.PrivateKeySize)
}

// MarshalPrivateKey returns priv as a PEM "PRIVATE KEY" block (PKCS #8).
func MarshalPrivateKey(priv ed25519.PrivateKey) ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("marshal private key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// MarshalPublicKey returns pub as a PEM "PUBLIC KEY" block (PKIX).
func MarshalPublicKey(pub ed25519.PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, fmt.Errorf("marshal public key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open key file: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	if err != nil {
		return nil, fmt.Errorf("read key file %s: %w", path, err)
	}
	if len(b) > maxKeyFile {
		return nil, fmt.Errorf("key file %s is larger than %d bytes", path, maxKeyFile)
	}
	return b, nil
}

// Sign sets r.KeyID, r.Hash and r.Signature for priv. Every other field,
// Sequence and PrevHash included, must be final; times are hashed at
// millisecond precision, so set them truncated to the millisecond to keep
// the Go value equal to what a reader decodes.
func Sign(r *events.LedgerRecord, priv ed25519.PrivateKey) {
	r.KeyID = KeyID(priv.Public().(ed25519.PublicKey))
	r.Hash = Hash(r)
	r.Signature = ed25519.Sign(priv, r.Hash)
}
