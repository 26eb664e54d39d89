package ingest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/docket-run/docket/services/ingest/internal/app"
	"github.com/docket-run/docket/services/ingest/internal/submit"
)

// TestDevModeAnswersLoopbackHostsOnly (issue 15, finding 2, ingest's
// part): ingest without a tenants file (the embedded mode, public key
// demo-key) answers only requests addressed to a loopback name, so a web
// page that rebinds its DNS name to 127.0.0.1 cannot submit.
func TestDevModeAnswersLoopbackHostsOnly(t *testing.T) {
	h := newHarness(t, func(c *app.Config) { c.TenantsFile, c.InboxTenant = "", submit.DevTenantID })
	post := func(host string) int {
		req, err := http.NewRequest(http.MethodPost, h.url+"/v1/documents", strings.NewReader("hello"))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		req.Header.Set("Authorization", "Bearer "+submit.DevAPIKey)
		req.Header.Set("Content-Type", "text/plain")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("attacker.example"); code != http.StatusMisdirectedRequest {
		t.Errorf("submission with a rebound Host = %d, want 421", code)
	}
	if code := post(strings.TrimPrefix(h.url, "http://")); code != http.StatusAccepted {
		t.Errorf("submission to 127.0.0.1 = %d, want 202", code)
	}
}
