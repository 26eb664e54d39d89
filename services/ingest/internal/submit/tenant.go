package submit

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/filewatch"
	"github.com/docket-run/docket/pkg/ratelimit"
)

// Tenant is one customer of the submission API.
type Tenant struct {
	ID string `json:"id"`
	// APIKeyHMACs are the lowercase hex HMAC-SHA256 of the tenant's API
	// keys under the server key (DOCKET_AUTH_KEY_FILE; `docket auth
	// hash-token`): a leaked tenants file cannot be searched for keys
	// offline. Two during a rotation, the old and the new key. The keys
	// themselves are never stored.
	APIKeyHMACs []string `json:"api_key_hmacs,omitempty"`
	// APIKeySHA256 is the bare SHA-256 of the key, the earlier format:
	// still accepted, with a warning at load, until the file is moved to
	// api_key_hmacs.
	APIKeySHA256 string `json:"api_key_sha256,omitempty"`
	// RatePerS and Burst size the tenant's token bucket.
	RatePerS float64 `json:"rate_per_s"`
	Burst    int     `json:"burst"`
	// CallbackSecrets sign the tenant's callbacks (HMAC-SHA256), each one a
	// v1 signature of the header, so that a receiver keeps verifying with
	// the old secret while it moves to the new one (at most two).
	// CallbackSecret is the single secret of the earlier format, the first
	// one when both are set. Callbacks are refused for a tenant without one.
	CallbackSecrets []string `json:"callback_secrets,omitempty"`
	CallbackSecret  string   `json:"callback_secret,omitempty"`
	// RequestSecrets verify the tenant's requests on Kafka
	// (docket.document.requested, package reqsign): the first signs, both
	// verify during a rotation. A tenant without one cannot submit over
	// Kafka. Separate from the callback secrets, which a tenant may hand
	// to whatever receives its callbacks.
	RequestSecrets []string `json:"request_secrets,omitempty"`
}

