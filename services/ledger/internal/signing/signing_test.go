package signing

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/filewatch"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

func TestDevKeyIsGeneratedOnceAndKept(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	dir := filepath.Join(t.TempDir(), "ledger")
	first, err := Load("", dir, log)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Load("", dir, log)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Fatal("a second start generated a new key instead of keeping the first")
	}
	keys, err := ledgerchain.LoadPublicKeys(filepath.Join(dir, DevPublicFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := keys[ledgerchain.KeyID(first.Public().(ed25519.PublicKey))]; !ok || len(keys) != 1 {
		t.Errorf("public key file holds %d keys, want the dev key's", len(keys))
	}
	if fi, err := os.Stat(filepath.Join(dir, DevPrivateFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("private key file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}

	// A ring with a retired key and windows (after `docket ledger keys
	// rotate`) is kept; a key missing from it is added.
	retired := ledgerchain.PublicKey{Key: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{6}, 32)).Public().(ed25519.PublicKey), NotAfter: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	ring, err := ledgerchain.MarshalPublicKey(retired)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, DevPublicFile), ring, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load("", dir, log); err != nil {
		t.Fatal(err)
	}
	keys, err = ledgerchain.LoadPublicKeys(filepath.Join(dir, DevPublicFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || !keys[retired.ID()].NotAfter.Equal(retired.NotAfter) || keys[ledgerchain.KeyID(first.Public().(ed25519.PublicKey))].Key == nil {
		t.Errorf("key ring after start holds %d keys (%v), want the retired key with its window and the dev key", len(keys), keys)
	}

	// A key file wins over the dev folder.
	pemKey, err := ledgerchain.MarshalPrivateKey(ed25519.NewKeyFromSeed(bytes.Repeat([]byte{4}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "prod.key")
	if err := os.WriteFile(keyFile, pemKey, 0o600); err != nil {
		t.Fatal(err)
	}
	prod, err := Load(keyFile, dir, log)
	if err != nil || bytes.Equal(prod, first) {
		t.Errorf("key file not used: %v", err)
	}

	// No key file and an unwritable folder: a clear error.
	if _, err := Load("", "/proc/docket-ledger-key", log); err == nil {
		t.Error("an unwritable dev key folder was accepted")
	}
}

// TestKeyReadableByOthersIsRefused: a signing key others may read is
// refused, the development key too (found from outside: a key at 0644
// signed records without a word).
func TestKeyReadableByOthersIsRefused(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	dir := filepath.Join(t.TempDir(), "ledger")
	if _, err := Load("", dir, log); err != nil {
		t.Fatal(err)
	}
	priv := filepath.Join(dir, DevPrivateFile)
	if err := os.Chmod(priv, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load("", dir, log); !errors.Is(err, filewatch.ErrTooOpen) {
		t.Errorf("development key at 0644: %v, want ErrTooOpen", err)
	}
	if _, err := Load(priv, "", log); !errors.Is(err, filewatch.ErrTooOpen) {
		t.Errorf("key file at 0644: %v, want ErrTooOpen", err)
	}
	if err := os.Chmod(priv, 0o640); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(priv, "", log); err != nil {
		t.Errorf("key file at 0640: %v", err)
	}
}
