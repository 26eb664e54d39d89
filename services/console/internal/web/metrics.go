package web

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Target is one service's /metrics endpoint.
type Target struct {
	Service string
	URL     string
}

// ParseTargets reads "service=url,…".
func ParseTargets(s string) ([]Target, error) {
	var out []Target
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		name, u, ok := strings.Cut(part, "=")
		if !ok || name == "" || !(strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")) {
			return nil, fmt.Errorf("metrics target %q: want service=http://host:port/metrics", part)
		}
		out = append(out, Target{Service: strings.TrimSpace(name), URL: strings.TrimSpace(u)})
	}
	return out, nil
}

// ServiceMetrics is what the overview shows of one service, read from the
// same /metrics Prometheus scrapes.
type ServiceMetrics struct {
	Service      string   `json:"service"`
	Error        string   `json:"error,omitempty"`
	Processed    float64  `json:"processed"`
	DeadLettered float64  `json:"dead_lettered"`
	QueueAgeP50  *float64 `json:"queue_age_p50_s,omitempty"`
	QueueAgeP95  *float64 `json:"queue_age_p95_s,omitempty"`
	JobsQueued   float64  `json:"jobs_queued"`
	JobsRunning  float64  `json:"jobs_running"`
	// ConsumerLag: offsets not yet polled over the partitions the service
	// holds (docket_consumer_lag added up); nil when it exports none.
	ConsumerLag *float64 `json:"consumer_lag,omitempty"`
	// Breakers: the exception agent's redelivery breakers by service
	// (0 closed, 1 half-open, 2 open).
	Breakers map[string]float64 `json:"breakers,omitempty"`
	// Timers: the tracker's fired timers by kind (review_escalated is a
	// review SLA breach).
	Timers map[string]float64 `json:"timers,omitempty"`
}

// scrape reads every target at once, each within 3 s.
func (s *Server) scrape(ctx context.Context) []ServiceMetrics {
	out := make([]ServiceMetrics, len(s.o.Metrics))
	var wg sync.WaitGroup
	for i, t := range s.o.Metrics {
		wg.Go(func() {
			m := ServiceMetrics{Service: t.Service}
			fams, err := s.fetchMetrics(ctx, t.URL)
			if err != nil {
				m.Error = err.Error()
			} else {
				summarize(&m, fams)
			}
			out[i] = m
		})
	}
	wg.Wait()
	return out
}

func (s *Server) fetchMetrics(ctx context.Context, u string) (map[string]*dto.MetricFamily, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/plain; version=0.0.4")
	res, err := s.o.HTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("unreachable: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("answered %d", res.StatusCode)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	return p.TextToMetricFamilies(io.LimitReader(res.Body, 16<<20))
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

func summarize(out *ServiceMetrics, fams map[string]*dto.MetricFamily) {
	for _, m := range fams["docket_handler_processed_total"].GetMetric() {
		if label(m, "outcome") == "ok" {
			out.Processed += m.GetCounter().GetValue()
		}
	}
	// The saga tracker handles no events through the runtime: what it
	// processed is what it applied to its projection.
	for _, m := range fams["docket_sagatracker_events_applied_total"].GetMetric() {
		out.Processed += m.GetCounter().GetValue()
	}
	for _, m := range fams["docket_handler_dead_lettered_total"].GetMetric() {
		out.DeadLettered += m.GetCounter().GetValue()
	}
	for _, m := range fams["docket_jobs_queued"].GetMetric() {
		out.JobsQueued += m.GetGauge().GetValue()
	}
	for _, m := range fams["docket_jobs_running"].GetMetric() {
		out.JobsRunning += m.GetGauge().GetValue()
	}
	if lag := fams["docket_consumer_lag"].GetMetric(); lag != nil {
		var sum float64
		for _, m := range lag {
			sum += m.GetGauge().GetValue()
		}
		out.ConsumerLag = &sum
	}
	for _, m := range fams["docket_exception_breaker_state"].GetMetric() {
		if out.Breakers == nil {
			out.Breakers = map[string]float64{}
		}
		out.Breakers[label(m, "service")] = m.GetGauge().GetValue()
	}
	for _, m := range fams["docket_sagatracker_timers_fired_total"].GetMetric() {
		if out.Timers == nil {
			out.Timers = map[string]float64{}
		}
		out.Timers[label(m, "kind")] = m.GetCounter().GetValue()
	}
	// Queue age over every topic the service handles, since it started:
	// the histograms' buckets added up.
	var count float64
	buckets := map[float64]float64{}
	for _, m := range fams["docket_handler_queue_age_seconds"].GetMetric() {
		h := m.GetHistogram()
		count += float64(h.GetSampleCount())
		for _, b := range h.GetBucket() {
			buckets[b.GetUpperBound()] += float64(b.GetCumulativeCount())
		}
	}
	if count > 0 {
		p50, p95 := quantile(buckets, count, 0.5), quantile(buckets, count, 0.95)
		out.QueueAgeP50, out.QueueAgeP95 = &p50, &p95
	}
}

// quantile estimates q from cumulative buckets as Prometheus'
// histogram_quantile does: linear within the bucket that holds it.
func quantile(buckets map[float64]float64, count, q float64) float64 {
	bounds := make([]float64, 0, len(buckets))
	for b := range buckets {
		bounds = append(bounds, b)
	}
	sort.Float64s(bounds)
	rank := q * count
	prevBound, prevCount := 0.0, 0.0
	for _, b := range bounds {
		c := buckets[b]
		if c >= rank {
			if math.IsInf(b, 1) {
				return prevBound
			}
			if c == prevCount {
				return b
			}
			return prevBound + (b-prevBound)*(rank-prevCount)/(c-prevCount)
		}
		prevBound, prevCount = b, c
	}
	return prevBound
}
