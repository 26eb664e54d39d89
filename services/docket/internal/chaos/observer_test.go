package chaos

import (
	"context"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/docket/internal/progress"
)

// seen is what the topics, read committed, say of one workflow.
type seen struct {
	last       string // last event, e.g. "docket.document.extracted DocumentExtracted"
	recorded   bool
	parked     bool
	review     bool // a review was requested
	decided    bool // and decided
	terminal   string
	retries    int
	deadLetter string
	// open holds the ids of the workflow's items parked and not settled
	// since.
	open map[string]bool
}

// settledState is the topics' verdict on a workflow: "" while it moves.
func (s seen) settledState() string {
	switch {
	case s.recorded:
		return "completed"
	case s.terminal != "":
		return s.terminal
	case s.parked:
		return "parked"
	case s.review && !s.decided:
		return "review"
	}
	return ""
}

// observer follows every docket topic from the start, read committed. It
// plays the human reviewer for half of the review requests (the other half
// stay waiting), and writes raw copies of some records back to their topic.
type observer struct {
	st    *stack
	cl    *kgo.Client
	ready chan struct{}

	mu          sync.Mutex
	wf          map[string]*seen
	undecodable map[string]int // topic -> records
	copied      map[string]bool
	decided     map[string]bool
	events      int
	errs        []string
	// settledItems counts parked items the exception agent settled
	// because their workflow was recorded.
	settledItems int

	rawDuplicates atomic.Int64
	decisions     atomic.Int64
}

func newObserver(st *stack) *observer {
	cl := st.client(
		kgo.ConsumeTopics(progress.Topics()...),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)
	return &observer{st: st, cl: cl, ready: make(chan struct{}), wf: map[string]*seen{},
		undecodable: map[string]int{}, copied: map[string]bool{}, decided: map[string]bool{}}
}

// bucket spreads workflows over n buckets by a hash of their id.
func bucket(id string, n uint32) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	return h.Sum32() % n
}

// decides reports whether the suite's reviewer decides the workflow's
// review; the others stay waiting on a human.
func decides(id string) bool { return bucket(id, 2) == 0 }

// copyTopic is the topic whose records of a workflow are written again
// verbatim (raw duplicates), or "".
func copyTopic(id string) string {
	switch bucket(id, 20) {
	case 1:
		return events.TopicSubmitted
	case 2:
		return events.TopicExtracted
	case 3:
		return events.TopicClassified
	case 4:
		return events.TopicReviewRequested
	}
	return ""
}

func (o *observer) follow(ctx context.Context) {
	close(o.ready)
	for ctx.Err() == nil {
		fs := o.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			o.record(ctx, r)
		}
	}
}

