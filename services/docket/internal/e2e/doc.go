// Package e2e holds the end-to-end test of the document pipeline: ingest,
// ocr, classifier and ledger run as separate OS processes against a kfake
// broker over TCP, a schema registry and a real redis-server.
package e2e
