// Package handler turns consumed events into ingest's work: submission
// requests from Kafka, and the interim status view of every workflow.
package handler

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/ingest/internal/store"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// Ranks: a workflow's place in the pipeline; the view only moves forward.
const (
	rankSubmitted       = 10
	rankExtracted       = 20
	rankReviewRequested = 30
	rankReviewDecided   = 35
	rankClassified      = 40
)

// WorkflowDLQServices are the services whose dead letters end or pause a
// workflow in the view. Ingest's own DLQ is not consumed (a failure to
// handle it would feed it), nor are those of the exception agent and the
// tracker, whose failures are not the workflow's.
var WorkflowDLQServices = []string{events.ServiceOCR, events.ServiceClassifier, events.ServiceLedger}

// View maintains the interim status view in Redis from the workflow's
// events. It is the source of GET /v1/documents/{id} when ingest has no
// saga tracker to read (and for a workflow the tracker has not projected
// yet); it keeps the submission's details the tracker does not, and drives
// the completion callbacks.
type View struct {
	// Tracked: a saga tracker projects the workflows and the status API
	// reads it, so the view consumes only the topics whose handling is a
	// side effect ingest owns or that the APIs need and the tracker does
	// not keep (see Topics). The submission record is then written when a
	// submission is accepted, before its event goes out (submit.Config's
	// RecordFirst, Requests.Recorder), never from the submitted topic.
	Tracked bool
	Store   *store.Store
	// Blobs deletes a workflow's document and text on its erasure.
	Blobs Eraser
	// Decoder decodes a dead letter's original record, which proves the
	// dead letter's workflow (bus.ProvenWorkflow).
	Decoder bus.Decoder
	Now     func() time.Time
}

var _ submit.Recorder = (*View)(nil)

// Register consumes the topics of the view (Topics).
func (v *View) Register(rt *bus.Runtime) {
	if !v.Tracked {
		bus.Handle(rt, events.TopicSubmitted, v.submitted)
	}
	bus.Handle(rt, events.TopicExtracted, v.extracted)
	bus.Handle(rt, events.TopicClassified, v.classified)
	bus.Handle(rt, events.TopicReviewRequested, v.reviewRequested)
	bus.Handle(rt, events.TopicReviewDecided, v.reviewDecided)
	// The completion callback goes out from the recorded event; its
	// compensation sends a reversed one.
	bus.Handle(rt, events.TopicRecorded, v.recorded, bus.Compensation(events.StepNotify, v.reverseCallback))
	bus.Handle(rt, events.TopicRejected, v.rejected)
	bus.Handle(rt, events.TopicControl, v.control)
	bus.Handle(rt, events.TopicSteps, v.steps)
	for _, svc := range WorkflowDLQServices {
		bus.Handle(rt, events.DLQTopic(svc), v.deadLetter)
	}
}

// Topics are the topics Register consumes.
//
// Tracked, the submitted topic is left out: its handling is only the
// view's (the submission record is written at acceptance). Every other
// topic stays, each for what the tracker cannot give:
//   - extracted: the text's reference and the pages' results the document
//     read API serves, and the deletion of a text extracted after an
//     erasure;
//   - classified, review requested and decided: the classification (its
//     candidates, flags, model, rules) the document read API serves and
//     the result's confidence, review reason and outcome the status API
//     merges into the tracker's projection;
//   - recorded, rejected, control, steps: the completion, cancel,
//     deadline, discard and correction callbacks (they fire when the
//     record turns terminal, and carry its status and stage), corrections,
//     erasures and the notify step's compensation;
//   - the dead letters: their error code is the one a later cancel's
//     callback carries.
//
// Each of them also moves the record's status and stage, which a later
// callback carries (a canceled workflow's callback names the stage it
// reached).
//
// The zero View (ingest.Spec's) lists every topic: a superset of what any
// configuration consumes, for the schemas and the ACLs.
func (v *View) Topics() []string {
	var ts []string
	if !v.Tracked {
		ts = append(ts, events.TopicSubmitted)
	}
	ts = append(ts, events.TopicExtracted, events.TopicClassified, events.TopicReviewRequested, events.TopicReviewDecided,
		events.TopicRecorded, events.TopicRejected, events.TopicControl, events.TopicSteps)
	for _, svc := range WorkflowDLQServices {
		ts = append(ts, events.DLQTopic(svc))
	}
	return ts
}

func (v *View) apply(ctx context.Context, topic string, meta *events.Meta, rank int, status, stage string, fields, static map[string]string) error {
	_, err := v.applyUpdate(ctx, topic, meta, rank, status, stage, fields, static, store.Update{})
	return err
}

