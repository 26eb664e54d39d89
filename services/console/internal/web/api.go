package web

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/docket-run/docket/pkg/layout"
	"github.com/docket-run/docket/pkg/ledgerchain"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

func (s *Server) routes(mux *http.ServeMux) {
	route := func(pattern string, h func(http.ResponseWriter, *http.Request, *session)) {
		name := pattern
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			rw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
			s.session(h)(rw, r)
			s.requests.WithLabelValues(name, strconv.Itoa(rw.code)).Inc()
		})
	}
	route("GET /api/workflows", s.listWorkflows)
	route("GET /api/workflows/meta", s.workflowMeta)
	route("GET /api/workflows/{id}", s.getWorkflow)
	route("GET /api/workflows/{id}/text", s.workflowText)
	route("GET /api/workflows/{id}/pages/{n}", s.workflowPage)
	route("GET /api/workflows/{id}/events", s.watchWorkflow)
	route("POST /api/workflows/{id}/cancel", s.cancelWorkflow)
	route("POST /api/workflows/{id}/correct", s.correctWorkflow)
	route("POST /api/workflows/{id}/erase", s.eraseWorkflow)
	route("POST /api/workflows/{id}/replay", s.replayWorkflow)
	route("GET /api/events", s.watchWorkflows)
	route("GET /api/reviews", s.listReviews)
	route("POST /api/reviews/{id}/claim", s.claimReview)
	route("POST /api/reviews/{id}/decide", s.decideReview)
	route("GET /api/parked", s.listParked)
	route("GET /api/parked/{id}", s.showParked)
	route("POST /api/parked/{id}/replay", s.replayParked)
	route("POST /api/parked/{id}/discard", s.discardParked)
	route("GET /api/breakers", s.breakers)
	route("GET /api/overview", s.overview)
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(c int) { w.code = c; w.ResponseWriter.WriteHeader(c) }

// Flush lets the live streams through the wrapper.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// grpcError answers an error of the tracker with its HTTP equivalent.
func grpcError(w http.ResponseWriter, err error) {
	st, _ := status.FromError(err)
	code := http.StatusBadGateway
	switch st.Code() {
	case codes.NotFound:
		code = http.StatusNotFound
	case codes.InvalidArgument, codes.OutOfRange:
		code = http.StatusBadRequest
	case codes.PermissionDenied:
		code = http.StatusForbidden
	case codes.Unauthenticated:
		code = http.StatusUnauthorized
	case codes.FailedPrecondition, codes.AlreadyExists, codes.Aborted:
		code = http.StatusConflict
	case codes.Unavailable, codes.DeadlineExceeded:
		code = http.StatusServiceUnavailable
	}
	writeError(w, code, st.Message())
}

