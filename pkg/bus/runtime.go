// Package bus is the processing runtime every Docket service runs on.
//
// A service registers typed handlers for the topics it consumes; the runtime
// consumes those topics and the service's retry topic in one consumer group,
// decodes each record through the schema registry, calls the handler, and
// produces the handler's output events together with the consumed offsets in
// one Kafka transaction. Around that it handles, once for every service:
// duplicate suppression through the idempotency store, bounded in-process
// retries of transient failures, error classification and dead-lettering
// with a complete envelope, W3C trace context in headers, metrics, structured
// logs and graceful shutdown.
package bus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/plugin/kprom"
	"go.opentelemetry.io/otel/trace"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/retry"
)

// Codec encodes and decodes events in the schema registry's wire format.
type Codec interface {
	Encode(topic string, e events.Event) ([]byte, error)
	Decode(b []byte) (events.Event, error)
}

// Store is what the runtime needs of the idempotency store.
type Store interface {
	ProcessedMany(ctx context.Context, keys []idempotency.Key) ([]idempotency.Record, error)
	MarkProcessed(ctx context.Context, items []idempotency.Item) ([]idempotency.Record, error)
	Claim(ctx context.Context, key idempotency.Key, owner string) (idempotency.Claim, error)
	Complete(ctx context.Context, key idempotency.Key, token int64, result []byte) error
	Release(ctx context.Context, key idempotency.Key, token int64) error
}

// Output is one event a handler emits. The runtime fills the event's
// metadata where the handler left it empty: a deterministic event id derived
// from the input event (so a retry emits the same id), the workflow and
// tenant of the input, the input's event id as causation, the time, and this
// service as producer. The record key is the workflow id.
type Output struct {
	Topic string
	Event events.Event
}

// Handler is a service's business logic for one event type.
type Handler[T events.Event] func(ctx context.Context, m *Message, in T) ([]Output, error)

type route struct {
	long bool // HandleLong: worked outside the transaction
	// quick, on a long route, tells the jobs that take a fraction of a
	// typical one's time (Quick).
	quick   func(events.Event) bool
	topic   string
	policy  retry.Policy
	timeout time.Duration
	invoke  func(ctx context.Context, m *Message, e events.Event) ([]Output, error)
	// comp is the step's compensation declared on this handler, nil for none.
	comp *compensation
	// fallback, when set, replaces the dead letter of an event whose
	// handling failed for good by its outputs (ok true): a step's
	// compensation_failed event.
	fallback func(ctx context.Context, m *Message, e events.Event, err error) (outs []Output, ok bool)
}

// errUnusable marks a failure that handling the batch again cannot cure.
var errUnusable = errors.New("runtime cannot continue")

// Runtime runs a service's handlers.
type Runtime struct {
	service string
	kafka   []kgo.Opt
	codec   Codec
	store   Store
	cfg     config
	log     *slog.Logger
	tracer  trace.Tracer
	metrics *metrics
	kprom   *kprom.Metrics
	routes  map[string]*route
	// patterns route the topics matched by a pattern (HandlePattern), in
	// registration order, after the exact routes.
	patterns []*patternRoute
	// comps are the steps' compensations by step (Compensation); compPolicy
	// the route the first was declared on, dupComps the steps declared twice.
	comps      map[string]*compensation
	compPolicy *route
	ctlRoute   *route // controlRoute, built by Run
	dupComps   []string

	joined     atomic.Bool
	running    atomic.Bool
	lastPoll   atomic.Int64 // unix nanos of the last loop turn or finished record
	maxTxnOpen atomic.Int64 // nanos

	// long runs the long steps (HandleLong), set by Run.
	long atomic.Pointer[longRunner]
}

