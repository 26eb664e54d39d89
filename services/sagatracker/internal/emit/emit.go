// Package emit produces the tracker's own events: review decisions and
// workflow control events. It never writes the projection: the tracker
// projects these events like any other when it consumes them.
package emit

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Encoder encodes an event for a topic in the registry's wire format.
type Encoder interface {
	Encode(topic string, e events.Event) ([]byte, error)
}

// Emitter produces events, each acknowledged by every in-sync replica
// before Emit returns.
type Emitter struct {
	cl  *kgo.Client
	enc Encoder
}

// New returns an emitter producing through cl (an idempotent producer with
// acks=all, franz-go's default).
func New(cl *kgo.Client, enc Encoder) *Emitter { return &Emitter{cl: cl, enc: enc} }

// Emit produces e to topic, keyed by its workflow id. Kafka failures are
// transient.
func (em *Emitter) Emit(ctx context.Context, topic string, e events.Event) error {
	v, err := em.enc.Encode(topic, e)
	if err != nil {
		return fault.Wrap(fault.Structural, fmt.Errorf("encode %s event: %w", topic, err))
	}
	rec := &kgo.Record{Topic: topic, Key: []byte(e.EventMeta().WorkflowID), Value: v}
	if err := em.cl.ProduceSync(ctx, rec).FirstErr(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("produce %s event: %w", topic, err))
	}
	return nil
}

var namespace = uuid.MustParse("3c0c8f8e-2f4e-4d6b-8a53-7f6d1b2e9a40")

// EventID returns a deterministic event id for the parts: the same parts
// always give the same id, so an event produced again after a crash or a
// retried call is a duplicate its consumers suppress.
func EventID(parts ...string) string {
	var b []byte
	for _, p := range parts {
		b = append(append(b, p...), 0)
	}
	return uuid.NewSHA1(namespace, b).String()
}

// Meta returns the envelope of an event the tracker produces.
func Meta(id, workflow, tenant, cause string, at time.Time) events.Meta {
	return events.Meta{
		EventID: id, WorkflowID: workflow, TenantID: tenant, OccurredAt: at.UTC().Truncate(time.Millisecond),
		CausationID: cause, Producer: Producer(),
	}
}

// Producer names the tracker's build on the events it produces.
func Producer() events.Producer {
	return events.Producer{Service: events.ServiceSagaTracker, Version: version()}
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
