package bus

import (
	"context"
	"strconv"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/telemetry"
)

// Kafka headers the runtime reads and writes. Trace context travels as the
// W3C "traceparent" (and "tracestate") header.
const (
	// HeaderAttempt is the number of delivery attempts a record has already
	// had before this one, set by the exception agent on redelivery.
	HeaderAttempt = "docket-attempt"
	// HeaderOriginTopic, -Partition and -Offset name where a record
	// redelivered through a retry topic was first consumed.
	HeaderOriginTopic     = "docket-origin-topic"
	HeaderOriginPartition = "docket-origin-partition"
	HeaderOriginOffset    = "docket-origin-offset"
	// HeaderFirstFailure is the first failure time (RFC 3339, ms) of a
	// redelivered record.
	HeaderFirstFailure = "docket-first-failure"
)

// header returns the value of the last header named k, or "".
func header(r *kgo.Record, k string) string {
	for i := len(r.Headers) - 1; i >= 0; i-- {
		if r.Headers[i].Key == k {
			return string(r.Headers[i].Value)
		}
	}
	return ""
}

func headerInt(r *kgo.Record, k string) int64 {
	n, _ := strconv.ParseInt(header(r, k), 10, 64)
	return n
}

// InjectTrace writes the trace context of ctx's span into rec's headers,
// for records a service produces outside the runtime (ingest's submitted
// events), so the workflow's trace starts where the document arrived.
func InjectTrace(ctx context.Context, rec *kgo.Record) {
	telemetry.Propagator.Inject(ctx, recordCarrier{rec})
}

// recordCarrier adapts record headers to OpenTelemetry's TextMapCarrier.
type recordCarrier struct{ r *kgo.Record }

func (c recordCarrier) Get(k string) string { return header(c.r, k) }

func (c recordCarrier) Set(k, v string) {
	for i := range c.r.Headers {
		if c.r.Headers[i].Key == k {
			c.r.Headers[i].Value = []byte(v)
			return
		}
	}
	c.r.Headers = append(c.r.Headers, kgo.RecordHeader{Key: k, Value: []byte(v)})
}

func (c recordCarrier) Keys() []string {
	ks := make([]string, len(c.r.Headers))
	for i, h := range c.r.Headers {
		ks[i] = h.Key
	}
	return ks
}

// origin is where a record was first consumed: for a record redelivered
// through a retry topic, the topic, partition and offset in its headers.
type origin struct {
	Topic     string
	Partition int32
	Offset    int64
}

func originOf(r *kgo.Record) origin {
	if t := header(r, HeaderOriginTopic); t != "" {
		return origin{Topic: t, Partition: int32(headerInt(r, HeaderOriginPartition)), Offset: headerInt(r, HeaderOriginOffset)}
	}
	return origin{Topic: r.Topic, Partition: r.Partition, Offset: r.Offset}
}

// source identifies the exact record a result was computed from, so a
// redelivery of that record (after an aborted transaction) can be told from
// a duplicate event in another record.
func source(r *kgo.Record) string {
	return sourceAt(r.Topic, r.Partition, r.Offset)
}

func sourceAt(topic string, partition int32, offset int64) string {
	return topic + "/" + strconv.FormatInt(int64(partition), 10) + "/" + strconv.FormatInt(offset, 10)
}

// markSource is the source an item's processed mark names. A long step's
// record redelivered through the retry topic counts as the record it was
// first consumed from: accepting the first delivery as a job marked the
// event processed from there, and the job then ended in a dead letter,
// which the exception agent retries. Compared with its own position, the
// redelivery would pass for a duplicate of another record and be dropped,
// and the workflow lost. (A short step marks nothing for a dead-lettered
// event, so its redeliveries keep their own position.)
func markSource(it *item) string {
	if it.route != nil && it.route.long && header(it.rec, HeaderOriginTopic) != "" {
		o := originOf(it.rec)
		return sourceAt(o.Topic, o.Partition, o.Offset)
	}
	return source(it.rec)
}

// jobID is the job a long step's record becomes: its event's id, and for a
// redelivery through the retry topic also its attempt, so a retry after a
// dead letter is a new job while the same redelivery consumed twice is one.
func jobID(r *kgo.Record, eventID string) string {
	if header(r, HeaderOriginTopic) != "" {
		return eventID + "#attempt-" + strconv.FormatInt(headerInt(r, HeaderAttempt), 10)
	}
	return eventID
}
