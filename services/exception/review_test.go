package exception_test

import (
	"context"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/exception"
	"github.com/docket-run/docket/services/exception/internal/server"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// reviews reads the review requests of workflow until want arrived or
// timeout.
func (h *harness) reviews(t *testing.T, workflow string, want int, timeout time.Duration) []*events.ReviewRequested {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var out []*events.ReviewRequested
		for _, r := range h.kafka.ReadCommitted(t, events.TopicReviewRequested, 1<<30, 300*time.Millisecond) {
			e, err := h.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode review request: %v", err)
			}
			if rr := e.(*events.ReviewRequested); rr.Meta.WorkflowID == workflow {
				out = append(out, rr)
			}
		}
		if len(out) >= want || time.Now().After(deadline) {
			return out
		}
	}
}

// Structural and semantic failures are parked and put in front of a human
// with the dead letter's context; the decision is a control event too.
func TestStructuralAndSemanticRequestReview(t *testing.T) {
	h := newHarness(t)
	startAgent(t, h, testConfig())
	structural := deadLetter("dl-s", submittedRecord(t, h, 21), "structural", 31, 4)
	semantic := deadLetter("dl-m", submittedRecord(t, h, 22), "semantic", 32, 1)
	h.produceDLQ(t, structural, semantic)

	for _, tc := range []struct {
		dl       *events.DeadLetter
		reason   string
		priority int
		parkKind string
		n        int
	}{
		{structural, "structural_failure", 1, "dead_letter", 21},
		{semantic, "semantic_failure", 0, "review", 22},
	} {
		wf := tc.dl.Meta.WorkflowID
		cs := h.controls(t, wf, 1, 30*time.Second)
		if len(cs) != 1 || cs[0].Kind != "parked" || cs[0].Details["park_kind"] != tc.parkKind {
			t.Fatalf("%s: control events %+v, want one parked (%s)", wf, cs, tc.parkKind)
		}
		rs := h.reviews(t, wf, 1, 30*time.Second)
		if len(rs) != 1 {
			t.Fatalf("%s: %d review requests, want 1", wf, len(rs))
		}
		r := rs[0]
		wantEqual(t, wf+" reason", r.Reason, tc.reason)
		wantEqual(t, wf+" priority", r.Priority, tc.priority)
		wantEqual(t, wf+" causation", r.Meta.CausationID, tc.dl.Meta.EventID)
		wantEqual(t, wf+" tenant", r.Meta.TenantID, "acme")
		wantEqual(t, wf+" document", r.Document, dockettest.Submitted(tc.n, nil).Document)
		if lead := r.SLADeadline.Sub(r.Meta.OccurredAt); lead < time.Hour-time.Second || lead > time.Hour+time.Second {
			t.Errorf("%s: SLA deadline %v is %v after the request, want the 1h review SLA", wf, r.SLADeadline, lead)
		}
		for k, want := range map[string]string{
			"service":          "ocr",
			"error_class":      tc.dl.ErrorClass,
			"error_message":    "simulated " + tc.dl.ErrorClass + " failure",
			"source_topic":     events.TopicSubmitted,
			"source_partition": "0",
			"source_offset":    strconv.FormatInt(tc.dl.SourceOffset, 10),
			"attempts":         strconv.Itoa(tc.dl.Attempts),
			"first_failure_at": "2026-01-02T03:04:05.123Z",
			"dead_letter":      tc.dl.Meta.EventID,
			"parked_id":        tc.dl.Meta.EventID,
			"park_kind":        tc.parkKind,
			"payload_type":     "*events.DocumentSubmitted",
		} {
			wantEqual(t, wf+" context "+k, r.Context[k], want)
		}
		if want := []events.Flag{{Kind: "failure." + tc.dl.ErrorClass, Detail: "simulated " + tc.dl.ErrorClass + " failure"}}; len(r.Flags) != 1 || r.Flags[0] != want[0] {
			t.Errorf("%s: flags %+v, want %+v: the task says what failed", wf, r.Flags, want)
		}
	}
	// A record that does not decode proves no workflow: no review a
	// reviewer could decide, no control event for the workflow its key
	// names. The transient failure after it, handled in order, is the
	// sign that it was handled.
	garbage := deadLetter("dl-g", original{key: []byte("wf-junk"), value: []byte("junk")}, "structural", 34, 1)
	transient := deadLetter("dl-t", submittedRecord(t, h, 23), "transient", 33, 3)
	h.produceDLQ(t, garbage, transient)
	if cs := h.controls(t, transient.Meta.WorkflowID, 1, 30*time.Second); len(cs) != 1 || cs[0].Kind != "retry_scheduled" {
		t.Fatalf("transient: control events %+v, want retry_scheduled", cs)
	}
	// A transient failure is no review.
	if rs := h.reviews(t, transient.Meta.WorkflowID, 1, time.Second); len(rs) != 0 {
		t.Errorf("transient failure: %d review requests, want none", len(rs))
	}
	if rs := h.reviews(t, "wf-junk", 1, time.Second); len(rs) != 0 {
		t.Errorf("poison record: review requests %+v, want none", rs)
	}
	if cs := h.controls(t, "wf-junk", 1, time.Second); len(cs) != 0 {
		t.Errorf("poison record: control events %+v, want none", cs)
	}
}

