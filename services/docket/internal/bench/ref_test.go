package bench

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hamba/avro/v2"
	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/events"
)

// The reference pipeline is the work Docket does, without Docket: the same
// topology (requested → submitted → extracted → classified → recorded)
// as four transactional consume→produce hops on bare franz-go
// (GroupTransactSession), every event Avro-decoded and encoded through
// franz-go's sr.Serde with hamba/avro under the registry's ids for the
// real event schemas, an MGET + SET NX PX duplicate guard per event in
// redis-server, and a projection that reads every workflow event (as the
// saga tracker does) and writes one Redis hash per event with its
// consumed offsets, in one MULTI per batch. There is no business logic:
// each output is built by mapping the input's fields.

// refStages name the hops after the services they stand for.
var refStages = []string{"ingest", "ocr", "classifier", "ledger"}

// refEventTopics are Docket's topics whose schemas the reference's
// topics carry, in pipeline order.
var refEventTopics = []string{events.TopicRequested, events.TopicSubmitted, events.TopicExtracted, events.TopicClassified, events.TopicRecorded}

// refTopic is the reference's topic i (0 requested … 4 recorded):
// bench.ref.document.requested and so on.
func refTopic(i int) string { return "bench.ref." + strings.TrimPrefix(refEventTopics[i], "docket.") }

// refTopics are the reference's topics, in pipeline order.
func refTopics() []string {
	out := make([]string, len(refEventTopics))
	for i := range out {
		out[i] = refTopic(i)
	}
	return out
}

// refMarkTTL is how long a processed mark is kept (Docket's default).
const refMarkTTL = 7 * 24 * time.Hour

// refPollRecords is the batch size of a hop, as Docket's runtime polls.
const refPollRecords = 500

// newRefSerde registers each reference topic's schema (the current
// schema of the Docket topic it stands for) under its subject and
// returns an sr.Serde that encodes and decodes the event types with
// hamba/avro.
func newRefSerde(ctx context.Context, rc *sr.Client) (*sr.Serde, error) {
	var s sr.Serde
	for i, topic := range refEventTopics {
		sch, ok := events.ForTopic(topic)
		if !ok {
			return nil, fmt.Errorf("no schema for %s", topic)
		}
		parsed, err := events.Parse(sch.Text)
		if err != nil {
			return nil, fmt.Errorf("parse schema of %s: %w", topic, err)
		}
		ss, err := rc.CreateSchema(ctx, events.Subject(refTopic(i)), sr.Schema{Schema: sch.Text, Type: sr.TypeAvro})
		if err != nil {
			return nil, fmt.Errorf("register schema of %s: %w", refTopic(i), err)
		}
		s.Register(ss.ID, sch.New(),
			sr.EncodeFn(func(v any) ([]byte, error) { return avro.Marshal(parsed, v) }),
			sr.DecodeFn(func(b []byte, v any) error { return avro.Unmarshal(parsed, b, v) }),
			sr.GenerateFn(func() any { return sch.New() }),
		)
	}
	return &s, nil
}

// refPipeline runs the reference's hops and projection in this process.
type refPipeline struct {
	serde *sr.Serde
	redis *redis.Client

	// Counted by the hops and the projection.
	consumed   [4]atomic.Int64 // records each hop polled and committed
	produced   atomic.Int64    // data records committed by the hops
	txns       atomic.Int64    // transactions ended (committed or aborted)
	duplicates atomic.Int64    // events the guard suppressed
	projected  atomic.Int64    // events the projection wrote

	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error
}

// startRef starts the hops and the projection on the broker conn reaches;
// stop ends them.
func startRef(ctx context.Context, conn []kgo.Opt, serde *sr.Serde, rdb *redis.Client) *refPipeline {
	p := &refPipeline{serde: serde, redis: rdb}
	ctx, p.cancel = context.WithCancel(ctx)
	for hop := range refStages {
		p.wg.Go(func() { p.fail(ctx, p.hop(ctx, conn, hop)) })
	}
	p.wg.Go(func() { p.fail(ctx, p.project(ctx, conn)) })
	return p
}

func (p *refPipeline) fail(ctx context.Context, err error) {
	if err == nil || ctx.Err() != nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.err = errors.Join(p.err, err)
}

