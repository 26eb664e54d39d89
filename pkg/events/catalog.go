package events

import (
	"fmt"
	"io/fs"
	"slices"

	"github.com/docket-run/docket/schemas"
)

// Schema is an event type of the catalog.
type Schema struct {
	// Name is the Avro record name without namespace, e.g. DocumentSubmitted,
	// which is also the Go type's name.
	Name string
	// Topic carries the event. It is empty for DeadLetter in Schemas(),
	// whose topics are per service (DLQTopic); ForTopic fills it in.
	Topic string
	// Text is the current schema, verbatim from schemas/.
	Text string
	// Released holds the text of every released version, v1 first; the last
	// one is Text.
	Released []string
	// New returns a new, empty value of the event's Go type.
	New func() Event
}

// FullName returns the Avro full name, e.g. docket.DocumentSubmitted.
func (s Schema) FullName() string { return Namespace + "." + s.Name }

// generatedSchema is a row of the generated catalog table.
type generatedSchema struct {
	name     string
	released []string // files in schemas.FS, v1 first
	new      func() Event
}

// topicOf gives the topic of each event record, in workflow order; that is
// also the order of Schemas(). DeadLetter has one topic per service.
var topicOf = []struct{ name, topic string }{
	{"DocumentRequested", TopicRequested},
	{"DocumentSubmitted", TopicSubmitted},
	{"DocumentRejected", TopicRejected},
	{"DocumentExtracted", TopicExtracted},
	{"DocumentClassified", TopicClassified},
	{"ReviewRequested", TopicReviewRequested},
	{"ReviewDecided", TopicReviewDecided},
	{"LedgerRecord", TopicLedger},
	{"LedgerCheckpoint", TopicLedgerCheckpoints},
	{"DocumentRecorded", TopicRecorded},
	{"WorkflowControl", TopicControl},
	{"AuditEvent", TopicAudit},
	{"DeadLetter", ""},
}

// catalog is built once from the generated table and the schema files
// embedded from schemas/.
var catalog = build(schemas.FS, generated)

// build makes the catalog from the table, reading each version's text from
// fsys. A file the table names but fsys lacks is a broken build (the table
// is generated from the same folder), so it panics.
func build(fsys fs.FS, table []generatedSchema) []Schema {
	order := func(name string) int {
		return slices.IndexFunc(topicOf, func(t struct{ name, topic string }) bool { return t.name == name })
	}
	out := make([]Schema, 0, len(table))
	for _, g := range table {
		released := make([]string, len(g.released))
		for i, file := range g.released {
			b, err := fs.ReadFile(fsys, file)
			if err != nil {
				panic(fmt.Sprintf("events: schema %s of %s: %v", file, g.name, err))
			}
			released[i] = string(b)
		}
		s := Schema{
			Name:     g.name,
			Text:     released[len(released)-1],
			Released: released,
			New:      g.new,
		}
		if i := order(g.name); i >= 0 {
			s.Topic = topicOf[i].topic
		}
		out = append(out, s)
	}
	// Known events in workflow order; any without a topic (a new schema not
	// yet added to topicOf) last, where a test catches it.
	slices.SortStableFunc(out, func(a, b Schema) int {
		oa, ob := order(a.Name), order(b.Name)
		if oa < 0 {
			oa = len(topicOf)
		}
		if ob < 0 {
			ob = len(topicOf)
		}
		return oa - ob
	})
	return out
}

// Schemas returns every event schema of the catalog.
func Schemas() []Schema {
	out := slices.Clone(catalog)
	for i := range out {
		out[i].Released = slices.Clone(out[i].Released)
	}
	return out
}

// ForTopic returns the schema of a topic's values. It knows the dead-letter
// topics of any service (docket.<service>.dlq) and the steps topic (the
// control topic's schema), for which the returned Schema's Topic is the
// given topic. Retry topics have no schema of their own and are not found.
func ForTopic(topic string) (Schema, bool) {
	_, dlq := DLQService(topic)
	for _, s := range catalog {
		if s.Topic == topic || (dlq && s.Name == "DeadLetter") || (topic == TopicSteps && s.Topic == TopicControl) {
			s.Topic = topic
			s.Released = slices.Clone(s.Released)
			return s, true
		}
	}
	return Schema{}, false
}

// ForRecord returns the schema of an Avro record by full name, e.g.
// docket.DocumentSubmitted.
func ForRecord(fullName string) (Schema, bool) {
	for _, s := range catalog {
		if s.FullName() == fullName {
			s.Released = slices.Clone(s.Released)
			return s, true
		}
	}
	return Schema{}, false
}
