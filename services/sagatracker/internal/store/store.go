// Package store keeps the tracker's projection in Redis: per workflow a
// state hash, an append-only history list and the set of applied event
// keys; an index of workflows by creation time; and the consumed offset of
// every topic partition, written in the same script as the state.
//
// Keys (prefix P, default "docket:sagatracker:"): P wf:<id> (hash),
// P wf:<id>:history (list of JSON entries), P wf:<id>:applied (set),
// P index (sorted set, score = creation time in ms), P offsets (hash
// "topic/partition" → next offset). The script touches keys of many
// workflows, so the projection needs a single Redis (or one hash slot),
// not a cluster.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// DefaultPrefix is the default key prefix.
const DefaultPrefix = "docket:sagatracker:"

// ErrNotFound is returned for a workflow the projection does not hold.
var ErrNotFound = errors.New("workflow not found")

// Store is the projection in Redis. It is safe for concurrent use.
type Store struct {
	rdb      redis.UniversalClient
	prefix   string
	settings Settings
	readSide readSide
}

// New returns a store on rdb under prefix (DefaultPrefix when empty).
func New(rdb redis.UniversalClient, prefix string, opts ...Option) *Store {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	s := &Store{rdb: rdb, prefix: prefix, settings: DefaultSettings, readSide: defaultReadSide}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Result counts what Apply did.
type Result struct {
	Applied    int
	Duplicates int
	// Stale ops were below the stored offset of their partition.
	Stale int
}

// Apply applies ops and stores next, the next offset to consume of each
// topic partition ("topic/partition"), atomically. Redis failures are
// transient.
func (s *Store) Apply(ctx context.Context, ops []projection.Op, next map[string]int64) (Result, error) {
	// The history entries go to the script as arguments of their own, not
	// inside the ops' JSON: a string there would be escaped and decoded
	// again, byte by byte.
	args := make([]any, argvEntries, argvEntries+len(ops))
	wire := make([]wireOp, len(ops))
	for i := range ops {
		h, err := json.Marshal(ops[i].Entry)
		if err != nil {
			return Result{}, fault.Wrap(fault.Structural, fmt.Errorf("encode history entry: %w", err))
		}
		args = append(args, h)
		wire[i] = wireOp{Op: &ops[i], History: len(args)}
		if e := ops[i].Entry; e.Redacted != "" {
			e.Summary, e.Redacted = e.Redacted, ""
			r, err := json.Marshal(e)
			if err != nil {
				return Result{}, fault.Wrap(fault.Structural, fmt.Errorf("encode redacted history entry: %w", err))
			}
			args = append(args, r)
			wire[i].Redacted = len(args)
		}
	}
	opsJSON, err := json.Marshal(wire)
	if err != nil {
		return Result{}, fault.Wrap(fault.Structural, fmt.Errorf("encode ops: %w", err))
	}
	offs := make(map[string]string, len(next))
	for tp, o := range next {
		offs[tp] = strconv.FormatInt(o, 10)
	}
	offsJSON, err := json.Marshal(offs)
	if err != nil {
		return Result{}, fault.Wrap(fault.Structural, fmt.Errorf("encode offsets: %w", err))
	}
	args[0], args[1], args[2], args[3], args[4] = s.prefix, opsJSON, offsJSON, s.settingsJSON(), s.readSide.json()
	res, err := applyScript.Run(ctx, s.rdb, nil, args...).Int64Slice()
	if err != nil {
		return Result{}, fault.Wrap(fault.Transient, fmt.Errorf("apply %d events: %w", len(ops), err))
	}
	if len(res) != 3 {
		return Result{}, fault.Wrap(fault.Structural, fmt.Errorf("apply script returned %d values, want 3", len(res)))
	}
	return Result{Applied: int(res[0]), Duplicates: int(res[1]), Stale: int(res[2])}, nil
}

// argvEntries is the number of the apply script's arguments before the
// history entries.
const argvEntries = 5

// wireOp is an op as the apply script reads it: its history entry, and its
// redacted entry when it has one, are the script's arguments at positions
// History and Redacted (ARGV is 1-based).
type wireOp struct {
	*projection.Op
	History  int `json:"h"`
	Redacted int `json:"hr,omitempty"`
}

// Offsets returns the stored next offsets of the given topic partitions
// ("topic/partition"); a partition with none stored is absent.
func (s *Store) Offsets(ctx context.Context, tps []string) (map[string]int64, error) {
	out := make(map[string]int64, len(tps))
	if len(tps) == 0 {
		return out, nil
	}
	vals, err := s.rdb.HMGet(ctx, s.prefix+"offsets", tps...).Result()
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read stored offsets: %w", err))
	}
	for i, v := range vals {
		str, ok := v.(string)
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(str, 10, 64)
		if err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("stored offset of %s %q: %w", tps[i], str, err))
		}
		out[tps[i]] = n
	}
	return out, nil
}