// New returns a runtime for service. kafka holds the connection options
// (seed brokers, TLS, SASL); the runtime adds the group, transaction and
// isolation settings itself.
func New(service string, kafka []kgo.Opt, codec Codec, store Store, opts ...Option) (*Runtime, error) {
	if service == "" {
		return nil, errors.New("bus: service name is required")
	}
	if codec == nil || store == nil {
		return nil, errors.New("bus: codec and store are required")
	}
	cfg := defaults(service)
	for _, o := range opts {
		o(&cfg)
	}
	rt := &Runtime{}
	m, err := newMetrics(cfg.registerer, service, func() float64 {
		if l := rt.long.Load(); l != nil {
			return float64(l.q.len())
		}
		return 0
	}, func() float64 {
		if l := rt.long.Load(); l != nil {
			return float64(l.active.Load())
		}
		return 0
	})
	if err != nil {
		return nil, fmt.Errorf("register runtime metrics: %w", err)
	}
	*rt = Runtime{
		service: service,
		kafka:   kafka,
		codec:   codec,
		store:   store,
		cfg:     cfg,
		log:     cfg.logger,
		tracer:  cfg.tracer.Tracer("docket/bus"),
		metrics: m,
		kprom: kprom.NewMetrics("docket_kafka", kprom.Registerer(cfg.registerer), kprom.WithStaticLabel(map[string]string{"service": service}),
			// Records besides the default bytes: the pipeline benchmark counts records per workflow.
			kprom.FetchAndProduceDetail(kprom.ByNode, kprom.ByTopic, kprom.UncompressedBytes, kprom.Records)),
		routes: map[string]*route{},
	}
	return rt, nil
}

// Configure applies opts to a runtime that has not started running, so a
// service's Setup, which receives a runtime built by pkg/service, can add
// what it needs (hooks, Balancers, batch size). Registerer is refused: the
// metrics are registered by New.
func (rt *Runtime) Configure(opts ...Option) error {
	if rt.running.Load() {
		return errors.New("bus: Configure called after Run")
	}
	cfg := rt.cfg
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.registerer != rt.cfg.registerer {
		return errors.New("bus: Registerer must be given to New; the metrics are registered there")
	}
	rt.cfg = cfg
	rt.log = rt.cfg.logger
	rt.tracer = rt.cfg.tracer.Tracer("docket/bus")
	return nil
}

// Handle registers h for the events of topic. It must be called before Run.
func Handle[T events.Event](rt *Runtime, topic string, h Handler[T], opts ...HandlerOption) {
	rt.addRoute(topic, newRoute(topic, h, opts))
}

func newRoute[T events.Event](topic string, h Handler[T], opts []HandlerOption) *route {
	r := &route{topic: topic, policy: retry.Default, timeout: 30 * time.Second}
	for _, o := range opts {
		o(r)
	}
	r.invoke = func(ctx context.Context, m *Message, e events.Event) (outs []Output, err error) {
		defer func() {
			if v := recover(); v != nil {
				m.rt.metrics.panics.WithLabelValues(m.Record.Topic).Inc()
				err = fault.Structuralf("handler panicked: %v\n%s", v, trimStack(debug.Stack()))
			}
		}()
		in, ok := e.(T)
		if !ok {
			var want T
			return nil, fault.Structuralf("topic %s carries %T, handler expects %T", topic, e, want)
		}
		return h(ctx, m, in)
	}
	return r
}

// patternRoute routes every topic a pattern matches, but the excluded ones.
type patternRoute struct {
	re      *regexp.Regexp // anchored
	exclude map[string]bool
	route   *route
}

// HandlePattern registers h for the events of every topic whose whole name
// matches pattern, except the topics in exclude and the service's own
// dead-letter topic, which a runtime never consumes. Topics created later
// are consumed once the client's metadata shows them (within its metadata
// refresh, 5 minutes by default), without a restart: the exception agent
// drains every docket.<service>.dlq this way. A topic that both Handle and
// a pattern claim goes to Handle's handler. It must be called before Run.
func HandlePattern[T events.Event](rt *Runtime, pattern *regexp.Regexp, exclude []string, h Handler[T], opts ...HandlerOption) {
	pr := &patternRoute{
		re:      regexp.MustCompile(`^(?:` + pattern.String() + `)$`),
		exclude: map[string]bool{events.DLQTopic(rt.service): true},
	}
	for _, t := range exclude {
		pr.exclude[t] = true
	}
	pr.route = newRoute(pattern.String(), h, opts)
	rt.patterns = append(rt.patterns, pr)
}

