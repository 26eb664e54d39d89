package serde_test

import (
	"bytes"
	"encoding/binary"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/hamba/avro/v2"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/events/eventstest"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/serde"
)

func TestRoundTripEveryEvent(t *testing.T) {
	_, rc := newRegistry(t)
	ctx := testContext(t)
	topics := events.Topics()
	s, err := serde.New(ctx, rc, serde.Register, topics)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for i, topic := range topics {
		t.Run(topic, func(t *testing.T) {
			sch, _ := events.ForTopic(topic)
			in := eventstest.Sample(sch, i+1)
			b, err := s.Encode(topic, in)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if id := latestID(t, rc, events.Subject(topic)); b[0] != 0 || int(binary.BigEndian.Uint32(b[1:5])) != id {
				t.Errorf("header = % x, want magic 0 and id %d", b[:5], id)
			}
			got, err := s.Decode(b)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !reflect.DeepEqual(got, in) {
				t.Errorf("Decode = %+v\nwant %+v", got, in)
			}
		})
	}
}

func TestRegisterSetsCompatibilityWhereUnset(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	preset := events.Subject(events.TopicExtracted)
	if err := reg.SetCompat(preset, sr.CompatFull); err != nil {
		t.Fatal(err)
	}
	if _, err := serde.New(ctx, rc, serde.Register, []string{events.TopicSubmitted, events.TopicExtracted}); err != nil {
		t.Fatalf("New: %v", err)
	}
	for subject, want := range map[string]sr.CompatibilityLevel{
		events.Subject(events.TopicSubmitted): sr.CompatBackwardTransitive,
		preset:                                sr.CompatFull, // set by an operator: kept
	} {
		res := rc.Compatibility(ctx, subject)[0]
		if res.Err != nil || res.Level != want {
			t.Errorf("compatibility of %s = %v, %v; want %v", subject, res.Level, res.Err, want)
		}
	}
}

func TestRegisterTwiceKeepsTheID(t *testing.T) {
	_, rc := newRegistry(t)
	ctx := testContext(t)
	topics := []string{events.TopicSubmitted, events.DLQTopic(events.ServiceOCR)}
	first, err := serde.New(ctx, rc, serde.Register, topics)
	if err != nil {
		t.Fatal(err)
	}
	second, err := serde.New(ctx, rc, serde.Register, topics)
	if err != nil {
		t.Fatal(err)
	}
	e := eventstest.Sample(mustSchema(t, events.TopicSubmitted), 1)
	a, _ := first.Encode(events.TopicSubmitted, e)
	b, _ := second.Encode(events.TopicSubmitted, e)
	if !bytes.Equal(a, b) {
		t.Errorf("encodings differ between two registrations: % x vs % x", a[:5], b[:5])
	}
	versions, err := rc.SubjectVersions(ctx, events.Subject(events.TopicSubmitted))
	if err != nil || len(versions) != 1 {
		t.Errorf("subject versions = %v, %v; want one", versions, err)
	}
}

func TestRegisterIncompatible(t *testing.T) {
	reg, rc := newRegistry(t)
	// srfake accepts anything; play a registry that refuses the schema.
	onPath(reg, http.MethodPost, "/subjects/docket.document.submitted-value/versions", http.StatusConflict,
		`{"error_code":409,"message":"Schema being registered is incompatible with an earlier schema"}`)
	_, err := serde.New(testContext(t), rc, serde.Register, []string{events.TopicSubmitted})
	wantErr(t, err, fault.Structural, serde.ErrIncompatible)
	if !strings.Contains(err.Error(), "docket.document.submitted-value") {
		t.Errorf("error %q does not name the subject", err)
	}
}

func TestVerifyOnEmptyRegistry(t *testing.T) {
	_, rc := newRegistry(t)
	_, err := serde.New(testContext(t), rc, serde.Verify, []string{events.TopicSubmitted})
	wantErr(t, err, fault.Structural, serde.ErrNotRegistered)
	const want = "schema for subject docket.document.submitted-value is not registered: run `docket admin schemas apply`"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}

