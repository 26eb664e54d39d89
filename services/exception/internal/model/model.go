// Package model holds the exception agent's records: the dead-letter
// envelope as it is kept while parked, and how the original record is
// rebuilt for redelivery through a retry topic.
package model

import (
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
)

// Kinds of parked items.
const (
	// KindDeadLetter is a failure an operator must fix, then replay or
	// discard: a structural failure, or a transient one whose redelivery
	// attempts are used up.
	KindDeadLetter = "dead_letter"
	// KindReview is a semantic failure: the input was read but makes no
	// sense; a human decides.
	KindReview = "review"
	// KindPoison is a dead letter that proves no workflow (its original
	// record does not decode): parked for an operator, it belongs to no
	// workflow, whatever its key says.
	KindPoison = "poison"
)

// Control event kinds the agent emits on docket.workflow.control.
const (
	ControlRetryScheduled = "retry_scheduled"
	ControlParked         = "parked"
	ControlReplayed       = "replayed"
	ControlDiscarded      = "discarded"
	// ControlSettled: the ledger recorded the workflow's final
	// disposition, so its parked item needs no operator any more and was
	// removed.
	ControlSettled = "settled"
)

// Header is one Kafka record header.
type Header struct {
	Key   string `json:"key"`
	Value []byte `json:"value"`
}

// Attempt is one failed processing attempt.
type Attempt struct {
	At           time.Time `json:"at"`
	ErrorClass   string    `json:"error_class"`
	ErrorMessage string    `json:"error_message"`
}

// Envelope is a dead letter as the agent keeps it. WorkflowID is the
// workflow the dead letter proves, empty for a poison record.
type Envelope struct {
	EventID         string    `json:"event_id"`
	WorkflowID      string    `json:"workflow_id"`
	TenantID        string    `json:"tenant_id"`
	Service         string    `json:"service"`
	SourceTopic     string    `json:"source_topic"`
	SourcePartition int       `json:"source_partition"`
	SourceOffset    int64     `json:"source_offset"`
	OriginalKey     []byte    `json:"original_key"`
	OriginalValue   []byte    `json:"original_value"`
	OriginalHeaders []Header  `json:"original_headers"`
	ErrorClass      string    `json:"error_class"`
	ErrorMessage    string    `json:"error_message"`
	Attempts        int       `json:"attempts"`
	AttemptHistory  []Attempt `json:"attempt_history"`
	FirstFailureAt  time.Time `json:"first_failure_at"`
	LastFailureAt   time.Time `json:"last_failure_at"`
}

// FromDeadLetter copies dl into an Envelope of the workflow it proves
// (bus.ProvenWorkflow), "" for none.
func FromDeadLetter(dl *events.DeadLetter, workflow string) Envelope {
	e := Envelope{
		EventID:         dl.Meta.EventID,
		WorkflowID:      workflow,
		TenantID:        dl.Meta.TenantID,
		Service:         dl.Service,
		SourceTopic:     dl.SourceTopic,
		SourcePartition: dl.SourcePartition,
		SourceOffset:    dl.SourceOffset,
		OriginalKey:     dl.OriginalKey,
		OriginalValue:   dl.OriginalValue,
		OriginalHeaders: make([]Header, 0, len(dl.OriginalHeaders)),
		ErrorClass:      dl.ErrorClass,
		ErrorMessage:    dl.ErrorMessage,
		Attempts:        dl.Attempts,
		AttemptHistory:  make([]Attempt, 0, len(dl.AttemptHistory)),
		FirstFailureAt:  dl.FirstFailureAt.UTC(),
		LastFailureAt:   dl.LastFailureAt.UTC(),
	}
	for _, h := range dl.OriginalHeaders {
		e.OriginalHeaders = append(e.OriginalHeaders, Header{Key: h.Key, Value: h.Value})
	}
	for _, a := range dl.AttemptHistory {
		e.AttemptHistory = append(e.AttemptHistory, Attempt{At: a.At.UTC(), ErrorClass: a.ErrorClass, ErrorMessage: a.ErrorMessage})
	}
	return e
}

// Origin identifies the original record across its redeliveries: the
// runtime reports the first consumption's position in every dead letter.
func (e Envelope) Origin() string {
	return e.Service + "/" + e.SourceTopic + "/" + strconv.Itoa(e.SourcePartition) + "/" + strconv.FormatInt(e.SourceOffset, 10)
}

// busHeaders are the runtime's redelivery headers; a redelivery replaces
// whatever values an earlier redelivery left in the original headers.
var busHeaders = map[string]bool{
	bus.HeaderAttempt:         true,
	bus.HeaderOriginTopic:     true,
	bus.HeaderOriginPartition: true,
	bus.HeaderOriginOffset:    true,
	bus.HeaderFirstFailure:    true,
}

// RetryRecord rebuilds the original record for the retry topic of the
// service that gave up on it: the original key, value and headers byte for
// byte, plus where it was first consumed, the attempts it had so far and
// when it first failed.
func (e Envelope) RetryRecord() *kgo.Record {
	r := &kgo.Record{
		Topic: events.RetryTopic(e.Service),
		Key:   e.OriginalKey,
		Value: e.OriginalValue,
	}
	for _, h := range e.OriginalHeaders {
		if !busHeaders[h.Key] {
			r.Headers = append(r.Headers, kgo.RecordHeader{Key: h.Key, Value: h.Value})
		}
	}
	r.Headers = append(r.Headers,
		kgo.RecordHeader{Key: bus.HeaderOriginTopic, Value: []byte(e.SourceTopic)},
		kgo.RecordHeader{Key: bus.HeaderOriginPartition, Value: []byte(strconv.Itoa(e.SourcePartition))},
		kgo.RecordHeader{Key: bus.HeaderOriginOffset, Value: []byte(strconv.FormatInt(e.SourceOffset, 10))},
		kgo.RecordHeader{Key: bus.HeaderAttempt, Value: []byte(strconv.Itoa(e.Attempts))},
		kgo.RecordHeader{Key: bus.HeaderFirstFailure, Value: []byte(e.FirstFailureAt.UTC().Format(time.RFC3339Nano))},
	)
	return r
}

// Parked is an item waiting for an operator. Workflow is empty for a
// poison record (KindPoison).
type Parked struct {
	ID       string    `json:"id"`
	Kind     string    `json:"kind"`
	Service  string    `json:"service"`
	Workflow string    `json:"workflow_id"`
	Reason   string    `json:"reason"`
	ParkedAt time.Time `json:"parked_at"`
	Envelope Envelope  `json:"envelope"`
}

// Redelivery is a scheduled redelivery of a dead letter's original record.
type Redelivery struct {
	ID       string    `json:"id"`
	Attempt  int       `json:"attempt"`
	DueAt    time.Time `json:"due_at"`
	Envelope Envelope  `json:"envelope"`
}

// DocumentOf returns the document an event is about, for the events that
// carry one.
func DocumentOf(e events.Event) (events.BlobRef, bool) {
	switch e := e.(type) {
	case *events.DocumentRequested:
		return e.Document, true
	case *events.DocumentSubmitted:
		return e.Document, true
	case *events.DocumentExtracted:
		return e.Document, true
	case *events.DocumentClassified:
		return e.Document, true
	case *events.ReviewRequested:
		return e.Document, true
	case *events.ReviewDecided:
		return e.Document, true
	case *events.LedgerRecord:
		return e.Document, true
	}
	return events.BlobRef{}, false
}
