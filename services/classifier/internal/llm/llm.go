// Package llm is an optional document-type classifier backed by a large
// language model behind an OpenAI-compatible chat completions endpoint.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/classifier/internal/classify"
)

// promptVersion changes whenever the prompt does; it is part of the
// classifier's version.
const promptVersion = "p1"

const (
	// maxPromptText bounds the document text sent to the model.
	maxPromptText = 16 << 10
	// maxResponse bounds the response body read.
	maxResponse = 1 << 20
)

// Config configures the client.
type Config struct {
	// URL is the API base (https://host/v1) or the full
	// .../chat/completions endpoint.
	URL    string
	Model  string
	APIKey string
	// Types are the document types the model may answer.
	Types  []string
	Client *http.Client
}

// Classifier asks the model for the document type.
type Classifier struct {
	endpoint string
	cfg      Config
}

var _ classify.Classifier = (*Classifier)(nil)

// New returns a classifier for cfg.
func New(cfg Config) (*Classifier, error) {
	var errs []error
	if cfg.URL == "" {
		errs = append(errs, errors.New("llm: URL is required"))
	}
	if cfg.Model == "" {
		errs = append(errs, errors.New("llm: model is required"))
	}
	if len(cfg.Types) < 2 {
		errs = append(errs, errors.New("llm: at least two document types are required"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 30 * time.Second}
	}
	ep := strings.TrimRight(cfg.URL, "/")
	if !strings.HasSuffix(ep, "/chat/completions") {
		ep += "/chat/completions"
	}
	return &Classifier{endpoint: ep, cfg: cfg}, nil
}

// Model returns "llm:<model>" and the prompt version.
func (c *Classifier) Model() events.Model {
	return events.Model{Name: "llm:" + c.cfg.Model, Version: c.cfg.Model + "/" + promptVersion}
}

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type request struct {
	Model          string            `json:"model"`
	Messages       []message         `json:"messages"`
	Temperature    float64           `json:"temperature"`
	ResponseFormat map[string]string `json:"response_format"`
}

type response struct {
	Choices []struct {
		Message message `json:"message"`
	} `json:"choices"`
}

// Answer is what the model is asked to reply, as a JSON object.
type Answer struct {
	Type       string  `json:"type"`
	Confidence float64 `json:"confidence"`
	// Alternatives are other plausible types with their scores.
	Alternatives []struct {
		Type  string  `json:"type"`
		Score float64 `json:"score"`
	} `json:"alternatives"`
	Rationale string `json:"rationale"`
}

func (c *Classifier) prompt() string {
	return "You classify business documents. Answer with one JSON object and nothing else: " +
		`{"type": <one of ` + strings.Join(c.cfg.Types, ", ") + `>, "confidence": <number 0..1>, ` +
		`"alternatives": [{"type": <type>, "score": <number 0..1>}], "rationale": <one short sentence>}. ` +
		"Use other when no type fits. Never repeat personal data in the rationale."
}

// Classify sends text (at most 16 KiB of it) to the model. Network
// failures, timeouts, 429 and 5xx answers are transient; other refusals
// are structural (configuration); an answer that is not the requested
// JSON with a known type is semantic.
func (c *Classifier) Classify(ctx context.Context, text string) (classify.Prediction, error) {
	if len(text) > maxPromptText {
		text = strings.ToValidUTF8(text[:maxPromptText], "")
	}
	body, err := json.Marshal(request{
		Model:          c.cfg.Model,
		Messages:       []message{{Role: "system", Content: c.prompt()}, {Role: "user", Content: text}},
		ResponseFormat: map[string]string{"type": "json_object"},
	})
	if err != nil {
		return classify.Prediction{}, fault.Wrap(fault.Structural, fmt.Errorf("encode LLM request: %w", err))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return classify.Prediction{}, fault.Wrap(fault.Structural, fmt.Errorf("build LLM request: %w", err))
	}
	req.Header.Set("Content-Type", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.cfg.Client.Do(req)
	if err != nil {
		return classify.Prediction{}, fault.Wrap(fault.Transient, fmt.Errorf("call LLM endpoint: %w", err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	if err != nil {
		return classify.Prediction{}, fault.Wrap(fault.Transient, fmt.Errorf("read LLM response: %w", err))
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return classify.Prediction{}, fault.Transientf("LLM endpoint answered %s", resp.Status)
	case resp.StatusCode != http.StatusOK:
		return classify.Prediction{}, fault.Structuralf("LLM endpoint refused the request: %s", resp.Status)
	case len(raw) > maxResponse:
		return classify.Prediction{}, fault.Semanticf("LLM response exceeds %d bytes", maxResponse)
	}
	var r response
	if err := json.Unmarshal(raw, &r); err != nil || len(r.Choices) == 0 {
		return classify.Prediction{}, fault.Semanticf("LLM response is not a chat completion (%d choices): %v", len(r.Choices), err)
	}
	return c.parse(r.Choices[0].Message.Content)
}

func (c *Classifier) parse(content string) (classify.Prediction, error) {
	content = strings.TrimSpace(content)
	content = strings.TrimPrefix(strings.TrimSuffix(content, "```"), "```json")
	var a Answer
	if err := json.Unmarshal([]byte(strings.TrimSpace(content)), &a); err != nil {
		return classify.Prediction{}, fault.Semanticf("LLM answer is not the requested JSON: %v", err)
	}
	if !slices.Contains(c.cfg.Types, a.Type) {
		return classify.Prediction{}, fault.Semanticf("LLM answered unknown document type %q", a.Type)
	}
	if a.Confidence < 0 || a.Confidence > 1 {
		return classify.Prediction{}, fault.Semanticf("LLM confidence %v outside 0..1", a.Confidence)
	}
	cands := []events.Candidate{{Type: a.Type, Score: classify.Round(a.Confidence)}}
	seen := map[string]bool{a.Type: true}
	for _, alt := range a.Alternatives {
		if seen[alt.Type] || !slices.Contains(c.cfg.Types, alt.Type) || alt.Score < 0 || alt.Score > a.Confidence {
			continue
		}
		seen[alt.Type] = true
		cands = append(cands, events.Candidate{Type: alt.Type, Score: classify.Round(alt.Score)})
	}
	sort.SliceStable(cands[1:], func(i, j int) bool { return cands[1+i].Score > cands[1+j].Score })
	ctx := map[string]string{"llm.model": c.cfg.Model, "llm.prompt_version": promptVersion}
	if a.Rationale != "" {
		ctx["llm.rationale"] = truncate(a.Rationale, 300)
	}
	return classify.Prediction{Candidates: cands[:min(len(cands), 5)], Context: ctx}, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
