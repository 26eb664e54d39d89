package eval

import (
	"slices"
	"strings"
	"testing"
)

// setDir is the classifier's evaluation set, from this package's folder.
const setDir = "../../../classifier/eval"

// types are the classifier's document types (its corpus folders).
var types = []string{"bank_statement", "contract", "id_document", "insurance_claim", "invoice",
	"medical_record", "other", "purchase_order", "receipt", "tax_form"}

// TestSetLoads: the set loads, covers every type in every format, and
// every truth item (personal data, amounts) is written in its source.
func TestSetLoads(t *testing.T) {
	docs, err := Load(setDir)
	if err != nil {
		t.Fatal(err)
	}
	perType, formats := map[string]int{}, map[string]int{}
	for _, d := range docs {
		if !slices.Contains(types, d.Type) {
			t.Errorf("%s: unknown type %q", d.Name, d.Type)
		}
		perType[d.Type]++
		for _, p := range d.PII {
			if !strings.Contains(d.Text, p.Value) {
				t.Errorf("%s: %s %q is not in its text", d.Name, p.Kind, p.Value)
			}
		}
		for _, a := range d.Amounts {
			if !strings.Contains(d.Text, a) {
				t.Errorf("%s: amount %q is not in its text", d.Name, a)
			}
		}
		if len(d.Amounts) > 0 && d.MaxAmount <= 0 {
			t.Errorf("%s: amounts without max_amount", d.Name)
		}
	}
	for _, v := range Variants(docs, true) {
		formats[v.Format]++
	}
	for _, ty := range types {
		if perType[ty] == 0 {
			t.Errorf("no %s in the set", ty)
		}
	}
	for _, f := range []string{FormatText, FormatTextPDF, FormatPNG, FormatScanPDF} {
		if formats[f] == 0 {
			t.Errorf("no %s variant in the set", f)
		}
	}
	t.Logf("%d documents, %d variants (%d in the reduced set); per format %v", len(docs), len(Variants(docs, true)), len(Variants(docs, false)), formats)
}

// TestRenderReducedSet: every variant of the reduced set renders, and
// the same bytes every time.
func TestRenderReducedSet(t *testing.T) {
	docs, err := Load(setDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Variants(docs, false) {
		a, err := Render(v)
		if err != nil {
			t.Fatal(err)
		}
		if Scanned(v.Format) != (len(a.Pages) > 0) || len(a.Body) == 0 {
			t.Errorf("%s: %d bytes, %d page images", v.File(), len(a.Body), len(a.Pages))
		}
		if v.Doc.Name == "receipt-taxi" || v.Format == FormatTextPDF {
			b, err := Render(v)
			if err != nil || string(a.Body) != string(b.Body) {
				t.Errorf("%s renders differently the second time (%v)", v.File(), err)
			}
		}
	}
}
