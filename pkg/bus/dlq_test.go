package bus_test

import (
	"errors"
	"testing"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
)

// fakeDecoder decodes the values it was given and fails the others with
// err.
type fakeDecoder struct {
	known map[string]events.Event
	err   error
}

func (d fakeDecoder) Decode(b []byte) (events.Event, error) {
	if e, ok := d.known[string(b)]; ok {
		return e, nil
	}
	return nil, d.err
}

func TestProvenWorkflow(t *testing.T) {
	submitted := &events.DocumentSubmitted{Meta: events.Meta{WorkflowID: "wf-1"}}
	inner := &events.DeadLetter{Meta: events.Meta{WorkflowID: "wf-2"}, OriginalValue: []byte("submitted")}
	innerPoison := &events.DeadLetter{Meta: events.Meta{WorkflowID: "wf-3"}, OriginalValue: []byte("garbage")}
	structural := fakeDecoder{
		known: map[string]events.Event{"submitted": submitted, "inner": inner, "inner-poison": innerPoison},
		err:   fault.Structuralf("malformed"),
	}
	for _, tc := range []struct {
		name     string
		dec      fakeDecoder
		original string
		key      string
		want     string
		wantErr  bool
	}{
		{"original decodes", structural, "submitted", "wf-1", "wf-1", false},
		{"the original names the workflow, not the key", structural, "submitted", "wf-other", "wf-1", false},
		{"garbage keyed with a workflow id", structural, "garbage", "wf-1", "", false},
		{"a dead letter of a proven dead letter", structural, "inner", "wf-2", "wf-1", false},
		{"a dead letter of a poison dead letter", structural, "inner-poison", "wf-3", "", false},
		{"registry unreachable", fakeDecoder{err: fault.Transientf("registry down")}, "submitted", "wf-1", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dl := &events.DeadLetter{Meta: events.Meta{EventID: "dl", WorkflowID: tc.key}, OriginalKey: []byte(tc.key), OriginalValue: []byte(tc.original)}
			got, err := bus.ProvenWorkflow(tc.dec, dl)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Fatalf("ProvenWorkflow = %q, %v; want %q, error %v", got, err, tc.want, tc.wantErr)
			}
			if err != nil && !fault.IsTransient(err) {
				t.Errorf("error %v is not transient", err)
			}
		})
	}
	// A loop of dead letters ends: none proves a workflow.
	loop := &events.DeadLetter{OriginalValue: []byte("loop")}
	dec := fakeDecoder{known: map[string]events.Event{"loop": loop}, err: errors.New("unused")}
	if got, err := bus.ProvenWorkflow(dec, loop); got != "" || err != nil {
		t.Errorf("a loop of dead letters: %q, %v; want none", got, err)
	}
}
