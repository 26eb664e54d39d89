package cli

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/dockettest"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/docket/internal/submit"
)

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

func ocrProgress(done, total int64, sec int) *trackerv1.Progress {
	return &trackerv1.Progress{Step: "ocr", Done: done, Total: total, Unit: "pages", UpdatedAt: timestamppb.New(wfBase.Add(time.Duration(sec) * time.Second))}
}

// TestBarDisplayProgress: while a document's long step reports progress, a
// bar of its work is drawn under the document's; it goes when the step
// ends.
func TestBarDisplayProgress(t *testing.T) {
	var out syncBuffer
	results := []*submitted{{Accepted: submit.Accepted{File: "/in/scan.pdf", WorkflowID: "wf-1"}}}
	d := newBarDisplay(context.Background(), &out, results)
	running := &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr", Progress: ocrProgress(3, 20, 1)}
	d.update(0, results[0], running)
	want := regexp.MustCompile(`\n\s+ocr\s+\[=*>?-+\] ocr 3/20 pages`)
	deadline := time.Now().Add(5 * time.Second)
	for !want.MatchString(ansi.ReplaceAllString(out.String(), "\n")) {
		if time.Now().After(deadline) {
			t.Fatalf("no step bar %s drawn: %q", want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	d.update(0, results[0], &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "classify"})
	done := &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_COMPLETED, Stage: "ledger", Ledger: &trackerv1.LedgerRef{Sequence: 3}}
	d.end(0, results[0], done)
	d.wait()
	frames := ansi.ReplaceAllString(out.String(), "\n")
	if !strings.Contains(frames, "completed: recorded in the ledger, sequence 3") {
		t.Errorf("no final state in %q", frames)
	}
}

// syncBuffer is a buffer the test reads while the bars draw into it.
type syncBuffer = dockettest.SyncBuffer

// TestLineDisplayProgress: without a terminal, each progress report is a
// line.
func TestLineDisplayProgress(t *testing.T) {
	var out bytes.Buffer
	d := &lineDisplay{w: &out}
	r := &submitted{Accepted: submit.Accepted{File: "/in/scan.pdf", WorkflowID: "wf-1"}}
	d.update(0, r, &trackerv1.Workflow{Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr"})
	d.update(0, r, &trackerv1.Workflow{Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr", Progress: ocrProgress(3, 20, 1)})
	d.update(0, r, &trackerv1.Workflow{Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr", Progress: ocrProgress(4, 0, 2)})
	want := "scan.pdf: running at ocr\nscan.pdf: ocr 3/20 pages\nscan.pdf: ocr 4 pages\n"
	if out.String() != want {
		t.Errorf("lines %q, want %q", out.String(), want)
	}
}

// TestWorkflowDetailProgress: `docket workflows get` shows the progress.
func TestWorkflowDetailProgress(t *testing.T) {
	var out bytes.Buffer
	w := &trackerv1.Workflow{Id: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr", Progress: ocrProgress(3, 20, 4)}
	if err := workflowDetail(&out, w); err != nil {
		t.Fatal(err)
	}
	if want := "Progress:    ocr 3/20 pages (reported 2026-11-29T10:00:04Z)\n"; !strings.Contains(out.String(), want) {
		t.Errorf("detail %q, want a line %q", out.String(), want)
	}
	out.Reset()
	w.Progress = nil
	_ = workflowDetail(&out, w)
	if strings.Contains(out.String(), "Progress") {
		t.Errorf("detail without progress shows one: %q", out.String())
	}
}

// TestWatchBars: on a terminal, `docket workflows watch` draws a running
// workflow's progress reports as a bar under the rows, not as rows.
func TestWatchBars(t *testing.T) {
	var out syncBuffer
	b := newWatchBars(context.Background(), &out)
	if _, err := b.Write([]byte("ROW started\n")); err != nil {
		t.Fatal(err)
	}
	report := &trackerv1.WorkflowChange{WorkflowId: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr",
		EventType: "WorkflowControl", OccurredAt: timestamppb.New(wfBase.Add(4 * time.Second)), Progress: ocrProgress(3, 20, 4)}
	if !b.change(report) {
		t.Error("a progress report is drawn as a row, want only its bar")
	}
	other := &trackerv1.WorkflowChange{WorkflowId: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "ocr",
		EventType: "LedgerRecord", OccurredAt: timestamppb.New(wfBase.Add(5 * time.Second)), Progress: ocrProgress(3, 20, 4)}
	if b.change(other) {
		t.Error("another event of a workflow with progress is not a row")
	}
	bar := regexp.MustCompile(`wf-1\s+\[=*>?-+\] ocr 3/20 pages`)
	for deadline := time.Now().Add(5 * time.Second); !bar.MatchString(out.String()); {
		if time.Now().After(deadline) {
			t.Fatalf("no bar for wf-1 drawn: %q", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	ended := &trackerv1.WorkflowChange{WorkflowId: "wf-1", Status: trackerv1.Status_STATUS_RUNNING, Stage: "classify", EventType: "DocumentExtracted"}
	if b.change(ended) {
		t.Error("a change without progress is not a row")
	}
	if _, err := b.Write([]byte("ROW extracted\n")); err != nil {
		t.Fatal(err)
	}
	b.close()
	frames := ansi.ReplaceAllString(out.String(), "\n")
	for _, want := range []string{"ROW started", "ROW extracted", "ocr 3/20 pages"} {
		if !strings.Contains(frames, want) {
			t.Errorf("output has no %q: %q", want, frames)
		}
	}
}