// applyUpdate applies the view's fields with opts' options (Submission,
// ReportErased).
func (v *View) applyUpdate(ctx context.Context, topic string, meta *events.Meta, rank int, status, stage string, fields, static map[string]string, opts store.Update) (store.Applied, error) {
	if meta.WorkflowID == "" {
		return store.Applied{}, nil // nothing to attach it to
	}
	if fields == nil {
		fields = map[string]string{}
	}
	if status != "" {
		fields["status"] = status
	}
	if stage != "" {
		fields["stage"] = stage
	}
	fields["last_event"] = topic
	fields["last_event_id"] = meta.EventID
	fields["updated_at"] = meta.OccurredAt.UTC().Format(time.RFC3339Nano)
	if static == nil {
		static = map[string]string{}
	}
	static["tenant_id"] = meta.TenantID
	opts.WorkflowID, opts.Rank, opts.Fields, opts.Static = meta.WorkflowID, rank, fields, static
	return v.Store.Apply(ctx, opts, v.Now())
}

// RecordSubmitted implements submit.Recorder. Tracked, it is the only
// writer of the submission record (the submitted topic is not consumed)
// and is called before the event goes out, by a retry again and by a
// repeated request: it records a submission once, and later calls change
// nothing.
func (v *View) RecordSubmitted(ctx context.Context, e *events.DocumentSubmitted) error {
	static := map[string]string{
		"filename":        e.Filename,
		"document_sha256": e.Document.SHA256,
		"media_type":      e.Document.MediaType,
		"source":          e.Source,
		"submitted_at":    e.Meta.OccurredAt.UTC().Format(time.RFC3339Nano),
		"deadline":        e.Deadline.UTC().Format(time.RFC3339Nano),
	}
	if e.CallbackURL != nil {
		static["callback_url"] = *e.CallbackURL
	}
	_, err := v.applyUpdate(ctx, events.TopicSubmitted, &e.Meta, rankSubmitted, store.StatusQueued, "submitted", nil, static, store.Update{Submission: v.Tracked})
	return err
}

func (v *View) submitted(ctx context.Context, _ *bus.Message, e *events.DocumentSubmitted) ([]bus.Output, error) {
	return nil, v.RecordSubmitted(ctx, e)
}

func (v *View) extracted(ctx context.Context, m *bus.Message, e *events.DocumentExtracted) ([]bus.Output, error) {
	// The text's reference and the pages' results are kept whatever the
	// rank, for the document read API (content.go in the server).
	static := map[string]string{"text_sha256": e.Text.SHA256, "text_size": strconv.FormatInt(e.Text.SizeBytes, 10)}
	pages := make([]Page, len(e.Pages))
	for i, p := range e.Pages {
		pages[i] = Page{Number: p.Number, Chars: p.Chars, Confidence: p.Confidence, Method: p.Method}
	}
	if b, err := json.Marshal(pages); err == nil {
		static["pages"] = string(b)
	}
	a, err := v.applyUpdate(ctx, events.TopicExtracted, &e.Meta, rankExtracted, store.StatusRunning, "extracted", nil, static, store.Update{ReportErased: true})
	if err != nil || !a.Erased {
		// Not erased when the text's reference was written: an erasure
		// after it finds the reference and deletes the text itself.
		return nil, err
	}
	return nil, v.eraseLateText(ctx, m, e.Meta.WorkflowID)
}

// Page is one page's extraction result as the document read API shows it
// (kept as JSON in the view's "pages" field).
type Page struct {
	Number     int     `json:"number"`
	Chars      int     `json:"chars"`
	Confidence float32 `json:"confidence"`
	Method     string  `json:"method"`
}

// Classification is the model's decision as the document read API shows
// it (kept as JSON in the view's "classification" field).
type Classification struct {
	Type       string      `json:"type"`
	Confidence float64     `json:"confidence"`
	Candidates []Candidate `json:"candidates"`
	Flags      []Flag      `json:"flags"`
	Model      string      `json:"model,omitempty"`
	Rules      []string    `json:"rules_fired,omitempty"`
	Review     string      `json:"review_reason,omitempty"`
	// Context is the decision's figures (decisionContext): the largest
	// amount and the thresholds it was held against, the model's doubt.
	Context map[string]string `json:"context,omitempty"`
}

