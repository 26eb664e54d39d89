package auth_test

import (
	"bytes"
	"log/slog"
	"net"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/auth"
)

// TestWarnCleartext: an API taking credentials over plain text off
// loopback says so at its start; over TLS, on loopback or without
// credentials it says nothing (found from outside: four APIs served
// tokens in clear on 0.0.0.0 without a word).
func TestWarnCleartext(t *testing.T) {
	remote := &net.TCPAddr{IP: net.ParseIP("0.0.0.0"), Port: 8083}
	local := &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8083}
	tests := []struct {
		name          string
		addr          net.Addr
		authenticated bool
		tls           bool
		warn          bool
	}{
		{"credentials in clear off loopback", remote, true, false, true},
		{"over TLS", remote, true, true, false},
		{"on loopback", local, true, false, false},
		{"no credentials to read", remote, false, false, false},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		auth.WarnCleartext(slog.New(slog.NewTextHandler(&buf, nil)), "the ledger's HTTP API", tt.addr, tt.authenticated, tt.tls, "set DOCKET_LEDGER_TLS_CERT and _TLS_KEY")
		if got := strings.Contains(buf.String(), "plain text"); got != tt.warn {
			t.Errorf("%s: warned %v, want %v: %q", tt.name, got, tt.warn, buf.String())
		}
	}
}
