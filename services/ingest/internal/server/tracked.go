package server

import (
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// trackedStatus maps the tracker's projection of a workflow to the API's
// status. What the tracker does not keep (source, deadline, callback,
// classification) comes from ingest's own record m, when it still has
// one; the file name too, or the tracker's when m has none (ingest's
// record expired, or the submitted event did not come through this
// ingest's acceptance) and the workflow was not erased.
func trackedStatus(w *trackerv1.Workflow, m map[string]string, url string) Status {
	st := Status{
		WorkflowID: w.GetId(), TenantID: w.GetTenant(), Status: statusName(w.GetStatus()), Stage: w.GetStage(),
		Terminal: terminal(w.GetStatus()), Submitted: rfc3339(w.GetCreatedAt()), UpdatedAt: rfc3339(w.GetUpdatedAt()),
		ErasedAt: rfc3339(w.GetErasedAt()), StatusURL: url, Version: w.GetEvents(), ViewSource: SourceTracker,
	}
	for _, s := range w.GetSteps() {
		st.Steps = append(st.Steps, Step{Name: s.GetName(), StartedAt: rfc3339(s.GetStartedAt()), FinishedAt: rfc3339(s.GetFinishedAt()), Attempts: int(s.GetAttempts())})
	}
	if p := w.GetProgress(); p != nil {
		st.Progress = &Progress{Step: p.GetStep(), Done: p.GetDone(), Total: p.GetTotal(), Unit: p.GetUnit(), UpdatedAt: rfc3339(p.GetUpdatedAt())}
	}
	if l := w.GetLedger(); l != nil {
		st.Ledger = &Ledger{Topic: l.GetTopic(), Partition: int(l.GetPartition()), Offset: ledgerOffset(l.GetOffset()), Sequence: l.GetSequence(), Hash: l.GetRecordHash()}
	}
	if e := w.GetLastError(); e != "" {
		st.Error = errorOf(e, st.Status)
	}
	if m != nil {
		st.Filename, st.Source, st.Deadline = m["filename"], m["source"], m["deadline"]
		if st.ErasedAt == "" {
			st.ErasedAt = m["erased_at"] // erased before the tracker projected it
		}
		if m["submitted_at"] != "" {
			st.Submitted = m["submitted_at"]
		}
		st.Result = resultOf(m)
		st.Callback = callbackOf(m)
	}
	if st.Filename == "" && st.ErasedAt == "" {
		st.Filename = w.GetFilename()
	}
	return st
}

// statusName is a tracker status as the API spells it: waiting_review.
func statusName(s trackerv1.Status) string {
	return strings.ToLower(strings.TrimPrefix(s.String(), "STATUS_"))
}

func terminal(s trackerv1.Status) bool {
	switch s {
	case trackerv1.Status_STATUS_COMPLETED, trackerv1.Status_STATUS_FAILED, trackerv1.Status_STATUS_CANCELED, trackerv1.Status_STATUS_TIMED_OUT,
		trackerv1.Status_STATUS_COMPENSATED, trackerv1.Status_STATUS_COMPENSATION_FAILED:
		return true
	}
	return false
}

// errorOf splits the tracker's last error, "<class>: <message>" (a dead
// letter's error class, or "rejected: <reason code>: <message>"), into the
// API's code and message; an error without a class is coded by the status.
func errorOf(lastErr, status string) *APIError {
	code, msg, ok := strings.Cut(lastErr, ": ")
	if !ok || code == "" || strings.ContainsAny(code, " \t") {
		return &APIError{Code: status, Message: lastErr}
	}
	if code == "rejected" {
		if c, rest, ok := strings.Cut(msg, ": "); ok && !strings.ContainsAny(c, " \t") {
			return &APIError{Code: c, Message: rest}
		}
	}
	return &APIError{Code: code, Message: msg}
}

func rfc3339(t *timestamppb.Timestamp) string {
	if t == nil {
		return ""
	}
	return t.AsTime().UTC().Format(time.RFC3339Nano)
}
