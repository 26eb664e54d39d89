package bus

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
)

// BenchmarkProcessBatch measures the runtime's own work on a batch of 500
// 1 KiB events — decode, duplicate lookup, handler call, output encoding,
// processed marks — without Kafka, to show where a record's time goes.
func BenchmarkProcessBatch(b *testing.B) {
	_, rc := dockettest.Registry(b)
	srv := dockettest.Redis(b)
	ctx := context.Background()
	codec, err := serde.New(ctx, rc, serde.Register, []string{events.TopicSubmitted, events.TopicExtracted, events.DLQTopic("bench")})
	if err != nil {
		b.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	rt, err := New("bench", nil, codec, idempotency.New(rdb))
	if err != nil {
		b.Fatal(err)
	}
	Handle(rt, events.TopicSubmitted, func(_ context.Context, _ *Message, in *events.DocumentSubmitted) ([]Output, error) {
		return []Output{{Topic: events.TopicExtracted, Event: &events.DocumentExtracted{Document: in.Document, Text: in.Document}}}, nil
	})
	const n = 500
	pad := make([]byte, 760)
	for i := range pad {
		pad[i] = 'x'
	}
	b.ResetTimer()
	var handled int
	for it := range b.N {
		b.StopTimer()
		recs := make([]*kgo.Record, n)
		for i := range recs {
			e := dockettest.Submitted(it*n+i, map[string]string{"pad": string(pad)})
			v, err := codec.Encode(events.TopicSubmitted, e)
			if err != nil {
				b.Fatal(err)
			}
			recs[i] = &kgo.Record{Topic: events.TopicSubmitted, Partition: int32(i % 8), Offset: int64(it*n + i), Key: []byte(e.Meta.WorkflowID), Value: v, Timestamp: time.Now()}
		}
		b.StartTimer()
		out := rt.newBatchOut(ctx, discard{&handled})
		if err := errors.Join(rt.processBatch(ctx, recs, out.add), out.wait()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(handled)/b.Elapsed().Seconds(), "records/s")
}

// discard counts the outputs it is given.
type discard struct{ n *int }

func (d discard) Produce(_ context.Context, r *kgo.Record, promise func(*kgo.Record, error)) {
	*d.n++
	promise(r, nil)
}

func (discard) Flush(context.Context) error { return nil }
