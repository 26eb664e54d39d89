package store

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// TestParkedCount: a workflow counts as parked while its status is parked
// or while it has an item parked at the exception agent (a structural
// failure also waits for review), once however many items it has, until
// the last is replayed, discarded or settled, or the workflow is purged.
func TestParkedCount(t *testing.T) {
	s := newStore(t)
	f := &feed{t: t, s: s}
	ctx := context.Background()
	park := func(id string) opt {
		return func(o *projection.Op) {
			o.Control = &projection.Control{Parked: &projection.ParkedOp{ID: id, Reason: "structural failure: " + id}}
		}
	}
	check := func(step string, parked, active, waiting int64) {
		t.Helper()
		st, err := s.Stats(ctx, "", t0.Add(time.Hour), time.Hour, false)
		if err != nil {
			t.Fatal(err)
		}
		if st.Parked != parked || st.Active != active || st.WaitingReview != waiting {
			t.Errorf("%s: parked %d, active %d, waiting review %d; want %d, %d, %d", step, st.Parked, st.Active, st.WaitingReview, parked, active, waiting)
		}
		// The list of the parked holds as many as the count (found from
		// outside: it was empty while the stats said two).
		ws, _, err := s.List(ctx, Query{Limit: 10, Filter: Filter{Status: projection.StatusParked}})
		if err != nil || int64(len(ws)) != parked {
			t.Errorf("%s: the list of the parked %v, %v; want %d", step, ids(ws), err, parked)
		}
	}
	f.apply("w", "acme", 0, projection.StatusQueued, "ocr", 10)
	check("queued", 0, 1, 0)
	f.apply("w", "acme", 1, "", "", 0, park("p1"))
	f.apply("w", "acme", 2, projection.StatusWaitingReview, "review", 40)
	check("parked and put up for review", 1, 0, 1)
	f.apply("w", "acme", 3, "", "", 0, park("p2"))
	check("a second item", 1, 0, 1)
	w, err := s.Get(ctx, "w")
	if err != nil || w.ParkedID != "p2" {
		t.Fatalf("shown parked item %q, %v; want the latest, p2", w.ParkedID, err)
	}
	f.apply("w", "acme", 4, "", "", 0, unparks("p1"))
	check("one item left", 1, 0, 1)
	f.apply("w", "acme", 5, "", "", 0, unparks("p2"))
	check("none left", 0, 0, 1)
	if w, _ = s.Get(ctx, "w"); w.ParkedID != "" {
		t.Errorf("shown parked item %q after the last left", w.ParkedID)
	}

	// Parked by status alone (the exception agent's decision not seen yet),
	// then with an item, then discarded: failed, and purged.
	f.apply("x", "beta", 10, projection.StatusQueued, "ocr", 10)
	f.apply("x", "beta", 11, projection.StatusParked, "ocr", 15)
	check("parked status", 1, 0, 1)
	f.apply("x", "beta", 12, "", "", 0, park("p3"))
	check("parked status and item", 1, 0, 1)
	f.apply("x", "beta", 13, projection.StatusFailed, "ocr", 100)
	check("failed with its item still parked", 1, 0, 1)
	if n, err := s.Purge(ctx, t0.Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("purge %d, %v; want x purged", n, err)
	}
	check("purged", 0, 0, 1)
}

// TestReplayClosesTheParkedItemsReview: the review of a parked item
// closes when the item is replayed; a replay that fails again parks a new
// item whose review is the one left open (found from outside: the
// workflow had two open tasks, the older naming an item no longer
// parked). A review of no parked item stays.
func TestReplayClosesTheParkedItemsReview(t *testing.T) {
	s := newStore(t)
	f := &feed{t: t, s: s}
	ctx := context.Background()
	review := func(parked string) opt {
		return func(o *projection.Op) {
			o.Control = &projection.Control{Review: &projection.ReviewOp{Priority: 1, SLA: "0", Reason: "structural_failure",
				Candidates: "[]", Flags: "[]", Parked: parked}}
		}
	}
	open := func(step string, want ...string) {
		t.Helper()
		w, err := s.Get(ctx, "w")
		if err != nil {
			t.Fatal(err)
		}
		ws := []Workflow{w}
		if err := s.Waits(ctx, ws); err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, r := range ws[0].Reviews {
			got = append(got, r.ID)
		}
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: open reviews %v, want %v", step, got, want)
		}
	}
	f.apply("w", "acme", 0, projection.StatusQueued, "ocr", 10)
	f.apply("w", "acme", 1, projection.StatusWaitingReview, "review", 40, review("p1")) // key w-1
	f.apply("w", "acme", 2, "", "", 0, review(""))                                      // key w-2: the model's doubt
	open("parked and reviewed", "w-1", "w-2")
	f.apply("w", "acme", 3, "", "", 0, unparks("p1"))
	open("replayed", "w-2")
	f.apply("w", "acme", 4, "", "", 0, review("p2")) // key w-4: failed again
	open("failed again", "w-2", "w-4")
}

// unparks is an op that unparks item id.
func unparks(id string) opt {
	return func(o *projection.Op) { o.Control = &projection.Control{Unparked: id} }
}
