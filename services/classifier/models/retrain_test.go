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

// TestEvalBeats: a candidate replaces the current model with fewer
// auto-recorded errors, or as many and minGain more right answers; one
// more right answer is retraining's chance, not a better model.
func TestEvalBeats(t *testing.T) {
	cur := Eval{Docs: 862, Correct: 843, AutoErrors: 5}
	for _, tt := range []struct {
		name string
		cand Eval
		want bool
	}{
		{"the same", cur, false},
		{"one more right", Eval{Docs: 862, Correct: 844, AutoErrors: 5}, false},
		{"two more right", Eval{Docs: 862, Correct: 845, AutoErrors: 5}, true},
		{"one error fewer", Eval{Docs: 862, Correct: 843, AutoErrors: 4}, true},
		{"one error fewer, one fewer right", Eval{Docs: 862, Correct: 842, AutoErrors: 4}, false},
		{"more right, one error more", Eval{Docs: 862, Correct: 850, AutoErrors: 6}, false},
	} {
		if got := tt.cand.Beats(cur); got != tt.want {
			t.Errorf("%s: %+v beats %+v = %v, want %v", tt.name, tt.cand, cur, got, tt.want)
		}
	}
}
