package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// minTokenLen is the shortest operator token accepted.
const minTokenLen = 16

// Tokens are the operators' bearer tokens, kept as SHA-256 digests and
// compared in constant time. A nil *Tokens leaves the API open (the
// embedded mode).
type Tokens struct {
	digests [][sha256.Size]byte
}

// NewTokens returns the tokens of list (blank entries skipped); none is
// nil: the API is open.
func NewTokens(list []string) (*Tokens, error) {
	t := &Tokens{}
	var errs []error
	for i, tok := range list {
		if tok = strings.TrimSpace(tok); tok == "" {
			continue
		}
		if len(tok) < minTokenLen {
			errs = append(errs, fmt.Errorf("token %d: needs at least %d characters", i+1, minTokenLen))
			continue
		}
		t.digests = append(t.digests, sha256.Sum256([]byte(tok)))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if len(t.digests) == 0 {
		return nil, nil
	}
	return t, nil
}

// valid reports whether token is one of t, looking at every token.
func (t *Tokens) valid(token string) bool {
	d := sha256.Sum256([]byte(token))
	ok := 0
	for _, want := range t.digests {
		ok |= subtle.ConstantTimeCompare(d[:], want[:])
	}
	return ok == 1
}

// require answers 401 to a request without one of t as its bearer token.
func (t *Tokens) require(h http.Handler) http.Handler {
	if t == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || !t.valid(strings.TrimSpace(tok)) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="docket-exception"`)
			writeError(w, http.StatusUnauthorized, "missing or unknown operator token: send Authorization: Bearer <token>")
			return
		}
		h.ServeHTTP(w, r)
	})
}
