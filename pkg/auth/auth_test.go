package auth

import (
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/filewatch"
)

const (
	aliceToken = "alice-token-0123456789"
	bobToken   = "bob-token-0123456789ab"
)

func writeFile(t *testing.T, path, body string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// TestTokenFile: principals from a file (tokens, keyed hashes, subjects),
// the earlier object format, inline specs, and a reload after the file
// changes.
func TestTokenFile(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "key")
	writeFile(t, keyFile, strings.Repeat("k", 40), 0o400)
	key, err := LoadKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "tokens.json")
	writeFile(t, file, `{"principals": [
		{"name": "alice", "role": "reviewer", "tokens": ["`+aliceToken+`"], "subjects": ["alice.docket"]},
		{"name": "acme-app", "role": "tenant", "tenant": "acme", "token_hmacs": ["`+HashToken(key, bobToken)+`"]}
	]}`, 0o440)
	set, err := Load(Settings{File: file, Inline: "ops-token-0123456789=operator:carol", KeyFile: keyFile})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		token string
		want  Principal
		ok    bool
	}{
		{aliceToken, Principal{Name: "alice", Role: RoleReviewer, Via: ViaToken}, true},
		{bobToken, Principal{Name: "acme-app", Role: RoleTenant, Tenant: "acme", Via: ViaToken}, true},
		{"ops-token-0123456789", Principal{Name: "carol", Role: RoleOperator, Via: ViaToken}, true},
		{"unknown-token-0123456789", Principal{}, false},
	} {
		if got, ok := set.Token(c.token); got != c.want || ok != c.ok {
			t.Errorf("Token(%s) = %v, %v; want %v, %v", c.token, got, ok, c.want, c.ok)
		}
	}
	if p, ok := set.Subject("alice.docket"); !ok || p.Name != "alice" || p.Via != ViaMTLS {
		t.Errorf("Subject(alice.docket) = %v, %v", p, ok)
	}

	// Rotation: alice's token replaced; the change is seen without a restart.
	writeFile(t, file, `{"principals": [{"name": "alice", "role": "reviewer", "tokens": ["`+bobToken+`"]}]}`, 0o440)
	later := time.Now().Add(time.Minute)
	_ = os.Chtimes(file, later, later)
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, oldOK := set.Token(aliceToken)
		p, newOK := set.Token(bobToken)
		if !oldOK && newOK && p.Name == "alice" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the file changed: old token %v, new token %v (%v)", oldOK, newOK, p)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// A broken file keeps the previous principals.
	writeFile(t, file, `{"principals": [{"name": "", "role": "nobody"}]}`, 0o440)
	later = later.Add(time.Minute)
	_ = os.Chtimes(file, later, later)
	time.Sleep(1100 * time.Millisecond)
	if _, ok := set.Token(bobToken); !ok {
		t.Fatal("a broken tokens file dropped the previous tokens")
	}

	legacy := filepath.Join(dir, "legacy.json")
	writeFile(t, legacy, `{"`+aliceToken+`": "tenant:acme", "`+bobToken+`": "operator"}`, 0o400)
	old, err := Load(Settings{File: legacy})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := old.Token(aliceToken); p.Tenant != "acme" || p.Role != RoleTenant {
		t.Errorf("legacy tenant token = %v", p)
	}
}