// routeFor returns the route of topic, or nil.
func (rt *Runtime) routeFor(topic string) *route {
	if topic == events.TopicControl && len(rt.comps) > 0 {
		return rt.ctlRoute
	}
	if r := rt.routes[topic]; r != nil {
		return r
	}
	for _, p := range rt.patterns {
		if !p.exclude[topic] && p.re.MatchString(topic) {
			return p.route
		}
	}
	return nil
}

// consumeOpts returns how the runtime subscribes: to its topics by name,
// or, with patterns, to every topic matching a pattern or named exactly.
func (rt *Runtime) consumeOpts() []kgo.Opt {
	if len(rt.patterns) == 0 {
		return []kgo.Opt{kgo.ConsumeTopics(rt.Topics()...)}
	}
	var include, exclude []string
	for _, t := range rt.Topics() {
		include = append(include, `^`+regexp.QuoteMeta(t)+`$`)
	}
	for _, p := range rt.patterns {
		include = append(include, p.re.String())
		for t := range p.exclude {
			if rt.routes[t] == nil && t != events.RetryTopic(rt.service) {
				exclude = append(exclude, `^`+regexp.QuoteMeta(t)+`$`)
			}
		}
	}
	return []kgo.Opt{kgo.ConsumeRegex(), kgo.ConsumeTopics(include...), kgo.ConsumeExcludeTopics(exclude...)}
}

// Service returns the service name.
func (rt *Runtime) Service() string { return rt.service }

// Topics returns the topics the runtime consumes by name: the handled ones
// and the service's retry topic (not those it consumes by HandlePattern).
func (rt *Runtime) Topics() []string {
	ts := make([]string, 0, len(rt.routes)+2)
	for t := range rt.routes {
		ts = append(ts, t)
	}
	if _, own := rt.routes[events.TopicControl]; len(rt.comps) > 0 && !own {
		ts = append(ts, events.TopicControl) // compensation requests
	}
	return append(ts, events.RetryTopic(rt.service))
}

// Ready reports whether the runtime has joined its consumer group.
func (rt *Runtime) Ready(context.Context) error {
	if !rt.joined.Load() {
		return errors.New("consumer group not joined yet")
	}
	return nil
}

// Live reports whether the runtime makes progress: the loop turns or
// records finish. Silence for longer than the slowest handler may take on
// one record (its timeout times its attempts, plus backoff) plus the
// transaction and drain timeouts means the runtime is wedged.
func (rt *Runtime) Live(context.Context) error {
	last := rt.lastPoll.Load()
	if last == 0 {
		return nil
	}
	if since := time.Since(time.Unix(0, last)); since > rt.stallAfter() {
		return fmt.Errorf("no progress for %s", since.Round(time.Second))
	}
	return nil
}

func (rt *Runtime) stallAfter() time.Duration {
	var slowest time.Duration
	routes := make([]*route, 0, len(rt.routes)+len(rt.patterns))
	for _, r := range rt.routes {
		routes = append(routes, r)
	}
	for _, p := range rt.patterns {
		routes = append(routes, p.route)
	}
	for _, r := range routes {
		n := time.Duration(max(1, r.policy.Attempts))
		slowest = max(slowest, n*(r.timeout+r.policy.Max))
	}
	return slowest + rt.cfg.transactionTimeout + rt.cfg.drainTimeout + time.Minute
}

