// Package config loads the settings every Docket service shares from the
// environment (12-factor) and turns them into clients: Kafka connection
// options (TLS, SASL/SCRAM), the schema registry client and the Redis client.
package config

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/quota"
)

// Schema modes.
const (
	// SchemaRegister registers the service's schemas at start-up (the
	// embedded mode and development).
	SchemaRegister = "register"
	// SchemaVerify only checks that the schemas were registered by
	// `docket admin schemas apply` and are compatible (production).
	SchemaVerify = "verify"
)

// Platform holds the settings shared by every service.
type Platform struct {
	KafkaBrokers       []string `env:"DOCKET_KAFKA_BROKERS" envDefault:"127.0.0.1:9092" envSeparator:","`
	KafkaTLS           bool     `env:"DOCKET_KAFKA_TLS"`
	KafkaTLSCAFile     string   `env:"DOCKET_KAFKA_TLS_CA_FILE"`
	KafkaSASLMechanism string   `env:"DOCKET_KAFKA_SASL_MECHANISM"`
	KafkaSASLUser      string   `env:"DOCKET_KAFKA_SASL_USERNAME"`
	KafkaSASLPassword  string   `env:"DOCKET_KAFKA_SASL_PASSWORD"`
	// Compression is the codec every Docket producer compresses record
	// batches with: none, gzip, snappy, lz4 or zstd. Default none, so that
	// any client reads Docket's topics without a codec of its own (kafkajs
	// decodes only gzip); README, Configuration, says when to change it.
	// Empty (a Platform built in code) means none.
	Compression string `env:"DOCKET_COMPRESSION" envDefault:"none"`

	RegistryURL      string `env:"DOCKET_SCHEMA_REGISTRY_URL" envDefault:"http://127.0.0.1:8081"`
	RegistryUser     string `env:"DOCKET_SCHEMA_REGISTRY_USERNAME"`
	RegistryPassword string `env:"DOCKET_SCHEMA_REGISTRY_PASSWORD"`
	SchemaMode       string `env:"DOCKET_SCHEMA_MODE" envDefault:"verify"`

	RedisURL string `env:"DOCKET_REDIS_URL" envDefault:"redis://127.0.0.1:6380/0"`
	BlobURL  string `env:"DOCKET_BLOB_URL" envDefault:"file://./data/blobs"`

	OpsAddr    string `env:"DOCKET_OPS_ADDR" envDefault:"127.0.0.1:0"`
	LogLevel   string `env:"DOCKET_LOG_LEVEL" envDefault:"info"`
	LogFormat  string `env:"DOCKET_LOG_FORMAT" envDefault:"json"`
	InstanceID string `env:"DOCKET_INSTANCE_ID"`
	// TransactionalIDSuffix follows the instance in the services'
	// transactional ids; no setting sets it. The embedded runner gives
	// each start its own: its broker, started again from its data folder
	// after a crash, no longer knows which transactions were open, and a
	// producer back under the old id had its later records hidden from
	// read-committed consumers (docs/runtime.md, "A crashed embedded
	// broker's open transactions").
	TransactionalIDSuffix string
	// Pprof serves net/http/pprof under /debug/pprof/ on the ops address.
	// Off by default: profiles expose internals, so turn it on only where
	// the ops address is private (benchmarks, a debugging session).
	Pprof bool `env:"DOCKET_PPROF"`

	// Insecure lets a service's API run without authentication on a
	// non-loopback address (pkg/auth.CheckExposure), with an error-level
	// warning at every start. Without it such an API refuses to start.
	Insecure bool `env:"DOCKET_INSECURE"`
	// AuthKeyFile holds the server key (32+ bytes) under which API
	// tokens and tenants' API keys are kept as HMAC-SHA256 digests.
	AuthKeyFile string `env:"DOCKET_AUTH_KEY_FILE"`

	Concurrency  int           `env:"DOCKET_CONCURRENCY" envDefault:"8"`
	DrainTimeout time.Duration `env:"DOCKET_DRAIN_TIMEOUT" envDefault:"20s"`
	// TransactionTimeout is the Kafka transaction timeout; zero (a
	// Platform built in code) means the runtime's default.
	TransactionTimeout time.Duration `env:"DOCKET_TRANSACTION_TIMEOUT" envDefault:"10s"`

	// Long steps (OCR, slow model calls): workers per replica, jobs held
	// per replica before fetching pauses, the replica's job lease, and
	// each tenant's share (see ParseShares). Zero means the runtime's
	// default.
	LongWorkers  int           `env:"DOCKET_LONG_WORKERS" envDefault:"2"`
	LongQueue    int           `env:"DOCKET_LONG_QUEUE" envDefault:"1000"`
	JobLease     time.Duration `env:"DOCKET_JOB_LEASE" envDefault:"15s"`
	TenantShares string        `env:"DOCKET_TENANT_SHARES"`
	// TenantQuotas is each tenant's daily budget of pages and OCR CPU
	// (quota.Parse), shared by every replica through Redis; empty (a
	// Platform built in code) limits nothing.
	TenantQuotas string `env:"DOCKET_TENANT_QUOTAS" envDefault:"*=10000/4h"`

	// GroupProtocol is the consumer group protocol: classic (the default,
	// client-side assignment) or consumer (KIP-848, Kafka 4.0+: the
	// broker assigns). docs/runtime.md says why classic is the default.
	GroupProtocol string `env:"DOCKET_KAFKA_GROUP_PROTOCOL" envDefault:"classic"`
}

