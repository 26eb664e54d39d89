package web

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/auth"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// recordingOps records the corrections and erasures asked of the tracker
// and refuses those of wf-denied as the tracker refuses a non-operator.
type recordingOps struct {
	trackerv1.OperationsClient
	mu   sync.Mutex
	reqs []string
}

func (o *recordingOps) CorrectWorkflow(_ context.Context, r *trackerv1.CorrectWorkflowRequest, _ ...grpc.CallOption) (*trackerv1.CorrectWorkflowResponse, error) {
	if r.GetWorkflowId() == "wf-denied" {
		return nil, status.Error(codes.PermissionDenied, "correct needs the operator role")
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.reqs = append(o.reqs, "correct "+r.GetWorkflowId()+" "+r.GetDocumentType()+" "+r.GetOutcome()+" "+r.GetReason())
	return &trackerv1.CorrectWorkflowResponse{EventId: "ev-correct"}, nil
}

func (o *recordingOps) EraseWorkflow(_ context.Context, r *trackerv1.EraseWorkflowRequest, _ ...grpc.CallOption) (*trackerv1.EraseWorkflowResponse, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.reqs = append(o.reqs, "erase "+r.GetWorkflowId()+" "+r.GetReason())
	return &trackerv1.EraseWorkflowResponse{EventId: "ev-erase"}, nil
}

// TestCorrectAndEraseActions: the workflow page's Correct and Erase
// actions reach the tracker's operations with the type, outcome and
// reason, need a reason (and a type), pass on the tracker's refusal, and
// forget what the console cached of the workflow.
func TestCorrectAndEraseActions(t *testing.T) {
	set, err := auth.Load(auth.Settings{Inline: "operator-token-0123456789=operator:jane"})
	if err != nil {
		t.Fatal(err)
	}
	ops := &recordingOps{}
	s, err := New(Options{Principals: set, Now: time.Now, SessionTTL: time.Hour, Log: slog.New(slog.DiscardHandler), HTTP: http.DefaultClient,
		Tracker: closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, Operations: ops, IngestURL: closedAPIs(t), ExceptionURL: closedAPIs(t), LedgerURL: closedAPIs(t)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	_, who := do(t, c, "POST", ts.URL+"/api/session", `{"token":"operator-token-0123456789"}`, map[string]string{"Content-Type": "application/json"})
	csrf := who[strings.Index(who, `"csrf":"`)+8:]
	hdr := map[string]string{"Content-Type": "application/json", "X-CSRF-Token": csrf[:strings.Index(csrf, `"`)]}
	s.docs.put("wf-1", "john-doe.pdf", "invoice")

	for _, tc := range []struct {
		path, body string
		code       int
		want       string
	}{
		{"/api/workflows/wf-1/correct", `{"document_type":"contract","reason":""}`, http.StatusBadRequest, "reason are required"},
		{"/api/workflows/wf-1/correct", `{"reason":"signed"}`, http.StatusBadRequest, "document type"},
		{"/api/workflows/wf-1/erase", `{}`, http.StatusBadRequest, "reason is required"},
		{"/api/workflows/wf-denied/correct", `{"document_type":"contract","reason":"signed"}`, http.StatusForbidden, "operator role"},
		{"/api/workflows/wf-1/correct", `{"document_type":"contract","outcome":"rejected","reason":"signed"}`, http.StatusOK, `"event_id":"ev-correct"`},
		{"/api/workflows/wf-1/erase", `{"reason":"art. 17"}`, http.StatusOK, `"event_id":"ev-erase"`},
	} {
		if res, body := do(t, c, "POST", ts.URL+tc.path, tc.body, hdr); res.StatusCode != tc.code || !strings.Contains(body, tc.want) {
			t.Errorf("POST %s %s: %d %s; want %d with %q", tc.path, tc.body, res.StatusCode, body, tc.code, tc.want)
		}
	}
	want := []string{"correct wf-1 contract rejected signed", "erase wf-1 art. 17"}
	if strings.Join(ops.reqs, "|") != strings.Join(want, "|") {
		t.Errorf("tracker asked %q, want %q", ops.reqs, want)
	}
	if v, ok := s.docs.get("wf-1"); ok {
		t.Errorf("the console still caches %v of the erased workflow", v)
	}
}
