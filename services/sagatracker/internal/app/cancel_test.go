package app

import (
	"context"
	"log/slog"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/cancel"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/servicetest"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// pages is the length of the slow document: a minute of work.
const pages = 1200

// slowOCR is a stand-in OCR agent on the real runtime (kfake, Redis, the
// transactional session) with the cancel check on: its handler works page
// after page, checking for a cancel between pages as the OCR service does.
type slowOCR struct {
	pages   atomic.Int64
	started chan struct{}
}

func (o *slowOCR) handle(ctx context.Context, m *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
	for page := 1; page <= pages; page++ {
		if err := m.CheckCanceled(ctx); err != nil {
			return nil, err
		}
		if o.pages.Add(1) == 1 {
			close(o.started)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond): // one slow page
		}
	}
	return []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{
		Document: in.Document, Text: in.Document, Pages: []events.Page{}, Engine: events.Engine{Name: "slow", Version: "1"},
	}}}, nil
}

// TestCancelWhileOCRWorks cancels a workflow through the API while the
// agent works on its document: the tracker projects cancel_requested and
// writes the marker, the agent stops at the next page and emits canceled,
// and the workflow ends canceled with no extracted event anywhere.
func TestCancelWhileOCRWorks(t *testing.T) {
	e := newEnv(t)
	tr := e.startAt(clock.NewManual(at(100))) // no timer comes due
	ocr := &slowOCR{started: make(chan struct{})}
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	servicetest.Run(t, servicetest.Config{Service: events.ServiceOCR, Kafka: []kgo.Opt{kgo.SeedBrokers(e.kafka.Addrs...)}, Codec: e.codec,
		Redis: e.redis, TxnID: "cancel-test-ocr",
		Options: []bus.Option{bus.Logger(log), bus.Version("1.0.0"), bus.CancelCheck(cancel.New(e.redis))}},
		func(_ context.Context, rt *bus.Runtime) error {
			bus.Handle(rt, events.TopicSubmitted, ocr.handle, bus.Timeout(time.Minute))
			return nil
		})

	const wf = "wf-cancel-ocr"
	e.produce(events.TopicSubmitted, submitted(wf, 0))
	select {
	case <-ocr.started:
	case <-time.After(time.Minute):
		t.Fatal("the agent did not start on the document")
	}
	e.waitEvents(wf, 1) // the tracker knows the workflow
	if _, err := tr.operations(t).CancelWorkflow(context.Background(), &trackerv1.CancelWorkflowRequest{WorkflowId: wf, Reason: "wrong file", Actor: "ana"}); err != nil {
		t.Fatalf("CancelWorkflow: %v", err)
	}
	got := e.waitStatus(wf, projection.StatusCanceled)
	if n := ocr.pages.Load(); n >= pages {
		t.Fatalf("the agent worked all %d pages", n)
	}
	want := store.Workflow{
		ID: wf, Tenant: "acme", Stage: projection.StepOCR, Status: projection.StatusCanceled, Filename: wf + ".pdf",
		Steps:     []store.Step{{Name: "ingest", FinishedAt: at(0), Attempts: 1}, {Name: "ocr", StartedAt: at(0), Attempts: 1}},
		CreatedAt: at(0), UpdatedAt: got.UpdatedAt, Events: 3,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("workflow:\n got %+v\nwant %+v", got, want)
	}
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{cancel.RequestedEventID(wf), events.TopicControl, "WorkflowControl", producerTracker, ""},
		{cancel.CanceledEventID(wf), events.TopicSteps, "WorkflowControl", "ocr@1.0.0", cancel.RequestedEventID(wf)},
	}
	if h := history(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
	if recs := e.kafka.ReadCommitted(t, events.TopicExtracted, 1, 2*time.Second); len(recs) != 0 {
		t.Fatalf("got %d extracted events for a canceled workflow, want none", len(recs))
	}
	if recs := e.kafka.ReadCommitted(t, events.DLQTopic(events.ServiceOCR), 1, time.Second); len(recs) != 0 {
		t.Fatalf("got %d dead letters, want none", len(recs))
	}
}
