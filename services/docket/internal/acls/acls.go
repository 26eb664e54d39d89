// Package acls derives the Kafka ACLs of each Docket service's principal
// from what the service declares it consumes and produces, and applies
// them: every principal gets exactly its topics, its consumer group and
// its transactional ids, nothing by prefix of another's. Only the ledger
// may write docket.ledger and its checkpoints; OCR, which parses hostile files, may write
// neither review decisions nor ledger records nor control events.
package acls

import (
	"slices"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/classifier"
	"github.com/docket-run/docket/services/exception"
	"github.com/docket-run/docket/services/ingest"
	"github.com/docket-run/docket/services/ledger"
	"github.com/docket-run/docket/services/ocr"
	"github.com/docket-run/docket/services/sagatracker"
)

// Grant is what one service's principal may do.
type Grant struct {
	Service   string
	Principal string // e.g. User:docket-ocr
	// Read and Write are topics (literal names).
	Read, Write []string
	// Group is the consumer group (literal) it reads as.
	Group string
	// TxnPrefix is the prefix of its transactional ids.
	TxnPrefix string
}

// Grants returns every service's grant; principal names each service's
// principal (for example "User:docket-" + service).
func Grants(principal func(service string) string) []Grant {
	var out []Grant
	for _, s := range []service.Spec{ingest.Spec(), ocr.Spec(), classifier.Spec(), ledger.Spec(), exception.Spec()} {
		g := Grant{
			Service:   s.Name,
			Principal: principal(s.Name),
			// A bus service reads its own retry topic and writes its
			// dead letters and redeliveries.
			Read:      append(slices.Clone(s.Consumes), events.RetryTopic(s.Name)),
			Write:     append(slices.Clone(s.Produces), events.DLQTopic(s.Name), events.RetryTopic(s.Name)),
			Group:     "docket-" + s.Name,
			TxnPrefix: "docket-" + s.Name + "-",
		}
		switch s.Name {
		case ledger.Name:
			// The ledger reads its own chains and their checkpoints back.
			g.Read = append(g.Read, events.TopicLedger, events.TopicLedgerCheckpoints)
		case exception.Name:
			// Redeliveries go to each service's retry topic; operator
			// actions to the control topic.
			for _, svc := range events.Services() {
				g.Write = append(g.Write, events.RetryTopic(svc))
			}
		}
		out = append(out, normalize(g))
	}
	// The saga tracker reads the topics it projects, and emits review
	// decisions, control events (cancel, deadlines) and the audit events
	// of its API's actions.
	out = append(out, normalize(Grant{
		Service:   sagatracker.Name,
		Principal: principal(sagatracker.Name),
		Read:      sagatracker.Topics(),
		Write:     []string{events.TopicReviewDecided, events.TopicControl, events.TopicAudit},
		Group:     "docket-" + sagatracker.Name,
		TxnPrefix: "docket-" + sagatracker.Name + "-",
	}))
	return out
}

func normalize(g Grant) Grant {
	slices.Sort(g.Read)
	g.Read = slices.Compact(g.Read)
	slices.Sort(g.Write)
	g.Write = slices.Compact(g.Write)
	return g
}
