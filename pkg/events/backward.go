package events

// Corrections and erasure (docket.workflow.control) travel with these
// kinds. The tracker's operator API produces the requests; the ledger
// answers them; ingest, the classifier, OCR and the tracker act on them.
const (
	// KindCorrectionRequested: an operator corrects a recorded workflow
	// (details DetailDocumentType, DetailOutcome, DetailRequestID).
	KindCorrectionRequested = "correction_requested"
	// KindCorrected: the ledger recorded the correction (details
	// DetailDocumentType, DetailOutcome, DetailPreviousType,
	// DetailPreviousOutcome, DetailReversalSequence, DetailSequence,
	// DetailLedgerPartition, DetailRecordHash).
	KindCorrected = "corrected"
	// KindCorrectionRefused: the ledger had no current record to correct;
	// the reason says why.
	KindCorrectionRefused = "correction_refused"
	// KindErasureRequested: an operator erases a workflow's content.
	KindErasureRequested = "erasure_requested"
	// KindErased: the ledger appended the erasure record (details
	// DetailSequence, DetailRecordHash).
	KindErased = "erased"
	// KindContentErased: ingest deleted the workflow's blobs (details
	// DetailDeleted).
	KindContentErased = "content_erased"
)

// Details keys of the correction and erasure kinds.
const (
	DetailDocumentType     = "document_type"
	DetailOutcome          = "outcome" // approved, rejected; empty keeps the current one
	DetailRequestID        = "request_id"
	DetailPreviousType     = "previous_type"
	DetailPreviousOutcome  = "previous_outcome"
	DetailReversalSequence = "reversal_sequence"
	DetailSequence         = "sequence"
	DetailLedgerPartition  = "ledger_partition"
	DetailRecordHash       = "record_hash" // hex
	DetailDeleted          = "deleted"     // content_erased: blobs deleted, decimal
)
