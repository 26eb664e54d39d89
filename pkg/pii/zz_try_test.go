package pii

import (
	"fmt"
	"os"
	"testing"
)

func TestZZTry(t *testing.T) {
	b, _ := os.ReadFile(os.Getenv("TRY"))
	text := string(b)
	for _, m := range Matches(text) {
		fmt.Printf("%s\t%q\n", m.Kind, text[m.Start:m.End])
	}
}
