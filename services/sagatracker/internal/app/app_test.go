package app

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/events"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// hist is the part of a history entry the tests compare.
type hist struct{ EventID, Topic, Type, Producer, Cause string }

func history(t *testing.T, e *env, wf string) []hist {
	t.Helper()
	es, _, err := e.store.History(context.Background(), wf, 0, 1000)
	if err != nil {
		t.Fatalf("history of %s: %v", wf, err)
	}
	out := make([]hist, len(es))
	for i, x := range es {
		out[i] = hist{x.EventID, x.Topic, x.Type, x.Producer, x.CausationID}
	}
	return out
}

func TestHappyPath(t *testing.T) {
	e := newEnv(t)
	e.start()
	const wf = "wf-happy"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicExtracted, extracted(wf, 5), 2)
	e.step(events.TopicClassified, classified(wf, 7), 3)
	got := e.step(events.TopicRecorded, recorded(wf, wf+"-classified", 9), 4)

	want := store.Workflow{
		ID: wf, Tenant: "acme", Stage: projection.StepLedger, Status: projection.StatusCompleted, Filename: wf + ".pdf", DocumentType: "invoice",
		Steps: []store.Step{
			{Name: "ingest", FinishedAt: at(0), Attempts: 1},
			{Name: "ocr", StartedAt: at(0), FinishedAt: at(5), Attempts: 1},
			{Name: "classify", StartedAt: at(5), FinishedAt: at(7), Attempts: 1},
			{Name: "ledger", StartedAt: at(7), FinishedAt: at(9), Attempts: 1},
		},
		Ledger:    &projection.Ledger{Topic: events.TopicLedger, Partition: "1", Offset: "41", Sequence: "42", Hash: "abcd"},
		CreatedAt: at(0), UpdatedAt: at(9), Events: 4,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("workflow:\n got %+v\nwant %+v", got, want)
	}
	wantHist := []hist{
		{wf + "-submitted", events.TopicSubmitted, "DocumentSubmitted", "ingest@1.0.0", ""},
		{wf + "-extracted", events.TopicExtracted, "DocumentExtracted", "ocr@1.0.0", wf + "-submitted"},
		{wf + "-classified", events.TopicClassified, "DocumentClassified", "classifier@1.0.0", wf + "-extracted"},
		{wf + "-recorded", events.TopicRecorded, "DocumentRecorded", "ledger@1.0.0", wf + "-classified"},
	}
	if h := history(t, e, wf); !reflect.DeepEqual(h, wantHist) {
		t.Fatalf("history:\n got %+v\nwant %+v", h, wantHist)
	}
}

// TestRequestsAreNotRead: submission requests name no workflow yet, so
// the tracker does not read them at all (no fetch, decode or offset of
// theirs); the submitted event ingest answers with is projected.
func TestRequestsAreNotRead(t *testing.T) {
	e := newEnv(t)
	e.start()
	const wf = "wf-requested"
	for i := range 3 {
		e.produce(events.TopicRequested, &events.DocumentRequested{Meta: meta(wf, fmt.Sprintf("req-%d", i), 0, "", "client"),
			Document: doc(wf), Filename: wf + ".pdf", Labels: map[string]string{}})
	}
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	time.Sleep(500 * time.Millisecond) // a request read would have moved its offset by now
	offsets, err := e.redis.HGetAll(context.Background(), e.prefix+"offsets").Result()
	if err != nil {
		t.Fatal(err)
	}
	for tp := range offsets {
		if strings.HasPrefix(tp, events.TopicRequested+"/") {
			t.Errorf("the tracker read %s (offset %s); it reads no submission requests", tp, offsets[tp])
		}
	}
	if len(offsets) == 0 {
		t.Error("no offsets stored: the submitted event was not read")
	}
}

