package config

import (
	"strings"
	"testing"
	"time"
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

// TestRedisURLErrorsHideThePassword: a DOCKET_REDIS_URL that does not
// parse is named in the error, but its value — which carries the Redis
// password — is never printed.
func TestRedisURLErrorsHideThePassword(t *testing.T) {
	tests := []struct {
		name string
		url  string
	}{
		{"bad port", "redis://:secretpw@127.0.0.1:notaport/0"},
		{"space in userinfo", "redis://:secret pw@127.0.0.1:6380/0"},
		{"bad escape", "redis://user:secretpw%zz@127.0.0.1:6380/0"},
		{"control character", "redis://:secretpw@127.0.0.1:6380/0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Platform{KafkaBrokers: []string{"k:9092"}, RegistryURL: "http://r", SchemaMode: SchemaVerify, RedisURL: tt.url, Concurrency: 1, DrainTimeout: time.Second}
			err := p.Validate()
			if err == nil || !strings.Contains(err.Error(), "DOCKET_REDIS_URL") {
				t.Fatalf("Validate() = %v, want an error naming DOCKET_REDIS_URL", err)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("Validate() = %q: shows the password", err)
			}
			if _, err := p.RedisClient(); err == nil || strings.Contains(err.Error(), "secret") {
				t.Errorf("RedisClient() = %v: want an error without the password", err)
			}
		})
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
	if opts, err := p.KafkaOpts(); err != nil || len(opts) != 4 {
		t.Fatalf("KafkaOpts = %d opts, %v; want seed brokers, compression, metadata age and SASL", len(opts), err)
	}
}

// TestLoadReportsUnparsableAndInvalidTogether sets values that cannot be
// parsed beside values that parse but are invalid: Load names every
// variable, by its environment name, and each once.
func TestLoadReportsUnparsableAndInvalidTogether(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string // each must appear exactly once
	}{
		{
			name: "unparsable only",
			env:  map[string]string{"DOCKET_CONCURRENCY": "abc", "DOCKET_DRAIN_TIMEOUT": "20"},
			want: []string{`DOCKET_CONCURRENCY "abc"`, `DOCKET_DRAIN_TIMEOUT "20"`},
		},
		{
			name: "unparsable and invalid",
			env: map[string]string{
				"DOCKET_CONCURRENCY": "abc", "DOCKET_KAFKA_TLS": "maybe",
				"DOCKET_SCHEMA_MODE": "bogus", "DOCKET_REDIS_URL": "redis//bad",
			},
			want: []string{`DOCKET_CONCURRENCY "abc"`, `DOCKET_KAFKA_TLS "maybe"`, "DOCKET_SCHEMA_MODE", "DOCKET_REDIS_URL"},
		},
		{
			name: "log settings",
			env:  map[string]string{"DOCKET_LOG_LEVEL": "verbose", "DOCKET_LOG_FORMAT": "xml"},
			want: []string{`DOCKET_LOG_LEVEL "verbose"`, `DOCKET_LOG_FORMAT "xml"`},
		},
		{
			name: "ops address and drain timeout",
			env:  map[string]string{"DOCKET_OPS_ADDR": "nope", "DOCKET_DRAIN_TIMEOUT": "-1s"},
			want: []string{`DOCKET_OPS_ADDR "nope"`, "DOCKET_DRAIN_TIMEOUT -1s"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, err := Load()
			if err == nil {
				t.Fatal("Load accepted bad settings")
			}
			for _, want := range tt.want {
				if n := strings.Count(err.Error(), want); n != 1 {
					t.Errorf("error names %q %d times, want once:\n%v", want, n, err)
				}
			}
			if strings.Contains(err.Error(), "DOCKET_CONCURRENCY 0") {
				t.Errorf("error reports the zero left by an unparsable value:\n%v", err)
			}
		})
	}
}

// TestParseEnv checks ParseEnv on a service's own settings: names by
// prefix, nested structs, and defaults kept for the unparsable.
func TestParseEnv(t *testing.T) {
	type inner struct {
		Poll time.Duration `env:"POLL" envDefault:"1s"`
	}
	type settings struct {
		MaxBytes int64         `env:"MAX_BYTES" envDefault:"100"`
		Timeout  time.Duration `env:"TIMEOUT" envDefault:"5s"`
		Name     string        `env:"NAME" envDefault:"x"`
		Inner    inner
	}
	tests := []struct {
		name    string
		env     map[string]string
		want    settings
		wantErr []string
	}{
		{"defaults", nil, settings{MaxBytes: 100, Timeout: 5 * time.Second, Name: "x", Inner: inner{Poll: time.Second}}, nil},
		{
			name:    "unparsable keep defaults",
			env:     map[string]string{"T_MAX_BYTES": "50MB", "T_POLL": "10", "T_NAME": "y"},
			want:    settings{MaxBytes: 100, Timeout: 5 * time.Second, Name: "y", Inner: inner{Poll: time.Second}},
			wantErr: []string{`T_MAX_BYTES "50MB"`, `T_POLL "10"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			var got settings
			err := ParseEnv(&got, "T_")
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if len(tt.wantErr) == 0 && err != nil {
				t.Errorf("ParseEnv: %v", err)
			}
			for _, w := range tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("error %v does not name %s", err, w)
				}
			}
		})
	}
}
