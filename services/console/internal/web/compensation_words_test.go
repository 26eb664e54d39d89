package web

import (
	"strings"
	"testing"
	"time"
)

// TestExplainCompensation: the console words the statuses of a workflow
// that steps back, and a failed compensation as parked for a person with
// its error.
func TestExplainCompensation(t *testing.T) {
	tests := []struct {
		status, lastError, want string
	}{
		{"compensating", "", "Stepping back"},
		{"compensated", "", "Compensated"},
		{"compensation_failed", "compensation of ocr failed: bucket gone", "Parked for a person: a step could not undo its effect (compensation of ocr failed: bucket gone)"},
	}
	for _, tc := range tests {
		t.Run(tc.status, func(t *testing.T) {
			got := explain(Workflow{Status: tc.status, LastError: tc.lastError}, nil, time.Now())
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("explain(%s) = %q, want it to start with %q", tc.status, got, tc.want)
			}
		})
	}
}
