package auth

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/docket-run/docket/pkg/filewatch"
)

// MinTokenLen is the shortest token accepted.
const MinTokenLen = 16

// MinKeyLen is the shortest server key accepted (bytes).
const MinKeyLen = 32

// Settings say where an API's principals come from.
type Settings struct {
	// File is a JSON token file (see Load), read again when it changes.
	File string
	// Inline is "token=principal,..." from an environment variable, where
	// principal is operator[:name], reviewer:name, service:name or
	// tenant:id; a bare token (no "=") is an operator named "operator".
	Inline string
	// KeyFile holds the server key the tokens are kept under
	// (HMAC-SHA256), at least MinKeyLen bytes. Required when the file
	// lists token_hmacs; without it a random key is made per process.
	KeyFile string
	// Log reports reloads; nil reports nothing.
	Log *slog.Logger
}

// Configured reports whether any principal source is set.
func (s Settings) Configured() bool { return s.File != "" || strings.TrimSpace(s.Inline) != "" }

// File format: {"principals": [{"name", "role", "tenant", "tokens",
// "token_hmacs", "subjects"}]}. tokens are the tokens themselves (the file
// is a mounted Secret); token_hmacs their hex HMAC-SHA256 under the server
// key (docket auth hash-token), so that the file alone grants nothing;
// subjects are client certificate common names (mutual TLS). A principal
// may list several tokens: an old and a new one while clients move over.
// The tracker's earlier format, an object of token to "operator" or
// "tenant:<id>", is read too.
type fileFormat struct {
	Principals []fileEntry `json:"principals"`
}

type fileEntry struct {
	Name       string   `json:"name"`
	Role       Role     `json:"role"`
	Tenant     string   `json:"tenant"`
	Tokens     []string `json:"tokens"`
	TokenHMACs []string `json:"token_hmacs"`
	Subjects   []string `json:"subjects"`
}

// Set maps tokens (by HMAC) and certificate subjects to principals. A nil
// *Set is an API without authentication: every caller is Anonymous.
type Set struct {
	key    []byte
	inline table
	file   *filewatch.Value[table]
}

type table struct {
	byMAC     map[[sha256.Size]byte]Principal
	bySubject map[string]Principal
}

func newTable() table {
	return table{byMAC: map[[sha256.Size]byte]Principal{}, bySubject: map[string]Principal{}}
}

// Load returns the principals of s; nil and no error when s configures
// none (the API then runs without authentication: see CheckExposure).
func Load(s Settings) (*Set, error) {
	if !s.Configured() {
		return nil, nil
	}
	key, err := serverKey(s.KeyFile)
	if err != nil {
		return nil, err
	}
	set := &Set{key: key, inline: newTable()}
	if err := set.addInline(s.Inline); err != nil {
		return nil, fmt.Errorf("inline tokens: %w", err)
	}
	if s.File != "" {
		if err := filewatch.CheckSecret(s.File); err != nil {
			return nil, fmt.Errorf("tokens file: %w", err)
		}
		w, err := filewatch.New(func() (table, error) { return set.readFile(s.File) }, []string{s.File},
			filewatch.OnReload(func(err error) {
				if s.Log == nil {
					return
				}
				if err != nil {
					s.Log.Error("tokens file changed but could not be loaded: the previous tokens stay in use", "file", s.File, "error", err)
					return
				}
				s.Log.Info("tokens file reloaded", "file", s.File)
			}))
		if err != nil {
			return nil, err
		}
		set.file = w
	}
	return set, nil
}

// serverKey reads the HMAC key, or makes a random one.
func serverKey(file string) ([]byte, error) {
	if file == "" {
		k := make([]byte, MinKeyLen)
		_, _ = rand.Read(k)
		return k, nil
	}
	return LoadKey(file)
}

// LoadKey reads a server key file (DOCKET_AUTH_KEY_FILE): its bytes, with
// surrounding white space trimmed, at least MinKeyLen of them.
func LoadKey(file string) ([]byte, error) {
	if err := filewatch.CheckSecret(file); err != nil {
		return nil, fmt.Errorf("server key: %w", err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read server key: %w", err)
	}
	b = bytes.TrimSpace(b)
	if len(b) < MinKeyLen {
		return nil, fmt.Errorf("server key %s: %d bytes, want at least %d (e.g. openssl rand -hex 32)", file, len(b), MinKeyLen)
	}
	return b, nil
}

// HashToken returns the hex HMAC-SHA256 of token under key: what a token
// file's token_hmacs and a tenants file's api_key_hmac hold.
func HashToken(key []byte, token string) string {
	m := mac(key, token)
	return hex.EncodeToString(m[:])
}

func mac(key []byte, token string) [sha256.Size]byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(token))
	var out [sha256.Size]byte
	copy(out[:], h.Sum(nil))
	return out
}

