// Package events holds Docket's event contracts as Go types and the catalog
// that ties each one to its Avro schema and Kafka topic.
//
// The source of truth is the Avro schemas in schemas/<event>/v<N>.avsc at
// the root of the repository, every released version kept, the highest
// current. The catalog reads their texts from that folder, embedded by the
// small module github.com/docket-run/docket/schemas (go:embed cannot reach
// outside a module's folder); types_gen.go and catalog_gen.go are generated
// from them; from the pkg folder run
//
//	go run ./events/internal/gen -schemas ../schemas -out ./events
//
// (make schemas). Never edit the generated files.
//
// Every event starts with the envelope Meta. causation_id is a plain string,
// empty when an event has no cause inside Docket, rather than a nullable
// field: consumers never need a nil check, and "no cause" has one spelling.
package events

import "github.com/hamba/avro/v2"

// Event is implemented by every Docket event type.
type Event interface {
	// EventMeta returns the event's envelope. It never returns nil.
	EventMeta() *Meta
}

// Namespace is the Avro namespace of every Docket type.
const Namespace = "docket"

// Parse parses an Avro schema text on its own: named types it defines do not
// leak into, nor come from, any other parsed schema. Use it for every Docket
// schema, since each file defines Meta and two versions of one event define
// the same record name.
func Parse(text string) (avro.Schema, error) {
	return avro.ParseWithCache(text, "", &avro.SchemaCache{})
}
