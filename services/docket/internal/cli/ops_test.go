package cli

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// opsWorld is two workflows on a secure stack: wf-r (acme) waits for a
// review, wf-c (globex) is queued for OCR.
type opsWorld struct {
	*stack
	base   time.Time
	cursor string // the last change before wf-r's events
}

func (s *stack) opsWorld(t *testing.T) *opsWorld {
	t.Helper()
	w := &opsWorld{stack: s, base: time.Now().UTC().Truncate(time.Second).Add(-10 * time.Minute)}
	s.produce(t, events.TopicSubmitted, w.submitted("wf-c", "globex", 0))
	s.waitWorkflow(t, "wf-c", 1)
	// The snapshot of a watch carries the cursor of the latest change.
	st, err := s.cl.WatchWorkflow(context.Background(), &trackerv1.WatchWorkflowRequest{Id: "wf-c"})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := st.Recv()
	if err != nil || !snap.GetSnapshot() {
		t.Fatalf("snapshot %v, %v", snap, err)
	}
	w.cursor = snap.GetCursor()
	// One at a time, so the change stream's order is the workflow's.
	s.produce(t, events.TopicSubmitted, w.submitted("wf-r", "acme", 1))
	s.waitWorkflow(t, "wf-r", 1)
	s.produce(t, events.TopicExtracted, &events.DocumentExtracted{Meta: w.meta("wf-r", "acme", "extracted", 2, "wf-r-submitted", "ocr"), Document: doc("wf-r"),
		Text: doc("wf-r-text"), Pages: []events.Page{{Number: 1, Chars: 300, Confidence: 1, Method: "text_layer"}}, Engine: events.Engine{Name: "pdftotext", Version: "22.12"}, MeanConfidence: 1})
	s.waitWorkflow(t, "wf-r", 2)
	suggested := "memo"
	s.produce(t, events.TopicReviewRequested, &events.ReviewRequested{Meta: w.meta("wf-r", "acme", "review", 3, "wf-r-extracted", "classifier"), Document: doc("wf-r"),
		Reason: "low_confidence", Priority: 2, SLADeadline: w.base.Add(time.Hour), Candidates: []events.Candidate{{Type: "memo", Score: 0.41}, {Type: "contract", Score: 0.3}},
		Flags: []events.Flag{{Kind: "pii.iban", Detail: "2 occurrence(s), first at byte 120 " + strings.Repeat("(the rule's words) ", 12)},
			{Kind: "model.title_disagrees", Detail: "the title names contract; the model said memo"}},
		SuggestedType: &suggested, Confidence: 0.41, Model: &events.Model{Name: "textmodel", Version: "2026.11"}})
	s.waitWorkflow(t, "wf-r", 3)
	return w
}

func (w *opsWorld) meta(wf, tenant, id string, sec int, cause, svc string) events.Meta {
	return events.Meta{EventID: wf + "-" + id, WorkflowID: wf, TenantID: tenant, OccurredAt: w.base.Add(time.Duration(sec) * time.Second),
		CausationID: cause, Producer: events.Producer{Service: svc, Version: "1.0.0"}}
}

func (w *opsWorld) submitted(wf, tenant string, sec int) *events.DocumentSubmitted {
	return &events.DocumentSubmitted{Meta: w.meta(wf, tenant, "submitted", sec, "", "ingest"), Document: doc(wf), Filename: wf + ".pdf",
		Deadline: w.base.Add(24 * time.Hour), Labels: map[string]string{}, Source: "http"}
}

func doc(name string) events.BlobRef {
	return events.BlobRef{URI: "docket-blob://sha256/" + name, SHA256: name, SizeBytes: 2048, MediaType: "application/pdf"}
}

func (w *opsWorld) at(sec int) string {
	return w.base.Add(time.Duration(sec) * time.Second).Format(time.RFC3339Nano)
}

