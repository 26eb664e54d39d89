package ingest_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/inbox"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// traceOf returns the trace id of a record's traceparent header, or "".
func traceOf(r *kgo.Record) string {
	for _, h := range r.Headers {
		if h.Key == "traceparent" {
			if parts := strings.Split(string(h.Value), "-"); len(parts) == 4 {
				return parts[1]
			}
		}
	}
	return ""
}

// acceptedTrace returns the trace_id of the log line msg that names wf.
func acceptedTrace(t *testing.T, h *harness, msg, wf string) string {
	t.Helper()
	for _, l := range logLines(h.logs, msg) {
		if l["workflow_id"] == wf {
			id, _ := l["trace_id"].(string)
			return id
		}
	}
	t.Fatalf("no %q log line for workflow %s", msg, wf)
	return ""
}

// A workflow's trace starts where its document arrives: the log line that
// accepts it and the submitted event carry the same trace id, a child of
// the caller's traceparent when it sent one (found from outside: "document
// accepted" had no trace_id, and the first trace began at a consumer).
func TestSubmissionStartsTheWorkflowsTrace(t *testing.T) {
	h := newHarness(t, nil)
	const caller = "4bf92f3577b34da6a3ce929d0e0e4736"

	u := upload{apiKey: acmeKey, key: "traced", doc: pdfDoc, filename: "traced.pdf"}
	req := h.multipartRequest(u)
	req.Header.Set("traceparent", "00-"+caller+"-00f067aa0ba902b7-01")
	resp, body := h.do(req, u)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("traced upload: %d %v", resp.StatusCode, body)
	}
	traced := body["workflow_id"].(string)

	u = upload{apiKey: acmeKey, key: "untraced", doc: pdfDoc, filename: "untraced.pdf"}
	resp, body = h.postMultipart(u)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("upload: %d %v", resp.StatusCode, body)
	}
	untraced := body["workflow_id"].(string)

	dir, _ := newInboxDir(t)
	if err := os.WriteFile(filepath.Join(dir, "scan.pdf"), pdfDoc, 0o600); err != nil {
		t.Fatal(err)
	}
	ib := &inbox.Inbox{Dir: dir, Tenant: submit.Tenant{ID: "acme"}, Submit: h.app.Submit, Log: h.deps.Log}
	ctx := context.Background()
	for range 2 { // a file is taken once it stood still for a poll
		if err := ib.Scan(ctx); err != nil {
			t.Fatalf("scan: %v", err)
		}
	}
	note, err := os.ReadFile(filepath.Join(dir, inbox.Processed, "scan.pdf"+inbox.WorkflowSuffix))
	if err != nil {
		t.Fatalf("inbox file not submitted: %v", err)
	}
	inboxWF := strings.TrimSpace(strings.TrimPrefix(strings.SplitN(string(note), "\n", 2)[0], "workflow_id:"))

	evs, recs := h.read(events.TopicSubmitted, 3, 10*time.Second)
	header := map[string]string{}
	for i, e := range evs {
		header[e.EventMeta().WorkflowID] = traceOf(recs[i])
	}
	if got := header[traced]; got != caller {
		t.Errorf("submitted event of a request with a traceparent: trace %q, want the caller's %s", got, caller)
	}
	if got := acceptedTrace(t, h, "document accepted", traced); got != caller {
		t.Errorf("'document accepted' of a request with a traceparent: trace_id %q, want the caller's %s", got, caller)
	}
	for wf, msg := range map[string]string{untraced: "document accepted", inboxWF: "inbox file submitted"} {
		logged := acceptedTrace(t, h, msg, wf)
		if logged == "" || logged == caller || header[wf] != logged {
			t.Errorf("%q of %s: trace_id %q, submitted event's trace %q; want one new trace in both", msg, wf, logged, header[wf])
		}
	}
}
