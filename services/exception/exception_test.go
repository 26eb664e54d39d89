package exception_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/exception/internal/server"
	"github.com/docket-run/docket/services/exception/internal/store"
)

func TestTransientIsRedeliveredThenParkedAfterTheBound(t *testing.T) {
	h := newHarness(t)
	a := startAgent(t, h, testConfig())
	o := submittedRecord(t, h, 1)
	wf := string(o.key)

	// Each dead letter of one original record (same source position) is
	// a new failure of it after a redelivery.
	for i, attempts := range []int{3, 6} {
		dl := deadLetter("dl-1-"+strconv.Itoa(i), o, "transient", 7, attempts)
		h.produceDLQ(t, dl)
		recs := h.retries(t, events.ServiceOCR, i+1, 30*time.Second)
		if len(recs) != i+1 {
			t.Fatalf("redelivery %d: %d records on the retry topic, want %d", i+1, len(recs), i+1)
		}
		r := recs[i]
		if !bytes.Equal(r.Key, o.key) || !bytes.Equal(r.Value, o.value) {
			t.Errorf("redelivery %d: key %q value %x, want the original bytes", i+1, r.Key, r.Value)
		}
		for k, want := range map[string]string{
			"x-origin":                "test",
			bus.HeaderOriginTopic:     events.TopicSubmitted,
			bus.HeaderOriginPartition: "0",
			bus.HeaderOriginOffset:    "7",
			bus.HeaderAttempt:         strconv.Itoa(attempts),
			bus.HeaderFirstFailure:    "2026-01-02T03:04:05.123Z",
		} {
			if v, n := header(r, k); v != want || n != 1 {
				t.Errorf("redelivery %d: header %s = %q (%d times), want %q once", i+1, k, v, n, want)
			}
		}
		cs := h.controls(t, wf, i+1, 30*time.Second)
		if len(cs) != i+1 {
			t.Fatalf("control events = %d, want %d", len(cs), i+1)
		}
		c := cs[i]
		wantEqual(t, "kind", c.Kind, "retry_scheduled")
		wantEqual(t, "details.attempt", c.Details["attempt"], strconv.Itoa(i+1))
		wantEqual(t, "details.service", c.Details["service"], events.ServiceOCR)
		wantEqual(t, "causation", c.Meta.CausationID, dl.Meta.EventID)
		due, err := time.Parse(time.RFC3339Nano, c.Details["due_at"])
		if err != nil || c.NotBefore == nil || !c.NotBefore.Equal(due) {
			t.Fatalf("due_at %q (%v), not_before %v: want equal times", c.Details["due_at"], err, c.NotBefore)
		}
		// Backoff ceiling for redelivery n is 200ms * 2^(n-1), capped at 400ms.
		ceiling := min(400*time.Millisecond, 200*time.Millisecond<<i)
		if lead := due.Sub(dl.Meta.OccurredAt); lead > ceiling+5*time.Second {
			t.Errorf("due %v is %v after the dead letter, beyond the backoff ceiling %v", due, lead, ceiling)
		}
		if r.Timestamp.Before(due.Truncate(time.Millisecond)) {
			t.Errorf("redelivery %d produced at %v, before it was due at %v", i+1, r.Timestamp, due)
		}
	}

	// The third failure is past the bound of 2: parked, not redelivered.
	dl := deadLetter("dl-1-2", o, "transient", 7, 9)
	h.produceDLQ(t, dl)
	cs := h.controls(t, wf, 3, 30*time.Second)
	if len(cs) != 3 {
		t.Fatalf("control events = %d, want 3", len(cs))
	}
	wantEqual(t, "kind", cs[2].Kind, "parked")
	wantEqual(t, "park_kind", cs[2].Details["park_kind"], "dead_letter")
	if !strings.Contains(cs[2].Reason, "after 2 redeliveries") {
		t.Errorf("parked reason %q, want the exhausted bound", cs[2].Reason)
	}
	if recs := h.retries(t, events.ServiceOCR, 3, time.Second); len(recs) != 2 {
		t.Errorf("%d records on the retry topic, want 2", len(recs))
	}
	var list struct{ Items []server.Summary }
	if code := api(t, a, "GET", "/v1/parked?workflow="+wf, "", &list); code != 200 || len(list.Items) != 1 || list.Items[0].ID != "dl-1-2" {
		t.Fatalf("GET /v1/parked = %d %+v, want the exhausted dead letter", code, list.Items)
	}
	wantEqual(t, "attempts", list.Items[0].Attempts, 9)
}

