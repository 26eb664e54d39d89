// Package bench holds the results of Docket's pipeline benchmark and writes
// them out: a comparison table, the summary lines `make bench` prints, JSON
// and CSV files and charts. The measurement itself is BenchmarkPipeline in
// this package's tests; it runs the services as separate processes.
package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Report is one run of the pipeline benchmark: the machine, a Results per
// broker measured (kfake first, then the real cluster), and the other
// benchmarks of the same `make bench` run.
type Report struct {
	Machine Machine `json:"machine"`
	// Runs are the measurements, one per broker, in the order run.
	Runs []*Results `json:"runs"`
	// Idempotency is the idempotency store's Claim+Complete ops/s, 0 when
	// not measured.
	Idempotency float64 `json:"idempotency_ops_per_s,omitempty"`
	// Others are summary lines of the other benchmarks of the same run
	// (`bench runtime:`, `bench tracker:`, ...).
	Others []string `json:"other_bench_lines,omitempty"`
}

// Results is the measurement on one broker.
type Results struct {
	// Broker is "kfake" or "kafka" (dockettest.Broker).
	Broker string `json:"broker"`
	// Setup describes the broker: where it runs and how the services and
	// the harness reach it.
	Setup string `json:"broker_setup"`
	// Rate is the fixed feed rate (records or workflows per second) at
	// which the raw chain's and Docket's latencies are compared.
	Rate float64 `json:"fixed_rate_per_s"`
	// Raw is the bare franz-go chain of transactional hops.
	Raw Raw `json:"raw"`
	// Reference is the reference pipeline (issue 18): Docket's topology
	// and guarantees on bare franz-go, sr.Serde with hamba/avro and Redis,
	// no business logic, fed in bulk on its own requested topic.
	Reference *Reference `json:"reference,omitempty"`
	// Pipelines are the no-op-engine pipeline runs, one per feed.
	Pipelines []Pipeline `json:"pipelines"`
	// Cost is Docket's cost over its bulk run fed by requested (the peak),
	// every process counted; the reference's is Reference.Cost.
	Cost *Cost `json:"cost,omitempty"`
	// CostFixed is Docket's cost over its fixed-rate run fed by requested.
	CostFixed *Cost `json:"cost_at_fixed_rate,omitempty"`
	// Services is each service process's CPU time and peak memory over
	// the no-op runs.
	Services []Usage `json:"services"`
	// Workflows is how many workflows the no-op runs recorded, the
	// denominator of the CPU per workflow.
	Workflows int `json:"noop_workflows"`
	// Harness is the benchmark's own process over the same runs: the
	// schema registry, the feeders and the follower, and kfake when it is
	// the broker.
	Harness *Usage `json:"harness,omitempty"`
	// Redis is the redis-server over the same runs.
	Redis *Usage `json:"redis,omitempty"`
	// BrokerProcs are the real cluster's JVMs over the same runs, one per
	// node ("kafka node <id>"); none on kfake, which runs in the harness.
	BrokerProcs []Usage `json:"broker_processes,omitempty"`
	// Engines is the run on the sample documents with the real engines.
	Engines *Engines `json:"engines,omitempty"`
}

// Machine describes where the run happened.
type Machine struct {
	CPU       string `json:"cpu"`
	Cores     int    `json:"cores"`
	MemoryMiB int64  `json:"memory_mib"`
	GoVersion string `json:"go_version"`
	OS        string `json:"os"`
	Kernel    string `json:"kernel"`
}

// Reference is the reference pipeline's bulk run.
type Reference struct {
	Workflows int     `json:"workflows"`
	PerSecond float64 `json:"workflows_per_s"`
	// Cost is its cost over the run, every process counted (the services
	// are not running yet).
	Cost Cost `json:"cost"`
	// Rate, Latency and FixedCost are its run at Docket's fixed rate, for
	// as long: requested sent to recorded read, and the cost of every
	// process but Docket's idle services.
	Rate      float64 `json:"latency_rate_per_s,omitempty"`
	Latency   Latency `json:"latency_at_fixed_rate"`
	FixedCost *Cost   `json:"cost_at_fixed_rate,omitempty"`
}

