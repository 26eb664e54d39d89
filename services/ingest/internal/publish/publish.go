// Package publish writes submitted events to Kafka synchronously, with
// acks=all and an idempotent producer, for the HTTP API and the inbox:
// ingest answers 202 only after Kafka acknowledged the event.
package publish

import (
	"context"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Encoder encodes events in the registry's wire format.
type Encoder interface {
	Encode(topic string, e events.Event) ([]byte, error)
}

// Kafka is a dedicated producer client.
type Kafka struct {
	cl      *kgo.Client
	enc     Encoder
	timeout time.Duration
}

var _ submit.Publisher = (*Kafka)(nil)

// New builds the producer from the platform's connection options.
func New(conn []kgo.Opt, enc Encoder, timeout time.Duration) (*Kafka, error) {
	cl, err := kgo.NewClient(append(append([]kgo.Opt{}, conn...),
		kgo.RequiredAcks(kgo.AllISRAcks()),
		kgo.ProducerLinger(0),
		kgo.RecordDeliveryTimeout(timeout),
	)...)
	if err != nil {
		return nil, fmt.Errorf("create producer: %w", err)
	}
	return &Kafka{cl: cl, enc: enc, timeout: timeout}, nil
}

// Close flushes nothing (every produce is synchronous) and closes the client.
func (k *Kafka) Close() { k.cl.Close() }

// Publish implements submit.Publisher.
func (k *Kafka) Publish(ctx context.Context, e *events.DocumentSubmitted, lane string) error {
	v, err := k.enc.Encode(events.TopicSubmitted, e)
	if err != nil {
		return fault.Wrap(fault.Structural, fmt.Errorf("encode submitted event: %w", err))
	}
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	rec := &kgo.Record{
		Topic: events.TopicSubmitted, Key: []byte(e.Meta.WorkflowID), Value: v,
		Headers: []kgo.RecordHeader{{Key: events.HeaderPriority, Value: []byte(submit.LaneOr(lane))}},
	}
	bus.InjectTrace(ctx, rec)
	if err := k.cl.ProduceSync(ctx, rec).FirstErr(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("produce submitted event %s: %w", e.Meta.EventID, err))
	}
	return nil
}