// Step is a workflow step as read.
type Step struct {
	Name       string
	StartedAt  time.Time
	FinishedAt time.Time
	Attempts   int
}

// Workflow is a workflow's projected state as read.
type Workflow struct {
	ID        string
	Tenant    string
	Stage     string
	Status    string
	Steps     []Step
	LastError string
	Ledger    *projection.Ledger
	CreatedAt time.Time
	UpdatedAt time.Time
	Events    int64
	// Progress is the running step's latest progress report; nil when
	// there is none.
	Progress *Progress
	// Filename is the submitted document's file name; empty when unknown.
	Filename string
	// DocumentType is the type the classifier recorded without review,
	// the one a waiting review suggests, or the one a reviewer decided;
	// empty before any.
	DocumentType string
	// ReviewTask and ParkedID are one of its open review tasks and one of
	// its parked items (the latest opened while it stays open), empty for
	// none; Waits reads them all.
	ReviewTask, ParkedID string
	// Corrections counts the corrections the ledger recorded; Correction
	// is the latest, nil for none.
	Corrections int64
	Correction  *Correction
	// ErasedAt is when an operator erased its content; zero when not.
	ErasedAt time.Time
	// Reviews and Parked are its open review tasks and parked items, set
	// by Waits.
	Reviews []Wait
	Parked  []Wait
}

// Correction is a correction the ledger recorded, as read.
type Correction struct {
	DocumentType, Outcome, PreviousType, Actor, Reason string
	Sequence                                           int64
	RecordHash                                         string
	At                                                 time.Time
}

// Wait is something a workflow waits on: an open review task (its reason
// and rule) or an item parked at the exception agent (its reason).
type Wait struct {
	ID, Reason, Rule string
}

// Progress is a long step's latest progress report as read.
type Progress struct {
	Step        string
	Done, Total int64
	Unit        string
	UpdatedAt   time.Time
}

// progressOf reads a progress report from its stored fields (st, dn, tt,
// un, at); nil when there is none.
func progressOf(step, done, total, unit, at string) *Progress {
	if step == "" {
		return nil
	}
	p := &Progress{Step: step, Unit: unit, UpdatedAt: msTime(at)}
	p.Done, _ = strconv.ParseInt(done, 10, 64)
	p.Total, _ = strconv.ParseInt(total, 10, 64)
	return p
}

// Get returns a workflow's state, ErrNotFound when there is none.
func (s *Store) Get(ctx context.Context, id string) (Workflow, error) {
	h, err := s.rdb.HGetAll(ctx, s.prefix+"wf:"+id).Result()
	if err != nil {
		return Workflow{}, fault.Wrap(fault.Transient, fmt.Errorf("read workflow %s: %w", id, err))
	}
	if len(h) == 0 {
		return Workflow{}, ErrNotFound
	}
	return parse(h), nil
}

