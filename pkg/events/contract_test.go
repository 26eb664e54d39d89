package events_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hamba/avro/v2"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/events/eventstest"
)

// schemasDir is the repository's schemas folder, seen from this package.
var schemasDir = filepath.Join("..", "..", "schemas")

func parse(t *testing.T, text string) *avro.RecordSchema {
	t.Helper()
	s, err := events.Parse(text)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	rec, ok := s.(*avro.RecordSchema)
	if !ok {
		t.Fatalf("schema is a %s, want a record", s.Type())
	}
	return rec
}

func TestEverySchemaFileParses(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(schemasDir, "*", "v*.avsc"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no schema files under %s", schemasDir)
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			parse(t, string(b))
		})
	}
	for _, s := range events.Schemas() {
		for i, text := range s.Released {
			t.Run(fmt.Sprintf("%s/v%d", s.Name, i+1), func(t *testing.T) {
				rec := parse(t, text)
				if rec.FullName() != s.FullName() {
					t.Errorf("record name = %s, want %s", rec.FullName(), s.FullName())
				}
			})
		}
	}
}

// TestBackwardTransitive proves that the current version of every schema can
// read data written with each released version (the registry's
// BACKWARD_TRANSITIVE rule).
//
// Every check uses a fresh checker: hamba caches answers by a fingerprint
// that ignores defaults, so a shared one could reuse a wrong answer.
func TestBackwardTransitive(t *testing.T) {
	for _, s := range events.Schemas() {
		reader := parse(t, s.Text)
		for i, text := range s.Released {
			t.Run(fmt.Sprintf("%s/v%d", s.Name, i+1), func(t *testing.T) {
				if err := avro.NewSchemaCompatibility().Compatible(reader, parse(t, text)); err != nil {
					t.Errorf("current %s cannot read v%d: %v", s.Name, i+1, err)
				}
			})
		}
	}
}

// TestOlderWritersDecode writes a record with every released writer schema
// and decodes it with the current reader schema into the Go type: what the
// writer wrote comes back intact and fields the writer did not know take
// their defaults.
func TestOlderWritersDecode(t *testing.T) {
	for _, s := range events.Schemas() {
		reader := parse(t, s.Text)
		for i, text := range s.Released {
			t.Run(fmt.Sprintf("%s/v%d", s.Name, i+1), func(t *testing.T) {
				writer := parse(t, text)
				data, err := avro.Marshal(writer, eventstest.Sample(s, i+1))
				if err != nil {
					t.Fatalf("encode with v%d: %v", i+1, err)
				}
				resolved, err := avro.NewSchemaCompatibility().Resolve(reader, writer)
				if err != nil {
					t.Fatalf("resolve: %v", err)
				}
				got := s.New()
				if err := avro.Unmarshal(resolved, data, got); err != nil {
					t.Fatalf("decode with current reader: %v", err)
				}
				again, err := avro.Marshal(writer, got)
				if err != nil {
					t.Fatalf("re-encode: %v", err)
				}
				if !bytes.Equal(again, data) {
					t.Errorf("fields written with v%d changed on the way through the current reader", i+1)
				}
				checkDefaults(t, reader, writer, reflect.ValueOf(got).Elem(), s.Name)
			})
		}
	}
}

func TestSubmittedV1ReadsAsHTTP(t *testing.T) {
	s, _ := events.ForTopic(events.TopicSubmitted)
	if len(s.Released) < 2 {
		t.Fatalf("submitted has %d released versions, want at least 2", len(s.Released))
	}
	v1 := parse(t, s.Released[0])
	in := eventstest.Sample(s, 7).(*events.DocumentSubmitted)
	in.Source = "inbox" // not in v1: must not survive
	data, err := avro.Marshal(v1, in)
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := avro.NewSchemaCompatibility().Resolve(parse(t, s.Text), v1)
	if err != nil {
		t.Fatal(err)
	}
	var got events.DocumentSubmitted
	if err := avro.Unmarshal(resolved, data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Source != "http" {
		t.Errorf("Source = %q, want the default %q", got.Source, "http")
	}
	if got.Meta.EventID != in.Meta.EventID || got.Document != in.Document || !got.Deadline.Equal(in.Deadline) {
		t.Errorf("got %+v, want the v1 fields of %+v", got, in)
	}
}

// checkDefaults checks that the fields of reader missing from writer hold
// their defaults in v, the decoded Go value, recursing into records both
// schemas have.
func checkDefaults(t *testing.T, reader, writer *avro.RecordSchema, v reflect.Value, path string) {
	t.Helper()
	written := map[string]*avro.Field{}
	for _, f := range writer.Fields() {
		written[f.Name()] = f
	}
	for _, rf := range reader.Fields() {
		fv := fieldByTag(v, rf.Name())
		if !fv.IsValid() {
			t.Errorf("%s.%s: no Go field", path, rf.Name())
			continue
		}
		wf, ok := written[rf.Name()]
		if !ok {
			if !rf.HasDefault() {
				t.Errorf("%s.%s: added without a default", path, rf.Name())
			} else if !matchesDefault(fv, rf.Default()) {
				t.Errorf("%s.%s = %v, want the default %v", path, rf.Name(), fv.Interface(), rf.Default())
			}
			continue
		}
		rr, rok := record(rf.Type())
		wr, wok := record(wf.Type())
		if rok && wok && fv.Kind() == reflect.Struct {
			checkDefaults(t, rr, wr, fv, path+"."+rf.Name())
		}
	}
}

func record(s avro.Schema) (*avro.RecordSchema, bool) {
	if ref, ok := s.(*avro.RefSchema); ok {
		s = ref.Schema()
	}
	r, ok := s.(*avro.RecordSchema)
	return r, ok
}

func fieldByTag(v reflect.Value, name string) reflect.Value {
	for i := range v.NumField() {
		if v.Type().Field(i).Tag.Get("avro") == name {
			return v.Field(i)
		}
	}
	return reflect.Value{}
}

// matchesDefault compares a decoded Go value with an Avro default as the
// schema parser returns it (nil, string, bool, float64, []any, map[string]any).
func matchesDefault(v reflect.Value, def any) bool {
	switch d := def.(type) {
	case nil:
		return v.IsZero()
	case string:
		return v.Kind() == reflect.String && v.String() == d
	case bool:
		return v.Kind() == reflect.Bool && v.Bool() == d
	case float64:
		switch v.Kind() {
		case reflect.Int, reflect.Int32, reflect.Int64:
			return float64(v.Int()) == d
		case reflect.Float32, reflect.Float64:
			return v.Float() == d
		}
	case int, int32, int64, float32:
		return matchesDefault(v, reflect.ValueOf(d).Convert(reflect.TypeFor[float64]()).Interface())
	case []byte:
		return v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 && bytes.Equal(v.Bytes(), d)
	case []any:
		return (v.Kind() == reflect.Slice) && v.Len() == 0 && len(d) == 0
	case map[string]any:
		return (v.Kind() == reflect.Map) && v.Len() == 0 && len(d) == 0
	}
	return false
}
