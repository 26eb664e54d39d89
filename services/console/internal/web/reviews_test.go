package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// openTasks is an operations API holding review tasks.
type openTasks struct {
	trackerv1.OperationsClient
	tasks []*trackerv1.ReviewTask
}

func (o openTasks) ListReviewTasks(context.Context, *trackerv1.ListReviewTasksRequest, ...grpc.CallOption) (*trackerv1.ListReviewTasksResponse, error) {
	return &trackerv1.ListReviewTasksResponse{Tasks: o.tasks}, nil
}

// TestReviewQueueNamesNewTasksFiles: the queue names a task's file the
// first time it is looked at, from ingest's document API, not only once
// another view has looked the workflow up (found from outside: every new
// task showed its workflow id for up to two minutes).
func TestReviewQueueNamesNewTasksFiles(t *testing.T) {
	const tokens = "operator-token-0123456789=operator:jane"
	ingest := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer operator-token-0123456789" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if id, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/v1/workflows/"), "/document"); ok {
			_ = json.NewEncoder(w).Encode(map[string]string{"filename": id + ".pdf", "document_type": "invoice"})
			return
		}
		w.WriteHeader(http.StatusNotFound)
	}))
	t.Cleanup(ingest.Close)
	ts, s := newTestServerOn(t, tokens, nil, time.Now, closedTracker{err: status.Error(codes.Unauthenticated, "no credential")}, ingest.URL)
	s.o.Operations = openTasks{tasks: []*trackerv1.ReviewTask{
		{Id: "t1", WorkflowId: "wf-new", Tenant: "acme", Reason: "low_confidence"},
		{Id: "t2", WorkflowId: "wf-other", Tenant: "acme", Reason: "rule_required"},
	}}
	cookie := signIn(t, ts.URL, "operator-token-0123456789")
	res, body := do(t, http.DefaultClient, "GET", ts.URL+"/api/reviews", "", map[string]string{"Cookie": cookie.Name + "=" + cookie.Value})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("reviews: %d %s", res.StatusCode, body)
	}
	var got struct {
		Filenames map[string]string `json:"filenames"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if got.Filenames["wf-new"] != "wf-new.pdf" || got.Filenames["wf-other"] != "wf-other.pdf" {
		t.Errorf("file names %v, want both tasks' files named", got.Filenames)
	}
}
