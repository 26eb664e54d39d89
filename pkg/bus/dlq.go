package bus

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

var deadLetterNamespace = uuid.MustParse("0b6d3c7a-2f0e-4d7e-8a43-5d8e2b1f9c21")

// envelope builds the dead letter for it: the original record byte for byte
// with where it came from, and why and how often it failed. Its event id is
// derived from the record's position, so a batch that is aborted and handled
// again produces the same dead letter.
func (rt *Runtime) envelope(ctx context.Context, it *item, prior int, failures []attemptFailure) (*kgo.Record, error) {
	r := it.rec
	o := originOf(r)
	first, last := failures[0], failures[len(failures)-1]
	if t, err := time.Parse(time.RFC3339Nano, header(r, HeaderFirstFailure)); err == nil && t.Before(first.at) {
		first.at = t
	}
	dl := &events.DeadLetter{
		Service:         rt.service,
		SourceTopic:     o.Topic,
		SourcePartition: int(o.Partition),
		SourceOffset:    o.Offset,
		OriginalKey:     nonNil(r.Key),
		OriginalValue:   nonNil(r.Value),
		OriginalHeaders: make([]events.Header, 0, len(r.Headers)),
		ErrorClass:      string(fault.ClassOf(last.err)),
		ErrorMessage:    fault.TrimClass(last.err.Error()), // the class has its own field
		Attempts:        prior + len(failures),
		AttemptHistory:  make([]events.Attempt, 0, len(failures)),
		FirstFailureAt:  first.at.UTC(),
		LastFailureAt:   last.at.UTC(),
	}
	for _, h := range r.Headers {
		dl.OriginalHeaders = append(dl.OriginalHeaders, events.Header{Key: h.Key, Value: nonNil(h.Value)})
	}
	for _, f := range failures {
		dl.AttemptHistory = append(dl.AttemptHistory, events.Attempt{At: f.at.UTC(), ErrorClass: string(fault.ClassOf(f.err)), ErrorMessage: fault.TrimClass(f.err.Error())})
	}
	m := &dl.Meta
	m.EventID = uuid.NewSHA1(deadLetterNamespace, []byte(rt.service+"\x00"+source(r)+"\x00"+strconv.Itoa(prior))).String()
	m.WorkflowID = string(r.Key)
	m.OccurredAt = time.Now().UTC().Truncate(time.Millisecond)
	m.Producer = events.Producer{Service: rt.service, Version: rt.cfg.version}
	if it.event != nil {
		im := it.event.EventMeta()
		m.TenantID, m.CausationID = im.TenantID, im.EventID
		if im.WorkflowID != "" {
			m.WorkflowID = im.WorkflowID
		}
	}
	if m.WorkflowID == "" {
		// Neither key nor event names a workflow (a foreign producer's
		// keyless garbage): name one after where the record was first
		// consumed, so it is dead-lettered like any other, its redeliveries
		// stay together, and an operator finds it parked.
		m.WorkflowID = "unkeyed-" + uuid.NewSHA1(deadLetterNamespace, []byte(o.Topic+"/"+strconv.Itoa(int(o.Partition))+"/"+strconv.FormatInt(o.Offset, 10))).String()
	}
	topic := events.DLQTopic(rt.service)
	v, err := rt.codec.Encode(topic, dl)
	if err != nil {
		return nil, fmt.Errorf("encode dead letter: %w", err)
	}
	rec := &kgo.Record{Topic: topic, Key: []byte(m.WorkflowID), Value: v}
	InjectTrace(ctx, rec)
	return rec, nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Decoder decodes a value in the registry's wire format.
type Decoder interface {
	Decode(b []byte) (events.Event, error)
}

// maxNesting bounds how many dead letters deep ProvenWorkflow looks for
// the record that first failed.
const maxNesting = 8

// ProvenWorkflow returns the workflow a dead letter can prove it belongs
// to: the one its original record names once decoded under the registry.
// A dead letter's key and meta.workflow_id are the original record's key
// when that record could not be decoded, and a key is whatever its
// producer chose: trusted, a garbage record keyed with a live workflow's
// id would change that workflow. A dead letter whose original is itself a
// dead letter proves what that one proves.
//
// It returns "" and no error when the dead letter proves no workflow: its
// original does not decode (a poison record) or names none. It returns an
// error only when the original could not be decoded for a reason that is
// not the record's (fault.Transient: the registry unreachable), so that
// the caller tries again instead of taking a real failure for poison.
func ProvenWorkflow(dec Decoder, dl *events.DeadLetter) (string, error) {
	for range maxNesting {
		e, err := dec.Decode(dl.OriginalValue)
		if err != nil {
			if fault.IsTransient(err) {
				return "", fmt.Errorf("decode the original record of dead letter %s: %w", dl.Meta.EventID, err)
			}
			return "", nil
		}
		inner, ok := e.(*events.DeadLetter)
		if !ok {
			return e.EventMeta().WorkflowID, nil
		}
		dl = inner
	}
	return "", nil
}
