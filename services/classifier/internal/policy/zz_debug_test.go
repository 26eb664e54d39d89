package policy

import (
	"os"
	"testing"
)

func TestZZDebug(t *testing.T) {
	b, _ := os.ReadFile(os.Getenv("ZZ_FILE"))
	for _, a := range Amounts(string(b)) {
		t.Logf("%-12s %10.2f %s %q", a.Basis, a.Value, a.Currency, string(b)[a.Start:a.End])
	}
}
