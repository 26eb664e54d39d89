package policy

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZCorpus(t *testing.T) {
	fs, _ := filepath.Glob(os.Getenv("ZZ_GLOB"))
	for _, f := range fs {
		b, _ := os.ReadFile(f)
		s := string(b)
		for _, a := range Amounts(s) {
			if a.Basis == BasisCurrency {
				continue
			}
			ls := strings.LastIndex(s[:a.Start], "\n") + 1
			le := strings.Index(s[a.End:], "\n")
			if le < 0 {
				le = len(s) - a.End
			}
			fmt.Printf("%s %s %q\n", filepath.Base(f), a.Basis, s[ls:a.End+le])
		}
	}
}
