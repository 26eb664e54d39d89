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
			c.MaxRedeliveries = 0
			c.BackoffInitial = 0
			c.BackoffMax = -time.Second
			c.PollInterval = 0
			c.ClaimLease = time.Millisecond
			c.Batch = 0
		}, []string{"DOCKET_EXCEPTION_ADDR", "DOCKET_EXCEPTION_MAX_REDELIVERIES", "DOCKET_EXCEPTION_BACKOFF_INITIAL",
			"DOCKET_EXCEPTION_BACKOFF_MAX", "DOCKET_EXCEPTION_POLL_INTERVAL", "DOCKET_EXCEPTION_CLAIM_LEASE", "DOCKET_EXCEPTION_BATCH"}},
		{"own dead letters", func(c *exception.Config) { c.Services = []string{"ocr", exception.Name} }, []string{`"exception" is not a service`}},
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
	if c.Addr != "127.0.0.1:8084" || c.MaxRedeliveries != 5 || !c.Scheduler || c.BackoffInitial != time.Second ||
		c.BackoffMax != 5*time.Minute || len(c.Services) != 0 {
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
