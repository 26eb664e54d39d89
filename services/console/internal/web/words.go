package web

import (
	"cmp"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// explain says in plain words what a workflow is doing, and why it waits
// or is stuck.
func explain(w Workflow, task *ReviewTask, now time.Time) string {
	since := now.Sub(w.UpdatedAt).Round(time.Second)
	switch w.Status {
	case "queued":
		if w.Stalled {
			return fmt.Sprintf("Stuck: accepted at stage %s but no service has taken it for %s, longer than that stage should take. Check that the %s service is running (its /readyz) and its consumer lag.", w.Stage, since, stageService(w.Stage))
		}
		return fmt.Sprintf("Queued: accepted, waiting for the %s service to take it (last event %s ago).", stageService(w.Stage), since)
	case "running":
		if w.Stalled {
			return fmt.Sprintf("Stuck: %s has reported nothing for %s, longer than that stage should take. The service may be down or wedged; its lease passes the work to another replica when it is.", stageService(w.Stage), since)
		}
		if p := w.Progress; p != nil {
			if p.Total > 0 {
				return fmt.Sprintf("Running: %s has done %d of %d %s.", p.Step, p.Done, p.Total, unit(p.Unit))
			}
			return fmt.Sprintf("Running: %s is working on it (%d %s so far).", p.Step, p.Done, unit(p.Unit))
		}
		return fmt.Sprintf("Running: the %s service is working on it.", stageService(w.Stage))
	case "waiting_review":
		if task != nil {
			s := "Waiting for a reviewer: " + task.RuleWords + fmt.Sprintf(" (review task %s", task.ID)
			if task.ClaimedBy != "" {
				s += ", claimed by " + task.ClaimedBy
			}
			if !task.SLADeadline.IsZero() {
				if now.After(task.SLADeadline) {
					s += fmt.Sprintf(", SLA breached %s ago", now.Sub(task.SLADeadline).Round(time.Second))
				} else {
					s += fmt.Sprintf(", SLA due in %s", task.SLADeadline.Sub(now).Round(time.Second))
				}
			}
			return s + ")."
		}
		if w.WaitingReason != "" {
			return "Waiting for a reviewer: " + w.WaitingReason + "."
		}
		return "Waiting for a reviewer's decision (see the Review queue)."
	case "retrying":
		return "Retrying: a step failed in a way that may pass (" + orNone(cmp.Or(w.WaitingReason, w.LastError)) + "); the exception agent sends it again after a backoff."
	case "parked":
		return "Parked: " + orNone(cmp.Or(w.WaitingReason, w.LastError)) + ". Retrying will not help; an operator must fix the cause and replay it, or discard it with a reason (Dead letters)."
	case "completed":
		return "Completed: recorded in the ledger."
	case "failed":
		return "Failed: " + orNone(w.LastError) + "."
	case "canceled":
		return "Canceled."
	case "timed_out":
		return "Timed out: its deadline passed before it finished."
	case "compensating":
		return "Stepping back: it was canceled or failed after some steps had effects, and those steps are undoing them one at a time, last step first (see History)."
	case "compensated":
		return "Compensated: it was canceled or failed, and every step that had an effect undid it (a reversal in the ledger, a reversed callback, its text deleted)."
	case "compensation_failed":
		return "Parked for a person: a step could not undo its effect (" + orNone(w.LastError) + "). Undo it by hand; the History shows which steps were already undone."
	}
	return w.Status
}

func stageService(stage string) string {
	switch stage {
	case "ingest", "submitted":
		return "ocr"
	case "classify":
		return "classifier"
	}
	return stage
}

func unit(u string) string {
	if u == "" {
		return "units"
	}
	return u
}

func orNone(s string) string {
	if s == "" {
		return "no error recorded"
	}
	return s
}

// ruleWords says why a task is in front of a person, with the rule's own
// words when a policy flag carries them.
func ruleWords(t ReviewTask) string {
	var rules []string
	degraded, failure := "", ""
	for _, f := range t.Flags {
		if strings.HasPrefix(f.Kind, "policy.") || strings.HasPrefix(f.Kind, "model.") {
			rules = append(rules, f.Kind+": "+f.Detail)
		}
		if f.Kind == "degraded" && strings.HasPrefix(f.Detail, "ocr_") {
			degraded = f.Detail
		}
		if strings.HasPrefix(f.Kind, "failure.") {
			failure = f.Detail // the exception agent's: what failed
		}
	}
	outside := ""
	if i := slices.IndexFunc(t.Flags, func(f Flag) bool { return f.Kind == "model.outside_types" }); i >= 0 {
		outside = t.Flags[i].Detail
	}
	if outside != "" && (t.Reason == "low_confidence" || t.Reason == "ambiguous_type") {
		// The type is the rule's, not the model's: the document names
		// itself a kind none of the types covers (a payslip).
		return "a kind of document none of the types covers, suggested as other: " + outside + "; confirm other or set its type"
	}
	if i := slices.IndexFunc(t.Flags, func(f Flag) bool { return f.Kind == "model.title_disagrees" }); i >= 0 && (t.Reason == "ambiguous_type" || t.Reason == "low_confidence") {
		// The type offered is the title's, not the model's, whose score
		// for it says nothing (found from outside: "the model knows too
		// few of the text's words to trust its "contract" (score 0.00)",
		// a contract the model called a receipt).
		return fmt.Sprintf("the document's title and the model disagree, suggested as the title's %q: %s; confirm or set its type", t.SuggestedType, t.Flags[i].Detail)
	}
	switch t.Reason {
	case "low_confidence":
		if degraded != "" {
			// The text itself is incomplete (OCR without its language
			// data): the model's confidence says nothing.
			return "the document was read in a degraded mode (" + degraded + "): read it and set its type"
		}
		s := fmt.Sprintf("the model's confidence in %q is %s, below the tenant's threshold", t.SuggestedType, events.ScoreText(t.Confidence))
		switch {
		case slices.ContainsFunc(t.Flags, func(f Flag) bool { return f.Kind == "model.unfamiliar_text" }):
			// A text in a language (or words) the model does not know:
			// its score, however high, rests on the few words it knows
			// (found from outside: "the model doubts its receipt (1.00)").
			s = fmt.Sprintf("the model knows too few of the text's words to trust its %q (score %s)", t.SuggestedType, events.ScoreText(t.Confidence))
		case slices.ContainsFunc(t.Flags, func(f Flag) bool { return strings.HasPrefix(f.Kind, "model.") }):
			// The model's own doubt (an ambiguous prediction set) sends
			// it whatever its confidence: found from outside, "0.76,
			// below the threshold" of 0.75.
			s = fmt.Sprintf("the model doubts its %q (%s)", t.SuggestedType, events.ScoreText(t.Confidence))
		}
		if len(rules) > 0 {
			s += "; " + strings.Join(rules, "; ")
		}
		return s
	case "rule_required":
		// The policy is the reason, and the type is in doubt too: the
		// reviewer must not take it as settled (found from outside: a
		// doubted type read as "rule_required" alone).
		switch {
		case outside != "":
			return "a policy rule requires a person, and it is a kind of document none of the types covers, suggested as other: " + strings.Join(rules, "; ")
		case slices.ContainsFunc(t.Flags, func(f Flag) bool { return f.Kind == "model.unfamiliar_text" }):
			return fmt.Sprintf("a policy rule requires a person, and the model knows too few of the text's words to trust its %q (score %s): %s", t.SuggestedType, events.ScoreText(t.Confidence), strings.Join(rules, "; "))
		case slices.ContainsFunc(t.Flags, func(f Flag) bool { return strings.HasPrefix(f.Kind, "model.") }):
			return fmt.Sprintf("a policy rule requires a person, and the model doubts its %q (%s) too: %s", t.SuggestedType, events.ScoreText(t.Confidence), strings.Join(rules, "; "))
		case slices.ContainsFunc(t.Flags, func(f Flag) bool { return f.Kind == "confidence.below_threshold" }):
			// Found from outside: a claim typed at 0.70 whose task named
			// only its card's rule.
			return fmt.Sprintf("a policy rule requires a person, and the model's confidence in %q (%s) is below the tenant's threshold too: %s", t.SuggestedType, events.ScoreText(t.Confidence), strings.Join(rules, "; "))
		}
		if len(rules) > 0 {
			return "a policy rule requires a person: " + strings.Join(rules, "; ")
		}
		return "a policy rule requires a person to check this document type"
	case "ambiguous_type":
		return fmt.Sprintf("the model cannot name one type (it suggests %q at %s): %s", t.SuggestedType, events.ScoreText(t.Confidence), strings.Join(rules, "; "))
	case "structural_failure":
		if failure != "" {
			return "a step could not process the document: " + failure
		}
		return "a step could not process the document; its parked item says why"
	case "semantic_failure":
		return "a service produced a result it does not trust: " + strings.Join(append(rules, failure), "; ")
	case "escalated":
		return "escalated: its SLA passed without a decision"
	case "deadline_exceeded":
		return "the workflow's deadline passed: decide what becomes of it"
	}
	if len(rules) > 0 {
		return t.Reason + ": " + strings.Join(rules, "; ")
	}
	return t.Reason
}

// hexDump renders up to max bytes of base64 data as an offset/hex/ASCII
// dump.
func hexDump(b64 string, max int) string {
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return "(undecodable payload)"
	}
	more := len(b) > max
	if more {
		b = b[:max]
	}
	s := hex.Dump(b)
	if more {
		s += fmt.Sprintf("… %d bytes shown\n", max)
	}
	return s
}