func parse(h map[string]string) Workflow {
	w := Workflow{
		ID: h["id"], Tenant: h["tenant"], Stage: h["stage"], Status: h["status"], LastError: h["last_error"],
		CreatedAt: msTime(h["created"]), UpdatedAt: msTime(h["updated"]),
		Filename: h["filename"], DocumentType: h["doc_type"], ReviewTask: h["review_task"], ParkedID: h["parked_id"],
	}
	w.Events, _ = strconv.ParseInt(h["events"], 10, 64)
	w.ErasedAt = msTime(h["erased_at"])
	w.Corrections, _ = strconv.ParseInt(h["corrections"], 10, 64)
	if t := h["corrected_type"]; t != "" {
		c := &Correction{
			DocumentType: t, Outcome: h["corrected_outcome"], PreviousType: h["corrected_previous"], Actor: h["corrected_by"],
			Reason: h["corrected_reason"], RecordHash: h["corrected_hash"], At: msTime(h["corrected_at"]),
		}
		c.Sequence, _ = strconv.ParseInt(h["corrected_sequence"], 10, 64)
		w.Correction, w.DocumentType = c, t
	}
	w.Progress = progressOf(h["progress_step"], h["progress_done"], h["progress_total"], h["progress_unit"], h["progress_at"])
	if h["ledger_topic"] != "" {
		w.Ledger = &projection.Ledger{
			Topic: h["ledger_topic"], Partition: h["ledger_partition"], Offset: h["ledger_offset"],
			Sequence: h["ledger_sequence"], Hash: h["ledger_hash"],
		}
		currentRecord(w.Ledger, w.Correction, h["corrected_partition"])
	}
	steps := map[string]*Step{}
	for k, v := range h {
		rest, ok := strings.CutPrefix(k, "step:")
		if !ok {
			continue
		}
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			continue
		}
		name, field := rest[:i], rest[i+1:]
		st := steps[name]
		if st == nil {
			st = &Step{Name: name}
			steps[name] = st
		}
		switch field {
		case "start":
			st.StartedAt = msTime(v)
		case "finish":
			st.FinishedAt = msTime(v)
		case "attempts":
			st.Attempts, _ = strconv.Atoi(v)
		}
	}
	order := map[string]int{}
	for i, n := range projection.StepOrder {
		order[n] = i
	}
	for _, st := range steps {
		w.Steps = append(w.Steps, *st)
	}
	sort.Slice(w.Steps, func(i, j int) bool {
		oi, iok := order[w.Steps[i].Name]
		oj, jok := order[w.Steps[j].Name]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return w.Steps[i].Name < w.Steps[j].Name
	})
	return w
}

func msTime(s string) time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || s == "" {
		return time.Time{}
	}
	return time.UnixMilli(n).UTC()
}

// Waits sets the open review tasks and parked items of the workflows that
// have any (ReviewTask or ParkedID set): the shown one first, then the
// others by id. Two round trips, whatever the number of workflows.
func (s *Store) Waits(ctx context.Context, ws []Workflow) error {
	type sets struct {
		reviews *redis.StringSliceCmd
		parked  *redis.MapStringStringCmd
	}
	pipe := s.rdb.Pipeline()
	got := make([]sets, len(ws))
	n := 0
	for i, w := range ws {
		if w.ReviewTask != "" {
			got[i].reviews = pipe.SMembers(ctx, s.prefix+"wf:"+w.ID+":reviews")
			n++
		}
		if w.ParkedID != "" {
			got[i].parked = pipe.HGetAll(ctx, s.prefix+"wf:"+w.ID+":parked")
			n++
		}
	}
	if n == 0 {
		return nil
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("read what %d workflows wait on: %w", len(ws), err))
	}
	tasks := map[string]*redis.SliceCmd{}
	for i := range ws {
		w := &ws[i]
		if c := got[i].reviews; c != nil {
			for _, id := range shownFirst(w.ReviewTask, c.Val()) {
				w.Reviews = append(w.Reviews, Wait{ID: id})
				if tasks[id] == nil {
					tasks[id] = pipe.HMGet(ctx, s.prefix+"review:"+id, "reason", "rule", "flags")
				}
			}
		}
		if c := got[i].parked; c != nil {
			ids := make([]string, 0, len(c.Val()))
			for id := range c.Val() {
				ids = append(ids, id)
			}
			for _, id := range shownFirst(w.ParkedID, ids) {
				w.Parked = append(w.Parked, Wait{ID: id, Reason: c.Val()[id]})
			}
		}
	}
	if len(tasks) == 0 {
		return nil
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("read the review tasks of %d workflows: %w", len(ws), err))
	}
	for i := range ws {
		for j := range ws[i].Reviews {
			r := &ws[i].Reviews[j]
			v := tasks[r.ID].Val()
			str := func(k int) string { s, _ := v[k].(string); return s }
			r.Reason, r.Rule = str(0), str(1)
			if v[1] == nil {
				var flags []projection.Flag
				_ = json.Unmarshal([]byte(str(2)), &flags)
				r.Rule = projection.RuleOf("", flags, nil)
			}
		}
	}
	return nil
}

