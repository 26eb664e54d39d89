package fault

import (
	"fmt"
	"testing"
)

func TestTrimClass(t *testing.T) {
	tests := []struct {
		name string
		msg  string
		want string
	}{
		{"classified", Structuralf("pdf: no pages").Error(), "pdf: no pages"},
		{"wrapped twice", Wrap(Transient, Wrap(Transient, fmt.Errorf("redis down"))).Error(), "redis down"},
		{"class inside the message stays", fmt.Errorf("ocr: %w", Semanticf("no text")).Error(), "ocr: semantic: no text"},
		{"plain", "connection refused", "connection refused"},
		{"a word that is no class", "structurally unsound: x", "structurally unsound: x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TrimClass(tt.msg); got != tt.want {
				t.Errorf("TrimClass(%q) = %q, want %q", tt.msg, got, tt.want)
			}
		})
	}
}
