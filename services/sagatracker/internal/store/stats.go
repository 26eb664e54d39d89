package store

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
)

// Stats are the figures of GetStats, from the aggregates the apply script
// maintains: per-minute counters (by event time) and the current status
// counts and live sets.
type Stats struct {
	From, To time.Time
	// Active counts the workflows in the agents' hands now (queued,
	// running, retrying); Retrying and WaitingReview those in these
	// statuses; Parked those with an item parked at the exception agent,
	// whatever their status (a structural failure also waits for review).
	Active, Parked, Retrying, WaitingReview int64
	// In the window: workflows started and ended (by status), ended after a
	// dead letter, dead letters, review requests, accepted classifications.
	Started, Completed, Failed, Canceled, TimedOut int64
	Ended, EndedWithException                      int64
	DeadLetters, Reviews, Auto                     int64
	Steps                                          []StepStats
	Decisions                                      []DecisionCount
}

// ExceptionRate is the share of the workflows ended in the window that were
// dead-lettered at least once.
func (s Stats) ExceptionRate() float64 { return ratio(s.EndedWithException, s.Ended) }

// ReviewRate is the share of classification outcomes sent to review.
func (s Stats) ReviewRate() float64 { return ratio(s.Reviews, s.Reviews+s.Auto) }

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// StepStats are one step's figures: processing time of the steps finished
// in the window (two significant digits), and the queue age of the
// workflows queued or running at it now.
type StepStats struct {
	Step                   string
	Finished               int64
	P50, P95, P99          time.Duration
	Waiting                int64
	AgeP50, AgeP95, AgeP99 time.Duration
}

// DecisionCount counts the decisions of one document type and model version.
type DecisionCount struct {
	DocumentType, ModelVersion string
	Count                      int64
}

// parkedCount is the counts field (after "<tenant>|") of the workflows with
// a parked item.
const parkedCount = "@parked"

var quantiles = [3]float64{0.50, 0.95, 0.99}