// shownFirst orders ids: shown first when it is one of them, the others by
// id.
func shownFirst(shown string, ids []string) []string {
	sort.Strings(ids)
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id == shown {
			out = append(out, id)
		}
	}
	for _, id := range ids {
		if id != shown {
			out = append(out, id)
		}
	}
	return out
}

// History returns up to limit history entries of a workflow from position
// from, and the position of the next page (-1 at the end). ErrNotFound when
// the workflow is unknown.
func (s *Store) History(ctx context.Context, id string, from, limit int64) ([]projection.Entry, int64, error) {
	key := s.prefix + "wf:" + id + ":history"
	pipe := s.rdb.Pipeline()
	rng := pipe.LRange(ctx, key, from, from+limit-1)
	n := pipe.LLen(ctx, key)
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, -1, fault.Wrap(fault.Transient, fmt.Errorf("read history of %s: %w", id, err))
	}
	if n.Val() == 0 {
		return nil, -1, ErrNotFound
	}
	out := make([]projection.Entry, 0, len(rng.Val()))
	for _, raw := range rng.Val() {
		var e projection.Entry
		if err := json.Unmarshal([]byte(raw), &e); err != nil {
			return nil, -1, fault.Wrap(fault.Structural, fmt.Errorf("decode history entry of %s: %w", id, err))
		}
		out = append(out, e)
	}
	next := from + int64(len(out))
	if next >= n.Val() {
		next = -1
	}
	return out, next, nil
}

// dropBatch bounds the keys one SCAN step returns and one UNLINK deletes.
const dropBatch = 500

// Drop deletes every key under the store's prefix — the whole projection
// and its offsets — with SCAN and UNLINK in batches (never FLUSHDB, so other
// data in the database stays), and returns how many keys it deleted. Keys
// written while it runs may survive; nothing may write the projection
// meanwhile.
func (s *Store) Drop(ctx context.Context) (int64, error) {
	match := globEscape(s.prefix) + "*"
	var (
		cursor  uint64
		deleted int64
	)
	for {
		keys, next, err := s.rdb.Scan(ctx, cursor, match, dropBatch).Result()
		if err != nil {
			return deleted, fault.Wrap(fault.Transient, fmt.Errorf("scan keys under %q: %w", s.prefix, err))
		}
		if len(keys) > 0 {
			n, err := s.rdb.Unlink(ctx, keys...).Result()
			if err != nil {
				return deleted, fault.Wrap(fault.Transient, fmt.Errorf("unlink %d keys under %q: %w", len(keys), s.prefix, err))
			}
			deleted += n
		}
		if next == 0 {
			return deleted, nil
		}
		cursor = next
	}
}

// globEscape escapes the characters SCAN MATCH treats as a pattern.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '*', '?', '[', ']', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// currentRecord points l, the workflow's disposition, at its current
// record: the latest correction's, when it has one later in the chain.
// The correction's offset is unknown (its confirmation cannot name it),
// so it reads -1; its partition is the disposition's unless the corrected
// event named one.
func currentRecord(l *projection.Ledger, c *Correction, partition string) {
	if c == nil || c.Sequence == 0 {
		return
	}
	if seq, err := strconv.ParseInt(l.Sequence, 10, 64); err == nil && seq >= c.Sequence {
		return
	}
	l.Sequence, l.Hash, l.Offset = strconv.FormatInt(c.Sequence, 10), c.RecordHash, "-1"
	if partition != "" {
		l.Partition = partition
	}
}
