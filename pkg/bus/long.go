package bus

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/jobs"
	"github.com/docket-run/docket/pkg/retry"
	"github.com/docket-run/docket/pkg/telemetry"
)

// JobStore is what the runtime needs of the durable job record of long
// steps; jobs.Store is the implementation on Redis.
type JobStore interface {
	Accept(ctx context.Context, owner string, js []jobs.Job) ([]jobs.Job, bool, error)
	Heartbeat(ctx context.Context, owner string, lease time.Duration, held []jobs.Ref) ([]bool, error)
	TakeOver(ctx context.Context, owner, stale string, limit int) ([]jobs.Job, error)
	Completing(ctx context.Context, owner string, refs []jobs.Ref, hold time.Duration) ([]bool, error)
	Emitted(ctx context.Context, owner string, refs []jobs.Ref, positions []string) ([]bool, error)
	Done(ctx context.Context, owner string, refs []jobs.Ref) ([]bool, error)
	Release(ctx context.Context, owner string) error
}

var _ JobStore = (*jobs.Store)(nil)

// HandleLong registers h for the events of topic as a long step: a record
// is accepted in the batch's short transaction (recorded in the job store
// and marked processed), h runs afterwards on the runtime's worker pool
// outside any transaction, under the replica's lease, and its outputs are
// emitted in a later short transaction. The handler may report progress
// (Message.Progress) and should call Message.CheckCanceled or watch its
// context between steps: a cancel, a lost lease or shutdown cancels it.
// The service must produce docket.workflow.control (started and progress
// events go there). It must be called before Run.
func HandleLong[T events.Event](rt *Runtime, topic string, h Handler[T], opts ...HandlerOption) {
	r := newRoute(topic, h, opts)
	r.long = true
	rt.addRoute(topic, r)
}

// errJobLost ends a running job whose replica lost it to another one.
var errJobLost = errors.New("job taken over by another replica")

// errJobAbandoned ends a running job at shutdown; it stays in the job store
// and is resumed by the next owner.
var errJobAbandoned = errors.New("replica shutting down; job left for takeover")

// job is a long step this replica holds.
type job struct {
	jobs.Job
	it *item
	// quick: its route's Quick option says it takes a fraction of a
	// typical job's time (fairQueue runs it first).
	quick bool

	lost atomic.Bool
	// verify: taken over while its owner was completing it; whether that
	// transaction committed is not known yet (see outcomeReader).
	verify bool
	mu     sync.Mutex
	cancel context.CancelCauseFunc // while running
	began  time.Time               // when a worker took it
	// announced: its step_started went out (it ran past ReportAfter);
	// only an announced job reports progress.
	announced bool
	progress  progressMark
	sent      progressMark
	// setbacks counts the runs in a row that ended because infrastructure
	// every job needs was unavailable (see later).
	setbacks int
}

type progressMark struct {
	done, total int
	unit        string
	set         bool
}

// finishedJob is a job whose handler returned, waiting for the
// transaction that emits its outputs.
type finishedJob struct {
	j    *job
	outs []*kgo.Record
	pos  string // where its first output went, once written (emitted)
}

// longRunner runs the long steps of one runtime.
type longRunner struct {
	rt       *Runtime
	store    JobStore
	owner    string
	stale    string
	q        *fairQueue
	workers  int
	capacity int
	lease    time.Duration
	wake     chan struct{} // the loop has something to emit
	kick     chan struct{} // a worker may be free or a job queued
	outcomes *outcomeReader

	active   atomic.Int64
	draining atomic.Bool
	wg       sync.WaitGroup

	// emitBatch and emitWait bound how long finished jobs wait for
	// others to emit with (see due).
	emitBatch int
	emitWait  time.Duration

	mu       sync.Mutex
	known    map[string]*job // queued or running here, by id
	pending  []*kgo.Record   // started and progress events to produce
	finished []finishedJob
	// since is when the oldest job in finished was added (zero: due at
	// once, as jobs handed back by a transaction that did not commit).
	since    time.Time
	finalize []jobs.Ref // emitted and committed; Done not stored yet
}