// Err returns the errors that stopped a hop or the projection.
func (p *refPipeline) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// stop ends the hops and the projection and waits for them.
func (p *refPipeline) stop() {
	p.cancel()
	p.wg.Wait()
}

// hop is one transactional consume→produce loop: refTopic(hop) to
// refTopic(hop+1).
func (p *refPipeline) hop(ctx context.Context, conn []kgo.Opt, hop int) error {
	name := "bench-ref-" + refStages[hop]
	sess, err := kgo.NewGroupTransactSession(append(slices.Clone(conn),
		kgo.ConsumerGroup(name), kgo.ConsumeTopics(refTopic(hop)), kgo.TransactionalID(name),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchIsolationLevel(kgo.ReadCommitted()),
		kgo.MetadataMinAge(100*time.Millisecond),
	)...)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer sess.Close()
	for ctx.Err() == nil {
		fs := sess.PollRecords(ctx, refPollRecords)
		recs := fs.Records()
		if len(recs) == 0 {
			continue
		}
		if err := sess.Begin(); err != nil {
			return fmt.Errorf("%s: begin: %w", name, err)
		}
		outs, err := p.handle(ctx, hop, recs)
		if err != nil {
			_, _ = sess.End(ctx, kgo.TryAbort)
			return fmt.Errorf("%s: %w", name, err)
		}
		for _, r := range outs {
			sess.Produce(ctx, r, nil)
		}
		committed, err := sess.End(ctx, kgo.TryCommit)
		p.txns.Add(1)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("%s: end transaction: %w", name, err)
		}
		if committed {
			p.consumed[hop].Add(int64(len(recs)))
			p.produced.Add(int64(len(outs)))
		}
	}
	return nil
}

// position names the record a processed mark comes from.
func position(r *kgo.Record) string { return fmt.Sprintf("%s/%d/%d", r.Topic, r.Partition, r.Offset) }

// handle decodes a batch, asks which of its events are processed already
// (one MGET), marks the others processed (SET NX PX per event, one
// pipelined round trip) and returns the encoded outputs of those it won.
// A mark left by this very record (an earlier try of the batch aborted)
// counts as won, as in Docket's runtime.
func (p *refPipeline) handle(ctx context.Context, hop int, recs []*kgo.Record) ([]*kgo.Record, error) {
	ins := make([]events.Event, len(recs))
	keys := make([]string, len(recs))
	for i, r := range recs {
		v, err := p.serde.DecodeNew(r.Value)
		if err != nil {
			return nil, fmt.Errorf("decode %s at %d: %w", r.Topic, r.Offset, err)
		}
		ins[i] = v.(events.Event)
		keys[i] = "bench:ref:" + refStages[hop] + ":processed:" + ins[i].EventMeta().EventID
	}
	seen, err := p.redis.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, fmt.Errorf("duplicate lookup: %w", err)
	}
	own := func(i int) bool { s, ok := seen[i].(string); return ok && s == position(recs[i]) }
	pipe := p.redis.Pipeline()
	marks := make([]*redis.BoolCmd, len(recs))
	for i, r := range recs {
		if seen[i] == nil {
			marks[i] = pipe.SetNX(ctx, keys[i], position(r), refMarkTTL)
		}
	}
	if pipe.Len() > 0 {
		if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
			return nil, fmt.Errorf("mark processed: %w", err)
		}
	}
	outs := make([]*kgo.Record, 0, len(recs))
	for i, r := range recs {
		won := own(i) || (marks[i] != nil && marks[i].Val())
		if !won {
			p.duplicates.Add(1)
			continue
		}
		out := refMap(hop, r, ins[i])
		v, err := p.serde.Encode(out)
		if err != nil {
			return nil, fmt.Errorf("encode %T: %w", out, err)
		}
		outs = append(outs, &kgo.Record{Topic: refTopic(hop + 1), Key: r.Key, Value: v})
	}
	return outs, nil
}

