package events

import "strings"

// Topics of the events, one schema each.
const (
	TopicRequested       = "docket.document.requested"
	TopicSubmitted       = "docket.document.submitted"
	TopicRejected        = "docket.document.rejected"
	TopicExtracted       = "docket.document.extracted"
	TopicClassified      = "docket.document.classified"
	TopicReviewRequested = "docket.review.requested"
	TopicReviewDecided   = "docket.review.decided"
	TopicRecorded        = "docket.document.recorded"
	TopicLedger          = "docket.ledger"
	// TopicLedgerCheckpoints holds signed checkpoints of the ledger's
	// chains: partition p those of docket.ledger partition p.
	TopicLedgerCheckpoints = "docket.ledger.checkpoints"
	TopicControl           = "docket.workflow.control"
	// TopicSteps carries what a service reports about its own steps: a
	// long step's step_started and step_progress, and the canceled event of
	// a workflow whose record it skipped. Its values are WorkflowControl
	// records like the control topic's, but it is a topic of its own so
	// that a service which may not steer workflows (OCR, which parses
	// hostile files) is granted no write on docket.workflow.control.
	TopicSteps = "docket.workflow.steps"
	// TopicAudit is the append-only audit log of operator actions, kept
	// forever like the ledger.
	TopicAudit = "docket.audit"
)

// WrittenOutside reports whether producers outside Docket write a topic's
// values (Docket reads them): only docket.document.requested, the
// submission requests of other systems. Its subject's compatibility protects
// Docket's readers from those writers.
func WrittenOutside(topic string) bool { return topic == TopicRequested }

// Services that consume Docket events and so each have a dead-letter and a
// retry topic.
const (
	ServiceIngest      = "ingest"
	ServiceOCR         = "ocr"
	ServiceClassifier  = "classifier"
	ServiceLedger      = "ledger"
	ServiceException   = "exception"
	ServiceSagaTracker = "sagatracker"
)

// Services returns every Docket service name.
func Services() []string {
	return []string{ServiceIngest, ServiceOCR, ServiceClassifier, ServiceLedger, ServiceException, ServiceSagaTracker}
}

// DLQTopic returns the dead-letter topic of a service, docket.<service>.dlq.
// Its values are DeadLetter records, under the subject
// docket.<service>.dlq-value.
func DLQTopic(service string) string { return "docket." + service + ".dlq" }

// RetryTopic returns the retry topic of a service, docket.<service>.retry.
// It carries the original records verbatim (key, value with its schema id,
// headers), so it has no schema and no subject of its own: decode its values
// like those of the source topic, by schema id.
func RetryTopic(service string) string { return "docket." + service + ".retry" }

// Subject returns the schema registry subject of a topic's values
// (TopicNameStrategy): <topic>-value.
func Subject(topic string) string { return topic + "-value" }

// DLQService returns the service of a dead-letter topic, and whether topic
// is one.
func DLQService(topic string) (string, bool) {
	return infix(topic, ".dlq")
}

// RetryService returns the service of a retry topic, and whether topic is
// one.
func RetryService(topic string) (string, bool) {
	return infix(topic, ".retry")
}

func infix(topic, suffix string) (string, bool) {
	s, ok := strings.CutPrefix(topic, "docket.")
	if !ok {
		return "", false
	}
	s, ok = strings.CutSuffix(s, suffix)
	if !ok || s == "" || strings.Contains(s, ".") {
		return "", false
	}
	return s, true
}

// Topics returns every topic that carries a Docket schema: the event topics
// and the dead-letter topic of every service. Retry topics are not included
// (they have no schema of their own).
func Topics() []string {
	var out []string
	for _, s := range Schemas() {
		if s.Topic != "" {
			out = append(out, s.Topic)
		}
	}
	out = append(out, TopicSteps)
	for _, svc := range Services() {
		out = append(out, DLQTopic(svc))
	}
	return out
}
