package bus

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/twmb/franz-go/pkg/kgo"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/retry"
)

// Option configures a Runtime.
type Option func(*config)

type config struct {
	version            string
	group              string
	txnID              string
	instanceID         string
	sessionTimeout     time.Duration
	concurrency        int
	maxPollRecords     int
	transactionTimeout time.Duration
	drainTimeout       time.Duration
	pollWait           time.Duration
	logger             *slog.Logger
	registerer         prometheus.Registerer
	tracer             trace.TracerProvider
	balancers          []kgo.GroupBalancer
	serverSide         bool
	onAssigned         func(ctx context.Context, assigned map[string][]int32)
	onRevoked          func(ctx context.Context, revoked map[string][]int32)
	onBatchEnd         func(ctx context.Context, committed bool)
	beforeCommit       func(ctx context.Context) error
	byPartitionNumber  bool
	canceler           Canceler
	jobs               JobStore
	longWorkers        int
	longQueue          int
	jobLease           time.Duration
	shares             func(tenant string) Share
	reportAfter        time.Duration
	emitWait           time.Duration
	produces           []string
}

func defaults(service string) config {
	host, _ := os.Hostname()
	if host == "" {
		host = "local"
	}
	return config{
		version:            "dev",
		group:              "docket-" + service,
		txnID:              "docket-" + service + "-" + host,
		concurrency:        8,
		maxPollRecords:     500,
		transactionTimeout: 10 * time.Second,
		longWorkers:        2,
		longQueue:          1000,
		jobLease:           15 * time.Second,
		reportAfter:        time.Second,
		emitWait:           250 * time.Millisecond,
		drainTimeout:       20 * time.Second,
		pollWait:           5 * time.Second,
		sessionTimeout:     15 * time.Second,
		logger:             slog.Default(),
		registerer:         prometheus.NewRegistry(),
		tracer:             noop.NewTracerProvider(),
	}
}

// Version sets the producer version stamped on every event. Default "dev".
func Version(v string) Option { return func(c *config) { c.version = v } }

// Group sets the consumer group. Default "docket-<service>".
func Group(g string) Option { return func(c *config) { c.group = g } }

// TransactionalID sets the Kafka transactional id. It must be unique per
// running replica and stable across its restarts, so that a restarted
// replica fences its killed predecessor and aborts its open transaction at
// once. Default "docket-<service>-<hostname>".
func TransactionalID(id string) Option { return func(c *config) { c.txnID = id } }

// InstanceID makes the replica a static group member: a replica that
// restarts with the same instance id takes its partitions back at once
// instead of waiting for the session timeout. Default none (dynamic).
func InstanceID(id string) Option { return func(c *config) { c.instanceID = id } }

// SessionTimeout is how long the group waits for a silent member before
// reassigning its partitions. Default 15s.
func SessionTimeout(d time.Duration) Option { return func(c *config) { c.sessionTimeout = d } }

// Concurrency bounds how many lanes of one polled batch are handled at
// once. A lane is one record key (a workflow) of a topic-partition, or one
// partition number with OrderAcrossTopics; the records of a lane are
// handled in order. Default 8.
func Concurrency(n int) Option { return func(c *config) { c.concurrency = max(1, n) } }

// MaxPollRecords bounds the records per batch, which is one transaction.
// Default 500.
func MaxPollRecords(n int) Option { return func(c *config) { c.maxPollRecords = max(1, n) } }

// TransactionTimeout is how long the broker lets a transaction stay open
// before aborting it and fencing its producer. No transaction of the
// runtime holds a long step's work (see HandleLong): one covers the
// handling of a batch of short records and the emission of finished jobs.
// Default 10s.
func TransactionTimeout(d time.Duration) Option {
	return func(c *config) { c.transactionTimeout = d }
}

// DrainTimeout bounds how long shutdown waits for the open batch to finish
// before aborting its transaction. Default 20s.
func DrainTimeout(d time.Duration) Option { return func(c *config) { c.drainTimeout = d } }

// Logger sets the logger. Default slog.Default().
func Logger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// Registerer sets where metrics are registered. Default a private registry.
// It is an argument of New only: Configure refuses it.
func Registerer(r prometheus.Registerer) Option { return func(c *config) { c.registerer = r } }

// TracerProvider sets the tracer provider. Default a no-op provider that
// still propagates incoming trace context.
func TracerProvider(tp trace.TracerProvider) Option { return func(c *config) { c.tracer = tp } }

// ServerSideAssignment joins the group with the KIP-848 consumer protocol
// (Kafka 4.0+), where the broker assigns partitions (uniform, sticky),
// instead of the classic protocol with the client's cooperative-sticky
// balancer. It replaces Balancers. Default off: see docs/runtime.md.
func ServerSideAssignment() Option { return func(c *config) { c.serverSide = true } }

// Balancers sets the consumer group's partition balancers, in order of
// preference. Default franz-go's cooperative-sticky balancer. A service
// that keeps state per partition number across several topics (topics with
// equal partition counts, keyed alike) uses kgo.RangeBalancer(), which
// assigns partition p of every consumed topic to the same member.
func Balancers(b ...kgo.GroupBalancer) Option {
	return func(c *config) { c.balancers = b }
}

// OrderAcrossTopics handles the records of a batch that share a partition
// number, whatever their topic, on one goroutine in batch order (by default
// each record key of a topic-partition has its own). A service that keeps state per
// partition number across co-partitioned topics (see Balancers) needs it:
// its handler then never runs twice at once for one partition number, and
// the outputs of those records are produced in the order they were handled.
func OrderAcrossTopics() Option { return func(c *config) { c.byPartitionNumber = true } }