// Run consumes until ctx ends, then finishes or aborts the open batch, lets
// running long jobs finish for at most the drain timeout (the rest stay in
// the job store for the next owner) and leaves the group. It returns nil
// after a clean shutdown and an error only for a configuration that cannot
// run. A fenced producer or a failed transaction end never ends it: the
// session is closed and started again with backoff, rejoining the group.
func (rt *Runtime) Run(ctx context.Context) error {
	if err := rt.validate(); err != nil {
		return err
	}
	rt.ctlRoute = rt.controlRoute()
	rt.running.Store(true)

	// Work already polled is finished with its own context, which outlives
	// ctx by at most the drain timeout.
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()
	stop := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(rt.cfg.drainTimeout, cancelWork)
		context.AfterFunc(work, func() { t.Stop() })
	})
	defer stop()

	var long *longRunner
	jobsCtx, cancelJobs := context.WithCancelCause(context.WithoutCancel(ctx))
	defer cancelJobs(errJobAbandoned)
	if rt.hasLong() {
		long = newLongRunner(rt)
		rt.long.Store(long)
		loopCtx, stopLoops := context.WithCancel(context.WithoutCancel(ctx))
		defer func() {
			stopLoops()
			long.wg.Wait()
			long.outcomes.close()
		}()
		long.run(loopCtx, jobsCtx)
	}

	patterns := make([]string, len(rt.patterns))
	for i, p := range rt.patterns {
		patterns[i] = p.re.String()
	}
	rt.log.Info("runtime started", "group", rt.cfg.group, "topics", rt.Topics(), "patterns", patterns, "transactional_id", rt.cfg.txnID)
	var sess *kgo.GroupTransactSession
	backoff := time.Duration(0)
	for ctx.Err() == nil {
		if backoff > 0 {
			pause(ctx, backoff)
			if ctx.Err() != nil {
				break
			}
		}
		var err error
		sess, err = rt.session()
		if err != nil {
			rt.log.Error("create transactional session; retrying", "error", err, "backoff", backoff)
			backoff = nextBackoff(backoff)
			continue
		}
		err = rt.loop(ctx, work, sess)
		if err == nil {
			break // ctx ended; drain on this session below
		}
		sess.Close()
		sess = nil
		rt.joined.Store(false)
		rt.metrics.sessions.Inc()
		backoff = nextBackoff(backoff)
		rt.log.Error("transactional session failed; starting a new one", "error", err, "backoff", backoff)
	}
	if long != nil {
		rt.drain(work, sess, long, cancelJobs)
	}
	if sess != nil {
		rt.log.Info("runtime stopping: leaving the group")
		sess.Close()
	}
	return nil
}

// nextBackoff doubles a session restart's pause, from 500ms to 30s.
func nextBackoff(d time.Duration) time.Duration {
	return min(30*time.Second, max(500*time.Millisecond, 2*d))
}

// validate refuses, before anything runs, a configuration that would fail
// on its first record.
func (rt *Runtime) validate() error {
	if len(rt.routes) == 0 && len(rt.patterns) == 0 {
		return errors.New("bus: no handlers registered")
	}
	var errs []error
	if rt.hasLong() && rt.cfg.jobs == nil {
		errs = append(errs, errors.New("bus: HandleLong needs a job store (bus.Jobs)"))
	}
	if len(rt.cfg.produces) > 0 && !slices.Contains(rt.cfg.produces, events.TopicSteps) {
		if rt.cfg.canceler != nil {
			errs = append(errs, fmt.Errorf("bus: CancelCheck emits canceled events on %s, which the service does not produce", events.TopicSteps))
		}
		if rt.hasLong() {
			errs = append(errs, fmt.Errorf("bus: HandleLong emits step events on %s, which the service does not produce", events.TopicSteps))
		}
		if len(rt.comps) > 0 {
			errs = append(errs, fmt.Errorf("bus: Compensation emits compensated events on %s, which the service does not produce", events.TopicSteps))
		}
	}
	for _, step := range rt.dupComps {
		errs = append(errs, fmt.Errorf("bus: the compensation of step %s is declared on more than one handler", step))
	}
	if rt.cfg.transactionTimeout < time.Second {
		errs = append(errs, fmt.Errorf("bus: transaction timeout %s is below 1s", rt.cfg.transactionTimeout))
	}
	if rt.cfg.drainTimeout <= 0 {
		errs = append(errs, fmt.Errorf("bus: drain timeout %s must be positive", rt.cfg.drainTimeout))
	}
	return errors.Join(errs...)
}

func (rt *Runtime) hasLong() bool {
	for _, r := range rt.routes {
		if r.long {
			return true
		}
	}
	return false
}

// longTopics are the topics of long steps, paused while the job queue is
// full.
func (rt *Runtime) longTopics() []string {
	var ts []string
	for t, r := range rt.routes {
		if r.long {
			ts = append(ts, t)
		}
	}
	return ts
}