// Share is one tenant's weight and cap of running long jobs (0: none).
type Share struct {
	Weight     float64
	MaxRunning int
}

// ParseShares reads DOCKET_TENANT_SHARES: comma-separated
// tenant=weight[:max_running], e.g. "acme=3:4,globex=1".
func ParseShares(s string) (map[string]Share, error) {
	out := map[string]Share{}
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		tenant, spec, ok := strings.Cut(part, "=")
		tenant = strings.TrimSpace(tenant)
		if !ok || tenant == "" {
			return nil, fmt.Errorf("%q: want tenant=weight[:max_running]", part)
		}
		w, c, hasCap := strings.Cut(spec, ":")
		weight, err := strconv.ParseFloat(strings.TrimSpace(w), 64)
		if err != nil || weight <= 0 || math.IsInf(weight, 0) {
			return nil, fmt.Errorf("%q: weight must be a positive number", part)
		}
		sh := Share{Weight: weight}
		if hasCap {
			n, err := strconv.Atoi(strings.TrimSpace(c))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%q: max_running must be a whole number, 0 for no cap", part)
			}
			sh.MaxRunning = n
		}
		if _, dup := out[tenant]; dup {
			return nil, fmt.Errorf("tenant %q appears twice", tenant)
		}
		out[tenant] = sh
	}
	return out, nil
}

// Load reads the platform settings from the environment and validates them.
// A value that cannot be parsed is reported with the variable's name and
// the others are still validated, so one run names every bad variable.
func Load() (Platform, error) {
	var p Platform
	err := ParseEnv(&p, "")
	return p, errors.Join(err, p.Validate())
}

