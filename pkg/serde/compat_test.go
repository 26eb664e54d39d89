package serde_test

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/registry"
	"github.com/docket-run/docket/pkg/serde"
)

// embeddedRegistry serves Docket's own registry (the one `docket run`
// embeds, with its default level) over TCP and returns a client: unlike
// srfake it enforces compatibility.
func embeddedRegistry(t *testing.T) *sr.Client {
	t.Helper()
	reg, err := registry.New(t.TempDir(), registry.DefaultCompatibility(sr.CompatBackwardTransitive))
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- reg.Serve(l) }()
	t.Cleanup(func() {
		if err := reg.Close(); err != nil {
			t.Errorf("close registry: %v", err)
		}
		if err := <-done; err != nil {
			t.Errorf("serve registry: %v", err)
		}
	})
	rc, err := sr.NewClient(sr.URLs("http://" + l.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	return rc
}

// editFields returns the schema text with its top-level fields changed by
// edit.
func editFields(t *testing.T, text string, edit func([]map[string]any) []map[string]any) string {
	t.Helper()
	var s struct {
		Fields []map[string]any `json:"fields"`
	}
	var whole map[string]any
	if err := json.Unmarshal([]byte(text), &whole); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		t.Fatal(err)
	}
	whole["fields"] = edit(s.Fields)
	b, err := json.Marshal(whole)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docket.document.requested is written by outside producers and read by
// Docket. Two versions an outside producer registered under
// BACKWARD_TRANSITIVE broke Docket: one without idempotency_key (every
// request then dead-lettered) and one that renamed filename (Docket read
// it as empty). Under the level Apply now sets there, both are refused; a
// version Docket can read is accepted, and Apply reports it as foreign.
func TestOutsideWrittenSubjectRefusesVersionsDocketCannotRead(t *testing.T) {
	rc := embeddedRegistry(t)
	ctx := testContext(t)
	rows, err := serde.Apply(ctx, rc)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	requested := events.Subject(events.TopicRequested)
	for _, r := range rows {
		want := sr.CompatBackwardTransitive
		if r.Subject == requested {
			want = sr.CompatFullTransitive
		}
		if r.Compatibility != want {
			t.Errorf("%s v%d: compatibility %v, want %v", r.Subject, r.Release, r.Compatibility, want)
		}
	}
	if res := rc.Compatibility(ctx, requested)[0]; res.Err != nil || res.Level != sr.CompatFullTransitive {
		t.Fatalf("registry level of %s = %v, %v; want FULL_TRANSITIVE", requested, res.Level, res.Err)
	}

	sch, _ := events.ForTopic(events.TopicRequested)
	for _, base := range sch.Released {
		withoutKey := editFields(t, base, func(fs []map[string]any) []map[string]any {
			var out []map[string]any
			for _, f := range fs {
				if f["name"] != "idempotency_key" {
					out = append(out, f)
				}
			}
			return out
		})
		renamed := editFields(t, base, func(fs []map[string]any) []map[string]any {
			for _, f := range fs {
				if f["name"] == "filename" {
					f["name"], f["default"] = "file_name", ""
				}
			}
			return fs
		})
		for name, text := range map[string]string{"without idempotency_key": withoutKey, "filename renamed": renamed} {
			_, err := rc.RegisterSchema(ctx, requested, sr.Schema{Schema: text, Type: sr.TypeAvro}, -1, -1)
			var re *sr.ResponseError
			if !errors.As(err, &re) || re.StatusCode != http.StatusConflict || re.ErrorCode != sr.ErrIncompatibleSchema.Code {
				t.Errorf("register %s: %v, want HTTP 409 incompatible", name, err)
			}
		}
	}

	// An outside producer adding an optional field of its own is fine:
	// Docket's readers skip it.
	extra := editFields(t, sch.Text, func(fs []map[string]any) []map[string]any {
		return append(fs, map[string]any{"name": "source_system", "type": []any{"null", "string"}, "default": nil})
	})
	id, err := rc.RegisterSchema(ctx, requested, sr.Schema{Schema: extra, Type: sr.TypeAvro}, -1, -1)
	if err != nil {
		t.Fatalf("register a version with an extra optional field: %v", err)
	}
	again, err := serde.Apply(ctx, rc)
	if err != nil {
		t.Fatalf("second Apply: %v", err)
	}
	var foreign []serde.Applied
	for _, r := range again {
		if r.Status == serde.StatusForeign {
			foreign = append(foreign, r)
		}
	}
	if len(foreign) != 1 || foreign[0].Subject != requested || foreign[0].ID != id || foreign[0].Version != len(sch.Released)+1 {
		t.Errorf("foreign versions = %+v, want %s version %d id %d", foreign, requested, len(sch.Released)+1, id)
	}
}

// A registry that ran the old level may hold a version an outside producer
// registered that Docket cannot read. Apply then cannot register the next
// release under FULL_TRANSITIVE; its error names the version others
// registered, and its rows list it.
func TestApplyNamesForeignVersionsWhenAReleaseConflicts(t *testing.T) {
	rc := embeddedRegistry(t)
	ctx := testContext(t)
	requested := events.Subject(events.TopicRequested)
	sch, _ := events.ForTopic(events.TopicRequested)
	if res := rc.SetCompatibility(ctx, sr.SetCompatibility{Level: sr.CompatBackwardTransitive}, requested)[0]; res.Err != nil {
		t.Fatal(res.Err)
	}
	if _, err := rc.RegisterSchema(ctx, requested, sr.Schema{Schema: sch.Released[0], Type: sr.TypeAvro}, -1, -1); err != nil {
		t.Fatal(err)
	}
	withoutKey := editFields(t, sch.Released[0], func(fs []map[string]any) []map[string]any {
		var out []map[string]any
		for _, f := range fs {
			if f["name"] != "idempotency_key" {
				out = append(out, f)
			}
		}
		return out
	})
	id, err := rc.RegisterSchema(ctx, requested, sr.Schema{Schema: withoutKey, Type: sr.TypeAvro}, -1, -1)
	if err != nil {
		t.Fatalf("under BACKWARD_TRANSITIVE the version without idempotency_key was accepted; now: %v", err)
	}

	rows, err := serde.Apply(ctx, rc)
	if !errors.Is(err, serde.ErrIncompatible) || !strings.Contains(err.Error(), "versions others registered under "+requested+": 2") {
		t.Fatalf("Apply: %v, want ErrIncompatible naming version 2 as registered by others", err)
	}
	var foreign []serde.Applied
	for _, r := range rows {
		if r.Status == serde.StatusForeign {
			foreign = append(foreign, r)
		}
	}
	if len(foreign) != 1 || foreign[0].Version != 2 || foreign[0].ID != id {
		t.Errorf("foreign rows %+v, want version 2 id %d", foreign, id)
	}
}