// The per-workflow bound parks a workflow's next transient failure, though
// each of its records is within its own bound.
func TestWorkflowBoundParks(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.MaxAttempts = 5
	cfg.MaxWorkflowAttempts = 2
	a := startAgent(t, h, cfg)
	o := submittedRecord(t, h, 24)
	wf := string(o.key)
	// Three records of one workflow (offsets 40..42), failing once each.
	for i := range 3 {
		h.produceDLQ(t, deadLetter("dl-wf-"+strconv.Itoa(i), o, "transient", int64(40+i), 3))
		cs := h.controls(t, wf, i+1, 30*time.Second)
		if len(cs) != i+1 {
			t.Fatalf("after dead letter %d: %d control events, want %d", i, len(cs), i+1)
		}
		want := "retry_scheduled"
		if i == 2 {
			want = "parked"
		}
		wantEqual(t, "decision "+strconv.Itoa(i), cs[i].Kind, want)
		if i == 2 && !strings.Contains(cs[i].Reason, "workflow "+wf+" used up its 2 redeliveries") {
			t.Errorf("parked reason %q, want the workflow bound", cs[i].Reason)
		}
	}
	if recs := h.retries(t, events.ServiceOCR, 3, 2*time.Second); len(recs) != 2 {
		t.Errorf("%d redeliveries, want 2", len(recs))
	}
	var list struct{ Items []server.Summary }
	if code := api(t, a, "GET", "/v1/parked?workflow="+wf, "", &list); code != 200 || len(list.Items) != 1 || list.Items[0].ID != "dl-wf-2" {
		t.Fatalf("GET /v1/parked = %d %+v, want dl-wf-2", code, list.Items)
	}
	// A replay after the fix resets the workflow's count.
	if code := api(t, a, "POST", "/v1/parked/dl-wf-2/replay", `{"actor":"ops"}`, nil); code != 200 {
		t.Fatalf("replay = %d", code)
	}
	if recs := h.retries(t, events.ServiceOCR, 3, 30*time.Second); len(recs) != 3 {
		t.Fatalf("%d records on the retry topic after the replay, want 3", len(recs))
	}
	n, err := h.rdb.Exists(context.Background(), store.WorkflowAttemptsKey(wf)).Result()
	if err != nil || n != 0 {
		t.Errorf("workflow count still kept after the replay: %d %v", n, err)
	}
}

