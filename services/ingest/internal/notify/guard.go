package notify

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// ErrBlockedAddress is the error of a callback whose host resolves to an
// address that is not public and not allowed: it is never retried.
var ErrBlockedAddress = errors.New("callback address is not public")

// reserved are the ranges beside loopback, private, link-local, multicast
// and unspecified addresses that a callback never reaches unless allowed.
var reserved = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),     // "this network": Linux dials 0.x as local
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),  // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"), // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),   // reserved, and the broadcast address
}

// Prefixes of IPv6 addresses that carry an IPv4 address a gateway
// forwards to: NAT64's well-known prefix (RFC 6052) and 6to4 (RFC 3056).
// Such an address is as public as the IPv4 address inside it.
var (
	nat64      = netip.MustParsePrefix("64:ff9b::/96")
	nat64Local = netip.MustParsePrefix("64:ff9b:1::/48") // local-use NAT64 (RFC 8215): the network's own translator
	sixToFour  = netip.MustParsePrefix("2002::/16")
)

// public reports whether a is a global unicast address outside every
// private and reserved range.
func public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsGlobalUnicast() || a.IsPrivate() || nat64Local.Contains(a) {
		return false
	}
	if b := a.As16(); nat64.Contains(a) {
		return public(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}))
	} else if sixToFour.Contains(a) {
		return public(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}))
	}
	for _, p := range reserved {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// checkDial refuses a connection to address (an IP and port, after name
// resolution) unless it is public or inside one of allow.
func checkDial(address string, allow []netip.Prefix) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrBlockedAddress, address)
	}
	a := ap.Addr().Unmap()
	if public(a) {
		return nil
	}
	for _, p := range allow {
		if p.Contains(a) {
			return nil
		}
	}
	return fmt.Errorf("%w: %s (allow it with DOCKET_INGEST_CALLBACK_ALLOW_NETS)", ErrBlockedAddress, a)
}

// NewClient returns the HTTP client callbacks are sent with. Every
// connection it opens — to the callback's host, to where a redirect
// points, whatever the names resolve to at that moment — must go to a
// public address or one inside allow; any other is refused before it is
// opened. With a proxy from the environment, the proxy is what is dialled
// (allow its address); it must then apply the same rule itself.
func NewClient(allow []netip.Prefix, timeout time.Duration) *http.Client {
	d := &net.Dialer{
		Timeout:   10 * time.Second,
		KeepAlive: 30 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			return checkDial(address, allow)
		},
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = d.DialContext
	return &http.Client{Timeout: timeout, Transport: tr}
}
