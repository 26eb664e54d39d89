package telemetry

import (
	"context"
	"net"
	"net/http"
	"testing"
)

// TestReserveHoldsUntilStart: a reserved address is bound until a server
// starts on it, that server serves on the held listener, a restarted one
// binds the address again, and a released one is free.
func TestReserveHoldsUntilStart(t *testing.T) {
	addr, err := Reserve("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if l, err := net.Listen("tcp", addr); err == nil {
		l.Close()
		t.Fatalf("%s reserved but free", addr)
	}
	for range 2 {
		s := NewServer()
		got, err := s.Start(addr)
		if err != nil {
			t.Fatalf("start on %s: %v", addr, err)
		}
		if got != addr {
			t.Fatalf("listens on %s, want %s", got, addr)
		}
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("/healthz: %d", resp.StatusCode)
		}
		if err := s.Shutdown(context.Background()); err != nil {
			t.Fatal(err)
		}
	}

	other, err := Reserve("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	Release(other)
	l, err := net.Listen("tcp", other)
	if err != nil {
		t.Fatalf("%s released but still held: %v", other, err)
	}
	l.Close()
}