// deadlineEvent is the tracker's timer firing for workflow wf.
func deadlineEvent(id, wf string) *events.WorkflowControl {
	c := &events.WorkflowControl{
		Kind:   "deadline_exceeded",
		Reason: "workflow deadline 2026-01-02T04:00:00Z passed",
		Details: map[string]string{
			"deadline":            "2026-01-02T04:00:00Z",
			"document_uri":        "docket-blob://sha256/ab",
			"document_sha256":     "ab",
			"document_size_bytes": "12",
			"document_media_type": "application/pdf",
		},
	}
	c.Meta = events.Meta{EventID: id, WorkflowID: wf, TenantID: "acme",
		OccurredAt: time.Date(2026, 1, 2, 4, 0, 1, 0, time.UTC), Producer: events.Producer{Service: "sagatracker", Version: "test"}}
	return c
}

// fakeTracker answers the tracker's read API over real gRPC.
type fakeTracker struct {
	trackerv1.UnimplementedTrackerServer
}

func (fakeTracker) GetWorkflow(_ context.Context, in *trackerv1.GetWorkflowRequest) (*trackerv1.Workflow, error) {
	if in.GetId() != "wf-tracked" {
		return nil, status.Error(codes.NotFound, "no such workflow")
	}
	at := timestamppb.New(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC))
	return &trackerv1.Workflow{Id: "wf-tracked", Tenant: "acme", Stage: "ocr", Status: trackerv1.Status_STATUS_RETRYING,
		LastError: "transient: ocr engine down", Events: 4, CreatedAt: at, UpdatedAt: at,
		Steps: []*trackerv1.Step{{Name: "ocr", StartedAt: at, Attempts: 3}}}, nil
}

func (fakeTracker) GetHistory(_ context.Context, in *trackerv1.GetHistoryRequest) (*trackerv1.GetHistoryResponse, error) {
	at := timestamppb.New(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC))
	if in.GetPageToken() == "" {
		return &trackerv1.GetHistoryResponse{Entries: []*trackerv1.HistoryEntry{
			{Topic: events.TopicSubmitted, Type: "DocumentSubmitted", Producer: "ingest@1", Summary: "submitted", OccurredAt: at},
		}, NextPageToken: "2"}, nil
	}
	return &trackerv1.GetHistoryResponse{Entries: []*trackerv1.HistoryEntry{
		{Topic: events.DLQTopic("ocr"), Type: "DeadLetter", Producer: "ocr@1", Summary: "dead-lettered", OccurredAt: at},
	}}, nil
}

func startTracker(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	trackerv1.RegisterTrackerServer(srv, fakeTracker{})
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(srv.Stop)
	return ln.Addr().String()
}

// A deadline breach goes to a human with the workflow's state: the
// tracker's when it is configured and knows the workflow, else the control
// event's.
func TestDeadlineExceededRequestsReview(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Tracker.Addr = startTracker(t)
	startAgent(t, h, cfg)
	// Other control kinds are not the agent's business.
	other := deadlineEvent("ctl-0", "wf-tracked")
	other.Kind = "canceled"
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, other, deadlineEvent("ctl-1", "wf-tracked"), deadlineEvent("ctl-2", "wf-untracked"))

	rs := h.reviews(t, "wf-tracked", 1, 30*time.Second)
	if len(rs) != 1 {
		t.Fatalf("%d review requests for wf-tracked, want 1", len(rs))
	}
	r := rs[0]
	wantEqual(t, "reason", r.Reason, "deadline_exceeded")
	wantEqual(t, "priority", r.Priority, 2)
	wantEqual(t, "causation", r.Meta.CausationID, "ctl-1")
	wantEqual(t, "document", r.Document, events.BlobRef{URI: "docket-blob://sha256/ab", SHA256: "ab", SizeBytes: 12, MediaType: "application/pdf"})
	wantEqual(t, "SLA deadline", r.SLADeadline, time.Date(2026, 1, 2, 5, 0, 1, 0, time.UTC))
	for k, want := range map[string]string{
		"state_source":        "tracker",
		"deadline_event":      "ctl-1",
		"control.deadline":    "2026-01-02T04:00:00Z",
		"workflow.status":     "retrying",
		"workflow.stage":      "ocr",
		"workflow.last_error": "transient: ocr engine down",
		"workflow.events":     "4",
		"workflow.step.ocr":   "started=2026-01-02T03:00:00Z finished= attempts=3",
		"workflow.history": "2026-01-02T03:00:00Z docket.document.submitted DocumentSubmitted (ingest@1): submitted\n" +
			"2026-01-02T03:00:00Z docket.ocr.dlq DeadLetter (ocr@1): dead-lettered",
	} {
		wantEqual(t, "context "+k, r.Context[k], want)
	}
	rs = h.reviews(t, "wf-untracked", 1, 30*time.Second)
	if len(rs) != 1 {
		t.Fatalf("%d review requests for wf-untracked, want 1", len(rs))
	}
	wantEqual(t, "untracked state source", rs[0].Context["state_source"], "control_event (tracker has no such workflow)")
	wantEqual(t, "untracked reason", rs[0].Context["deadline_reason"], "workflow deadline 2026-01-02T04:00:00Z passed")
	if rs := h.reviews(t, "wf-tracked", 2, time.Second); len(rs) != 1 {
		t.Errorf("%d review requests for wf-tracked, want exactly 1", len(rs))
	}
}

