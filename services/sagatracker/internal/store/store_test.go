package store

import (
	"context"
	"reflect"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// t0 is the tests' clock: the start of the current hour, not a fixed date,
// because the statistics the store keeps expire a day after their minute
// (EXPIREAT), in Redis's real time.
var t0 = time.Now().UTC().Truncate(time.Hour)

func op(wf, key, topic string, offset int64, sec int, status, stage string, rank int) projection.Op {
	ms := t0.Add(time.Duration(sec) * time.Second).UnixMilli()
	return projection.Op{
		Key: key, Workflow: wf, Tenant: "acme", TP: projection.TP(topic, 0), Offset: offset,
		At: strconv.FormatInt(ms, 10), Status: status, Stage: stage, Rank: rank,
		Entry: projection.Entry{EventID: key, Topic: topic, Type: "T", OccurredMs: ms, Offset: offset},
	}
}

func newStore(t *testing.T) *Store {
	t.Helper()
	return New(dockettest.RedisClient(t, dockettest.Redis(t)), "t:")
}

func TestApplyExactlyOnce(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	sub := op("wf", "e1", events.TopicSubmitted, 0, 0, projection.StatusQueued, "ocr", 10)
	ext := op("wf", "e2", events.TopicExtracted, 0, 5, projection.StatusRunning, "classify", 20)
	next := map[string]int64{sub.TP: 1, ext.TP: 1}

	steps := []struct {
		name string
		ops  []projection.Op
		next map[string]int64
		want Result
	}{
		{"first delivery", []projection.Op{sub, ext}, next, Result{Applied: 2}},
		{"same batch again (a zombie replica, a redelivery)", []projection.Op{sub, ext}, next, Result{Stale: 2}},
		{"same event in a new record", []projection.Op{withOffset(sub, 1)}, map[string]int64{sub.TP: 2}, Result{Duplicates: 1}},
		{"offsets never move back", nil, map[string]int64{sub.TP: 0}, Result{}},
	}
	for _, st := range steps {
		got, err := s.Apply(ctx, st.ops, st.next)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got != st.want {
			t.Fatalf("%s: %+v, want %+v", st.name, got, st.want)
		}
	}
	offs, err := s.Offsets(ctx, []string{sub.TP, ext.TP, "other/0"})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int64{sub.TP: 2, ext.TP: 1}; !reflect.DeepEqual(offs, want) {
		t.Fatalf("offsets %v, want %v", offs, want)
	}
	w, err := s.Get(ctx, "wf")
	if err != nil {
		t.Fatal(err)
	}
	if w.Status != projection.StatusRunning || w.Events != 2 || !w.CreatedAt.Equal(t0) || !w.UpdatedAt.Equal(t0.Add(5*time.Second)) {
		t.Fatalf("workflow %+v", w)
	}
	if h, _, err := s.History(ctx, "wf", 0, 10); err != nil || len(h) != 2 {
		t.Fatalf("history %v %v, want 2 entries", h, err)
	}
}

func withOffset(o projection.Op, off int64) projection.Op {
	o.Offset = off
	o.Entry.Offset = off
	return o
}

func TestApplyOrderRules(t *testing.T) {
	cases := []struct {
		name       string
		ops        []projection.Op
		wantStatus string
		wantStage  string
		wantEvents int64
	}{
		{"late earlier event does not move back", []projection.Op{
			op("wf", "ext", events.TopicExtracted, 0, 5, projection.StatusRunning, "classify", 20),
			op("wf", "sub", events.TopicSubmitted, 0, 0, projection.StatusQueued, "ocr", 10),
		}, projection.StatusRunning, "classify", 2},
		{"terminal status sticks", []projection.Op{
			op("wf", "cancel", events.TopicControl, 0, 3, projection.StatusCanceled, "", 100),
			op("wf", "rec", events.TopicRecorded, 0, 9, projection.StatusCompleted, "ledger", 60),
		}, projection.StatusCanceled, "", 2},
		{"history-only event creates the workflow without a status", []projection.Op{
			op("wf", "ledger", events.TopicLedger, 0, 1, "", "", 0),
		}, "", "", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			ctx := context.Background()
			next := map[string]int64{}
			for _, o := range c.ops {
				next[o.TP] = o.Offset + 1
			}
			if _, err := s.Apply(ctx, c.ops, next); err != nil {
				t.Fatal(err)
			}
			w, err := s.Get(ctx, "wf")
			if err != nil {
				t.Fatal(err)
			}
			if w.Status != c.wantStatus || w.Stage != c.wantStage || w.Events != c.wantEvents {
				t.Fatalf("status %q stage %q events %d, want %q %q %d", w.Status, w.Stage, w.Events, c.wantStatus, c.wantStage, c.wantEvents)
			}
		})
	}
}

func TestGetUnknown(t *testing.T) {
	s := newStore(t)
	if _, err := s.Get(context.Background(), "nope"); err != ErrNotFound {
		t.Fatalf("Get: %v, want ErrNotFound", err)
	}
	if _, _, err := s.History(context.Background(), "nope", 0, 10); err != ErrNotFound {
		t.Fatalf("History: %v, want ErrNotFound", err)
	}
}

// TestDrop deletes exactly the keys under the prefix, in several SCAN and
// UNLINK batches, even when the prefix holds glob characters.
func TestDrop(t *testing.T) {
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx := context.Background()
	cases := []struct {
		prefix string
		under  int
		others []string
	}{
		{"docket:sagatracker:", 3*dropBatch + 17, []string{"docket:other:wf:a", "docket:sagatracker", "x"}},
		{"p[1]*?\\:", 5, []string{"p1x:wf:a", "pA:b", "p[1]x\\:c"}},
		{"empty:", 0, []string{"emptx:a"}},
	}
	for _, c := range cases {
		t.Run(c.prefix, func(t *testing.T) {
			if err := rdb.FlushDB(ctx).Err(); err != nil {
				t.Fatal(err)
			}
			pipe := rdb.Pipeline()
			for i := range c.under {
				pipe.Set(ctx, c.prefix+"wf:"+strconv.Itoa(i), "v", 0)
			}
			for _, k := range c.others {
				pipe.Set(ctx, k, "v", 0)
			}
			if _, err := pipe.Exec(ctx); err != nil {
				t.Fatal(err)
			}
			n, err := New(rdb, c.prefix).Drop(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n != int64(c.under) {
				t.Fatalf("dropped %d keys, want %d", n, c.under)
			}
			left, err := rdb.Keys(ctx, "*").Result()
			if err != nil {
				t.Fatal(err)
			}
			sort.Strings(left)
			want := append([]string(nil), c.others...)
			sort.Strings(want)
			if !reflect.DeepEqual(left, want) {
				t.Fatalf("keys left %q, want %q", left, want)
			}
		})
	}
}
