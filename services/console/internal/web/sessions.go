package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/docket-run/docket/pkg/auth"
)

// session is one signed-in person.
type session struct {
	id        string
	csrf      string
	principal auth.Principal
	token     string // the person's token, sent on to the APIs; "" in the embedded mode
	expires   time.Time
}

// sessions keeps no session state: a session is its cookie, sealed with
// AES-256-GCM under the console's session key, so every replica that holds
// the key opens it (the chart runs several). The person's token inside is
// checked against the principals file at every request. Signing out
// clears the browser's cookie and is remembered by the replica that took
// it until the session would have expired; a copy of the cookie taken
// before stays usable on other replicas until then, unless its token is
// revoked.
type sessions struct {
	aead cipher.AEAD
	ttl  time.Duration
	now  func() time.Time

	mu    sync.Mutex
	ended map[string]time.Time // signed-out session ids, until they expire
}

// sealed is what a session cookie carries.
type sealed struct {
	ID      string `json:"i"`
	CSRF    string `json:"c"`
	Token   string `json:"t,omitempty"`
	Expires int64  `json:"e"` // Unix milliseconds
}

// extendAfter is how long a session goes before a request extends it.
const extendAfter = time.Minute

func newSessions(key []byte, ttl time.Duration, now func() time.Time) (*sessions, error) {
	if len(key) == 0 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("session key: %w", err)
		}
	}
	if len(key) != 32 {
		return nil, fmt.Errorf("session key: %d bytes, want 32", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("session key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("session key: %w", err)
	}
	return &sessions{aead: aead, ttl: ttl, now: now, ended: map[string]time.Time{}}, nil
}

func randomID() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (ss *sessions) create(p auth.Principal, token string) *session {
	return &session{id: randomID(), csrf: randomID(), principal: p, token: token, expires: ss.now().Add(ss.ttl)}
}

// seal returns x as a cookie value: nonce and sealed JSON, base64url.
func (ss *sessions) seal(x *session) string {
	plain, _ := json.Marshal(sealed{ID: x.id, CSRF: x.csrf, Token: x.token, Expires: x.expires.UnixMilli()})
	nonce := make([]byte, ss.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(ss.aead.Seal(nonce, nonce, plain, []byte(cookieName)))
}

// open returns the session a cookie value seals, if it opens under the key,
// has not expired and was not signed out here. The principal is left for
// the caller to resolve from the token.
func (ss *sessions) open(v string) (*session, bool) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(b) < ss.aead.NonceSize() {
		return nil, false
	}
	n := ss.aead.NonceSize()
	plain, err := ss.aead.Open(nil, b[:n], b[n:], []byte(cookieName))
	if err != nil {
		return nil, false
	}
	var c sealed
	if json.Unmarshal(plain, &c) != nil || c.ID == "" || c.CSRF == "" {
		return nil, false
	}
	x := &session{id: c.ID, csrf: c.CSRF, token: c.Token, principal: auth.Anonymous, expires: time.UnixMilli(c.Expires)}
	if !ss.now().Before(x.expires) {
		return nil, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if _, gone := ss.ended[x.id]; gone {
		return nil, false
	}
	return x, true
}

// stale reports whether a request should extend x: it was sealed more than
// extendAfter ago.
func (ss *sessions) stale(x *session) bool {
	return x.expires.Sub(ss.now()) < ss.ttl-extendAfter
}

// extend moves x's expiry to a full lifetime from now.
func (ss *sessions) extend(x *session) *session {
	x.expires = ss.now().Add(ss.ttl)
	return x
}

// end remembers x as signed out until it would have expired.
func (ss *sessions) end(x *session) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	now := ss.now()
	for id, until := range ss.ended {
		if now.After(until) {
			delete(ss.ended, id)
		}
	}
	ss.ended[x.id] = x.expires
}
