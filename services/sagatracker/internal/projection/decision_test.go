package projection

import (
	"reflect"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

func TestBuildDecision(t *testing.T) {
	m := events.Meta{EventID: "e", WorkflowID: "wf", TenantID: "acme", OccurredAt: time.UnixMilli(1000)}
	cases := []struct {
		name  string
		topic string
		ev    events.Event
		want  *Decision
	}{
		{"classified", events.TopicClassified, &events.DocumentClassified{Meta: m, DocumentType: "invoice", Model: events.Model{Name: "builtin", Version: "3"}},
			&Decision{DocumentType: "invoice", ModelVersion: "3", Auto: true}},
		{"review requested with a model", events.TopicReviewRequested, &events.ReviewRequested{Meta: m, Model: &events.Model{Name: "builtin", Version: "3"}},
			&Decision{ModelVersion: "3", Review: true}},
		{"review requested without one", events.TopicReviewRequested, &events.ReviewRequested{Meta: m}, &Decision{Review: true}},
		{"review decided", events.TopicReviewDecided, &events.ReviewDecided{Meta: m, Decision: events.Decision{DocumentType: "contract", Outcome: "approved"}},
			&Decision{DocumentType: "contract"}},
		{"extracted", events.TopicExtracted, &events.DocumentExtracted{Meta: m}, nil},
	}
	for _, c := range cases {
		op, ok := Build(Record{Topic: c.topic}, c.ev)
		if !ok || !reflect.DeepEqual(op.Decision, c.want) {
			t.Errorf("%s: %+v (ok %v), want %+v", c.name, op.Decision, ok, c.want)
		}
	}
}
