// Package server is the operators' HTTP JSON API over parked items:
//
//	GET  /v1/parked?service=&workflow=&limit=  parked items, newest first
//	GET  /v1/parked/{id}                       one item, payload decoded
//	POST /v1/parked/{id}/replay                redeliver it to its retry topic
//	POST /v1/parked/{id}/discard {"reason"}    drop it, with a reason
//	GET  /v1/breakers                          each service's redelivery circuit breaker
//
// Every action is announced as a control event in the workflow's history,
// produced in the same transaction as the replayed record. It names the
// original payload's document when it has one (document_* details): the
// ledger records a discarded workflow's final disposition from it.
package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/audit"
	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/exception/internal/breaker"
	"github.com/docket-run/docket/services/exception/internal/model"
	"github.com/docket-run/docket/services/exception/internal/redeliver"
	"github.com/docket-run/docket/services/exception/internal/store"
)

// Limits of the API.
const (
	maxBody   = 64 << 10
	maxReason = 2000
	maxLimit  = 1000
)

// Server serves the API.
type Server struct {
	Store    *store.Store
	Producer *redeliver.Producer
	Codec    bus.Codec // encodes control events, decodes original payloads
	Log      *slog.Logger
	Service  string
	Version  string
	Now      func() time.Time
	// Auth authenticates every route (pkg/auth); nil serves everyone as
	// auth.Anonymous, on loopback Host names only. Every route needs the
	// operator role.
	Auth *auth.Set
	// Breakers, when set, are read by GET /v1/breakers (from Redis,
	// through BreakerReader) for the services in BreakerServices.
	Breakers        *breaker.Breakers
	BreakerReader   redis.Cmdable
	BreakerServices []string
}

// Handler returns the API's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/parked", s.list)
	mux.HandleFunc("GET /v1/parked/{id}", s.show)
	mux.HandleFunc("POST /v1/parked/{id}/replay", s.replay)
	mux.HandleFunc("POST /v1/parked/{id}/discard", s.discard)
	mux.HandleFunc("GET /v1/breakers", s.breakers)
	return s.Auth.HTTP("docket-exception", auth.StateChanging(operatorOnly(mux)))
}

// operatorOnly answers 403 to a principal without the operator role.
func operatorOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := auth.FromContext(r.Context()); !ok || !p.Operator() {
			writeError(w, http.StatusForbidden, "parked items need the operator role")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// actor returns who acts: the caller's principal (pkg/auth.Actor).
func actor(w http.ResponseWriter, r *http.Request, claimed string) (string, bool) {
	p, _ := auth.FromContext(r.Context())
	a, err := auth.Actor(p, claimed)
	if err != nil {
		writeError(w, http.StatusForbidden, err.Error())
		return "", false
	}
	return a, true
}

// Summary is a parked item in a listing.
type Summary struct {
	ID          string    `json:"id"`
	Kind        string    `json:"kind"`
	Service     string    `json:"service"`
	Workflow    string    `json:"workflow_id"`
	Reason      string    `json:"reason"`
	ErrorClass  string    `json:"error_class"`
	Attempts    int       `json:"attempts"`
	SourceTopic string    `json:"source_topic"`
	ParkedAt    time.Time `json:"parked_at"`
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.Filter{Service: q.Get("service"), Workflow: q.Get("workflow"), Limit: 100}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("limit %q: want 1..%d", v, maxLimit))
			return
		}
		f.Limit = n
	}
	items, err := s.Store.List(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]Summary, len(items))
	for i, p := range items {
		out[i] = Summary{ID: p.ID, Kind: p.Kind, Service: p.Service, Workflow: p.Workflow, Reason: p.Reason,
			ErrorClass: p.Envelope.ErrorClass, Attempts: p.Envelope.Attempts, SourceTopic: p.Envelope.SourceTopic, ParkedAt: p.ParkedAt}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": out})
}

func (s *Server) breakers(w http.ResponseWriter, r *http.Request) {
	out := []breaker.Status{}
	if s.Breakers != nil {
		for _, svc := range s.BreakerServices {
			st, err := s.Breakers.Read(r.Context(), s.BreakerReader, svc)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			out = append(out, st)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"breakers": out})
}

