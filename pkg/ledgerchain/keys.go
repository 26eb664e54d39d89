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
	"maps"
	"os"
	"slices"
	"strings"
	"time"

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

// PublicKey is a trusted public key and its validity window: it verifies
// records whose recorded_at lies in [NotBefore, NotAfter], both inclusive.
// A zero bound is open.
type PublicKey struct {
	Key       ed25519.PublicKey
	NotBefore time.Time
	NotAfter  time.Time
}

// ID returns the key's KeyID.
func (k PublicKey) ID() string { return KeyID(k.Key) }

// ValidAt reports whether t lies in the key's validity window.
func (k PublicKey) ValidAt(t time.Time) bool {
	return (k.NotBefore.IsZero() || !t.Before(k.NotBefore)) && (k.NotAfter.IsZero() || !t.After(k.NotAfter))
}

// Window describes the validity window, e.g. "2026-01-01T00:00:00Z .. open".
func (k PublicKey) Window() string {
	bound := func(t time.Time) string {
		if t.IsZero() {
			return "open"
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	return bound(k.NotBefore) + " .. " + bound(k.NotAfter)
}

// PublicKeys are the keys a verifier trusts, by KeyID. Several keys make
// key rotation work: records signed before and after a rotation verify as
// long as both public keys are known and each record's time lies in its
// key's window.
type PublicKeys map[string]PublicKey

// Add adds pub, valid at any time, under its KeyID; see AddKey.
func (k PublicKeys) Add(pub ed25519.PublicKey) { k.AddKey(PublicKey{Key: pub}) }

// AddKey adds pk under its KeyID. A key given more than once keeps the
// intersection of its windows: a key retired in one file stays retired
// however else it is listed.
func (k PublicKeys) AddKey(pk PublicKey) {
	id := pk.ID()
	if cur, ok := k[id]; ok {
		if cur.NotBefore.After(pk.NotBefore) {
			pk.NotBefore = cur.NotBefore
		}
		if !cur.NotAfter.IsZero() && (pk.NotAfter.IsZero() || cur.NotAfter.Before(pk.NotAfter)) {
			pk.NotAfter = cur.NotAfter
		}
	}
	k[id] = pk
}

// Sorted returns the keys by NotBefore, then KeyID: the order of a key
// ring file.
func (k PublicKeys) Sorted() []PublicKey {
	out := slices.Collect(maps.Values(k))
	slices.SortFunc(out, func(a, b PublicKey) int {
		if c := a.NotBefore.Compare(b.NotBefore); c != 0 {
			return c
		}
		return strings.Compare(a.ID(), b.ID())
	})
	return out
}

// Validity window fields of a key ring file: PEM headers of a PUBLIC KEY
// block, or name=value fields after a base64 key on its line. Values are
// RFC 3339 times.
const (
	FieldNotBefore = "not_before"
	FieldNotAfter  = "not_after"
)

// LoadPublicKeys reads public key files (key rings); see ParsePublicKeys.
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
			keys.AddKey(pub)
		}
	}
	if len(keys) == 0 {
		return nil, errors.New("no public keys given")
	}
	return keys, nil
}

// ParsePublicKeys parses every public key in b, with its validity window:
// PEM "PUBLIC KEY" blocks (PKIX) whose optional headers not_before and
// not_after bound it, or lines of base64 of the 32 raw key bytes, each
// optionally followed by not_before=TIME and not_after=TIME fields. Lines
// starting with # are comments.
func ParsePublicKeys(b []byte) ([]PublicKey, error) {
	var out []PublicKey
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
			pk, err := window(pub, blk.Headers)
			if err != nil {
				return nil, err
			}
			out = append(out, pk)
		}
	} else {
		for line := range strings.Lines(string(b)) {
			fields := strings.Fields(line)
			if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(fields[0])
			if err != nil {
				return nil, fmt.Errorf("decode base64 public key: %w", err)
			}
			if len(raw) != ed25519.PublicKeySize {
				return nil, fmt.Errorf("base64 public key has %d bytes, want %d", len(raw), ed25519.PublicKeySize)
			}
			attrs := map[string]string{}
			for _, f := range fields[1:] {
				name, value, ok := strings.Cut(f, "=")
				if !ok {
					return nil, fmt.Errorf("public key %s: field %q is not name=value", KeyID(raw), f)
				}
				attrs[name] = value
			}
			pk, err := window(ed25519.PublicKey(raw), attrs)
			if err != nil {
				return nil, err
			}
			out = append(out, pk)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no Ed25519 public key found")
	}
	return out, nil
}

// window returns pub with the validity window attrs give.
func window(pub ed25519.PublicKey, attrs map[string]string) (PublicKey, error) {
	pk := PublicKey{Key: pub}
	for name, value := range attrs {
		var dst *time.Time
		switch name {
		case FieldNotBefore:
			dst = &pk.NotBefore
		case FieldNotAfter:
			dst = &pk.NotAfter
		default:
			return pk, fmt.Errorf("public key %s: unknown field %q (want %s, %s)", pk.ID(), name, FieldNotBefore, FieldNotAfter)
		}
		t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(value))
		if err != nil {
			return pk, fmt.Errorf("public key %s: %s: %w", pk.ID(), name, err)
		}
		*dst = t
	}
	if !pk.NotBefore.IsZero() && !pk.NotAfter.IsZero() && pk.NotAfter.Before(pk.NotBefore) {
		return pk, fmt.Errorf("public key %s: %s %s is before %s %s", pk.ID(), FieldNotAfter, pk.NotAfter.Format(time.RFC3339), FieldNotBefore, pk.NotBefore.Format(time.RFC3339))
	}
	return pk, nil
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

// MarshalPublicKey returns k as a PEM "PUBLIC KEY" block (PKIX), its
// validity window in the headers not_before and not_after (absent when
// open). Key ring files are such blocks, one after another.
func MarshalPublicKey(k PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(k.Key)
	if err != nil {
		return nil, fmt.Errorf("marshal public key: %w", err)
	}
	blk := &pem.Block{Type: "PUBLIC KEY", Headers: map[string]string{}, Bytes: der}
	if !k.NotBefore.IsZero() {
		blk.Headers[FieldNotBefore] = k.NotBefore.UTC().Format(time.RFC3339Nano)
	}
	if !k.NotAfter.IsZero() {
		blk.Headers[FieldNotAfter] = k.NotAfter.UTC().Format(time.RFC3339Nano)
	}
	return pem.EncodeToMemory(blk), nil
}

// MarshalKeyRing returns every key of keys as MarshalPublicKey does, in
// Sorted order.
func MarshalKeyRing(keys PublicKeys) ([]byte, error) {
	var out []byte
	for _, k := range keys.Sorted() {
		b, err := MarshalPublicKey(k)
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
	return out, nil
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
