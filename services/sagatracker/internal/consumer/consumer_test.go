package consumer

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

type noDecoder struct{}

func (noDecoder) Decode([]byte) (events.Event, error) { return nil, io.ErrUnexpectedEOF }

// An idle tracker's poll loop keeps turning, so Live does not take a quiet
// system for a stuck consumer.
func TestIdleLoopTurns(t *testing.T) {
	k := dockettest.NewKafka(t, 1, []string{events.TopicSubmitted})
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	c, err := New(Config{Group: "idle", Topics: []string{events.TopicSubmitted}, PollWait: 100 * time.Millisecond},
		[]kgo.Opt{kgo.SeedBrokers(k.Addrs...)}, store.New(rdb, "test:"), noDecoder{}, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err != nil {
		t.Fatal(err)
	}
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
