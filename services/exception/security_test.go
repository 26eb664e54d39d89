package exception_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/docket-run/docket/pkg/auth"
	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/idempotency"
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/pkg/tlsconf"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/exception"
	"github.com/docket-run/docket/services/exception/internal/server"
)

const (
	janeToken = "jane-operator-token-0123456789"
	bobToken  = "bob-operator-token-0123456789"
)

func bearerHeader(token, contentType string) http.Header {
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	return h
}

// parkOne parks a structural dead letter of workflow wf and waits for it.
func parkOne(t *testing.T, h *harness, id string, n int) string {
	t.Helper()
	dl := deadLetter(id, submittedRecord(t, h, n), "structural", int64(n), 1)
	h.produceDLQ(t, dl)
	if cs := h.controls(t, dl.Meta.WorkflowID, 1, 30*time.Second); len(cs) != 1 || cs[0].Kind != "parked" {
		t.Fatalf("control events of %s: %+v, want parked", id, cs)
	}
	return dl.Meta.WorkflowID
}

// TestOperatorAPIRefusesForgedCalls (issue 15, finding 2): a discard sent
// as text/plain — what a web page can post across origins without a
// preflight — is refused even with a valid token, as are calls without the
// Authorization header or marked cross-site by the browser; the open
// (loopback) API answers only loopback Host names (DNS rebinding); and the
// agent does not start open on every interface.
func TestOperatorAPIRefusesForgedCalls(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Tokens = janeToken + "=operator:jane"
	a := startAgent(t, h, cfg)
	parkOne(t, h, "dl-csrf", 71)
	discard := "/v1/parked/dl-csrf/discard"
	body := `{"reason":"forged"}`
	for _, c := range []struct {
		name   string
		header http.Header
		want   int
	}{
		{"text/plain with a valid token", bearerHeader(janeToken, "text/plain"), http.StatusUnsupportedMediaType},
		{"form with a valid token", bearerHeader(janeToken, "application/x-www-form-urlencoded"), http.StatusUnsupportedMediaType},
		{"JSON without Authorization", bearerHeader("", "application/json"), http.StatusUnauthorized},
		{"JSON, unknown token", bearerHeader("not-a-token-of-this-agent", "application/json"), http.StatusUnauthorized},
	} {
		if code := apiWith(t, a, c.header, http.MethodPost, discard, body, nil); code != c.want {
			t.Errorf("%s: discard = %d, want %d", c.name, code, c.want)
		}
	}
	cross := bearerHeader(janeToken, "application/json")
	cross.Set("Sec-Fetch-Site", "cross-site")
	if code := apiWith(t, a, cross, http.MethodPost, discard, body, nil); code != http.StatusForbidden {
		t.Errorf("cross-site discard = %d, want 403", code)
	}
	var list struct{ Items []server.Summary }
	if code := apiWith(t, a, bearerHeader(janeToken, ""), http.MethodGet, "/v1/parked?service=ocr", "", &list); code != 200 || len(list.Items) != 1 {
		t.Fatalf("after refused discards: %d, %d items; want the item still parked", code, len(list.Items))
	}
	if code := apiWith(t, a, bearerHeader(janeToken, "application/json"), http.MethodPost, discard, body, nil); code != http.StatusOK {
		t.Fatalf("JSON discard with the token = %d, want 200", code)
	}

	// The embedded mode's open API: loopback Host names only.
	open := startAgent(t, h, withAddr(testConfig(), "127.0.0.1:0", "exception-test-open"))
	rebound := http.Header{"Host": []string{"attacker.example:8084"}}
	if code := apiWith(t, open, rebound, http.MethodGet, "/v1/parked", "", nil); code != http.StatusMisdirectedRequest {
		t.Errorf("open API with a rebound Host = %d, want 421", code)
	}
	if code := apiWith(t, open, http.Header{}, http.MethodGet, "/v1/parked", "", nil); code != http.StatusOK {
		t.Errorf("open API on loopback = %d, want 200", code)
	}

	// Open on every interface: refused.
	if _, err := setup(t, h, withAddr(testConfig(), "0.0.0.0:0", "exception-test-wide")); !errors.Is(err, auth.ErrUnauthenticated) {
		t.Errorf("Setup open on 0.0.0.0 = %v, want %v", err, auth.ErrUnauthenticated)
	}
}

func withAddr(c exception.Config, addr, txnID string) exception.Config {
	c.Addr, c.TransactionalID, c.Scheduler = addr, txnID, false
	return c
}

