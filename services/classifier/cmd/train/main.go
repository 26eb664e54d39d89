// Command train trains the built-in document-type model from the labeled
// corpus, reproducibly, and records its held-out metrics:
//
//	go run ./cmd/train -corpus corpus -out model/model.json -metrics model/metrics.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/docket-run/docket/services/classifier/internal/corpus"
	"github.com/docket-run/docket/services/classifier/internal/textmodel"
)

func main() {
	dir := flag.String("corpus", "corpus", "corpus folder: <type>/*.txt")
	out := flag.String("out", "model/model.json", "model file to write")
	metricsPath := flag.String("metrics", "model/metrics.json", "metrics file to write")
	flag.Parse()
	if err := run(*dir, *out, *metricsPath); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func run(dir, out, metricsPath string) error {
	docs, err := corpus.Load(dir)
	if err != nil {
		return err
	}
	model, m, err := textmodel.Train(docs, textmodel.Options{})
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	if err := os.WriteFile(out, model, 0o644); err != nil {
		return fmt.Errorf("write model: %w", err)
	}
	mb, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("encode metrics: %w", err)
	}
	if err := os.WriteFile(metricsPath, append(mb, '\n'), 0o644); err != nil {
		return fmt.Errorf("write metrics: %w", err)
	}
	fmt.Printf("train: %d train / %d calibration / %d test documents, %d features, temperature %.3f\n", m.Train, m.Calibration, m.Test, m.Features, m.Temperature)
	fmt.Printf("train: held-out accuracy=%.4f macro_f1=%.4f nll=%.4f (raw %.4f) ece=%.4f (raw %.4f)\n", m.Accuracy, m.MacroF1, m.NLL, m.NLLRaw, m.ECE, m.ECERaw)
	fmt.Printf("train: model version %s (data %s)\n", m.Version, m.DataSHA256)
	return nil
}
