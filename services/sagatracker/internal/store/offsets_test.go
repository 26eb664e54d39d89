package store

import (
	"context"
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
)

// TestOffsetsReadAndWrittenOnce: a call reads the stored offsets of all
// its partitions in one HMGET and writes the ones that moved in one HSET
// (the pipeline benchmark's tracker made a third of its calls for
// partitions whose records project nothing, each an HGET and an HSET a
// partition), and offsets still only move forward.
func TestOffsetsReadAndWrittenOnce(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	next := map[string]int64{"a/0": 5, "a/1": 7, "b/0": 2, "b/1": 9}
	if _, err := s.Apply(ctx, nil, next); err != nil {
		t.Fatal(err)
	}
	if err := s.rdb.ConfigResetStat(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, nil, map[string]int64{"a/0": 6, "a/1": 3, "b/0": 4, "b/1": 9}); err != nil {
		t.Fatal(err)
	}
	calls := dockettest.CommandCalls(t, s.rdb)
	if calls["hget"] != 0 || calls["hmget"] != 1 || calls["hset"] != 1 {
		t.Errorf("offsets: hget %d, hmget %d, hset %d calls; want 0, 1, 1 (all: %v)", calls["hget"], calls["hmget"], calls["hset"], calls)
	}
	got, err := s.Offsets(ctx, []string{"a/0", "a/1", "b/0", "b/1"})
	if err != nil {
		t.Fatal(err)
	}
	for tp, want := range map[string]int64{"a/0": 6, "a/1": 7, "b/0": 4, "b/1": 9} {
		if got[tp] != want {
			t.Errorf("offset of %s = %d, want %d (never back)", tp, got[tp], want)
		}
	}
}
