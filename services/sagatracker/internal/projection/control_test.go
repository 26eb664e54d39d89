package projection

import (
	"reflect"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func TestBuildControl(t *testing.T) {
	m := events.Meta{EventID: "e", WorkflowID: "wf", TenantID: "acme", OccurredAt: time.UnixMilli(1000), CausationID: "task-1", Producer: events.Producer{Service: "s", Version: "v"}}
	deadline := time.UnixMilli(5000)
	suggested := "invoice"
	cases := []struct {
		name  string
		topic string
		ev    events.Event
		want  *Control
	}{
		{"submitted with a deadline", events.TopicSubmitted, &events.DocumentSubmitted{
			Meta: m, Deadline: deadline, Document: events.BlobRef{URI: "u", SHA256: "s", SizeBytes: 9, MediaType: "application/pdf"},
		}, &Control{Deadline: "5000", Document: &DocumentOp{URI: "u", SHA256: "s", Size: "9", MediaType: "application/pdf"}}},
		{"submitted without one", events.TopicSubmitted, &events.DocumentSubmitted{Meta: m}, &Control{Deadline: "0", Document: &DocumentOp{Size: "0"}}},
		{"review requested", events.TopicReviewRequested, &events.ReviewRequested{
			Meta: m, Reason: "low_confidence", Priority: 2, SLADeadline: deadline, SuggestedType: &suggested, Confidence: 0.5,
			Document:   events.BlobRef{URI: "u", SHA256: "s", SizeBytes: 9, MediaType: "application/pdf"},
			Candidates: []events.Candidate{{Type: "invoice", Score: 0.5}}, Flags: []events.Flag{{Kind: "pii.iban", Detail: "d"}},
			Model: &events.Model{Name: "builtin", Version: "3"},
		}, &Control{Review: &ReviewOp{
			Priority: 2, SLA: "5000", Reason: "low_confidence", DocumentOp: DocumentOp{URI: "u", SHA256: "s", Size: "9", MediaType: "application/pdf"},
			Suggested: "invoice", Confidence: "0.5", Model: "builtin@3",
			Candidates: `[{"type":"invoice","score":0.5}]`, Flags: `[{"kind":"pii.iban","detail":"d"}]`,
		}}},
		{"review decided", events.TopicReviewDecided, &events.ReviewDecided{Meta: m, Reviewer: "ana", Decision: events.Decision{DocumentType: "invoice", Outcome: "approved"}},
			&Control{Decided: &DecidedOp{Task: "task-1", Reviewer: "ana", Outcome: "approved", DocumentType: "invoice"}}},
		{"cancel requested", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: KindCancelRequested, Reason: "why"}, &Control{Cancel: true, CancelReason: "why"}},
		{"escalated", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: KindReviewEscalated, Details: map[string]string{DetailTaskID: "task-1", DetailPriority: "3"}},
			&Control{Escalate: &EscalateOp{Task: "task-1", Priority: 3}}},
		{"escalated without a task", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: KindReviewEscalated}, nil},
		{"canceled", events.TopicControl, &events.WorkflowControl{Meta: m, Kind: KindCanceled}, nil},
		{"redelivered request", events.RetryTopic("ledger"), &events.ReviewRequested{Meta: m}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op, ok := Build(Record{Topic: c.topic, Partition: 1, Offset: 7}, c.ev)
			if !ok {
				t.Fatal("Build refused the event")
			}
			if !reflect.DeepEqual(op.Control, c.want) {
				t.Fatalf("control = %+v, want %+v", op.Control, c.want)
			}
		})
	}
}
