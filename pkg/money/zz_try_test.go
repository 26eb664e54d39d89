package money

import (
	"fmt"
	"os"
	"testing"
)

func TestZZTry(t *testing.T) {
	b, _ := os.ReadFile(os.Getenv("TRY"))
	for _, a := range Amounts(string(b)) {
		fmt.Printf("%.2f\t%s\t%s\t%q\n", a.Value, a.Currency, a.Basis, string(b)[a.Start:a.End])
	}
}
