package cli

import (
	"testing"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// TestConfidenceCutNotRounded: a review task's confidence is shown cut to
// two decimals, so a score under the review threshold never reads as the
// threshold (found from outside, seventieth trial: 0.7489 listed as 0.75).
func TestConfidenceCutNotRounded(t *testing.T) {
	for _, tt := range []struct {
		conf float64
		typ  string
		want string
	}{
		{0.7489, "purchase_order", "0.74"},
		{0.75, "purchase_order", "0.75"},
		{1, "invoice", "1.00"},
		{0.29, "receipt", "0.29"},
		{0.5, "", "-"},
	} {
		if got := confidence(&trackerv1.ReviewTask{Confidence: tt.conf, SuggestedType: tt.typ}); got != tt.want {
			t.Errorf("confidence(%v) = %q, want %q", tt.conf, got, tt.want)
		}
	}
}
