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
