package index

import (
	"encoding/json"

	"github.com/docket-run/docket/pkg/events"
)

// An entry's JSON, the HTTP API's and the index's in Redis, names the
// fields of its document, decision, flags and model as their Avro schemas
// do (document.sha256, decision.document_type). The generated event types
// carry no JSON names, so these were once written under Go's (SHA256,
// DocumentType); entries the index stored so are still read: a key that
// differs from its field's name only in case matches it (Go's decoder),
// and the three that differ otherwise have a field of their own.

type blobJSON struct {
	URI       string `json:"uri"`
	SHA256    string `json:"sha256"`
	SizeBytes int64  `json:"size_bytes"`
	MediaType string `json:"media_type"`

	OldSizeBytes int64  `json:"SizeBytes,omitempty"`
	OldMediaType string `json:"MediaType,omitempty"`
}

type decisionJSON struct {
	DocumentType string `json:"document_type"`
	Outcome      string `json:"outcome"`

	OldDocumentType string `json:"DocumentType,omitempty"`
}

type flagJSON struct {
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

type modelJSON struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// entryFields is Entry without its methods; entryJSON's fields of the
// same names hide its nested event types.
type entryFields Entry

type entryJSON struct {
	entryFields
	Document blobJSON     `json:"document"`
	Decision decisionJSON `json:"decision"`
	Flags    []flagJSON   `json:"flags"`
	Model    *modelJSON   `json:"model,omitempty"`
}

// MarshalJSON writes e with the Avro names of its nested fields.
func (e Entry) MarshalJSON() ([]byte, error) {
	j := entryJSON{
		entryFields: entryFields(e),
		Document:    blobJSON{URI: e.Document.URI, SHA256: e.Document.SHA256, SizeBytes: e.Document.SizeBytes, MediaType: e.Document.MediaType},
		Decision:    decisionJSON{DocumentType: e.Decision.DocumentType, Outcome: e.Decision.Outcome},
		Flags:       make([]flagJSON, len(e.Flags)),
	}
	for i, f := range e.Flags {
		j.Flags[i] = flagJSON(f)
	}
	if e.Model != nil {
		j.Model = &modelJSON{Name: e.Model.Name, Version: e.Model.Version}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an entry under either names of its nested fields.
func (e *Entry) UnmarshalJSON(b []byte) error {
	var j entryJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*e = Entry(j.entryFields)
	d := j.Document
	e.Document = events.BlobRef{URI: d.URI, SHA256: d.SHA256, SizeBytes: max(d.SizeBytes, d.OldSizeBytes), MediaType: d.MediaType}
	if e.Document.MediaType == "" {
		e.Document.MediaType = d.OldMediaType
	}
	e.Decision = events.Decision{DocumentType: j.Decision.DocumentType, Outcome: j.Decision.Outcome}
	if e.Decision.DocumentType == "" {
		e.Decision.DocumentType = j.Decision.OldDocumentType
	}
	e.Flags = nil
	if j.Flags != nil {
		e.Flags = make([]events.Flag, len(j.Flags))
		for i, f := range j.Flags {
			e.Flags[i] = events.Flag(f)
		}
	}
	e.Model = nil
	if j.Model != nil {
		e.Model = &events.Model{Name: j.Model.Name, Version: j.Model.Version}
	}
	return nil
}
