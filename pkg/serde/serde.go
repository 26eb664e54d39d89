// Package serde encodes and decodes Docket events in the Confluent wire
// format: a magic byte 0, the 4-byte big-endian schema id, then the Avro
// binary encoding. Schemas live in a Confluent-compatible schema registry
// under TopicNameStrategy subjects, <topic>-value.
//
// A Serde is built for the topics a service produces to. It encodes with the
// current schema of each topic and decodes any Docket event by its schema
// id: records written with an older released schema are resolved against
// the current one, so they decode into the current Go type with the new
// fields at their defaults.
package serde

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"time"

	"github.com/hamba/avro/v2"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Mode says how New treats the registry.
type Mode int

const (
	// Register registers the current schema of every topic, first setting
	// the subject's compatibility to CompatibilityOf its topic where it has no
	// level of its own. The registry returns the existing id for a schema
	// it already holds. For the embedded stack and tests.
	Register Mode = iota + 1
	// Verify only checks that the current schema of every topic is
	// registered under its subject; it changes nothing. For production,
	// where `docket admin schemas apply` registers the schemas.
	Verify
)

func (m Mode) String() string {
	switch m {
	case Register:
		return "register"
	case Verify:
		return "verify"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// fetchTimeout bounds the registry lookup of a schema id that Decode has
// not seen yet.
const fetchTimeout = 10 * time.Second

// avroAPI is hamba/avro's default configuration with room for the bytes of
// a dead-lettered record: Kafka's message size, not the default 1 MiB field
// limit, bounds a value. Arrays are bounded too: by default the
// decoder allocates whatever element count a block header claims, so a few
// malformed bytes could claim billions of elements and kill the process
// (found by FuzzDecode). A legitimate array (pages, attempts, headers)
// stays far below a million elements.
var avroAPI = avro.Config{MaxByteSliceSize: 16 << 20, MaxSliceAllocSize: maxElements}.Freeze()

// maxElements bounds the elements of one decoded array.
const maxElements = 1 << 20

// Serde encodes and decodes Docket events. It is safe for concurrent use.
type Serde struct {
	rc      *sr.Client
	header  sr.ConfluentHeader
	topics  map[string]topicCodec // set by New, read-only after
	readers map[string]reader     // by Avro full name; read-only
	ids     sr.Serde              // schema id -> decoder; grows lazily
	fetchMu sync.Mutex            // serialises learning new ids
	refused map[int]error         // ids that can never decode; guarded by fetchMu
}

// topicCodec encodes the events of one topic.
type topicCodec struct {
	id     int
	schema avro.Schema
	typ    reflect.Type
	name   string
}

// reader is the current schema of an event and its Go type.
type reader struct {
	schema avro.Schema
	new    func() events.Event
}

// New returns a Serde for the given topics, after registering (Register) or
// verifying (Verify) the current schema of each under its subject. Topics
// may include dead-letter topics (docket.<service>.dlq); retry topics have
// no schema of their own and are refused. With no topics the Serde only
// decodes. New fails, building nothing, when
// any schema cannot be registered or is missing; the error is classified
// (fault.Transient when the registry is unreachable).
func New(ctx context.Context, rc *sr.Client, mode Mode, topics []string) (*Serde, error) {
	if rc == nil {
		return nil, errors.New("serde: nil registry client")
	}
	if mode != Register && mode != Verify {
		return nil, fmt.Errorf("serde: invalid mode %v", mode)
	}
	s := &Serde{
		rc:      rc,
		topics:  make(map[string]topicCodec, len(topics)),
		readers: make(map[string]reader),
		refused: make(map[int]error),
	}
	for _, sch := range events.Schemas() {
		parsed, err := events.Parse(sch.Text)
		if err != nil {
			return nil, fmt.Errorf("serde: parse schema %s: %w", sch.Name, err)
		}
		s.readers[sch.FullName()] = reader{schema: parsed, new: sch.New}
	}
	for _, topic := range topics {
		if _, done := s.topics[topic]; done {
			continue
		}
		if err := s.addTopic(ctx, mode, topic); err != nil {
			return nil, fmt.Errorf("serde: %w", err)
		}
	}
	return s, nil
}

func (s *Serde) addTopic(ctx context.Context, mode Mode, topic string) error {
	sch, ok := events.ForTopic(topic)
	if !ok {
		if _, retry := events.RetryService(topic); retry {
			return fault.Structuralf("topic %s: %w: a retry topic carries its source topics' records and has no schema of its own", topic, ErrUnknownTopic)
		}
		return fault.Structuralf("topic %s: %w: it carries no Docket event", topic, ErrUnknownTopic)
	}
	subject := events.Subject(topic)
	var id int
	var err error
	if mode == Register {
		id, err = register(ctx, s.rc, topic, sch.Text)
	} else {
		id, err = verify(ctx, s.rc, subject, sch.Text)
	}
	if err != nil {
		return err
	}
	r := s.readers[sch.FullName()]
	s.topics[topic] = topicCodec{id: id, schema: r.schema, typ: reflect.TypeOf(r.new()), name: sch.Name}
	s.learn(id, r.schema, r.new)
	return nil
}

// Encode returns e in the wire format under the schema id of topic's
// subject. The topic must have been given to New and e must be the event
// type it carries, with its meta event_id and workflow_id set; otherwise the
// error is structural.
func (s *Serde) Encode(topic string, e events.Event) ([]byte, error) {
	t, ok := s.topics[topic]
	if !ok {
		return nil, fault.Structuralf("encode for topic %s: %w: it was not given to serde.New", topic, ErrUnknownTopic)
	}
	if reflect.TypeOf(e) != t.typ {
		return nil, fault.Structuralf("encode %T for topic %s: the topic carries %s", e, topic, t.name)
	}
	if m := e.EventMeta(); m.EventID == "" || m.WorkflowID == "" {
		return nil, fault.Structuralf("encode %s for topic %s: meta.event_id and meta.workflow_id are required", t.name, topic)
	}
	w := writers.Get().(*avro.Writer)
	defer putWriter(w)
	w.Reset(nil)
	w.Error = nil
	var h [8]byte
	hdr, err := s.header.AppendEncode(h[:0], t.id, nil)
	if err == nil {
		_, _ = w.Write(hdr)
		w.WriteVal(t.schema, e)
		err = w.Error
	}
	if err != nil {
		return nil, fault.Structuralf("encode %s for topic %s: %w", t.name, topic, err)
	}
	return bytes.Clone(w.Buffer()), nil
}

// writers hold encode buffers across calls, so an encoded value is built
// in a buffer already grown to size and copied out once.
var writers = sync.Pool{New: func() any { return avro.NewWriter(nil, 2048, avro.WithWriterConfig(avroAPI)) }}

// maxPooledBuffer keeps the buffer of an occasional huge value (a dead
// letter carrying a large record) out of the pool.
const maxPooledBuffer = 64 << 10

func putWriter(w *avro.Writer) {
	if cap(w.Buffer()) <= maxPooledBuffer {
		writers.Put(w)
	}
}