// Secrets returns the tenant's callback secrets, the preferred first.
func (t Tenant) Secrets() []string {
	var out []string
	for _, s := range append([]string{t.CallbackSecret}, t.CallbackSecrets...) {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Dev tenant of the embedded mode, used when no tenants file is given.
const (
	DevTenantID       = "demo"
	DevAPIKey         = "demo-key"
	DevCallbackSecret = "demo-callback-secret"
	DevRequestSecret  = "demo-request-secret"
)

// HashKey returns the lowercase hex SHA-256 of an API key: the earlier,
// unkeyed format of api_key_sha256.
func HashKey(key string) string {
	s := sha256.Sum256([]byte(key))
	return hex.EncodeToString(s[:])
}

// minRequestSecretLen is the shortest request secret a tenants file may
// hold: 16 random bytes in hex or base64 are longer.
const minRequestSecretLen = 16

// maxCallbackSecrets bounds a tenant's callback secrets: one, or two
// during a rotation.
const maxCallbackSecrets = 2

// Tenants authenticates API keys. Loaded from a file, it is read again
// when the file changes. (Tenants' rates are enforced by Service.Admit, in
// Redis, across replicas.)
type Tenants struct {
	key    []byte
	static *tenantTable
	file   *filewatch.Value[*tenantTable]
}

// Rate is the tenant's submission rate.
func (tn Tenant) Rate() ratelimit.Rate {
	return ratelimit.Rate{PerSecond: tn.RatePerS, Burst: tn.Burst}
}

type tenantTable struct {
	byID   map[string]Tenant
	macs   map[[sha256.Size]byte]string // HMAC of a key → tenant id
	legacy map[string]string            // hex SHA-256 of a key → tenant id
}

// NewTenants validates ts, reporting every bad entry; key is the server
// key of the api_key_hmacs.
func NewTenants(ts []Tenant, key []byte) (*Tenants, error) {
	tab, err := newTable(ts)
	if err != nil {
		return nil, err
	}
	return &Tenants{key: key, static: tab}, nil
}

func newTable(ts []Tenant) (*tenantTable, error) {
	t := &tenantTable{byID: map[string]Tenant{}, macs: map[[sha256.Size]byte]string{}, legacy: map[string]string{}}
	var errs []error
	for i, tn := range ts {
		switch {
		case tn.ID == "":
			errs = append(errs, fmt.Errorf("tenant %d: id is empty", i))
		case t.byID[tn.ID].ID != "":
			errs = append(errs, fmt.Errorf("tenant %q: listed twice", tn.ID))
		case !blob.ValidTenant(tn.ID):
			errs = append(errs, fmt.Errorf("tenant %.70q: an id is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit (it names the tenant's drop area in the blob store)", tn.ID))
		}
		if len(tn.APIKeyHMACs) == 0 && tn.APIKeySHA256 == "" {
			errs = append(errs, fmt.Errorf("tenant %q: no api_key_hmacs", tn.ID))
		}
		for _, h := range tn.APIKeyHMACs {
			b, err := hex.DecodeString(strings.ToLower(h))
			if err != nil || len(b) != sha256.Size {
				errs = append(errs, fmt.Errorf("tenant %q: api_key_hmac %.8s… is not 64 hex digits", tn.ID, h))
				continue
			}
			if other, dup := t.macs[[sha256.Size]byte(b)]; dup {
				errs = append(errs, fmt.Errorf("tenant %q: same API key as tenant %q", tn.ID, other))
			}
			t.macs[[sha256.Size]byte(b)] = tn.ID
		}
		if tn.APIKeySHA256 != "" {
			h := strings.ToLower(tn.APIKeySHA256)
			if b, err := hex.DecodeString(h); err != nil || len(b) != sha256.Size {
				errs = append(errs, fmt.Errorf("tenant %q: api_key_sha256 is not 64 hex digits", tn.ID))
			} else if other, dup := t.legacy[h]; dup {
				errs = append(errs, fmt.Errorf("tenant %q: same API key as tenant %q", tn.ID, other))
			}
			t.legacy[h] = tn.ID
		}
		if !(tn.RatePerS > 0 && tn.RatePerS <= 1e6) {
			errs = append(errs, fmt.Errorf("tenant %q: rate_per_s must be positive, at most 1000000", tn.ID))
		}
		if tn.Burst < 1 {
			errs = append(errs, fmt.Errorf("tenant %q: burst must be at least 1", tn.ID))
		}
		if n := len(tn.RequestSecrets); n > maxCallbackSecrets {
			errs = append(errs, fmt.Errorf("tenant %q: %d request secrets, want at most %d (the old and the new one during a rotation)", tn.ID, n, maxCallbackSecrets))
		}
		for _, rs := range tn.RequestSecrets {
			if len(rs) < minRequestSecretLen {
				errs = append(errs, fmt.Errorf("tenant %q: a request secret is shorter than %d characters", tn.ID, minRequestSecretLen))
			}
		}
		if n := len(tn.Secrets()); n > maxCallbackSecrets {
			errs = append(errs, fmt.Errorf("tenant %q: %d callback secrets, want at most %d (the old and the new one during a rotation)", tn.ID, n, maxCallbackSecrets))
		}
		t.byID[tn.ID] = tn
	}
	if len(ts) == 0 {
		errs = append(errs, errors.New("no tenants"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return t, nil
}

// LoadTenants reads a tenants file (a JSON array of Tenant) and keeps it
// watched: a change is loaded on the next request that looks, at most once
// a second; a change that does not load is logged and the previous tenants
// stay. key is the server key of the api_key_hmacs. A tenant still on
// api_key_sha256 is warned about.
func LoadTenants(path string, key []byte, log *slog.Logger) (*Tenants, error) {
	if err := filewatch.CheckSecret(path); err != nil {
		return nil, fmt.Errorf("tenants file: %w", err)
	}
	load := func() (*tenantTable, error) {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read tenants file: %w", err)
		}
		var ts []Tenant
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ts); err != nil {
			return nil, fmt.Errorf("parse tenants file %s: %w", path, err)
		}
		t, err := newTable(ts)
		if err != nil {
			return nil, fmt.Errorf("tenants file %s: %w", path, err)
		}
		for _, tn := range ts {
			if tn.APIKeySHA256 != "" {
				log.Warn("tenant API key stored as bare SHA-256 (api_key_sha256): move it to api_key_hmacs (docket auth hash-token with the server key)", "tenant", tn.ID)
			}
		}
		return t, nil
	}
	w, err := filewatch.New(load, []string{path}, filewatch.OnReload(func(err error) {
		if err != nil {
			log.Error("tenants file changed but could not be loaded: the previous tenants stay", "file", path, "error", err)
			return
		}
		log.Info("tenants file reloaded", "file", path)
	}))
	if err != nil {
		return nil, err
	}
	return &Tenants{key: key, file: w}, nil
}

// DevTenants returns the built-in development tenant "demo" with API key
// "demo-key", under a random server key.
func DevTenants() *Tenants {
	key := make([]byte, auth.MinKeyLen)
	_, _ = rand.Read(key) // never fails (crypto/rand)
	t, err := NewTenants([]Tenant{{ID: DevTenantID, APIKeyHMACs: []string{auth.HashToken(key, DevAPIKey)}, RatePerS: 50, Burst: 100, CallbackSecret: DevCallbackSecret, RequestSecrets: []string{DevRequestSecret}}}, key)
	if err != nil {
		panic(err) // a constant input
	}
	return t
}

func (t *Tenants) table() *tenantTable {
	if t.file != nil {
		return t.file.Get()
	}
	return t.static
}

// Get returns a tenant by id.
func (t *Tenants) Get(id string) (Tenant, bool) {
	tn, ok := t.table().byID[id]
	return tn, ok
}

// Authenticate returns the tenant whose API key is key: 401 for a missing
// or unknown key, 403 when the request names another tenant than the key's.
func (t *Tenants) Authenticate(key, claimed string) (Tenant, error) {
	if key == "" {
		return Tenant{}, Errorf(http.StatusUnauthorized, CodeUnauthorized, "missing API key: send Authorization: Bearer <key> or X-API-Key")
	}
	tab := t.table()
	mac, err := hex.DecodeString(auth.HashToken(t.key, key))
	if err != nil {
		return Tenant{}, err
	}
	id := tab.macs[[sha256.Size]byte(mac)]
	if id == "" && len(tab.legacy) > 0 {
		h := HashKey(key)
		for sum, tid := range tab.legacy {
			if subtle.ConstantTimeCompare([]byte(h), []byte(sum)) == 1 {
				id = tid
			}
		}
	}
	found, ok := tab.byID[id]
	if !ok {
		return Tenant{}, Errorf(http.StatusUnauthorized, CodeUnauthorized, "unknown API key")
	}
	if claimed != "" && claimed != found.ID {
		return Tenant{}, Errorf(http.StatusForbidden, CodeForbidden, "API key does not belong to tenant %q", claimed)
	}
	return found, nil
}