func TestReviewPath(t *testing.T) {
	e := newEnv(t)
	e.start()
	const wf = "wf-review"
	steps := []struct {
		topic  string
		ev     events.Event
		status string
		stage  string
	}{
		{events.TopicSubmitted, submitted(wf, 0), projection.StatusQueued, projection.StepOCR},
		{events.TopicExtracted, extracted(wf, 4), projection.StatusRunning, projection.StepClassify},
		{events.TopicReviewRequested, reviewRequested(wf, 6), projection.StatusWaitingReview, projection.StepReview},
		{events.TopicReviewDecided, reviewDecided(wf, 60), projection.StatusRunning, projection.StepLedger},
		{events.TopicRecorded, recorded(wf, wf+"-review-decided", 62), projection.StatusCompleted, projection.StepLedger},
	}
	for i, s := range steps {
		w := e.step(s.topic, s.ev, int64(i+1))
		if w.Status != s.status || w.Stage != s.stage {
			t.Fatalf("after %s: status %s stage %s, want %s %s", s.topic, w.Status, w.Stage, s.status, s.stage)
		}
	}
	w, err := e.store.Get(context.Background(), wf)
	if err != nil {
		t.Fatal(err)
	}
	wantSteps := []store.Step{
		{Name: "ingest", FinishedAt: at(0), Attempts: 1},
		{Name: "ocr", StartedAt: at(0), FinishedAt: at(4), Attempts: 1},
		{Name: "classify", StartedAt: at(4), FinishedAt: at(6), Attempts: 1},
		{Name: "review", StartedAt: at(6), FinishedAt: at(60), Attempts: 1},
		{Name: "ledger", StartedAt: at(60), FinishedAt: at(62), Attempts: 1},
	}
	if !reflect.DeepEqual(w.Steps, wantSteps) {
		t.Fatalf("steps:\n got %+v\nwant %+v", w.Steps, wantSteps)
	}
	if h := history(t, e, wf); len(h) != 5 || h[2].Type != "ReviewRequested" || h[3].Type != "ReviewDecided" || h[3].Producer != "sagatracker@1.0.0" {
		t.Fatalf("history: %+v", h)
	}
}

func TestDeadLetters(t *testing.T) {
	e := newEnv(t)
	e.start()
	cases := []struct {
		class, status, stage string
	}{
		{"transient", projection.StatusRetrying, projection.StepOCR},
		{"structural", projection.StatusParked, projection.StepOCR},
		{"semantic", projection.StatusWaitingReview, projection.StepReview},
	}
	for _, c := range cases {
		t.Run(c.class, func(t *testing.T) {
			wf := "wf-dlq-" + c.class
			e.step(events.TopicSubmitted, submitted(wf, 0), 1)
			w := e.step(events.DLQTopic(events.ServiceOCR), e.deadLetter(wf, events.ServiceOCR, c.class, 3, 10), 2)
			if w.Status != c.status || w.Stage != c.stage {
				t.Fatalf("status %s stage %s, want %s %s", w.Status, w.Stage, c.status, c.stage)
			}
			if want := c.class + ": cannot read page 1"; w.LastError != want {
				t.Fatalf("last error %q, want %q", w.LastError, want)
			}
			wantOCR := store.Step{Name: "ocr", StartedAt: at(0), Attempts: 3}
			if w.Steps[1] != wantOCR {
				t.Fatalf("ocr step %+v, want %+v", w.Steps[1], wantOCR)
			}
		})
	}

	t.Run("retry then success", func(t *testing.T) {
		const wf = "wf-dlq-retry"
		sub := submitted(wf, 0)
		e.step(events.TopicSubmitted, sub, 1)
		e.step(events.DLQTopic(events.ServiceOCR), e.deadLetter(wf, events.ServiceOCR, "transient", 3, 10), 2)
		// The exception agent redelivers the original record through the retry topic.
		v, err := e.codec.Encode(events.TopicSubmitted, sub)
		if err != nil {
			t.Fatal(err)
		}
		e.produceRaw(&kgo.Record{Topic: events.RetryTopic(events.ServiceOCR), Key: []byte(wf), Value: v,
			Headers: []kgo.RecordHeader{{Key: projection.HeaderAttempt, Value: []byte("4")}}})
		w := e.waitEvents(wf, 3)
		if w.Status != projection.StatusRetrying {
			t.Fatalf("after redelivery: status %s, want retrying", w.Status)
		}
		w = e.step(events.TopicExtracted, extracted(wf, 70), 4)
		if w.Status != projection.StatusRunning || w.Stage != projection.StepClassify {
			t.Fatalf("after extraction: status %s stage %s, want running classify", w.Status, w.Stage)
		}
		h := history(t, e, wf)
		wantTypes := []string{"DocumentSubmitted", "DeadLetter", "DocumentSubmitted", "DocumentExtracted"}
		for i, x := range h {
			if i >= len(wantTypes) || x.Type != wantTypes[i] {
				t.Fatalf("history %+v, want types %v", h, wantTypes)
			}
		}
		if h[2].Topic != events.RetryTopic(events.ServiceOCR) || h[2].EventID != wf+"-submitted" {
			t.Fatalf("redelivery entry %+v", h[2])
		}
	})
}

