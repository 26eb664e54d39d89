package policy

import (
	"testing"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"12,345.67", 12345.67, true},
		{"1.234,56", 1234.56, true},
		{"1 234,56", 1234.56, true},
		{"1'234.50", 1234.50, true},
		{"1,234", 1234, true},
		{"1.234", 1234, true},
		{"99", 99, true},
		{"99.5", 99.5, true},
		{"1.234.567,89", 1234567.89, true},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseAmount(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseAmount(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMaxAmount(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		value    float64
		currency string
		basis    string
		ok       bool
	}{
		{"dollar total", "Subtotal: $11,000.00\nTotal: $12,345.67", 12345.67, "USD", BasisCurrency, true},
		{"euro prefix", "Gesamt EUR 1.234,56", 1234.56, "EUR", BasisCurrency, true},
		{"euro suffix", "Summe 20.500,00 €", 20500, "EUR", BasisCurrency, true},
		{"pound", "TOTAL £221.01", 221.01, "GBP", BasisCurrency, true},
		{"labelled bare number", "Total: 12,345.67\n", 12345.67, "", BasisLabel, true},
		{"amount due label", "Amount due 15000", 15000, "", BasisLabel, true},
		{"no money", "Invoice 12345 dated 2024-01-02", 0, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := MaxAmount(tt.text)
			if got.Value != tt.value || got.Currency != tt.currency || got.Basis != tt.basis || ok != tt.ok {
				t.Errorf("MaxAmount = %+v, %v; want %v %q %s, %v", got, ok, tt.value, tt.currency, tt.basis, tt.ok)
			}
		})
	}
}
