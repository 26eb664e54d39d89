package app

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
)

// stepStarted is the runtime's step_started control event of a long step.
func stepStarted(wf, svc string, attempt, sec int) *events.WorkflowControl {
	return &events.WorkflowControl{
		Meta: meta(wf, fmt.Sprintf("%s-%s-started-%d", wf, svc, attempt), sec, wf+"-input", svc), Kind: events.KindStepStarted,
		Details: map[string]string{events.DetailStep: svc, events.DetailAttempt: strconv.Itoa(attempt)},
	}
}

// stepProgress is the runtime's step_progress control event of a long step.
func stepProgress(wf, svc string, done, total, sec int) *events.WorkflowControl {
	return &events.WorkflowControl{
		Meta: meta(wf, fmt.Sprintf("%s-%s-progress-%d", wf, svc, sec), sec, wf+"-input", svc), Kind: events.KindStepProgress,
		Details: map[string]string{
			events.DetailStep: svc, events.DetailDone: strconv.Itoa(done), events.DetailTotal: strconv.Itoa(total), events.DetailUnit: "pages",
		},
	}
}

func reported(step string, done, total int64, sec int) *trackerv1.Progress {
	return &trackerv1.Progress{Step: step, Done: done, Total: total, Unit: "pages", UpdatedAt: timestamppb.New(at(sec))}
}

// progressChange is the part of a WorkflowChange the progress tests compare.
type progressChange struct {
	Status   trackerv1.Status
	Stage    string
	Summary  string
	Progress *trackerv1.Progress
}

func recvProgress(t *testing.T, s grpc.ServerStreamingClient[trackerv1.WorkflowChange]) progressChange {
	t.Helper()
	c, err := s.Recv()
	if err != nil {
		t.Fatalf("receive change: %v", err)
	}
	return progressChange{c.GetStatus(), c.GetStage(), c.GetSummary(), c.GetProgress()}
}

func sameProgress(a, b progressChange) bool {
	return a.Status == b.Status && a.Stage == b.Stage && a.Summary == b.Summary && proto.Equal(a.Progress, b.Progress)
}

