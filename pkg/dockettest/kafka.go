// Package dockettest starts the real parts Docket's tests run against: an
// in-process Kafka broker (kfake) served over TCP or a real three-node
// Apache Kafka cluster, a real redis-server on a free port, and a schema
// registry over HTTP.
package dockettest

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/kafkacluster"
	"github.com/docket-run/docket/pkg/registry"
)

// Kafka is a broker for a test: kfake listening on loopback TCP, or a real
// cluster (NewRealKafka).
type Kafka struct {
	// Cluster is kfake's, nil on a real cluster.
	Cluster *kfake.Cluster
	// Real is the real cluster, nil on kfake.
	Real *kafkacluster.Cluster
	// Addrs are the addresses test clients dial (kfake, or the real
	// cluster's PLAINTEXT listener).
	Addrs []string
	Kind  Broker
}

// NewKafka starts a one-broker kfake cluster on a free loopback port and
// creates topics with partitions each. It is closed with t.Cleanup.
func NewKafka(t testing.TB, partitions int32, topics []string, opts ...kfake.Opt) *Kafka {
	t.Helper()
	c, err := kfake.NewCluster(append([]kfake.Opt{
		kfake.NumBrokers(1),
		kfake.DefaultNumPartitions(int(partitions)),
		kfake.GroupMinSessionTimeout(100 * time.Millisecond),
	}, opts...)...)
	if err != nil {
		t.Fatalf("start kfake: %v", err)
	}
	t.Cleanup(c.Close)
	for _, topic := range topics {
		if err := c.CreateTopic(topic, partitions, nil); err != nil {
			t.Fatalf("create topic %s: %v", topic, err)
		}
	}
	return &Kafka{Cluster: c, Addrs: c.ListenAddrs(), Kind: Kfake}
}

// Client returns a plain client for the broker, closed with t.Cleanup.
func (k *Kafka) Client(t testing.TB, opts ...kgo.Opt) *kgo.Client {
	t.Helper()
	cl, err := kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(k.Addrs...), kgo.MetadataMinAge(config.MetadataMinAge)}, opts...)...)
	if err != nil {
		t.Fatalf("kafka client: %v", err)
	}
	t.Cleanup(cl.Close)
	return cl
}

// ReadCommitted reads every committed record of topic from the start until
// want records arrived or timeout passed.
func (k *Kafka) ReadCommitted(t testing.TB, topic string, want int, timeout time.Duration) []*kgo.Record {
	t.Helper()
	cl := k.Client(t,
		kgo.ConsumeTopics(topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var recs []*kgo.Record
	for len(recs) < want {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil {
			break
		}
		recs = append(recs, fs.Records()...)
	}
	return recs
}

// ReadSettled reads every committed record of topic from the start until at
// least want arrived (or timeout passed), then goes on reading until no
// record has arrived for quiet. A test that asserts nothing more than want
// was written reads with it: it cannot stop short of the records that are
// there because the reader was slow, which a fixed deadline can under load.
func (k *Kafka) ReadSettled(t testing.TB, topic string, want int, timeout, quiet time.Duration) []*kgo.Record {
	t.Helper()
	cl := k.Client(t,
		kgo.ConsumeTopics(topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)
	until := time.Now().Add(timeout)
	if want <= 0 {
		until = time.Now().Add(quiet)
	}
	var recs []*kgo.Record
	for {
		ctx, cancel := context.WithDeadline(context.Background(), until)
		fs := cl.PollFetches(ctx)
		expired := ctx.Err() != nil
		cancel()
		if expired {
			return recs
		}
		got := fs.Records()
		recs = append(recs, got...)
		if len(got) > 0 && len(recs) >= want {
			until = time.Now().Add(quiet)
		}
	}
}

// Registry starts a schema registry (pkg/registry) over HTTP on loopback,
// persisted in a temporary folder, and returns its URL and a client.
func Registry(t testing.TB) (string, *sr.Client) {
	t.Helper()
	reg, err := registry.New(t.TempDir())
	if err != nil {
		t.Fatalf("start schema registry: %v", err)
	}
	srv := httptest.NewServer(reg.Handler())
	t.Cleanup(srv.Close)
	cl, err := sr.NewClient(sr.URLs(srv.URL))
	if err != nil {
		t.Fatalf("schema registry client: %v", err)
	}
	return srv.URL, cl
}
