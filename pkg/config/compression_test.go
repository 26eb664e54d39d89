package config_test

import (
	"context"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/dockettest"
)

// Compression codes of a record batch's attributes, as the Kafka protocol
// numbers them.
const (
	codecNone   = 0
	codecGzip   = 1
	codecSnappy = 2
	codecLZ4    = 3
	codecZstd   = 4
)

// The codec DOCKET_COMPRESSION names is the one on the wire: a record
// produced with the platform's Kafka options is fetched back, over TCP from
// kfake, from a batch with that codec in its attributes. Unset, it is none
// (README, Configuration): franz-go's own default, snappy, is a codec
// kafkajs cannot read without a plugin.
func TestCompressionOnTheWire(t *testing.T) {
	for _, tc := range []struct {
		env  string // "" leaves DOCKET_COMPRESSION unset
		want uint8
	}{
		{"", codecNone},
		{"none", codecNone},
		{"gzip", codecGzip},
		{"snappy", codecSnappy},
		{"lz4", codecLZ4},
		{"ZSTD", codecZstd},
	} {
		name := tc.env
		if name == "" {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			const topic = "compression"
			k := dockettest.NewKafka(t, 1, []string{topic})
			t.Setenv("DOCKET_KAFKA_BROKERS", k.Addrs[0])
			if tc.env != "" {
				t.Setenv("DOCKET_COMPRESSION", tc.env)
			}
			p, err := config.Load()
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			opts, err := p.KafkaOpts()
			if err != nil {
				t.Fatalf("KafkaOpts: %v", err)
			}
			cl, err := kgo.NewClient(opts...)
			if err != nil {
				t.Fatal(err)
			}
			defer cl.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			// Compressible, so that no codec leaves a batch uncompressed.
			value := make([]byte, 4096)
			if err := cl.ProduceSync(ctx, &kgo.Record{Topic: topic, Value: value}).FirstErr(); err != nil {
				t.Fatalf("produce: %v", err)
			}
			recs := k.ReadCommitted(t, topic, 1, 10*time.Second)
			if len(recs) != 1 {
				t.Fatalf("read %d records, want 1", len(recs))
			}
			if got := recs[0].Attrs.CompressionType(); got != tc.want {
				t.Errorf("batch compression = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestCompressionRefusesUnknownCodec(t *testing.T) {
	t.Setenv("DOCKET_COMPRESSION", "brotli")
	if _, err := config.Load(); err == nil {
		t.Fatal("Load with DOCKET_COMPRESSION=brotli: no error")
	}
	p := config.Platform{KafkaBrokers: []string{"127.0.0.1:9092"}, Compression: "brotli"}
	if _, err := p.KafkaOpts(); err == nil {
		t.Error("KafkaOpts with compression brotli: no error")
	}
}

// TestKafkaOptsRefreshMetadataSoon: a client built from KafkaOpts may ask
// for metadata again after config.MetadataMinAge, not franz-go's 5 s,
// which is how long a transaction's produce that met
// CONCURRENT_TRANSACTIONS (Apache Kafka 4, transactions v2) or a moved
// leader waited before it was retried.
func TestKafkaOptsRefreshMetadataSoon(t *testing.T) {
	p := config.Platform{KafkaBrokers: []string{"127.0.0.1:9092"}}
	opts, err := p.KafkaOpts()
	if err != nil {
		t.Fatal(err)
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	got := cl.OptValue(kgo.MetadataMinAge)
	if got != config.MetadataMinAge || config.MetadataMinAge > 100*time.Millisecond {
		t.Errorf("MetadataMinAge = %v (config.MetadataMinAge %v), want at most 100ms", got, config.MetadataMinAge)
	}
}