// session creates the transactional group session.
func (rt *Runtime) session() (*kgo.GroupTransactSession, error) {
	kopts := append([]kgo.Opt{}, rt.kafka...)
	// Static membership only with the classic protocol: under KIP-848 a
	// SIGKILLed member keeps its instance id until the broker expires its
	// session, and the restarted replica's joins are refused
	// (UNRELEASED_INSTANCE_ID) until the client gives up: the crash test
	// stalled at half its records (docs/runtime.md). Without it the
	// restarted replica joins as a new member at once; the transactional
	// id still fences its predecessor.
	if rt.cfg.instanceID != "" && !rt.cfg.serverSide {
		kopts = append(kopts, kgo.InstanceID(rt.cfg.instanceID))
	}
	switch {
	case rt.cfg.serverSide:
		// The broker assigns; the client's balancer must be one the
		// consumer protocol stands for (sticky or range).
		kopts = append(kopts, kgo.ServerSideBalancer(), kgo.Balancers(kgo.CooperativeStickyBalancer()))
	case len(rt.cfg.balancers) > 0:
		kopts = append(kopts, kgo.Balancers(rt.cfg.balancers...))
	}
	revoked := func(ctx context.Context, _ *kgo.Client, revoked map[string][]int32) {
		rt.metrics.lag.Forget(revoked)
		if fn := rt.cfg.onRevoked; fn != nil && len(revoked) > 0 {
			fn(ctx, revoked)
		}
	}
	kopts = append(kopts, kgo.OnPartitionsRevoked(revoked), kgo.OnPartitionsLost(func(ctx context.Context, cl *kgo.Client, lost map[string][]int32) {
		// The group session ended in error: fenced by a replica with the
		// same instance id, or expired. Not ready until it joins again
		// (OnPartitionsAssigned follows every join, empty or not).
		rt.joined.Store(false)
		revoked(ctx, cl, lost)
	}))
	kopts = append(kopts, rt.consumeOpts()...)
	if len(rt.longTopics()) > 0 {
		// Fetches of long steps resume when the job queue has room again,
		// but only once the fetch in flight (of the other topics) returns:
		// with the default wait of 5 s, a queue that emptied in less stood
		// idle for the rest (found by the test of the paused queue: 40
		// jobs of 50 ms took 45 s).
		kopts = append(kopts, kgo.FetchMaxWait(resumeFetchWait))
	}
	sess, err := kgo.NewGroupTransactSession(append(kopts,
		kgo.ConsumerGroup(rt.cfg.group),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.TransactionalID(rt.cfg.txnID),
		kgo.TransactionTimeout(rt.cfg.transactionTimeout),
		kgo.SessionTimeout(rt.cfg.sessionTimeout),
		kgo.HeartbeatInterval(min(3*time.Second, rt.cfg.sessionTimeout/3)),
		kgo.WithHooks(rt.kprom),
		kgo.OnPartitionsAssigned(func(ctx context.Context, _ *kgo.Client, assigned map[string][]int32) {
			rt.joined.Store(true)
			if rt.cfg.onAssigned != nil && len(assigned) > 0 {
				rt.cfg.onAssigned(ctx, assigned)
			}
		}),
	)...)
	if err != nil {
		return nil, fmt.Errorf("create transactional session: %w", err)
	}
	return sess, nil
}

