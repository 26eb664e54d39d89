package serde

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/hamba/avro/v2"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// Decode returns the event in b, a record value in the wire format, as a
// pointer to its current Go type (e.g. *events.DocumentSubmitted). Any
// Docket event decodes, whatever topics were given to New.
//
// The first record with a given schema id fetches that schema from the
// registry and resolves it against the current schema of the event; later
// ones decode from memory. Errors are classified: bytes that are not a
// Docket record wrap ErrMalformed, a schema id the registry does not know or
// that is not a Docket event wraps ErrUnknownSchema, a writer schema the
// current one cannot read wraps ErrIncompatible (all fault.Structural); an
// unreachable registry is fault.Transient.
func (s *Serde) Decode(b []byte) (events.Event, error) {
	v, err := s.ids.DecodeNew(b)
	if errors.Is(err, sr.ErrNotRegistered) {
		id, _, _ := s.ids.DecodeID(b) // the header decoded, or the error would be ErrBadHeader
		if err = s.fetch(id); err != nil {
			return nil, err
		}
		v, err = s.ids.DecodeNew(b)
	}
	switch {
	case errors.Is(err, sr.ErrBadHeader):
		return nil, fault.Structuralf("decode: %w: %w", ErrMalformed, err)
	case err != nil:
		return nil, err // from decodeFn: classified
	}
	return v.(events.Event), nil
}

// fetch learns how to decode schema id from the registry.
func (s *Serde) fetch(id int) error {
	s.fetchMu.Lock()
	defer s.fetchMu.Unlock()
	if s.ids.IsRegistered(id, sr.DecodeFn) {
		return nil // learned while we waited
	}
	if err, ok := s.refused[id]; ok {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
	defer cancel()
	sch, err := s.rc.SchemaByID(ctx, id)
	switch {
	case notFound(err):
		// Not remembered: a registry restored from a backup may know it later.
		return fault.Structuralf("decode: schema id %d: %w: the registry does not know it", id, ErrUnknownSchema)
	case err != nil:
		return fault.Wrap(registryClass(err), fmt.Errorf("decode: fetch schema id %d: %w", id, err))
	}
	// What follows depends on the id alone, which the registry never
	// reassigns: remember refusals too.
	r, resolved, err := s.resolve(id, sch)
	if err != nil {
		s.refused[id] = err
		return err
	}
	s.learn(id, resolved, r.new)
	return nil
}

// resolve returns the reader of the event a writer schema is a version of,
// and the schema that reads data of that writer into the current Go type.
func (s *Serde) resolve(id int, sch sr.Schema) (reader, avro.Schema, error) {
	if sch.Type != sr.TypeAvro || len(sch.References) > 0 {
		return reader{}, nil, fault.Structuralf("decode: schema id %d: %w: a %s schema with %d references is not a Docket event",
			id, ErrUnknownSchema, sch.Type, len(sch.References))
	}
	writer, err := events.Parse(sch.Schema)
	if err != nil {
		return reader{}, nil, fault.Structuralf("decode: schema id %d: %w: %w", id, ErrUnknownSchema, err)
	}
	named, ok := writer.(avro.NamedSchema)
	if !ok {
		return reader{}, nil, fault.Structuralf("decode: schema id %d: %w: a %s is not a Docket event", id, ErrUnknownSchema, writer.Type())
	}
	r, ok := s.readers[named.FullName()]
	if !ok {
		return reader{}, nil, fault.Structuralf("decode: schema id %d: %w: %s is not a Docket event", id, ErrUnknownSchema, named.FullName())
	}
	// A fresh checker per resolution: hamba caches answers by a
	// fingerprint that ignores defaults, so a shared one could answer for
	// a schema differing from an earlier one only in its defaults.
	resolved, err := avro.NewSchemaCompatibility().Resolve(r.schema, writer)
	if err != nil {
		return reader{}, nil, fault.Structuralf("decode: schema id %d: %w: the current %s cannot read it: %w",
			id, ErrIncompatible, named.FullName(), err)
	}
	return r, resolved, nil
}

// learn makes the Serde decode schema id with schema into new values.
func (s *Serde) learn(id int, schema avro.Schema, newFn func() events.Event) {
	s.ids.Register(id, newFn(),
		sr.GenerateFn(func() any { return newFn() }),
		sr.DecodeFn(func(b []byte, v any) error { return decodeAvro(id, schema, b, v) }),
	)
}

// readers are reused across decodes; each is reset to the record's bytes.
var readers = sync.Pool{New: func() any { return avro.NewReader(nil, 0, avro.WithReaderConfig(avroAPI)) }}

// decodeAvro decodes exactly b into v: unlike avro.Unmarshal, it refuses
// truncated input and trailing bytes.
func decodeAvro(id int, schema avro.Schema, b []byte, v any) error {
	r := readers.Get().(*avro.Reader)
	defer func() {
		r.Reset(nil)
		readers.Put(r)
	}()
	r.Error = nil
	r.Reset(b)
	r.ReadVal(schema, v)
	if r.Error != nil {
		return fault.Structuralf("decode: schema id %d: %w: %w", id, ErrMalformed, r.Error)
	}
	if r.Peek(); r.Error == nil {
		return fault.Structuralf("decode: schema id %d: %w: trailing bytes after the record", id, ErrMalformed)
	}
	return nil
}
