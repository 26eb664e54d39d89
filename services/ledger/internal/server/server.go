// Package server serves the ledger's read-only HTTP JSON API:
//
//	GET /v1/ledger/workflows/{id}        the workflow's first ledger record (its disposition), and its lineage: every record of it in chain order (reversals, corrections, an erasure)
//	GET /v1/ledger/documents/{sha256}    the records of a document, by content hash
//	GET /v1/ledger/foreign               the quarantined foreign records of the topic (operators)
//
// Answers come from the Redis index. A miss while the index is still
// catching up with the topic is 503 with an error saying so; a miss once
// it has caught up is 404.
//
// Callers are authenticated by pkg/auth in front of Handler. A tenant's
// principal reads its own tenant's records only: another tenant's
// workflow is 404, as if it were not recorded, and a document's records
// are those of the caller's tenant.
package server

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"slices"
	"sync"
	"time"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/services/ledger/internal/index"
)

// Index is what the API reads.
type Index interface {
	Workflow(ctx context.Context, id string) (index.Entry, error)
	Lineage(ctx context.Context, id string) ([]index.Entry, error)
	Document(ctx context.Context, sha string) ([]index.Entry, error)
	ForeignRecords(ctx context.Context) ([]index.Foreign, int, error)
}

// Warmth tells whether the index has caught up with the topic.
type Warmth interface{ Warm() bool }

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// Handler returns the API.
func Handler(idx Index, warm Warmth, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/ledger/workflows/{id}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		if id == "" || len(id) > 256 {
			writeError(w, http.StatusBadRequest, "workflow id must be 1 to 256 characters")
			return
		}
		e, err := idx.Workflow(r.Context(), id)
		if err == nil && !visible(r, e) {
			err = index.ErrNotFound
		}
		var lineage []index.Entry
		if err == nil {
			lineage, err = idx.Lineage(r.Context(), id)
		}
		answer(w, log, warm, workflowAnswer{Entry: e, Lineage: lineage}, err, "workflow "+id)
	})
	mux.HandleFunc("GET /v1/ledger/documents/{sha256}", func(w http.ResponseWriter, r *http.Request) {
		sha := r.PathValue("sha256")
		if !sha256Hex.MatchString(sha) {
			writeError(w, http.StatusBadRequest, "document hash must be 64 lowercase hex characters (SHA-256)")
			return
		}
		es, err := idx.Document(r.Context(), sha)
		if err == nil {
			es = slices.DeleteFunc(es, func(e index.Entry) bool { return !visible(r, e) })
			if len(es) == 0 {
				err = index.ErrNotFound
			}
		}
		answer(w, log, warm, map[string]any{"sha256": sha, "records": es}, err, "document "+sha)
	})
	mux.HandleFunc("GET /v1/ledger/foreign", func(w http.ResponseWriter, r *http.Request) {
		// A security finding about the topic, across tenants: operators'.
		if p, ok := auth.FromContext(r.Context()); !ok || !p.Operator() {
			writeError(w, http.StatusForbidden, "the ledger's foreign records are for operators")
			return
		}
		fs, n, err := idx.ForeignRecords(r.Context())
		if err != nil {
			log.Warn("ledger foreign records lookup failed", "error", err)
			writeError(w, http.StatusServiceUnavailable, "ledger index unavailable")
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"count": n, "records": fs, "index_warm": warm.Warm()})
	})
	return mux
}

// visible reports whether the caller may read e.
func visible(r *http.Request, e index.Entry) bool {
	p, ok := auth.FromContext(r.Context())
	return ok && p.Sees(e.TenantID)
}

// workflowAnswer is a workflow's first record, with its lineage.
type workflowAnswer struct {
	index.Entry
	Lineage []index.Entry `json:"lineage"`
}

// MarshalJSON writes the record's fields and "lineage" beside them (the
// embedded Entry's own MarshalJSON would write the record alone).
func (a workflowAnswer) MarshalJSON() ([]byte, error) {
	rec, err := json.Marshal(a.Entry)
	if err != nil {
		return nil, err
	}
	lineage, err := json.Marshal(a.Lineage)
	if err != nil {
		return nil, err
	}
	out := append(bytes.TrimSuffix(rec, []byte("}")), `,"lineage":`...)
	return append(append(out, lineage...), '}'), nil
}

func answer(w http.ResponseWriter, log *slog.Logger, warm Warmth, body any, err error, what string) {
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, body)
	case errors.Is(err, index.ErrNotFound) && !warm.Warm():
		writeError(w, http.StatusServiceUnavailable, "the ledger index is warming (still reading the ledger topic); "+what+" may be recorded: try again shortly")
	case errors.Is(err, index.ErrNotFound):
		writeError(w, http.StatusNotFound, what+" is not in the ledger")
	default:
		log.Warn("ledger lookup failed", "what", what, "error", err)
		writeError(w, http.StatusServiceUnavailable, "ledger index unavailable")
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// Serve serves h on ln (over TLS with tlsCfg when set) until ctx ends and
// returns the listening address and a wait that returns once the server
// has shut down, its requests in flight answered; serving errors are
// logged.
func Serve(ctx context.Context, ln net.Listener, tlsCfg *tls.Config, h http.Handler, log *slog.Logger) (string, func()) {
	addr := ln.Addr().String()
	if tlsCfg != nil {
		ln = tls.NewListener(ln, tlsCfg)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second}
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("ledger API stopped", "error", err)
		}
	})
	wg.Go(func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	})
	return addr, wg.Wait
}
