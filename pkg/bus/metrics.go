package bus

import (
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/docket-run/docket/pkg/telemetry"
)

// Outcomes of one consumed record.
const (
	outcomeOK        = "ok"
	outcomeDLQ       = "dlq"
	outcomeDuplicate = "duplicate"
)

type metrics struct {
	processed  *prometheus.CounterVec
	duration   *prometheus.HistogramVec
	queueAge   *prometheus.HistogramVec
	dlq        *prometheus.CounterVec
	retries    *prometheus.CounterVec
	duplicates *prometheus.CounterVec
	txns       *prometheus.CounterVec
	batch      prometheus.Histogram
	fetchErrs  *prometheus.CounterVec
	txnOpen    prometheus.Histogram
	txnOpenMax prometheus.Gauge
	sessions   prometheus.Counter
	panics     *prometheus.CounterVec
	jobsQueued prometheus.GaugeFunc
	jobsActive prometheus.GaugeFunc
	jobs       *prometheus.CounterVec
	paused     prometheus.Gauge
	// compensations counts the steps' compensations by step and outcome.
	compensations *prometheus.CounterVec
	lag           *telemetry.ConsumerLag
	byTopic       sync.Map // topic -> *topicMetrics
}

// topicMetrics are the children every handled record of a topic updates,
// looked up once per topic rather than by label values per record.
type topicMetrics struct {
	ok       prometheus.Counter
	duration prometheus.Observer
	queueAge prometheus.Observer
}

func (m *metrics) topic(t string) *topicMetrics {
	if tm, ok := m.byTopic.Load(t); ok {
		return tm.(*topicMetrics)
	}
	tm, _ := m.byTopic.LoadOrStore(t, &topicMetrics{
		ok:       m.processed.WithLabelValues(t, outcomeOK),
		duration: m.duration.WithLabelValues(t),
		queueAge: m.queueAge.WithLabelValues(t),
	})
	return tm.(*topicMetrics)
}

func newMetrics(reg prometheus.Registerer, service string, queued, active func() float64) (*metrics, error) {
	c := prometheus.Labels{"service": service}
	m := &metrics{
		processed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "handler", Name: "processed_total", ConstLabels: c,
			Help: "Records consumed, by topic and outcome (ok, dlq, duplicate).",
		}, []string{"topic", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "docket", Subsystem: "handler", Name: "duration_seconds", ConstLabels: c,
			Help:    "Time spent in the handler per record, retries included.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 18),
		}, []string{"topic"}),
		queueAge: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "docket", Subsystem: "handler", Name: "queue_age_seconds", ConstLabels: c,
			Help:    "Time between an event's occurred_at and the start of its handling.",
			Buckets: prometheus.ExponentialBuckets(0.001, 2, 22),
		}, []string{"topic"}),
		dlq: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "handler", Name: "dead_lettered_total", ConstLabels: c,
			Help: "Records sent to the service's dead-letter topic, by error class.",
		}, []string{"topic", "class"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "handler", Name: "retries_total", ConstLabels: c,
			Help: "In-process retries of transient handler failures.",
		}, []string{"topic"}),
		duplicates: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "handler", Name: "duplicates_suppressed_total", ConstLabels: c,
			Help: "Duplicate events and repeated side effects suppressed by the idempotency store.",
		}, []string{"topic"}),
		txns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "runtime", Name: "transactions_total", ConstLabels: c,
			Help: "Kafka transactions ended, by result (committed, aborted).",
		}, []string{"result"}),
		batch: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: "docket", Subsystem: "runtime", Name: "batch_records", ConstLabels: c,
			Help:    "Records per polled batch (one transaction each).",
			Buckets: prometheus.ExponentialBuckets(1, 2, 12),
		}),
		fetchErrs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "runtime", Name: "fetch_errors_total", ConstLabels: c,
			Help: "Per-partition fetch errors reported by the client.",
		}, []string{"topic"}),
		txnOpen: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: "docket", Subsystem: "runtime", Name: "transaction_open_seconds", ConstLabels: c,
			Help:    "Time from a transaction's begin to its end.",
			Buckets: prometheus.ExponentialBuckets(0.001, 2, 16),
		}),
		txnOpenMax: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "docket", Subsystem: "runtime", Name: "transaction_open_max_seconds", ConstLabels: c,
			Help: "The longest any transaction of this process stayed open.",
		}),
		sessions: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "runtime", Name: "session_restarts_total", ConstLabels: c,
			Help: "Kafka sessions started again after a fenced producer or a failed transaction end.",
		}),
		panics: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "handler", Name: "panics_total", ConstLabels: c,
			Help: "Handler panics recovered (each record is dead-lettered).",
		}, []string{"topic"}),
		jobsQueued: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "docket", Subsystem: "jobs", Name: "queued", ConstLabels: c,
			Help: "Long-step jobs this replica holds, accepted and waiting for a worker.",
		}, queued),
		jobsActive: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "docket", Subsystem: "jobs", Name: "running", ConstLabels: c,
			Help: "Long-step jobs running on this replica's workers.",
		}, active),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "jobs", Name: "total", ConstLabels: c,
			Help: "Long-step jobs by outcome: inline (a quick record handled in its batch; one whose try there fails is accepted too), declined (a quick record its handler found long in its batch: ErrNotQuick), accepted, taken_over, completed, lost (taken over by another replica; never emitted), abandoned (left for takeover at shutdown), unconfirmed (emitted in a transaction whose commit was not confirmed; settled by its marker), set_back (a run ended by infrastructure the job needs being unavailable, such as Redis or a side effect held under a dead replica's lease; run again here after a pause).",
		}, []string{"outcome"}),
		paused: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "docket", Subsystem: "jobs", Name: "fetch_paused", ConstLabels: c,
			Help: "1 while fetching of long-step topics is paused because the job queue is full.",
		}),
		compensations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "docket", Subsystem: "handler", Name: "compensations_total", ConstLabels: c,
			Help: "Compensations of this service's steps by step and outcome: compensated, nothing_to_undo, compensation_failed.",
		}, []string{"step", "outcome"}),
	}
	for _, col := range []prometheus.Collector{m.processed, m.duration, m.queueAge, m.dlq, m.retries, m.duplicates, m.txns, m.batch, m.fetchErrs,
		m.txnOpen, m.txnOpenMax, m.sessions, m.panics, m.jobsQueued, m.jobsActive, m.jobs, m.paused, m.compensations} {
		if err := reg.Register(col); err != nil {
			return nil, err
		}
	}
	lag, err := telemetry.NewConsumerLag(reg, c)
	if err != nil {
		return nil, err
	}
	m.lag = lag
	return m, nil
}
