package app

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/telemetry"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/sagatracker/internal/clock"
	"github.com/docket-run/docket/services/sagatracker/internal/config"
)

// startWith starts a tracker whose settings set changes, on a manual clock.
func (e *env) startWith(set func(*config.Config), clk clock.Clock) *tracker {
	e.t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		e.t.Fatalf("listen: %v", err)
	}
	cfg := config.Config{
		Addr: l.Addr().String(), Group: "docket-sagatracker", Prefix: e.prefix,
		MaxPollRecords: 1000, WriteTimeout: 10 * time.Second,
	}
	set(&cfg)
	ops := telemetry.NewServer()
	ctx, cancel := context.WithCancel(context.Background())
	tr := &tracker{addr: cfg.Addr, reg: ops.Registry, cancel: cancel, done: make(chan error, 1)}
	log := slog.New(slog.NewTextHandler(e.t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	go func() {
		tr.done <- Start(ctx, Parts{
			Config:   cfg,
			Kafka:    []kgo.Opt{kgo.SeedBrokers(e.kafka.Addrs...), kgo.MetadataMinAge(100 * time.Millisecond)},
			Redis:    e.redis,
			Decoder:  e.codec,
			Log:      log,
			Ops:      ops,
			Listener: l,
			Clock:    clk,
		})
	}()
	e.t.Cleanup(func() { tr.stop(e.t) })
	return tr
}

func withTenant[E events.Event](ev E, tenant string) E {
	ev.EventMeta().TenantID = tenant
	return ev
}

func bearer(tok string) context.Context {
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
}

const (
	acmeToken     = "acme-token-0123456789"
	betaToken     = "beta-token-0123456789"
	operatorToken = "operator-token-0123456789"
)

func TestAuthScoping(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) {
		c.Tokens = acmeToken + "=tenant:acme," + betaToken + "=tenant:beta," + operatorToken + "=operator"
	}, clock.NewManual(at(60)))
	e.step(events.TopicSubmitted, submitted("wf-a1", 0), 1)
	e.step(events.TopicSubmitted, withTenant(submitted("wf-b1", 1), "beta"), 1)
	cl := tr.client(t)
	get := func(ctx context.Context, id string) codes.Code {
		_, err := cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
		return status.Code(err)
	}
	list := func(ctx context.Context, tenant string) ([]string, codes.Code) {
		resp, err := cl.ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{Tenant: tenant})
		var out []string
		for _, w := range resp.GetWorkflows() {
			out = append(out, w.GetId())
		}
		return out, status.Code(err)
	}
	acme, beta, op := bearer(acmeToken), bearer(betaToken), bearer(operatorToken)
	hist := func(ctx context.Context, id string) codes.Code {
		_, err := cl.GetHistory(ctx, &trackerv1.GetHistoryRequest{WorkflowId: id})
		return status.Code(err)
	}
	for _, c := range []struct {
		name      string
		got, want codes.Code
	}{
		{"no token", get(context.Background(), "wf-a1"), codes.Unauthenticated},
		{"bad token", get(bearer("not-a-token-0123456789"), "wf-a1"), codes.Unauthenticated},
		{"tenant reads its own", get(acme, "wf-a1"), codes.OK},
		{"tenant reads another's", get(acme, "wf-b1"), codes.NotFound},
		{"tenant reads unknown", get(acme, "wf-none"), codes.NotFound},
		{"operator reads any", get(op, "wf-b1"), codes.OK},
		{"history of another's", hist(beta, "wf-a1"), codes.NotFound},
		{"history of its own", hist(beta, "wf-b1"), codes.OK},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		name   string
		ctx    context.Context
		tenant string
		want   []string
		code   codes.Code
	}{
		{"tenant lists its own", acme, "", []string{"wf-a1"}, codes.OK},
		{"tenant lists another's", acme, "beta", nil, codes.PermissionDenied},
		{"operator lists all", op, "", []string{"wf-b1", "wf-a1"}, codes.OK},
		{"operator lists one tenant", op, "beta", []string{"wf-b1"}, codes.OK},
	} {
		got, code := list(c.ctx, c.tenant)
		if !reflect.DeepEqual(got, c.want) || code != c.code {
			t.Errorf("%s: %v %v, want %v %v", c.name, got, code, c.want, c.code)
		}
	}
	for ctx, want := range map[context.Context]int64{acme: 1, beta: 1, op: 2} {
		st, err := cl.GetStats(ctx, &trackerv1.GetStatsRequest{Window: durationpb.New(time.Hour)})
		if err != nil || st.GetStarted() != want || st.GetActive() != want {
			t.Errorf("stats: started %d active %d (%v), want %d", st.GetStarted(), st.GetActive(), err, want)
		}
	}
	// A tenant's watch sees only its own workflows' changes.
	ws, err := cl.WatchWorkflows(beta, &trackerv1.WatchWorkflowsRequest{Cursor: "0-0"})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := ws.Recv()
	if err != nil || ch.GetWorkflowId() != "wf-b1" {
		t.Fatalf("beta's first change %v %v, want wf-b1", ch, err)
	}
	other, err := cl.WatchWorkflow(acme, &trackerv1.WatchWorkflowRequest{Id: "wf-b1"})
	if err == nil {
		_, err = other.Recv() // a stream's error comes with its first message
	}
	if status.Code(err) != codes.NotFound {
		t.Errorf("watch another tenant's workflow: %v, want NotFound", err)
	}
	// Health checking and reflection need no token.
	hc, err := healthpb.NewHealthClient(tr.conn(t)).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil || hc.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health without a token: %v %v", hc, err)
	}
	rs, err := reflectionpb.NewServerReflectionClient(tr.conn(t)).ServerReflectionInfo(context.Background())
	if err == nil {
		err = rs.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}})
	}
	var services []string
	if err == nil {
		var r *reflectionpb.ServerReflectionResponse
		if r, err = rs.Recv(); err == nil {
			for _, s := range r.GetListServicesResponse().GetService() {
				services = append(services, s.GetName())
			}
		}
	}
	if err != nil || !contains(services, trackerv1.Tracker_ServiceDesc.ServiceName) {
		t.Errorf("reflection without a token: %v %v", services, err)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// change is the part of a WorkflowChange the tests compare.
type change struct {
	WF, Event string
	Status    trackerv1.Status
	Snapshot  bool
}

func recv(t *testing.T, s grpc.ServerStreamingClient[trackerv1.WorkflowChange], n int) ([]change, string) {
	t.Helper()
	var out []change
	cursor := ""
	for range n {
		c, err := s.Recv()
		if err != nil {
			t.Fatalf("receive change %d of %d: %v", len(out)+1, n, err)
		}
		out = append(out, change{c.GetWorkflowId(), c.GetEventId(), c.GetStatus(), c.GetSnapshot()})
		cursor = c.GetCursor()
	}
	return out, cursor
}

func TestWatchResumesFromCursor(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) { c.ChangesMaxLen = 100 }, clock.NewManual(at(60)))
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-w1", 0), 1)
	e.step(events.TopicSubmitted, submitted("wf-w2", 1), 1)
	e.step(events.TopicExtracted, extracted("wf-w1", 5), 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	all, err := cl.WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Cursor: "0-0"})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := recv(t, all, 3)
	want := []change{
		{"wf-w1", "wf-w1-submitted", trackerv1.Status_STATUS_QUEUED, false},
		{"wf-w2", "wf-w2-submitted", trackerv1.Status_STATUS_QUEUED, false},
		{"wf-w1", "wf-w1-extracted", trackerv1.Status_STATUS_RUNNING, false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("changes from the start:\n got %+v\nwant %+v", got, want)
	}
	first, err := cl.WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Cursor: "0-0"})
	if err != nil {
		t.Fatal(err)
	}
	_, cursor := recv(t, first, 1)

	// Resume after the first change: the two after it, then a live one.
	resumed, err := cl.WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Cursor: cursor})
	if err != nil {
		t.Fatal(err)
	}
	running, err := cl.WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Cursor: cursor, Status: trackerv1.Status_STATUS_RUNNING})
	if err != nil {
		t.Fatal(err)
	}
	one, err := cl.WatchWorkflow(ctx, &trackerv1.WatchWorkflowRequest{Id: "wf-w2"})
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := recv(t, one, 1)
	if want := []change{{"wf-w2", "", trackerv1.Status_STATUS_QUEUED, true}}; !reflect.DeepEqual(snap, want) {
		t.Fatalf("snapshot %+v, want %+v", snap, want)
	}
	got, _ = recv(t, resumed, 2)
	if !reflect.DeepEqual(got, want[1:]) {
		t.Fatalf("resumed changes:\n got %+v\nwant %+v", got, want[1:])
	}
	e.step(events.TopicExtracted, extracted("wf-w2", 6), 2)
	live := change{"wf-w2", "wf-w2-extracted", trackerv1.Status_STATUS_RUNNING, false}
	for name, s := range map[string]grpc.ServerStreamingClient[trackerv1.WorkflowChange]{"resumed": resumed, "workflow": one} {
		if got, _ := recv(t, s, 1); !reflect.DeepEqual(got, []change{live}) {
			t.Fatalf("%s watch, live change %+v, want %+v", name, got, live)
		}
	}
	if got, _ := recv(t, running, 2); !reflect.DeepEqual(got, []change{want[2], live}) {
		t.Fatalf("running changes %+v, want %+v", got, []change{want[2], live})
	}

	// Once the stream is trimmed past a cursor, resuming from it fails
	// with FAILED_PRECONDITION.
	bulk := make([]events.Event, 300)
	for i := range bulk {
		bulk[i] = submitted(fmt.Sprintf("wf-bulk-%03d", i), 10)
	}
	e.produce(events.TopicSubmitted, bulk...)
	for i := range bulk {
		e.waitEvents(fmt.Sprintf("wf-bulk-%03d", i), 1)
	}
	stale, err := cl.WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Cursor: cursor})
	if err == nil {
		_, err = stale.Recv()
	}
	if status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("watch from a trimmed cursor: %v, want FailedPrecondition", err)
	}
}

