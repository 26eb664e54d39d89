package dockettest

import (
	"net"
	"sync"
	"testing"
)

// given holds the addresses FreeAddr has returned in this process.
var given struct {
	sync.Mutex
	addrs map[string]bool
}

// FreeAddr returns a loopback address that is free now and that it has not
// returned before in this process: asked one port at a time, the system
// can hand out again one it handed out a moment ago, and two servers of a
// stack then share it (found in CI: "kafka and ledger both listen on
// 127.0.0.1:35609").
func FreeAddr(t testing.TB) string {
	t.Helper()
	given.Lock()
	defer given.Unlock()
	if given.addrs == nil {
		given.addrs = map[string]bool{}
	}
	for range 100 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		if !given.addrs[addr] {
			given.addrs[addr] = true
			return addr
		}
	}
	t.Fatal("dockettest: no port not handed out before in 100 tries")
	return ""
}
