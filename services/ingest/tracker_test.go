package ingest_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/trackerclient"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/ingest/internal/app"
)

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// fakeTracker is a saga tracker that answers GetWorkflow from a map and
// does not stream (WatchWorkflow is unimplemented), served over gRPC on
// loopback.
type fakeTracker struct {
	trackerv1.UnimplementedTrackerServer
	mu  sync.Mutex
	wfs map[string]*trackerv1.Workflow
	srv *grpc.Server
}

func startFakeTracker(t *testing.T) (*fakeTracker, string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeTracker{wfs: map[string]*trackerv1.Workflow{}, srv: grpc.NewServer()}
	trackerv1.RegisterTrackerServer(f.srv, f)
	go func() { _ = f.srv.Serve(l) }()
	t.Cleanup(f.srv.Stop)
	return f, l.Addr().String()
}

func (f *fakeTracker) set(w *trackerv1.Workflow) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.wfs[w.GetId()] = w
}

func (f *fakeTracker) GetWorkflow(_ context.Context, req *trackerv1.GetWorkflowRequest) (*trackerv1.Workflow, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w, ok := f.wfs[req.GetId()]
	if !ok {
		return nil, status.Error(codes.NotFound, "unknown workflow")
	}
	return proto.CloneOf(w), nil
}