func newLongRunner(rt *Runtime) *longRunner {
	c := rt.cfg
	owner := c.txnID + "#" + rand.Text()[:8]
	stale := ""
	if c.instanceID != "" {
		// A uniquely named replica that restarts fences its earlier
		// incarnation (same transactional id): its jobs are taken over at
		// once instead of after its lease.
		stale = c.txnID + "#"
	}
	shares := c.shares
	if shares == nil {
		shares = func(string) Share { return Share{Weight: 1} }
	}
	return &longRunner{
		rt: rt, store: c.jobs, owner: owner, stale: stale,
		q:       newFairQueue(shares),
		workers: c.longWorkers, capacity: c.longQueue, lease: c.jobLease,
		emitBatch: c.maxPollRecords, emitWait: c.emitWait,
		wake: make(chan struct{}, 1), kick: make(chan struct{}, 1),
		known:    map[string]*job{},
		outcomes: &outcomeReader{rt: rt},
	}
}

func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// held counts the jobs this replica holds, queued or running.
func (l *longRunner) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.known)
}

// recordJSON is a consumed record as the job store keeps it.
type recordJSON struct {
	Topic     string             `json:"t"`
	Partition int32              `json:"p"`
	Offset    int64              `json:"o"`
	Key       []byte             `json:"k"`
	Value     []byte             `json:"v"`
	Headers   []kgo.RecordHeader `json:"h,omitempty"`
	Timestamp int64              `json:"ts"`
}

func encodeRecord(r *kgo.Record) ([]byte, error) {
	return json.Marshal(recordJSON{Topic: r.Topic, Partition: r.Partition, Offset: r.Offset, Key: r.Key, Value: r.Value, Headers: r.Headers, Timestamp: r.Timestamp.UnixMilli()})
}

func decodeRecord(b []byte) (*kgo.Record, error) {
	var j recordJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("decode stored job record: %w", err)
	}
	return &kgo.Record{Topic: j.Topic, Partition: j.Partition, Offset: j.Offset, Key: j.Key, Value: j.Value, Headers: j.Headers, Timestamp: time.UnixMilli(j.Timestamp)}, nil
}

// accept records the long items of a batch as jobs in one round trip and
// queues the new ones. It runs inside the batch's transaction, before the
// commit: a job accepted by a transaction that then aborts is accepted
// again, idempotently, when its record is consumed again.
//
// A quick item (Quick) is not made a job when nothing else of its
// workflow is long here (no job held, no other long item in the batch):
// it is marked inline and handled in the batch like a short step, its
// outputs in this transaction (see handleJob). Queuing it would cost more
// than its work: a job's record written and read back, four more store
// calls, and an emission that waits for others.
func (l *longRunner) accept(ctx context.Context, items []*item) error {
	// busy counts, by workflow, its jobs held here and its long items in
	// the batch; only needed when some item may be quick.
	var busy map[string]int
	if slices.ContainsFunc(items, func(it *item) bool { return isLong(it) && it.route.quick != nil }) {
		busy = l.keys()
		for _, it := range items {
			if isLong(it) {
				busy[string(it.rec.Key)]++
			}
		}
	}
	var js []jobs.Job
	var idx []*item
	for _, it := range items {
		if !isLong(it) {
			continue
		}
		if it.route.quick != nil && busy[string(it.rec.Key)] == 1 && it.route.quick(it.event) {
			it.inline = true
			l.rt.metrics.jobs.WithLabelValues("inline").Inc()
			continue
		}
		j, err := jobOf(it)
		if err != nil {
			return err
		}
		js = append(js, j)
		idx = append(idx, it)
	}
	return l.persist(ctx, js, idx)
}

// jobOf is the job a long step's record becomes.
func jobOf(it *item) (jobs.Job, error) {
	b, err := encodeRecord(it.rec)
	if err != nil {
		return jobs.Job{}, fmt.Errorf("encode job record: %w", err)
	}
	m := it.event.EventMeta()
	return jobs.Job{ID: jobID(it.rec, m.EventID), Tenant: m.TenantID, Priority: header(it.rec, events.HeaderPriority), Key: string(it.rec.Key), Record: b}, nil
}

// isLong reports whether it is a long step's record to accept.
func isLong(it *item) bool {
	return !it.done && !it.inline && it.event != nil && it.route != nil && it.route.long
}

