package app

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
	"github.com/docket-run/docket/services/sagatracker/internal/projection"
	"github.com/docket-run/docket/services/sagatracker/internal/store"
)

// snapshot is the whole projection as read back: every workflow's state
// and full history through the store, and the raw offsets and index.
type snapshot struct {
	Workflows map[string]store.Workflow
	// Histories are sorted by record position: the order of history
	// entries follows the order records of different partitions were
	// applied in, which Kafka does not define across partitions.
	Histories map[string][]projection.Entry
	Offsets   map[string]string
	Index     []string
}

func (e *env) snapshot(ctx context.Context) snapshot {
	e.t.Helper()
	s := snapshot{Workflows: map[string]store.Workflow{}, Histories: map[string][]projection.Entry{}}
	var err error
	if s.Offsets, err = e.redis.HGetAll(ctx, e.prefix+"offsets").Result(); err != nil {
		e.t.Fatal(err)
	}
	zs, err := e.redis.ZRangeWithScores(ctx, e.prefix+"index", 0, -1).Result()
	if err != nil {
		e.t.Fatal(err)
	}
	for _, z := range zs {
		id := z.Member.(string)
		s.Index = append(s.Index, fmt.Sprintf("%s@%v", id, z.Score))
		w, err := e.store.Get(ctx, id)
		if err != nil {
			e.t.Fatalf("get %s: %v", id, err)
		}
		s.Workflows[id] = w
		var all []projection.Entry
		for from := int64(0); from >= 0; {
			var page []projection.Entry
			page, from, err = e.store.History(ctx, id, from, 3)
			if err != nil {
				e.t.Fatalf("history of %s: %v", id, err)
			}
			all = append(all, page...)
		}
		sort.Slice(all, func(i, j int) bool {
			a, b := all[i], all[j]
			if a.Topic != b.Topic {
				return a.Topic < b.Topic
			}
			if a.Partition != b.Partition {
				return a.Partition < b.Partition
			}
			return a.Offset < b.Offset
		})
		s.Histories[id] = all
	}
	return s
}

