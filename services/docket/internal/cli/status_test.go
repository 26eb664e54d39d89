package cli

import (
	"testing"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// TestParseStatusCompensation: --status takes the statuses of a workflow
// that steps back, in each spelling.
func TestParseStatusCompensation(t *testing.T) {
	tests := []struct {
		in   string
		want trackerv1.Status
	}{
		{"compensating", trackerv1.Status_STATUS_COMPENSATING},
		{"COMPENSATED", trackerv1.Status_STATUS_COMPENSATED},
		{"compensation-failed", trackerv1.Status_STATUS_COMPENSATION_FAILED},
		{"STATUS_COMPENSATION_FAILED", trackerv1.Status_STATUS_COMPENSATION_FAILED},
	}
	for _, tc := range tests {
		got, err := parseStatus(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseStatus(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}
