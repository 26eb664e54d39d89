package submit

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/filewatch"
)

// TestTenantsFileRotation (issue 15, finding 15): API keys are kept as
// HMACs under the server key; the tenants file is read again after it
// changes, so a key rotation (old and new key for a while, then the new
// one alone) needs no restart; a tenant may hold two callback secrets;
// a tenants file others can read is refused.
func TestTenantsFileRotation(t *testing.T) {
	key := []byte(strings.Repeat("s", 32))
	dir := t.TempDir()
	path := filepath.Join(dir, "tenants.json")
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o440); err != nil {
			if err := os.Chmod(path, 0o640); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(body), 0o440); err != nil {
				t.Fatal(err)
			}
		}
		later := time.Now().Add(time.Duration(len(body)) * time.Second)
		_ = os.Chtimes(path, later, later)
	}
	tenant := func(hmacs ...string) string {
		return `[{"id": "acme", "api_key_hmacs": ["` + strings.Join(hmacs, `", "`) + `"], "rate_per_s": 10, "burst": 10, "callback_secrets": ["old-secret", "new-secret"]}]`
	}
	write(tenant(auth.HashToken(key, "old-key")))
	ts, err := LoadTenants(path, key, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	authenticates := func(k string) bool {
		_, err := ts.Authenticate(k, "")
		return err == nil
	}
	eventually := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within 5s", what)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if !authenticates("old-key") || authenticates("new-key") {
		t.Fatal("before the rotation: want the old key only")
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "old-key") || strings.Contains(string(b), HashKey("old-key")) {
		t.Fatal("the tenants file holds the key or its bare SHA-256")
	}
	write(tenant(auth.HashToken(key, "old-key"), auth.HashToken(key, "new-key")))
	eventually("both keys during the rotation", func() bool { return authenticates("old-key") && authenticates("new-key") })
	write(tenant(auth.HashToken(key, "new-key")))
	eventually("the new key alone after it", func() bool { return !authenticates("old-key") && authenticates("new-key") })
	if _, err := ts.Authenticate("new-key", ""); err != nil {
		t.Fatal(err)
	}
	if other, err := NewTenants([]Tenant{{ID: "acme", APIKeyHMACs: []string{auth.HashToken(key, "new-key")}, RatePerS: 1, Burst: 1}}, []byte(strings.Repeat("x", 32))); err != nil {
		t.Fatal(err)
	} else if _, err := other.Authenticate("new-key", ""); err == nil {
		t.Error("an HMAC made under another server key authenticated")
	}

	tn, _ := ts.Get("acme")
	if got := tn.Secrets(); len(got) != 2 || got[0] != "old-secret" || got[1] != "new-secret" {
		t.Fatalf("callback secrets = %v", got)
	}

	loose := filepath.Join(dir, "loose.json")
	if err := os.WriteFile(loose, []byte(tenant(auth.HashToken(key, "k"))), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadTenants(loose, key, slog.New(slog.DiscardHandler)); !errors.Is(err, filewatch.ErrTooOpen) {
		t.Errorf("world-readable tenants file: %v, want %v", err, filewatch.ErrTooOpen)
	}
}
