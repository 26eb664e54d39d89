package devstack_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/serde"
)

func start(t *testing.T, cfg devstack.Config) *devstack.Stack {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := devstack.Start(ctx, cfg)
	if err != nil {
		t.Fatalf("start embedded stack: %v", err)
	}
	if !s.Redis.Durable() {
		t.Fatal("redis-server not found on PATH: apt-get install redis-server (the restart test needs a durable Redis)")
	}
	return s
}

// TestRestartKeepsState stops and starts the embedded stack on one data
// folder and checks that topics, records, committed offsets, schema ids and
// idempotency records survive.
func TestRestartKeepsState(t *testing.T) {
	cfg := devstack.Config{DataDir: t.TempDir(), KafkaAddr: dockettest.FreeAddr(t), RegistryAddr: dockettest.FreeAddr(t), Partitions: 3}
	ctx := context.Background()

	s := start(t, cfg)
	rc, err := sr.NewClient(sr.URLs(s.RegistryURL))
	if err != nil {
		t.Fatal(err)
	}
	applied, err := serde.Apply(ctx, rc)
	if err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	ids := map[string]int{}
	for _, a := range applied {
		ids[a.Subject+"/"+strconv.Itoa(a.Version)] = a.ID
	}
	codec, err := serde.New(ctx, rc, serde.Verify, []string{events.TopicSubmitted})
	if err != nil {
		t.Fatalf("verify schemas: %v", err)
	}
	cl, err := kgo.NewClient(kgo.SeedBrokers(s.KafkaAddr), kgo.ConsumerGroup("restart-test"),
		kgo.ConsumeTopics(events.TopicSubmitted), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.DisableAutoCommit())
	if err != nil {
		t.Fatal(err)
	}
	var evs []events.Event
	for i := range 10 {
		evs = append(evs, dockettest.Submitted(i, nil))
	}
	dockettest.Produce(t, cl, codec, events.TopicSubmitted, evs...)
	got := 0
	pollCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	for got < 4 && pollCtx.Err() == nil {
		fs := cl.PollRecords(pollCtx, 4-got)
		got += len(fs.Records())
	}
	cancel()
	if err := cl.CommitUncommittedOffsets(ctx); err != nil {
		t.Fatalf("commit offsets: %v", err)
	}
	cl.Close()

	rdb := redis.NewClient(&redis.Options{Addr: s.Redis.Addr()})
	store := idempotency.New(rdb)
	key := idempotency.Key{Service: "ocr", ID: "evt-restart"}
	claim, err := store.Claim(ctx, key, "owner-1")
	if err != nil || claim.State != idempotency.Acquired {
		t.Fatalf("claim: %+v %v", claim, err)
	}
	if err := store.Complete(ctx, key, claim.Token, []byte("result")); err != nil {
		t.Fatal(err)
	}
	_ = rdb.Close()
	s.Close()

	// Start again on the same folder.
	s = start(t, cfg)
	defer s.Close()
	rc, err = sr.NewClient(sr.URLs(s.RegistryURL))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range applied {
		ss, err := rc.SchemaByVersion(ctx, a.Subject, a.Version)
		if err != nil || ss.ID != ids[a.Subject+"/"+strconv.Itoa(a.Version)] {
			t.Errorf("%s v%d after restart: id %d, %v; want id %d", a.Subject, a.Version, ss.ID, err, a.ID)
		}
	}
	adm := kadm.NewClient(mustClient(t, kgo.SeedBrokers(s.KafkaAddr)))
	topics, err := adm.ListTopics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range devstack.Topics() {
		if !topics.Has(want) {
			t.Errorf("topic %s missing after restart", want)
		}
	}
	offsets, err := adm.FetchOffsets(ctx, "restart-test")
	if err != nil {
		t.Fatal(err)
	}
	var committed int64
	offsets.Each(func(o kadm.OffsetResponse) { committed += o.At })
	if committed != 4 {
		t.Errorf("committed offsets after restart sum to %d, want 4", committed)
	}
	// The rest of the records are still there for the group.
	cl = mustClient(t, kgo.SeedBrokers(s.KafkaAddr), kgo.ConsumerGroup("restart-test"), kgo.ConsumeTopics(events.TopicSubmitted))
	rest := 0
	pollCtx, cancel = context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for rest < 6 && pollCtx.Err() == nil {
		rest += len(cl.PollFetches(pollCtx).Records())
	}
	if rest != 6 {
		t.Errorf("group resumed with %d records, want the 6 not committed", rest)
	}

	rdb = redis.NewClient(&redis.Options{Addr: s.Redis.Addr()})
	defer rdb.Close()
	rec, ok, err := idempotency.New(rdb).Lookup(ctx, key)
	if err != nil || !ok || rec.State != idempotency.Completed || string(rec.Result) != "result" {
		t.Errorf("idempotency record after restart: %+v ok=%v err=%v", rec, ok, err)
	}
}

// registryStack starts a stack of one partition and returns it with a
// client of its registry; the stack closes with the test.
func registryStack(t *testing.T) (*devstack.Stack, *sr.Client) {
	t.Helper()
	s := start(t, devstack.Config{DataDir: t.TempDir(), KafkaAddr: dockettest.FreeAddr(t), RegistryAddr: dockettest.FreeAddr(t), Partitions: 1})
	t.Cleanup(s.Close)
	rc, err := sr.NewClient(sr.URLs(s.RegistryURL))
	if err != nil {
		t.Fatal(err)
	}
	return s, rc
}

