package web

import (
	"strings"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestSummarizeCountsWhatEachServiceProcessed: a service on the runtime
// counts its handled events by outcome (only "ok" is processed); the saga
// tracker, which projects events without the runtime's handlers, counts
// the events it applied (an outside probe saw the overview's tracker at 0
// while its metrics counted 278).
func TestSummarizeCountsWhatEachServiceProcessed(t *testing.T) {
	tests := []struct {
		name, text string
		want       float64
	}{
		{"runtime service", `# TYPE docket_handler_processed_total counter
docket_handler_processed_total{service="ocr",topic="docket.document.submitted",outcome="ok"} 12
docket_handler_processed_total{service="ocr",topic="docket.document.submitted",outcome="duplicate"} 3
`, 12},
		{"saga tracker", `# TYPE docket_sagatracker_events_applied_total counter
docket_sagatracker_events_applied_total 278
# TYPE docket_sagatracker_duplicates_suppressed_total counter
docket_sagatracker_duplicates_suppressed_total 4
`, 278},
	}
	for _, tt := range tests {
		p := expfmt.NewTextParser(model.UTF8Validation)
		fams, err := p.TextToMetricFamilies(strings.NewReader(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		var m ServiceMetrics
		summarize(&m, fams)
		if m.Processed != tt.want {
			t.Errorf("%s: processed %v, want %v", tt.name, m.Processed, tt.want)
		}
	}
}
