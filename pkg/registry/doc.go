// Package registry is a Confluent-compatible schema registry for Docket's
// embedded mode and tests.
//
// It wraps franz-go's srfake, which serves the Confluent REST API from
// memory, and adds the three things srfake leaves out and Docket needs:
//
//   - Validation. A schema is parsed completely with hamba/avro (each parse in
//     a fresh name cache, so a schema cannot lean on a named type that some
//     other schema happened to define earlier). Invalid Avro is refused with
//     HTTP 422 and error_code 42201. Only AVRO is supported; JSON and
//     PROTOBUF schemas are refused with 422 as well.
//   - Compatibility. Registration and the /compatibility endpoints check a
//     schema against the subject's live (not soft-deleted) versions under the
//     subject's level, or the global level when the subject has none. The
//     global default is BACKWARD ([DefaultCompatibility] overrides it); the
//     standard /config and /config/{subject} endpoints change it.
//     BACKWARD checks that the new schema, as reader, can read data written
//     with the old one; FORWARD the reverse; FULL both. The *_TRANSITIVE
//     levels check against every live version, the others against the latest
//     only. An incompatible registration gets HTTP 409, error_code 409.
//     Registering a schema that is the same as a live version of the subject
//     returns that version's id without a check, as Confluent does.
//   - Matching by the parsed schema. Lookup (POST /subjects/{subject}) and
//     registration match a schema against a subject's versions by its
//     parsed form written back in full (every name qualified, attributes in
//     a fixed order), not by its text: Python's avro library spells nested
//     records with explicit namespaces, and that is the same schema. Docs,
//     defaults and aliases count, so a schema differing only in a default
//     is another schema; srfake matched by the text with its JSON keys
//     sorted. GET / answers {} as Confluent's registry does.
//   - Persistence. Every accepted change (a registration with the id and
//     version it got, a config change, a delete) is appended as one JSON line
//     to registry.jsonl in the data directory and fsynced before the HTTP
//     answer is sent. On start the log is replayed into a fresh srfake:
//     registrations with the logged ids through SeedSchema (and, for an id
//     already seeded under another subject, through RegisterSchema, checked
//     to give back the logged id and version), the rest through srfake's own
//     handlers. Schema ids therefore never change across restarts, which
//     matters because every stored Kafka record carries one.
//
// # Why a log file in the data directory
//
// DESIGN.md allows a compacted _schemas topic, as Confluent's registry uses.
// A file is used instead because the registry must be up before any
// producer or consumer can run, so it must not depend on the broker that the
// same embedded process starts; because kfake's cleaner compacts only every
// hour by default; and because putting the file in the same data folder as
// the kfake DataDir means the records and the schema ids they name are
// backed up, moved and wiped together. The log is append-only rather than a
// rewritten snapshot: a change costs one small write and one fsync, replay
// goes through srfake's own code (version numbering, soft and permanent
// deletes, id reuse across subjects) instead of a second model of it, and a
// schema registry sees few changes, so the file stays small. A write torn by
// a crash can only be the last line, which was never acknowledged; it is
// dropped on the next start. Any other damaged line stops the start.
//
// A data directory is used by one Registry at a time: New takes an
// exclusive lock on the log (where the platform has flock) and fails if
// another process holds it.
//
// # Not supported
//
// Schema contexts (/contexts/{ctx}/... writes are refused), IMPORT and
// READONLY modes (PUT /mode accepts only READWRITE), and registering with an
// explicit id or version. A schema registered under a second subject gets
// the id of an earlier registration only when its text matches (srfake's
// rule); Confluent reuses the id of the same parsed schema. srfake does not let a soft-deleted subject be
// registered to again until it is permanently deleted; Confluent does.
// If appending to the log fails, the change has already been applied in
// memory but was answered with HTTP 500; the registry then refuses every
// further change until it is restarted from the log.
package registry