// TestStatusFromTracker: with a tracker, GET and the event stream answer
// from its projection (polled when it cannot stream), the interim view
// until it knows the workflow, 404 for another tenant's, 503 when it is
// down.
func TestStatusFromTracker(t *testing.T) {
	tr, addr := startFakeTracker(t)
	h := newHarness(t, func(c *app.Config) {
		c.Tracker = app.TrackerConfig{Client: trackerclient.Config{Addr: addr}, Timeout: 2 * time.Second}
	})
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "t-1", filename: "t.pdf", doc: pdfDoc})
	if resp.StatusCode != 202 {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)

	// Not projected yet: the interim view answers.
	st := h.waitStatus(wf, "queued")
	if st["view_source"] != "ingest-interim" {
		t.Errorf("status before the tracker knows it: %v", st)
	}

	at := timestamppb.New(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC))
	tr.set(&trackerv1.Workflow{Id: wf, Tenant: "acme", Stage: "classify", Status: trackerv1.Status_STATUS_RUNNING, Events: 2, CreatedAt: at, UpdatedAt: at,
		Steps: []*trackerv1.Step{{Name: "ingest", FinishedAt: at, Attempts: 1}}})
	st = h.waitStatus(wf, "running")
	if st["view_source"] != "sagatracker" || st["stage"] != "classify" || st["filename"] != "t.pdf" || st["version"] != 2.0 || st["updated_at"] != "2026-11-29T10:00:00Z" {
		t.Errorf("status from the tracker: %v", st)
	}
	// The result is ingest's own record's: a reviewer's decision replaces
	// the suggestion, whose confidence is no score of the reviewer's type
	// (found from outside, hundred-and-sixteenth trial).
	doc := events.BlobRef{URI: blob.URI(sha(pdfDoc)), SHA256: sha(pdfDoc), SizeBytes: int64(len(pdfDoc)), MediaType: "application/pdf"}
	suggested := "invoice"
	h.produce(events.TopicReviewRequested, &events.ReviewRequested{Meta: meta("t-r", wf, "acme"), Document: doc, Reason: "low_confidence",
		SuggestedType: &suggested, Confidence: 0.55, Candidates: []events.Candidate{}, Flags: []events.Flag{}, Context: map[string]string{}})
	h.produce(events.TopicReviewDecided, &events.ReviewDecided{Meta: meta("t-d", wf, "acme"), Document: doc,
		Decision: events.Decision{DocumentType: "contract", Outcome: "approved"}, Flags: []events.Flag{}, Reviewer: "ada", Confidence: 0.55})
	want := map[string]any{"document_type": "contract", "review_reason": "low_confidence", "review_outcome": "approved",
		"suggestion": map[string]any{"document_type": "invoice", "confidence": 0.55}}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, st = h.get("/v1/documents/"+wf, acmeKey)
		if b, _ := json.Marshal(st["result"]); string(b) == mustJSON(want) && st["status"] == "running" && st["view_source"] == "sagatracker" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("result after the review: %v, want %v", st, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, m := h.get("/v1/documents/"+wf, slowKey); code != 404 {
		t.Errorf("GET of another tenant's workflow: %d %v, want 404", code, m)
	}
	// A workflow of another tenant that ingest never saw is not found either.
	tr.set(&trackerv1.Workflow{Id: "wf-slow", Tenant: "slow", Status: trackerv1.Status_STATUS_QUEUED, Events: 1})
	if code, m := h.get("/v1/documents/wf-slow", acmeKey); code != 404 {
		t.Errorf("GET of another tenant's tracked workflow: %d %v, want 404", code, m)
	}

	req, _ := http.NewRequest(http.MethodGet, h.url+"/v1/documents/"+wf+"/events", nil)
	req.Header.Set("X-API-Key", acmeKey)
	sresp, err := http.DefaultClient.Do(req)
	if err != nil || sresp.StatusCode != 200 {
		t.Fatalf("events: %v %v", sresp, err)
	}
	defer sresp.Body.Close()
	states := make(chan string, 8)
	go func() {
		defer close(states)
		sc := bufio.NewScanner(sresp.Body)
		event := ""
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				event = v
			}
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var m map[string]any
				_ = json.Unmarshal([]byte(v), &m)
				states <- fmt.Sprintf("%s %v %v", event, m["status"], m["error"])
			}
		}
	}()
	expect := func(want string) {
		t.Helper()
		select {
		case got := <-states:
			if got != want {
				t.Fatalf("stream sent %q, want %q", got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("stream sent nothing in 10s, want %q", want)
		}
	}
	expect("status running <nil>")
	tr.set(&trackerv1.Workflow{Id: wf, Tenant: "acme", Stage: "ingest", Status: trackerv1.Status_STATUS_TIMED_OUT, Events: 3, LastError: "deadline exceeded"})
	expect("status timed_out map[code:timed_out message:deadline exceeded]")
	expect("end <nil> <nil>")

	tr.srv.Stop()
	if code, m := h.get("/v1/documents/"+wf, acmeKey); code != http.StatusServiceUnavailable {
		t.Errorf("GET with the tracker down: %d %v, want 503", code, m)
	}
}

// TestProgressFromTracker: GET and the event stream carry a running
// workflow's progress as the tracker reports it, one status event per
// report.
func TestProgressFromTracker(t *testing.T) {
	tr, addr := startFakeTracker(t)
	h := newHarness(t, func(c *app.Config) {
		c.Tracker = app.TrackerConfig{Client: trackerclient.Config{Addr: addr}, Timeout: 2 * time.Second}
	})
	resp, body := h.postMultipart(upload{apiKey: acmeKey, key: "p-1", filename: "scan.pdf", doc: pdfDoc})
	if resp.StatusCode != 202 {
		t.Fatalf("POST %d %v", resp.StatusCode, body)
	}
	wf := body["workflow_id"].(string)
	at := func(sec int) *timestamppb.Timestamp {
		return timestamppb.New(time.Date(2026, 11, 29, 10, 0, sec, 0, time.UTC))
	}
	running := func(events int64, done, total int64) *trackerv1.Workflow {
		return &trackerv1.Workflow{Id: wf, Tenant: "acme", Stage: "ocr", Status: trackerv1.Status_STATUS_RUNNING, Events: events, CreatedAt: at(0), UpdatedAt: at(int(events)),
			Progress: &trackerv1.Progress{Step: "ocr", Done: done, Total: total, Unit: "pages", UpdatedAt: at(int(events))}}
	}
	tr.set(running(3, 3, 20))
	st := h.waitStatus(wf, "running")
	if got, want := mustJSON(st["progress"]), `{"done":3,"step":"ocr","total":20,"unit":"pages","updated_at":"2026-11-29T10:00:03Z"}`; got != want {
		t.Fatalf("GET progress %s, want %s", got, want)
	}

	req, _ := http.NewRequest(http.MethodGet, h.url+"/v1/documents/"+wf+"/events", nil)
	req.Header.Set("X-API-Key", acmeKey)
	sresp, err := http.DefaultClient.Do(req)
	if err != nil || sresp.StatusCode != 200 {
		t.Fatalf("events: %v %v", sresp, err)
	}
	defer sresp.Body.Close()
	states := make(chan string, 8)
	go func() {
		defer close(states)
		sc := bufio.NewScanner(sresp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var m struct {
					Status   string
					Progress *struct {
						Step        string
						Done, Total int64
						Unit        string
					}
				}
				_ = json.Unmarshal([]byte(v), &m)
				s := m.Status
				if p := m.Progress; p != nil {
					s += fmt.Sprintf(" %s %d/%d %s", p.Step, p.Done, p.Total, p.Unit)
				}
				states <- s
			}
		}
	}()
	expect := func(want string) {
		t.Helper()
		select {
		case got := <-states:
			if got != want {
				t.Fatalf("stream sent %q, want %q", got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("stream sent nothing in 10s, want %q", want)
		}
	}
	expect("running ocr 3/20 pages")
	tr.set(running(4, 9, 20))
	expect("running ocr 9/20 pages")
	tr.set(&trackerv1.Workflow{Id: wf, Tenant: "acme", Stage: "classify", Status: trackerv1.Status_STATUS_RUNNING, Events: 5})
	expect("running")
}
