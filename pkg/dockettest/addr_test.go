package dockettest

import "testing"

func TestFreeAddrNeverTwice(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		a := FreeAddr(t)
		if seen[a] {
			t.Fatalf("FreeAddr returned %s twice", a)
		}
		seen[a] = true
	}
}
