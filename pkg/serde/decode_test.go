package serde_test

import (
	"encoding/binary"
	"sync"
	"testing"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/events/eventstest"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/serde"
)

// TestDecodeOlderWriter decodes a submitted event written with v1 of its
// schema into the current Go type.
func TestDecodeOlderWriter(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	sch := mustSchema(t, events.TopicSubmitted)
	subject := events.Subject(events.TopicSubmitted)
	v1ID, _, err := reg.RegisterSchema(subject, sr.Schema{Schema: sch.Released[0]})
	if err != nil {
		t.Fatal(err)
	}
	s, err := serde.New(ctx, rc, serde.Register, []string{events.TopicSubmitted})
	if err != nil {
		t.Fatal(err)
	}
	in := eventstest.Sample(sch, 5).(*events.DocumentSubmitted)
	in.Source = "inbox" // v1 has no source: a v1 writer drops it
	b := encodeWith(t, v1ID, sch.Released[0], in)

	got, err := s.Decode(b)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	want := *in
	want.Source = "http" // the v2 default
	if sub, ok := got.(*events.DocumentSubmitted); !ok || !eventEqual(sub, &want) {
		t.Errorf("Decode = %+v\nwant %+v", got, &want)
	}

	current, err := s.Encode(events.TopicSubmitted, in)
	if err != nil {
		t.Fatal(err)
	}
	if id := int(binary.BigEndian.Uint32(current[1:5])); id == v1ID {
		t.Errorf("Encode used the v1 id %d, want the current schema's", id)
	}
}

func eventEqual(a, b *events.DocumentSubmitted) bool {
	return a.Meta == b.Meta && a.Document == b.Document && a.Filename == b.Filename &&
		a.Priority == b.Priority && a.Deadline.Equal(b.Deadline) && a.Source == b.Source &&
		len(a.Labels) == len(b.Labels) && *a.CallbackURL == *b.CallbackURL && *a.IdempotencyKey == *b.IdempotencyKey
}

func TestDecodeMalformed(t *testing.T) {
	_, rc := newRegistry(t)
	ctx := testContext(t)
	s, err := serde.New(ctx, rc, serde.Register, []string{events.TopicControl})
	if err != nil {
		t.Fatal(err)
	}
	good, err := s.Encode(events.TopicControl, eventstest.Sample(mustSchema(t, events.TopicControl), 1))
	if err != nil {
		t.Fatal(err)
	}
	unknownID := append([]byte{0, 0, 0, 0x7f, 0xff}, good[5:]...)
	tests := []struct {
		name   string
		b      []byte
		target error
	}{
		{"nil", nil, serde.ErrMalformed},
		{"shorter than the header", []byte{0, 0, 1}, serde.ErrMalformed},
		{"bad magic byte", append([]byte{1}, good[1:]...), serde.ErrMalformed},
		{"header only", good[:5], serde.ErrMalformed},
		{"truncated body", good[:len(good)-3], serde.ErrMalformed},
		{"trailing bytes", append(append([]byte{}, good...), 0x02, 0x04), serde.ErrMalformed},
		{"garbage body", append(append([]byte{}, good[:5]...), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), serde.ErrMalformed},
		{"id unknown to the registry", unknownID, serde.ErrUnknownSchema},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.Decode(tt.b)
			if got != nil {
				t.Errorf("Decode returned an event: %+v", got)
			}
			wantErr(t, err, fault.Structural, tt.target)
		})
	}
	if _, err := s.Decode(good); err != nil {
		t.Errorf("Decode(good) after malformed input: %v", err)
	}
}

