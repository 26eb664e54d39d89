// Package interop proves that clients Docket does not write speak to it on a
// real Apache Kafka cluster: the Confluent Python client (confluent-kafka
// with its AvroSerializer, AvroDeserializer and SchemaRegistryClient),
// kafkajs with @kafkajs/confluent-schema-registry, and Kafka's own command
// line tools. Each client publishes a submission request to
// docket.document.requested as an outside producer would and reads its
// workflow's result back through the schema registry, while ingest, ocr,
// classifier and ledger run as separate processes.
//
// The clients are installed by testdata/deps.sh into the user's cache
// folder (a virtualenv from PyPI, node_modules from npm), keyed by their
// pins; `make interop-deps` runs it ahead of time.
package interop