func (o *observer) record(ctx context.Context, r *kgo.Record) {
	e, err := o.st.codec.Decode(r.Value)
	if err != nil {
		o.mu.Lock()
		o.undecodable[r.Topic]++
		o.mu.Unlock()
		return
	}
	id := e.EventMeta().WorkflowID
	o.mu.Lock()
	o.events++
	s := o.wf[id]
	if s == nil {
		s = &seen{}
		o.wf[id] = s
	}
	s.last = fmt.Sprintf("%s %T", r.Topic, e)
	copyIt := copyTopic(id) == r.Topic && !o.copied[id]
	if copyIt {
		o.copied[id] = true
	}
	var decide *events.ReviewRequested
	switch v := e.(type) {
	case *events.DocumentRecorded:
		s.recorded = true
	case *events.DocumentRejected:
		s.terminal = "failed"
	case *events.ReviewRequested:
		s.review = true
		// The classifier's requests, and the exception agent's for a
		// parked failure that names a document (a corrupt upload): the
		// decision records the workflow, and the agent then settles its
		// parked item. A record that could not be read gets none: it
		// is parked as poison, under no workflow.
		byAgent := v.Meta.Producer.Service == events.ServiceClassifier || v.Meta.Producer.Service == events.ServiceException && v.Document.URI != ""
		if byAgent && decides(id) && !o.decided[id] {
			o.decided[id] = true
			decide = v
		}
	case *events.ReviewDecided:
		s.decided = true
	case *events.DeadLetter:
		s.deadLetter = v.Service + " " + v.ErrorClass + ": " + v.ErrorMessage
	case *events.WorkflowControl:
		s.last += " " + v.Kind
		switch v.Kind {
		case "parked":
			s.parked = true
			if s.open == nil {
				s.open = map[string]bool{}
			}
			s.open[v.Details["parked_id"]] = true
		case "settled":
			delete(s.open, v.Details["parked_id"])
			o.settledItems++
		case "retry_scheduled":
			s.retries++
		case "canceled":
			s.terminal = "failed"
		case "deadline_exceeded":
			s.terminal = "timed_out"
		}
	}
	o.mu.Unlock()
	if copyIt {
		dup := &kgo.Record{Topic: r.Topic, Key: r.Key, Value: r.Value, Headers: r.Headers}
		o.cl.Produce(ctx, dup, func(_ *kgo.Record, err error) {
			if err != nil {
				o.fail("raw duplicate of %s on %s: %v", id, r.Topic, err)
				return
			}
			o.rawDuplicates.Add(1)
		})
	}
	if decide != nil {
		o.decide(ctx, decide)
	}
}

func (o *observer) fail(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.errs = append(o.errs, fmt.Sprintf(format, args...))
}

// decide answers a review request as a reviewer would: approved, with the
// suggested type.
func (o *observer) decide(ctx context.Context, rr *events.ReviewRequested) {
	d := dockettest.Approve(rr, "chaos-reviewer", "checked by the chaos suite")
	v, err := o.st.codec.Encode(events.TopicReviewDecided, d)
	if err != nil {
		o.fail("encode decision for %s: %v", rr.Meta.WorkflowID, err)
		return
	}
	o.cl.Produce(ctx, &kgo.Record{Topic: events.TopicReviewDecided, Key: []byte(d.Meta.WorkflowID), Value: v}, func(_ *kgo.Record, err error) {
		if err != nil && ctx.Err() == nil {
			o.fail("produce decision for %s: %v", rr.Meta.WorkflowID, err)
			return
		}
		o.decisions.Add(1)
	})
}

// settledCount returns how many parked items were settled.
func (o *observer) settledCount() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.settledItems
}

// leftBehind returns the recorded workflows of ids that still have parked
// items: the exception agent settles them once the ledger recorded the
// workflow.
func (o *observer) leftBehind(ids map[string]kind) []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []string
	for id := range ids {
		if s := o.wf[id]; s != nil && s.recorded && len(s.open) > 0 {
			out = append(out, fmt.Sprintf("%s: %d parked items left after it was recorded", id, len(s.open)))
		}
	}
	sort.Strings(out)
	return out
}

// settled counts the workflows of ids the topics show settled.
func (o *observer) settled(ids map[string]kind) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for id := range ids {
		if s := o.wf[id]; s != nil && s.settledState() != "" {
			n++
		}
	}
	return n
}

// state returns a copy of what the topics say of a workflow.
func (o *observer) state(id string) seen {
	o.mu.Lock()
	defer o.mu.Unlock()
	if s := o.wf[id]; s != nil {
		return *s
	}
	return seen{last: "no event"}
}

// settledDocuments counts the settled workflows of submitted documents
// (poison records excluded): the clock of the chaos plan.
func (o *observer) settledDocuments() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for id, s := range o.wf {
		if !strings.HasPrefix(id, "poison-") && s.settledState() != "" {
			n++
		}
	}
	return n
}

func (o *observer) errors() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.errs...)
}

func (o *observer) undecodableCounts() map[string]int {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := map[string]int{}
	for k, v := range o.undecodable {
		out[k] = v
	}
	return out
}