// requeue makes a quick item whose inline handling failed a job after
// all, in the same transaction: the job's retries, dead letter and
// fallback then apply as to any other.
func (l *longRunner) requeue(ctx context.Context, it *item) error {
	j, err := jobOf(it)
	if err != nil {
		return err
	}
	it.inline, it.outs = false, nil
	return l.persist(ctx, []jobs.Job{j}, []*item{it})
}

// persist writes js, the jobs of idx, to the job store and queues the ones
// this replica now holds.
func (l *longRunner) persist(ctx context.Context, js []jobs.Job, idx []*item) error {
	if len(js) == 0 {
		return nil
	}
	stored, _, err := l.store.Accept(ctx, l.owner, js)
	if err != nil {
		return fmt.Errorf("accept long jobs: %w", err)
	}
	for i, s := range stored {
		it := idx[i]
		it.accepted, it.ok = true, true
		if s.Owner != l.owner || s.State == jobs.StateDone {
			continue // done already, or another live replica holds it
		}
		l.rt.metrics.jobs.WithLabelValues("accepted").Inc()
		l.add(s, it)
	}
	return nil
}

// keys counts the jobs this replica holds, queued or running, by workflow.
func (l *longRunner) keys() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := make(map[string]int, len(l.known))
	for _, j := range l.known {
		k[j.Key]++
	}
	return k
}

// add queues a job this replica holds, once.
func (l *longRunner) add(s jobs.Job, it *item) {
	l.mu.Lock()
	if j, ok := l.known[s.ID]; ok {
		if !j.verify {
			l.mu.Unlock()
			return
		}
		delete(l.known, s.ID) // verified: its transaction did not commit
	}
	if s.Tenant == "" && it.event != nil {
		s.Tenant = it.event.EventMeta().TenantID
	}
	j := &job{Job: s, it: it}
	if it.route != nil && it.route.quick != nil && it.event != nil {
		j.quick = !it.declined && it.route.quick(it.event)
	}
	l.known[s.ID] = j
	l.mu.Unlock()
	l.q.push(j)
	poke(l.kick)
}

// takeOver adopts the jobs of dead owners, as many as there is room for.
func (l *longRunner) takeOver(ctx context.Context) {
	room := l.capacity - l.held()
	if room <= 0 || l.draining.Load() {
		return
	}
	got, err := l.store.TakeOver(ctx, l.owner, l.stale, room)
	if err != nil {
		l.rt.log.Warn("take over long jobs", "error", err)
		return
	}
	for _, s := range got {
		l.rt.metrics.jobs.WithLabelValues("taken_over").Inc()
		if s.Emitted != "" {
			l.mu.Lock()
			l.known[s.ID] = &job{Job: s, verify: true}
			l.mu.Unlock()
			continue
		}
		l.resume(s)
	}
}

// resume queues a job taken over from a dead owner.
func (l *longRunner) resume(s jobs.Job) {
	rec, err := decodeRecord(s.Record)
	var it *item
	if err != nil {
		it = &item{rec: &kgo.Record{Key: []byte(s.Key)}, err: err}
	} else {
		it = l.rt.decode(rec)
	}
	l.rt.log.Info("resuming a long job taken over from a dead owner", "event_id", s.ID, "workflow_id", s.Key, "token", s.Token)
	l.add(s, it)
}

// verifyOutcomes settles the jobs taken over while their owner was
// completing them: done when that transaction committed their outputs,
// handled again when it did not, asked again at the next heartbeat while
// it cannot be told.
func (l *longRunner) verifyOutcomes(ctx context.Context) {
	l.mu.Lock()
	var pending []*job
	for _, j := range l.known {
		if j.verify {
			pending = append(pending, j)
		}
	}
	l.mu.Unlock()
	for _, j := range pending {
		committed, known, err := l.outcomes.committed(ctx, j.Emitted)
		if err != nil {
			l.rt.log.Warn("tell whether a taken-over job's outputs committed; asking again", "event_id", j.ID, "position", j.Emitted, "error", err)
		}
		if !known {
			continue
		}
		if !committed {
			l.resume(j.Job)
			continue
		}
		if _, err := l.store.Done(ctx, l.owner, []jobs.Ref{{ID: j.ID, Token: j.Token}}); err != nil {
			l.rt.log.Warn("mark a taken-over job done", "event_id", j.ID, "error", err)
			continue
		}
		l.rt.log.Info("a taken-over job's outputs were committed by its dead owner; done", "event_id", j.ID, "workflow_id", j.Key)
		l.forget(j)
	}
}

