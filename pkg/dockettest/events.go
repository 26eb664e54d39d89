package dockettest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
)

// Submitted returns a valid submitted event for workflow n.
func Submitted(n int, labels map[string]string) *events.DocumentSubmitted {
	if labels == nil {
		labels = map[string]string{}
	}
	e := &events.DocumentSubmitted{
		Document: events.BlobRef{
			URI:       fmt.Sprintf("file:///blobs/sha256/%064x", n),
			SHA256:    fmt.Sprintf("%064x", n),
			SizeBytes: 1024,
			MediaType: "application/pdf",
		},
		Filename: fmt.Sprintf("invoice-%d.pdf", n),
		Deadline: time.Now().Add(24 * time.Hour).UTC().Truncate(time.Millisecond),
		Labels:   labels,
		Source:   "test",
	}
	e.Meta = events.Meta{
		EventID:    fmt.Sprintf("evt-%08d", n),
		WorkflowID: fmt.Sprintf("wf-%08d", n),
		TenantID:   "acme",
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
		Producer:   events.Producer{Service: "test", Version: "test"},
	}
	return e
}

// Encoder is what Produce needs to encode events.
type Encoder interface {
	Encode(topic string, e events.Event) ([]byte, error)
}

// Produce encodes evs and writes them to topic keyed by workflow id,
// waiting for every acknowledgement.
func Produce(t testing.TB, cl *kgo.Client, enc Encoder, topic string, evs ...events.Event) {
	t.Helper()
	recs := make([]*kgo.Record, len(evs))
	for i, e := range evs {
		v, err := enc.Encode(topic, e)
		if err != nil {
			t.Fatalf("encode %T: %v", e, err)
		}
		recs[i] = &kgo.Record{Topic: topic, Key: []byte(e.EventMeta().WorkflowID), Value: v}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := cl.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		t.Fatalf("produce to %s: %v", topic, err)
	}
}