// loop polls and transacts on one session until ctx ends (nil) or the
// session can no longer be used (its error).
func (rt *Runtime) loop(ctx, work context.Context, sess *kgo.GroupTransactSession) error {
	long := rt.long.Load()
	paused := false
	for {
		rt.lastPoll.Store(time.Now().UnixNano())
		// A poll waits at most pollWait, so the loop of an idle runtime
		// still turns and Live tells idle from wedged; long jobs with
		// something to emit cut it short.
		wait := rt.cfg.pollWait
		if long != nil {
			if d, ok := long.dueIn(time.Now()); ok {
				wait = max(0, min(wait, d)) // finished jobs fall due
			}
		}
		pollCtx, cancelPoll := context.WithTimeout(ctx, wait)
		var fetches kgo.Fetches
		if long != nil && long.due(time.Now()) {
			// Emit soon, not at once: a few milliseconds let more jobs
			// finish and records arrive, so that one transaction carries
			// them all instead of one transaction each.
			cancelPoll()
			pollCtx, cancelPoll = context.WithTimeout(ctx, emitLinger)
			fetches = sess.PollRecords(pollCtx, rt.cfg.maxPollRecords)
		} else {
			if long != nil {
				go func() {
					select {
					case <-long.wake:
						cancelPoll()
					case <-pollCtx.Done():
					}
				}()
			}
			fetches = sess.PollRecords(pollCtx, rt.cfg.maxPollRecords)
		}
		cancelPoll()
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		fetches.EachError(func(topic string, p int32, err error) {
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				return // the poll waited its time, or was cut short
			}
			rt.metrics.fetchErrs.WithLabelValues(topic).Inc()
			rt.log.Warn("fetch error", "topic", topic, "partition", p, "error", err)
		})
		rt.metrics.lag.Observe(fetches)
		recs := fetches.Records()
		var e emission
		if long != nil && (len(recs) > 0 || long.due(time.Now())) {
			// Finished jobs ride along with polled records at no cost;
			// alone, they go once they are due.
			e = long.take(work, rt.completingHold())
		}
		if len(recs) == 0 && e.empty() {
			if long != nil {
				long.ended(work, e, true) // stores Done of what is left to finalize
			}
			continue
		}
		if err := rt.transact(work, sess, recs, e); err != nil {
			return err
		}
		if long != nil {
			// Backpressure: while the replica holds as many jobs as it may,
			// its long topics are not fetched.
			held := long.held()
			switch {
			case !paused && held >= long.capacity:
				sess.Client().PauseFetchTopics(rt.longTopics()...)
				paused = true
				rt.metrics.paused.Set(1)
				rt.log.Info("job queue full: pausing fetches of long steps", "jobs", held)
			case paused && held <= long.capacity/2:
				sess.Client().ResumeFetchTopics(rt.longTopics()...)
				paused = false
				rt.metrics.paused.Set(0)
			}
		}
	}
}

// resumeFetchWait bounds how long a broker holds a fetch that finds no
// records, for runtimes with long steps: how late fetching resumes after
// the job queue was full.
const resumeFetchWait = 500 * time.Millisecond

// emitLinger is how long the loop waits for more work before it emits
// what long jobs finished.
const emitLinger = 5 * time.Millisecond

// completingHold is how long a job moved to completing is left to its
// owner: past it, its transaction has committed or been aborted by the
// broker, and another replica may take the job over.
func (rt *Runtime) completingHold() time.Duration {
	return 2*rt.cfg.transactionTimeout + rt.cfg.drainTimeout
}

// drain lets running long jobs finish for at most the drain timeout,
// emitting their outputs, then leaves the rest to the next owner.
func (rt *Runtime) drain(work context.Context, sess *kgo.GroupTransactSession, long *longRunner, cancelJobs context.CancelCauseFunc) {
	long.draining.Store(true)
	deadline := time.Now().Add(rt.cfg.drainTimeout)
	for long.busy() && time.Now().Before(deadline) && work.Err() == nil {
		if sess != nil && long.hasWork() {
			e := long.take(work, rt.completingHold())
			if err := rt.transact(work, sess, nil, e); err != nil {
				rt.log.Warn("emit finished long jobs at shutdown", "error", err)
				break
			}
			continue
		}
		select {
		case <-long.wake:
		case <-time.After(100 * time.Millisecond):
		case <-work.Done():
		}
	}
	cancelJobs(errJobAbandoned)
	if err := long.store.Release(context.WithoutCancel(work), long.owner); err != nil {
		rt.log.Warn("release long jobs for takeover", "error", err)
	}
}