// heartbeat renews the replica's lease and checks, for every job it holds,
// that it still does, and, for every running one, whether its workflow was
// canceled or ran past its deadline; it then adopts orphaned jobs.
func (l *longRunner) heartbeat(ctx context.Context) {
	l.mu.Lock()
	held := make([]*job, 0, len(l.known))
	refs := make([]jobs.Ref, 0, len(l.known))
	for _, j := range l.known {
		held = append(held, j)
		refs = append(refs, jobs.Ref{ID: j.ID, Token: j.Token})
	}
	l.mu.Unlock()
	ok, err := l.store.Heartbeat(ctx, l.owner, l.lease, refs)
	if err != nil {
		l.rt.log.Warn("long job heartbeat", "error", err)
		return
	}
	var running []*job
	for i, j := range held {
		if !ok[i] {
			l.lose(j)
			continue
		}
		j.mu.Lock()
		if j.cancel != nil {
			running = append(running, j)
		}
		j.mu.Unlock()
	}
	l.checkCanceled(ctx, running)
	l.takeOver(ctx)
	l.verifyOutcomes(ctx) // even with no room to take more over
}

// lose stops a job another replica took over: it must not emit.
func (l *longRunner) lose(j *job) {
	if j.lost.Swap(true) {
		return
	}
	l.rt.log.Warn("long job taken over by another replica; dropping it here", "event_id", j.ID, "workflow_id", j.Key)
	l.rt.metrics.jobs.WithLabelValues("lost").Inc()
	j.mu.Lock()
	if j.cancel != nil {
		j.cancel(errJobLost)
	}
	j.mu.Unlock()
}

func (l *longRunner) checkCanceled(ctx context.Context, running []*job) {
	c := l.rt.cfg.canceler
	if c == nil || len(running) == 0 {
		return
	}
	ids := make([]string, len(running))
	for i, j := range running {
		ids[i] = j.Key
	}
	canceled, late, err := ended(ctx, c, ids)
	if err != nil {
		l.rt.log.Warn("check cancel and deadlines of running jobs", "error", err)
		if canceled == nil {
			return
		}
	}
	for _, j := range running {
		var cause error
		if reason, ok := canceled[j.Key]; ok {
			cause = &CanceledError{Workflow: j.Key, Reason: reason}
		} else if reason, ok := late[j.Key]; ok {
			cause = &TimedOutError{Workflow: j.Key, Reason: reason}
		}
		if cause == nil {
			continue
		}
		j.mu.Lock()
		if j.cancel != nil {
			j.cancel(cause)
		}
		j.mu.Unlock()
	}
}

// run starts the dispatcher, the heartbeat and the progress ticker; they
// stop when ctx ends. Running jobs are canceled through jobsCtx.
func (l *longRunner) run(ctx, jobsCtx context.Context) {
	l.wg.Go(func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-l.kick:
			}
			for !l.draining.Load() && l.active.Load() < int64(l.workers) {
				j := l.q.pop()
				if j == nil {
					break
				}
				l.active.Add(1)
				l.wg.Go(func() {
					again := l.work(jobsCtx, j)
					l.q.done(j)
					if again > 0 {
						l.later(ctx, j, again)
					}
					l.active.Add(-1)
					poke(l.kick)
					if l.due(time.Now()) {
						poke(l.wake) // the last running job ended: emit what finished
					}
				})
			}
		}
	})
	l.wg.Go(func() {
		l.heartbeat(ctx) // resume what an earlier incarnation left at once
		t := time.NewTicker(l.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				l.heartbeat(ctx)
			}
		}
	})
	l.wg.Go(func() {
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				l.emitProgress()
			}
		}
	})
}

// progressEvery is how often running jobs are announced and their
// progress emitted.
const progressEvery = time.Second

