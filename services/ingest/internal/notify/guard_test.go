package notify

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"syscall"
	"testing"
)

// An IPv6 address that a NAT64 or 6to4 gateway turns into an IPv4 one is
// as public as that IPv4 address: 64:ff9b::a9fe:a9fe is the metadata
// service at 169.254.169.254 behind a NAT64 gateway.
func TestTranslatedAddressesAreCheckedByTheirIPv4(t *testing.T) {
	for addr, want := range map[string]bool{
		"64:ff9b::a9fe:a9fe":   false, // 169.254.169.254
		"64:ff9b::a00:1":       false, // 10.0.0.1
		"64:ff9b::7f00:1":      false, // 127.0.0.1
		"64:ff9b:1::a00:1":     false, // local-use NAT64
		"2002:a00:1::1":        false, // 6to4 of 10.0.0.1
		"2002:c0a8:101::1":     false, // 6to4 of 192.168.1.1
		"64:ff9b::808:808":     true,  // 8.8.8.8
		"2002:808:808::1":      true,  // 6to4 of 8.8.8.8
		"2606:4700:4700::1111": true,
		"8.8.8.8":              true,
		"::ffff:10.0.0.1":      false,
	} {
		if got := public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("public(%s) = %v, want %v", addr, got, want)
		}
		if err := checkDial(netip.AddrPortFrom(netip.MustParseAddr(addr), 443).String(), nil); (err == nil) != want {
			t.Errorf("checkDial(%s): %v, want allowed=%v", addr, err, want)
		}
	}
}

// What the tenant sees of a failed callback says nothing of the hosts and
// ports behind it: a refused connection and a timeout read the same.
func TestTenantErrorHidesTheNetwork(t *testing.T) {
	refused := fmt.Errorf("post callback: %w", &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 6379}, Err: syscall.ECONNREFUSED})
	timeout := fmt.Errorf("post callback: %w", context.DeadlineExceeded)
	if a, b := tenantError(refused), tenantError(timeout); a != b || strings.Contains(a, "10.1.2.3") || strings.Contains(a, "6379") {
		t.Errorf("refused: %q, timed out: %q; want the same message naming no address", a, b)
	}
	if got := tenantError(fmt.Errorf("%w: 10.0.0.1", ErrBlockedAddress)); got != ErrBlockedAddress.Error() {
		t.Errorf("blocked: %q", got)
	}
	if got := tenantError(answeredError{status: 503}); got != "callback answered 503 Service Unavailable" {
		t.Errorf("answered: %q", got)
	}
}
