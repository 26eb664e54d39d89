package server

import (
	"encoding/json"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

func TestTrackedStatus(t *testing.T) {
	at := func(sec int) *timestamppb.Timestamp {
		return timestamppb.New(time.Date(2026, 11, 29, 10, 0, sec, 0, time.UTC))
	}
	w := &trackerv1.Workflow{
		Id: "wf-1", Tenant: "acme", Stage: "ledger", Status: trackerv1.Status_STATUS_COMPLETED, Events: 4,
		Steps: []*trackerv1.Step{
			{Name: "ingest", FinishedAt: at(0), Attempts: 1},
			{Name: "ocr", StartedAt: at(0), FinishedAt: at(5), Attempts: 2},
		},
		Ledger:    &trackerv1.LedgerRef{Topic: "docket.ledger", Partition: 1, Offset: 41, Sequence: 42, RecordHash: "abcd"},
		CreatedAt: at(0), UpdatedAt: at(9),
	}
	m := map[string]string{
		"filename": "a.pdf", "source": "http", "submitted_at": "2026-11-29T09:59:59.5Z", "deadline": "2026-11-30T10:00:00Z",
		"document_type": "invoice", "confidence": "0.9", "cb_state": "delivered", "cb_attempts": "1",
		"status": "running", "stage": "classified", // the interim view's, which the tracker's override
	}
	got, _ := json.Marshal(trackedStatus(w, m, "http://ingest/v1/documents/wf-1"))
	want := `{"workflow_id":"wf-1","tenant_id":"acme","status":"completed","stage":"ledger","terminal":true,"filename":"a.pdf","source":"http",` +
		`"submitted_at":"2026-11-29T09:59:59.5Z","deadline":"2026-11-30T10:00:00Z","result":{"document_type":"invoice","confidence":0.9},` +
		`"ledger":{"topic":"docket.ledger","partition":1,"offset":41,"sequence":42,"hash":"abcd"},"callback":{"state":"delivered","attempts":1},` +
		`"steps":[{"name":"ingest","finished_at":"2026-11-29T10:00:00Z","attempts":1},{"name":"ocr","started_at":"2026-11-29T10:00:00Z","finished_at":"2026-11-29T10:00:05Z","attempts":2}],` +
		`"updated_at":"2026-11-29T10:00:09Z","status_url":"http://ingest/v1/documents/wf-1","version":4,"view_source":"sagatracker"}`
	if string(got) != want {
		t.Errorf("status\n%s\nwant\n%s", got, want)
	}

	// Without ingest's record, the tracker's creation time is the submission time.
	w = &trackerv1.Workflow{Id: "wf-2", Tenant: "acme", Stage: "ocr", Status: trackerv1.Status_STATUS_PARKED, Events: 2, CreatedAt: at(1), UpdatedAt: at(2),
		LastError: "structural: cannot parse PDF"}
	got, _ = json.Marshal(trackedStatus(w, nil, "u"))
	want = `{"workflow_id":"wf-2","tenant_id":"acme","status":"parked","stage":"ocr","terminal":false,"submitted_at":"2026-11-29T10:00:01Z",` +
		`"error":{"code":"structural","message":"cannot parse PDF"},"updated_at":"2026-11-29T10:00:02Z","status_url":"u","version":2,"view_source":"sagatracker"}`
	if string(got) != want {
		t.Errorf("status\n%s\nwant\n%s", got, want)
	}

	// The tracker's file name when ingest has none, unless erased.
	w = &trackerv1.Workflow{Id: "wf-4", Tenant: "acme", Stage: "ocr", Status: trackerv1.Status_STATUS_RUNNING, Events: 1, CreatedAt: at(1), UpdatedAt: at(1),
		Filename: "t.pdf"}
	if got := trackedStatus(w, nil, "u"); got.Filename != "t.pdf" {
		t.Errorf("without ingest's record: file name %q, want the tracker's", got.Filename)
	}
	if got := trackedStatus(w, map[string]string{"submitted_at": "2026-11-29T10:00:01Z", "erased_at": "2026-11-29T11:00:00Z"}, "u"); got.Filename != "" {
		t.Errorf("erased: file name %q, want none", got.Filename)
	}

	// A running long step's progress report comes along.
	w = &trackerv1.Workflow{Id: "wf-3", Tenant: "acme", Stage: "ocr", Status: trackerv1.Status_STATUS_RUNNING, Events: 5, CreatedAt: at(1), UpdatedAt: at(4),
		Progress: &trackerv1.Progress{Step: "ocr", Done: 3, Total: 20, Unit: "pages", UpdatedAt: at(4)}}
	got, _ = json.Marshal(trackedStatus(w, nil, "u"))
	want = `{"workflow_id":"wf-3","tenant_id":"acme","status":"running","stage":"ocr","terminal":false,"submitted_at":"2026-11-29T10:00:01Z",` +
		`"updated_at":"2026-11-29T10:00:04Z","progress":{"step":"ocr","done":3,"total":20,"unit":"pages","updated_at":"2026-11-29T10:00:04Z"},` +
		`"status_url":"u","version":5,"view_source":"sagatracker"}`
	if string(got) != want {
		t.Errorf("status\n%s\nwant\n%s", got, want)
	}
}

func TestErrorOf(t *testing.T) {
	for _, tt := range []struct{ lastErr, status, code, msg string }{
		{"structural: cannot parse PDF: bad xref", "parked", "structural", "cannot parse PDF: bad xref"},
		{"rejected: unsupported_media_type: not a document", "failed", "unsupported_media_type", "not a document"},
		{"rejected: no code here", "failed", "rejected", "no code here"},
		{"deadline exceeded", "timed_out", "timed_out", "deadline exceeded"},
		{"canceled by ops: duplicate", "canceled", "canceled", "canceled by ops: duplicate"},
	} {
		if got := errorOf(tt.lastErr, tt.status); got.Code != tt.code || got.Message != tt.msg {
			t.Errorf("errorOf(%q) = %+v, want %s / %s", tt.lastErr, got, tt.code, tt.msg)
		}
	}
}
