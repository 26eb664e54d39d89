package events

import (
	"math"
	"strconv"
)

// ScoreText writes a score in [0, 1] — a model's confidence, a candidate's
// probability, OCR's mean confidence — to two decimals, cut, not rounded,
// so that every place a person reads it says the same: a score under a
// threshold never reads as the threshold (found from outside: 0.7489
// shown as "0.75, below the tenant's threshold" of 0.75), and a flag never
// says 0.78 where the review list says 0.77 for the same 0.7781
// (seventy-sixth trial). The console, the CLI, the classifier's flags and
// the tracker's history all write scores through it.
func ScoreText(s float64) string {
	return strconv.FormatFloat(math.Floor(s*100+1e-9)/100, 'f', 2, 64)
}