func TestDuplicatesAndUndecodable(t *testing.T) {
	e := newEnv(t)
	tr := e.start()
	const wf = "wf-dup"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	e.step(events.TopicExtracted, extracted(wf, 5), 2)
	// The same events again, as new records, and a record that is no event.
	e.produce(events.TopicSubmitted, submitted(wf, 0))
	e.produce(events.TopicExtracted, extracted(wf, 5), extracted(wf, 5))
	e.produceRaw(&kgo.Record{Topic: events.TopicExtracted, Key: []byte(wf), Value: []byte("not an event")})
	if err := poll(30*time.Second, func() (bool, error) {
		return tr.counter(t, "docket_sagatracker_duplicates_suppressed_total") == 3 &&
			tr.counter(t, "docket_sagatracker_poison_records_total") == 1, nil
	}); err != nil {
		t.Fatalf("duplicates suppressed %v, want 3; poison records %v, want 1: %v",
			tr.counter(t, "docket_sagatracker_duplicates_suppressed_total"), tr.counter(t, "docket_sagatracker_poison_records_total"), err)
	}
	// The record that is no event is not the workflow's, whatever its key.
	w := e.waitEvents(wf, 2)
	if w.Status != projection.StatusRunning || w.Stage != projection.StepClassify || w.Events != 2 {
		t.Fatalf("workflow %+v: want running classify with 2 events", w)
	}
	if h := history(t, e, wf); len(h) != 2 {
		t.Fatalf("history %+v: want submitted, extracted", h)
	}
	// The workflow goes on after the bad record.
	if w := e.step(events.TopicClassified, classified(wf, 7), 3); w.Stage != projection.StepLedger {
		t.Fatalf("after classification: stage %s, want ledger", w.Stage)
	}
}

// A garbage record keyed with a live workflow's id, and the dead letter a
// service writes for it (its meta.workflow_id is that key, since nothing
// else names one), change no workflow; nor does the dead letter of a
// keyless garbage record create one. A dead letter whose original record
// decodes still changes its workflow.
func TestPoisonChangesNoWorkflow(t *testing.T) {
	e := newEnv(t)
	tr := e.start()
	const wf = "wf-victim"
	e.step(events.TopicSubmitted, submitted(wf, 0), 1)
	before := e.step(events.TopicExtracted, extracted(wf, 5), 2)

	garbage := []byte("garbage, not an event")
	e.produceRaw(&kgo.Record{Topic: events.TopicExtracted, Key: []byte(wf), Value: garbage})
	poison := func(workflow, id string) *events.DeadLetter {
		return &events.DeadLetter{
			Meta:    events.Meta{EventID: id, WorkflowID: workflow, OccurredAt: at(6), Producer: events.Producer{Service: events.ServiceClassifier, Version: "1.0.0"}},
			Service: events.ServiceClassifier, SourceTopic: events.TopicExtracted, SourcePartition: 0, SourceOffset: 9,
			OriginalKey: []byte(workflow), OriginalValue: garbage, ErrorClass: "structural",
			ErrorMessage: "decode: malformed record", Attempts: 1, FirstFailureAt: at(6), LastFailureAt: at(6),
		}
	}
	const keyless = "unkeyed-0b6d3c7a"
	e.produce(events.DLQTopic(events.ServiceClassifier), poison(wf, "dl-keyed"), poison(keyless, "dl-keyless"))
	if err := poll(30*time.Second, func() (bool, error) {
		return tr.counter(t, "docket_sagatracker_poison_records_total") == 3, nil
	}); err != nil {
		t.Fatalf("poison records %v, want 3: %v", tr.counter(t, "docket_sagatracker_poison_records_total"), err)
	}

	w, err := e.store.Get(context.Background(), wf)
	if err != nil {
		t.Fatal(err)
	}
	if w.Events != before.Events || w.Status != before.Status || w.Stage != before.Stage || w.LastError != "" {
		t.Errorf("victim after poison: %d events, %s %s, last error %q; want %d events, %s %s, no error",
			w.Events, w.Status, w.Stage, w.LastError, before.Events, before.Status, before.Stage)
	}
	if h := history(t, e, wf); len(h) != 2 {
		t.Errorf("victim's history %+v: want submitted, extracted only", h)
	}
	if _, err := e.store.Get(context.Background(), keyless); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("workflow %s: %v, want none (ErrNotFound)", keyless, err)
	}

	// A real failure of the same workflow is still its.
	w = e.step(events.DLQTopic(events.ServiceClassifier), e.deadLetter(wf, events.ServiceClassifier, "structural", 1, 8), 3)
	if w.LastError != "structural: cannot read page 1" {
		t.Errorf("after a proven dead letter: last error %q, want its error", w.LastError)
	}
}