func TestScheduleSurvivesRestart(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Scheduler = false // the first agent decides but never redelivers
	first := startAgent(t, h, cfg)
	o := submittedRecord(t, h, 2)
	dl := deadLetter("dl-2", o, "transient", 3, 3)
	h.produceDLQ(t, dl)
	if cs := h.controls(t, string(o.key), 1, 30*time.Second); len(cs) != 1 || cs[0].Kind != "retry_scheduled" {
		t.Fatalf("control events %+v, want one retry_scheduled", cs)
	}
	first.stop()
	ctx := context.Background()
	if _, ok, err := store.New(h.rdb).Scheduled(ctx, "dl-2"); err != nil || !ok {
		t.Fatalf("redelivery not in the durable schedule after stop: %v %v", ok, err)
	}
	if recs := h.retries(t, events.ServiceOCR, 1, time.Second); len(recs) != 0 {
		t.Fatalf("%d records redelivered before the restart, want 0", len(recs))
	}

	startAgent(t, h, testConfig())
	recs := h.retries(t, events.ServiceOCR, 1, 30*time.Second)
	if len(recs) != 1 || !bytes.Equal(recs[0].Value, o.value) {
		t.Fatalf("after restart: %d redeliveries, want the original once", len(recs))
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, ok, err := store.New(h.rdb).Scheduled(ctx, "dl-2")
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("redelivery still scheduled after it was produced")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if recs := h.retries(t, events.ServiceOCR, 2, time.Second); len(recs) != 1 {
		t.Errorf("%d redeliveries, want exactly 1", len(recs))
	}
}

func TestDuplicateDeadLetterSchedulesOnce(t *testing.T) {
	h := newHarness(t)
	startAgent(t, h, testConfig())
	o := submittedRecord(t, h, 3)
	dl := deadLetter("dl-3", o, "transient", 4, 3)
	h.produceDLQ(t, dl, dl)
	// A sentinel behind both on the one partition: once it is decided, so
	// are they.
	sentinel := deadLetter("dl-sentinel", submittedRecord(t, h, 4), "structural", 5, 1)
	h.produceDLQ(t, sentinel)
	if cs := h.controls(t, sentinel.Meta.WorkflowID, 1, 30*time.Second); len(cs) != 1 {
		t.Fatalf("sentinel control events = %d, want 1", len(cs))
	}
	cs := h.controls(t, string(o.key), 1, 30*time.Second)
	if len(cs) != 1 || cs[0].Kind != "retry_scheduled" {
		t.Fatalf("control events for the duplicated dead letter: %d, want one retry_scheduled", len(cs))
	}
	n, err := store.New(h.rdb).Attempts(context.Background(), events.ServiceOCR+"/"+events.TopicSubmitted+"/0/4")
	if err != nil || n != 1 {
		t.Errorf("redeliveries counted = %d (%v), want 1", n, err)
	}
	if recs := h.retries(t, events.ServiceOCR, 1, 30*time.Second); len(recs) != 1 {
		t.Fatalf("%d redeliveries, want 1", len(recs))
	}
	if recs := h.retries(t, events.ServiceOCR, 2, time.Second); len(recs) != 1 {
		t.Errorf("%d redeliveries, want exactly 1", len(recs))
	}
}

func TestParkReviewAndOperatorActions(t *testing.T) {
	h := newHarness(t)
	a := startAgent(t, h, testConfig())
	structural := deadLetter("dl-structural", submittedRecord(t, h, 5), "structural", 10, 1)
	// As an earlier runtime wrote it, the message repeats the class.
	structural.ErrorMessage = "structural: pdf: no pages"
	garbage := original{key: []byte("wf-garbage"), value: []byte("not avro at all")}
	undecodable := deadLetter("dl-garbage", garbage, "structural", 11, 1)
	semantic := deadLetter("dl-semantic", submittedRecord(t, h, 6), "semantic", 12, 1)

	tests := []struct {
		dl       *events.DeadLetter
		parkKind string
	}{
		{structural, "dead_letter"},
		{undecodable, "poison"},
		{semantic, "review"},
	}
	for _, tc := range tests {
		h.produceDLQ(t, tc.dl)
		if tc.parkKind == "poison" {
			// It proves no workflow: parked, and nothing said to any.
			waitParked(t, a, tc.dl.Meta.EventID)
			if cs := h.controls(t, tc.dl.Meta.WorkflowID, 1, time.Second); len(cs) != 0 {
				t.Fatalf("%s: control events %+v, want none", tc.dl.Meta.EventID, cs)
			}
			continue
		}
		cs := h.controls(t, tc.dl.Meta.WorkflowID, 1, 30*time.Second)
		if len(cs) != 1 {
			t.Fatalf("%s: %d control events, want 1", tc.dl.Meta.EventID, len(cs))
		}
		wantEqual(t, tc.dl.Meta.EventID+" kind", cs[0].Kind, "parked")
		wantEqual(t, tc.dl.Meta.EventID+" park_kind", cs[0].Details["park_kind"], tc.parkKind)
		wantEqual(t, tc.dl.Meta.EventID+" parked_id", cs[0].Details["parked_id"], tc.dl.Meta.EventID)
	}
	if recs := h.retries(t, events.ServiceOCR, 1, time.Second); len(recs) != 0 {
		t.Fatalf("%d redeliveries of parked items, want 0", len(recs))
	}

	var list struct{ Items []server.Summary }
	if code := api(t, a, "GET", "/v1/parked?service=ocr", "", &list); code != 200 || len(list.Items) != 3 {
		t.Fatalf("GET /v1/parked = %d with %d items, want 200 with 3", code, len(list.Items))
	}
	for i, want := range []string{"dl-semantic", "dl-garbage", "dl-structural"} {
		wantEqual(t, "item "+strconv.Itoa(i), list.Items[i].ID, want)
	}
	// The parked reason says the class once.
	wantEqual(t, "structural reason", list.Items[2].Reason, "structural failure: pdf: no pages")
	wantEqual(t, "review kind", list.Items[0].Kind, "review")
	wantEqual(t, "poison kind", list.Items[1].Kind, "poison")
	wantEqual(t, "poison workflow", list.Items[1].Workflow, "")
	if code := api(t, a, "GET", "/v1/parked?service=ingest", "", &list); code != 200 || len(list.Items) != 0 {
		t.Errorf("GET /v1/parked?service=ingest = %d with %d items, want none", code, len(list.Items))
	}

	var detail struct {
		ID          string `json:"id"`
		PayloadType string `json:"payload_type"`
		Payload     struct {
			Meta struct {
				WorkflowID string `json:"workflow_id"`
			} `json:"meta"`
			Filename string `json:"filename"`
		}
		PayloadRaw string `json:"payload_raw"`
		Envelope   struct {
			OriginalValue string `json:"original_value"`
			ErrorClass    string `json:"error_class"`
		}
	}
	if code := api(t, a, "GET", "/v1/parked/dl-structural", "", &detail); code != 200 {
		t.Fatalf("GET /v1/parked/dl-structural = %d", code)
	}
	wantEqual(t, "payload type", detail.PayloadType, "*events.DocumentSubmitted")
	wantEqual(t, "payload filename", detail.Payload.Filename, "invoice-5.pdf")
	// Under the schema's names, as the rest of the answer (they were Go's:
	// "Meta", "WorkflowID").
	wantEqual(t, "payload workflow", detail.Payload.Meta.WorkflowID, "wf-00000005")
	var raw struct {
		Payload map[string]any `json:"payload"`
	}
	api(t, a, "GET", "/v1/parked/dl-structural", "", &raw)
	if _, ok := raw.Payload["Meta"]; ok || raw.Payload["filename"] != "invoice-5.pdf" {
		t.Errorf("payload keys %v, want the schema's (meta, filename)", slices.Collect(maps.Keys(raw.Payload)))
	}
	wantEqual(t, "error class", detail.Envelope.ErrorClass, "structural")
	detail.PayloadType = ""
	if code := api(t, a, "GET", "/v1/parked/dl-garbage", "", &detail); code != 200 {
		t.Fatalf("GET /v1/parked/dl-garbage = %d", code)
	}
	wantEqual(t, "raw payload", detail.PayloadRaw, base64.StdEncoding.EncodeToString(garbage.value))
	wantEqual(t, "undecodable payload type", detail.PayloadType, "")
	if code := api(t, a, "GET", "/v1/parked/nope", "", nil); code != 404 {
		t.Errorf("GET unknown item = %d, want 404", code)
	}

	// Discard needs a reason.
	for _, body := range []string{"", `{}`, `{"reason":"  "}`} {
		if code := api(t, a, "POST", "/v1/parked/dl-garbage/discard", body, nil); code != 400 {
			t.Errorf("discard with body %q = %d, want 400", body, code)
		}
	}
	if code := api(t, a, "POST", "/v1/parked/dl-garbage/discard", `{"reason":"fuzzer junk","actor":"ops@acme"}`, nil); code != 200 {
		t.Fatalf("discard = %d, want 200", code)
	}
	if code := api(t, a, "GET", "/v1/parked/dl-garbage", "", nil); code != 404 {
		t.Errorf("GET discarded item = %d, want 404", code)
	}
	// A discarded poison record fails no workflow.
	if cs := h.controls(t, "wf-garbage", 1, time.Second); len(cs) != 0 {
		t.Fatalf("control events after discarding a poison record: %+v, want none", cs)
	}
	if code := api(t, a, "POST", "/v1/parked/dl-semantic/discard", `{"reason":"not ours","actor":"ops@acme"}`, nil); code != 200 {
		t.Fatalf("discard = %d, want 200", code)
	}
	cs := h.controls(t, semantic.Meta.WorkflowID, 2, 30*time.Second)
	if len(cs) != 2 || cs[1].Kind != "discarded" || cs[1].Reason != "not ours" || cs[1].Actor == nil || *cs[1].Actor != "unauthenticated:ops@acme" {
		t.Fatalf("control events after discard: %+v", cs)
	}

	// Replay puts the original back on the retry topic.
	if code := api(t, a, "POST", "/v1/parked/dl-structural/replay", `{"actor":"ops@acme"}`, nil); code != 200 {
		t.Fatalf("replay = %d, want 200", code)
	}
	recs := h.retries(t, events.ServiceOCR, 1, 30*time.Second)
	if len(recs) != 1 || !bytes.Equal(recs[0].Value, structural.OriginalValue) || !bytes.Equal(recs[0].Key, structural.OriginalKey) {
		t.Fatalf("replayed records: %d, want the original once", len(recs))
	}
	if v, _ := header(recs[0], bus.HeaderOriginOffset); v != "10" {
		t.Errorf("replayed origin offset %q, want 10", v)
	}
	cs = h.controls(t, structural.Meta.WorkflowID, 2, 30*time.Second)
	if len(cs) != 2 || cs[1].Kind != "replayed" {
		t.Fatalf("control events after replay: %+v", cs)
	}
	if code := api(t, a, "GET", "/v1/parked?service=ocr", "", &list); code != 200 || len(list.Items) != 0 {
		t.Errorf("after replay and discards: %d %+v, want none", code, list.Items)
	}
}

// waitParked waits until the agent has parked item id.
func waitParked(t *testing.T, a *agent, id string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for api(t, a, "GET", "/v1/parked/"+id, "", nil) != 200 {
		if time.Now().After(deadline) {
			t.Fatalf("%s not parked after 30s", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// An event failing transiently past the service's in-process retries is
// dead-lettered, redelivered by the agent, and then handled exactly once.
func TestPassthroughRecoversThroughRedelivery(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Services = nil // every DLQ, by pattern: passthrough is no Docket service
	startAgent(t, h, cfg)
	startPassthrough(t, h)
	// The pass-through tries 4 times in-process: attempts 1-4 fail and are
	// dead-lettered, the redelivery fails attempt 5 and succeeds on 6.
	in := dockettest.Submitted(42, map[string]string{"transient": "5"})
	dockettest.Produce(t, h.client, h.codec, events.TopicSubmitted, in)

	outs := h.kafka.ReadCommitted(t, events.TopicExtracted, 1, 60*time.Second)
	if len(outs) != 1 {
		t.Fatalf("%d outputs, want 1", len(outs))
	}
	e, err := h.codec.Decode(outs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	wantEqual(t, "output cause", e.EventMeta().CausationID, in.Meta.EventID)
	if dls := h.kafka.ReadCommitted(t, events.DLQTopic(passthrough.Name), 2, time.Second); len(dls) != 1 {
		t.Errorf("%d dead letters, want 1", len(dls))
	}
	cs := h.controls(t, in.Meta.WorkflowID, 1, 30*time.Second)
	if len(cs) != 1 || cs[0].Kind != "retry_scheduled" || cs[0].Details["service"] != passthrough.Name {
		t.Errorf("control events %+v, want one retry_scheduled for passthrough", cs)
	}
	if outs := h.kafka.ReadCommitted(t, events.TopicExtracted, 2, 2*time.Second); len(outs) != 1 {
		t.Errorf("%d outputs, want exactly 1", len(outs))
	}
}
