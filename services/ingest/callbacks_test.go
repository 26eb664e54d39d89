package ingest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// TestCallbacksGoOutTogether: due callbacks are sent side by side, each
// within its own timeout, not one after another: a receiver that answers
// only once all of them are in flight gets them all (one at a time, each
// would wait out its receiver and a claimed batch could outlast its lease).
func TestCallbacksGoOutTogether(t *testing.T) {
	h := newHarness(t, nil)
	const n = 4
	var inFlight, most atomic.Int32
	all := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); c > m && !most.CompareAndSwap(m, c); m = most.Load() {
		}
		if c == n {
			once.Do(func() { close(all) })
		}
		select {
		case <-all:
		case <-time.After(8 * time.Second): // the client gives up at 10s
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	var wfs []string
	for i := range n {
		resp, body := h.postMultipart(upload{apiKey: acmeKey, key: fmt.Sprintf("together-%d", i), doc: pdfDoc, filename: fmt.Sprintf("together-%d.pdf", i), fields: [][2]string{{"callback_url", srv.URL + "/hook"}}})
		if resp.StatusCode != 202 {
			t.Fatalf("POST %d %v", resp.StatusCode, body)
		}
		wfs = append(wfs, body["workflow_id"].(string))
	}
	h.read(events.TopicSubmitted, n, 10*time.Second)
	for i, wf := range wfs {
		h.waitStatus(wf, "queued")
		h.produce(events.TopicRecorded, &events.DocumentRecorded{Meta: meta(fmt.Sprintf("together-rec-%d", i), wf, "acme"), LedgerTopic: events.TopicLedger, Sequence: int64(i + 1)})
	}
	waitFor(t, "every callback delivered", func() bool {
		for _, wf := range wfs {
			if callbackOf(h, wf)["state"] != "delivered" {
				return false
			}
		}
		return true
	})
	if got := most.Load(); got != n {
		t.Errorf("at most %d callbacks were in flight at once, want all %d", got, n)
	}
}