// TestIncompatibleSchemaRefusesStart registers, under a Docket subject, a
// schema the current one cannot read; a service in register or verify mode
// must then refuse to start, naming the subject.
func TestIncompatibleSchemaRefusesStart(t *testing.T) {
	_, rc := registryStack(t)
	ctx := context.Background()
	subject := events.Subject(events.TopicSubmitted)
	foreign := `{"type":"record","name":"DocumentSubmitted","namespace":"docket","fields":[{"name":"legacy_id","type":"long"}]}`
	if _, err := rc.CreateSchema(ctx, subject, sr.Schema{Schema: foreign, Type: sr.TypeAvro}); err != nil {
		t.Fatalf("seed foreign schema: %v", err)
	}
	for _, mode := range []serde.Mode{serde.Register, serde.Verify} {
		_, err := serde.New(ctx, rc, mode, []string{events.TopicSubmitted})
		if err == nil {
			t.Fatalf("mode %v: serde started over an incompatible schema", mode)
		}
		var se *serde.SubjectError
		if !errors.As(err, &se) || se.Subject != subject || fault.ClassOf(err) != fault.Structural {
			t.Errorf("mode %v: error %v; want a structural SubjectError naming %s", mode, err, subject)
		}
	}
}

// TestRegistryRefusesBrowsers: the open registry answers a registry
// client on loopback, and refuses what a web page can send: a rebound
// Host, a cross-site call, a text/plain body. Subjects survive them.
func TestRegistryRefusesBrowsers(t *testing.T) {
	s, rc := registryStack(t)
	ctx := context.Background()
	const subject = "probe-value"
	if _, err := rc.CreateSchema(ctx, subject, sr.Schema{Schema: `"string"`, Type: sr.TypeAvro}); err != nil {
		t.Fatalf("a registry client on loopback: %v", err)
	}
	port := s.RegistryURL[strings.LastIndexByte(s.RegistryURL, ':')+1:]
	for _, c := range []struct {
		name, method, path, host, ctype, site string
		want                                  int
	}{
		{"a rebound host's delete", http.MethodDelete, "/subjects/" + subject, "evil.example:" + port, "", "", http.StatusMisdirectedRequest},
		{"a rebound host's registration", http.MethodPost, "/subjects/" + subject + "/versions", "evil.example:" + port, "application/vnd.schemaregistry.v1+json", "", http.StatusMisdirectedRequest},
		{"a cross-site registration", http.MethodPost, "/subjects/" + subject + "/versions", "127.0.0.1:" + port, "text/plain", "cross-site", http.StatusForbidden},
		{"a text/plain registration", http.MethodPost, "/subjects/" + subject + "/versions", "127.0.0.1:" + port, "text/plain", "", http.StatusUnsupportedMediaType},
		{"a cross-site compatibility change", http.MethodPut, "/config/" + subject, "127.0.0.1:" + port, "application/json", "cross-site", http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			var body io.Reader
			if c.method != http.MethodDelete {
				body = strings.NewReader(`{"schema":"\"int\"","compatibility":"NONE"}`)
			}
			req, err := http.NewRequestWithContext(ctx, c.method, s.RegistryURL+c.path, body)
			if err != nil {
				t.Fatal(err)
			}
			req.Host = c.host
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			if c.site != "" {
				req.Header.Set("Sec-Fetch-Site", c.site)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Fatalf("status %d, want %d", resp.StatusCode, c.want)
			}
		})
	}
	versions, err := rc.SubjectVersions(ctx, subject)
	if err != nil || len(versions) != 1 {
		t.Fatalf("subject after the probes: versions %v, %v; want the one registered", versions, err)
	}
}

func mustClient(t *testing.T, opts ...kgo.Opt) *kgo.Client {
	t.Helper()
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Close)
	return cl
}

// TestSecondStackOnSameDataDirRefused starts a stack, then a second one on
// the same data folder (on other addresses): the second must be refused
// with ErrDataDirInUse before it touches the first one's Kafka files.
func TestSecondStackOnSameDataDirRefused(t *testing.T) {
	dir := t.TempDir()
	first := start(t, devstack.Config{DataDir: dir, KafkaAddr: dockettest.FreeAddr(t), RegistryAddr: dockettest.FreeAddr(t), Partitions: 1})
	defer first.Close()

	before := kafkaFiles(t, dir)
	second, err := devstack.Start(context.Background(), devstack.Config{DataDir: dir, KafkaAddr: dockettest.FreeAddr(t), RegistryAddr: dockettest.FreeAddr(t), Partitions: 1})
	if err == nil {
		second.Close()
		t.Fatal("second stack on the same data folder started, want ErrDataDirInUse")
	}
	if !errors.Is(err, devstack.ErrDataDirInUse) {
		t.Errorf("second start: got %v, want ErrDataDirInUse", err)
	}
	after := kafkaFiles(t, dir)
	for name, b := range before {
		if a, ok := after[name]; !ok || !os.SameFile(a, b) || !a.ModTime().Equal(b.ModTime()) {
			t.Errorf("kafka/%s was rewritten by the refused stack", name)
		}
	}
}

// kafkaFiles returns the files directly under the data folder's kafka/.
func kafkaFiles(t *testing.T, dir string) map[string]os.FileInfo {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "kafka"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]os.FileInfo{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		fi, err := os.Stat(filepath.Join(dir, "kafka", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = fi
	}
	if len(files) == 0 {
		t.Fatal("no files under kafka/ after start")
	}
	return files
}
