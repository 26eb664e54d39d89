package dockettest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/kafkacluster"
)

// Broker names a kind of Kafka a test runs against.
type Broker string

// The brokers.
const (
	// Kfake is the in-process imitation over TCP: fast, with request-level
	// fault injection.
	Kfake Broker = "kfake"
	// ApacheKafka is a real three-node KRaft cluster (pkg/kafkacluster).
	ApacheKafka Broker = "kafka"
)

// Brokers is the brokers a suite runs on: kfake always, and the real
// cluster except under -short (it takes half a minute to start).
func Brokers() []Broker {
	if testing.Short() {
		return []Broker{Kfake}
	}
	return []Broker{Kfake, ApacheKafka}
}

// NewBroker starts a broker of kind with topics of partitions each, closed
// with t.Cleanup.
func NewBroker(t testing.TB, kind Broker, partitions int32, topics []string) *Kafka {
	t.Helper()
	if kind == Kfake {
		return NewKafka(t, partitions, topics)
	}
	return NewRealKafka(t, partitions, topics)
}

// shared is the real cluster the tests of one test binary share (see
// NewRealKafka and Main).
var shared struct {
	mu  sync.Mutex
	c   *kafkacluster.Cluster
	dir string
}

// Main runs a test binary's tests, then stops the real cluster they shared.
// A package whose tests call NewBroker or NewRealKafka calls it from
// TestMain.
func Main(m *testing.M) {
	code := m.Run()
	shared.mu.Lock()
	if shared.c != nil {
		shared.c.Close()
		_ = os.RemoveAll(shared.dir)
	}
	shared.mu.Unlock()
	os.Exit(code)
}

// NewRealKafka returns the test binary's real three-node cluster, started
// on first use (half a minute) and shared by its tests, which run one at a
// time: each call deletes every topic and consumer group the previous test
// left, then creates topics with partitions each and the cluster's default
// replication (3). Test clients reach it on the PLAINTEXT listener; Env
// points services at the SASL_SSL listener. A test that breaks brokers
// (the chaos suite) starts a cluster of its own with kafkacluster.ForTest.
func NewRealKafka(t testing.TB, partitions int32, topics []string) *Kafka {
	t.Helper()
	c := sharedCluster(t)
	adm, err := c.Admin()
	if err != nil {
		t.Fatal(err)
	}
	defer adm.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := reset(ctx, adm); err != nil {
		// A node of the shared cluster that died (on a loaded machine
		// one refused connections after the cluster had started, found
		// in CI) is started again before the reset is tried once more.
		if restarted := heal(ctx, c); len(restarted) == 0 {
			t.Fatalf("reset the shared cluster: %v", err)
		} else if err := reset(ctx, adm); err != nil {
			t.Fatalf("reset the shared cluster after restarting nodes %v: %v", restarted, err)
		} else {
			t.Logf("the shared cluster's nodes %v had stopped: started again", restarted)
		}
	}
	createTopics(ctx, t, adm, partitions, topics)
	return &Kafka{Real: c, Addrs: c.Bootstrap(), Kind: ApacheKafka}
}

// heal starts again every node of c that is not running and waits for the
// cluster to be ready; it returns the nodes it started.
func heal(ctx context.Context, c *kafkacluster.Cluster) []int32 {
	var restarted []int32
	for _, n := range c.Nodes {
		if n.Pid() == 0 && c.StartNode(n.ID) == nil {
			restarted = append(restarted, n.ID)
		}
	}
	if len(restarted) > 0 {
		_ = c.WaitReady(ctx)
	}
	return restarted
}

// NewOwnRealKafka starts a real three-node cluster for t alone
// (kafkacluster.ForTest with cfg), for a test that breaks its brokers or
// needs another configuration, and creates topics as NewRealKafka does.
func NewOwnRealKafka(t testing.TB, partitions int32, topics []string, cfg kafkacluster.Config) *Kafka {
	t.Helper()
	c := kafkacluster.ForTest(t, cfg)
	adm, err := c.Admin()
	if err != nil {
		t.Fatal(err)
	}
	defer adm.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	createTopics(ctx, t, adm, partitions, topics)
	return &Kafka{Real: c, Addrs: c.Bootstrap(), Kind: ApacheKafka}
}

func createTopics(ctx context.Context, t testing.TB, adm *kadm.Client, partitions int32, topics []string) {
	t.Helper()
	if len(topics) == 0 {
		return
	}
	res, err := adm.CreateTopics(ctx, partitions, -1, nil, topics...)
	if err != nil {
		t.Fatalf("create topics: %v", err)
	}
	if err := res.Error(); err != nil {
		t.Fatalf("create topics: %v", err)
	}
}

func sharedCluster(t testing.TB) *kafkacluster.Cluster {
	t.Helper()
	if testing.Short() {
		t.Skip("real Kafka cluster: skipped under -short")
	}
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.c != nil {
		return shared.c
	}
	dir, err := os.MkdirTemp("", "docket-kafka-*")
	if err != nil {
		t.Fatal(err)
	}
	c, err := kafkacluster.Start(context.Background(), kafkacluster.Config{Dir: dir})
	if err != nil {
		_ = os.RemoveAll(dir)
		t.Fatalf("start the real Kafka cluster: %v", err)
	}
	shared.c, shared.dir = c, dir
	return c
}

// reset deletes every non-internal topic and every consumer group, and
// waits until the topics are gone.
func reset(ctx context.Context, adm *kadm.Client) error {
	groups, err := adm.ListGroups(ctx)
	if err != nil {
		return fmt.Errorf("list groups: %w", err)
	}
	if names := groups.Groups(); len(names) > 0 {
		if _, err := adm.DeleteGroups(ctx, names...); err != nil {
			return fmt.Errorf("delete groups: %w", err)
		}
	}
	for {
		td, err := adm.ListTopics(ctx)
		if err != nil {
			return fmt.Errorf("list topics: %w", err)
		}
		names := td.Names()
		if len(names) == 0 {
			return nil
		}
		if _, err := adm.DeleteTopics(ctx, names...); err != nil {
			return fmt.Errorf("delete topics: %w", err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("topics %v still exist: %w", names, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// Env is the environment that points a Docket service at the broker: kfake
// on its address; the real cluster on its SASL_SSL listener (TLS with the
// run's CA, SCRAM-SHA-512) as user, or as the admin user when user is
// empty.
func (k *Kafka) Env(user, password string) []string {
	if k.Real == nil {
		return []string{"DOCKET_KAFKA_BROKERS=" + strings.Join(k.Addrs, ",")}
	}
	if user == "" {
		user, password = k.Real.AdminUser, k.Real.AdminPassword
	}
	return []string{
		"DOCKET_KAFKA_BROKERS=" + strings.Join(k.Real.SASLBootstrap(), ","),
		"DOCKET_KAFKA_TLS=true",
		"DOCKET_KAFKA_TLS_CA_FILE=" + k.Real.CAFile,
		"DOCKET_KAFKA_SASL_MECHANISM=SCRAM-SHA-512",
		"DOCKET_KAFKA_SASL_USERNAME=" + user,
		"DOCKET_KAFKA_SASL_PASSWORD=" + password,
	}
}

// Seeds are client options that reach the broker as a super user (kfake,
// or the real cluster's PLAINTEXT listener).
func (k *Kafka) Seeds() []kgo.Opt { return []kgo.Opt{kgo.SeedBrokers(k.Addrs...)} }
