package submit

import (
	"github.com/docket-run/docket/pkg/events"

	"net/http"
	"strconv"
)

// LaneHeader is the HTTP request header that names a submission's lane,
// as the priority field does.
const LaneHeader = "X-Docket-Priority"

// ValidLane reports whether lane names a lane.
func ValidLane(lane string) bool {
	return lane == events.PriorityInteractive || lane == events.PriorityBulk
}

// LaneOr returns lane, or events.PriorityInteractive when it is empty.
func LaneOr(lane string) string {
	if lane == "" {
		return events.PriorityInteractive
	}
	return lane
}

// setPriority reads the priority field: a lane (interactive or bulk), or
// the integer urgency (0..1000) the field carried before lanes, kept for
// the clients that send it.
func (p *Params) setPriority(value string) error {
	if ValidLane(value) {
		p.Lane = value
		return nil
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return invalid("priority %.20q: want interactive or bulk (or an urgency 0..%d)", value, maxPriority)
	}
	p.Priority = n
	return nil
}

// laneHeader applies the X-Docket-Priority header of r to p: interactive or
// bulk, agreeing with the priority field when both are given.
func (p *Params) laneHeader(r *http.Request) error {
	h := r.Header.Get(LaneHeader)
	switch {
	case h == "":
		return nil
	case !ValidLane(h):
		return invalid("%s %.20q: want interactive or bulk", LaneHeader, h)
	case p.Lane != "" && p.Lane != h:
		return invalid("%s %q and the priority field %q disagree", LaneHeader, h, p.Lane)
	}
	p.Lane = h
	return nil
}
