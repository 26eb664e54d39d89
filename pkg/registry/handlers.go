package registry

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/hamba/avro/v2"
	"github.com/twmb/franz-go/pkg/sr"
)

// maxBody bounds request bodies; srfake applies the same limit.
const maxBody = 1 << 20

const contentType = "application/vnd.schemaregistry.v1+json"

// apiError is an error answered in Confluent's error body.
type apiError struct {
	status int
	code   int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func newAPIError(status, code int, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

func invalidSchema(format string, args ...any) *apiError {
	return newAPIError(http.StatusUnprocessableEntity, sr.ErrInvalidSchema.Code, format, args...)
}

func storeError(err error) *apiError {
	return newAPIError(http.StatusInternalServerError, sr.ErrStoreError.Code, "schema store: %v", err)
}

func (r *Registry) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", r.handleRoot)
	mux.HandleFunc("POST /subjects/{subject}", r.handleLookup)
	mux.HandleFunc("POST /subjects/{subject}/versions", r.handleRegister)
	mux.HandleFunc("POST /compatibility/subjects/{subject}/versions/{version}", r.handleCompatibility)
	mux.HandleFunc("POST /compatibility/subjects/{subject}/versions", r.handleCompatibility)
	mux.HandleFunc("PUT /config", r.handlePutConfig)
	mux.HandleFunc("PUT /config/{subject}", r.handlePutConfig)
	mux.HandleFunc("DELETE /config", r.handleDeleteConfig)
	mux.HandleFunc("DELETE /config/{subject}", r.handleDeleteConfig)
	mux.HandleFunc("DELETE /subjects/{subject}", r.handleDeleteSubject)
	mux.HandleFunc("DELETE /subjects/{subject}/versions/{version}", r.handleDeleteVersion)
	mux.HandleFunc("PUT /mode", r.handlePutMode)
	mux.HandleFunc("PUT /mode/{subject}", r.handlePutMode)
	mux.HandleFunc("GET /schemas/types", r.handleTypes)
	mux.HandleFunc("GET /schemas/ids/{id}/schema", r.handleRawSchema)
	mux.HandleFunc("GET /subjects/{subject}/versions/{version}/schema", r.handleRawSchema)
	mux.HandleFunc("/contexts/", r.handleContexts)
	mux.Handle("/", r.fake.Handler())
	return mux
}

// ---- registration -------------------------------------------------------

type registerBody struct {
	sr.Schema
	ID      int `json:"id,omitempty"`
	Version int `json:"version,omitempty"`
}

func (r *Registry) handleRegister(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	var body registerBody
	if err := decodeBody(w, req, &body); err != nil {
		writeError(w, err)
		return
	}
	if body.ID > 0 || body.Version > 0 {
		writeError(w, newAPIError(http.StatusUnprocessableEntity, sr.ErrOperationNotPermitted.Code,
			"registering with an explicit id or version needs IMPORT mode, which this registry does not support"))
		return
	}
	id, err := r.register(req.Context(), subject, body.Schema)
	if err != nil {
		writeError(w, err)
		return
	}
	respond(w, http.StatusOK, map[string]int{"id": id})
}

// register validates s, checks it against subject's live versions and
// registers and logs it, returning its id.
func (r *Registry) register(ctx context.Context, subject string, s sr.Schema) (int, error) {
	if err := validateSubject(subject); err != nil {
		return 0, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.writable(); err != nil {
		return 0, err
	}
	parsed, err := r.parse(s)
	if err != nil {
		return 0, invalidSchema("%v", err)
	}
	previous, err := r.versions(ctx, subject, false)
	if err != nil {
		return 0, err
	}
	if ss, ok, err := match(parsed, s.References, previous); err != nil {
		return 0, err
	} else if ok {
		return ss.ID, nil
	}
	level, err := r.level(ctx, subject)
	if err != nil {
		return 0, err
	}
	if msgs := incompatibilities(level, parsed, previous); len(msgs) > 0 {
		return 0, newAPIError(http.StatusConflict, sr.ErrIncompatibleSchema.Code,
			"Schema being registered is incompatible with an earlier schema for subject %q, details: [%s]",
			subject, strings.Join(msgs, "; "))
	}

	status, body := r.callFake(ctx, http.MethodPost, subjectPath(subject)+"/versions", s)
	if status != http.StatusOK {
		return 0, relayed(status, body)
	}
	ss, ok, err := r.lookup(ctx, subject, s)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, storeError(errors.New("registered schema not found right after registering it"))
	}
	stored := ss.Schema
	if err := r.commit(record{Op: opRegister, Subject: subject, Version: ss.Version, ID: ss.ID, Schema: &stored}); err != nil {
		return 0, err
	}
	return ss.ID, nil
}

// handleLookup answers whether a schema is registered under a subject
// (POST /subjects/{subject}), matching it by its parsed form rather than
// its text, as Confluent's registry does. The answer carries the schema as
// it was registered. With ?deleted=true soft-deleted versions count too.
func (r *Registry) handleLookup(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	var s sr.Schema
	if err := decodeBody(w, req, &s); err != nil {
		writeError(w, err)
		return
	}
	ss, err := r.find(req.Context(), subject, s, req.URL.Query().Get("deleted") == "true")
	if err != nil {
		writeError(w, err)
		return
	}
	out := map[string]any{"subject": subject, "version": ss.Version, "id": ss.ID, "schema": ss.Schema.Schema}
	if len(ss.References) > 0 {
		out["references"] = ss.References
	}
	respond(w, http.StatusOK, out)
}

// find returns the version of subject that is the same schema as s.
func (r *Registry) find(ctx context.Context, subject string, s sr.Schema, deleted bool) (sr.SubjectSchema, error) {
	if err := validateSubject(subject); err != nil {
		return sr.SubjectSchema{}, err
	}
	parsed, err := r.parse(s)
	if err != nil {
		return sr.SubjectSchema{}, invalidSchema("%v", err)
	}
	versions, err := r.versions(ctx, subject, deleted)
	if err != nil {
		return sr.SubjectSchema{}, err
	}
	if len(versions) == 0 {
		return sr.SubjectSchema{}, newAPIError(http.StatusNotFound, sr.ErrSubjectNotFound.Code, "Subject '%s' not found.", subject)
	}
	ss, ok, err := match(parsed, s.References, versions)
	if err != nil {
		return sr.SubjectSchema{}, err
	}
	if !ok {
		return sr.SubjectSchema{}, newAPIError(http.StatusNotFound, sr.ErrSchemaNotFound.Code, "Schema not found")
	}
	return ss, nil
}

// handleRoot answers GET / with an empty object, as Confluent's registry
// does; clients and load balancers probe it.
func (r *Registry) handleRoot(w http.ResponseWriter, _ *http.Request) {
	respond(w, http.StatusOK, struct{}{})
}

// ---- compatibility ------------------------------------------------------

func (r *Registry) handleCompatibility(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	version := req.PathValue("version") // "" checks against all versions
	var s sr.Schema
	if err := decodeBody(w, req, &s); err != nil {
		writeError(w, err)
		return
	}
	msgs, err := r.checkCompatibility(req.Context(), subject, version, s)
	if err != nil {
		writeError(w, err)
		return
	}
	out := map[string]any{"is_compatible": len(msgs) == 0}
	if req.URL.Query().Get("verbose") == "true" {
		if msgs == nil {
			msgs = []string{}
		}
		out["messages"] = msgs
	}
	respond(w, http.StatusOK, out)
}

// checkCompatibility answers the compatibility endpoints. Against one version
// (a number, "latest" or -1) the subject's level decides the direction only;
// against all versions (version "") it also decides transitivity, as in
// Confluent's registry.
func (r *Registry) checkCompatibility(ctx context.Context, subject, version string, s sr.Schema) ([]string, error) {
	parsed, err := r.parse(s)
	if err != nil {
		return nil, invalidSchema("%v", err)
	}
	level, err := r.level(ctx, subject)
	if err != nil {
		return nil, err
	}
	previous, err := r.versions(ctx, subject, false)
	if err != nil {
		return nil, err
	}
	if version == "" {
		return incompatibilities(level, parsed, previous), nil
	}
	if len(previous) == 0 {
		return nil, newAPIError(http.StatusNotFound, sr.ErrSubjectNotFound.Code, "Subject %q not found", subject)
	}
	var against parsedVersion
	switch version {
	case "latest", "-1":
		against = previous[len(previous)-1]
	default:
		v, err := strconv.Atoi(version)
		if err != nil || v <= 0 {
			return nil, newAPIError(http.StatusUnprocessableEntity, sr.ErrInvalidVersion.Code,
				"The specified version %q is not a valid version id; allowed values are between 1 and 2^31-1 and the string \"latest\"", version)
		}
		i := sort.Search(len(previous), func(i int) bool { return previous[i].version >= v })
		if i == len(previous) || previous[i].version != v {
			return nil, newAPIError(http.StatusNotFound, sr.ErrVersionNotFound.Code, "Version %d not found for subject %q", v, subject)
		}
		against = previous[i]
	}
	return incompatibilities(level, parsed, []parsedVersion{against}), nil
}

// ---- config -------------------------------------------------------------

func (r *Registry) handlePutConfig(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	var body struct {
		Compatibility string `json:"compatibility"`
	}
	if err := decodeBody(w, req, &body); err != nil {
		writeError(w, err)
		return
	}
	var level sr.CompatibilityLevel
	if err := level.UnmarshalText([]byte(body.Compatibility)); err != nil || body.Compatibility == "" {
		writeError(w, newAPIError(http.StatusUnprocessableEntity, sr.ErrInvalidCompatibilityLevel.Code,
			"Invalid compatibility level %q. Valid values are none, backward, forward, full, backward_transitive, forward_transitive, and full_transitive", body.Compatibility))
		return
	}
	if subject != "" {
		if err := validateSubject(subject); err != nil {
			writeError(w, err)
			return
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.writable(); err != nil {
		writeError(w, err)
		return
	}
	if err := r.setLevel(req.Context(), subject, level); err != nil {
		writeError(w, err)
		return
	}
	if err := r.commit(record{Op: opConfig, Subject: subject, Level: level.String()}); err != nil {
		writeError(w, err)
		return
	}
	respond(w, http.StatusOK, map[string]string{"compatibility": level.String()})
}

func (r *Registry) handleDeleteConfig(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.writable(); err != nil {
		writeError(w, err)
		return
	}
	if err := r.deleteLevel(req.Context(), subject); err != nil {
		writeError(w, err)
		return
	}
	if err := r.commit(record{Op: opConfigDelete, Subject: subject}); err != nil {
		writeError(w, err)
		return
	}
	level, err := r.level(req.Context(), subject)
	if err != nil {
		writeError(w, err)
		return
	}
	respond(w, http.StatusOK, map[string]string{"compatibilityLevel": level.String()})
}

func (r *Registry) setLevel(ctx context.Context, subject string, level sr.CompatibilityLevel) error {
	status, body := r.callFake(ctx, http.MethodPut, configPath(subject), map[string]string{"compatibility": level.String()})
	if status != http.StatusOK {
		return relayed(status, body)
	}
	return nil
}

func (r *Registry) deleteLevel(ctx context.Context, subject string) error {
	if subject == "" {
		return r.setLevel(ctx, "", r.cfg.defaultLevel)
	}
	status, body := r.callFake(ctx, http.MethodDelete, configPath(subject), nil)
	if status != http.StatusOK {
		return relayed(status, body)
	}
	return nil
}

// ---- deletes ------------------------------------------------------------

func (r *Registry) handleDeleteSubject(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	permanent := req.URL.Query().Get("permanent") == "true"
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.writable(); err != nil {
		writeError(w, err)
		return
	}
	if permanent {
		// Confluent requires a soft delete first.
		if status, _ := r.callFake(req.Context(), http.MethodGet, subjectPath(subject)+"/versions", nil); status == http.StatusOK {
			writeError(w, newAPIError(http.StatusNotFound, sr.ErrSubjectNotSoftDeleted.Code,
				"Subject %q was not deleted first before being permanently deleted", subject))
			return
		}
	}
	status, body := r.callFake(req.Context(), http.MethodDelete, subjectPath(subject)+deleteQuery(permanent), nil)
	if status != http.StatusOK {
		relay(w, status, body)
		return
	}
	if err := r.commit(record{Op: opDeleteSubject, Subject: subject, Permanent: permanent}); err != nil {
		writeError(w, err)
		return
	}
	relay(w, status, body)
}

func (r *Registry) handleDeleteVersion(w http.ResponseWriter, req *http.Request) {
	subject := req.PathValue("subject")
	permanent := req.URL.Query().Get("permanent") == "true"
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.writable(); err != nil {
		writeError(w, err)
		return
	}
	version, err := r.resolveVersion(req.Context(), subject, req.PathValue("version"), permanent)
	if err != nil {
		writeError(w, err)
		return
	}
	if permanent {
		if _, live := r.fake.GetSchema(subject, version); live {
			writeError(w, newAPIError(http.StatusNotFound, sr.ErrSchemaVersionNotSoftDeleted.Code,
				"Subject %q version %d was not deleted first before being permanently deleted", subject, version))
			return
		}
	}
	path := subjectPath(subject) + "/versions/" + strconv.Itoa(version) + deleteQuery(permanent)
	status, body := r.callFake(req.Context(), http.MethodDelete, path, nil)
	if status != http.StatusOK {
		relay(w, status, body)
		return
	}
	if err := r.commit(record{Op: opDeleteVersion, Subject: subject, Version: version, Permanent: permanent}); err != nil {
		writeError(w, err)
		return
	}
	relay(w, status, body)
}

// resolveVersion turns a version path element into a number; "latest" and
// -1 name the latest live version (or, with deleted, the latest of all).
func (r *Registry) resolveVersion(ctx context.Context, subject, version string, deleted bool) (int, error) {
	if version != "latest" && version != "-1" {
		v, err := strconv.Atoi(version)
		if err != nil || v <= 0 {
			return 0, newAPIError(http.StatusUnprocessableEntity, sr.ErrInvalidVersion.Code,
				"The specified version %q is not a valid version id", version)
		}
		return v, nil
	}
	path := subjectPath(subject) + "/versions"
	if deleted {
		path += "?deleted=true"
	}
	status, body := r.callFake(ctx, http.MethodGet, path, nil)
	if status != http.StatusOK {
		return 0, relayed(status, body)
	}
	var versions []int
	if err := json.Unmarshal(body, &versions); err != nil || len(versions) == 0 {
		return 0, newAPIError(http.StatusNotFound, sr.ErrSubjectNotFound.Code, "Subject %q not found", subject)
	}
	return versions[len(versions)-1], nil
}

func deleteQuery(permanent bool) string {
	if permanent {
		return "?permanent=true"
	}
	return ""
}

// ---- modes and contexts -------------------------------------------------

func (r *Registry) handlePutMode(w http.ResponseWriter, req *http.Request) {
	var body struct {
		Mode string `json:"mode"`
	}
	if err := decodeBody(w, req, &body); err != nil {
		writeError(w, err)
		return
	}
	if !strings.EqualFold(body.Mode, sr.ModeReadWrite.String()) {
		writeError(w, newAPIError(http.StatusUnprocessableEntity, sr.ErrInvalidMode.Code,
			"mode %q is not supported by this registry; only READWRITE is", body.Mode))
		return
	}
	respond(w, http.StatusOK, map[string]string{"mode": sr.ModeReadWrite.String()})
}

// handleContexts passes reads under /contexts/ to srfake and refuses writes,
// which would otherwise reach srfake without validation or logging.
func (r *Registry) handleContexts(w http.ResponseWriter, req *http.Request) {
	rest := strings.TrimPrefix(req.URL.Path, "/contexts/")
	if req.Method == http.MethodGet || req.Method == http.MethodHead || !strings.Contains(rest, "/") {
		r.fake.Handler().ServeHTTP(w, req)
		return
	}
	writeError(w, newAPIError(http.StatusUnprocessableEntity, sr.ErrOperationNotPermitted.Code,
		"changes inside a schema context are not supported by this registry"))
}

// ---- state read from srfake ---------------------------------------------

// lookup finds s among subject's live versions by its exact text, as
// srfake stores it.
func (r *Registry) lookup(ctx context.Context, subject string, s sr.Schema) (sr.SubjectSchema, bool, error) {
	status, body := r.callFake(ctx, http.MethodPost, subjectPath(subject), s)
	switch status {
	case http.StatusOK:
		var ss sr.SubjectSchema
		if err := json.Unmarshal(body, &ss); err != nil {
			return sr.SubjectSchema{}, false, storeError(fmt.Errorf("decode lookup: %w", err))
		}
		ss.Schema = s
		return ss, true, nil
	case http.StatusNotFound:
		return sr.SubjectSchema{}, false, nil
	default:
		return sr.SubjectSchema{}, false, relayed(status, body)
	}
}

// match finds the version among versions that is the same schema as
// parsed with refs (see canonical).
func match(parsed avro.Schema, refs []sr.SchemaReference, versions []parsedVersion) (sr.SubjectSchema, bool, error) {
	form, err := canonical(parsed)
	if err != nil {
		return sr.SubjectSchema{}, false, storeError(err)
	}
	for _, v := range versions {
		same, err := sameSchema(form, refs, v)
		if err != nil {
			return sr.SubjectSchema{}, false, storeError(fmt.Errorf("subject %q version %d: %w", v.stored.Subject, v.version, err))
		}
		if same {
			return v.stored, true, nil
		}
	}
	return sr.SubjectSchema{}, false, nil
}

// level is the compatibility level in force for subject.
func (r *Registry) level(ctx context.Context, subject string) (sr.CompatibilityLevel, error) {
	path := "/config"
	if subject != "" {
		path = configPath(subject) + "?defaultToGlobal=true"
	}
	status, body := r.callFake(ctx, http.MethodGet, path, nil)
	if status != http.StatusOK {
		return 0, relayed(status, body)
	}
	var out struct {
		Level sr.CompatibilityLevel `json:"compatibilityLevel"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return 0, storeError(fmt.Errorf("decode config: %w", err))
	}
	return out.Level, nil
}

// versions returns subject's versions, parsed, ascending: the live ones,
// or with deleted the soft-deleted ones too.
func (r *Registry) versions(ctx context.Context, subject string, deleted bool) ([]parsedVersion, error) {
	query := ""
	if deleted {
		query = "?deleted=true"
	}
	status, body := r.callFake(ctx, http.MethodGet, subjectPath(subject)+"/versions"+query, nil)
	if status == http.StatusNotFound {
		return nil, nil
	}
	if status != http.StatusOK {
		return nil, relayed(status, body)
	}
	var versions []int
	if err := json.Unmarshal(body, &versions); err != nil {
		return nil, storeError(fmt.Errorf("decode versions: %w", err))
	}
	sort.Ints(versions)
	out := make([]parsedVersion, 0, len(versions))
	for _, v := range versions {
		ss, ok, err := r.version(ctx, subject, v, deleted)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		parsed, err := r.parse(ss.Schema)
		if err != nil {
			return nil, storeError(fmt.Errorf("subject %q version %d: %w", subject, v, err))
		}
		out = append(out, parsedVersion{version: v, schema: parsed, stored: ss})
	}
	return out, nil
}

// version returns one version of subject: a live one, or with deleted also
// a soft-deleted one.
func (r *Registry) version(ctx context.Context, subject string, v int, deleted bool) (sr.SubjectSchema, bool, error) {
	if !deleted {
		ss, ok := r.fake.GetSchema(subject, v)
		return ss, ok, nil
	}
	status, body := r.callFake(ctx, http.MethodGet, subjectPath(subject)+"/versions/"+strconv.Itoa(v)+"?deleted=true", nil)
	switch status {
	case http.StatusOK:
		var ss sr.SubjectSchema
		if err := json.Unmarshal(body, &ss); err != nil {
			return sr.SubjectSchema{}, false, storeError(fmt.Errorf("decode subject %q version %d: %w", subject, v, err))
		}
		return ss, true, nil
	case http.StatusNotFound:
		return sr.SubjectSchema{}, false, nil
	default:
		return sr.SubjectSchema{}, false, relayed(status, body)
	}
}

// ---- helpers ------------------------------------------------------------

// writable reports whether changes are accepted. Callers hold r.mu.
func (r *Registry) writable() error {
	if r.closed {
		return storeError(errors.New("registry is closed"))
	}
	if r.failed != nil {
		return storeError(fmt.Errorf("registry refuses changes until restarted: %w", r.failed))
	}
	return nil
}

// commit appends rec to the log. A failure leaves memory ahead of the log,
// so the registry stops accepting changes. Callers hold r.mu.
func (r *Registry) commit(rec record) error {
	if err := r.log.append(rec); err != nil {
		r.failed = err
		return storeError(err)
	}
	return nil
}

// callFake sends one request to srfake in process and returns its answer.
func (r *Registry) callFake(ctx context.Context, method, path string, body any) (int, []byte) {
	var rd io.Reader = http.NoBody
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return http.StatusInternalServerError, errorBody(storeError(err))
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, "http://registry"+path, rd)
	if err != nil {
		return http.StatusInternalServerError, errorBody(storeError(err))
	}
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	r.fake.Handler().ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

func subjectPath(subject string) string { return "/subjects/" + url.PathEscape(subject) }

func configPath(subject string) string {
	if subject == "" {
		return "/config"
	}
	return "/config/" + url.PathEscape(subject)
}

func validateSubject(subject string) error {
	if subject == "" || len(subject) > 255 || strings.ContainsRune(subject, 0) {
		return newAPIError(http.StatusUnprocessableEntity, sr.ErrInvalidSubject.Code, "invalid subject name %q", subject)
	}
	return nil
}

func decodeBody(w http.ResponseWriter, req *http.Request, v any) error {
	req.Body = http.MaxBytesReader(w, req.Body, maxBody)
	if err := json.NewDecoder(req.Body).Decode(v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return newAPIError(http.StatusUnprocessableEntity, sr.ErrSchemaTooLarge.Code, "request body is larger than %d bytes", maxBody)
		}
		return invalidSchema("invalid request body: %v", err)
	}
	return nil
}

// relayed turns an error answer from srfake into an error to answer with.
func relayed(status int, body []byte) error {
	var e struct {
		Code    int    `json:"error_code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Code == 0 {
		return newAPIError(status, sr.ErrStoreError.Code, "%s", bytes.TrimSpace(body))
	}
	return newAPIError(status, e.Code, "%s", e.Message)
}

func relay(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func respond(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = storeError(err)
	}
	relay(w, ae.status, errorBody(ae))
}

func errorBody(ae *apiError) []byte {
	b, _ := json.Marshal(map[string]any{"error_code": ae.code, "message": ae.msg})
	return append(b, '\n')
}

// handleRawSchema answers the schema of an id or a subject's version
// itself, unescaped, as Confluent's registry does: srfake answers a JSON
// string for an id and a {"schema": …} object for a version. The schema is
// read from the object the path without its /schema suffix answers, with
// the same query (subject, deleted).
func (r *Registry) handleRawSchema(w http.ResponseWriter, req *http.Request) {
	path := strings.TrimSuffix(req.URL.EscapedPath(), "/schema")
	if req.URL.RawQuery != "" {
		path += "?" + req.URL.RawQuery
	}
	status, body := r.callFake(req.Context(), http.MethodGet, path, nil)
	if status != http.StatusOK {
		relay(w, status, body)
		return
	}
	var s struct {
		Schema string `json:"schema"`
	}
	if err := json.Unmarshal(body, &s); err != nil {
		writeError(w, storeError(fmt.Errorf("decode schema: %w", err)))
		return
	}
	relay(w, http.StatusOK, []byte(s.Schema))
}

// handleTypes answers the schema types the registry accepts. Clients ask it
// as a cheap liveness probe (sr.Client.SupportedTypes), so the services'
// /readyz depends on it. Only Avro is parsed and checked here.
func (r *Registry) handleTypes(w http.ResponseWriter, _ *http.Request) {
	respond(w, http.StatusOK, []string{"AVRO"})
}
