package events

// DocumentTypes are the document types of the built-in classifier model,
// "other" included: what a decision, a review and a correction may name
// unless a deployment configures its own list (a model trained on other
// types).
var DocumentTypes = []string{
	"bank_statement", "contract", "id_document", "insurance_claim", "invoice",
	"medical_record", "other", "purchase_order", "receipt", "tax_form",
}