// work runs one job's handler and queues its outputs for emission. It
// returns how long to wait before running the job again when the run could
// not end it (0 when it did): see later.
func (l *longRunner) work(base context.Context, j *job) time.Duration {
	if j.lost.Load() {
		l.forget(j)
		return 0
	}
	ctx, cancel := context.WithCancelCause(base)
	defer cancel(nil)
	j.mu.Lock()
	j.cancel, j.began = cancel, time.Now()
	j.mu.Unlock()
	if l.rt.cfg.reportAfter == 0 {
		l.queue(l.announce(j)...)
	}
	it := j.it
	if it.event != nil && it.route != nil {
		// A workflow canceled, or past its deadline, while its job waited
		// in the queue is ended before any work.
		if c := l.rt.cfg.canceler; c != nil {
			canceled, late, _ := ended(ctx, c, []string{j.Key})
			if reason, ok := canceled[j.Key]; ok {
				cancel(&CanceledError{Workflow: j.Key, Reason: reason})
			} else if reason, ok := late[j.Key]; ok {
				cancel(&TimedOutError{Workflow: j.Key, Reason: reason})
			}
		}
	}
	run := &item{rec: it.rec, event: it.event, err: it.err, route: it.route}
	if ctx.Err() == nil {
		l.rt.handleJob(ctx, run, j)
	} else {
		l.rt.endByCause(ctx, run)
	}
	j.mu.Lock()
	j.cancel = nil
	j.mu.Unlock()
	if run.abandoned || j.lost.Load() {
		if errors.Is(context.Cause(ctx), errJobAbandoned) {
			l.rt.metrics.jobs.WithLabelValues("abandoned").Inc()
		}
		l.forget(j)
		return 0
	}
	if run.fatal != nil {
		// Not the record's fault (Redis out, a side effect held under a
		// dead replica's lease, a dead letter that cannot be built): the
		// job stays held here and runs again after a pause. Forgetting it
		// left it to a takeover that never comes while this replica lives
		// (the chaos suite lost workflows at OCR that way).
		j.setbacks++
		pause := setbackPolicy.Backoff(j.setbacks+1) + setbackPolicy.Initial/2
		l.rt.metrics.jobs.WithLabelValues("set_back").Inc()
		if fault.IsUnavailable(run.fatal) {
			l.rt.log.Warn("long job's infrastructure is unavailable; running it again after a pause", "event_id", j.ID, telemetry.KeyWorkflowID, j.Key, "pause", pause, "setbacks", j.setbacks, "error", run.fatal)
		} else {
			l.rt.log.Error("long job cannot be emitted; running it again after a pause", "event_id", j.ID, telemetry.KeyWorkflowID, j.Key, "pause", pause, "setbacks", j.setbacks, "error", run.fatal)
		}
		return pause
	}
	j.setbacks = 0
	if rec := l.progressRecord(j); rec != nil {
		l.queue(rec) // an announced job's last progress goes out before its outputs
	}
	l.mu.Lock()
	first := len(l.finished) == 0
	if first {
		l.since = time.Now()
	}
	l.finished = append(l.finished, finishedJob{j: j, outs: run.outs})
	due := l.dueLocked(time.Now())
	l.mu.Unlock()
	if first || due {
		// The loop emits it now, or arms its timer for when it is due.
		poke(l.wake)
	}
	return 0
}

// setbackPolicy spaces the runs of a job set back by unavailable
// infrastructure: a pause of half a second plus up to 1 s, doubling to up
// to 30 s, for as long as the replica holds the job.
var setbackPolicy = retry.Policy{Initial: time.Second, Max: 30 * time.Second}

// later queues j again after pause, unless ctx ends first (shutdown: the
// job, still held in the store, goes to the next owner with the lease) or
// it was taken over meanwhile.
func (l *longRunner) later(ctx context.Context, j *job, pause time.Duration) {
	l.wg.Go(func() {
		t := time.NewTimer(pause)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if j.lost.Load() {
			l.forget(j)
			return
		}
		l.q.push(j)
		poke(l.kick)
	})
}

// forget drops a job from this replica's books.
func (l *longRunner) forget(j *job) {
	l.mu.Lock()
	delete(l.known, j.ID)
	l.mu.Unlock()
}

