package exception_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/dockettest/passthrough"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/servicetest"
	"github.com/docket-run/docket/services/exception"
)

type harness struct {
	kafka  *dockettest.Kafka
	client *kgo.Client
	codec  *serde.Serde
	redis  string
	rdb    *redis.Client
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	topics := append(devstack.Topics(), events.DLQTopic(passthrough.Name), events.RetryTopic(passthrough.Name))
	k := dockettest.NewKafka(t, 1, topics)
	_, rc := dockettest.Registry(t)
	rs := dockettest.Redis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Register, []string{
		events.TopicControl, events.TopicSubmitted, events.TopicExtracted, events.TopicReviewRequested, events.TopicRecorded, events.TopicAudit,
		events.DLQTopic(events.ServiceOCR), events.DLQTopic(passthrough.Name), events.DLQTopic(exception.Name),
	})
	if err != nil {
		t.Fatalf("serde: %v", err)
	}
	return &harness{kafka: k, client: k.Client(t), codec: codec, redis: rs.Addr(), rdb: dockettest.RedisClient(t, rs)}
}

func (h *harness) kopts() []kgo.Opt {
	return []kgo.Opt{kgo.SeedBrokers(h.kafka.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)}
}

func testConfig() exception.Config {
	return exception.Config{
		Addr:                "127.0.0.1:0",
		Services:            []string{events.ServiceOCR, passthrough.Name},
		MaxAttempts:         2,
		MaxWorkflowAttempts: 20,
		Rate:                exception.RateSpec{Default: 1000},
		BreakerThreshold:    100,
		BreakerWindow:       time.Minute,
		BreakerCooldown:     10 * time.Second,
		ReviewSLA:           time.Hour,
		BackoffInitial:      200 * time.Millisecond,
		BackoffMax:          400 * time.Millisecond,
		Scheduler:           true,
		PollInterval:        20 * time.Millisecond,
		ClaimLease:          5 * time.Second,
		Batch:               100,
		TransactionalID:     "exception-test-producer",
	}
}

func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// agent is the exception agent running in-process on the runtime.
type agent struct {
	run  *exception.Running
	stop func()
}

// startAgent runs the agent with cfg until stop or the end of the test.
func startAgent(t *testing.T, h *harness, cfg exception.Config) *agent {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: h.redis, DisableIdentity: true})
	var run *exception.Running
	r := servicetest.Run(t, servicetest.Config{Service: exception.Name, Kafka: h.kopts(), Codec: h.codec, Redis: rdb,
		TxnID: "exception-test-runtime", Options: []bus.Option{bus.Logger(testLogger(t))}},
		func(ctx context.Context, rt *bus.Runtime) error {
			var err error
			run, err = exception.Setup(ctx, cfg, &service.Deps{Log: testLogger(t), Redis: rdb, Serde: h.codec, Kafka: h.kopts()}, rt)
			return err
		})
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		r.Stop()
		run.Wait()
		_ = rdb.Close()
	}
	t.Cleanup(stop)
	return &agent{run: run, stop: stop}
}

// startPassthrough runs the pass-through service in-process.
func startPassthrough(t *testing.T, h *harness) {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: h.redis, DisableIdentity: true})
	t.Cleanup(func() { _ = rdb.Close() })
	servicetest.RunSpec(t, passthrough.Spec(0), &service.Deps{Redis: rdb}, servicetest.Config{
		Kafka: h.kopts(), Codec: h.codec, TxnID: "passthrough-test", Options: []bus.Option{bus.Logger(testLogger(t))}})
}

// original is the record a service gave up on.
type original struct {
	key, value []byte
	headers    []events.Header
}

func submittedRecord(t *testing.T, h *harness, n int) original {
	t.Helper()
	in := dockettest.Submitted(n, nil)
	v, err := h.codec.Encode(events.TopicSubmitted, in)
	if err != nil {
		t.Fatal(err)
	}
	return original{key: []byte(in.Meta.WorkflowID), value: v, headers: []events.Header{
		{Key: "x-origin", Value: []byte("test")},
		{Key: bus.HeaderAttempt, Value: []byte("99")}, // stale, replaced on redelivery
	}}
}

// deadLetter returns the dead letter service "ocr" would write for o at
// source offset off, as its id-th dead letter.
func deadLetter(id string, o original, class string, off int64, attempts int) *events.DeadLetter {
	first := time.Date(2026, 1, 2, 3, 4, 5, 123_000_000, time.UTC)
	dl := &events.DeadLetter{
		Service:         events.ServiceOCR,
		SourceTopic:     events.TopicSubmitted,
		SourcePartition: 0,
		SourceOffset:    off,
		OriginalKey:     o.key,
		OriginalValue:   o.value,
		OriginalHeaders: o.headers,
		ErrorClass:      class,
		ErrorMessage:    "simulated " + class + " failure",
		Attempts:        attempts,
		AttemptHistory:  []events.Attempt{{At: first, ErrorClass: class, ErrorMessage: "simulated"}},
		FirstFailureAt:  first,
		LastFailureAt:   first.Add(time.Second),
	}
	dl.Meta = events.Meta{
		EventID:    id,
		WorkflowID: string(o.key),
		TenantID:   "acme",
		OccurredAt: time.Now().UTC().Truncate(time.Millisecond),
		Producer:   events.Producer{Service: events.ServiceOCR, Version: "test"},
	}
	return dl
}

func (h *harness) produceDLQ(t *testing.T, dls ...*events.DeadLetter) {
	t.Helper()
	evs := make([]events.Event, len(dls))
	for i, dl := range dls {
		evs[i] = dl
	}
	dockettest.Produce(t, h.client, h.codec, events.DLQTopic(events.ServiceOCR), evs...)
}

// controls reads control events of workflow until want arrived or timeout.
func (h *harness) controls(t *testing.T, workflow string, want int, timeout time.Duration) []*events.WorkflowControl {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var out []*events.WorkflowControl
		all := h.kafka.ReadCommitted(t, events.TopicControl, 1<<30, 300*time.Millisecond)
		for _, r := range all {
			e, err := h.codec.Decode(r.Value)
			if err != nil {
				t.Fatalf("decode control event: %v", err)
			}
			c := e.(*events.WorkflowControl)
			if c.Meta.WorkflowID == workflow {
				out = append(out, c)
			}
		}
		if len(out) >= want || time.Now().After(deadline) {
			return out
		}
	}
}

func (h *harness) retries(t *testing.T, service string, want int, timeout time.Duration) []*kgo.Record {
	t.Helper()
	return h.kafka.ReadCommitted(t, events.RetryTopic(service), want, timeout)
}

func header(r *kgo.Record, k string) (string, int) {
	v, n := "", 0
	for _, h := range r.Headers {
		if h.Key == k {
			v, n = string(h.Value), n+1
		}
	}
	return v, n
}

// api calls the agent's HTTP API as the CLI does (a POST's body as JSON)
// and decodes the JSON answer into out.
func api(t *testing.T, a *agent, method, path, body string, out any) int {
	t.Helper()
	h := http.Header{}
	if method == http.MethodPost {
		h.Set("Content-Type", "application/json")
	}
	return apiWith(t, a, h, method, path, body, out)
}

// apiWith calls the API with the headers h.
func apiWith(t *testing.T, a *agent, h http.Header, method, path, body string, out any) int {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, "http://"+a.run.APIAddr+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = h
	if host := h.Get("Host"); host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.NewDecoder(bytes.NewReader(b)).Decode(out); err != nil {
			t.Fatalf("%s %s: decode %q: %v", method, path, b, err)
		}
	}
	return resp.StatusCode
}

func wantEqual[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}
