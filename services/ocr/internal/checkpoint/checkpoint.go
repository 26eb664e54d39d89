// Package checkpoint keeps the ocr service's per-page checkpoints and
// per-workflow progress in Redis.
//
// Layout:
//
//	docket:ocr:page:<document sha256>:<page>   string, JSON {profile, page}, TTL
//	docket:ocr:progress:<workflow id>          hash {done, total, updated_ms}, TTL
//
// A page checkpoint is keyed by the document's content hash, not the
// workflow, so a crashed or redelivered document resumes after its last
// finished page whichever workflow carries it. The profile (language and
// DPI) is stored with the page: a checkpoint made with other settings is
// ignored. Every operation touches one key, so it runs on Redis Cluster.
package checkpoint

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/redisfault"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

// Key prefixes.
const (
	PagePrefix     = "docket:ocr:page:"
	ProgressPrefix = "docket:ocr:progress:"
)

// Store is a Redis checkpoint and progress store.
type Store struct {
	rdb     redis.UniversalClient
	ttl     time.Duration
	profile string
}

var (
	_ extract.Checkpoints = (*Store)(nil)
	_ extract.Progress    = (*Store)(nil)
)

// New returns a store on rdb whose keys live for ttl. profile names the
// extraction settings (e.g. "eng@300dpi"); pages saved under another
// profile are not reused.
func New(rdb redis.UniversalClient, ttl time.Duration, profile string) *Store {
	return &Store{rdb: rdb, ttl: ttl, profile: profile}
}

// PageKey is the Redis key of a page checkpoint.
func PageKey(doc string, page int) string { return PagePrefix + doc + ":" + strconv.Itoa(page) }

// ProgressKey is the Redis key of a workflow's progress hash.
func ProgressKey(workflowID string) string { return ProgressPrefix + workflowID }

type stored struct {
	Profile string       `json:"profile"`
	Page    extract.Page `json:"page"`
}

// LoadPages returns the checkpointed pages among pages, in one round trip.
func (s *Store) LoadPages(ctx context.Context, doc string, pages []int) (map[int]extract.Page, error) {
	cmds := make([]*redis.StringCmd, len(pages))
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, n := range pages {
			cmds[i] = p.Get(ctx, PageKey(doc, n))
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("load page checkpoints of %s: %w", doc, redisfault.Mark(err)))
	}
	out := map[int]extract.Page{}
	for i, c := range cmds {
		b, err := c.Bytes()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			return nil, fault.Wrap(fault.Transient, fmt.Errorf("load page checkpoint %s: %w", PageKey(doc, pages[i]), redisfault.Mark(err)))
		}
		var st stored
		if err := json.Unmarshal(b, &st); err != nil || st.Page.Number != pages[i] || st.Profile != s.profile {
			continue // unreadable or from other settings: recognize again
		}
		out[pages[i]] = st.Page
	}
	return out, nil
}

// SavePage checkpoints a finished page.
func (s *Store) SavePage(ctx context.Context, doc string, p extract.Page) error {
	b, err := json.Marshal(stored{Profile: s.profile, Page: p})
	if err != nil {
		return fmt.Errorf("encode page checkpoint: %w", err)
	}
	if err := s.rdb.Set(ctx, PageKey(doc, p.Number), b, s.ttl).Err(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("save page checkpoint %s: %w", PageKey(doc, p.Number), redisfault.Mark(err)))
	}
	return nil
}

// SetProgress records done of total pages for the workflow.
func (s *Store) SetProgress(ctx context.Context, workflowID string, done, total int) error {
	k := ProgressKey(workflowID)
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, k, "done", done, "total", total, "updated_ms", time.Now().UnixMilli())
		p.Expire(ctx, k, s.ttl)
		return nil
	})
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("set progress %s: %w", k, redisfault.Mark(err)))
	}
	return nil
}

// Progress reads a workflow's progress: pages done and total, and whether
// any was recorded.
func (s *Store) Progress(ctx context.Context, workflowID string) (done, total int, ok bool, err error) {
	m, err := s.rdb.HGetAll(ctx, ProgressKey(workflowID)).Result()
	if err != nil {
		return 0, 0, false, fault.Wrap(fault.Transient, fmt.Errorf("read progress of %s: %w", workflowID, redisfault.Mark(err)))
	}
	if len(m) == 0 {
		return 0, 0, false, nil
	}
	done, _ = strconv.Atoi(m["done"])
	total, _ = strconv.Atoi(m["total"])
	return done, total, true, nil
}

// Forget drops the page checkpoints (the pages' text) of document doc,
// pages 1 to maxPages, and the progress of workflowID: for an erasure.
// Forgetting again, or what expired, changes nothing.
func (s *Store) Forget(ctx context.Context, doc, workflowID string, maxPages int) error {
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		if doc != "" {
			for n := 1; n <= maxPages; n++ {
				p.Del(ctx, PageKey(doc, n))
			}
		}
		p.Del(ctx, ProgressKey(workflowID))
		return nil
	})
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("forget checkpoints of %s: %w", workflowID, redisfault.Mark(err)))
	}
	return nil
}
