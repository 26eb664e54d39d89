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

func TestUnavailable(t *testing.T) {
	refused := errors.New("dial tcp 127.0.0.1:6379: connect: connection refused")
	err := fmt.Errorf("claim side effect decide: %w", Wrap(Transient, Unavailable(refused)))
	if !IsUnavailable(err) || ClassOf(err) != Transient {
		t.Errorf("wrapped outage: IsUnavailable %v, class %s; want true, transient", IsUnavailable(err), ClassOf(err))
	}
	if !errors.Is(err, refused) {
		t.Error("Unavailable must keep the chain")
	}
	if got, want := TrimClass(err.Error()), "claim side effect decide: "+refused.Error(); got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	for _, other := range []error{Transientf("model API timed out"), refused, Structuralf("WRONGTYPE"), nil} {
		if IsUnavailable(other) {
			t.Errorf("IsUnavailable(%v) = true, want false: only what Unavailable marks is an outage", other)
		}
	}
	if Unavailable(nil) != nil {
		t.Error("Unavailable(nil) must be nil")
	}
}
