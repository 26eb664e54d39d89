package bench

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Cost is what one measured run spent, every process counted: the CPU of
// each service, redis-server, the broker's processes and the harness
// (kfake, the registry, the feeder and the reader of the outputs), the
// commands and round trips redis-server served, and the Kafka transactions
// and data records produced.
type Cost struct {
	// Workflows is the denominator: workflows recorded in the run.
	Workflows int `json:"workflows"`
	// CPUSeconds is utime+stime of every process over the run.
	CPUSeconds float64 `json:"cpu_seconds"`
	// CPUByProcess splits CPUSeconds by process (service, redis-server,
	// broker node, harness).
	CPUByProcess map[string]float64 `json:"cpu_seconds_by_process,omitempty"`
	// RedisCommands is the growth of redis-server's
	// total_commands_processed (commands run by scripts included), less
	// the INFO that measured it.
	RedisCommands float64 `json:"redis_commands"`
	// RedisRoundTrips is the growth of total_reads_processed: each read
	// event of a client connection is one request (a pipeline that
	// arrives in one read counts once; one larger than redis-server's
	// 16 KiB read buffer counts once per read), less the measuring INFO.
	RedisRoundTrips float64 `json:"redis_round_trips"`
	// RedisByCommand is the growth of each command's calls (INFO
	// commandstats), most called first.
	RedisByCommand []CommandCalls `json:"redis_calls_by_command,omitempty"`
	// Transactions is the Kafka transactions committed or aborted.
	Transactions float64 `json:"transactions"`
	// Records is the data records produced (control records left out).
	Records float64 `json:"records_produced"`
	// Delivered is the records consumers fetched, 0 when not counted.
	Delivered float64 `json:"records_delivered,omitempty"`
}

// CommandCalls is one Redis command's calls over a run.
type CommandCalls struct {
	Command string  `json:"command"`
	Calls   float64 `json:"calls"`
}

// per returns v per workflow.
func (c Cost) per(v float64) float64 { return v / float64(max(1, c.Workflows)) }

// CPUMsPerWorkflow is the CPU of every process per workflow, in
// milliseconds.
func (c Cost) CPUMsPerWorkflow() float64 { return 1000 * c.per(c.CPUSeconds) }

// Line returns the cost as the `bench cost:` line's fields.
func (c Cost) Line() string {
	return fmt.Sprintf("cpu_ms_per_wf=%.2f redis_cmds_per_wf=%.1f redis_round_trips_per_wf=%.1f txns_per_wf=%.2f records_per_wf=%.1f",
		c.CPUMsPerWorkflow(), c.per(c.RedisCommands), c.per(c.RedisRoundTrips), c.per(c.Transactions), c.per(c.Records))
}

// ByProcess returns the CPU per workflow of each process, in
// milliseconds, largest first: `ingest=0.52 redis-server=0.40 …`.
func (c Cost) ByProcess() string {
	names := make([]string, 0, len(c.CPUByProcess))
	for n := range c.CPUByProcess {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		if d := c.CPUByProcess[b] - c.CPUByProcess[a]; d != 0 {
			return int(math.Copysign(1, d))
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s=%.2f", strings.ReplaceAll(n, " ", "_"), 1000*c.per(c.CPUByProcess[n]))
	}
	return strings.Join(parts, " ")
}

// RedisStats are the counters of redis-server's INFO stats and
// commandstats sections that the cost reads.
type RedisStats struct {
	Commands float64            // total_commands_processed
	Reads    float64            // total_reads_processed
	Calls    map[string]float64 // cmdstat_<command>: calls
}

// ParseRedisInfo reads INFO's answer (any sections; stats and
// commandstats are used).
func ParseRedisInfo(info string) (RedisStats, error) {
	st := RedisStats{Calls: map[string]float64{}}
	var haveCmds, haveReads bool
	for l := range strings.SplitSeq(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(l), ":")
		if !ok || strings.HasPrefix(k, "#") {
			continue
		}
		var err error
		switch {
		case k == "total_commands_processed":
			st.Commands, err = strconv.ParseFloat(v, 64)
			haveCmds = true
		case k == "total_reads_processed":
			st.Reads, err = strconv.ParseFloat(v, 64)
			haveReads = true
		case strings.HasPrefix(k, "cmdstat_"):
			calls, found := "", false
			for f := range strings.SplitSeq(v, ",") {
				if c, ok := strings.CutPrefix(f, "calls="); ok {
					calls, found = c, true
				}
			}
			if !found {
				return st, fmt.Errorf("redis INFO: %s has no calls: %q", k, v)
			}
			st.Calls[strings.TrimPrefix(k, "cmdstat_")], err = strconv.ParseFloat(calls, 64)
		}
		if err != nil {
			return st, fmt.Errorf("redis INFO: %s: %w", k, err)
		}
	}
	if !haveCmds || !haveReads {
		return st, fmt.Errorf("redis INFO: no total_commands_processed or total_reads_processed (INFO stats, Redis 6 or later)")
	}
	return st, nil
}

// infoCalls is what one INFO adds to the counters between two snapshots:
// the first snapshot's command is counted after its answer was built, the
// second's read before.
const infoCalls = 1

