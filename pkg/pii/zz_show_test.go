package pii

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZShowPII(t *testing.T) {
	for _, f := range strings.Split(os.Getenv("SHOW"), ",") {
		b, _ := os.ReadFile(f)
		s := string(b)
		if f == "" {
			s = os.Getenv("TEXT")
		}
		for _, m := range Matches(s) {
			fmt.Printf("%-14s %q\n", m.Kind, s[m.Start:m.End])
		}
	}
}
