package bus

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// TestOutputID pins output ids to uuid.NewSHA1 of the documented name, so
// an event handled again by another version of the runtime yields the same
// ids.
func TestOutputID(t *testing.T) {
	long := strings.Repeat("e", 200) // past the stack buffer
	for _, c := range []struct {
		in, topic string
		i         int
	}{
		{"evt-1", "docket.document.extracted", 0},
		{"01J9Z3Q4W5E6R7T8Y9U0I1O2P3", "docket.workflow.control", 12},
		{long, "t", 3},
	} {
		want := uuid.NewSHA1(outputNamespace, []byte(c.in+"\x00"+c.topic+"\x00"+strconv.Itoa(c.i))).String()
		if got := outputID(c.in, c.topic, c.i); got != want {
			t.Errorf("outputID(%q, %q, %d) = %s, want %s", c.in, c.topic, c.i, got, want)
		}
	}
}
