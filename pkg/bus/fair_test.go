package bus

import (
	"github.com/docket-run/docket/pkg/events"

	"github.com/docket-run/docket/pkg/jobs"

	"fmt"
	"testing"
)

func newTestJob(id, tenant, priority, key string) *job {
	return &job{Job: jobs.Job{ID: id, Tenant: tenant, Priority: priority, Key: key}}
}

func popAll(q *fairQueue, finish bool) []string {
	var order []string
	for j := q.pop(); j != nil; j = q.pop() {
		order = append(order, j.ID)
		if finish {
			q.done(j)
		}
	}
	return order
}

func TestFairQueueSharesByWeight(t *testing.T) {
	q := newFairQueue(func(t string) Share {
		if t == "a" {
			return Share{Weight: 3}
		}
		return Share{Weight: 1}
	})
	for i := range 8 {
		q.push(newTestJob(fmt.Sprintf("a%d", i), "a", "", fmt.Sprintf("ka%d", i)))
		q.push(newTestJob(fmt.Sprintf("b%d", i), "b", "", fmt.Sprintf("kb%d", i)))
	}
	got := popAll(q, true)[:8]
	a := 0
	for _, id := range got {
		if id[0] == 'a' {
			a++
		}
	}
	if a != 6 {
		t.Errorf("first 8 jobs %v: %d of tenant a (weight 3 of 4), want 6", got, a)
	}
}

func TestFairQueueNewTenantGoesNext(t *testing.T) {
	q := newFairQueue(func(string) Share { return Share{Weight: 1} })
	for i := range 500 {
		q.push(newTestJob(fmt.Sprintf("a%d", i), "a", "", fmt.Sprintf("k%d", i)))
	}
	for range 100 { // a ran alone for a while: it banks no credit, b none either
		q.done(q.pop())
	}
	q.push(newTestJob("b0", "b", "", "kb"))
	if j := q.pop(); j.ID != "b0" && q.pop().ID != "b0" {
		t.Errorf("tenant b's job did not run within the next two picks")
	}
}

func TestFairQueueCapAndWorkConserving(t *testing.T) {
	q := newFairQueue(func(t string) Share {
		if t == "a" {
			return Share{Weight: 10, MaxRunning: 1}
		}
		return Share{Weight: 1}
	})
	q.push(newTestJob("a0", "a", "", "k1"))
	q.push(newTestJob("a1", "a", "", "k2"))
	q.push(newTestJob("b0", "b", "", "k3"))
	first, second := q.pop(), q.pop()
	if first.ID != "a0" || second.ID != "b0" {
		t.Fatalf("picked %s then %s; want a0, then b0 while a is at its cap", first.ID, second.ID)
	}
	if j := q.pop(); j != nil {
		t.Fatalf("picked %s while a is at its cap and b is empty", j.ID)
	}
	q.done(first)
	if j := q.pop(); j == nil || j.ID != "a1" {
		t.Fatalf("after a0 finished, picked %v; want a1", j)
	}
}

func TestFairQueueInteractiveBeforeBulk(t *testing.T) {
	q := newFairQueue(func(string) Share { return Share{Weight: 1} })
	q.push(newTestJob("bulk0", "a", events.PriorityBulk, "k1"))
	q.push(newTestJob("bulk1", "b", events.PriorityBulk, "k2"))
	q.push(newTestJob("int0", "a", events.PriorityInteractive, "k3"))
	got := popAll(q, false)
	if got[0] != "int0" {
		t.Errorf("order %v: the interactive job should run first", got)
	}
}

func TestFairQueueQuickFirst(t *testing.T) {
	q := newFairQueue(func(string) Share { return Share{Weight: 1} })
	q.push(newTestJob("int0", "a", events.PriorityInteractive, "k1"))
	q.push(newTestJob("int1", "b", events.PriorityInteractive, "k2"))
	quick := newTestJob("quick-bulk", "a", events.PriorityBulk, "k3")
	quick.quick = true
	q.push(quick)
	if got := popAll(q, false); got[0] != "quick-bulk" {
		t.Errorf("order %v: the quick job should run first, whatever its priority", got)
	}
}

func TestFairQueueOneJobPerKeyAtATime(t *testing.T) {
	q := newFairQueue(func(string) Share { return Share{Weight: 1} })
	q.push(newTestJob("w1-first", "a", "", "wf1"))
	q.push(newTestJob("w1-second", "a", "", "wf1"))
	q.push(newTestJob("w2", "a", "", "wf2"))
	first := q.pop()
	second := q.pop()
	if first.ID != "w1-first" || second.ID != "w2" {
		t.Fatalf("picked %s, %s; the second job of wf1 must wait for its first", first.ID, second.ID)
	}
	if j := q.pop(); j != nil {
		t.Fatalf("picked %s while wf1's first job runs", j.ID)
	}
	q.done(first)
	if j := q.pop(); j == nil || j.ID != "w1-second" {
		t.Fatalf("picked %v after wf1's first job; want its second", j)
	}
	if q.len() != 0 {
		t.Errorf("queued %d, want 0", q.len())
	}
}
