package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// ErrCursorExpired is returned for a watch cursor older than the changes
// the stream still holds: changes after it were trimmed.
var ErrCursorExpired = errors.New("cursor is older than the changes the tracker keeps: list again and watch from a fresh change")

// Change is one applied event and the state it left its workflow in, as the
// apply script appends it to the change stream.
type Change struct {
	// Cursor is the stream entry id.
	Cursor   string
	Workflow string
	Tenant   string
	Status   string
	Stage    string
	Entry    projection.Entry
	// Progress is the workflow's progress report after the change; nil
	// when there is none.
	Progress *Progress
}

// keepScript sets the change stream's lease (KEYS[1], ARGV[1] ms) and,
// when changes were applied without being written (KEYS[2]), appends a gap
// entry to the stream (KEYS[3], capped at ARGV[2]) and keeps its id
// (KEYS[4]).
var keepScript = redis.NewScript(`
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
if redis.call('EXISTS', KEYS[2]) == 1 then
  local id = redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'gap', '1')
  redis.call('SET', KEYS[4], id)
  redis.call('DEL', KEYS[2])
end
return 1
`)

// KeepChanges makes the apply script write the change stream for the
// read side's idle setting (WithChangesIdle) from now. A watch calls it
// before it takes its cursor, and again while it stays open. Changes
// applied while the stream was not written leave a gap entry in it: a
// cursor from before the gap expires (CheckCursor, Changes), as one the
// stream's cap trimmed. With the setting 0 the stream is always written
// and KeepChanges does nothing.
func (s *Store) KeepChanges(ctx context.Context) error {
	idle := s.readSide.changesIdle
	if idle == 0 {
		return nil
	}
	p := s.prefix
	keys := []string{p + "changes:watched", p + "changes:unwritten", p + "changes", p + "changes:gap"}
	if err := keepScript.Run(ctx, s.rdb, keys, idle.Milliseconds(), s.readSide.changesMaxLen).Err(); err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("keep the change stream written: %w", err))
	}
	return nil
}

// CheckCursor reports a malformed cursor (structural) and ErrCursorExpired
// when changes after it are missing from the stream: trimmed, or applied
// while nothing watched (a gap entry after it, KeepChanges). Trimming drops
// the oldest entries first, so a cursor whose entry is still there has lost
// nothing to it; one older than the first entry kept has, unless the stream
// never reached its cap (a cursor from before the first change, "0-0").
func (s *Store) CheckCursor(ctx context.Context, cursor string) error {
	c, err := parseStreamID(cursor)
	if err != nil {
		return err
	}
	key := s.prefix + "changes"
	pipe := s.rdb.Pipeline()
	self := pipe.XRangeN(ctx, key, cursor, cursor, 1)
	first := pipe.XRangeN(ctx, key, "-", "+", 1)
	n := pipe.XLen(ctx, key)
	gap := pipe.Get(ctx, s.prefix+"changes:gap")
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return fault.Wrap(fault.Transient, fmt.Errorf("read change stream: %w", err))
	}
	if g := gap.Val(); g != "" {
		gid, err := parseStreamID(g)
		if err != nil {
			return fault.Structuralf("change stream gap: %v", err)
		}
		if less(c, gid) {
			return ErrCursorExpired
		}
	}
	if len(self.Val()) == 1 || len(first.Val()) == 0 {
		return nil
	}
	f, err := parseStreamID(first.Val()[0].ID)
	if err != nil {
		return err
	}
	if less(c, f) && n.Val() >= s.readSide.changesMaxLen {
		return ErrCursorExpired
	}
	return nil
}

// LastCursor returns the cursor of the latest change, "0-0" when there is none.
func (s *Store) LastCursor(ctx context.Context) (string, error) {
	xs, err := s.rdb.XRevRangeN(ctx, s.prefix+"changes", "+", "-", 1).Result()
	if err != nil {
		return "", fault.Wrap(fault.Transient, fmt.Errorf("read change stream: %w", err))
	}
	if len(xs) == 0 {
		return "0-0", nil
	}
	return xs[0].ID, nil
}

