// Package textmodel is the built-in document-type model: multinomial
// logistic regression over TF-IDF weighted word unigrams and bigrams, with
// temperature scaling fitted on a calibration split so that its scores are
// calibrated probabilities. It is pure Go, runs offline and is stored as one
// JSON file whose SHA-256 is its version.
package textmodel

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
)

// Name is the model's name in every decision.
const Name = "docket-tfidf-logreg"

// File is the stored model.
type File struct {
	Name string `json:"name"`
	// DataSHA256 is the digest of the training corpus (every split).
	DataSHA256  string      `json:"data_sha256"`
	Classes     []string    `json:"classes"`
	Vocab       []string    `json:"vocab"`
	IDF         []float32   `json:"idf"`
	Weights     [][]float32 `json:"weights"` // [class][feature]
	Bias        []float32   `json:"bias"`
	Temperature float64     `json:"temperature"`
}

// Model is a loaded model, safe for concurrent use.
type Model struct {
	f       File
	index   map[string]int
	version string
}

// Load parses a stored model. Its version is the SHA-256 of b.
func Load(b []byte) (*Model, error) {
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("parse model: %w", err)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("invalid model: %w", err)
	}
	idx := make(map[string]int, len(f.Vocab))
	for i, v := range f.Vocab {
		idx[v] = i
	}
	sum := sha256.Sum256(b)
	return &Model{f: f, index: idx, version: hex.EncodeToString(sum[:])}, nil
}

func (f *File) check() error {
	var errs []error
	if len(f.Classes) < 2 {
		errs = append(errs, fmt.Errorf("%d classes, want at least 2", len(f.Classes)))
	}
	if len(f.IDF) != len(f.Vocab) {
		errs = append(errs, fmt.Errorf("%d idf values for %d features", len(f.IDF), len(f.Vocab)))
	}
	if len(f.Weights) != len(f.Classes) || len(f.Bias) != len(f.Classes) {
		errs = append(errs, fmt.Errorf("%d weight rows and %d biases for %d classes", len(f.Weights), len(f.Bias), len(f.Classes)))
	}
	for c, w := range f.Weights {
		if len(w) != len(f.Vocab) {
			errs = append(errs, fmt.Errorf("class %d has %d weights for %d features", c, len(w), len(f.Vocab)))
		}
	}
	if !(f.Temperature > 0) {
		errs = append(errs, fmt.Errorf("temperature %v, want > 0", f.Temperature))
	}
	return errors.Join(errs...)
}

// Version is the SHA-256 (hex) of the model file, which records the digest
// of its training data.
func (m *Model) Version() string { return m.version }

// DataSHA256 is the digest of the corpus the model was trained on.
func (m *Model) DataSHA256() string { return m.f.DataSHA256 }

// Classes returns the document types the model knows.
func (m *Model) Classes() []string { return append([]string(nil), m.f.Classes...) }

// Temperature is the fitted calibration temperature.
func (m *Model) Temperature() float64 { return m.f.Temperature }

// Score is a class with its calibrated probability.
type Score struct {
	Class string
	P     float64
}

// Contribution is how much a feature pushed the chosen class's logit.
type Contribution struct {
	Feature string
	Weight  float64
}

// Prediction is the model's answer for one text.
type Prediction struct {
	// Scores of every class, best first (ties by class name).
	Scores []Score
	// Top lists the features that contributed most to the best class.
	Top []Contribution
	// Known counts the text's features that the model knows.
	Known int
}

// vector is a sparse L2-normalized TF-IDF vector.
type vector struct {
	idx []int
	val []float64
}

func (m *Model) vectorize(text string) vector {
	return vectorizeCounts(Features(text), m.index, m.f.IDF)
}

func vectorizeCounts(counts map[string]int, index map[string]int, idf []float32) vector {
	type entry struct{ i, n int }
	es := make([]entry, 0, len(counts))
	for t, n := range counts {
		if i, ok := index[t]; ok {
			es = append(es, entry{i, n})
		}
	}
	sort.Slice(es, func(a, b int) bool { return es[a].i < es[b].i })
	v := vector{idx: make([]int, len(es)), val: make([]float64, len(es))}
	var norm float64
	for k, e := range es {
		x := (1 + math.Log(float64(e.n))) * float64(idf[e.i])
		v.idx[k], v.val[k] = e.i, x
		norm += x * x
	}
	if norm > 0 {
		norm = math.Sqrt(norm)
		for k := range v.val {
			v.val[k] /= norm
		}
	}
	return v
}

func logits(w [][]float32, b []float32, v vector, out []float64) {
	for c := range w {
		s := float64(b[c])
		row := w[c]
		for k, i := range v.idx {
			s += float64(row[i]) * v.val[k]
		}
		out[c] = s
	}
}

// softmax turns logits/t into probabilities in place.
func softmax(z []float64, t float64) {
	mx := math.Inf(-1)
	for _, x := range z {
		mx = max(mx, x/t)
	}
	var sum float64
	for i, x := range z {
		z[i] = math.Exp(x/t - mx)
		sum += z[i]
	}
	for i := range z {
		z[i] /= sum
	}
}

// Predict scores text. top bounds the contributions returned.
func (m *Model) Predict(text string, top int) Prediction {
	v := m.vectorize(text)
	z := make([]float64, len(m.f.Classes))
	logits(m.f.Weights, m.f.Bias, v, z)
	softmax(z, m.f.Temperature)
	p := Prediction{Scores: make([]Score, len(z)), Known: len(v.idx)}
	for c, pc := range z {
		p.Scores[c] = Score{Class: m.f.Classes[c], P: pc}
	}
	sort.SliceStable(p.Scores, func(i, j int) bool {
		if p.Scores[i].P != p.Scores[j].P {
			return p.Scores[i].P > p.Scores[j].P
		}
		return p.Scores[i].Class < p.Scores[j].Class
	})
	best := 0
	for c, name := range m.f.Classes {
		if name == p.Scores[0].Class {
			best = c
		}
	}
	var cs []Contribution
	for k, i := range v.idx {
		if w := float64(m.f.Weights[best][i]) * v.val[k] / m.f.Temperature; w > 0 {
			cs = append(cs, Contribution{Feature: m.f.Vocab[i], Weight: w})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Weight != cs[j].Weight {
			return cs[i].Weight > cs[j].Weight
		}
		return cs[i].Feature < cs[j].Feature
	})
	p.Top = cs[:min(top, len(cs))]
	return p
}
