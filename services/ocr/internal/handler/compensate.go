package handler

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/redisfault"
)

// DetailTextSHA256 names, in a compensation request of the ocr step, the
// SHA-256 of the workflow's stored text artefacts, comma-separated (the
// saga tracker's projection.DetailTextSHA256).
const DetailTextSHA256 = "text_sha256"

// Refs keeps which workflows each document's extraction serves: the text
// blob and the cached extraction are addressed by content, so two
// workflows of the same document share them, and undoing one workflow may
// delete them only when no other workflow still uses them. Two different
// documents may also have the same text (a PDF saved again with other
// metadata, a text file in another charset): the documents each text was
// extracted from are kept too, and a text is deleted only when none of
// its other documents has a workflow using it. Keys:
// <prefix>refs:<document sha256> (set of workflow ids),
// <prefix>wf:<workflow id> (its document's sha256) and
// <prefix>texts:<text sha256> (set of document sha256s), each kept for
// the TTL after its last use.
type Refs struct {
	rdb    redis.UniversalClient
	prefix string
	ttl    time.Duration
}

// NewRefs returns the references on rdb under "docket:ocr:", kept for ttl.
func NewRefs(rdb redis.UniversalClient, ttl time.Duration) *Refs {
	return &Refs{rdb: rdb, prefix: "docket:ocr:", ttl: ttl}
}

// Add records that workflow wf uses the extraction of document doc.
func (r *Refs) Add(ctx context.Context, wf, doc string) error {
	pipe := r.rdb.TxPipeline()
	pipe.SAdd(ctx, r.prefix+"refs:"+doc, wf)
	pipe.Expire(ctx, r.prefix+"refs:"+doc, r.ttl)
	pipe.Set(ctx, r.prefix+"wf:"+wf, doc, r.ttl)
	if _, err := pipe.Exec(ctx); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("record workflow %s's use of document %s: %w", wf, doc, redisfault.Mark(err)))
	}
	return nil
}

// AddText records that the extraction of document doc stored text.
func (r *Refs) AddText(ctx context.Context, doc, text string) error {
	pipe := r.rdb.TxPipeline()
	pipe.SAdd(ctx, r.prefix+"texts:"+text, doc)
	pipe.Expire(ctx, r.prefix+"texts:"+text, r.ttl)
	if _, err := pipe.Exec(ctx); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("record that document %s's extraction stored text %s: %w", doc, text, redisfault.Mark(err)))
	}
	return nil
}

// textInUse reports whether a document other than doc that text was
// extracted from has a workflow using it.
func (r *Refs) textInUse(ctx context.Context, text, doc string) (bool, error) {
	docs, err := r.rdb.SMembers(ctx, r.prefix+"texts:"+text).Result()
	if err != nil {
		return false, fault.Wrap(fault.Transient, fmt.Errorf("read the documents of text %s: %w", text, redisfault.Mark(err)))
	}
	for _, d := range docs {
		if d == doc {
			continue
		}
		n, err := r.rdb.SCard(ctx, r.prefix+"refs:"+d).Result()
		if err != nil {
			return false, fault.Wrap(fault.Transient, fmt.Errorf("read the users of document %s: %w", d, redisfault.Mark(err)))
		}
		if n > 0 {
			return true, nil
		}
	}
	return false, nil
}

// dropText forgets that doc's extraction stored text.
func (r *Refs) dropText(ctx context.Context, text, doc string) error {
	if err := r.rdb.SRem(ctx, r.prefix+"texts:"+text, doc).Err(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("forget that document %s's extraction stored text %s: %w", doc, text, redisfault.Mark(err)))
	}
	return nil
}

// lookup returns wf's document ("" when it used none) and how many other
// workflows use it.
func (r *Refs) lookup(ctx context.Context, wf string) (string, int64, error) {
	doc, err := r.rdb.Get(ctx, r.prefix+"wf:"+wf).Result()
	if err == redis.Nil {
		return "", 0, nil
	}
	if err != nil {
		return "", 0, fault.Wrap(fault.Transient, fmt.Errorf("read workflow %s's document: %w", wf, redisfault.Mark(err)))
	}
	users, err := r.rdb.SMembers(ctx, r.prefix+"refs:"+doc).Result()
	if err != nil {
		return "", 0, fault.Wrap(fault.Transient, fmt.Errorf("read users of document %s: %w", doc, redisfault.Mark(err)))
	}
	var others int64
	for _, u := range users {
		if u != wf {
			others++
		}
	}
	return doc, others, nil
}