// announce returns j's step_started event, once, when j runs: the event
// carries when it began and how long it had waited queued.
func (l *longRunner) announce(j *job) []*kgo.Record {
	j.mu.Lock()
	if j.announced || j.cancel == nil || j.verify || j.it.event == nil {
		j.mu.Unlock()
		return nil
	}
	j.announced = true
	began := j.began
	j.mu.Unlock()
	rec, err := l.controlRecord(context.Background(), j, events.KindStepStarted, "job "+strconv.FormatInt(j.Token, 10), began, map[string]string{
		events.DetailStep: l.rt.service, events.DetailAttempt: strconv.FormatInt(j.Token, 10),
		events.DetailQueuedMs: strconv.FormatInt(max(0, began.Sub(j.Accepted).Milliseconds()), 10),
	})
	if err != nil {
		l.rt.log.Warn("build step_started event", "event_id", j.ID, "error", err)
		return nil
	}
	return []*kgo.Record{rec}
}

// controlRecord builds a control event of a job's workflow, with an id
// derived from the input event, the kind and name, so a re-run emits the
// same ids.
func (l *longRunner) controlRecord(ctx context.Context, j *job, kind, name string, at time.Time, details map[string]string) (*kgo.Record, error) {
	return l.controlRecordWhy(ctx, j, kind, name, "", at, details)
}

// controlRecordWhy is controlRecord with a reason in words.
func (l *longRunner) controlRecordWhy(ctx context.Context, j *job, kind, name, reason string, at time.Time, details map[string]string) (*kgo.Record, error) {
	in := j.it.event.EventMeta()
	ev := &events.WorkflowControl{
		Meta:    events.Meta{EventID: outputID(in.EventID, events.TopicSteps+"/"+kind+"/"+name, 0), OccurredAt: at.UTC().Truncate(time.Millisecond)},
		Kind:    kind,
		Reason:  reason,
		Details: details,
	}
	return l.rt.outputRecord(ctx, j.it.rec, j.it.event, 0, Output{Topic: events.TopicSteps, Event: ev})
}

// maxRetryReason bounds the error words a step_retrying event carries.
const maxRetryReason = 300

// retrying queues j's step_retrying event: try of tries failed with a
// transient error, and its worker tries again after a pause. Without it a
// job's history showed nothing until its last try ended. A job that
// retries is a long one, so it is announced first if it was not yet.
func (l *longRunner) retrying(j *job, try, tries int, err error) {
	if j.verify || j.it.event == nil {
		return
	}
	recs := l.announce(j)
	reason := fault.TrimClass(err.Error())
	if len(reason) > maxRetryReason {
		reason = strings.ToValidUTF8(reason[:maxRetryReason], "") + "…"
	}
	rec, berr := l.controlRecordWhy(context.Background(), j, events.KindStepRetrying, strconv.FormatInt(j.Token, 10)+"/"+strconv.Itoa(try), reason, time.Now(), map[string]string{
		events.DetailStep: l.rt.service, events.DetailTry: strconv.Itoa(try), events.DetailTries: strconv.Itoa(tries),
	})
	if berr != nil {
		l.rt.log.Warn("build step_retrying event", "event_id", j.ID, "error", berr)
	} else {
		recs = append(recs, rec)
	}
	l.queue(recs...)
}

// emitProgress announces every job that has run for ReportAfter, and
// queues a step_progress event for every announced job whose progress
// changed since the last one. A job that finishes sooner reports nothing
// but its outputs: step events cost every consumer of the steps topic.
func (l *longRunner) emitProgress() {
	l.mu.Lock()
	held := make([]*job, 0, len(l.known))
	for _, j := range l.known {
		held = append(held, j)
	}
	l.mu.Unlock()
	var recs []*kgo.Record
	for _, j := range held {
		j.mu.Lock()
		due := !j.announced && j.cancel != nil && time.Since(j.began) >= l.rt.cfg.reportAfter
		j.mu.Unlock()
		if due {
			recs = append(recs, l.announce(j)...)
		}
		if rec := l.progressRecord(j); rec != nil {
			recs = append(recs, rec)
		}
	}
	l.queue(recs...)
}

