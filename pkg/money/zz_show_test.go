package money

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZShow(t *testing.T) {
	for _, f := range strings.Split(os.Getenv("SHOW"), ",") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for _, a := range Amounts(s) {
			ls := strings.LastIndex(s[:a.Start], "\n") + 1
			le := strings.Index(s[a.End:], "\n")
			if le < 0 {
				le = len(s) - a.End
			}
			fmt.Printf("%-12s %-4s %-10s | %s⟦%s⟧%s\n", fmt.Sprint(a.Value), a.Currency, a.Basis, s[ls:a.Start], s[a.Start:a.End], s[a.End:a.End+le])
		}
	}
}
