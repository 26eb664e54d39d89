package textmodel_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/docket-run/docket/services/classifier/internal/corpus"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

// Floors measured on the committed corpus (accuracy and macro-F1 1.0 on 177
// held-out documents), set a little lower so a regenerated corpus with
// harder documents fails loudly only on a real regression.
const (
	accuracyFloor = 0.97
	macroF1Floor  = 0.97
)

func load(t *testing.T) []textmodel.Doc {
	t.Helper()
	docs, err := corpus.Load("../../corpus")
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

// TestCommittedModelIsReproducible retrains from the committed corpus and
// requires the committed model and metrics byte for byte: training is
// deterministic and the committed files are fresh.
func TestCommittedModelIsReproducible(t *testing.T) {
	docs := load(t)
	a, ma, err := textmodel.Train(docs, textmodel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := textmodel.Train(docs, textmodel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two trainings on the same corpus gave different model bytes")
	}
	committed, err := os.ReadFile("../../model/model.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, committed) {
		t.Fatal("model/model.json is stale: run go run ./cmd/train -corpus corpus -out model/model.json -metrics model/metrics.json")
	}
	var mc textmodel.Metrics
	raw, err := os.ReadFile("../../model/metrics.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &mc); err != nil {
		t.Fatal(err)
	}
	if mc.Version != ma.Version || mc.Accuracy != ma.Accuracy || mc.MacroF1 != ma.MacroF1 {
		t.Errorf("model/metrics.json = %+v, retrained %+v", mc, ma)
	}
}

func TestHeldOutAccuracy(t *testing.T) {
	docs := load(t)
	raw, err := os.ReadFile("../../model/model.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := textmodel.Load(raw)
	if err != nil {
		t.Fatal(err)
	}
	classes := m.Classes()
	tp, fp, fn := map[string]int{}, map[string]int{}, map[string]int{}
	n, correct := 0, 0
	for _, d := range docs {
		if textmodel.Split(d.Name) != textmodel.SplitTest {
			continue
		}
		n++
		got := m.Predict(d.Text, 0).Scores[0].Class
		if got == d.Class {
			correct++
			tp[got]++
		} else {
			fp[got]++
			fn[d.Class]++
			t.Logf("%s: predicted %s", d.Name, got)
		}
	}
	var f1 float64
	for _, c := range classes {
		if d := 2*tp[c] + fp[c] + fn[c]; d > 0 {
			f1 += 2 * float64(tp[c]) / float64(d)
		}
	}
	acc, macro := float64(correct)/float64(n), f1/float64(len(classes))
	t.Logf("held-out: %d documents, accuracy %.4f, macro-F1 %.4f", n, acc, macro)
	if n < 100 {
		t.Errorf("only %d held-out documents, want at least 100", n)
	}
	if acc < accuracyFloor || macro < macroF1Floor {
		t.Errorf("held-out accuracy %.4f (floor %.2f), macro-F1 %.4f (floor %.2f)", acc, accuracyFloor, macro, macroF1Floor)
	}
}

func TestVersionChangesWithData(t *testing.T) {
	docs := load(t)
	_, base, err := textmodel.Train(docs, textmodel.Options{Epochs: 30})
	if err != nil {
		t.Fatal(err)
	}
	changed := append([]textmodel.Doc(nil), docs...)
	for i, d := range changed {
		if textmodel.Split(d.Name) == textmodel.SplitTrain {
			changed[i].Text += "\nAddendum: payment received with thanks."
			break
		}
	}
	_, other, err := textmodel.Train(changed, textmodel.Options{Epochs: 30})
	if err != nil {
		t.Fatal(err)
	}
	if base.DataSHA256 == other.DataSHA256 || base.Version == other.Version {
		t.Errorf("data %s→%s, version %s→%s: both must change with the data", base.DataSHA256, other.DataSHA256, base.Version, other.Version)
	}
	// A document only renamed changes the data digest as well.
	renamed := append([]textmodel.Doc(nil), docs...)
	renamed[0].Name = "renamed-" + renamed[0].Name
	if textmodel.DataDigest(renamed) == base.DataSHA256 {
		t.Error("renaming a document did not change the data digest")
	}
}

func TestSplitIsFixedByName(t *testing.T) {
	counts := map[string]int{}
	for _, d := range load(t) {
		s := textmodel.Split(d.Name)
		if s != textmodel.Split(d.Name) {
			t.Fatalf("split of %s is not stable", d.Name)
		}
		counts[s]++
	}
	total := counts[textmodel.SplitTrain] + counts[textmodel.SplitCalibration] + counts[textmodel.SplitTest]
	if f := float64(counts[textmodel.SplitTest]) / float64(total); f < 0.15 || f > 0.25 {
		t.Errorf("test split holds %.2f of the corpus, want about 0.2 (%v)", f, counts)
	}
	if got := textmodel.Split("invoice-0001.txt"); got != textmodel.Split("invoice-0001.txt") {
		t.Errorf("Split not deterministic: %s", got)
	}
}

func TestCalibratedScores(t *testing.T) {
	raw, err := os.ReadFile("../../model/model.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := textmodel.Load(raw)
	if err != nil {
		t.Fatal(err)
	}
	p := m.Predict("INVOICE\nInvoice number: INV-1002\nBill to: Acme\nSubtotal $100.00\nTotal due $107.00\nPayment terms: Net 30", 3)
	var sum float64
	for _, s := range p.Scores {
		sum += s.P
	}
	if p.Scores[0].Class != "invoice" || sum < 0.999 || sum > 1.001 {
		t.Errorf("scores %+v (sum %v), want invoice first and a distribution", p.Scores, sum)
	}
	if len(p.Top) != 3 || p.Top[0].Weight < p.Top[2].Weight {
		t.Errorf("top features %+v, want 3 in decreasing order", p.Top)
	}
	empty := m.Predict("", 3)
	if empty.Known != 0 || len(empty.Top) != 0 || empty.Scores[0].P > 0.9 {
		t.Errorf("empty text: %+v, want no known features, no contributions, no confident class", empty)
	}
}

func TestLoadRejectsInvalidModel(t *testing.T) {
	for _, bad := range []string{`{`, `{"classes":["a"],"vocab":["x"],"idf":[],"weights":[],"bias":[],"temperature":0}`} {
		if _, err := textmodel.Load([]byte(bad)); err == nil {
			t.Errorf("Load(%s) accepted an invalid model", bad)
		}
	}
}
