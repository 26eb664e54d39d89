package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/events"
)

// suggestionTTL bounds how long a suggestion waits for its review: well
// past any review SLA.
const suggestionTTL = 90 * 24 * time.Hour

// Suggestion is what the classifier suggested to a reviewer.
type Suggestion struct {
	Type string `json:"type"`
	// Model is the model's version (events.Model.Version, policy suffix
	// included).
	Model string         `json:"model"`
	Text  events.BlobRef `json:"text"`
}

// Example is a corrected review: a document whose type the reviewer
// decided differently from the model's suggestion.
type Example struct {
	Workflow string         `json:"workflow_id"`
	Tenant   string         `json:"tenant_id"`
	Text     events.BlobRef `json:"text"`
	// Type is the reviewer's type, Predicted the model's.
	Type      string `json:"type"`
	Predicted string `json:"predicted"`
	// Model is the version of the model that predicted.
	Model     string    `json:"model"`
	Reviewer  string    `json:"reviewer"`
	EventID   string    `json:"event_id"`
	DecidedAt time.Time `json:"decided_at"`
}

// Examples stores the suggestions waiting for a review and the labelled
// examples the reviews made, one per workflow (a decision made again
// replaces it).
type Examples struct {
	rdb    redis.Cmdable
	prefix string
}

// NewExamples returns the examples stored in rdb under Prefix.
func NewExamples(rdb redis.Cmdable) *Examples { return &Examples{rdb: rdb, prefix: Prefix} }

// Suggest keeps the suggestion made for workflow until its review.
func (e *Examples) Suggest(ctx context.Context, workflow string, s Suggestion) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode suggestion: %w", err)
	}
	if err := e.rdb.Set(ctx, e.prefix+"suggested:"+workflow, b, suggestionTTL).Err(); err != nil {
		return fmt.Errorf("store suggestion of %s: %w", workflow, err)
	}
	return nil
}

// Learn records the example d makes, when d decides a type other than the
// one the model suggested for its workflow, and reports whether it did. A
// review the model suggested nothing for (one the exception agent asked
// for) teaches nothing.
func (e *Examples) Learn(ctx context.Context, d *events.ReviewDecided) (bool, error) {
	wf := d.Meta.WorkflowID
	b, err := e.rdb.Get(ctx, e.prefix+"suggested:"+wf).Bytes()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read suggestion of %s: %w", wf, err)
	}
	var s Suggestion
	if err := json.Unmarshal(b, &s); err != nil {
		return false, fmt.Errorf("decode suggestion of %s: %w", wf, err)
	}
	if s.Type == "" || d.Decision.DocumentType == s.Type {
		return false, nil
	}
	ex := Example{
		Workflow: wf, Tenant: d.Meta.TenantID, Text: s.Text, Type: d.Decision.DocumentType, Predicted: s.Type,
		Model: s.Model, Reviewer: d.Reviewer, EventID: d.Meta.EventID, DecidedAt: d.DecidedAt.UTC(),
	}
	xb, err := json.Marshal(ex)
	if err != nil {
		return false, fmt.Errorf("encode example: %w", err)
	}
	if err := e.rdb.HSet(ctx, e.prefix+"examples", wf, xb).Err(); err != nil {
		return false, fmt.Errorf("store example of %s: %w", wf, err)
	}
	return true, nil
}

// All returns every example, by workflow id.
func (e *Examples) All(ctx context.Context) ([]Example, error) {
	raw, err := e.rdb.HGetAll(ctx, e.prefix+"examples").Result()
	if err != nil {
		return nil, fmt.Errorf("read examples: %w", err)
	}
	out := make([]Example, 0, len(raw))
	for wf, b := range raw {
		var ex Example
		if err := json.Unmarshal([]byte(b), &ex); err != nil {
			return nil, fmt.Errorf("decode example %s: %w", wf, err)
		}
		out = append(out, ex)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Workflow < out[j].Workflow })
	return out, nil
}