// Latency holds percentiles in milliseconds.
type Latency struct {
	P50 float64 `json:"p50_ms"`
	P95 float64 `json:"p95_ms"`
	P99 float64 `json:"p99_ms"`
	N   int     `json:"samples"`
}

// Raw is the bare chain's result.
type Raw struct {
	Hops        int     `json:"hops"`
	RecordBytes int     `json:"record_bytes"`
	Records     int     `json:"records"`
	PerSecond   float64 `json:"records_per_s"`
	Latency     Latency `json:"latency_at_fixed_rate"`
}

// Pipeline is one feed of the no-op pipeline.
type Pipeline struct {
	// Feed is "requested" (bulk producer on docket.document.requested) or
	// "http" (POST /v1/documents).
	Feed      string  `json:"feed"`
	Workflows int     `json:"workflows"`
	PerSecond float64 `json:"workflows_per_s"`
	// Rate is the fixed rate of the latency run: Results.Rate, or half
	// this feed's peak when that is lower.
	Rate float64 `json:"latency_rate_per_s"`
	// Latency is submit-to-recorded at Rate.
	Latency Latency `json:"latency_at_fixed_rate"`
	// Stages are the per-step latencies at Rate.
	Stages []Stage `json:"stages,omitempty"`
	// Splits are each step's queue age and processing time at Rate, from
	// the services' histograms.
	Splits []StageSplit `json:"stage_splits,omitempty"`
	// PeakStages are the per-step latencies during the peak run: the
	// step the backlog waits in front of is the one that limits it.
	PeakStages []Stage `json:"peak_stages,omitempty"`
}

// Stage is the time from a step's input event to its output event (queue
// age and processing together), from the records' timestamps.
type Stage struct {
	Name    string  `json:"stage"`
	Latency Latency `json:"latency"`
}

// StageSplit is one step's time at a fixed rate, split as the service
// sees it: queue age (docket_handler_queue_age_seconds: from the input
// event's occurred_at to the start of its handling) and processing
// (docket_handler_duration_seconds: the handler, retries included).
// Quantiles are interpolated within the histograms' buckets, which double
// from one to the next. What a stage takes beyond the two is the output's
// way out: the batch's marks, flush and commit.
type StageSplit struct {
	Name     string  `json:"stage"`
	Service  string  `json:"service"`
	Topic    string  `json:"topic"`
	QueueP50 float64 `json:"queue_age_p50_ms"`
	QueueP99 float64 `json:"queue_age_p99_ms"`
	ProcP50  float64 `json:"processing_p50_ms"`
	ProcP99  float64 `json:"processing_p99_ms"`
	N        int     `json:"samples"`
}

// Usage is a service process's resource use.
type Usage struct {
	Service    string  `json:"service"`
	CPUSeconds float64 `json:"cpu_seconds"`
	PeakRSSMiB float64 `json:"peak_rss_mib"`
}

// Engines is the real-engine run.
type Engines struct {
	Documents  int     `json:"documents"`
	Failed     int     `json:"failed"`
	Pages      int     `json:"pages"`
	Seconds    float64 `json:"seconds"`
	DocsPerS   float64 `json:"documents_per_s"`
	PagesPerS  float64 `json:"pages_per_s"`
	Bottleneck string  `json:"bottleneck"`
	Stages     []Stage `json:"stages"`
}

// Percentiles returns the p50, p95 and p99 of samples (milliseconds),
// nearest rank. It sorts samples.
func Percentiles(samples []float64) Latency {
	if len(samples) == 0 {
		return Latency{}
	}
	slices.Sort(samples)
	rank := func(p float64) float64 {
		i := int(p*float64(len(samples))+0.999999) - 1
		return samples[min(max(i, 0), len(samples)-1)]
	}
	return Latency{P50: rank(0.50), P95: rank(0.95), P99: rank(0.99), N: len(samples)}
}

// Bottleneck returns the stage with the largest median, "" for none.
func Bottleneck(stages []Stage) string {
	best, name := -1.0, ""
	for _, s := range stages {
		if s.Latency.N > 0 && s.Latency.P50 > best {
			best, name = s.Latency.P50, s.Name
		}
	}
	return name
}