func (s *Set) addInline(inline string) error {
	for _, part := range strings.Split(inline, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		tok, spec, ok := strings.Cut(part, "=")
		if !ok {
			spec = string(RoleOperator)
		}
		p, err := parseSpec(spec)
		if err != nil {
			return err
		}
		if err := s.addToken(s.inline, strings.TrimSpace(tok), p); err != nil {
			return err
		}
	}
	return nil
}

// parseSpec reads operator[:name], reviewer:name, service:name or
// tenant:id.
func parseSpec(spec string) (Principal, error) {
	role, name, _ := strings.Cut(strings.TrimSpace(spec), ":")
	p := Principal{Role: Role(role), Name: name, Via: ViaToken}
	switch {
	case p.Role == RoleOperator && name == "":
		p.Name = string(RoleOperator)
	case p.Role == RoleTenant && name != "":
		p.Tenant = name
	case !p.Role.valid() || name == "":
		return Principal{}, fmt.Errorf("principal %q: want operator[:name], reviewer:name, service:name or tenant:id", spec)
	}
	return p, nil
}

func (s *Set) addToken(t table, token string, p Principal) error {
	if len(token) < MinTokenLen {
		return fmt.Errorf("a token of %s has %d characters, want at least %d", p.Name, len(token), MinTokenLen)
	}
	return s.addMAC(t, mac(s.key, token), p)
}

func (s *Set) addMAC(t table, m [sha256.Size]byte, p Principal) error {
	if other, dup := t.byMAC[m]; dup {
		return fmt.Errorf("%s and %s share a token", other.Name, p.Name)
	}
	t.byMAC[m] = p
	return nil
}

func (s *Set) readFile(file string) (table, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return table{}, fmt.Errorf("read tokens file: %w", err)
	}
	t := newTable()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return table{}, fmt.Errorf("decode tokens file %s: want a JSON object: %w", file, err)
	}
	if _, ok := raw["principals"]; !ok {
		// The tracker's earlier format: token → "operator" | "tenant:<id>".
		var legacy map[string]string
		if err := json.Unmarshal(b, &legacy); err != nil {
			return table{}, fmt.Errorf("decode tokens file %s: want {\"principals\": [...]}: %w", file, err)
		}
		for tok, spec := range legacy {
			p, err := parseSpec(spec)
			if err == nil {
				err = s.addToken(t, tok, p)
			}
			if err != nil {
				return table{}, fmt.Errorf("tokens file %s: %w", file, err)
			}
		}
		return t, nil
	}
	var f fileFormat
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return table{}, fmt.Errorf("decode tokens file %s: %w", file, err)
	}
	var errs []error
	for i, e := range f.Principals {
		p := Principal{Name: e.Name, Role: e.Role, Tenant: e.Tenant}
		switch {
		case e.Name == "":
			errs = append(errs, fmt.Errorf("principal %d: name is empty", i))
			continue
		case !e.Role.valid():
			errs = append(errs, fmt.Errorf("principal %s: role %q: want tenant, reviewer, operator or service", e.Name, e.Role))
			continue
		case e.Role == RoleTenant && e.Tenant == "":
			errs = append(errs, fmt.Errorf("principal %s: a tenant principal needs its tenant", e.Name))
			continue
		case (e.Role == RoleOperator || e.Role == RoleService) && e.Tenant != "":
			errs = append(errs, fmt.Errorf("principal %s: an %s sees every tenant; tenant must be empty", e.Name, e.Role))
			continue
		}
		p.Via = ViaToken
		for _, tok := range e.Tokens {
			errs = append(errs, s.addToken(t, tok, p))
		}
		for _, h := range e.TokenHMACs {
			m, err := hex.DecodeString(strings.TrimSpace(h))
			if err != nil || len(m) != sha256.Size {
				errs = append(errs, fmt.Errorf("principal %s: token_hmac is not 64 hex digits", e.Name))
				continue
			}
			errs = append(errs, s.addMAC(t, [sha256.Size]byte(m), p))
		}
		sp := p
		sp.Via = ViaMTLS
		for _, sub := range e.Subjects {
			if _, dup := t.bySubject[sub]; dup || sub == "" {
				errs = append(errs, fmt.Errorf("principal %s: subject %q is empty or listed twice", e.Name, sub))
				continue
			}
			t.bySubject[sub] = sp
		}
	}
	if err := errors.Join(errs...); err != nil {
		return table{}, fmt.Errorf("tokens file %s: %w", file, err)
	}
	return t, nil
}

// Token returns the principal of a bearer token.
func (s *Set) Token(token string) (Principal, bool) {
	if len(token) < MinTokenLen {
		return Principal{}, false
	}
	m := mac(s.key, token)
	if p, ok := s.inline.byMAC[m]; ok {
		return p, true
	}
	if s.file == nil {
		return Principal{}, false
	}
	p, ok := s.file.Get().byMAC[m]
	return p, ok
}

// Subject returns the principal of a verified client certificate's common
// name.
func (s *Set) Subject(cn string) (Principal, bool) {
	if cn == "" || s.file == nil {
		return Principal{}, false
	}
	p, ok := s.file.Get().bySubject[cn]
	return p, ok
}
