package projection

import (
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func TestBuildStepActivity(t *testing.T) {
	ctl := func(svc, kind string, details map[string]string) *events.WorkflowControl {
		return &events.WorkflowControl{
			Meta: events.Meta{EventID: "e", WorkflowID: "wf", OccurredAt: time.UnixMilli(1000), Producer: events.Producer{Service: svc, Version: "v"}},
			Kind: kind, Details: details,
		}
	}
	cases := []struct {
		name          string
		ev            *events.WorkflowControl
		status, stage string
		// after and before: the rank is above the step's input event and
		// below its output event.
		after, before int
		progress      *Progress
		summary       string
	}{
		{"ocr started", ctl("ocr", events.KindStepStarted, map[string]string{events.DetailStep: "ocr", events.DetailAttempt: "1"}),
			StatusRunning, StepOCR, rankSubmitted, rankExtracted, nil, "ocr running"},
		{"ocr started again", ctl("ocr", events.KindStepStarted, map[string]string{events.DetailStep: "ocr", events.DetailAttempt: "3"}),
			StatusRunning, StepOCR, rankSubmitted, rankExtracted, nil, "ocr running, attempt 3"},
		{"ocr progress", ctl("ocr", events.KindStepProgress, map[string]string{events.DetailStep: "ocr", events.DetailDone: "3", events.DetailTotal: "20", events.DetailUnit: "pages"}),
			StatusRunning, StepOCR, rankSubmitted, rankExtracted, &Progress{Step: "ocr", Done: "3", Total: "20", Unit: "pages"}, "ocr 3/20 pages"},
		{"total unknown", ctl("ocr", events.KindStepProgress, map[string]string{events.DetailStep: "ocr", events.DetailDone: "7", events.DetailTotal: "0", events.DetailUnit: "pages"}),
			StatusRunning, StepOCR, rankSubmitted, rankExtracted, &Progress{Step: "ocr", Done: "7", Total: "0", Unit: "pages"}, "ocr 7 pages"},
		{"malformed counts", ctl("ocr", events.KindStepProgress, map[string]string{events.DetailStep: "ocr", events.DetailDone: "x", events.DetailTotal: "-4"}),
			StatusRunning, StepOCR, rankSubmitted, rankExtracted, &Progress{Step: "ocr", Done: "0", Total: "0"}, "ocr 0"},
		{"classifier by producer", ctl("classifier", events.KindStepProgress, map[string]string{events.DetailDone: "1", events.DetailTotal: "2", events.DetailUnit: "chunks"}),
			StatusRunning, StepClassify, rankExtracted, rankClassified, &Progress{Step: "classifier", Done: "1", Total: "2", Unit: "chunks"}, "classifier 1/2 chunks"},
		{"classifier started", ctl("classifier", events.KindStepStarted, map[string]string{events.DetailStep: "classifier", events.DetailAttempt: "1"}),
			StatusRunning, StepClassify, rankExtracted, rankClassified, nil, "classifier running"},
		{"unknown step", ctl("translator", events.KindStepProgress, map[string]string{events.DetailStep: "translator", events.DetailDone: "1", events.DetailTotal: "9"}),
			"", "", -1, 1 << 30, nil, "translator 1/9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op, ok := Build(Record{Topic: events.TopicControl, Partition: 0, Offset: 1}, c.ev)
			if !ok {
				t.Fatal("Build refused the event")
			}
			if op.Status != c.status || op.Stage != c.stage {
				t.Errorf("status %q stage %q, want %q %q", op.Status, op.Stage, c.status, c.stage)
			}
			if op.Status != "" && (op.Rank <= c.after || op.Rank >= c.before) {
				t.Errorf("rank %d, want between %d and %d", op.Rank, c.after, c.before)
			}
			if (op.Progress == nil) != (c.progress == nil) || op.Progress != nil && *op.Progress != *c.progress {
				t.Errorf("progress %+v, want %+v", op.Progress, c.progress)
			}
			if op.Entry.Summary != c.summary {
				t.Errorf("summary %q, want %q", op.Entry.Summary, c.summary)
			}
		})
	}
}