func TestDecodeForeignSchema(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	s, err := serde.New(ctx, rc, serde.Register, nil)
	if err != nil {
		t.Fatal(err)
	}
	const foreign = `{"type":"record","name":"Order","namespace":"shop","fields":[{"name":"id","type":"string"}]}`
	id, _, err := reg.RegisterSchema("shop.orders-value", sr.Schema{Schema: foreign})
	if err != nil {
		t.Fatal(err)
	}
	protoID, _, err := reg.RegisterSchema("shop.proto-value", sr.Schema{Schema: `syntax = "proto3"; message M {}`, Type: sr.TypeProtobuf})
	if err != nil {
		t.Fatal(err)
	}
	b := encodeWith(t, id, foreign, map[string]any{"id": "o-1"})
	for range 2 { // the second answer comes from memory
		_, err = s.Decode(b)
		wantErr(t, err, fault.Structural, serde.ErrUnknownSchema)
	}
	_, err = s.Decode(append([]byte{0, 0, 0, 0, byte(protoID)}, 0))
	wantErr(t, err, fault.Structural, serde.ErrUnknownSchema)
}

func TestDecodeRegistryDown(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	sch := mustSchema(t, events.TopicSubmitted)
	v1ID, _, err := reg.RegisterSchema(events.Subject(events.TopicSubmitted), sr.Schema{Schema: sch.Released[0]})
	if err != nil {
		t.Fatal(err)
	}
	s, err := serde.New(ctx, rc, serde.Register, []string{events.TopicSubmitted})
	if err != nil {
		t.Fatal(err)
	}
	b := encodeWith(t, v1ID, sch.Released[0], eventstest.Sample(sch, 1))

	reg.Close() // connection refused from now on
	_, err = s.Decode(b)
	wantErr(t, err, fault.Transient, nil)
}

func TestDecodeRegistryError(t *testing.T) {
	reg, rc := newRegistry(t)
	s, err := serde.New(testContext(t), rc, serde.Register, []string{events.TopicRecorded})
	if err != nil {
		t.Fatal(err)
	}
	countRequests(reg, true) // every request now answers 500
	_, err = s.Decode([]byte{0, 0, 0, 0, 99, 0})
	wantErr(t, err, fault.Transient, nil)
}

// TestDecodeCachedIDsStayOffTheNetwork decodes known ids with the registry
// failing every request, from many goroutines at once.
func TestDecodeCachedIDsStayOffTheNetwork(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	sch := mustSchema(t, events.TopicSubmitted)
	v1ID, _, err := reg.RegisterSchema(events.Subject(events.TopicSubmitted), sr.Schema{Schema: sch.Released[0]})
	if err != nil {
		t.Fatal(err)
	}
	s, err := serde.New(ctx, rc, serde.Register, events.Topics())
	if err != nil {
		t.Fatal(err)
	}
	var records [][]byte
	for i, topic := range events.Topics() {
		b, err := s.Encode(topic, eventstest.Sample(mustSchema(t, topic), i))
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, b)
	}
	old := encodeWith(t, v1ID, sch.Released[0], eventstest.Sample(sch, 1))
	if _, err := s.Decode(old); err != nil { // learns the v1 id
		t.Fatal(err)
	}
	records = append(records, old)

	requests := countRequests(reg, true)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				for _, b := range records {
					if _, err := s.Decode(b); err != nil {
						t.Errorf("Decode: %v", err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if n := requests.Load(); n != 0 {
		t.Errorf("decoding known ids made %d registry requests, want 0", n)
	}
}

// TestDecodeLearnsConcurrently has many goroutines meet a new id at once.
func TestDecodeLearnsConcurrently(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	sch := mustSchema(t, events.TopicSubmitted)
	v1ID, _, err := reg.RegisterSchema(events.Subject(events.TopicSubmitted), sr.Schema{Schema: sch.Released[0]})
	if err != nil {
		t.Fatal(err)
	}
	s, err := serde.New(ctx, rc, serde.Verify, nil)
	if err != nil {
		t.Fatal(err)
	}
	old := encodeWith(t, v1ID, sch.Released[0], eventstest.Sample(sch, 1))
	requests := countRequests(reg, false)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			e, err := s.Decode(old)
			if err != nil {
				t.Errorf("Decode: %v", err)
				return
			}
			if got := e.(*events.DocumentSubmitted).Source; got != "http" {
				t.Errorf("Source = %q, want http", got)
			}
		})
	}
	wg.Wait()
	if n := requests.Load(); n != 1 {
		t.Errorf("learning one id made %d registry requests, want 1", n)
	}
}
