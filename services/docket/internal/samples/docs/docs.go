// Package docs embeds the rendered sample documents.
package docs

import "embed"

// FS holds one file per samples.Catalog entry.
//
//go:embed *.txt *.pdf *.png *.jpg *.tiff
var FS embed.FS
