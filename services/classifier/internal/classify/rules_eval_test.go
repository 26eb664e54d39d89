package classify_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/money"
	"github.com/docket-run/docket/pkg/pii"
)

// Targets of the personal-data and amount rules on the committed snippets
// (testdata/rules): every labelled item found, and at most one finding in
// twenty that is not one.
const (
	targetRecall    = 1.0
	targetPrecision = 0.95
)

// snippet is one document of testdata/rules: its text and the personal
// data and money amounts a careful reader finds in it.
type snippet struct {
	name    string
	text    string
	pii     []truthPII
	amounts []float64
}

type truthPII struct {
	kind, value string
}

// loadSnippets reads testdata/rules/*.txt: the document, then a line
// "--- truth" and one line per item, "pii <kind> <value as written, \n for
// a line break>" or "amount <value>".
func loadSnippets(t *testing.T) []snippet {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "rules", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no snippets in testdata/rules: %v", err)
	}
	var out []snippet
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, truth, ok := strings.Cut(string(b), "\n--- truth\n")
		if !ok {
			t.Fatalf("%s: no --- truth line", f)
		}
		s := snippet{name: filepath.Base(f), text: text + "\n"}
		for i, line := range strings.Split(strings.TrimSpace(truth), "\n") {
			fields := strings.SplitN(line, " ", 3)
			switch {
			case len(fields) == 3 && fields[0] == "pii":
				v := strings.ReplaceAll(fields[2], `\n`, "\n")
				if !strings.Contains(s.text, v) {
					t.Fatalf("%s truth line %d: %q is not in the text", f, i+1, v)
				}
				s.pii = append(s.pii, truthPII{fields[1], v})
			case len(fields) == 2 && fields[0] == "amount":
				v, err := strconv.ParseFloat(fields[1], 64)
				if err != nil {
					t.Fatalf("%s truth line %d: %v", f, i+1, err)
				}
				s.amounts = append(s.amounts, v)
			default:
				t.Fatalf("%s truth line %d: %q: want pii <kind> <value> or amount <value>", f, i+1, line)
			}
		}
		out = append(out, s)
	}
	return out
}

// truthSpans places each labelled item in the text: the n-th item with a
// given value is that value's n-th occurrence.
func truthSpans(s snippet) [][2]int {
	seen := map[string]int{}
	spans := make([][2]int, len(s.pii))
	for i, p := range s.pii {
		from := 0
		for range seen[p.value] + 1 {
			j := strings.Index(s.text[from:], p.value)
			if j < 0 {
				spans[i] = [2]int{-1, -1}
				break
			}
			spans[i] = [2]int{from + j, from + j + len(p.value)}
			from += j + len(p.value)
		}
		seen[p.value]++
	}
	return spans
}

type score struct{ truth, found, hit, correct int }

func (s score) recall() float64 {
	if s.truth == 0 {
		return 1
	}
	return float64(s.hit) / float64(s.truth)
}

func (s score) precision() float64 {
	if s.found == 0 {
		return 1
	}
	return float64(s.correct) / float64(s.found)
}

// TestRulesOnSnippets measures the personal-data detectors and the amount
// rule on realistic snippets written by hand, and fails under the targets.
// A finding is correct when it overlaps a labelled item of its kind (a
// labelled item counts as found once); an amount when its value is a
// labelled amount not yet matched.
func TestRulesOnSnippets(t *testing.T) {
	var p, a score
	for _, s := range loadSnippets(t) {
		spans := truthSpans(s)
		matched := make([]bool, len(s.pii))
		found := pii.Matches(s.text)
		p.truth += len(s.pii)
		p.found += len(found)
		for _, m := range found {
			ok := false
			for i, tp := range s.pii {
				if tp.kind == m.Kind && m.Start < spans[i][1] && spans[i][0] < m.End && !matched[i] {
					matched[i], ok = true, true
					break
				}
			}
			if ok {
				p.correct++
			} else {
				t.Logf("%s: pii false positive %s %q", s.name, m.Kind, s.text[m.Start:m.End])
			}
		}
		for i, ok := range matched {
			if ok {
				p.hit++
			} else {
				t.Logf("%s: pii missed %s %q", s.name, s.pii[i].kind, s.pii[i].value)
			}
		}

		want := append([]float64(nil), s.amounts...)
		got := money.Amounts(s.text)
		a.truth += len(want)
		a.found += len(got)
		for _, g := range got {
			k := -1
			for i, w := range want {
				if math.Abs(w-g.Value) < 0.005 {
					k = i
					break
				}
			}
			if k < 0 {
				t.Logf("%s: amount false positive %.2f (%s) %q", s.name, g.Value, g.Basis, s.text[g.Start:g.End])
				continue
			}
			a.correct++
			a.hit++
			want = append(want[:k], want[k+1:]...)
		}
		for _, w := range want {
			t.Logf("%s: amount missed %.2f", s.name, w)
		}
	}
	fmt.Printf("pii: recall=%.3f precision=%.3f (%d labelled, %d found, %d correct)\n", p.recall(), p.precision(), p.truth, p.found, p.correct)
	fmt.Printf("amounts: recall=%.3f precision=%.3f (%d labelled, %d found, %d correct)\n", a.recall(), a.precision(), a.truth, a.found, a.correct)
	for _, c := range []struct {
		name string
		s    score
	}{{"pii", p}, {"amounts", a}} {
		if c.s.recall() < targetRecall || c.s.precision() < targetPrecision {
			t.Errorf("%s: recall %.3f precision %.3f; want recall >= %.2f and precision >= %.2f", c.name, c.s.recall(), c.s.precision(), targetRecall, targetPrecision)
		}
	}
}
