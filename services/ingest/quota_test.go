package ingest_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/quota"
)

// TestQuotasHoldAcrossReplicas is issue 15 point 8 on the ingest side: the
// tenant's rate limit was per replica (N replicas admitted N times the
// rate) although pkg/ratelimit is shared; there was no daily quota; failed
// logins were not throttled. Two replicas on one Redis: the rate, the
// quota OCR charges and the failed-login budget hold across both, each
// refusal a 429 with Retry-After.
func TestQuotasHoldAcrossReplicas(t *testing.T) {
	h := newHarness(t, nil, func(p *config.Platform) { p.TenantQuotas = "*=5/1h" })
	b := "http://" + h.start("ingest-test-b-"+t.Name()).Addr
	post := func(base, key string) (*http.Response, map[string]any) {
		t.Helper()
		req := h.rawRequest(upload{doc: pdfDoc}, "application/pdf")
		req.URL.Host = base[len("http://"):]
		return h.do(req, upload{apiKey: key})
	}
	retryAfter := func(resp *http.Response) time.Duration {
		s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		if err != nil {
			t.Fatalf("Retry-After %q: %v", resp.Header.Get("Retry-After"), err)
		}
		return time.Duration(s) * time.Second
	}

	// Rate: tenant slow may submit once (burst 1, then one per 1000 s).
	if resp, body := post(h.url, slowKey); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("slow's first document on replica A: %d %v", resp.StatusCode, body)
	}
	resp, body := post(b, slowKey)
	if resp.StatusCode != http.StatusTooManyRequests || errCode(body) != "quota_exceeded" || retryAfter(resp) < 500*time.Second {
		t.Fatalf("slow's second document on replica B: %d %v, want 429 with Retry-After of the shared budget", resp.StatusCode, body)
	}

	// Quota: OCR charged acme's 5 pages for today; both replicas refuse
	// acme until midnight.
	if err := quota.New(h.rdb, quota.Table{Default: quota.Limits{Pages: 5}}).ChargePages(context.Background(), "acme", "doc", 5); err != nil {
		t.Fatal(err)
	}
	for _, replica := range []string{h.url, b} {
		resp, body := post(replica, acmeKey)
		if resp.StatusCode != http.StatusTooManyRequests || errCode(body) != "quota_exceeded" || retryAfter(resp) <= 0 || retryAfter(resp) > 24*time.Hour {
			t.Errorf("acme over its pages on %s: %d %v, want 429 with Retry-After until midnight", replica, resp.StatusCode, body)
		}
	}

	// Failed logins: 5 unknown keys from this address are allowed (2 on A,
	// 3 on B); then the address is locked out on both, even with a valid
	// key.
	for i := range 5 {
		replica := []string{h.url, b}[i%2]
		if resp, body := post(replica, "guess-"+strconv.Itoa(i)); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %v, want 401", i, resp.StatusCode, body)
		}
	}
	for _, c := range []struct{ replica, key string }{{b, "guess-5"}, {h.url, acmeKey}, {b, acmeKey}} {
		resp, body := post(c.replica, c.key)
		if resp.StatusCode != http.StatusTooManyRequests || errCode(body) != "login_throttled" || retryAfter(resp) <= 0 {
			t.Errorf("after 6 failed logins, %s with key %s: %d %v, want 429 login_throttled with Retry-After", c.replica, c.key, resp.StatusCode, body)
		}
	}
}
