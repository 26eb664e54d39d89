package events

import "strconv"

// Details of a WorkflowControl event that name the workflow's document:
// on the exception agent's replayed and discarded events (the ledger
// records a discarded workflow's document from them) and on the tracker's
// deadline_exceeded event (the agent's deadline review names it).
const (
	DetailDocumentURI       = "document_uri"
	DetailDocumentSHA256    = "document_sha256"
	DetailDocumentSize      = "document_size_bytes"
	DetailDocumentMediaType = "document_media_type"
)

// AddDocumentDetails writes doc into control event details.
func AddDocumentDetails(details map[string]string, doc BlobRef) {
	details[DetailDocumentURI] = doc.URI
	details[DetailDocumentSHA256] = doc.SHA256
	details[DetailDocumentSize] = strconv.FormatInt(doc.SizeBytes, 10)
	details[DetailDocumentMediaType] = doc.MediaType
}

// DocumentFromDetails reads a document from control event details; the
// zero BlobRef's fields where they are missing.
func DocumentFromDetails(d map[string]string) BlobRef {
	size, _ := strconv.ParseInt(d[DetailDocumentSize], 10, 64)
	return BlobRef{URI: d[DetailDocumentURI], SHA256: d[DetailDocumentSHA256], SizeBytes: size, MediaType: d[DetailDocumentMediaType]}
}
