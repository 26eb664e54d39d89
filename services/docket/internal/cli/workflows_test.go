package cli

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker"
)

var wfBase = time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)

// wfDeadline is the test workflows' deadline: far ahead of any clock the
// test runs under, so the tracker's deadline timer never fires during it
// (one hour after wfBase did, once that hour was past, and the workflows
// timed out under the test's feet).
var wfDeadline = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)

func wfMeta(wf, id, tenant string, sec int, cause, svc string) events.Meta {
	return events.Meta{
		EventID: id, WorkflowID: wf, TenantID: tenant, OccurredAt: wfBase.Add(time.Duration(sec) * time.Second),
		CausationID: cause, Producer: events.Producer{Service: svc, Version: "1.0.0"},
	}
}

func wfDoc(wf string) events.BlobRef {
	return events.BlobRef{URI: "docket-blob://sha256/" + wf, SHA256: wf, SizeBytes: 2048, MediaType: "application/pdf"}
}

// startTracker runs the real saga tracker (sagatracker.Run) on kfake, a
// schema registry and a real redis-server, feeds it two workflows and
// returns its address and a direct client, once it has projected them.
func startTracker(t *testing.T) (string, trackerv1.TrackerClient) {
	t.Helper()
	k := dockettest.NewKafka(t, 2, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, events.Topics())
	if err != nil {
		t.Fatalf("serde: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // Run listens on it itself
	t.Setenv("DOCKET_SAGATRACKER_ADDR", addr)
	p := config.Platform{
		KafkaBrokers: k.Addrs, RegistryURL: regURL, SchemaMode: config.SchemaVerify,
		RedisURL: "redis://" + rdb.Options().Addr + "/0", OpsAddr: "127.0.0.1:0", Concurrency: 1,
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- sagatracker.Run(runCtx, p, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})))
	}()
	t.Cleanup(func() {
		stop()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("tracker ended with %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("tracker did not stop within 30s")
		}
	})

	prod := k.Client(t)
	dockettest.Produce(t, prod, codec, events.TopicSubmitted,
		&events.DocumentSubmitted{Meta: wfMeta("wf-a", "wf-a-submitted", "acme", 0, "", "ingest"), Document: wfDoc("wf-a"),
			Filename: "a.pdf", Deadline: wfDeadline, Labels: map[string]string{}, Source: "http"},
		&events.DocumentSubmitted{Meta: wfMeta("wf-b", "wf-b-submitted", "globex", 60, "", "ingest"), Document: wfDoc("wf-b"),
			Filename: "b.pdf", Deadline: wfDeadline, Labels: map[string]string{}, Source: "http"})
	dockettest.Produce(t, prod, codec, events.TopicExtracted,
		&events.DocumentExtracted{Meta: wfMeta("wf-a", "wf-a-extracted", "acme", 5, "wf-a-submitted", "ocr"), Document: wfDoc("wf-a"),
			Text: wfDoc("wf-a-text"), Pages: []events.Page{{Number: 1, Chars: 900, Confidence: 1, Method: "text_layer"}},
			Engine: events.Engine{Name: "pdftotext", Version: "22.12"}, MeanConfidence: 1})

	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cc.Close() })
	cl := trackerv1.NewTrackerClient(cc)
	deadline := time.Now().Add(30 * time.Second)
	for {
		a, errA := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-a"})
		_, errB := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-b"})
		if errA == nil && errB == nil && a.GetEvents() == 2 {
			return addr, cl
		}
		if time.Now().After(deadline) {
			t.Fatalf("tracker did not project both workflows within 30s: %v / %v / %v", a, errA, errB)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// rows splits a table into its lines' fields, header first.
func rows(s string) [][]string {
	var out [][]string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		out = append(out, strings.Fields(l))
	}
	return out
}

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestWorkflows(t *testing.T) {
	addr, cl := startTracker(t)
	ctx := context.Background()

	t.Run("list table", func(t *testing.T) {
		// No --tracker: the address comes from DOCKET_SAGATRACKER_ADDR.
		code, out, errOut := runCLI(t, "workflows", "list")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		want := [][]string{
			{"ID", "FILE", "TENANT", "STAGE", "STATUS", "CREATED", "UPDATED", "EVENTS", "WAITING", "ON", "/", "LAST", "ERROR"},
			{"wf-b", "b.pdf", "globex", "ocr", "queued", "2026-11-29T10:01:00Z", "2026-11-29T10:01:00Z", "1", "stalled:", "no", "event", "at", "ocr", "for"},
			{"wf-a", "a.pdf", "acme", "classify", "running", "2026-11-29T10:00:00Z", "2026-11-29T10:00:05Z", "2", "stalled:", "no", "event", "at", "classify", "for"},
		}
		// Both are days past their stages' expected durations: stalled.
		got := rows(out)
		for i := 1; i < len(got); i++ {
			got[i] = got[i][:min(len(got[i]), 14)]
		}
		if !equalRows(got, want) {
			t.Errorf("table:\n%s\nwant rows %q", out, want)
		}
	})

	filters := []struct {
		name string
		args []string
		want []string
		code int
	}{
		{"by tenant", []string{"--tenant", "acme"}, []string{"wf-a"}, 0},
		{"by stage", []string{"--stage", "ocr"}, []string{"wf-b"}, 0},
		{"by status", []string{"--status", "queued"}, []string{"wf-b"}, 0},
		{"by status, upper case", []string{"--status", "RUNNING"}, []string{"wf-a"}, 0},
		{"by status, proto spelling", []string{"--status", "STATUS_PARKED"}, nil, 0},
		{"limit", []string{"--limit", "1"}, []string{"wf-b"}, 0},
		{"bad status", []string{"--status", "sleeping"}, nil, 2},
		{"bad limit", []string{"--limit", "0"}, nil, 2},
		{"bad output", []string{"-o", "yaml"}, nil, 2},
	}
	for _, tt := range filters {
		t.Run("list "+tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, append([]string{"workflows", "list", "--tracker", addr}, tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s%s", code, tt.code, out, errOut)
			}
			if tt.code != 0 {
				return
			}
			var ids []string
			for _, r := range rows(out)[1:] {
				ids = append(ids, r[0])
			}
			if strings.Join(ids, ",") != strings.Join(tt.want, ",") {
				t.Errorf("ids %q, want %q", ids, tt.want)
			}
		})
	}

	t.Run("list json", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "list", "--tracker", addr, "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got trackerv1.ListWorkflowsResponse
		if err := protojson.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("output is not a ListWorkflowsResponse: %v\n%s", err, out)
		}
		want, err := cl.ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.GetWorkflows()) != 2 || !proto.Equal(&got, want) {
			t.Errorf("json %v\nwant %v", &got, want)
		}
	})

	t.Run("get table", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "get", "wf-a", "--tracker", addr)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		for _, line := range []string{
			"ID:          wf-a",
			"Tenant:      acme",
			"Stage:       classify",
			"Status:      running",
			"Created:     2026-11-29T10:00:00Z",
			"Updated:     2026-11-29T10:00:05Z",
			"Events:      2",
			"Last error:  -",
			"Ledger:      -",
			"STEP      STARTED               FINISHED              ATTEMPTS",
			"ingest    -                     2026-11-29T10:00:00Z  1",
			"ocr       2026-11-29T10:00:00Z  2026-11-29T10:00:05Z  1",
			"classify  2026-11-29T10:00:05Z  -                     1",
		} {
			if !strings.Contains(out, line+"\n") {
				t.Errorf("get output lacks line %q:\n%s", line, out)
			}
		}
	})

	t.Run("get json", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "get", "--tracker", addr, "-o", "json", "wf-a")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got trackerv1.Workflow
		if err := protojson.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("output is not a Workflow: %v\n%s", err, out)
		}
		want, err := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: "wf-a"})
		if err != nil {
			t.Fatal(err)
		}
		if !proto.Equal(&got, want) {
			t.Errorf("json %v\nwant %v", &got, want)
		}
	})

	t.Run("history table", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "history", "wf-a", "--tracker", addr)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "OCCURRED ") {
			t.Fatalf("history:\n%s", out)
		}
		// The history is in projection order, which across two topics is
		// Kafka's choice; match rows by event id.
		rows := map[string][]string{}
		for _, l := range lines[1:] {
			f := strings.Fields(l)
			if len(f) < 8 {
				t.Fatalf("history row %q", l)
			}
			// Position (partition@offset) is Kafka's choice; the rest is exact.
			rows[f[5]] = append(f[:3:3], f[4], f[5], f[6], strings.Join(f[7:], " "))
		}
		for _, want := range [][]string{
			{"2026-11-29T10:00:00Z", "DocumentSubmitted", events.TopicSubmitted, "ingest@1.0.0", "wf-a-submitted", "-", "submitted a.pdf (application/pdf, 2048 bytes) via http"},
			{"2026-11-29T10:00:05Z", "DocumentExtracted", events.TopicExtracted, "ocr@1.0.0", "wf-a-extracted", "wf-a-submitted", "extracted 1 pages with pdftotext, mean confidence 1.00"},
		} {
			if got := rows[want[4]]; strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("history row of %s = %q, want %q", want[4], got, want)
			}
		}
	})

	t.Run("history json", func(t *testing.T) {
		code, out, errOut := runCLI(t, "workflows", "history", "wf-a", "--tracker", addr, "-o", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got trackerv1.GetHistoryResponse
		if err := protojson.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("output is not a GetHistoryResponse: %v\n%s", err, out)
		}
		want, err := cl.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: "wf-a"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.GetEntries()) != 2 || !proto.Equal(&got, want) {
			t.Errorf("json %v\nwant %v", &got, want)
		}
	})

	errs := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown workflow", []string{"workflows", "get", "wf-nope", "--tracker", addr}, 1, "get workflow wf-nope: not found"},
		{"no id", []string{"workflows", "get", "--tracker", addr}, 2, "workflows get takes exactly one ID"},
		{"two ids", []string{"workflows", "history", "a", "b", "--tracker", addr}, 2, "workflows history takes exactly one ID"},
		{"no subcommand", []string{"workflows"}, 2, "workflows needs a command"},
		{"unknown subcommand", []string{"workflows", "delete"}, 2, `unknown command "workflows delete"`},
		{"tracker down", []string{"workflows", "list", "--tracker", closedAddr(t), "--timeout", "5s"}, 1, "unavailable"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q, stdout %q; want exit %d with %q", code, errOut, out, tt.code, tt.want)
			}
		})
	}
}

// closedAddr returns a loopback address nothing listens on.
func closedAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

func equalRows(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "|") != strings.Join(b[i], "|") {
			return false
		}
	}
	return true
}

func TestLedgerRef(t *testing.T) {
	tests := []struct {
		name string
		ref  *trackerv1.LedgerRef
		want string
	}{
		{"none", nil, "-"},
		{"offset known", &trackerv1.LedgerRef{Topic: "docket.ledger", Partition: 5, Offset: 17, Sequence: 3, RecordHash: "ab"}, "docket.ledger/5@17 sequence=3 hash=ab"},
		{"offset unknown", &trackerv1.LedgerRef{Topic: "docket.ledger", Partition: 5, Offset: -1, Sequence: 3, RecordHash: "ab"}, "docket.ledger/5 sequence=3 hash=ab"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ledgerRef(tt.ref); got != tt.want {
				t.Errorf("ledgerRef() = %q, want %q", got, tt.want)
			}
		})
	}
}