// TestOperatorCommands drives watch, review, cancel and stats against a
// real tracker over TLS with bearer tokens, asserting their tables and
// JSON.
func TestOperatorCommands(t *testing.T) {
	s := startStack(t, true)
	w := s.opsWorld(t)
	ctx := context.Background()

	t.Run("watch from a cursor", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "watch", "--from", w.cursor, "--limit", "3", "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var changes []*trackerv1.WorkflowChange
		for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			ch := &trackerv1.WorkflowChange{}
			if err := protojson.Unmarshal([]byte(l), ch); err != nil {
				t.Fatalf("line %q is not a WorkflowChange: %v", l, err)
			}
			changes = append(changes, ch)
		}
		want := []*trackerv1.WorkflowChange{
			{WorkflowId: "wf-r", Tenant: "acme", Status: trackerv1.Status_STATUS_QUEUED, Stage: "ocr", EventId: "wf-r-submitted", EventType: "DocumentSubmitted",
				Summary: "submitted wf-r.pdf (application/pdf, 2048 bytes) via http"},
			{WorkflowId: "wf-r", Tenant: "acme", Status: trackerv1.Status_STATUS_RUNNING, Stage: "classify", EventId: "wf-r-extracted", EventType: "DocumentExtracted",
				Summary: "extracted 1 pages with pdftotext, mean confidence 1.00"},
			{WorkflowId: "wf-r", Tenant: "acme", Status: trackerv1.Status_STATUS_WAITING_REVIEW, Stage: "review", EventId: "wf-r-review", EventType: "ReviewRequested",
				Summary: "review requested: low_confidence, priority 2"},
		}
		if len(changes) != len(want) {
			t.Fatalf("%d changes, want %d:\n%s", len(changes), len(want), out)
		}
		for i, ch := range changes {
			if ch.GetCursor() == "" || ch.GetOccurredAt().AsTime().Format(time.RFC3339Nano) != w.at(i+1) {
				t.Errorf("change %d: cursor %q, occurred %v", i, ch.GetCursor(), ch.GetOccurredAt())
			}
			got := proto.CloneOf(ch)
			got.Cursor, got.OccurredAt = "", nil
			if !proto.Equal(got, want[i]) {
				t.Errorf("change %d = %v, want %v", i, got, want[i])
			}
		}

		// The table shows the same changes, a row each.
		code, out, errOut = runCLI(t, "workflows", "watch", "--from", w.cursor, "--limit", "3")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) != 4 || strings.Join(strings.Fields(lines[0]), " ") != "CURSOR OCCURRED WORKFLOW TENANT STATUS STAGE EVENT SUMMARY" {
			t.Fatalf("table:\n%s", out)
		}
		for i, l := range lines[1:] {
			c := want[i]
			wantRow := []string{changes[i].GetCursor(), w.at(i + 1), "wf-r", "acme", render.Status(c.GetStatus()), c.GetStage(), c.GetEventType(), c.GetSummary()}
			f := strings.Fields(l)
			got := append(f[:7:7], strings.Join(f[7:], " "))
			if strings.Join(got, "|") != strings.Join(wantRow, "|") {
				t.Errorf("row %d = %q, want %q", i, got, wantRow)
			}
		}

		// Filtered by status; a tenant's token sees its own workflows only.
		code, out, errOut = runCLI(t, "workflows", "watch", "--from", w.cursor, "--status", "waiting_review", "--limit", "1", "-o", "json", "--token", acmeToken)
		if code != 0 || !strings.Contains(out, `"event_id":"wf-r-review"`) || strings.Count(out, "\n") != 1 {
			t.Errorf("status-filtered watch: exit %d, %q %s", code, out, errOut)
		}
		code, out, errOut = runCLI(t, "workflows", "watch", "--tenant", "acme", "--token", globexToken, "--limit", "1")
		if code != 1 || !strings.Contains(errOut, "PermissionDenied") {
			t.Errorf("another tenant's watch: exit %d, %q %q; want PermissionDenied", code, out, errOut)
		}
	})

	t.Run("review list", func(t *testing.T) {
		code, out, errOut := runCLI(t, "review", "list")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		want := [][]string{
			{"TASK", "WORKFLOW", "TENANT", "PRIORITY", "REQUESTED", "SLA", "CLAIMED", "BY", "SUGGESTED", "CONFIDENCE", "REASON", "AND", "RULE"},
			{"wf-r-review", "wf-r", "acme", "2", w.at(3), w.base.Add(time.Hour).Format(time.RFC3339Nano), "-", "memo", "0.41", "low_confidence"},
		}
		if got := rows(out); !equalRows(got, want) {
			t.Errorf("table:\n%s\nwant rows %q", out, want)
		}
		code, out, errOut = runCLI(t, "review", "list", "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got trackerv1.ListReviewTasksResponse
		if err := protojson.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("not a ListReviewTasksResponse: %v\n%s", err, out)
		}
		if len(got.GetTasks()) != 1 || got.GetTasks()[0].GetId() != "wf-r-review" || got.GetTasks()[0].GetModel() != "textmodel@2026.11" ||
			len(got.GetTasks()[0].GetCandidates()) != 2 {
			t.Errorf("json %v", &got)
		}
		// globex has no task.
		if code, out, _ := runCLI(t, "review", "list", "--token", globexToken); code != 0 || len(rows(out)) != 1 {
			t.Errorf("globex's list: exit %d\n%s", code, out)
		}
	})

	t.Run("review claim and decide", func(t *testing.T) {
		code, out, errOut := runCLI(t, "review", "claim", "wf-r-review", "--reviewer", "ada", "--lease", "10m")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		for _, line := range []string{"Task:        wf-r-review", "Workflow:    wf-r", "Reason:      low_confidence", "Priority:    2",
			"Claimed by:  ada until ", "Suggested:   memo 0.41", "Candidates:  memo 0.41, contract 0.30", "Model:       textmodel@2026.11",
			// Each flag on a line of its own, the second not cut off
			// behind a long first (found from outside, hundred-and-sixteenth
			// trial: the model's doubt stood after "…").
			"Flag:        pii.iban: 2 occurrence(s), first at byte 120 (the rule's words)", "Flag:        model.title_disagrees: the title names contract; the model said memo"} {
			if !strings.Contains(out, "\n"+line) && !strings.HasPrefix(out, line) {
				t.Errorf("claim output lacks %q:\n%s", line, out)
			}
		}
		code, _, errOut = runCLI(t, "review", "claim", "wf-r-review", "--token", bobToken)
		if code != 1 || !strings.Contains(errOut, "claim review task wf-r-review: FailedPrecondition") {
			t.Errorf("second reviewer's claim: exit %d, %q", code, errOut)
		}
		// Bob's token cannot decide as ada.
		code, _, errOut = runCLI(t, "review", "decide", "wf-r-review", "--token", bobToken, "--reviewer", "ada", "--outcome", "approved", "--reason", "r")
		if code != 1 || !strings.Contains(errOut, "PermissionDenied") {
			t.Errorf("bob decides as ada: exit %d, %q", code, errOut)
		}
		code, out, errOut = runCLI(t, "review", "decide", "wf-r-review", "--reviewer", "ada", "--outcome", "approved", "--type", "contract", "--reason", "a contract", "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var resp trackerv1.DecideReviewTaskResponse
		if err := protojson.Unmarshal([]byte(out), &resp); err != nil || resp.GetEventId() == "" || resp.GetTask().GetId() != "wf-r-review" {
			t.Fatalf("decide json %q: %v", out, err)
		}
		wf := s.waitWorkflow(t, "wf-r", 4)
		if wf.GetStatus() != trackerv1.Status_STATUS_RUNNING || wf.GetStage() != "ledger" {
			t.Errorf("after the decision wf-r is %s at %s, want running at ledger", wf.GetStatus(), wf.GetStage())
		}
		code, out, _ = runCLI(t, "review", "list")
		if code != 0 || len(rows(out)) != 1 {
			t.Errorf("review list after the decision: exit %d\n%s", code, out)
		}
		for _, tt := range []struct{ args, want string }{
			{"review decide wf-r-review --reviewer ada --outcome maybe --reason r", `--outcome "maybe": want approved or rejected`},
			{"review decide wf-r-review --reviewer ada --outcome approved", "review decide needs --reason"},
			{"review claim", "review claim takes exactly one ID"},
			{"review sort", `unknown command "review sort"`},
		} {
			if code, _, errOut := runCLI(t, strings.Fields(tt.args)...); code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("%s: exit %d, %q; want 2 with %q", tt.args, code, errOut, tt.want)
			}
		}
	})

	t.Run("cancel", func(t *testing.T) {
		code, out, errOut := runCLI(t, "cancel", "wf-c", "--token", acmeToken, "--reason", "not mine")
		if code != 1 || !strings.Contains(errOut, "cancel workflow wf-c: not found") {
			t.Errorf("another tenant's cancel: exit %d, %q %q", code, out, errOut)
		}
		code, out, errOut = runCLI(t, "cancel", "wf-c", "--reason", "sent by mistake", "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var resp trackerv1.CancelWorkflowResponse
		if err := protojson.Unmarshal([]byte(out), &resp); err != nil || resp.GetEventId() == "" || resp.GetAlreadyCanceled() {
			t.Fatalf("cancel json %q: %v", out, err)
		}
		code, out, errOut = runCLI(t, "cancel", "wf-c", "--reason", "sent by mistake")
		if want := "cancel requested for workflow wf-c (event " + resp.GetEventId() + "); it ends canceled before its next step, then compensated if a finished step left an effect to undo\n"; code != 0 || out != want {
			t.Errorf("second cancel: exit %d, %q %s; want %q", code, out, errOut, want)
		}
		h, err := s.cl.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: "wf-c"})
		deadline := time.Now().Add(30 * time.Second)
		for err == nil && len(h.GetEntries()) < 2 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
			h, err = s.cl.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: "wf-c"})
		}
		if err != nil || len(h.GetEntries()) != 2 || h.GetEntries()[1].GetEventId() != resp.GetEventId() || !strings.Contains(h.GetEntries()[1].GetSummary(), "sent by mistake") {
			t.Errorf("wf-c history %v, %v; want the cancel request %s once", h, err, resp.GetEventId())
		}
		if code, _, errOut := runCLI(t, "cancel", "wf-c"); code != 2 || !strings.Contains(errOut, "cancel needs --reason") {
			t.Errorf("cancel without a reason: exit %d, %q", code, errOut)
		}
	})

	t.Run("workflows list filters and tokens", func(t *testing.T) {
		for _, tt := range []struct {
			args []string
			want string
		}{
			{nil, "wf-r,wf-c"},
			{[]string{"--oldest-first"}, "wf-c,wf-r"},
			{[]string{"--token", acmeToken}, "wf-r"},
			{[]string{"--until", w.at(1)}, "wf-c"},
			{[]string{"--since", w.at(1)}, "wf-r"},
			{[]string{"--since", "1m"}, ""},
			{[]string{"--since", "20m", "--stage", "ledger"}, "wf-r"},
		} {
			code, out, errOut := runCLI(t, append([]string{"workflows", "list"}, tt.args...)...)
			var ids []string
			for _, r := range rows(out)[1:] {
				ids = append(ids, r[0])
			}
			if code != 0 || strings.Join(ids, ",") != tt.want {
				t.Errorf("workflows list %q: exit %d, ids %q, want %q; %s", tt.args, code, ids, tt.want, errOut)
			}
		}
		if code, _, errOut := runCLI(t, "workflows", "list", "--since", "yesterday"); code != 2 || !strings.Contains(errOut, "want an RFC 3339 time or a duration ago") {
			t.Errorf("--since yesterday: exit %d, %q", code, errOut)
		}
		if code, _, errOut := runCLI(t, "workflows", "get", "wf-r", "--token", "not-a-token-at-all"); code != 1 || !strings.Contains(errOut, "Unauthenticated") {
			t.Errorf("a wrong token: exit %d, %q", code, errOut)
		}
	})

	t.Run("stats", func(t *testing.T) {
		code, out, errOut := runCLI(t, "stats", "--window", "1h", "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var st trackerv1.Stats
		if err := protojson.Unmarshal([]byte(out), &st); err != nil {
			t.Fatalf("not Stats: %v\n%s", err, out)
		}
		if st.GetStarted() != 2 || st.GetActive() != 2 || st.GetCompleted() != 0 || st.GetReviews() != 1 || len(st.GetDecisions()) != 1 ||
			st.GetFrom().AsTime().Second() != 0 || st.GetTo().AsTime().Sub(st.GetFrom().AsTime()) > time.Hour || st.GetTo().AsTime().Sub(st.GetFrom().AsTime()) <= 59*time.Minute {
			t.Errorf("stats %v; want 2 started and active, 1 review decided, 60 whole minutes to now", &st)
		}
		code, out, errOut = runCLI(t, "stats")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var lines []string // fields of each line, one space apart
		for _, l := range strings.Split(out, "\n") {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
		for _, line := range []string{"Active now: 2", "Started: 2", "Completed: 0", "Failed: 0", "Waiting review now: 0", "Reviews: 1 (review rate 100.0%)",
			"STEP FINISHED P50 P95 P99 WAITING AGE P50 AGE P95 AGE P99", "classify 1 1s 1s 1s 0 0s 0s 0s",
			"DOCUMENT TYPE MODEL DECISIONS", "contract 2026.11 1"} {
			if !slices.Contains(lines, line) {
				t.Errorf("stats lack the line %q:\n%s", line, out)
			}
		}
		if code, _, errOut := runCLI(t, "stats", "--window", "90s"); code != 2 || !strings.Contains(errOut, "want whole minutes") {
			t.Errorf("--window 90s: exit %d, %q", code, errOut)
		}
	})

	t.Run("ingest reads the secure tracker", func(t *testing.T) {
		// Ingest reads the tracker over TLS with the operator's token and
		// scopes by the API key's tenant.
		code, st := getJSON(t, s.ingest+"/v1/documents/wf-r", acmeKey)
		if code != 200 || st["view_source"] != "sagatracker" || st["status"] != "running" || st["stage"] != "ledger" || st["filename"] != "wf-r.pdf" {
			t.Errorf("GET wf-r as acme: %d %v", code, st)
		}
		if code, st := getJSON(t, s.ingest+"/v1/documents/wf-r", globexKey); code != 404 {
			t.Errorf("GET wf-r as globex: %d %v, want 404", code, st)
		}
	})

	t.Run("correct and erase", func(t *testing.T) {
		for _, tt := range []struct {
			args []string
			code int
			want string
		}{
			{[]string{"correct", "--workflow", "wf-r", "--reason", "x"}, 2, "correct needs --type"},
			{[]string{"correct", "--workflow", "wf-r", "--type", "memo"}, 2, "correct needs --reason"},
			{[]string{"correct", "wf-r", "--type", "memo", "--reason", "x"}, 2, "name the workflow with --workflow"},
			{[]string{"correct", "--workflow", "wf-r", "--type", "memo", "--outcome", "maybe", "--reason", "x"}, 2, "want approved or rejected"},
			{[]string{"erase", "--workflow", "wf-r"}, 2, "erase needs --reason"},
			{[]string{"correct", "--workflow", "wf-r", "--type", "memo", "--reason", "x", "--token", acmeToken}, 1, "PermissionDenied"},
			{[]string{"erase", "--workflow", "wf-r", "--reason", "x", "--token", acmeToken}, 1, "PermissionDenied"},
			{[]string{"correct", "--workflow", "wf-r", "--type", "receipt", "--reason", "x"}, 1, "not recorded"},
			{[]string{"erase", "--workflow", "wf-none", "--reason", "x"}, 1, "erase workflow wf-none: not found"},
		} {
			if code, out, errOut := runCLI(t, tt.args...); code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Errorf("%v: exit %d, %q %q; want %d with %q", tt.args, code, out, errOut, tt.code, tt.want)
			}
		}
		s.produce(t, events.TopicRecorded, &events.DocumentRecorded{Meta: w.meta("wf-r", "acme", "recorded", 5, "wf-r-decided", "ledger"),
			LedgerTopic: events.TopicLedger, LedgerPartition: 0, LedgerOffset: 3, RecordHash: []byte{1}, Sequence: 4})
		s.waitWorkflow(t, "wf-r", 5)
		code, out, errOut := runCLI(t, "correct", "--workflow", "wf-r", "--type", "invoice", "--outcome", "rejected", "--reason", "an invoice", "-o", "json")
		var cr trackerv1.CorrectWorkflowResponse
		if code != 0 || protojson.Unmarshal([]byte(out), &cr) != nil || cr.GetEventId() == "" {
			t.Fatalf("correct: exit %d, %q %q", code, out, errOut)
		}
		code, out, errOut = runCLI(t, "correct", "--workflow", "wf-r", "--type", "invoice", "--outcome", "rejected", "--reason", "an invoice")
		if want := "correction of workflow wf-r to invoice requested (event " + cr.GetEventId() + ")"; code != 0 || !strings.HasPrefix(out, want) {
			t.Errorf("correct again: exit %d, %q %q; want %q", code, out, errOut, want)
		}
		code, out, errOut = runCLI(t, "erase", "--workflow", "wf-r", "--reason", "art. 17")
		if code != 0 || !strings.HasPrefix(out, "erasure of workflow wf-r requested (event ") {
			t.Fatalf("erase: exit %d, %q %q", code, out, errOut)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			wf, err := s.cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-r"})
			if err == nil && wf.GetErasedAt() != nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("wf-r not erased: %v, %v", wf, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if code, out, errOut := runCLI(t, "erase", "--workflow", "wf-r", "--reason", "again"); code != 0 || out != "workflow wf-r is already erased\n" {
			t.Errorf("erase again: exit %d, %q %q", code, out, errOut)
		}
		code, out, errOut = runCLI(t, "workflows", "get", "wf-r")
		if code != 0 || !strings.Contains(out, "Erased:") || strings.Contains(out, "wf-r.pdf") {
			t.Errorf("workflows get after the erasure: exit %d, %q %q", code, out, errOut)
		}
	})
}
