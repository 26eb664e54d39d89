package ledgerchain

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"os"
	"path/filepath"
	"testing"
)

func TestKeyFormats(t *testing.T) {
	priv := testKey(t, 9)
	pub := priv.Public().(ed25519.PublicKey)
	pemPriv, err := MarshalPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	pemPub, err := MarshalPublicKey(pub)
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
	if len(keys) != 2 || !bytes.Equal(keys[KeyID(pub)], pub) || !bytes.Equal(keys[KeyID(other)], other) {
		t.Errorf("loaded %d keys, want both by key id", len(keys))
	}
	if _, err := LoadPublicKeys(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing key file was accepted")
	}
	if _, err := LoadPublicKeys(); err == nil {
		t.Error("no key files were accepted")
	}
}