// Stats returns the figures of the window of whole minutes ending at now
// (the current minute included), for tenant or, when it is empty, for all
// (the sums of every tenant's). queueAge adds the live sets' queue ages
// (global, not per tenant).
func (s *Store) Stats(ctx context.Context, tenant string, now time.Time, window time.Duration, queueAge bool) (Stats, error) {
	inScope := func(field string) (string, bool) {
		sc, name, ok := strings.Cut(field, "|")
		return name, ok && (tenant == "" || sc == tenant)
	}
	minutes := int64(window / time.Minute)
	last := now.UnixMilli() / 60000
	first := last - minutes + 1
	st := Stats{From: time.UnixMilli(first * 60000).UTC(), To: now}
	pipe := s.rdb.Pipeline()
	buckets := make([]*redis.MapStringStringCmd, 0, minutes)
	for m := first; m <= last; m++ {
		buckets = append(buckets, pipe.HGetAll(ctx, s.prefix+"stats:"+strconv.FormatInt(m, 10)))
	}
	counts := pipe.HGetAll(ctx, s.prefix+"counts")
	if _, err := pipe.Exec(ctx); err != nil {
		return Stats{}, fault.Wrap(fault.Transient, fmt.Errorf("read statistics: %w", err))
	}
	for f, v := range counts.Val() {
		status, ok := inScope(f)
		n, _ := strconv.ParseInt(v, 10, 64)
		if !ok {
			continue
		}
		switch status {
		case projection.StatusQueued, projection.StatusRunning:
			st.Active += n
		case projection.StatusRetrying:
			st.Active += n
			st.Retrying += n
		case projection.StatusWaitingReview:
			st.WaitingReview += n
		case parkedCount:
			st.Parked += n
		}
	}
	proc := map[string]map[int64]int64{}
	untimed := map[string]int64{}
	decisions := map[[2]string]int64{}
	for _, b := range buckets {
		for f, v := range b.Val() {
			name, ok := inScope(f)
			n, _ := strconv.ParseInt(v, 10, 64)
			if !ok {
				continue
			}
			if step, ok := strings.CutPrefix(name, "f:"); ok {
				untimed[step] += n
				continue
			}
			st.add(name, n, proc, decisions)
		}
	}
	var steps []string
	for step := range proc {
		steps = append(steps, step)
	}
	for step := range untimed {
		if proc[step] == nil {
			steps = append(steps, step)
		}
	}
	var live []string
	if queueAge {
		var err error
		if live, err = s.liveStages(ctx); err != nil {
			return Stats{}, err
		}
	}
	for _, step := range withStepOrder(append(steps, live...)) {
		ss := StepStats{Step: step, Finished: untimed[step]}
		for _, n := range proc[step] {
			ss.Finished += n
		}
		ds := [3]*time.Duration{&ss.P50, &ss.P95, &ss.P99}
		for i, q := range quantiles {
			*ds[i] = time.Duration(percentile(proc[step], q)) * time.Millisecond
		}
		if queueAge {
			if err := s.queueAge(ctx, step, now, &ss); err != nil {
				return Stats{}, err
			}
		}
		st.Steps = append(st.Steps, ss)
	}
	for k, n := range decisions {
		st.Decisions = append(st.Decisions, DecisionCount{DocumentType: k[0], ModelVersion: k[1], Count: n})
	}
	sort.Slice(st.Decisions, func(i, j int) bool {
		a, b := st.Decisions[i], st.Decisions[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.DocumentType != b.DocumentType {
			return a.DocumentType < b.DocumentType
		}
		return a.ModelVersion < b.ModelVersion
	})
	return st, nil
}

// add counts one per-minute figure.
func (st *Stats) add(name string, n int64, proc map[string]map[int64]int64, decisions map[[2]string]int64) {
	counters := map[string]*int64{
		"started": &st.Started, projection.StatusCompleted: &st.Completed, projection.StatusFailed: &st.Failed,
		projection.StatusCanceled: &st.Canceled, projection.StatusTimedOut: &st.TimedOut,
		"ended_exc": &st.EndedWithException, "dlq": &st.DeadLetters, "reviews": &st.Reviews,
	}
	if c, ok := counters[name]; ok {
		*c += n
		if projection.Terminal(name) {
			st.Ended += n
		}
		return
	}
	if rest, ok := strings.CutPrefix(name, "p:"); ok {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			return
		}
		ms, err := strconv.ParseInt(rest[i+1:], 10, 64)
		if err != nil {
			return
		}
		step := rest[:i]
		if proc[step] == nil {
			proc[step] = map[int64]int64{}
		}
		proc[step][ms] += n
		return
	}
	rest, auto := strings.CutPrefix(name, "auto:")
	if !auto {
		var ok bool
		if rest, ok = strings.CutPrefix(name, "reviewed:"); !ok {
			return
		}
	}
	if i := strings.LastIndexByte(rest, '|'); i >= 0 {
		decisions[[2]string{rest[:i], rest[i+1:]}] += n
		if auto {
			st.Auto += n
		}
	}
}

// queueAge sets the number of workflows live at step and the quantiles of
// how long they have waited since their latest event: the live set is
// ordered by that time, so each quantile is one read by rank.
func (s *Store) queueAge(ctx context.Context, step string, now time.Time, ss *StepStats) error {
	key := s.prefix + "live:" + step
	n, err := s.rdb.ZCard(ctx, key).Result()
	if err != nil {
		return fault.Wrap(fault.Transient, fmt.Errorf("count live workflows at %s: %w", step, err))
	}
	ss.Waiting = n
	if n == 0 {
		return nil
	}
	ds := [3]*time.Duration{&ss.AgeP50, &ss.AgeP95, &ss.AgeP99}
	for i, q := range quantiles {
		// The rank-th smallest age is the rank-th highest latest-event time.
		rank := int64(math.Ceil(q * float64(n)))
		zs, err := s.rdb.ZRevRangeWithScores(ctx, key, rank-1, rank-1).Result()
		if err != nil {
			return fault.Wrap(fault.Transient, fmt.Errorf("read live workflows at %s: %w", step, err))
		}
		if len(zs) == 1 {
			*ds[i] = max(now.Sub(time.UnixMilli(int64(zs[0].Score))), 0)
		}
	}
	return nil
}
