// Package schemas holds Docket's Avro event contracts, the .avsc files of
// this folder, embedded so that Go code reads them as they are: the folder
// is the only source of truth, with no copy to keep in step.
//
// Layout: one folder per event, <event>/v<N>.avsc for every released
// version (see README.md). Package events in pkg/ builds its catalog from
// FS; its Go types are generated from the same files (make schemas).
package schemas

import "embed"

// FS holds every released schema version as <event>/v<N>.avsc.
//
//go:embed */v*.avsc
var FS embed.FS