// Changes returns up to count changes after cursor, without waiting. A
// change's history entry is read from its workflow's history (the stream
// holds its position); a workflow that retention deleted since leaves its
// changes without an entry. A gap after cursor (KeepChanges) is
// ErrCursorExpired.
func (s *Store) Changes(ctx context.Context, cursor string, count int64) ([]Change, error) {
	res, err := s.rdb.XRead(ctx, &redis.XReadArgs{Streams: []string{s.prefix + "changes", cursor}, Count: count, Block: -1}).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read change stream after %s: %w", cursor, err))
	}
	var (
		out     []Change
		entries []*redis.StringCmd
	)
	pipe := s.rdb.Pipeline()
	for _, st := range res {
		for _, m := range st.Messages {
			if _, gap := m.Values["gap"]; gap {
				return nil, ErrCursorExpired
			}
			c, pos, err := change(m)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
			var e *redis.StringCmd
			if pos >= 0 {
				e = pipe.LIndex(ctx, s.prefix+"wf:"+c.Workflow+":history", pos)
			}
			entries = append(entries, e)
		}
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fault.Wrap(fault.Transient, fmt.Errorf("read the history entries of %d changes: %w", len(out), err))
	}
	for i, e := range entries {
		if e == nil {
			continue
		}
		raw, err := e.Result()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err := json.Unmarshal([]byte(raw), &out[i].Entry); err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("decode the history entry of change %s: %w", out[i].Cursor, err))
		}
	}
	return out, nil
}

// WaitChange blocks up to block until a change after cursor exists and
// returns the cursor of the latest change it saw (cursor when none came).
func (s *Store) WaitChange(ctx context.Context, cursor string, block time.Duration) (string, error) {
	res, err := s.rdb.XRead(ctx, &redis.XReadArgs{Streams: []string{s.prefix + "changes", cursor}, Count: 1000, Block: block}).Result()
	if errors.Is(err, redis.Nil) {
		return cursor, nil
	}
	if err != nil {
		return cursor, fault.Wrap(fault.Transient, fmt.Errorf("wait for changes after %s: %w", cursor, err))
	}
	for _, st := range res {
		if n := len(st.Messages); n > 0 {
			cursor = st.Messages[n-1].ID
		}
	}
	return cursor, nil
}

// change decodes a stream entry; pos is the position of its history entry
// in its workflow's history, or -1 when the stream entry holds the history
// entry itself ("h", as trackers before the position wrote it).
func change(m redis.XMessage) (c Change, pos int64, err error) {
	str := func(k string) string { v, _ := m.Values[k].(string); return v }
	c = Change{Cursor: m.ID, Workflow: str("w"), Tenant: str("t"), Status: str("s"), Stage: str("g")}
	pos = -1
	if _, ok := m.Values["h"]; ok {
		if err := json.Unmarshal([]byte(str("h")), &c.Entry); err != nil {
			return Change{}, 0, fault.Wrap(fault.Structural, fmt.Errorf("decode change %s: %w", m.ID, err))
		}
	} else if pos, err = strconv.ParseInt(str("i"), 10, 64); err != nil || pos < 0 {
		return Change{}, 0, fault.Structuralf("change %s: history position %q", m.ID, str("i"))
	}
	if raw := str("p"); raw != "" {
		var p struct {
			St string `json:"st"`
			Dn string `json:"dn"`
			Tt string `json:"tt"`
			Un string `json:"un"`
			At string `json:"at"`
		}
		if err := json.Unmarshal([]byte(raw), &p); err != nil {
			return Change{}, 0, fault.Wrap(fault.Structural, fmt.Errorf("decode progress of change %s: %w", m.ID, err))
		}
		c.Progress = progressOf(p.St, p.Dn, p.Tt, p.Un, p.At)
	}
	return c, pos, nil
}

type streamID [2]uint64

func parseStreamID(s string) (streamID, error) {
	ms, seq, ok := strings.Cut(s, "-")
	a, err1 := strconv.ParseUint(ms, 10, 64)
	b, err2 := strconv.ParseUint(seq, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return streamID{}, fault.Structuralf("malformed cursor %q", s)
	}
	return streamID{a, b}, nil
}

func less(a, b streamID) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }
