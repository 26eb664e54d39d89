package auth

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
)

// ErrUnauthenticated refuses an API that would run without
// authentication where others can reach it.
var ErrUnauthenticated = errors.New("refusing to serve an API without authentication on a non-loopback address")

// CheckExposure decides whether an API may start. With authentication
// (authenticated: tokens or mutual TLS) it always may. Without it, it may
// on a loopback address — the embedded mode, `docket run` — with a
// warning, and elsewhere only when insecure (DOCKET_INSECURE=true) is
// set, which logs an error-level warning at every start; otherwise it
// returns ErrUnauthenticated with what to set (hint).
func CheckExposure(log *slog.Logger, api string, addr net.Addr, authenticated, insecure bool, hint string) error {
	if authenticated {
		return nil
	}
	if ta, ok := addr.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
		log.Warn(api+" runs WITHOUT AUTHENTICATION on a loopback address: every local process is its operator (the embedded mode). "+hint,
			"addr", addr.String())
		return nil
	}
	if insecure {
		log.Error("INSECURE: "+api+" runs WITHOUT AUTHENTICATION, open to anyone who reaches "+addr.String()+
			" (DOCKET_INSECURE=true). Every caller is an operator. "+hint, "addr", addr.String())
		return nil
	}
	return fmt.Errorf("%s on %s: %w: %s, or set DOCKET_INSECURE=true to run it open", api, addr, ErrUnauthenticated, hint)
}

// WarnCleartext warns, at every start, that an API taking credentials
// (authenticated) serves them without TLS off loopback: a token or an API
// key then crosses the network readable by anyone on the path. It is a
// warning, not a refusal, for machine APIs: behind a service mesh's
// mutual TLS or a TLS-terminating proxy the plain listener is right, and
// the service cannot tell (the web console, which people sign in to,
// refuses instead; found from outside: four APIs served credentials in
// clear off loopback without a word).
func WarnCleartext(log *slog.Logger, api string, addr net.Addr, authenticated, tlsOn bool, hint string) {
	if !authenticated || tlsOn {
		return
	}
	if ta, ok := addr.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
		return
	}
	log.Warn(api+" takes credentials over plain text on "+addr.String()+": anyone on the network path reads them. "+hint+
		", or keep it behind TLS (a terminating proxy, a service mesh's mutual TLS)", "addr", addr.String())
}