// pipeline returns the run of feed, nil when absent.
func (r *Results) pipeline(feed string) *Pipeline {
	for i := range r.Pipelines {
		if r.Pipelines[i].Feed == feed {
			return &r.Pipelines[i]
		}
	}
	return nil
}

// MaxRSS is the largest peak RSS of the services, in MiB.
func (r *Results) MaxRSS() float64 {
	var m float64
	for _, u := range r.Services {
		m = max(m, u.PeakRSSMiB)
	}
	return m
}

// RatioRef is Docket's workflows/s over the reference pipeline's, both
// fed in bulk on requested; 0 when either is missing.
func (r *Results) RatioRef() float64 {
	p := r.pipeline("requested")
	if p == nil || r.Reference == nil || r.Reference.PerSecond == 0 {
		return 0
	}
	return p.PerSecond / r.Reference.PerSecond
}

// SummaryLines returns the `bench pipeline: broker=<broker>` line, the
// `bench cost:` lines of Docket and of the reference and, with an engine
// run, the `bench engines:` line.
func (r *Results) SummaryLines() []string {
	var wf, p50, p99 float64
	if p := r.pipeline("requested"); p != nil {
		wf, p50, p99 = p.PerSecond, p.Latency.P50, p.Latency.P99
	}
	var ref, cpu float64
	if r.Reference != nil {
		ref = r.Reference.PerSecond
	}
	if r.Cost != nil {
		cpu = r.Cost.CPUMsPerWorkflow()
	}
	lines := []string{fmt.Sprintf("bench pipeline: broker=%s raw=%.0f ref=%.0f docket=%.0f ratio_ref=%.3f cpu_ms_per_wf=%.2f p50_ms=%.1f p99_ms=%.1f max_rss_mib=%.1f",
		r.Broker, r.Raw.PerSecond, ref, wf, r.RatioRef(), cpu, p50, p99, r.MaxRSS())}
	if r.Cost != nil {
		lines = append(lines, fmt.Sprintf("bench cost: %s broker=%s", r.Cost.Line(), r.Broker))
	}
	if r.Reference != nil {
		lines = append(lines, fmt.Sprintf("bench cost ref: %s broker=%s", r.Reference.Cost.Line(), r.Broker))
	}
	if e := r.Engines; e != nil {
		lines = append(lines, fmt.Sprintf("bench engines: docs_per_s=%.2f pages_per_s=%.2f bottleneck=%s", e.DocsPerS, e.PagesPerS, e.Bottleneck))
	}
	return lines
}

// SummaryLines returns every run's `bench pipeline:` line, in the order
// run, then every run's `bench cost` lines, then the `bench engines:` line.
func (rep *Report) SummaryLines() []string {
	var pipeline, cost, engines []string
	for _, r := range rep.Runs {
		for _, l := range r.SummaryLines() {
			switch {
			case strings.HasPrefix(l, "bench pipeline:"):
				pipeline = append(pipeline, l)
			case strings.HasPrefix(l, "bench cost"):
				cost = append(cost, l)
			default:
				engines = append(engines, l)
			}
		}
	}
	return append(append(pipeline, cost...), engines...)
}

// Targets checks the run against issue 18's budget.
func (r *Results) Targets() []string {
	mark := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT met"
	}
	var out []string
	if c := r.Cost; c != nil {
		out = append(out, fmt.Sprintf("CPU <= 1.0 ms per workflow, every process counted: %.2f ms — %s", c.CPUMsPerWorkflow(), mark(c.CPUMsPerWorkflow() <= 1)))
	}
	if p := r.pipeline("requested"); p != nil {
		out = append(out, fmt.Sprintf("peak >= 2000 workflows/s: %.0f — %s", p.PerSecond, mark(p.PerSecond >= 2000)))
		if r.Reference != nil {
			out = append(out, fmt.Sprintf("Docket >= 0.7 of the reference pipeline: %.3f (%.0f vs %.0f workflows/s) — %s",
				r.RatioRef(), p.PerSecond, r.Reference.PerSecond, mark(r.RatioRef() >= 0.7)))
		}
		if p.Latency.N > 0 {
			out = append(out, fmt.Sprintf("at %.0f/s p50 <= 20 ms and p99 <= 60 ms: %.1f and %.1f ms — %s", p.Rate, p.Latency.P50, p.Latency.P99,
				mark(p.Latency.P50 <= 20 && p.Latency.P99 <= 60)))
		}
	}
	if len(r.Services) > 0 {
		out = append(out, fmt.Sprintf("peak RSS <= 100 MiB per service: max %.1f MiB — %s", r.MaxRSS(), mark(r.MaxRSS() <= 100)))
	}
	return out
}