// Detail is one parked item with its payload: decoded when the registry
// knows its schema, else the raw bytes (base64 in JSON).
type Detail struct {
	model.Parked
	PayloadType  string          `json:"payload_type,omitempty"`
	Payload      json.RawMessage `json:"payload,omitempty"`
	PayloadRaw   []byte          `json:"payload_raw,omitempty"`
	PayloadError string          `json:"payload_error,omitempty"`
}

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	p, ok := s.load(w, r)
	if !ok {
		return
	}
	d := Detail{Parked: p}
	if e, err := s.Codec.Decode(p.Envelope.OriginalValue); err == nil {
		if b, jerr := json.Marshal(schemaNamed(reflect.ValueOf(e))); jerr == nil {
			d.PayloadType, d.Payload = fmt.Sprintf("%T", e), b
		} else {
			d.PayloadRaw, d.PayloadError = p.Envelope.OriginalValue, jerr.Error()
		}
	} else {
		d.PayloadRaw, d.PayloadError = p.Envelope.OriginalValue, err.Error()
	}
	writeJSON(w, http.StatusOK, d)
}

type actionRequest struct {
	Reason string `json:"reason"`
	Actor  string `json:"actor"`
}

func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	req, ok := readAction(w, r)
	if !ok {
		return
	}
	p, ok := s.load(w, r)
	if !ok {
		return
	}
	who, ok := actor(w, r, req.Actor)
	if !ok {
		return
	}
	reason := req.Reason
	if reason == "" {
		reason = "replayed by " + who
	}
	recs := []*kgo.Record{p.Envelope.RetryRecord()}
	if p.Workflow != "" {
		ctl, err := s.control(p, model.ControlReplayed, reason, who)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		recs = append(recs, ctl)
	}
	rec, err := s.audit(r, p, audit.ParkedReplay, who, reason)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.Producer.Send(r.Context(), append(recs, rec)...); err != nil {
		s.fail(w, r, err)
		return
	}
	// Produced first, unparked after: a crash in between leaves the item
	// parked, and a second replay is suppressed by the target's runtime.
	if _, err := s.Store.Unpark(r.Context(), p, true); err != nil {
		s.fail(w, r, err)
		return
	}
	s.Log.Info("parked item replayed", "id", p.ID, "service", p.Service, "workflow_id", p.Workflow, "actor", who)
	writeJSON(w, http.StatusOK, map[string]string{"id": p.ID, "status": model.ControlReplayed, "topic": events.RetryTopic(p.Service)})
}

func (s *Server) discard(w http.ResponseWriter, r *http.Request) {
	req, ok := readAction(w, r)
	if !ok {
		return
	}
	if strings.TrimSpace(req.Reason) == "" {
		writeError(w, http.StatusBadRequest, "a reason is required to discard")
		return
	}
	p, ok := s.load(w, r)
	if !ok {
		return
	}
	who, ok := actor(w, r, req.Actor)
	if !ok {
		return
	}
	// A poison record belongs to no workflow: there is none to fail.
	var recs []*kgo.Record
	if p.Workflow != "" {
		ctl, err := s.control(p, model.ControlDiscarded, req.Reason, who)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		recs = append(recs, ctl)
	}
	rec, err := s.audit(r, p, audit.ParkedDiscard, who, req.Reason)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.Producer.Send(r.Context(), append(recs, rec)...); err != nil {
		s.fail(w, r, err)
		return
	}
	if _, err := s.Store.Unpark(r.Context(), p, true); err != nil {
		s.fail(w, r, err)
		return
	}
	s.Log.Info("parked item discarded", "id", p.ID, "service", p.Service, "workflow_id", p.Workflow, "actor", who, "reason", req.Reason)
	writeJSON(w, http.StatusOK, map[string]string{"id": p.ID, "status": model.ControlDiscarded})
}

var controlNamespace = uuid.MustParse("9a3c54e2-1d7b-4f0a-b6a1-2c8e5d4f7b30")