// progressRecord is j's step_progress event when its progress changed
// since the last one, else nil.
func (l *longRunner) progressRecord(j *job) *kgo.Record {
	if j.verify || j.it.event == nil {
		return nil
	}
	j.mu.Lock()
	p := j.progress
	changed := j.announced && p.set && p != j.sent
	if changed {
		j.sent = p
	}
	j.mu.Unlock()
	if !changed {
		return nil
	}
	rec, err := l.controlRecord(context.Background(), j, events.KindStepProgress, strconv.FormatInt(j.Token, 10)+"/"+strconv.Itoa(p.done)+"/"+strconv.Itoa(p.total), time.Now(), map[string]string{
		events.DetailStep: l.rt.service, events.DetailDone: strconv.Itoa(p.done), events.DetailTotal: strconv.Itoa(p.total), events.DetailUnit: p.unit,
	})
	if err != nil {
		l.rt.log.Warn("build step_progress event", "event_id", j.ID, "error", err)
		return nil
	}
	return rec
}

// queue hands records to the next transaction.
func (l *longRunner) queue(recs ...*kgo.Record) {
	if len(recs) == 0 {
		return
	}
	l.mu.Lock()
	l.pending = append(l.pending, recs...)
	l.mu.Unlock()
	poke(l.wake)
}

// emission is what one transaction takes from the runner.
type emission struct {
	pending  []*kgo.Record
	finished []finishedJob
}

func (e emission) empty() bool { return len(e.pending) == 0 && len(e.finished) == 0 }

// take hands the runner's outputs to a transaction. Finished jobs are
// first moved to completing, which fences them: a job this replica no
// longer holds is dropped, never emitted.
func (l *longRunner) take(ctx context.Context, hold time.Duration) emission {
	l.mu.Lock()
	e := emission{pending: l.pending, finished: l.finished}
	l.pending, l.finished = nil, nil
	l.mu.Unlock()
	if len(e.finished) == 0 {
		return e
	}
	refs := make([]jobs.Ref, len(e.finished))
	for i, f := range e.finished {
		refs[i] = jobs.Ref{ID: f.j.ID, Token: f.j.Token}
	}
	ok, err := l.store.Completing(ctx, l.owner, refs, hold)
	if err != nil {
		l.rt.log.Warn("mark long jobs completing; emitting them later", "jobs", len(refs), "error", err)
		l.mu.Lock()
		l.finished = append(e.finished, l.finished...)
		l.since = time.Time{}
		l.mu.Unlock()
		e.finished = nil
		return e
	}
	kept := e.finished[:0]
	for i, f := range e.finished {
		if ok[i] {
			kept = append(kept, f)
			continue
		}
		l.lose(f.j)
		l.forget(f.j)
	}
	e.finished = kept
	return e
}

// ended settles an emission after its transaction: committed jobs are done
// (their Done is stored, retried at the next turn when Redis fails);
// otherwise everything goes back to be emitted again.
func (l *longRunner) ended(ctx context.Context, e emission, committed bool) {
	if !committed {
		l.mu.Lock()
		l.pending = append(e.pending, l.pending...)
		l.finished = append(e.finished, l.finished...)
		if len(e.finished) > 0 {
			l.since = time.Time{}
		}
		l.mu.Unlock()
		if !e.empty() {
			poke(l.wake)
		}
		return
	}
	l.mu.Lock()
	for _, f := range e.finished {
		l.finalize = append(l.finalize, jobs.Ref{ID: f.j.ID, Token: f.j.Token})
		delete(l.known, f.j.ID)
	}
	refs := l.finalize
	l.finalize = nil
	l.mu.Unlock()
	if n := len(e.finished); n > 0 {
		l.rt.metrics.jobs.WithLabelValues("completed").Add(float64(n))
	}
	if len(refs) == 0 {
		return
	}
	if _, err := l.store.Done(ctx, l.owner, refs); err != nil {
		l.rt.log.Warn("mark long jobs done; retrying", "jobs", len(refs), "error", err)
		l.mu.Lock()
		l.finalize = append(refs, l.finalize...)
		l.mu.Unlock()
	}
}