// OnAssigned sets a function called with the partitions (topic to
// partition numbers) assigned to this replica, each time the group assigns
// some. It runs on the client's group goroutine before the committed offsets
// of those partitions are fetched, so it must not block for long; load
// per-partition state lazily, on the first record, instead. Default none.
func OnAssigned(fn func(ctx context.Context, assigned map[string][]int32)) Option {
	return func(c *config) { c.onAssigned = fn }
}

// OnRevoked sets a function called with the partitions this replica no
// longer owns: revoked in a rebalance or lost (session expired, fenced). It
// may run while a batch is being handled; that batch's transaction then
// aborts (OnBatchEnd reports false). It runs on the client's group
// goroutine and must not block for long. Default none.
func OnRevoked(fn func(ctx context.Context, revoked map[string][]int32)) Option {
	return func(c *config) { c.onRevoked = fn }
}

// BeforeCommit sets a function called on the processing loop before each
// transaction that carries outputs or consumed offsets commits, once every
// handler of its batch returned and its outputs are produced: an error
// aborts the transaction (the batch is consumed again after a pause, as
// after any failure of its own). Handlers that leave a side effect to be
// made durable once per batch (ingest's adopted documents, synced by one
// syncfs instead of two fsyncs each) make it so here: it runs before
// anything that names it is visible. Default none.
func BeforeCommit(fn func(ctx context.Context) error) Option {
	return func(c *config) { c.beforeCommit = fn }
}

// OnBatchEnd sets a function called on the processing loop after each
// batch's transaction ended and before the next poll: committed is true when
// the batch's outputs and offsets are committed, false when the transaction
// aborted (the batch will be consumed again). Handlers that keep state
// which must follow the transaction (a chain head, a counter) promote or
// discard what the batch staged here. Default none.
func OnBatchEnd(fn func(ctx context.Context, committed bool)) Option {
	return func(c *config) { c.onBatchEnd = fn }
}

// Jobs sets the durable store of long-step jobs (jobs.Store on Redis). It is
// required when a handler is registered with HandleLong.
func Jobs(s JobStore) Option { return func(c *config) { c.jobs = s } }

// LongWorkers bounds how many long-step jobs run at once on this replica.
// Default 2.
func LongWorkers(n int) Option { return func(c *config) { c.longWorkers = max(1, n) } }

// LongQueue bounds how many long-step jobs this replica holds, queued or
// running: at that many, fetching the long steps' topics pauses until half
// of them are done. Default 1000.
func LongQueue(n int) Option { return func(c *config) { c.longQueue = max(1, n) } }

// JobLease is how long this replica's hold on its long-step jobs lasts
// without a heartbeat (heartbeats run every third of it): after a crash,
// another replica takes its jobs over once it passes; a replica restarted
// under the same InstanceID takes them back at once. A canceled workflow
// reaches a running job within one heartbeat. Default 15s.
func JobLease(d time.Duration) Option {
	return func(c *config) { c.jobLease = max(300*time.Millisecond, d) }
}

// ReportAfter is how long a long-step job runs before it reports: its
// step_started event (with when it began and how long it waited queued)
// and from then on its progress, at most once a second. A job that
// finishes sooner reports nothing but its outputs, since every step event
// costs each consumer of docket.workflow.control. 0 reports every job.
// Default 1s.
func ReportAfter(d time.Duration) Option { return func(c *config) { c.reportAfter = max(0, d) } }

// EmitWait bounds how long a finished long-step job waits for others to be
// emitted with while more jobs run or are queued: jobs that finish within
// it go out in one transaction (at most MaxPollRecords of them), so the
// hops downstream consume them as one batch. With no job running or
// queued, finished jobs go out at once. Default 250ms.
func EmitWait(d time.Duration) Option { return func(c *config) { c.emitWait = max(0, d) } }

// TenantShares sets each tenant's weight and cap in the fair scheduling of
// long-step jobs; tenants not in the map have weight 1 and no cap.
func TenantShares(shares map[string]Share) Option {
	return func(c *config) {
		c.shares = func(t string) Share {
			if s, ok := shares[t]; ok {
				return s
			}
			return Share{Weight: 1}
		}
	}
}

// Produces lists the topics the service's handlers emit to, so that Run can
// refuse a configuration that cannot work (CancelCheck or HandleLong
// without docket.workflow.control among them) before the first record.
// Default none: not checked.
func Produces(topics ...string) Option { return func(c *config) { c.produces = topics } }

// HandlerOption configures one handler.
type HandlerOption func(*route)

// Retry sets the in-process retry policy for transient handler failures.
// Default retry.Default.
func Retry(p retry.Policy) HandlerOption { return func(r *route) { r.policy = p } }

// Timeout bounds one handler attempt. Default 30s.
func Timeout(d time.Duration) HandlerOption { return func(r *route) { r.timeout = d } }

// Quick marks, on a long step (HandleLong), the events whose jobs take a
// fraction of a typical job's time — OCR's plain-text documents beside
// its scans. A replica runs its queued quick jobs before the others,
// fairly across tenants, whatever their priority: a job of milliseconds
// then waits for a free worker, not for the scans queued before it.
// Jobs taken over from another replica run in their priority's lane.
func Quick[T events.Event](fn func(T) bool) HandlerOption {
	return func(r *route) {
		r.quick = func(e events.Event) bool {
			t, ok := e.(T)
			return ok && fn(t)
		}
	}
}