// Workflow is a workflow as the page shows it.
type Workflow struct {
	ID        string     `json:"id"`
	Tenant    string     `json:"tenant"`
	Stage     string     `json:"stage"`
	Status    string     `json:"status"`
	LastError string     `json:"last_error,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
	Events    int64      `json:"events"`
	Stalled   bool       `json:"stalled"`
	Steps     []Step     `json:"steps,omitempty"`
	Ledger    *LedgerRef `json:"ledger,omitempty"`
	Progress  *Progress  `json:"progress,omitempty"`
	// The tracker's words for why it is not moving, its open review
	// tasks and parked items.
	WaitingReason string   `json:"waiting_reason,omitempty"`
	ReviewTasks   []string `json:"review_task_ids,omitempty"`
	ParkedIDs     []string `json:"parked_ids,omitempty"`
	// The file name and the document type (the tracker's, else ingest's),
	// when known.
	Filename     string `json:"filename,omitempty"`
	DocumentType string `json:"document_type,omitempty"`
	// Corrections the ledger recorded, and when its content was erased.
	Corrections int32      `json:"corrections,omitempty"`
	ErasedAt    *time.Time `json:"erased_at,omitempty"`
}

// Step is one step's timing.
type Step struct {
	Name       string     `json:"name"`
	StartedAt  time.Time  `json:"started_at"`
	FinishedAt *time.Time `json:"finished_at,omitempty"`
	Attempts   int32      `json:"attempts"`
}

// LedgerRef is where the workflow's record is.
type LedgerRef struct {
	Topic     string `json:"topic"`
	Partition int32  `json:"partition"`
	// Offset is left out when the tracker does not know it: a
	// disposition's confirmation, produced in the record's own
	// transaction, cannot name it; the sequence names the record.
	Offset     *int64 `json:"offset,omitempty"`
	Sequence   int64  `json:"sequence"`
	RecordHash string `json:"record_hash"`
}

// Progress is a running step's latest report.
type Progress struct {
	Step      string    `json:"step"`
	Done      int64     `json:"done"`
	Total     int64     `json:"total"`
	Unit      string    `json:"unit"`
	UpdatedAt time.Time `json:"updated_at"`
}

func statusName(s trackerv1.Status) string {
	return strings.ToLower(strings.TrimPrefix(s.String(), "STATUS_"))
}

func parseStatus(v string) (trackerv1.Status, bool) {
	if v == "" {
		return trackerv1.Status_STATUS_UNSPECIFIED, true
	}
	n, ok := trackerv1.Status_value["STATUS_"+strings.ToUpper(v)]
	return trackerv1.Status(n), ok
}

func ts(t *timestamppb.Timestamp) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.AsTime().UTC()
}

func progressOf(p *trackerv1.Progress) *Progress {
	if p == nil {
		return nil
	}
	return &Progress{Step: p.GetStep(), Done: p.GetDone(), Total: p.GetTotal(), Unit: p.GetUnit(), UpdatedAt: ts(p.GetUpdatedAt())}
}

func workflowOf(w *trackerv1.Workflow) Workflow {
	out := Workflow{ID: w.GetId(), Tenant: w.GetTenant(), Stage: w.GetStage(), Status: statusName(w.GetStatus()), LastError: w.GetLastError(),
		CreatedAt: ts(w.GetCreatedAt()), UpdatedAt: ts(w.GetUpdatedAt()), Events: w.GetEvents(), Stalled: w.GetStalled(), Progress: progressOf(w.GetProgress()),
		Filename: w.GetFilename(), DocumentType: w.GetDocumentType(), WaitingReason: w.GetWaitingReason(), ReviewTasks: w.GetReviewTaskIds(), ParkedIDs: w.GetParkedIds()}
	for _, st := range w.GetSteps() {
		x := Step{Name: st.GetName(), StartedAt: ts(st.GetStartedAt()), Attempts: st.GetAttempts()}
		if st.GetFinishedAt() != nil && !ts(st.GetFinishedAt()).IsZero() {
			f := ts(st.GetFinishedAt())
			x.FinishedAt = &f
		}
		out.Steps = append(out.Steps, x)
	}
	out.Corrections = w.GetCorrections()
	if w.GetErasedAt() != nil {
		at := ts(w.GetErasedAt())
		out.ErasedAt = &at
	}
	if l := w.GetLedger(); l != nil && l.GetTopic() != "" {
		out.Ledger = &LedgerRef{Topic: l.GetTopic(), Partition: l.GetPartition(), Sequence: l.GetSequence(), RecordHash: l.GetRecordHash()}
		if o := l.GetOffset(); o >= 0 {
			out.Ledger.Offset = &o
		}
	}
	return out
}

// listWorkflows: one page of the tracker's list, every filter applied by
// the tracker over all workflows (status, stage, tenant, age, stalled,
// document type, and the search by id or file name). A filter the
// tracker's indexes do not hold may give a short page with a token to go
// on.
func (s *Server) listWorkflows(w http.ResponseWriter, r *http.Request, x *session) {
	q := r.URL.Query()
	ctx := outgoing(r.Context(), x)
	search := strings.TrimSpace(q.Get("q"))
	if search != "" && !strings.ContainsAny(search, " /") {
		// An id: the workflow itself, when it is one.
		if wf, err := s.o.Tracker.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: search}); err == nil {
			row := workflowOf(wf)
			s.enrich(r.Context(), x, []*Workflow{&row})
			writeJSON(w, http.StatusOK, map[string]any{"workflows": []Workflow{row}, "next_page_token": ""})
			return
		}
	}
	st, ok := parseStatus(q.Get("status"))
	if !ok {
		writeError(w, http.StatusBadRequest, "unknown status "+q.Get("status"))
		return
	}
	size := 200
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			writeError(w, http.StatusBadRequest, "limit: 1 to 500")
			return
		}
		size = n
	}
	req := &trackerv1.ListWorkflowsRequest{Status: st, Stage: q.Get("stage"), Tenant: q.Get("tenant"), PageSize: int32(size),
		PageToken: q.Get("page_token"), Stalled: q.Get("stalled") == "true", DocumentType: q.Get("type"), Search: search}
	if v := q.Get("age"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			writeError(w, http.StatusBadRequest, "age: a duration such as 30m or 24h")
			return
		}
		// Older than age: created before now-age.
		req.CreatedTo = timestamppb.New(s.o.Now().Add(-d))
	}
	// A sparse filter gives short pages: a few more calls fill the page, so
	// that the person does not page through empty ones.
	var rows []Workflow
	for range maxListCalls {
		res, err := s.o.Tracker.ListWorkflows(ctx, req)
		if err != nil {
			grpcError(w, err)
			return
		}
		for _, wf := range res.GetWorkflows() {
			rows = append(rows, workflowOf(wf))
		}
		req.PageToken = res.GetNextPageToken()
		if req.PageToken == "" || len(rows) >= size {
			break
		}
		req.PageSize = int32(size - len(rows))
	}
	if rows == nil {
		rows = []Workflow{}
	}
	s.fromCache(rows)
	writeJSON(w, http.StatusOK, map[string]any{"workflows": rows, "next_page_token": req.PageToken})
}

// maxReviewLookups bounds the file names one look at the review queue
// asks ingest for.
const maxReviewLookups = 100

// maxListCalls bounds the tracker calls behind one page of the list.
const maxListCalls = 4

// workflowMeta returns file name and document type of up to 500 workflows
// (ids=a,b,c), for the rows the page shows.
func (s *Server) workflowMeta(w http.ResponseWriter, r *http.Request, x *session) {
	ids := strings.Split(r.URL.Query().Get("ids"), ",")
	if len(ids) > 500 {
		ids = ids[:500]
	}
	rows := make([]*Workflow, 0, len(ids))
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" {
			rows = append(rows, &Workflow{ID: id})
		}
	}
	s.enrich(r.Context(), x, rows)
	out := map[string]map[string]string{}
	for _, row := range rows {
		if row.Filename != "" || row.DocumentType != "" {
			out[row.ID] = map[string]string{"filename": row.Filename, "document_type": row.DocumentType}
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// getWorkflow: the workflow, its history, its document's details, its
// ledger record, its open review task and parked items, and what it
// waits for in words.
func (s *Server) getWorkflow(w http.ResponseWriter, r *http.Request, x *session) {
	id := r.PathValue("id")
	ctx := outgoing(r.Context(), x)
	wf, err := s.o.Tracker.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
	if err != nil {
		grpcError(w, err)
		return
	}
	out := map[string]any{}
	row := workflowOf(wf)
	hist, err := s.o.Tracker.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: id, PageSize: 1000})
	if err != nil {
		grpcError(w, err)
		return
	}
	type entry struct {
		EventID   string    `json:"event_id"`
		Topic     string    `json:"topic"`
		Type      string    `json:"type"`
		At        time.Time `json:"at"`
		Producer  string    `json:"producer"`
		Summary   string    `json:"summary"`
		Partition int32     `json:"partition"`
		Offset    int64     `json:"offset"`
	}
	entries := []entry{}
	for _, e := range hist.GetEntries() {
		entries = append(entries, entry{EventID: e.GetEventId(), Topic: e.GetTopic(), Type: e.GetType(), At: ts(e.GetOccurredAt()),
			Producer: e.GetProducer(), Summary: e.GetSummary(), Partition: e.GetPartition(), Offset: e.GetOffset()})
	}
	out["history"] = entries
	var doc map[string]any
	if code, err := s.getJSON(r.Context(), x, s.o.IngestURL+"/v1/workflows/"+url.PathEscape(id)+"/document", &doc); err == nil {
		out["document"] = doc
		if v, ok := doc["filename"].(string); ok && row.Filename == "" {
			row.Filename = v
		}
		if v, ok := doc["document_type"].(string); ok {
			row.DocumentType = v
		}
		s.docs.put(id, row.Filename, row.DocumentType)
	} else {
		out["document_error"] = fmt.Sprintf("%v (%d)", err, code)
	}
	if row.Ledger != nil {
		var rec map[string]any
		if _, err := s.getJSON(r.Context(), x, s.o.LedgerURL+"/v1/ledger/workflows/"+url.PathEscape(id), &rec); err == nil {
			rec = currentRecord(rec, row.Ledger.RecordHash)
			out["ledger_record"] = rec
			h, _ := rec["hash"].(string)
			out["ledger_check"] = ledgerCheck(row.Ledger, rec, h, s.ledgerKeys())
		} else {
			out["ledger_error"] = err.Error()
		}
	}
	var task *ReviewTask
	if row.Status == "waiting_review" {
		if t := s.findTask(ctx, row.Tenant, id, row.ReviewTasks); t != nil {
			rt := taskOf(t, s.o.Now())
			task = &rt
			out["review_task"] = rt
		}
	}
	if x.principal.Operator() && (row.Status == "parked" || row.Status == "retrying" || row.Status == "waiting_review") {
		var parked struct {
			Items []map[string]any `json:"items"`
		}
		if _, err := s.getJSON(r.Context(), x, s.o.ExceptionURL+"/v1/parked?workflow="+url.QueryEscape(id), &parked); err == nil {
			out["parked"] = parked.Items
		}
	}
	out["workflow"] = row
	out["explanation"] = explain(row, task, s.o.Now())
	writeJSON(w, http.StatusOK, out)
}

// currentRecord is the record of the ledger's answer for a workflow (its
// first record, with its lineage) that the workflow's recorded event
// names by hash: after a correction the correction's, which the lineage
// holds (found from outside: the page checked the first record against
// the correction's hash and reported a MISMATCH, beside the old
// decision). The first record when none is named or none matches, which
// the check then reports.
func currentRecord(ans map[string]any, hash string) map[string]any {
	if h, _ := ans["hash"].(string); hash == "" || strings.EqualFold(h, hash) {
		return ans
	}
	lineage, _ := ans["lineage"].([]any)
	for _, l := range lineage {
		if e, ok := l.(map[string]any); ok {
			if h, _ := e["hash"].(string); strings.EqualFold(h, hash) {
				return e
			}
		}
	}
	return ans
}

// ledgerCheck compares the record the ledger serves with the reference the
// workflow's recorded event carries and, with the ledger's public keys,
// checks its Ed25519 signature over the hash and its key's validity window
// at the time it was recorded (as docket ledger verify does for a record's
// signature; the hash's own match with the record's content and the chain
// are that command's to check, over the whole topic).
func ledgerCheck(ref *LedgerRef, rec map[string]any, hash string, keys ledgerchain.PublicKeys) map[string]any {
	sig, _ := rec["signature"].(string)
	prev, _ := rec["prev_hash"].(string)
	keyID, _ := rec["key_id"].(string)
	ok := hash != "" && strings.EqualFold(hash, ref.RecordHash)
	words := "the ledger's record hash matches the workflow's recorded event"
	if !ok {
		words = "MISMATCH: the ledger serves hash " + hash + " but the workflow's recorded event names " + ref.RecordHash
	}
	switch {
	case sig == "":
		ok = false
		words += "; the record carries no signature"
	case keys == nil:
		ok = false
		words += "; signed by key " + keyID + ", signature not checked: the console has no ledger public keys (DOCKET_CONSOLE_LEDGER_PUBLIC_KEYS)"
	default:
		if problem := checkSignature(rec, hash, sig, keyID, keys); problem != "" {
			ok = false
			words += "; SIGNATURE " + problem
		} else {
			words += "; its Ed25519 signature verifies under key " + keyID
		}
	}
	words += "; chained to " + short(prev)
	return map[string]any{"ok": ok, "words": words}
}

// ledgerKeys reads the ledger's key ring: nil when none is configured,
// empty when it cannot be read (every signature then fails to check).
func (s *Server) ledgerKeys() ledgerchain.PublicKeys {
	if len(s.o.LedgerKeyFiles) == 0 {
		return nil
	}
	keys, err := ledgerchain.LoadPublicKeys(s.o.LedgerKeyFiles...)
	if err != nil {
		s.o.Log.Warn("read the ledger's key ring", "err", err)
		return ledgerchain.PublicKeys{}
	}
	return keys
}

// checkSignature returns what is wrong with a record's signature, or "".
func checkSignature(rec map[string]any, hash, sig, keyID string, keys ledgerchain.PublicKeys) string {
	pub, found := keys[keyID]
	if !found {
		return "by key " + keyID + ", which is not among the " + strconv.Itoa(len(keys)) + " trusted keys"
	}
	h, err1 := hex.DecodeString(hash)
	s, err2 := hex.DecodeString(sig)
	if err1 != nil || err2 != nil || !ed25519.Verify(pub.Key, h, s) {
		return "DOES NOT VERIFY under key " + keyID
	}
	at, _ := rec["recorded_at"].(string)
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return "cannot be dated: recorded_at " + strconv.Quote(at)
	}
	if !pub.ValidAt(t) {
		return "made at " + at + ", outside the window " + pub.Window() + " of key " + keyID
	}
	return ""
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	if h == "" {
		return "the start of its chain"
	}
	return h
}

// findTask returns the open review task of a workflow.
func (s *Server) findTask(ctx context.Context, tenant, wf string, ids []string) *trackerv1.ReviewTask {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	tok := ""
	for range 10 {
		res, err := s.o.Operations.ListReviewTasks(ctx, &trackerv1.ListReviewTasksRequest{Tenant: tenant, PageSize: 500, PageToken: tok})
		if err != nil {
			return nil
		}
		for _, t := range res.GetTasks() {
			if t.GetWorkflowId() == wf && (len(want) == 0 || want[t.GetId()]) {
				return t
			}
		}
		if tok = res.GetNextPageToken(); tok == "" {
			return nil
		}
	}
	return nil
}

func (s *Server) workflowText(w http.ResponseWriter, r *http.Request, x *session) {
	id := r.PathValue("id")
	// The text the classifier's rules read, and no more: every span shown
	// is masked where they find personal data, and they cost seconds for
	// that much (up to 35 µs a byte).
	body, code, err := s.get(r.Context(), x, s.o.IngestURL+"/v1/workflows/"+url.PathEscape(id)+"/text", layout.MaxRuleBytes+1)
	if err != nil {
		writeError(w, code, err.Error())
		return
	}
	shown, cut := layout.RulePrefix(string(body))
	pages := strings.Split(shown, "\f")
	out := make([][]Segment, len(pages))
	for i, p := range pages {
		out[i] = Segments(p, true)
	}
	res := map[string]any{"pages": out, "truncated": cut}
	if cut {
		// How much there is beyond what is shown: the size ingest
		// recorded when the text was stored (unknown on an error).
		var doc struct {
			TextSize int64 `json:"text_size"`
		}
		if _, err := s.getJSON(r.Context(), x, s.o.IngestURL+"/v1/workflows/"+url.PathEscape(id)+"/document", &doc); err == nil && doc.TextSize > 0 {
			res["text_bytes"] = doc.TextSize
		}
	}
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) workflowPage(w http.ResponseWriter, r *http.Request, x *session) {
	id, n := r.PathValue("id"), r.PathValue("n")
	if _, err := strconv.Atoi(n); err != nil {
		writeError(w, http.StatusBadRequest, "page must be a number")
		return
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, s.o.IngestURL+"/v1/workflows/"+url.PathEscape(id)+"/pages/"+n, nil)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.authorize(req, x)
	res, err := s.o.HTTP.Do(req)
	if err != nil {
		writeError(w, http.StatusBadGateway, "ingest: "+err.Error())
		return
	}
	defer res.Body.Close()
	mt := res.Header.Get("Content-Type")
	if res.StatusCode != http.StatusOK || (mt != "image/png" && mt != "image/jpeg") {
		writeError(w, res.StatusCode, "ingest: "+apiMessage(res.Body))
		return
	}
	w.Header().Set("Content-Type", mt)
	// Never kept by the browser: after a sign-out another person's session
	// in the same browser must not read it from the cache.
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.Copy(w, io.LimitReader(res.Body, 16<<20))
}

func readReason(w http.ResponseWriter, r *http.Request) (map[string]string, bool) {
	var req map[string]string
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil && err != io.EOF {
		writeError(w, http.StatusBadRequest, "body: "+err.Error())
		return nil, false
	}
	if req == nil {
		req = map[string]string{}
	}
	return req, true
}

func (s *Server) cancelWorkflow(w http.ResponseWriter, r *http.Request, x *session) {
	req, ok := readReason(w, r)
	if !ok {
		return
	}
	reason := strings.TrimSpace(req["reason"])
	if reason == "" {
		writeError(w, http.StatusBadRequest, "a reason is required to cancel")
		return
	}
	res, err := s.o.Operations.CancelWorkflow(outgoing(r.Context(), x), &trackerv1.CancelWorkflowRequest{WorkflowId: r.PathValue("id"), Reason: reason})
	if err != nil {
		grpcError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"event_id": res.GetEventId(), "already_canceled": res.GetAlreadyCanceled()})
}

// correctWorkflow asks the tracker to correct a recorded workflow's type
// (and outcome); the tracker allows it to operators only.
func (s *Server) correctWorkflow(w http.ResponseWriter, r *http.Request, x *session) {
	req, ok := readReason(w, r)
	if !ok {
		return
	}
	reason, docType := strings.TrimSpace(req["reason"]), strings.TrimSpace(req["document_type"])
	if reason == "" || docType == "" {
		writeError(w, http.StatusBadRequest, "a document type and a reason are required to correct")
		return
	}
	id := r.PathValue("id")
	res, err := s.o.Operations.CorrectWorkflow(outgoing(r.Context(), x), &trackerv1.CorrectWorkflowRequest{
		WorkflowId: id, DocumentType: docType, Outcome: strings.TrimSpace(req["outcome"]), Reason: reason,
	})
	if err != nil {
		grpcError(w, err)
		return
	}
	s.docs.drop(id)
	writeJSON(w, http.StatusOK, map[string]any{"event_id": res.GetEventId()})
}

// eraseWorkflow asks the tracker to erase a workflow's content; the
// tracker allows it to operators only.
func (s *Server) eraseWorkflow(w http.ResponseWriter, r *http.Request, x *session) {
	req, ok := readReason(w, r)
	if !ok {
		return
	}
	reason := strings.TrimSpace(req["reason"])
	if reason == "" {
		writeError(w, http.StatusBadRequest, "a reason is required to erase")
		return
	}
	id := r.PathValue("id")
	res, err := s.o.Operations.EraseWorkflow(outgoing(r.Context(), x), &trackerv1.EraseWorkflowRequest{WorkflowId: id, Reason: reason})
	if err != nil {
		grpcError(w, err)
		return
	}
	s.docs.drop(id)
	writeJSON(w, http.StatusOK, map[string]any{"event_id": res.GetEventId(), "already_erased": res.GetAlreadyErased()})
}

// replayWorkflow replays every parked item of the workflow (the exception
// agent audits each).
func (s *Server) replayWorkflow(w http.ResponseWriter, r *http.Request, x *session) {
	req, ok := readReason(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	var parked struct {
		Items []struct {
			ID   string `json:"id"`
			Kind string `json:"kind"`
		} `json:"items"`
	}
	if code, err := s.getJSON(r.Context(), x, s.o.ExceptionURL+"/v1/parked?workflow="+url.QueryEscape(id), &parked); err != nil {
		writeError(w, code, err.Error())
		return
	}
	var replayed []string
	for _, it := range parked.Items {
		if it.Kind == "review" {
			continue
		}
		if code, err := s.postJSON(r.Context(), x, s.o.ExceptionURL+"/v1/parked/"+url.PathEscape(it.ID)+"/replay", map[string]string{"reason": req["reason"]}, nil); err != nil {
			writeError(w, code, err.Error())
			return
		}
		replayed = append(replayed, it.ID)
	}
	if len(replayed) == 0 {
		writeError(w, http.StatusConflict, "the workflow has no parked item to replay")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"replayed": replayed})
}

// ReviewTask is a review task as the page shows it.
type ReviewTask struct {
	ID             string          `json:"id"`
	WorkflowID     string          `json:"workflow_id"`
	Tenant         string          `json:"tenant"`
	Reason         string          `json:"reason"`
	RuleWords      string          `json:"rule_words"`
	Priority       int32           `json:"priority"`
	RequestedAt    time.Time       `json:"requested_at"`
	SLADeadline    time.Time       `json:"sla_deadline"`
	SLABreached    bool            `json:"sla_breached"`
	Escalated      bool            `json:"escalated"`
	ClaimedBy      string          `json:"claimed_by,omitempty"`
	ClaimExpiresAt *time.Time      `json:"claim_expires_at,omitempty"`
	MediaType      string          `json:"media_type"`
	SuggestedType  string          `json:"suggested_type"`
	Confidence     float64         `json:"confidence"`
	Candidates     []Candidate     `json:"candidates"`
	Flags          []Flag          `json:"flags"`
	Model          string          `json:"model"`
	Document       json.RawMessage `json:"document,omitempty"`
}

// Candidate is a document type the model considered.
type Candidate struct {
	Type  string  `json:"type"`
	Score float64 `json:"score"`
}

// Flag is a compliance finding.
type Flag struct {
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

func taskOf(t *trackerv1.ReviewTask, now time.Time) ReviewTask {
	out := ReviewTask{ID: t.GetId(), WorkflowID: t.GetWorkflowId(), Tenant: t.GetTenant(), Reason: t.GetReason(), Priority: t.GetPriority(),
		RequestedAt: ts(t.GetRequestedAt()), SLADeadline: ts(t.GetSlaDeadline()), Escalated: t.GetEscalated(), ClaimedBy: t.GetClaimedBy(),
		MediaType: t.GetMediaType(), SuggestedType: t.GetSuggestedType(), Confidence: t.GetConfidence(), Model: t.GetModel(),
		Candidates: []Candidate{}, Flags: []Flag{}}
	if t.GetClaimExpiresAt() != nil && ts(t.GetClaimExpiresAt()).After(now) {
		e := ts(t.GetClaimExpiresAt())
		out.ClaimExpiresAt = &e
	} else {
		out.ClaimedBy = ""
	}
	out.SLABreached = !out.SLADeadline.IsZero() && now.After(out.SLADeadline)
	for _, c := range t.GetCandidates() {
		out.Candidates = append(out.Candidates, Candidate{Type: c.GetType(), Score: c.GetScore()})
	}
	for _, f := range t.GetFlags() {
		out.Flags = append(out.Flags, Flag{Kind: f.GetKind(), Detail: f.GetDetail()})
	}
	out.RuleWords = ruleWords(out)
	return out
}

// listReviews: the open tasks, most urgent first: SLA breached, then
// priority, then the nearest SLA deadline.
func (s *Server) listReviews(w http.ResponseWriter, r *http.Request, x *session) {
	ctx := outgoing(r.Context(), x)
	var tasks []ReviewTask
	tok := ""
	now := s.o.Now()
	for range 10 {
		res, err := s.o.Operations.ListReviewTasks(ctx, &trackerv1.ListReviewTasksRequest{Tenant: r.URL.Query().Get("tenant"), PageSize: 500, PageToken: tok})
		if err != nil {
			grpcError(w, err)
			return
		}
		for _, t := range res.GetTasks() {
			tasks = append(tasks, taskOf(t, now))
		}
		if tok = res.GetNextPageToken(); tok == "" {
			break
		}
	}
	sort.SliceStable(tasks, func(i, j int) bool {
		a, b := tasks[i], tasks[j]
		if a.SLABreached != b.SLABreached {
			return a.SLABreached
		}
		if a.Priority != b.Priority {
			return a.Priority > b.Priority
		}
		return a.SLADeadline.Before(b.SLADeadline)
	})
	if tasks == nil {
		tasks = []ReviewTask{}
	}
	rows := make([]*Workflow, len(tasks))
	for i, t := range tasks {
		rows[i] = &Workflow{ID: t.WorkflowID}
	}
	s.fromCachePtr(rows)
	// A task's file name the cache does not know yet is looked up, for the
	// first maxReviewLookups of them: the queue showed new tasks by their
	// workflow ids until another view had looked them up (found from
	// outside).
	var missing []*Workflow
	for _, row := range rows {
		if row.Filename == "" && len(missing) < maxReviewLookups {
			missing = append(missing, row)
		}
	}
	s.enrich(r.Context(), x, missing)
	names := map[string]string{}
	for _, row := range rows {
		names[row.ID] = row.Filename
	}
	writeJSON(w, http.StatusOK, map[string]any{"tasks": tasks, "filenames": names, "reviewer": x.principal.Reviewer()})
}

func (s *Server) claimReview(w http.ResponseWriter, r *http.Request, x *session) {
	if _, ok := readReason(w, r); !ok {
		return
	}
	t, err := s.o.Operations.ClaimReviewTask(outgoing(r.Context(), x), &trackerv1.ClaimReviewTaskRequest{TaskId: r.PathValue("id"), Reviewer: x.principal.Name})
	if err != nil {
		grpcError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, taskOf(t, s.o.Now()))
}

func (s *Server) decideReview(w http.ResponseWriter, r *http.Request, x *session) {
	req, ok := readReason(w, r)
	if !ok {
		return
	}
	outcome := req["outcome"]
	docType := strings.TrimSpace(req["document_type"])
	reason := strings.TrimSpace(req["reason"])
	switch outcome {
	case "approved", "rejected":
	case "corrected":
		// A correction approves the document as the type the reviewer
		// names: the decision's document type is the corrected one.
		if docType == "" {
			writeError(w, http.StatusBadRequest, "a correction names the document type")
			return
		}
		outcome = "approved"
		// The decision's reason says it was a correction, and of what:
		// retraining reads corrected labels from the decisions.
		note := "type corrected to " + docType
		if from := strings.TrimSpace(req["suggested_type"]); from != "" && from != docType {
			note = "type corrected from " + from + " to " + docType
		}
		if reason != "" {
			note += ": " + reason
		}
		reason = note
	default:
		writeError(w, http.StatusBadRequest, "outcome: approved, corrected or rejected")
		return
	}
	res, err := s.o.Operations.DecideReviewTask(outgoing(r.Context(), x), &trackerv1.DecideReviewTaskRequest{
		TaskId: r.PathValue("id"), Reviewer: x.principal.Name, Outcome: outcome, DocumentType: docType, Reason: reason})
	if err != nil {
		grpcError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"event_id": res.GetEventId(), "workflow_id": res.GetTask().GetWorkflowId()})
}

func (s *Server) listParked(w http.ResponseWriter, r *http.Request, x *session) {
	var out map[string]any
	u := s.o.ExceptionURL + "/v1/parked?limit=500"
	if v := r.URL.Query().Get("service"); v != "" {
		u += "&service=" + url.QueryEscape(v)
	}
	if code, err := s.getJSON(r.Context(), x, u, &out); err != nil {
		writeError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) showParked(w http.ResponseWriter, r *http.Request, x *session) {
	var out map[string]any
	if code, err := s.getJSON(r.Context(), x, s.o.ExceptionURL+"/v1/parked/"+url.PathEscape(r.PathValue("id")), &out); err != nil {
		writeError(w, code, err.Error())
		return
	}
	// A payload that did not decode is shown as hex (the API sends its
	// bytes base64-encoded).
	if raw, ok := out["payload_raw"].(string); ok {
		out["payload_hex"] = hexDump(raw, 4096)
		delete(out, "payload_raw")
	}
	if env, ok := out["envelope"].(map[string]any); ok {
		delete(env, "original_value") // the preview above shows it
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) replayParked(w http.ResponseWriter, r *http.Request, x *session) {
	s.parkedAction(w, r, x, "replay", false)
}

func (s *Server) discardParked(w http.ResponseWriter, r *http.Request, x *session) {
	s.parkedAction(w, r, x, "discard", true)
}

func (s *Server) parkedAction(w http.ResponseWriter, r *http.Request, x *session, action string, needReason bool) {
	req, ok := readReason(w, r)
	if !ok {
		return
	}
	if needReason && strings.TrimSpace(req["reason"]) == "" {
		writeError(w, http.StatusBadRequest, "a reason is required to "+action)
		return
	}
	var out map[string]any
	if code, err := s.postJSON(r.Context(), x, s.o.ExceptionURL+"/v1/parked/"+url.PathEscape(r.PathValue("id"))+"/"+action, map[string]string{"reason": req["reason"]}, &out); err != nil {
		writeError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) breakers(w http.ResponseWriter, r *http.Request, x *session) {
	var out map[string]any
	if code, err := s.getJSON(r.Context(), x, s.o.ExceptionURL+"/v1/breakers", &out); err != nil {
		writeError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// overview: the tracker's statistics over a window (default 1h).
func (s *Server) overview(w http.ResponseWriter, r *http.Request, x *session) {
	win := time.Hour
	if v := r.URL.Query().Get("window"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			writeError(w, http.StatusBadRequest, "window: a duration such as 1h")
			return
		}
		win = d
	}
	st, err := s.o.Tracker.GetStats(outgoing(r.Context(), x), &trackerv1.GetStatsRequest{Window: durationpb.New(win)})
	if err != nil {
		grpcError(w, err)
		return
	}
	type step struct {
		Step       string  `json:"step"`
		Finished   int64   `json:"finished"`
		Waiting    int64   `json:"waiting"`
		ProcP50    float64 `json:"processing_p50_s"`
		ProcP95    float64 `json:"processing_p95_s"`
		QueueP50   float64 `json:"queue_age_p50_s"`
		QueueP95   float64 `json:"queue_age_p95_s"`
		Throughput float64 `json:"per_minute"`
	}
	var steps []step
	for _, x := range st.GetSteps() {
		steps = append(steps, step{Step: x.GetStep(), Finished: x.GetFinished(), Waiting: x.GetWaiting(),
			ProcP50: x.GetProcessingP50().AsDuration().Seconds(), ProcP95: x.GetProcessingP95().AsDuration().Seconds(),
			QueueP50: x.GetQueueAgeP50().AsDuration().Seconds(), QueueP95: x.GetQueueAgeP95().AsDuration().Seconds(),
			Throughput: float64(x.GetFinished()) / win.Minutes()})
	}
	breaches := 0
	if x.principal.Reviewer() || x.principal.Operator() {
		if res, err := s.o.Operations.ListReviewTasks(outgoing(r.Context(), x), &trackerv1.ListReviewTasksRequest{PageSize: 500}); err == nil {
			for _, t := range res.GetTasks() {
				if ts(t.GetSlaDeadline()).Before(s.o.Now()) {
					breaches++
				}
			}
		}
	}
	var services []ServiceMetrics
	escalations := -1.0
	if x.principal.AllTenants() {
		services = s.scrape(r.Context())
		// The tracker's fired review timers: SLA breaches since it started.
		for _, m := range services {
			if n, ok := m.Timers["review_escalated"]; ok {
				escalations = n
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"services": services, "sla_escalations_total": escalations,
		"window_s": win.Seconds(), "active": st.GetActive(), "started": st.GetStarted(), "completed": st.GetCompleted(),
		"failed": st.GetFailed(), "canceled": st.GetCanceled(), "timed_out": st.GetTimedOut(), "exception_rate": st.GetExceptionRate(),
		"dead_letters": st.GetDeadLetters(), "dlq_per_minute": float64(st.GetDeadLetters()) / win.Minutes(),
		"parked": st.GetParked(), "retrying": st.GetRetrying(), "waiting_review": st.GetWaitingReview(),
		"reviews": st.GetReviews(), "review_rate": st.GetReviewRate(), "sla_breaches": breaches, "steps": steps,
		"completed_per_minute": float64(st.GetCompleted()) / win.Minutes(),
	})
}

// HTTP API calls, under the person's token.

func (s *Server) authorize(req *http.Request, x *session) {
	if x.token != "" {
		req.Header.Set("Authorization", "Bearer "+x.token)
	}
}

// get reads an API's answer of at most limit bytes; on failure it returns
// the HTTP status to answer and the API's message.
func (s *Server) get(ctx context.Context, x *session, u string, limit int64) ([]byte, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	s.authorize(req, x)
	return s.do(req, limit)
}

func (s *Server) do(req *http.Request, limit int64) ([]byte, int, error) {
	res, err := s.o.HTTP.Do(req)
	if err != nil {
		return nil, http.StatusBadGateway, fmt.Errorf("%s unreachable: %w", req.URL.Host, err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		return nil, res.StatusCode, fmt.Errorf("%s", apiMessage(res.Body))
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, limit))
	if err != nil {
		return nil, http.StatusBadGateway, err
	}
	return b, http.StatusOK, nil
}

func (s *Server) getJSON(ctx context.Context, x *session, u string, v any) (int, error) {
	b, code, err := s.get(ctx, x, u, 8<<20)
	if err != nil {
		return code, err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return http.StatusBadGateway, fmt.Errorf("decode answer: %w", err)
	}
	return http.StatusOK, nil
}

func (s *Server) postJSON(ctx context.Context, x *session, u string, body, v any) (int, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return http.StatusBadRequest, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return http.StatusBadRequest, err
	}
	req.Header.Set("Content-Type", "application/json")
	s.authorize(req, x)
	out, code, err := s.do(req, 1<<20)
	if err != nil || v == nil {
		return code, err
	}
	if err := json.Unmarshal(out, v); err != nil {
		return http.StatusBadGateway, fmt.Errorf("decode answer: %w", err)
	}
	return http.StatusOK, nil
}

// apiMessage is an error answer's message: {"error": "..."} or
// {"error": {"message": "..."}}.
func apiMessage(r io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(r, 64<<10))
	var v struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(b, &v) == nil && len(v.Error) > 0 {
		var s string
		if json.Unmarshal(v.Error, &s) == nil {
			return s
		}
		var e struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(v.Error, &e) == nil && e.Message != "" {
			return e.Message
		}
	}
	return strings.TrimSpace(string(b))
}