// refMeta is the meta of hop's output of the event with meta in: its id
// derived from the input's, so that a record handled twice yields the
// same event.
func refMeta(hop int, in events.Meta) events.Meta {
	sum := sha256.Sum256([]byte(in.EventID + "/" + refTopic(hop+1)))
	return events.Meta{
		EventID: hex.EncodeToString(sum[:16]), WorkflowID: in.WorkflowID, TenantID: in.TenantID,
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond), CausationID: in.EventID,
		Producer: events.Producer{Service: "bench-ref-" + refStages[hop], Version: "test"},
	}
}

// refMap builds hop's output event from its input by copying fields.
func refMap(hop int, r *kgo.Record, in events.Event) events.Event {
	m := refMeta(hop, *in.EventMeta())
	switch e := in.(type) {
	case *events.DocumentRequested:
		deadline := m.OccurredAt.Add(24 * time.Hour)
		if e.Deadline != nil {
			deadline = *e.Deadline
		}
		key := e.IdempotencyKey
		return &events.DocumentSubmitted{Meta: m, Document: e.Document, Filename: e.Filename, Priority: e.Priority, Deadline: deadline,
			Labels: e.Labels, CallbackURL: e.CallbackURL, IdempotencyKey: &key, Source: "request"}
	case *events.DocumentSubmitted:
		return &events.DocumentExtracted{Meta: m, Document: e.Document, Text: e.Document,
			Pages:  []events.Page{{Number: 1, Chars: int(e.Document.SizeBytes), Confidence: 1, Method: "text"}},
			Engine: events.Engine{Name: "bench-ref", Version: "test"}, MeanConfidence: 1}
	case *events.DocumentExtracted:
		text := e.Text
		return &events.DocumentClassified{Meta: m, Document: e.Document, DocumentType: "other", Confidence: 1,
			Candidates: []events.Candidate{{Type: "other", Score: 1}}, Model: events.Model{Name: "bench-ref", Version: "test"}, Text: &text}
	case *events.DocumentClassified:
		return &events.DocumentRecorded{Meta: m, LedgerTopic: r.Topic, LedgerPartition: int(r.Partition), LedgerOffset: r.Offset,
			RecordHash: []byte(e.Document.SHA256), Sequence: r.Offset}
	}
	panic(fmt.Sprintf("reference hop %d: unexpected %T", hop, in))
}

// project reads every workflow event of the reference read-committed and
// writes, per batch in one MULTI/EXEC, a hash per event and the consumed
// offsets (the state and its position together, as the saga tracker
// keeps them).
func (p *refPipeline) project(ctx context.Context, conn []kgo.Opt) error {
	cl, err := kgo.NewClient(append(slices.Clone(conn),
		kgo.ConsumeTopics(refTopics()[1:]...), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()), kgo.MetadataMinAge(100*time.Millisecond),
	)...)
	if err != nil {
		return fmt.Errorf("projection: %w", err)
	}
	defer cl.Close()
	for ctx.Err() == nil {
		recs := cl.PollRecords(ctx, refPollRecords).Records()
		if len(recs) == 0 {
			continue
		}
		tx := p.redis.TxPipeline()
		offsets := map[string]any{}
		for _, r := range recs {
			v, err := p.serde.DecodeNew(r.Value)
			if err != nil {
				return fmt.Errorf("projection: decode %s at %d: %w", r.Topic, r.Offset, err)
			}
			m := v.(events.Event).EventMeta()
			tx.HSet(ctx, "bench:ref:event:"+m.EventID, "workflow_id", m.WorkflowID, "tenant_id", m.TenantID, "topic", r.Topic,
				"causation_id", m.CausationID, "occurred_at", m.OccurredAt.UnixMilli(), "producer", m.Producer.Service, "offset", r.Offset)
			offsets[fmt.Sprintf("%s/%d", r.Topic, r.Partition)] = r.Offset + 1
		}
		tx.HSet(ctx, "bench:ref:offsets", offsets)
		if _, err := tx.Exec(ctx); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("projection: write: %w", err)
		}
		p.projected.Add(int64(len(recs)))
	}
	return nil
}

