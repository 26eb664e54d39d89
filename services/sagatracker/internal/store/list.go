package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// Stall says when a workflow is stalled: queued or running with no event
// for longer than its stage's expected duration. Waiting on a review or a
// scheduled retry, or parked, is waiting, never stalled.
type Stall struct {
	// ByStage is each stage's expected duration; Default the others'.
	ByStage map[string]time.Duration
	Default time.Duration
}

// After returns the expected duration of stage.
func (s Stall) After(stage string) time.Duration {
	if d, ok := s.ByStage[stage]; ok {
		return d
	}
	return s.Default
}

// Stalled reports whether w is stalled at now.
func (s Stall) Stalled(w Workflow, now time.Time) bool {
	live := w.Status == projection.StatusQueued || w.Status == projection.StatusRunning
	return live && now.Sub(w.UpdatedAt) > s.After(w.Stage)
}

// Filter selects workflows in List; zero fields match everything. Time
// bounds are From inclusive, To exclusive.
type Filter struct {
	Status string
	Stage  string
	Tenant string

	CreatedFrom, CreatedTo time.Time
	UpdatedFrom, UpdatedTo time.Time
	// Stalled selects only stalled workflows (Query.Stall at Query.Now).
	Stalled bool
	// DocumentType selects the workflows of one document type.
	DocumentType string
	// Search selects the workflows whose id starts with it or whose file
	// name contains it, ignoring case.
	Search string
}

// Query is one List call.
type Query struct {
	Filter
	// OldestFirst orders by creation time ascending; the default is newest
	// first. Ties are ordered by id, in the same direction.
	OldestFirst bool
	Limit       int
	// Cursor is the next cursor of the previous page; empty for the first.
	Cursor string
	// Now and Stall decide what is stalled.
	Now   time.Time
	Stall Stall
}

func (q Query) match(w Workflow) bool {
	f := q.Filter
	return (f.Status == "" || w.Status == f.Status || f.Status == projection.StatusParked && w.ParkedID != "") &&
		(f.Stage == "" || w.Stage == f.Stage) &&
		(f.Tenant == "" || w.Tenant == f.Tenant) &&
		inRange(w.CreatedAt, f.CreatedFrom, f.CreatedTo) &&
		inRange(w.UpdatedAt, f.UpdatedFrom, f.UpdatedTo) &&
		(!f.Stalled || q.Stall.Stalled(w, q.Now)) &&
		(f.DocumentType == "" || w.DocumentType == f.DocumentType) &&
		(f.Search == "" || searched(w, f.Search))
}

func searched(w Workflow, s string) bool {
	return strings.HasPrefix(w.ID, s) || strings.Contains(strings.ToLower(w.Filename), strings.ToLower(s))
}

func inRange(t, from, to time.Time) bool {
	return (from.IsZero() || !t.Before(from)) && (to.IsZero() || t.Before(to))
}

// pos is a workflow's position in a list: its creation time and id.
type pos struct {
	ms int64
	id string
}

func (p pos) String() string { return strconv.FormatInt(p.ms, 10) + ":" + p.id }

func parsePos(s string) (pos, error) {
	ms, id, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || id == "" {
		return pos{}, fault.Structuralf("malformed list cursor")
	}
	return pos{n, id}, nil
}

// after reports whether p comes after c in the order.
func (p pos) after(c pos, desc bool) bool {
	if desc {
		return p.ms < c.ms || p.ms == c.ms && p.id < c.id
	}
	return p.ms > c.ms || p.ms == c.ms && p.id > c.id
}

// indexedStatus are the statuses with an index of their own (readSideLua's
// rs_indexed): the sparse ones an operator looks for. Lists of the dense
// ones (queued, running, completed) walk the index of all workflows, where
// matches are near each other; keeping an index for them would cost every
// event two more sorted-set writes.
var indexedStatus = map[string]bool{
	projection.StatusWaitingReview: true, projection.StatusRetrying: true, projection.StatusParked: true,
	projection.StatusFailed: true, projection.StatusCanceled: true, projection.StatusTimedOut: true,
	projection.StatusCompensating: true, projection.StatusCompensated: true, projection.StatusCompensationFailed: true,
}

