// Package eval measures Docket on the classifier's evaluation set
// (services/classifier/eval): hand-written documents unlike the training
// corpus, each with its ground truth, rendered as plain text, text-layer
// PDF, and scanned PNG and PDF with scan defects, submitted to a running
// suite through ingest's HTTP API and scored on what comes back.
package eval

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Formats a document is submitted in.
const (
	FormatText    = "txt"      // plain text
	FormatTextPDF = "pdf"      // PDF with a text layer
	FormatPNG     = "png"      // one scanned page as a PNG
	FormatScanPDF = "scan-pdf" // scanned pages in a PDF, no text layer
)

// Scanned reports whether format is an image only OCR can read.
func Scanned(format string) bool { return format == FormatPNG || format == FormatScanPDF }

// Doc is one document of the set and its ground truth.
type Doc struct {
	Name string `json:"name"`
	// Type is the document type a reader gives it.
	Type string `json:"type"`
	// Formats it is submitted in by the full set; CI those of the reduced set.
	Formats []string `json:"formats"`
	CI      []string `json:"ci"`
	// PII are the personal data items, as written.
	PII []PII `json:"pii"`
	// Amounts are its money amounts as written; MaxAmount the largest
	// transaction amount (limits such as an insured maximum are none).
	Amounts   []string `json:"amounts"`
	MaxAmount float64  `json:"max_amount"`
	// Text is the source, pages split by form feeds.
	Text string `json:"-"`
}

// PII is one item of personal data: its kind as the classifier names it
// (phone, email, iban, bank_account, payment_card, ssn, national_id,
// date_of_birth) and
// its value.
type PII struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// Variant is a document in one format.
type Variant struct {
	Doc    *Doc
	Format string
}

// File is the variant's file name as submitted.
func (v Variant) File() string {
	if v.Format == FormatScanPDF {
		return v.Doc.Name + "-scan.pdf"
	}
	return v.Doc.Name + "." + v.Format
}

// Load reads the set in dir: truth.json and docs/<name>.txt.
func Load(dir string) ([]*Doc, error) {
	b, err := os.ReadFile(filepath.Join(dir, "truth.json"))
	if err != nil {
		return nil, fmt.Errorf("read eval truth: %w", err)
	}
	var truth struct {
		Documents []*Doc `json:"documents"`
	}
	if err := json.Unmarshal(b, &truth); err != nil {
		return nil, fmt.Errorf("parse eval truth: %w", err)
	}
	for _, d := range truth.Documents {
		src, err := os.ReadFile(filepath.Join(dir, "docs", d.Name+".txt"))
		if err != nil {
			return nil, fmt.Errorf("read eval document: %w", err)
		}
		d.Text = strings.TrimRight(string(src), "\n")
		for _, f := range d.CI {
			if !slices.Contains(d.Formats, f) {
				return nil, fmt.Errorf("eval document %s: CI format %q is not among its formats %v", d.Name, f, d.Formats)
			}
		}
	}
	return truth.Documents, nil
}

// Variants returns every document's variants of the full set, or of the
// reduced set CI runs.
func Variants(docs []*Doc, full bool) []Variant {
	var vs []Variant
	for _, d := range docs {
		formats := d.CI
		if full {
			formats = d.Formats
		}
		for _, f := range formats {
			vs = append(vs, Variant{Doc: d, Format: f})
		}
	}
	return vs
}

// Pages returns the source's pages.
func (d *Doc) Pages() []string { return strings.Split(d.Text, "\f") }

// PIICounts returns how many times each kind of personal data occurs in
// the text: every occurrence of every distinct item counts, as the
// classifier's flags count occurrences.
func (d *Doc) PIICounts() map[string]int {
	n := map[string]int{}
	seen := map[PII]bool{}
	for _, p := range d.PII {
		if !seen[p] {
			seen[p] = true
			n[p.Kind] += strings.Count(d.Text, p.Value)
		}
	}
	return n
}
