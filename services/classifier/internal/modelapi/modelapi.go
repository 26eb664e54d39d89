// Package modelapi serves the operators' model API of the classifier, on
// its ops server under /v1/models: list the registered versions, retrain
// a candidate on the corpus and the reviewers' corrections (promoted, or
// made the shadow, only when it beats the active model on held-out data,
// unless forced), set or clear the shadow, promote a version, roll back
// to the previous one.
//
// Every call needs the operator role (pkg/auth: a bearer token or client
// certificate mapped to a principal), and every change — retrain,
// shadow, promote, rollback — is an audit event on docket.audit, produced
// before the answer.
package modelapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/docket-run/docket/pkg/audit"
	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/classifier/models"
)

// Actions audited.
const (
	ActionRetrain  = "model.retrain"
	ActionShadow   = "model.shadow"
	ActionPromote  = "model.promote"
	ActionRollback = "model.rollback"
)

// auditKey keys the audit events of model actions (they belong to no
// workflow).
const auditKey = "model:" + events.ServiceClassifier

// Registry is what the API needs of the model registry.
type Registry interface {
	Add(ctx context.Context, file []byte, info models.Info) (string, error)
	State(ctx context.Context) (models.State, error)
	List(ctx context.Context) ([]models.Info, error)
	File(ctx context.Context, version string) ([]byte, error)
	Resolve(ctx context.Context, prefix string) (string, error)
	Promote(ctx context.Context, version string) (string, error)
	Rollback(ctx context.Context) (string, error)
	SetShadow(ctx context.Context, version string) error
}

// Examples lists the labelled examples.
type Examples interface {
	All(ctx context.Context) ([]models.Example, error)
}

// Auditor produces an audit event.
type Auditor interface {
	Emit(ctx context.Context, topic string, e events.Event) error
}

var (
	_ Registry = (*models.Registry)(nil)
	_ Examples = (*models.Examples)(nil)
)

// Server is the model API.
type Server struct {
	Registry Registry
	Examples Examples
	// Texts reads the examples' texts; Corpus are the base corpora
	// (each <type>/*.txt).
	Texts  models.Texts
	Corpus []fs.FS
	Audit  Auditor
	// Auth identifies callers; nil serves every caller as auth.Anonymous
	// (loopback only).
	Auth     *auth.Set
	Producer events.Producer
	Log      *slog.Logger
	Now      func() time.Time
}

// Handler returns the API's routes behind authentication.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", s.list)
	mux.HandleFunc("POST /v1/models/retrain", s.retrain)
	mux.HandleFunc("POST /v1/models/rollback", s.rollback)
	mux.HandleFunc("PUT /v1/models/shadow", s.shadow)
	mux.HandleFunc("POST /v1/models/{version}/promote", s.promote)
	return s.Auth.HTTP("docket-classifier", auth.StateChanging(operatorOnly(mux)))
}

func operatorOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := auth.FromContext(r.Context()); !ok || !p.Operator() {
			writeError(w, http.StatusForbidden, fmt.Errorf("the model API needs the operator role (caller %s)", p))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Listing is the answer of GET /v1/models.
type Listing struct {
	Active   string        `json:"active"`
	Shadow   string        `json:"shadow,omitempty"`
	Previous []string      `json:"previous"`
	Versions []models.Info `json:"versions"`
	Examples int           `json:"examples"`
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	st, err := s.Registry.State(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	vs, err := s.Registry.List(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	ex, err := s.Examples.All(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	writeJSON(w, http.StatusOK, Listing{Active: st.Active, Shadow: st.Shadow, Previous: st.Previous, Versions: vs, Examples: len(ex)})
}

// RetrainRequest is the body of POST /v1/models/retrain.
type RetrainRequest struct {
	// Shadow makes an adopted candidate the shadow instead of promoting it.
	Shadow bool `json:"shadow"`
	// Force adopts the candidate even when it does not beat the active
	// model.
	Force  bool   `json:"force"`
	Reason string `json:"reason"`
}

// Retrained is the answer of POST /v1/models/retrain.
type Retrained struct {
	Candidate     string      `json:"candidate"`
	Current       string      `json:"current"`
	CandidateEval models.Eval `json:"candidate_eval"`
	CurrentEval   models.Eval `json:"current_eval"`
	Examples      int         `json:"examples"`
	Skipped       int         `json:"skipped_examples"`
	// The two models on the examples themselves (the candidate trained on
	// most of them): informative, not part of the decision.
	CandidateOnExamples models.Eval `json:"candidate_on_examples"`
	CurrentOnExamples   models.Eval `json:"current_on_examples"`
	Better              bool        `json:"better"`
	// Decision is promoted, shadow or refused.
	Decision string `json:"decision"`
}

// Decisions of a retrain.
const (
	DecisionPromoted = "promoted"
	DecisionShadow   = "shadow"
	DecisionRefused  = "refused"
)

func (s *Server) retrain(w http.ResponseWriter, r *http.Request) {
	var req RetrainRequest
	if !decode(w, r, &req) {
		return
	}
	ctx := r.Context()
	st, err := s.Registry.State(ctx)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	cur, err := s.Registry.File(ctx, st.Active)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	ex, err := s.Examples.All(ctx)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	c, err := models.Retrain(ctx, s.Corpus, cur, ex, s.Texts)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	out := Retrained{
		Candidate: c.Version, Current: st.Active, CandidateEval: c.Candidate, CurrentEval: c.Current,
		Examples: c.Examples, Skipped: c.Skipped, CandidateOnExamples: c.CandidateOnExamples, CurrentOnExamples: c.CurrentOnExamples,
		Better: c.Better(), Decision: DecisionRefused,
	}
	// A candidate with the active model's bytes (unchanged data) is never
	// adopted, forced or not: there is nothing to shadow or promote.
	if c.Version != st.Active && (out.Better || req.Force) {
		info := models.Info{AddedAt: s.Now().UTC(), Source: models.SourceRetrain, Examples: c.Examples, Eval: &c.Candidate}
		if _, err := s.Registry.Add(ctx, c.File, info); err != nil {
			writeError(w, http.StatusServiceUnavailable, err)
			return
		}
		out.Decision = DecisionPromoted
		if req.Shadow {
			out.Decision = DecisionShadow
			err = s.Registry.SetShadow(ctx, c.Version)
		} else {
			_, err = s.Registry.Promote(ctx, c.Version)
		}
		if err != nil {
			writeError(w, http.StatusServiceUnavailable, err)
			return
		}
	}
	details := map[string]string{
		"decision": out.Decision, "candidate": c.Version, "current": st.Active, "forced": fmt.Sprint(req.Force),
		"candidate_accuracy": fmt.Sprintf("%.4f", c.Candidate.Accuracy()), "current_accuracy": fmt.Sprintf("%.4f", c.Current.Accuracy()),
		"candidate_auto_errors": fmt.Sprint(c.Candidate.AutoErrors), "current_auto_errors": fmt.Sprint(c.Current.AutoErrors),
		"held_out": fmt.Sprint(c.Candidate.Docs), "examples": fmt.Sprint(c.Examples),
	}
	if !s.audit(w, r, ActionRetrain, c.Version, req.Reason, details) {
		return
	}
	s.Log.Info("model retrained", "candidate", c.Version, "decision", out.Decision, "forced", req.Force,
		"candidate_accuracy", c.Candidate.Accuracy(), "current_accuracy", c.Current.Accuracy(),
		"candidate_auto_errors", c.Candidate.AutoErrors, "current_auto_errors", c.Current.AutoErrors)
	writeJSON(w, http.StatusOK, out)
}

// ShadowRequest is the body of PUT /v1/models/shadow; an empty version
// clears the shadow.
type ShadowRequest struct {
	Version string `json:"version"`
	Reason  string `json:"reason"`
}

// Changed is the answer of shadow, promote and rollback.
type Changed struct {
	Active string `json:"active"`
	Shadow string `json:"shadow,omitempty"`
	// Was is the version active (or, for shadow, the shadow) before.
	Was string `json:"was"`
}

func (s *Server) shadow(w http.ResponseWriter, r *http.Request) {
	var req ShadowRequest
	if !decode(w, r, &req) {
		return
	}
	ctx := r.Context()
	v := req.Version
	if v != "" {
		var err error
		if v, err = s.Registry.Resolve(ctx, v); err != nil {
			writeError(w, http.StatusNotFound, err)
			return
		}
	}
	before, err := s.Registry.State(ctx)
	if err == nil {
		err = s.Registry.SetShadow(ctx, v)
	}
	if err != nil {
		writeError(w, statusOf(err), err)
		return
	}
	s.changed(w, r, ActionShadow, v, req.Reason, before.Shadow)
}

// ChangeRequest is the body of promote and rollback.
type ChangeRequest struct {
	Reason string `json:"reason"`
}

func (s *Server) promote(w http.ResponseWriter, r *http.Request) {
	var req ChangeRequest
	if !decode(w, r, &req) {
		return
	}
	v, err := s.Registry.Resolve(r.Context(), r.PathValue("version"))
	if err != nil {
		writeError(w, http.StatusNotFound, err)
		return
	}
	was, err := s.Registry.Promote(r.Context(), v)
	if err != nil {
		writeError(w, statusOf(err), err)
		return
	}
	s.changed(w, r, ActionPromote, v, req.Reason, was)
}

func (s *Server) rollback(w http.ResponseWriter, r *http.Request) {
	var req ChangeRequest
	if !decode(w, r, &req) {
		return
	}
	before, err := s.Registry.State(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	v, err := s.Registry.Rollback(r.Context())
	if err != nil {
		writeError(w, statusOf(err), err)
		return
	}
	s.changed(w, r, ActionRollback, v, req.Reason, before.Active)
}

// changed audits a change to version and answers the registry's state.
func (s *Server) changed(w http.ResponseWriter, r *http.Request, action, version, reason, was string) {
	if !s.audit(w, r, action, version, reason, map[string]string{"was": was}) {
		return
	}
	st, err := s.Registry.State(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	s.Log.Info("model registry changed", "action", action, "version", version, "was", was, "active", st.Active, "shadow", st.Shadow)
	writeJSON(w, http.StatusOK, Changed{Active: st.Active, Shadow: st.Shadow, Was: was})
}

// audit produces the audit event of an action; it answers the request and
// returns false when it could not.
func (s *Server) audit(w http.ResponseWriter, r *http.Request, action, version, reason string, details map[string]string) bool {
	p, _ := auth.FromContext(r.Context())
	ev := audit.Event(p, audit.Action{
		Name: action, Actor: p.Name, Target: version, Workflow: auditKey, RemoteAddr: r.RemoteAddr,
		Reason: reason, Details: details, At: s.Now(),
	}, s.Producer)
	if err := s.Audit.Emit(r.Context(), events.TopicAudit, ev); err != nil {
		writeError(w, http.StatusServiceUnavailable, fmt.Errorf("%s done but not audited: %w", action, err))
		return false
	}
	return true
}

func statusOf(err error) int {
	switch {
	case errors.Is(err, models.ErrUnknownVersion):
		return http.StatusNotFound
	case errors.Is(err, models.ErrNoPrevious):
		return http.StatusConflict
	}
	return http.StatusServiceUnavailable
}

// maxBody bounds a request body.
const maxBody = 64 << 10

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, fmt.Errorf("decode request: %w", err))
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, map[string]string{"error": err.Error()})
}
