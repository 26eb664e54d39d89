package bench

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Charts draws throughput.svg and one latency chart per run with stages
// (latency-<feed>.svg, latency-engines.svg) into dir, each also as PNG.
func (r *Results) Charts(dir string) error {
	names := []string{fmt.Sprintf("raw chain\n(%d hops)", r.Raw.Hops)}
	values := plotter.Values{r.Raw.PerSecond}
	for _, p := range r.Pipelines {
		names = append(names, "Docket no-op\n("+p.Feed+")")
		values = append(values, p.PerSecond)
	}
	if err := barChart(filepath.Join(dir, "throughput.svg"), "Throughput (records or workflows per second)", "per second",
		names, []string{""}, []plotter.Values{values}); err != nil {
		return err
	}
	for _, p := range r.Pipelines {
		stages := append(p.Stages, Stage{Name: "end to end", Latency: p.Latency})
		title := fmt.Sprintf("Latency by stage, no-op engines, fed by %s at %.0f/s", p.Feed, r.Rate)
		if err := stageChart(filepath.Join(dir, "latency-"+p.Feed+".svg"), title, stages); err != nil {
			return err
		}
	}
	if e := r.Engines; e != nil && len(e.Stages) > 0 {
		title := fmt.Sprintf("Latency by stage, Tesseract + built-in classifier, %d documents", e.Documents)
		if err := stageChart(filepath.Join(dir, "latency-engines.svg"), title, e.Stages); err != nil {
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
	return barChart(path, title, "milliseconds", names, []string{"p50", "p95", "p99"}, []plotter.Values{p50, p95, p99})
}

// barChart draws one group of bars per name, one bar per series.
func barChart(path, title, yLabel string, names, series []string, values []plotter.Values) error {
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
	if len(values) == 1 {
		// One series: write each value over its bar, which may be too
		// short to read against the tallest.
		xys := make(plotter.XYs, len(values[0]))
		texts := make([]string, len(values[0]))
		for i, v := range values[0] {
			xys[i] = plotter.XY{X: float64(i), Y: v}
			texts[i] = strconv.FormatFloat(v, 'f', 0, 64)
		}
		labels, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
		if err != nil {
			return fmt.Errorf("chart %s: %w", path, err)
		}
		p.Add(labels)
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
