package events

import (
	"strings"
	"testing"
	"testing/fstest"
)

// build reads each version's text from the schema files, in the table's
// order, the last being the current one.
func TestBuildReadsTheSchemaFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"document_submitted/v1.avsc": {Data: []byte("v1 text")},
		"document_submitted/v2.avsc": {Data: []byte("v2 text")},
	}
	got := build(fsys, []generatedSchema{{
		name:     "DocumentSubmitted",
		released: []string{"document_submitted/v1.avsc", "document_submitted/v2.avsc"},
		new:      func() Event { return new(DocumentSubmitted) },
	}})
	if len(got) != 1 {
		t.Fatalf("build returned %d schemas, want 1", len(got))
	}
	s := got[0]
	if s.Name != "DocumentSubmitted" || s.Topic != TopicSubmitted || s.Text != "v2 text" ||
		len(s.Released) != 2 || s.Released[0] != "v1 text" || s.Released[1] != "v2 text" {
		t.Errorf("build = %+v, want DocumentSubmitted on %s with texts v1, v2", s, TopicSubmitted)
	}
}

// A file the generated table names but the schemas lack is a broken build:
// build panics, naming it.
func TestBuildPanicsOnAMissingFile(t *testing.T) {
	defer func() {
		v := recover()
		if msg, _ := v.(string); !strings.Contains(msg, "document_submitted/v2.avsc") {
			t.Errorf("panic %v, want one naming document_submitted/v2.avsc", v)
		}
	}()
	build(fstest.MapFS{"document_submitted/v1.avsc": {Data: []byte("v1")}}, []generatedSchema{{
		name:     "DocumentSubmitted",
		released: []string{"document_submitted/v1.avsc", "document_submitted/v2.avsc"},
	}})
}