// refRequests returns n docket.document.requested events for the
// reference's head, keyed and identified by workflow id, each with its own
// document reference.
func refRequests(phase string, n int) []*events.DocumentRequested {
	out := make([]*events.DocumentRequested, n)
	for i := range out {
		id := fmt.Sprintf("ref-%s-%06d", phase, i)
		sum := sha256.Sum256([]byte(id))
		out[i] = &events.DocumentRequested{
			Meta: events.Meta{EventID: id, WorkflowID: id, TenantID: benchTenant, OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
				Producer: events.Producer{Service: "bench", Version: "test"}},
			Document: events.BlobRef{URI: "file:///bench/" + id, SHA256: hex.EncodeToString(sum[:]), SizeBytes: 1024, MediaType: "text/plain"},
			Filename: id + ".txt", IdempotencyKey: id, Labels: map[string]string{"bench": phase},
		}
	}
	return out
}

// records encodes reqs as records for the reference's head.
func (p *refPipeline) records(reqs []*events.DocumentRequested) ([]*kgo.Record, error) {
	out := make([]*kgo.Record, len(reqs))
	for i, e := range reqs {
		v, err := p.serde.Encode(e)
		if err != nil {
			return nil, fmt.Errorf("encode request: %w", err)
		}
		out[i] = &kgo.Record{Topic: refTopic(0), Key: []byte(e.Meta.WorkflowID), Value: v}
	}
	return out, nil
}

// feed produces recs, each stamped as it is sent (when pace, if set,
// says), and waits for every acknowledgement.
func feed(ctx context.Context, cl *kgo.Client, recs []*kgo.Record, pace func(int)) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs error
	for i, r := range recs {
		if pace != nil {
			pace(i)
		}
		r.Timestamp = time.Now()
		wg.Add(1)
		cl.Produce(ctx, r, func(_ *kgo.Record, err error) {
			defer wg.Done()
			if err != nil {
				mu.Lock()
				errs = errors.Join(errs, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errs
}

// refReader reads the reference's recorded events, read-committed, and
// counts them by workflow.
type refReader struct {
	serde *sr.Serde
	cl    *kgo.Client

	mu       sync.Mutex
	recorded map[string]int
	first    map[string]time.Time // when each workflow's recorded event was first read
	last     time.Time
	changed  chan struct{}
}

func startRefReader(t testing.TB, ctx context.Context, cl *kgo.Client, serde *sr.Serde) *refReader {
	r := &refReader{serde: serde, cl: cl, recorded: map[string]int{}, first: map[string]time.Time{}, changed: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			recs := cl.PollFetches(ctx).Records()
			if len(recs) == 0 {
				continue
			}
			now := time.Now()
			r.mu.Lock()
			for _, rec := range recs {
				var e events.DocumentRecorded
				if err := serde.Decode(rec.Value, &e); err != nil {
					t.Errorf("reference reader: decode recorded at %d: %v", rec.Offset, err)
					continue
				}
				if r.recorded[e.Meta.WorkflowID]++; r.recorded[e.Meta.WorkflowID] == 1 {
					r.first[e.Meta.WorkflowID] = now
				}
			}
			r.last = now
			r.mu.Unlock()
			select {
			case r.changed <- struct{}{}:
			default:
			}
		}
	}()
	return r
}

// await waits until every workflow of ids is recorded, or timeout, and
// returns when the last recorded event was read.
func (r *refReader) await(ids []string, timeout time.Duration) (time.Time, bool) {
	deadline := time.After(timeout)
	for {
		r.mu.Lock()
		done := 0
		for _, id := range ids {
			if r.recorded[id] > 0 {
				done++
			}
		}
		last := r.last
		r.mu.Unlock()
		if done == len(ids) {
			return last, true
		}
		select {
		case <-r.changed:
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			return last, false
		}
	}
}

// readAt returns when the recorded event of each of ids was first read.
func (r *refReader) readAt(ids []string) []time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]time.Time, len(ids))
	for i, id := range ids {
		out[i] = r.first[id]
	}
	return out
}

// counts returns how often each workflow's recorded event was read.
func (r *refReader) counts() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]int, len(r.recorded))
	for k, v := range r.recorded {
		out[k] = v
	}
	return out
}

func workflowIDs(reqs []*events.DocumentRequested) []string {
	ids := make([]string, len(reqs))
	for i, e := range reqs {
		ids[i] = e.Meta.WorkflowID
	}
	return ids
}