// remove forgets wf's use of doc.
func (r *Refs) remove(ctx context.Context, wf, doc string) error {
	pipe := r.rdb.TxPipeline()
	pipe.SRem(ctx, r.prefix+"refs:"+doc, wf)
	pipe.Del(ctx, r.prefix+"wf:"+wf)
	if _, err := pipe.Exec(ctx); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("forget workflow %s's use of document %s: %w", wf, doc, redisfault.Mark(err)))
	}
	return nil
}

// Results drops a cached result (idempotency.Store).
type Results interface {
	Forget(ctx context.Context, key idempotency.Key) (bool, error)
}

// Deleter deletes blobs by address (blob.Bucket).
type Deleter interface {
	Delete(ctx context.Context, sha256hex string) (bool, error)
}

// Undo is the OCR step's compensation: it deletes the stored text
// artefacts of a workflow that steps back, and the cached extraction that
// names them, unless another workflow of the same document still uses
// them.
type Undo struct {
	Refs  *Refs
	Cache Results
	Texts Deleter
	// Key is the cache key of a document's extraction (Handler.DocumentKey).
	Key func(doc string) idempotency.Key
}

// Compensate is the bus.Compensator of the ocr step. Its details:
// deleted (text blobs deleted), and shared=true when another workflow
// still uses the text, or nothing_to_undo=true when the workflow has no
// extraction on record. Every action is idempotent, so a compensation run
// again after a crash finishes what the first began.
func (u *Undo) Compensate(ctx context.Context, m *bus.Message, req bus.CompensationRequest) (bus.Compensated, error) {
	doc, others, err := u.Refs.lookup(ctx, req.Workflow)
	if err != nil {
		return bus.Compensated{}, err
	}
	if doc == "" {
		return bus.Compensated{Details: map[string]string{events.DetailNothingToUndo: "true"}}, nil
	}
	if others > 0 {
		if err := u.Refs.remove(ctx, req.Workflow, doc); err != nil {
			return bus.Compensated{}, err
		}
		m.Log().InfoContext(ctx, "text kept: another workflow of the same document uses it", "document", doc, "workflows", others)
		return bus.Compensated{Details: map[string]string{"deleted": "0", "shared": "true"}}, nil
	}
	// The cached extraction goes first: a workflow of the same document
	// that starts now extracts again rather than reuse a deleted text.
	if _, err := u.Cache.Forget(ctx, u.Key(doc)); err != nil {
		return bus.Compensated{}, fmt.Errorf("drop the cached extraction of %s: %w", doc, err)
	}
	deleted, kept := 0, 0
	var texts []string
	if v := req.Details[DetailTextSHA256]; v != "" {
		texts = strings.Split(v, ",")
	}
	for _, sha := range texts {
		if sha == doc {
			// Plain text passes through: its text is the document itself,
			// ingest's artefact, not OCR's.
			continue
		}
		used, err := u.Refs.textInUse(ctx, sha, doc)
		if err != nil {
			return bus.Compensated{}, err
		}
		if used {
			kept++
			m.Log().InfoContext(ctx, "text kept: a workflow of another document with the same text uses it", "document", doc, "text", sha)
		} else {
			ok, err := u.Texts.Delete(ctx, sha)
			if err != nil {
				return bus.Compensated{}, fmt.Errorf("delete text %s: %w", sha, err)
			}
			if ok {
				deleted++
			}
		}
		if err := u.Refs.dropText(ctx, sha, doc); err != nil {
			return bus.Compensated{}, err
		}
	}
	if err := u.Refs.remove(ctx, req.Workflow, doc); err != nil {
		return bus.Compensated{}, err
	}
	m.Log().InfoContext(ctx, "text artefacts deleted", "document", doc, "texts", texts, "deleted", deleted, "kept", kept)
	details := map[string]string{"deleted": strconv.Itoa(deleted), "document_sha256": doc}
	if kept > 0 {
		details["shared"] = "true"
	}
	return bus.Compensated{Details: details}, nil
}