// harnessLabel names what the harness process ran besides the benchmark.
func (r *Results) harnessLabel() string {
	if r.Broker == "kfake" {
		return "(harness: kfake, registry, feeders, follower)"
	}
	return "(harness: registry, feeders, follower)"
}

// WriteTable writes the comparison table of one broker as Markdown.
func (r *Results) WriteTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "| run | peak | latency at | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|\n")
	fmt.Fprintf(&b, "| raw franz-go, %d transactional hops, %d B records | %.0f rec/s | %.0f/s | %.1f | %.1f | %.1f |\n",
		r.Raw.Hops, r.Raw.RecordBytes, r.Raw.PerSecond, r.Rate, r.Raw.Latency.P50, r.Raw.Latency.P95, r.Raw.Latency.P99)
	if ref := r.Reference; ref != nil {
		fmt.Fprintf(&b, "| reference pipeline: Docket's hops and guarantees on bare franz-go, sr.Serde Avro, Redis guard and projection, fed by requested | %.0f wf/s | %.0f/s | %.1f | %.1f | %.1f |\n",
			ref.PerSecond, ref.Rate, ref.Latency.P50, ref.Latency.P95, ref.Latency.P99)
	}
	for _, p := range r.Pipelines {
		fmt.Fprintf(&b, "| Docket, no-op engines, fed by %s | %.0f wf/s | %.0f/s | %.1f | %.1f | %.1f |\n",
			p.Feed, p.PerSecond, p.Rate, p.Latency.P50, p.Latency.P95, p.Latency.P99)
	}
	if e := r.Engines; e != nil {
		fmt.Fprintf(&b, "| Docket, Tesseract + built-in classifier, %d sample documents (%d pages) | %.2f docs/s, %.2f pages/s | | | | |\n",
			e.Documents, e.Pages, e.DocsPerS, e.PagesPerS)
	} else if r.Broker != "kfake" {
		b.WriteString("| Docket, Tesseract + built-in classifier | not run on this broker: the real engines run on kfake only | | | | |\n")
	}
	b.WriteString("\nLatencies at a fixed rate (raw: produce to consume after the last hop; Docket: submit to recorded).\n")
	if len(r.Services) > 0 {
		fmt.Fprintf(&b, "\nCPU over the no-op runs (%d workflows: peaks and fixed rates, both feeds; the raw chain's and the reference's runs left out); peak RSS since start:\n\n| process | CPU s | CPU ms per workflow | peak RSS MiB |\n|---|---|---|---|\n", r.Workflows)
		perWF := func(cpu float64) float64 { return 1000 * cpu / float64(max(1, r.Workflows)) }
		row := func(name string, u Usage) {
			fmt.Fprintf(&b, "| %s | %.1f | %.2f | %.1f |\n", name, u.CPUSeconds, perWF(u.CPUSeconds), u.PeakRSSMiB)
		}
		var total float64
		for _, u := range r.Services {
			row(u.Service, u)
			total += u.CPUSeconds
		}
		if u := r.Redis; u != nil {
			row("redis-server", *u)
			total += u.CPUSeconds
		}
		if len(r.BrokerProcs) > 0 {
			var sum Usage
			for _, u := range r.BrokerProcs {
				row(u.Service+" (JVM)", u)
				sum.CPUSeconds += u.CPUSeconds
				sum.PeakRSSMiB += u.PeakRSSMiB
			}
			row(fmt.Sprintf("kafka (%d JVMs)", len(r.BrokerProcs)), sum)
			total += sum.CPUSeconds
		}
		if h := r.Harness; h != nil {
			row(r.harnessLabel(), *h)
			total += h.CPUSeconds
		}
		fmt.Fprintf(&b, "| every process above | %.1f | %.2f | |\n", total, perWF(total))
	}
	writeCost(&b, r)
	for _, p := range r.Pipelines {
		writeSplits(&b, fmt.Sprintf("fed by %s at %.0f/s", p.Feed, p.Rate), p.Stages, p.Splits)
		writeStages(&b, fmt.Sprintf("no-op pipeline, fed by %s at %.0f/s", p.Feed, p.Rate), p.Stages)
		writeStages(&b, fmt.Sprintf("no-op pipeline, fed by %s at its peak (bottleneck: %s)", p.Feed, Bottleneck(p.PeakStages)), p.PeakStages)
	}
	if r.Engines != nil {
		writeStages(&b, "real engines (bottleneck: "+r.Engines.Bottleneck+")", r.Engines.Stages)
	}
	if t := r.Targets(); len(t) > 0 {
		b.WriteString("\nTargets:\n\n")
		for _, l := range t {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSection writes the broker's table under a heading that names and
// describes the broker.
func (r *Results) WriteSection(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "### Broker: %s\n\n%s.\n\n", r.Broker, r.Setup); err != nil {
		return err
	}
	if err := r.WriteTable(w); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteTable writes each broker's section, then the idempotency store's
// figure and the other benchmarks' lines.
func (rep *Report) WriteTable(w io.Writer) error {
	for _, r := range rep.Runs {
		if err := r.WriteSection(w); err != nil {
			return err
		}
	}
	var b strings.Builder
	if rep.Idempotency > 0 {
		fmt.Fprintf(&b, "Idempotency store, Claim+Complete: %.0f ops/s.\n\n", rep.Idempotency)
	}
	if len(rep.Others) > 0 {
		b.WriteString("Other benchmarks of this run:\n\n")
		for _, l := range rep.Others {
			fmt.Fprintf(&b, "    %s\n", l)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCost writes the cost per workflow of Docket's and the reference's
// bulk runs side by side, and the Redis commands each called most.
func writeCost(b *strings.Builder, r *Results) {
	if r.Cost == nil && r.Reference == nil {
		return
	}
	costs := []*Cost{r.Cost, nil, r.CostFixed, nil}
	if ref := r.Reference; ref != nil {
		costs[1], costs[3] = &ref.Cost, ref.FixedCost
	}
	cell := func(c *Cost, f func(Cost) float64, format string) string {
		if c == nil {
			return ""
		}
		return fmt.Sprintf(format, f(*c))
	}
	b.WriteString("\nCost per workflow fed by requested, in bulk (the `bench cost` lines) and at the fixed rate, every process counted " +
		"(services, redis-server, broker processes, the harness with kfake, the feeder and the reader of the outputs; " +
		"the reference's fixed-rate run leaves out Docket's idle services):\n\n")
	fmt.Fprintf(b, "| per workflow | Docket, bulk | reference, bulk | Docket at %.0f/s | reference at %.0f/s |\n|---|---|---|---|---|\n", r.Rate, r.Rate)
	for _, row := range []struct {
		name   string
		f      func(Cost) float64
		format string
	}{
		{"workflows in the run", func(c Cost) float64 { return float64(c.Workflows) }, "%.0f"},
		{"CPU ms", Cost.CPUMsPerWorkflow, "%.2f"},
		{"Redis commands", func(c Cost) float64 { return c.per(c.RedisCommands) }, "%.1f"},
		{"Redis round trips", func(c Cost) float64 { return c.per(c.RedisRoundTrips) }, "%.1f"},
		{"Kafka transactions", func(c Cost) float64 { return c.per(c.Transactions) }, "%.2f"},
		{"records produced", func(c Cost) float64 { return c.per(c.Records) }, "%.1f"},
		{"records delivered to consumers", func(c Cost) float64 { return c.per(c.Delivered) }, "%.1f"},
	} {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", row.name, cell(costs[0], row.f, row.format), cell(costs[1], row.f, row.format),
			cell(costs[2], row.f, row.format), cell(costs[3], row.f, row.format))
	}
	for i, name := range []string{"Docket, bulk", "reference, bulk"} {
		if c := costs[i]; c != nil && len(c.CPUByProcess) > 0 {
			fmt.Fprintf(b, "\nCPU ms per workflow by process, %s: %s\n", name, c.ByProcess())
		}
	}
	for i, name := range []string{"Docket, bulk", "reference, bulk"} {
		c := costs[i]
		if c == nil || len(c.RedisByCommand) == 0 {
			continue
		}
		fmt.Fprintf(b, "\nRedis commands per workflow, %s (scripts' commands included):", name)
		for j, cc := range c.RedisByCommand {
			if j == 12 {
				b.WriteString(" …")
				break
			}
			sep := ","
			if j == 0 {
				sep = ""
			}
			fmt.Fprintf(b, "%s %s %.1f", sep, cc.Command, c.per(cc.Calls))
		}
		b.WriteString("\n")
	}
}

// writeSplits writes each step's queue age and processing beside its time
// from input record to output record.
func writeSplits(b *strings.Builder, title string, stages []Stage, splits []StageSplit) {
	if len(splits) == 0 {
		return
	}
	fmt.Fprintf(b, "\nStages, queue age vs processing (services' histograms), no-op pipeline, %s:\n\n", title)
	b.WriteString("| stage | input topic | input→output p50 ms | p99 ms | queue age p50 ms | p99 ms | processing p50 ms | p99 ms | samples |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, sp := range splits {
		var total Latency
		for _, st := range stages {
			if st.Name == sp.Name {
				total = st.Latency
			}
		}
		fmt.Fprintf(b, "| %s | %s | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %d |\n", sp.Name, sp.Topic, total.P50, total.P99,
			sp.QueueP50, sp.QueueP99, sp.ProcP50, sp.ProcP99, sp.N)
	}
}

func writeStages(b *strings.Builder, title string, stages []Stage) {
	if len(stages) == 0 {
		return
	}
	fmt.Fprintf(b, "\nStages, %s:\n\n| stage | p50 ms | p95 ms | p99 ms | samples |\n|---|---|---|---|---|\n", title)
	for _, s := range stages {
		fmt.Fprintf(b, "| %s | %.1f | %.1f | %.1f | %d |\n", s.Name, s.Latency.P50, s.Latency.P95, s.Latency.P99, s.Latency.N)
	}
}

// WriteJSON writes rep to path, indented.
func (rep *Report) WriteJSON(path string) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("encode results: %w", err)
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// Rows returns one broker's results as flat (broker, section, name,
// metric, value, unit) rows.
func (r *Results) Rows() [][]string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	var rows [][]string
	add := func(row ...string) { rows = append(rows, append([]string{r.Broker}, row...)) }
	lat := func(section, name string, l Latency) {
		add(section, name, "p50", f(l.P50), "ms")
		add(section, name, "p95", f(l.P95), "ms")
		add(section, name, "p99", f(l.P99), "ms")
	}
	usage := func(section string, u Usage) {
		add(section, u.Service, "cpu", f(u.CPUSeconds), "s")
		add(section, u.Service, "peak_rss", f(u.PeakRSSMiB), "MiB")
	}
	add("raw", "chain", "throughput", f(r.Raw.PerSecond), "records/s")
	lat("raw", "chain", r.Raw.Latency)
	add("raw", "chain", "latency_rate", f(r.Rate), "records/s")
	cost := func(name string, c Cost) {
		add("cost", name, "cpu_per_workflow", f(c.CPUMsPerWorkflow()), "ms")
		add("cost", name, "redis_commands_per_workflow", f(c.per(c.RedisCommands)), "commands")
		add("cost", name, "redis_round_trips_per_workflow", f(c.per(c.RedisRoundTrips)), "round trips")
		add("cost", name, "transactions_per_workflow", f(c.per(c.Transactions)), "transactions")
		add("cost", name, "records_per_workflow", f(c.per(c.Records)), "records")
	}
	if ref := r.Reference; ref != nil {
		add("reference", "requested", "throughput", f(ref.PerSecond), "workflows/s")
		cost("reference", ref.Cost)
	}
	if c := r.Cost; c != nil {
		cost("docket", *c)
	}
	for _, p := range r.Pipelines {
		add("pipeline", p.Feed, "throughput", f(p.PerSecond), "workflows/s")
		add("pipeline", p.Feed, "latency_rate", f(p.Rate), "workflows/s")
		lat("pipeline", p.Feed, p.Latency)
		for _, s := range p.Stages {
			lat("stage/"+p.Feed, s.Name, s.Latency)
		}
		for _, sp := range p.Splits {
			add("split/"+p.Feed, sp.Name, "queue_age_p50", f(sp.QueueP50), "ms")
			add("split/"+p.Feed, sp.Name, "queue_age_p99", f(sp.QueueP99), "ms")
			add("split/"+p.Feed, sp.Name, "processing_p50", f(sp.ProcP50), "ms")
			add("split/"+p.Feed, sp.Name, "processing_p99", f(sp.ProcP99), "ms")
		}
	}
	for _, u := range r.Services {
		usage("service", u)
	}
	if u := r.Redis; u != nil {
		usage("redis", Usage{Service: "redis-server", CPUSeconds: u.CPUSeconds, PeakRSSMiB: u.PeakRSSMiB})
	}
	for _, u := range r.BrokerProcs {
		usage("broker", u)
	}
	if h := r.Harness; h != nil {
		usage("harness", Usage{Service: "bench", CPUSeconds: h.CPUSeconds, PeakRSSMiB: h.PeakRSSMiB})
	}
	if e := r.Engines; e != nil {
		add("engines", "samples", "documents", f(e.DocsPerS), "documents/s")
		add("engines", "samples", "pages", f(e.PagesPerS), "pages/s")
		for _, s := range e.Stages {
			lat("stage/engines", s.Name, s.Latency)
		}
	}
	return rows
}

// Rows returns the report as flat rows, the CSV's content: a header, then
// each broker's rows, then the idempotency store's (broker empty).
func (rep *Report) Rows() [][]string {
	rows := [][]string{{"broker", "section", "name", "metric", "value", "unit"}}
	for _, r := range rep.Runs {
		rows = append(rows, r.Rows()...)
	}
	if rep.Idempotency > 0 {
		rows = append(rows, []string{"", "idempotency", "claim_complete", "throughput", strconv.FormatFloat(rep.Idempotency, 'f', 2, 64), "ops/s"})
	}
	return rows
}

// WriteCSV writes Rows to path.
func (rep *Report) WriteCSV(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	w := csv.NewWriter(f)
	if err := w.WriteAll(rep.Rows()); err != nil {
		_ = f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

// Write writes results.json, results.csv, README.md (how, where, the
// tables) and the charts into dir.
func (rep *Report) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("results folder: %w", err)
	}
	if err := rep.WriteJSON(filepath.Join(dir, "results.json")); err != nil {
		return err
	}
	if err := rep.WriteCSV(filepath.Join(dir, "results.csv")); err != nil {
		return err
	}
	if err := rep.WriteReadme(dir); err != nil {
		return err
	}
	return rep.Charts(dir)
}

// ReadInputs reads the outputs of the run's other benchmarks in dir (*.txt):
// the idempotency store's Claim+Complete ops/s (BenchmarkClaimComplete)
// and every `bench <name>:` summary line but this benchmark's own.
func ReadInputs(dir string) (float64, []string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return 0, nil, err
	}
	var ops float64
	var lines []string
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return 0, nil, fmt.Errorf("read benchmark output: %w", err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(l)
			switch {
			case strings.HasPrefix(l, "bench pipeline:") || strings.HasPrefix(l, "bench engines:") || strings.HasPrefix(l, "bench cost"):
			case strings.HasPrefix(l, "bench "):
				lines = append(lines, l)
			case strings.HasPrefix(l, "BenchmarkClaimComplete"):
				f := strings.Fields(l)
				for i := 1; i < len(f); i++ {
					if f[i] == "ops/s" {
						ops, _ = strconv.ParseFloat(f[i-1], 64)
					}
				}
			}
		}
	}
	return ops, lines, nil
}
