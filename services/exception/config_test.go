package exception_test

import (
	"strings"
	"testing"
	"time"

	"github.com/docket-run/docket/services/exception"
)

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(*exception.Config)
		want []string // substrings of the error; none for a valid config
	}{
		{"valid", func(*exception.Config) {}, nil},
		{"every bad field at once", func(c *exception.Config) {
			c.Addr = "nope"
			c.MaxAttempts = 0
			c.MaxWorkflowAttempts = 0
			c.Rate = exception.RateSpec{Default: 0, PerService: map[string]float64{"ocr": -1}}
			c.BreakerThreshold = 0
			c.ReviewSLA = time.Second
			c.Tracker.Addr = "no-port"
			c.BackoffInitial = 0
			c.BackoffMax = -time.Second
			c.PollInterval = 0
			c.ClaimLease = time.Millisecond
			c.Batch = 0
		}, []string{"DOCKET_EXCEPTION_ADDR", "DOCKET_EXCEPTION_MAX_ATTEMPTS", "DOCKET_EXCEPTION_MAX_WORKFLOW_ATTEMPTS",
			"DOCKET_EXCEPTION_RATE: default", "ocr: rate -1/s", "DOCKET_EXCEPTION_BREAKER_", "DOCKET_EXCEPTION_REVIEW_SLA", "DOCKET_TRACKER_ADDR",
			"DOCKET_EXCEPTION_BACKOFF_INITIAL",
			"DOCKET_EXCEPTION_BACKOFF_MAX", "DOCKET_EXCEPTION_POLL_INTERVAL", "DOCKET_EXCEPTION_CLAIM_LEASE", "DOCKET_EXCEPTION_BATCH"}},
		{"own dead letters", func(c *exception.Config) { c.Services = []string{"ocr", exception.Name} }, []string{`"exception" is not a service`}},
		{"half a certificate", func(c *exception.Config) { c.TLSCert = "cert.pem" }, []string{"DOCKET_EXCEPTION_TLS_CERT and DOCKET_EXCEPTION_TLS_KEY"}},
		{"mutual TLS without principals", func(c *exception.Config) { c.TLSCert, c.TLSKey, c.TLSClientCA = "c", "k", "ca" }, []string{"DOCKET_EXCEPTION_TLS_CLIENT_CA needs DOCKET_EXCEPTION_TOKENS_FILE"}},
		{"topic instead of service", func(c *exception.Config) { c.Services = []string{"docket.ocr.dlq"} }, []string{`"docket.ocr.dlq" is not a service`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := testConfig()
			tc.edit(&c)
			err := c.Validate()
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatal("Validate() = nil, want an error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Validate() = %q, want it to mention %s", err, w)
				}
			}
		})
	}
}

func TestLoadConfigDefaults(t *testing.T) {
	c, err := exception.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8084" || c.MaxAttempts != 5 || c.MaxWorkflowAttempts != 20 || !c.Scheduler || c.BackoffInitial != time.Second ||
		c.BackoffMax != 5*time.Minute || len(c.Services) != 0 || c.Rate.Default != 50 || len(c.Rate.PerService) != 0 ||
		c.BreakerThreshold != 10 || c.BreakerWindow != time.Minute || c.BreakerCooldown != 30*time.Second || c.ReviewSLA != 24*time.Hour || c.Tracker.Addr != "" {
		t.Errorf("defaults = %+v", c)
	}
	for _, s := range exception.DefaultServices() {
		if s == exception.Name {
			t.Errorf("DefaultServices includes the agent itself")
		}
	}
	for topic, want := range map[string]bool{"docket.ocr.dlq": true, "docket.new-service.dlq": true, "docket.ocr.retry": false, "docket.a.b.dlq": false} {
		if got := exception.DLQPattern.MatchString(topic) && exception.DLQPattern.FindString(topic) == topic; got != want {
			t.Errorf("DLQPattern matches %s = %v, want %v", topic, got, want)
		}
	}
}

func TestRateSpec(t *testing.T) {
	tests := []struct {
		in      string
		want    exception.RateSpec
		wantErr string
	}{
		{"20", exception.RateSpec{Default: 20, PerService: map[string]float64{}}, ""},
		{" 2.5 , ocr=5, ledger = 50 ", exception.RateSpec{Default: 2.5, PerService: map[string]float64{"ocr": 5, "ledger": 50}}, ""},
		{"ocr=5", exception.RateSpec{}, "a default rate is required"},
		{"5,6", exception.RateSpec{}, "a second default rate"},
		{"5,docket.ocr=1", exception.RateSpec{}, "not a service name"},
		{"fast", exception.RateSpec{}, "invalid syntax"},
	}
	for _, tc := range tests {
		var got exception.RateSpec
		err := got.UnmarshalText([]byte(tc.in))
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got.Default != tc.want.Default || len(got.PerService) != len(tc.want.PerService) {
			t.Errorf("%q = %+v, want %+v", tc.in, got, tc.want)
		}
		for k, v := range tc.want.PerService {
			if got.PerService[k] != v {
				t.Errorf("%q: %s = %v, want %v", tc.in, k, got.PerService[k], v)
			}
		}
	}
	t.Setenv("DOCKET_EXCEPTION_RATE", "7,ocr=3")
	c, err := exception.LoadConfig()
	if err != nil || c.Rate.Default != 7 || c.Rate.PerService["ocr"] != 3 {
		t.Errorf("DOCKET_EXCEPTION_RATE=7,ocr=3: %+v, %v", c.Rate, err)
	}
}