func TestVerifyAfterApply(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	writes := 0
	reg.Intercept(func(_ http.ResponseWriter, r *http.Request) bool {
		if r.Method == http.MethodPut || strings.HasSuffix(r.URL.Path, "/versions") && r.Method == http.MethodPost {
			writes++
		}
		return false
	})
	s, err := serde.New(ctx, rc, serde.Verify, events.Topics())
	if err != nil {
		t.Fatalf("New(Verify): %v", err)
	}
	if writes != 0 {
		t.Errorf("Verify wrote to the registry %d times", writes)
	}
	b, err := s.Encode(events.TopicSubmitted, eventstest.Sample(mustSchema(t, events.TopicSubmitted), 3))
	if err != nil {
		t.Fatal(err)
	}
	if id, want := int(binary.BigEndian.Uint32(b[1:5])), latestID(t, rc, events.Subject(events.TopicSubmitted)); id != want {
		t.Errorf("encoded with id %d, want the current version's %d", id, want)
	}
}

func TestVerifyIncompatible(t *testing.T) {
	reg, rc := newRegistry(t)
	ctx := testContext(t)
	subject := events.Subject(events.TopicSubmitted)
	sch := mustSchema(t, events.TopicSubmitted)
	if _, _, err := reg.RegisterSchema(subject, sr.Schema{Schema: sch.Released[0]}); err != nil {
		t.Fatal(err)
	}
	onPath(reg, http.MethodPost, "/compatibility/subjects/"+subject+"/versions", http.StatusOK,
		`{"is_compatible":false,"messages":["field source has no default"]}`)
	_, err := serde.New(ctx, rc, serde.Verify, []string{events.TopicSubmitted})
	wantErr(t, err, fault.Structural, serde.ErrIncompatible)
	if !strings.Contains(err.Error(), subject) || !strings.Contains(err.Error(), "field source has no default") {
		t.Errorf("error %q should name the subject and the registry's reason", err)
	}
}

func TestNewRefusesTopicsWithoutSchema(t *testing.T) {
	_, rc := newRegistry(t)
	for _, topic := range []string{events.RetryTopic(events.ServiceOCR), "docket.unknown.topic"} {
		_, err := serde.New(testContext(t), rc, serde.Register, []string{topic})
		wantErr(t, err, fault.Structural, serde.ErrUnknownTopic)
	}
}

func TestNewRegistryDown(t *testing.T) {
	reg, rc := newRegistry(t)
	countRequests(reg, true)
	_, err := serde.New(testContext(t), rc, serde.Verify, []string{events.TopicSubmitted})
	wantErr(t, err, fault.Transient, nil)
}

func TestEncodeRefusals(t *testing.T) {
	_, rc := newRegistry(t)
	s, err := serde.New(testContext(t), rc, serde.Register, []string{events.TopicSubmitted})
	if err != nil {
		t.Fatal(err)
	}
	submitted := eventstest.Sample(mustSchema(t, events.TopicSubmitted), 1).(*events.DocumentSubmitted)
	noID := *submitted
	noID.Meta.EventID = ""
	tests := []struct {
		name   string
		topic  string
		e      events.Event
		target error
	}{
		{"topic not given to New", events.TopicExtracted, eventstest.Sample(mustSchema(t, events.TopicExtracted), 1), serde.ErrUnknownTopic},
		{"wrong type for topic", events.TopicSubmitted, eventstest.Sample(mustSchema(t, events.TopicExtracted), 1), nil},
		{"no event id", events.TopicSubmitted, &noID, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Encode(tt.topic, tt.e)
			wantErr(t, err, fault.Structural, tt.target)
		})
	}
}

// latestID returns the id of the subject's latest version.
func latestID(t *testing.T, rc *sr.Client, subject string) int {
	t.Helper()
	ss, err := rc.SchemaByVersion(t.Context(), subject, -1)
	if err != nil {
		t.Fatalf("latest version of %s: %v", subject, err)
	}
	return ss.ID
}

func mustSchema(t *testing.T, topic string) events.Schema {
	t.Helper()
	s, ok := events.ForTopic(topic)
	if !ok {
		t.Fatalf("no schema for %s", topic)
	}
	return s
}

// encodeWith writes e with an arbitrary writer schema and id, as another
// producer would.
func encodeWith(t *testing.T, id int, schemaText string, v any) []byte {
	t.Helper()
	schema, err := events.Parse(schemaText)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sr.AppendEncode(nil, v, &sr.ConfluentHeader{}, id, nil, func(b []byte, v any) ([]byte, error) {
		body, err := avro.Marshal(schema, v)
		return append(b, body...), err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
