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

// Example is a corrected review or a corrected record: a document whose
// type a reviewer decided, or an operator corrected, differently from the
// model's decision.
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

// Examples stores the suggestions waiting for a review, the model's
// decisions made without one (for a later correction), and the labelled
// examples the reviews and corrections made, one per workflow (a decision
// made again replaces it).
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
	return true, e.put(ctx, ex)
}

// Classified keeps what the model decided for workflow without a review,
// so that a later correction of its record can teach the model.
func (e *Examples) Classified(ctx context.Context, workflow string, s Suggestion) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode classification: %w", err)
	}
	if err := e.rdb.Set(ctx, e.prefix+"classified:"+workflow, b, suggestionTTL).Err(); err != nil {
		return fmt.Errorf("store classification of %s: %w", workflow, err)
	}
	return nil
}

// LearnCorrection records the example a correction the ledger recorded (a
// corrected control event) makes: the corrected type is the label of the
// text the model decided on, whether a reviewer saw it or not. A
// correction back to the model's own type withdraws the workflow's
// example (the reviewer who overrode the model was wrong), and one of a
// workflow the model's decision is no longer kept for (older than 90 days,
// erased) teaches nothing. It reports whether it changed the examples.
func (e *Examples) LearnCorrection(ctx context.Context, c *events.WorkflowControl) (bool, error) {
	wf, typ := c.Meta.WorkflowID, c.Details[events.DetailDocumentType]
	if typ == "" {
		return false, nil
	}
	s, ok, err := e.decided(ctx, wf)
	if err != nil || !ok || s.Type == "" {
		return false, err
	}
	if typ == s.Type {
		n, err := e.rdb.HDel(ctx, e.prefix+"examples", wf).Result()
		if err != nil {
			return false, fmt.Errorf("withdraw example of %s: %w", wf, err)
		}
		return n == 1, nil
	}
	ex := Example{Workflow: wf, Tenant: c.Meta.TenantID, Text: s.Text, Type: typ, Predicted: s.Type, Model: s.Model,
		EventID: c.Meta.EventID, DecidedAt: c.Meta.OccurredAt.UTC()}
	if c.Actor != nil {
		ex.Reviewer = *c.Actor
	}
	return true, e.put(ctx, ex)
}

// decided returns what the model decided for wf: its suggestion to a
// reviewer, else its classification without review.
func (e *Examples) decided(ctx context.Context, wf string) (Suggestion, bool, error) {
	for _, k := range []string{"suggested:", "classified:"} {
		b, err := e.rdb.Get(ctx, e.prefix+k+wf).Bytes()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			return Suggestion{}, false, fmt.Errorf("read model decision of %s: %w", wf, err)
		}
		var s Suggestion
		if err := json.Unmarshal(b, &s); err != nil {
			return Suggestion{}, false, fmt.Errorf("decode model decision of %s: %w", wf, err)
		}
		return s, true, nil
	}
	return Suggestion{}, false, nil
}

// Forget drops what is kept of workflow (its example, the model's
// suggestion or classification, which name its text) for its erasure.
func (e *Examples) Forget(ctx context.Context, workflow string) error {
	_, err := e.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HDel(ctx, e.prefix+"examples", workflow)
		p.Del(ctx, e.prefix+"suggested:"+workflow, e.prefix+"classified:"+workflow)
		return nil
	})
	if err != nil {
		return fmt.Errorf("forget workflow %s: %w", workflow, err)
	}
	return nil
}

func (e *Examples) put(ctx context.Context, ex Example) error {
	xb, err := json.Marshal(ex)
	if err != nil {
		return fmt.Errorf("encode example: %w", err)
	}
	if err := e.rdb.HSet(ctx, e.prefix+"examples", ex.Workflow, xb).Err(); err != nil {
		return fmt.Errorf("store example of %s: %w", ex.Workflow, err)
	}
	return nil
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
