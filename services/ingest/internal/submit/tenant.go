package submit

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/docket-run/docket/pkg/ratelimit"
)

// Tenant is one customer of the submission API.
type Tenant struct {
	ID string `json:"id"`
	// APIKeySHA256 is the lowercase hex SHA-256 of the tenant's API key;
	// the key itself is never stored.
	APIKeySHA256 string `json:"api_key_sha256"`
	// RatePerS and Burst size the tenant's token bucket.
	RatePerS float64 `json:"rate_per_s"`
	Burst    int     `json:"burst"`
	// CallbackSecret signs the tenant's callbacks (HMAC-SHA256); callbacks
	// are refused for a tenant without one.
	CallbackSecret string `json:"callback_secret"`
}

// Dev tenant of the embedded mode, used when no tenants file is given.
const (
	DevTenantID       = "demo"
	DevAPIKey         = "demo-key"
	DevCallbackSecret = "demo-callback-secret"
)

// HashKey returns the lowercase hex SHA-256 of an API key.
func HashKey(key string) string {
	s := sha256.Sum256([]byte(key))
	return hex.EncodeToString(s[:])
}

// Tenants authenticates API keys. (Their rates are enforced by
// Service.Admit, in Redis, across replicas.)
type Tenants struct {
	byID map[string]Tenant
}

// Rate is the tenant's submission rate.
func (tn Tenant) Rate() ratelimit.Rate {
	return ratelimit.Rate{PerSecond: tn.RatePerS, Burst: tn.Burst}
}

// NewTenants validates ts, reporting every bad entry.
func NewTenants(ts []Tenant) (*Tenants, error) {
	t := &Tenants{byID: map[string]Tenant{}}
	var errs []error
	hashes := map[string]string{}
	for i, tn := range ts {
		tn.APIKeySHA256 = strings.ToLower(tn.APIKeySHA256)
		switch {
		case tn.ID == "":
			errs = append(errs, fmt.Errorf("tenant %d: id is empty", i))
		case t.byID[tn.ID].ID != "":
			errs = append(errs, fmt.Errorf("tenant %q: listed twice", tn.ID))
		}
		if b, err := hex.DecodeString(tn.APIKeySHA256); err != nil || len(b) != sha256.Size {
			errs = append(errs, fmt.Errorf("tenant %q: api_key_sha256 is not 64 hex digits", tn.ID))
		} else if other, dup := hashes[tn.APIKeySHA256]; dup {
			errs = append(errs, fmt.Errorf("tenant %q: same API key as tenant %q", tn.ID, other))
		}
		if !(tn.RatePerS > 0 && tn.RatePerS <= 1e6) {
			errs = append(errs, fmt.Errorf("tenant %q: rate_per_s must be positive, at most 1000000", tn.ID))
		}
		if tn.Burst < 1 {
			errs = append(errs, fmt.Errorf("tenant %q: burst must be at least 1", tn.ID))
		}
		hashes[tn.APIKeySHA256] = tn.ID
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

// LoadTenants reads a tenants file: a JSON array of Tenant.
func LoadTenants(path string) (*Tenants, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read tenants file: %w", err)
	}
	var ts []Tenant
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ts); err != nil {
		return nil, fmt.Errorf("parse tenants file %s: %w", path, err)
	}
	t, err := NewTenants(ts)
	if err != nil {
		return nil, fmt.Errorf("tenants file %s: %w", path, err)
	}
	return t, nil
}

// DevTenants returns the built-in development tenant "demo" with API key
// "demo-key".
func DevTenants() *Tenants {
	t, err := NewTenants([]Tenant{{ID: DevTenantID, APIKeySHA256: HashKey(DevAPIKey), RatePerS: 50, Burst: 100, CallbackSecret: DevCallbackSecret}})
	if err != nil {
		panic(err) // a constant input
	}
	return t
}

// Get returns a tenant by id.
func (t *Tenants) Get(id string) (Tenant, bool) {
	tn, ok := t.byID[id]
	return tn, ok
}

// Authenticate returns the tenant whose API key is key: 401 for a missing
// or unknown key, 403 when the request names another tenant than the key's.
func (t *Tenants) Authenticate(key, claimed string) (Tenant, error) {
	if key == "" {
		return Tenant{}, Errorf(http.StatusUnauthorized, CodeUnauthorized, "missing API key: send Authorization: Bearer <key> or X-API-Key")
	}
	h := HashKey(key)
	var found Tenant
	for _, tn := range t.byID {
		if subtle.ConstantTimeCompare([]byte(h), []byte(tn.APIKeySHA256)) == 1 {
			found = tn
		}
	}
	if found.ID == "" {
		return Tenant{}, Errorf(http.StatusUnauthorized, CodeUnauthorized, "unknown API key")
	}
	if claimed != "" && claimed != found.ID {
		return Tenant{}, Errorf(http.StatusForbidden, CodeForbidden, "API key does not belong to tenant %q", claimed)
	}
	return found, nil
}
