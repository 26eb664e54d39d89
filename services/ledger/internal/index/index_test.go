package index_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/services/ledger/internal/index"
)

// TestDocumentByWorkflowID: a document recorded by more workflows than a
// lookup returns gives the first hundred by workflow id, in that order,
// on every call (they came in the set's hash order, a different hundred
// from one lookup's truncation to another's).
func TestDocumentByWorkflowID(t *testing.T) {
	ctx := context.Background()
	s := index.New(dockettest.RedisClient(t, dockettest.Redis(t)))
	sha := strings.Repeat("ab", 32)
	var entries []index.Entry
	for _, i := range rand.Perm(150) {
		entries = append(entries, index.Entry{WorkflowID: fmt.Sprintf("wf-%03d", i), Sequence: int64(i), Hash: "00", Document: events.BlobRef{SHA256: sha}, Kind: ledgerchain.KindDisposition})
	}
	if err := s.Put(ctx, 0, entries, nil, index.Checkpoint{Next: 150}); err != nil {
		t.Fatal(err)
	}
	es, err := s.Document(ctx, sha)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 100 {
		t.Fatalf("%d entries, want 100", len(es))
	}
	for i, e := range es {
		if want := fmt.Sprintf("wf-%03d", i); e.WorkflowID != want {
			t.Fatalf("entry %d is %s, want %s", i, e.WorkflowID, want)
		}
	}
}

// TestEntryJSONNamesNestedFieldsAsTheSchemas: the API and the index write
// an entry's document, decision, flags and model under their Avro field
// names (found from outside: "document":{"URI","SHA256","SizeBytes"} beside
// snake_case everywhere else), and read entries stored under Go's names.
func TestEntryJSONNamesNestedFieldsAsTheSchemas(t *testing.T) {
	e := index.Entry{WorkflowID: "wf-1", Sequence: 7, Hash: "00", Kind: ledgerchain.KindDisposition,
		Document: events.BlobRef{URI: "file:///blobs/ab", SHA256: strings.Repeat("ab", 32), SizeBytes: 1234, MediaType: "application/pdf"},
		Decision: events.Decision{DocumentType: "invoice", Outcome: "accepted"},
		Flags:    []events.Flag{{Kind: "pii.iban", Detail: "an IBAN"}},
		Model:    &events.Model{Name: "builtin", Version: "v9"}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	doc, _ := m["document"].(map[string]any)
	dec, _ := m["decision"].(map[string]any)
	flags, _ := m["flags"].([]any)
	model, _ := m["model"].(map[string]any)
	if doc["sha256"] != e.Document.SHA256 || doc["size_bytes"] != 1234.0 || doc["media_type"] != "application/pdf" || doc["uri"] != e.Document.URI || len(doc) != 4 {
		t.Errorf("document = %v, want uri, sha256, size_bytes, media_type", doc)
	}
	if dec["document_type"] != "invoice" || dec["outcome"] != "accepted" || len(dec) != 2 {
		t.Errorf("decision = %v, want document_type and outcome", dec)
	}
	if len(flags) != 1 || flags[0].(map[string]any)["kind"] != "pii.iban" || model["version"] != "v9" || m["workflow_id"] != "wf-1" {
		t.Errorf("flags = %v, model = %v, workflow_id = %v", flags, model, m["workflow_id"])
	}
	var back index.Entry
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, e) {
		t.Errorf("read back %+v, %v; want %+v", back, err, e)
	}

	legacy := `{"workflow_id":"wf-1","sequence":7,"hash":"00","kind":"disposition",` +
		`"document":{"URI":"file:///blobs/ab","SHA256":"` + e.Document.SHA256 + `","SizeBytes":1234,"MediaType":"application/pdf"},` +
		`"decision":{"DocumentType":"invoice","Outcome":"accepted"},"flags":[{"Kind":"pii.iban","Detail":"an IBAN"}],` +
		`"model":{"Name":"builtin","Version":"v9"}}`
	var old index.Entry
	if err := json.Unmarshal([]byte(legacy), &old); err != nil || !reflect.DeepEqual(old, e) {
		t.Errorf("entry stored under Go's names read as %+v, %v; want %+v", old, err, e)
	}
}
