// Package textmodel is the built-in document-type model: multinomial
// logistic regression over TF-IDF weighted word unigrams and bigrams and
// hashed character n-grams, with temperature scaling and a split-conformal
// set threshold fitted on a calibration split in imitated OCR noise, so that
// its scores are calibrated probabilities on scanned text and it can say
// when more than one type (or none) is plausible. It is pure Go, runs
// offline and is stored as one JSON file whose SHA-256 is its version.
package textmodel

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Name is the model's name in every decision.
const Name = "docket-tfidf-logreg"

// Format is the model file format this build reads and writes. Format 2
// added character n-grams and the conformal set threshold; files of format
// 1 (no "format" field) are refused with ErrFormat: retrain them.
const Format = 2

// ErrFormat reports a model file of a format this build does not read.
var ErrFormat = errors.New("unsupported model file format")

// File is the stored model.
type File struct {
	Format int    `json:"format"`
	Name   string `json:"name"`
	// DataSHA256 is the digest of the training corpus (every split).
	DataSHA256 string    `json:"data_sha256"`
	Classes    []string  `json:"classes"`
	Vocab      []string  `json:"vocab"`
	IDF        []float32 `json:"idf"` // per word feature
	// CharBuckets is the number of hash buckets of character n-grams;
	// CharIDF has one value per bucket.
	CharBuckets int       `json:"char_buckets"`
	CharIDF     []float32 `json:"char_idf"`
	// Weights has a row per class: the word features in Vocab order,
	// then the character buckets.
	Weights     [][]float32 `json:"weights"`
	Bias        []float32   `json:"bias"`
	Temperature float64     `json:"temperature"`
	// Coverage is the share of documents whose true type the prediction
	// set should hold; SetThreshold is the least calibrated probability
	// that puts a type in the set, fitted for Coverage by split conformal
	// prediction on the calibration split.
	Coverage     float64 `json:"coverage"`
	SetThreshold float64 `json:"set_threshold"`
	// ClassThresholds, one per class in Classes order, replace
	// SetThreshold class by class (Mondrian, label-conditional split
	// conformal prediction): each is fitted on the calibration documents
	// of its own class, so a hard class is not covered less than an easy
	// one; a class with too few calibration documents for Coverage keeps
	// SetThreshold. Absent in files trained before them: SetThreshold for
	// every class.
	ClassThresholds []float64 `json:"class_thresholds,omitempty"`
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
	if f.Format != Format {
		return nil, fmt.Errorf("model file format %d, this build reads %d (retrain with make model): %w", f.Format, Format, ErrFormat)
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
	if f.CharBuckets < 1 || len(f.CharIDF) != f.CharBuckets {
		errs = append(errs, fmt.Errorf("%d char idf values for %d buckets, want at least 1", len(f.CharIDF), f.CharBuckets))
	}
	if len(f.Weights) != len(f.Classes) || len(f.Bias) != len(f.Classes) {
		errs = append(errs, fmt.Errorf("%d weight rows and %d biases for %d classes", len(f.Weights), len(f.Bias), len(f.Classes)))
	}
	for c, w := range f.Weights {
		if len(w) != len(f.Vocab)+f.CharBuckets {
			errs = append(errs, fmt.Errorf("class %d has %d weights for %d features", c, len(w), len(f.Vocab)+f.CharBuckets))
		}
	}
	if !(f.Temperature > 0) {
		errs = append(errs, fmt.Errorf("temperature %v, want > 0", f.Temperature))
	}
	if !(f.Coverage > 0 && f.Coverage < 1) || f.SetThreshold < 0 || f.SetThreshold > 1 {
		errs = append(errs, fmt.Errorf("coverage %v and set threshold %v, want 0 < coverage < 1 and a threshold in 0..1", f.Coverage, f.SetThreshold))
	}
	if len(f.ClassThresholds) > 0 && len(f.ClassThresholds) != len(f.Classes) {
		errs = append(errs, fmt.Errorf("%d class thresholds for %d classes", len(f.ClassThresholds), len(f.Classes)))
	}
	for c, t := range f.ClassThresholds {
		if !(t >= 0 && t <= 1) {
			errs = append(errs, fmt.Errorf("class %d threshold %v, want 0..1", c, t))
		}
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

// Coverage is the share of documents whose prediction set holds their
// true type, on the calibration split.
func (m *Model) Coverage() float64 { return m.f.Coverage }

// Threshold is the least calibrated probability that puts class in the
// prediction set: its class threshold, or the set threshold when the file
// has none for it.
func (m *Model) Threshold(class string) float64 {
	for c, name := range m.f.Classes {
		if name == class {
			return m.f.threshold(c)
		}
	}
	return m.f.SetThreshold
}

func (f *File) threshold(c int) float64 {
	if len(f.ClassThresholds) == len(f.Classes) {
		return f.ClassThresholds[c]
	}
	return f.SetThreshold
}

// Score is a class with its calibrated probability.
type Score struct {
	Class string
	P     float64
}

// Contribution is how much a word feature pushed the chosen class's logit.
type Contribution struct {
	Feature string
	Weight  float64
}

// Prediction is the model's answer for one text.
type Prediction struct {
	// Scores of every class, best first (ties by class name).
	Scores []Score
	// Set is the conformal prediction set, best first: the classes whose
	// probability reaches their threshold (Threshold). It holds the true
	// class with the model's Coverage; empty or more than one class means
	// the model cannot name one type at that coverage.
	Set []string
	// Top lists the word features that contributed most to the best
	// class (character n-grams are hashed and have no readable name).
	Top []Contribution
	// Known counts the text's word features that the model knows, words of
	// one or two letters alone aside.
	Known int
	// Words counts the text's word tokens (not numbers) as written, before
	// the glossary; KnownWords those of them in the model's vocabulary. A
	// text in a language or a vocabulary the model was not trained on
	// knows few of its words, also when the glossary reads some of them
	// as English: the glossary lets the model name a type for a reviewer,
	// it does not make the language one the model knows.
	Words, KnownWords int
	// Version is the model's version.
	Version string
}

// vector is a sparse TF-IDF vector: the word block and the character
// block are each L2-normalized to 1/√2, so neither drowns the other.
type vector struct {
	idx []int
	val []float64
}

func vectorizeFeatures(f features, index map[string]int, idf, charIDF []float32) vector {
	var words []entry
	for t, n := range f.words {
		if i, ok := index[t]; ok {
			words = append(words, entry{i, n})
		}
	}
	sort.Slice(words, func(a, b int) bool { return words[a].i < words[b].i })
	var v vector
	v.add(words, idf, 0)
	v.add(f.chars, charIDF, len(idf))
	return v
}

// add appends a block of counts, ascending by index, as TF-IDF values
// normalized to 1/√2, its indices shifted by offset.
func (v *vector) add(es []entry, idf []float32, offset int) {
	start := len(v.val)
	var norm float64
	for _, e := range es {
		x := (1 + math.Log(float64(e.n))) * float64(idf[e.i])
		v.idx = append(v.idx, offset+e.i)
		v.val = append(v.val, x)
		norm += x * x
	}
	if norm > 0 {
		norm = math.Sqrt(2 * norm)
		for k := start; k < len(v.val); k++ {
			v.val[k] /= norm
		}
	}
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

// shortWord reports whether a feature is one word of one or two letters:
// "do", "et", "ut" are function words of many languages, which the
// field documents' languages taught the model, and no evidence that it
// knows a text (found: a lorem ipsum recorded as other at 0.995 on five
// known features, three of them these).
func shortWord(f string) bool {
	return !strings.Contains(f, " ") && utf8.RuneCountInString(f) <= 2
}

// Predict scores text. top bounds the contributions returned.
func (m *Model) Predict(text string, top int) Prediction {
	f := extract(text, m.f.CharBuckets)
	v := vectorizeFeatures(f, m.index, m.f.IDF, m.f.CharIDF)
	z := make([]float64, len(m.f.Classes))
	logits(m.f.Weights, m.f.Bias, v, z)
	softmax(z, m.f.Temperature)
	p := Prediction{Scores: make([]Score, len(z)), Version: m.version}
	for _, t := range f.own {
		if t == numToken {
			continue
		}
		p.Words++
		if _, ok := m.index[t]; ok {
			p.KnownWords++
		}
	}
	for c, pc := range z {
		p.Scores[c] = Score{Class: m.f.Classes[c], P: pc}
	}
	sort.SliceStable(p.Scores, func(i, j int) bool {
		if p.Scores[i].P != p.Scores[j].P {
			return p.Scores[i].P > p.Scores[j].P
		}
		return p.Scores[i].Class < p.Scores[j].Class
	})
	for _, s := range p.Scores {
		if s.P >= m.Threshold(s.Class) {
			p.Set = append(p.Set, s.Class)
		}
	}
	best := 0
	for c, name := range m.f.Classes {
		if name == p.Scores[0].Class {
			best = c
		}
	}
	var cs []Contribution
	for k, i := range v.idx {
		if i >= len(m.f.Vocab) {
			break
		}
		if !shortWord(m.f.Vocab[i]) {
			p.Known++
		}
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
