package config

import (
	"reflect"
	"strings"
	"testing"
	"time"
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
	if c.Group != "docket-sagatracker" || c.Prefix != "docket:sagatracker:" || c.MaxPollRecords != 1000 ||
		c.Retention != 168*time.Hour || c.StatsRetention != 24*time.Hour || c.ChangesMaxLen != 100000 || c.ChangesIdle != 10*time.Minute {
		t.Fatalf("defaults %+v", c)
	}
	stall, err := c.StallDurations()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]time.Duration{"ingest": 2 * time.Minute, "ocr": 10 * time.Minute, "classify": 5 * time.Minute, "ledger": 2 * time.Minute}
	if !reflect.DeepEqual(stall, want) {
		t.Fatalf("stall durations %v, want %v", stall, want)
	}
}

func TestValidateReportsEveryField(t *testing.T) {
	err := Config{Addr: "nope", StallAfter: "ocr", TLSCert: "c.pem", ChangesIdle: time.Second}.Validate()
	if err == nil {
		t.Fatal("want errors")
	}
	for _, f := range []string{"ADDR", "GROUP", "REDIS_PREFIX", "MAX_POLL_RECORDS", "WRITE_TIMEOUT",
		"STALL_AFTER", "STALL_DEFAULT", "PURGE_INTERVAL", "CHANGES_MAXLEN", "CHANGES_IDLE", "STATS_RETENTION", "TLS_KEY"} {
		if !strings.Contains(err.Error(), "DOCKET_SAGATRACKER_"+f) {
			t.Errorf("error %q does not name %s", err, f)
		}
	}
}
