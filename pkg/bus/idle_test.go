package bus

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
)

// An idle runtime's loop keeps turning: a poll that finds nothing returns
// after pollWait, so Live does not mistake a quiet topic for a wedged
// runtime (a liveness probe would restart every idle replica).
func TestIdleLoopTurns(t *testing.T) {
	k := dockettest.NewKafka(t, 1, []string{events.TopicSubmitted, events.TopicExtracted, events.DLQTopic("idle"), events.RetryTopic("idle")})
	_, rc := dockettest.Registry(t)
	srv := dockettest.Redis(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	codec, err := serde.New(ctx, rc, serde.Register, []string{events.TopicSubmitted, events.TopicExtracted, events.DLQTopic("idle")})
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	rt, err := New("idle", []kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, codec, idempotency.New(rdb), TransactionalID("idle-0"))
	if err != nil {
		t.Fatal(err)
	}
	rt.cfg.pollWait = 100 * time.Millisecond
	Handle(rt, events.TopicSubmitted, func(context.Context, *Message, *events.DocumentSubmitted) ([]Output, error) { return nil, nil })
	done := make(chan error, 1)
	go func() { done <- rt.Run(ctx) }()

	dockettest.IdleLoopTurns(t, rt.Ready, rt.lastPoll.Load)
	if err := rt.Live(ctx); err != nil {
		t.Fatalf("idle runtime not live: %v", err)
	}
	if n := testutil.CollectAndCount(rt.metrics.fetchErrs); n != 0 {
		t.Errorf("idle polls counted fetch errors on %d topics, want none", n)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
}
