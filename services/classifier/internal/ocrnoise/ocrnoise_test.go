package ocrnoise

import (
	"math/rand/v2"
	"strings"
	"testing"
)

const sample = "INVOICE\nInvoice number: INV-1002\nBill to: Northwind Logistics\nTotal due $1,070.00\nPlease remit within 30 days."

func TestApplyIsDeterministicAndNoisy(t *testing.T) {
	a := Apply(rand.New(rand.NewPCG(1, 2)), sample, 0.05)
	b := Apply(rand.New(rand.NewPCG(1, 2)), sample, 0.05)
	if a != b {
		t.Fatalf("same seed, different text:\n%s\n---\n%s", a, b)
	}
	if a == sample {
		t.Fatal("rate 0.05 left the text unchanged")
	}
	if got := Apply(rand.New(rand.NewPCG(1, 2)), sample, 0); got != sample {
		t.Errorf("rate 0 changed the text:\n%s", got)
	}
}

func TestApplyMakesEveryKindOfError(t *testing.T) {
	text := strings.Repeat("Modern billing ledger OLD bill Invoice total clear view\n", 40)
	got := Apply(rand.New(rand.NewPCG(3, 4)), text, 0.08)
	for _, want := range []string{"rn", "1", "0", "-\n", "  "} {
		if !strings.Contains(got, want) {
			t.Errorf("noisy text has no %q", want)
		}
	}
	if strings.Count(got, "\n") <= strings.Count(text, "\n") {
		t.Error("no line was broken")
	}
}
