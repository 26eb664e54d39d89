package cli

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/docket-run/docket/pkg/filewatch"
	"github.com/docket-run/docket/pkg/ledgerchain"
)

// devKeyDir is the embedded stack's ledger key folder
// (DOCKET_LEDGER_DEV_KEY_DIR, default ./data/ledger).
func devKeyDir() string {
	if dir := os.Getenv("DOCKET_LEDGER_DEV_KEY_DIR"); dir != "" {
		return dir
	}
	return filepath.Join("data", "ledger")
}

// ledgerKeysRotate replaces the ledger's signing key with a new one: the
// key ring gets the new public key, valid from now, and the old key's
// validity ends after the overlap; the new private key replaces the old
// one in its file.
func ledgerKeysRotate(_ context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("ledger keys rotate", flag.ContinueOnError)
	flags.SetOutput(stderr)
	keyFile := flags.String("key", "", "the signing key file to rotate; it is replaced by the new private key (default $DOCKET_LEDGER_KEY_FILE, else the embedded stack's "+filepath.Join(devKeyDir(), "ledger.key")+")")
	ringFile := flags.String("public-keys", "", "the key ring file to update: every public key the ledger has signed with, with its validity window (default the embedded stack's "+devPublicKey()+")")
	overlap := flags.Duration("overlap", time.Hour, "how long the old key stays valid from now: long enough for every ledger replica to restart with the new key; 0 when the old key leaked (stop the ledger first)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("%w: ledger keys rotate takes no arguments, got %q", errUsage, flags.Args())
	}
	if *overlap < 0 {
		return fmt.Errorf("%w: --overlap %s is negative", errUsage, *overlap)
	}
	if *keyFile == "" {
		*keyFile = os.Getenv("DOCKET_LEDGER_KEY_FILE")
	}
	if *keyFile == "" {
		*keyFile = filepath.Join(devKeyDir(), "ledger.key")
	}
	if *ringFile == "" {
		*ringFile = devPublicKey()
	}
	if err := filewatch.CheckSecret(*keyFile); err != nil {
		return fmt.Errorf("ledger keys rotate: %w", err)
	}
	old, err := ledgerchain.LoadPrivateKey(*keyFile)
	if err != nil {
		return fmt.Errorf("rotate: %w", err)
	}
	ring := ledgerchain.PublicKeys{}
	b, err := os.ReadFile(*ringFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("rotate: read key ring: %w", err)
	default:
		keys, err := ledgerchain.ParsePublicKeys(b)
		if err != nil {
			return fmt.Errorf("rotate: key ring %s: %w", *ringFile, err)
		}
		for _, k := range keys {
			ring.AddKey(k)
		}
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	oldPub := old.Public().(ed25519.PublicKey)
	ring.AddKey(ledgerchain.PublicKey{Key: oldPub, NotAfter: now.Add(*overlap)})
	newPub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("rotate: generate key: %w", err)
	}
	ring.AddKey(ledgerchain.PublicKey{Key: newPub, NotBefore: now})
	ringText, err := ledgerchain.MarshalKeyRing(ring)
	if err != nil {
		return fmt.Errorf("rotate: %w", err)
	}
	keyText, err := ledgerchain.MarshalPrivateKey(priv)
	if err != nil {
		return fmt.Errorf("rotate: %w", err)
	}
	// The ring first: should the key write fail, the ring only names a
	// key nobody signs with, and the old key still works.
	if err := writeFileAtomic(*ringFile, ringText, 0o644); err != nil {
		return fmt.Errorf("rotate: write key ring: %w", err)
	}
	if err := writeFileAtomic(*keyFile, keyText, 0o600); err != nil {
		return fmt.Errorf("rotate: write new signing key: %w", err)
	}
	oldKey := ring[ledgerchain.KeyID(oldPub)]
	fmt.Fprintf(stdout, "ledger key rotated: new key %s valid from %s, written to %s\n", ledgerchain.KeyID(newPub), now.Format(time.RFC3339), *keyFile)
	fmt.Fprintf(stdout, "old key %s valid until %s; key ring %s holds %d keys\n", oldKey.ID(), oldKey.NotAfter.Format(time.RFC3339), *ringFile, len(ring))
	fmt.Fprintf(stdout, "next: give every ledger replica the new key and key ring (DOCKET_LEDGER_KEY_FILE, DOCKET_LEDGER_PUBLIC_KEYS) and restart them before %s; verify with --public-keys %s\n",
		oldKey.NotAfter.Format(time.RFC3339), *ringFile)
	return nil
}

// ledgerKeysList prints the keys of key rings and their validity windows.
func ledgerKeysList(_ context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("ledger keys list", flag.ContinueOnError)
	flags.SetOutput(stderr)
	keysFlag := flags.String("public-keys", "", "key ring files, comma-separated (default $DOCKET_LEDGER_PUBLIC_KEYS, else the embedded stack's "+devPublicKey()+")")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("%w: ledger keys list takes no arguments, got %q", errUsage, flags.Args())
	}
	keys, err := loadTrustedKeys(*keysFlag)
	if err != nil {
		return err
	}
	now := time.Now()
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY ID\tNOT BEFORE\tNOT AFTER\tVALID NOW")
	bound := func(t time.Time) string {
		if t.IsZero() {
			return "-"
		}
		return t.UTC().Format(time.RFC3339)
	}
	for _, k := range keys.Sorted() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%v\n", k.ID(), bound(k.NotBefore), bound(k.NotAfter), k.ValidAt(now))
	}
	return tw.Flush()
}

// loadTrustedKeys loads the key rings of the comma-separated list files,
// else of $DOCKET_LEDGER_PUBLIC_KEYS, else the embedded stack's.
func loadTrustedKeys(files string) (ledgerchain.PublicKeys, error) {
	if files == "" {
		files = os.Getenv("DOCKET_LEDGER_PUBLIC_KEYS")
	}
	if files == "" {
		if _, err := os.Stat(devPublicKey()); err != nil {
			return nil, fmt.Errorf("%w: no public keys: pass --public-keys or set DOCKET_LEDGER_PUBLIC_KEYS (%s does not exist either)", errUsage, devPublicKey())
		}
		files = devPublicKey()
	}
	return ledgerchain.LoadPublicKeys(strings.Split(files, ",")...)
}

// writeFileAtomic replaces path with b: written to a temporary file in the
// same folder, synced, then renamed over path.
func writeFileAtomic(path string, b []byte, mode os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("create temporary file: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return fmt.Errorf("chmod %s: %w", tmp, err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("sync %s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	return nil
}