func TestListStalledOverGRPC(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(60))
	tr := e.startWith(func(c *config.Config) { c.StallAfter, c.StallDefault = "ocr=10m,classify=2m", 5*time.Minute }, clk)
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-s1", 0), 1)              // queued at ocr since 0
	e.step(events.TopicSubmitted, submitted("wf-s2", 10), 1)             // running at classify since 300
	e.step(events.TopicExtracted, extracted("wf-s2", 300), 2)            //
	e.step(events.TopicSubmitted, submitted("wf-s3", 20), 1)             // waiting for review since 30
	e.step(events.TopicReviewRequested, reviewRequested("wf-s3", 30), 2) //
	stalled := func() []string {
		resp, err := cl.ListWorkflows(context.Background(), &trackerv1.ListWorkflowsRequest{Stalled: true, Order: trackerv1.Order_ORDER_OLDEST_FIRST})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, w := range resp.GetWorkflows() {
			if !w.GetStalled() {
				t.Errorf("%s listed as stalled without the flag", w.GetId())
			}
			out = append(out, w.GetId())
		}
		return out
	}
	for _, c := range []struct {
		at   int
		want []string
	}{
		{60, nil},
		{7 * 60, nil}, // classify takes 2m: not overdue at exactly 2m
		{8 * 60, []string{"wf-s2"}},
		{11 * 60, []string{"wf-s1", "wf-s2"}}, // ocr overdue after 10m; the review waits
		{48 * 3600, []string{"wf-s1", "wf-s2"}},
	} {
		clk.Set(at(c.at))
		if got := stalled(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("stalled at %ds: %v, want %v", c.at, got, c.want)
		}
	}
}

