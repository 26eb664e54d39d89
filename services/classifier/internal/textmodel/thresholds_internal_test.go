package textmodel

import "testing"

// TestOwnThreshold: a class gets a threshold of its own only when the
// coverage's quantile is not its least confident calibration document.
func TestOwnThreshold(t *testing.T) {
	for _, tt := range []struct {
		n        int
		coverage float64
		want     bool
	}{
		{0, 0.95, false},
		{19, 0.95, false},
		{23, 0.95, false}, // the built-in corpus's calibration documents per class
		{38, 0.95, false},
		{39, 0.95, true},
		{200, 0.95, true},
		{9, 0.8, true},
		{8, 0.8, false},
	} {
		if got := ownThreshold(tt.n, tt.coverage); got != tt.want {
			t.Errorf("ownThreshold(%d, %v) = %v, want %v", tt.n, tt.coverage, got, tt.want)
		}
	}
}