// TestRebuildEqualsLiveProjection lets the live tracker project a mix of
// workflows, drops and rebuilds the projection from Kafka, compares, and
// starts the live tracker again on the rebuilt offsets.
func TestRebuildEqualsLiveProjection(t *testing.T) {
	if testing.Short() {
		t.Skip("rebuilds the projection from every topic (about 7s); skipped with -short")
	}
	e := newEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	// An aborted transaction first: read_committed, it is never projected.
	tx := e.kafka.Client(t, kgo.TransactionalID("rebuild-test-aborted"))
	if err := tx.BeginTransaction(); err != nil {
		t.Fatal(err)
	}
	e.produceWith(tx, events.TopicSubmitted, submitted("wf-rb-aborted", 0))
	if err := tx.EndTransaction(ctx, kgo.TryAbort); err != nil {
		t.Fatal(err)
	}
	// Keys the rebuild must keep (another prefix) and drop (a stray key).
	if err := e.redis.Set(ctx, "other:"+e.prefix+"keep", "1", 0).Err(); err != nil {
		t.Fatal(err)
	}

	live := e.start()
	want := map[string]int64{} // workflow → events applied
	// Happy path.
	e.step(events.TopicSubmitted, submitted("wf-rb-happy", 0), 1)
	e.step(events.TopicExtracted, extracted("wf-rb-happy", 5), 2)
	e.step(events.TopicClassified, classified("wf-rb-happy", 7), 3)
	e.step(events.TopicRecorded, recorded("wf-rb-happy", "wf-rb-happy-classified", 9), 4)
	want["wf-rb-happy"] = 4
	// Review path.
	e.step(events.TopicSubmitted, submitted("wf-rb-review", 1), 1)
	e.step(events.TopicExtracted, extracted("wf-rb-review", 4), 2)
	e.step(events.TopicReviewRequested, reviewRequested("wf-rb-review", 6), 3)
	e.step(events.TopicReviewDecided, reviewDecided("wf-rb-review", 60), 4)
	e.step(events.TopicRecorded, recorded("wf-rb-review", "wf-rb-review-review-decided", 62), 5)
	want["wf-rb-review"] = 5
	// Dead letters: parked, and retried through the retry topic, then on.
	e.step(events.TopicSubmitted, submitted("wf-rb-parked", 2), 1)
	e.step(events.DLQTopic(events.ServiceOCR), e.deadLetter("wf-rb-parked", events.ServiceOCR, "structural", 1, 12), 2)
	want["wf-rb-parked"] = 2
	sub := submitted("wf-rb-retry", 3)
	e.step(events.TopicSubmitted, sub, 1)
	e.step(events.DLQTopic(events.ServiceOCR), e.deadLetter("wf-rb-retry", events.ServiceOCR, "transient", 3, 13), 2)
	v, err := e.codec.Encode(events.TopicSubmitted, sub)
	if err != nil {
		t.Fatal(err)
	}
	e.produceRaw(&kgo.Record{Topic: events.RetryTopic(events.ServiceOCR), Key: []byte("wf-rb-retry"), Value: v,
		Headers: []kgo.RecordHeader{{Key: projection.HeaderAttempt, Value: []byte("4")}}})
	e.waitEvents("wf-rb-retry", 3)
	e.step(events.TopicExtracted, extracted("wf-rb-retry", 70), 4)
	want["wf-rb-retry"] = 4
	// Duplicates and an undecodable record.
	e.step(events.TopicSubmitted, submitted("wf-rb-dup", 4), 1)
	e.step(events.TopicExtracted, extracted("wf-rb-dup", 8), 2)
	e.produce(events.TopicSubmitted, submitted("wf-rb-dup", 4))
	e.produce(events.TopicExtracted, extracted("wf-rb-dup", 8), extracted("wf-rb-dup", 8))
	e.produceRaw(&kgo.Record{Topic: events.TopicExtracted, Key: []byte("wf-rb-dup"), Value: []byte("not an event")})
	want["wf-rb-dup"] = 2 // the record that is no event is no workflow's
	// A committed transaction, so partitions end in a commit marker.
	txc := e.kafka.Client(t, kgo.TransactionalID("rebuild-test-committed"))
	if err := txc.BeginTransaction(); err != nil {
		t.Fatal(err)
	}
	e.produceWith(txc, events.TopicSubmitted, submitted("wf-rb-tx", 5))
	e.produceWith(txc, events.TopicExtracted, extracted("wf-rb-tx", 9))
	if err := txc.EndTransaction(ctx, kgo.TryCommit); err != nil {
		t.Fatal(err)
	}
	want["wf-rb-tx"] = 2
	// A burst of workflows produced without waiting, over many partitions.
	for i := range 30 {
		wf := fmt.Sprintf("wf-rb-bulk-%02d", i)
		e.produce(events.TopicSubmitted, submitted(wf, 100+i))
		e.produce(events.TopicExtracted, extracted(wf, 200+i))
		want[wf] = 2
	}
	for wf, n := range want {
		e.waitEvents(wf, n)
	}
	if err := poll(30*time.Second, func() (bool, error) {
		return live.counter(t, "docket_sagatracker_duplicates_suppressed_total") == 3 &&
			live.counter(t, "docket_sagatracker_poison_records_total") == 1, nil
	}); err != nil {
		t.Fatalf("live duplicates suppressed %v, want 3; poison records %v, want 1",
			live.counter(t, "docket_sagatracker_duplicates_suppressed_total"), live.counter(t, "docket_sagatracker_poison_records_total"))
	}
	live.stop(t)
	before := e.snapshot(ctx)
	if len(before.Workflows) != len(want) {
		t.Fatalf("live projection holds %d workflows, want %d", len(before.Workflows), len(want))
	}
	for wf, n := range want {
		if got := before.Workflows[wf].Events; got != n {
			t.Fatalf("live %s: %d events, want %d", wf, got, n)
		}
	}
	if err := e.redis.Set(ctx, e.prefix+"wf:wf-stray", "x", 0).Err(); err != nil {
		t.Fatal(err)
	}

	// Rebuild in small batches, so batches span partitions and topics.
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	err = RebuildWith(ctx, Parts{
		Config: config.Config{Group: "docket-sagatracker", Prefix: e.prefix, MaxPollRecords: 7, WriteTimeout: 10 * time.Second},
		Kafka:  []kgo.Opt{kgo.SeedBrokers(e.kafka.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)},
		Redis:  e.redis, Decoder: e.codec, Log: log,
	})
	if err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	after := e.snapshot(ctx)
	if !reflect.DeepEqual(after, before) {
		for wf, w := range before.Workflows {
			if !reflect.DeepEqual(after.Workflows[wf], w) {
				t.Errorf("%s:\n rebuilt %+v\n    live %+v", wf, after.Workflows[wf], w)
			}
			if !reflect.DeepEqual(after.Histories[wf], before.Histories[wf]) {
				t.Errorf("%s history:\n rebuilt %+v\n    live %+v", wf, after.Histories[wf], before.Histories[wf])
			}
		}
		t.Fatalf("rebuilt projection differs:\n offsets %v\n    live %v\n index %v\n  live %v", after.Offsets, before.Offsets, after.Index, before.Index)
	}
	for key, gone := range map[string]bool{e.prefix + "wf:wf-stray": true, "other:" + e.prefix + "keep": false} {
		n, err := e.redis.Exists(ctx, key).Result()
		if err != nil {
			t.Fatal(err)
		}
		if (n == 0) != gone {
			t.Errorf("key %s exists %d after the rebuild, want gone=%v", key, n, gone)
		}
	}

	// The live tracker resumes from the rebuilt offsets: only the new event
	// is applied, nothing twice.
	again := e.start()
	e.step(events.TopicClassified, classified("wf-rb-retry", 80), 5)
	// Counters move right after the batch's script returned.
	if err := poll(10*time.Second, func() (bool, error) {
		return again.counter(t, "docket_sagatracker_events_applied_total") >= 1, nil
	}); err != nil {
		t.Fatalf("applied counter after the rebuild: %v", err)
	}
	for name, n := range map[string]float64{
		"docket_sagatracker_events_applied_total":        1,
		"docket_sagatracker_duplicates_suppressed_total": 0,
		"docket_sagatracker_stale_records_total":         0,
		"docket_sagatracker_records_skipped_total":       0,
	} {
		if got := again.counter(t, name); got != n {
			t.Errorf("after the rebuild %s = %v, want %v", name, got, n)
		}
	}
	again.stop(t)
	final := e.snapshot(ctx)
	for wf, w := range before.Workflows {
		wantN := w.Events
		if wf == "wf-rb-retry" {
			wantN++
		}
		if got := final.Workflows[wf].Events; got != wantN || int64(len(final.Histories[wf])) != wantN {
			t.Errorf("%s after restart: %d events, %d history entries, want %d", wf, got, len(final.Histories[wf]), wantN)
		}
	}
}

// produceWith writes events to topic with the client cl.
func (e *env) produceWith(cl *kgo.Client, topic string, evs ...events.Event) {
	e.t.Helper()
	orig := e.prod
	e.prod = cl
	defer func() { e.prod = orig }()
	e.produce(topic, evs...)
}