// maxScan bounds the workflows one List call reads; a sparse filter
// returns a short page with a cursor to go on.
const maxScan = 5000

// listChunk is how many index entries one round trip reads.
const listChunk = 200

// List returns up to q.Limit workflows matching q, ordered by creation
// time, after q.Cursor, and the cursor of the next page (empty at the end).
// It walks one index: the tenant's when the filter names a tenant, else the
// status's when it has one (indexedStatus), else all workflows, bounded by
// the creation range; stalled workflows come from the per-stage sets of
// live workflows instead.
func (s *Store) List(ctx context.Context, q Query) ([]Workflow, string, error) {
	var cur *pos
	if q.Cursor != "" {
		p, err := parsePos(q.Cursor)
		if err != nil {
			return nil, "", err
		}
		cur = &p
	}
	if q.Stalled {
		return s.listStalled(ctx, q, cur)
	}
	key := s.prefix + "index"
	switch {
	case q.Tenant != "":
		key = s.prefix + "idx:tenant:" + q.Tenant
	case q.Status == projection.StatusParked:
		// The parked are those "Parked now" counts: by status, or with
		// an item parked at the exception agent while they wait for its
		// review (found from outside: the list was empty while the
		// stats said two).
		key = s.prefix + "idx:parked"
	case indexedStatus[q.Status]:
		key = s.prefix + "idx:status:" + q.Status
	}
	desc := !q.OldestFirst
	// created <= updated, so the updated bound also bounds creation.
	hi := q.CreatedTo
	if !q.UpdatedTo.IsZero() && (hi.IsZero() || q.UpdatedTo.Before(hi)) {
		hi = q.UpdatedTo
	}
	lo, up := "-inf", "+inf"
	if !q.CreatedFrom.IsZero() {
		lo = strconv.FormatInt(q.CreatedFrom.UnixMilli(), 10)
	}
	if !hi.IsZero() {
		up = "(" + strconv.FormatInt(hi.UnixMilli(), 10)
	}
	if cur != nil {
		if desc {
			up = strconv.FormatInt(cur.ms, 10)
		} else {
			lo = strconv.FormatInt(cur.ms, 10)
		}
	}
	var (
		out     []Workflow
		offset  int64
		scanned int
	)
	for {
		by := &redis.ZRangeBy{Min: lo, Max: up, Offset: offset, Count: listChunk}
		var zs []redis.Z
		var err error
		if desc {
			zs, err = s.rdb.ZRevRangeByScoreWithScores(ctx, key, by).Result()
		} else {
			zs, err = s.rdb.ZRangeByScoreWithScores(ctx, key, by).Result()
		}
		if err != nil {
			return nil, "", fault.Wrap(fault.Transient, fmt.Errorf("read workflow index: %w", err))
		}
		ps := make([]pos, 0, len(zs))
		for _, z := range zs {
			p := pos{int64(z.Score), z.Member.(string)}
			if cur == nil || p.after(*cur, desc) {
				ps = append(ps, p)
			}
		}
		ws, err := s.getMany(ctx, ps)
		if err != nil {
			return nil, "", err
		}
		for i, w := range ws {
			scanned++
			if w != nil && q.match(*w) {
				out = append(out, *w)
			}
			more := i < len(ws)-1 || len(zs) == listChunk
			if len(out) == q.Limit || scanned >= maxScan {
				if more {
					return out, ps[i].String(), nil
				}
				return out, "", nil
			}
		}
		if len(zs) < listChunk {
			return out, "", nil
		}
		// Go on from the last score read, past the members with that
		// score already read.
		last := zs[len(zs)-1].Score
		same := int64(0)
		for _, z := range zs {
			if z.Score == last {
				same++
			}
		}
		bound := strconv.FormatInt(int64(last), 10)
		if (desc && up == bound) || (!desc && lo == bound) {
			offset += same
		} else {
			offset = same
		}
		if desc {
			up = bound
		} else {
			lo = bound
		}
	}
}

