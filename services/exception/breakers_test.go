package exception_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/events"
)

// TestBreakersAPI: GET /v1/breakers shows each drained service's
// redelivery breaker as it stands, without changing it.
func TestBreakersAPI(t *testing.T) {
	h := newHarness(t)
	a := startAgent(t, h, testConfig())
	type status struct {
		Service   string    `json:"service"`
		State     string    `json:"state"`
		OpenUntil time.Time `json:"open_until"`
	}
	var got struct {
		Breakers []status `json:"breakers"`
	}
	if code := api(t, a, http.MethodGet, "/v1/breakers", "", &got); code != http.StatusOK {
		t.Fatalf("GET /v1/breakers: %d", code)
	}
	if len(got.Breakers) != 2 || got.Breakers[0].Service != events.ServiceOCR || got.Breakers[0].State != "closed" {
		t.Fatalf("breakers %+v, want ocr and the pass-through service closed", got.Breakers)
	}
	until := time.Now().Add(time.Minute).UTC().Truncate(time.Millisecond)
	key := "docket:exception:breaker:" + events.ServiceOCR
	if err := h.rdb.HSet(context.Background(), key, "state", "open", "open_until", strconv.FormatInt(until.UnixMilli(), 10)).Err(); err != nil {
		t.Fatal(err)
	}
	if code := api(t, a, http.MethodGet, "/v1/breakers", "", &got); code != http.StatusOK {
		t.Fatalf("GET /v1/breakers: %d", code)
	}
	if b := got.Breakers[0]; b.State != "open" || !b.OpenUntil.Equal(until) {
		t.Fatalf("ocr breaker %+v, want open until %s", b, until)
	}
	if st, _ := h.rdb.HGet(context.Background(), key, "state").Result(); st != "open" {
		t.Errorf("reading the breaker changed it to %q", st)
	}
}