// redisBetween fills c's Redis fields from the snapshots before and after a run.
func (c *Cost) redisBetween(before, after RedisStats) {
	c.RedisCommands = max(0, after.Commands-before.Commands-infoCalls)
	c.RedisRoundTrips = max(0, after.Reads-before.Reads-infoCalls)
	c.RedisByCommand = nil
	for cmd, n := range after.Calls {
		d := n - before.Calls[cmd]
		if cmd == "info" {
			d -= infoCalls
		}
		if d > 0 {
			c.RedisByCommand = append(c.RedisByCommand, CommandCalls{Command: cmd, Calls: d})
		}
	}
	slices.SortFunc(c.RedisByCommand, func(a, b CommandCalls) int {
		if a.Calls != b.Calls {
			if a.Calls > b.Calls {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Command, b.Command)
	})
}

// Sample is one line of the Prometheus text format.
type Sample struct {
	Name   string
	Labels map[string]string
	Value  float64
}

// Metrics are the samples of one or more /metrics answers.
type Metrics []Sample

// ParseMetrics reads the Prometheus text exposition format. Comments and
// timestamps are skipped.
func ParseMetrics(r io.Reader) (Metrics, error) {
	var out Metrics
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		s := Sample{Labels: map[string]string{}}
		rest := l
		if i := strings.IndexAny(l, "{ "); i < 0 {
			return nil, fmt.Errorf("metrics: no value in %q", l)
		} else if l[i] == '{' {
			s.Name = l[:i]
			var err error
			if rest, err = parseLabels(l[i+1:], s.Labels); err != nil {
				return nil, fmt.Errorf("metrics: %q: %w", l, err)
			}
		} else {
			s.Name, rest = l[:i], l[i:]
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			return nil, fmt.Errorf("metrics: no value in %q", l)
		}
		v, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			return nil, fmt.Errorf("metrics: %q: %w", l, err)
		}
		s.Value = v
		out = append(out, s)
	}
	return out, sc.Err()
}

// parseLabels reads `k="v",...}` into labels and returns what follows the
// closing brace.
func parseLabels(s string, labels map[string]string) (string, error) {
	for {
		s = strings.TrimLeft(s, " ,")
		if strings.HasPrefix(s, "}") {
			return s[1:], nil
		}
		eq := strings.IndexByte(s, '=')
		if eq < 0 || len(s) < eq+2 || s[eq+1] != '"' {
			return "", fmt.Errorf("bad label at %q", s)
		}
		key := strings.TrimSpace(s[:eq])
		var v strings.Builder
		i := eq + 2
		for ; i < len(s) && s[i] != '"'; i++ {
			if s[i] == '\\' && i+1 < len(s) {
				i++
				switch s[i] {
				case 'n':
					v.WriteByte('\n')
				default:
					v.WriteByte(s[i])
				}
				continue
			}
			v.WriteByte(s[i])
		}
		if i >= len(s) {
			return "", fmt.Errorf("unterminated label value at %q", s)
		}
		labels[key] = v.String()
		s = s[i+1:]
	}
}

// matches reports whether every label of want has its value in s.
func (s Sample) matches(name string, want map[string]string) bool {
	if s.Name != name {
		return false
	}
	for k, v := range want {
		if s.Labels[k] != v {
			return false
		}
	}
	return true
}

// Sum adds up the samples of name whose labels include want.
func (m Metrics) Sum(name string, want map[string]string) float64 {
	var t float64
	for _, s := range m {
		if s.matches(name, want) {
			t += s.Value
		}
	}
	return t
}

// Histogram is a cumulative Prometheus histogram: the count of
// observations at or below each upper bound, the last +Inf.
type Histogram struct {
	Bounds []float64
	Counts []float64
}

// Histogram returns the histogram name (without _bucket) of the samples
// whose labels include want, their buckets added up.
func (m Metrics) Histogram(name string, want map[string]string) Histogram {
	byLe := map[float64]float64{}
	for _, s := range m {
		if !s.matches(name+"_bucket", want) {
			continue
		}
		le, err := strconv.ParseFloat(s.Labels["le"], 64)
		if err != nil {
			continue
		}
		byLe[le] += s.Value
	}
	var h Histogram
	for le := range byLe {
		h.Bounds = append(h.Bounds, le)
	}
	slices.Sort(h.Bounds)
	for _, le := range h.Bounds {
		h.Counts = append(h.Counts, byLe[le])
	}
	return h
}

// Sub returns the observations of h made since before (same buckets).
func (h Histogram) Sub(before Histogram) Histogram {
	out := Histogram{Bounds: slices.Clone(h.Bounds), Counts: slices.Clone(h.Counts)}
	for i, le := range out.Bounds {
		if j := slices.Index(before.Bounds, le); j >= 0 {
			out.Counts[i] = max(0, out.Counts[i]-before.Counts[j])
		}
	}
	return out
}

// Count is the number of observations.
func (h Histogram) Count() float64 {
	if len(h.Counts) == 0 {
		return 0
	}
	return h.Counts[len(h.Counts)-1]
}

// Quantile estimates the q-quantile as Prometheus' histogram_quantile
// does: linear within the bucket holding the rank, from 0 for the first;
// a rank in the +Inf bucket gives the highest finite bound. NaN when empty.
func (h Histogram) Quantile(q float64) float64 {
	n := h.Count()
	if n == 0 {
		return math.NaN()
	}
	rank := q * n
	prevBound, prevCount := 0.0, 0.0
	for i, le := range h.Bounds {
		c := h.Counts[i]
		if c >= rank && c > prevCount {
			if math.IsInf(le, 1) {
				return prevBound
			}
			return prevBound + (le-prevBound)*(rank-prevCount)/(c-prevCount)
		}
		prevBound, prevCount = le, c
	}
	return prevBound
}
