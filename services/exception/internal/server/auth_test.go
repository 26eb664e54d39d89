package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestTokensGuardEveryRoute: with tokens configured, no route of the
// operators' API answers without one of them as the bearer token. A
// request that passes reaches the route (here: a bad limit, 400, before
// any store access).
func TestTokensGuardEveryRoute(t *testing.T) {
	const token = "operator-token-0123456789"
	tokens, err := NewTokens([]string{"other-operator-token-xyz", token})
	if err != nil {
		t.Fatal(err)
	}
	h := (&Server{Tokens: tokens}).Handler()
	tests := []struct {
		name, method, path, auth string
		want                     int
	}{
		{"list without token", "GET", "/v1/parked", "", http.StatusUnauthorized},
		{"show without token", "GET", "/v1/parked/x", "", http.StatusUnauthorized},
		{"replay without token", "POST", "/v1/parked/x/replay", "", http.StatusUnauthorized},
		{"discard without token", "POST", "/v1/parked/x/discard", "", http.StatusUnauthorized},
		{"unknown token", "POST", "/v1/parked/x/discard", "Bearer not-the-operator-token", http.StatusUnauthorized},
		{"token as basic", "GET", "/v1/parked", "Basic " + token, http.StatusUnauthorized},
		{"token prefix", "GET", "/v1/parked", "Bearer " + token[:20], http.StatusUnauthorized},
		{"valid token", "GET", "/v1/parked?limit=0", "Bearer " + token, http.StatusBadRequest},
		{"valid token, scheme in lower case", "GET", "/v1/parked?limit=0", "bearer " + token, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Errorf("%s %s: got %d %s, want %d", tt.method, tt.path, rec.Code, rec.Body, tt.want)
			}
			if tt.want == http.StatusUnauthorized && rec.Header().Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
		})
	}
}

func TestNewTokens(t *testing.T) {
	tests := []struct {
		name    string
		list    []string
		wantNil bool
		wantErr bool
	}{
		{"none: open", nil, true, false},
		{"blank: open", []string{"", " "}, true, false},
		{"short", []string{"short"}, true, true},
		{"ok", []string{"0123456789abcdef"}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewTokens(tt.list)
			if (err != nil) != tt.wantErr || (got == nil) != tt.wantNil {
				t.Errorf("NewTokens(%q) = %v, %v; want nil %v, error %v", tt.list, got, err, tt.wantNil, tt.wantErr)
			}
		})
	}
}
