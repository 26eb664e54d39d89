package bus

import (
	"github.com/docket-run/docket/pkg/events"

	"strings"
	"sync"
)

// Share is a tenant's part of a service's long-step workers.
type Share struct {
	// Weight is the tenant's share relative to the others' (default 1).
	Weight float64
	// MaxRunning caps the tenant's jobs running at once on one replica;
	// 0 means no cap.
	MaxRunning int
}

// fairQueue schedules accepted long jobs by start-time fair queueing across
// tenants, with strict lanes: quick jobs (the handler's Quick option: a
// plain-text document beside scans) first, then interactive, then bulk. Each tenant
// has a virtual finish tag that advances by 1/weight per started job; the
// next job goes to the tenant with the smallest tag among those with a job
// waiting and room under their cap. A tenant that was idle starts again at
// the queue's virtual time, so idleness banks no credit, and an idle
// tenant's share goes to the others (work-conserving). Jobs of one key (a
// workflow) run one at a time, in the order they were queued.
type fairQueue struct {
	mu      sync.Mutex
	shares  func(tenant string) Share
	lanes   [3]map[string]*tenantQueue // quick, interactive, bulk
	tags    map[string]float64         // tenant -> virtual finish tag
	running map[string]int             // tenant -> running jobs
	busy    map[string][]*job          // key -> jobs waiting behind a running one of the key
	vtime   float64
	queued  int
}

type tenantQueue struct{ jobs []*job }

func newFairQueue(shares func(string) Share) *fairQueue {
	return &fairQueue{
		shares:  shares,
		lanes:   [3]map[string]*tenantQueue{{}, {}, {}},
		tags:    map[string]float64{},
		running: map[string]int{},
		busy:    map[string][]*job{},
	}
}

// laneOf is j's lane. A quick job takes a fraction of a typical job's
// time, so running it first costs the others little and spares it the
// whole queue's wait, whatever its priority.
func laneOf(j *job) int {
	switch {
	case j.quick:
		return 0
	case strings.EqualFold(j.Priority, events.PriorityBulk):
		return 2
	}
	return 1
}

// push queues j, behind any job of its key that is queued or running.
func (q *fairQueue) push(j *job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.queued++
	if waiting, ok := q.busy[j.Key]; ok {
		q.busy[j.Key] = append(waiting, j)
		return
	}
	q.busy[j.Key] = nil
	q.enqueue(j)
}

func (q *fairQueue) enqueue(j *job) {
	lane := q.lanes[laneOf(j)]
	tq := lane[j.Tenant]
	if tq == nil {
		tq = &tenantQueue{}
		lane[j.Tenant] = tq
	}
	tq.jobs = append(tq.jobs, j)
}

// pop returns the next job to run, or nil when none may run now.
func (q *fairQueue) pop() *job {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, lane := range q.lanes {
		var best string
		bestTag := -1.0
		for tenant, tq := range lane {
			if len(tq.jobs) == 0 {
				continue
			}
			if c := q.shares(tenant).MaxRunning; c > 0 && q.running[tenant] >= c {
				continue
			}
			tag := max(q.tags[tenant], q.vtime)
			if bestTag < 0 || tag < bestTag || tag == bestTag && tenant < best {
				best, bestTag = tenant, tag
			}
		}
		if bestTag < 0 {
			continue
		}
		tq := lane[best]
		j := tq.jobs[0]
		tq.jobs[0] = nil
		tq.jobs = tq.jobs[1:]
		if len(tq.jobs) == 0 {
			delete(lane, best)
		}
		w := q.shares(best).Weight
		if w <= 0 {
			w = 1
		}
		q.vtime = bestTag
		q.tags[best] = bestTag + 1/w
		q.running[best]++
		q.queued--
		return j
	}
	return nil
}

// done releases j's tenant slot and lets the next job of its key in.
func (q *fairQueue) done(j *job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running[j.Tenant]--; q.running[j.Tenant] <= 0 {
		delete(q.running, j.Tenant)
	}
	waiting := q.busy[j.Key]
	if len(waiting) == 0 {
		delete(q.busy, j.Key)
		return
	}
	q.busy[j.Key] = waiting[1:]
	q.enqueue(waiting[0])
}

// len counts the jobs queued, not running.
func (q *fairQueue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.queued
}
