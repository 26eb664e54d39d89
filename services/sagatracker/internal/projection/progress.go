package projection

import (
	"fmt"
	"strconv"

	"github.com/docket-run/docket/pkg/events"
)

// Progress is a long step's latest progress report as the store script
// keeps it. Numbers travel as decimal strings, like the script's others.
type Progress struct {
	Step  string `json:"st"`
	Done  string `json:"dn"`
	Total string `json:"tt"`
	Unit  string `json:"un"`
}

// stepActivity sets the state change of step_started, step_progress and
// step_retrying:
// the workflow runs at the step's stage. They rank with the step's dead
// letter (and the exception agent's decisions on it), between the step's
// input event and its output event, so the output event wins over a late
// report, and a report never reopens a finished step. Sharing the dead
// letter's rank (equal ranks apply in consumption order) is what lets a
// retried attempt show running again after retry_scheduled or replayed:
// both come on the control topic before the new attempt's reports, in the
// workflow's partition order. A failure of the attempt comes after its
// reports too (its dead letter, then the agent's decision on the control
// topic), so the workflow ends that attempt retrying or parked.
//
// step_started clears the progress of an earlier attempt (every status
// change without a report does); step_progress stores its report;
// step_retrying, a try that failed inside the step's worker, is history
// (its error kept apart, for an erasure) and leaves the workflow running:
// the step is still at work, and its last try's failure is a dead letter
// as for any step. A step
// the tracker does not know (not ocr or classifier) is history only.
func stepActivity(op *Op, ev *events.WorkflowControl) {
	svc := ev.Details[events.DetailStep]
	if svc == "" {
		svc = ev.Meta.Producer.Service
	}
	s, known := stepOfService[svc]
	switch ev.Kind {
	case events.KindStepStarted:
		op.Entry.Summary = svc + " running"
		if a, err := strconv.Atoi(ev.Details[events.DetailAttempt]); err == nil && a > 1 {
			op.Entry.Summary += fmt.Sprintf(", attempt %d", a)
		}
		if known {
			op.set(StatusRunning, s.step, s.rank+rankDeadLetterStep)
		}
	case events.KindStepRetrying:
		op.Entry.Summary = svc + " try " + count(ev.Details[events.DetailTry])
		if n := count(ev.Details[events.DetailTries]); n != "0" {
			op.Entry.Summary += " of " + n
		}
		op.Entry.Summary += " failed; trying again"
		op.Entry.Redacted = ""
		if ev.Reason != "" {
			op.Entry.Redacted = op.Entry.Summary
			op.Entry.Summary += ": " + ev.Reason
		}
		if known {
			op.set(StatusRunning, s.step, s.rank+rankDeadLetterStep)
		}
	case events.KindStepProgress:
		p := Progress{Step: svc, Done: count(ev.Details[events.DetailDone]), Total: count(ev.Details[events.DetailTotal]), Unit: ev.Details[events.DetailUnit]}
		op.Entry.Summary = p.String()
		if known {
			op.set(StatusRunning, s.step, s.rank+rankDeadLetterStep)
			op.Progress = &p
		}
	}
}

// String words a report: "ocr 3/20 pages", "ocr 3 pages" when the total is
// unknown.
func (p Progress) String() string {
	s := p.Step + " " + p.Done
	if p.Total != "0" {
		s += "/" + p.Total
	}
	if p.Unit != "" {
		s += " " + p.Unit
	}
	return s
}

// count reads a decimal count; "0" when it is not one.
func count(s string) string {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return "0"
	}
	return strconv.FormatInt(n, 10)
}