// A deadline breach whose workflow the tracker cannot be read for is still
// raised: after a few tries the review is requested with the control
// event's state and the tracker's failure, not dead-lettered to the agent's
// own DLQ, which no one drains.
func TestBreachIsRaisedWhenTheTrackerIsUnreadable(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Tracker.Addr = ln.Addr().String()
	_ = ln.Close() // nothing listens there
	startAgent(t, h, cfg)
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, deadlineEvent("ctl-9", "wf-lost"))

	rs := h.reviews(t, "wf-lost", 1, 60*time.Second)
	if len(rs) != 1 {
		t.Fatalf("%d review requests for wf-lost, want 1", len(rs))
	}
	wantEqual(t, "reason", rs[0].Reason, "deadline_exceeded")
	wantEqual(t, "state source", rs[0].Context["state_source"], "control_event (tracker unreadable)")
	if !strings.Contains(rs[0].Context["tracker_error"], "tracker GetWorkflow wf-lost") {
		t.Errorf("tracker_error %q, want the tracker failure", rs[0].Context["tracker_error"])
	}
	wantEqual(t, "document", rs[0].Document.SHA256, "ab")
	if own := h.kafka.ReadCommitted(t, events.DLQTopic(exception.Name), 1, 2*time.Second); len(own) != 0 {
		t.Errorf("%d dead letters on the agent's own DLQ, want none", len(own))
	}
}