// control builds the control record of an operator action on p. Its id is
// derived from the item and the action, so a retried action is one event.
func (s *Server) control(p model.Parked, kind, reason, actor string) (*kgo.Record, error) {
	c := &events.WorkflowControl{
		Kind:   kind,
		Reason: reason,
		Details: map[string]string{
			"service":      p.Service,
			"source_topic": p.Envelope.SourceTopic,
			"parked_id":    p.ID,
			"park_kind":    p.Kind,
			"dead_letter":  p.Envelope.EventID,
		},
	}
	if actor != "" {
		c.Actor = &actor
	}
	if e, err := s.Codec.Decode(p.Envelope.OriginalValue); err == nil {
		if doc, ok := model.DocumentOf(e); ok {
			events.AddDocumentDetails(c.Details, doc)
		}
	}
	c.Meta = events.Meta{
		EventID:     uuid.NewSHA1(controlNamespace, []byte(p.ID+"\x00"+kind)).String(),
		WorkflowID:  p.Workflow,
		TenantID:    p.Envelope.TenantID,
		CausationID: p.Envelope.EventID,
		OccurredAt:  s.now().UTC().Truncate(time.Millisecond),
		Producer:    events.Producer{Service: s.Service, Version: s.Version},
	}
	v, err := s.Codec.Encode(events.TopicControl, c)
	if err != nil {
		return nil, fmt.Errorf("encode %s control event: %w", kind, err)
	}
	return &kgo.Record{Topic: events.TopicControl, Key: []byte(p.Workflow), Value: v}, nil
}

// audit builds the docket.audit record of an operator action on p,
// produced in the action's transaction.
func (s *Server) audit(r *http.Request, p model.Parked, action, who, reason string) (*kgo.Record, error) {
	pr, _ := auth.FromContext(r.Context())
	wf := p.Workflow
	if wf == "" {
		// A poison record belongs to no workflow; its audit record is
		// keyed by the item, and says so.
		wf = "poison:" + p.ID
	}
	ev := audit.Event(pr, audit.Action{
		Name: action, Actor: who, Target: p.ID, Workflow: wf, Tenant: p.Envelope.TenantID,
		Causation: p.Envelope.EventID, RemoteAddr: r.RemoteAddr, Reason: reason, At: s.now(),
		Details: map[string]string{"service": p.Service, "park_kind": p.Kind, "source_topic": p.Envelope.SourceTopic},
	}, events.Producer{Service: s.Service, Version: s.Version})
	v, err := s.Codec.Encode(events.TopicAudit, ev)
	if err != nil {
		return nil, fmt.Errorf("encode audit event: %w", err)
	}
	return &kgo.Record{Topic: events.TopicAudit, Key: []byte(wf), Value: v}, nil
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func readAction(w http.ResponseWriter, r *http.Request) (actionRequest, bool) {
	var req actionRequest
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil && !errors.Is(err, io.EOF) {
		writeError(w, http.StatusBadRequest, "body: "+err.Error())
		return req, false
	}
	if len(req.Reason) > maxReason || len(req.Actor) > 200 {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("reason is limited to %d bytes, actor to 200", maxReason))
		return req, false
	}
	return req, true
}

func (s *Server) load(w http.ResponseWriter, r *http.Request) (model.Parked, bool) {
	p, err := s.Store.Get(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "no parked item "+r.PathValue("id"))
		return p, false
	}
	if err != nil {
		s.fail(w, r, err)
		return p, false
	}
	return p, true
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.Log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	writeError(w, http.StatusServiceUnavailable, err.Error())
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// schemaNamed is v with each field of its records under the name its
// Avro schema gives it (the generated types' avro tags: "meta",
// "workflow_id"), for the decoded payload of a parked item. Go's JSON of
// the generated types names them as Go does ("Meta", "WorkflowID"),
// which is neither the schema's nor the rest of the answer's spelling
// (found from outside). Bytes stay bytes (base64 in JSON), times times.
func schemaNamed(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return schemaNamed(v.Elem())
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			return v.Interface()
		}
		m := make(map[string]any, v.NumField())
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("avro"), ",")
			if name == "" {
				name = f.Name
			}
			m[name] = schemaNamed(v.Field(i))
		}
		return m
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 || v.Kind() == reflect.Slice && v.IsNil() {
			return v.Interface()
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = schemaNamed(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			out[fmt.Sprint(it.Key().Interface())] = schemaNamed(it.Value())
		}
		return out
	default:
		return v.Interface()
	}
}
