package consumer

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

type noDecoder struct{}

func (noDecoder) Decode([]byte) (events.Event, error) { return nil, io.ErrUnexpectedEOF }

// newConsumer returns a consumer of docket.document.submitted on k, with
// cfg's group and instance id and a short poll wait.
func newConsumer(t *testing.T, k *dockettest.Kafka, rdb *redis.Client, cfg Config) *Consumer {
	t.Helper()
	cfg.Topics, cfg.PollWait = []string{events.TopicSubmitted}, 100*time.Millisecond
	c, err := New(cfg, []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, store.New(rdb, "test:"), noDecoder{}, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// An idle tracker's poll loop keeps turning, so Live does not take a quiet
// system for a stuck consumer.
func TestIdleLoopTurns(t *testing.T) {
	k := dockettest.NewKafka(t, 1, []string{events.TopicSubmitted})
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	c := newConsumer(t, k, rdb, Config{Group: "idle"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	dockettest.IdleLoopTurns(t, c.Ready, c.lastLoop.Load)
	if err := c.Live(ctx); err != nil {
		t.Fatalf("idle consumer not live: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
}

// A tracker replica fenced out of its group by another with the same
// instance id consumes nothing: it must stop reporting ready.
func TestFencedReplicaIsNotReady(t *testing.T) {
	k := dockettest.NewKafka(t, 1, []string{events.TopicSubmitted})
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	start := func() *Consumer {
		c := newConsumer(t, k, rdb, Config{Group: "fenced", InstanceID: "tracker-0"})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- c.Run(ctx) }()
		t.Cleanup(func() {
			cancel()
			<-done
		})
		return c
	}
	ready := func(c *Consumer, want bool) bool {
		for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
			if (c.Ready(context.Background()) == nil) == want {
				return true
			}
		}
		return false
	}
	first := start()
	if !ready(first, true) {
		t.Fatal("first replica never joined")
	}
	if second := start(); !ready(second, true) {
		t.Fatal("second replica never joined")
	}
	if !ready(first, false) {
		t.Fatal("the replica fenced by a second one with its instance id still reports ready")
	}
}
