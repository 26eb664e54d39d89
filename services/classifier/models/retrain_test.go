package models

import (
	"fmt"
	"testing"

	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// TestWeighted: a correction in the training split counts exampleWeight
// times, every copy in the training split; one elsewhere counts once, so
// the held-out and calibration data never hold a copy of it.
func TestWeighted(t *testing.T) {
	var train, other int
	for i := 0; train < 20 || other < 20; i++ {
		d := textmodel.Doc{Name: fmt.Sprintf("review-wf-%d.txt", i), Class: "invoice", Text: "x"}
		got := weighted(d)
		if textmodel.Split(d.Name) != textmodel.SplitTrain {
			other++
			if len(got) != 1 || got[0] != d {
				t.Errorf("%s (%s): %d documents, want itself alone", d.Name, textmodel.Split(d.Name), len(got))
			}
			continue
		}
		train++
		seen := map[string]bool{}
		for _, c := range got {
			if textmodel.Split(c.Name) != textmodel.SplitTrain || seen[c.Name] || c.Class != d.Class || c.Text != d.Text {
				t.Errorf("%s: copy %+v", d.Name, c)
			}
			seen[c.Name] = true
		}
		if len(got) != exampleWeight {
			t.Errorf("%s: %d documents, want %d", d.Name, len(got), exampleWeight)
		}
	}
}
