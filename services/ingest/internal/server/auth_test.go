package server

import (
	"net/http/httptest"
	"testing"
)

func TestAPIKey(t *testing.T) {
	tests := []struct {
		name, header, value, want string
	}{
		{"bearer", "Authorization", "Bearer k1", "k1"},
		{"scheme in lower case", "Authorization", "bearer k1", "k1"},
		{"scheme in upper case", "Authorization", "BEARER k1", "k1"},
		{"extra spaces", "Authorization", "Bearer   k1 ", "k1"},
		{"another scheme", "Authorization", "Basic azE6", ""},
		{"x-api-key", "X-API-Key", "k1", "k1"},
		{"none", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/v1/documents", nil)
			if tt.header != "" {
				r.Header.Set(tt.header, tt.value)
			}
			if got := apiKey(r); got != tt.want {
				t.Errorf("apiKey(%s: %q) = %q, want %q", tt.header, tt.value, got, tt.want)
			}
		})
	}
}
