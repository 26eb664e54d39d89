package ingest_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

func header(r *kgo.Record, key string) (string, bool) {
	for _, h := range r.Headers {
		if h.Key == key {
			return string(h.Value), true
		}
	}
	return "", false
}

// TestPriorityLane: a submission's lane (the priority field or the
// X-Docket-Priority header; interactive by default) rides on its submitted
// record as the docket-priority header; an unknown lane is refused with a
// 400 that names the lanes, and creates nothing.
func TestPriorityLane(t *testing.T) {
	h := newHarness(t, nil)
	withHeader := func(lane string) func(*http.Request) {
		return func(r *http.Request) { r.Header.Set(submit.LaneHeader, lane) }
	}
	cases := []struct {
		name     string
		raw      bool
		fields   [][2]string
		header   string
		want     string // the record's lane; empty for a refusal
		priority int
		message  string // in the refusal
	}{
		{"default", false, nil, "", "interactive", 0, ""},
		{"field bulk", false, [][2]string{{"priority", "bulk"}}, "", "bulk", 0, ""},
		{"field interactive", false, [][2]string{{"priority", "interactive"}}, "", "interactive", 0, ""},
		{"header bulk", false, nil, "bulk", "bulk", 0, ""},
		{"header and field agree", false, [][2]string{{"priority", "bulk"}}, "bulk", "bulk", 0, ""},
		{"raw body, query bulk", true, [][2]string{{"priority", "bulk"}}, "", "bulk", 0, ""},
		{"integer urgency keeps the default lane", false, [][2]string{{"priority", "7"}}, "", "interactive", 7, ""},
		{"unknown field value", false, [][2]string{{"priority", "urgent"}}, "", "", 0, `priority "urgent": want interactive or bulk`},
		{"unknown header value", false, nil, "high", "", 0, `X-Docket-Priority "high": want interactive or bulk`},
		{"header and field disagree", false, [][2]string{{"priority", "interactive"}}, "bulk", "", 0, "disagree"},
	}
	accepted := 0
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := upload{apiKey: acmeKey, key: "lane-" + c.name, filename: "lane.pdf", doc: append(append([]byte{}, pdfDoc...), byte('a'+i)), fields: c.fields}
			var resp *http.Response
			var body map[string]any
			req := h.request(u, c.raw)
			if c.header != "" {
				withHeader(c.header)(req)
			}
			resp, body = h.do(req, u)
			if c.want == "" {
				msg, _ := body["error"].(map[string]any)["message"].(string)
				if resp.StatusCode != http.StatusBadRequest || errCode(body) != "invalid_request" || !strings.Contains(msg, c.message) {
					t.Fatalf("answer %d %v, want 400 invalid_request saying %q", resp.StatusCode, body, c.message)
				}
				return
			}
			if resp.StatusCode != http.StatusAccepted {
				t.Fatalf("answer %d %v, want 202", resp.StatusCode, body)
			}
			accepted++
			wf := body["workflow_id"].(string)
			evs, recs := h.read(events.TopicSubmitted, accepted, 10*time.Second)
			for j, r := range recs {
				if string(r.Key) != wf {
					continue
				}
				if got, ok := header(r, events.HeaderPriority); !ok || got != c.want {
					t.Errorf("%s header %q (present %v), want %q", events.HeaderPriority, got, ok, c.want)
				}
				if p := evs[j].(*events.DocumentSubmitted).Priority; p != c.priority {
					t.Errorf("event priority %d, want %d", p, c.priority)
				}
				return
			}
			t.Fatalf("no submitted record of %s", wf)
		})
	}
	if _, recs := h.read(events.TopicSubmitted, accepted+1, time.Second); len(recs) != accepted {
		t.Fatalf("%d submitted records, want %d: a refusal must create nothing", len(recs), accepted)
	}
}
