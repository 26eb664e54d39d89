package telemetry

import (
	"fmt"
	"net"
	"sync"
)

// held are listeners bound ahead of their servers, by address.
var held = struct {
	sync.Mutex
	ln map[string]net.Listener
}{ln: map[string]net.Listener{}}

// Reserve binds a free port on host now and holds the listener until a
// Server in this process starts on the address it returns. A port picked
// free and bound later can be taken in between, by another listener or by
// an outgoing connection's local port (a `docket run` whose services start
// a second after their ports are picked lost its tracker's metrics port
// that way); a held one cannot.
func Reserve(host string) (string, error) {
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return "", fmt.Errorf("reserve a port on %s: %w", host, err)
	}
	addr := l.Addr().String()
	held.Lock()
	held.ln[addr] = l
	held.Unlock()
	return addr, nil
}

// listen returns the listener held for addr, once, or binds addr. A
// server restarted after its first start binds the address again.
func listen(addr string) (net.Listener, error) {
	held.Lock()
	l, ok := held.ln[addr]
	delete(held.ln, addr)
	held.Unlock()
	if ok {
		return l, nil
	}
	return net.Listen("tcp", addr)
}

// Release closes the listener held for addr, if any: a reserved address
// the caller will not use.
func Release(addr string) {
	held.Lock()
	l, ok := held.ln[addr]
	delete(held.ln, addr)
	held.Unlock()
	if ok {
		_ = l.Close()
	}
}
