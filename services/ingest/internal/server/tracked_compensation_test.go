package server

import (
	"testing"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// TestTerminalCompensation: a workflow that steps back has ended once it is
// compensated or parked after a failed compensation, not while compensating.
func TestTerminalCompensation(t *testing.T) {
	for st, want := range map[trackerv1.Status]bool{
		trackerv1.Status_STATUS_COMPENSATING:        false,
		trackerv1.Status_STATUS_COMPENSATED:         true,
		trackerv1.Status_STATUS_COMPENSATION_FAILED: true,
	} {
		if got := terminal(st); got != want {
			t.Errorf("terminal(%s) = %v, want %v", st, got, want)
		}
	}
}