// The agent's own failures go to its own DLQ, which it never consumes: a
// control record it cannot decode is dead-lettered there, not dropped,
// not looped and not decided.
func TestOwnFailuresGoToOwnDLQ(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Services = nil // every DLQ by pattern
	startAgent(t, h, cfg)
	garbage := &kgo.Record{Topic: events.TopicControl, Key: []byte("wf-garbled"), Value: []byte("not an event")}
	if err := h.client.ProduceSync(context.Background(), garbage).FirstErr(); err != nil {
		t.Fatal(err)
	}

	own := h.kafka.ReadCommitted(t, events.DLQTopic(exception.Name), 1, 60*time.Second)
	if len(own) != 1 {
		t.Fatalf("%d dead letters on the agent's own DLQ, want 1", len(own))
	}
	e, err := h.codec.Decode(own[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	dl := e.(*events.DeadLetter)
	wantEqual(t, "service", dl.Service, exception.Name)
	wantEqual(t, "class", dl.ErrorClass, "structural")
	wantEqual(t, "source topic", dl.SourceTopic, events.TopicControl)
	if dl.ErrorMessage == "" {
		t.Error("dead letter without its error message")
	}

	// A sentinel on another DLQ is decided (parked); the agent's own dead
	// letter is not: nothing parked, no second dead letter.
	sentinel := deadLetter("dl-own-sentinel", submittedRecord(t, h, 25), "structural", 1, 1)
	h.produceDLQ(t, sentinel)
	parked := store.New(h.rdb)
	for deadline := time.Now().Add(30 * time.Second); ; {
		if _, err := parked.Get(context.Background(), sentinel.Meta.EventID); err == nil {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("sentinel not parked: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := parked.Get(context.Background(), dl.Meta.EventID); err != store.ErrNotFound {
		t.Errorf("own dead letter parked (%v), want it left on the DLQ", err)
	}
	if own := h.kafka.ReadCommitted(t, events.DLQTopic(exception.Name), 2, 2*time.Second); len(own) != 1 {
		t.Errorf("%d dead letters on the agent's own DLQ, want exactly 1", len(own))
	}
}

// Dead letters of redelivered records are failures for the target
// service's breaker; once it is open, scheduled redeliveries wait.
func TestRedeliveredFailuresOpenTheBreaker(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.BreakerThreshold = 2
	cfg.BreakerCooldown = time.Hour
	cfg.Scheduler = false // decides only, so nothing is redelivered before the breaker opens
	deciding := startAgent(t, h, cfg)
	ctx := context.Background()
	for i := range 2 {
		o := submittedRecord(t, h, 30+i)
		o.headers = append(o.headers, events.Header{Key: bus.HeaderOriginTopic, Value: []byte(events.TopicSubmitted)})
		h.produceDLQ(t, deadLetter("dl-back-"+strconv.Itoa(i), o, "transient", int64(50+i), 6))
		if cs := h.controls(t, string(o.key), 1, 30*time.Second); len(cs) != 1 || cs[0].Kind != "retry_scheduled" {
			t.Fatalf("redelivered failure %d: control events %+v, want retry_scheduled", i, cs)
		}
	}
	state, err := h.rdb.HGet(ctx, "docket:exception:breaker:ocr", "state").Result()
	if err != nil || state != "open" {
		t.Fatalf("ocr breaker state %q (%v), want open after 2 redelivered failures", state, err)
	}
	// A first failure (no redelivery yet) is scheduled but not redelivered
	// while the breaker is open; neither are the two above.
	o := submittedRecord(t, h, 32)
	h.produceDLQ(t, deadLetter("dl-first", o, "transient", 52, 3))
	if cs := h.controls(t, string(o.key), 1, 30*time.Second); len(cs) != 1 || cs[0].Kind != "retry_scheduled" {
		t.Fatalf("control events %+v, want retry_scheduled", cs)
	}
	deciding.stop()
	cfg.Scheduler = true
	startAgent(t, h, cfg)
	if recs := h.retries(t, events.ServiceOCR, 1, 3*time.Second); len(recs) != 0 {
		t.Fatalf("%d redeliveries while the breaker is open, want 0", len(recs))
	}
	for _, id := range []string{"dl-back-0", "dl-back-1", "dl-first"} {
		at, ok, err := store.New(h.rdb).Scheduled(ctx, id)
		if err != nil || !ok || time.Until(at) < 50*time.Minute {
			t.Errorf("%s due at %v (%v, %v), want held back to the end of the hour's cool-down", id, at, ok, err)
		}
	}
}

// Discarding needs a reason and announces the discard with the document
// the parked record was about, which the ledger records as the workflow's
// final disposition.
func TestDiscardNamesTheDocument(t *testing.T) {
	h := newHarness(t)
	a := startAgent(t, h, testConfig())
	dl := deadLetter("dl-discard", submittedRecord(t, h, 33), "structural", 60, 1)
	h.produceDLQ(t, dl)
	wf := dl.Meta.WorkflowID
	if cs := h.controls(t, wf, 1, 30*time.Second); len(cs) != 1 {
		t.Fatalf("%d control events, want 1", len(cs))
	}
	if code := api(t, a, "POST", "/v1/parked/dl-discard/discard", `{"actor":"ops@acme"}`, nil); code != 400 {
		t.Fatalf("discard without a reason = %d, want 400", code)
	}
	if code := api(t, a, "POST", "/v1/parked/dl-discard/discard", `{"reason":"duplicate upload","actor":"ops@acme"}`, nil); code != 200 {
		t.Fatalf("discard = %d, want 200", code)
	}
	cs := h.controls(t, wf, 2, 30*time.Second)
	if len(cs) != 2 || cs[1].Kind != "discarded" || cs[1].Reason != "duplicate upload" || cs[1].Actor == nil || *cs[1].Actor != "unauthenticated:ops@acme" {
		t.Fatalf("control events after discard: %+v", cs)
	}
	doc := dockettest.Submitted(33, nil).Document
	for k, want := range map[string]string{
		"document_uri": doc.URI, "document_sha256": doc.SHA256, "document_size_bytes": strconv.FormatInt(doc.SizeBytes, 10),
		"document_media_type": doc.MediaType, "parked_id": "dl-discard", "service": "ocr",
	} {
		wantEqual(t, "details "+k, cs[1].Details[k], want)
	}
	wantEqual(t, "key", cs[1].Meta.WorkflowID, wf)
}

// A record parked after its redeliveries were used up is replayed once the
// cause is fixed, and then handled exactly once.
func TestReplayAfterFixCompletesOnce(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Services = nil // every DLQ, by pattern
	cfg.MaxAttempts = 1
	a := startAgent(t, h, cfg)
	startPassthrough(t, h)
	// Attempts 1-4 fail in-process, the redelivery's 5-8 too: parked. The
	// "fix" is that attempt 9, the replay's first, succeeds.
	in := dockettest.Submitted(43, map[string]string{"transient": "8"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)
	wf := in.Meta.WorkflowID
	cs := h.controls(t, wf, 2, 60*time.Second)
	if len(cs) != 2 || cs[0].Kind != "retry_scheduled" || cs[1].Kind != "parked" {
		t.Fatalf("control events %+v, want retry_scheduled then parked", cs)
	}
	if outs := h.kafka.ReadCommitted(t, events.TopicExtracted, 1, time.Second); len(outs) != 0 {
		t.Fatalf("%d outputs before the replay, want 0", len(outs))
	}
	var list struct{ Items []server.Summary }
	if code := api(t, a, "GET", "/v1/parked?workflow="+wf, "", &list); code != 200 || len(list.Items) != 1 {
		t.Fatalf("GET /v1/parked = %d %+v, want the exhausted record", code, list.Items)
	}
	wantEqual(t, "parked attempts", list.Items[0].Attempts, 8)
	if code := api(t, a, "POST", "/v1/parked/"+list.Items[0].ID+"/replay", `{"actor":"ops@acme","reason":"engine fixed"}`, nil); code != 200 {
		t.Fatalf("replay = %d", code)
	}
	outs := h.kafka.ReadCommitted(t, events.TopicExtracted, 1, 60*time.Second)
	if len(outs) != 1 {
		t.Fatalf("%d outputs after the replay, want 1", len(outs))
	}
	if cs := h.controls(t, wf, 3, 30*time.Second); len(cs) != 3 || cs[2].Kind != "replayed" || cs[2].Reason != "engine fixed" {
		t.Fatalf("control events %+v, want replayed last", cs)
	}
	if outs := h.kafka.ReadCommitted(t, events.TopicExtracted, 2, 2*time.Second); len(outs) != 1 {
		t.Errorf("%d outputs, want exactly 1", len(outs))
	}
	if code := api(t, a, "GET", "/v1/parked?workflow="+wf, "", &list); code != 200 || len(list.Items) != 0 {
		t.Errorf("after the replay: %d %+v, want nothing parked", code, list.Items)
	}
}
