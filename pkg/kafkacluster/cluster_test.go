package kafkacluster_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/scram"

	"github.com/docket-run/docket/pkg/kafkacluster"
)

func TestClusterListenersAndReplication(t *testing.T) {
	c := kafkacluster.ForTest(t, kafkacluster.Config{Users: map[string]string{"reader": "reader-secret"}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	adm, err := c.Admin()
	if err != nil {
		t.Fatal(err)
	}
	defer adm.Close()
	if _, err := adm.CreateTopic(ctx, 3, -1, nil, "t"); err != nil {
		t.Fatalf("create topic: %v", err)
	}
	td, err := adm.ListTopics(ctx, "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range td["t"].Partitions {
		if len(p.Replicas) != 3 {
			t.Fatalf("partition %d has %d replicas, want the default 3", p.Partition, len(p.Replicas))
		}
	}
	cfgs, err := adm.DescribeTopicConfigs(ctx, "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, cv := range cfgs[0].Configs {
		if cv.Key == "min.insync.replicas" && cv.MaybeValue() != "2" {
			t.Fatalf("min.insync.replicas = %s, want 2", cv.MaybeValue())
		}
	}

	plain, err := kgo.NewClient(kgo.SeedBrokers(c.Bootstrap()...), kgo.DefaultProduceTopic("t"))
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if err := plain.ProduceSync(ctx, &kgo.Record{Value: []byte("hello")}).FirstErr(); err != nil {
		t.Fatalf("produce over PLAINTEXT: %v", err)
	}

	pool := x509.NewCertPool()
	ca, err := os.ReadFile(c.CAFile)
	if err != nil {
		t.Fatal(err)
	}
	pool.AppendCertsFromPEM(ca)
	sasl := func(user, pass string, opts ...kgo.Opt) *kgo.Client {
		cl, err := kgo.NewClient(append([]kgo.Opt{
			kgo.SeedBrokers(c.SASLBootstrap()...),
			kgo.DialTLSConfig(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}),
			kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha512Mechanism()),
			kgo.RequestRetries(2),
		}, opts...)...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(cl.Close)
		return cl
	}
	admin := sasl(c.AdminUser, c.AdminPassword, kgo.DefaultProduceTopic("t"))
	if err := admin.ProduceSync(ctx, &kgo.Record{Value: []byte("over tls")}).FirstErr(); err != nil {
		t.Fatalf("produce as admin over SASL_SSL: %v", err)
	}
	reader := sasl("reader", "reader-secret", kgo.DefaultProduceTopic("t"))
	err = reader.ProduceSync(ctx, &kgo.Record{Value: []byte("denied")}).FirstErr()
	if !errors.Is(err, kerr.TopicAuthorizationFailed) {
		t.Fatalf("produce as a user without ACLs: %v, want TOPIC_AUTHORIZATION_FAILED", err)
	}
	wrong := sasl("reader", "not-the-password", kgo.DefaultProduceTopic("t"))
	if err := wrong.ProduceSync(ctx, &kgo.Record{Value: []byte("x")}).FirstErr(); err == nil {
		t.Fatal("a wrong password produced")
	}
}
