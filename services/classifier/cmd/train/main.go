// Command train trains the built-in document-type model from the labeled
// corpus, reproducibly, and records its held-out metrics: the test split as
// written and in imitated OCR noise, and the decisions (policy-neutral) on
// the noisy test split and on hand-written documents the generator never
// produced:
//
//	go run ./cmd/train -corpus corpus -field field -unseen internal/classify/testdata/unseen -dev internal/classify/testdata/dev -out model/model.json -metrics model/metrics.json
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/docket-run/docket/services/classifier/internal/classify"
	"github.com/docket-run/docket/services/classifier/internal/corpus"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

func main() {
	dir := flag.String("corpus", "corpus", "corpus folder: <type>/*.txt")
	field := flag.String("field", "", "folder of labelled documents from outside the generator (<type>/field-*.txt), trained on beside the corpus (textmodel.FieldPrefix); empty for none")
	unseen := flag.String("unseen", "", "folder of labeled documents the corpus does not hold (<type>/*.txt), measured, never trained on; empty for none")
	out := flag.String("out", "model/model.json", "model file to write")
	metricsPath := flag.String("metrics", "model/metrics.json", "metrics file to write")
	dev := flag.String("dev", "", "folder of labeled development documents (<type>/*.txt), never trained on but looked at while the generator was changed; empty for none")
	coverage := flag.Float64("coverage", 0, "share of documents whose prediction set must hold their type; 0 for textmodel's default")
	flag.Parse()
	if err := run(*dir, *field, *unseen, *dev, *out, *metricsPath, textmodel.Options{Coverage: *coverage}); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// metrics is what model/metrics.json holds.
type metrics struct {
	textmodel.Metrics
	// NoisyDecisions are the decisions on the noisy test split.
	NoisyDecisions classify.Report `json:"noisy_test_decisions"`
	// Unseen are the decisions on the -unseen documents.
	Unseen *classify.Report `json:"unseen,omitempty"`
	// Dev are the decisions on the -dev documents: measured while the
	// generator and the abstain rule were changed, so not a held-out figure.
	Dev *classify.Report `json:"dev,omitempty"`
}

func run(dir, field, unseen, dev, out, metricsPath string, opts textmodel.Options) error {
	docs, err := corpus.Load(dir)
	if err != nil {
		return err
	}
	if field != "" {
		f, err := corpus.Load(field)
		if err != nil {
			return err
		}
		for _, d := range f {
			if !strings.HasPrefix(d.Name, textmodel.FieldPrefix) {
				return fmt.Errorf("field document %s/%s: its name must start with %q", d.Class, d.Name, textmodel.FieldPrefix)
			}
		}
		docs = append(docs, f...)
	}
	model, m, err := textmodel.Train(docs, opts)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	clf, err := classify.NewBuiltIn(model)
	if err != nil {
		return err
	}
	var noisy []textmodel.Doc
	for _, d := range docs {
		if textmodel.Split(d.Name) == textmodel.SplitTest {
			noisy = append(noisy, textmodel.Noisy(d))
		}
	}
	ctx := context.Background()
	all := metrics{Metrics: m}
	if all.NoisyDecisions, err = classify.Evaluate(ctx, clf, noisy); err != nil {
		return fmt.Errorf("evaluate noisy test split: %w", err)
	}
	if unseen != "" {
		u, err := corpus.Load(unseen)
		if err != nil {
			return err
		}
		r, err := classify.Evaluate(ctx, clf, u)
		if err != nil {
			return fmt.Errorf("evaluate unseen documents: %w", err)
		}
		all.Unseen = &r
	}
	if dev != "" {
		d, err := corpus.Load(dev)
		if err != nil {
			return err
		}
		r, err := classify.Evaluate(ctx, clf, d)
		if err != nil {
			return fmt.Errorf("evaluate development documents: %w", err)
		}
		all.Dev = &r
	}
	if err := os.WriteFile(out, model, 0o644); err != nil {
		return fmt.Errorf("write model: %w", err)
	}
	var mb bytes.Buffer
	enc := json.NewEncoder(&mb)
	enc.SetEscapeHTML(false) // "invoice->receipt" stays readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(all); err != nil {
		return fmt.Errorf("encode metrics: %w", err)
	}
	if err := os.WriteFile(metricsPath, mb.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write metrics: %w", err)
	}
	fmt.Printf("train: %d train / %d calibration / %d test documents, %d word features + %d char buckets, temperature %.3f, set threshold %.3f at coverage %.3f\n",
		m.Train, m.Calibration, m.Test, m.Features, m.CharBuckets, m.Temperature, m.SetThreshold, m.Coverage)
	fmt.Printf("train: held-out accuracy=%.4f macro_f1=%.4f nll=%.4f (raw %.4f) ece=%.4f (raw %.4f)\n", m.Accuracy, m.MacroF1, m.NLL, m.NLLRaw, m.ECE, m.ECERaw)
	fmt.Printf("train: noisy held-out accuracy=%.4f macro_f1=%.4f nll=%.4f ece=%.4f set_coverage=%.4f singletons=%.4f\n", m.Noisy.Accuracy, m.Noisy.MacroF1, m.Noisy.NLL, m.Noisy.ECE, m.Noisy.SetCoverage, m.Noisy.Singletons)
	report("noisy test decisions", all.NoisyDecisions)
	if all.Unseen != nil {
		report("unseen decisions", *all.Unseen)
	}
	if all.Dev != nil {
		report("dev decisions", *all.Dev)
	}
	fmt.Printf("train: model version %s (data %s)\n", m.Version, m.DataSHA256)
	return nil
}

func report(name string, r classify.Report) {
	fmt.Printf("train: %s: docs=%d accuracy=%.4f auto_errors=%d review_load=%.4f (%d of %d correct)\n", name, r.Docs, r.Accuracy, r.AutoErrors, r.ReviewLoad, r.ReviewedCorrect, r.Correct)
	for _, e := range r.Errors {
		fmt.Printf("train:   %s\n", e)
	}
}
