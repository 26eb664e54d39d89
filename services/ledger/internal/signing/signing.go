// Package signing loads the ledger's Ed25519 signing key: from a key file
// (production: a mounted secret), or in the embedded mode a development key
// generated once into a folder and kept there, beside its public key.
package signing

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/docket-run/docket/pkg/filewatch"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

// File names in the development key folder.
const (
	DevPrivateFile = "ledger.key"
	DevPublicFile  = "ledger.pub"
)

// Load returns the signing key: from keyFile when it is set, else the
// development key in devDir, generated on first use (with a loud warning)
// and added to the key ring there (DevPublicFile), which verifiers and the
// ledger trust.
func Load(keyFile, devDir string, log *slog.Logger) (ed25519.PrivateKey, error) {
	if keyFile != "" {
		// The key signs the system of record: refused when others may
		// read it, like every secret file (found from outside: a key at
		// 0644 signed records without a word).
		if err := filewatch.CheckSecret(keyFile); err != nil {
			return nil, fmt.Errorf("ledger signing key: %w", err)
		}
		k, err := ledgerchain.LoadPrivateKey(keyFile)
		if err != nil {
			return nil, err
		}
		log.Info("ledger signing key loaded", "key_file", keyFile, "key_id", ledgerchain.KeyID(k.Public().(ed25519.PublicKey)))
		return k, nil
	}
	if devDir == "" {
		return nil, errors.New("no signing key: set DOCKET_LEDGER_KEY_FILE (or DOCKET_LEDGER_DEV_KEY_DIR for a development key)")
	}
	privPath := filepath.Join(devDir, DevPrivateFile)
	k, err := ledgerchain.LoadPrivateKey(privPath)
	switch {
	case err == nil:
		if err := filewatch.CheckSecret(privPath); err != nil {
			return nil, fmt.Errorf("ledger development key: %w", err)
		}
		if err := writePublic(devDir, k); err != nil {
			return nil, err
		}
		log.Warn("LEDGER IS SIGNED WITH A DEVELOPMENT KEY: set DOCKET_LEDGER_KEY_FILE in production", "key_file", privPath, "key_id", ledgerchain.KeyID(k.Public().(ed25519.PublicKey)))
		return k, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	if err := os.MkdirAll(devDir, 0o700); err != nil {
		return nil, fmt.Errorf("no signing key: DOCKET_LEDGER_KEY_FILE is unset and the development key folder is not writable: %w", err)
	}
	_, k, err = ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("generate development key: %w", err)
	}
	pemKey, err := ledgerchain.MarshalPrivateKey(k)
	if err != nil {
		return nil, err
	}
	// O_EXCL: two processes starting at once must not each keep their own key.
	f, err := os.OpenFile(privPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return Load("", devDir, log)
	}
	if err != nil {
		return nil, fmt.Errorf("no signing key: DOCKET_LEDGER_KEY_FILE is unset and the development key cannot be written: %w", err)
	}
	if _, err := f.Write(pemKey); err != nil {
		f.Close()
		return nil, fmt.Errorf("write development key: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("write development key: %w", err)
	}
	if err := writePublic(devDir, k); err != nil {
		return nil, err
	}
	log.Warn("GENERATED A DEVELOPMENT LEDGER SIGNING KEY: records signed with it prove nothing outside this machine; set DOCKET_LEDGER_KEY_FILE in production",
		"key_file", privPath, "public_key_file", filepath.Join(devDir, DevPublicFile), "key_id", ledgerchain.KeyID(k.Public().(ed25519.PublicKey)))
	return k, nil
}

// writePublic makes sure the key ring DevPublicFile in dir holds k's public
// key: it is created with it, or the key is appended to the keys already
// there (a rotation keeps the earlier keys and their windows).
func writePublic(dir string, k ed25519.PrivateKey) error {
	path := filepath.Join(dir, DevPublicFile)
	pub := k.Public().(ed25519.PublicKey)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("read public key ring %s: %w", path, err)
	default:
		ring, err := ledgerchain.ParsePublicKeys(b)
		if err != nil {
			return fmt.Errorf("public key ring %s: %w", path, err)
		}
		for _, r := range ring {
			if r.ID() == ledgerchain.KeyID(pub) {
				return nil
			}
		}
	}
	block, err := ledgerchain.MarshalPublicKey(ledgerchain.PublicKey{Key: pub})
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, block...), 0o644); err != nil {
		return fmt.Errorf("write public key ring %s: %w", path, err)
	}
	return nil
}
