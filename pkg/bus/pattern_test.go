package bus_test

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
)

// A pattern handler consumes every matching topic, including one created
// while the runtime runs, but neither its excluded topics nor the
// service's own dead-letter topic.
func TestHandlePatternConsumesNewTopicsAndSkipsExcluded(t *testing.T) {
	h := newHarness(t, 1)
	for _, topic := range []string{"docket.feed.a", "docket.feed.skip"} {
		if err := h.kafka.Cluster.CreateTopic(topic, 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	rdb := redis.NewClient(&redis.Options{Addr: h.redis})
	t.Cleanup(func() { _ = rdb.Close() })
	rt, err := bus.New(passthrough.Name,
		[]kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...), kgo.MetadataMinAge(50 * time.Millisecond), kgo.MetadataMaxAge(200 * time.Millisecond)},
		h.codec, idempotency.New(rdb), bus.TransactionalID("pattern-0"), bus.SessionTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[string]int{}
	bus.HandlePattern(rt, regexp.MustCompile(`docket\.(feed\.[a-z]+|passthrough\.dlq)`), []string{"docket.feed.skip"},
		func(_ context.Context, m *bus.Message, in *events.DocumentSubmitted) ([]bus.Output, error) {
			mu.Lock()
			got[m.Record.Topic]++
			mu.Unlock()
			return []bus.Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{Document: in.Document, Text: in.Document}}}, nil
		})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rt.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("runtime: %v", err)
		}
	})

	deadline := time.Now().Add(30 * time.Second)
	for rt.Ready(ctx) != nil {
		if time.Now().After(deadline) {
			t.Fatal("runtime did not join its group")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := h.kafka.Cluster.CreateTopic("docket.feed.b", 1, nil); err != nil {
		t.Fatal(err)
	}
	topics := []string{"docket.feed.skip", events.DLQTopic(passthrough.Name), "docket.feed.a", "docket.feed.b"}
	want := map[string]bool{"docket.feed.a": true, "docket.feed.b": true}
	for i, topic := range topics {
		v, err := h.codec.Encode(events.TopicSubmitted, dockettest.Submitted(200+i, nil))
		if err != nil {
			t.Fatal(err)
		}
		produceRaw(t, h, &kgo.Record{Topic: topic, Key: []byte(topic), Value: v})
	}
	outs := h.kafka.ReadCommitted(t, events.TopicExtracted, len(want), 30*time.Second)
	if len(outs) != len(want) {
		t.Fatalf("%d outputs, want %d", len(outs), len(want))
	}
	// Wait past a few metadata refreshes for a stray record, then look.
	if late := h.kafka.ReadSettled(t, events.TopicExtracted, len(want), 30*time.Second, time.Second); len(late) != len(want) {
		t.Errorf("%d outputs, want %d", len(late), len(want))
	}
	mu.Lock()
	defer mu.Unlock()
	// The outputs above count once each; the handler itself may run twice
	// for a record whose batch a rebalance aborted (docket.feed.b joining
	// the subscription triggers one), as handlers may on any runtime.
	for topic := range want {
		if got[topic] < 1 {
			t.Errorf("topic %s handled %d times, want at least once", topic, got[topic])
		}
	}
	for _, topic := range topics[:2] {
		if got[topic] != 0 {
			t.Errorf("excluded topic %s handled %d times, want 0", topic, got[topic])
		}
	}
}