// listStalled reads the live workflows whose latest event is older than
// their stage's expected duration, then filters, orders and pages them.
func (s *Store) listStalled(ctx context.Context, q Query, cur *pos) ([]Workflow, string, error) {
	stages, err := s.liveStages(ctx)
	if err != nil {
		return nil, "", err
	}
	var ps []pos
	seen := map[string]bool{}
	for _, st := range stages {
		max := "(" + strconv.FormatInt(q.Now.Add(-q.Stall.After(st)).UnixMilli(), 10)
		ids, err := s.rdb.ZRangeByScore(ctx, s.prefix+"live:"+st, &redis.ZRangeBy{Min: "-inf", Max: max, Count: maxScan}).Result()
		if err != nil {
			return nil, "", fault.Wrap(fault.Transient, fmt.Errorf("read live workflows at %s: %w", st, err))
		}
		for _, id := range ids {
			if !seen[id] && len(ps) < maxScan {
				seen[id] = true
				ps = append(ps, pos{id: id})
			}
		}
	}
	ws, err := s.getMany(ctx, ps)
	if err != nil {
		return nil, "", err
	}
	desc := !q.OldestFirst
	var match []pos
	byID := map[string]Workflow{}
	for _, w := range ws {
		if w == nil || !q.match(*w) {
			continue
		}
		p := pos{w.CreatedAt.UnixMilli(), w.ID}
		if cur == nil || p.after(*cur, desc) {
			match = append(match, p)
			byID[w.ID] = *w
		}
	}
	sort.Slice(match, func(i, j int) bool { return match[j].after(match[i], desc) })
	var out []Workflow
	for i, p := range match {
		if len(out) == q.Limit {
			return out, match[i-1].String(), nil
		}
		out = append(out, byID[p.id])
	}
	return out, "", nil
}

// liveStages returns the stages that have had live workflows, workflow
// order first.
func (s *Store) liveStages(ctx context.Context) ([]string, error) {
	seen, err := s.rdb.SMembers(ctx, s.prefix+"live:stages").Result()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read live stages: %w", err))
	}
	return withStepOrder(seen), nil
}

// withStepOrder returns the steps of projection.StepOrder, then the other
// names sorted.
func withStepOrder(names []string) []string {
	out := append([]string(nil), projection.StepOrder...)
	known := map[string]bool{}
	for _, n := range out {
		known[n] = true
	}
	var extra []string
	for _, n := range names {
		if !known[n] {
			known[n] = true
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

// getMany reads the workflows at ps in one round trip; a workflow gone
// meanwhile (purged) is nil.
func (s *Store) getMany(ctx context.Context, ps []pos) ([]*Workflow, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	pipe := s.rdb.Pipeline()
	cmds := make([]*redis.MapStringStringCmd, len(ps))
	for i, p := range ps {
		cmds[i] = pipe.HGetAll(ctx, s.prefix+"wf:"+p.id)
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read workflows: %w", err))
	}
	out := make([]*Workflow, len(ps))
	for i, c := range cmds {
		if h := c.Val(); len(h) > 0 {
			w := parse(h)
			out[i] = &w
		}
	}
	return out, nil
}

// percentile returns the nearest-rank p-quantile (0 < p <= 1) of the
// values counted in hist; 0 when it is empty.
func percentile(hist map[int64]int64, p float64) int64 {
	var n int64
	keys := make([]int64, 0, len(hist))
	for v, c := range hist {
		keys = append(keys, v)
		n += c
	}
	if n == 0 {
		return 0
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	rank := int64(math.Ceil(p * float64(n)))
	var cum int64
	for _, v := range keys {
		cum += hist[v]
		if cum >= rank {
			return v
		}
	}
	return keys[len(keys)-1]
}