func TestRestartResumesFromRedisOffsets(t *testing.T) {
	if testing.Short() {
		t.Skip("restarts the tracker (about 7s); skipped with -short")
	}
	e := newEnv(t)
	tr := e.start()
	wfs := []string{"wf-r1", "wf-r2", "wf-r3", "wf-r4"}
	for i, wf := range wfs {
		e.produce(events.TopicSubmitted, submitted(wf, i))
		e.produce(events.TopicExtracted, extracted(wf, i+10))
	}
	for _, wf := range wfs {
		e.waitEvents(wf, 2)
	}
	tr.stop(t)

	offsets := func() map[string]string {
		m, err := e.redis.HGetAll(context.Background(), e.prefix+"offsets").Result()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	var sum int
	for _, v := range offsets() {
		var n int
		for _, c := range v {
			n = n*10 + int(c-'0')
		}
		sum += n
	}
	if sum != 2*len(wfs) {
		t.Fatalf("stored offsets %v add up to %d, want %d records", offsets(), sum, 2*len(wfs))
	}

	tr2 := e.start()
	e.step(events.TopicClassified, classified(wfs[0], 20), 3)
	// The state is visible in Redis as soon as the batch's script ran; the
	// counters move right after it returns.
	if err := poll(10*time.Second, func() (bool, error) {
		return tr2.counter(t, "docket_sagatracker_events_applied_total") >= 1, nil
	}); err != nil {
		t.Fatalf("applied counter after restart: %v", err)
	}
	for name, want := range map[string]float64{
		"docket_sagatracker_events_applied_total":        1,
		"docket_sagatracker_duplicates_suppressed_total": 0,
		"docket_sagatracker_stale_records_total":         0,
	} {
		if got := tr2.counter(t, name); got != want {
			t.Errorf("after restart %s = %v, want %v", name, got, want)
		}
	}
	for i, wf := range wfs {
		want := 2
		if i == 0 {
			want = 3
		}
		if h := history(t, e, wf); len(h) != want {
			t.Errorf("%s: %d history entries, want %d", wf, len(h), want)
		}
	}
}

func TestGRPC(t *testing.T) {
	e := newEnv(t)
	tr := e.start()
	e.step(events.TopicSubmitted, submitted("wf-a", 0), 1)
	e.step(events.TopicSubmitted, submitted("wf-b", 10), 1)
	e.step(events.TopicExtracted, extracted("wf-b", 12), 2)
	other := submitted("wf-c", 20)
	other.Meta.TenantID = "globex"
	e.step(events.TopicSubmitted, other, 1)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cl := tr.client(t)

	w, err := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-b"})
	if err != nil {
		t.Fatalf("GetWorkflow: %v", err)
	}
	if w.GetStatus() != trackerv1.Status_STATUS_RUNNING || w.GetStage() != "classify" || w.GetTenant() != "acme" ||
		!w.GetCreatedAt().AsTime().Equal(at(10)) || !w.GetUpdatedAt().AsTime().Equal(at(12)) || len(w.GetSteps()) != 3 {
		t.Fatalf("GetWorkflow: %v", w)
	}
	if _, err := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-none"}); status.Code(err) != codes.NotFound {
		t.Fatalf("GetWorkflow of an unknown id: %v, want NotFound", err)
	}

	ids := func(ws []*trackerv1.Workflow) []string {
		var out []string
		for _, w := range ws {
			out = append(out, w.GetId())
		}
		return out
	}
	cases := []struct {
		name string
		req  *trackerv1.ListWorkflowsRequest
		want []string
	}{
		{"all newest first", &trackerv1.ListWorkflowsRequest{}, []string{"wf-c", "wf-b", "wf-a"}},
		{"by status", &trackerv1.ListWorkflowsRequest{Status: trackerv1.Status_STATUS_QUEUED}, []string{"wf-c", "wf-a"}},
		{"by stage", &trackerv1.ListWorkflowsRequest{Stage: "classify"}, []string{"wf-b"}},
		{"by tenant", &trackerv1.ListWorkflowsRequest{Tenant: "acme"}, []string{"wf-b", "wf-a"}},
		{"none", &trackerv1.ListWorkflowsRequest{Status: trackerv1.Status_STATUS_PARKED}, nil},
	}
	for _, c := range cases {
		resp, err := cl.ListWorkflows(ctx, c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := ids(resp.GetWorkflows()); !reflect.DeepEqual(got, c.want) || resp.GetNextPageToken() != "" {
			t.Errorf("%s: got %v (next %q), want %v", c.name, got, resp.GetNextPageToken(), c.want)
		}
	}

	var paged []string
	tok := ""
	for pages := 0; ; pages++ {
		resp, err := cl.ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{PageSize: 2, PageToken: tok})
		if err != nil {
			t.Fatalf("page %d: %v", pages, err)
		}
		paged = append(paged, ids(resp.GetWorkflows())...)
		if tok = resp.GetNextPageToken(); tok == "" || pages > 3 {
			break
		}
	}
	if want := []string{"wf-c", "wf-b", "wf-a"}; !reflect.DeepEqual(paged, want) {
		t.Fatalf("pages: %v, want %v", paged, want)
	}
	if _, err := cl.ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{PageToken: "!!"}); status.Code(err) != codes.InvalidArgument {
		t.Fatalf("bad token: %v, want InvalidArgument", err)
	}

	h1, err := cl.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: "wf-b", PageSize: 1})
	if err != nil {
		t.Fatalf("GetHistory: %v", err)
	}
	h2, err := cl.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: "wf-b", PageSize: 1, PageToken: h1.GetNextPageToken()})
	if err != nil {
		t.Fatalf("GetHistory page 2: %v", err)
	}
	if len(h1.GetEntries()) != 1 || len(h2.GetEntries()) != 1 || h2.GetNextPageToken() != "" {
		t.Fatalf("history pages: %v / %v", h1, h2)
	}
	first, second := h1.GetEntries()[0], h2.GetEntries()[0]
	if first.GetEventId() != "wf-b-submitted" || first.GetType() != "DocumentSubmitted" || first.GetProducer() != "ingest@1.0.0" ||
		!first.GetOccurredAt().AsTime().Equal(at(10)) || second.GetEventId() != "wf-b-extracted" || second.GetCausationId() != "wf-b-submitted" ||
		second.GetTopic() != events.TopicExtracted {
		t.Fatalf("history entries: %v, %v", first, second)
	}

	hc, err := healthpb.NewHealthClient(tr.conn(t)).Check(ctx, &healthpb.HealthCheckRequest{Service: trackerv1.Tracker_ServiceDesc.ServiceName})
	if err != nil || hc.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health: %v %v, want SERVING", hc, err)
	}
}
