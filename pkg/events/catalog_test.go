package events_test

import (
	"slices"
	"testing"

	"github.com/docket-run/docket/pkg/events"
)

func TestEveryEventHasATopic(t *testing.T) {
	seen := map[string]string{}
	for _, s := range events.Schemas() {
		if s.Name == "DeadLetter" {
			if s.Topic != "" {
				t.Errorf("DeadLetter topic = %q, want empty (one per service)", s.Topic)
			}
			continue
		}
		if s.Topic == "" {
			t.Errorf("%s has no topic: add it to topicOf in catalog.go", s.Name)
			continue
		}
		if prev, ok := seen[s.Topic]; ok {
			t.Errorf("topic %s carries both %s and %s", s.Topic, prev, s.Name)
		}
		seen[s.Topic] = s.Name
		if got := s.New().EventMeta(); got == nil {
			t.Errorf("%s.EventMeta() = nil", s.Name)
		}
	}
}

func TestForTopic(t *testing.T) {
	tests := []struct {
		topic    string
		wantName string // empty: not found
	}{
		{events.TopicRequested, "DocumentRequested"},
		{events.TopicSubmitted, "DocumentSubmitted"},
		{events.TopicRejected, "DocumentRejected"},
		{events.TopicExtracted, "DocumentExtracted"},
		{events.TopicClassified, "DocumentClassified"},
		{events.TopicReviewRequested, "ReviewRequested"},
		{events.TopicReviewDecided, "ReviewDecided"},
		{events.TopicRecorded, "DocumentRecorded"},
		{events.TopicLedger, "LedgerRecord"},
		{events.TopicLedgerCheckpoints, "LedgerCheckpoint"},
		{events.TopicControl, "WorkflowControl"},
		{events.TopicAudit, "AuditEvent"},
		{"docket.ocr.dlq", "DeadLetter"},
		{events.DLQTopic("newservice"), "DeadLetter"},
		{"docket.ocr.retry", ""},
		{"docket..dlq", ""},
		{"docket.a.b.dlq", ""},
		{"other.ocr.dlq", ""},
		{"docket.document.unknown", ""},
	}
	for _, tt := range tests {
		t.Run(tt.topic, func(t *testing.T) {
			s, ok := events.ForTopic(tt.topic)
			if ok != (tt.wantName != "") || s.Name != tt.wantName {
				t.Fatalf("ForTopic(%q) = %q, %v; want %q", tt.topic, s.Name, ok, tt.wantName)
			}
			if ok && s.Topic != tt.topic {
				t.Errorf("Topic = %q, want %q", s.Topic, tt.topic)
			}
		})
	}
}

func TestTopicNames(t *testing.T) {
	if got, want := events.DLQTopic("ocr"), "docket.ocr.dlq"; got != want {
		t.Errorf("DLQTopic = %q, want %q", got, want)
	}
	if got, want := events.RetryTopic("ocr"), "docket.ocr.retry"; got != want {
		t.Errorf("RetryTopic = %q, want %q", got, want)
	}
	if got, want := events.Subject(events.TopicSubmitted), "docket.document.submitted-value"; got != want {
		t.Errorf("Subject = %q, want %q", got, want)
	}
	if svc, ok := events.RetryService("docket.classifier.retry"); !ok || svc != "classifier" {
		t.Errorf("RetryService = %q, %v; want classifier, true", svc, ok)
	}
	if svc, ok := events.DLQService("docket.ledger"); ok {
		t.Errorf("DLQService(docket.ledger) = %q, true; want false", svc)
	}
	topics := events.Topics()
	for _, svc := range events.Services() {
		if !slices.Contains(topics, events.DLQTopic(svc)) {
			t.Errorf("Topics() lacks %s", events.DLQTopic(svc))
		}
	}
	if !slices.Contains(topics, events.TopicLedger) || !slices.Contains(topics, events.TopicSteps) || len(topics) != 13+len(events.Services()) {
		t.Errorf("Topics() = %v", topics)
	}
}

func TestForRecord(t *testing.T) {
	s, ok := events.ForRecord("docket.LedgerRecord")
	if !ok || s.Topic != events.TopicLedger {
		t.Errorf("ForRecord(docket.LedgerRecord) = %+v, %v", s.Name, ok)
	}
	if _, ok := events.ForRecord("docket.Meta"); ok {
		t.Error("ForRecord(docket.Meta) found a schema; Meta is not an event")
	}
}