// ParseEnv reads v, a pointer to a struct with env tags, from the
// environment as env.ParseWithOptions does with prefix before every name.
// A value that cannot be parsed is reported as `NAME "value": reason` and
// its field keeps its default, so that the caller's Validate reports the
// other bad fields in the same run rather than the zero left behind.
func ParseEnv(v any, prefix string) error {
	err := env.ParseWithOptions(v, env.Options{Prefix: prefix})
	var agg env.AggregateError
	if err == nil || !errors.As(err, &agg) {
		return err
	}
	environ := env.ToMap(os.Environ())
	var errs []error
	for _, e := range agg.Errors {
		var pe env.ParseError
		name := ""
		if errors.As(e, &pe) {
			name = envName(reflect.TypeOf(v).Elem(), pe.Name, prefix)
		}
		if name == "" {
			return err
		}
		errs = append(errs, fmt.Errorf("%s %q: %w", name, environ[name], pe.Err))
		delete(environ, name)
	}
	// Parse again without the unparsable variables: they take their
	// defaults.
	rv := reflect.ValueOf(v).Elem()
	rv.SetZero()
	if err := env.ParseWithOptions(v, env.Options{Prefix: prefix, Environment: environ}); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// envName returns the environment variable of the struct field named field
// in t, looking into nested structs that take no prefix of their own.
func envName(t reflect.Type, field, prefix string) string {
	for i := range t.NumField() {
		f := t.Field(i)
		key, _, _ := strings.Cut(f.Tag.Get("env"), ",")
		if f.Name == field && key != "" && key != "-" {
			return prefix + key
		}
		if f.Type.Kind() == reflect.Struct && key == "" && f.Tag.Get("envPrefix") == "" {
			if name := envName(f.Type, field, prefix); name != "" {
				return name
			}
		}
	}
	return ""
}

// Validate reports every bad field at once.
func (p Platform) Validate() error {
	var errs []error
	if len(p.KafkaBrokers) == 0 || p.KafkaBrokers[0] == "" {
		errs = append(errs, errors.New("DOCKET_KAFKA_BROKERS is empty"))
	}
	switch strings.ToUpper(p.KafkaSASLMechanism) {
	case "", "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512":
	default:
		errs = append(errs, fmt.Errorf("DOCKET_KAFKA_SASL_MECHANISM %q: want PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512", p.KafkaSASLMechanism))
	}
	if p.KafkaSASLMechanism != "" && (p.KafkaSASLUser == "" || p.KafkaSASLPassword == "") {
		errs = append(errs, errors.New("DOCKET_KAFKA_SASL_USERNAME and DOCKET_KAFKA_SASL_PASSWORD are required with SASL"))
	}
	if _, ok := codecs[strings.ToLower(p.Compression)]; !ok {
		errs = append(errs, fmt.Errorf("DOCKET_COMPRESSION %q: want none, gzip, snappy, lz4 or zstd", p.Compression))
	}
	if p.RegistryURL == "" {
		errs = append(errs, errors.New("DOCKET_SCHEMA_REGISTRY_URL is empty"))
	}
	if p.SchemaMode != SchemaRegister && p.SchemaMode != SchemaVerify {
		errs = append(errs, fmt.Errorf("DOCKET_SCHEMA_MODE %q: want %s or %s", p.SchemaMode, SchemaRegister, SchemaVerify))
	}
	if _, err := parseRedisURL(p.RedisURL); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_REDIS_URL: %w", err))
	}
	// Empty ops address and log settings (a Platform built in code) mean
	// the defaults.
	if p.OpsAddr != "" {
		if _, _, err := net.SplitHostPort(p.OpsAddr); err != nil {
			errs = append(errs, fmt.Errorf("DOCKET_OPS_ADDR %q: %w", p.OpsAddr, err))
		}
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(p.LogLevel)); p.LogLevel != "" && err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_LOG_LEVEL %q: want debug, info, warn or error", p.LogLevel))
	}
	if p.LogFormat != "" && !strings.EqualFold(p.LogFormat, "json") && !strings.EqualFold(p.LogFormat, "text") {
		errs = append(errs, fmt.Errorf("DOCKET_LOG_FORMAT %q: want json or text", p.LogFormat))
	}
	if _, err := ParseShares(p.TenantShares); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_TENANT_SHARES: %w", err))
	}
	if _, err := quota.Parse(p.TenantQuotas); err != nil {
		errs = append(errs, fmt.Errorf("DOCKET_TENANT_QUOTAS: %w", err))
	}
	if p.TransactionTimeout != 0 && (p.TransactionTimeout < time.Second || p.TransactionTimeout > 15*time.Minute) {
		errs = append(errs, fmt.Errorf("DOCKET_TRANSACTION_TIMEOUT %s: want between 1s and 15m", p.TransactionTimeout))
	}
	if p.LongWorkers < 0 || p.LongQueue < 0 || p.JobLease < 0 {
		errs = append(errs, errors.New("DOCKET_LONG_WORKERS, DOCKET_LONG_QUEUE and DOCKET_JOB_LEASE must not be negative"))
	}
	if p.GroupProtocol != "" && p.GroupProtocol != "classic" && p.GroupProtocol != "consumer" {
		errs = append(errs, fmt.Errorf("DOCKET_KAFKA_GROUP_PROTOCOL %q: want classic or consumer", p.GroupProtocol))
	}
	if p.JobLease != 0 && p.JobLease < time.Second {
		errs = append(errs, fmt.Errorf("DOCKET_JOB_LEASE %s: want at least 1s", p.JobLease))
	}
	if p.Concurrency < 1 {
		errs = append(errs, fmt.Errorf("DOCKET_CONCURRENCY %d: want at least 1", p.Concurrency))
	}
	if p.DrainTimeout < 0 {
		errs = append(errs, fmt.Errorf("DOCKET_DRAIN_TIMEOUT %s: want 0 (abort at once) or more", p.DrainTimeout))
	}
	return errors.Join(errs...)
}

