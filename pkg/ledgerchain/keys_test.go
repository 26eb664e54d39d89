package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func TestKeyFormats(t *testing.T) {
	priv := testKey(t, 9)
	pub := priv.Public().(ed25519.PublicKey)
	pemPriv, err := MarshalPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	pemPub, err := MarshalPublicKey(PublicKey{Key: pub})
	if err != nil {
		t.Fatal(err)
	}
	privs := []struct {
		name string
		text []byte
	}{
		{"PEM PKCS8", pemPriv},
		{"base64 seed", []byte(base64.StdEncoding.EncodeToString(priv.Seed()) + "\n")},
		{"base64 64 bytes", []byte(base64.StdEncoding.EncodeToString(priv))},
	}
	for _, tc := range privs {
		got, err := ParsePrivateKey(tc.text)
		if err != nil || !bytes.Equal(got, priv) {
			t.Errorf("%s: parsed %x, %v; want the key", tc.name, got, err)
		}
	}
	for _, bad := range []string{"", "not a key", base64.StdEncoding.EncodeToString([]byte("short")), string(pemPub)} {
		if _, err := ParsePrivateKey([]byte(bad)); err == nil {
			t.Errorf("ParsePrivateKey(%q) accepted it", bad)
		}
	}

	other := testKey(t, 10).Public().(ed25519.PublicKey)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pem"), filepath.Join(dir, "b.pub")
	if err := os.WriteFile(a, pemPub, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("# rotated key\n"+base64.StdEncoding.EncodeToString(other)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := LoadPublicKeys(a, " "+b)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || !bytes.Equal(keys[KeyID(pub)].Key, pub) || !bytes.Equal(keys[KeyID(other)].Key, other) {
		t.Errorf("loaded %d keys, want both by key id", len(keys))
	}
	if _, err := LoadPublicKeys(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing key file was accepted")
	}
	if _, err := LoadPublicKeys(); err == nil {
		t.Error("no key files were accepted")
	}
}

// TestKeyValidityWindow (issue 15, point 14): a key ring gives each key a
// validity window; a record verifies only when its recorded_at lies in
// its key's window, so a retired key that leaked cannot sign new records
// that pass. A key listed twice keeps the narrower window.
func TestKeyValidityWindow(t *testing.T) {
	old, cur := testKey(t, 1), testKey(t, 2)
	retired := time.Date(2026, 3, 1, 12, 0, 30, 0, time.UTC)
	ring := PublicKeys{}
	ring.AddKey(PublicKey{Key: old.Public().(ed25519.PublicKey), NotAfter: retired})
	ring.AddKey(PublicKey{Key: cur.Public().(ed25519.PublicKey), NotBefore: retired})
	text, err := MarshalKeyRing(ring)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "not_after: 2026-03-01T12:00:30Z") || !strings.Contains(string(text), "not_before: 2026-03-01T12:00:30Z") {
		t.Fatalf("key ring does not carry the windows:\n%s", text)
	}
	// The same ring as base64 lines, and the PEM one, loaded together:
	// the old key is also listed without a window, which must not widen it.
	dir := t.TempDir()
	pemFile, lineFile := filepath.Join(dir, "ring.pem"), filepath.Join(dir, "ring.txt")
	lines := base64.StdEncoding.EncodeToString(old.Public().(ed25519.PublicKey)) + "\n" +
		base64.StdEncoding.EncodeToString(cur.Public().(ed25519.PublicKey)) + " not_before=2026-03-01T12:00:30Z\n"
	if err := os.WriteFile(pemFile, text, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lineFile, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := LoadPublicKeys(lineFile, pemFile)
	if err != nil {
		t.Fatal(err)
	}
	if got := keys[KeyID(old.Public().(ed25519.PublicKey))]; !got.NotAfter.Equal(retired) || !got.NotBefore.IsZero() {
		t.Fatalf("old key window %s, want open .. %s", got.Window(), retired)
	}

	at := func(r *events.LedgerRecord, sec int, k ed25519.PrivateKey) *events.LedgerRecord {
		r.RecordedAt = time.Date(2026, 3, 1, 12, 0, sec, 0, time.UTC)
		Sign(r, k)
		return r
	}
	tests := []struct {
		name string
		rec  *events.LedgerRecord
		want Kind
	}{
		{"old key before its retirement", at(record(1), 10, old), ""},
		{"old key at its retirement", at(record(2), 30, old), ""},
		{"leaked old key after its retirement", at(record(3), 31, old), KeyNotValid},
		{"new key before its start", at(record(4), 29, cur), KeyNotValid},
		{"new key after its start", at(record(5), 40, cur), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, detail := Verify(tc.rec, keys)
			if got != tc.want {
				t.Errorf("verify = %q (%s), want %q", got, detail, tc.want)
			}
		})
	}

	for _, bad := range []string{
		lines + base64.StdEncoding.EncodeToString(cur.Public().(ed25519.PublicKey)) + " not_after=yesterday\n",
		base64.StdEncoding.EncodeToString(cur.Public().(ed25519.PublicKey)) + " expires=2026-03-01T12:00:30Z\n",
		base64.StdEncoding.EncodeToString(cur.Public().(ed25519.PublicKey)) + " not_before=2026-03-02T00:00:00Z not_after=2026-03-01T00:00:00Z\n",
	} {
		if _, err := ParsePublicKeys([]byte(bad)); err == nil {
			t.Errorf("ParsePublicKeys(%q) accepted it", bad)
		}
	}
}