// transact handles one polled batch, and emits what long jobs finished,
// in one transaction. An infrastructure failure (Redis unreachable, a
// produce error) aborts the transaction, which rewinds the consumer to the
// committed offsets, so the batch is consumed again after a pause; a
// session that can no longer be used (a failed end) is returned as an
// error, and Run starts a new one.
func (rt *Runtime) transact(ctx context.Context, sess *kgo.GroupTransactSession, recs []*kgo.Record, e emission) error {
	if len(recs) > 0 {
		rt.metrics.batch.Observe(float64(len(recs)))
	}
	long := rt.long.Load()
	begun := time.Now()
	if err := sess.Begin(); err != nil {
		if long != nil {
			long.ended(ctx, e, false)
		}
		return fmt.Errorf("begin transaction: %w", err)
	}
	// Outputs go out and events are marked processed while later records
	// of the batch are still handled; all must succeed before the commit.
	out := rt.newBatchOut(ctx, sessionProducer{sess})
	for _, r := range e.pending {
		out.produce(r)
	}
	for _, f := range e.finished {
		for _, r := range f.outs {
			out.produce(r)
		}
	}
	var err error
	if len(recs) > 0 {
		err = rt.processBatch(ctx, recs, out.add)
	}
	err = errors.Join(err, out.wait())
	if err == nil && rt.cfg.beforeCommit != nil {
		if berr := rt.cfg.beforeCommit(ctx); berr != nil {
			err = fmt.Errorf("before commit: %w", berr)
		}
	}
	if err == nil && len(e.finished) > 0 {
		err = long.emitted(ctx, e)
	}
	commit := kgo.TryCommit
	if err != nil {
		commit = kgo.TryAbort
		if errors.Is(err, errLostMark) {
			rt.log.Info("concurrent duplicate found; handling the batch again", "records", len(recs), "error", err)
		} else {
			rt.log.Warn("aborting batch; it will be consumed again", "records", len(recs), "error", err)
		}
	}
	var committed bool
	var endErr error
	if len(recs) > 0 {
		committed, endErr = sess.End(ctx, commit)
	} else {
		committed, endErr = endProduceOnly(ctx, sess.Client(), commit)
	}
	open := time.Since(begun)
	rt.metrics.txnOpen.Observe(open.Seconds())
	rt.observeTxnOpen(open)
	if committed {
		rt.metrics.txns.WithLabelValues("committed").Inc()
	} else {
		rt.metrics.txns.WithLabelValues("aborted").Inc()
	}
	ok := committed && endErr == nil
	switch {
	case long == nil:
	case !ok && commit == kgo.TryCommit && len(e.finished) > 0:
		// A commit was tried and not confirmed: the broker may still have
		// committed the jobs' outputs.
		long.unsure(e)
	default:
		long.ended(ctx, e, ok)
	}
	if rt.cfg.onBatchEnd != nil && len(recs) > 0 {
		// An end that failed is reported as an abort: discarding staged
		// state is the safe side, it is rebuilt from what Kafka holds.
		rt.cfg.onBatchEnd(ctx, ok)
	}
	if endErr != nil {
		if ctx.Err() != nil {
			return nil // shutting down; the broker aborts what is left
		}
		return fmt.Errorf("end transaction: %w", endErr)
	}
	if errors.Is(err, errUnusable) {
		// Not even a dead letter could be built (the registry lost the
		// envelope's schema): pause longer, then try the batch again.
		rt.log.Error("batch cannot be handled; retrying after a pause", "error", err)
		pause(ctx, 5*time.Second)
		return nil
	}
	if (err != nil && !errors.Is(err, errLostMark)) || (err == nil && !committed) {
		pause(ctx, time.Second)
	}
	return nil
}

// endProduceOnly ends a transaction that consumed nothing (it emits what
// long jobs finished) on the client itself: it commits no offsets, so the
// group session has nothing to guard, and its End would hold the next
// transaction back half a second for offsets that do not exist.
func endProduceOnly(ctx context.Context, cl *kgo.Client, commit kgo.TransactionEndTry) (bool, error) {
	if commit == kgo.TryCommit {
		if err := cl.Flush(ctx); err != nil {
			return false, err
		}
	} else if err := cl.AbortBufferedRecords(ctx); err != nil {
		return false, err
	}
	if err := cl.EndTransaction(ctx, commit); err != nil {
		return false, err
	}
	return bool(commit), nil
}

