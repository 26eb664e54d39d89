package config

import (
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	t.Setenv("DOCKET_SAGATRACKER_ADDR", "no-port")
	c, err := Load()
	if err == nil || !strings.Contains(err.Error(), "DOCKET_SAGATRACKER_ADDR") {
		t.Fatalf("empty address: %v", err)
	}
	t.Setenv("DOCKET_SAGATRACKER_ADDR", "127.0.0.1:9090")
	if c, err = Load(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	if c.Group != "docket-sagatracker" || c.Prefix != "docket:sagatracker:" || c.MaxPollRecords != 1000 {
		t.Fatalf("defaults %+v", c)
	}
}

func TestValidateReportsEveryField(t *testing.T) {
	err := Config{Addr: "nope"}.Validate()
	if err == nil {
		t.Fatal("want errors")
	}
	for _, f := range []string{"ADDR", "GROUP", "REDIS_PREFIX", "MAX_POLL_RECORDS", "WRITE_TIMEOUT"} {
		if !strings.Contains(err.Error(), "DOCKET_SAGATRACKER_"+f) {
			t.Errorf("error %q does not name %s", err, f)
		}
	}
}