// decisionContext keeps of a decision's context the figures a person
// reads to see why it went where it did (found from outside: no API showed
// the largest amount or the thresholds it was held against): the amount
// rule's, the policy's, the review's, the rules', OCR's, the text's and the
// model's measures. Not the words of the text behind them (the model's top
// features, a title line, an LLM's rationale), which may be personal.
func decisionContext(c map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range c {
		prefix, _, _ := strings.Cut(k, ".")
		switch {
		case prefix == "amount", prefix == "policy", prefix == "review", prefix == "rules", prefix == "ocr", prefix == "text", prefix == "pii":
		case k == "model.coverage", k == "model.known_words", k == "model.known_features", k == "model.prediction_set", k == "model.ambiguous", k == "model.top_threshold", k == "model.temperature", k == "degraded", k == "decision",
			// The model's own score where a rule set the confidence, and
			// the doubt a title settled (found from outside, seventy-first
			// trial: 0.944 shown where the model had said 0.72, nothing
			// saying why).
			k == "model.score", k == "model.ambiguous_settled":
		default:
			continue
		}
		out[k] = v
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// withModelScore adds to a status update the model's own score for the
// type decided, where a rule (a title, a kind none of the types covers)
// set the confidence: the decision's "model.score", the type and its
// score ("invoice 0.2907"). Found from outside (seventy-first and
// seventy-seventh trials): the documents API showed 0.944, the title
// rule's precision, where the model had said 0.29, and nothing else.
func withModelScore(f map[string]string, decision map[string]string) {
	_, score, ok := strings.Cut(decision["model.score"], " ")
	if _, err := strconv.ParseFloat(score, 64); ok && err == nil {
		f["model_score"] = score
	}
}

// Candidate is a type the model considered.
type Candidate struct {
	Type  string  `json:"type"`
	Score float64 `json:"score"`
}

// Flag is a compliance finding (never the sensitive value).
type Flag struct {
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

func candidates(cs []events.Candidate) []Candidate {
	out := make([]Candidate, len(cs))
	for i, c := range cs {
		out[i] = Candidate{Type: c.Type, Score: c.Score}
	}
	return out
}

func flags(fs []events.Flag) []Flag {
	out := make([]Flag, len(fs))
	for i, f := range fs {
		out[i] = Flag{Kind: f.Kind, Detail: f.Detail}
	}
	return out
}

func classification(c Classification) map[string]string {
	b, err := json.Marshal(c)
	if err != nil {
		return nil
	}
	return map[string]string{"classification": string(b)}
}

func (v *View) classified(ctx context.Context, _ *bus.Message, e *events.DocumentClassified) ([]bus.Output, error) {
	f := map[string]string{"document_type": e.DocumentType, "confidence": strconv.FormatFloat(e.Confidence, 'f', -1, 64)}
	withModelScore(f, e.Context)
	c := Classification{Type: e.DocumentType, Confidence: e.Confidence, Candidates: candidates(e.Candidates), Flags: flags(e.Flags),
		Model: e.Model.Name + " " + e.Model.Version, Rules: e.RulesFired, Context: decisionContext(e.Context)}
	// Fill: read after a later event (the recorded one, on its own topic),
	// the type and confidence still go where the record has none.
	_, err := v.applyUpdate(ctx, events.TopicClassified, &e.Meta, rankClassified, store.StatusRunning, "classified", f, classification(c), store.Update{Fill: true})
	return nil, err
}

func (v *View) reviewRequested(ctx context.Context, _ *bus.Message, e *events.ReviewRequested) ([]bus.Output, error) {
	f := map[string]string{"review_reason": e.Reason, "confidence": strconv.FormatFloat(e.Confidence, 'f', -1, 64)}
	withModelScore(f, e.Context)
	c := Classification{Confidence: e.Confidence, Candidates: candidates(e.Candidates), Flags: flags(e.Flags), Review: e.Reason, Context: decisionContext(e.Context)}
	if e.SuggestedType != nil {
		// suggested_type stays beside the reviewer's type: the confidence
		// is the suggestion's (server.resultOf).
		f["document_type"], f["suggested_type"] = *e.SuggestedType, *e.SuggestedType
		c.Type = *e.SuggestedType
	}
	if e.Model != nil {
		c.Model = e.Model.Name + " " + e.Model.Version
	}
	static := classification(c)
	if e.Text != nil && static != nil {
		static["text_sha256"] = e.Text.SHA256
	}
	return nil, v.apply(ctx, events.TopicReviewRequested, &e.Meta, rankReviewRequested, store.StatusWaitingReview, "review", f, static)
}

// reviewDecided: the reviewer's document type replaces the suggestion.
func (v *View) reviewDecided(ctx context.Context, _ *bus.Message, e *events.ReviewDecided) ([]bus.Output, error) {
	f := map[string]string{"document_type": e.Decision.DocumentType, "confidence": strconv.FormatFloat(e.Confidence, 'f', -1, 64), "review_outcome": e.Decision.Outcome}
	return nil, v.apply(ctx, events.TopicReviewDecided, &e.Meta, rankReviewDecided, store.StatusRunning, "reviewed", f, nil)
}

func (v *View) recorded(ctx context.Context, _ *bus.Message, e *events.DocumentRecorded) ([]bus.Output, error) {
	f := map[string]string{
		"ledger_topic":     e.LedgerTopic,
		"ledger_partition": strconv.Itoa(e.LedgerPartition),
		"ledger_offset":    strconv.FormatInt(e.LedgerOffset, 10),
		"ledger_sequence":  strconv.FormatInt(e.Sequence, 10),
		"ledger_hash":      hex.EncodeToString(e.RecordHash),
	}
	return nil, v.apply(ctx, events.TopicRecorded, &e.Meta, store.RankTerminal, store.StatusCompleted, "recorded", f, nil)
}

func (v *View) rejected(ctx context.Context, _ *bus.Message, e *events.DocumentRejected) ([]bus.Output, error) {
	f := map[string]string{"error_code": e.ReasonCode, "error": e.Message}
	return nil, v.apply(ctx, events.TopicRejected, &e.Meta, store.RankTerminal, store.StatusFailed, "rejected", f, nil)
}

// control: a cancel, a breached deadline and an operator's discard end the
// workflow (the discard's ledger record comes after it and changes
// nothing); a correction and an erasure act on a workflow that may have
// ended (erase.go); the other kinds do not change the view.
func (v *View) control(ctx context.Context, m *bus.Message, e *events.WorkflowControl) ([]bus.Output, error) {
	var status string
	f := map[string]string{}
	switch e.Kind {
	case events.KindCorrected:
		return nil, v.corrected(ctx, m, e)
	case events.KindErasureRequested:
		return v.erase(ctx, m, e)
	case "canceled":
		status = store.StatusCanceled
	case "deadline_exceeded":
		status = store.StatusTimedOut
		f["error_code"], f["error"] = e.Kind, "deadline exceeded"
	case "discarded":
		status = store.StatusFailed
		f["error_code"], f["error"] = e.Kind, "discarded: "+e.Reason
	default:
		return nil, nil
	}
	return nil, v.apply(ctx, m.Record.Topic, &e.Meta, store.RankTerminal, status, "", f, nil)
}

// steps: of what a service reports about its own steps, only a canceled
// workflow and a correction the ledger recorded change the view; anything
// else on the steps topic steers nothing (its writers may not write
// control events).
func (v *View) steps(ctx context.Context, m *bus.Message, e *events.WorkflowControl) ([]bus.Output, error) {
	if e.Kind != "canceled" && e.Kind != events.KindCorrected {
		return nil, nil
	}
	return v.control(ctx, m, e)
}

// deadLetter: a structural failure parks the workflow (the exception agent
// holds it for an operator, who may replay or discard it: it has not
// ended); a semantic one waits for review; a transient one is retried by
// the exception agent, so the workflow keeps running. A dead letter that
// proves no workflow (its original record does not decode, so only a key
// names one) changes none: the exception agent parks it as poison.
func (v *View) deadLetter(ctx context.Context, m *bus.Message, e *events.DeadLetter) ([]bus.Output, error) {
	wf, err := bus.ProvenWorkflow(v.Decoder, e)
	if err != nil {
		return nil, err
	}
	if wf == "" {
		m.Log().WarnContext(ctx, "poison dead letter changes no workflow", "key", string(e.OriginalKey))
		return nil, nil
	}
	meta := e.Meta
	meta.WorkflowID = wf
	f := map[string]string{"error_code": e.ErrorClass, "error": e.Service + ": " + e.ErrorMessage}
	topic := m.Record.Topic
	switch fault.Class(e.ErrorClass) {
	case fault.Structural:
		return nil, v.apply(ctx, topic, &meta, 0, store.StatusParked, e.Service, f, nil)
	case fault.Semantic:
		return nil, v.apply(ctx, topic, &meta, 0, store.StatusWaitingReview, e.Service, f, nil)
	default:
		return nil, v.apply(ctx, topic, &meta, 0, store.StatusRunning, e.Service, f, nil)
	}
}
