package idempotency

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
)

// Processed-event records.
//
// The runtime records, for every event it handled, the outputs it produced
// and the record they came from. That record is written once and never
// claimed or leased, so it is a plain string key
// <prefix>:done:<service>:<id> written with SET NX PX, instead of the
// claim hash and its Lua scripts: a batch of 500 costs one pipelined round
// trip of plain commands, which Redis serves an order of magnitude faster
// than script calls. The value is uvarint(len(source)) source result.

func (s *Store) doneKeys(keys []Key) ([]string, error) {
	rks := make([]string, len(keys))
	for i, k := range keys {
		rk, err := s.redisKey(Key{Service: k.Service, ID: k.ID})
		if err != nil {
			return nil, fault.Wrap(fault.Structural, fmt.Errorf("key %d (%s): %w", i, k, err))
		}
		rks[i] = s.prefix + ":done:" + rk[len(s.prefix)+1:]
	}
	return rks, nil
}

func encodeDone(source string, result []byte) []byte {
	b := make([]byte, 0, binary.MaxVarintLen64+len(source)+len(result))
	b = binary.AppendUvarint(b, uint64(len(source)))
	b = append(b, source...)
	return append(b, result...)
}

func decodeDone(key Key, v string) (Record, error) {
	n, w := binary.Uvarint([]byte(v[:min(len(v), binary.MaxVarintLen64)]))
	if w <= 0 || uint64(len(v)-w) < n {
		return Record{}, fault.Structuralf("processed record %s: malformed value", key)
	}
	return Record{Key: key, State: Completed, Source: v[w : w+int(n)], Result: []byte(v[w+int(n):])}, nil
}

// ProcessedMany returns, in one round trip (an MGET on a single server,
// pipelined GETs on a cluster or ring), the processed-event record of each
// key: State Completed with Source and Result when the event
// was recorded, Absent otherwise.
func (s *Store) ProcessedMany(ctx context.Context, keys []Key) ([]Record, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	rks, err := s.doneKeys(keys)
	if err != nil {
		return nil, err
	}
	vals, err := s.getMany(ctx, rks)
	if err != nil {
		return nil, batchError("look up processed events", len(keys), err)
	}
	recs := make([]Record, len(keys))
	for i, v := range vals {
		if v == nil {
			recs[i] = Record{Key: keys[i], State: Absent}
			continue
		}
		if recs[i], err = decodeDone(keys[i], *v); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// getMany returns the value of each key, nil where it has none. A single
// server answers one MGET, which it serves several times faster than as
// many pipelined GETs; a cluster or ring, whose keys spread over nodes,
// gets the pipelined GETs, which its client splits by node.
func (s *Store) getMany(ctx context.Context, rks []string) ([]*string, error) {
	vals := make([]*string, len(rks))
	if c, ok := s.c.(*redis.Client); ok {
		got, err := c.MGet(ctx, rks...).Result()
		if err != nil {
			return nil, err
		}
		if len(got) != len(rks) {
			return nil, fmt.Errorf("MGET of %d keys answered %d values", len(rks), len(got))
		}
		for i, v := range got {
			switch v := v.(type) {
			case nil:
			case string:
				vals[i] = &v
			default:
				return nil, fault.Structuralf("MGET value %d: unexpected %T", i, v)
			}
		}
		return vals, nil
	}
	cmds := make([]*redis.StringCmd, len(rks))
	if _, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, rk := range rks {
			cmds[i] = p.Get(ctx, rk)
		}
		return nil
	}); err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	for i, cmd := range cmds {
		v, err := cmd.Result()
		switch {
		case errors.Is(err, redis.Nil):
		case err != nil:
			return nil, err
		default:
			vals[i] = &v
		}
	}
	return vals, nil
}

// MarkProcessed records each item as processed, with its Source and
// Result and the store's TTL, unless the event already has a record. It
// returns for each item the record now stored: its own with Won set, or
// the earlier one. It takes one pipelined round trip, plus one for the
// items that lost (rare: concurrent duplicates and redeliveries).
func (s *Store) MarkProcessed(ctx context.Context, items []Item) ([]Record, error) {
	if len(items) == 0 {
		return nil, nil
	}
	keys := make([]Key, len(items))
	for i, it := range items {
		keys[i] = it.Key
	}
	rks, err := s.doneKeys(keys)
	if err != nil {
		return nil, err
	}
	set := make([]*redis.BoolCmd, len(items))
	if _, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, it := range items {
			set[i] = p.SetNX(ctx, rks[i], encodeDone(it.Source, it.Result), s.ttl)
		}
		return nil
	}); err != nil {
		return nil, batchError("record processed events", len(items), err)
	}
	recs := make([]Record, len(items))
	var lost []Key
	var lostAt []int
	for i, cmd := range set {
		if cmd.Val() {
			recs[i] = Record{Key: keys[i], State: Completed, Source: items[i].Source, Result: items[i].Result, Won: true}
			continue
		}
		lost, lostAt = append(lost, keys[i]), append(lostAt, i)
	}
	if len(lost) == 0 {
		return recs, nil
	}
	prior, err := s.ProcessedMany(ctx, lost)
	if err != nil {
		return nil, err
	}
	for j, i := range lostAt {
		if prior[j].State != Completed {
			// Expired between the two round trips: nothing stored wins.
			return nil, batchError("record processed events", len(items), fmt.Errorf("record of %s vanished", keys[i]))
		}
		recs[i] = prior[j]
	}
	return recs, nil
}
