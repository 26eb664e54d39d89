package dockettest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/blob"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/reqsign"
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

// Approve is the decision a reviewer who trusts the model makes on rr:
// approved, as the suggested type (else the top candidate, else "other"),
// by reviewer with reason. Its event id derives from rr's, so deciding the
// same request twice is one event.
func Approve(rr *events.ReviewRequested, reviewer, reason string) *events.ReviewDecided {
	docType := "other"
	if rr.SuggestedType != nil {
		docType = *rr.SuggestedType
	} else if len(rr.Candidates) > 0 {
		docType = rr.Candidates[0].Type
	}
	d := &events.ReviewDecided{
		Document:   rr.Document,
		Decision:   events.Decision{DocumentType: docType, Outcome: "approved"},
		Flags:      rr.Flags,
		Reviewer:   reviewer,
		Reason:     reason,
		DecidedAt:  time.Now().UTC().Truncate(time.Millisecond),
		Confidence: 1,
		Model:      rr.Model,
	}
	d.Meta = events.Meta{
		EventID:     "decision-" + rr.Meta.EventID,
		WorkflowID:  rr.Meta.WorkflowID,
		TenantID:    rr.Meta.TenantID,
		OccurredAt:  d.DecidedAt,
		CausationID: rr.Meta.EventID,
		Producer:    events.Producer{Service: reviewer, Version: "test"},
	}
	return d
}

// ProduceRequest produces req to docket.document.requested signed with the
// tenant's request secret, as a producer of that tenant does (package
// reqsign); an empty secret produces it unsigned.
func ProduceRequest(t testing.TB, cl *kgo.Client, enc Encoder, secret string, req *events.DocumentRequested) {
	t.Helper()
	v, err := enc.Encode(events.TopicRequested, req)
	if err != nil {
		t.Fatalf("encode request: %v", err)
	}
	r := &kgo.Record{Topic: events.TopicRequested, Key: []byte(req.Meta.WorkflowID), Value: v}
	if secret != "" {
		r.Headers = []kgo.RecordHeader{{Key: reqsign.HeaderName, Value: []byte(reqsign.Sign(secret, v))}}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := cl.ProduceSync(ctx, r).FirstErr(); err != nil {
		t.Fatalf("produce request: %v", err)
	}
}

// DropBlob writes content into tenant's drop area of the file blob store
// in dir, as a producer that submits over Kafka does, and returns its
// reference with mediaType.
func DropBlob(t testing.TB, dir, tenant string, content []byte, mediaType string) events.BlobRef {
	t.Helper()
	s := sha256.Sum256(content)
	sum := hex.EncodeToString(s[:])
	k, err := blob.DroppedKey(tenant, sum)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.FromSlash(k))
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, content, 0o640); err != nil {
		t.Fatal(err)
	}
	return events.BlobRef{URI: blob.URI(sum), SHA256: sum, SizeBytes: int64(len(content)), MediaType: mediaType}
}