// TestLongStepProgress: a long step's step_started and step_progress
// control events make the workflow running at the step's stage and carry
// the latest report in get, list and watch, until the step's output event
// clears it; they never move a workflow backwards nor touch an ended one.
func TestLongStepProgress(t *testing.T) {
	e := newEnv(t)
	tr := e.start()
	cl := tr.client(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const wf = "wf-long"
	get := func() *trackerv1.Workflow {
		t.Helper()
		w, err := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: wf})
		if err != nil {
			t.Fatalf("get %s: %v", wf, err)
		}
		return w
	}
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	watch, err := cl.WatchWorkflow(ctx, &trackerv1.WatchWorkflowRequest{Id: wf})
	if err != nil {
		t.Fatal(err)
	}
	if got := recvProgress(t, watch); got.Status != trackerv1.Status_STATUS_QUEUED || got.Progress != nil {
		t.Fatalf("snapshot %+v, want queued without progress", got)
	}

	steps := []struct {
		name   string
		ev     events.Event
		topic  string
		status trackerv1.Status
		stage  string
		// summary is the history entry's.
		summary  string
		progress *trackerv1.Progress
	}{
		{"ocr started", stepStarted(wf, "ocr", 1, 1), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "ocr", "ocr running", nil},
		{"ocr progress", stepProgress(wf, "ocr", 3, 20, 2), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "ocr", "ocr 3/20 pages", reported("ocr", 3, 20, 2)},
		{"ocr progress again", stepProgress(wf, "ocr", 11, 20, 3), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "ocr", "ocr 11/20 pages", reported("ocr", 11, 20, 3)},
		{"transient failure clears it", e.deadLetter(wf, "ocr", "transient", 1, 4), events.DLQTopic("ocr"), trackerv1.Status_STATUS_RETRYING, "ocr", "", nil},
		{"retry scheduled", &events.WorkflowControl{
			Meta: meta(wf, wf+"-retry", 5, wf+"-dlq-ocr-1", "exception"), Kind: "retry_scheduled",
			Details: map[string]string{"service": "ocr", "source_topic": events.TopicSubmitted},
		}, events.TopicControl, trackerv1.Status_STATUS_RETRYING, "ocr", "", nil},
		{"second attempt runs", stepStarted(wf, "ocr", 2, 6), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "ocr", "ocr running, attempt 2", nil},
		{"second attempt's progress", stepProgress(wf, "ocr", 19, 20, 7), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "ocr", "ocr 19/20 pages", reported("ocr", 19, 20, 7)},
		{"extracted clears it", extracted(wf, 8), events.TopicExtracted, trackerv1.Status_STATUS_RUNNING, "classify", "", nil},
		{"a late ocr report changes nothing", stepProgress(wf, "ocr", 20, 20, 9), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "classify", "ocr 20/20 pages", nil},
		{"classifier progress", stepProgress(wf, "classifier", 1, 4, 10), events.TopicControl, trackerv1.Status_STATUS_RUNNING, "classify", "classifier 1/4 pages", reported("classifier", 1, 4, 10)},
		// Canceled after OCR stored its text: the workflow steps back.
		{"canceled ends it", &events.WorkflowControl{Meta: meta(wf, wf+"-canceled", 11, "", "classifier"), Kind: "canceled"}, events.TopicControl,
			trackerv1.Status_STATUS_COMPENSATING, "classify", "", nil},
		{"an ended workflow stays so", stepProgress(wf, "classifier", 2, 4, 12), events.TopicControl, trackerv1.Status_STATUS_COMPENSATING, "classify", "classifier 2/4 pages", nil},
	}
	for i, s := range steps {
		e.step(s.topic, s.ev, int64(i+2))
		w := get()
		if w.GetStatus() != s.status || w.GetStage() != s.stage || !proto.Equal(w.GetProgress(), s.progress) {
			t.Fatalf("%s: get %v at %q with progress %v, want %v at %q with %v", s.name, w.GetStatus(), w.GetStage(), w.GetProgress(), s.status, s.stage, s.progress)
		}
		ch := recvProgress(t, watch)
		want := progressChange{s.status, s.stage, ch.Summary, s.progress}
		if s.summary != "" {
			want.Summary = s.summary
		}
		if !sameProgress(ch, want) {
			t.Fatalf("%s: watch %+v, want %+v", s.name, ch, want)
		}
	}
	es, _, err := e.store.History(ctx, wf, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var summaries []string
	for _, x := range es {
		if strings.Contains(x.EventID, "-started-") || strings.Contains(x.EventID, "-progress-") {
			summaries = append(summaries, x.Summary)
		}
	}
	want := []string{"ocr running", "ocr 3/20 pages", "ocr 11/20 pages", "ocr running, attempt 2", "ocr 19/20 pages", "ocr 20/20 pages", "classifier 1/4 pages", "classifier 2/4 pages"}
	if !reflect.DeepEqual(summaries, want) {
		t.Fatalf("history summaries\n got %q\nwant %q", summaries, want)
	}
}

// TestProgressInListAndStall: a list carries the progress, and a workflow
// whose step reports progress is active, not stalled.
func TestProgressInListAndStall(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(60))
	tr := e.startWith(func(c *config.Config) { c.StallAfter, c.StallDefault = "ocr=10m", 5*time.Minute }, clk)
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-quiet", 0), 1)
	e.step(events.TopicSubmitted, submitted("wf-busy", 0), 1)
	e.step(events.TopicControl, stepStarted("wf-busy", "ocr", 1, 1), 2)
	e.step(events.TopicControl, stepProgress("wf-busy", "ocr", 40, 300, 9*60), 3)

	clk.Set(at(11 * 60))
	resp, err := cl.ListWorkflows(context.Background(), &trackerv1.ListWorkflowsRequest{Stalled: true})
	if err != nil {
		t.Fatal(err)
	}
	var stalled []string
	for _, w := range resp.GetWorkflows() {
		stalled = append(stalled, w.GetId())
	}
	if !reflect.DeepEqual(stalled, []string{"wf-quiet"}) {
		t.Fatalf("stalled at 11m: %v, want only wf-quiet (wf-busy reported progress at 9m)", stalled)
	}
	all, err := cl.ListWorkflows(context.Background(), &trackerv1.ListWorkflowsRequest{Order: trackerv1.Order_ORDER_OLDEST_FIRST})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range all.GetWorkflows() {
		var want *trackerv1.Progress
		if w.GetId() == "wf-busy" {
			want = reported("ocr", 40, 300, 9*60)
			if w.GetStalled() || w.GetStatus() != trackerv1.Status_STATUS_RUNNING {
				t.Errorf("wf-busy: %v stalled=%v, want running and not stalled", w.GetStatus(), w.GetStalled())
			}
		}
		if !proto.Equal(w.GetProgress(), want) {
			t.Errorf("%s: listed progress %v, want %v", w.GetId(), w.GetProgress(), want)
		}
	}
}