// MetadataMinAge is how soon a client may ask for the cluster's metadata
// again. franz-go retries a produce whose partition answered
// CONCURRENT_TRANSACTIONS, or moved to another leader, only after a
// metadata refresh, and its default (5 s) kept a transaction that long:
// on Apache Kafka 4 (transactions v2, KIP-890) a transaction's first
// produce meets the previous one's markers still being written whenever
// the broker is slower than its own retries, and each hop's transaction
// then took 4.6-4.8 s instead of 0.1-0.3 (docs/runtime.md, "Seconds a
// transaction on Apache Kafka"). The Java client waits 100 ms
// (retry.backoff.ms).
const MetadataMinAge = 100 * time.Millisecond

// codecs are the values of DOCKET_COMPRESSION; "" is none.
var codecs = map[string]kgo.CompressionCodec{
	"":       kgo.NoCompression(),
	"none":   kgo.NoCompression(),
	"gzip":   kgo.GzipCompression(),
	"snappy": kgo.SnappyCompression(),
	"lz4":    kgo.Lz4Compression(),
	"zstd":   kgo.ZstdCompression(),
}

// KafkaOpts returns the options for franz-go: the connection, the
// producers' batch compression (DOCKET_COMPRESSION; franz-go would
// otherwise compress with snappy) and MetadataMinAge.
func (p Platform) KafkaOpts() ([]kgo.Opt, error) {
	codec, ok := codecs[strings.ToLower(p.Compression)]
	if !ok {
		return nil, fmt.Errorf("DOCKET_COMPRESSION %q: want none, gzip, snappy, lz4 or zstd", p.Compression)
	}
	opts := []kgo.Opt{kgo.SeedBrokers(p.KafkaBrokers...), kgo.ProducerBatchCompression(codec), kgo.MetadataMinAge(MetadataMinAge)}
	if p.KafkaTLS || p.KafkaTLSCAFile != "" {
		cfg := &tls.Config{MinVersion: tls.VersionTLS12}
		if p.KafkaTLSCAFile != "" {
			pem, err := os.ReadFile(p.KafkaTLSCAFile)
			if err != nil {
				return nil, fmt.Errorf("read Kafka CA file: %w", err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("no certificate in Kafka CA file %s", p.KafkaTLSCAFile)
			}
			cfg.RootCAs = pool
		}
		opts = append(opts, kgo.DialTLSConfig(cfg))
	}
	switch strings.ToUpper(p.KafkaSASLMechanism) {
	case "PLAIN":
		opts = append(opts, kgo.SASL(plain.Auth{User: p.KafkaSASLUser, Pass: p.KafkaSASLPassword}.AsMechanism()))
	case "SCRAM-SHA-256":
		opts = append(opts, kgo.SASL(scram.Auth{User: p.KafkaSASLUser, Pass: p.KafkaSASLPassword}.AsSha256Mechanism()))
	case "SCRAM-SHA-512":
		opts = append(opts, kgo.SASL(scram.Auth{User: p.KafkaSASLUser, Pass: p.KafkaSASLPassword}.AsSha512Mechanism()))
	}
	return opts, nil
}

// RegistryClient returns a schema registry client.
func (p Platform) RegistryClient() (*sr.Client, error) {
	opts := []sr.ClientOpt{sr.URLs(p.RegistryURL)}
	if p.RegistryUser != "" {
		opts = append(opts, sr.BasicAuth(p.RegistryUser, p.RegistryPassword))
	}
	cl, err := sr.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("schema registry client: %w", err)
	}
	return cl, nil
}

// errRedisURLSyntax reports a DOCKET_REDIS_URL that is not a URL at all.
var errRedisURLSyntax = errors.New("not a valid redis:// or rediss:// URL (the value is not shown: it may hold the password)")

// parseRedisURL parses a Redis URL. Its errors never quote the URL, which
// usually carries the password: net/url's do, so they are replaced.
func parseRedisURL(raw string) (*redis.Options, error) {
	o, err := redis.ParseURL(raw)
	if ue := (*url.Error)(nil); errors.As(err, &ue) {
		return nil, errRedisURLSyntax
	}
	return o, err
}

// RedisClient returns a Redis client for DOCKET_REDIS_URL (redis:// or
// rediss:// for TLS).
func (p Platform) RedisClient() (*redis.Client, error) {
	o, err := parseRedisURL(p.RedisURL)
	if err != nil {
		return nil, fmt.Errorf("parse DOCKET_REDIS_URL: %w", err)
	}
	return redis.NewClient(o), nil
}