// setup runs exception.Setup alone (no runtime loop) and stops what it
// started at the end of the test.
func setup(t *testing.T, h *harness, cfg exception.Config) (*exception.Running, error) {
	t.Helper()
	rt, err := bus.New(exception.Name, h.kopts(), h.codec, idempotency.New(h.rdb), bus.TransactionalID(cfg.TransactionalID+"-runtime"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return exception.Setup(ctx, cfg, &service.Deps{Log: testLogger(t), Redis: h.rdb, Serde: h.codec, Kafka: h.kopts()}, rt)
}

// TestOperatorIdentityFromToken (issue 15, finding 4, the exception
// agent's half): the actor of a replay or discard is the token's
// principal; naming another is refused; every action is an audit event
// naming the principal, its role and where the call came from.
func TestOperatorIdentityFromToken(t *testing.T) {
	h := newHarness(t)
	cfg := testConfig()
	cfg.Tokens = janeToken + "=operator:jane," + bobToken + "=operator:bob"
	a := startAgent(t, h, cfg)
	wf := parkOne(t, h, "dl-who", 72)
	json := bearerHeader(bobToken, "application/json")
	if code := apiWith(t, a, json, http.MethodPost, "/v1/parked/dl-who/discard", `{"reason":"junk","actor":"jane.doe@compliance"}`, nil); code != http.StatusForbidden {
		t.Fatalf("discard by bob as jane.doe@compliance = %d, want 403", code)
	}
	if code := apiWith(t, a, json, http.MethodPost, "/v1/parked/dl-who/discard", `{"reason":"junk"}`, nil); code != http.StatusOK {
		t.Fatalf("discard by bob = %d, want 200", code)
	}
	cs := h.controls(t, wf, 2, 30*time.Second)
	if len(cs) != 2 || cs[1].Kind != "discarded" || cs[1].Actor == nil || *cs[1].Actor != "bob" {
		t.Fatalf("control events: %+v, want discarded by bob", cs)
	}
	recs := h.kafka.ReadCommitted(t, events.TopicAudit, 1, 30*time.Second)
	if len(recs) != 1 {
		t.Fatalf("%d audit records, want 1", len(recs))
	}
	e, err := h.codec.Decode(recs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	ev := e.(*events.AuditEvent)
	if ev.Action != "parked.discard" || ev.Principal != "bob" || ev.Role != "operator" || ev.AuthenticatedBy != "token" ||
		ev.Target != "dl-who" || ev.Meta.WorkflowID != wf || ev.Reason != "junk" || ev.RemoteAddr == "" || string(recs[0].Key) != wf {
		t.Errorf("audit event %+v (key %s)", ev, recs[0].Key)
	}
}

// TestDeadlineReviewReadsTrackerWithCredentials (issue 15, finding 5): a
// tracker that requires a token and mutual TLS is read by the agent with
// its own token file and client certificate (pkg/trackerclient), so a
// deadline breach gets the workflow's state instead of ending on the
// agent's DLQ.
func TestDeadlineReviewReadsTrackerWithCredentials(t *testing.T) {
	pki := dockettest.NewPKI(t)
	certFile, keyFile := pki.Server("tracker")
	tokens := dockettest.SecretFile(t, "tokens.json", `{"principals": [{"name": "exception", "role": "service", "tokens": ["exception-service-token-0123"]}]}`)
	set, err := auth.Load(auth.Settings{File: tokens})
	if err != nil {
		t.Fatal(err)
	}
	tc, err := tlsconf.Server{CertFile: certFile, KeyFile: keyFile, ClientCAFile: pki.CAFile}.Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer(grpc.Creds(credentials.NewTLS(tc)), grpc.ChainUnaryInterceptor(set.UnaryInterceptor()))
	trackerv1.RegisterTrackerServer(srv, fakeTracker{})
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(srv.Stop)

	h := newHarness(t)
	cfg := testConfig()
	cfg.Tracker.Addr = ln.Addr().String()
	cfg.Tracker.TokenFile = dockettest.SecretFile(t, "token", "exception-service-token-0123\n")
	cfg.Tracker.CAFile = pki.CAFile
	cfg.Tracker.CertFile, cfg.Tracker.KeyFile = pki.Client("exception")
	startAgent(t, h, cfg)
	dockettest.Produce(t, h.client, h.codec, events.TopicControl, deadlineEvent("ctl-auth", "wf-tracked"))
	rs := h.reviews(t, "wf-tracked", 1, 30*time.Second)
	if len(rs) != 1 {
		t.Fatalf("%d review requests, want 1", len(rs))
	}
	wantEqual(t, "state source", rs[0].Context["state_source"], "tracker")
	if own := h.kafka.ReadCommitted(t, events.DLQTopic(exception.Name), 1, time.Second); len(own) != 0 {
		t.Errorf("%d dead letters on the agent's own DLQ, want 0", len(own))
	}
}
