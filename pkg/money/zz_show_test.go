package money

import (
	"fmt"
	"os"
	"testing"
)

func TestZZShow(t *testing.T) {
	text := os.Getenv("TEXT")
	if f := os.Getenv("SHOW"); f != "" {
		b, _ := os.ReadFile(f)
		text = string(b)
	}
	for _, a := range Amounts(text) {
		fmt.Printf("%+v\n", a)
	}
}