func TestRetentionPurgesFinishedWorkflows(t *testing.T) {
	e := newEnv(t)
	clk := clock.NewManual(at(60))
	tr := e.startWith(func(c *config.Config) { c.Retention, c.PurgeInterval = time.Hour, 20*time.Millisecond }, clk)
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-done", 0), 1)
	e.step(events.TopicRecorded, recorded("wf-done", "wf-done-submitted", 9), 2)
	e.step(events.TopicSubmitted, submitted("wf-open", 5), 1)
	exists := func(id string) bool {
		_, err := cl.GetWorkflow(context.Background(), &trackerv1.GetWorkflowRequest{Id: id})
		if err != nil && status.Code(err) != codes.NotFound {
			t.Fatal(err)
		}
		return err == nil
	}
	clk.Set(at(9).Add(time.Hour - time.Second))
	time.Sleep(200 * time.Millisecond) // ten purge rounds within the retention
	if !exists("wf-done") {
		t.Fatal("finished workflow purged within the retention")
	}
	clk.Set(at(9).Add(time.Hour + time.Second))
	if err := poll(10*time.Second, func() (bool, error) { return !exists("wf-done"), nil }); err != nil {
		t.Fatalf("finished workflow not purged after the retention: %v", err)
	}
	if !exists("wf-open") {
		t.Fatal("open workflow purged")
	}
	for _, k := range []string{"wf:wf-done", "wf:wf-done:history", "wf:wf-done:applied"} {
		if n, _ := e.redis.Exists(context.Background(), e.prefix+k).Result(); n != 0 {
			t.Errorf("key %s survived the purge", k)
		}
	}
	if _, err := cl.GetHistory(context.Background(), &trackerv1.GetHistoryRequest{WorkflowId: "wf-done"}); status.Code(err) != codes.NotFound {
		t.Errorf("history of a purged workflow: %v, want NotFound", err)
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key as PEM files.
func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tracker"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

func TestTLS(t *testing.T) {
	e := newEnv(t)
	certFile, keyFile, pool := selfSigned(t)
	tr := e.startWith(func(c *config.Config) {
		c.TLSCert, c.TLSKey, c.Tokens = certFile, keyFile, operatorToken+"=operator"
	}, clock.NewManual(at(60)))
	e.step(events.TopicSubmitted, submitted("wf-tls", 0), 1)
	cc, err := grpc.NewClient(tr.addr, grpc.WithTransportCredentials(credentials.NewClientTLSFromCert(pool, "")))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	w, err := trackerv1.NewTrackerClient(cc).GetWorkflow(bearer(operatorToken), &trackerv1.GetWorkflowRequest{Id: "wf-tls"})
	if err != nil || w.GetId() != "wf-tls" {
		t.Fatalf("GetWorkflow over TLS: %v %v", w, err)
	}
	if _, err := tr.client(t).GetWorkflow(bearer(operatorToken), &trackerv1.GetWorkflowRequest{Id: "wf-tls"}); status.Code(err) != codes.Unavailable {
		t.Fatalf("plaintext call to the TLS server: %v, want Unavailable", err)
	}
}

// TestListByTypeAndSearch filters the list in the tracker by document type
// (the classifier's, then a reviewer's) and by id prefix or file name, so
// the console's filters cover every workflow, not one loaded page.
func TestListByTypeAndSearch(t *testing.T) {
	e := newEnv(t)
	tr := e.startWith(func(*config.Config) {}, clock.NewManual(at(600)))
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-inv", 0), 1)
	e.step(events.TopicExtracted, extracted("wf-inv", 1), 2)
	e.step(events.TopicClassified, classified("wf-inv", 2), 3) // invoice, recorded without review
	e.step(events.TopicSubmitted, submitted("wf-rev", 10), 1)
	rr := reviewRequested("wf-rev", 11)
	suggested := "invoice"
	rr.SuggestedType = &suggested
	e.step(events.TopicReviewRequested, rr, 2)
	e.step(events.TopicSubmitted, submitted("wf-other", 20), 1)
	list := func(req *trackerv1.ListWorkflowsRequest) []string {
		t.Helper()
		resp, err := cl.ListWorkflows(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, w := range resp.GetWorkflows() {
			out = append(out, w.GetId()+"="+w.GetDocumentType())
		}
		sort.Strings(out)
		return out
	}
	check := func(name string, req *trackerv1.ListWorkflowsRequest, want ...string) {
		t.Helper()
		if got := list(req); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	check("the suggestion while the review waits", &trackerv1.ListWorkflowsRequest{DocumentType: "invoice"}, "wf-inv=invoice", "wf-rev=invoice")
	check("contracts before the decision", &trackerv1.ListWorkflowsRequest{DocumentType: "contract"})
	e.step(events.TopicReviewDecided, reviewDecided("wf-rev", 60), 3) // a reviewer says contract
	check("contracts once decided", &trackerv1.ListWorkflowsRequest{DocumentType: "contract"}, "wf-rev=contract")
	check("the suggestion gives way to the decision", &trackerv1.ListWorkflowsRequest{DocumentType: "invoice"}, "wf-inv=invoice")
	check("file name, any case", &trackerv1.ListWorkflowsRequest{Search: "OTHER.PDF"}, "wf-other=")
	check("id prefix", &trackerv1.ListWorkflowsRequest{Search: "wf-r"}, "wf-rev=contract")
	check("inside a file name", &trackerv1.ListWorkflowsRequest{Search: "rev"}, "wf-rev=contract") // wf-rev.pdf
	check("nothing", &trackerv1.ListWorkflowsRequest{Search: "nope"})
	check("both", &trackerv1.ListWorkflowsRequest{Search: "wf-", DocumentType: "invoice"}, "wf-inv=invoice")
	if _, err := cl.ListWorkflows(context.Background(), &trackerv1.ListWorkflowsRequest{Search: strings.Repeat("x", 257)}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("a 257-byte search: %v, want InvalidArgument", err)
	}
	// The tracker's consumer reports its lag like every service (the
	// console's overview showed none for it).
	mfs, err := tr.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var partitions int
	for _, mf := range mfs {
		if mf.GetName() == "docket_consumer_lag" {
			partitions = len(mf.GetMetric())
		}
	}
	if partitions == 0 {
		t.Error("no docket_consumer_lag on the tracker's metrics after it consumed events")
	}
}

// xreads returns how many XREAD commands redis-server has run.
func xreads(t *testing.T, e *env) int64 {
	t.Helper()
	return dockettest.CommandCalls(t, e.redis)["xread"]
}

// TestChangeStreamReadOnlyWhileWatched: with no watch open the tracker
// does not read its change stream (reading decodes every change, for
// nobody); a watch opened later still gets every change after its cursor,
// live ones included, and the stream is read while it lasts.
func TestChangeStreamReadOnlyWhileWatched(t *testing.T) {
	e := newEnv(t)
	tr := e.start()
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-t1", 0), 1)
	before := xreads(t, e)
	e.step(events.TopicExtracted, extracted("wf-t1", 5), 2)
	time.Sleep(2500 * time.Millisecond) // the tail blocks for a second at a time
	if n := xreads(t, e) - before; n != 0 {
		t.Fatalf("%d XREADs of the change stream with no watch open, want 0", n)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	one, err := cl.WatchWorkflow(ctx, &trackerv1.WatchWorkflowRequest{Id: "wf-t1"})
	if err != nil {
		t.Fatal(err)
	}
	if snap, _ := recv(t, one, 1); !snap[0].Snapshot {
		t.Fatalf("first message %+v, want the snapshot", snap)
	}
	e.step(events.TopicClassified, classified("wf-t1", 7), 3)
	got, _ := recv(t, one, 1)
	if got[0].Event != "wf-t1-classified" {
		t.Fatalf("live change %+v, want wf-t1-classified", got)
	}
	if xreads(t, e) == before {
		t.Fatal("the change stream was not read while a watch was open")
	}
	cancel()
}

// TestChangesWrittenWhileWatched: the change stream is written while a
// watch is open, also past the idle time (the watch keeps it), and not
// before; a cursor from before unwritten changes is refused instead of
// skipping them.
func TestChangesWrittenWhileWatched(t *testing.T) {
	const idle = 2 * time.Second
	e := newEnv(t)
	tr := e.startWith(func(c *config.Config) { c.ChangesIdle = idle }, clock.NewManual(at(60)))
	cl := tr.client(t)
	e.step(events.TopicSubmitted, submitted("wf-g1", 0), 1)
	if n, err := e.redis.XLen(context.Background(), e.prefix+"changes").Result(); err != nil || n != 0 {
		t.Fatalf("%d changes written with no watch open (%v), want 0", n, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	stale, err := cl.WatchWorkflows(ctx, &trackerv1.WatchWorkflowsRequest{Cursor: "0-0"})
	if err == nil {
		_, err = stale.Recv()
	}
	if status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("watch from before an unwritten change: %v, want FailedPrecondition", err)
	}
	one, err := cl.WatchWorkflow(ctx, &trackerv1.WatchWorkflowRequest{Id: "wf-g1"})
	if err != nil {
		t.Fatal(err)
	}
	if snap, _ := recv(t, one, 1); !snap[0].Snapshot || snap[0].Status != trackerv1.Status_STATUS_QUEUED {
		t.Fatalf("first message %+v, want the queued snapshot", snap)
	}
	e.step(events.TopicExtracted, extracted("wf-g1", 5), 2)
	time.Sleep(idle + time.Second) // longer than the lease the watch took when it opened
	e.step(events.TopicClassified, classified("wf-g1", 7), 3)
	got, _ := recv(t, one, 2)
	if got[0].Event != "wf-g1-extracted" || got[1].Event != "wf-g1-classified" {
		t.Fatalf("live changes %+v, want extracted then classified", got)
	}
}