// observeTxnOpen keeps the longest time a transaction stayed open.
func (rt *Runtime) observeTxnOpen(d time.Duration) {
	for {
		cur := rt.maxTxnOpen.Load()
		if int64(d) <= cur || rt.maxTxnOpen.CompareAndSwap(cur, int64(d)) {
			break
		}
	}
	rt.metrics.txnOpenMax.Set(time.Duration(rt.maxTxnOpen.Load()).Seconds())
}

// MaxTransactionOpen is the longest any transaction of this runtime stayed
// open, from its begin to its end.
func (rt *Runtime) MaxTransactionOpen() time.Duration { return time.Duration(rt.maxTxnOpen.Load()) }

// producer takes a batch's outputs: the transactional session, or, in
// BenchmarkProcessBatch, nothing.
type producer interface {
	Produce(ctx context.Context, r *kgo.Record, promise func(*kgo.Record, error))
	Flush(ctx context.Context) error
}

// sessionProducer produces in the session's open transaction. Its Flush
// sends what the producer lingers on: the transaction cannot commit before
// every record is written anyway.
type sessionProducer struct{ *kgo.GroupTransactSession }

func (s sessionProducer) Flush(ctx context.Context) error { return s.Client().Flush(ctx) }

// markChunk is how many handled events are marked processed in one round
// trip while the rest of the batch is handled.
const markChunk = 128

// batchOut receives a batch's items in batch order as they finish (see
// processBatch): it produces their outputs at once, so outputs keep batch
// order, and marks their events processed in chunks of markChunk, each a
// round trip of its own that overlaps the handling of later items.
type batchOut struct {
	ctx      context.Context
	rt       *Runtime
	p        producer
	produced int
	pending  []*item // handled, not yet marked
	inFlight sync.WaitGroup

	mu                sync.Mutex
	prodErr, markErrs error
}

func (rt *Runtime) newBatchOut(ctx context.Context, p producer) *batchOut {
	return &batchOut{ctx: ctx, rt: rt, p: p}
}

// add takes the next item in batch order. It is called from one goroutine.
func (b *batchOut) add(it *item) {
	for _, r := range it.outs {
		b.produce(r)
	}
	if it.ok {
		b.pending = append(b.pending, it)
		if len(b.pending) >= markChunk {
			b.mark()
		}
	}
}

// produce sends one output record.
func (b *batchOut) produce(r *kgo.Record) {
	{
		b.produced++
		b.inFlight.Add(1)
		b.p.Produce(b.ctx, r, func(_ *kgo.Record, err error) {
			if err != nil {
				b.mu.Lock()
				if b.prodErr == nil {
					b.prodErr = fmt.Errorf("produce outputs: %w", err)
				}
				b.mu.Unlock()
			}
			b.inFlight.Done()
		})
	}
}

// mark starts marking the pending items processed.
func (b *batchOut) mark() {
	chunk := b.pending
	b.pending = nil
	b.inFlight.Go(func() {
		if err := b.rt.record(b.ctx, chunk); err != nil {
			b.mu.Lock()
			b.markErrs = errors.Join(b.markErrs, err)
			b.mu.Unlock()
		}
	})
}

// wait marks what is pending, flushes the outputs and waits for every
// output and mark, returning their failures.
func (b *batchOut) wait() error {
	if len(b.pending) > 0 {
		b.mark()
	}
	var flushErr error
	if b.produced > 0 {
		if err := b.p.Flush(b.ctx); err != nil {
			flushErr = fmt.Errorf("flush outputs: %w", err)
		}
	}
	b.inFlight.Wait()
	b.mu.Lock()
	defer b.mu.Unlock()
	return errors.Join(flushErr, b.prodErr, b.markErrs)
}

func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// trimStack keeps the frames of a panic's stack from the panicking
// function on, at most 2 KiB: enough to find the bug from the dead letter.
func trimStack(stack []byte) string {
	s := string(stack)
	if i := strings.Index(s, "panic("); i >= 0 {
		if j := strings.Index(s[i:], "\n"); j >= 0 {
			s = s[i+j+1:]
			if k := strings.Index(s, "\n"); k >= 0 { // the panic call's file line
				s = s[k+1:]
			}
		}
	}
	if len(s) > 2048 {
		s = s[:2048] + "\n…"
	}
	return s
}
