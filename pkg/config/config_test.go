package config

import (
	"strings"
	"testing"
)

func TestLoadDefaults(t *testing.T) {
	p, err := Load()
	if err != nil {
		t.Fatalf("Load with defaults: %v", err)
	}
	if p.SchemaMode != SchemaVerify || p.KafkaBrokers[0] != "127.0.0.1:9092" {
		t.Errorf("unexpected defaults: %+v", p)
	}
	if _, err := p.KafkaOpts(); err != nil {
		t.Errorf("KafkaOpts: %v", err)
	}
}

func TestValidateReportsEveryBadField(t *testing.T) {
	t.Setenv("DOCKET_KAFKA_SASL_MECHANISM", "GSSAPI")
	t.Setenv("DOCKET_SCHEMA_MODE", "maybe")
	t.Setenv("DOCKET_REDIS_URL", "http://nope")
	t.Setenv("DOCKET_CONCURRENCY", "0")
	_, err := Load()
	if err == nil {
		t.Fatal("Load accepted bad settings")
	}
	for _, want := range []string{"DOCKET_KAFKA_SASL_MECHANISM", "DOCKET_SCHEMA_MODE", "DOCKET_REDIS_URL", "DOCKET_CONCURRENCY"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}

func TestSCRAMNeedsCredentials(t *testing.T) {
	t.Setenv("DOCKET_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "USERNAME") {
		t.Fatalf("got %v, want a missing-credentials error", err)
	}
	t.Setenv("DOCKET_KAFKA_SASL_USERNAME", "u")
	t.Setenv("DOCKET_KAFKA_SASL_PASSWORD", "p")
	p, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if opts, err := p.KafkaOpts(); err != nil || len(opts) != 2 {
		t.Fatalf("KafkaOpts = %d opts, %v; want seed brokers and SASL", len(opts), err)
	}
}
