package money

import "testing"

// FuzzAmounts checks that any text yields in-bounds amounts and never a
// panic.
func FuzzAmounts(f *testing.F) {
	for _, s := range []string{"Total 1 028,00", "Amount due:\n1,234.56", "Item  Amount\nX  40213\nY  1.00", "$", "1 ", "@ 1.2", "€1 234,56",
		"Date Description Debit Credit Balance\n02 Oct x 1.00 2.00", "(30) days", "1.-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, a := range Amounts(text) {
			if a.Start < 0 || a.End > len(text) || a.Start >= a.End || a.Value < 0 {
				t.Fatalf("amount %+v out of bounds of %d bytes", a, len(text))
			}
		}
	})
}
