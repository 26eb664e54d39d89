package serde_test

import (
	"errors"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/serde"
)

// FuzzDecode feeds arbitrary bytes to Decode, as a poisoned topic would:
// it must never panic, every failure must be structural (or transient when
// the registry is asked about an unknown id), and whatever decodes must
// encode again.
func FuzzDecode(f *testing.F) {
	_, rc := newRegistry(f)
	ctx := testContext(f)
	topics := []string{events.TopicSubmitted, events.TopicExtracted, events.DLQTopic("ocr")}
	codec, err := serde.New(ctx, rc, serde.Register, topics)
	if err != nil {
		f.Fatal(err)
	}
	for i, topic := range topics[:2] {
		var e events.Event = dockettest.Submitted(i, map[string]string{"k": "v"})
		if topic == events.TopicExtracted {
			e = &events.DocumentExtracted{Meta: dockettest.Submitted(i, nil).Meta, Pages: []events.Page{{Number: 1, Method: "ocr"}}}
		}
		b, err := codec.Encode(topic, e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 0, 1})
	f.Add([]byte{0, 0x7f, 0xff, 0xff, 0xff, 2})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := codec.Decode(b)
		if err != nil {
			if c := fault.ClassOf(err); c != fault.Structural && c != fault.Transient {
				t.Fatalf("decode error of class %s: %v", c, err)
			}
			if !errors.Is(err, serde.ErrMalformed) && !errors.Is(err, serde.ErrUnknownSchema) && fault.ClassOf(err) == fault.Structural && !errors.Is(err, serde.ErrIncompatible) {
				t.Fatalf("structural decode error without a sentinel: %v", err)
			}
			return
		}
		topic := events.TopicSubmitted
		switch e.(type) {
		case *events.DocumentExtracted:
			topic = events.TopicExtracted
		case *events.DeadLetter:
			topic = events.DLQTopic("ocr")
		}
		if e.EventMeta().EventID == "" || e.EventMeta().WorkflowID == "" {
			return // Encode refuses events without ids, by design
		}
		if _, err := codec.Encode(topic, e); err != nil {
			t.Fatalf("decoded %T does not encode again: %v", e, err)
		}
	})
}
