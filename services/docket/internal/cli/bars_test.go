package cli

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/submit"
)

// TestBarDisplay draws the bars of three documents to their ends and
// checks the last frame: a full bar for the completed one, each with its
// outcome.
func TestBarDisplay(t *testing.T) {
	var out bytes.Buffer
	results := []*submitted{
		{Accepted: submit.Accepted{File: "/in/invoice.pdf", WorkflowID: "wf-1"}},
		{Accepted: submit.Accepted{File: "/in/memo.txt", WorkflowID: "wf-2"}},
		{Accepted: submit.Accepted{File: "/in/scan.png", WorkflowID: "wf-3"}},
	}
	d := newBarDisplay(context.Background(), &out, results)
	wf := func(id string, s trackerv1.Status, stage string) *trackerv1.Workflow {
		return &trackerv1.Workflow{Id: id, Status: s, Stage: stage}
	}
	d.update(0, results[0], wf("wf-1", trackerv1.Status_STATUS_RUNNING, "classify"))
	d.update(1, results[1], wf("wf-2", trackerv1.Status_STATUS_QUEUED, "ocr"))
	done := wf("wf-1", trackerv1.Status_STATUS_COMPLETED, "ledger")
	done.Ledger = &trackerv1.LedgerRef{Sequence: 7}
	d.end(0, results[0], done)
	d.end(1, results[1], wf("wf-2", trackerv1.Status_STATUS_WAITING_REVIEW, "review"))
	failed := wf("wf-3", trackerv1.Status_STATUS_FAILED, "ocr")
	failed.LastError = "structural: unreadable"
	d.end(2, results[2], failed)
	d.wait()

	// The last frame: the last line of each bar, escape sequences removed.
	frame := regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`).ReplaceAllString(out.String(), "\n")
	last := map[string]string{}
	for _, l := range strings.Split(frame, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			last[f[0]] = strings.Join(f, " ")
		}
	}
	for name, want := range map[string]*regexp.Regexp{
		"invoice.pdf": regexp.MustCompile(`^invoice\.pdf wf-1 \[=+\] completed: recorded in the ledger, sequence 7$`),
		"memo.txt":    regexp.MustCompile(`^memo\.txt wf-2 \[=*>?-*\] waiting for review: stopped waiting \(docket review list\)$`),
		"scan.png":    regexp.MustCompile(`^scan\.png wf-3 \[-+\] failed: structural: unreadable$`),
	} {
		if !want.MatchString(last[name]) {
			t.Errorf("last line of %s: %q, want %s\nall output: %q", name, last[name], want, out.String())
		}
	}
}
