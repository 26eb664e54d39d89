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
		{"wrapped with context", fmt.Errorf("extract ab12: read PDF info: %w", Structuralf("pdfinfo -f: exit status 1")).Error(), "extract ab12: read PDF info: pdfinfo -f: exit status 1"},
		{"a class word in the text stays", "semantic versioning: 1.2", "semantic versioning: 1.2"},
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
