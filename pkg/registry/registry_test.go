package registry

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/sr"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// serve starts a registry on dir, served over real HTTP on a loopback port,
// and returns it with a franz-go client pointed at it. Cleanup closes both.
func serve(t *testing.T, dir string, opts ...Option) (*Registry, *sr.Client) {
	t.Helper()
	reg, cl, _ := serveURL(t, dir, opts...)
	return reg, cl
}

// serveURL is serve that also returns the registry's base URL.
func serveURL(t *testing.T, dir string, opts ...Option) (*Registry, *sr.Client, string) {
	t.Helper()
	reg, err := New(dir, opts...)
	if err != nil {
		t.Fatalf("New(%q): %v", dir, err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- reg.Serve(l) }()
	base := "http://" + l.Addr().String()
	tr := &http.Transport{}
	cl, err := sr.NewClient(sr.URLs(base), sr.HTTPClient(&http.Client{Transport: tr, Timeout: 10 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	var closed bool
	stop := func() {
		if closed {
			return
		}
		closed = true
		if err := reg.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		tr.CloseIdleConnections()
	}
	t.Cleanup(stop)
	return reg, cl, base
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func avroSchema(s string) sr.Schema { return sr.Schema{Schema: s, Type: sr.TypeAvro} }

func evt(fields string) string {
	return `{"type":"record","name":"Event","namespace":"docket.test","fields":[` + fields + `]}`
}

const (
	fieldA         = `{"name":"a","type":"string"}`
	fieldB         = `{"name":"b","type":"int"}`
	fieldBDefault  = `{"name":"b","type":"int","default":0}`
	fieldC         = `{"name":"c","type":"string"}`
	fieldCDefault  = `{"name":"c","type":"string","default":""}`
	fieldAInt      = `{"name":"a","type":"int"}`
	fieldBOptional = `{"name":"b","type":["null","int"],"default":null}`
)

func register(t *testing.T, cl *sr.Client, subject, schema string) int {
	t.Helper()
	id, err := cl.RegisterSchema(ctx(t), subject, avroSchema(schema), -1, -1)
	if err != nil {
		t.Fatalf("register %s: %v", subject, err)
	}
	return id
}

func responseError(t *testing.T, err error) *sr.ResponseError {
	t.Helper()
	var re *sr.ResponseError
	if !errors.As(err, &re) {
		t.Fatalf("got error %v (%T), want *sr.ResponseError", err, err)
	}
	return re
}

func setLevel(t *testing.T, cl *sr.Client, subject string, level sr.CompatibilityLevel) {
	t.Helper()
	var subjects []string
	if subject != "" {
		subjects = append(subjects, subject)
	}
	for _, res := range cl.SetCompatibility(ctx(t), sr.SetCompatibility{Level: level}, subjects...) {
		if res.Err != nil {
			t.Fatalf("set compatibility of %q to %s: %v", subject, level, res.Err)
		}
	}
}

func TestSupportedTypes(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	types, err := cl.SupportedTypes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(types) != 1 || types[0] != sr.TypeAvro {
		t.Fatalf("supported types %v, want [AVRO]", types)
	}
}

func TestPersistsAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	reg, cl := serve(t, dir)

	idA1 := register(t, cl, "docket.a-value", evt(fieldA))
	idA2 := register(t, cl, "docket.a-value", evt(fieldA+","+fieldBDefault))
	idB1 := register(t, cl, "docket.b-value", evt(fieldA)) // same schema, other subject: id reused
	idC1 := register(t, cl, "docket.c-value", evt(fieldC))
	if idB1 != idA1 {
		t.Errorf("same schema under another subject got id %d, want %d", idB1, idA1)
	}
	setLevel(t, cl, "", sr.CompatFull)
	setLevel(t, cl, "docket.a-value", sr.CompatBackwardTransitive)
	if err := cl.DeleteSchema(ctx(t), "docket.c-value", 1, sr.SoftDelete); err != nil {
		t.Fatalf("soft delete: %v", err)
	}
	if err := reg.Close(); err != nil {
		t.Fatal(err)
	}

	_, cl = serve(t, dir)
	for _, tc := range []struct {
		id     int
		schema string
	}{{idA1, evt(fieldA)}, {idA2, evt(fieldA + "," + fieldBDefault)}, {idC1, evt(fieldC)}} {
		got, err := cl.SchemaByID(ctx(t), tc.id)
		if err != nil {
			t.Fatalf("SchemaByID(%d) after restart: %v", tc.id, err)
		}
		if got.Schema != tc.schema {
			t.Errorf("SchemaByID(%d) = %s, want %s", tc.id, got.Schema, tc.schema)
		}
	}
	ss, err := cl.SchemaByVersion(ctx(t), "docket.a-value", 2)
	if err != nil {
		t.Fatal(err)
	}
	if ss.ID != idA2 {
		t.Errorf("docket.a-value v2 id = %d, want %d", ss.ID, idA2)
	}
	ss, err = cl.SchemaByVersion(ctx(t), "docket.b-value", 1)
	if err != nil {
		t.Fatal(err)
	}
	if ss.ID != idA1 {
		t.Errorf("docket.b-value v1 id = %d, want %d", ss.ID, idA1)
	}
	if _, err := cl.SchemaByVersion(ctx(t), "docket.c-value", 1); err == nil {
		t.Error("soft-deleted docket.c-value v1 is visible after restart")
	}

	levels := cl.Compatibility(ctx(t), "", "docket.a-value")
	if levels[0].Err != nil || levels[0].Level != sr.CompatFull {
		t.Errorf("global level after restart = %v (%v), want FULL", levels[0].Level, levels[0].Err)
	}
	if levels[1].Err != nil || levels[1].Level != sr.CompatBackwardTransitive {
		t.Errorf("subject level after restart = %v (%v), want BACKWARD_TRANSITIVE", levels[1].Level, levels[1].Err)
	}

	// Re-registering is idempotent after a restart, and a new schema gets an
	// id never used before.
	if id := register(t, cl, "docket.a-value", evt(fieldA)); id != idA1 {
		t.Errorf("re-register after restart: id %d, want %d", id, idA1)
	}
	idNew := register(t, cl, "docket.d-value", evt(fieldA+","+fieldC))
	for _, old := range []int{idA1, idA2, idC1} {
		if idNew == old {
			t.Errorf("new schema got id %d, already used", idNew)
		}
	}
}

func TestSecondRegistryOnSameDirFails(t *testing.T) {
	dir := t.TempDir()
	serve(t, dir)
	if reg, err := New(dir); err == nil {
		_ = reg.Close()
		t.Fatal("second New on a data directory in use succeeded")
	}
}

func TestInvalidSchemaIs422(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	// Defines docket.test.Shared, so that a later schema could wrongly lean
	// on it if parsing shared a name cache.
	register(t, cl, "defines-value", `{"type":"record","name":"Shared","namespace":"docket.test","fields":[{"name":"x","type":"int"}]}`)

	for _, tc := range []struct {
		name   string
		schema sr.Schema
	}{
		{"not JSON", avroSchema(`{"type":"record"`)},
		{"unknown type", avroSchema(`{"type":"record","name":"R","fields":[{"name":"a","type":"strin"}]}`)},
		{"record without fields", avroSchema(`{"type":"record","name":"R"}`)},
		{"default of the wrong type", avroSchema(evt(`{"name":"b","type":"int","default":"zero"}`))},
		{"duplicate field", avroSchema(evt(fieldA + "," + fieldA))},
		{"invalid name", avroSchema(`{"type":"record","name":"9lives","fields":[]}`)},
		{"enum without symbols", avroSchema(`{"type":"enum","name":"E"}`)},
		{"named type defined only in another schema", avroSchema(evt(`{"name":"s","type":"docket.test.Shared"}`))},
		{"JSON schema type", sr.Schema{Schema: `{"type":"object"}`, Type: sr.TypeJSON}},
		{"PROTOBUF schema type", sr.Schema{Schema: `syntax = "proto3"; message M {}`, Type: sr.TypeProtobuf}},
		{"missing reference", sr.Schema{Schema: evt(`{"name":"s","type":"docket.test.Shared"}`), References: []sr.SchemaReference{{Name: "docket.test.Shared", Subject: "nope", Version: 1}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := cl.RegisterSchema(ctx(t), "bad-value", tc.schema, -1, -1)
			re := responseError(t, err)
			if re.StatusCode != http.StatusUnprocessableEntity || re.ErrorCode != 42201 {
				t.Errorf("register: status %d code %d (%s), want 422 42201", re.StatusCode, re.ErrorCode, re.Message)
			}
			_, err = cl.CheckCompatibility(ctx(t), "defines-value", -1, tc.schema)
			re = responseError(t, err)
			if re.StatusCode != http.StatusUnprocessableEntity || re.ErrorCode != 42201 {
				t.Errorf("compatibility: status %d code %d (%s), want 422 42201", re.StatusCode, re.ErrorCode, re.Message)
			}
		})
	}
	if versions, err := cl.SubjectVersions(ctx(t), "bad-value"); err == nil {
		t.Errorf("invalid schemas left versions %v behind", versions)
	}
}

func TestReferences(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	register(t, cl, "shared", `{"type":"record","name":"Shared","namespace":"docket.test","fields":[{"name":"x","type":"int"}]}`)
	s := sr.Schema{
		Schema:     evt(`{"name":"s","type":"docket.test.Shared"}`),
		References: []sr.SchemaReference{{Name: "docket.test.Shared", Subject: "shared", Version: 1}},
	}
	if _, err := cl.RegisterSchema(ctx(t), "uses-value", s, -1, -1); err != nil {
		t.Fatalf("register with a reference: %v", err)
	}
}

func TestCompatibilityOnRegister(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level sr.CompatibilityLevel
		// history registers fine; candidate is then registered.
		history   []string
		candidate string
		wantOK    bool
	}{
		{"backward: add optional field", sr.CompatBackward, []string{evt(fieldA)}, evt(fieldA + "," + fieldBOptional), true},
		{"backward: add field without default", sr.CompatBackward, []string{evt(fieldA)}, evt(fieldA + "," + fieldB), false},
		{"backward: change field type", sr.CompatBackward, []string{evt(fieldA)}, evt(fieldAInt), false},
		{"backward: drop a field", sr.CompatBackward, []string{evt(fieldA + "," + fieldB)}, evt(fieldA), true},
		// v3 drops b's default: it can read v2 data (which has b) but not v1
		// data (which has none).
		{"backward: checks the latest only", sr.CompatBackward,
			[]string{evt(fieldA), evt(fieldA + "," + fieldBDefault)}, evt(fieldA + "," + fieldB), true},
		{"backward transitive: checks every version", sr.CompatBackwardTransitive,
			[]string{evt(fieldA), evt(fieldA + "," + fieldBDefault)}, evt(fieldA + "," + fieldB), false},
		{"forward: add field without default", sr.CompatForward, []string{evt(fieldA)}, evt(fieldA + "," + fieldB), true},
		{"forward: drop field without default", sr.CompatForward, []string{evt(fieldA + "," + fieldB)}, evt(fieldA), false},
		{"forward: drop field with default", sr.CompatForward, []string{evt(fieldA + "," + fieldBDefault)}, evt(fieldA), true},
		// v1 cannot read v3 data (b missing, no default in v1); v2 can.
		{"forward: checks the latest only", sr.CompatForward,
			[]string{evt(fieldA + "," + fieldB), evt(fieldA + "," + fieldBDefault)}, evt(fieldA), true},
		{"forward transitive: checks every version", sr.CompatForwardTransitive,
			[]string{evt(fieldA + "," + fieldB), evt(fieldA + "," + fieldBDefault)}, evt(fieldA), false},
		{"full: add field with default", sr.CompatFull, []string{evt(fieldA)}, evt(fieldA + "," + fieldCDefault), true},
		{"full: add field without default", sr.CompatFull, []string{evt(fieldA)}, evt(fieldA + "," + fieldC), false},
		{"full: drop field without default", sr.CompatFull, []string{evt(fieldA + "," + fieldC)}, evt(fieldA), false},
		{"full: checks the latest only", sr.CompatFull,
			[]string{evt(fieldA), evt(fieldA + "," + fieldBDefault)}, evt(fieldA + "," + fieldB), true},
		{"full transitive: checks every version", sr.CompatFullTransitive,
			[]string{evt(fieldA), evt(fieldA + "," + fieldBDefault)}, evt(fieldA + "," + fieldB), false},
		{"none: change field type", sr.CompatNone, []string{evt(fieldA)}, evt(fieldAInt), true},
		{"none: unrelated schema", sr.CompatNone, []string{evt(fieldA)}, `"string"`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, cl := serve(t, t.TempDir())
			const subject = "docket.test-value"
			setLevel(t, cl, subject, tc.level)
			for _, s := range tc.history {
				register(t, cl, subject, s)
			}
			_, err := cl.RegisterSchema(ctx(t), subject, avroSchema(tc.candidate), -1, -1)
			if tc.wantOK {
				if err != nil {
					t.Fatalf("register under %s: %v, want success", tc.level, err)
				}
				return
			}
			re := responseError(t, err)
			if re.StatusCode != http.StatusConflict || re.ErrorCode != 409 {
				t.Fatalf("register under %s: status %d code %d (%s), want 409 409", tc.level, re.StatusCode, re.ErrorCode, re.Message)
			}
			versions, err := cl.SubjectVersions(ctx(t), subject)
			if err != nil {
				t.Fatal(err)
			}
			if len(versions) != len(tc.history) {
				t.Errorf("versions after a refused register = %v, want %d", versions, len(tc.history))
			}
		})
	}
}

func TestDefaultLevelIsBackwardAndGlobalLevelApplies(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	got := cl.Compatibility(ctx(t))
	if got[0].Err != nil || got[0].Level != sr.CompatBackward {
		t.Fatalf("default global level = %v (%v), want BACKWARD", got[0].Level, got[0].Err)
	}
	register(t, cl, "s-value", evt(fieldA))
	// Adding a field without a default is FORWARD compatible only.
	setLevel(t, cl, "", sr.CompatForward)
	register(t, cl, "s-value", evt(fieldA+","+fieldB))
	setLevel(t, cl, "", sr.CompatBackward)
	if _, err := cl.RegisterSchema(ctx(t), "s-value", avroSchema(evt(fieldA+","+fieldB+","+fieldC)), -1, -1); err == nil {
		t.Fatal("global BACKWARD did not refuse a field without default")
	}
	// A subject level overrides the global one, and resetting it restores it.
	setLevel(t, cl, "s-value", sr.CompatNone)
	register(t, cl, "s-value", evt(fieldA+","+fieldB+","+fieldC))
	if res := cl.ResetCompatibility(ctx(t), "s-value"); res[0].Err != nil {
		t.Fatal(res[0].Err)
	}
	if _, err := cl.RegisterSchema(ctx(t), "s-value", avroSchema(evt(fieldAInt)), -1, -1); err == nil {
		t.Fatal("reset subject level still allowed an incompatible change")
	}
	// Resetting the global level restores the default.
	setLevel(t, cl, "", sr.CompatNone)
	if res := cl.ResetCompatibility(ctx(t)); res[0].Err != nil {
		t.Fatal(res[0].Err)
	}
	if got := cl.Compatibility(ctx(t)); got[0].Level != sr.CompatBackward {
		t.Errorf("global level after reset = %v, want BACKWARD", got[0].Level)
	}
}

func TestDefaultCompatibilityOption(t *testing.T) {
	_, cl := serve(t, t.TempDir(), DefaultCompatibility(sr.CompatBackwardTransitive))
	got := cl.Compatibility(ctx(t))
	if got[0].Err != nil || got[0].Level != sr.CompatBackwardTransitive {
		t.Fatalf("global level = %v (%v), want BACKWARD_TRANSITIVE", got[0].Level, got[0].Err)
	}
}

func TestInvalidConfigAndMode(t *testing.T) {
	_, cl, base := serveURL(t, t.TempDir())
	res := cl.SetCompatibility(ctx(t), sr.SetCompatibility{Level: sr.CompatibilityLevel(99)})
	if res[0].Err == nil {
		t.Error("unknown compatibility level accepted")
	}
	resp := put(t, base+"/config/x-value", `{"compatibility":"SIDEWAYS"}`)
	if resp.StatusCode != http.StatusUnprocessableEntity || resp.ErrorCode != 42203 {
		t.Errorf("PUT /config/x-value SIDEWAYS: status %d code %d, want 422 42203", resp.StatusCode, resp.ErrorCode)
	}
	for _, m := range cl.SetMode(ctx(t), sr.ModeReadOnly) {
		if m.Err == nil {
			t.Error("READONLY mode accepted, but it is not enforced")
		}
	}
	for _, m := range cl.SetMode(ctx(t), sr.ModeReadWrite) {
		if m.Err != nil {
			t.Errorf("READWRITE mode: %v", m.Err)
		}
	}
}

// put sends a raw PUT to url and returns the Confluent error it answered,
// with its status code.
func put(t *testing.T, url, body string) sr.ResponseError {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx(t), http.MethodPut, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var re sr.ResponseError
	_ = jsonDecode(resp, &re)
	re.StatusCode = resp.StatusCode
	return re
}

func TestCompatibilityEndpoint(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	const subject = "c-value"
	setLevel(t, cl, subject, sr.CompatBackwardTransitive)
	register(t, cl, subject, evt(fieldA))
	register(t, cl, subject, evt(fieldA+","+fieldBDefault))
	noDefault := avroSchema(evt(fieldA + "," + fieldB))

	for _, tc := range []struct {
		name    string
		version int // -1 latest, -2 all
		schema  sr.Schema
		want    bool
	}{
		{"latest, compatible", -1, noDefault, true},
		{"version 2, compatible", 2, noDefault, true},
		{"version 1, incompatible", 1, noDefault, false},
		{"all versions, transitive", -2, noDefault, false},
		{"all versions, optional field", -2, avroSchema(evt(fieldA + "," + fieldBOptional)), true},
		{"latest, type change", -1, avroSchema(evt(fieldAInt)), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := cl.CheckCompatibility(sr.WithParams(ctx(t), sr.Verbose), subject, tc.version, tc.schema)
			if err != nil {
				t.Fatal(err)
			}
			if res.Is != tc.want {
				t.Errorf("is_compatible = %v, want %v (messages %q)", res.Is, tc.want, res.Messages)
			}
			if !tc.want && len(res.Messages) == 0 {
				t.Error("verbose incompatible answer has no messages")
			}
		})
	}

	// Without verbose there are no messages.
	res, err := cl.CheckCompatibility(ctx(t), subject, 1, noDefault)
	if err != nil || res.Is || res.Messages != nil {
		t.Errorf("non-verbose: %+v, %v; want is_compatible false and no messages", res, err)
	}
	// The check registers nothing.
	if versions, _ := cl.SubjectVersions(ctx(t), subject); len(versions) != 2 {
		t.Errorf("versions after checks = %v, want 2", versions)
	}

	_, err = cl.CheckCompatibility(ctx(t), "missing-value", -1, noDefault)
	if re := responseError(t, err); re.StatusCode != http.StatusNotFound || re.ErrorCode != 40401 {
		t.Errorf("missing subject: status %d code %d, want 404 40401", re.StatusCode, re.ErrorCode)
	}
	_, err = cl.CheckCompatibility(ctx(t), subject, 7, noDefault)
	if re := responseError(t, err); re.StatusCode != http.StatusNotFound || re.ErrorCode != 40402 {
		t.Errorf("missing version: status %d code %d, want 404 40402", re.StatusCode, re.ErrorCode)
	}
	res, err = cl.CheckCompatibility(ctx(t), "missing-value", -2, noDefault)
	if err != nil || !res.Is {
		t.Errorf("all versions of a missing subject: %+v, %v; want compatible", res, err)
	}
}

func TestIdempotentRegister(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	const subject = "i-value"
	v1 := evt(fieldA)
	id1 := register(t, cl, subject, v1)
	if id := register(t, cl, subject, v1); id != id1 {
		t.Errorf("second register: id %d, want %d", id, id1)
	}
	// The same schema written differently is the same schema.
	reformatted := "{ \"namespace\": \"docket.test\", \"name\": \"Event\", \"type\": \"record\",\n \"fields\": [ " + fieldA + " ] }"
	if id := register(t, cl, subject, reformatted); id != id1 {
		t.Errorf("reformatted register: id %d, want %d", id, id1)
	}
	id2 := register(t, cl, subject, evt(fieldA+","+fieldBDefault))
	// v1 again, even though it is no longer the latest: its id, no new version.
	if id := register(t, cl, subject, v1); id != id1 {
		t.Errorf("re-register v1 after v2: id %d, want %d", id, id1)
	}
	versions, err := cl.SubjectVersions(ctx(t), subject)
	if err != nil {
		t.Fatal(err)
	}
	if len(versions) != 2 || id2 == id1 {
		t.Errorf("versions = %v ids %d %d, want 2 versions with distinct ids", versions, id1, id2)
	}
}

func TestNoneAllowsAnythingValid(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	const subject = "n-value"
	setLevel(t, cl, subject, sr.CompatNone)
	for _, s := range []string{evt(fieldA), evt(fieldAInt), `"string"`, `{"type":"array","items":"long"}`, evt(fieldB)} {
		register(t, cl, subject, s)
	}
	_, err := cl.RegisterSchema(ctx(t), subject, avroSchema(`{"type":"nope"}`), -1, -1)
	if re := responseError(t, err); re.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("invalid schema under NONE: status %d, want 422", re.StatusCode)
	}
}

func TestDeletes(t *testing.T) {
	dir := t.TempDir()
	reg, cl := serve(t, dir)
	const subject = "d-value"
	register(t, cl, subject, evt(fieldA))
	register(t, cl, subject, evt(fieldA+","+fieldBDefault))

	err := cl.DeleteSchema(ctx(t), subject, 2, sr.HardDelete)
	if re := responseError(t, err); re.ErrorCode != 40407 {
		t.Errorf("hard delete before soft delete: code %d, want 40407", re.ErrorCode)
	}
	if err := cl.DeleteSchema(ctx(t), subject, 2, sr.SoftDelete); err != nil {
		t.Fatal(err)
	}
	// With v2 gone, the subject is checked against v1 only: b without a
	// default is now refused under BACKWARD.
	if _, err := cl.RegisterSchema(ctx(t), subject, avroSchema(evt(fieldA+","+fieldB)), -1, -1); err == nil {
		t.Error("register checked against a soft-deleted version")
	}
	if err := cl.DeleteSchema(ctx(t), subject, 2, sr.HardDelete); err != nil {
		t.Fatalf("hard delete after soft delete: %v", err)
	}
	if _, err := cl.DeleteSubject(ctx(t), "other-value", sr.HardDelete); err == nil {
		t.Error("hard delete of a subject that does not exist succeeded")
	}
	register(t, cl, "gone-value", evt(fieldC))
	if _, err := cl.DeleteSubject(ctx(t), "gone-value", sr.HardDelete); err == nil {
		t.Error("hard delete of a live subject succeeded")
	}
	if _, err := cl.DeleteSubject(ctx(t), "gone-value", sr.SoftDelete); err != nil {
		t.Fatal(err)
	}
	if _, err := cl.DeleteSubject(ctx(t), "gone-value", sr.HardDelete); err != nil {
		t.Fatal(err)
	}
	if err := reg.Close(); err != nil {
		t.Fatal(err)
	}

	_, cl = serve(t, dir)
	versions, err := cl.SubjectVersions(ctx(t), subject)
	if err != nil || len(versions) != 1 || versions[0] != 1 {
		t.Errorf("versions after restart = %v, %v; want [1]", versions, err)
	}
	if _, err := cl.SubjectVersions(ctx(t), "gone-value"); err == nil {
		t.Error("permanently deleted subject is back after restart")
	}
	// The next version number continues past the deleted one.
	register(t, cl, subject, evt(fieldA+","+fieldCDefault))
	versions, _ = cl.SubjectVersions(ctx(t), subject)
	if len(versions) != 2 || versions[1] != 3 {
		t.Errorf("versions = %v, want [1 3]", versions)
	}
}

func TestTornLastLineIsDropped(t *testing.T) {
	dir := t.TempDir()
	reg, cl := serve(t, dir)
	id := register(t, cl, "t-value", evt(fieldA))
	if err := reg.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, logName)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"op":"register","subject":"t-value","vers`); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	_, cl = serve(t, dir)
	if got, err := cl.SchemaByID(ctx(t), id); err != nil || got.Schema != evt(fieldA) {
		t.Fatalf("SchemaByID(%d) after a torn tail = %v, %v", id, got, err)
	}
	register(t, cl, "t-value", evt(fieldA+","+fieldBDefault))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"); len(lines) != 2 {
		t.Errorf("log has %d lines after repair and one register, want 2:\n%s", len(lines), data)
	}
}

