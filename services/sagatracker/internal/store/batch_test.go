package store

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// TestApplyInOneBatchAsOneByOne: the apply script keeps what it read of a
// workflow, writes its fields once per call and its indexes once per
// workflow; applying many events of the same workflows in one call must
// leave Redis as applying them one call each does (and a workflow with
// one op in the call is read and written straight away). The ops cover the
// script's special paths: progress reports cleared by a status change, a
// failed step's attempts, an item parked and unparked, an erasure between
// events, compensation, a review requested and decided, a correction, a
// duplicate.
func TestApplyInOneBatchAsOneByOne(t *testing.T) {
	rdb := newStore(t).rdb
	ops := batchOps()
	one, all := New(rdb, "one:"), New(rdb, "all:")
	ctx := context.Background()
	for i := range ops {
		if _, err := one.Apply(ctx, ops[i:i+1], map[string]int64{ops[i].TP: ops[i].Offset + 1}); err != nil {
			t.Fatal(err)
		}
	}
	// Two calls, so the second starts on workflows it did not see new.
	first, rest := ops[:6], ops[6:]
	if _, err := all.Apply(ctx, first, map[string]int64{"t/0": first[len(first)-1].Offset + 1}); err != nil {
		t.Fatal(err)
	}
	res, err := all.Apply(ctx, rest, map[string]int64{"t/0": rest[len(rest)-1].Offset + 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Applied != len(rest)-1 || res.Duplicates != 1 {
		t.Fatalf("one call: %+v, want %d applied and 1 duplicate", res, len(rest)-1)
	}
	a, b := dumpKeys(t, rdb, "one:"), dumpKeys(t, rdb, "all:")
	for k, v := range a {
		if !reflect.DeepEqual(b[k], v) {
			t.Errorf("%s:\n one by one %v\n   one call %v", k, v, b[k])
		}
	}
	for k, v := range b {
		if _, ok := a[k]; !ok {
			t.Errorf("%s only in one call: %v", k, v)
		}
	}
	for _, w := range []string{"wf:a", "wf:b", "wf:c", "wf:d", "wf:e"} {
		if len(a[w]) == 0 {
			t.Fatalf("%s not projected", w)
		}
	}
}

// batchOps are the ops of five workflows, interleaved, on one partition.
func batchOps() []projection.Op {
	var ops []projection.Op
	add := func(wf, key string, sec int, status, stage string, rank int, set func(*projection.Op)) {
		o := op(wf, key, "t", int64(len(ops)), sec, status, stage, rank)
		if set != nil {
			set(&o)
		}
		ops = append(ops, o)
	}
	doc := &projection.DocumentOp{URI: "docket-blob://sha256/x", SHA256: "x", Size: "10", MediaType: "application/pdf"}
	submitted := func(fn string) func(*projection.Op) {
		return func(o *projection.Op) {
			o.Start, o.Finish, o.Filename = "ocr", "ingest", fn
			o.Control = &projection.Control{Deadline: "0", Document: doc}
			o.Entry.Summary, o.Entry.Redacted = "submitted "+fn, "submitted"
		}
	}
	progress := func(done string) func(*projection.Op) {
		return func(o *projection.Op) {
			o.Progress = &projection.Progress{Step: "ocr", Done: done, Total: "3", Unit: "pages"}
		}
	}
	add("a", "a-sub", 0, projection.StatusQueued, "ocr", 10, submitted("a.pdf"))
	add("b", "b-sub", 1, projection.StatusQueued, "ocr", 10, submitted("b.pdf"))
	add("a", "a-p1", 2, projection.StatusRunning, "ocr", 15, progress("1"))
	add("c", "c-sub", 2, projection.StatusQueued, "ocr", 10, submitted("c.pdf"))
	add("a", "a-p2", 3, projection.StatusRunning, "ocr", 15, progress("2"))
	add("a", "a-ext", 5, projection.StatusRunning, "classify", 20, func(o *projection.Op) {
		o.Finish, o.Start, o.Effects = "ocr", "classify", map[string]string{"ocr": "text-a"}
	})
	add("c", "c-ext", 5, projection.StatusRunning, "classify", 20, func(o *projection.Op) {
		o.Finish, o.Start, o.Effects = "ocr", "classify", map[string]string{"ocr": "text-c"}
	})
	add("b", "b-park", 6, projection.StatusParked, "ocr", 16, func(o *projection.Op) {
		o.Control = &projection.Control{Parked: &projection.ParkedOp{ID: "p1", Reason: "structural: b.pdf"}}
	})
	add("d", "d-sub", 6, projection.StatusQueued, "ocr", 10, submitted("d.pdf"))
	// A workflow with one op in the call, parked by it.
	add("e", "e-park", 6, projection.StatusParked, "ocr", 16, func(o *projection.Op) {
		o.Control = &projection.Control{Parked: &projection.ParkedOp{ID: "p2", Reason: "structural: e.pdf"}}
	})
	add("a", "a-cls", 7, projection.StatusRunning, "ledger", 30, func(o *projection.Op) {
		o.Finish, o.Start, o.Decision = "classify", "ledger", &projection.Decision{DocumentType: "invoice", ModelVersion: "3", Auto: true}
	})
	// Redelivered under another key: its step finished in the first call.
	add("a", "a-ext-again", 7, projection.StatusRunning, "classify", 20, func(o *projection.Op) { o.Finish, o.Start = "ocr", "classify" })
	add("b", "b-erase", 8, "", "", 0, func(o *projection.Op) { o.Control = &projection.Control{Erase: true} })
	add("c", "c-cancel", 8, projection.StatusCanceled, "", 100, func(o *projection.Op) { o.Cause = "canceled: operator" })
	add("d", "d-ext", 9, projection.StatusRunning, "classify", 20, func(o *projection.Op) { o.Finish, o.Start = "ocr", "classify" })
	add("b", "b-err", 10, projection.StatusRetrying, "ocr", 17, func(o *projection.Op) { o.Error = "after the erasure" })
	add("b", "b-fail", 10, projection.StatusRetrying, "ocr", 18, func(o *projection.Op) { o.FailStep, o.Attempts, o.Error = "ocr", 2, "ocr timed out" })
	add("d", "d-rev", 10, projection.StatusWaitingReview, "review", 40, func(o *projection.Op) {
		o.Start, o.Finish = "review", "classify"
		o.Control = &projection.Control{Review: &projection.ReviewOp{Priority: 5, SLA: "0", Reason: "low confidence", DocumentOp: *doc,
			Suggested: "invoice", Confidence: "0.6", Model: "3", Candidates: "[]", Flags: "[]", Rule: "confidence"}}
		o.Decision = &projection.Decision{Review: true, Suggested: "invoice", ModelVersion: "3"}
	})
	add("c", "c-comp", 11, "", "", 0, func(o *projection.Op) { o.Compensation = &projection.CompensationOp{Step: "ocr", OK: true} })
	add("b", "b-unpark", 11, "", "", 0, func(o *projection.Op) { o.Control = &projection.Control{Unparked: "p1"} })
	add("a", "a-rec", 12, projection.StatusCompleted, "ledger", 60, func(o *projection.Op) {
		o.Finish = "ledger"
		o.Ledger = &projection.Ledger{Topic: "docket.ledger", Partition: "0", Offset: "4", Sequence: "4", Hash: "ab"}
		o.Effects = map[string]string{"ledger": "4"}
	})
	add("d", "d-dec", 13, projection.StatusRunning, "ledger", 50, func(o *projection.Op) {
		o.Start, o.Finish = "ledger", "review"
		o.Control = &projection.Control{Decided: &projection.DecidedOp{Task: "d-rev", Reviewer: "ann", Outcome: "approve", DocumentType: "receipt"}}
		o.Decision = &projection.Decision{DocumentType: "receipt"}
	})
	add("d", "d-rec", 14, projection.StatusCompleted, "ledger", 60, func(o *projection.Op) {
		o.Finish = "ledger"
		o.Ledger = &projection.Ledger{Topic: "docket.ledger", Partition: "0", Offset: "5", Sequence: "5", Hash: "cd"}
	})
	add("a", "a-rec", 15, projection.StatusCompleted, "ledger", 60, nil) // a duplicate
	add("d", "d-corr", 16, "", "", 0, func(o *projection.Op) {
		o.Correction = &projection.Correction{Type: "invoice", Outcome: "approve", Previous: "receipt", Actor: "bob", Reason: "misread", Sequence: "6", Hash: "ef"}
	})
	return ops
}

// dumpKeys reads every key under prefix (without it) as comparable
// values. A hash's fields holding 0 are left out: the script adds a
// call's counts together and writes only those that did not cancel out.
func dumpKeys(t *testing.T, rdb redis.UniversalClient, prefix string) map[string][]string {
	t.Helper()
	ctx := context.Background()
	keys, err := rdb.Keys(ctx, prefix+"*").Result()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, k := range keys {
		var v []string
		typ := rdb.Type(ctx, k).Val()
		switch typ {
		case "string":
			v = []string{rdb.Get(ctx, k).Val()}
		case "hash":
			for f, x := range rdb.HGetAll(ctx, k).Val() {
				if x != "0" {
					v = append(v, f+"="+x)
				}
			}
		case "list":
			v = rdb.LRange(ctx, k, 0, -1).Val()
		case "set":
			v = rdb.SMembers(ctx, k).Val()
		case "zset":
			for _, z := range rdb.ZRangeWithScores(ctx, k, 0, -1).Val() {
				v = append(v, fmt.Sprintf("%v@%v", z.Member, z.Score))
			}
		default:
			t.Fatalf("key %s of type %s", k, typ)
		}
		if typ != "list" {
			sort.Strings(v)
		}
		name := strings.TrimPrefix(k, prefix)
		if name == "live:stages" {
			continue // a stage once live stays listed; its live set tells
		}
		out[name] = v
	}
	return out
}