// TestSecretFileMode: a tokens file or key others may read is refused.
func TestSecretFileMode(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tokens.json")
	writeFile(t, file, `{"principals": []}`, 0o644)
	if _, err := Load(Settings{File: file}); !errors.Is(err, filewatch.ErrTooOpen) {
		t.Fatalf("world-readable tokens file: %v, want %v", err, filewatch.ErrTooOpen)
	}
	key := filepath.Join(dir, "key")
	writeFile(t, key, strings.Repeat("k", 40), 0o604)
	if _, err := LoadKey(key); !errors.Is(err, filewatch.ErrTooOpen) {
		t.Fatalf("world-readable key: %v, want %v", err, filewatch.ErrTooOpen)
	}
}

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost:8084": true, "127.0.0.1:8084": true, "[::1]:9": true, "app.localhost": true, "127.9.9.9": true,
		"evil.example:8084": false, "10.0.0.1:8084": false, "": false, "localhost.evil.example": false,
	} {
		if got := LoopbackHost(host); got != want {
			t.Errorf("LoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// TestHTTPGuards: authentication, the Host check of an open API and the
// state-changing guard.
func TestHTTPGuards(t *testing.T) {
	set, err := Load(Settings{Inline: aliceToken + "=reviewer:alice"})
	if err != nil {
		t.Fatal(err)
	}
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, _ := FromContext(r.Context())
		_, _ = w.Write([]byte(p.Name))
	})
	for _, c := range []struct {
		name   string
		set    *Set
		method string
		host   string
		header map[string]string
		want   int
		body   string
	}{
		{"open GET on loopback", nil, http.MethodGet, "127.0.0.1:8084", nil, 200, "anonymous"},
		{"open GET, rebound name", nil, http.MethodGet, "attacker.example:8084", nil, http.StatusMisdirectedRequest, ""},
		{"no token", set, http.MethodGet, "docket:8084", nil, 401, ""},
		{"bad token", set, http.MethodGet, "docket:8084", map[string]string{"Authorization": "Bearer nope-nope-nope-nope"}, 401, ""},
		{"token", set, http.MethodGet, "docket:8084", map[string]string{"Authorization": "Bearer " + aliceToken}, 200, "alice"},
		{"POST text/plain", set, http.MethodPost, "docket:8084", map[string]string{"Authorization": "Bearer " + aliceToken, "Content-Type": "text/plain"}, 415, ""},
		{"POST form", nil, http.MethodPost, "localhost:8084", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, ""},
		{"POST cross-site", nil, http.MethodPost, "localhost:8084", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403, ""},
		{"POST JSON", set, http.MethodPost, "docket:8084", map[string]string{"Authorization": "Bearer " + aliceToken, "Content-Type": "application/json; charset=utf-8"}, 200, "alice"},
		{"POST a JSON type of its own", nil, http.MethodPost, "localhost:8081", map[string]string{"Content-Type": "application/vnd.schemaregistry.v1+json"}, 200, "anonymous"},
		{"POST a text type named like JSON", nil, http.MethodPost, "localhost:8081", map[string]string{"Content-Type": "text/plain+json"}, 415, ""},
		{"DELETE without a body", nil, http.MethodDelete, "localhost:8081", nil, 200, "anonymous"},
		{"DELETE cross-site", nil, http.MethodDelete, "localhost:8081", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, ""},
		{"POST without a body", nil, http.MethodPost, "localhost:8081", nil, 415, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var body io.Reader = strings.NewReader("{}")
			if c.method == http.MethodDelete || c.name == "POST without a body" {
				body = nil
			}
			r := httptest.NewRequest(c.method, "http://"+c.host+"/v1/x", body)
			r.Host = c.host
			for k, v := range c.header {
				r.Header.Set(k, v)
			}
			w := httptest.NewRecorder()
			c.set.HTTP("test", StateChanging(ok)).ServeHTTP(w, r)
			if w.Code != c.want || c.body != "" && w.Body.String() != c.body {
				t.Fatalf("got %d %q, want %d %q", w.Code, w.Body.String(), c.want, c.body)
			}
			if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Fatalf("X-Content-Type-Options = %q, want nosniff", got)
			}
		})
	}
}

func TestCheckExposure(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	lo := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1}
	all := &net.TCPAddr{IP: net.IPv4zero, Port: 1}
	if err := CheckExposure(log, "api", lo, false, false, "set X"); err != nil {
		t.Errorf("loopback, open: %v", err)
	}
	if err := CheckExposure(log, "api", all, false, false, "set X"); !errors.Is(err, ErrUnauthenticated) {
		t.Errorf("every interface, open: %v", err)
	}
	if err := CheckExposure(log, "api", all, false, true, "set X"); err != nil {
		t.Errorf("every interface, insecure: %v", err)
	}
	if err := CheckExposure(log, "api", all, true, false, "set X"); err != nil {
		t.Errorf("every interface, authenticated: %v", err)
	}
}
