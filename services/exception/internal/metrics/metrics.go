// Package metrics holds the exception agent's Prometheus metrics.
package metrics

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/docket-run/docket/services/exception/internal/breaker"
)

// Metrics are the agent's metrics. Labels: service is the target service
// of a dead letter or redelivery.
type Metrics struct {
	// Decisions counts dead letters decided, by decision: retry_scheduled,
	// parked_structural, parked_semantic, parked_message_bound,
	// parked_workflow_bound.
	Decisions *prometheus.CounterVec
	// Redelivered counts redeliveries produced to retry topics.
	Redelivered *prometheus.CounterVec
	// RateLimited counts due redeliveries the shared rate limit pushed back.
	RateLimited *prometheus.CounterVec
	// BreakerDeferred counts due redeliveries an open breaker pushed back.
	BreakerDeferred *prometheus.CounterVec
	// BreakerFailures counts redeliveries that came back dead-lettered.
	BreakerFailures *prometheus.CounterVec
	// BreakerOpened counts the times this replica opened a breaker.
	BreakerOpened *prometheus.CounterVec
	// BreakerState is the state this replica last saw: 0 closed, 1
	// half-open, 2 open.
	BreakerState *prometheus.GaugeVec
	// Reviews counts review requests produced, by reason.
	Reviews *prometheus.CounterVec
	// Settled counts parked items removed because their workflow was
	// recorded in the ledger.
	Settled *prometheus.CounterVec
}

// New registers the metrics on reg.
func New(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		Decisions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_decisions_total",
			Help: "Dead letters decided, by target service and decision."}, []string{"service", "decision"}),
		Redelivered: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_redelivered_total",
			Help: "Redeliveries produced to a service's retry topic."}, []string{"service"}),
		RateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_rate_limited_total",
			Help: "Due redeliveries pushed back by the shared per-service rate limit."}, []string{"service"}),
		BreakerDeferred: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_breaker_deferred_total",
			Help: "Due redeliveries pushed back because the service's circuit breaker was open or probing."}, []string{"service"}),
		BreakerFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_breaker_failures_total",
			Help: "Redeliveries the service dead-lettered again, counted by its circuit breaker."}, []string{"service"}),
		BreakerOpened: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_breaker_opened_total",
			Help: "Times a service's circuit breaker was opened by this replica."}, []string{"service"}),
		BreakerState: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "docket_exception_breaker_state",
			Help: "Circuit breaker state last seen by this replica: 0 closed, 1 half-open, 2 open."}, []string{"service"}),
		Reviews: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_reviews_requested_total",
			Help: "Review requests produced, by reason."}, []string{"reason"}),
		Settled: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "docket_exception_settled_total",
			Help: "Parked items removed because their workflow was recorded in the ledger, by target service."}, []string{"service"}),
	}
	for _, c := range []prometheus.Collector{m.Decisions, m.Redelivered, m.RateLimited, m.BreakerDeferred, m.BreakerFailures, m.BreakerOpened, m.BreakerState, m.Reviews, m.Settled} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("register exception metrics: %w", err)
		}
	}
	return m, nil
}

// SetBreakerState records the state of service's breaker.
func (m *Metrics) SetBreakerState(service, state string) {
	v := 0.0
	switch state {
	case breaker.HalfOpen:
		v = 1
	case breaker.Open:
		v = 2
	}
	m.BreakerState.WithLabelValues(service).Set(v)
}