func TestDamagedLineStopsStart(t *testing.T) {
	dir := t.TempDir()
	data := "{\"op\":\"config\",\"level\":\"FULL\",\"at\":\"2026-01-01T00:00:00Z\"}\n" +
		"not json\n" +
		"{\"op\":\"config\",\"level\":\"NONE\",\"at\":\"2026-01-01T00:00:00Z\"}\n"
	if err := os.WriteFile(filepath.Join(dir, logName), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err := New(dir)
	if err == nil {
		_ = reg.Close()
		t.Fatal("New accepted a log with a damaged line in the middle")
	}
	if !strings.Contains(err.Error(), "line 2") {
		t.Errorf("error %q does not name line 2", err)
	}
}

func TestContextWritesRefused(t *testing.T) {
	_, cl, base := serveURL(t, t.TempDir())
	req, err := http.NewRequestWithContext(ctx(t), http.MethodPost, base+"/contexts/.dev/subjects/x-value/versions",
		strings.NewReader(`{"schema":"{\"type\":\"nope\"}"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("register inside a context: status %d, want 422", resp.StatusCode)
	}
	if subjects, err := cl.Subjects(ctx(t)); err != nil || len(subjects) != 0 {
		t.Errorf("subjects = %v, %v; want none", subjects, err)
	}
}

func TestCloseRefusesChanges(t *testing.T) {
	reg, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.register(context.Background(), "x-value", avroSchema(evt(fieldA))); err == nil {
		t.Error("register after Close succeeded")
	}
}

func jsonDecode(resp *http.Response, v any) error {
	return json.NewDecoder(resp.Body).Decode(v)
}

func TestConcurrentRegisterOfOneSchema(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	const n = 16
	ids := make(chan int, n)
	errs := make(chan error, n)
	for range n {
		go func() {
			id, err := cl.RegisterSchema(ctx(t), "cc-value", avroSchema(evt(fieldA)), -1, -1)
			ids <- id
			errs <- err
		}()
	}
	first := 0
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		id := <-ids
		if first == 0 {
			first = id
		}
		if id != first {
			t.Errorf("concurrent registers gave ids %d and %d", first, id)
		}
	}
	if versions, err := cl.SubjectVersions(ctx(t), "cc-value"); err != nil || len(versions) != 1 {
		t.Errorf("versions = %v, %v; want one", versions, err)
	}
}

func TestLogFailureRefusesFurtherChanges(t *testing.T) {
	reg, cl := serve(t, t.TempDir())
	register(t, cl, "f-value", evt(fieldA))
	// Make the next append fail, as a full or failing disk would.
	ro, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	orig := reg.log.f
	reg.log.f = ro
	t.Cleanup(func() { _ = orig.Close() })
	for i, s := range []string{evt(fieldA + "," + fieldBDefault), evt(fieldA + "," + fieldCDefault)} {
		_, err := cl.RegisterSchema(ctx(t), "f-value", avroSchema(s), -1, -1)
		if re := responseError(t, err); re.StatusCode != http.StatusInternalServerError || re.ErrorCode != 50001 {
			t.Errorf("register %d after a log failure: status %d code %d, want 500 50001", i, re.StatusCode, re.ErrorCode)
		}
	}
	// Reads still work.
	if _, err := cl.SchemaByVersion(ctx(t), "f-value", 1); err != nil {
		t.Errorf("read after a log failure: %v", err)
	}
}

// TestRawSchemaEndpoints: GET /schemas/ids/{id}/schema and
// /subjects/{s}/versions/{v}/schema answer the schema itself, unescaped, as
// Confluent's registry does (and franz-go's SchemaTextByID and
// SchemaTextByVersion expect), not a JSON string or a {"schema": …} object.
func TestRawSchemaEndpoints(t *testing.T) {
	_, cl, base := serveURL(t, t.TempDir())
	schema := evt(fieldA)
	id := register(t, cl, "raw-value", schema)
	register(t, cl, "raw-value", evt(fieldA+","+fieldBDefault))
	if err := cl.DeleteSchema(ctx(t), "raw-value", 2, sr.SoftDelete); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		path   string
		status int
		want   string // the body, or the error code
	}{
		{"by id", "/schemas/ids/" + strconv.Itoa(id) + "/schema", http.StatusOK, schema},
		{"by version", "/subjects/raw-value/versions/1/schema", http.StatusOK, schema},
		{"latest", "/subjects/raw-value/versions/latest/schema", http.StatusOK, schema},
		{"soft-deleted version, asked for", "/subjects/raw-value/versions/2/schema?deleted=true", http.StatusOK, evt(fieldA + "," + fieldBDefault)},
		{"unknown id", "/schemas/ids/999/schema", http.StatusNotFound, "40403"},
		{"unknown subject", "/subjects/nope-value/versions/latest/schema", http.StatusNotFound, "40401"},
		{"unknown version", "/subjects/raw-value/versions/7/schema", http.StatusNotFound, "40402"},
		{"soft-deleted version", "/subjects/raw-value/versions/2/schema", http.StatusNotFound, "40402"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Get(base + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, body, tc.status)
			}
			if ct := resp.Header.Get("Content-Type"); ct != contentType {
				t.Errorf("Content-Type %q, want %q", ct, contentType)
			}
			if tc.status != http.StatusOK {
				var e struct {
					Code int `json:"error_code"`
				}
				if err := json.Unmarshal(body, &e); err != nil || strconv.Itoa(e.Code) != tc.want {
					t.Fatalf("error body %s, want error_code %s", body, tc.want)
				}
				return
			}
			if got := strings.TrimSpace(string(body)); got != tc.want {
				t.Fatalf("body %s, want %s", got, tc.want)
			}
		})
	}
	got, err := cl.SchemaTextByID(ctx(t), id)
	if err != nil || strings.TrimSpace(got) != schema {
		t.Errorf("SchemaTextByID = %q, %v; want %s", got, err, schema)
	}
	got, err = cl.SchemaTextByVersion(ctx(t), "raw-value", 1)
	if err != nil || strings.TrimSpace(got) != schema {
		t.Errorf("SchemaTextByVersion = %q, %v; want %s", got, err, schema)
	}
}

// GET / is what clients and load balancers probe; Confluent's registry
// answers it with an empty object.
func TestRootAnswersEmptyObject(t *testing.T) {
	_, _, base := serveURL(t, t.TempDir())
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != "{}" {
		t.Errorf("GET / = %d %q, want 200 {}", resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); ct != contentType {
		t.Errorf("Content-Type = %q, want %q", ct, contentType)
	}
}

// Python's avro library writes a schema back with an explicit namespace on
// every named type. It is the same schema: lookup finds the registered
// version, and registering it adds no version.
func TestSameSchemaSpelledDifferentlyMatches(t *testing.T) {
	_, cl := serve(t, t.TempDir())
	const subject = "n-value"
	const docket = `{"type":"record","name":"Outer","namespace":"docket","doc":"d","fields":[
		{"name":"meta","type":{"type":"record","name":"Meta","fields":[{"name":"id","type":"string"}]}},
		{"name":"again","type":"Meta"},
		{"name":"n","type":"int","default":0}]}`
	const python = `{"type": "record", "namespace": "docket", "name": "Outer", "doc": "d", "fields": [
		{"type": {"type": "record", "namespace": "docket", "name": "Meta", "fields": [{"type": "string", "name": "id"}]}, "name": "meta"},
		{"type": "docket.Meta", "name": "again"},
		{"default": 0, "type": "int", "name": "n"}]}`
	id := register(t, cl, subject, docket)

	ss, err := cl.LookupSchema(ctx(t), subject, avroSchema(python))
	if err != nil {
		t.Fatalf("lookup of the same schema spelled as Python does: %v", err)
	}
	if ss.ID != id || ss.Version != 1 || ss.Schema.Schema != docket {
		t.Errorf("lookup = id %d version %d schema %q, want id %d version 1 and the registered text", ss.ID, ss.Version, ss.Schema.Schema, id)
	}
	if got := register(t, cl, subject, python); got != id {
		t.Errorf("register of the same schema spelled as Python does: id %d, want %d", got, id)
	}
	if versions, err := cl.SubjectVersions(ctx(t), subject); err != nil || len(versions) != 1 {
		t.Errorf("versions = %v (%v), want only 1", versions, err)
	}

	// A schema that differs only in a default is another schema.
	otherDefault := strings.Replace(python, `"default": 0`, `"default": 1`, 1)
	_, err = cl.LookupSchema(ctx(t), subject, avroSchema(otherDefault))
	if re := responseError(t, err); re.ErrorCode != sr.ErrSchemaNotFound.Code {
		t.Errorf("lookup of a schema with another default: error code %d, want %d", re.ErrorCode, sr.ErrSchemaNotFound.Code)
	}
	_, err = cl.LookupSchema(ctx(t), "missing-value", avroSchema(python))
	if re := responseError(t, err); re.ErrorCode != sr.ErrSubjectNotFound.Code {
		t.Errorf("lookup under a missing subject: error code %d, want %d", re.ErrorCode, sr.ErrSubjectNotFound.Code)
	}
}
