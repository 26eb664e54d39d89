package bench

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// chart is one latency chart: its title and file name (SVG, without the
// extension; a PNG is written beside it).
type chart struct {
	Title, File string
	stages      []Stage
}

// latencyCharts are the report's latency charts: per broker and feed
// (latency-<feed> on kfake, latency-<broker>-<feed> on the others), and
// latency-engines for the real engines.
func (rep *Report) latencyCharts() []chart {
	var out []chart
	for _, r := range rep.Runs {
		prefix := "latency-"
		if r.Broker != "kfake" {
			prefix += r.Broker + "-"
		}
		for _, p := range r.Pipelines {
			out = append(out, chart{
				Title:  fmt.Sprintf("Latency by stage, %s, no-op engines, fed by %s at %.0f/s", r.Broker, p.Feed, p.Rate),
				File:   prefix + p.Feed,
				stages: append(slices.Clone(p.Stages), Stage{Name: "end to end", Latency: p.Latency}),
			})
		}
		if e := r.Engines; e != nil && len(e.Stages) > 0 {
			out = append(out, chart{
				Title:  fmt.Sprintf("Latency by stage, %s, Tesseract + built-in classifier, %d documents", r.Broker, e.Documents),
				File:   "latency-engines",
				stages: e.Stages,
			})
		}
	}
	return out
}

// Charts draws throughput.svg (one bar per broker for the raw chain and
// each feed) and the latency charts into dir, each also as PNG.
func (rep *Report) Charts(dir string) error {
	if len(rep.Runs) == 0 {
		return nil
	}
	first := rep.Runs[0]
	names := []string{fmt.Sprintf("raw chain\n(%d hops)", first.Raw.Hops), "reference\n(same work)"}
	for _, p := range first.Pipelines {
		names = append(names, "Docket no-op\n("+p.Feed+")")
	}
	var series []string
	var values []plotter.Values
	for _, r := range rep.Runs {
		v := plotter.Values{r.Raw.PerSecond, 0}
		if r.Reference != nil {
			v[1] = r.Reference.PerSecond
		}
		for _, p := range first.Pipelines {
			var ps float64
			if q := r.pipeline(p.Feed); q != nil {
				ps = q.PerSecond
			}
			v = append(v, ps)
		}
		series, values = append(series, r.Broker), append(values, v)
	}
	if err := barChart(filepath.Join(dir, "throughput.svg"), "Throughput (records or workflows per second)", "per second",
		names, series, values, true); err != nil {
		return err
	}
	for _, c := range rep.latencyCharts() {
		if err := stageChart(filepath.Join(dir, c.File+".svg"), c.Title, c.stages); err != nil {
			return err
		}
	}
	return nil
}

func stageChart(path, title string, stages []Stage) error {
	names := make([]string, len(stages))
	p50, p95, p99 := make(plotter.Values, len(stages)), make(plotter.Values, len(stages)), make(plotter.Values, len(stages))
	for i, s := range stages {
		names[i] = s.Name
		p50[i], p95[i], p99[i] = s.Latency.P50, s.Latency.P95, s.Latency.P99
	}
	return barChart(path, title, "milliseconds", names, []string{"p50", "p95", "p99"}, []plotter.Values{p50, p95, p99}, false)
}

// barChart draws one group of bars per name, one bar per series; with
// labels, each value is written over its bar.
func barChart(path, title, yLabel string, names, series []string, values []plotter.Values, labels bool) error {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = yLabel
	p.Y.Min = 0
	width := vg.Points(60 / float64(len(series)))
	for i, v := range values {
		bars, err := plotter.NewBarChart(v, width)
		if err != nil {
			return fmt.Errorf("chart %s: %w", path, err)
		}
		bars.LineStyle.Width = 0
		bars.Color = plotutil.Color(i)
		bars.Offset = width * vg.Length(float64(i)-float64(len(series)-1)/2)
		p.Add(bars)
		if series[i] != "" {
			p.Legend.Add(series[i], bars)
		}
	}
	if labels {
		// Each value over its bar, which may be too short to read against
		// the tallest.
		for i, vs := range values {
			xys := make(plotter.XYs, len(vs))
			texts := make([]string, len(vs))
			for j, v := range vs {
				xys[j] = plotter.XY{X: float64(j), Y: v}
				texts[j] = strconv.FormatFloat(v, 'f', 0, 64)
			}
			l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
			if err != nil {
				return fmt.Errorf("chart %s: %w", path, err)
			}
			off := width * vg.Length(float64(i)-float64(len(series)-1)/2)
			for k := range l.TextStyle {
				l.TextStyle[k].XAlign = text.XCenter
			}
			l.Offset = vg.Point{X: off}
			p.Add(l)
		}
	}
	p.Legend.Top = true
	p.NominalX(names...)
	for _, file := range []string{path, strings.TrimSuffix(path, ".svg") + ".png"} {
		if err := p.Save(9*vg.Inch, 4.5*vg.Inch, file); err != nil {
			return fmt.Errorf("save chart %s: %w", file, err)
		}
	}
	return nil
}
