package cli

import (
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// waitingWorld is three workflows on an open stack, as the agents leave
// them: wf-amount waits for a review the classifier's policy required (an
// amount over the threshold), wf-broken failed structurally at OCR (the
// exception agent parked it and asked for a review), wf-new is queued.
type waitingWorld struct {
	*opsWorld
}

func (s *stack) waitingWorld(t *testing.T) *waitingWorld {
	t.Helper()
	// Five minutes ago: wf-new, queued at OCR since, is not stalled yet
	// (the tracker's stall window is ten minutes), however slow the
	// machine running the test (at ten minutes ago, two seconds late
	// made it stalled on a loaded CI machine).
	w := &waitingWorld{&opsWorld{stack: s, base: time.Now().UTC().Truncate(time.Second).Add(-5 * time.Minute)}}
	sub := func(wf, file string, sec int) *events.DocumentSubmitted {
		e := w.submitted(wf, "acme", sec)
		e.Filename = file
		return e
	}
	amount := sub("wf-amount", "invoice-northwind.pdf", 0)
	broken := sub("wf-broken", "scan-broken.pdf", 1)
	s.produce(t, events.TopicSubmitted, amount, broken, sub("wf-new", "letter.txt", 2))
	s.produce(t, events.TopicExtracted, &events.DocumentExtracted{Meta: w.meta("wf-amount", "acme", "extracted", 3, "wf-amount-submitted", "ocr"), Document: doc("wf-amount"),
		Text: doc("wf-amount-text"), Pages: []events.Page{{Number: 1, Chars: 300, Confidence: 1, Method: "text_layer"}}, Engine: events.Engine{Name: "pdftotext", Version: "22.12"}, MeanConfidence: 1})
	suggested := "invoice"
	s.produce(t, events.TopicReviewRequested, &events.ReviewRequested{Meta: w.meta("wf-amount", "acme", "review", 4, "wf-amount-extracted", "classifier"), Document: doc("wf-amount"),
		Reason: "rule_required", Priority: 2, SLADeadline: w.base.Add(time.Hour), Candidates: []events.Candidate{{Type: "invoice", Score: 0.97}},
		Flags:         []events.Flag{{Kind: "pii.email", Detail: "1 e-mail address"}, {Kind: "policy.amount_over_threshold", Detail: "largest amount 66000.00 USD exceeds 10000"}},
		SuggestedType: &suggested, Confidence: 0.97, Model: &events.Model{Name: "textmodel", Version: "2026.11"},
		Context: map[string]string{"rules.fired": "amount.over_threshold", "policy.review_threshold": "0.75"}})

	// OCR dead-letters wf-broken as the runtime does; the exception agent
	// parks it and asks for a review.
	orig, err := s.codec.Encode(events.TopicSubmitted, broken)
	if err != nil {
		t.Fatal(err)
	}
	failed := w.base.Add(5 * time.Second)
	s.produce(t, events.DLQTopic("ocr"), &events.DeadLetter{Meta: w.meta("wf-broken", "acme", "dl", 5, "wf-broken-submitted", "ocr"),
		Service: "ocr", SourceTopic: events.TopicSubmitted, OriginalKey: []byte("wf-broken"), OriginalValue: orig, OriginalHeaders: []events.Header{},
		ErrorClass: "structural", ErrorMessage: "pdf: no pages", Attempts: 1,
		AttemptHistory: []events.Attempt{{At: failed, ErrorClass: "structural", ErrorMessage: "pdf: no pages"}}, FirstFailureAt: failed, LastFailureAt: failed})
	s.produce(t, events.TopicControl, &events.WorkflowControl{Meta: w.meta("wf-broken", "acme", "parked", 6, "wf-broken-dl", "exception"),
		Kind: "parked", Reason: "structural failure: pdf: no pages",
		Details: map[string]string{"service": "ocr", "source_topic": events.TopicSubmitted, "error_class": "structural", "dead_letter": "wf-broken-dl",
			"parked_id": "wf-broken-dl", "park_kind": "dead_letter"}})
	s.produce(t, events.TopicReviewRequested, &events.ReviewRequested{Meta: w.meta("wf-broken", "acme", "review", 6, "wf-broken-dl", "exception"), Document: doc("wf-broken"),
		Reason: "structural_failure", Priority: 1, SLADeadline: w.base.Add(time.Hour), Candidates: []events.Candidate{}, Flags: []events.Flag{},
		Context: map[string]string{"service": "ocr", "error_class": "structural", "error_message": "pdf: no pages", "parked_id": "wf-broken-dl",
			"parked_reason": "structural failure: pdf: no pages"}})
	s.waitWorkflow(t, "wf-amount", 3)
	s.waitWorkflow(t, "wf-broken", 4)
	s.waitWorkflow(t, "wf-new", 1)
	return w
}

// TestWaitingWorkflows: the operator's views of workflows that wait on a
// person say which file, why and on what (the review task, the parked
// item); the review queue says the rule in words; stats count what is
// parked, in the agents' hands and finished.
func TestWaitingWorkflows(t *testing.T) {
	s := startStack(t, false)
	w := s.waitingWorld(t)

	t.Run("workflows list", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "list", "--oldest-first")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		t.Logf("workflows list:\n%s", out)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) != 4 || !strings.HasPrefix(strings.Join(strings.Fields(lines[0]), " "), "ID FILE TENANT STAGE STATUS") {
			t.Fatalf("table:\n%s", out)
		}
		for i, want := range []string{
			"wf-amount invoice-northwind.pdf acme review waiting_review " + w.at(0) + " " + w.at(4) + " 3 waiting for review task wf-amount-review: rule_required: policy.amount_over_threshold: largest amount 66000.00 USD exceeds 10000",
			"wf-broken scan-broken.pdf acme review waiting_review " + w.at(1) + " " + w.at(6) + " 4 waiting for review task wf-broken-review: structural_failure: structural failure: pdf: no pages; parked item wf-broken-dl (replay or discard it)",
			"wf-new letter.txt acme ocr queued " + w.at(2) + " " + w.at(2) + " 1 -",
		} {
			if got := strings.Join(strings.Fields(lines[i+1]), " "); got != want {
				t.Errorf("row %d:\n got %s\nwant %s", i, got, want)
			}
		}
	})

	t.Run("workflows get", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "get", "wf-amount")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		t.Logf("workflows get wf-amount:\n%s", out)
		for _, line := range []string{
			"File:          invoice-northwind.pdf",
			"Status:        waiting_review",
			"Waiting on:    waiting for review task wf-amount-review: rule_required: policy.amount_over_threshold: largest amount 66000.00 USD exceeds 10000",
			"Review tasks:  wf-amount-review (docket review claim TASK)",
			"Last error:    -",
		} {
			if !strings.Contains(out, line+"\n") {
				t.Errorf("get output lacks line %q:\n%s", line, out)
			}
		}
		code, out, errOut = runCLI(t, "workflows", "get", "wf-broken", "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var wf trackerv1.Workflow
		if err := protojson.Unmarshal([]byte(out), &wf); err != nil {
			t.Fatal(err)
		}
		if wf.GetFilename() != "scan-broken.pdf" || !slices.Equal(wf.GetReviewTaskIds(), []string{"wf-broken-review"}) ||
			!slices.Equal(wf.GetParkedIds(), []string{"wf-broken-dl"}) || wf.GetLastError() != "structural: pdf: no pages" {
			t.Errorf("wf-broken: %v", &wf)
		}
	})

	t.Run("review list", func(t *testing.T) {
		code, out, errOut := runCLI(t, "review", "list")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		t.Logf("review list:\n%s", out)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("table:\n%s", out)
		}
		for i, want := range []string{
			"wf-amount-review wf-amount acme 2 " + w.at(4) + " " + w.base.Add(time.Hour).Format(time.RFC3339Nano) + " - invoice 0.97 rule_required: policy.amount_over_threshold: largest amount 66000.00 USD exceeds 10000",
			"wf-broken-review wf-broken acme 1 " + w.at(6) + " " + w.base.Add(time.Hour).Format(time.RFC3339Nano) + " - - - structural_failure: structural failure: pdf: no pages",
		} {
			if got := strings.Join(strings.Fields(lines[i+1]), " "); got != want {
				t.Errorf("row %d:\n got %s\nwant %s", i, got, want)
			}
		}
	})

	t.Run("stats", func(t *testing.T) {
		code, out, errOut := runCLI(t, "stats")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		t.Logf("stats:\n%s", out)
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
		// wf-new is the only one in the agents' hands; wf-broken is parked
		// (and waits for its review); every submission finished ingest.
		for _, line := range []string{"Active now: 1", "Started: 3", "Parked now: 1", "Waiting review now: 2", "Dead letters: 1", "Exception rate of ended: 0.0%", "ingest 3 0s 0s 0s 0 0s 0s 0s"} {
			if !slices.Contains(lines, line) {
				t.Errorf("stats lack the line %q:\n%s", line, out)
			}
		}
	})

	t.Run("reviewer required without a token", func(t *testing.T) {
		t.Setenv("USER", "")
		t.Setenv("DOCKET_REVIEWER", "")
		code, _, errOut := runCLI(t, "review", "claim", "wf-amount-review")
		if code != 2 || !strings.Contains(errOut, "review claim needs --reviewer NAME without a token") ||
			!strings.Contains(errOut, "docket review decide TASK --reviewer R --outcome") {
			t.Errorf("claim without a reviewer: exit %d, %q; want 2 with the usage naming --reviewer as required", code, errOut)
		}
		if code, out, errOut := runCLI(t, "review", "claim", "wf-amount-review", "--reviewer", "alice"); code != 0 || !strings.Contains(out, "unauthenticated:alice") {
			t.Fatalf("claim as alice: exit %d, %s%s", code, out, errOut)
		}
		code, _, errOut = runCLI(t, "review", "decide", "wf-amount-review", "--reviewer", "bob", "--outcome", "approved", "--reason", "ok")
		t.Logf("decide as bob: exit %d: %s", code, errOut)
		if code != 1 || !strings.Contains(errOut, `without a token decide with --reviewer set to the name that claimed it (this call decided as "bob")`) {
			t.Errorf("decide as another name: exit %d, %q", code, errOut)
		}
		if code, out, errOut := runCLI(t, "review", "decide", "wf-amount-review", "--reviewer", "alice", "--outcome", "approved", "--reason", "ok"); code != 0 {
			t.Errorf("decide as alice: exit %d, %s%s", code, out, errOut)
		}
	})
}