// unsure settles an emission whose commit was tried but not confirmed: an
// end that failed after the broker may have written its commit markers,
// or one the client retried as an abort because it could not tell. Emitting
// its jobs again could double their outputs, so each job whose outputs were
// written is settled as a taken-over one is: by its transaction's marker,
// at a next heartbeat (verifyOutcomes) — done when it committed, handled
// again when it did not. The rest goes back to be emitted again (step
// events carry the same ids again).
func (l *longRunner) unsure(e emission) {
	l.mu.Lock()
	l.pending = append(e.pending, l.pending...)
	for _, f := range e.finished {
		if f.pos == "" {
			l.finished = append(l.finished, f) // nothing of it was written
			l.since = time.Time{}
			continue
		}
		f.j.Emitted, f.j.verify = f.pos, true
	}
	l.mu.Unlock()
	l.rt.metrics.jobs.WithLabelValues("unconfirmed").Add(float64(len(e.finished)))
	l.rt.log.Warn("a transaction emitting long jobs ended unconfirmed; settling its jobs by its markers", "jobs", len(e.finished))
	poke(l.wake)
}

// emitted records where the first output of each finished job went, once
// the transaction's outputs are all written and before it commits.
func (l *longRunner) emitted(ctx context.Context, e emission) error {
	var refs []jobs.Ref
	var pos []string
	for i := range e.finished {
		f := &e.finished[i]
		if len(f.outs) == 0 {
			continue
		}
		r := f.outs[0]
		f.pos = r.Topic + "/" + strconv.Itoa(int(r.Partition)) + "/" + strconv.FormatInt(r.Offset, 10)
		refs = append(refs, jobs.Ref{ID: f.j.ID, Token: f.j.Token})
		pos = append(pos, f.pos)
	}
	if len(refs) == 0 {
		return nil
	}
	ok, err := l.store.Emitted(ctx, l.owner, refs, pos)
	if err != nil {
		return fmt.Errorf("record long jobs' output positions: %w", err)
	}
	for i, held := range ok {
		if !held {
			return fmt.Errorf("long job %s was taken over while completing", refs[i].ID)
		}
	}
	return nil
}

// hasWork reports whether the runner has outputs to emit or jobs to
// finish.
func (l *longRunner) hasWork() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.pending) > 0 || len(l.finished) > 0 || len(l.finalize) > 0
}

// due reports whether the runner's outputs should go out in the next
// transaction rather than wait for more jobs to finish: step events and
// Done records to store go at once; finished jobs once they are a batch
// (the runtime's MaxPollRecords), once no job runs or waits in the queue
// (nothing else will finish soon), or once the oldest has waited the
// runtime's EmitWait. Jobs that finish together thus go out in one
// transaction, and the hops downstream consume them as one batch, instead
// of a transaction every few milliseconds while a backlog is worked off.
// A transaction that runs anyway (records were polled) takes them too.
func (l *longRunner) due(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.dueLocked(now)
}

func (l *longRunner) dueLocked(now time.Time) bool {
	if len(l.pending) > 0 || len(l.finalize) > 0 {
		return true
	}
	if len(l.finished) == 0 {
		return false
	}
	return len(l.finished) >= l.emitBatch || now.Sub(l.since) >= l.emitWait ||
		(l.active.Load() == 0 && l.q.len() == 0)
}

// dueIn returns how long until the finished jobs are due by EmitWait;
// false when none waits.
func (l *longRunner) dueIn(now time.Time) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.finished) == 0 {
		return 0, false
	}
	return l.since.Add(l.emitWait).Sub(now), true
}

// busy reports whether a job runs or waits for emission.
func (l *longRunner) busy() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.active.Load() > 0 || len(l.finished) > 0 || len(l.pending) > 0
}

// Progress reports how far a long step is: done of total units (total 0
// when unknown), e.g. pages. The runtime emits it as a step_progress
// control event at most once a second per job. Outside a long step it does
// nothing.
func (m *Message) Progress(done, total int, unit string) {
	j := m.job
	if j == nil {
		return
	}
	j.mu.Lock()
	j.progress = progressMark{done: done, total: total, unit: unit, set: true}
	j.mu.Unlock()
}
