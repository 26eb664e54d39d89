package fault

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestClassOf(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want Class
	}{
		{"structural", Structuralf("bad magic byte"), Structural},
		{"semantic", Semanticf("low confidence"), Semantic},
		{"wrapped structural keeps class", fmt.Errorf("decode: %w", Structuralf("x")), Structural},
		{"outermost class wins", Wrap(Transient, Structuralf("x")), Transient},
		{"deadline is transient", context.DeadlineExceeded, Transient},
		{"unclassified is transient", errors.New("boom"), Transient},
	}
	for _, tt := range tests {
		if got := ClassOf(tt.err); got != tt.want {
			t.Errorf("%s: ClassOf = %s, want %s", tt.name, got, tt.want)
		}
	}
	if Wrap(Structural, nil) != nil {
		t.Error("Wrap(nil) must be nil")
	}
	inner := errors.New("inner")
	if !errors.Is(Wrap(Structural, inner), inner) {
		t.Error("Wrap must keep the chain")
	}
}
